"""Reproducible results: every Score and results row records what made it, `reproduce` re-scores recorded pairs and
names what changed, and the leaderboard keeps unceiled scores out of parent averages. Real data (small slices from
tests/small_benchmarks.py, and the real Kriegeskorte 2008 benchmarks on the pixel baseline)."""
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pandas as pd
from click.testing import CliRunner

import small_benchmarks  # noqa: F401  (registers Small.*)
from brainscore_nb import batch, plots
from brainscore_nb.benchmarks.base import PROVENANCE, package_commit
from brainscore_nb.cli import cli, _expand
from brainscore_nb.registry import score
from brainscore_nb.reproduce import reproduce

ROOT = Path(__file__).resolve().parents[1]
SMALL = str(Path(__file__).parent / 'small_benchmarks.py')
PAIRS = ['Small.IT-rdm', 'Small.MT-ridge', 'Kriegeskorte2008.hIT-rdm', 'Kriegeskorte2008.mIT-rdm']


def _run(out):
    with ThreadPoolExecutor(1) as pool: return batch.run(['pixels'], PAIRS, out=out, executor=pool, progress=False)


def test_score_records_what_made_it():
    "A real benchmark's Score carries every provenance field: data sha1s, model weights and commitment, metric, code, libraries"
    s = score('pixels', 'Kriegeskorte2008.hIT-rdm')
    a = s.attrs
    assert set(PROVENANCE) <= set(a)
    sha1s = json.loads(a['data_sha1s'])
    assert sorted(sha1s) == ['data', 'rdms', 'rdms.stimulus_set'] and sha1s['data'] == a['data_sha1'] and len(sha1s['rdms']) == 40
    assert a['model_weights'] == 'pixels-v1'
    commitment = json.loads(a['model_commitment'])
    assert commitment['region_layer_map'] == {r: 'pixels' for r in ('V1', 'V2', 'V4', 'IT')} and commitment['visual_degrees'] == 8
    assert commitment['activations']['preprocessing']['image_size'] == 64
    metric = json.loads(a['metric_options'])
    assert metric['compare']['name'] == 'brainscore_nb.metrics.rsa.compare_rdms' and metric['model_rdm']['name'] == 'brainscore_nb.metrics.rsa.rdm_matrix'
    assert (a['numpy_version'], a['array_backend'], a['benchmark_version']) == (np.__version__, 'numpy', 1)
    assert a['brainscore_nb_commit'] == package_commit()
    assert a['unceiled'] is False


def test_cross_validated_metric_records_its_seed():
    "A cross-validated benchmark records the splitter's seed among its metric options"
    from brainscore_nb.benchmarks.base import provenance
    from brainscore_nb.benchmarks.cowley2023 import cowley2023_v4
    from brainscore_nb.metrics.regression import pls_cv
    from functools import partial
    p = provenance(cowley2023_v4('pls', partial(pls_cv, random_state=7, n_components=5)))
    options = json.loads(p['metric_options'])['metric']['options']
    assert (p['seed'], options['random_state'], options['n_components']) == (7, 7, 5)
    assert provenance()['data_sha1s'] is None and provenance()['numpy_version'] == np.__version__  # nothing known: still no crash


def test_package_commit_is_none_outside_a_checkout(tmp_path):
    "Installed from a copy that is no git checkout, or with no git at all: None, never a crash"
    shutil.copytree(ROOT / 'brainscore_nb', tmp_path / 'brainscore_nb')
    code = 'from brainscore_nb.benchmarks.base import package_commit; print(package_commit())'
    out = subprocess.run([sys.executable, '-c', code], cwd=tmp_path, env={**os.environ, 'PYTHONPATH': str(tmp_path)},
                         capture_output=True, text=True)
    assert out.stdout.strip() == 'None', out.stderr
    out = subprocess.run([sys.executable, '-c', code], cwd=ROOT, env={**os.environ, 'PATH': str(tmp_path / 'empty')},
                         capture_output=True, text=True)
    assert out.stdout.strip() == 'None', out.stderr
    here = subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    assert package_commit().removesuffix('-dirty') == here


def test_rows_record_provenance_and_unceiled(tmp_path):
    "Every results row, ok or failed, holds the provenance columns; they survive parquet and CSV; mIT (ceiling 1) is unceiled"
    table = _run(tmp_path / 'run')
    assert table.columns.tolist() == batch.COLUMNS and set(PROVENANCE) <= set(table.columns)
    rows = table.set_index('benchmark')
    assert rows.status.to_dict() == {'Kriegeskorte2008.hIT-rdm': 'ok', 'Kriegeskorte2008.mIT-rdm': 'ok', 'Small.IT-rdm': 'ok', 'Small.MT-ridge': 'failed'}
    assert rows.unceiled.tolist() == [False, True, False, False]
    assert rows.model_weights.eq('pixels-v1').all() and rows.numpy_version.eq(np.__version__).all()
    assert sorted(json.loads(rows.data_sha1s['Small.MT-ridge'])) == ['stimuli', 'target']  # a failed pair says what data it had
    assert json.loads(rows.data_sha1s['Kriegeskorte2008.hIT-rdm'])['data'] == rows.data_sha1['Kriegeskorte2008.hIT-rdm']
    pd.testing.assert_frame_equal(batch.read_results(tmp_path / 'run' / 'results.csv'), batch.read_results(tmp_path / 'run'))
    board = plots.leaderboard(table)
    assert 'Kriegeskorte2008.mIT-rdm (unceiled)' in board.columns and board.attrs['unceiled'] == ['Kriegeskorte2008.mIT-rdm']
    it = rows.score[['Kriegeskorte2008.hIT-rdm', 'Small.IT-rdm']].mean()
    assert abs(board.loc['pixels', 'IT'] - it) < 1e-12  # the raw mIT correlation is not averaged into IT
    all_it = rows.score[['Kriegeskorte2008.hIT-rdm', 'Kriegeskorte2008.mIT-rdm', 'Small.IT-rdm']].mean()
    assert abs(plots.leaderboard(table, include_unceiled=True).loc['pixels', 'IT'] - all_it) < 1e-12
    r = CliRunner().invoke(cli, _expand(['leaderboard', str(tmp_path / 'run'), '--include-unceiled']),
                           env={'COLUMNS': '4000'})  # every column on screen, long names cut at 28 characters
    assert r.exit_code == 0 and 'Kriegeskorte2008.mIT-rdm (u…' in r.output
    assert 'Kriegeskorte2008.mIT-rdm (unceiled)' in (tmp_path / 'run' / 'leaderboard.md').read_text()


