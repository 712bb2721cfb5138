"""The installed `brainscore-nb` command, run as users run it: in real subprocesses (batch runs on a real 2-worker
Dask LocalCluster), with the small real benchmarks of tests/small_benchmarks.py registered through --import."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
from PIL import Image

from brainscore_nb.batch import read_results

BIN = Path(sys.executable).parent / 'brainscore-nb'
SMALL = str(Path(__file__).parent / 'small_benchmarks.py')
PAIRS = [(m, b) for m in ('gabor-v1', 'pixels') for b in ('Small.IT-rdm', 'Small.MT-ridge', 'Small.V4-ridge')]


def cli(*args, check=True):
    p = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=600)
    if check: assert p.returncode == 0, p.stdout + p.stderr
    return p


def test_list_and_suggestions():
    from brainscore_nb.models.library import LIBRARY_MODELS, importable  # libraries' models, as installed
    installed = [i for i, s in LIBRARY_MODELS.items() if importable(s.library)]
    assert cli('list', 'models').stdout.split() == sorted(['efficientnet-lite0', 'efficientnet-lite1', 'efficientnet-lite2', 'gabor-v1', 'pixels'] + installed)
    assert 'Cowley2023.210325' in cli('list', 'datasets').stdout.split()
    listed = cli('--import', SMALL, 'list', 'benchmarks').stdout.split()
    assert {'Small.IT-rdm', 'Small.MT-ridge', 'Small.V4-ridge', 'Cowley2023.V4-pls', 'Geirhos2019.edges-accuracy'} <= set(listed)
    from brainscore_nb.registry import list_benchmarks
    from brainscore_nb.benchmarks.base import benchmark_registry
    list_benchmarks()  # the library's own (test modules register theirs in this process too: left out)
    ours = {k for k, f in benchmark_registry.items() if getattr(getattr(f, 'func', f), '__module__', '').startswith('brainscore_nb.')}
    small = {'Small.IT-rdm', 'Small.MT-ridge', 'Small.V4-ridge'}
    assert listed == sorted(listed) and set(listed) - small == ours and len(listed) == len(set(listed))
    p = cli('list', 'model', check=False)
    assert p.returncode == 2 and "no kind 'model'; did you mean 'models'?" in p.stderr
    p = cli('--import', SMALL, 'score', 'gabor', 'Small.IT-rdm', check=False)
    assert p.returncode == 1 and "no model 'gabor'; did you mean 'gabor-v1'?" in p.stderr
    p = cli('--import', SMALL, 'run', '--models', 'pixels', '--benchmarks', 'Small.V4-rigde', '--out', 'x', check=False)
    assert p.returncode == 1 and "did you mean 'Small.V4-ridge'" in p.stderr
    assert cli('--version').stdout.startswith('brainscore-nb, version ')


def test_score():
    out = cli('--import', SMALL, 'score', 'pixels', 'Small.IT-rdm').stdout
    assert out.startswith('pixels on Small.IT-rdm: <Score 0.') and 'status' not in out
    fields = dict(kv.split('=', 1) for kv in out.splitlines()[1].split())
    assert abs(float(fields['score']) - float(fields['raw']) / float(fields['ceiling'])) < 1e-9
    assert fields['benchmark_version'] == '1' and len(fields['data_sha1']) == 40


def test_run_interrupted_then_resumed(tmp_path):
    "Interrupt a 2-worker Dask run after its first finished pair; the second run scores only what is missing"
    out = tmp_path / 'results'
    small = sorted({b for _, b in PAIRS})
    args = [str(BIN), '--import', SMALL, 'run', '--models', 'pixels', 'gabor-v1', '--benchmarks', *small, '--out', str(out), '--no-progress']
    first = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while first.poll() is None and not (out / 'results.parquet').exists(): time.sleep(0.1)
    first.send_signal(signal.SIGINT)
    log = first.communicate(timeout=120)[0]
    assert first.returncode != 0, log
    assert 'Dask: 2 workers at tcp://127.0.0.1:' in log
    before = read_results(out)
    assert 1 <= len(before) < len(PAIRS), before
    done = before[before.status == 'ok']

    second = cli(*args[1:])
    assert f'{len(done)} of 6 pairs already scored' in second.stdout
    after = read_results(out)
    assert list(zip(after.model, after.benchmark)) == PAIRS
    kept = after.set_index(['model', 'benchmark']).loc[list(zip(done.model, done.benchmark))]
    pd.testing.assert_frame_equal(kept.reset_index(), done.reset_index(drop=True))  # finished pairs were not run again
    assert after.status.tolist() == ['ok', 'failed', 'ok'] * 2
    assert "has no layer committed to region 'MT'" in (out / 'logs' / 'pixels__Small.MT-ridge.log').read_text()
    assert '4 pairs scored, 2 failed' in second.stdout
    for name in ('leaderboard.csv', 'benchmarks.png', 'benchmarks.svg', 'heatmap.png', 'heatmap.svg', 'results.csv'):
        assert (out / name).stat().st_size > 0, name

    third = cli(*args[1:])
    assert '4 of 6 pairs already scored in' in third.stdout  # the failed pairs are retried, and fail again
    board = cli('leaderboard', str(out / 'results.parquet'), '--out', str(tmp_path / 'board')).stdout
    assert board.splitlines()[2].split()[0] in ('gabor-v1', 'pixels')
    table = pd.read_csv(tmp_path / 'board' / 'leaderboard.csv', index_col='model')
    assert sorted(table.index) == ['gabor-v1', 'pixels']
    assert (table[['V4', 'IT']].mean(axis=1) - table['average']).abs().max() < 1e-4
    assert Image.open(tmp_path / 'board' / 'heatmap.png').size[0] > 500


def test_package(tmp_path):
    "A folder of real images with a metadata CSV is validated (a missing file is reported, nothing written) and packaged"
    from data_packaging import kriegeskorte2008
    k92 = kriegeskorte2008.stimulus_set().iloc[:6]
    folder = tmp_path / 'images'
    folder.mkdir()
    for sid in k92.stimulus_id: shutil.copyfile(k92.get_stimulus(sid), folder / f'{sid}.png')
    meta = pd.DataFrame({'stimulus_id': k92.stimulus_id, 'filename': [f'{s}.png' for s in k92.stimulus_id], 'category': k92.category})
    meta.to_csv(folder / 'stimuli.csv', index=False)
    (folder / 'img03.png').unlink()
    packages = tmp_path / 'packages'
    p = cli('package', str(folder), '--identifier', 'K92.six', '--out', str(packages), check=False)
    assert p.returncode == 1 and 'nothing was written' in p.stdout and 'img03' in p.stdout, p.stdout + p.stderr
    assert not packages.exists()
    shutil.copyfile(k92.get_stimulus('img03'), folder / 'img03.png')
    out = cli('package', str(folder), '--identifier', 'K92.six', '--out', str(packages)).stdout
    assert 'valid (6 stimuli)' in out and 'stimulus_K92.six.zip' in out
    from brainscore_nb.data.packaging import load_stimulus_set_from_package
    back = load_stimulus_set_from_package(packages / 'stimulus_K92.six.csv', packages / 'stimulus_K92.six.zip')
    assert back.category.tolist() == k92.category.tolist()
    assert Image.open(back.get_stimulus('img03')).tobytes() == Image.open(k92.get_stimulus('img03')).tobytes()
