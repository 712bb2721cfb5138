"""Brain-Score's metric code ported by changing imports (issue 25, metrics side): the names its metric and
metric_helpers tests import exist here and give our metrics' numbers; cross-validated metrics give one number
for any row order (Brain-Score's whenever its rows are sorted by stimulus_id)."""
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import xarray as xr
import pytest

from brainscore_nb.brainscore.compat import port_imports
from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.metrics.registry import load_metric

sys.path.insert(0, str(Path(__file__).parent))
from brainio_catalog import BRAINIO, PACKAGES  # noqa: E402

# the import lines of Brain-Score 2.4.2's metric and metric_helpers tests that name its building blocks
BRAINSCORE_LINES = """
from brainscore_core.metrics import Metric, Score
from brainscore_vision.metric_helpers.xarray_utils import XarrayRegression, XarrayCorrelation
from brainscore_vision.metric_helpers.transformations import CrossValidation, CrossValidationSingle
from brainscore_vision.metrics.regression_correlation.metric import pls_regression, linear_regression, \\
    ridge_regression, ridge_cv_regression, DualRidgeCVRegression, ALPHA_LIST
from brainscore_vision.metrics.regression_correlation.metric import CrossRegressedCorrelation, pearsonr_correlation
from brainscore_vision.metrics.rdm.metric import RDM
from brainscore_vision.metrics.internal_consistency.ceiling import PearsonCorrelation
from brainscore_vision.metrics.value_delta import ValueDelta
from brainscore_vision.metric_helpers.temporal import PerTime, SpanTime, PerTimeRegression, SpanTimeRegression
from brainscore_vision.metric_helpers.transformations import CartesianProduct
"""


def _assembly(values, ids, objects=None, prefix='n'):
    coords = {'stimulus_id': ('presentation', list(ids)),
              'neuroid_id': ('neuroid', [f'{prefix}{j}' for j in range(values.shape[1])])}
    if objects is not None: coords['object_name'] = ('presentation', list(objects))
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords=coords)


@pytest.fixture(scope='module')
def pair():
    rng = np.random.default_rng(1)
    ids, objects = [f's{i:03d}' for i in range(60)], np.repeat(list('abcdef'), 10)
    X = rng.normal(size=(60, 12)); Y = X[:, :3] @ rng.normal(size=(3, 5)) + rng.normal(size=(60, 5))
    return _assembly(X, ids, objects, 'f'), _assembly(Y, ids, objects)


def test_brainscore_metric_blocks_import_and_give_our_numbers(pair):
    "Each name the ported tests import resolves (before: ImportError); the blocks compute what the metrics do"
    names = {}
    exec(port_imports(BRAINSCORE_LINES), names)
    x, y = pair
    pls = names['CrossRegressedCorrelation'](names['pls_regression'](), names['pearsonr_correlation']())
    assert float(pls(x, y)) == float(load_metric('pls')(x, y))
    ridge = names['CrossRegressedCorrelation'](names['ridge_regression']({'alpha': 2.0}), None,
                                                crossvalidation_kwargs={'splits': 5})
    assert float(ridge(x, y)) == float(load_metric('ridge')(x, y, alpha=2.0, splits=5))
    fitted = names['linear_regression']().fit(source=x, target=y).predict(source=x[::-1])
    assert list(fitted['stimulus_id'].values) == list(x['stimulus_id'].values[::-1])
    assert list(fitted['neuroid_id'].values) == list(y['neuroid_id'].values)
    assert np.allclose(names['XarrayCorrelation']()(y[::-1], y).values, 1)  # matched by stimulus_id
    assert float(names['ValueDelta']()(1.5, 1.0)) == pytest.approx(np.exp(-0.5), abs=1e-12)
    assert issubclass(names['CrossRegressedCorrelation'], names['Metric'])
    binned = NeuroidAssembly(np.stack([y.values, 2 * y.values], -1), dims=['presentation', 'neuroid', 'time_bin'],
                             coords={**{k: ('presentation', y[k].values) for k in ('stimulus_id', 'object_name')},
                                     'neuroid_id': ('neuroid', y['neuroid_id'].values),
                                     'time_bin_start': ('time_bin', [70, 170]), 'time_bin_end': ('time_bin', [170, 270])})
    spanned = names['SpanTimeRegression'](names['linear_regression']()).fit(binned, binned).predict(binned)
    assert np.allclose(spanned.transpose(*binned.dims).values, binned.values)
    per_bin = names['PerTime'](lambda a: float(a.mean()))(binned)
    assert per_bin.dims == ('time_bin',) and np.allclose(per_bin.values, [y.values.mean(), 2 * y.values.mean()])
    with pytest.raises(TypeError, match='n_componets'):
        names['pls_regression']({'n_componets': 3})
    with pytest.raises(ValueError, match='Pearson r'):  # another correlation is refused, not ignored
        names['CrossRegressedCorrelation'](None, names['XarrayCorrelation'](lambda a, b: (1, 0)))


