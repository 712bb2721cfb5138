"""Brain-Score's catalog: every key resolves to a pinned, sha1-verified S3 object; the whole path (fetch, verify,
reject wrong bytes, merge the stimulus set, cache, private data, no network) is checked against the SeaweedFS test
server holding ../shared/brainio's packages in Brain-Score's layout under a test catalog."""
import json
import re
import time

import numpy as np
import pytest

from brainscore_nb.data import datasets
from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.data.catalog import (CatalogError, catalog_entry, catalog_files, catalog_registry,
                                        load_brainscore_catalog, object_url)
from brainscore_nb.data.fetch import ChecksumError
from brainscore_nb.data.files import sha1_file
from brainscore_nb.data.datasets import dataset_table
from brainscore_nb.data.store import Catalog
from seaweed import PUBLIC_BUCKET

from brainio_catalog import BRAINIO, FOLDER, PACKAGES, closed_endpoint, remove_uploads, upload, use_catalog
from brainio_catalog import assembly_row as catalog_assembly_row
from brainio_catalog import stimulus_row



def publish(endpoint) -> dict:
    "Upload the fixture packages (once per server) to the public bucket and a private one; name -> version id"
    names = [p for v in PACKAGES.values() for p in ([v['path']] if 'path' in v else [v['csv_path'], v['zip_path']])]
    versions = upload(endpoint, *(BRAINIO / n for n in names))
    versions['private'] = upload(endpoint, BRAINIO / PACKAGES['neural']['path'], bucket='private-brainio')[PACKAGES['neural']['path']]
    return versions


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    "Other test modules create the public bucket themselves: leave the server as this module found it"
    yield
    remove_uploads()


def assembly_row(key, package, versions, *, bucket=f'{PUBLIC_BUCKET}/{FOLDER}', sha1=None, version=None, cls='NeuronRecordingAssembly'):
    p = PACKAGES[package]
    return catalog_assembly_row(key, BRAINIO / p['path'], versions, stimulus_set='hvm-public', cls=cls,
                                identifier=p['identifier'], bucket=bucket, sha1=sha1 or p['sha1'], version=version)


@pytest.fixture
def test_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under Brain-Score's names, chosen by the environment"
    v = publish(s3_env.endpoint)
    s = PACKAGES['stimulus_set']
    rows = [stimulus_row('hvm-public', BRAINIO / s['csv_path'], BRAINIO / s['zip_path'], v, identifier=s['identifier']),
            assembly_row('MajajHong2015.public', 'neural', v), assembly_row('MajajHong2015.temporal.public', 'temporal', v),
            assembly_row('fixture.features', 'features', v, cls='NeuroidAssembly'),
            assembly_row('MajajHong2015.badsha', 'neural', v, sha1='0' * 40),
            assembly_row('MajajHong2015.private', 'neural', v, bucket=f'private-brainio/{FOLDER}', version=v['private'])]
    return use_catalog(rows, tmp_path / 'test_catalog.tsv', monkeypatch)


