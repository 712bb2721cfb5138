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
