"""Brain-Score's `Baker2022{frankenstein,fragmented,inverted}-accuracy_delta` by their names: built from the catalog
entries `Baker2022_{normal,inverted}_distortion` served by the SeaweedFS test server (synthetic packages written by
Brain-Score's own code: tests/brainio/make_baker2022.py), scored with the fixture's precomputed labels, and compared
with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/baker2022_brainscore_side.py; its numbers are
in tests/brainio/crosschecks/baker2022.json)."""
import json
from pathlib import Path

import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'baker2022'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'baker2022.json').read_text())
DATASET = {'Baker2022frankenstein-accuracy_delta': 'normal', 'Baker2022fragmented-accuracy_delta': 'normal',
           'Baker2022inverted-accuracy_delta': 'inverted'}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def baker_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixture packages under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for d in ('normal', 'inverted'):
        key = f'Baker2022_{d}_distortion'
        rows += [stimulus_row(key, FIXTURES / f'stimulus_{key}.csv', FIXTURES / f'stimulus_{key}.zip', versions),
                 assembly_row(key, FIXTURES / f'assy_{key}.nc', versions, stimulus_set=key, cls='BehavioralAssembly')]
    return use_catalog(rows, tmp_path / 'baker_catalog.tsv', monkeypatch)


def model(dataset):
    "The fixture's labels (Brain-Score's choice x presentation, one choice) at 8 degrees, as Brain-Score's test shows them"
    labels = read_brainio_assembly(FIXTURES / f'assy_fixture_Baker2022_{dataset}_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(labels.squeeze('choice', drop=True), f'fixture-{dataset}', visual_degrees=8)


def test_the_three_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Baker2022')} == set(DATASET) == set(CROSSCHECK)
    assert {'baker_accuracy_delta'} <= set(bn.metric_registry)


@pytest.mark.parametrize('identifier', list(DATASET))
def test_baker2022_from_the_catalog(baker_catalog, identifier):
    "bn.load_benchmark by Brain-Score's name from the catalog served by S3, scored: Brain-Score's numbers"
    b = bn.load_benchmark(identifier)
    assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == (identifier, 1, 'Baker2022', 8.8, 1)
    orientation = 'inverted' if 'inverted' in identifier else 'normal'
    assert set(b.assembly.orientation.values) == {orientation} and set(b.stimuli.orientation) == {orientation}
    assert b.assembly.sizes['presentation'] == (8 * 81 if orientation == 'normal' else 8 * 36) and len(b.stimuli) == (81 if orientation == 'normal' else 36)
    assert b.fitting_stimuli == ['bear', 'bunny', 'cat', 'elephant', 'frog', 'lizard', 'tiger', 'turtle', 'wolf']
    s = b(model(DATASET[identifier]))
    theirs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
    got = dict(raw=s.attrs['raw'].center, ceiling=s.attrs['ceiling'].center, score=s.center)
    assert got == pytest.approx(theirs, abs=1e-9)  # Brain-Score 2.4.2 on the same files
    assert got == pytest.approx({k: ours[k] for k in got}, abs=1e-8)  # ours, pinned (to 8 digits)
    assert s.ci == pytest.approx(tuple(ours['ci']), abs=1e-6) and 'ci_reason' not in s.attrs
    assert s.attrs['ceiling'].attrs['splits'].size == 100 and s.attrs['raw'].attrs['splits'].size == 100
    assert s.attrs['benchmark'] == identifier and len(s.attrs['data_sha1']) == 40


def test_baker2022_refuses_a_model_without_some_animal(baker_catalog):
    "A model whose stored answers miss some images is a clear error, not a score from fewer images"
    labels = model('normal')._choices
    partial = PrecomputedBehavior(labels.isel(presentation=slice(0, 40)), 'partial', visual_degrees=8.8)
    with pytest.raises(KeyError, match='no features for 41 of the 81 stimuli'):
        bn.load_benchmark('Baker2022frankenstein-accuracy_delta')(partial)


@pytest.mark.parametrize('identifier, dataset', [('Baker2022frankenstein-accuracy_delta', 'normal'),
                                                 ('Baker2022inverted-accuracy_delta', 'inverted')])
def test_real_catalog_and_no_network(identifier, dataset, monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           f'(assy|stimulus)_Baker2022_{dataset}_distortion'):
        bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
