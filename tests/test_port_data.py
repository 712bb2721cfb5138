"""Brain-Score's data-packaging tutorial and brainio 1 code, ported by changing imports (issue 25, data side)."""
import warnings
import zipfile

import numpy as np
import pandas as pd
import pytest
from PIL import Image

from brainscore_nb.brainscore.compat import data_bibtex, port_imports
from brainscore_nb.data.datasets import list_datasets, data_registry
from brainscore_nb.data.packaging import load_stimulus_set_from_package
from brainscore_nb.data.store import Recipe

# The data-packaging tutorial's first StimulusSet, as written (its `...` line, an elision, left out): rows with
# different metadata keys, so 'emotion' and 'subcategory' have empty cells
TUTORIAL_STIMULI = '''
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

# Create stimulus metadata
stimuli_data = [
    {'stimulus_id': 'img_001', 'category': 'face', 'emotion': 'happy'},
    {'stimulus_id': 'img_002', 'category': 'face', 'emotion': 'sad'},
    {'stimulus_id': 'img_003', 'category': 'object', 'subcategory': 'car'},
    {'stimulus_id': 'img_004', 'category': 'object', 'subcategory': 'house'},
]

# Create StimulusSet
stimulus_set = StimulusSet(stimuli_data)

# Link to actual files
stimulus_set.stimulus_paths = {
    'img_001': '/path/to/face_happy.jpg',
    'img_002': '/path/to/face_sad.jpg',
    'img_003': '/path/to/car.jpg',
    'img_004': '/path/to/house.jpg',
}

# Set identifier
stimulus_set.name = 'MyExperiment2024'
'''
TUTORIAL_PACKAGE = '''
from brainscore_core.supported_data_standards.brainio.packaging import package_stimulus_set_locally

package_stimulus_set_locally(
    proto_stimulus_set=stimulus_set,
    stimulus_set_identifier=stimulus_set.name,
)
'''


def _run(code: str, ns: dict) -> dict:
    exec(compile(port_imports(code), '<tutorial>', 'exec'), ns)
    return ns


def test_tutorial_stimulus_set_packages_with_its_empty_cells(tmp_path, monkeypatch):
    "The tutorial's rows (different keys) package as written and load back with the empty cells missing (was: NaN refused)"
    monkeypatch.setenv('BRAINSCORE_NB_PACKAGES_DIR', str(tmp_path / 'packages'))
    files = tmp_path / 'path' / 'to'
    files.mkdir(parents=True)
    ns = _run(TUTORIAL_STIMULI.replace("'/path/to/", f"'{files}/"), {})
    for i, p in enumerate(ns['stimulus_set'].stimulus_paths.values()):
        Image.new('RGB', (8, 8), (40 * i, 0, 0)).save(p)
    _run(TUTORIAL_PACKAGE, ns)
    folder = tmp_path / 'packages'
    back = load_stimulus_set_from_package(folder / 'stimulus_MyExperiment2024.csv', folder / 'stimulus_MyExperiment2024.zip')
    assert back.identifier == 'MyExperiment2024'
    assert back.emotion.tolist()[:2] == ['happy', 'sad'] and back.emotion.isna().tolist() == [False, False, True, True]
    assert back.subcategory.isna().tolist() == [True, True, False, False] and back.subcategory.tolist()[2:] == ['car', 'house']
    pd.testing.assert_frame_equal(pd.DataFrame(back), pd.DataFrame(ns['stimulus_set']))
    assert sorted(zipfile.ZipFile(folder / 'stimulus_MyExperiment2024.zip').namelist()) == [f'img_00{i}.jpg' for i in range(1, 5)]