def test_behavioural_metrics_carry_their_ceiling():
    "Brain-Score's `load_metric('i2n').ceiling(assembly)` (before: AttributeError)"
    from brainscore_nb.metrics.registry import load_ceiling
    for name in ('i2n', 'error_consistency', 'accuracy_distance', 'kato_error_consistency', 'i1'):
        assert load_metric(name).ceiling is load_ceiling(name)


def test_dual_ridge_cv_matches_scikit_learn():
    "DualRidgeCVRegression (ridgecv_predict underneath) picks RidgeCV's alpha and predicts what it predicts"
    from sklearn.linear_model import RidgeCV
    from brainscore_nb.brainscore.blocks import ALPHA_LIST, DualRidgeCVRegression
    rng = np.random.RandomState(0)
    X = rng.randn(60, 400); Y = X @ rng.randn(400, 40) / 20 + rng.randn(60, 40)
    ours, ref = DualRidgeCVRegression(ALPHA_LIST).fit(X, Y), RidgeCV(alphas=ALPHA_LIST).fit(X, Y)
    assert ours.alpha_ == pytest.approx(ref.alpha_, rel=1e-9)
    assert ours.predict(X[:9]) == pytest.approx(ref.predict(X[:9]), abs=1e-6)


@pytest.mark.parametrize('name', ['pls', 'ridge', 'linear_predictivity', 'rdm_cv'])
def test_cross_validated_metrics_ignore_the_row_order(pair, name):
    "Shuffled rows give the sorted rows' number (before: other splits, another number)"
    x, y = pair
    order = np.random.default_rng(3).permutation(60)
    metric = load_metric(name)
    sorted_value, shuffled = float(metric(x, y)), float(metric(x[order], y[order]))
    assert shuffled == pytest.approx(sorted_value, abs=1e-12)
    if name == 'pls':
        assert sorted_value == pytest.approx(0.829851333327977, abs=1e-9)  # ours, pinned


def _majajhong_repetitions(region):
    "The MajajHong2015 fixture's repetitions of one region, as its benchmark loads them (object_name merged)"
    from brainscore_nb.benchmarks.majajhong2015 import load_assembly
    from brainscore_nb.data.brainio import read_brainio_assembly
    neural = read_brainio_assembly(BRAINIO / PACKAGES['neural']['path'], 'NeuronRecordingAssembly')
    stimuli = pd.read_csv(BRAINIO / PACKAGES['stimulus_set']['csv_path']).set_index('stimulus_id')
    neural = neural.assign_coords(object_name=('presentation',
                                               stimuli.loc[neural['stimulus_id'].values, 'object_name'].values))
    return load_assembly(region, average_repetitions=False, load=lambda name: neural)


def test_average_repetition_in_any_order_gives_brainscores_number():
    """Brain-Score's `average_repetition` (its name, ported: our order of first appearance) then `pls`, on the same
    BrainIO files as Brain-Score: its converged raw V4 0.7627405694 (tests/brainio/brainscore_majajhong2015.py),
    before 0.7674 here; sorting first (Brain-Score's order) gives the same number"""
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainscore_nb.brainscore.compat import average_repetition
    features = read_brainio_assembly(BRAINIO / PACKAGES['features']['path'], 'NeuroidAssembly')
    repetitions = _majajhong_repetitions('V4')
    as_given, by_id = average_repetition(repetitions), average_repetition(repetitions, sort=True)
    assert list(as_given['stimulus_id'].values) != sorted(as_given['stimulus_id'].values)  # not sorted
    raw = float(load_metric('pls')(features, as_given))
    assert raw == pytest.approx(0.7627405694121261, abs=1e-8)
    assert raw == pytest.approx(float(load_metric('pls')(features, by_id)), abs=1e-12)


