"""Images per second of a model plugin's `PytorchWrapper` here and in Brain-Score 2.4.2: the same plugin file, the same
images, the same layers, nothing cached; measured in one run (not a test: machines are noisy).

    python benchmarks/bench_bs_activations.py [--plugin efficientnet_lite0_model] [--images 48] [--repeats 2]
        [--threads 2] [--brainscore-python /work/bs/bsvenv/bin/python]

Plugins are those of tests/brainio/model_crosschecks (`small_cnn_model`, `efficientnet_lite0_model`); images are
Geirhos et al.'s stimuli in the offline mirror (`BRAINSCORE_NB_MIRROR`), the first `--images` of them, sorted. Each
side runs in its own process (Brain-Score's with its own python; efficientnet needs its two wheels importable there,
e.g. PYTHONPATH holding links to them), one warm-up call on 4 images, then the best of `--repeats` calls on all of
them, with `--threads` torch threads. Prints both rates and their ratio.
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLUGINS = HERE.parent / 'tests' / 'brainio' / 'model_crosschecks'
GEIRHOS = 'rgeirhos/texture-vs-shape/ccd0c01d42c0a8a834e90ec141e7f24fa915dc23/stimuli/style-transfer-preprocessed-512'


def side(plugin, images, repeats, threads, brainscore):
    "One side's images per second (run in this process)"
    import importlib.util
    import torch
    torch.set_num_threads(threads)
    code = (PLUGINS / f'{plugin}.py').read_text()
    if not brainscore:
        from brainscore_nb.brainscore.compat import port_imports
        code = port_imports(code)
    else:
        os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
        os.environ['RESULTCACHING_DISABLE'] = '1'
    spec = importlib.util.spec_from_loader(plugin, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__file__ = str(PLUGINS / f'{plugin}.py')
    exec(compile(code, module.__file__, 'exec'), module.__dict__)
    wrapper = module.get_model()
    if not brainscore:
        from brainscore_nb.brainscore.activations import disable_activation_caching
        disable_activation_caching(wrapper)
    mirror = Path(os.environ.get('BRAINSCORE_NB_MIRROR', HERE.parents[1] / 'shared' / 'mirror'))
    paths = sorted(str(p) for p in (mirror / GEIRHOS).glob('*/*.png'))[:images]
    layers = module.get_layers()
    wrapper(paths[:4], layers=layers)
    best = float('inf')
    for _ in range(repeats):
        start = time.perf_counter()
        wrapper(paths, layers=layers)
        best = min(best, time.perf_counter() - start)
    return len(paths) / best


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--plugin', default='efficientnet_lite0_model')
    p.add_argument('--images', type=int, default=48)
    p.add_argument('--repeats', type=int, default=2)
    p.add_argument('--threads', type=int, default=2)
    p.add_argument('--brainscore-python', default='/work/bs/bsvenv/bin/python')
    p.add_argument('--side', choices=['ours', 'brainscore'], help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.side:
        print(json.dumps(side(a.plugin, a.images, a.repeats, a.threads, a.side == 'brainscore')))
        return
    args = ['--plugin', a.plugin, '--images', str(a.images), '--repeats', str(a.repeats), '--threads', str(a.threads)]
    rate = {}
    for name, python in (('ours', sys.executable), ('brainscore', a.brainscore_python)):
        r = subprocess.run([python, __file__, *args, '--side', name], capture_output=True, text=True, check=True)
        rate[name] = json.loads(r.stdout.strip().splitlines()[-1])
    print(f"{a.plugin}, {a.images} images, {a.threads} threads: brainscore_nb {rate['ours']:.1f} images/s, "
          f"Brain-Score 2.4.2 {rate['brainscore']:.1f} images/s, ratio {rate['ours'] / rate['brainscore']:.2f}")


if __name__ == '__main__':
    main()
