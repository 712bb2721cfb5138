"""Metrics declare themselves (`metric`, `resampler` in brainscore_nb.metrics.score); the registry only
collects: a metric declared anywhere (a test module, README's example) is found by name and gets intervals
through its declared resampler; the library's declarations give the names the hand-kept lists gave;
held-out material travels with its Score (copies and pickles carry it, arithmetic does not), with the same
intervals."""
import copy
import pickle
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from pytest import approx

from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.metrics import registry
from brainscore_nb.metrics.score import DECLARED, RESAMPLERS, Score, heldout, keep_heldout, metric
from brainscore_nb.metrics.uncertainty import bootstrap

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def declarations_restored():
    "The declared tables as they were before the test: its declarations reach no other test"
    tables, resamplers = {k: dict(t) for k, t in DECLARED.items()}, dict(RESAMPLERS)
    yield
    for k, t in DECLARED.items():
        t.clear(), t.update(tables[k])
    RESAMPLERS.clear(), RESAMPLERS.update(resamplers)
    sys.modules.pop('small_metrics', None)


def test_a_metric_declared_in_a_test_module_is_found_with_its_intervals(declarations_restored):
    assert 'closeness' not in registry.list_metrics()
    import small_metrics  # its declaration is all there is
    assert registry.load_metric('closeness') is small_metrics.closeness
    assert 'closeness' in registry.list_metrics()
    source, target = np.linspace(0, 1, 30), np.linspace(0, 1, 30) ** 2
    score = registry.load_metric('closeness', scale=2.0)(source, target)
    assert score.center == approx(1 - np.abs(source - target).mean() / 2, abs=1e-15)
    b = bootstrap(score)  # through the resampler declared beside it
    assert b['bootstrap_units'] == '30 stimulus_id' and len(b['bootstrap']) == 1000
    measured = (0.9061831153388823, 0.9331044391597305)
    assert (b['ci_low'], b['ci_high']) == approx(measured, abs=1e-12)
    assert b['ci_low'] < score.center < b['ci_high']
    with pytest.raises(TypeError, match="unknown option 'scal'; did you mean 'scale'"):
        registry.load_metric('closeness', scal=2.0)
    with pytest.raises(ValueError, match="metric 'closeness' is already declared by small_metrics.closeness"):
        metric('closeness')(lambda source, target: Score(0.0))


def readme_example() -> str:
    "The Python block of README's 'Adding a metric'"
    section = (ROOT / 'README.md').read_text().split('### Adding a metric', 1)[1].split('\n## ', 1)[0]
    return re.search(r'```python\n(.*?)```', section, re.S).group(1)


def test_readme_example_runs_as_written(declarations_restored):
    code = readme_example()
    namespace = {'__name__': 'readme_example'}
    exec(compile(code, 'README.md (Adding a metric)', 'exec'), namespace)
    assert registry.load_metric('agreement') is namespace['agreement']
    score = namespace['score']
    assert f'# {score!r}' in code  # the value README states
    b = bootstrap(score)
    assert (b['ci_low'], b['ci_high']) == approx((0.375, 1.0), abs=1e-12)  # measured: 8 stimuli
    assert RESAMPLERS['agreement'] is namespace['_agreement']


# the names the registries gave when they were hand-kept lists (main aa31bbf): the declarations give the same
METRICS = ['accuracy', 'accuracy_distance', 'baker_accuracy_delta', 'cka', 'cka_biased', 'cka_cv',
           'confusion_similarity', 'dual_ridge_split', 'dual_ridgecv_split', 'error_consistency',
           'factor_dimensionality', 'i1', 'i2n', 'internal_consistency', 'internal_consistency_temporal',
           'kato_accuracy_distance', 'kato_error_consistency', 'ks_similarity', 'linear_predictivity',
           'linear_predictivity_cv', 'linear_predictivity_split', 'mask_regression', 'neuron_to_neuron',
           'neuron_to_neuron_cv', 'neuron_to_neuron_split', 'ost', 'pls', 'pls_cv', 'pls_split',
           'predictor_consistency', 'property_ceiling', 'rdm', 'rdm_cv', 'reverse_pls', 'reverse_pls_cv',
           'reverse_pls_split', 'ridge', 'ridge_cv', 'ridge_split', 'ridgecv', 'ridgecv_cv', 'ridgecv_split',
           'rsa_ceiling', 'spantime_pls', 'spantime_ridge', 'tasks_consistency', 'threshold',
           'threshold_elevation', 'value_delta']
