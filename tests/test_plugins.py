"""Plugins from installed packages (issue 12), end to end as a new user meets them: `brainscore-nb new` writes a plugin
package in a temporary folder, `pip install` puts it (and a broken package) into a temporary site folder on PYTHONPATH
(nothing is installed into the venv), and the real `brainscore-nb` command lists it, scores it through `score` and
`run`, and runs the submission checklist on it; a deliberately broken copy fails `check` with every problem listed."""
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pandas as pd
import papermill as pm
import pytest

from brainscore_nb.submission import PLACEHOLDERS, _export, check_plugin, example_data, new_plugin

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent / 'brainscore-nb'


def broken_package(folder: Path) -> Path:
    "A real package whose benchmark entry point cannot be imported"
    (folder / 'broken_plugin' / 'broken_plugin').mkdir(parents=True)
    (folder / 'broken_plugin' / 'broken_plugin' / '__init__.py').write_text('import no_such_module_anywhere\n')
    (folder / 'broken_plugin' / 'pyproject.toml').write_text(textwrap.dedent('''\
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"
        [project]
        name = "broken_plugin"
        version = "0.1"
        [project.entry-points."brainscore_nb.benchmarks"]
        broken_plugin = "broken_plugin"
        '''))
    return folder / 'broken_plugin'


OURS = {'title': 'V4 responses to gratings', 'authors': 'Lab, A. and Lab, B.', 'journal': 'J. Vis.',
        'stand_in': "the lab's network"}  # what a lab writes in place of the scaffold's placeholders


def fill_scaffold(plugin: Path) -> Path:
    "A scaffold from `new` filled in as a lab does: placeholders replaced in its notebooks (then exported), its own data"
    for notebook in (plugin / 'nbs').glob('*.ipynb'):
        text = notebook.read_text()
        for key, (placeholder, _) in PLACEHOLDERS.items(): text = text.replace(placeholder, OURS[key])
        notebook.write_text(text)
    _export(plugin)
    package = plugin / plugin.name
    if (package / 'responses.csv').exists():  # other synthetic data stand for the lab's own
        example_data(package, region=pd.read_csv(package / 'responses.csv').region[0], seed=1)
    return plugin


def env_with(*paths) -> dict:
    "The environment with `paths` first on PYTHONPATH, before this checkout"
    return {**os.environ, 'PYTHONPATH': os.pathsep.join([*map(str, paths), str(ROOT)])}


def cli(*args, env, check=True, cwd=None):
    p = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=600, env=env, cwd=cwd)
    if check: assert p.returncode == 0, p.stdout + p.stderr
    return p


@pytest.fixture(scope='module')
def plugins(tmp_path_factory):
    "A benchmark plugin and a model plugin made by `new`, and a broken package, pip-installed into one site folder"
    src, site = tmp_path_factory.mktemp('src'), tmp_path_factory.mktemp('site')
    bench, model = (fill_scaffold(new_plugin(k, n, src)) for k, n in (('benchmark', 'Lab2026.V4-pls'), ('model', 'lab-net')))
    subprocess.run([sys.executable, '-m', 'pip', 'install', '-q', '--no-deps', '--no-build-isolation', '--no-index',
                    '--target', str(site), str(bench), str(model), str(broken_package(src))],
                   check=True, capture_output=True, text=True)
    for p in (bench, model): shutil.rmtree(p / 'build', ignore_errors=True)  # what setuptools leaves beside the sources
    return dict(site=site, bench=bench, model=model, env=env_with(site))


def test_installed_plugins_are_listed_and_the_broken_one_named(plugins):
    p = cli('list', 'benchmarks', env=plugins['env'])
    assert 'Lab2026.V4-pls' in p.stdout.split() and 'Cowley2023.V4-pls' in p.stdout.split()
    assert "plugin 'broken_plugin'" in p.stderr and "No module named 'no_such_module_anywhere'" in p.stderr


