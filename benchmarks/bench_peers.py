"""brainscore_nb beside the libraries a user would pick for the same numbers, on the same arrays, in one run.

    python benchmarks/bench_peers.py [--stimuli 92,800] [--features 2000] [--neuroids 100] [--draws 1000]
                                     [--threads 1] [--seed 0]

Peers (not dependencies of this project; install them into the environment that runs this script):

    pip install rsatoolbox himalaya

- rsatoolbox (RDMs and their comparison): `calc_rdm(method='correlation')` and `compare(method='spearman')`
  against our `rdm`; its bootstrap over stimuli (`bootstrap_sample_pattern`, each draw's RDMs compared again:
  a repeated stimulus's pairs with itself are left out) against ours (`metrics.uncertainty.bootstrap`, the
  drawn pairs weighted by their multiplicity, each draw ranked again). The two resample the same way in spirit,
  not draw for draw, so their intervals are compared, not their draws.
- himalaya (ridge): `himalaya.ridge.Ridge(alpha=1, fit_intercept=True)` fitted on each of Brain-Score's ten
  training parts against our `ridge_predict` (every fold from one factorization); both scored the same way
  (Pearson r per neuroid on the test part, median, mean over folds), and the largest prediction difference shown.

Sizes: the stimuli of `--stimuli` (92: Kriegeskorte 2008's; 800: bench_vs_brainscore's small size), features
ReLU-like float32, neuroids linear in them plus noise. BLAS threads are pinned with threadpoolctl (`--threads`,
default 1) and the load average is printed beside every line: the machine is shared, so only ratios within
one run mean much; CPU seconds (one thread) move less with the load than wall-clock seconds and are printed too.
"""
import argparse
import os
import sys
import time

import numpy as np
from threadpoolctl import threadpool_limits


def timed(fn, repeats:int=3):
    "Best wall-clock and CPU seconds of `repeats` calls of fn, and its last result"
    best, cpu, out = np.inf, np.inf, None
    for _ in range(repeats):
        t, c = time.perf_counter(), time.process_time()
        out = fn()
        best, cpu = min(best, time.perf_counter() - t), min(cpu, time.process_time() - c)
    return best, cpu, out


def line(name:str, ours:float, theirs:float, t_ours:tuple, t_theirs:tuple, peer:str):
    "One row: both values, their difference, both times (wall and CPU), the ratio, the load"
    print(f"{name:<34}{ours:>11.6f}{theirs:>11.6f}{ours - theirs:>10.1e}{t_ours[0]:>9.3f}{t_theirs[0]:>9.3f}"
          f"{t_theirs[0] / t_ours[0]:>7.1f}x{t_ours[1]:>9.3f}{t_theirs[1]:>9.3f}{t_theirs[1] / t_ours[1]:>6.1f}x"
          f"{os.getloadavg()[0]:>6.1f}  {peer}", flush=True)


