"""Shared fixtures: tests read raw data from the offline mirror and never write outside temporary folders."""
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config):
    "Point the fetcher at the mirror beside the checkout unless the caller chose one"
    os.environ.setdefault('BRAINSCORE_NB_MIRROR', str((ROOT.parent / 'shared' / 'mirror').resolve()))


@pytest.fixture(autouse=True)
def private_store(tmp_path, monkeypatch):
    "Each test gets its own store root and packages folder"
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path / 'home'))
    monkeypatch.setenv('BRAINSCORE_NB_PACKAGES_DIR', str(tmp_path / 'packages'))
    return tmp_path


@pytest.fixture(scope='session')
def s3_server(tmp_path_factory):
    "A real SeaweedFS S3 server on free loopback ports for the whole session, stopped by its own pid"
    from seaweed import SeaweedServer
    server = SeaweedServer(tmp_path_factory.mktemp('seaweedfs')).start()
    yield server
    server.stop()


@pytest.fixture
def s3_env(s3_server, monkeypatch):
    "Point brainscore_nb at the test server, with its credentials in the environment and no other AWS config"
    from seaweed import ACCESS_KEY, SECRET_KEY
    for k in ('AWS_PROFILE', 'AWS_SESSION_TOKEN', 'AWS_DEFAULT_PROFILE'): monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', s3_server.endpoint)
    monkeypatch.setenv('AWS_ACCESS_KEY_ID', ACCESS_KEY)
    monkeypatch.setenv('AWS_SECRET_ACCESS_KEY', SECRET_KEY)
    for k in ('AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE'): monkeypatch.setenv(k, '/nonexistent')
    monkeypatch.setenv('AWS_EC2_METADATA_DISABLED', 'true')
    return s3_server