def test_numeric_column_with_one_missing_value(tmp_path):
    "A float column and a nullable Int64 column, each with one missing value, package and load back unchanged"
    from brainscore_nb.data.packaging import package_stimulus_set_locally
    from brainscore_nb.data.stimuli import StimulusSet
    paths = {}
    for i in range(3):
        paths[f's{i}'] = tmp_path / f's{i}.png'
        Image.new('RGB', (4, 4)).save(paths[f's{i}'])
    s = StimulusSet({'stimulus_id': ['s0', 's1', 's2'], 'size': [1.5, np.nan, 3.0],
                     'count': pd.array([1, None, 3], dtype='Int64')}, identifier='Num', stimulus_paths=paths)
    pkg = package_stimulus_set_locally(s, 'Num', tmp_path / 'out')
    back = load_stimulus_set_from_package(pkg['csv_path'], pkg['zip_path'])
    pd.testing.assert_frame_equal(pd.DataFrame(back), pd.DataFrame(s))
    assert back['count'].dtype == pd.Int64Dtype() and back['size'].isna().tolist() == [False, True, False]


def test_brainio1_code_says_what_to_change():
    "brainio 1's `stimuli.image_paths = ...` and `image_id` rows: an error naming the Brain-Score 2 spelling (was a pandas warning, then 'no stimulus_id')"
    code = port_imports("from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet\n"
                        "stimuli = StimulusSet([{'image_id': 'a', 'object_name': 'car'}])\n")
    ns = {}
    exec(code, ns)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with pytest.raises(AttributeError, match="'image_paths' is brainio 1's name for 'stimulus_paths'.*write stimulus_set.stimulus_paths"):
            ns['stimuli'].image_paths = {'a': '/x/a.png'}
    from brainscore_nb.data.validation import validate_stimulus_set
    message = validate_stimulus_set(ns['stimuli'], check_files=False).problems[0].message
    assert message.endswith(".rename(columns={'image_id': 'stimulus_id'})"), message


def test_our_datasets_carry_a_bibtex():
    "data_bibtex of every dataset our recipes register (was KeyError: no BIBTEX)"
    ours = [k for k in list_datasets() if isinstance(data_registry[k], Recipe)]
    assert 'Kriegeskorte2008.hIT' in ours and len(ours) >= 8
    assert data_bibtex('Kriegeskorte2008.hIT').startswith('@article{kriegeskorte2008matching,')
    for k in ours:
        assert data_bibtex(k).lstrip().startswith('@'), k
    assert data_bibtex('Kriegeskorte2008', 'stimulus_set') == data_bibtex('Kriegeskorte2008.mIT')


# Brain-Score 2.4.2's data/coggan2024_fMRI/test.py, imports changed (`import brainscore_vision` ported): its
# dataset name must give its layout; our region x subject layout is 'Coggan2024_fMRI.rsms' (was: ours under its name)
COGGAN_PLUGIN_TEST = '''
import brainscore_vision
import numpy as np


def test_Coggan2024_fMRI_stimuli():
    stimulus_set = brainscore_vision.load_stimulus_set('Coggan2024_fMRI')
    assert len(stimulus_set) == 24
    assert len(set(stimulus_set['object_name'])) == 8
    assert len(set(stimulus_set['occlusion_condition'])) == 3


def test_Coggan2024_fMRI_dataset():
    assembly = brainscore_vision.load_dataset('Coggan2024_fMRI')
    np.testing.assert_array_equal(
        assembly.dims, ['presentation', 'presentation', 'neuroid'])
    assert len(set(assembly['stimulus_id'].values)) == 24
    assert assembly.shape[0] == 24
    assert assembly.shape[1] == 24
    assert assembly.shape[2] == 36
    assert assembly.stimulus_set is not None
    assert len(assembly.stimulus_set) == 24
'''


def test_coggan2024_fmri_is_brainscore_layout(tmp_path, monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path / 'home'))
    ns = _run(COGGAN_PLUGIN_TEST, {})
    with warnings.catch_warnings():
        warnings.filterwarnings('ignore', 'Duplicate dimension names')
        ns['test_Coggan2024_fMRI_stimuli']()
        ns['test_Coggan2024_fMRI_dataset']()
        from brainscore_nb.data.datasets import load_dataset
        theirs, ours = load_dataset('Coggan2024_fMRI'), load_dataset('Coggan2024_fMRI.rsms')
    assert type(theirs).__name__ == 'NeuroidAssembly' and ours.dims == ('region', 'subject', 'presentation', 'presentation_2')
    # neuroid k is region k // 9, subject k % 9 (Brain-Score's itertools.product order)
    assert np.array_equal(theirs.values[:, :, 3 * 9 + 4], ours.sel(region='IT').isel(subject=4).values)
    assert list(theirs.region.values[::9]) == ['V1', 'V2', 'V4', 'IT']


