"""How far the exact metrics are from this machine's arithmetic floor, in one run.

    python benchmarks/bench_floor.py [--stimuli 3200] [--features 4096] [--neuroids 256] [--threads 1] [--repeats 3]

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
"""
import argparse
import os
import time

import numpy as np
import scipy.linalg
from threadpoolctl import threadpool_info, threadpool_limits


def best(fn, repeats):
    "Best wall-clock seconds of `repeats` calls of fn, and its last result"
    times = []
    for _ in range(repeats):
        t = time.perf_counter(); out = fn(); times.append(time.perf_counter() - t)
    return min(times), out


def floor(X, Y, alpha=1.0):
    "The kernel, one Cholesky and one solve: what every exact ridge over these stimuli computes at least"
    K = (X @ X.T).astype(np.float64, order='F')  # NumPy: syrk for a product of an array with its own transpose
    K[np.diag_indices_from(K)] += alpha
    c = scipy.linalg.cho_factor(K, lower=True, overwrite_a=True, check_finite=False)
    return scipy.linalg.cho_solve(c, Y, check_finite=False)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=3200)
    p.add_argument('--features', type=int, default=4096)
    p.add_argument('--neuroids', type=int, default=256)
    p.add_argument('--threads', type=int, default=1, help='BLAS threads')
    p.add_argument('--repeats', type=int, default=3)
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
    with threadpool_limits(a.threads, user_api='blas'):
        ridge_cv(source, target)  # warm-up
        t_gemm, _ = best(lambda: X @ X.T, a.repeats)
        K = (X @ X.T).astype(np.float64, order='F'); K[np.diag_indices_from(K)] += 1.0
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
    print(f'load average after: {os.getloadavg()}')


if __name__ == '__main__':
    main()
