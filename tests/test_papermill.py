"""Every benchmark notebook is also a papermill notebook: it runs with parameters, writes its scores as JSON,
and a failing cell fails the run and is named."""
import json
from pathlib import Path

import papermill as pm
import pytest

NBS = Path(__file__).resolve().parents[1] / 'nbs' / 'benchmarks'
NOTEBOOKS = sorted(NBS.glob('*.ipynb'))
# scores written per model: a benchmark notebook writes none (it is given no models) but these, which
# score the pixel baseline on their own data (a new family's notebook is found by the glob: it expects 0)
SCORED = {'cowley2023': 2, 'coggan2024': 4, 'kriegeskorte2008': 3}
EXPECTED = {p.stem: SCORED.get(p.stem, 0) for p in NOTEBOOKS}
# notebooks given `models` as one text, as `papermill -p models pixels` passes it (the others get a list)
AS_TEXT = {'kriegeskorte2008'}


# the modules of brainscore_nb/benchmarks/ shared by families, each from its own notebook in nbs/api/
SHARED = {'base': '30_benchmark_base', 'fitted_behavior': '31_fitted_behavior'}


def family_modules(package: Path) -> set:
    "The benchmark families of a package folder: every module but the shared ones"
    return {p.stem for p in package.glob('*.py') if p.stem != '__init__' and p.stem not in SHARED}


def test_every_benchmark_module_has_a_notebook():
    "Each family module has its notebook in nbs/benchmarks/, and each notebook there is a family's"
    assert family_modules(NBS.parents[1] / 'brainscore_nb' / 'benchmarks') == {p.stem for p in NOTEBOOKS}
    assert set(SCORED) <= set(EXPECTED)
    assert all((NBS.parent / 'api' / f'{n}.ipynb').exists() for n in SHARED.values())


@pytest.mark.parametrize('notebook', NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_with_parameters(notebook, tmp_path):
    out, results = tmp_path / notebook.name, tmp_path / 'results.json'
    models = ('pixels' if notebook.stem in AS_TEXT else ['pixels']) if EXPECTED[notebook.stem] else []
    pm.execute_notebook(notebook, out, parameters=dict(models=models, results_path=str(results)),
                        cwd=notebook.parent, kernel_name='python3', progress_bar=False)
    rows = json.loads(results.read_text())
    assert len(rows) == EXPECTED[notebook.stem]
    for row in rows:
        assert row['model'] == 'pixels' and 0 <= row['score'] <= 1 and (row['ceiling'] > 0 or row.get('unceiled') is True)
    executed = json.loads(out.read_text())
    assert any('injected-parameters' in c['metadata'].get('tags', []) for c in executed['cells'])


def test_failing_cell_fails_the_run_and_is_named(tmp_path):
    with pytest.raises(pm.PapermillExecutionError) as e:
        pm.execute_notebook(NBS / 'cowley2023.ipynb', tmp_path / 'out.ipynb', parameters=dict(models=['no-such-model']),
                            cwd=NBS, kernel_name='python3', progress_bar=False)
    assert "no model 'no-such-model'" in str(e.value) and e.value.cell_index > 0