def test_linear_predictivity_float64_features_outnumbering_stimuli():
    """float32 and float64 features, fewer and more than the 54 training stimuli: Brain-Score 2.4.2's numbers on the
    same arrays (its `linear_predictivity` in its venv; inputs made by elementwise operations only, so they are
    the same bits under either NumPy: with more features than stimuli the least-squares fit drops singular values
    near rounding, and a 1e-15 change of the input moves the score by 1e-4)"""
    brainscore = {('float32', 20): 0.011357667327259867, ('float32', 150): 0.048296500033081655,
                  ('float64', 20): 0.01135758566109827, ('float64', 150): 0.07354219074908994}
    n, ids, objects = 60, [f's{i:03d}' for i in range(60)], np.repeat(list('abcdef'), 10)
    for (dtype, features), expected in brainscore.items():
        rng = np.random.default_rng(0)
        X = rng.normal(size=(n, features)).astype(dtype)
        Y = X[:, :8].astype('float64') * 0.5 + 2 * rng.normal(size=(n, 8))
        score = float(load_metric('linear_predictivity')(_assembly(X, ids, objects, 'f'), _assembly(Y, ids, objects)))
        assert score == pytest.approx(expected, abs=1e-7 if dtype == 'float32' else 1e-12), (dtype, features)


# the import lines of Brain-Score 2.4.2 code that name what ported code used and this package lacked
# (metrics/i1i2/test.py, benchmarks' tests, kar2019's benchmark.py, brainscore_core's test_assemblies.py)
MISSING_LINES = """
from brainscore_vision.metrics.i1i2 import I2n
from brainscore_vision.benchmark_helpers.test_helper import PrecomputedTests, run_test
from brainscore_vision.benchmarks.kar2019.benchmark import temporally_varying
from brainscore_vision.benchmarks.rajalingham2018.benchmarks.benchmark import load_assembly
from brainscore_core.supported_data_standards.brainio.assemblies import gather_indexes, get_levels
"""


def _objectome_like(seed=0):
    "Trials of 4 objects x 6 images (12 per distractor) and a model's probabilities, as i2n takes them"
    from brainscore_nb.data.assemblies import BehavioralAssembly
    rng, objects = np.random.default_rng(seed), list('abcd')
    images = [(f'{o}{k}', o) for o in objects for k in range(6)]
    rows = [(i, o, d, o if rng.random() < 0.75 else d)
            for i, o in images for d in objects if d != o for _ in range(12)]
    trials = BehavioralAssembly([r[3] for r in rows], dims=['presentation'], coords={
        k: ('presentation', [r[j] for r in rows])
        for j, k in ((0, 'stimulus_id'), (1, 'truth'), (1, 'sample_obj'), (2, 'dist_obj'))})
    p = rng.dirichlet(np.ones(4), len(images)) + np.eye(4)[[objects.index(o) for _, o in images]]
    probabilities = BehavioralAssembly(p / p.sum(1, keepdims=True), dims=['presentation', 'choice'], coords={
        'stimulus_id': ('presentation', [i for i, _ in images]),
        'truth': ('presentation', [o for _, o in images]), 'choice': objects})
    return probabilities, trials


def test_names_ported_code_imports_exist_and_give_our_numbers():
    "I2n, run_test, temporally_varying, gather_indexes import through the table (before: KeyError/ImportError)"
    from brainscore_nb.metrics.behavior import i2n, i2n_ceiling
    names = {}
    exec(port_imports(MISSING_LINES), names)
    probabilities, trials = _objectome_like()
    metric = names['I2n']()
    score, ceiling = metric(probabilities, trials), metric.ceiling(trials)
    assert float(score) == float(i2n(probabilities, trials)) and float(ceiling) == float(i2n_ceiling(trials))
    ceiled = metric.ceil_score(score, ceiling)
    assert float(ceiled) == pytest.approx(np.mean(score.raw.values / np.sqrt(ceiling.raw.values)), abs=1e-12)
    assert ceiled.attrs['ceiling'] is ceiling
    bins = {'time_bin_start': ('time_bin', [70, 80]), 'time_bin_end': ('time_bin', [80, 90])}
    ids = {'stimulus_id': ('presentation', ['s0', 's1']), 'neuroid_id': ('neuroid', ['n0'])}
    flat = NeuroidAssembly(np.ones((2, 1, 2)), dims=['presentation', 'neuroid', 'time_bin'], coords={**ids, **bins})
    assert names['temporally_varying'](flat) is False
    assert names['temporally_varying'](flat.copy(data=np.array([[[1., 1.]], [[1., 3.]]]))) is True
    assert names['gather_indexes'](flat) is flat
    assert names['load_assembly'].__module__ == 'brainscore_nb.benchmarks.rajalingham2018'


