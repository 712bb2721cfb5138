"""Serve BrainIO packages from the SeaweedFS test server as entries of a test catalog in Brain-Score's format.

Shared by the tests of Brain-Score's benchmarks by their names: upload package files to the public bucket in
Brain-Score's layout (`<bucket>/<folder>/<file>`), describe them with `stimulus_row` / `assembly_row`, and point
brainscore_nb at the catalog with `use_catalog`. `remove_uploads` (a module fixture in each test file) leaves the
server as it was found."""
import json
import socket
from pathlib import Path

import pandas as pd

from brainscore_nb.data.catalog import load_brainscore_catalog
from brainscore_nb.data.files import sha1_file
from seaweed import ACCESS_KEY, PUBLIC_BUCKET, SECRET_KEY

BRAINIO = Path(__file__).resolve().parents[2] / 'shared' / 'brainio'
PACKAGES = json.loads((BRAINIO / 'packages.json').read_text())
CROSSCHECKS = Path(__file__).resolve().parent / 'brainio' / 'crosschecks'


def crosscheck(plugin: str) -> dict:
    "A family's cross-check records (tests/brainio/crosschecks/<plugin>.json): Brain-Score's numbers and ours, by id"
    return json.loads((CROSSCHECKS / f'{plugin}.json').read_text())
FOLDER = 'brainio-brainscore'
_versions, _created = {}, {}  # (endpoint, bucket, name, sha1) -> version id; endpoint -> buckets this module made


def closed_endpoint() -> str:
    "An endpoint nothing listens on"
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return f'http://127.0.0.1:{s.getsockname()[1]}'


def _client(endpoint: str):
    import boto3
    return boto3.client('s3', endpoint_url=endpoint, aws_access_key_id=ACCESS_KEY, aws_secret_access_key=SECRET_KEY,
                        region_name='us-east-1')


def _bucket(client, endpoint: str, bucket: str):
    try: client.create_bucket(Bucket=bucket); _created.setdefault(endpoint, []).append(bucket)
    except client.exceptions.ClientError as e:
        if 'BucketAlready' not in str(e): raise
    client.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={'Status': 'Enabled'})


def upload(endpoint: str, *paths, bucket: str = PUBLIC_BUCKET) -> dict:
    "Upload files (once per server and content) to `bucket/FOLDER/<file name>`; file name -> version id"
    client, out = _client(endpoint), {}
    for path in map(Path, paths):
        key = (endpoint, bucket, path.name, sha1_file(path))
        if key not in _versions:
            if (endpoint, bucket) not in {k[:2] for k in _versions}: _bucket(client, endpoint, bucket)
            _versions[key] = client.put_object(Bucket=bucket, Key=f'{FOLDER}/{path.name}', Body=path.read_bytes())['VersionId']
        out[path.name] = _versions[key]
    return out


def stimulus_row(key: str, csv_path, zip_path, versions: dict, *, identifier: str | None = None,
                 bucket: str = f'{PUBLIC_BUCKET}/{FOLDER}') -> dict:
    "A catalog row for a stimulus set package (`stimulus_<id>.csv/.zip`) uploaded with `upload`"
    csv_path, zip_path = Path(csv_path), Path(zip_path)
    ident = identifier or csv_path.stem.removeprefix('stimulus_')
    return dict(kind='stimulus_set', registry_key=key, identifier=ident, bucket=bucket, cls='StimulusSet',
                csv_sha1=sha1_file(csv_path), zip_sha1=sha1_file(zip_path), csv_version_id=versions[csv_path.name],
                zip_version_id=versions[zip_path.name])


def assembly_row(key: str, path, versions: dict, *, stimulus_set: str, cls: str = 'NeuronRecordingAssembly',
                 identifier: str | None = None, bucket: str = f'{PUBLIC_BUCKET}/{FOLDER}', sha1: str | None = None,
                 version: str | None = None) -> dict:
    "A catalog row for an assembly package (`assy_<id>.nc`) uploaded with `upload`"
    path = Path(path)
    return dict(kind='assembly', registry_key=key, identifier=identifier or path.stem.removeprefix('assy_'), bucket=bucket,
                cls=cls, stimulus_set=stimulus_set, sha1=sha1 or sha1_file(path), version_id=version or versions[path.name])


def use_catalog(rows: list, path, monkeypatch) -> Path:
    "Write `rows` as a catalog TSV in Brain-Score's columns and make it the catalog brainscore_nb reads"
    path = Path(path)
    pd.DataFrame(rows).reindex(columns=load_brainscore_catalog().columns).fillna('').to_csv(path, sep='\t', index=False)
    monkeypatch.setenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', str(path))
    return path