def test_get_levels_by_brainscore_import():
    "get_levels imported as Brain-Score code does gives Brain-Score's level names (was ImportError)"
    ns = _run("from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly, get_levels\n"
              "a = NeuroidAssembly(np.zeros((2, 2)), dims=['presentation', 'neuroid'], coords={\n"
              "    'stimulus_id': ('presentation', ['a', 'b']), 'object_name': ('presentation', ['x', 'y']),\n"
              "    'neuroid_id': ('neuroid', ['n1', 'n2']), 'region': ('neuroid', ['IT', 'IT'])})\n"
              "levels = get_levels(a)\n", {'np': np})
    assert ns['levels'] == ['stimulus_id', 'object_name', 'neuroid_id', 'region']  # Brain-Score 2.4.2's, measured


# --- `brainscore-nb check` on plugins as Brain-Score writes them (issue 25) ---
import os
import subprocess
import sys


def test_check_says_pytest_is_missing(tmp_path, monkeypatch):
    "check in an environment without pytest names it (was: 'tests pass' failed with pytest's stderr hidden)"
    from brainscore_nb import submission
    (tmp_path / 'tests').mkdir()
    (tmp_path / 'tests' / 'test_x.py').write_text('def test_x(): pass\n')
    monkeypatch.setattr(submission.subprocess, 'run', lambda *a, **k: subprocess.CompletedProcess(
        a, 1, '', f'{sys.executable}: No module named pytest\n'))
    report = submission.CheckReport('plugin')
    submission._run_tests(report, tmp_path)
    item = report.items[-1]
    assert (item.item, item.ok) == ('tests pass', False) and 'pytest is not installed' in item.detail and 'pip install pytest' in item.fix


