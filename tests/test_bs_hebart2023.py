"""Brain-Score's `Hebart2023-match` by its name: built from the catalog entries `Hebart2023` (triplets and stimulus set)
served by the SeaweedFS test server (synthetic packages written by Brain-Score's own code:
tests/brainio/make_hebart2023.py), scored with stored features answering the odd-one-out task by dot-product similarity,
and compared with Brain-Score 2.4.2's own benchmark and its own `OddOneOut` model over the same features
(tests/brainio/hebart2023_brainscore_side.py; its numbers are in tests/brainio/crosschecks/hebart2023.json)."""
import json
from pathlib import Path

import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedOddOneOut
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'hebart2023'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'hebart2023.json').read_text())


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    csv, zip_, nc = FIXTURES / 'stimulus_Hebart2023.csv', FIXTURES / 'stimulus_Hebart2023.zip', FIXTURES / 'assy_Hebart2023.nc'
    v = upload(s3_env.endpoint, csv, zip_, nc)
    rows = [stimulus_row('Hebart2023', csv, zip_, v), assembly_row('Hebart2023', nc, v, stimulus_set='Hebart2023',
                                                                   cls='BehavioralAssembly')]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def test_hebart2023_from_the_catalog(catalog):
    b = bn.load_benchmark('Hebart2023-match')
    assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == ('Hebart2023-match', 1, 'behavior_vision', 8, 1)
    assert len(b.triplet_stimuli) == 3 * 300 and b.ceiling.center == 0.6767
    features = read_brainio_assembly(FIXTURES / 'assy_fixture_Hebart2023_features.nc', 'NeuroidAssembly')
    s = b(PrecomputedOddOneOut(features, 'fixture-features', visual_degrees=8))
    theirs, ours = CROSSCHECK['Hebart2023-match']['brainscore'], CROSSCHECK['Hebart2023-match']['ours']
    got = dict(raw=s.attrs['raw'].center, ceiling=s.attrs['ceiling'].center, score=s.center)
    assert got == pytest.approx(theirs, abs=1e-12)  # Brain-Score 2.4.2 with its own OddOneOut model
    assert got == pytest.approx({k: ours[k] for k in got}, abs=1e-12) and s.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)


def test_hebart2023_with_the_real_catalog_and_no_network(monkeypatch):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_Hebart2023\.(nc|csv|zip)'):
        bn.load_benchmark('Hebart2023-match').ceiling  # built, its data read, when first used
