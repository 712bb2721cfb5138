"""A newcomer's first hour (issue 35): what the start page says works as written, the docs build checks its inputs,
works from any folder and installs nothing, and the main job's output reads in a terminal."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_front_door_lists_names():
    "The start page's `bn.list_benchmarks()` / `bn.list_models()` after `import brainscore_nb as bn` (was AttributeError)"
    import brainscore_nb as bn
    assert {'list_benchmarks', 'list_models', 'list_datasets', 'list_stimulus_sets'} <= set(dir(bn))
    assert 'Kriegeskorte2008.mIT-rdm' in bn.list_benchmarks() and 'pixels' in bn.list_models()
    assert 'Cowley2023.210325' in bn.list_datasets() and 'Kriegeskorte2008' in bn.list_stimulus_sets()


def test_score_repr_shows_its_interval():
    "`<Score 0.1448 [0.076, 0.215] ...>` where the Score has an interval; never '± nan'"
    from brainscore_nb.metrics.score import Score
    s = Score(0.1448, attrs={'error': np.nan, 'ci_low': 0.0762, 'ci_high': 0.2151, 'raw': Score(0.1),
                             'ceiling': Score(0.69)})
    assert repr(s) == '<Score 0.1448 [0.076, 0.215] (raw 0.1000, ceiling 0.6900)>'
    assert 'nan' not in repr(Score(0.5, attrs={'error': np.nan}))


def test_docs_build_checks_its_inputs(tmp_path):
    "No notebook processed: a RuntimeError saying how many there are and what to do, not KeyError: 'index'"
    from site_build import docs_build
    nbs = tmp_path / 'nbs'
    with pytest.raises(RuntimeError, match='no notebooks in'): docs_build.check_inputs([], nbs, tmp_path / '_proc')
    nbs.mkdir()
    for n in ('index', 'a'): (nbs / f'{n}.ipynb').write_text('{}')
    with pytest.raises(RuntimeError, match=r'0 of 2 notebooks .* were processed .* not index.ipynb'):
        docs_build.check_inputs([], nbs, tmp_path / '_proc')
    docs_build.check_inputs(['a.ipynb', 'index.ipynb'], nbs, tmp_path / '_proc')  # all there: no error


def test_docs_processing_from_a_dot_folder_installs_nothing(tmp_path):
    """A clone under a folder whose name starts with '.' (nbdev skipped every notebook there: 'docs: 0 of 0 notebooks'),
    on a machine without Quarto (nbdev 3.3 tried to install it with sudo): the start page is processed, nothing installed"""
    clone = tmp_path / '.hidden' / 'clone'
    clone.mkdir(parents=True)
    for f in ('pyproject.toml', 'settings.ini'): shutil.copy(ROOT / f, clone / f)
    for d in ('nbs', 'docs'): shutil.copytree(ROOT / d, clone / d, ignore=shutil.ignore_patterns('_*', '.*'))
    shutil.copy(ROOT / 'nbs' / '_quarto.yml', clone / 'nbs' / '_quarto.yml')
    env = dict(os.environ, PATH=os.pathsep.join(p for p in os.environ['PATH'].split(os.pathsep)
                                                 if not (Path(p) / 'quarto').exists()))
    run = subprocess.run([sys.executable, 'docs/proc_nbs.py', '--file-glob', 'index.ipynb'], cwd=clone, env=env,
                         capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout + run.stderr
    assert 'Quarto' not in run.stdout + run.stderr and 'sudo' not in run.stdout + run.stderr
    assert (clone / '_proc' / 'index.ipynb').is_file()
    assert not (clone / '.installing').exists()


def plugin_beside(folder: Path) -> list:
    """Scaffolded plugins (`brainscore-nb new` for a benchmark, a model and a dataset, named to sort before the
    project's own names) installed the way pip installs them: a `dist-info` folder with their entry points in a site
    folder, their packages importable. Returns the folders for PYTHONPATH."""
    import tomllib
    from brainscore_nb.submission import new_plugin
    site = folder / 'site'
    site.mkdir(parents=True)
    made = [new_plugin(k, n, folder / 'src') for k, n in
            (('benchmark', 'Aaa2026.V4-pls'), ('model', 'aaa-net'), ('data', 'Aaa2026'))]
    for plugin in made:
        project = tomllib.loads((plugin / 'pyproject.toml').read_text())['project']
        info = site / f"{project['name'].replace('-', '_')}-0.1.dist-info"
        info.mkdir()
        (info / 'METADATA').write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: 0.1\n")
        (info / 'entry_points.txt').write_text(''.join(
            f'[{group}]\n' + ''.join(f'{k} = {v}\n' for k, v in eps.items()) + '\n'
            for group, eps in project['entry-points'].items()))
    return [site, *made]


def test_a_plugin_beside_the_project_breaks_no_notebook(tmp_path):
    """README says to install one's own plugin; the notebooks that pin registered names (00c_plugins, 09_datasets,
    40_registry, 43_cli) asserted the whole registry's list and failed. They run here with three plugins beside."""
    paths = plugin_beside(tmp_path)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, [ROOT, *paths])))
    check = subprocess.run([sys.executable, '-c', 'import brainscore_nb as bn; print(bn.list_models())'], env=env,
                           capture_output=True, text=True, timeout=300)
    assert 'aaa-net' in check.stdout, check.stdout + check.stderr  # the plugin is there
    # nbdev-test (not tests/test_notebooks.py, which keeps what it ran for the docs site under _executed/)
    env['TMPDIR'] = str(tmp_path)
    run = subprocess.run([str(Path(sys.executable).parent / 'nbdev-test'), '--n-workers', '2', '--file-re',
                          r'^(00c_plugins|09_datasets|40_registry|43_cli)\.ipynb$', str(ROOT / 'nbs' / 'api')],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0 and 'Success' in run.stdout + run.stderr, run.stdout[-5000:] + run.stderr[-5000:]


def main_job_table(n_benchmarks=None, every=19):
    """A results table shaped like the main job's: 2 models x every registered benchmark (or the first
    `n_benchmarks`), one in `every` scored, the others failed as offline failures are (data only in the bucket)"""
    from brainscore_nb.batch import result_row, results_table
    from brainscore_nb.registry import list_benchmarks
    rng = np.random.default_rng(0)
    rows = []
    for m in ('pixels', 'efficientnet-lite0'):
        for i, b in enumerate(list_benchmarks()[:n_benchmarks]):
            if i % every == 0:
                s = float(rng.uniform(0.05, 0.6))
                rows.append(result_row(m, b) | dict(status='ok', score=s, raw=s, ceiling=1.0, error=0.01))
            else:
                rows.append(result_row(m, b) | dict(error_message=(
                    f"CatalogError: cannot reach s3://brainscore-storage/brainio-brainscore/assy_{b}.nc: no network "
                    "or the server is down; data already in the store load offline (download failed)")))
    return results_table(rows)


def label_problems(fig) -> list:
    "Tick labels of `fig` that fall outside the figure or over another panel, or overlap another panel's labels"
    fig.canvas.draw()
    renderer, frame = fig.canvas.get_renderer(), fig.bbox
    boxes = [(i, t.get_text(), t.get_window_extent(renderer)) for i, ax in enumerate(fig.axes)
             for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]
    problems = [('outside the figure', text) for _, text, b in boxes
                if b.x0 < frame.x0 - 1 or b.y0 < frame.y0 - 1 or b.x1 > frame.x1 + 1 or b.y1 > frame.y1 + 1]
    problems += [('over another panel', text) for i, text, b in boxes for j, ax in enumerate(fig.axes)
                 if j != i and b.overlaps(ax.get_window_extent(renderer))]
    by_panel = {}
    for i, text, b in boxes: by_panel.setdefault(i, []).append(b)
    problems += [('over another panel\'s label', text) for i, text, b in boxes for j, others in by_panel.items()
                 if j != i and any(b.overlaps(o) for o in others)]
    return problems


def test_figures_labels_can_all_be_read():
    "benchmarks.png of the main job had tick labels clipped by the next panel; the heatmap warned 'Tight layout not applied'"
    import warnings
    import matplotlib.pyplot as plt
    from brainscore_nb import plots
    table = main_job_table()
    with warnings.catch_warnings():
        warnings.simplefilter('error')  # no warning leaks: pandas' PerformanceWarning, matplotlib's layout warning
        figures = [plots.plot_benchmarks(table), plots.plot_heatmap(table), plots.plot_intervals(table)]
        plots.leaderboard_text(plots.leaderboard(table))
    try:
        for fig in figures: assert label_problems(fig) == [], label_problems(fig)[:5]
    finally:
        for fig in figures: plt.close(fig)


def test_run_output_reads_in_a_terminal(tmp_path, capsys):
    "Failures summarised by cause, not one line each; the leaderboard within the terminal's width (was 11,317 characters)"
    from click.testing import CliRunner
    from brainscore_nb import batch, cli
    table = main_job_table()
    batch.write_results(table, tmp_path)
    lines = batch.failure_summary(table)
    assert lines == [f"{int(table.status.ne('ok').sum())} pairs: data not here: only in Brain-Score's bucket or at its "
                     "published address, unreachable"]
    r = CliRunner(env={'COLUMNS': '120'}).invoke(cli.cli, ['leaderboard', str(tmp_path), '--out',
                                                         str(tmp_path / 'board')])
    assert r.exit_code == 0, r.output
    board = r.output.split('written:')[0]
    assert max(map(len, board.splitlines())) <= 120 and 'more columns in leaderboard.md' in board, board


def test_web_leaderboard_of_the_main_job_is_small_and_scores_come_first(tmp_path):
    """The main job's site (2 models x every benchmark, most failed offline) was 25 MB: a figure per benchmark, every
    failure in full before the scores. Now under 5 MB; a model page shows its scores, then failures by cause, folded
    (time: benchmarks/bench_site.py)"""
    from brainscore_nb.web import slug, write_site
    table = main_job_table()
    site = write_site(table, tmp_path / 'site')
    size = sum(f.stat().st_size for f in site.parent.rglob('*') if f.is_file())
    assert size < 5e6, size
    page = (site.parent / 'models' / f'{slug("pixels")}.html').read_text()
    failed = int(table[table.model == 'pixels'].status.ne('ok').sum())
    assert page.index('id="benchmarks"') < page.index(f'<h2>{failed} failed</h2>')
    assert page.count('<details class="cause">') == 1 and f'{failed} pairs: data not here' in page


def test_docs_install_line_is_readmes():
    "The docs' start pages install as README does (the index said `pip install -e \".[dev]\"`, README another line)"
    import json
    import re
    readme = (ROOT / 'README.md').read_text()
    for name in ('index.ipynb', 'tutorials/00_start_here.ipynb'):
        nb = json.loads((ROOT / 'nbs' / name).read_text())
        text = '\n'.join(''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown')
        lines = [line for block in re.findall(r'```sh\n(.*?)```', text, re.S) for line in block.splitlines()
                 if 'pip install' in line]
        assert lines, name
        for line in lines: assert line.strip() in readme, (name, line)


def test_blocks_and_transform_pages_show_no_xarray_warning():
    "Their pages showed xarray's UserWarning (duplicate dimension names) with the building machine's venv path"
    run = subprocess.run([sys.executable, '-m', 'pytest', str(ROOT / 'tests' / 'test_notebooks.py'), '-q', '-p',
                          'no:cacheprovider', '-W', 'error::UserWarning', '-k', '04a_transform or 19a_blocks'],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and '2 passed' in run.stdout, run.stdout[-3000:]


def test_package_reads_the_csv_new_writes(tmp_path):
    "`package`'s default column is the one `brainscore-nb new` writes ('response'; it defaulted to 'value' for neural data)"
    from click.testing import CliRunner
    from brainscore_nb import cli
    from brainscore_nb.submission import example_data
    data = example_data(tmp_path / 'data')
    r = CliRunner().invoke(cli.cli, ['package', str(data / 'stimuli'), '--metadata', str(data / 'stimuli.csv'),
                                     '--identifier', 'Lab2026.example', '--responses', str(data / 'responses.csv'),
                                     '--out', str(tmp_path / 'packages')])
    assert r.exit_code == 0 and 'wrote' in r.output, r.output
