"""What the cross-check fixtures of tests/crosscheck_fixtures.py show besides their numbers (tests/test_crosschecks.py
checks those): a model whose stored answers do not fit a benchmark is a clear error naming what is wrong, never a
score from part of the data; ridgecv chooses each subject's penalty; what the benchmarks build from the packages."""
import hashlib
import json

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import remove_uploads
from crosscheck_fixtures import BRAINIO, model, serve


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    "Serve a family's fixture packages as the catalog"
    return lambda family: serve(family, s3_env.endpoint, tmp_path, monkeypatch)


def _answers(family, identifier, **isel):
    answers = model(family, identifier)._choices
    return answers.isel(**isel) if isel else answers


@pytest.mark.parametrize('family, identifier, answered, degrees, missing', [
    ('baker2022', 'Baker2022frankenstein-accuracy_delta', 40, 8.8, '41 of the 81'),
    ('coggan2024_behavior', 'tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity', 400, 10, '80 of the 480')])
def test_a_model_answering_too_few_stimuli_is_refused(catalog, family, identifier, answered, degrees, missing):
    "A model whose stored answers miss some images is a clear error, not a score from fewer images"
    catalog(family)
    partial = PrecomputedBehavior(_answers(family, identifier, presentation=slice(0, answered)), 'partial',
                                  visual_degrees=degrees)
    with pytest.raises(KeyError, match=f'no features for {missing} stimuli'):
        bn.load_benchmark(identifier)(partial)


def test_maniquet2024_refuses_a_model_with_other_labels(catalog):
    catalog('maniquet2024')
    identifier = 'Maniquet2024-confusion_similarity'
    answers = _answers('maniquet2024', identifier).assign_coords(choice=['bird', 'car', 'cat', 'dog', 'ship'])
    with pytest.raises(ValueError, match=r"choices without trials \['ship'\], labels not among the choices \['plane'\]"):
        bn.load_benchmark(identifier)(PrecomputedBehavior(answers, 'other-labels', visual_degrees=8))


def test_lonnqvist2024_refuses_a_model_with_too_few_answers(catalog):
    "The metric's precondition (each subject answered the model's stimuli): a subset of the model's answers is refused"
    from brainscore_nb.metrics.behavior_similarity import accuracy_distance
    catalog('lonnqvist2024')
    trials = bn.load_dataset('Lonnqvist2024_inlab-instructions')
    answers = _answers('lonnqvist2024', 'Lonnqvist2024_EngineeringAccuracy', presentation=slice(0, 30))
    with pytest.raises(ValueError, match="did not answer exactly the model's stimuli once each"):
        accuracy_distance(answers, trials)


def test_bmd2024_a_probabilities_only_model_cannot_label(catalog):
    "The benchmark asks for labels: a model that only stores probabilities says it cannot perform the task"
    catalog('bmd2024')
    probabilities = read_brainio_assembly(BRAINIO / 'lonnqvist2024' / 'assy_fixture_Lonnqvist2024_model.nc',
                                          'BehavioralAssembly')
    with pytest.raises(NotImplementedError, match="only answers probabilities tasks"):
        bn.load_benchmark('BMD2024.dotted_1Behavioral-accuracy_distance')(
            PrecomputedBehavior(probabilities, 'p', visual_degrees=8))


def test_hebart2023_fmri_ridgecv_chooses_a_penalty_per_subject(catalog):
    "ridgecv fits each subject with its own penalty from Brain-Score's ALPHA_LIST"
    from brainscore_nb.benchmarks.base import place_record_look
    from brainscore_nb.metrics.regression import ALPHA_LIST
    catalog('hebart2023_fmri')
    benchmark = bn.load_benchmark('Hebart2023_fmri.IT-ridgecv')
    features = model('hebart2023_fmri', 'Hebart2023_fmri.IT-ridgecv')
    assert benchmark.metric.keywords['alphas'] is ALPHA_LIST
    train, test = benchmark.train_assembly, benchmark.assembly
    seen = [place_record_look(benchmark, features, a) for a in (train, test)]
    alphas = {s: float(benchmark.metric(*seen, train.isel(neuroid=train.subject.values == s),
                                        test.isel(neuroid=test.subject.values == s)).attrs['alpha'][0])
              for s in ('01', '02', '03')}
    assert set(alphas.values()) <= set(ALPHA_LIST.tolist()) and len(set(alphas.values())) > 1


@pytest.mark.parametrize('family, identifier, alphas', [
    ('gifford2022', 'Gifford2022.IT-ridgecv', 'brainscore_nb.benchmarks.gifford2022.REDUCED_ALPHA_LIST'),
    ('papale2025', 'Papale2025.IT-ridgecv', 'brainscore_nb.metrics.regression.ALPHA_LIST')])
def test_ridgecv_penalties_are_the_plugins_lists(catalog, family, identifier, alphas):
    "Each ridgecv benchmark chooses from its plugin's list of penalties (Gifford2022's reduced one: 23 values)"
    import importlib
    module, name = alphas.rsplit('.', 1)
    catalog(family)
    expected = getattr(importlib.import_module(module), name)
    assert bn.load_benchmark(identifier).metric.keywords['alphas'] is expected
    if family == 'gifford2022': assert len(expected) == 23


def test_bracci2019_builds_brainscores_subjects(catalog):
    "Anterior VTC's 6 voxels of 12 subjects, centred; the ceiling leaves one subject out at a time"
    catalog('bracci2019')
    benchmark = bn.load_benchmark('Bracci2019.anteriorVTC-rdm')
    assert dict(benchmark.human.sizes) == {'presentation': 27, 'neuroid': 6}  # averaged over subjects
    assert dict(benchmark.centred.sizes) == {'presentation': 27, 'neuroid': 72}  # 12 subjects x 6
    assert benchmark.centred.attrs['neuroid_id_from_position'] == 1  # the package names no neuroid_id
    np.testing.assert_allclose(benchmark.centred.mean('presentation').values, 0, atol=1e-12)
    assert len(benchmark.ceiling.attrs['subject_values']) == 12


def test_islam2021_draws_brainscores_image_pairs(catalog):
    "Each id's pairs of images sharing a factor are Brain-Score's draws (their sha1, recorded by its side)"
    catalog('islam2021')
    records = json.loads((BRAINIO / 'crosschecks' / 'islam2021.json').read_text())
    for identifier, record in records.items():
        b = bn.load_benchmark(identifier)
        ids = np.asarray(b.stimuli['stimulus_id'].values).astype(str)
        pairs = ' '.join(f'{f}:{ids[j]}' for f, j in zip(b.factors, b.second))
        assert hashlib.sha1(pairs.encode()).hexdigest() == record['pairs_sha1']
