"""The metrics' arithmetic on other array backends gives NumPy's numbers.

Two backends stand in for a GPU here: torch (on the CPU; on CUDA too where torch sees a GPU) and the array API's
strict reference implementation on a device other than the host's, which refuses anything outside the standard
and any mixing of host and device arrays, so code that passes with it also runs on CuPy.
"""
import importlib.util
from functools import partial
from pathlib import Path

import numpy as np
import pytest
import torch
from pytest import approx

from brainscore_nb.data.assemblies import NeuroidAssembly, load_assembly
from brainscore_nb.metrics import ceilings, regression, rsa
from brainscore_nb.metrics.backend import get_backend, take, to_numpy
from brainscore_nb.metrics.crossval import cross_validate
from brainscore_nb.models.interface import PrecomputedFeatures
from brainscore_nb.registry import load_benchmark

BACKENDS = ['torch', 'array_api_strict:device1']
HERE = Path(__file__).parent


def neuroids(values, ids, prefix='n', dims=('presentation', 'neuroid'), bins=None, **coords):
    "A presentation x neuroid assembly (or with a time_bin dim in the middle, with `bins` its coords)"
    c = {'stimulus_id': ('presentation', list(ids)), 'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[-1])]),
         **(bins or {}), **{k: ('presentation', v) for k, v in coords.items()}}
    return NeuroidAssembly(values, dims=list(dims), coords=c)


