"""Rajalingham2020's data checked beyond the cross-check (its Brain-Score id is scored in tests/test_crosschecks.py from
the synthetic packages written by Brain-Score's own code, tests/brainio/make_rajalingham2020.py, served by the SeaweedFS
test server through the shared fixture maker, tests/crosscheck_fixtures.py)."""
import numpy as np
import pytest

from brainio_catalog import remove_uploads
from crosscheck_fixtures import serve


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def raja_catalog(s3_env, tmp_path, monkeypatch):
    return serve('rajalingham2020', s3_env.endpoint, tmp_path, monkeypatch)


def test_rajalingham2020_missing_repetitions_are_refused(raja_catalog):
    "A site's missing repetition as NaN (Brain-Score averages it away): a clear error, not a number"
    import brainscore_nb as bn
    from brainscore_nb.benchmarks.rajalingham2020 import load_assembly
    from brainscore_nb.metrics.ceilings import internal_consistency
    real = bn.load_dataset('Rajalingham2020')
    holes = real.copy(data=real.values.copy())
    holes.values[holes['repetition'].values == 32, 0] = np.nan
    reps = load_assembly(average_repetitions=False, load=lambda name: holes)
    with pytest.raises(ValueError, match='NaN|not finite|non-finite'):
        internal_consistency(reps)
    with pytest.raises(ValueError, match="32 repetitions, Brain-Score's benchmark expects 33"):
        load_assembly(average_repetitions=False, load=lambda name: real.isel(presentation=real['repetition'].values < 32))
