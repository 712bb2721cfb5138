"""The installed `brainscore-nb` command, run as users run it: in real subprocesses (batch runs on a real 2-worker
Dask LocalCluster), with the small real benchmarks of tests/small_benchmarks.py registered through --import."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
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
    from brainscore_nb.plugins import own_names  # the project's own: a plugin installed beside it adds others
    assert own_names(cli('list', 'models').stdout.split()) == sorted(['efficientnet-lite0', 'efficientnet-lite1', 'efficientnet-lite2', 'gabor-v1', 'pixels'] + installed)
    assert 'Cowley2023.210325' in cli('list', 'datasets').stdout.split()
    lines = cli('--import', SMALL, 'list', 'benchmarks').stdout.splitlines()
    listed = [line.split('\t')[0] for line in lines]  # identifier, tab, 'offline' or why not (issue 35)
    marks = dict(line.split('\t') for line in lines)
    assert marks['Small.IT-rdm'] == 'offline' and marks['Hebart2023-match'] == 'unreachable'
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


def _neural_csv(path, drop_last=False, twice=False):
    "A long-format neural CSV: 4 stimuli x 2 repetitions x 3 neuroids x 2 time bins, neuroid and presentation metadata"
    rng, rows = np.random.default_rng(0), []
    for s in range(4):
        for r in range(2):
            for n in range(3):
                for tb in ('70-170', '170-270'):
                    rows.append(dict(stimulus_id=f's{s}', neuroid_id=f'n{n}', repetition=r, time_bin=tb, value=rng.normal(),
                                     region='IT' if n < 2 else 'V4', animal='m1', session=r))
    df = pd.DataFrame(rows[:-1] if drop_last else rows + rows[:1] if twice else rows)
    df.to_csv(path, index=False)
    return df


def test_package_neural_responses(tmp_path):
    "A long-format neural CSV through `package --responses` gives a NeuroidAssembly (was: a BehavioralAssembly of rows)"
    from brainscore_nb.cli import _trials
    from brainscore_nb.data.packaging import load_assembly_from_package
    folder = tmp_path / 'images'
    folder.mkdir()
    for s in range(4): Image.new('RGB', (8, 8), (50 * s, 0, 0)).save(folder / f's{s}.png')
    df = _neural_csv(tmp_path / 'neural.csv')
    out = cli('package', str(folder), '--identifier', 'Lab2026.neural', '--responses', str(tmp_path / 'neural.csv'),
              '--out', str(tmp_path / 'packages')).stdout
    assert "a NeuroidAssembly of {'presentation': 8, 'neuroid': 3, 'time_bin': 2}" in out, out
    a = load_assembly_from_package(tmp_path / 'packages' / 'assy_Lab2026.neural.nc')
    assert type(a).__name__ == 'NeuroidAssembly' and a.dims == ('presentation', 'neuroid', 'time_bin')
    assert a.region.values.tolist() == ['IT', 'IT', 'V4'] and a.session.values.tolist() == [0, 1] * 4
    assert a.time_bin_start.values.tolist() == [70, 170] and a.time_bin_end.values.tolist() == [170, 270]
    for row in df.sample(10, random_state=0).itertuples():
        cell = a.isel(presentation=int(np.flatnonzero((a.stimulus_id.values == row.stimulus_id) & (a.repetition.values == row.repetition))[0]))
        assert float(cell.sel(neuroid=a.neuroid_id.values == row.neuroid_id).isel(
            time_bin=int(row.time_bin == '170-270')).squeeze()) == row.value
    _neural_csv(tmp_path / 'short.csv', drop_last=True)
    with pytest.raises(ValueError, match=r"has no row for 1 combination\(s\) of presentation, neuroid and time bin, e.g. stimulus_id 's3'"):
        _trials(tmp_path / 'short.csv')
    _neural_csv(tmp_path / 'twice.csv', twice=True)
    with pytest.raises(ValueError, match=r"rows \[2, 50\] repeat one \(stimulus_id, repetition, neuroid_id, time_bin_start"):
        _trials(tmp_path / 'twice.csv')
    pd.read_csv(tmp_path / 'neural.csv').assign(time_bin='early').to_csv(tmp_path / 'bins.csv', index=False)
    with pytest.raises(ValueError, match=r"row 2: time_bin 'early' is not '<start>-<end>' in ms"):
        _trials(tmp_path / 'bins.csv')
    help_text = cli('package', '--help').stdout
    assert 'a NeuroidAssembly' in help_text and 'a BehavioralAssembly' in help_text
