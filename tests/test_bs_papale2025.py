"""Brain-Score's `Papale2025.<V1|V4|IT>-<ridge|ridgecv>` (6 ids) by their names: built from the catalog entries
`Papale2025_train` / `Papale2025_test` and their stimulus sets served by the SeaweedFS test server (synthetic
packages written by Brain-Score's own code: tests/brainio/make_papale2025.py), scored with the fixture's precomputed
features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/papale2025_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/papale2025.json)."""
from pathlib import Path

import pytest

from brainio_catalog import check_offline, crosscheck, check_subject_score, fixture_features, remove_uploads, serve_train_test

FIXTURES = Path(__file__).parent / 'brainio' / 'papale2025'
CROSSCHECK = crosscheck('papale2025')
IDS = [f'Papale2025.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V4', 'IT')]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def papale_catalog(s3_env, tmp_path, monkeypatch):
    return serve_train_test(FIXTURES, 'Papale2025', s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture
def features():
    return fixture_features(FIXTURES, visual_degrees=18)


def test_papale2025_from_the_catalog(papale_catalog, features):
    "All six ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        bs = CROSSCHECK[identifier]['brainscore']
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
        check_subject_score(score, CROSSCHECK[identifier], identifier)


def test_papale2025_with_the_real_catalog_and_no_network(monkeypatch):
    check_offline(IDS, monkeypatch, 'Papale2025/assy_THINGS_TVSD_train_Assembly.nc')
