"""S3 publishing against a real S3-compatible server (SeaweedFS on loopback): round trips, pinned versions,
public and private access, and faults that must give a clear error and leave the local store clean."""
import itertools
import os
import signal
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data import datasets
from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.data.fetch import ChecksumError
from brainscore_nb.data.files import sha1_file
from brainscore_nb.data.publish import load_assembly_from_s3, load_stimulus_set_from_s3, upload_assembly, upload_stimulus_set
from brainscore_nb.data.s3 import S3CredentialsError, S3Error, s3_client, upload_file
from brainscore_nb.data.store import Catalog
from seaweed import PUBLIC_BUCKET, SeaweedServer

_names = itertools.count()


def new_bucket(versioned=True, name=None):
    "A fresh bucket on the test server (versioned unless asked otherwise)"
    client = s3_client()
    name = name or f'test-{os.getpid()}-{next(_names)}'
    client.create_bucket(Bucket=name)
    if versioned: client.put_bucket_versioning(Bucket=name, VersioningConfiguration={'Status': 'Enabled'})
    return name


def stored_files(home) -> list:
    "Every file in the store's objects folder (a clean store after a failure has none)"
    return sorted(p for p in (Path(home) / 'objects').rglob('*') if p.is_file())


def small_assembly(seed=0, n=(30, 20)):
    rng = np.random.default_rng(seed)
    return NeuroidAssembly(rng.normal(size=n), dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i}' for i in range(n[0])]), 'neuroid_id': ('neuroid', [f'n{i}' for i in range(n[1])])})


@pytest.fixture
def fresh_home(tmp_path, monkeypatch):
    "Switch to an empty store (as on another machine); returns its root"
    def switch(name):
        home = tmp_path / name
        monkeypatch.setenv('BRAINSCORE_NB_HOME', str(home))
        return home
    return switch


def test_round_trip_recipe_package_s3_fresh_store(s3_env, fresh_home, monkeypatch):
    "Local package -> S3 -> fresh store -> load: identical data and sha1s, through the pasted registration snippets"
    fresh_home('publisher')
    stimuli = datasets.load_stimulus_set('Kriegeskorte2008')
    hit = datasets.load_dataset('Kriegeskorte2008.hIT')
    bucket = new_bucket()
    s = upload_stimulus_set(stimuli, 'S3Test.Kriegeskorte2008', bucket)
    a = upload_assembly(hit, 'S3Test.Kriegeskorte2008.hIT', 'S3Test.Kriegeskorte2008', 'DataAssembly', bucket)
    assert s['csv_version_id'] and s['zip_version_id'] and a['version_id']
    head = s3_client().head_object(Bucket=bucket, Key=a['key'], VersionId=a['version_id'])
    assert head['Metadata']['sha1'] == a['sha1'] and a['key'] == 'assy_S3Test_Kriegeskorte2008_hIT.nc'

    home = fresh_home('consumer')
    monkeypatch.setattr(datasets, 'stimulus_set_registry', dict(datasets.stimulus_set_registry))
    monkeypatch.setattr(datasets, 'data_registry', dict(datasets.data_registry))
    exec(s['snippet'], {})  # what a user pastes into a plugin's __init__.py
    exec(a['snippet'], {})
    back = datasets.load_dataset('S3Test.Kriegeskorte2008.hIT')
    assert type(back).__name__ == 'DataAssembly'
    np.testing.assert_array_equal(back.values, hit.values)
    assert back.drop_attrs().drop_vars(list(stimuli.columns.drop('stimulus_id'))).identical(
        hit.drop_attrs().drop_vars(list(stimuli.columns.drop('stimulus_id'))))
    assert back.stimulus_set.identifier == 'S3Test.Kriegeskorte2008'
    assert back.stimulus_set.drop(columns=[]).equals(stimuli) and all(
        back.stimulus_set.get_stimulus(i).read_bytes() == stimuli.get_stimulus(i).read_bytes() for i in stimuli['stimulus_id'])
    rows = {(r['kind'], r['role']): r for r in Catalog(home).to_frame().to_dict('records')}
    assert rows[('assembly', 'nc')]['sha1'] == a['sha1'] == sha1_file(rows[('assembly', 'nc')]['location'])
    assert rows[('stimulus_set', 'zip')]['sha1'] == s['zip_sha1'] and rows[('assembly', 'nc')]['version'] == a['version_id']
    assert 's3://' in rows[('assembly', 'nc')]['provenance']


