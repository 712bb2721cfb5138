"""Trust under bad input (issue 10), the runs room: batch runs, the command line and benchmark constructors.
One test per finding; each failed on 6d307cb."""
import os
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
import xarray as xr
from hypothesis import given, settings, strategies as st

from brainscore_nb import batch
from brainscore_nb.data.files import confined
from brainscore_nb.benchmarks.base import (NeuralBenchmark, PropertiesBenchmark, TrainTestNeuralBenchmark, accepted_options,
                                           data_sha1)
from brainscore_nb.metrics.score import Score
from brainscore_nb.models.zoo import model_registry
from brainscore_nb.registry import benchmark_registry

BIN = Path(sys.executable).parent / 'brainscore-nb'
CALLS = []


class NaNBench:
    identifier, version, parent = 'Bad.nan', 1, 'V4'
    def __call__(self, model):
        CALLS.append(self.identifier)
        return Score(np.nan, attrs={'reason': 'the model gave constant activations'})


class SleepBench(NaNBench):
    identifier = 'Bad.sleep'
    def __call__(self, model):
        time.sleep(60)


class OkBench(NaNBench):
    identifier = 'Bad.ok'
    def __call__(self, model):
        CALLS.append(self.identifier)
        return Score(0.5, attrs={'error': 0.1, 'ceiling': Score(0.8), 'raw': Score(0.4)})


@pytest.fixture
def bad_benchmarks():
    benchmark_registry.update({b.identifier: b for b in (NaNBench, SleepBench, OkBench)})
    CALLS.clear()
    yield
    for b in (NaNBench, SleepBench, OkBench): benchmark_registry.pop(b.identifier, None)


def _run(*args, **kwargs):
    with ThreadPoolExecutor(2) as pool: return batch.run(*args, executor=pool, progress=False, **kwargs)


def test_nan_score_is_failed_and_rerun(tmp_path, bad_benchmarks):
    table = _run(['pixels'], ['Bad.nan', 'Bad.ok'], out=tmp_path / 'out')
    assert table.status.tolist() == ['failed', 'ok']
    assert table.error_message[0] == 'score is nan: the model gave constant activations'
    assert sorted(CALLS) == ['Bad.nan', 'Bad.ok']
    _run(['pixels'], ['Bad.nan', 'Bad.ok'], out=tmp_path / 'out')  # resuming re-runs the failed pair only
    assert sorted(CALLS) == ['Bad.nan', 'Bad.nan', 'Bad.ok']
    row = batch.result_row('m', 'b', Score(np.inf))
    assert row['status'] == 'failed' and row['error_message'] == "score is inf: the score's attrs give no reason"


def test_pair_timeout_plain_executor(tmp_path, bad_benchmarks):
    t0 = time.perf_counter()
    table = _run(['pixels'], ['Bad.sleep', 'Bad.ok'], out=tmp_path / 'out', timeout=1)
    assert time.perf_counter() - t0 < 20  # the hung pair neither blocks the others nor the end of the run
    assert table.benchmark.tolist() == ['Bad.ok', 'Bad.sleep'] and table.status.tolist() == ['ok', 'failed']
    assert table.error_message[1].startswith('TimeoutError: timed out after 1 s')
    with pytest.raises(ValueError, match='pair timeout must be a positive number'): _run(['pixels'], ['Bad.ok'], out=tmp_path, timeout='x')


HANG = '''
import time
from brainscore_nb.metrics.score import Score
from brainscore_nb.registry import benchmark_registry
class Hang:
    identifier, version, parent = 'Hang.sleep', 1, 'V4'
    def __call__(self, model): time.sleep(120)
class Fine(Hang):
    identifier = 'Hang.ok'
    def __call__(self, model): return Score(0.5, attrs={'error': 0.1})
benchmark_registry.update({'Hang.sleep': Hang, 'Hang.ok': Fine})
'''


def test_pair_timeout_local_cluster_cli(tmp_path):
    "On the default 2-worker Dask LocalCluster, from the command line: --timeout records the hung pair, the run ends"
    (tmp_path / 'hang.py').write_text(HANG)
    t0 = time.perf_counter()
    p = subprocess.run([str(BIN), '--import', str(tmp_path / 'hang.py'), 'run', '--models', 'pixels', '--benchmarks', 'Hang.sleep',
                        'Hang.ok', '--out', str(tmp_path / 'out'), '--timeout', '3', '--no-progress'],
                       capture_output=True, text=True, timeout=110)
    assert time.perf_counter() - t0 < 100
    assert '1 pairs scored, 1 failed' in p.stdout, p.stdout + p.stderr
    assert 'failed, 1 pair: timed out (the pair_timeout setting, --timeout)' in p.stdout  # failures by cause
    log = (tmp_path / 'out' / 'logs' / 'failures.log').read_text()  # each failure's message in the log
    assert 'Hang.sleep' in log and 'TimeoutError: timed out after 3 s' in log
    assert '(a new LocalCluster: no scheduler named)' in p.stdout


