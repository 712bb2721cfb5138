"""A small CNN written as a Brain-Score model plugin's `model.py` (its imports are Brain-Score's): run unchanged by
Brain-Score 2.4.2 (tests/brainio/bs_activations.py) and, imports ported by `port_imports`, by brainscore_nb
(tests/test_bs_activations.py), on the same seeded weights (small_cnn_weights.pt, 18 kB) and the same images."""
import functools
from pathlib import Path

import torch
from brainscore_vision.model_helpers.activations.pytorch import PytorchWrapper, load_preprocess_images

WEIGHTS = Path(__file__).resolve().parent / 'small_cnn_weights.pt'


class SmallCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 5, stride=2), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(8, 16, 3), torch.nn.ReLU(), torch.nn.AdaptiveAvgPool2d(4))
        self.classifier = torch.nn.Linear(16 * 4 * 4, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


def get_model(name='small-cnn'):
    model = SmallCNN()
    model.load_state_dict(torch.load(WEIGHTS))
    preprocessing = functools.partial(load_preprocess_images, image_size=96)
    wrapper = PytorchWrapper(identifier=name, model=model, preprocessing=preprocessing, batch_size=5)
    wrapper.image_size = 96
    return wrapper


def get_layers(name='small-cnn'):
    return ['features.0', 'features.2', 'features.5', 'logits']
