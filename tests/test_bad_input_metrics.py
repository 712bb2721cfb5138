"""Trust under bad input, metrics: options are checked up front (nothing accepted and ignored), Brain-Score's
spellings work, and degenerate numbers give a clear error or a NaN that says why, never a number that looks
valid. Each test fails on 6d307cb."""
import numpy as np
import pytest
import xarray as xr
from hypothesis import HealthCheck, given, settings, strategies as st

from brainscore_nb.data.assemblies import BehavioralAssembly, NeuroidAssembly
from brainscore_nb.metrics import behavior, ceilings, properties, regression, rsa
from brainscore_nb.metrics.registry import load_ceiling, load_metric
from brainscore_nb.metrics.score import Score
from brainscore_nb.models.interface import BrainModel, with_time_bins


def assembly(values, ids=None, **coords):
    values = np.asarray(values)
    ids = [f's{i:03d}' for i in range(values.shape[0])] if ids is None else ids
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', list(ids)), 'neuroid_id': ('neuroid', [f'n{i}' for i in range(values.shape[1])]),
        **{k: ('presentation', v) for k, v in coords.items()}})


rng = np.random.default_rng(0)
X = rng.normal(size=(60, 12))
SOURCE = assembly(X)
TYPES = np.repeat(['texture', 'noise'], 30)
TARGET = assembly(X[:, :4] @ rng.normal(size=(4, 5)) + rng.normal(size=(60, 5)), texture_type=TYPES)


# ---- options -------------------------------------------------------------------------------------------------
def test_crossvalidation_kwargs_are_honoured():
    "Brain-Score's spelling: load_metric('pls', crossvalidation_kwargs=dict(...)) stratifies and splits as asked"
    got = load_metric('pls', crossvalidation_kwargs=dict(stratification_coord='texture_type', splits=3))(SOURCE, TARGET)
    want = regression.pls_cv(SOURCE, TARGET, stratification_coord='texture_type', splits=3)
    assert got.attrs['raw'].sizes['split'] == 3
    np.testing.assert_array_equal(got.attrs['raw'].values, want.attrs['raw'].values)
    assert 'crossvalidation_kwargs' not in got.attrs
    plain = regression.pls_cv(SOURCE, TARGET, splits=3)  # no object_name coord: unstratified
    assert not np.array_equal(plain.attrs['raw'].values, want.attrs['raw'].values)


def test_crossvalidation_kwargs_we_cannot_honour_raise():
    for bad, msg in ((dict(kfold=True), 'kfold=True is not supported'), (dict(split_coord='object_name'), 'split_coord'),
                     (dict(splts=3), "did you mean 'splits'"), (dict(splits=0), 'splits=0')):
        with pytest.raises((TypeError, ValueError), match=msg):
            load_metric('pls', crossvalidation_kwargs=bad)
    assert load_metric('pls', crossvalidation_kwargs=dict(split_coord='stimulus_id', kfold=False,
                                                          unique_split_values=True))(SOURCE, TARGET).center > 0


def test_unknown_option_raises_at_load_time_with_a_suggestion():
    with pytest.raises(TypeError, match=r"unknown option 'spilts'; did you mean 'splits'\?.*accepts: .*n_components"):
        load_metric('pls', spilts=5)
    with pytest.raises(TypeError, match="did you mean 'n_components'"):
        regression.pls_cv(SOURCE, TARGET, n_component=3)
    with pytest.raises(TypeError, match="did you mean 'splits'"):
        load_ceiling('internal_consistency', split=3)
    with pytest.raises(TypeError, match="unknown option 'alpha'"):
        load_metric('rdm', alpha=1)


@pytest.mark.parametrize('key,option', [('pls', dict(n_components=0)), ('pls', dict(splits=0)), ('ridge', dict(alpha=-1.0)),
                                        ('ridge', dict(alpha=float('nan'))), ('ridge', dict(alpha=0.0)),
                                        ('ridgecv', dict(alphas=[])), ('pls', dict(train_size=1.5)),
                                        ('i2n', dict(repetitions=0)), ('ks_similarity', dict(bootstrap=0))])
def test_bad_option_values_raise_up_front(key, option):
    name = next(iter(option))
    with pytest.raises(ValueError, match=f"option {name}=.* is invalid"):
        load_metric(key, **option)


# ---- Brain-Score spellings ---------------------------------------------------------------------------------------
def test_internal_consistency_is_a_metric_too():
    assert load_metric('internal_consistency') is ceilings.internal_consistency


