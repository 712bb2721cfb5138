"""Data plugin tests: every registered dataset loads offline from the mirror, with the published counts, ids,
alignment and facts; a second load comes from the verified store; a corrupt stored file is never used."""
import numpy as np
import pytest

from brainscore_nb.data.datasets import list_datasets, list_stimulus_sets, load_dataset, load_stimulus_set
from brainscore_nb.data.fetch import fetch
from brainscore_nb.data.store import Catalog
from brainscore_nb.data.validation import validate_pair
from data_packaging import cowley2023, geirhos2019, kriegeskorte2008


@pytest.fixture(scope='module')
def shared_home(tmp_path_factory):
    "One store for this module, so each dataset is packaged once"
    return tmp_path_factory.mktemp('store')


@pytest.fixture
def home(shared_home, monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(shared_home))
    return shared_home


EXPECTED = {  # identifier -> (class, sizes, stimuli in the stimulus set)
    'Kriegeskorte2008.mIT': ('DataAssembly', {'presentation': 92, 'presentation_2': 92}, 92),
    'Kriegeskorte2008.hIT': ('DataAssembly', {'subject': 4, 'session': 2, 'presentation': 92, 'presentation_2': 92}, 92),
    'Kriegeskorte2008.behavior': ('DataAssembly', {'subject': 16, 'presentation': 92, 'presentation_2': 92}, 92),
    'Cowley2023.210325': ('NeuroidAssembly', {'presentation': 4840, 'neuroid': 50, 'time_bin': 1}, 640),
    'Cowley2023.190923': ('NeuroidAssembly', {'presentation': 1200, 'neuroid': 33, 'time_bin': 1}, 1200),
    'Cowley2023.210224': ('NeuroidAssembly', {'presentation': 800, 'neuroid': 67, 'time_bin': 1}, 800),
    'Coggan2024_fMRI': ('NeuroidAssembly', {'presentation': 24, 'neuroid': 36}, 24),  # Brain-Score's layout
    'Coggan2024_fMRI.rsms': ('DataAssembly', {'region': 4, 'subject': 9, 'presentation': 24, 'presentation_2': 24}, 24),
    'Geirhos2019.cue_conflict': ('BehavioralAssembly', {'presentation': 12800}, 1280),
    'Geirhos2019.edges': ('BehavioralAssembly', {'presentation': 1600}, 160),
    'Geirhos2019.silhouettes': ('BehavioralAssembly', {'presentation': 1600}, 160),
}


def test_registry_names_every_identifier_of_the_issue():
    assert list_datasets() == sorted(EXPECTED)
    assert list_stimulus_sets() == sorted({'Kriegeskorte2008', 'Coggan2024_fMRI', *(i for i in EXPECTED if '.' in i and not i.startswith(('Krieg', 'Coggan')))})


@pytest.mark.parametrize('identifier', sorted(EXPECTED))
def test_dataset_counts_ids_and_alignment(identifier, home):
    cls, sizes, n_stimuli = EXPECTED[identifier]
    a = load_dataset(identifier)
    assert type(a).__name__ == cls and dict(a.sizes) == sizes
    stimuli = a.stimulus_set
    assert len(stimuli) == n_stimuli and stimuli.identifier == a.attrs['stimulus_set_identifier']
    assert set(a['stimulus_id'].values) == set(stimuli['stimulus_id'])  # every stimulus measured, nothing else
    if 'stimulus_id_2' in a.coords: assert (a['stimulus_id_2'].values == a['stimulus_id'].values).all()
    problems = validate_pair(stimuli, a, check_files=True).problems
    assert [p for p in problems if not (identifier.startswith('Geirhos') and p.where == 'rt')] == [], problems
    assert all(stimuli.get_stimulus(s).is_file() for s in stimuli['stimulus_id'][:5])
    rows = Catalog().find(identifier, 'assembly')
    assert [r['role'] for r in rows] == ['nc'] and rows[0]['cls'] == cls and rows[0]['stimulus_set_identifier'] == stimuli.identifier
    again = load_dataset(identifier)  # from the store
    assert again.drop_attrs().identical(a.drop_attrs())


def test_kriegeskorte_mean_human_it_rdm_is_the_published_one(home):
    hit = load_dataset('Kriegeskorte2008.hIT')
    published = kriegeskorte2008.published_rdms()['hITvisStim_316vx']
    mean = hit.mean(['subject', 'session']).values
    assert np.abs(mean - published).max() < 1e-6
    mit = load_dataset('Kriegeskorte2008.mIT')
    assert np.array_equal(mit.values, kriegeskorte2008.published_rdms()['mIT_674neurons'])
    assert hit.stimulus_set.set_index('stimulus_id').loc['img01', 'category'] == 'human bodypart'


def test_cowley_nan_mean_of_raw_repeats_is_the_averaged_file(home):
    a = load_dataset('Cowley2023.210325')
    assert a['repetition'].values.max() == 9 and set(a.groupby('stimulus_id').count('presentation').values.ravel()) <= set(range(6, 11))
    raw = np.load(fetch(cowley2023.RESPONSES_RAW['210325']))
    averaged = np.load(fetch(cowley2023.RESPONSES_AVERAGED['210325']))
    np.testing.assert_array_equal(np.nanmean(raw, axis=2), averaged)
    # and the packaged presentations reproduce it: images[i] matches responses[:, i]
    mean = a.squeeze('time_bin').groupby('stimulus_id').mean().transpose('neuroid', 'stimulus_id')
    order = a.stimulus_set.sort_values('image_index')['stimulus_id'].tolist()
    np.testing.assert_allclose(mean.sel(stimulus_id=order).values, averaged, rtol=1e-12)


def test_geirhos_shape_bias_humans_and_alexnet(home):
    a = load_dataset('Geirhos2019.cue_conflict')
    assert a.sel(subject='subject-01').sizes['presentation'] == 1280 and len(set(a['subject'].values)) == 10
    human = geirhos2019.shape_bias(a.values, a['stimulus_id'].values)
    alexnet = geirhos2019.trials('cue_conflict', subjects=('alexnet',))
    machine = geirhos2019.shape_bias(alexnet['object_response'], alexnet['stimulus_id'])
    assert abs(human - 0.96) < 0.01 and abs(machine - 0.43) < 0.01, (human, machine)
    # rt is NaN exactly on trials without a response ('na'), kept as published
    assert (np.isnan(a['rt'].values) == (a.values == 'na')).all()
    assert (a['shape'].values == a['truth'].values).all()  # the stimulus set's shape class is the trial's category


def test_corrupt_stored_package_is_rebuilt_not_used(home):
    stimuli = load_stimulus_set('Geirhos2019.edges')
    row = next(r for r in Catalog().find('Geirhos2019.edges', 'stimulus_set') if r['role'] == 'csv')
    with open(row['location'], 'r+b') as f: f.write(b'XX')  # same size, other bytes
    again = load_stimulus_set('Geirhos2019.edges')
    assert again.equals(stimuli) and Catalog().find('Geirhos2019.edges', 'stimulus_set')[0]['sha1'] == row['sha1']


def test_unknown_identifier_suggests_close_matches(home):
    with pytest.raises(KeyError, match="did you mean 'Geirhos2019.cue_conflict'"):
        load_dataset('Geirhos2019.cue-conflict')
    with pytest.raises(KeyError, match="did you mean 'Cowley2023.210325'"):
        load_stimulus_set('Cowley2023.210352')
