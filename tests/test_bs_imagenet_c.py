"""Brain-Score's `ImageNet-C-{noise,blur,weather,digital}-top1` by their names: `imagenet_c.noise` built from a
synthetic package written by Brain-Score's own code (tests/brainio/make_imagenet_c.py) served by the SeaweedFS test
server as the catalog entry, scored with stored answers, and compared with Brain-Score 2.4.2's own `Imagenet_C_Noise`
on the same files, both through its local copy (every 10th row, as on its machines) and through its catalog fallback
(all rows) (tests/brainio/imagenet_c_brainscore_side.py; numbers in tests/brainio/crosschecks/imagenet_c.json)."""
import json
from pathlib import Path

import pandas as pd
import pytest

import brainscore_nb as bn
from brainscore_nb.data.assemblies import BehavioralAssembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'imagenet_c'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'imagenet_c.json').read_text())
CATEGORIES = ('noise', 'blur', 'weather', 'digital')


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    csv, zip_ = FIXTURES / 'stimulus_imagenet_c_noise.csv', FIXTURES / 'stimulus_imagenet_c_noise.zip'
    return use_catalog([stimulus_row('imagenet_c.noise', csv, zip_, upload(s3_env.endpoint, csv, zip_))],
                       tmp_path / 'catalog.tsv', monkeypatch)


def model():
    a = pd.read_csv(FIXTURES / 'answers.csv')
    return PrecomputedBehavior(BehavioralAssembly(a['label'].to_numpy(dtype=str), dims=['presentation'], coords={
        'stimulus_id': ('presentation', a['stimulus_id'].to_numpy(dtype=str))}), 'stored-answers')


def test_the_four_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('ImageNet-C-')} == {f'ImageNet-C-{c}-top1' for c in CATEGORIES}


def test_imagenet_c_noise_from_the_catalog(catalog):
    from brainscore_nb.benchmarks.imagenet_c import imagenet_c_top1
    b = bn.load_benchmark('ImageNet-C-noise-top1')
    assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == ('ImageNet-C-noise-top1', 2, 'engineering', None, 10)
    assert len(b.stimuli) == 30  # every 10th of 300, as on Brain-Score's machines
    ours, theirs = CROSSCHECK['ImageNet-C-noise-top1']['ours'], CROSSCHECK['ImageNet-C-noise-top1']['brainscore']
    s = b(model())
    assert (s.center, s.attrs['error']) == pytest.approx((theirs['score'], theirs['error']), abs=1e-12)  # its local copy, [::10]
    assert s.center == pytest.approx(ours['score'], abs=1e-12) and s.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
    whole = imagenet_c_top1('noise', sampling_factor=1)(model())  # the plugin's fallback: all rows of the catalog's set
    assert (whole.center, whole.attrs['error']) == pytest.approx((theirs['all_rows']['score'], theirs['all_rows']['error']), abs=1e-12)


@pytest.mark.parametrize('category', CATEGORIES)
def test_imagenet_c_with_the_real_catalog_and_no_network(category, monkeypatch):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           rf'stimulus_imagenet_c_{category}\.(csv|zip)'):
        bn.load_benchmark(f'ImageNet-C-{category}-top1')
