"""Speed of Brain-Score's assembly helpers, as ratios measured in one run (not a test: machines are noisy).

    python benchmarks/bench_assemblies.py [--stimuli 3200] [--repetitions 2] [--neuroids 100]

Compares `multi_groupby(...).mean()` (numpy, all groups at once) with the same reduction through xarray's
groupby (one Python step per group, as Brain-Score's `GroupbyBridge` runs it), and times `multi_dim_apply`.
"""
import argparse

import numpy as np

from brainscore_nb.data.assemblies import NeuroidAssembly
from bench_data import timed  # best of n wall-clock times (this folder is on sys.path when run as a script)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--repetitions', type=int, default=2)
    p.add_argument('--neuroids', type=int, default=100)
    a = p.parse_args(argv)
    rng = np.random.default_rng(0)
    stimulus = np.repeat(np.arange(a.stimuli), a.repetitions)
    values = rng.normal(size=(len(stimulus), a.neuroids))
    values[rng.random(values.shape) < 0.01] = np.nan  # a few gaps: the skipna paths
    assembly = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i}' for i in stimulus]),
        'category': ('presentation', [f'c{i % 8}' for i in stimulus]),
        'neuroid_id': ('neuroid', [f'n{i}' for i in range(a.neuroids)])})
    print(f'assembly: {len(stimulus)} presentations x {a.neuroids} neuroids')
    bridge = assembly.multi_groupby(['category', 'stimulus_id'])
    t_ours, ours = timed(lambda: bridge.mean('presentation'))
    t_xr, theirs = timed(lambda: bridge._wrap(bridge.groupby.mean)('presentation'), 1)
    same = np.allclose(ours.values, theirs.values, equal_nan=True)
    print(f'multi_groupby mean over {len(bridge)} groups: {t_ours:.3f} s; through xarray groupby: {t_xr:.3f} s; '
          f'ratio {t_xr / t_ours:.1f}x (same values: {same})')
    small = assembly.isel(presentation=slice(0, 400), neuroid=slice(0, 50))
    t_apply, _ = timed(lambda: small.multi_dim_apply(['category', 'neuroid_id'], lambda x, **_: x - np.nanmean(x)))
    print(f'multi_dim_apply, 8 categories x 50 neuroids: {t_apply:.3f} s')


if __name__ == '__main__':
    main()
