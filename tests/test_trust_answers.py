"""Issue 33, item 1: a model's answers are checked before they are scored (`benchmarks.base.check_answers`), and
degenerate models score at chance. Each case scored silently on main abfd47e: Hebart2023-match gave constant or
all-zero features 1.000 and scored a NaN feature; Ferguson2024color-value_delta scored a NaN probability (0.6188 ->
0.7550), rows summing to 5 or 0.2, negative or infinite values and all-tied rows; Geirhos2019.edges-accuracy gave
upper-case, spaced or empty labels 0.0; cue_conflict-shape_bias gave NaN without a reason. The data are the
synthetic fixtures written by Brain-Score's code (tests/brainio/) and the mirror's Geirhos 2019 files."""
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.benchmarks import ferguson2024, hebart2023
from brainscore_nb.data.assemblies import BehavioralAssembly
from brainscore_nb.data.brainio import read_brainio_assembly, read_brainio_stimulus_set
from brainscore_nb.metrics.shape import cue_classes
from brainscore_nb.models.interface import PrecomputedBehavior, PrecomputedOddOneOut
from brainscore_nb.registry import load_benchmark
from data_packaging import geirhos2019

BRAINIO = Path(__file__).parent / 'brainio'


def _stimuli(folder, name, tmp):
    "A fixture's stimulus set, read from a copy (reading extracts next to the ZIP)"
    for ext in ('csv', 'zip'): shutil.copy(BRAINIO / folder / f'stimulus_{name}.{ext}', tmp)
    return read_brainio_stimulus_set(Path(tmp) / f'stimulus_{name}.csv', Path(tmp) / f'stimulus_{name}.zip', name)


@pytest.fixture(scope='module')
def hebart():
    with tempfile.TemporaryDirectory() as tmp:
        trials = read_brainio_assembly(BRAINIO / 'hebart2023' / 'assy_Hebart2023.nc', 'BehavioralAssembly',
                                       _stimuli('hebart2023', 'Hebart2023', tmp))
        features = read_brainio_assembly(BRAINIO / 'hebart2023' / 'assy_fixture_Hebart2023_features.nc', 'NeuroidAssembly')
        yield hebart2023.hebart2023_match(lambda _: trials), features


@pytest.fixture(scope='module')
def ferguson():
    with tempfile.TemporaryDirectory() as tmp:
        trials = read_brainio_assembly(BRAINIO / 'ferguson2024' / 'assy_Ferguson2024_color.nc', 'BehavioralAssembly')
        trials.attrs['stimulus_set'] = _stimuli('ferguson2024', 'Ferguson2024_color', tmp)
        training = _stimuli('ferguson2024', 'Ferguson2024_color_training_stimuli', tmp)
        b = ferguson2024.ferguson2024_benchmark('color', load=lambda _: trials, load_stimuli=lambda _: training)
        model = read_brainio_assembly(BRAINIO / 'ferguson2024' / 'assy_fixture_Ferguson2024_color_model.nc',
                                      'BehavioralAssembly')
        yield b, model


# ---------------------------------------------------------------- odd one out: Hebart2023-match
def test_hebart_legitimate_features_score_as_brainscore(hebart):
    b, features = hebart
    s = b(PrecomputedOddOneOut(features, 'fixture-features'))
    assert (s.attrs['raw'].center, s.center) == pytest.approx((124 / 300, 0.23298708863217168), abs=1e-12)


@pytest.mark.parametrize('values, message', [
    (np.ones_like, r'the features are the same for every stimulus \(constant, or all zero\)'),
    (np.zeros_like, r'the features are the same for every stimulus \(constant, or all zero\)'),
    (lambda v: np.where(np.arange(v.size).reshape(v.shape) == 0, np.nan, v), 'the features of 1 stimuli hold NaN')])
def test_hebart_refuses_features_that_cannot_choose(hebart, values, message):
    b, features = hebart
    with pytest.raises(ValueError, match=message):
        b(PrecomputedOddOneOut(features.copy(data=values(features.values)), 'degenerate'))


class _Always(PrecomputedOddOneOut):
    "Answers the image in one position of each triplet as shown"
    def __init__(self, features, position):
        super().__init__(features, f'always-{position}')
        self.position = position

    def look_at(self, stimuli, number_of_trials=1):
        ids = np.asarray(stimuli['stimulus_id'].values).reshape(-1, 3)
        return BehavioralAssembly(ids[:, self.position], dims=['presentation'],
                                  coords={'stimulus_id': ('presentation', ['|'.join(t) for t in ids])})


def test_hebart_position_preference_scores_at_chance(hebart):
    "The people's odd one out is always image_3: shown in the data's order, always-third scored 1.000"
    b, features = hebart
    raws = [b(_Always(features, p)).attrs['raw'].center for p in range(3)]
    assert raws == pytest.approx([104 / 300, 91 / 300, 105 / 300], abs=1e-12)  # chance: 1/3


