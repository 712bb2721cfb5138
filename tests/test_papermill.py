"""Every benchmark notebook is also a papermill notebook: it runs with parameters, writes its scores as JSON,
and a failing cell fails the run and is named."""
import json
from pathlib import Path

import papermill as pm
import pytest

NBS = Path(__file__).resolve().parents[1] / 'nbs' / 'benchmarks'
NOTEBOOKS = sorted(NBS.glob('*.ipynb'))
EXPECTED = {'cowley2023': 2, 'coggan2024': 4, 'kriegeskorte2008': 3, 'geirhos2019': 0, 'majajhong2015': 0,
            'freemanziemba2013': 0, 'rajalingham2018': 0, 'geirhos2021': 0,
            'cowley2026': 0, 'muzellec2026': 0, 'sanghavi2020': 0, 'bracci2019': 0, 'rajalingham2020': 0,
            'kar2019': 0, 'hebart2023_fmri': 0, 'allen2022_fmri': 0, 'allen2022_fmri_surface': 0, 'li2026': 0,
            'marques2020': 0, 'maniquet2024': 0, 'coggan2024_behavior': 0, 'lonnqvist2024': 0, 'bmd2024': 0,
            'kato2026': 0, 'scialom2024': 0, 'baker2022': 0, 'hermann2020': 0, 'islam2021': 0, 'imagenet': 0,
            'objectnet': 0, 'imagenet_c': 0, 'hebart2023': 0, 'ferguson2024': 0,
            'gifford2022': 0, 'papale2025': 0, 'cadena2017': 0, 'laion_fmri': 0, 'malania2007': 0,
            'igustibagus2024': 0,
            }  # scores written per model
# notebooks given `models` as one text, as `papermill -p models pixels` passes it (the others get a list)
AS_TEXT = {'kriegeskorte2008'}


def test_every_benchmark_module_has_a_notebook():
    assert {p.stem for p in NOTEBOOKS} == set(EXPECTED)


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
