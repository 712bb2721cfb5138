"""RSA as rsatoolbox does it, beside Brain-Score's way, on the Kriegeskorte 2008 human IT RDMs (4 subjects): Kendall's
tau-a and rsatoolbox's noise ceiling (`rsa_ceiling(pool=...)`) equal rsatoolbox 0.3.2's numbers, recorded by
tests/brainio/rsatoolbox_kriegeskorte2008.py in a venv with rsatoolbox (not in CI)."""
import hashlib, json
from functools import partial
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.benchmarks.kriegeskorte2008 import _subjects
from brainscore_nb.metrics.rsa import compare_rdms, rsa_ceiling

RECORD = json.loads((Path(__file__).parent / 'brainio' / 'rsatoolbox_kriegeskorte2008.json').read_text())
OURS = {'spearman': 'spearman', 'tau-a': 'tau-a', 'corr': 'pearson'}  # rsatoolbox's name -> ours
POOLS = {'spearman': 'ranks', 'tau-a': 'ranks', 'corr': 'standardised'}  # rsatoolbox's pool_rdm for each


@pytest.fixture(scope='module')
def rdms():
    r = _subjects(bn.load_dataset('Kriegeskorte2008.hIT'))
    assert hashlib.sha1(np.ascontiguousarray(r.values, np.float64).tobytes()).hexdigest() == RECORD['sha1_of_rdms']
    return r


@pytest.mark.parametrize('method', list(OURS))
def test_comparisons_equal_rsatoolbox(rdms, method):
    ours = [[compare_rdms(rdms.isel(subject=i), rdms.isel(subject=j), method=OURS[method]) for j in range(4)]
            for i in range(4)]
    np.testing.assert_allclose(ours, RECORD['compare'][method], rtol=0, atol=1e-12)


@pytest.mark.parametrize('method', list(OURS))
def test_noise_ceiling_equals_rsatoolbox(rdms, method):
    c = rsa_ceiling(rdms, compare=partial(compare_rdms, method=OURS[method]), pool=POOLS[method])
    want = RECORD['noise_ceiling'][method]
    assert abs(float(c.values) - want['upper']) < 1e-12 and abs(c.attrs['lower_bound_loo'] - want['lower']) < 1e-12


def test_brainscore_pooling_differs_as_measured(rdms):
    "Brain-Score's raw-mean pooling (the default) gives 0.66068 / 0.37856 where rsatoolbox's gives 0.66572 / 0.37231"
    c = rsa_ceiling(rdms)
    assert round(float(c.values), 5) == 0.66068 and round(c.attrs['lower_bound_loo'], 5) == 0.37856
    assert round(RECORD['noise_ceiling']['spearman']['upper'], 5) == 0.66572
