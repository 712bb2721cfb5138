"""Every metric on the same arrays in brainscore_nb and in Brain-Score itself: values, differences, times.

    python benchmarks/bench_vs_brainscore.py --brainscore-python /work/bsvenv/bin/python [--size small|reference]
                                             [--only pls,ridge,...] [--threads 1] [--seed 0] [--coretype SkylakeX]
                                             [--repeats 1]

Brain-Score lives in its own environment, never a dependency of this project (`python3 -m venv bsvenv &&
bsvenv/bin/pip install torch==2.13.0 && BS_INSTALL_DEPENDENCIES=no bsvenv/bin/pip install
brainscore-vision==2.4.2 brainscore-core==2.5.0`, about 6.5 GB); this script never imports it. It writes seeded arrays to a temporary .npz, then for
each metric runs our side (this python) and Brain-Score's side (`_brainscore_side.py` under the given python)
in separate processes, alternating which goes first, and prints per metric both values, their difference,
both times (the metric call only: imports and loading excluded), the ratio and the machine's 1-minute load
average when the line was measured, and both sides' CPU seconds and their ratio (with one BLAS thread a
side, CPU time moves far less with the load than wall-clock time does). `--repeats N` runs each side N times,
each a first call in a fresh process, alternating, and prints the least wall and CPU seconds of each side (the
load: the highest seen): on a shared machine the least of a few first calls is what the code costs.
Each side pins its BLAS to `--threads` threads (environment variables and
threadpoolctl around the call; default 1: on a shared machine, ratios measured with one thread a side swing
least with the load) and reports the OpenBLAS kernel it runs (threadpoolctl's `architecture`), printed once.
Only ratios measured in one run, at a stated load, mean much.

Sizes: small is 800 stimuli x 2000 features -> 100 neuroids (more features than training stimuli), 10
repetitions for internal_consistency; reference is 3200 x 4096 -> 256, 50 repetitions (minutes on
Brain-Score's side: its PLS alone takes about 4 minutes). 8 objects, Brain-Score's default splits.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

SIZES = {'small': dict(stimuli=800, features=2000, neuroids=100, repetitions=10),
         'reference': dict(stimuli=3200, features=4096, neuroids=256, repetitions=50)}
METRICS = ['pls', 'ridge', 'linear_predictivity', 'neuron_to_neuron', 'cka', 'cka_cv', 'rdm', 'rdm_cv',
           'internal_consistency']
HERE = Path(__file__).resolve().parent


def make_arrays(stimuli:int, features:int, neuroids:int, repetitions:int, seed:int=0, objects:int=8)->dict:
    "Seeded arrays: ReLU-like features, neuroids linear in them plus noise, and repeated noisy presentations"
    rng = np.random.default_rng(seed)
    ids = np.array([f's{i:05d}' for i in range(stimuli)])
    X = np.maximum(rng.normal(size=(stimuli, features)) + 0.2, 0).astype(np.float32)
    mix = rng.normal(size=(features, neuroids)) / np.sqrt(features)
    Y = (X @ mix + 0.5 * rng.normal(size=(stimuli, neuroids))).astype(np.float32)
    order = rng.permutation(stimuli * repetitions)
    signal = rng.normal(size=(stimuli, neuroids))
    rep_values = (np.repeat(signal, repetitions, axis=0) + 2 * rng.normal(size=(stimuli * repetitions, neuroids)))
    return dict(X=X, Y=Y, ids=ids, objects=np.array([f'o{i % objects}' for i in range(stimuli)]),
                source_order=rng.permutation(stimuli), rep_values=rep_values.astype(np.float32)[order],
                rep_ids=np.repeat(ids, repetitions)[order], rep_numbers=np.tile(np.arange(repetitions), stimuli)[order])


def our_side(path:str, name:str, threads:int=1):
    "Run one of our metrics on the arrays in `path` and print one JSON line (value, error, seconds)"
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.registry import load_metric, load_ceiling
    d = np.load(path)
    def assembly(values, ids, objects, prefix):
        return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', ids), 'object_name': ('presentation', objects),
            'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])])})
    if name == 'internal_consistency':
        fn = load_ceiling(name)
        args = (NeuroidAssembly(d['rep_values'], dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', d['rep_ids']), 'repetition': ('presentation', d['rep_numbers']),
            'neuroid_id': ('neuroid', [f'n{i}' for i in range(d['rep_values'].shape[1])])}),)
    else:
        fn, ids, objects, order = load_metric(name), d['ids'], d['objects'], d['source_order']
        args = (assembly(d['X'][order], ids[order], objects[order], 'f'), assembly(d['Y'], ids, objects, 'n'))
    from threadpoolctl import threadpool_info, threadpool_limits
    with threadpool_limits(threads, user_api='blas'):
        t, cpu = time.perf_counter(), time.process_time()
        score = fn(*args)
        seconds = time.perf_counter() - t
        cpu = time.process_time() - cpu
    error = score.attrs.get('error')
    blas = sorted({f"{i.get('internal_api')} {i.get('version')} {i.get('architecture')}"
                   for i in threadpool_info() if i['user_api'] == 'blas'})
    print(json.dumps({'value': float(score), 'error': None if error is None else float(error), 'seconds': seconds, 'cpu': cpu,
                      'blas': ', '.join(blas), 'load': os.getloadavg()[0]}))


def run_side(cmd:list, threads:int, coretype:str|None=None)->dict:
    "Run one side in its own process with `threads` BLAS threads; its last stdout line is the JSON result"
    env = {**os.environ, **{k: str(threads) for k in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS')},
           'BS_INSTALL_DEPENDENCIES': 'no', 'PYTHONWARNINGS': 'ignore'}
    if coretype: env['OPENBLAS_CORETYPE'] = coretype  # both sides on one OpenBLAS kernel
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    lines = [l for l in p.stdout.splitlines() if l.startswith('{')]
    if p.returncode or not lines:
        return {'failed': (p.stderr.strip().splitlines() or ['no output'])[-1]}
    return json.loads(lines[-1])


def least(results:list)->dict:
    "One side's runs as one: the least seconds and CPU seconds, the highest load; the first failure if any"
    if failed := [r for r in results if 'failed' in r]: return failed[0]
    values = {r['value'] for r in results}
    if len(values) > 1: return {'failed': f"its runs gave different values {sorted(values)}"}
    return {**results[0], **{k: min(r[k] for r in results) for k in ('seconds', 'cpu')},
            'load': max(r['load'] for r in results)}


def kernels(blas:str)->set:
    "The OpenBLAS kernels named in a side's BLAS line ('openblas 0.3.30 SkylakeX, ...' -> {'SkylakeX'})"
    return {part.split()[-1] for part in blas.split(', ') if part.strip()}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--brainscore-python', required=True, help="python of an environment with Brain-Score installed")
    p.add_argument('--size', choices=list(SIZES), default='small')
    p.add_argument('--only', default=','.join(METRICS), help='comma-separated metrics')
    p.add_argument('--threads', type=int, default=1, help='BLAS threads for each side (pinned by threadpoolctl)')
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--repeats', type=int, default=1, help='runs of each side per metric (fresh processes, '
                                                          'alternating); the least seconds are printed')
    p.add_argument('--coretype', help="OpenBLAS kernel for both sides (OPENBLAS_CORETYPE, e.g. Haswell or SkylakeX); "
                                      "default: each side's own choice, which may differ (the run then says so)")
    a = p.parse_args(argv)
    todo = a.only.split(',')
    if unknown := [m for m in todo if m not in METRICS]:
        p.error(f"unknown metric(s) {unknown}; known: {', '.join(METRICS)}")
    if a.repeats < 1: p.error(f"--repeats must be at least 1, got {a.repeats}")
    if not Path(a.brainscore_python).exists():
        p.error(f"no python at {a.brainscore_python}: give the python of a Brain-Score environment (see the docstring)")
    size = SIZES[a.size]
    print(f"{a.size}: {size['stimuli']} stimuli x {size['features']} features -> {size['neuroids']} neuroids, "
          f"{size['repetitions']} repetitions; seed {a.seed}; {a.threads} BLAS thread(s) per side; "
          f"{'one run' if a.repeats == 1 else f'the least of {a.repeats} runs'} per side (each a first "
          f"call in a fresh process); load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix='bench-vs-brainscore-') as tmp:
        path = str(Path(tmp) / 'arrays.npz')
        np.savez(path, **make_arrays(**size, seed=a.seed))
        ours = lambda m: run_side([sys.executable, __file__, '--our-side', path, m, str(a.threads)], a.threads,
                                  a.coretype)
        theirs = lambda m: run_side([a.brainscore_python, str(HERE / '_brainscore_side.py'), path, m,
                                     str(a.threads)], a.threads, a.coretype)
        print(f"{'metric':<22}{'Brain-Score':>13}{'ours':>13}{'difference':>12}{'BS s':>9}{'ours s':>9}{'ratio':>8}"
              f"{'load':>6}{'BS cpu':>8}{'ours cpu':>9}{'ratio':>7}")
        blas_said = False
        for i, m in enumerate(todo):
            runs = {ours: [], theirs: []}
            for r in range(a.repeats):
                for side in ([ours, theirs] if (i + r) % 2 == 0 else [theirs, ours]):
                    runs[side].append(side(m))  # alternating who runs first
            b, o = (least(runs[side]) for side in (theirs, ours))
            if 'failed' in b or 'failed' in o:
                print(f"{m:<22} failed: Brain-Score: {b.get('failed', 'ok')}; ours: {o.get('failed', 'ok')}")
                continue
            if not blas_said:
                print(f"  BLAS: Brain-Score's side {b.get('blas', '?')}; ours {o.get('blas', '?')}")
                if kernels(b.get('blas', '')) != kernels(o.get('blas', '')):
                    print(f"  WARNING: the two sides run different OpenBLAS kernels ({kernels(b.get('blas', ''))} vs "
                          f"{kernels(o.get('blas', ''))}): the ratios below measure the kernels as much as the code; "
                          "pin both with --coretype Haswell (or SkylakeX)")
                blas_said = True
            load = max(b.get('load', np.nan), o.get('load', np.nan))  # the higher of the two sides' loads
            print(f"{m:<22}{b['value']:>13.6f}{o['value']:>13.6f}{o['value'] - b['value']:>12.1e}"
                  f"{b['seconds']:>9.3f}{o['seconds']:>9.3f}{b['seconds'] / o['seconds']:>7.1f}x{load:>6.1f}"
                  f"{b['cpu']:>8.3f}{o['cpu']:>9.3f}{b['cpu'] / o['cpu']:>6.1f}x",
                  flush=True)


if __name__ == '__main__':
    if sys.argv[1:2] == ['--our-side']: our_side(*sys.argv[2:4], int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    else: main()
