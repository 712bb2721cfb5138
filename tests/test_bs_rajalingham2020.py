"""Brain-Score's `Rajalingham2020.IT-pls` by its name: built from the catalog entries `Rajalingham2020` served by the
SeaweedFS test server (synthetic packages written by Brain-Score's own code: tests/brainio/make_rajalingham2020.py),
scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's own benchmark on the same files
(tests/brainio/rajalingham2020_brainscore_side.py; numbers in tests/brainio/crosschecks/rajalingham2020.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'rajalingham2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'rajalingham2020.json').read_text())
IDENTIFIER = 'Rajalingham2020.IT-pls'


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def raja_catalog(s3_env, tmp_path, monkeypatch):
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    s, a = PACKAGES['stimulus_set'], PACKAGES['assembly']
    rows = [stimulus_row('Rajalingham2020', FIXTURES / s['csv_path'], FIXTURES / s['zip_path'], versions,
                         identifier=s['identifier']),
            assembly_row('Rajalingham2020', FIXTURES / a['path'], versions, stimulus_set='Rajalingham2020',
                         identifier=a['identifier'])]
    return use_catalog(rows, tmp_path / 'raja_catalog.tsv', monkeypatch)


def test_rajalingham2020_from_the_catalog(raja_catalog):
    "Brain-Score's facts, ceiling and (converged) raw score"
    import brainscore_nb as bn
    from brainscore_nb.models.interface import PrecomputedFeatures
    benchmark = bn.load_benchmark(IDENTIFIER)
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.region, benchmark.visual_degrees,
            benchmark.number_of_trials, benchmark.time_bins) == (IDENTIFIER, 2, 'IT', 'IT', 8, 33, [(70, 170)])
    assert dict(benchmark.assembly.sizes) == {'presentation': 40, 'neuroid': 6}
    assert benchmark.metric.keywords == {'stratification_coord': None}
    features = PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                                   'fixture-features', visual_degrees=8)
    score = benchmark(features)
    bs, ours = CROSSCHECK[IDENTIFIER]['brainscore'], CROSSCHECK[IDENTIFIER]['ours']
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=2e-7)
    assert score.attrs['raw'].center == pytest.approx(bs['raw_converged'], abs=2e-7)
    assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=2e-3)
    assert score.center == pytest.approx(ours['score'], abs=1e-6)
    assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']


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


def test_rajalingham2020_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_dicarlo_Rajalingham2020\.nc|stimulus_Rajalingham2020\.csv)'):
        bn.load_benchmark(IDENTIFIER).ceiling  # built, its data read, when first used