def test_run_test_scores_stored_features_as_brainscores_benchmark_tests_do(tmp_path):
    "Brain-Score's `precomputed_test.run_test(benchmark=..., precomputed_features_filepath=..., expected=...)`"
    from pytest import approx
    from brainscore_nb.benchmarks.base import stimuli_of
    from brainscore_nb.data.assemblies import load_assembly, save_assembly
    from brainscore_nb.registry import load_benchmark
    names = {}
    exec(port_imports(MISSING_LINES), names)
    stored = Path(__file__).parent / 'precomputed' / 'efficientnet-lite0_Kriegeskorte2008.hIT-rdm.nc'
    benchmark = load_benchmark('Kriegeskorte2008.hIT-rdm')
    score = names['PrecomputedTests']().run_test(benchmark=benchmark, precomputed_features_filepath=stored,
                                                 expected=approx(0.245508, abs=1e-5))  # tests/test_benchmarks.py
    assert score.center == approx(0.648526, abs=1e-5)
    # Brain-Score's stored features name their stimuli by file (stimulus_path), not by stimulus_id
    shown = stimuli_of(benchmark.rdms)
    name = {i: Path(shown.get_stimulus(i)).name for i in shown['stimulus_id']}
    features = load_assembly(stored)
    paths = [name[i] for i in features['stimulus_id'].values]
    save_assembly(features.assign_coords(stimulus_path=('presentation', paths)).drop_vars('stimulus_id'),
                  tmp_path / 'by_path.nc')
    with pytest.raises(AssertionError, match='raw score'):  # the same score, compared with another number
        names['PrecomputedTests']().run_test(benchmark, tmp_path / 'by_path.nc', approx(0.3, abs=1e-3))
    save_assembly(features.drop_vars('stimulus_id'), tmp_path / 'unlabelled.nc')
    with pytest.raises(ValueError, match='neither stimulus_id nor stimulus_path'):
        names['run_test'](benchmark, tmp_path / 'unlabelled.nc')


def test_accuracy_distance_variables_by_position():
    "Brain-Score's tests call metric(source, target, ('condition',)) (before: TypeError, 2 positional arguments)"
    from brainscore_nb.data.assemblies import BehavioralAssembly
    trials = BehavioralAssembly(['x', 'x', 'y', 'y', 'x', 'y', 'x', 'x'], dims=['presentation'], coords={
        'stimulus_id': ('presentation', list('pqrs') * 2), 'truth': ('presentation', list('xyxy') * 2),
        'subject': ('presentation', ['a'] * 4 + ['b'] * 4), 'condition': ('presentation', [1, 1, 2, 2] * 2)})
    model = BehavioralAssembly(['x', 'y', 'x', 'x'], dims=['presentation'], coords={
        'stimulus_id': ('presentation', list('pqrs')), 'condition': ('presentation', [1, 1, 2, 2])})
    for name in ('accuracy_distance', 'kato_accuracy_distance'):
        metric = load_metric(name)
        by_position, by_keyword = metric(model, trials, ('condition',)), metric(model, trials, variables=('condition',))
        assert by_position.attrs['raw'].values.tolist() == by_keyword.attrs['raw'].values.tolist() == [.5, 1.]
        with pytest.raises(TypeError, match='variables must be a tuple'):
            metric(model, trials, 'condition')


def test_cartesian_product_pipe_as_brainscores_transformation_tests_drive_it():
    "Brain-Score's coroutine protocol: parts out, results sent back (done?), the stack (before: no .pipe)"
    from brainscore_nb.data.assemblies import DataAssembly
    from brainscore_nb.brainscore.blocks import CartesianProduct
    assembly = NeuroidAssembly(np.arange(3.), coords={'neuroid': [0, 1, 2]}, dims=['neuroid'])
    generator = CartesianProduct().pipe(assembly)
    for part in generator:
        assert part[0] is assembly
        assert generator.send(DataAssembly([0], coords={'split': [0]}, dims=['split'])) is True
        break
    assert next(generator).dims == ('split',)
    divided = xr.DataArray(np.arange(6.).reshape(2, 3), dims=['division_coord', 'neuroid'],
                           coords={'division_coord': [7, 8]})
    generator, done = CartesianProduct(dividers=['division_coord']).pipe(divided), []
    for part in generator:
        done.append(generator.send(float(part[0].sum())))
        if done[-1]: break
    assert done == [False, True] and next(generator).values.tolist() == [3., 12.]
