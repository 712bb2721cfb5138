"""Benchmarks build without their data, as Brain-Score's do: asked for by identifier, every registered benchmark
gives its identifier (and the version, parent and bibtex Brain-Score records for it) with nothing fetched or read;
its data is read when it is first scored or its ceiling asked, and the score is the one pinned in test_benchmarks."""
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pytest import approx

import brainscore_nb.data.fetch as fetch
from brainscore_nb.benchmarks.base import LazyBenchmark, benchmark_registry, recorded_metadata
from brainscore_nb.data.assemblies import load_assembly
from brainscore_nb.models.interface import PrecomputedFeatures
from brainscore_nb.registry import list_benchmarks, load_benchmark

HERE = Path(__file__).parent
PACKAGE = HERE.parent / 'brainscore_nb'


@pytest.fixture
def offline(tmp_path, monkeypatch):
    "No store, no mirror, no network: any data read or fetch raises (and is counted)"
    tried = []
    def refuse(*args, **kwargs):
        tried.append(args)
        raise OSError('offline: this test reads no data')
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path / 'empty-home'))
    monkeypatch.setenv('BRAINSCORE_NB_MIRROR', str(tmp_path / 'empty-mirror'))
    monkeypatch.setattr(fetch, '_download', refuse)
    monkeypatch.setattr('urllib.request.urlopen', refuse)
    return tried


def test_every_benchmark_builds_without_its_data(offline):
    ids = list_benchmarks()
    assert len(ids) >= 289
    built = [load_benchmark(i) for i in ids] + [benchmark_registry[i]() for i in ids]
    assert offline == [] and all(isinstance(b, LazyBenchmark) for b in built)  # nothing built, nothing fetched
    assert [b.identifier for b in built] == ids + ids
    recorded = recorded_metadata()
    for b in built:
        if b.identifier not in recorded: continue
        assert (b.version, b.parent, b.bibtex) == tuple(recorded[b.identifier][k] for k in ('version', 'parent', 'bibtex'))
        assert {k: getattr(b, k) for k in recorded[b.identifier]} == recorded[b.identifier]  # region, visual_degrees...
        if 'visual_degrees' in recorded[b.identifier]: assert b._visual_degrees == b.visual_degrees  # Brain-Score's name
    assert offline == [] and all(type(b) is LazyBenchmark for b in built)  # reading them built nothing either


def test_first_use_fetches_and_says_why_it_failed(offline):
    lazy = load_benchmark('Allen2022_fmri.IT-ridge')
    assert (lazy.identifier, lazy.version, lazy.parent) == ('Allen2022_fmri.IT-ridge', 1, 'IT')
    assert lazy.bibtex.startswith('@article{allen_massive_2022')
    with pytest.raises(Exception) as e: lazy.ceiling  # noqa: B018  (asking for the ceiling reads the data)
    assert 'cannot reach' in str(e.value) and 'Allen2022_fMRI_train' in str(e.value)  # what it tried to fetch
    assert type(lazy) is LazyBenchmark and lazy.identifier == 'Allen2022_fmri.IT-ridge'  # still unbuilt: try again later


def test_brainscores_own_registry_test_reads_region_and_visual_degrees_offline(offline):
    "Brain-Score's allen2022_fmri(_surface)/test.py reads `region` and `_visual_degrees` of the -rdm ids offline"
    for prefix in ('Allen2022_fmri', 'Allen2022_fmri_4subj', 'Allen2022_fmri_surface', 'Allen2022_fmri_surface_4subj'):
        for region in ('V1', 'V2', 'V4', 'IT'):
            b = load_benchmark(f'{prefix}.{region}-rdm')
            assert (b.identifier, b.region, b._visual_degrees, b.number_of_trials) == (f'{prefix}.{region}-rdm', region, 8.4, 1)
            assert type(b) is LazyBenchmark
    # Brain-Score's -ridge benchmarks read their data to know their region: it fails offline there too
    counts = Counter(tuple(sorted(set(m) - {'version', 'parent', 'bibtex'})) for m in recorded_metadata().values())
    assert counts == {(): 187, ('number_of_trials', 'region', 'visual_degrees'): 16, ('number_of_trials', 'visual_degrees'): 59,
                      ('visual_degrees',): 4, ('number_of_trials',): 1}
    assert offline == []


