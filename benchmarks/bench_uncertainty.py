"""Cost of the bootstrap interval against one scoring of the benchmark, at the reference size, in one run.

    python benchmarks/bench_uncertainty.py [--stimuli 3200] [--features 4096] [--neuroids 256] [--repetitions 50]
                                           [--draws 1000] [--metric pls] [--threads 1]

Synthetic data of the reference size (issue 15): a source of 3200 stimuli x 4096 features, a target of 256
neuroids, recorded 50 times (the repetitions the ceiling is computed from). One scoring of the benchmark is what
a NeuralBenchmark does with a model's features: the cross-validated metric (PLS by default, Brain-Score's) and the
normalisation by the internal-consistency ceiling. The bootstrap (brainscore_nb.metrics.uncertainty.bootstrap)
resamples stimuli and neuroids 1000 times, raw score and ceiling with the same draws, from the held-out material
the metric and the ceiling kept: no refitting. The ceiling's draws are the same for every model of a benchmark and
are computed once per process; the script times both the first call (raw and ceiling draws) and a later one (raw
draws only, as for every further model), and prints their ratios to one scoring:

    ratio = bootstrap seconds / (metric seconds + ceiling seconds)

Target (issue 13): 1000 draws cost less than one extra scoring of the benchmark (ratio < 1). BLAS threads are
limited with threadpoolctl (`--threads`); the machine's load is printed because other processes share the cores.
"""
import argparse
import os
import time

import numpy as np
from threadpoolctl import threadpool_limits


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--features', type=int, default=4096)
    p.add_argument('--neuroids', type=int, default=256)
    p.add_argument('--repetitions', type=int, default=50)
    p.add_argument('--draws', type=int, default=1000)
    p.add_argument('--metric', choices=['pls', 'ridge'], default='pls')
    p.add_argument('--threads', type=int, default=1, help='BLAS threads')
    a = p.parse_args(argv)
    from brainscore_nb.data.assemblies import NeuroidAssembly, average_repetition
    from brainscore_nb.metrics.ceilings import explained_variance, internal_consistency
    from brainscore_nb.metrics.regression import pls_cv, ridge_cv
    from brainscore_nb.metrics.uncertainty import bootstrap
    print(f'load average before: {os.getloadavg()}; cores: {os.cpu_count()}; BLAS threads: {a.threads}')
    rng = np.random.default_rng(0)
    n, nn, nr = a.stimuli, a.neuroids, a.repetitions
    ids = np.array([f's{i:05d}' for i in range(n)])
    X = np.maximum(rng.normal(size=(n, a.features)).astype(np.float32) + 0.2, 0)  # ReLU-like activations
    mix = rng.normal(size=(a.features, nn)).astype(np.float32) / np.sqrt(a.features)
    signal = X @ mix
    signal /= signal.std(0)
    order = rng.permutation(n * nr)
    values = (np.repeat(signal, nr, axis=0) + 3 * rng.normal(size=(n * nr, nn)).astype(np.float32))[order]
    reps = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', np.repeat(ids, nr)[order]), 'repetition': ('presentation', np.tile(np.arange(nr), n)[order]),
        'neuroid_id': ('neuroid', [f'n{i}' for i in range(nn)])})
    target = average_repetition(reps)
    source = NeuroidAssembly(X, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'f{i}' for i in range(a.features)])})
    metric = {'pls': pls_cv, 'ridge': ridge_cv}[a.metric]
    print(f'source {X.shape}, target {target.shape}, {nr} repetitions ({values.nbytes / 1e6:.0f} MB); metric {a.metric}; {a.draws} draws')
    with threadpool_limits(a.threads, user_api='blas'):
        t = time.perf_counter(); raw = metric(source, target); t_metric = time.perf_counter() - t
        t = time.perf_counter(); ceiling = internal_consistency(reps); t_ceiling = time.perf_counter() - t
        ceiled = explained_variance(raw, ceiling)
        t = time.perf_counter(); first = bootstrap(raw, ceiling, normalisation='explained_variance', n_draws=a.draws); t_first = time.perf_counter() - t
        t = time.perf_counter(); later = bootstrap(raw, ceiling, normalisation='explained_variance', n_draws=a.draws); t_later = time.perf_counter() - t
    scoring = t_metric + t_ceiling
    assert np.array_equal(first['bootstrap'], later['bootstrap'])
    print(f'one scoring: metric {t_metric:.2f} s + ceiling {t_ceiling:.2f} s = {scoring:.2f} s; '
          f'ceiled score {ceiled.center:.4f} (raw {raw.center:.4f}, ceiling {ceiling.center:.4f})')
    print(f'bootstrap, first call (raw and ceiling draws): {t_first:.2f} s: ratio {t_first / scoring:.2f} to one scoring')
    print(f'bootstrap, later calls (raw draws; the ceiling\'s are cached): {t_later:.2f} s: ratio {t_later / scoring:.2f} to one scoring')
    print(f"95% interval [{first['ci_low']:.4f}, {first['ci_high']:.4f}] ({first['bootstrap_units']}); "
          f"split-based error {ceiled.attrs['error']:.4f}")
    print(f'load average after: {os.getloadavg()}')


if __name__ == '__main__':
    main()