def test_private_access_mark_skips_without_credentials(tmp_path):
    "A plugin test marked @pytest.mark.private_access is skipped, saying why, without S3 credentials (was: ran, unknown mark)"
    (tmp_path / 'tests').mkdir()
    (tmp_path / 'tests' / 'test_private.py').write_text(
        'import pytest\n\n@pytest.mark.private_access\nclass TestStimulusSet:\n    def test_loads(self):\n        raise RuntimeError("fetched private data")\n\n'
        'def test_public():\n    pass\n')
    env = {k: v for k, v in os.environ.items() if k not in ('AWS_ACCESS_KEY_ID', 'AWS_PROFILE')}
    p = subprocess.run([sys.executable, '-m', 'pytest', '-rs', '-q', '-p', 'no:cacheprovider', '-p', 'brainscore_nb.submission',
                        '-W', 'error::pytest.PytestUnknownMarkWarning', 'tests'], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert p.returncode == 0 and '1 passed, 1 skipped' in p.stdout, p.stdout + p.stderr
    assert 'private_access: needs private S3 data; set AWS_ACCESS_KEY_ID' in p.stdout
    p = subprocess.run([sys.executable, '-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-p', 'brainscore_nb.submission', 'tests'],
                       cwd=tmp_path, env={**env, 'AWS_ACCESS_KEY_ID': 'x'}, capture_output=True, text=True)
    assert '1 failed, 1 passed' in p.stdout, p.stdout  # with credentials it runs


def test_check_takes_a_recipe_that_names_its_stimulus_set():
    "A Recipe-built dataset (ours attach the stimulus set when loaded, not in the recipe) passes check's data items"
    from brainscore_nb import submission
    from data_packaging import cowley2023
    report = submission.CheckReport('plugin')
    submission._check_data(report, 'dataset', 'Cowley2023.210325', cowley2023.DATASETS['Cowley2023.210325'], 'dataset')
    assert report.ok, report
    assert ("dataset 'Cowley2023.210325': stimulus set named", True) in [(i.item, i.ok) for i in report.items]


def test_scaffold_for_data_without_repetitions(tmp_path):
    "Data without repetitions: the default ceiling fails check naming the alternatives; --ceiling none passes (was: hard-coded internal_consistency)"
    from brainscore_nb.submission import check_plugin, new_plugin
    from test_plugins import fill_scaffold  # check refuses the scaffold's placeholders and example data
    def one_repetition(folder):
        fill_scaffold(folder)
        responses = folder / folder.name / 'responses.csv'
        df = pd.read_csv(responses)
        df[df.repetition == 0].to_csv(responses, index=False)
    ceiled = new_plugin('benchmark', 'Lab2026.V4-pls', tmp_path / 'a')
    one_repetition(ceiled)
    failed = [i for i in check_plugin(ceiled, run_tests=False).items if not i.ok]
    assert [i.item for i in failed] == ["benchmark 'Lab2026.V4-pls': ceiling"], failed
    assert '--ceiling none' in failed[0].fix and 'list_ceilings()' in failed[0].fix
    unceiled = new_plugin('benchmark', 'Lab2026.V4-pls', tmp_path / 'b', ceiling='none')
    one_repetition(unceiled)
    report = check_plugin(unceiled)
    assert report.ok, report
    assert 'def build' in (unceiled / unceiled.name / 'benchmark.py').read_text() and 'None, data=data' in (unceiled / unceiled.name / 'benchmark.py').read_text()


# Brain-Score's metric and metric_helpers tests build NeuroidAssemblies with these dims (an RDM, a neuroid-only
# prediction, a neuroid_id dim stacked later); Brain-Score accepts them at construction (before: ValueError)
BRAINSCORE_BUILT = {
    'rdm': (np.eye(3), ['presentation', 'presentation'], {'stimulus_id': ('presentation', ['a', 'b', 'c'])},
            "NeuroidAssembly needs dims ('presentation', 'neuroid')"),
    'neuroid only': (np.ones(3), ['neuroid'], {'neuroid_id': ('neuroid', ['n0', 'n1', 'n2'])},
                     "NeuroidAssembly needs dims ('presentation', 'neuroid')"),
    'neuroid_id dim': (np.ones((2, 3)), ['presentation', 'neuroid_id'],
                       {'stimulus_id': ('presentation', ['a', 'b']), 'neuroid_id': ('neuroid_id', [0, 1, 2])},
                       "got ('presentation', 'neuroid_id')"),
}


@pytest.mark.parametrize('case', list(BRAINSCORE_BUILT))
def test_neuroid_assembly_accepts_brainscore_structures_and_packaging_refuses_them(case, tmp_path):
    "Built as Brain-Score builds them; packaging names the problem and the package"
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.data.packaging import package_data_assembly_locally
    values, dims, coords, problem = BRAINSCORE_BUILT[case]
    a = NeuroidAssembly(values, dims=dims, coords=coords)
    assert a.dims == tuple(dims) and type(a) is NeuroidAssembly
    with pytest.raises(ValueError) as e:
        package_data_assembly_locally(a, 'Lab2026.odd', 'Lab2026', 'NeuroidAssembly', directory=tmp_path)
    assert problem in str(e.value) and 'Lab2026.odd' in str(e.value)
    assert not list(tmp_path.glob('*.nc'))


def test_a_brainscore_rdm_assembly_scores_with_rdm():
    "Brain-Score's rdm test: a presentation x presentation NeuroidAssembly compared with itself scores 1"
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.registry import load_metric
    rdm = np.random.default_rng(0).random((20, 20)); np.fill_diagonal(rdm, 0)
    rdm = NeuroidAssembly(rdm, coords={'stimulus_id': ('presentation', list(range(20))),
                                       'object_name': ('presentation', ['A', 'B'] * 10)},
                          dims=['presentation', 'presentation'])
    assert float(load_metric('rdm')(rdm, rdm)) == pytest.approx(1.)