def test_reproduce_equal_then_names_changed_fields(tmp_path):
    "Re-scored on the same machine every pair is equal; an edited data sha1 or package version is named; an edited score differs"
    out = tmp_path / 'run'
    table = _run(out)
    report = reproduce(out)
    assert report.outcome.tolist() == ['equal'] * 4, report.to_string()
    assert report.changed.tolist() == [''] * 4 and (report.difference.dropna() == 0).all()

    edited = table.copy()
    hit = edited.index[edited.benchmark == 'Kriegeskorte2008.hIT-rdm'][0]
    sha1s = json.loads(edited.loc[hit, 'data_sha1s'])
    sha1s['rdms'] = '0954d3e3' + '0' * 32
    edited.loc[hit, ['data_sha1s', 'brainscore_nb_version', 'numpy_version']] = [json.dumps(sha1s), '0.0.0', '1.26.4']
    batch.write_results(edited, tmp_path / 'edited')
    again = reproduce(tmp_path / 'edited' / 'results.csv', pairs=['pixels:Kriegeskorte2008.hIT-rdm'])
    assert again.outcome.tolist() == ['equal']  # the same score; what changed is named
    changed = again.changed[0].split('; ')
    assert changed == [f"data_sha1s.rdms: 0954d3e30000 -> {json.loads(table.data_sha1s[hit])['rdms'][:12]}",
                       f'numpy_version: 1.26.4 -> {np.__version__}', 'brainscore_nb_version: 0.0.0 -> 0.0.1'], changed

    edited.loc[hit, ['score', 'ci_low', 'ci_high']] += 0.5  # recorded far from what the same code scores now
    assert reproduce(edited, pairs=['pixels:Kriegeskorte2008.hIT-rdm']).outcome.tolist() == ['different']
    without = edited.drop(columns=['ci_low', 'ci_high']).assign(score=table.score + 0.001)  # no interval recorded: any change differs
    assert reproduce(without, pairs=['pixels:Kriegeskorte2008.hIT-rdm']).outcome.tolist() == ['different']
    interval = without.assign(ci_low=table.ci_low, ci_high=table.ci_high)  # the interval as recorded, the score moved inside it
    inside = reproduce(interval, pairs=['pixels:Kriegeskorte2008.hIT-rdm'])  # deterministic: still another number (issue 33)
    assert (inside.outcome.tolist(), inside.interval.tolist()) == (['different'], ['inside'])
    narrow = without.assign(ci_low=without.score - 0.01, ci_high=without.score + 0.01)  # an interval the code does not give
    report = reproduce(narrow, pairs=['pixels:Kriegeskorte2008.hIT-rdm'])
    assert report.outcome.tolist() == ['different'] and 'ci_low: ' in report.changed[0], report.changed[0]


def test_reproduce_command_exit_status(tmp_path):
    "`brainscore-nb reproduce`: exit 0 when every pair is equal, 1 when one differs, naming it"
    out = tmp_path / 'run'
    with ThreadPoolExecutor(1) as pool: batch.run(['pixels'], ['Small.IT-rdm'], out=out, executor=pool, progress=False)
    invoke = lambda *args: CliRunner().invoke(cli, _expand(['--import', SMALL, 'reproduce', *args]))
    r = invoke(str(out))
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, '1 pairs: 1 equal, 0 different'), r.output
    r = invoke(str(out), '--workers', '1')  # scored on a Dask worker, as `run` scores
    assert (r.exit_code, r.output.splitlines()[-1]) == (0, '1 pairs: 1 equal, 0 different'), r.output
    t = batch.read_results(out)
    t.loc[0, 'score'] = 0.5
    batch.write_results(t, tmp_path / 'edited')
    r = invoke(str(tmp_path / 'edited'), '--pairs', 'pixels:Small.IT-rdm')
    assert r.exit_code == 1 and 'pixels on Small.IT-rdm: different (0.5 -> ' in r.output, r.output
    r = invoke(str(out), '--pairs', 'pixels:Small.V4-ridge')
    assert r.exit_code == 1 and "no pair 'pixels:Small.V4-ridge'" in r.output
