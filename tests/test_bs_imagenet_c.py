"""Brain-Score's `ImageNet-C-{noise,blur,weather,digital}-top1` by their names: `imagenet_c.<category>` built from
synthetic packages written by Brain-Score's own code (tests/brainio/make_imagenet_c.py) served by the SeaweedFS test
server as the catalog entry, scored with stored answers, and compared with Brain-Score 2.4.2's own `Imagenet_C_<Category>`
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
    rows = []
    for category in CATEGORIES:
        csv, zip_ = FIXTURES / f'stimulus_imagenet_c_{category}.csv', FIXTURES / f'stimulus_imagenet_c_{category}.zip'
        rows.append(stimulus_row(f'imagenet_c.{category}', csv, zip_, upload(s3_env.endpoint, csv, zip_)))
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def model(category='noise'):
    a = pd.read_csv(FIXTURES / ('answers.csv' if category == 'noise' else f'answers_{category}.csv'))
    return PrecomputedBehavior(BehavioralAssembly(a['label'].to_numpy(dtype=str), dims=['presentation'], coords={
        'stimulus_id': ('presentation', a['stimulus_id'].to_numpy(dtype=str))}), 'stored-answers')


def test_the_four_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('ImageNet-C-')} == {f'ImageNet-C-{c}-top1' for c in CATEGORIES}


def test_imagenet_c_from_the_catalog(catalog):
    "Every recorded category against Brain-Score's numbers on the same fixture (tests/brainio/crosschecks/imagenet_c.json)"
    from brainscore_nb.benchmarks.imagenet_c import imagenet_c_top1
    for identifier, record in CROSSCHECK.items():
        category = identifier.split('-')[2]
        b = bn.load_benchmark(identifier)
        assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == (identifier, 2, 'engineering', None, 10)
        ours, theirs = record['ours'], record['brainscore']
        assert len(b.stimuli) == theirs['n']  # every 10th row, as on Brain-Score's machines
        s = b(model(category))
        assert (s.center, s.attrs['error']) == pytest.approx((theirs['score'], theirs['error']), abs=1e-12)  # its local copy, [::10]
        assert s.center == pytest.approx(ours['score'], abs=1e-12) and s.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
        whole = imagenet_c_top1(category, sampling_factor=1)(model(category))  # the plugin's fallback: all catalog rows
        assert (whole.center, whole.attrs['error']) == pytest.approx((theirs['all_rows']['score'], theirs['all_rows']['error']), abs=1e-12)
        assert (whole.center, whole.attrs['error']) == pytest.approx((ours['all_rows']['score'], ours['all_rows']['error']), abs=1e-12)


@pytest.mark.parametrize('category', CATEGORIES)
def test_imagenet_c_with_the_real_catalog_and_no_network(category, monkeypatch):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           rf'stimulus_imagenet_c_{category}\.(csv|zip)'):
        bn.load_benchmark(f'ImageNet-C-{category}-top1').ceiling  # built, its data read, when first used
