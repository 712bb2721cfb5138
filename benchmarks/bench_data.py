"""Speed of the data layer, as ratios measured in one run (not a test: machines are noisy).

    python benchmarks/bench_data.py [--stimuli 3200] [--repetitions 10] [--neuroids 256]

Compares brainscore_nb's `average_repetition` with the plain xarray idiom (`groupby('stimulus_id').mean()`,
which Brain-Score's own helper builds on), and times validation and a package round trip at the same size.
"""
import argparse
import tempfile
import time

import numpy as np

from brainscore_nb.data.assemblies import NeuroidAssembly, average_repetition
from brainscore_nb.data.packaging import load_assembly_from_package, package_data_assembly_locally
from brainscore_nb.data.validation import validate_assembly


def timed(fn, repeat=3):
    "Best of `repeat` wall-clock times of fn(), and its result"
    best, out = np.inf, None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--repetitions', type=int, default=10)
    p.add_argument('--neuroids', type=int, default=256)
    a = p.parse_args(argv)
    rng = np.random.default_rng(0)
    ids = np.array([f's{i:05d}' for i in range(a.stimuli)])
    order = rng.permutation(a.stimuli * a.repetitions)  # repetitions interleaved, as recorded
    assembly = NeuroidAssembly(rng.normal(size=(len(order), a.neuroids)).astype('float32'),
                               dims=['presentation', 'neuroid'],
                               coords={'stimulus_id': ('presentation', np.repeat(ids, a.repetitions)[order]),
                                       'repetition': ('presentation', np.tile(np.arange(a.repetitions), a.stimuli)[order]),
                                       'neuroid_id': ('neuroid', [f'n{i}' for i in range(a.neuroids)])})
    print(f'assembly: {len(order)} presentations x {a.neuroids} neuroids ({assembly.nbytes / 1e6:.0f} MB)')
    t_ours, ours = timed(lambda: average_repetition(assembly))
    t_xr, theirs = timed(lambda: assembly.groupby('stimulus_id').mean('presentation'))
    same = np.allclose(ours.transpose('presentation', 'neuroid').values,
                       theirs.sel(stimulus_id=ours.stimulus_id.values).values, atol=1e-6)
    print(f'average_repetition: {t_ours:.3f} s; xarray groupby-mean: {t_xr:.3f} s; ratio {t_xr / t_ours:.1f}x (same values: {same})')
    t_val, report = timed(lambda: validate_assembly(assembly))
    print(f'validate_assembly: {t_val:.3f} s ({"valid" if report.ok else "invalid"})')
    with tempfile.TemporaryDirectory() as d:
        t_pack, pkg = timed(lambda: package_data_assembly_locally(assembly, 'bench', 'bench', 'NeuroidAssembly', d, overwrite=True), 1)
        t_load, back = timed(lambda: load_assembly_from_package(pkg['path']))
    print(f'package: {t_pack:.3f} s, load: {t_load:.3f} s; identical after the round trip: {back.drop_attrs().identical(assembly.drop_attrs())}')


if __name__ == '__main__':
    main()