def repeated(n_stimuli=30, reps=4, noise=0.5, neuroids=6, seed=1):
    r = np.random.default_rng(seed)
    signal = r.normal(size=(n_stimuli, neuroids))
    values = np.concatenate([signal + noise * r.normal(size=signal.shape) for _ in range(reps)])
    return assembly(values, [f's{i:03d}' for i in range(n_stimuli)] * reps, repetition=np.repeat(np.arange(reps), n_stimuli))


def test_internal_consistency_takes_time_bins():
    data = repeated()
    timed = data.expand_dims('time_bin', 2).assign_coords(time_bin_start=('time_bin', [70]), time_bin_end=('time_bin', [170]))
    assert load_ceiling('internal_consistency')(timed).center == ceilings.internal_consistency(data).center
    two = xr.concat([data, repeated(seed=2)], 'time_bin').transpose('presentation', 'neuroid', 'time_bin')
    s = ceilings.internal_consistency(two)
    np.testing.assert_allclose(s.attrs['time_bin_values'].values,
                               [ceilings.internal_consistency(data).center, ceilings.internal_consistency(repeated(seed=2)).center])


def test_ks_similarity_property_name():
    bins = np.linspace(0, 4, 9)
    def table(v, **attrs):
        return xr.DataArray(np.stack([v, v * 0], 1), dims=['neuroid', 'neuronal_property'],
                            coords={'neuronal_property': ['ssi', 'other']}, attrs=attrs)
    m, d = rng.gamma(2, 0.6, 200), rng.gamma(2.5, 0.6, 80)
    s = load_metric('ks_similarity', property_name='ssi')(table(m), table(d, ssi_bins=bins))
    assert s.center == properties.ks_similarity(m, d, bins=bins).center


# ---- degenerate numbers ----------------------------------------------------------------------------------------
@pytest.mark.parametrize('metric', [regression.pls_cv, regression.ridge_cv, regression.linear_predictivity_cv,
                                    regression.neuron_to_neuron_cv, rsa.cka, rsa.cka_biased, rsa.rdm, rsa.cka_cv])
@pytest.mark.parametrize('fill', [0.0, 3.5])
def test_constant_model_is_refused(metric, fill):
    with pytest.raises(ValueError, match='model features.* is constant'):
        metric(assembly(np.full((60, 12), fill)), TARGET)


def test_object_activations_with_none_are_refused():
    values = X.astype(object); values[3, 2] = None
    with pytest.raises(ValueError, match='NaN or infinite'):
        regression.ridge_cv(assembly(values), TARGET)
    words = X.astype(object); words[0, 0] = 'x'
    with pytest.raises(ValueError, match='not numbers'):
        regression.pls_cv(assembly(words), TARGET)


@pytest.mark.parametrize('metric', [regression.pls_cv, regression.ridge_cv, rsa.cka, rsa.rdm])
def test_empty_target_is_refused(metric):
    with pytest.raises(ValueError, match='target is empty'):
        metric(SOURCE, assembly(np.zeros((60, 0))))


@pytest.mark.parametrize('metric', [regression.pls_cv, regression.ridge_cv, regression.linear_predictivity_cv, rsa.cka])
def test_values_that_overflow_are_refused(metric):
    with pytest.raises(ValueError, match='too large'):
        metric(assembly(X * 1e300), TARGET)


@pytest.mark.parametrize('normalise', ['ceil_score', 'explained_variance'])
def test_infinite_ceiling_is_refused(normalise):
    with pytest.raises(ValueError, match='positive finite'):
        load_ceiling(normalise)(Score(0.5), Score(np.inf))


def test_two_repetitions_give_no_error_estimate():
    s = ceilings.internal_consistency(repeated(reps=2))
    assert np.isfinite(s.center) and np.isnan(s.error) and 'one split-half' in s.attrs['reason']
    assert np.isfinite(ceilings.internal_consistency(repeated(reps=4)).error)


def test_numbers_for_valid_inputs_are_unchanged():
    "A pinned value measured on 6d307cb"
    assert regression.pls_cv(SOURCE, TARGET, splits=3).center == pytest.approx(0.871084328471726, abs=1e-12)


# ---- hypothesis: clear error or a correct result ----------------------------------------------------------------
BAD = ['ok', 'nan', 'inf', 'huge', 'constant', 'zero', 'empty', 'object_none', 'one_constant_column',
       'mismatched_ids', 'duplicate_ids', 'two_stimuli', 'tiny']
