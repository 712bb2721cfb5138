"""How far the exact metrics are from this machine's arithmetic floor, in one run.

    python benchmarks/bench_floor.py [--stimuli 3200] [--features 4096] [--neuroids 256] [--threads 1] [--repeats 3]
                                     [--similarity-only]

Any exact 10-fold ridge at the reference size (issue 15: 3200 stimuli x 4096 features -> 256 neuroids) must at
least form the stimulus kernel X X^T (symmetric: n^2 p / 2 multiply-adds, what NumPy's `X @ X.T` computes with
BLAS syrk), factor it once in float64 (n^3 / 3 flops; a float32 factor of a kernel this ill-conditioned does
not give the same numbers) and solve for the targets (2 n^2 t): those three steps alone, timed here with
NumPy/SciPy's BLAS on the same float32 features, are the floor. `ridge_cv` is timed on the same arrays,
alternating with the floor (best of `--repeats` each), and the ratio printed: near 1 means the metric is as fast
as this machine's BLAS allows, whatever the target in seconds says. The kernel's rate measured on the way
(GFLOP/s, float32) and the float64 factorization's tell what a target in seconds asks of the machine. The
machine's load is printed: other processes share the cores, so only the ratio within one run means much.
The floor is this method's floor on this machine's BLAS as configured: OpenBLAS picks its kernels by CPU (or by
`OPENBLAS_CORETYPE`; AVX2 kernels give a slower floor than AVX-512 ones) and the threads are pinned with
threadpoolctl (`--threads`, default 1), so the kernel and the thread count are printed with it.
Then rdm, cka, rdm_cv and cka_cv against their floors on the same arrays (`--similarity-only`: those alone;
`--stimuli 800 --features 2000 --neuroids 100` is bench_vs_brainscore's small size): an RDM is one row-centred
X X^T, a Spearman comparison one argsort of each upper triangle, CKA the cheaper of the two Gram matrices and
the feature products; each metric's time over its floor is printed.

Each floor is the cheapest exact arithmetic, so that no metric can beat it: every product of a matrix with its
own transpose is one BLAS syrk of its lower triangle only (half of `X @ X.T`'s cells, and none mirrored), in
the dtype the metric may use exactly (the features' float32 for the Gram matrices, summed in float64 as the
metrics do; float64 for the correlation-distance RDMs and the ridge factorisation), and each side's choice
between the n x n and the feature-space product is the cheaper one, timed. Times are CPU seconds of this
process (best of `--repeats`, the floor and the metric alternating): with one BLAS thread they are the
arithmetic's, and they move far less with the machine's load than wall-clock seconds do.
"""
import argparse
import os
import time

import numpy as np
import scipy.linalg
from threadpoolctl import threadpool_info, threadpool_limits


def best(fn, repeats):
    "Best CPU seconds of this process over `repeats` calls of fn, and its last result"
    times = []
    for _ in range(repeats):
        t = time.process_time(); out = fn(); times.append(time.process_time() - t)
    return min(times), out


def syrk(a, trans:int):
    "The lower triangle of a a' (trans 0) or a' a (trans 1), one BLAS syrk in a's dtype (float32 or float64)"
    f = scipy.linalg.blas.dsyrk if a.dtype == np.float64 else scipy.linalg.blas.ssyrk
    return f(1.0, a, trans=trans, lower=1)


def gram_rows(c):
    "c c' (n x n, lower triangle) of a C-ordered n x p array: its transpose is Fortran-ordered, no copy"
    return syrk(c.T, 1)


def gram_features(c):
    "c' c (p x p, lower triangle)"
    return syrk(c.T, 0)


def smaller_gram(c):
    "The cheaper of c c' and c' c (the same squared Frobenius norm)"
    return gram_rows(c) if c.shape[0] <= c.shape[1] else gram_features(c)


def floor(X, Y, alpha=1.0):
    "The kernel, one Cholesky and one solve: what every exact ridge over these stimuli computes at least"
    K = gram_rows(X).astype(np.float64, order='F')  # float32 syrk (lower triangle), factorised in float64
    K[np.diag_indices_from(K)] += alpha
    c = scipy.linalg.cho_factor(K, lower=True, overwrite_a=True, check_finite=False)
    return scipy.linalg.cho_solve(c, Y, check_finite=False)