def test_shipped_catalog_every_key_resolves_to_a_pinned_aws_url(monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', '')
    df = load_brainscore_catalog()
    assert len(df) == 321 and not df.duplicated(['kind', 'registry_key']).any()
    url = re.compile(r'https://[a-z0-9.-]+\.s3\.amazonaws\.com/[\w./-]+/(assy|stimulus)_[\w.-]+\.(nc|csv|zip)(\?versionId=\S+)?')
    for e in df.to_dict('records'):
        for name, sha1, version in catalog_files(e).values():
            assert re.fullmatch('[0-9a-f]{40}', sha1) and url.fullmatch(object_url(e['bucket'], name, version)), e
    assert set(catalog_registry('assembly')) == set(df[df.kind == 'assembly'].registry_key)
    assert object_url('brainscore-storage/brainio-brainscore', catalog_files(catalog_entry('MajajHong2015.public'))['nc'][0]) == \
        'https://brainscore-storage.s3.amazonaws.com/brainio-brainscore/assy_dicarlo_MajajHong2015_public.nc'
    entry = datasets._resolve(datasets.data_registry, 'MajajHong2015.public', 'dataset')
    assert entry.func.__name__ == 'load_catalog_assembly' and entry.args == ('MajajHong2015.public',)
    with pytest.raises(KeyError, match="did you mean 'MajajHong2015.public'"): datasets.load_dataset('MajajHong2015.publik')
    with pytest.raises(KeyError, match="did you mean 'hvm-public'"): datasets.load_stimulus_set('hvm-publik')


def test_whole_path_fetch_verify_merge_cache(test_catalog, monkeypatch, private_store):
    "load_dataset by Brain-Score's name: fetched anonymously, verified, stimulus set merged, served from the store afterwards"
    monkeypatch.delenv('AWS_ACCESS_KEY_ID'); monkeypatch.delenv('AWS_SECRET_ACCESS_KEY')  # public data needs none
    a = datasets.load_dataset('MajajHong2015.public')
    assert type(a) is NeuroidAssembly and dict(a.sizes) == {'presentation': 1600, 'neuroid': 40, 'time_bin': 1}
    assert a.stimulus_set.identifier == 'hvm-public' and len(a.stimulus_set) == 160
    assert a.object_name.to_series().value_counts().to_dict() == {f'obj{i}': 200 for i in range(8)}
    assert a.values.sum() == pytest.approx(5382.577593013362, rel=1e-12)
    rows = Catalog().to_frame()
    got = {(r.identifier, r.role): r for r in rows.itertuples()}
    assert got[('MajajHong2015.public', 'nc')].sha1 == PACKAGES['neural']['sha1'] == sha1_file(got[('MajajHong2015.public', 'nc')].location)
    assert got[('hvm-public', 'zip')].sha1 == PACKAGES['stimulus_set']['zip_sha1']
    assert json.loads(got[('MajajHong2015.public', 'nc')].provenance)['source'] == \
        f's3://{PUBLIC_BUCKET}/{FOLDER}/assy_fixture_MajajHong2015_public.nc'
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', closed_endpoint())  # offline now: the store serves it
    again = datasets.load_dataset('MajajHong2015.public')
    np.testing.assert_array_equal(again.values, a.values)
    assert again.attrs['stimulus_set_identifier'] == 'hvm-public'
    s = datasets.load_stimulus_set('hvm-public')
    assert len(s) == 160 and s.get_stimulus(s.stimulus_id[0]).read_bytes()[:4] == b'\x89PNG'


def test_wrong_sha1_is_rejected_and_nothing_stored(test_catalog, private_store):
    with pytest.raises(ChecksumError, match=r'assy_fixture_MajajHong2015_public\.nc.*does not hold the pinned bytes'):
        datasets.load_dataset('MajajHong2015.badsha')
    stored = [p for p in (private_store / 'home' / 'objects').rglob('*') if p.is_file()] if (private_store / 'home' / 'objects').exists() else []
    assert PACKAGES['neural']['sha1'] not in {sha1_file(p) for p in stored}


def test_private_object_says_so(test_catalog, monkeypatch):
    monkeypatch.delenv('AWS_ACCESS_KEY_ID'); monkeypatch.delenv('AWS_SECRET_ACCESS_KEY')
    with pytest.raises(CatalogError, match=r"'MajajHong2015.private' is private data \(http://127.0.0.1:\d+/private-brainio/"
                                           r"brainio-brainscore/assy_fixture_MajajHong2015_public.nc\?versionId="):
        datasets.load_dataset('MajajHong2015.private')
    monkeypatch.setenv('AWS_ACCESS_KEY_ID', 'nobody'); monkeypatch.setenv('AWS_SECRET_ACCESS_KEY', 'wrong')
    with pytest.raises(CatalogError, match='is private data'): datasets.load_dataset('MajajHong2015.private')


def test_unreachable_endpoint_with_the_real_catalog_names_the_url(monkeypatch, private_store):
    "No network: a clear 'cannot reach <URL>', quickly, never a crash, and nothing stored"
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    t0 = time.perf_counter()
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'assy_dicarlo_MajajHong2015_public\.nc'):
        datasets.load_dataset('MajajHong2015.public')
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/stimulus_hvm-public.csv'):
        datasets.load_stimulus_set('hvm-public')
    assert time.perf_counter() - t0 < 30
    assert not (private_store / 'home' / 'objects').exists() or not any(p.is_file() for p in (private_store / 'home' / 'objects').rglob('*'))


