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
