"""Brain-Score's `Cadena2017-pls` by its name: built from the catalog entry `Cadena2017` and its stimulus set served by
the SeaweedFS test server (a synthetic package with the real NaN structure written by Brain-Score's own code:
tests/brainio/make_cadena2017.py), scored with the fixture's precomputed features, and compared with Brain-Score
2.4.2's own benchmark on the same files (tests/brainio/cadena2017_brainscore_side.py; both sides' numbers in
tests/brainio/crosschecks/cadena2017.json). `Cadena2017-mask` likewise, with the features laid out as 3 channels x
4 x 4 positions, against Brain-Score run with TensorFlow (tests/brainio/cadena2017_mask_brainscore_side.py)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint, fixture_features, remove_uploads
from crosscheck_fixtures import serve_package

FIXTURES = Path(__file__).parent / 'brainio' / 'cadena2017'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'cadena2017.json').read_text())


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def cadena_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture package under the real keys"
    return serve_package('cadena2017', 'Cadena2017', s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture
def features():
    return fixture_features(FIXTURES, visual_degrees=2)


def test_cadena2017_pls_from_the_catalog(cadena_catalog, features):
    "By Brain-Score's name from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    benchmark = bn.load_benchmark('Cadena2017-pls')
    bs, ours = CROSSCHECK['Cadena2017-pls']['brainscore'], CROSSCHECK['Cadena2017-pls']['ours']
    assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
            benchmark.region, benchmark.time_bins, benchmark.parent) == (
        'Cadena2017-pls', 1, 2, 2, 'V1', [tuple(t) for t in bs['time_bins']], 'V1')
    # the 10 images four neurons never saw are dropped; the others averaged over their recorded repetitions
    assert dict(benchmark.assembly.sizes) == {'presentation': bs['n_images'], 'neuroid': bs['n_neuroids']}
    assert not np.isnan(benchmark.assembly.values).any()
    assert benchmark.assembly.stimulus_id.values[0] == 'cadena0010'
    score = benchmark(features)
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=1e-9)
    # Brain-Score's PLS (NIPALS) stops early: raw and score within 5e-4
    assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=5e-4)
    assert score.center == pytest.approx(bs['score'], abs=5e-4)
    for key in ('raw', 'ceiling'): assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-9)
    assert score.center == pytest.approx(ours['score'], abs=1e-9)
    assert score.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
    assert score.attrs['benchmark'] == 'Cadena2017-pls' and len(score.attrs['data_sha1']) == 40


def test_cadena2017_mask_from_the_catalog(cadena_catalog, features):
    "Cadena2017-mask by its name: the same fit as Brain-Score's TensorFlow one with the same NumPy seed"
    import brainscore_nb as bn
    from brainscore_nb.models.interface import PrecomputedFeatures
    rec = CROSSCHECK['Cadena2017-mask']
    bs, ours = rec['brainscore'], rec['ours']
    benchmark = bn.load_benchmark('Cadena2017-mask')
    assert (benchmark.identifier, benchmark.version, benchmark.region, benchmark.time_bins) == (
        'Cadena2017-mask', bs['version'], 'V1', [tuple(t) for t in bs['time_bins']])
    assert dict(benchmark.assembly.sizes) == {'presentation': bs['n_images'], 'neuroid': bs['n_neuroids']}
    with pytest.raises(ValueError, match='coords channel, channel_x, channel_y'): benchmark(features)
    c, x, y = np.unravel_index(np.arange(48), (3, 4, 4))
    grid = dict(channel=('neuroid', c), channel_x=('neuroid', x), channel_y=('neuroid', y))
    spatial = PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly')
                                  .assign_coords(**grid), 'spatial', visual_degrees=2)
    score = benchmark(spatial)
    # Brain-Score with np.random.seed(0): equal to float32 rounding, far inside its spread over seeds (0.093)
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=1e-9)
    assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=1e-5)
    assert score.center == pytest.approx(bs['score'], abs=1e-5)
    assert abs(score.attrs['raw'].center - bs['raw']) < bs['raw_std_over_seeds'] / 100
    for key in ('raw', 'ceiling'): assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-6)
    assert score.center == pytest.approx(ours['score'], abs=1e-6)
    assert score.attrs['benchmark'] == 'Cadena2017-mask'


def test_cadena2017_with_the_real_catalog_and_no_network(monkeypatch, tmp_path):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path))
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_tolias_Cadena2017\.nc|stimulus_Cadena2017\.csv)'):
        bn.load_benchmark('Cadena2017-pls').ceiling  # built, its data read, when first used
