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

    python benchmarks/bench_uncertainty.py --families [--draws 1000] [--threads 1]

times the other resamplers the same way, each against one scoring by its metric (and ceiling, where it has one):
I2n on Brain-Score's Rajalingham2018 public trials and stored AlexNet probabilities (tests/brainio; 240 images,
ceiling per split resampled with the same draws); KS property similarity (1000 model units, 500 neurons, 5
properties, 1000 resamples of the model units each; split-half ceiling); spantime ridge (800 stimuli x 512
features x 64 neuroids x 5 time bins); rdm, cka, rdm_cv and cka_cv (400 stimuli x 1000 features x 100 neuroids).
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
    p.add_argument('--families', action='store_true', help='time the other resamplers (I2n, KS, spantime, RSA, CKA)')
    a = p.parse_args(argv)
    if a.families: return families(a)
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


def _timed(f):
    t = time.perf_counter(); out = f(); return out, time.perf_counter() - t


def families(a):
    "Cost of 1000 draws against one scoring, per resampler family"
    import sys
    from functools import partial
    from pathlib import Path
    import xarray as xr
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainscore_nb.metrics.behavior import i2n, i2n_ceiling
    from brainscore_nb.metrics.properties import ks_similarity, property_ceiling
    from brainscore_nb.metrics.regression import spantime_ridge
    from brainscore_nb.metrics.rsa import cka, cka_cv, rdm, rdm_cv
    from brainscore_nb.metrics.uncertainty import bootstrap
    tests = Path(__file__).resolve().parents[1] / 'tests'
    sys.path.insert(0, str(tests))
    from brainio_catalog import BRAINIO, PACKAGES
    print(f'load average before: {os.getloadavg()}; cores: {os.cpu_count()}; BLAS threads: {a.threads}; {a.draws} draws')
    rng = np.random.default_rng(0)
    cases = {}
    trials = read_brainio_assembly(BRAINIO / PACKAGES['behavior']['path'], 'BehavioralAssembly')
    probabilities = read_brainio_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
    cases['i2n (240 images)'] = (lambda: i2n(probabilities, trials), lambda: i2n_ceiling(trials), 'ceil_per_split')
    bins = np.linspace(0, 4, 21)
    model_units = rng.gamma(2, 0.6, (1000, 5))
    neurons = xr.DataArray(rng.gamma(2.5, 0.6, (500, 5)), dims=['neuroid', 'neuronal_property'],
                           coords={'neuronal_property': [f'p{k}' for k in range(5)]})
    sim = partial(ks_similarity, bins=bins)
    def ks_raw():  # as PropertiesBenchmark: the mean over properties, here with the properties' material
        from brainscore_nb.metrics.score import Score, keep_heldout, heldout
        per = [sim(model_units[:, k], neurons.values[:, k]) for k in range(5)]
        entries = [e for s in per for e in heldout(s)['entries']]
        return keep_heldout(Score(np.mean([s.center for s in per])), 'ks', entries=entries,
                            units={'neuroid_id': np.arange(500)})
    cases['ks (500 neurons, 5 properties)'] = (ks_raw, lambda: property_ceiling(neurons, sim), 'ceil_score')
    ids = [f's{i:04d}' for i in range(800)]
    def timed_assembly(values, prefix):
        return NeuroidAssembly(values, dims=['presentation', 'time_bin', 'neuroid'], coords={
            'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'{prefix}{j}' for j in range(values.shape[2])]),
            'time_bin_start': ('time_bin', list(range(0, 250, 50))), 'time_bin_end': ('time_bin', list(range(50, 300, 50)))})
    X = rng.normal(size=(800, 5, 512)).astype(np.float32)
    Y = X @ (rng.normal(size=(512, 64)).astype(np.float32) / 20) + rng.normal(size=(800, 5, 64)).astype(np.float32)
    source, target = timed_assembly(X, 'f'), timed_assembly(Y, 'n')
    cases['spantime_ridge (800 x 5 time bins x 64)'] = (lambda: spantime_ridge(source, target), None, None)
    ids4 = [f's{i:04d}' for i in range(400)]
    flat = lambda v, p: NeuroidAssembly(v, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids4), 'neuroid_id': ('neuroid', [f'{p}{j}' for j in range(v.shape[1])])})
    F = rng.normal(size=(400, 1000)); N = F[:, :100] + 3 * rng.normal(size=(400, 100))
    for metric in (rdm, cka, rdm_cv, cka_cv):
        cases[f'{metric.__name__} (400 stimuli)'] = (partial(metric, flat(F, 'f'), flat(N, 'n')), None, None)
    with threadpool_limits(a.threads, user_api='blas'):
        for name, (score, ceiling, how) in cases.items():
            raw, t_raw = _timed(score)
            c, t_c = _timed(ceiling) if ceiling else (None, 0.0)
            b, t_b = _timed(lambda: bootstrap(raw, c, normalisation=how, n_draws=a.draws))
            print(f'{name:40s} scoring {t_raw + t_c:7.2f} s, {a.draws} draws {t_b:7.2f} s: ratio {t_b / (t_raw + t_c):6.2f}; '
                  f"interval [{b['ci_low']:.4f}, {b['ci_high']:.4f}] ({b['bootstrap_units']})", flush=True)
    print(f'load average after: {os.getloadavg()}')


if __name__ == '__main__':
    main()
