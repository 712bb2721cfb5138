"""Brain-Score code ported by changing imports: the calls its own metric and core tests make (issue 25)."""
import numpy as np
import pytest
import xarray as xr

from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.metrics.registry import load_metric
from brainscore_nb.metrics.score import Score


def _assembly(values, ids, prefix):
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'object_name': ('presentation', np.repeat(list('abcdef'), len(ids) // 6)),
        'neuroid_id': ('neuroid', [f'{prefix}{j}' for j in range(values.shape[1])])})


@pytest.fixture(scope='module')
def pair():
    rng = np.random.default_rng(0)
    ids = [f's{i:03d}' for i in range(60)]
    X = rng.normal(size=(60, 12)); Y = X[:, :3] @ rng.normal(size=(3, 5)) + rng.normal(size=(60, 5))
    return _assembly(X, ids, 'f'), _assembly(Y, ids, 'n')


@pytest.mark.parametrize('name', ['pls', 'ridge', 'linear_predictivity', 'neuron_to_neuron', 'rdm', 'cka', 'rdm_cv', 'cka_cv'])
def test_metrics_take_their_data_by_keyword(pair, name):
    "pls(source=..., target=...) as Brain-Score's tests call it: the same number as positionally (was 'unknown option')"
    metric, (x, y) = load_metric(name), pair
    by_position = metric(x, y)
    assert float(metric(source=x, target=y)) == float(by_position)
    if name.startswith(('rdm', 'cka')):  # Brain-Score names the two assemblies of a similarity assembly1, assembly2
        assert float(metric(assembly1=x, assembly2=y)) == float(by_position)
    with pytest.raises(TypeError, match="got 'source' twice"):
        metric(x, source=y)


def test_split_metrics_take_their_four_parts_by_keyword(pair):
    x, y = pair
    parts = dict(source_train=x[:40], source_test=x[40:], target_train=y[:40], target_test=y[40:])
    for name in ('pls_split', 'ridge_split'):
        metric = load_metric(name)
        assert float(metric(**parts)) == float(metric(*parts.values()))
    with pytest.raises(TypeError, match='unknown option'):  # options are still checked
        load_metric('pls_split')(**parts, n_componets=3)


def test_score_selection_applies_to_raw_values():
    "Brain-Score's Score: sel/isel/squeeze select from attrs['raw'] too (before: raw kept every region)"
    raw = Score(np.arange(6.).reshape(3, 2), dims=['region', 'split'], coords={'region': ['V1', 'V4', 'IT'], 'split': [0, 1]})
    score = Score([0.1, 0.2, 0.3], dims=['region'], coords={'region': ['V1', 'V4', 'IT']}, attrs={'raw': raw})
    assert score.sel(region='V4').attrs['raw'].values.tolist() == [2.0, 3.0]
    assert score.isel(region=[0, 2]).attrs['raw'].region.values.tolist() == ['V1', 'IT']
    assert score.sel(region='V4', _apply_raw=False).attrs['raw'].shape == (3, 2)
    assert score.expand_dims('model').attrs['raw'].dims == ('model', 'region', 'split')
    unrelated = Score([0.5], dims=['x'], attrs={'raw': xr.DataArray([1.0, 2.0], dims=['split'])})
    assert unrelated.squeeze().attrs['raw'].values.tolist() == [1.0, 2.0]  # no such dim in raw: kept whole
