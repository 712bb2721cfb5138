"""Speed of batch runs, as ratios measured in one run (not a test: machines are noisy).

    python benchmarks/bench_batch.py [--models pixels gabor-v1] [--workers 2]
    python benchmarks/bench_batch.py --main-job [--checkout PATH ...]

`--main-job` times README's first command after install, `brainscore-nb run --models pixels efficientnet-lite0
--benchmarks all --out OUT`, with an empty store (data built from the mirror, BRAINSCORE_NB_MIRROR) in a fresh
process, once per `--checkout` (default: this one; name another, e.g. /work/main, for a before/after ratio in one
run), and prints the wall time, the CPU seconds its processes used (on a shared machine the wall time mostly
measures the other users), `uptime`'s load before and after, and where the time went: the pairs' summed
`elapsed` by model and data family, failed pairs (offline catalog benchmarks) apart.

Without it, it scores the models on the small real benchmarks of tests/small_benchmarks.py (Cowley 2023 V4 ridge, Kriegeskorte
2008 IT RDM, and one that fails) three times, each into a fresh results folder:
1. one pair at a time in this process (a 1-thread executor), with an empty activation cache;
2. on a LocalCluster of `--workers` processes (1 thread, 1 BLAS thread each), with an empty activation cache;
3. on the same kind of cluster again, with the cache that run 2 filled (activations shared across runs and benchmarks).
Cluster start-up is included in 2 and 3, as a user sees it.
"""
import argparse
import os
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests'))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--models', nargs='+', default=['pixels', 'gabor-v1'])
    p.add_argument('--workers', type=int, default=2)
    p.add_argument('--main-job', action='store_true', help="time README's first command instead")
    p.add_argument('--checkout', nargs='+', default=[str(Path(__file__).resolve().parents[1])],
                   help='checkouts whose code runs the main job (with --main-job)')
    a = p.parse_args(argv)
    if a.main_job: return main_job(a.checkout, a.workers)
    import small_benchmarks
    from brainscore_nb.batch import run
    from brainscore_nb.registry import load_dataset
    benchmarks = small_benchmarks.register()
    tmp = Path(tempfile.mkdtemp(prefix='bench-batch-'))
    os.environ['BRAINSCORE_NB_HOME'] = str(tmp / 'warm-data')
    load_dataset('Cowley2023.210325'), load_dataset('Kriegeskorte2008.hIT')  # datasets packaged once, outside the timings

    def timed(name, home, **kw):
        os.environ['BRAINSCORE_NB_HOME'] = str(home)
        if not (home / 'catalog.sqlite').exists() and home != tmp / 'warm-data':
            import shutil
            shutil.copytree(tmp / 'warm-data', home, dirs_exist_ok=True, ignore=shutil.ignore_patterns('activations'))
        t = time.perf_counter()
        table = run(a.models, benchmarks, out=tmp / name, progress=False, **kw)
        return time.perf_counter() - t, table

    serial, t1 = timed('serial', tmp / 'home-serial', executor=ThreadPoolExecutor(1))
    cold, t2 = timed('cluster-cold', tmp / 'home-cluster', n_workers=a.workers)
    warm, t3 = timed('cluster-warm', tmp / 'home-cluster', n_workers=a.workers)
    print(f'{len(t1)} pairs ({(t1.status == "ok").sum()} scored, {(t1.status != "ok").sum()} failing by design), models {a.models}')
    print(f'serial, cold cache:                {serial:6.1f} s')
    print(f'{a.workers}-worker LocalCluster, cold cache: {cold:6.1f} s   speed-up over serial {serial / cold:4.2f}x')
    print(f'{a.workers}-worker LocalCluster, warm cache: {warm:6.1f} s   speed-up over cold   {cold / warm:4.2f}x')
    same = (t1.set_index(['model', 'benchmark']).score - t3.set_index(['model', 'benchmark']).score).abs().max()
    print(f'largest score difference between the serial and cluster runs: {same:.2e}')


def load():
    import subprocess
    return subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip().split('load average: ')[-1]


def cpu():
    "User + system CPU seconds of this process's finished children (and theirs: Dask workers included)"
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main_job(checkouts, workers):
    "Time the main job from an empty store once per checkout; print the time and its breakdown"
    import re
    import shutil
    import subprocess
    import pandas as pd
    times = {}
    for checkout in checkouts:
        tmp = Path(tempfile.mkdtemp(prefix='bench-main-job-'))
        env = dict(os.environ, PYTHONPATH=checkout, BRAINSCORE_NB_HOME=str(tmp / 'home'),
                   BRAINSCORE_NB_PACKAGES_DIR=str(tmp / 'packages'))
        env.setdefault('BRAINSCORE_NB_MIRROR', str(Path(checkout).resolve().parent / 'shared' / 'mirror'))
        cmd = [sys.executable, '-c', 'from brainscore_nb.cli import main; main()', 'run', '--models', 'pixels', 'efficientnet-lite0',
               '--benchmarks', 'all', '--out', str(tmp / 'results'), '--no-progress', '--workers', str(workers)]
        before, start, used = load(), time.perf_counter(), cpu()
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        times[checkout] = wall = time.perf_counter() - start
        print(f'{checkout}: main job {wall:.1f} s (exit {done.returncode}), {cpu() - used:.0f} CPU s in its processes '
              f'(wall time on an idle machine is at least CPU s / cores); load before {before}, after {load()}')
        if done.returncode: print(done.stdout[-2000:], done.stderr[-2000:])
        t = pd.read_csv(tmp / 'results' / 'results.csv')
        t['family'] = [re.split(r'[.-]', re.sub(r'^[a-z]+\.', '', b))[0] for b in t.benchmark]
        print(f"  {(t.status == 'ok').sum()} pairs scored, {(t.status != 'ok').sum()} failed "
              f"(summed elapsed of the failed: {t.elapsed[t.status != 'ok'].sum():.1f} s)")
        by = t[t.status == 'ok'].groupby(['model', 'family']).elapsed.agg(['count', 'sum']).round(1)
        print(by.sort_values('sum', ascending=False).to_string())
        shutil.rmtree(tmp, ignore_errors=True)
    if len(times) == 2:
        (a, ta), (b, tb) = times.items()
        print(f'ratio {a} / {b}: {ta / tb:.2f}')


if __name__ == '__main__':
    main()