@pytest.fixture(scope='module')
def pairs():
    "Source/target pairs with fewer features than stimuli (primal regressions) and more (kernel regressions)"
    rng = np.random.default_rng(0)
    n, m = 120, 6
    ids = [f's{i:03d}' for i in range(n)]
    target = neuroids(rng.normal(size=(n, m)), ids, object_name=np.repeat(list('abcd'), n // 4))
    out = {}
    for p in (40, 200):
        X = rng.normal(size=(n, p)) @ rng.normal(size=(p, p)) / np.sqrt(p)
        Y = X[:, :5] @ rng.normal(size=(5, m)) + rng.normal(size=(n, m))
        out[p] = (neuroids(X, ids, 'f').isel(presentation=rng.permutation(n)), target.copy(data=Y))
    return out


CV = {'pls': partial(regression.pls_cv, n_components=10), 'ridge': regression.ridge_cv, 'ridgecv': regression.ridgecv_cv,
      'ridgecv_per_target': partial(regression.ridgecv_cv, alpha_per_target=True),
      'linear_predictivity': regression.linear_predictivity_cv, 'neuron_to_neuron': regression.neuron_to_neuron_cv,
      'spantime_pls': None, 'spantime_ridge': None}


def same_score(got, want, tol=1e-9):
    "Same raw values, center and error"
    np.testing.assert_allclose(got.attrs['raw'].values, want.attrs['raw'].values, atol=tol, rtol=0)
    assert got.center == approx(float(want.center), abs=tol)
    assert got.attrs.get('error', 0) == approx(want.attrs.get('error', 0), abs=tol)


@pytest.mark.parametrize('backend', BACKENDS)
@pytest.mark.parametrize('features', [40, 200])
@pytest.mark.parametrize('name', [k for k, v in CV.items() if v])
def test_cross_validated_regressions(pairs, name, features, backend):
    source, target = pairs[features]
    got, want = CV[name](source, target, backend=backend), CV[name](source, target)
    same_score(got, want)
    for key in ('alpha', 'best_feature'):
        if key in want.attrs: np.testing.assert_array_equal(np.asarray(got.attrs[key]), np.asarray(want.attrs[key]))


@pytest.mark.parametrize('backend', BACKENDS)
@pytest.mark.parametrize('name', ['pls', 'ridge', 'ridgecv', 'linear_predictivity', 'neuron_to_neuron'])
def test_split_regressions(pairs, name, backend):
    source, target = pairs[40]
    tr, te = target.stimulus_id.values[:90], target.stimulus_id.values[90:]
    parts = [a.sel(stimulus_id=ids) for a in (source, target) for ids in (tr, te)]
    metric = getattr(regression, f'{name}_split')
    same_score(metric(*parts, backend=backend), metric(*parts))


@pytest.mark.parametrize('backend', BACKENDS)
@pytest.mark.parametrize('name', ['spantime_pls', 'spantime_ridge'])
def test_spantime(name, backend):
    rng = np.random.default_rng(1)
    n, T = 60, 3
    ids = [f's{i:03d}' for i in range(n)]
    bins = {'time_bin_start': ('time_bin', [70, 100, 130]), 'time_bin_end': ('time_bin', [100, 130, 160])}
    X = rng.normal(size=(n, T, 12))
    dims = ('presentation', 'time_bin', 'neuroid')
    source = neuroids(X, ids, 'f', dims=dims, bins=bins)
    target = neuroids(X[..., :4] @ rng.normal(size=(4, 5)) + rng.normal(size=(n, T, 5)), ids, dims=dims, bins=bins)
    metric = partial(getattr(regression, name), **({'n_components': 5} if name == 'spantime_pls' else {}))
    got, want = metric(source, target, backend=backend), metric(source, target)
    same_score(got, want)
    np.testing.assert_allclose(got.attrs['time_bin_values'].values, want.attrs['time_bin_values'].values, atol=1e-9)


@pytest.mark.parametrize('backend', BACKENDS)
def test_float32_features(pairs, backend):
    "float32 features stay float32 in the big products on every backend: the same numbers to float32's rounding"
    source, target = pairs[200]
    source = source.astype('float32')
    for metric in (regression.pls_cv, regression.ridge_cv):
        same_score(metric(source, target, backend=backend), metric(source, target), tol=1e-4)


def repeated(n_stimuli, n_reps, rng, every_trial_numbered=False, dtype='float64', dropped=25):
    "Noisy repetitions of a signal (`dropped` presentations missing: uneven repetition counts), presentations interleaved"
    signal = rng.normal(size=(n_stimuli, 7))
    stim, rep = np.repeat(np.arange(n_stimuli), n_reps), np.tile(np.arange(n_reps), n_stimuli)
    keep = np.sort(rng.choice(len(stim), len(stim) - dropped, replace=False))
    order = rng.permutation(keep)
    values = (signal[stim] + rng.normal(size=(len(stim), 7)))[order].astype(dtype)
    reps = np.arange(len(order)) if every_trial_numbered else rep[order]
    return neuroids(values, [f's{i:03d}' for i in stim[order]], repetition=reps)


@pytest.mark.parametrize('backend', BACKENDS)
@pytest.mark.parametrize('layout', ['complete', 'repetitions', 'every trial numbered', 'float32'])
def test_internal_consistency(backend, layout):
    "Every way of summing halves (per repetition, complete or not; per half when repetitions are sparse), float32 data"
    data = repeated(80, 6, np.random.default_rng(2), every_trial_numbered=layout == 'every trial numbered',
                    dtype='float32' if layout == 'float32' else 'float64', dropped=0 if layout == 'complete' else 25)
    got, want = ceilings.internal_consistency(data, backend=backend), ceilings.internal_consistency(data)
    same_score(got, want, tol=1e-5 if layout == 'float32' else 1e-10)
    np.testing.assert_array_equal(got.attrs['stimuli_dropped'].values, want.attrs['stimuli_dropped'].values)


@pytest.mark.parametrize('backend', BACKENDS)
def test_representational_metrics(pairs, backend):
    source, target = pairs[200]
    for metric in (rsa.cka, rsa.cka_biased):
        assert metric(source, target, backend=backend).center == approx(float(metric(source, target).center), abs=1e-12)
    np.testing.assert_allclose(rsa.cka_cv(source, target, backend=backend).attrs['raw'].values,
                               rsa.cka_cv(source, target).attrs['raw'].values, atol=1e-12)
    # RDMs are ranked on the host: asking for a backend gives the same numbers
    np.testing.assert_allclose(rsa.rdm_cv(source, target, backend=backend).attrs['raw'].values,
                               rsa.rdm_cv(source, target).attrs['raw'].values, atol=1e-12)


def test_the_setting_chooses_the_backend(pairs, monkeypatch):
    "BRAINSCORE_NB_ARRAY_BACKEND (or settings.ini's array_backend) is what a metric computes on when not told"
    seen = []
    def copy_source(X, Y, folds):
        seen.append(type(X).__module__.split('.')[0])
        return [take(X, te) for _, te in folds]
    source, target = pairs[40]
    cross_validate(copy_source, target, target)
    monkeypatch.setenv('BRAINSCORE_NB_ARRAY_BACKEND', 'array_api_strict:device1')
    assert cross_validate(copy_source, target, target).center == approx(1.0)
    assert seen == ['numpy', 'array_api_strict']
    monkeypatch.setenv('BRAINSCORE_NB_ARRAY_BACKEND', 'tensorflow')
    with pytest.raises(ValueError, match="unknown array backend 'tensorflow'"):
        regression.pls_cv(source, target)


def test_a_benchmark_on_torch(monkeypatch):
    "A whole benchmark, ceiling included, computed on torch gives the pinned NumPy numbers (test_benchmarks.py)"
    monkeypatch.setenv('BRAINSCORE_NB_ARRAY_BACKEND', 'torch')
    features = load_assembly(HERE / 'precomputed' / 'efficientnet-lite0_Cowley2023.V4-pls.nc')
    score = load_benchmark('Cowley2023.V4-pls')(PrecomputedFeatures(features, 'efficientnet-lite0-stored'))
    assert score.attrs['ceiling'].center == approx(0.759461, abs=1e-5)
    assert score.center == approx(0.204782, abs=1e-3) and score.attrs['raw'].center == approx(0.394366, abs=1e-3)


def test_gpu_backends(pairs):
    "On a machine with a CUDA GPU the torch:cuda and cupy backends give NumPy's numbers; elsewhere a clear error"
    source, target = pairs[200]
    want = regression.pls_cv(source, target, n_components=10)
    if torch.cuda.is_available():
        same_score(regression.pls_cv(source, target, n_components=10, backend='torch:cuda'), want)
    else:
        with pytest.raises(ValueError, match="array backend 'torch:cuda' cannot use that device"):
            regression.pls_cv(source, target, backend='torch:cuda')
    if importlib.util.find_spec('cupy') is not None:
        same_score(regression.pls_cv(source, target, n_components=10, backend='cupy'), want)
    else:
        with pytest.raises(ModuleNotFoundError, match="array backend 'cupy' needs cupy installed"):
            get_backend('cupy')


def test_prediction_arrays_stay_on_their_backend(pairs):
    "A predict function given torch tensors returns torch tensors (nothing silently computed with NumPy)"
    source, target = pairs[40]
    X, Y = (torch.asarray(a.values) for a in (source, target))
    folds = [(np.arange(100), np.arange(100, 120))]
    for predict in (regression.pls_predict, regression.ridge_predict, regression.linear_predict):
        (pred,) = predict(X, Y, folds)
        assert isinstance(pred, torch.Tensor) and pred.shape == (20, 6)
        np.testing.assert_allclose(to_numpy(pred), predict(source.values, target.values, folds)[0], atol=1e-9)
