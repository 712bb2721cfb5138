"""RDM similarity and CKA at fMRI scale: many stimuli, or many voxels; time and peak memory of each call.

    python benchmarks/bench_scale.py [--stimuli 20000] [--voxels 100000] [--threads 1] [--only rdm,cka]

Two cases per metric, both float32 as models and fMRI betas come:
- many stimuli: `--stimuli` stimuli x 100 features (source) against x 50 neuroids (target). Past 8192 stimuli
  `rdm` holds no RDM: both upper triangles are ranked in one complex128 array (16 bytes a pair of stimuli, one
  n x n float64's worth), each computed a block of rows at a time (the bootstrap's RDMs are built only if it
  asks); `cka` works from feature products (no n x n matrix at all).
- many voxels: 1000 stimuli x 2000 features (source) against 1000 x `--voxels` voxels (target): the RDM's and
  the Gram matrix's products run over blocks of voxels, so the only large arrays are the inputs themselves.
Peak memory is tracemalloc's peak during the call (NumPy reports its allocations to it), beside the size of one
n x n float64 matrix and of the inputs; the time is wall-clock (and CPU) of the same call. BLAS threads are
pinned with threadpoolctl and the load average is printed on every line (the machine may be shared).
"""
import argparse
import os
import time
import tracemalloc

import numpy as np
from threadpoolctl import threadpool_limits


def assembly(values, ids, prefix):
    from brainscore_nb.data.assemblies import NeuroidAssembly
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])])})


def case(n:int, p:int, q:int, seed:int=0):
    "Float32 ReLU-like features (n x p) and a target (n x q) sharing a low-dimensional signal"
    rng = np.random.default_rng(seed)
    latent = rng.normal(size=(n, 20)).astype(np.float32)
    X = np.maximum(latent @ rng.normal(size=(20, p)).astype(np.float32) + rng.normal(size=(n, p)).astype(np.float32), 0)
    Y = latent @ rng.normal(size=(20, q)).astype(np.float32) + 2 * rng.normal(size=(n, q)).astype(np.float32)
    ids = np.array([f's{i:06d}' for i in range(n)])
    return assembly(X, ids, 'f'), assembly(Y, ids, 'v')


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--stimuli', type=int, default=20000)
    p.add_argument('--voxels', type=int, default=100000)
    p.add_argument('--threads', type=int, default=1)
    p.add_argument('--only', default='rdm,cka')
    a = p.parse_args(argv)
    from brainscore_nb.metrics.rsa import cka, rdm
    metrics = {'rdm': rdm, 'cka': cka}
    print(f"load average {os.getloadavg()[0]:.1f}; cores {os.cpu_count()}; {a.threads} BLAS thread(s)")
    print(f"{'case':<42}{'value':>10}{'s':>9}{'cpu s':>9}{'peak GB':>9}{'n x n GB':>9}{'inputs GB':>10}{'load':>6}")
    for label, (n, fp, fq) in {'many stimuli': (a.stimuli, 100, 50), 'many voxels': (1000, 2000, a.voxels)}.items():
        source, target = case(n, fp, fq)
        inputs = (source.values.nbytes + target.values.nbytes) / 1e9
        for name in a.only.split(','):
            with threadpool_limits(a.threads, user_api='blas'):
                tracemalloc.start()
                t, c = time.perf_counter(), time.process_time()
                score = metrics[name](source, target)
                t, c = time.perf_counter() - t, time.process_time() - c
                peak = tracemalloc.get_traced_memory()[1] / 1e9
                tracemalloc.stop()
            value = float(score); del score
            print(f"{f'{name}, {label} ({n} x {fp} -> {fq})':<42}{value:>10.4f}{t:>9.2f}{c:>9.2f}{peak:>9.2f}"
                  f"{8 * n * n / 1e9:>9.2f}{inputs:>10.2f}{os.getloadavg()[0]:>6.1f}", flush=True)

if __name__ == '__main__':
    main()
