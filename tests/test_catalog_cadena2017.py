"""Cadena2017's assembly, loaded by Brain-Score's data plugin outside the loaders our catalog was recorded from (its
loader wraps the S3 load in a `reindex`), is in the shipped catalog with the plugin's address and sha1: offline it
names the URL it cannot reach, never a KeyError."""
import pytest

from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint


def test_cadena2017_assembly_is_in_the_catalog_and_offline_names_its_url(monkeypatch, tmp_path):
    from brainscore_nb.data import datasets
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    monkeypatch.setenv('BRAINSCORE_NB_HOME', str(tmp_path))
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_tolias_Cadena2017\.nc|stimulus_Cadena2017\.csv)'):
        datasets.load_dataset('Cadena2017')
