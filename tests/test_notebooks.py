"""Every notebook in nbs/ and every dataset recipe notebook in data_packaging/ runs top to bottom with its inline
tests (as `nbdev-test` does), one pytest test each. Each notebook of nbs/ that passes is kept, executed, under
_executed/ for the documentation site (docs/build.py), so that tests/test_site.py, which pytest runs after this
file, builds the site without running the notebooks again."""
import sys
import atexit
import tempfile
from pathlib import Path

import pytest
from site_build import docs_build
import nbdev.test as nbt  # imported as a module so that pytest does not collect nbdev's own test_nb
from nbdev.config import get_config
from execnb.shell import CaptureShell

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / 'nbs'
RECIPES = ROOT / 'data_packaging'  # data_packaging.ipynb and <authoryear>/<authoryear>.ipynb
NOTEBOOKS = sorted(p for p in [*NBS.rglob('*.ipynb'), *RECIPES.glob('*.ipynb'), *RECIPES.glob('*/*.ipynb')]
                   if not p.name.startswith(('_', '.')) and '.ipynb_checkpoints' not in p.parts)


def test_notebooks_found():
    assert len(NOTEBOOKS) >= 9, NOTEBOOKS
    assert sum(p.is_relative_to(RECIPES) for p in NOTEBOOKS) == 5, NOTEBOOKS


def test_notebooks_sit_in_folders_by_kind():
    """nbs/ holds the start page and one folder per section of the docs (docs/build.py's FOLDERS): api/ a notebook
    per module, benchmarks/ one per family (each exports its module), tutorials/ and explanations/ (none exports)"""
    import json, re
    top = sorted(p.name for p in NBS.glob('*.ipynb'))
    assert top == ['index.ipynb'], f'git mv these into nbs/api/ (a notebook that exports a module), ' \
                                   f'nbs/tutorials/ or nbs/explanations/: {top}'
    kinds = {}
    for p in NOTEBOOKS:
        if not p.is_relative_to(NBS) or p.parent == NBS: continue
        cells = json.loads(p.read_text(encoding='utf-8'))['cells']
        exports = any(re.search(r'^#\|\s*default_exp\s', ''.join(c['source']), re.M) for c in cells)
        kinds.setdefault(p.relative_to(NBS).parts[0], {})[p.name] = exports
    assert set(kinds) == set(docs_build.FOLDERS), (sorted(kinds), docs_build.FOLDERS)
    wrong = [f'{k}/{n}' for k, nbs in kinds.items() for n, exports in nbs.items()
             if exports != (k in ('api', 'benchmarks'))]
    assert not wrong, f'an api/ or benchmarks/ notebook exports a module, a tutorial or explanation none: {wrong}'
    assert len(kinds['api']) > 50 and len(kinds['benchmarks']) > 30, {k: len(v) for k, v in kinds.items()}


@pytest.fixture(autouse=True)
def registries_restored():
    """Each notebook starts from the library's registries and leaves them as it found them: its own registrations
    (41_batch's test benchmarks, a family notebook's re-registered factories) reach no later notebook or test"""
    from brainscore_nb.registry import list_benchmarks, list_models, benchmark_registry, model_registry
    from brainscore_nb.data.datasets import stimulus_set_registry, data_registry
    from brainscore_nb.metrics.registry import metric_registry, ceiling_registry, normalisation_registry
    from brainscore_nb.metrics.score import RESAMPLERS
    list_benchmarks(), list_models()  # every library module imported and registered before the snapshot
    registries = (benchmark_registry, model_registry, stimulus_set_registry, data_registry, metric_registry,
                  ceiling_registry, normalisation_registry, RESAMPLERS)
    saved = [dict(r) for r in registries]
    for k, f in saved[0].items():  # test modules' benchmarks (tests/small_benchmarks.py, ...) are not the library's
        module = getattr(getattr(f, 'func', f), '__module__', '')
        if module.startswith('brainscore_nb.'): continue
        del benchmark_registry[k]
        if str(getattr(sys.modules.get(module), '__file__', '')).startswith(str(Path(__file__).parent)):
            del sys.modules[module]  # a test module (tests/small_benchmarks.py): a notebook importing it registers again
    modules = set(sys.modules)
    yield
    for r, before in zip(registries, saved): r.clear(), r.update(before)
    tests = str(Path(__file__).parent)
    for name in set(sys.modules) - modules:  # a test module a notebook imported (43_cli's --import of
        # tests/small_benchmarks.py): gone with its registrations, so the next notebook importing it registers again
        if str(getattr(sys.modules[name], '__file__', None) or '').startswith(tests): del sys.modules[name]


@pytest.mark.parametrize('notebook', NOTEBOOKS, ids=lambda p: str(p.relative_to(NBS if p.is_relative_to(NBS) else ROOT)))
def test_notebook(notebook, tmp_path, monkeypatch):
    "Runs in this process; the temporary folders its examples make land in pytest's tmp_path, which pytest removes"
    monkeypatch.setattr(tempfile, 'tempdir', str(tmp_path))
    docs_build.forget_executed(notebook)
    monkeypatch.setattr(nbt, 'write_nb', docs_build.keep_executed)  # save=True keeps it under _executed/, nbs/ unchanged
    shells = []

    def shell(*args, **kwargs):  # nbdev's CaptureShell, noted so that its exit hook can be dropped
        shells.append(CaptureShell(*args, **kwargs))
        return shells[-1]
    monkeypatch.setattr(nbt, 'CaptureShell', shell)
    try: ok, _ = nbt.test_nb(notebook, skip_flags=get_config().tst_flags.split(), showerr=True, save=True)
    finally:  # IPython's exit hook runs a full gc.collect per shell when pytest exits (~40 s for 108 notebooks);
        # each shell itself stays as it is (functions a notebook registered keep their globals)
        for made in shells: atexit.unregister(made.atexit_operations)
    assert ok, f'{notebook.name} failed: see the cell and traceback above'
