"""Brain-Score's `ObjectNet-top1` by its name: built from the catalog entry `BarbuMayo2019` (a stimulus set) served by
the SeaweedFS test server (a synthetic package written by Brain-Score's own code: tests/brainio/make_objectnet.py),
scored with the fixture's stored answers, and compared with Brain-Score 2.4.2's own `Objectnet` on the same files
(tests/brainio/objectnet_brainscore_side.py; its numbers are in tests/brainio/crosschecks/objectnet.json)."""
import json
from pathlib import Path

import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'objectnet'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'objectnet.json').read_text())


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    csv, zip_ = FIXTURES / 'stimulus_BarbuMayo2019.csv', FIXTURES / 'stimulus_BarbuMayo2019.zip'
    return use_catalog([stimulus_row('BarbuMayo2019', csv, zip_, upload(s3_env.endpoint, csv, zip_))],
                       tmp_path / 'catalog.tsv', monkeypatch)


def test_objectnet_from_the_catalog(catalog):
    b = bn.load_benchmark('ObjectNet-top1')
    assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == ('ObjectNet-top1', 1, 'engineering', None, 10)
    assert len(b.stimuli) == 36 and 'synset' not in b.stimuli.columns
    labels = read_brainio_assembly(FIXTURES / 'assy_fixture_BarbuMayo2019_model.nc', 'BehavioralAssembly')
    s = b(PrecomputedBehavior(labels.squeeze('choice', drop=True), 'fixture-model'))
    theirs, ours = CROSSCHECK['ObjectNet-top1']['brainscore'], CROSSCHECK['ObjectNet-top1']['ours']
    assert (s.center, s.attrs['error']) == pytest.approx((theirs['score'], theirs['error']), abs=1e-12)  # Brain-Score 2.4.2
    assert s.center == pytest.approx(ours['score'], abs=1e-12) and s.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
    assert s.attrs['unceiled']


def test_objectnet_with_the_real_catalog_and_no_network(monkeypatch):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'stimulus_BarbuMayo2019\.(csv|zip)'):
        bn.load_benchmark('ObjectNet-top1').ceiling  # built, its data read, when first used
