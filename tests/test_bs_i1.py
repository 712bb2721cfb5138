"""Brain-Score's `i1` metric and its ceiling by their names (`load_metric('i1')`, `load_ceiling('i1')`), on the
Rajalingham2018 fixtures (synthetic objectome trials written by Brain-Score's packaging code and Brain-Score's stored
AlexNet probabilities, ../shared/brainio), compared with Brain-Score 2.4.2's own `load_metric('i1')` on the same files
(tests/brainio/i1_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/i1.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.metrics.uncertainty import bootstrap

BRAINIO = Path(__file__).resolve().parents[2] / 'shared' / 'brainio'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'i1.json').read_text())['i1']


@pytest.fixture(scope='module')
def data():
    return (read_brainio_assembly(BRAINIO / 'assy_fixture_Rajalingham2018_public.nc', 'BehavioralAssembly'),
            read_brainio_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly'))


def test_i1_and_its_ceiling_are_brainscores(data):
    trials, alexnet = data
    score, ceiling = bn.load_metric('i1')(alexnet, trials), bn.load_ceiling('i1')(trials)
    theirs = CROSSCHECK['brainscore']
    np.testing.assert_allclose(score.attrs['raw'].values, theirs['metric_splits'], atol=1e-12)
    np.testing.assert_allclose(ceiling.attrs['raw'].values, theirs['ceiling_splits'], atol=1e-12)
    assert (score.center, score.error, ceiling.center) == pytest.approx((theirs['metric'], theirs['error'], theirs['ceiling']), abs=1e-12)
    b = bootstrap(score, None)  # images resampled: its interval, measured
    assert (b['ci_low'], b['ci_high']) == pytest.approx(CROSSCHECK['ours']['ci'], abs=1e-9)


def test_i1_refuses_logits_and_missing_images(data):
    trials, alexnet = data
    with pytest.raises(ValueError, match='NaN, infinite or negative values'):
        bn.load_metric('i1')(alexnet - 1, trials)
    with pytest.raises(ValueError, match='the model gave no probabilities for 10 of the trials'):
        bn.load_metric('i1')(alexnet.isel(presentation=slice(10, None)), trials)
