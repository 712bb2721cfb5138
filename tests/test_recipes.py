"""The dataset recipes are notebooks: each `data_packaging/<authoryear>/<authoryear>.ipynb` exports the module
the library loads, and reads its raw files from `manifest.tsv` beside it; an edited or missing row names the
file and the row."""
import csv
import fnmatch
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import data_packaging
from brainscore_nb.data.fetch import ChecksumError
from data_packaging import export_recipes, read_manifest, recipes_root

ROOT = Path(__file__).resolve().parents[1]
DATASETS = ['coggan2024', 'cowley2023', 'geirhos2019', 'kriegeskorte2008']


def test_every_module_is_its_notebooks_export(tmp_path):
    "Re-exported into a temporary folder, each recipe notebook gives exactly the committed module"
    made = export_recipes(tmp_path)
    names = sorted(p.relative_to(tmp_path).as_posix() for p in made)
    committed = sorted(p.relative_to(recipes_root()).as_posix()
                       for p in recipes_root().rglob('__init__.py'))
    assert names == committed == ['__init__.py', *(f'{d}/__init__.py' for d in DATASETS)]
    for name in names:
        assert (tmp_path / name).read_text() == (recipes_root() / name).read_text(), (
            f'data_packaging/{name} differs from its notebook: edit the notebook, then run '
            '`python -c "import data_packaging; data_packaging.export_recipes()"`')


def test_recipes_root_is_this_checkout():
    assert recipes_root() == ROOT / 'data_packaging' == Path(data_packaging.__file__).parent


@pytest.mark.parametrize('dataset', DATASETS)
def test_manifest_rows_are_the_mirrors_files(dataset):
    "Every row's sha1 and size are those of the published file (the mirror's own table lists them)"
    with open(ROOT.parent / 'shared' / 'mirror' / 'MANIFEST.tsv', newline='') as f:
        mirror = {r['path']: (r['sha1'], int(r['bytes'])) for r in csv.DictReader(f, delimiter='\t')}
    manifest = read_manifest(dataset)
    with open(recipes_root() / dataset / 'manifest.tsv', newline='') as f:
        sizes = {r['path']: int(r['size']) for r in csv.DictReader(f, delimiter='\t')}
    counts = {'coggan2024': 25, 'cowley2023': 7, 'geirhos2019': 1639, 'kriegeskorte2008': 3}
    assert len(manifest) == counts[dataset]
    for path, raw in manifest.items():
        assert mirror[str(raw.mirror_path)] == (raw.sha1, sizes[path]), path


def _copy_manifest(tmp_path, dataset='kriegeskorte2008'):
    target = tmp_path / 'manifest.tsv'
    shutil.copyfile(recipes_root() / dataset / 'manifest.tsv', target)
    return target, target.read_text().splitlines()


@pytest.mark.parametrize('edit, message', [
    (lambda r: r.replace('ed44d4f92b2c', 'ed44d4f92b2'), "row 2: sha1 'ed44d4f92b2"),
    (lambda r: r.replace('\t982719\t', '\t982,719\t'), "row 2: size '982,719' is not a number of bytes"),
    (lambda r: r.replace('92imageData/92_behavRDMs', '92imageData/92_brainRDMs'), 'does not end with'),
    (lambda r: r.rsplit('\t', 1)[0], 'row 2: 3 fields, expected 4'),
])
def test_an_edited_row_names_the_file_and_the_row(tmp_path, edit, message):
    target, lines = _copy_manifest(tmp_path)
    target.write_text('\n'.join([lines[0], edit(lines[1]), *lines[2:]]) + '\n')
    with pytest.raises(ValueError, match='correct or restore that row') as e:
        read_manifest(target)
    assert str(target) in str(e.value) and message in str(e.value)


def test_a_repeated_row_or_a_wrong_header_is_refused(tmp_path):
    target, lines = _copy_manifest(tmp_path)
    target.write_text('\n'.join([*lines, lines[1]]) + '\n')
    with pytest.raises(ValueError, match=r"row 5: path '92_behavRDMs.mat' is listed again \(first in row 2"):
        read_manifest(target)
    target.write_text('\n'.join(['sha1\tpath\tsize\turl', *lines[1:]]) + '\n')
    with pytest.raises(ValueError, match='expected the tab-separated columns path, sha1, size, url'):
        read_manifest(target)


def test_an_edited_sha1_is_found_when_fetched_and_names_the_row(tmp_path):
    target, lines = _copy_manifest(tmp_path)
    edited = lines[1].replace('ed44d4f92b2c', '000000000000')
    target.write_text('\n'.join([lines[0], edited, *lines[2:]]) + '\n')
    manifest = read_manifest(target)
    with pytest.raises(ChecksumError, match=rf"sha1 is from {target}, row 2 \(92_behavRDMs.mat\)"):
        manifest.fetch('92_behavRDMs.mat')
    assert manifest.fetch('92_brainRDMs.mat').name == '92_brainRDMs.mat'  # the other rows still work


def test_a_missing_row_or_manifest_stops_the_recipe_naming_the_file(tmp_path):
    "A copy of the recipes whose manifests lack a row, or a file: importing the recipe names file and row"
    shutil.copytree(recipes_root(), tmp_path / 'data_packaging',
                    ignore=shutil.ignore_patterns('*.ipynb', '__pycache__'))
    manifest = tmp_path / 'data_packaging' / 'coggan2024' / 'manifest.tsv'
    rows = manifest.read_text().splitlines(True)
    manifest.write_text(''.join(row for row in rows if not row.startswith('dataset.pkl')))
    (tmp_path / 'data_packaging' / 'kriegeskorte2008' / 'manifest.tsv').unlink()
    code = ('import data_packaging\nfor name in ("coggan2024", "kriegeskorte2008"):\n'
            '    try: __import__(f"data_packaging.{name}")\n'
            '    except Exception as e: print(type(e).__name__, e)\n')
    r = subprocess.run([sys.executable, '-c', code], cwd=tmp_path, capture_output=True, text=True,
                       env={'PYTHONPATH': f'{tmp_path}:{ROOT}', 'PATH': '/usr/bin:/bin'})
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.splitlines()
    assert lines[0].startswith('KeyError') and f"{manifest} has no row for 'dataset.pkl'" in lines[0], lines
    assert lines[1].startswith('FileNotFoundError'), lines
    assert 'kriegeskorte2008/manifest.tsv: no such manifest' in lines[1]


def test_manifests_are_package_data():
    "pyproject's package-data installs every manifest (a wheel, not only `pip install -e .`, has them)"
    patterns = tomllib.loads((ROOT / 'pyproject.toml').read_text())['tool']['setuptools']['package-data']
    found = sorted(p.relative_to(recipes_root()).as_posix() for p in recipes_root().glob('*/manifest.tsv'))
    assert found == [f'{d}/manifest.tsv' for d in DATASETS]
    assert all(any(fnmatch.fnmatch(f, p) for p in patterns['data_packaging']) for f in found)
