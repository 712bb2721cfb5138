"""AlexNet and ResNet-18 (torchvision's architectures) written as a Brain-Score model plugin's `model.py` (its imports
are Brain-Score's): run unchanged by Brain-Score 2.4.2 (tests/brainio/bs_e2e_brainscore_side.py) and, imports ported
by `port_imports`, by brainscore_nb (tests/brainio/bs_e2e_ours.py), both in venvs with torch 2.14.1 and torchvision
0.29.1. No pretrained weights can be downloaded here: the weights are torchvision's initialisation drawn after
`torch.manual_seed(0)`, saved once to `weights_path(name)` (`BS_E2E_WEIGHTS`, default the temp folder; 244 MB for
AlexNet, 47 MB for ResNet-18, so not committed) and loaded from that file by both sides."""
import functools
import os
import tempfile
from pathlib import Path

import torch
import torchvision
from brainscore_vision.model_helpers.activations.pytorch import PytorchWrapper, load_preprocess_images

SEED = 0


def weights_path(name):
    return Path(os.environ.get('BS_E2E_WEIGHTS', tempfile.gettempdir())) / f'bs_e2e_{name}_seed{SEED}.pt'


def get_model(name):
    path = weights_path(name)
    if not path.exists():
        torch.manual_seed(SEED)
        torch.save(getattr(torchvision.models, name)(weights=None).state_dict(), path)
    model = getattr(torchvision.models, name)(weights=None)
    model.load_state_dict(torch.load(path))
    preprocessing = functools.partial(load_preprocess_images, image_size=224)
    wrapper = PytorchWrapper(identifier=name, model=model, preprocessing=preprocessing, batch_size=16)
    wrapper.image_size = 224
    return wrapper


def get_layers(name):
    return {'alexnet': ['features.2', 'features.5', 'features.7', 'features.12', 'classifier.2', 'classifier.5'],
            'resnet18': ['layer1.0', 'layer2.0', 'layer3.0', 'layer4.0', 'layer4.1', 'avgpool']}[name]