def test_hebart_refuses_a_choice_outside_the_triplet(hebart):
    b, features = hebart

    class Outside(_Always):
        def look_at(self, stimuli, number_of_trials=1):
            a = super().look_at(stimuli)
            return a.copy(data=np.where(np.arange(a.size) == 5, 'elsewhere', a.values))
    with pytest.raises(ValueError, match=r"1 \('.*'\) triplets are answered with an image that is not one of their three"):
        b(Outside(features, 0))


# ---------------------------------------------------------------- probabilities: Ferguson2024
def _probabilities(model, change):
    return PrecomputedBehavior(model.copy(data=change(model.values.copy())), 'changed')


def _nan(v):
    v[0, 0] = np.nan
    return v


def _inf(v):
    v[0, 0] = np.inf
    return v


@pytest.mark.parametrize('change, message', [
    (_nan, r"1 \('first_block_0'\) stimuli have NaN or infinite probabilities"),
    (_inf, r"1 \('first_block_0'\) stimuli have NaN or infinite probabilities"),
    (lambda v: v * 5, r"48 \(.*\) stimuli have probabilities outside \[0, 1\] \(e.g. \[3.07"),
    (lambda v: v - 1, r"48 \(.*\) stimuli have probabilities outside \[0, 1\] \(e.g. \[-0.38"),
    (lambda v: v * 0.2, r'48 \(.*\) stimuli have probabilities that do not sum to 1 \(e.g. sum 0.2\)'),
    (lambda v: np.full_like(v, 0.5), 'every one of its 48 answers is a tie')])
def test_ferguson_refuses_what_are_not_probabilities(ferguson, change, message):
    b, model = ferguson
    with pytest.raises(ValueError, match="Ferguson2024color-value_delta: the model's answers cannot be scored: " + message):
        b(_probabilities(model, change))


def test_ferguson_legitimate_probabilities_score_as_brainscore(ferguson):
    b, model = ferguson
    s = b(PrecomputedBehavior(model, 'fixture-model'))
    assert s.center == pytest.approx(0.6187964216268345, abs=1e-12)
    # float32 rounding (sums within 1e-7 of 1) is no reason to refuse: the same score
    assert b(_probabilities(model, lambda v: v.astype(np.float32))).center == pytest.approx(s.center, abs=1e-6)


# ---------------------------------------------------------------- labels: Geirhos2019
def _geirhos(identifier, change=lambda labels: labels):
    name = identifier.split('.')[1].split('-')[0]
    t = geirhos2019.trials(name, subjects=['alexnet']).drop_duplicates('stimulus_id')
    labels = change(t.object_response.to_numpy(dtype=str).astype(object))
    return BehavioralAssembly(labels, dims=['presentation'],
                              coords={'stimulus_id': ('presentation', t.stimulus_id.to_numpy(dtype=str))})


LABELS = r"160 \(.*\) stimuli have a label outside the benchmark's 16 labels"


@pytest.mark.parametrize('change, message', [
    (lambda L: np.array([s.capitalize() for s in L], object),
     LABELS + r": '([A-Z])([a-z]+)' is not a label of this benchmark; did you mean '[a-z]+'\?"),
    (lambda L: np.array([s + ' ' for s in L], object),
     LABELS + r": '[a-z]+ ' is not a label of this benchmark; did you mean '[a-z]+'\?"),
    (lambda L: np.where(np.arange(len(L)) == 3, '', L), r'label is missing \(None, NaN or empty text\) for 1'),
    (lambda L: np.full(len(L), 'zzz', object), LABELS + ": 'zzz' is not a label of this benchmark \\(the labels")])
def test_geirhos_labels_are_checked(change, message):
    b = load_benchmark('Geirhos2019.edges-accuracy')
    with pytest.raises(ValueError, match=message):
        b(PrecomputedBehavior(_geirhos('Geirhos2019.edges-accuracy', change), 'm'))


def test_cue_conflict_nan_carries_its_reason():
    "Labels of the set, yet never the shape or the texture of their image: NaN, with the reason"
    b = load_benchmark('Geirhos2019.cue_conflict-shape_bias')
    answers = _geirhos('Geirhos2019.cue_conflict-shape_bias')
    cues = cue_classes(b.assembly).loc[answers['stimulus_id'].values]
    neither = [next(c for c in b.fitting_stimuli if c not in (shape, texture))
               for shape, texture in zip(cues['shape'], cues['texture'])]
    s = b(PrecomputedBehavior(answers.copy(data=np.array(neither, object)), 'm'))
    assert np.isnan(s.center) and 'no answer of the model names the shape or the texture' in s.attrs['reason']


