import functools

import torch

from brainscore_vision.model_helpers.activations.pytorch import PytorchWrapper
from brainscore_vision.model_helpers.activations.pytorch import load_preprocess_images
from brainscore_vision.model_helpers.check_submission import check_models

BIBTEX = """"""
LAYERS = ['conv1', 'conv2', 'fc']


class SeededCNN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 8, kernel_size=5, stride=2)
        self.relu1 = torch.nn.ReLU()
        self.conv2 = torch.nn.Conv2d(8, 16, kernel_size=3, stride=2)
        self.relu2 = torch.nn.ReLU()
        self.pool = torch.nn.AdaptiveAvgPool2d(4)
        self.fc = torch.nn.Linear(16 * 4 * 4, 10)

    def forward(self, x):
        x = self.relu2(self.conv2(self.relu1(self.conv1(x))))
        return self.fc(torch.flatten(self.pool(x), 1))


def get_model_list():
    return ['seeded-cnn']


def get_model(name='seeded-cnn'):
    assert name == 'seeded-cnn'
    torch.manual_seed(0)
    model = SeededCNN().eval()
    preprocessing = functools.partial(load_preprocess_images, image_size=64)
    wrapper = PytorchWrapper(identifier='seeded-cnn', model=model, preprocessing=preprocessing)
    wrapper.image_size = 64
    return wrapper


def get_layers(name):
    assert name == 'seeded-cnn'
    return LAYERS


if __name__ == '__main__':
    check_models.check_base_models(__name__)