def remove_uploads():
    "Delete every object version this module uploaded and the buckets it created (other modules make their own)"
    for endpoint in {k[0] for k in _versions}:
        client = _client(endpoint)
        for (e, bucket, name, _), version in list(_versions.items()):
            if e == endpoint:
                client.delete_object(Bucket=bucket, Key=f'{FOLDER}/{name}', VersionId=version)
                del _versions[(e, bucket, name, _)]
        for bucket in _created.pop(endpoint, []):
            listed = client.list_object_versions(Bucket=bucket)
            for v in listed.get('Versions', []) + listed.get('DeleteMarkers', []):
                client.delete_object(Bucket=bucket, Key=v['Key'], VersionId=v['VersionId'])
            client.delete_bucket(Bucket=bucket)


def serve_train_test(folder, key: str, endpoint: str, tmp_path, monkeypatch) -> Path:
    """Serve a train/test family's fixture packages (listed in `folder/packages.json`) as catalog entries `<key>_<split>`
    and `<key>_stim_<split>`; the assemblies name their stimulus sets by identifier, as the real catalog does"""
    folder = Path(folder)
    packages = json.loads((folder / 'packages.json').read_text())
    versions = upload(endpoint, *sorted(p for p in folder.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for split in ('train', 'test'):
        st, a = packages[f'{split}_stimuli'], packages[f'{split}_assembly']
        rows += [stimulus_row(f'{key}_stim_{split}', folder / st['csv_path'], folder / st['zip_path'], versions,
                              identifier=st['identifier']),
                 assembly_row(f'{key}_{split}', folder / a['path'], versions, stimulus_set=st['identifier'],
                              cls='NeuroidAssembly', identifier=a['identifier'], sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / f'{key}_catalog.tsv', monkeypatch)


def fixture_features(folder, visual_degrees: float):
    "The fixture's precomputed features (`packages.json`'s `features`) as a model"
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainscore_nb.models.interface import PrecomputedFeatures
    folder = Path(folder)
    path = folder / json.loads((folder / 'packages.json').read_text())['features']['path']
    return PrecomputedFeatures(read_brainio_assembly(path, 'NeuroidAssembly'), 'fixture-features',
                               visual_degrees=visual_degrees)


def check_subject_score(score, record: dict, identifier: str):
    "A per-subject benchmark's Score against its cross-check record: Brain-Score's numbers, ours pinned, the interval"
    from pytest import approx
    bs, ours = record['brainscore'], record['ours']
    for key in ('raw', 'ceiling'):
        assert score.attrs[key].center == approx(bs[key], abs=1e-9)
        assert score.attrs[key].center == approx(ours[key], abs=1e-12)
    assert score.center == approx(bs['score'], abs=1e-9)
    assert score.attrs['subject_scores'] == approx(bs['subject_scores'], abs=1e-9)
    assert score.attrs['subject_ceilings'] == approx(bs['subject_ceilings'], abs=1e-12)
    assert score.ci == approx(tuple(ours['ci']), abs=1e-9)
    assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
    assert score.attrs['benchmark'] == identifier and len(score.attrs['data_sha1']) == 40


def check_offline(identifiers, monkeypatch, missing: str):
    "With the real catalog and nothing listening, each id fails naming the address of `missing` (its first package)"
    import re

    import pytest

    import brainscore_nb as bn
    from brainscore_nb.data.catalog import CatalogError
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in identifiers:
        with pytest.raises(CatalogError, match=re.escape(f'cannot reach {end}/brainscore-storage/brainscore-vision/'
                                                         f'benchmarks/{missing}')):
            bn.load_benchmark(identifier).ceiling  # built, its data read, when first used


def serve_pairs(folder, stems: dict, endpoint: str, tmp_path, monkeypatch, *, cls: str, by_identifier: bool = False):
    """Serve `folder`'s packages as catalog entries: {catalog key: file stem} -> a stimulus set
    (`stimulus_<stem>.csv/.zip`) and an assembly (`assy_<stem>.nc`) under the same key, the assembly naming the stimulus
    set by that key; `by_identifier`: both packages' identifiers are the key (else the file's own)"""
    folder = Path(folder)
    versions = upload(endpoint, *sorted(p for p in folder.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    ident = (lambda key: dict(identifier=key)) if by_identifier else (lambda key: {})
    rows = []
    for key, stem in stems.items():
        rows += [stimulus_row(key, folder / f'stimulus_{stem}.csv', folder / f'stimulus_{stem}.zip', versions,
                              **ident(key)),
                 assembly_row(key, folder / f'assy_{stem}.nc', versions, stimulus_set=key, cls=cls, **ident(key))]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)