def test_dataset_table_marks_local_catalog_private(test_catalog, monkeypatch):
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG')
    table = dataset_table().set_index(['kind', 'identifier'])
    assert table.catalog.sum() == 321 and table.loc[('assembly', 'MajajHong2015.private'), 'private']
    assert not table.loc[('assembly', 'MajajHong2015.public'), 'private'] and not table.loc[('assembly', 'MajajHong2015.public'), 'local']
    assert table.loc[('assembly', 'Kriegeskorte2008.hIT'), 'local'] and not table.loc[('assembly', 'Kriegeskorte2008.hIT'), 'catalog']
    monkeypatch.setenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', str(test_catalog))
    datasets.load_stimulus_set('hvm-public')
    table = dataset_table().set_index(['kind', 'identifier'])
    assert table.loc[('stimulus_set', 'hvm-public'), 'local'] and table.catalog.sum() == 6


def test_majajhong2015_public_benchmarks_from_the_catalog(test_catalog):
    "bn.load_benchmark by Brain-Score's name, built from the catalog entry served by S3, scored with precomputed features"
    import brainscore_nb as bn
    from brainscore_nb.models.interface import PrecomputedFeatures
    features = PrecomputedFeatures(bn.load_dataset('fixture.features'), 'fixture-features', visual_degrees=8)
    expected = {'V4': (0.762741, 0.694218), 'IT': (0.719194, 0.618422)}  # raw, ceiling; Brain-Score's (converged PLS) to 3e-9
    for region, (raw, ceiling) in expected.items():
        benchmark = bn.load_benchmark(f'MajajHong2015public.{region}-pls')
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials) == (
            f'MajajHong2015public.{region}-pls', 4, 8, 50)
        assert benchmark.time_bins == [(70, 170)] and benchmark.assembly.sizes['presentation'] == 160
        assert set(benchmark.assembly.region.values) == {region} and benchmark.assembly.sizes['neuroid'] == 20
        score = benchmark(features)
        assert score.attrs['raw'].center == pytest.approx(raw, abs=1e-5)
        assert score.attrs['ceiling'].center == pytest.approx(ceiling, abs=1e-5)
        assert score.center == pytest.approx(raw ** 2 / ceiling, abs=1e-4) and 0 < score.attrs['error'] < 0.05
        assert score.attrs['benchmark'] == f'MajajHong2015public.{region}-pls' and score.attrs['model'] == 'fixture-features'


def test_majajhong2015_public_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/assy_dicarlo_MajajHong2015_public.nc'):
        bn.load_benchmark('MajajHong2015public.IT-pls').ceiling  # built, its data read, when first used


def test_dataset_lines_for_the_cli():
    from brainscore_nb.data.datasets import dataset_lines
    lines = dataset_lines()
    assert 'MajajHong2015.private\tcatalog,private' in lines and 'MajajHong2015.public\tcatalog' in lines
    assert 'Kriegeskorte2008.hIT\tlocal' in lines and len(lines) == len(set(lines))
    assert 'hvm-public\tcatalog' in dataset_lines('stimulus_set')
    with pytest.raises(ValueError, match="kind must be 'assembly' or 'stimulus_set'"): dataset_lines('datasets')
