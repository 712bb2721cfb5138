"""Brain-Score's `Gifford2022.IT-ridge` and `Gifford2022.IT-ridgecv` by their names: built from the catalog entries
`Gifford2022_train` / `Gifford2022_test` and their stimulus sets served by the SeaweedFS test server (synthetic
packages written by Brain-Score's own code: tests/brainio/make_gifford2022.py), scored with the fixture's precomputed
features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/gifford2022_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/gifford2022.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'gifford2022'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'gifford2022.json').read_text())
IDS = ['Gifford2022.IT-ridge', 'Gifford2022.IT-ridgecv']


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def gifford_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture packages under the real keys; assemblies name their stimulus sets by identifier"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for split in ('train', 'test'):
        st, a = PACKAGES[f'{split}_stimuli'], PACKAGES[f'{split}_assembly']
        rows += [stimulus_row(f'Gifford2022_stim_{split}', FIXTURES / st['csv_path'], FIXTURES / st['zip_path'],
                              versions, identifier=st['identifier']),
                 assembly_row(f'Gifford2022_{split}', FIXTURES / a['path'], versions,
                              stimulus_set=st['identifier'], cls='NeuroidAssembly', identifier=a['identifier'],
                              sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / 'gifford_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=7)


def test_gifford2022_from_the_catalog(gifford_catalog, features):
    "Both ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        benchmark = bn.load_benchmark(identifier)
        bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.time_bins, benchmark.parent, benchmark.alpha_coord) == (
            identifier, 3, 7, 1, 'IT', [(0, 600)], 'IT', 'subject')
        if identifier.endswith('ridgecv'):  # each subject's penalty from the plugin's REDUCED_ALPHA_LIST
            from brainscore_nb.benchmarks.gifford2022 import REDUCED_ALPHA_LIST
            assert benchmark.metric.keywords['alphas'] is REDUCED_ALPHA_LIST
            assert len(REDUCED_ALPHA_LIST) == 23
        # Brain-Score asks for the package's seconds; ours the same window in ms
        assert [tuple(1000 * np.asarray(t)) for t in bs['time_bins']] == benchmark.time_bins
        # 3 subjects x 2 channels x 60 time bins (0-590 ms) as neuroids; 16 training images' means, 8 test images'
        assert dict(benchmark.train_assembly.sizes) == {'presentation': 16, 'neuroid': bs['n_neuroids']}
        assert dict(benchmark.assembly.sizes) == {'presentation': 8, 'neuroid': 360}
        times = benchmark.assembly['recording_time'].values
        assert (times.min(), times.max(), len(np.unique(times))) == (0, 0.59, 60)
        score = benchmark(features)
        for key in ('raw', 'ceiling'):
            assert score.attrs[key].center == pytest.approx(bs[key], abs=1e-9)
            assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-12)
        assert score.center == pytest.approx(bs['score'], abs=1e-9)
        assert score.attrs['subject_scores'] == pytest.approx(bs['subject_scores'], abs=1e-9)
        assert score.attrs['subject_ceilings'] == pytest.approx(bs['subject_ceilings'], abs=1e-12)
        assert score.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
        assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
        assert score.attrs['benchmark'] == identifier and len(score.attrs['data_sha1']) == 40


def test_gifford2022_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in IDS:
        with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/'
                                               'benchmarks/'
                                               r'Gifford2022/assy_THINGS_EEG2_train_Assembly\.nc'):
            bn.load_benchmark(identifier)
