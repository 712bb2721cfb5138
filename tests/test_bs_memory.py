"""Brain-Score's memory pre-check (`brainscore_nb.brainscore.memory`) on our benchmarks: the probe shows one
stimulus, the estimates are Brain-Score's (the record of tests/brainio/bs_memory.py), `score_benchmark`
refuses a run that would not fit before scoring, a behavioural benchmark is a no-op, and the multi-child
wrappers answer as Brain-Score 2.4.2's."""
import contextlib, io, json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import xarray as xr

from brainscore_nb.benchmarks.base import (NeuralBenchmark, TrainTestNeuralBenchmark, BehavioralBenchmark,
                                           score_benchmark)
from brainscore_nb.brainscore.memory import MultiSubjectNeuralBenchmark, KFoldNeuralBenchmark
from brainscore_nb.brainscore import memory
from brainscore_nb.data.stimuli import StimulusSet
from brainscore_nb.metrics.score import Score
from brainscore_nb.models.interface import BrainModel

GIB = 1024 ** 3


class Zeros(BrainModel):
    "Answers each stimulus with `n` zero features (in each time bin, if several); counts what it was shown"
    def __init__(self, n): self.n, self.shown = n, []
    def visual_degrees(self): return 8
    def start_recording(self, region, time_bins): self.region, self.bins = region, len(time_bins)
    def look_at(self, stimuli, number_of_trials=1):
        self.shown.append(len(stimuli))
        many = self.bins > 1
        return xr.DataArray(np.zeros((len(stimuli), self.n) + ((self.bins,) if many else ()), np.float32),
                            dims=['presentation', 'neuroid'] + (['time_bin'] if many else []),
                            coords={'stimulus_id': ('presentation', stimuli['stimulus_id'].values)})


def assembly(ids):
    s = StimulusSet(pd.DataFrame({'stimulus_id': ids}))
    s.identifier, s.stimulus_paths = 'memory-test', {i: f'/tmp/{i}.png' for i in ids}
    a = xr.DataArray(np.zeros((len(ids), 2)), dims=['presentation', 'neuroid'],
                     coords={'stimulus_id': ('presentation', ids), 'region': ('neuroid', ['IT', 'IT'])})
    a.attrs['stimulus_set'] = s
    return a


@pytest.fixture
def free(monkeypatch):
    "What psutil says is available (GB), and no cgroup limit"
    monkeypatch.setattr(memory, '_cgroup_available_gb', lambda: None)
    def set_free(gb):
        vm = type('VM', (), {'available': int(gb * GIB)})()
        monkeypatch.setattr(memory.psutil, 'virtual_memory', lambda: vm)
    monkeypatch.setattr(memory, '_DEFAULT_CALIBRATION_PATH', '/nonexistent/benchmark_costs.json')
    return set_free


def test_pls_estimate_and_refusal(free):
    bench = NeuralBenchmark('MajajHong2015.IT-pls', assembly([f's{i}' for i in range(3200)]),
                            lambda source, target: Score(0.5), None, parent='IT')
    free(64)
    with contextlib.redirect_stdout(io.StringIO()) as out:
        e = memory.preallocate_memory(Zeros(9216), bench)
    assert (e.num_stimuli, e.num_features, e.formula_type, e.will_oom) == (3200, 9216, 'pls', False)
    assert e.total_estimated_gb == pytest.approx(7 * 3200 * 9216 * 4 / GIB)
    assert e.total_estimated_gb == pytest.approx(0.769043, abs=1e-6)
    line = json.loads(out.getvalue().splitlines()[-1].split(' ', 1)[1])
    assert line == dict(estimate_gb=0.769, available_gb=64.0, formula_type='pls', will_oom=False,
                        num_features=9216, num_stimuli=3200)
    free(0.5)
    model = Zeros(9216)
    with contextlib.redirect_stdout(io.StringIO()), pytest.raises(MemoryError, match='OOM LIKELY'):
        score_benchmark(bench, model)
    assert model.shown == [1]  # the probe's one stimulus, no scoring


