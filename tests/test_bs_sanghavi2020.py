"""Sanghavi2020's data checked beyond the cross-check (its six Brain-Score ids are scored in tests/test_crosschecks.py
from the synthetic packages written by Brain-Score's own code, tests/brainio/make_sanghavi2020.py, served by the
SeaweedFS test server through the shared fixture maker, tests/crosscheck_fixtures.py)."""
import pytest

from brainio_catalog import remove_uploads
from crosscheck_fixtures import serve


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def sanghavi_catalog(s3_env, tmp_path, monkeypatch):
    return serve('sanghavi2020', s3_env.endpoint, tmp_path, monkeypatch)


def test_sanghavi2020_checks_what_brainscore_asserts(sanghavi_catalog):
    "The entry's repetitions and image_size_degree are Brain-Score's assertions: a clear error when they differ"
    from brainscore_nb.benchmarks import sanghavi2020 as s
    import brainscore_nb as bn
    real = bn.load_dataset('SanghaviMurty2020')
    assert s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: real).sizes == {
        'presentation': 2000, 'neuroid': 3}
    few = real.isel(presentation=real['repetition'].values < 10)
    with pytest.raises(ValueError, match="SanghaviMurty2020: 10 repetitions, Brain-Score's benchmark expects 50"):
        s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: few)
    wrong = real.assign_attrs(image_size_degree=8)
    with pytest.raises(ValueError, match=r"attrs\['image_size_degree'\] is 8, Brain-Score's benchmark expects 5"):
        s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: wrong)
