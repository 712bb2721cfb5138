"""Brain-Score's `Islam2021-{shape,texture}_{v1,v2,v4,it}_dimensionality` by their names: built from the catalog entry
`Islam2021` (a stimulus set) served by the SeaweedFS test server (a synthetic package written by Brain-Score's own code:
tests/brainio/make_islam2021.py), scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's
own benchmarks on the same files (tests/brainio/islam2021_brainscore_side.py; its numbers and the sha1 of the pairs
it drew are in tests/brainio/crosschecks/islam2021.json)."""
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedFeatures
from brainio_catalog import closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'islam2021'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'islam2021.json').read_text())
IDENTIFIERS = [f'Islam2021-{f}_{r}_dimensionality' for r in ('v1', 'v2', 'v4', 'it') for f in ('shape', 'texture')]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    csv, zip_ = FIXTURES / 'stimulus_Islam2021.csv', FIXTURES / 'stimulus_Islam2021.zip'
    return use_catalog([stimulus_row('Islam2021', csv, zip_, upload(s3_env.endpoint, csv, zip_))],
                       tmp_path / 'catalog.tsv', monkeypatch)


def test_the_eight_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Islam2021')} == set(IDENTIFIERS) == set(CROSSCHECK)
    assert 'factor_dimensionality' in bn.metric_registry


def test_islam2021_from_the_catalog(catalog):
    "By Brain-Score's names from the catalog entry served by S3, the fixture features scored: Brain-Score's numbers"
    features = PrecomputedFeatures(read_brainio_assembly(FIXTURES / 'assy_fixture_Islam2021_features.nc', 'NeuroidAssembly'),
                                   'fixture-features')
    for identifier in IDENTIFIERS:
        b = bn.load_benchmark(identifier)
        region = identifier.split('_')[1].upper()
        assert (b.identifier, b.version, b.parent, b.visual_degrees, b.region, b.time_bins) == (
            identifier, 1, 'Islam2021', None, region, [(70, 170)])
        ids = np.asarray(b.stimuli['stimulus_id'].values).astype(str)
        pairs = ' '.join(f'{f}:{ids[j]}' for f, j in zip(b.factors, b.second))
        assert hashlib.sha1(pairs.encode()).hexdigest() == CROSSCHECK[identifier]['pairs_sha1']  # Brain-Score's draws
        s = b(features)
        assert s.center == pytest.approx(CROSSCHECK[identifier]['brainscore']['score'], abs=1e-12)
        assert s.center == pytest.approx(CROSSCHECK[identifier]['ours']['score'], abs=1e-12)
        assert s.attrs['raw'].attrs['factor_scores'] == pytest.approx(CROSSCHECK[identifier]['ours']['factor_scores'], abs=1e-9)
        assert s.attrs['unceiled'] and 'ci_reason' in s.attrs


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'stimulus_Islam2021\.(csv|zip)'):
        bn.load_benchmark('Islam2021-shape_it_dimensionality').ceiling  # built, its data read, when first used
