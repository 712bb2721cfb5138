"""Speed and memory of the metrics against plain scikit-learn/scipy implementations of the same protocol, in one run.

    python benchmarks/bench_metrics.py [--stimuli 3200] [--features 4096] [--neuroids 256] [--sklearn-folds 10]
                                       [--threads 1] [--only pls,ridge,internal_consistency] [--backend torch:cuda]
                                       [--previous-repeats 1]

The reference protocol is Brain-Score's: 10 ShuffleSplit folds (train_size 0.9, random_state 1); per fold fit
scikit-learn's PLSRegression(25, scale=False) or Ridge(alpha=1) on the training stimuli, predict the test
stimuli, scipy.stats.pearsonr per neuroid, median, mean over folds. scikit-learn's PLS takes minutes per run,
so `--sklearn-folds k` times only the first k folds and scales the time to 10 (said so in the output).
internal_consistency is compared with the plain xarray idiom (groupby-mean of each half of the repetitions,
pearsonr per neuroid, Spearman-Brown). Each brainscore_nb metric's time is the best of `--repeats` calls (the first
pays for imports); its peak memory is tracemalloc's peak of one more call, not timed because tracing slows every
allocation (NumPy reports its allocations to tracemalloc), against the size of the inputs. BLAS threads are limited with
threadpoolctl (`--threads`); the machine's load is printed because other processes share the cores.
`--backend` also times each brainscore_nb metric on that array backend (e.g. torch:cuda, cupy; transfers to
and from the device included, after one warm-up call) and prints its ratio to the NumPy time and the largest
difference of the raw values.
Old against new: each regression predictor (ridge_predict, pls_predict) is also
timed against the implementation it replaced (kept as the reference in tests/test_speed_metrics.py), on the same
arrays and folds, alternating old and new `--previous-repeats` times (best of each), with the ratio and the
largest relative difference of the predictions: on a shared machine only the ratio in one run means much.
"""
import argparse
import os
import time
import tracemalloc

import numpy as np
from threadpoolctl import threadpool_limits


def timed(fn, repeats=1, memory=False):
    "Best wall-clock seconds of `repeats` calls of fn() (untraced), its result, and (`memory`) one more's tracemalloc peak"
    elapsed = []
    for _ in range(repeats):  # tracemalloc slows every allocation: the times are taken without it
        t = time.perf_counter(); out = fn(); elapsed.append(time.perf_counter() - t)
    if not memory: return min(elapsed), out, None
    tracemalloc.start()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return min(elapsed), out, peak


def reference_regression(make_model, X, Y, folds):
    "Brain-Score's protocol written plainly with scikit-learn and scipy: mean over folds of the median pearsonr"
    from scipy.stats import pearsonr
    medians = []
    for tr, te in folds:
        pred = make_model().fit(X[tr], Y[tr]).predict(X[te])
        medians.append(np.median([pearsonr(pred[:, k], Y[te, k])[0] for k in range(Y.shape[1])]))
    return np.mean(medians)


def reference_internal_consistency(assembly):
    "Split-half consistency the plain xarray way: groupby-mean per half, pearsonr per neuroid, Spearman-Brown"
    from scipy.stats import pearsonr
    from sklearn.model_selection import ShuffleSplit
    reps = np.unique(assembly.repetition.values)
    out = []
    for h1, h2 in ShuffleSplit(10, train_size=0.5, random_state=1).split(reps):
        halves = [assembly.isel(presentation=np.isin(assembly.repetition.values, reps[h])).groupby('stimulus_id').mean('presentation')
                  for h in (h1, h2)]
        a, b = halves[0], halves[1].sel(stimulus_id=halves[0].stimulus_id.values)
        r = np.array([pearsonr(a.values[:, k], b.values[:, k])[0] for k in range(a.sizes['neuroid'])])
        out.append(np.median(2 * r / (1 + r)))
    return np.mean(out)