def similarity_floors(source, target, X, Y, threads:int, repeats:int):
    "rdm, cka, rdm_cv, cka_cv against the arithmetic each cannot avoid, timed alternately in this run"
    from brainscore_nb.metrics.crossval import cv_splits
    from brainscore_nb.metrics.rsa import cka, cka_cv, rdm, rdm_cv
    n = len(X)
    tests = [te for _, te in cv_splits(target, train_size=None, test_size=0.9)]
    Xd, Yd = (np.asarray(v, np.float64) for v in (X, Y))
    rows = [v - v.mean(1, keepdims=True) for v in (Xd, Yd)]
    cols = [(v - v.mean(0, dtype=np.float64)).astype(v.dtype) for v in (X, Y)]  # the features' dtype
    cells = [np.random.default_rng(0).random(m * (m - 1) // 2) for m in (n, len(tests[0]))]
    # an RDM: one row-centred X X^T (syrk of the lower triangle, float64) per side; Spearman: one argsort of
    # the upper triangle per side
    rdm_floor = lambda: [gram_rows(r) for r in rows] + [np.argsort(cells[0]) for _ in range(2)]
    rdm_cv_floor = lambda: [gram_rows(r) for r in rows] + [np.argsort(cells[1]) for _ in range(2 * len(tests))]
    # CKA: the cheaper of the two Gram matrices (syrk, lower triangles) and the feature products (X'Y, and the
    # cheaper of X'X or XX' per side), in the features' dtype (float32 products keep CKA within 1e-6 when
    # summed in float64, as `cka` does); the cross-validated form: the Gram matrices once (its test parts'
    # HSIC from their blocks is O(n^2) per part)
    grams = lambda: [gram_rows(c) for c in cols]
    products = lambda: [cols[0].T @ cols[1]] + [smaller_gram(c) for c in cols]
    with threadpool_limits(threads, user_api='blas'):
        t_grams, t_products = best(grams, repeats)[0], best(products, repeats)[0]
        cka_floor = grams if t_grams <= t_products else products
        what = {'rdm': (rdm, rdm_floor, 'row-centred X X^T per side + one argsort of the upper triangle per side'),
                'cka': (cka, cka_floor, f"the cheaper of Gram matrices ({t_grams:.3f} s) and feature products "
                                        f"({t_products:.3f} s), in the features' dtype"),
                'rdm_cv': (rdm_cv, rdm_cv_floor, f'the two RDMs + one argsort per side per test part '
                                                 f'({len(tests)} parts of {len(tests[0])})'),
                'cka_cv': (cka_cv, grams, "the two Gram matrices, in the features' dtype")}
        for name, (metric, floor_fn, says) in what.items():
            metric(source, target)  # warm-up
            t_m, t_f = [], []
            for _ in range(repeats):  # alternating: the load changes under both alike
                t_f.append(best(floor_fn, 1)[0]); t_m.append(best(lambda: metric(source, target), 1)[0])
            print(f"{name}'s floor ({says}), with these kernels and {threads} BLAS thread(s): {min(t_f):.3f} s; "
                  f"{name}: {min(t_m):.3f} s = {min(t_m) / min(t_f):.2f}x the floor; load {os.getloadavg()[0]:.1f}",
                  flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--features', type=int, default=4096)
    p.add_argument('--neuroids', type=int, default=256)
    p.add_argument('--threads', type=int, default=1, help='BLAS threads')
    p.add_argument('--repeats', type=int, default=3)
    p.add_argument('--similarity-only', action='store_true', help='only the floors of rdm, cka, rdm_cv, cka_cv')
    a = p.parse_args(argv)
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.regression import ridge_cv
    kernels = sorted({f"{i.get('internal_api')} {i.get('version')} {i.get('architecture')}"
                      for i in threadpool_info() if i['user_api'] == 'blas'})
    print(f'load average before: {os.getloadavg()}; cores: {os.cpu_count()}; BLAS threads: {a.threads}; '
          f"BLAS kernels: {', '.join(kernels)} (OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', 'unset')})")
    rng = np.random.default_rng(0)
    n, f, t = a.stimuli, a.features, a.neuroids
    X = np.maximum(rng.normal(size=(n, f)).astype(np.float32) + 0.2, 0)
    Y = (X @ rng.normal(size=(f, t)).astype(np.float32) / np.sqrt(f)
         + rng.normal(size=(n, t)).astype(np.float32) * 0.05).astype(np.float32)
    ids = np.array([f's{i:05d}' for i in range(n)])
    def assembly(values, prefix):
        return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', ids),
            'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])])})
    source, target = assembly(X, 'f'), assembly(Y, 'n')
    kernel, factor = n * n * f, n ** 3 / 3  # flops: syrk (n(n+1)/2 dot products of length f), Cholesky
    flops = kernel + factor + 2 * n * n * t
    if a.similarity_only: return similarity_floors(source, target, X, Y, a.threads, a.repeats)
    with threadpool_limits(a.threads, user_api='blas'):
        ridge_cv(source, target)  # warm-up
        t_gemm, _ = best(lambda: gram_rows(X), a.repeats)
        K = gram_rows(X).astype(np.float64, order='F'); K[np.diag_indices_from(K)] += 1.0
        t_chol, _ = best(lambda: scipy.linalg.cho_factor(K, lower=True, check_finite=False), a.repeats)
        t_floor, t_ridge = [], []
        for _ in range(a.repeats):  # alternating: the load changes under both alike
            t_floor.append(best(lambda: floor(X, Y), 1)[0])
            t_ridge.append(best(lambda: ridge_cv(source, target), 1)[0])
    gflops = kernel / t_gemm / 1e9
    print(f'kernel X X^T ({n} x {f}, float32, syrk): {t_gemm:.3f} s = {gflops:.1f} GFLOP/s; '
          f'Cholesky ({n}, float64): {t_chol:.3f} s = {factor / t_chol / 1e9:.1f} GFLOP/s')
    print(f"ridge's floor, this method's (kernel + Cholesky + solve, {flops / 1e9:.1f} GFLOP), with these "
          f'kernels and {a.threads} BLAS thread(s): {min(t_floor):.3f} s; load {os.getloadavg()[0]:.1f}')
    print(f'ridge_cv (10 folds, every held-out prediction, Pearson per neuroid): {min(t_ridge):.3f} s = '
          f'{min(t_ridge) / min(t_floor):.2f}x the floor; load {os.getloadavg()[0]:.1f}')
    print(f'a 0.5 s target is {0.5 / min(t_floor):.2f}x the floor measured here')
    similarity_floors(source, target, X, Y, a.threads, a.repeats)
    print(f'load average after: {os.getloadavg()}')


if __name__ == '__main__':
    main()
