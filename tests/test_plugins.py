"""Plugins from installed packages (issue 12): real packages with `brainscore_nb.*` entry points, `pip install`ed into
a temporary folder put on PYTHONPATH (nothing is installed into the venv), used through the real `brainscore-nb`
command in subprocesses."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent / 'brainscore-nb'


def write_package(folder: Path, name: str, module_source: str, groups=('benchmarks',)) -> Path:
    "A minimal real package `name` whose module `name` is an entry point of each of `groups`"
    (folder / name / name).mkdir(parents=True)
    (folder / name / name / '__init__.py').write_text(textwrap.dedent(module_source))
    eps = ''.join(f'[project.entry-points."brainscore_nb.{g}"]\n{name} = "{name}"\n' for g in groups)
    (folder / name / 'pyproject.toml').write_text(
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
        f'[project]\nname = "{name}"\nversion = "0.1"\n{eps}')
    return folder / name


def pip_install(target: Path, *packages: Path):
    "pip install `packages` into `target` (offline, no dependencies, no build isolation: a few seconds)"
    subprocess.run([sys.executable, '-m', 'pip', 'install', '-q', '--no-deps', '--no-build-isolation', '--no-index',
                    '--target', str(target), *map(str, packages)], check=True, capture_output=True, text=True)


def env_with(*paths) -> dict:
    "The environment with `paths` first on PYTHONPATH, before this checkout"
    return {**os.environ, 'PYTHONPATH': os.pathsep.join([*map(str, paths), str(ROOT)])}


def cli(*args, env, check=True):
    p = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=600, env=env)
    if check: assert p.returncode == 0, p.stdout + p.stderr
    return p


@pytest.fixture(scope='module')
def installed(tmp_path_factory):
    "A working benchmark + model plugin and a broken one, pip-installed into one temporary site folder"
    src, site = tmp_path_factory.mktemp('src'), tmp_path_factory.mktemp('site')
    good = write_package(src, 'labx_plugin', '''
        from brainscore_nb.registry import load_benchmark
        from brainscore_nb.models.zoo import pixels
        BENCHMARKS = {'LabX2026.IT-rdm': lambda: load_benchmark('Kriegeskorte2008.hIT-rdm')}
        MODELS = {'labx-pixels': pixels}
        ''', groups=('benchmarks', 'models'))
    broken = write_package(src, 'broken_plugin', 'import no_such_module_anywhere\n')
    pip_install(site, good, broken)
    return site


def test_installed_plugin_is_listed_and_broken_one_named(installed):
    p = cli('list', 'benchmarks', env=env_with(installed))
    assert 'LabX2026.IT-rdm' in p.stdout.split() and 'Cowley2023.V4-pls' in p.stdout.split()
    assert "plugin 'broken_plugin'" in p.stderr and 'No module named' in p.stderr  # a warning, and the others loaded
    assert 'labx-pixels' in cli('list', 'models', env=env_with(installed)).stdout.split()


def test_lookup_error_names_the_broken_plugin(installed):
    p = cli('score', 'pixels', 'LabX2026.IT-rmd', env=env_with(installed), check=False)
    assert p.returncode != 0
    assert "no benchmark 'LabX2026.IT-rmd'; did you mean 'LabX2026.IT-rdm'" in p.stderr
    assert "plugin 'broken_plugin' failed to load (broken_plugin: ModuleNotFoundError" in p.stderr
    assert '--import FILE.py' in p.stderr and 'brainscore-nb new benchmark NAME' in p.stderr


def test_the_projects_own_datasets_come_from_entry_points():
    "data/datasets.py no longer imports data_packaging: the recipes are entry points declared in pyproject.toml"
    from brainscore_nb.plugins import plugin_entry_points
    source = (ROOT / 'brainscore_nb' / 'data' / 'datasets.py').read_text()
    assert 'import data_packaging' not in source and 'data_packaging.' not in source
    assert [ep.value for ep in plugin_entry_points('datasets')] == [
        'data_packaging.coggan2024', 'data_packaging.cowley2023', 'data_packaging.geirhos2019', 'data_packaging.kriegeskorte2008']
    code = 'import brainscore_nb as bn; print(len(bn.data_registry), "Kriegeskorte2008.hIT" in bn.data_registry)'
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, env=env_with(), check=True).stdout
    assert out.split() == ['10', 'True']