def test_reupload_makes_a_new_version_and_the_old_one_still_loads(s3_env, fresh_home):
    bucket = new_bucket()
    fresh_home('publisher')
    one = upload_assembly(small_assembly(0), 'S3Test.versions', 'stimuli', 'NeuroidAssembly', bucket)
    two = upload_assembly(small_assembly(1), 'S3Test.versions', 'stimuli', 'NeuroidAssembly', bucket, overwrite=True)
    assert one['version_id'] != two['version_id'] and one['sha1'] != two['sha1']
    versions = s3_client().list_object_versions(Bucket=bucket, Prefix=one['key'])['Versions']
    assert {v['VersionId'] for v in versions} == {one['version_id'], two['version_id']}
    fresh_home('consumer')
    old = load_assembly_from_s3('S3Test.versions', bucket, one['sha1'], one['version_id'], NeuroidAssembly)
    new = load_assembly_from_s3('S3Test.versions', bucket, two['sha1'], two['version_id'], NeuroidAssembly)
    np.testing.assert_array_equal(old.values, small_assembly(0).values)
    np.testing.assert_array_equal(new.values, small_assembly(1).values)
    # the latest version is not the old pin: loading the old sha1 without its version id is refused
    with pytest.raises(ChecksumError):
        load_assembly_from_s3('S3Test.versions', bucket, '0' * 40, None, NeuroidAssembly)


def test_multipart_upload_round_trip(s3_env, fresh_home):
    fresh_home('publisher')
    bucket = new_bucket()
    big = small_assembly(2, (1500, 1000))  # 12 MB of float64: 3 parts of 5 MiB
    sent = []
    pkg_up = upload_assembly(big, 'S3Test.big', 'stimuli', 'NeuroidAssembly', bucket, multipart_threshold=5 << 20)
    assert s3_client().head_object(Bucket=bucket, Key=pkg_up['key'])['ETag'].strip('"').endswith('-3')  # made of 3 parts
    home = fresh_home('consumer')
    back = load_assembly_from_s3('S3Test.big', bucket, pkg_up['sha1'], pkg_up['version_id'], progress=sent.append)
    np.testing.assert_array_equal(back.values, big.values)
    assert len(sent) >= 2 and [sha1_file(p) for p in stored_files(home)] == [pkg_up['sha1']]


def test_interrupted_multipart_upload_leaves_no_object(s3_env, tmp_path):
    bucket = new_bucket()
    path = tmp_path / 'big.bin'
    path.write_bytes(np.random.default_rng(0).bytes(12 << 20))

    def interrupt(sent):
        raise KeyboardInterrupt('the user pressed ^C')
    with pytest.raises(KeyboardInterrupt):
        upload_file(path, bucket, 'big.bin', sha1_file(path), multipart_threshold=5 << 20, progress=interrupt)
    client = s3_client()
    assert client.list_objects_v2(Bucket=bucket).get('KeyCount', 0) == 0
    assert not client.list_multipart_uploads(Bucket=bucket).get('Uploads')


def test_public_data_loads_anonymously_and_private_data_needs_credentials(s3_env, fresh_home, monkeypatch):
    fresh_home('publisher')
    public = new_bucket(name=f'{PUBLIC_BUCKET}')
    private = new_bucket()
    pub = upload_assembly(small_assembly(3), 'S3Test.public', 'stimuli', 'NeuroidAssembly', public)
    priv = upload_assembly(small_assembly(4), 'S3Test.private', 'stimuli', 'NeuroidAssembly', private)
    home = fresh_home('consumer')
    monkeypatch.delenv('AWS_ACCESS_KEY_ID')
    monkeypatch.delenv('AWS_SECRET_ACCESS_KEY')
    back = load_assembly_from_s3('S3Test.public', public, pub['sha1'], pub['version_id'], access='public')
    np.testing.assert_array_equal(back.values, small_assembly(3).values)
    with pytest.raises(S3CredentialsError, match='no AWS credentials found for private data: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'):
        load_assembly_from_s3('S3Test.private', private, priv['sha1'], priv['version_id'])  # auto: anonymous refused, then signed
    with pytest.raises(S3Error, match=r'access denied: private data needs credentials .*\(AccessDenied\)'):
        load_assembly_from_s3('S3Test.private', private, priv['sha1'], priv['version_id'], access='public')
    monkeypatch.setenv('AWS_ACCESS_KEY_ID', 'someone')
    with pytest.raises(S3CredentialsError, match='AWS_SECRET_ACCESS_KEY is missing'):
        load_assembly_from_s3('S3Test.private', private, priv['sha1'], priv['version_id'], access='private')
    assert [sha1_file(p) for p in stored_files(home)] == [pub['sha1']]