def test_pair_timeout_setting(tmp_path, bad_benchmarks, monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_PAIR_TIMEOUT', '0.5')
    table = _run(['pixels'], ['Bad.sleep'], out=tmp_path / 'out')
    assert table.error_message[0].startswith('TimeoutError: timed out after 0.5 s')


def test_bad_out_checked_before_work(tmp_path, bad_benchmarks):
    (tmp_path / 'file').write_text('x')
    for out in (tmp_path / 'file', tmp_path / 'file' / 'run'):
        with pytest.raises(ValueError, match=f"--out {out}: {tmp_path / 'file'} is a file, not a folder"):
            _run(['pixels'], ['Bad.ok'], out=out)
    assert CALLS == []  # nothing was scored
    p = subprocess.run([str(BIN), 'run', '--models', 'pixels', '--benchmarks', 'Cowley2023.V4-pls', '--out', str(tmp_path / 'file' / 'run')],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and 'is a file, not a folder' in p.stderr and 'Traceback' not in p.stderr
    if os.geteuid() != 0:  # root may write anywhere
        ro = tmp_path / 'ro'; ro.mkdir(); ro.chmod(0o500)
        with pytest.raises(ValueError, match=f'--out {ro / "run"}: cannot write there'): _run(['pixels'], ['Bad.ok'], out=ro / 'run')


@settings(max_examples=25, deadline=None)
@given(st.text(min_size=1, max_size=30))
def test_log_names_stay_inside_out(name):
    "Whatever the identifiers, the log file is a plain name inside out/logs"
    out = Path('/nonexistent/out')
    path = confined(f"logs/{batch.safe_name(name, '../b')}.log", out, '--out log file')  # as batch writes it
    assert path.parent == out / 'logs'


def test_model_identifier_cannot_escape_out(tmp_path, bad_benchmarks):
    evil = '../../../evil'
    def broken(): raise RuntimeError('no such model')
    model_registry[evil] = broken
    try:
        out = tmp_path / 'a' / 'b' / 'out'
        table = _run([evil], ['Bad.ok'], out=out)
    finally: model_registry.pop(evil)
    assert table.status.tolist() == ['failed']
    outside = [p for p in tmp_path.rglob('*') if p.is_file() and out not in p.parents and 'home' not in p.parts]
    assert outside == []
    logs = list((out / 'logs').iterdir())
    assert len(logs) == 1 and logs[0].name.startswith('_.._.._evil__Bad.ok-') and 'no such model' in logs[0].read_text()


@pytest.mark.parametrize('name,content', [('results.csv', b'\x00\xff\xfe garbage\n"unclosed'), ('results.parquet', b'PAR1 not really')])
def test_garbage_results_file(tmp_path, bad_benchmarks, name, content):
    out = tmp_path / 'out'; out.mkdir()
    (out / name).write_bytes(content)
    with pytest.raises(ValueError, match=f'{out / name} is not a readable results table') as e: _run(['pixels'], ['Bad.ok'], out=out)
    assert 'move it aside' in str(e.value) and '--fresh' in str(e.value)
    assert CALLS == []
    p = subprocess.run([str(BIN), 'run', '--models', 'pixels', '--benchmarks', 'Cowley2023.V4-pls', '--out', str(out)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1 and 'is not a readable results table' in p.stderr and 'Traceback' not in p.stderr
    table = _run(['pixels'], ['Bad.ok'], out=out, fresh=True)
    assert table.status.tolist() == ['ok'] and (out / name).read_bytes() != content
    assert [p.read_bytes() for p in out.glob(f'results.*.old{Path(name).suffix}')] == [content]  # kept, not destroyed


def test_scheduler_only_when_named(tmp_path, bad_benchmarks, monkeypatch, capsys):
    "DASK_SCHEDULER_ADDRESS names a cluster: the run connects to it and says who named it"
    from distributed import LocalCluster
    monkeypatch.delenv('BRAINSCORE_NB_DASK_SCHEDULER', raising=False)
    with LocalCluster(n_workers=1, threads_per_worker=1, host='127.0.0.1', dashboard_address=None, processes=False,
                      protocol='tcp://') as cluster:
        monkeypatch.setenv('DASK_SCHEDULER_ADDRESS', cluster.scheduler_address)
        table = batch.run(['pixels'], ['Bad.ok'], out=tmp_path / 'out', progress=False)
    printed = capsys.readouterr().out
    assert f'Dask: connecting to {cluster.scheduler_address} (named by DASK_SCHEDULER_ADDRESS)' in printed
    assert table.status.tolist() == ['ok']
    monkeypatch.delenv('DASK_SCHEDULER_ADDRESS')
    assert batch.scheduler_address() == (None, 'a new LocalCluster: no scheduler named')


# ---- benchmark constructors ----

def _toy():
    "A tiny V4 assembly of real data (first 20 Cowley 2023 images), with a region coord, and features of its first neuroids"
    from brainscore_nb.data.assemblies import NeuroidAssembly, average_repetition
    from brainscore_nb.data.datasets import load_dataset
    from brainscore_nb.models.interface import PrecomputedFeatures
    v4 = average_repetition(load_dataset('Cowley2023.210325')).isel(presentation=slice(0, 20))
    v4 = v4.assign_coords(region=('neuroid', ['V4'] * v4.sizes['neuroid']))
    feats = NeuroidAssembly(v4.isel(time_bin=0).values[:, :3], dims=['presentation', 'neuroid'],
                            coords={'stimulus_id': ('presentation', v4.stimulus_id.values), 'neuroid_id': ('neuroid', ['a', 'b', 'c'])})
    return v4, PrecomputedFeatures(feats, 'cheat', regions=['V4'])


def first_r(source, target):
    x, y = source.transpose('presentation', 'neuroid').values[:, 0], target.transpose('presentation', 'neuroid').values[:, 0]
    return Score(float(np.corrcoef(x, y)[0, 1]), attrs={'error': 0.0})


@settings(max_examples=20, deadline=None)
@given(st.text(alphabet='abcdefghijklmnopqrstuvwxyz_', min_size=1, max_size=20))
def test_unknown_benchmark_option_named(option):
    "Any keyword the constructor does not know raises TypeError naming it and the accepted ones, before the ceiling runs"
    for cls in (NeuralBenchmark, TrainTestNeuralBenchmark, PropertiesBenchmark):
        if option in accepted_options(cls): continue
        with pytest.raises(TypeError, match=f"{cls.__name__}\\(\\) got an unknown option '{option}'.*accepts: identifier"):
            cls('X.V4-x', **{option: 1})


def test_misspelt_option_suggests_and_nothing_runs():
    ran = []
    with pytest.raises(TypeError, match="unknown option 'visual_degree'; did you mean 'visual_degrees'"):
        NeuralBenchmark('X.V4', None, first_r, lambda: ran.append(1), region='V4', version=1, parent='V4', visual_degree=8)
    with pytest.raises(TypeError, match="unknown option 'time_bin'; did you mean 'time_bins'"):
        PropertiesBenchmark('X.V1', time_bin=[(70, 170)])
    assert ran == []


def test_tutorial_neural_benchmark_and_unceiled():
    "The tutorials' NeuralBenchmark call (no region=, timebins=) works; ceiling_func=None is a stated, unceiled benchmark"
    v4, model = _toy()
    b = NeuralBenchmark(identifier='X.V4-first', version=1, assembly=v4, similarity_metric=first_r, visual_degrees=8,
                        number_of_trials=1, ceiling_func=lambda: Score(0.5), parent='V4', bibtex='@article{x}', timebins=[(70, 170)])
    assert (b.region, b.time_bins) == ('V4', [(70, 170)])
    s = b(model)
    raw = float(np.corrcoef(v4.values[:, 0, 0], v4.values[:, 0, 0])[0, 1])
    assert abs(s.center - min(1, raw ** 2 / 0.5)) < 1e-9 and s.attrs['unceiled'] is False
    u = NeuralBenchmark('X.V4-raw', v4, first_r, None, version=1, parent='V4')
    su = u(model)
    assert su.attrs['unceiled'] is True and abs(su.center - 1.0) < 1e-9 and np.isnan(su.attrs['ceiling'].center)
    row = batch.result_row('cheat', 'X.V4-raw', su)
    assert row['status'] == 'ok' and np.isnan(row['ceiling'])
    with pytest.raises(TypeError, match='ceiling_func must be a function'):
        NeuralBenchmark('X.V4', v4, first_r, 0.7, version=1, parent='V4')
    mixed = v4.assign_coords(region=('neuroid', ['V4', 'IT'] * (v4.sizes['neuroid'] // 2)))
    with pytest.raises(ValueError, match=r"region' coord holds \['V4', 'IT'\]; pass region="):
        NeuralBenchmark('X.V4', mixed, first_r, None, version=1, parent='V4')
    with pytest.raises(ValueError, match='disagree'):
        NeuralBenchmark('X.V4', v4, first_r, None, version=1, parent='V4', time_bins=[(0, 10)], timebins=[(70, 170)])


def test_tutorial_average_repetition_import():
    from brainscore_nb.benchmarks.base import average_repetition  # where Brain-Score's tutorials import it from
    from brainscore_nb.data.assemblies import average_repetition as ours
    assert average_repetition is ours


SHA_SCRIPT = textwrap.dedent('''
    import numpy as np
    from brainscore_nb.data.assemblies import ASSEMBLY_CLASSES
    from brainscore_nb.benchmarks.base import data_sha1
    choices = np.array(['dog', 'cat', 'dog', None, 3.5], dtype=object)
    ids, subjects = list('abcde'), np.array(['s1'] * 5, dtype=object)
    def make(cls, values):
        if cls.__name__ == 'NeuroidAssembly':
            return cls(values[:, None], dims=['presentation', 'neuroid'], coords={'stimulus_id': ('presentation', ids),
                       'subject': ('presentation', subjects), 'neuroid_id': ('neuroid', ['n1'])})
        dim = 'event' if cls.__name__ == 'SpikeTimesAssembly' else 'presentation'
        return cls(values, dims=[dim], coords={'stimulus_id': (dim, ids), 'subject': (dim, subjects), 'neuroid_id': (dim, ids)})
    for name, cls in sorted(ASSEMBLY_CLASSES.items()):
        print(name, data_sha1(make(cls, choices.copy())), data_sha1(make(cls, np.arange(5.0))))
''')


def test_data_sha1_same_in_every_process():
    "Object-dtype values (behavioural choices) hash the same across processes and hash seeds, for every assembly class"
    runs = [subprocess.run([sys.executable, '-c', SHA_SCRIPT], capture_output=True, text=True, timeout=120,
                           env=os.environ | {'PYTHONHASHSEED': seed}) for seed in ('0', '1', '12345')]
    for r in runs: assert r.returncode == 0, r.stderr
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout
    names = {line.split()[0] for line in runs[0].stdout.splitlines()}
    assert {'NeuroidAssembly', 'BehavioralAssembly', 'PropertyAssembly', 'MetadataAssembly', 'SpikeTimesAssembly', 'DataAssembly'} <= names
    # numeric values keep the hash they had before the fix (recorded results stay comparable)
    import hashlib, json
    a = xr.DataArray(np.arange(5.0), dims=['presentation'], coords={'stimulus_id': ('presentation', list('abcde'))})
    h = hashlib.sha1(json.dumps([['presentation'], 'float64']).encode()); h.update(a.values.tobytes())
    h.update(b'stimulus_id'); h.update(b'["presentation"]'); h.update(np.array(list('abcde')).tobytes())
    assert data_sha1(a) == h.hexdigest()


def test_dataset_builders_check_their_choices_first():
    "A mistyped region, kind or metric name is refused before any data is loaded, with the close match"
    from brainscore_nb.benchmarks.coggan2024 import coggan2024_fmri
    from brainscore_nb.benchmarks.cowley2023 import cowley2023_v4
    from brainscore_nb.benchmarks.geirhos2019 import geirhos2019_benchmark
    from brainscore_nb.benchmarks.kriegeskorte2008 import kriegeskorte2008
    with pytest.raises(ValueError, match=r"unknown Coggan2024 region 'v4'; did you mean 'V4'\? \(choose from V1, V2, V4, IT\)"):
        coggan2024_fmri('v4')
    with pytest.raises(ValueError, match="unknown Geirhos2019 stimulus set 'edge'; did you mean 'edges'"): geirhos2019_benchmark('edge', 'accuracy')
    with pytest.raises(ValueError, match="unknown Kriegeskorte2008 kind 'HIT'; did you mean 'hIT'"): kriegeskorte2008('HIT')
    with pytest.raises(ValueError, match="unknown Cowley2023 metric 'plss'; did you mean 'pls'"): cowley2023_v4('plss', None)
