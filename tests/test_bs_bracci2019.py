"""Brain-Score's `Bracci2019.anteriorVTC-rdm` by its name: built from the catalog entries `Bracci2019` (assembly and
stimulus set) served by the SeaweedFS test server (synthetic packages written by Brain-Score's own code:
tests/brainio/make_bracci2019.py), scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's
own benchmark on the same files (tests/brainio/bracci2019_brainscore_side.py; numbers in
tests/brainio/crosschecks/bracci2019.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'bracci2019'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'bracci2019.json').read_text())
IDENTIFIER = 'Bracci2019.anteriorVTC-rdm'


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def bracci_catalog(s3_env, tmp_path, monkeypatch):
    "The assembly (no stimulus set attached, as in Brain-Score's catalog) and the stimulus set under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    s, a = PACKAGES['stimulus_set'], PACKAGES['assembly']
    rows = [stimulus_row('Bracci2019', FIXTURES / s['csv_path'], FIXTURES / s['zip_path'], versions, identifier=s['identifier']),
            assembly_row('Bracci2019', FIXTURES / a['path'], versions, stimulus_set='', cls='NeuroidAssembly',
                         identifier=a['identifier'])]
    return use_catalog(rows, tmp_path / 'bracci_catalog.tsv', monkeypatch)


def test_bracci2019_from_the_catalog(bracci_catalog):
    "Brain-Score's facts; its leave-one-subject-out ceiling, raw RDM similarity and score, to rounding"
    import brainscore_nb as bn
    from brainscore_nb.models.interface import PrecomputedFeatures
    benchmark = bn.load_benchmark(IDENTIFIER)
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.region, benchmark.visual_degrees,
            benchmark.number_of_trials, benchmark.time_bins) == (IDENTIFIER, 1, 'Bracci2019', 'IT', 8, 1, [(70, 170)])
    assert dict(benchmark.human.sizes) == {'presentation': 27, 'neuroid': 6}  # anterior VTC's 6 voxels, averaged
    assert dict(benchmark.centred.sizes) == {'presentation': 27, 'neuroid': 72}  # 12 subjects x 6
    assert benchmark.centred.attrs['neuroid_id_from_position'] == 1  # the package names no neuroid_id
    np.testing.assert_allclose(benchmark.centred.mean('presentation').values, 0, atol=1e-12)
    features = PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                                   'fixture-features', visual_degrees=8)
    score = benchmark(features)
    bs, ours = CROSSCHECK[IDENTIFIER]['brainscore'], CROSSCHECK[IDENTIFIER]['ours']
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=1e-12)
    assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=1e-12)
    assert score.center == pytest.approx(bs['score'], abs=1e-12) == pytest.approx(ours['score'], abs=1e-12)
    assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
    assert len(score.attrs['ceiling'].attrs['subject_values']) == 12


def test_bracci2019_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_Bracci2019\.(nc|csv)'):
        bn.load_benchmark(IDENTIFIER).ceiling  # built, its data read, when first used
