"""Library models (brainscore_nb.models.library): declared, registered when installed, built through the real wrappers."""
import urllib.error
from unittest import mock
import numpy as np
import pytest
from PIL import Image
from brainscore_nb.data.stimuli import StimulusSet
from brainscore_nb.models.library import LIBRARY_MODELS, library_model, importable, register_library_models, WeightsUnavailable

torch = pytest.importorskip('torch')


@pytest.fixture(autouse=True)
def one_thread():
    "One torch thread: on a shared machine, more threads than free cores make these small forward passes many times slower"
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)


def _stimuli(tmp_path, n=3, size=48):
    rng = np.random.default_rng(1)
    for i in range(n): Image.fromarray(rng.integers(0, 256, (size, size, 3), dtype=np.uint8)).save(tmp_path/f's{i}.png')
    return StimulusSet({'stimulus_id': [f's{i}' for i in range(n)]}, identifier='noise3',
                       stimulus_paths={f's{i}': tmp_path/f's{i}.png' for i in range(n)})


def test_registry_lists_installed_library_models_only():
    from brainscore_nb.registry import list_models, load_model
    import brainscore_nb as bn
    models = list_models()
    assert ('efficientnet-b0' in models) == importable('efficientnet_pytorch') == True
    assert ('resnet50' in models) == importable('torchvision')
    assert ('timm/resnet50' in models) == importable('timm')
    assert {'pixels', 'gabor-v1', 'efficientnet-lite0'} <= set(models)  # the zoo's own entries stay
    assert 'efficientnet-b0' in bn.model_registry
    assert register_library_models({}) == [i for i, s in LIBRARY_MODELS.items() if importable(s.library)]


def test_declarations_are_consistent():
    for i, s in LIBRARY_MODELS.items():
        assert set(s.regions) == {'V1', 'V2', 'V4', 'IT'}, i
        assert set(s.regions.values()) <= set(s.layers), i
        order = [s.layers.index(s.regions[r]) for r in ('V1', 'V2', 'V4', 'IT')]
        assert order == sorted(order), i


@pytest.mark.parametrize('identifier', [i for i, s in LIBRARY_MODELS.items() if s.library == 'efficientnet_pytorch'])
def test_declared_layers_exist(identifier):
    torch.manual_seed(0)
    module = library_model(identifier, pretrained=False).activations_model.model
    names = {n for n, _ in module.named_modules()}
    assert set(LIBRARY_MODELS[identifier].layers) <= names


def test_random_weights_through_the_real_wrappers(tmp_path):
    torch.manual_seed(0)
    model = library_model('efficientnet-b0', pretrained=False, max_features=64)  # projected; own labels read raw logits
    stimuli = _stimuli(tmp_path)
    acts = model.activations_model(stimuli, ['_blocks.13'])
    assert acts.sizes == {'presentation': 3, 'neuroid': 64}
    assert np.isfinite(acts.values).all() and acts.values.std() > 0
    model.start_recording('IT', [(70, 170)])
    rec = model.look_at(stimuli)
    assert rec.dims == ('presentation', 'neuroid', 'time_bin') and set(rec.region.values) == {'IT'}
    np.testing.assert_allclose(rec.values[..., 0], acts.sel(neuroid=acts.layer == '_blocks.13').values, rtol=1e-5)
    model.start_task('label', ['dog', 'cat'])
    assert set(model.look_at(stimuli).values) <= {'dog', 'cat'}  # its own ImageNet logits, over Geirhos' categories


def test_offline_weights_error_names_model_and_fix(tmp_path):
    def offline(*a, **k): raise urllib.error.URLError('no network')
    old = torch.hub.get_dir()
    try:
        torch.hub.set_dir(str(tmp_path))
        with mock.patch('torch.hub.urlopen', offline), pytest.raises(WeightsUnavailable) as e: library_model('efficientnet-b0')
    finally: torch.hub.set_dir(old)
    msg = str(e.value)
    assert "'efficientnet-b0'" in msg and 'no network' in msg and str(tmp_path) in msg and 'pretrained=False' in msg


def test_bad_inputs():
    with pytest.raises(KeyError, match="did you mean 'resnet50'"): library_model('resnet5O')
    with pytest.raises(TypeError, match='pretrained must be True or False'): library_model('efficientnet-b0', pretrained=1)


def test_uninstalled_library_says_what_to_install(monkeypatch):
    import importlib
    real = importlib.import_module
    def fake(name, *a, **k):
        if name == 'timm': raise ModuleNotFoundError("No module named 'timm'")
        return real(name, *a, **k)
    monkeypatch.setattr(importlib, 'import_module', fake)
    with pytest.raises(ImportError, match="model 'timm/resnet50' needs timm.*pip install timm"): library_model('timm/resnet50')