@pytest.fixture
def published(s3_env, fresh_home):
    "One assembly uploaded to a fresh versioned bucket; then an empty store"
    fresh_home('publisher')
    bucket = new_bucket()
    up = upload_assembly(small_assembly(5), 'S3Test.faults', 'stimuli', 'NeuroidAssembly', bucket)
    return dict(up, home=fresh_home('consumer'))


def assert_clean(home, identifier='S3Test.faults'):
    assert stored_files(home) == []
    assert Catalog(home).find(identifier, 'assembly') == []
    assert not [p for p in (Path(home) / 'tmp').rglob('*') if p.is_file()]


def test_wrong_version_id(published):
    with pytest.raises(S3Error, match=r'version 0123456789abcdef.*no such version: the version id is wrong'):
        load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], '0123456789abcdef')
    assert_clean(published['home'])


def test_deleted_object(published):
    client = s3_client()
    client.delete_object(Bucket=published['bucket'], Key=published['key'], VersionId=published['version_id'])
    with pytest.raises(S3Error, match='no such version|no such object'):
        load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'])
    with pytest.raises(S3Error, match=r'no such object: it was deleted or never uploaded \(NoSuchKey\)'):
        load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], None)
    assert_clean(published['home'])


def test_object_replaced_with_other_bytes(published, s3_env):
    "An unpinned load (no version id) of an object whose bytes were replaced is refused by the sha1 check"
    s3_client().put_object(Bucket=published['bucket'], Key=published['key'], Body=b'other bytes, same name')
    with pytest.raises(ChecksumError, match='does not hold the pinned bytes.*was replaced or corrupted'):
        load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], None)
    assert_clean(published['home'])
    # pinned by version, the original bytes still load
    back = load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'])
    np.testing.assert_array_equal(back.values, small_assembly(5).values)


@pytest.mark.parametrize('variable, value, names', [('AWS_SECRET_ACCESS_KEY', 'wrong-secret', 'AWS_SECRET_ACCESS_KEY'),
                                                    ('AWS_ACCESS_KEY_ID', 'unknown-key', 'AWS_ACCESS_KEY_ID')])
def test_wrong_credentials(published, monkeypatch, variable, value, names):
    monkeypatch.setenv(variable, value)
    with pytest.raises(S3CredentialsError, match=f'credentials rejected: .*\\({names}\\)'):
        load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'], access='private')
    with pytest.raises(S3CredentialsError, match='credentials rejected'):
        upload_assembly(small_assembly(6), 'S3Test.faults2', 'stimuli', 'NeuroidAssembly', published['bucket'])
    assert_clean(published['home'])


def test_server_stopped_mid_download(tmp_path, fresh_home, monkeypatch, s3_env):
    "A server of its own, stopped after the first MiB of a 12 MB download: retried, then a clear error, store clean"
    server = SeaweedServer(tmp_path / 'server').start()
    try:
        monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', server.endpoint)
        fresh_home('publisher')
        bucket = new_bucket()
        up = upload_assembly(small_assembly(7, (1500, 1000)), 'S3Test.stop', 'stimuli', 'NeuroidAssembly', bucket)
        home = fresh_home('consumer')
        received = []

        def stop_server(n):
            received.append(n)
            if len(received) == 1: server.stop(signal.SIGKILL)
        with pytest.raises(S3Error, match=f'assy_S3Test_stop.nc version .* at {server.endpoint}: download failed after 3 attempts'):
            load_assembly_from_s3('S3Test.stop', bucket, up['sha1'], up['version_id'], progress=stop_server)
        assert received[0] < 12 << 20  # it really stopped mid-download
        assert_clean(home, 'S3Test.stop')
    finally:
        server.stop()


def test_corrupt_stored_download_is_fetched_again(published):
    first = load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'])
    [stored] = stored_files(published['home'])
    stored.write_bytes(stored.read_bytes()[:100])  # truncated in the store
    again = load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'])
    assert again.drop_attrs().identical(first.drop_attrs()) and sha1_file(stored) == published['sha1']


def test_interrupted_download_is_retried(published):
    "A connection that drops after the first chunk is retried from the start, and the load succeeds"
    drops = []

    def drop_once(received):
        if not drops:
            drops.append(received)
            raise ConnectionResetError('connection reset by peer')
    back = load_assembly_from_s3('S3Test.faults', published['bucket'], published['sha1'], published['version_id'], progress=drop_once)
    np.testing.assert_array_equal(back.values, small_assembly(5).values)
    assert len(drops) == 1 and [sha1_file(p) for p in stored_files(published['home'])] == [published['sha1']]