def previous_implementations():
    "The reference (previous) implementations kept in tests/test_speed_metrics.py"
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / 'tests' / 'test_speed_metrics.py'
    spec = importlib.util.spec_from_file_location('test_speed_metrics', path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def old_vs_new(name, old, new, repeats):
    "Time old() and new() alternately, best of `repeats` each; print the times, the ratio and the largest relative difference"
    t_old = t_new = np.inf
    for _ in range(repeats):
        s = time.perf_counter(); ref = old(); t_old = min(t_old, time.perf_counter() - s)
        s = time.perf_counter(); got = new(); t_new = min(t_new, time.perf_counter() - s)
    diff = max(float(np.abs(np.asarray(g) - np.asarray(r)).max() / np.abs(np.asarray(r)).max()) for g, r in zip(got, ref))
    print(f'  {name}: previous {t_old:.2f} s, now {t_new:.2f} s: {t_old / t_new:.1f}x faster; largest relative difference {diff:.1e}')


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--features', type=int, default=4096)
    p.add_argument('--neuroids', type=int, default=256)
    p.add_argument('--repetitions', type=int, default=50)
    p.add_argument('--sklearn-folds', type=int, default=10, help='folds to time scikit-learn on (scaled to 10; 0: skip it)')
    p.add_argument('--threads', type=int, default=1, help='BLAS threads for both sides')
    p.add_argument('--only', default='pls,ridge,internal_consistency')
    p.add_argument('--backend', default=None, help='also time brainscore_nb on this array backend (torch, torch:cuda, cupy)')
    p.add_argument('--repeats', type=int, default=3, help='calls of each brainscore_nb metric: the best time, then one for memory')
    p.add_argument('--previous-repeats', type=int, default=1, help='old-vs-new timings per predictor (0: skip)')
    a = p.parse_args(argv)
    from sklearn.cross_decomposition import PLSRegression
    from sklearn.linear_model import Ridge
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.crossval import cv_splits
    from brainscore_nb.metrics.regression import pls_cv, ridge_cv
    print(f'load average before: {os.getloadavg()}; cores: {os.cpu_count()}; BLAS threads: {a.threads}')
    rng = np.random.default_rng(0)
    ids = np.array([f's{i:05d}' for i in range(a.stimuli)])
    X = np.maximum(rng.normal(size=(a.stimuli, a.features)).astype(np.float32) + 0.2, 0)  # ReLU-like activations
    mix = rng.normal(size=(a.features, a.neuroids)).astype(np.float32) / np.sqrt(a.features)
    Y = (X @ mix + rng.normal(size=(a.stimuli, a.neuroids)).astype(np.float32) * 0.05).astype(np.float32)
    def assembly(values, prefix):
        return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])])})
    source, target = assembly(X, 'f'), assembly(Y, 'n')
    folds = cv_splits(target)
    inputs = X.nbytes + Y.nbytes
    print(f'source {X.shape} float32, target {Y.shape} float32: inputs {inputs / 1e6:.0f} MB; 10 folds')
    todo = a.only.split(',')
    with threadpool_limits(a.threads, user_api='blas'):
        for name, metric, make in [('pls', pls_cv, lambda: PLSRegression(25, scale=False)),
                                   ('ridge', ridge_cv, lambda: Ridge(alpha=1.0))]:
            if name not in todo: continue
            t_ours, score, peak = timed(lambda: metric(source, target), a.repeats, memory=True)
            k = min(a.sklearn_folds, 10)
            if k < 1: print(f'{name}: brainscore_nb {t_ours:.2f} s (scikit-learn skipped: --sklearn-folds 0); score {score.center:.5f}')
            else:
                t_ref, ref, _ = timed(lambda: reference_regression(make, X, Y, folds[:k]))
                t_ref *= 10 / k
                ours_k = float(np.mean(score.attrs['split_values'].values[:k]))
                print(f'{name}: brainscore_nb {t_ours:.2f} s, scikit-learn {t_ref:.1f} s{"" if k == 10 else f" (first {k} folds, scaled to 10)"}: '
                    f'{t_ref / t_ours:.0f}x faster; score {score.center:.5f} (sklearn on the same folds {ref:.5f}, ours {ours_k:.5f}); '
                    f'peak extra memory {peak / 1e6:.0f} MB = {peak / inputs:.2f}x the inputs')
            compare_backend(a.backend, name, metric, (source, target), score, t_ours)
            if a.previous_repeats:
                from brainscore_nb.metrics.regression import pls_predict, ridge_predict
                ref = previous_implementations()
                old, new = {'pls': (ref.ref_pls_predict, pls_predict), 'ridge': (ref.ref_ridge_predict, ridge_predict)}[name]
                Xf, Yf = X, Y.astype(np.float64)
                old_vs_new(f'{name}_predict (10 folds)', lambda: old(Xf, Yf, folds), lambda: new(Xf, Yf, folds), a.previous_repeats)
        if 'internal_consistency' in todo:
            from brainscore_nb.metrics.ceilings import internal_consistency
            n, nr, nn = a.stimuli, a.repetitions, a.neuroids
            signal = rng.normal(size=(n, nn)).astype(np.float32)
            order = rng.permutation(n * nr)
            values = (np.repeat(signal, nr, axis=0) + 2 * rng.normal(size=(n * nr, nn)).astype(np.float32))[order]
            reps = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
                'stimulus_id': ('presentation', np.repeat(ids, nr)[order]),
                'repetition': ('presentation', np.tile(np.arange(nr), n)[order]),
                'neuroid_id': ('neuroid', [f'n{i}' for i in range(nn)])})
            t_ours, ceiling, peak = timed(lambda: internal_consistency(reps), a.repeats, memory=True)
            t_ref, ref, _ = timed(lambda: reference_internal_consistency(reps))
            print(f'internal_consistency ({n} x {nn} x {nr} repetitions, {values.nbytes / 1e6:.0f} MB): brainscore_nb {t_ours:.2f} s, '
                  f'xarray+scipy {t_ref:.1f} s: {t_ref / t_ours:.0f}x faster; ceiling {ceiling.center:.5f} (reference {ref:.5f}); '
                  f'peak extra memory {peak / 1e6:.0f} MB = {peak / values.nbytes:.2f}x the input')
            compare_backend(a.backend, 'internal_consistency', internal_consistency, (reps,), ceiling, t_ours)
    print(f'load average after: {os.getloadavg()}')


def compare_backend(backend, name, metric, args, numpy_score, numpy_seconds):
    "Time `metric(*args, backend=backend)` (after a warm-up call) against the NumPy time; print the ratio and agreement"
    if backend is None: return
    metric(*args, backend=backend)  # warm-up: library initialisation and kernel compilation are not the metric's cost
    t, score, _ = timed(lambda: metric(*args, backend=backend))
    diff = np.nanmax(np.abs(score.attrs['raw'].values - numpy_score.attrs['raw'].values))
    print(f'  {name} on {backend}: {t:.2f} s = {numpy_seconds / t:.1f}x the NumPy speed; score {score.center:.5f}, '
          f'raw values within {diff:.1e} of NumPy\'s')


if __name__ == '__main__':
    main()