# ---------------------------------------------------------------- degenerate models score at chance
# (raw, ceiled) of models that always give one answer, or answer at random (seed 0), on every behavioural benchmark
# with data here: the Geirhos 2019 files of the mirror and the synthetic Hebart2023 and Ferguson2024 fixtures.
# Constant features are refused on Hebart2023 (test above); a constant readout answers one label (`one`).
DEGENERATE = {
    'Geirhos2019.edges-accuracy': {'one': (0.0625, 0.0625), 'random': (0.08125, 0.08125)},  # chance: 1/16
    'Geirhos2019.silhouettes-accuracy': {'one': (0.0625, 0.0625), 'random': (0.08125, 0.08125)},
    'Geirhos2019.edges-error_consistency': {'one': (0.006706181796552987, 0.02105971893878842),
                                            'random': (0.00029556380697547786, 0.0009281720794657397)},
    'Geirhos2019.silhouettes-error_consistency': {'one': (0.04017116678628697, 0.0844447753569236),
                                                  'random': (0.0014242610122998528, 0.0029939733110849577)},
    # 1 - |the model's shape bias - people's 0.96|: a model with no shape preference
    'Geirhos2019.cue_conflict-shape_bias': {'one': (0.5413120199294167, 0.549577486474677),
                                            'random': (0.5750958037132005, 0.5838771256696773)}}


@pytest.mark.parametrize('identifier', sorted(DEGENERATE))
def test_degenerate_label_models_score_at_chance(identifier):
    b = load_benchmark(identifier)
    answers = _geirhos(identifier)
    given = {'one': np.full(answers.size, b.fitting_stimuli[0], object),
             'random': np.random.default_rng(0).choice(b.fitting_stimuli, answers.size).astype(object)}
    for name, values in given.items():
        s = b(PrecomputedBehavior(answers.copy(data=values), name))
        assert (s.attrs['raw'].center, s.center) == pytest.approx(DEGENERATE[identifier][name], abs=1e-12), name


def test_degenerate_odd_one_out_models_score_at_chance(hebart):
    b, features = hebart

    class Random(_Always):
        def look_at(self, stimuli, number_of_trials=1):
            ids = np.asarray(stimuli['stimulus_id'].values).reshape(-1, 3)
            pick = np.random.default_rng(0).integers(0, 3, len(ids))
            return BehavioralAssembly(ids[np.arange(len(ids)), pick], dims=['presentation'],
                                      coords={'stimulus_id': ('presentation', ['|'.join(t) for t in ids])})
    got = [v for s in (b(Random(features, 0)), b(_Always(features, 2))) for v in (s.attrs['raw'].center, s.center)]
    assert got == pytest.approx([0.35, 0.048538976798369084] * 2, abs=1e-12)  # raw chance: 1/3


def test_degenerate_probability_models_score_as_no_preference(ferguson):
    "A model with the same probabilities for every stimulus has no search asymmetry: the benchmark's null value"
    b, model = ferguson
    n = model.shape[0]
    given = {'random': np.random.default_rng(0).dirichlet([1, 1], n), 'oddball': np.tile([1., 0], (n, 1)),
             'same': np.tile([0., 1], (n, 1)), 'constant': np.tile([0.7, 0.3], (n, 1))}
    got = {k: [s.attrs['raw'].center, s.center] for k, s in
           ((k, b(PrecomputedBehavior(model.copy(data=v), k))) for k, v in given.items())}
    null = [0.5024787621617101, 0.5601769923764883]
    for k, expected in {'random': [0.13783091480529797, 0.1536576530716811], 'oddball': null, 'same': null,
                        'constant': null}.items():
        assert got[k] == pytest.approx(expected, abs=1e-12), k


# ---------------------------------------------------------------- item 8: messages name the real cause
def _neuroids(values):
    n = len(values)
    from brainscore_nb.data.assemblies import NeuroidAssembly
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'],
                           coords={'stimulus_id': ('presentation', [f's{i}' for i in range(n)]),
                                   'neuroid_id': ('neuroid', np.arange(values.shape[1]))})


def test_overflow_is_named_not_called_nan():
    "Finite features that overflow when made float64 (or float32 by dtype=): was 'N NaN or infinite values'"
    from decimal import Decimal
    from brainscore_nb.metrics import regression
    rng = np.random.default_rng(0)
    target = _neuroids(rng.normal(size=(40, 5)))
    huge = np.array([[Decimal(str(float(x))) * Decimal('1e400') for x in row] for row in rng.normal(size=(40, 8))], object)
    with pytest.raises(ValueError, match=r"source has 320 values beyond float64's range \(up to 1.8e\+308\), e.g. "
                                         r"Decimal\('.*'\): made float64 they overflow to infinity"):
        regression.ridge_cv(_neuroids(huge), target)
    with pytest.raises(ValueError, match=r"source has values beyond float64's range"):  # was an OverflowError
        regression.ridge_cv(_neuroids(np.full((40, 8), 10 ** 400, object)), target)
    big = _neuroids(rng.normal(size=(40, 8)) * 1e45)  # finite in float64, overflows in float32: was NaN
    with pytest.raises(ValueError, match=r"made float32 \(dtype='float32'\) their products overflow"):
        regression.ridge_cv(big, target, dtype='float32')


def test_a_single_feature_is_named_not_called_the_same_response():
    from brainscore_nb.metrics import rsa
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r'source has a single neuroid \(feature\)'):  # was '40 stimuli have the same response'
        rsa.rdm(_neuroids(rng.normal(size=(40, 1))), _neuroids(rng.normal(size=(40, 5))))
