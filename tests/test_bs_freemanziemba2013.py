"""Brain-Score's `FreemanZiemba2013public.{V1,V2}-pls` (and the private `FreemanZiemba2013.{V1,V2}-pls`) by their
names, built from the catalog entries `FreemanZiemba2013.public` / `FreemanZiemba2013.aperture-public` served by
the SeaweedFS test server from the fixture in tests/brainio/freemanziemba2013 (written by Brain-Score's packaging
code: tests/brainio/make_freemanziemba2013.py), scored with the fixture's precomputed features.

The pinned numbers were measured here; Brain-Score 2.4.2 itself on the same files
(tests/brainio/brainscore_freemanziemba2013.py) gives the same ceilings (to 1e-15) and raw scores within 7e-5
(V1 0.943046, V2 0.847988: its NIPALS PLS stops at tol 1e-6; run to convergence it gives ours to 2e-9); both sides'
numbers for the public and private ids are in tests/brainio/crosschecks/freemanziemba2013.json."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedFeatures

from brainio_catalog import FOLDER, assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

HERE = Path(__file__).resolve().parent / 'brainio' / 'freemanziemba2013'
PACKAGES = json.loads((HERE / 'packages.json').read_text())
EXPECTED = {'V1': (0.943114, 0.959442), 'V2': (0.847939, 0.978941)}  # raw, ceiling: measured on the fixture
RECORDS = {k: r for k, r in json.loads((HERE.parent / 'crosschecks' / 'freemanziemba2013.json').read_text()).items()
           if r['test'] == 'tests/test_bs_freemanziemba2013.py'}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    "The fixture served under Brain-Score's keys: public entries in the public bucket, the private one in a private bucket"
    s, a, f = PACKAGES['stimulus_set'], PACKAGES['neural'], PACKAGES['features']
    v = upload(s3_env.endpoint, HERE / s['csv_path'], HERE / s['zip_path'], HERE / a['path'], HERE / f['path'])
    private = upload(s3_env.endpoint, HERE / a['path'], bucket='private-brainio')[a['path']]
    key = 'FreemanZiemba2013.aperture-public'
    rows = [stimulus_row(key, HERE / s['csv_path'], HERE / s['zip_path'], v, identifier=s['identifier']),
            assembly_row('FreemanZiemba2013.public', HERE / a['path'], v, stimulus_set=key, identifier=a['identifier']),
            assembly_row('fixture.FreemanZiemba2013.features', HERE / f['path'], v, stimulus_set=key, cls='NeuroidAssembly',
                         identifier=f['identifier']),
            assembly_row('FreemanZiemba2013.private', HERE / a['path'], v, stimulus_set=key, identifier=a['identifier'],
                         bucket=f'private-brainio/{FOLDER}', version=private)]
    return use_catalog(rows, tmp_path / 'test_catalog.tsv', monkeypatch)


def features():
    return PrecomputedFeatures(bn.load_dataset('fixture.FreemanZiemba2013.features'), 'fixture-features', visual_degrees=4)


def test_every_recorded_benchmark_matches_brainscore(catalog, monkeypatch, private_store):
    """bn.load_benchmark by Brain-Score's name, built from the catalog entry served by S3, scored with precomputed
    features, against Brain-Score 2.4.2's numbers on the same files (tests/brainio/crosschecks/freemanziemba2013.json)"""
    model = features()
    for name, record in RECORDS.items():
        public, region = 'public' in name, name.split('.')[1].split('-')[0]
        with monkeypatch.context() as m:
            if public: m.delenv('AWS_ACCESS_KEY_ID'); m.delenv('AWS_SECRET_ACCESS_KEY')  # public data need none
            benchmark = bn.load_benchmark(name)
            score = benchmark(model)
        theirs, ours = record['brainscore'], record['ours']
        assert (benchmark.identifier, benchmark.version, benchmark.parent) == (name, theirs['version'], theirs['parent'])
        assert (benchmark.visual_degrees, benchmark.number_of_trials, benchmark.region) == (4, 20, region)
        assert benchmark.time_bins == [(50, 200)] and 'freeman2013functional' in benchmark.bibtex
        target = benchmark.assembly
        assert dict(target.sizes) == {'presentation': 40, 'neuroid': 8} and set(target.region.values) == {region}
        assert list(target.stimulus_id.values) == sorted(target.stimulus_id.values)  # Brain-Score's order: its splits
        assert target.texture_type.to_series().value_counts().to_dict() == {'noise': 20, 'texture': 20}
        raw, ceiling = score.attrs['raw'].center, score.attrs['ceiling'].center
        assert ceiling == pytest.approx(theirs['ceiling'], abs=1e-9)
        assert raw == pytest.approx(theirs['raw_converged'], abs=1e-8)  # its PLS run to convergence
        assert raw == pytest.approx(theirs['raw'], abs=1e-4)  # its default NIPALS stops at tol 1e-6
        assert score.center == pytest.approx(theirs['score_converged'], abs=1e-8)
        assert (raw, ceiling, score.center) == pytest.approx((ours['raw'], ours['ceiling'], ours['score']), abs=1e-9)
        assert 0 < score.attrs['error'] < 0.05
        assert score.attrs['benchmark'] == name and score.attrs['model'] == 'fixture-features'
        if public: assert target.stimulus_set.identifier == 'FreemanZiemba2013.aperture-public'