METRICS = {
    'pls': lambda s, t: regression.pls_cv(s, t, n_components=3, splits=3),
    'ridge': lambda s, t: regression.ridge_cv(s, t, splits=3),
    'linear': lambda s, t: regression.linear_predictivity_cv(s, t, splits=3),
    'n2n': lambda s, t: regression.neuron_to_neuron_cv(s, t, splits=3),
    'pls_split': lambda s, t: regression.pls_split(s[:30], s[30:], t[:30], t[30:], n_components=3),
    'cka': rsa.cka, 'rdm': rsa.rdm, 'rdm_cv': lambda s, t: rsa.rdm_cv(s, t, splits=3),
}


def malformed(kind, values, seed):
    r = np.random.default_rng(seed)
    v = values.astype(np.float64).copy()
    ids = [f's{i:03d}' for i in range(len(v))]
    i, j = r.integers(0, v.shape[0]), r.integers(0, v.shape[1])
    if kind == 'nan': v[i, j] = np.nan
    elif kind == 'inf': v[i, j] = -np.inf
    elif kind == 'huge': v[i, j] = 1e300
    elif kind == 'tiny': v = v * 1e-300
    elif kind == 'constant': v[:] = 2.0
    elif kind == 'zero': v[:] = 0.0
    elif kind == 'one_constant_column': v[:, j] = 1.0
    elif kind == 'empty': v = v[:, :0]
    elif kind == 'object_none': v = v.astype(object); v[i, j] = None
    elif kind == 'mismatched_ids': ids[i] = 'elsewhere'
    elif kind == 'duplicate_ids': ids[i] = ids[(i + 1) % len(ids)]
    elif kind == 'two_stimuli': v, ids = v[:2], ids[:2]
    return assembly(v, ids)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(metric=st.sampled_from(sorted(METRICS)), source_kind=st.sampled_from(BAD), target_kind=st.sampled_from(BAD),
       seed=st.integers(0, 2 ** 16))
def test_malformed_metric_inputs_give_a_clear_error_or_a_correct_result(metric, source_kind, target_kind, seed):
    source, target = malformed(source_kind, X, seed), malformed(target_kind, TARGET.values, seed + 1)
    try:
        with np.errstate(all='ignore'):
            s = METRICS[metric](source, target)
    except (ValueError, TypeError) as e:
        assert len(str(e)) > 20, e  # a message that says something
        return
    assert isinstance(s, Score)
    center = float(s.values)
    assert np.isfinite(center) or s.attrs.get('reason'), (metric, source_kind, target_kind, s.attrs)
    if np.isfinite(center): assert -1 - 1e-9 <= center <= 1 + 1e-9, center
    if source_kind == target_kind == 'ok': assert np.isfinite(center)


# ---- s19: more inputs a user can get wrong ------------------------------------------------------------------------
def test_split_metrics_refuse_shared_stimuli_and_align_neuroids():
    "Train and test parts sharing stimuli scored a model on stimuli it was fitted on; reordered columns scored wrongly"
    src_tr, src_te, tgt_tr, tgt_te = SOURCE[:40], SOURCE[40:], TARGET[:40], TARGET[40:]
    want = regression.pls_split(src_tr, src_te, tgt_tr, tgt_te, n_components=3).center
    assert want == pytest.approx(0.7373, abs=1e-4)
    assert regression.pls_split(src_tr, src_te, tgt_tr, tgt_te[:, ::-1], n_components=3).center == want
    assert regression.pls_split(src_tr, src_te[:, ::-1], tgt_tr, tgt_te, n_components=3).center == want
    with pytest.raises(ValueError, match=r"training and test parts share 20 stimuli \(e.g. \['s020'"):
        regression.pls_split(SOURCE[:40], SOURCE[20:], TARGET[:40], TARGET[20:], n_components=3)
    other = tgt_te.assign_coords(neuroid_id=('neuroid', ['n0', 'n1', 'n2', 'n3', 'x']))
    with pytest.raises(ValueError, match="the target's training and test parts have different neuroids: 1 test"):
        regression.ridge_split(src_tr, src_te, tgt_tr, other)


@pytest.mark.parametrize('splits,msg', [([], 'splits is empty'), ([('s000', 's001')], 'split 0 must be a pair'),
                                        ([(['s000'], ['s001', 's002'])], 'a training part has 1 stimuli'),
                                        ([(['s000', 's001'], ['s002', 's002'])], 'split 0 repeats stimulus_ids in its test')])
