"""A new benchmark family touches its own notebook, module, fixture and record, and no list kept by
hand (issue 36, item 5): a throwaway family module, written as every family module is and found
where they are found (beside them in `brainscore_nb.benchmarks`), is listed, described by the catalogue,
scored, counted in its region on the leaderboard, given a page in the site's Benchmarks section and
expected by the papermill test, with no file of the library or its tests edited."""
import subprocess
import sys
from pathlib import Path

import pytest

from site_build import docs_build
from test_papermill import SCORED, family_modules

ROOT = Path(__file__).resolve().parents[1]

FAMILY = '''\
"Lab2099: a throwaway family: one module, as each family's notebook exports it"
from functools import partial
from brainscore_nb.data.datasets import load_dataset
from brainscore_nb.data.assemblies import average_repetition
from brainscore_nb.metrics.regression import ridge_cv
from brainscore_nb.metrics.ceilings import internal_consistency
from brainscore_nb.benchmarks.base import NeuralBenchmark, benchmark_registry, squeeze_time_bin

BIBTEX = "@misc{lab2099, title={A family added by writing one module}, year={2099}}"

def lab2099(metric):
    assembly = load_dataset('Cowley2023.210325')
    return NeuralBenchmark('Lab2099.V4-ridge', average_repetition(assembly), metric,
                           lambda: internal_consistency(squeeze_time_bin(assembly)), data=assembly,
                           region='V4', time_bins=[(50, 150)], version=1, parent='V4',
                           bibtex=BIBTEX, visual_degrees=11.2)

benchmark_registry['Lab2099.V4-ridge'] = partial(lab2099, ridge_cv)
'''

CHECK = '''\
import sys
import brainscore_nb.benchmarks as families
families.__path__.append(sys.argv[1])  # the new module lies beside the others; nothing else is told
from brainscore_nb.registry import list_benchmarks
from brainscore_nb.catalogue import benchmark_catalogue
from brainscore_nb.batch import score_pair, results_table
from brainscore_nb.plots import leaderboard
ID = 'Lab2099.V4-ridge'
print('listed', ID in list_benchmarks())
row = benchmark_catalogue(identifiers=[ID], ceilings=False).iloc[0]
print('catalogue', row.origin, row.data, row.parent, row.bibtex, row.crosscheck)
r = score_pair('pixels', ID)
board = leaderboard(results_table([r]))
print('scored', r['status'], r['parent'], round(r['score'], 4),
      board.loc['pixels', 'V4'] == r['score'])
'''


def test_a_new_family_is_found_everywhere(tmp_path):
    (tmp_path / 'lab2099.py').write_text(FAMILY)
    run = subprocess.run([sys.executable, '-c', CHECK, str(tmp_path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.splitlines() == [
        'listed True', 'catalogue ours Cowley2023.210325 V4 lab2099 not yet',
        'scored ok V4 0.014 True']  # the pixel baseline's ridge score on Cowley2023's V4 data: 0.014031


def test_a_new_familys_notebook_is_expected_and_shown(tmp_path):
    "Its notebook in nbs/benchmarks/ is run by the papermill test and is a page under Benchmarks"
    (tmp_path / 'lab2099.py').write_text(FAMILY)
    assert 'lab2099' in family_modules(tmp_path) and 'lab2099' not in SCORED  # expects 0 scores
    pages = ['index', 'api/registry', 'benchmarks/cowley2023', 'benchmarks/lab2099', 'tutorials/start_here']
    tree = docs_build.toctree(pages)
    benchmarks = tree[tree.index(':caption: Benchmarks'):].split('```')[0]
    assert 'benchmarks/lab2099' in benchmarks and 'api/registry' not in benchmarks


def test_a_new_family_declares_its_fixture_in_its_own_folder(tmp_path):
    "The cross-check test serves and scores every family of crosscheck_fixtures.FAMILIES, read from folders too"
    from crosscheck_fixtures import FAMILIES, Family, declared_families
    (tmp_path / 'lab2099').mkdir()
    (tmp_path / 'lab2099' / 'family.py').write_text(
        "from crosscheck_fixtures import Family\n"
        "FAMILY = Family(stimuli={'Lab2099': ('Lab2099', {})}, model=('features', None, 11.2),\n"
        "                meta=dict(version=1, parent='V4'), offline='brainio-brainscore/stimulus_Lab2099')\n")
    found = declared_families(tmp_path)
    assert list(found) == ['lab2099'] and isinstance(found['lab2099'], Family)
    assert found['lab2099'].meta == dict(version=1, parent='V4') and 'lab2099' not in FAMILIES
    (tmp_path / 'lab2099' / 'family.py').write_text("FAMILY = {'model': ()}\n")
    with pytest.raises(TypeError, match=r'set FAMILY = crosscheck_fixtures\.Family'): declared_families(tmp_path)
