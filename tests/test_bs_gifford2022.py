"""Brain-Score's `Gifford2022.IT-ridge` and `Gifford2022.IT-ridgecv` by their names: built from the catalog entries
`Gifford2022_train` / `Gifford2022_test` and their stimulus sets served by the SeaweedFS test server (synthetic
packages written by Brain-Score's own code: tests/brainio/make_gifford2022.py), scored with the fixture's precomputed
features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/gifford2022_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/gifford2022.json)."""
from pathlib import Path

import numpy as np
import pytest

from brainio_catalog import check_offline, crosscheck, check_subject_score, fixture_features, remove_uploads, serve_train_test

FIXTURES = Path(__file__).parent / 'brainio' / 'gifford2022'
CROSSCHECK = crosscheck('gifford2022')
IDS = ['Gifford2022.IT-ridge', 'Gifford2022.IT-ridgecv']


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def gifford_catalog(s3_env, tmp_path, monkeypatch):
    return serve_train_test(FIXTURES, 'Gifford2022', s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture
def features():
    return fixture_features(FIXTURES, visual_degrees=7)


def test_gifford2022_from_the_catalog(gifford_catalog, features):
    "Both ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        benchmark = bn.load_benchmark(identifier)
        bs = CROSSCHECK[identifier]['brainscore']
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
        check_subject_score(score, CROSSCHECK[identifier], identifier)


def test_gifford2022_with_the_real_catalog_and_no_network(monkeypatch):
    check_offline(IDS, monkeypatch, 'Gifford2022/assy_THINGS_EEG2_train_Assembly.nc')