def test_malformed_user_splits_say_what_is_wrong(splits, msg):
    with pytest.raises(ValueError, match=msg):
        regression.pls_cv(SOURCE, TARGET, splits=splits, n_components=2)


def test_integer_dtype_option_is_refused():
    "dtype='int32' ran PLS in integer products (0.72 instead of 0.87)"
    with pytest.raises(ValueError, match="option dtype='int32' is invalid: it must be None, 'float32' or 'float64'"):
        regression.pls_cv(SOURCE, TARGET, dtype='int32')


def test_complex_values_are_refused():
    "The imaginary part was dropped without a word"
    with pytest.raises(ValueError, match='source has complex values'):
        regression.pls_cv(assembly(X + 1j), TARGET, splits=3)
    with pytest.raises(ValueError, match='assembly has complex values'):
        ceilings.internal_consistency(repeated().copy(data=repeated().values + 1j))


def test_missing_stratification_labels_and_time_bin_coords_are_named():
    with pytest.raises(ValueError, match="'object_name' coord has 30 missing values"):
        regression.pls_cv(SOURCE, assembly(TARGET.values, object_name=[None] * 30 + ['a'] * 30), splits=3)
    timed = xr.concat([TARGET, TARGET], 'time_bin').transpose('presentation', 'neuroid', 'time_bin')
    with pytest.raises(ValueError, match='time bins have no time_bin_start or time_bin_end coord'):
        regression.spantime_ridge(SOURCE, timed, splits=3)
    with pytest.raises(TypeError, match=r"got dims \('image', 'neuroid'\): name its stimulus dim 'presentation'"):
        regression.ridge_cv(SOURCE.rename(presentation='image'), TARGET)


def test_rdm_columns_in_another_order_and_nan_responses():
    a, b = rsa.rdm_matrix(SOURCE), rsa.rdm_matrix(TARGET)
    order = np.random.default_rng(3).permutation(60)
    assert rsa.compare_rdms(a, b.isel(presentation_2=order)) == rsa.compare_rdms(a, b)  # was 0.045 instead of 0.261
    with pytest.raises(ValueError, match='RDMs must be square'):
        rsa.compare_rdms(a[:, :10], b)
    with pytest.raises(ValueError, match='assembly has 1 NaN or infinite values'):
        rsa.rdm_matrix(assembly(np.where(np.arange(X.size).reshape(X.shape) == 7, np.nan, X)))


def test_biased_cka_of_two_stimuli_is_refused():
    "With 2 stimuli the biased CKA is 1 whatever the data"
    with pytest.raises(ValueError, match='biased CKA needs at least 3 stimuli'):
        rsa.cka_biased(SOURCE[:2], TARGET[:2])


def test_internal_consistency_of_too_few_stimuli_or_no_neuroids_is_refused():
    "Over 2 stimuli every split-half r is +-1: the ceiling came out 1.0 ± 0.0; no neuroids gave a NaN"
    data = repeated()
    two = data.isel(presentation=np.isin(data.stimulus_id.values, ['s000', 's001']))
    with pytest.raises(ValueError, match='needs at least 3 stimuli to correlate the halves over, got 2'):
        ceilings.internal_consistency(two)
    with pytest.raises(ValueError, match='the assembly has no neuroids'):
        ceilings.internal_consistency(data[:, :0])


@pytest.mark.parametrize('normalise', [ceilings.ceil_score, ceilings.explained_variance])
def test_normalisations_take_numbers_and_name_what_is_not_one(normalise):
    assert normalise(0.3, 0.5).center == normalise(Score(0.3), Score(0.5)).center  # was AttributeError
    with pytest.raises(TypeError, match=r"score must be a single number \(a Score\), got NeuroidAssembly with dims"):
        normalise(TARGET, Score(0.5))
    with pytest.raises(TypeError, match=r"the ceiling must be a single number \(a Score\), got Score with dims"):
        normalise(Score(0.3), Score([0.5, 0.6]))
    assert ceilings.bound_score(1.5).center == 1.0


