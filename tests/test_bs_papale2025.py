"""Brain-Score's `Papale2025.<V1|V4|IT>-<ridge|ridgecv>` (6 ids) by their names: built from the catalog entries
`Papale2025_train` / `Papale2025_test` and their stimulus sets served by the SeaweedFS test server (synthetic
packages written by Brain-Score's own code: tests/brainio/make_papale2025.py), scored with the fixture's precomputed
features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/papale2025_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/papale2025.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'papale2025'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'papale2025.json').read_text())
IDS = [f'Papale2025.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V4', 'IT')]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def papale_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture packages under the real keys; assemblies name their stimulus sets by identifier"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for split in ('train', 'test'):
        st, a = PACKAGES[f'{split}_stimuli'], PACKAGES[f'{split}_assembly']
        rows += [stimulus_row(f'Papale2025_stim_{split}', FIXTURES / st['csv_path'], FIXTURES / st['zip_path'],
                              versions, identifier=st['identifier']),
                 assembly_row(f'Papale2025_{split}', FIXTURES / a['path'], versions,
                              stimulus_set=st['identifier'], cls='NeuroidAssembly', identifier=a['identifier'],
                              sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / 'papale_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=18)


def test_papale2025_from_the_catalog(papale_catalog, features):
    "All six ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.time_bins, benchmark.parent, benchmark.alpha_coord) == (
            identifier, 3, 18, 1, region, [(70, 170)], region, 'subject')
        if identifier.endswith('ridgecv'):  # each monkey's penalty from Brain-Score's ALPHA_LIST
            from brainscore_nb.metrics.regression import ALPHA_LIST
            assert benchmark.metric.keywords['alphas'] is ALPHA_LIST
        # 3 reliable electrodes (reliability > 0.3) per monkey; the test target averaged over 10 repetitions
        assert dict(benchmark.train_assembly.sizes) == {'presentation': 48, 'neuroid': bs['n_neuroids']}
        assert dict(benchmark.assembly.sizes) == {'presentation': 12, 'neuroid': 6}
        assert (benchmark.assembly['reliability'].values > 0.3).all()
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


def test_papale2025_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in IDS:
        with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/'
                                               'benchmarks/'
                                               r'Papale2025/assy_THINGS_TVSD_train_Assembly\.nc'):
            bn.load_benchmark(identifier)
