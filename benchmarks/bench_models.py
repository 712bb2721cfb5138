"""Images per second of one model's forward pass (with its committed layers read) for torch eager, torch channels_last
and ONNX Runtime, with the largest activation difference from eager; measured in one run (not a test: machines are noisy).

    python benchmarks/bench_models.py [--images 64] [--batch 16] [--threads N] [--repeats 3] [--sweep]

With `--sweep` it also runs bench_layers.py's comparison (efficientnet-lite0's candidate layers on Cowley2023.V4-pls):
every layer scored from one extraction pass against scoring each layer separately, time and ratio.

Models: efficientnet-lite0 (the zoo's, ImageNet weights, its V1/V2/V4/IT layers and logits, 224 px) and a small
CNN (random weights, two layers and logits, 64 px). Inputs are the same random normal images for every path; each
path runs one warm-up batch, then the best of `--repeats` passes over all images is reported. torch and ONNX
Runtime get the same number of threads. The difference is max |x - eager| / max |eager| over the layers.
"""
import argparse
import tempfile
import time
from pathlib import Path

import numpy as np


def small_cnn():
    import torch
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Conv2d(3, 32, 3, padding=1), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                               torch.nn.Conv2d(32, 64, 3, padding=1), torch.nn.BatchNorm2d(64), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
                               torch.nn.Conv2d(64, 128, 3, padding=1), torch.nn.ReLU(),
                               torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(128, 10)).eval()


def timed(forward, images, batch, repeats):
    "(images/s of the best pass, outputs of the last pass concatenated per layer)"
    forward(images[:batch])
    best, out = float('inf'), None
    for _ in range(repeats):
        start, parts = time.perf_counter(), []
        for i in range(0, len(images), batch): parts.append(forward(images[i:i + batch]))
        best = min(best, time.perf_counter() - start)
        out = {l: np.concatenate([p[l].reshape(len(p[l]), -1) for p in parts]) for l in parts[0]}
    return len(images) / best, out


def bench(name, module, layers, size, a, folder):
    import torch
    from brainscore_nb.models.activations import torch_layers
    from brainscore_nb.models.onnx import OnnxModel, export_onnx
    images = np.random.default_rng(0).normal(size=(a.images, size, size, 3)).astype(np.float32)
    wanted = list(layers) + ['logits']
    results = {'torch eager': timed(lambda x: torch_layers(module, wanted, x), images, a.batch, a.repeats)}
    last = module.to(memory_format=torch.channels_last)

    def channels_last(x):
        t = torch.from_numpy(np.ascontiguousarray(x.transpose(0, 3, 1, 2))).contiguous(memory_format=torch.channels_last)
        mods, out = dict(last.named_modules()), {}
        hooks = [mods[l].register_forward_hook(lambda m, i, o, l=l: out.__setitem__(l, o.detach().contiguous().numpy())) for l in layers]
        try:
            with torch.no_grad(): out['logits'] = last(t).numpy()
        finally:
            for h in hooks: h.remove()
        return out
    results['torch channels_last'] = timed(channels_last, images, a.batch, a.repeats)
    module.to(memory_format=torch.contiguous_format)
    start = time.perf_counter()
    onnx_model = OnnxModel(export_onnx(module, Path(folder) / f'{name}.onnx', list(layers), image_size=size), threads=a.threads)
    export_s = time.perf_counter() - start
    results['onnxruntime'] = timed(onnx_model, images, a.batch, a.repeats)
    eager = results['torch eager'][1]
    print(f'{name} ({size} px, {a.images} images, batch {a.batch}, {a.threads} threads; ONNX export + session {export_s:.1f} s)')
    for path, (rate, out) in results.items():
        diff = max(np.abs(out[l] - eager[l]).max() / np.abs(eager[l]).max() for l in wanted)
        print(f'  {path:20s} {rate:8.1f} images/s  x{rate / results["torch eager"][0]:4.2f}  max rel. diff {diff:.1e}')


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--images', type=int, default=64)
    p.add_argument('--batch', type=int, default=16)
    p.add_argument('--threads', type=int, default=None, help="torch's and ONNX Runtime's threads (default: torch's)")
    p.add_argument('--repeats', type=int, default=3)
    p.add_argument('--sweep', action='store_true', help="also time the one-pass layer sweep against scoring each layer (bench_layers.py)")
    a = p.parse_args(argv)
    import torch
    if a.threads: torch.set_num_threads(a.threads)
    a.threads = torch.get_num_threads()
    from brainscore_nb.models.zoo import efficientnet_lite
    lite0 = efficientnet_lite('efficientnet-lite0', onnx=False)  # the torch module (the zoo's default runs ONNX Runtime)
    with tempfile.TemporaryDirectory() as folder:
        bench('small-cnn', small_cnn(), ['1', '6'], 64, a, folder)
        bench('efficientnet-lite0', lite0.activations_model.model, list(lite0.region_layer_map.values()), 224, a, folder)
    if a.sweep:
        import sys
        from pathlib import Path
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import bench_layers
        bench_layers.main([])


if __name__ == '__main__':
    main()