def test_lookup_error_names_the_broken_plugin(plugins):
    p = cli('score', 'pixels', 'Lab2026.V4-pl', env=plugins['env'], check=False)
    assert p.returncode == 1
    assert "no benchmark 'Lab2026.V4-pl'; did you mean 'Lab2026.V4-pls'" in p.stderr
    assert "plugin 'broken_plugin' failed to load (broken_plugin: ModuleNotFoundError" in p.stderr
    assert '--import FILE.py' in p.stderr and 'brainscore-nb new benchmark NAME' in p.stderr


def test_plugin_scores_through_score_and_run(plugins, tmp_path):
    out = cli('score', 'lab-net', 'Lab2026.V4-pls', env=plugins['env']).stdout
    values = dict(kv.split('=') for kv in out.split('\n')[1].split())
    assert 0 <= float(values['score']) <= 1 and 0 < float(values['ceiling']) <= 1 and values['benchmark_version'] == '1'
    cli('run', '--models', 'pixels', 'lab-net', '--benchmarks', 'Lab2026.V4-pls', '--out', str(tmp_path / 'run'),
        '--workers', '1', '--no-progress', env=plugins['env'])
    table = pd.read_csv(tmp_path / 'run' / 'results.csv')
    assert sorted(table.model) == ['lab-net', 'pixels'] and set(table.status) == {'ok'}
    assert table.set_index('model').score['lab-net'] == pytest.approx(float(values['score']), abs=1e-9)


def test_scaffolded_run_notebook_scores_the_installed_plugin(plugins, tmp_path, monkeypatch):
    monkeypatch.setenv('PYTHONPATH', plugins['env']['PYTHONPATH'])  # the kernel finds the installed plugins
    nbs = plugins['bench'] / 'nbs'
    pm.execute_notebook(nbs / 'run_benchmarks.ipynb', tmp_path / 'out.ipynb', cwd=nbs, kernel_name='python3', progress_bar=False,
                        parameters=dict(models=['pixels'], results_path=str(tmp_path / 'scores.json')))
    rows = json.loads((tmp_path / 'scores.json').read_text())
    assert [(r['model'], r['benchmark']) for r in rows] == [('pixels', 'Lab2026.V4-pls')] and 0 <= rows[0]['score'] <= 1


def test_the_run_notebooks_have_one_shape(plugins):
    "The scaffold's run notebook is the project's (nbs/tutorials/45_run_benchmarks.ipynb), its own benchmark the default"
    cells = lambda path: [c['source'] if isinstance(c['source'], str) else ''.join(c['source'])
                          for c in json.loads(path.read_text())['cells']]
    ours = cells(ROOT / 'nbs' / 'tutorials' / '45_run_benchmarks.ipynb')
    theirs = cells(plugins['bench'] / 'nbs' / 'run_benchmarks.ipynb')
    swap = lambda s: (s.replace('Kriegeskorte2008.hIT-rdm', 'Lab2026.V4-pls')
                      .replace('nbs/tutorials/45_run_benchmarks.ipynb', 'nbs/run_benchmarks.ipynb')
                      .replace('imports: list = []', "imports: list = ['lab2026_v4_pls.benchmark']"))
    assert [swap(c) for c in ours] == theirs