def test_two_processes_download_the_same_object_at_once(published, tmp_path):
    import subprocess, sys, time
    go = tmp_path / 'go'
    code = ('import hashlib, os, sys, time; from pathlib import Path; from brainscore_nb.data.publish import load_assembly_from_s3\n'
            'Path(sys.argv[1] + f".ready.{os.getpid()}").touch()\nwhile not Path(sys.argv[1]).exists(): time.sleep(0.001)\n'
            'a = load_assembly_from_s3("S3Test.faults", *sys.argv[2:5])\nprint(hashlib.sha1(a.values.tobytes()).hexdigest())')
    args = [sys.executable, '-c', code, str(go), published['bucket'], published['sha1'], published['version_id']]
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    while len(list(tmp_path.glob('go.ready.*'))) < 2 and all(p.poll() is None for p in procs): time.sleep(0.01)
    go.touch()
    outs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [o[1][-2000:] for o in outs]
    assert outs[0][0] == outs[1][0]
    assert [sha1_file(p) for p in stored_files(published['home'])] == [published['sha1']]
    assert len(Catalog(published['home']).find('S3Test.faults', 'assembly')) == 1


def test_brainscore_package_calls_take_bucket_name(s3_env, fresh_home, tmp_path):
    "Brain-Score's package_stimulus_set / package_data_assembly (catalog name, bucket_name) upload; their keys pin the load (issue 25)"
    from PIL import Image
    from brainscore_nb.data.publish import package_data_assembly, package_stimulus_set
    from brainscore_nb.data.stimuli import StimulusSet
    fresh_home('publisher')
    bucket = new_bucket()
    paths = {f's{i}': tmp_path / f's{i}.png' for i in range(30)}
    for i, p in enumerate(paths.values()): Image.new('RGB', (4, 4), (i, 0, 0)).save(p)
    stimuli = StimulusSet({'stimulus_id': list(paths), 'kind': ['a', 'b'] * 15}, stimulus_paths=paths)
    s = package_stimulus_set(None, proto_stimulus_set=stimuli, stimulus_set_identifier='S3Test.bs_names', bucket_name=bucket)
    a = package_data_assembly(None, small_assembly(0), 'S3Test.bs_names', 'S3Test.bs_names', bucket_name=bucket)
    assert s['bucket'] == a['bucket'] == bucket and a['cls'] == 'NeuroidAssembly'
    assert {'identifier', 'csv_sha1', 'zip_sha1', 'csv_version_id', 'zip_version_id'} <= set(s) and {'version_id', 'sha1'} <= set(a)
    fresh_home('consumer')
    back = load_stimulus_set_from_s3('S3Test.bs_names', bucket, s['csv_sha1'], s['zip_sha1'], s['csv_version_id'], s['zip_version_id'])
    assert back['kind'].tolist() == stimuli['kind'].tolist()
    loaded = load_assembly_from_s3('S3Test.bs_names', bucket, a['sha1'], a['version_id'], NeuroidAssembly)
    np.testing.assert_array_equal(loaded.values, small_assembly(0).values)


def test_brainscore_fetch_file_and_upload_to_s3(s3_env, fresh_home, tmp_path, monkeypatch):
    "Brain-Score's upload_to_s3 and fetch_file (path-style address, _local_data_path as its tests set it), verified (issue 25)"
    from brainscore_nb.data import fetch
    from brainscore_nb.data.publish import upload_to_s3
    bucket, source = new_bucket(), tmp_path / 'assy_Lab_Test.nc'
    source.write_bytes(b'netcdf bytes' * 100)
    properties = upload_to_s3(source, bucket, 'folder/assy_Lab_Test.nc')
    assert properties['ContentLength'] == 1200 and properties['Metadata']['sha1'] == sha1_file(source)
    monkeypatch.setattr(fetch, '_local_data_path', str(tmp_path / 'brainio_home'))
    address = f"{s3_env.endpoint}/{bucket}/folder/assy_Lab_Test.nc"
    local = fetch.fetch_file('S3', address, sha1=sha1_file(source))
    assert Path(local).read_bytes() == source.read_bytes() and Path(local).is_relative_to(tmp_path / 'brainio_home')
    with pytest.raises(ChecksumError, match='does not hold the pinned bytes'):
        fetch.fetch_file('S3', address, sha1='0' * 40)
