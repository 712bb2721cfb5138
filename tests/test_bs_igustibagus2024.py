"""Brain-Score's `Igustibagus2024-ridge` by its name: built from the catalog entry `Igustibagus2024` and its stimulus set
served by the SeaweedFS test server (a synthetic package with the real layout: two monkeys' trials stacked, each NaN
for the other's neuroids, written by Brain-Score's own code: tests/brainio/make_igustibagus2024.py), scored with the
fixture's precomputed features, and compared with Brain-Score 2.4.2's own benchmark on the same files
(tests/brainio/igustibagus2024_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/igustibagus2024.json).
`Igustibagus2024.IT_readout-accuracy` (the decoding analysis of the model alone) is scored over the first 50 of its
1,000 seeded splits against Brain-Score's analysis over the same 50 draws (the full 1,000: equal too, in the record)."""
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint, crosscheck, fixture_features, remove_uploads
from crosscheck_fixtures import serve_package

FIXTURES = Path(__file__).parent / 'brainio' / 'igustibagus2024'
CROSSCHECK = crosscheck('igustibagus2024')


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def igustibagus_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture package under the real keys"
    return serve_package('igustibagus2024', 'Igustibagus2024', s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture
def features():
    return fixture_features(FIXTURES, visual_degrees=8)


def test_igustibagus2024_ridge_from_the_catalog(igustibagus_catalog, features):
    "By Brain-Score's name from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    from brainscore_nb.benchmarks.base import place_record_look
    from brainscore_nb.metrics.regression import ridge_cv
    benchmark = bn.load_benchmark('Igustibagus2024-ridge')
    bs, ours = CROSSCHECK['Igustibagus2024-ridge']['brainscore'], CROSSCHECK['Igustibagus2024-ridge']['ours']
    assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
            benchmark.region, benchmark.time_bins, benchmark.parent) == (
        'Igustibagus2024-ridge', bs['version'], bs['visual_degrees'], bs['number_of_trials'], 'IT', [(70, 170)], 'IT')
    # each monkey's noise neuroid fails the 0.7 consistency filter; skeletons and unstyled images are dropped
    assert dict(benchmark.assembly.sizes) == {'presentation': bs['n_images'], 'neuroid': bs['n_neuroids']}
    assert list(benchmark.assembly.neuroid_id.values) == bs['neuroids']
    assert not np.isnan(benchmark.assembly.values).any()
    score = benchmark(features)
    ceiling = score.attrs['ceiling']
    # the package is float32 (Brain-Score computes in it): within 1e-6
    for key in ('raw', 'ceiling'): assert score.attrs[key].center == pytest.approx(bs[key], abs=1e-6)
    assert score.center == pytest.approx(bs['score'], abs=1e-6)
    assert ceiling.attrs['split_values'].values == pytest.approx(bs['ceiling_split_medians'], abs=1e-6)
    # the split-halves holding only repetition 2 have no Pico trial: its 3 neuroids undefined there
    assert int(np.isnan(ceiling.attrs['raw'].values).sum()) == bs['ceiling_raw_nan'] == 9
    for key in ('raw', 'ceiling'): assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-9)
    assert score.center == pytest.approx(ours['score'], abs=1e-9)
    assert (score.attrs['ci_low'], score.attrs['ci_high']) == pytest.approx(tuple(ours['ci']), abs=1e-9)
    assert score.attrs['benchmark'] == 'Igustibagus2024-ridge' and len(score.attrs['data_sha1']) == 40
    # the background filter matters here: plain ridge on the same folds' complements scores differently
    source = place_record_look(benchmark, features, benchmark.assembly)
    plain = ridge_cv(source, benchmark.assembly, stratification_coord='object_label')
    assert abs(plain.center - bs['raw']) > 1e-3


def test_igustibagus2024_readout_from_the_catalog(igustibagus_catalog, features):
    "By Brain-Score's name, its stimulus set from the catalog; the first 50 splits equal Brain-Score's to 1e-12"
    import brainscore_nb as bn
    bs = CROSSCHECK['Igustibagus2024.IT_readout-accuracy']['brainscore']
    benchmark = bn.load_benchmark('Igustibagus2024.IT_readout-accuracy')
    assert (benchmark.version, benchmark.parent, benchmark.visual_degrees, benchmark.number_of_trials,
            benchmark.splits, benchmark.seed) == (bs['version'], bs['parent'], 8, 1, bs['splits'], bs['seed'])
    assert benchmark.ceiling.center == bs['ceiling'] == 1
    benchmark.splits = 50  # the first 50 of the same draws
    score = benchmark(features)
    first = bs['first_50_splits']
    assert score.center == pytest.approx(first['score'], abs=1e-12)
    assert score.attrs['raw'].attrs['error'] == pytest.approx(first['error'], abs=1e-12)
    domains = score.attrs['raw'].attrs['domain_values']
    assert {str(d): float(v) for d, v in zip(domains.domain.values, domains.values)} == pytest.approx(
        first['domains'], abs=1e-12)
    assert score.attrs['benchmark'] == 'Igustibagus2024.IT_readout-accuracy'


@pytest.mark.slow
def test_igustibagus2024_readout_all_1000_splits(igustibagus_catalog, features):
    """All 1,000 splits computed here (about 30 s; `pytest -m slow`), equal to Brain-Score's over its 1,000 draws
    (tests/brainio/run_brainscore_side.py igustibagus2024 reruns its side and rewrites the record)"""
    import brainscore_nb as bn
    record = CROSSCHECK['Igustibagus2024.IT_readout-accuracy']
    bs, ours = record['brainscore'], record['ours']
    score = bn.load_benchmark('Igustibagus2024.IT_readout-accuracy')(features)
    raw = score.attrs['raw']
    domains = raw.attrs['domain_values']
    got = {str(d): float(v) for d, v in zip(domains.domain.values, domains.values)}
    assert (score.center, raw.attrs['error']) == pytest.approx((bs['score'], bs['error']), abs=1e-12)
    assert got == pytest.approx(bs['domains'], abs=1e-12) and got == pytest.approx(ours['domains'], abs=1e-12)
    assert score.center == pytest.approx(ours['score'], abs=1e-12)


def test_igustibagus2024_with_the_real_catalog_and_no_network(monkeypatch, tmp_path):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path))
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_Igustibagus2024\.nc|stimulus_Igustibagus2024\.csv)'):
        bn.load_benchmark('Igustibagus2024-ridge').ceiling  # built, its data read, when first used