def test_check_refuses_a_scaffold_never_filled_in(tmp_path):
    "Issue 35: `check` passed a scaffold as `new` wrote it (placeholder BibTeX, the synthetic example data)"
    made = {k: new_plugin(k, n, tmp_path) for k, n in (('benchmark', 'Lab2026.V4-pls'), ('model', 'lab-net'),
                                                       ('data', 'Lab2027'))}
    failed = {}
    for kind, folder in made.items():
        p = cli('check', '--no-tests', str(folder), env=env_with(), check=False)
        assert p.returncode == 1, p.stdout
        failed[kind] = [line for line in p.stdout.splitlines() if line.startswith('FAIL')]
    assert failed['model'] == ["FAIL placeholder replaced: lab_net/model.py:15: still 'replace it with your model', "
                               "as `new` wrote it"]
    for kind, lines in (('benchmark', 22), ('data', 21)):
        module = made[kind] / made[kind].name / ('benchmark.py' if kind == 'benchmark' else 'dataset.py')
        assert [line.split(': still')[0].split(': 42')[0] for line in failed[kind]] == [
            f'FAIL placeholder replaced: {module.relative_to(made[kind])}:{n}' for n in (lines, lines + 1, lines + 2)
        ] + ['FAIL example data replaced'], failed[kind]
        assert 'Author, A. and Coauthor, B.' in failed[kind][1] and '42 file(s) still the synthetic example' in failed[kind][3]
    # filled in, each passes; the example data alone (placeholders filled) is still refused
    fill_scaffold(made['model'])
    assert check_plugin(made['model'], run_tests=False).ok
    fill_scaffold(made['benchmark'])
    stimuli = made['benchmark'] / 'lab2026_v4_pls' / 'stimuli.csv'
    kept = stimuli.read_bytes()
    example_data(tmp_path / 'example')
    stimuli.write_bytes((tmp_path / 'example' / 'stimuli.csv').read_bytes())
    assert [i.item for i in check_plugin(made['benchmark'], run_tests=False).failed] == ['example data replaced']
    stimuli.write_bytes(kept)
    assert check_plugin(made['benchmark'], run_tests=False).ok


def test_check_refuses_an_import_the_plugin_does_not_declare(plugins, tmp_path):
    "Issue 35: a model plugin importing torch without declaring it passed `check`"
    model = Path(shutil.copytree(plugins['model'], tmp_path / 'lab_net'))
    notebook = model / 'nbs' / 'model.ipynb'
    notebook.write_text(notebook.read_text().replace('import numpy as np', 'import numpy as np\\n",\n    "import torch'))
    _export(model)
    assert 'import torch' in (model / 'lab_net' / 'model.py').read_text()
    p = cli('check', '--no-tests', str(model), env=env_with(), check=False)
    failed = [line for line in p.stdout.splitlines() if line.startswith('FAIL')]
    assert p.returncode == 1 and failed == ['FAIL import declared: lab_net/model.py:10: imports torch, not among the dependencies']
    assert 'fix: add "torch" to [project] dependencies in pyproject.toml (or to requirements.txt)' in p.stdout
    (model / 'lab_net' / 'requirements.txt').write_text('torch>=2.3  # the network\n')  # as Brain-Score's plugins do
    assert check_plugin(model, run_tests=False).ok
    (model / 'lab_net' / 'requirements.txt').unlink()
    pyproject = model / 'pyproject.toml'
    pyproject.write_text(pyproject.read_text().replace('dependencies = ["brainscore_nb"]', 'dependencies = ["brainscore_nb", "Torch>=2.3"]'))
    assert check_plugin(model, run_tests=False).ok


def test_check_passes_filled_in_and_lists_every_problem_of_a_broken_copy(plugins, tmp_path):
    good = cli('check', str(plugins['bench']), env=plugins['env'])
    assert good.stdout.splitlines()[0].endswith('every check passed') and 'ok   tests pass: 3 passed' in good.stdout
    broken = Path(shutil.copytree(plugins['bench'], tmp_path / 'broken'))
    module = broken / 'lab2026_v4_pls' / 'benchmark.py'
    module.write_text(module.read_text().replace("version=1", "version=0").replace("bibtex=BIBTEX", "bibtex=None")
                      .replace("parent='V4'", "parent='V7'"))
    (broken / 'lab2026_v4_pls' / 'stimuli' / 'stim010.png').unlink()
    responses = pd.read_csv(broken / 'lab2026_v4_pls' / 'responses.csv')
    responses.loc[3, 'response'] = np.nan
    responses.to_csv(broken / 'lab2026_v4_pls' / 'responses.csv', index=False)
    shutil.rmtree(broken / 'tests')
    (broken / 'tests').mkdir()
    (broken / 'tests' / 'test_it.py').write_text('def test_expected_score():\n    assert 0.5 == 0.7\n')
    p = cli('check', str(broken), env=env_with(), check=False)  # checked from its folder, not installed
    assert p.returncode == 1
    failed = [line for line in p.stdout.splitlines() if line.startswith('FAIL')]
    assert f': {len(failed)} of ' in p.stdout.splitlines()[0] and len(failed) >= 8
    for item in ("benchmark 'Lab2026.V4-pls': version: 0", "benchmark 'Lab2026.V4-pls': bibtex: None",
                 "benchmark 'Lab2026.V4-pls': parent: 'V7'", "benchmark 'Lab2026.V4-pls': ceiling: ValueError",
                 "stimulus set 'Lab2026': missing file [stim010]", "dataset 'Lab2026': NaN [values]: 1 of 1920 values",
                 'tests pass: 1 failed'):
        assert any(line.startswith(f'FAIL {item}') for line in failed), (item, p.stdout)
    assert p.stdout.count('fix: ') == len(failed)


