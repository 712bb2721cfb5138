"""A seeded video model (three conv3d layers and a linear head, about 3k parameters) for the temporal cross-check.

Both sides import this file: tests/brainio/bs_temporal.py (Brain-Score 2.4.2's temporal PytorchWrapper) and
tests/test_bs_temporal.py (ours, from brainscore_nb.brainscore.temporal). Its weights are written once, with seed 0,
to small_video_weights.pt beside it, and read from that file on both sides. `images` writes the same seeded PNGs
(lossless) on both sides. Torch and numpy only."""
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
WEIGHTS = HERE / 'small_video_weights.pt'
LAYER_FORMAT = {'conv1': 'CTHW', 'conv2': 'CTHW', 'conv3': 'CTHW', 'pool': 'CTHW', 'fc': 'C'}


def build():
    "The model, its weights read from small_video_weights.pt (written with seed 0 if missing)"
    import torch
    from torch import nn

    class SmallVideo(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv3d(3, 4, (3, 3, 3), stride=(1, 2, 2), padding=1)
            self.relu1 = nn.ReLU()
            self.conv2 = nn.Conv3d(4, 6, (3, 3, 3), stride=(2, 2, 2), padding=1)
            self.relu2 = nn.ReLU()
            self.conv3 = nn.Conv3d(6, 8, (1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1))
            self.pool = nn.AdaptiveAvgPool3d((None, 1, 1))
            self.fc = nn.Linear(8, 5)

        def forward(self, x):
            x = self.conv3(self.relu2(self.conv2(self.relu1(self.conv1(x)))))
            return self.fc(self.pool(x).mean((2, 3, 4)))

    if not WEIGHTS.is_file():
        torch.manual_seed(0)
        torch.save(SmallVideo().state_dict(), WEIGHTS)
    model = SmallVideo()
    model.load_state_dict(torch.load(WEIGHTS, weights_only=True))
    return model.eval()


def preprocess(video):
    "A Video (or Image converted to one) -> C x T x H x W float32 tensor in [0, 1]"
    import torch
    frames = np.asarray(video.to_numpy(), np.float32) / 255.
    return torch.from_numpy(frames).permute(3, 0, 1, 2).contiguous()


def images(folder, n=4, size=(24, 32)):
    "n seeded RGB PNGs of size (height, width) in folder; their paths"
    from PIL import Image
    rng, paths = np.random.RandomState(0), []
    for i in range(n):
        path = Path(folder) / f'image{i}.png'
        Image.fromarray(rng.randint(0, 256, (*size, 3), dtype=np.uint8)).save(path)
        paths.append(str(path))
    return paths


def subclass(base):
    """A plugin-style subclass of `base` (a temporal PytorchWrapper), as temporal_model_openstl's and VideoMAE's:
    its own `forward` (the input halved) and `_register_hook` (each output squared)"""
    class Halved(base):
        def forward(self, inputs):
            import torch
            return self._model(torch.stack(inputs).to(self._device) / 2)

        def _register_hook(self, layer, layer_name, target_dict):
            def hook(_layer, _input, output, name=layer_name):
                output = self._process_activation(_layer, name, _input, output)
                target_dict[name] = base._tensor_to_numpy(output) ** 2
            return layer.register_forward_hook(hook)
    return Halved
