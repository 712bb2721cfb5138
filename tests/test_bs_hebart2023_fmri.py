"""Brain-Score's `Hebart2023_fmri.*` (8 ids) by their names: built from the catalog entries `Hebart2023_fmri_train` /
`Hebart2023_fmri_test` and their stimulus sets served by the SeaweedFS test server (synthetic packages written by
Brain-Score's own code: tests/brainio/make_hebart2023_fmri.py), scored with the fixture's precomputed features, and
compared with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/hebart2023_fmri_brainscore_side.py;
both sides' numbers in tests/brainio/crosschecks/hebart2023_fmri.json)."""
from pathlib import Path

import pytest

from brainio_catalog import check_offline, crosscheck, check_subject_score, fixture_features, remove_uploads, serve_train_test

FIXTURES = Path(__file__).parent / 'brainio' / 'hebart2023_fmri'
CROSSCHECK = crosscheck('hebart2023_fmri')
IDS = [f'Hebart2023_fmri.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V2', 'V4', 'IT')]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def hebart_catalog(s3_env, tmp_path, monkeypatch):
    return serve_train_test(FIXTURES, 'Hebart2023_fmri', s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture
def features():
    return fixture_features(FIXTURES, visual_degrees=10)


def test_hebart2023_fmri_from_the_catalog(hebart_catalog, features):
    "All eight ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.time_bins, benchmark.parent, benchmark.alpha_coord) == (
            identifier, 3, 10, 1, region, [(70, 170)], region, 'subject')
        # 3 reliable voxels (nc_testset > 30) per subject; the test target averaged over 12 repetitions
        assert dict(benchmark.train_assembly.sizes) == {'presentation': 48, 'neuroid': 9}
        assert dict(benchmark.assembly.sizes) == {'presentation': 12, 'neuroid': 9}
        assert (benchmark.assembly['nc_testset'].values > 30).all()
        score = benchmark(features)
        check_subject_score(score, CROSSCHECK[identifier], identifier)


def test_hebart2023_fmri_ridgecv_chooses_a_penalty_per_subject(hebart_catalog, features):
    "ridgecv fits each subject with its own penalty from Brain-Score's ALPHA_LIST"
    import brainscore_nb as bn
    from brainscore_nb.metrics.regression import ALPHA_LIST
    from brainscore_nb.benchmarks.base import place_record_look
    benchmark = bn.load_benchmark('Hebart2023_fmri.IT-ridgecv')
    assert benchmark.metric.keywords['alphas'] is ALPHA_LIST
    train, test = benchmark.train_assembly, benchmark.assembly
    seen = [place_record_look(benchmark, features, a) for a in (train, test)]
    alphas = {s: float(benchmark.metric(*seen, train.isel(neuroid=train.subject.values == s),
                                        test.isel(neuroid=test.subject.values == s)).attrs['alpha'][0])
              for s in ('01', '02', '03')}
    assert set(alphas.values()) <= set(ALPHA_LIST.tolist()) and len(set(alphas.values())) > 1


def test_hebart2023_fmri_with_the_real_catalog_and_no_network(monkeypatch):
    check_offline(IDS, monkeypatch, 'Hebart2023_fmri/assy_THINGS_fMRI_train_Assembly.nc')