def test_the_recorded_facts_are_the_built_benchmarks(tmp_path):
    "Built from Brain-Score-written fixture packages, an Allen2022 -rdm benchmark says what the record said unbuilt"
    from brainscore_nb.benchmarks.allen2022_fmri import REGIONS, allen2022_fmri_rsa
    from brainscore_nb.data.brainio import read_brainio_assembly, read_brainio_stimulus_set
    fixtures = HERE / 'brainio' / 'allen2022_fmri'
    def fixture_load(name):
        prefix, split = name.rsplit('_', 1)
        stem = f'fixture_Allen2022_fmri_{split}'
        for ext in ('csv', 'zip'): shutil.copy(fixtures / f'stimulus_{stem}.{ext}', tmp_path)  # unzipped beside
        stimuli = read_brainio_stimulus_set(tmp_path / f'stimulus_{stem}.csv', tmp_path / f'stimulus_{stem}.zip',
                                            f'{prefix}_stim_{split}')
        return read_brainio_assembly(fixtures / f"assy_fixture_{prefix.replace('_4subj', '')}_{split}.nc",
                                     'NeuroidAssembly', stimuli)
    for region in REGIONS:
        identifier = f'Allen2022_fmri.{region}-rdm'
        lazy = LazyBenchmark(identifier, lambda r=region: allen2022_fmri_rsa(r, load=fixture_load))
        unbuilt = {k: getattr(lazy, k) for k in ('region', 'visual_degrees', '_visual_degrees', 'number_of_trials')}
        assert type(lazy) is LazyBenchmark and unbuilt == dict(region=region, visual_degrees=8.4, _visual_degrees=8.4,
                                                                number_of_trials=1)
        lazy.ceiling  # noqa: B018  (builds it from the fixtures)
        assert type(lazy) is not LazyBenchmark
        assert {k: getattr(lazy, k) for k in unbuilt} == unbuilt


def test_the_record_covers_brainscores_benchmarks():
    "Brain-Score's version, parent and bibtex for 267 of its 289 ids (the rest its factories build only with data)"
    recorded = recorded_metadata()
    assert len(recorded) == 267
    ids = {line.split('\t')[0] for line in (PACKAGE / 'benchmarks' / 'brainscore_benchmarks.tsv').read_text().splitlines()[1:]}
    assert len(ids) == 289
    assert set(recorded) <= ids
    parents = dict(line.split('\t') for line in (PACKAGE / 'brainscore_parents.tsv').read_text().splitlines()[1:])
    ours = {'ImageNet-top1', *(f'ImageNet-C-{c}-top1' for c in ('noise', 'blur', 'weather', 'digital'))}  # 'engineering' here
    assert {i: m['parent'] or '' for i, m in recorded.items() if i not in ours} == {i: parents[i] for i in recorded if i not in ours}
    assert {recorded[i]['parent'] for i in ours} == {'engineering'}
    assert all(isinstance(m['version'], int) and m['version'] >= 1 for m in recorded.values())
    assert json.loads((PACKAGE / 'benchmarks' / 'brainscore_metadata.json').read_text()) == recorded


def test_scored_on_first_use_gives_the_pinned_score():
    "Kriegeskorte2008.hIT-rdm from the mirror: the score tests/test_benchmarks.py pins"
    lazy = load_benchmark('Kriegeskorte2008.hIT-rdm')
    assert type(lazy) is LazyBenchmark
    features = load_assembly(HERE / 'precomputed' / 'efficientnet-lite0_Kriegeskorte2008.hIT-rdm.nc')
    score = lazy(PrecomputedFeatures(features, 'efficientnet-lite0-stored'))
    assert score.center == approx(0.648526, abs=1e-3) and score.attrs['raw'].center == approx(0.245508, abs=1e-3)
    assert type(lazy) is not LazyBenchmark and lazy.ceiling.center == approx(0.378564, abs=1e-5)  # it became the benchmark
    assert (lazy.identifier, lazy.version) == ('Kriegeskorte2008.hIT-rdm', 1)