def test_the_window_is_the_mean_of_the_1ms_bins_50_to_200(catalog):
    from brainscore_nb.benchmarks.freemanziemba2013 import load_assembly
    raw = bn.load_dataset('FreemanZiemba2013.public')
    assert dict(raw.sizes) == {'neuroid': 16, 'time_bin': 300, 'presentation': 160}
    v2 = load_assembly('V2', average_repetitions=False)
    assert v2.dims == ('presentation', 'neuroid') and v2.sizes['presentation'] == 160 and 'time_bin' not in v2.dims
    spikes = raw.sel(region='V2').transpose('presentation', 'neuroid', 'time_bin').values
    np.testing.assert_allclose(v2.values, spikes[:, :, 50:200].mean(-1))
    assert v2.values.sum() * 150 == pytest.approx(17702, abs=1e-6)  # V2 spikes in 50-200 ms, measured on the fixture
    avg = load_assembly('V2', average_repetitions=True)
    assert avg.sizes['presentation'] == 40 and list(avg.stimulus_id.values) == sorted(set(v2.stimulus_id.values))


def test_private_variants_need_only_their_key(catalog, monkeypatch):
    "FreemanZiemba2013.{V1,V2}-pls: without credentials the error says the data are private; with them they load"
    with monkeypatch.context() as m:
        m.delenv('AWS_ACCESS_KEY_ID'); m.delenv('AWS_SECRET_ACCESS_KEY')
        with pytest.raises(CatalogError, match=r"'FreemanZiemba2013.private' is private data"):
            bn.load_benchmark('FreemanZiemba2013.V2-pls').ceiling  # built, its data read, when first used
    benchmark = bn.load_benchmark('FreemanZiemba2013.V1-pls')
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees, benchmark.number_of_trials) == (
        'FreemanZiemba2013.V1-pls', 3, 'V1', 4, 20)
    assert benchmark.ceiling.center == pytest.approx(EXPECTED['V1'][1], abs=1e-6)  # the same fixture as the public entry


def test_bad_choices_are_named_before_loading(monkeypatch):
    from brainscore_nb.benchmarks.freemanziemba2013 import freemanziemba2013
    never = lambda name: pytest.fail('no data should be loaded')
    with pytest.raises(ValueError, match="unknown FreemanZiemba2013 region 'v2'; did you mean 'V2'"): freemanziemba2013('v2', load=never)
    with pytest.raises(ValueError, match="unknown FreemanZiemba2013 access 'publik'; did you mean 'public'"):
        freemanziemba2013('V1', 'publik', load=never)
    with pytest.raises(KeyError, match="did you mean 'FreemanZiemba2013public.V1-pls'"): bn.load_benchmark('FreemanZiemba2013public.V1-pl')



def test_real_catalog_and_no_network_names_the_url(monkeypatch, private_store):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'assy_movshon_FreemanZiemba2013_public\.nc'):
        bn.load_benchmark('FreemanZiemba2013public.V2-pls').ceiling  # built, its data read, when first used