def test_the_projects_own_datasets_come_from_entry_points():
    "data/datasets.py no longer imports data_packaging: the recipes are entry points declared in pyproject.toml"
    from brainscore_nb.plugins import plugin_entry_points
    source = (ROOT / 'brainscore_nb' / 'data' / 'datasets.py').read_text()
    assert 'import data_packaging' not in source and 'data_packaging.' not in source
    assert [ep.value for ep in plugin_entry_points('datasets')] == [
        'data_packaging.coggan2024', 'data_packaging.cowley2023', 'data_packaging.geirhos2019', 'data_packaging.kriegeskorte2008']
    packages = sorted(f'data_packaging.{p.name}' for p in (ROOT / 'data_packaging').iterdir() if (p / '__init__.py').exists())
    assert [ep.value for ep in plugin_entry_points('datasets')] == packages  # a new recipe package is declared too
    code = 'import brainscore_nb as bn; print(len(bn.data_registry), "Kriegeskorte2008.hIT" in bn.data_registry)'
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, env=env_with(), check=True).stdout
    assert out.split() == ['11', 'True']  # Coggan2024_fMRI (Brain-Score's layout) and Coggan2024_fMRI.rsms (ours)


def test_metric_and_dataset_plugins(tmp_path):
    "The metrics and datasets groups: a package's METRICS, CEILINGS, STIMULUS_SETS and DATASETS reach the load_* functions"
    site = tmp_path / 'site'
    (site / 'labmetrics').mkdir(parents=True)
    (site / 'labmetrics' / '__init__.py').write_text(textwrap.dedent('''\
        from brainscore_nb.metrics.score import Score
        from brainscore_nb.data.datasets import load_dataset, load_stimulus_set
        def agreement(source, target): return Score(0.25)
        METRICS = {'lab_agreement': agreement}
        CEILINGS = {'lab_ceiling': lambda target: Score(0.5)}
        STIMULUS_SETS = {'Lab2027': lambda: load_stimulus_set('Kriegeskorte2008')}
        DATASETS = {'Lab2027.hIT': lambda: load_dataset('Kriegeskorte2008.hIT')}
        '''))
    (info := site / 'labmetrics-0.1.dist-info').mkdir()
    (info / 'METADATA').write_text('Metadata-Version: 2.1\nName: labmetrics\nVersion: 0.1\n')
    (info / 'entry_points.txt').write_text('[brainscore_nb.metrics]\nlabmetrics = labmetrics\n[brainscore_nb.datasets]\nlabmetrics = labmetrics\n')
    code = textwrap.dedent('''\
        import brainscore_nb as bn
        from brainscore_nb.metrics.registry import list_metrics, list_ceilings
        from brainscore_nb.data.datasets import list_datasets, list_stimulus_sets
        print(bn.load_metric('lab_agreement')(None, None).center, bn.load_ceiling('lab_ceiling')(None).center)
        print('lab_agreement' in list_metrics(), 'lab_ceiling' in list_ceilings(), 'Lab2027.hIT' in list_datasets(),
              'Lab2027' in list_stimulus_sets(), 'Kriegeskorte2008.hIT' in list_datasets())
        ''')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, env=env_with(site))
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ['0.25', '0.5', 'True', 'True', 'True', 'True', 'True']
