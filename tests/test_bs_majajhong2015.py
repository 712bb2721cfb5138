"""Brain-Score's MajajHong2015 benchmarks by their names (plugins majajhong2015 and muzellec2026): built from the catalog
entries `MajajHong2015.public`, `MajajHong2015.temporal.public` and `MajajHong2015.private` served by the SeaweedFS test
server (synthetic packages written by Brain-Score's own code: tests/brainio/make_majajhong2015.py), scored with the
fixture's precomputed features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/majajhong2015_brainscore_side.py; its numbers are in tests/brainio/crosschecks/{majajhong2015,muzellec2026}.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import FOLDER, assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'majajhong2015'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECKS = Path(__file__).parent / 'brainio' / 'crosschecks'
BRAINSCORE = {k: v['brainscore'] for name in ('majajhong2015', 'muzellec2026')
              for k, v in json.loads((CROSSCHECKS / f'{name}.json').read_text()).items()}
# ours, measured on the fixture (raw and ceiling also equal Brain-Score's, checked below)
OURS = {'MajajHong2015public.V4-pls': 0.901272687, 'MajajHong2015public.IT-pls': 0.81552683,
        'MajajHong2015public.V4-temporal-pls': 0.654771766, 'MajajHong2015public.IT-temporal-pls': 0.598946752,
        'MajajHong2015public.V4-reverse_pls': 0.549469084, 'MajajHong2015public.IT-reverse_pls': 0.563224911,
        'MajajHong2015.V4-pls': 0.901272687, 'MajajHong2015.IT-pls': 0.81552683}  # private ids: the same fixture


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def majaj_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys (the private one in a private bucket)"
    files = sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc'))
    versions = upload(s3_env.endpoint, *files)
    private = upload(s3_env.endpoint, FIXTURES / PACKAGES['public']['path'], bucket='private-brainio')
    s, a, t = PACKAGES['stimulus_set'], PACKAGES['public'], PACKAGES['temporal']
    rows = [stimulus_row('hvm-public', FIXTURES / s['csv_path'], FIXTURES / s['zip_path'], versions, identifier=s['identifier']),
            stimulus_row('hvm-private', FIXTURES / s['csv_path'], FIXTURES / s['zip_path'], versions, identifier=s['identifier']),
            assembly_row('MajajHong2015.public', FIXTURES / a['path'], versions, stimulus_set='hvm-public', identifier=a['identifier']),
            assembly_row('MajajHong2015.temporal.public', FIXTURES / t['path'], versions, stimulus_set='hvm-public',
                         identifier=t['identifier']),
            assembly_row('MajajHong2015.private', FIXTURES / a['path'], private, stimulus_set='hvm-private',
                         identifier=a['identifier'], bucket=f'private-brainio/{FOLDER}')]
    return use_catalog(rows, tmp_path / 'majaj_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=8)


def _check(identifier, score):
    "ceiling equal to Brain-Score's; raw equal to its converged PLS and near its default one; ours pinned"
    bs = BRAINSCORE[identifier]
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=2e-7)
    assert score.attrs['raw'].center == pytest.approx(bs['raw_converged'], abs=1e-7)
    assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=2e-3)
    assert score.center == pytest.approx(bs['score_converged'], abs=1e-6)
    assert score.center == pytest.approx(OURS[identifier], abs=1e-6)
    assert score.attrs['benchmark'] == identifier and score.attrs['model'] == 'fixture-features'
    assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']


@pytest.mark.parametrize('region', ['V4', 'IT'])
def test_majajhong2015_public_pls_and_reverse_pls(majaj_catalog, features, region):
    "MajajHong2015public.<region>-pls and -reverse_pls by Brain-Score's names from the catalog served by S3"
    import brainscore_nb as bn
    for suffix in ('pls', 'reverse_pls'):
        identifier = f'MajajHong2015public.{region}-{suffix}'
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.parent, benchmark.time_bins) == (identifier, 4, 8, 50, region, region, [(70, 170)])
        assert dict(benchmark.assembly.sizes) == {'presentation': 48, 'neuroid': 26}
        assert ('Muzellec' in benchmark.bibtex) == (suffix == 'reverse_pls')
        _check(identifier, benchmark(features))
    ceiling = benchmark.ceiling  # predictor_consistency: its error is Brain-Score's too
    assert ceiling.attrs['error'] == pytest.approx(BRAINSCORE[identifier]['ceiling_error'], abs=1e-9)
    assert ceiling.attrs['raw'].sizes == {'split': 10, 'neuroid': 26}


@pytest.mark.parametrize('region', ['V4', 'IT'])
def test_majajhong2015_temporal_pls(majaj_catalog, features, region):
    "29 bins of 10 ms rebinned from the 39 recorded 20 ms bins; per bin Brain-Score's ceilings, raw scores and scores"
    import brainscore_nb as bn
    identifier = f'MajajHong2015public.{region}-temporal-pls'
    benchmark = bn.load_benchmark(identifier)
    bs = BRAINSCORE[identifier]
    assert benchmark.time_bins == [(s, e) for s, e in zip(*bs['time_bins'])] == [(t, t + 10) for t in range(0, 290, 10)]
    assert dict(benchmark.assembly.sizes) == {'presentation': 48, 'neuroid': 6, 'time_bin': 29}
    assert (benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials, benchmark.parent) == (4, 8, 50, region)
    score = benchmark(features)
    ceilings = score.attrs['ceiling'].attrs['time_bin_values'].values
    raws = score.attrs['raw'].attrs['time_bin_values'].values
    np.testing.assert_allclose(ceilings, bs['ceiling_per_bin'], atol=2e-7)
    np.testing.assert_allclose(raws, bs['raw_per_bin_converged'], atol=1e-7)
    np.testing.assert_allclose(raws, bs['raw_per_bin'], atol=2e-3)
    per_bin = np.asarray(score.attrs['time_bin_scores'])
    reliable = np.abs(ceilings) > 0.1  # elsewhere r^2 / ceiling divides by a ceiling near 0 (Brain-Score's too)
    assert reliable.sum() >= 18
    np.testing.assert_allclose(per_bin[reliable], np.asarray(bs['score_per_bin_converged'])[reliable], atol=1e-5)
    np.testing.assert_allclose(per_bin, np.asarray(raws) ** 2 / ceilings)
    _check(identifier, score)


def test_majajhong2015_private_needs_credentials(majaj_catalog, features, monkeypatch):
    "MajajHong2015.<region>-pls: without credentials the catalog says the data are private; with them it scores"
    import brainscore_nb as bn
    for region in ('V4', 'IT'):
        identifier = f'MajajHong2015.{region}-pls'
        benchmark = bn.load_benchmark(identifier)  # the test server's credentials are in the environment
        assert (benchmark.identifier, benchmark.version, benchmark.region) == (identifier, 4, region)
        assert (benchmark.version, benchmark.parent) == (BRAINSCORE[identifier]['version'], BRAINSCORE[identifier]['parent'])
        score = benchmark(features)  # the fixture's bytes under the private keys: the public benchmark's numbers
        _check(identifier, score)
        assert score.center == pytest.approx(OURS[f'MajajHong2015public.{region}-pls'], abs=1e-7)
    monkeypatch.delenv('AWS_ACCESS_KEY_ID'); monkeypatch.delenv('AWS_SECRET_ACCESS_KEY')
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(Path(majaj_catalog).parent / 'empty-home'))  # nothing stored yet
    with pytest.raises(CatalogError, match=r"'MajajHong2015.private' is private data \(.*private-brainio/.*\): "
                                           r"reading it needs credentials"):
        bn.load_benchmark('MajajHong2015.IT-pls').ceiling  # built, its data read, when first used


@pytest.mark.parametrize('identifier, file', [('MajajHong2015public.IT-temporal-pls', 'assy_dicarlo_MajajHong2015_temporal_public.nc'),
                                              ('MajajHong2015public.V4-reverse_pls', 'assy_dicarlo_MajajHong2015_public.nc'),
                                              ('MajajHong2015.IT-pls', 'assy_dicarlo_MajajHong2015_private.nc')])
def test_majajhong2015_with_the_real_catalog_and_no_network(monkeypatch, identifier, file):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/{file}'):
        bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