def arrays(n:int, p:int, q:int, seed:int):
    "ReLU-like float32 features and neuroids linear in them plus noise"
    rng = np.random.default_rng(seed)
    X = np.maximum(rng.normal(size=(n, p)) + 0.2, 0).astype(np.float32)
    Y = (X @ (rng.normal(size=(p, q)) / np.sqrt(p)) + 0.5 * rng.normal(size=(n, q))).astype(np.float32)
    return X, Y


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', default='92,800', help='comma-separated numbers of stimuli')
    p.add_argument('--features', type=int, default=2000)
    p.add_argument('--neuroids', type=int, default=100)
    p.add_argument('--draws', type=int, default=1000, help='bootstrap draws on each side')
    p.add_argument('--threads', type=int, default=1, help='BLAS threads (threadpoolctl)')
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args(argv)
    try:
        import himalaya.ridge
        import rsatoolbox
    except ImportError as e:
        sys.exit(f"bench_peers.py needs the peers installed: pip install rsatoolbox himalaya ({e})")
    from rsatoolbox.data import Dataset
    from rsatoolbox.inference import bootstrap_sample_pattern
    from rsatoolbox.rdm import calc_rdm, compare
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.crossval import cv_splits, pearson_columns
    from brainscore_nb.metrics.regression import ridge_predict
    from brainscore_nb.metrics.rsa import rdm
    from brainscore_nb.metrics.uncertainty import bootstrap
    import himalaya.backend
    import warnings
    warnings.simplefilter('ignore')  # the peers' deprecation warnings, one per call
    himalaya.backend.set_backend('numpy')
    print(f"load average {os.getloadavg()[0]:.1f}; cores {os.cpu_count()}; {a.threads} BLAS thread(s); "
          f"{a.features} features -> {a.neuroids} neuroids; {a.draws} draws; seed {a.seed}")
    print(f"{'ratio: peer s / ours s':<34}{'ours':>11}{'peer':>11}{'diff':>10}{'ours s':>9}{'peer s':>9}{'ratio':>8}"
          f"{'ours cpu':>9}{'peer cpu':>9}{'ratio':>7}{'load':>6}")
    for n in (int(s) for s in a.stimuli.split(',')):
        X, Y = arrays(n, a.features, a.neuroids, a.seed)
        ids = np.array([f's{i:05d}' for i in range(n)])
        objects = np.array([f'o{i % 8}' for i in range(n)])
        def assembly(values, prefix):
            return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
                'stimulus_id': ('presentation', ids), 'object_name': ('presentation', objects),
                'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])])})
        source, target = assembly(X, 'f'), assembly(Y, 'n')
        with threadpool_limits(a.threads, user_api='blas'):
            # RDMs and their Spearman comparison
            t_o, c_o, ours = timed(lambda: rdm(source, target))
            def peer_rdm():
                r1, r2 = (calc_rdm(Dataset(v, obs_descriptors={'index': np.arange(n)}), method='correlation')
                          for v in (X, Y))
                return r1, r2, float(compare(r1, r2, method='spearman')[0, 0])
            t_p, c_p, (r1, r2, theirs) = timed(peer_rdm)
            line(f'rdm ({n} stimuli)', float(ours), theirs, (t_o, c_o), (t_p, c_p), 'rsatoolbox')
            # the bootstrap over stimuli: intervals compared
            t_o, c_o, b = timed(lambda: bootstrap(ours, n_draws=a.draws), 1)
            def peer_bootstrap():
                np.random.seed(a.seed)
                draws = []
                for _ in range(a.draws):
                    s1, idx = bootstrap_sample_pattern(r1)
                    s2 = r2.subsample_pattern('index', idx)
                    draws.append(float(compare(s1, s2, method='spearman')[0, 0]))
                return np.array(draws)
            t_p, c_p, draws = timed(peer_bootstrap, 1)
            lo, hi = np.nanpercentile(draws, [2.5, 97.5])
            line(f'rdm bootstrap ci_low ({n})', b['ci_low'], lo, (t_o, c_o), (t_p, c_p), 'rsatoolbox')
            print(f"{'rdm bootstrap ci_high':<34}{b['ci_high']:>11.6f}{hi:>11.6f}{b['ci_high'] - hi:>10.1e}")
            # ridge on Brain-Score's ten splits
            folds = cv_splits(target)
            def score(preds):
                return float(np.mean([np.median(pearson_columns(p, Y[te].astype(np.float64)))
                                      for p, (_, te) in zip(preds, folds)]))
            t_o, c_o, ours_p = timed(lambda: ridge_predict(X, Y, folds, alpha=1.0))
            def peer_ridge():
                out = []
                for tr, te in folds:
                    m = himalaya.ridge.Ridge(alpha=1.0, fit_intercept=True).fit(X[tr], Y[tr])
                    out.append(np.asarray(m.predict(X[te]), np.float64))
                return out
            t_p, c_p, peer_p = timed(peer_ridge)
            line(f'ridge, 10 folds ({n})', score(ours_p), score(peer_p), (t_o, c_o), (t_p, c_p), 'himalaya')
            diff = max(np.abs(o - q).max() / np.abs(q).max() for o, q in zip(ours_p, peer_p))
            print(f"{'  largest prediction difference':<34}{diff:>11.1e} (relative to the largest prediction)")


if __name__ == '__main__':
    main()