CEILINGS = ['accuracy_distance', 'baker_accuracy_delta', 'error_consistency', 'i1', 'i2n', 'inter_subject',
            'internal_consistency', 'internal_consistency_temporal', 'kato_accuracy_distance',
            'kato_error_consistency', 'predictor_consistency', 'property_ceiling', 'rsa_ceiling', 'threshold',
            'threshold_elevation']
WITH_CEILING = ['accuracy_distance', 'baker_accuracy_delta', 'error_consistency', 'i1', 'i2n',
                'kato_accuracy_distance', 'kato_error_consistency']  # `load_metric(name).ceiling`


def _own(table: dict) -> list:
    return sorted(k for k, f in table.items() if getattr(f, '__module__', '').startswith('brainscore_nb.'))


def test_declarations_give_the_registered_names():
    registry.list_metrics()
    assert _own(registry.metric_registry) == METRICS
    assert _own(registry.ceiling_registry) == CEILINGS
    assert _own(registry.normalisation_registry) == ['bound_score', 'ceil_score', 'explained_variance']
    wired = [k for k in METRICS if not isinstance(registry.metric_registry[k], type)
             and hasattr(registry.metric_registry[k], 'ceiling')]
    assert wired == WITH_CEILING
    for k in WITH_CEILING:
        assert registry.load_metric(k).ceiling is registry.load_ceiling(k)
    assert registry.load_metric('pls') is registry.load_metric('pls_cv')


def test_every_declared_resampler_is_declared():
    registry.list_metrics()
    missing = [(kind, name, r) for kind, table in DECLARED.items() for name, f in table.items()
               for r in getattr(getattr(f, 'metric_spec', None), 'resamplers', ()) if r not in RESAMPLERS]
    assert not missing


def _assembly(values, prefix):
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i:02d}' for i in range(len(values))]),
        'neuroid_id': ('neuroid', [f'{prefix}{j}' for j in range(values.shape[1])])})


@pytest.mark.parametrize('name', ['pls', 'rdm_cv', 'cka', 'accuracy'])
def test_scores_keep_the_material_their_metric_declares(name):
    "The declared resampler is the kind of the material the metric's scores keep"
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 6))
    source, target = _assembly(X, 'f'), _assembly(X[:, :3] + rng.normal(size=(40, 3)), 'n')
    if name == 'accuracy':
        source, target = rng.integers(0, 3, 40), rng.integers(0, 3, 40)
    f = registry.load_metric(name)
    score = f(source, target, splits=3) if name in ('pls', 'rdm_cv') else f(source, target)
    assert heldout(score)['kind'] in f.metric_spec.resamplers


def test_material_travels_with_its_score_and_gives_the_same_interval():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(40, 6))
    source, target = _assembly(X, 'f'), _assembly(X[:, :3] + rng.normal(size=(40, 3)), 'n')
    for score in (registry.load_metric('pls')(source, target, splits=3),
                  registry.load_metric('rdm')(source, target)):  # rdm's material is built when first needed
        draws = bootstrap(score)['bootstrap']
        for other in (pickle.loads(pickle.dumps(score)), copy.deepcopy(score), copy.copy(score),
                      score.copy()):
            assert heldout(other) is not None
            assert np.array_equal(bootstrap(other)['bootstrap'], draws, equal_nan=True)
        assert heldout(score * 1) is None and heldout(score.copy(data=0.5)) is None
        assert 'make' not in heldout(pickle.loads(pickle.dumps(score)))
    for _ in range(200):  # a collected score's material never reaches a new one (an id is reused)
        keep_heldout(Score(0.5), 'mean', values=np.ones(2))
        assert heldout(Score(0.1)) is None