def test_inter_subject_takes_a_number_from_the_metric_and_names_bad_input():
    data = assembly(rng.normal(size=(20, 4)), subject=['a'] * 10 + ['b'] * 10)
    assert ceilings.inter_subject(data, lambda others, held: 0.25).center == 0.25  # was AttributeError
    with pytest.raises(TypeError, match="inter_subject needs an assembly with a 'subject' coord, got ndarray"):
        ceilings.inter_subject(data.values, lambda others, held: 0.25)
    missing = data.assign_coords(subject=('presentation', np.array(['a'] * 10 + [None] * 10, dtype=object)))
    with pytest.raises(ValueError, match="10 elements have no 'subject'"):
        ceilings.inter_subject(missing, lambda others, held: 0.25)


def _labels(values, ids, **coords):
    return BehavioralAssembly(np.asarray(values), dims=['presentation'],
                              coords={'stimulus_id': ('presentation', list(ids)), **{k: ('presentation', v) for k, v in coords.items()}})


def test_accuracy_aligns_trials_and_refuses_answers_it_cannot_align():
    "Trials repeating a stimulus, or a source repeating one, were compared position by position: a wrong number"
    truth = _labels(['a', 'b', 'a'], ['s0', 's1', 's0'])  # trials: s0 shown twice
    model = _labels(['a', 'b', 'c'], ['s0', 's1', 's2'])
    assert behavior.accuracy(model, truth).center == 1.0  # was 2/3: s2's answer against s0's second trial
    with pytest.raises(ValueError, match=r"the source repeats stimulus_ids \(e.g. \['s0'\]\), in another order"):
        behavior.accuracy(_labels(['a', 'b', 'a', 'a'], ['s0', 's1', 's2', 's0']), _labels(['a'] * 4, ['s0', 's1', 's2', 's3']))
    with pytest.raises(ValueError, match="the model's labels are number .* but the target's are text"):
        behavior.accuracy(np.array([0, 1, 0, 1]), np.array(['0', '1', '0', '1']))  # was 0.0
    with pytest.raises(ValueError, match='the source must be one label per presentation'):
        behavior.accuracy(np.ones((4, 2)), np.array(['a', 'b', 'a', 'b']))


def test_error_consistency_names_a_source_it_cannot_use():
    trials = _labels(['a', 'b', 'a', 'b'], ['s0', 's1', 's2', 's3'], truth=['a', 'b', 'b', 'a'], subject=['x'] * 4)
    with pytest.raises(TypeError, match="'stimulus_id' coord, got ndarray"):  # was IndexError
        behavior.error_consistency(np.array(['a', 'b', 'a', 'b']), trials)
    with pytest.raises(ValueError, match="the model's labels are number"):
        behavior.error_consistency(_labels([0, 1, 0, 1], ['s0', 's1', 's2', 's3']), trials)


@pytest.mark.parametrize('probabilities', [np.array([[np.nan, 1.0]]), np.array([[-1.0, 2.0]])])
def test_i2n_refuses_what_is_not_probabilities(probabilities):
    "NaN or negative 'probabilities' (logits) gave a valid-looking I2n"
    source = BehavioralAssembly(probabilities, dims=['presentation', 'choice'],
                                coords={'stimulus_id': ('presentation', ['s0']), 'choice': ['a', 'b']})
    with pytest.raises(ValueError, match="the model's probabilities have 1 NaN, infinite or negative values"):
        behavior.i2n(source, _labels(['a'], ['s0'], truth=['a'], sample_obj=['a'], dist_obj=['b']))


# ---- benchmarks with a model whose answers are wrong --------------------------------------------------------------
class _Answers(BrainModel):
    "A model that answers look_at with answer(stimulus_ids, time_bins)"
    identifier = 'answers'
    def __init__(self, answer): self.answer = answer
    def visual_degrees(self): return 8
    def start_recording(self, region, time_bins): self.time_bins = time_bins
    def look_at(self, stimuli, number_of_trials=1): return self.answer(list(stimuli['stimulus_id']), self.time_bins)


def _features(values, ids, time_bins):
    return with_time_bins(NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'f{i}' for i in range(values.shape[1])])}), time_bins)