def test_train_test_counts_both_parts_and_ridge_gram(free):
    bench = TrainTestNeuralBenchmark('Example.IT-ridgecv', assembly(['a', 'b', 'c']), assembly(['d', 'e']),
                                     lambda *parts: Score(0.5), None, parent='IT')
    free(64)
    with contextlib.redirect_stdout(io.StringIO()):
        e = memory.preallocate_memory(Zeros(2), bench)
    assert (e.num_stimuli, e.formula_type) == (5, 'ridge_formula')
    assert e.total_estimated_gb == pytest.approx((5 * 2 * 4 + 5 ** 2 * 4) / GIB)


def test_behavioural_benchmark_is_not_estimated(free):
    class Choice(BehavioralBenchmark):
        def __init__(self): self.identifier = 'Geirhos2021edge-error_consistency'
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert Choice().preallocate_memory(Zeros(2)) is None  # Brain-Score's no-op
        assert memory.preallocate_memory(Zeros(2), Choice()) is None  # asked directly: the skipped line
    assert json.loads(out.getvalue().split(' ', 1)[1])['reason'] == 'unsupported_benchmark_type'


def test_bad_options_are_named():
    with pytest.raises(TypeError, match='raise_if_oom must be'):
        memory.preallocate_memory(Zeros(2), object(), raise_if_oom=1)
    with pytest.raises(ValueError, match='fixed_benchmark_cost_gb must be'):
        memory.memory_formula('x.IT-pls', num_stimuli=2, num_features=2, fixed_benchmark_cost_gb=float('nan'))


RECORD = Path(__file__).parent / 'brainio' / 'model_crosschecks' / 'bs_memory.json'


class Child:
    "A child benchmark with fixed answers: raw = 0.8 x score, ceiling = 0.7 + score / 10 (as the record's)"
    def __init__(self, v): self.v, self.region, self.version, self.time_bins = v, 'IT', 1, [(70, 170)]
    @property
    def ceiling(self): return Score(0.7 + self.v / 10)
    def __call__(self, candidate): return Score(self.v, attrs={'raw': Score(self.v * 0.8)})


def test_wrappers_answer_as_brainscores():
    "Brain-Score 2.4.2's MultiSubjectNeuralBenchmark and KFoldNeuralBenchmark on the same children: equal"
    record = json.loads(RECORD.read_text())
    values = record['values']
    multi = MultiSubjectNeuralBenchmark('X.IT-ridgecv', list(values), lambda s: Child(values[s]))
    kfold = KFoldNeuralBenchmark('X.IT-cluster_k5-ridgecv', 5, lambda i: Child(list(values.values())[i]))
    for wrapper, name, unit in ((multi, 'multi', 'subjects'), (kfold, 'kfold', 'folds')):
        s, want = wrapper(None), record[name]
        got = dict(score=float(s), raw=float(s.attrs['raw']), ceiling=float(s.attrs['ceiling']),
                   error=s.attrs['error'], sem=s.attrs[f'sem_{unit}'], wrapper_ceiling=float(wrapper.ceiling))
        if name == 'multi': got['wrapper_ceiling_error'] = wrapper.ceiling.attrs['error']
        assert got == pytest.approx(want, abs=1e-12), name
    assert record['multi']['error'] == pytest.approx(0.07202478356257783, abs=1e-15)  # the bootstrap, pinned


@pytest.mark.parametrize('i', range(13))
def test_estimates_are_brainscores(i, free):
    "Brain-Score 2.4.2's preallocate_memory on the same identifier, counts and fixed cost (the record): equal"
    want = json.loads(RECORD.read_text())['estimates'][i]
    identifier, n_stimuli, n_features, n_bins, fixed = want['case']
    bins = [(70 + 10 * b, 80 + 10 * b) for b in range(n_bins)]
    bench = NeuralBenchmark(identifier, assembly([f'img{j:05d}' for j in range(n_stimuli)]),
                            lambda source, target: Score(0.5), None, parent='IT', time_bins=bins)
    free(64)
    with contextlib.redirect_stdout(io.StringIO()):
        e = memory.preallocate_memory(Zeros(n_features), bench, raise_if_oom=False,
                                      fixed_benchmark_cost_gb=fixed)
    assert (e.formula_type, e.num_timebins) == (want['formula_type'], want['num_timebins'])
    assert (e.total_estimated_gb, e.activation_gb) == pytest.approx(
        (want['total_estimated_gb'], want['activation_gb']), rel=1e-12)
