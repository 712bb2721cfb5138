"""Property-based tests: validators and packagers fed odd inputs (unicode ids, empty sets, duplicates, NaN,
many coordinates) give a correct result or a clear error, never a crash or a silent change."""
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.data.packaging import (load_assembly_from_package, load_stimulus_set_from_package,
                                          package_data_assembly_locally, package_stimulus_set_locally)
from brainscore_nb.data.stimuli import StimulusSet
from brainscore_nb.data.validation import ValidationError, validate_assembly, validate_stimulus_set

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
any_id = st.one_of(st.text(max_size=8), st.integers(-5, 5), st.none(), st.floats(allow_nan=True))
word = st.text(alphabet=st.characters(categories=['L', 'N']), min_size=1, max_size=12)  # unicode letters, digits


@SETTINGS
@given(ids=st.lists(any_id, max_size=8), values=st.lists(st.floats(allow_nan=True, allow_infinity=True), min_size=8, max_size=8))
def test_validate_stimulus_set_reports_exactly_the_problems(ids, values):
    ss = StimulusSet({'stimulus_id': pd.Series(ids, dtype=object), 'x': values[:len(ids)]})
    report = validate_stimulus_set(ss, check_files=False)
    strings = [i for i in ids if isinstance(i, str)]
    clean = (len(ids) > 0 and len(strings) == len(ids) and all(s.strip() for s in strings)
             and len(set(strings)) == len(strings) and np.isfinite(values[:len(ids)]).all())
    assert report.ok == clean, report
    if not clean:
        with pytest.raises(ValidationError):
            report.raise_if_failed()


@SETTINGS
@given(ids=st.lists(word, unique=True, max_size=6), sizes=st.lists(st.floats(-1e300, 1e300), min_size=6, max_size=6),
       payload=st.binary(min_size=1, max_size=16))
def test_stimulus_packaging_round_trips_or_refuses(ids, sizes, payload):
    with tempfile.TemporaryDirectory() as d:
        d = Path(d)
        paths = {}
        for i, sid in enumerate(ids):
            paths[sid] = d / f'file{i}.bin'
            paths[sid].write_bytes(payload + bytes([i]))
        ss = StimulusSet({'stimulus_id': ids, 'size': sizes[:len(ids)]}, identifier='prop', stimulus_paths=paths)
        collide = len({s.lower() for s in ids}) < len(ids)
        if not ids or collide:
            with pytest.raises(ValidationError, match='empty|name collision'):
                package_stimulus_set_locally(ss, 'prop', d / 'out')
            assert not (d / 'out').exists() or not any((d / 'out').iterdir())
            return
        first = package_stimulus_set_locally(ss, 'prop', d / 'out')
        again = package_stimulus_set_locally(ss, 'prop', d / 'again')
        assert (first['csv_sha1'], first['zip_sha1']) == (again['csv_sha1'], again['zip_sha1'])
        back = load_stimulus_set_from_package(first['csv_path'], first['zip_path'])
        assert back['stimulus_id'].tolist() == ids
        assert back['size'].tolist() == sizes[:len(ids)]
        assert all(back.get_stimulus(s).read_bytes() == paths[s].read_bytes() for s in ids)


@SETTINGS
@given(n_pres=st.integers(0, 5), neuroids=st.lists(st.one_of(word, st.just('dup')), min_size=1, max_size=5),
       nan_at=st.one_of(st.none(), st.integers(0, 24)), seed=st.integers(0, 2**16))
def test_assembly_packaging_round_trips_or_refuses(n_pres, neuroids, nan_at, seed):
    values = np.random.default_rng(seed).normal(size=(n_pres, len(neuroids)))
    if nan_at is not None and values.size: values.flat[nan_at % values.size] = np.nan
    a = NeuroidAssembly(values, dims=['presentation', 'neuroid'],
                        coords={'stimulus_id': ('presentation', [f'é{i}' for i in range(n_pres)]),
                                'neuroid_id': ('neuroid', neuroids)})
    expected_ok = n_pres > 0 and len(set(neuroids)) == len(neuroids) and np.isfinite(values).all()
    assert validate_assembly(a).ok == expected_ok
    with tempfile.TemporaryDirectory() as d:
        if not expected_ok:
            with pytest.raises(ValidationError):
                package_data_assembly_locally(a, 'prop', 'stimuli', 'NeuroidAssembly', d)
            assert list(Path(d).iterdir()) == []
            return
        back = load_assembly_from_package(package_data_assembly_locally(a, 'prop', 'stimuli', 'NeuroidAssembly', d)['path'])
        assert back.drop_attrs().identical(a.drop_attrs())


def test_many_coordinates_round_trip(tmp_path):
    "Hundreds of coordinates on thousands of neuroids survive packaging with their dtypes"
    rng = np.random.default_rng(1)
    n = 3000
    coords = {f'prop_{k:03d}': ('neuroid', rng.normal(size=n) if k % 3 else rng.integers(0, 9, n).astype('int16'))
              for k in range(300)}
    coords.update(neuroid_id=('neuroid', [f'n{i}' for i in range(n)]), stimulus_id=('presentation', ['s0', 's1']),
                  label=('neuroid', np.array([f'ünit {i}' for i in range(n)])))
    a = NeuroidAssembly(rng.normal(size=(2, n)).astype('float32'), dims=['presentation', 'neuroid'], coords=coords)
    pkg = package_data_assembly_locally(a, 'wide', 'stimuli', 'NeuroidAssembly', tmp_path)
    back = load_assembly_from_package(pkg['path'])
    assert back.drop_attrs().identical(a.drop_attrs())
    assert {c: back[c].dtype for c in back.coords} == {c: a[c].dtype for c in a.coords}
    assert back.dtype == np.float32