def test_rsa_benchmark_reads_the_model_by_stimulus_id_even_with_an_array_model_rdm():
    "Coggan's model_rdm returns a plain array: a model answering in another order scored another number"
    from brainscore_nb.benchmarks.base import RSABenchmark
    from brainscore_nb.benchmarks.kriegeskorte2008 import _subjects
    from brainscore_nb.data.datasets import load_dataset
    rdms = _subjects(load_dataset('Kriegeskorte2008.hIT')).isel(presentation=slice(0, 24), presentation_2=slice(0, 24))
    ids = list(rdms.stimulus_id.values)
    values = np.random.default_rng(0).normal(size=(len(ids), 30))
    def answer(order):
        return lambda shown, bins: _features(values[[ids.index(s) for s in order(shown)]], order(shown), bins)
    bench = RSABenchmark('X.IT-rdm', rdms, region='IT', model_rdm=lambda f: rsa.rdm_matrix(f).values,
                         compare=rsa.compare_rdms, version=1, parent='IT')
    want = bench(_Answers(answer(lambda s: s))).attrs['raw'].center
    assert want == pytest.approx(-0.04367, abs=1e-5)
    assert bench(_Answers(answer(lambda s: s[::-1]))).attrs['raw'].center == want
    with pytest.raises(ValueError, match="X.IT-rdm: the model's responses are not one per stimulus shown: 4 stimuli missing"):
        bench(_Answers(answer(lambda s: s[:20])))


def test_neural_benchmark_refuses_answers_for_other_time_bins_or_no_assembly():
    from brainscore_nb.benchmarks.base import NeuralBenchmark
    from brainscore_nb.data.assemblies import average_repetition
    from brainscore_nb.data.datasets import load_dataset
    v4 = average_repetition(load_dataset('Cowley2023.210325')).isel(presentation=slice(0, 40))
    bench = NeuralBenchmark('X.V4-ridge', v4, lambda s, t: regression.ridge_cv(s, t, splits=3), lambda: Score(0.8),
                            region='V4', version=1, parent='V4')
    values = np.random.default_rng(0).normal(size=(40, 8))
    ids = list(v4.stimulus_id.values)
    assert np.isfinite(bench(_Answers(lambda shown, bins: _features(values, ids, bins))).center)
    with pytest.raises(ValueError, match=r"the model recorded time bins \[\(0, 100\)\], not the \[\(70, 170\)\] it was asked for"):
        bench(_Answers(lambda shown, bins: _features(values, ids, [(0, 100)])))  # was scored as if it were 70-170
    with pytest.raises(TypeError, match="the model's look_at returned ndarray, not an assembly"):
        bench(_Answers(lambda shown, bins: values))  # was AttributeError: 'numpy.ndarray' object has no attribute 'dims'


def test_property_tables_are_not_mixed_and_scores_are_not_assemblies():
    "A neuroid x property table without property_name was raveled: its properties mixed into one sample"
    bins = np.linspace(0, 4, 9)
    model, data = rng.gamma(2, 0.6, (200, 2)), rng.gamma(2.5, 0.6, 80)
    with pytest.raises(ValueError, match=r'source has shape \(200, 2\): give one value per neuroid \(1-d\)'):
        properties.ks_similarity(model, data, bins=bins)
    assert properties.ks_similarity(model[:, :1], data, bins=bins).center == properties.ks_similarity(model[:, 0], data, bins=bins).center
    with pytest.raises(TypeError, match=r"source must be an assembly with a 'presentation' dim, got a single value \(Score\)"):
        regression.pls_cv(Score(0.5), TARGET)
    assert rsa.squared_ratio(0.2, 0.5).center == pytest.approx(0.16)  # was AttributeError


def test_a_ridge_penalty_too_small_says_what_to_do():
    with pytest.raises(np.linalg.LinAlgError, match=r'not positive definite \(alpha=1e-30\): use a larger alpha'):
        regression.ridge_cv(SOURCE, TARGET, splits=3, alpha=1e-30)


def test_ks_bins_that_are_not_numbers_are_named():
    with pytest.raises(ValueError, match='ks_similarity needs increasing bin edges'):  # was "could not convert string to float"
        properties.ks_similarity(rng.gamma(2, 0.6, 50), rng.gamma(2, 0.6, 40), bins='0 1 2')


def test_precomputed_features_must_be_presentation_by_neuroid():
    "3-d features (a time bin kept) failed with xarray's 'must be a permuted list of dims'; an array with an IndexError"
    from brainscore_nb.models.interface import PrecomputedFeatures
    with pytest.raises(ValueError, match=r"timed: the features must be an assembly of presentation x neuroid .* "
                                         r"dims \('presentation', 'neuroid', 'time_bin'\): select one time bin first"):
        PrecomputedFeatures(SOURCE.expand_dims('time_bin', 2), 'timed')
    with pytest.raises(ValueError, match='got ndarray with dims None'):
        PrecomputedFeatures(X, 'array')
