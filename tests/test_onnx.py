"""The ONNX Runtime path (brainscore_nb.models.onnx): same activations as torch through the real extractor, named errors."""
import numpy as np
import pytest
from PIL import Image
from brainscore_nb.data.stimuli import StimulusSet

torch = pytest.importorskip('torch')
import onnxruntime  # noqa: F401  (in the dev extra: the ONNX path is tested, never skipped)


@pytest.fixture(autouse=True)
def one_thread():
    "One torch thread: on a shared machine, more threads than free cores make small forward passes many times slower"
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
from brainscore_nb.models.activations import ActivationsExtractor, Preprocessing
from brainscore_nb.models.commitment import ModelCommitment
from brainscore_nb.models.onnx import export_onnx, OnnxModel, ONNX_TOLERANCE


def _cnn():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                               torch.nn.Conv2d(8, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
                               torch.nn.AdaptiveAvgPool2d(2), torch.nn.Flatten(), torch.nn.Linear(64, 10)).eval()


def _stimuli(tmp_path, n=7, size=40):
    rng = np.random.default_rng(2)
    for i in range(n): Image.fromarray(rng.integers(0, 256, (size, size, 3), dtype=np.uint8)).save(tmp_path/f's{i}.png')
    return StimulusSet({'stimulus_id': [f's{i}' for i in range(n)]}, identifier='noise7',
                       stimulus_paths={f's{i}': tmp_path/f's{i}.png' for i in range(n)})


def test_onnx_matches_torch_through_the_extractor(tmp_path):
    cnn, stimuli, layers = _cnn(), _stimuli(tmp_path), ['1', '5', 'logits']
    path = export_onnx(cnn, tmp_path/'cnn.onnx', ['1', '5'], image_size=32)
    pre = Preprocessing(32)
    want = ActivationsExtractor(cnn, 'cnn', preprocessing=pre, batch_size=3, cache_dir=False)(stimuli, layers)
    model = OnnxModel(path)
    got = ActivationsExtractor(model, 'cnn-onnx', weights=model.weights, preprocessing=pre, batch_size=3, cache_dir=False)(stimuli, layers)
    assert got.shape == want.shape == (7, 8 * 32 * 32 + 16 * 16 * 16 + 10)
    for l in layers:
        a, b = got.sel(neuroid=got.layer == l).values, want.sel(neuroid=want.layer == l).values
        assert np.abs(a - b).max() <= ONNX_TOLERANCE * np.abs(b).max(), l
    # committed and recorded like any model
    commitment = ModelCommitment('cnn-onnx', ActivationsExtractor(model, 'cnn-onnx', weights=model.weights, preprocessing=pre, cache_dir=False),
                                 {'V1': '1', 'IT': '5'})
    commitment.start_recording('IT', [(70, 170)])
    np.testing.assert_allclose(commitment.look_at(stimuli).values[..., 0], got.sel(neuroid=got.layer == '5').values)


def test_weights_follow_the_file_and_layers(tmp_path):
    cnn = _cnn()
    a = OnnxModel(export_onnx(cnn, tmp_path/'a.onnx', ['1'], image_size=32))
    with torch.no_grad(): cnn[0].weight.add_(1)
    b = OnnxModel(export_onnx(cnn, tmp_path/'b.onnx', ['1'], image_size=32))
    assert a.weights != b.weights and a.weights != OnnxModel(tmp_path/'a.onnx', ['1']).weights
    assert a.weights == OnnxModel(tmp_path/'a.onnx').weights


def test_bad_inputs_are_named(tmp_path):
    path = export_onnx(_cnn(), tmp_path/'cnn.onnx', ['1'], image_size=32)
    with pytest.raises(KeyError, match=r"has no output or tensor \['conv9'\]"): OnnxModel(path, ['conv9'])
    with pytest.raises(FileNotFoundError, match='no ONNX file'): OnnxModel(tmp_path/'missing.onnx')
    (tmp_path/'junk.onnx').write_text('junk')
    with pytest.raises(ValueError, match='junk.onnx is not a readable ONNX model'): OnnxModel(tmp_path/'junk.onnx')
    with pytest.raises(KeyError, match=r"no layer\(s\) \['nope'\]"): export_onnx(_cnn(), tmp_path/'x.onnx', ['nope'])
    assert not (tmp_path/'x.onnx').exists()


def test_zoo_efficientnet_lite0_on_onnx_runtime_matches_torch(tmp_path, monkeypatch):
    "The main job's path: the zoo runs EfficientNet-Lite0 on ONNX Runtime, exported once into the store, same activations"
    from brainscore_nb.models.zoo import efficientnet_lite
    from data_packaging import kriegeskorte2008
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path / 'home'))
    fast, slow = efficientnet_lite('efficientnet-lite0'), efficientnet_lite('efficientnet-lite0', onnx=False)
    assert isinstance(fast.activations_model.model, OnnxModel) and not isinstance(slow.activations_model.model, OnnxModel)
    assert fast.activations_model.weights == slow.activations_model.weights + ':onnxruntime'  # own cache keys
    assert efficientnet_lite('efficientnet-lite0').activations_model is fast.activations_model  # built once per process
    assert [p.name[:19] for p in (tmp_path / 'home' / 'models').glob('*.onnx')] == ['efficientnet-lite0-']
    stimuli = kriegeskorte2008.stimulus_set().iloc[:3]
    for layer in ('_blocks.2', '_blocks.13', 'logits'):
        a = fast.activations_model(stimuli, [layer]).values
        b = slow.activations_model(stimuli, [layer]).values
        assert np.abs(a - b).max() <= ONNX_TOLERANCE * np.abs(b).max(), layer
