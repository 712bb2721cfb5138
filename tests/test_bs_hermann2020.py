"""Brain-Score's `Hermann2020cueconflict-shape_bias` and `-shape_match` by their names, on the stimulus set
`Geirhos2021_cue-conflict` built from the authors' published 2019 cue-conflict images (the mirror's files, packaged in
Brain-Score's layout by the recipe at test time) and served by the SeaweedFS test server as the catalog entry; the
"model" is the paper's AlexNet (its published answers). Brain-Score 2.4.2's own benchmarks on the same files and answers
(tests/brainio/make_hermann2020.py, then tests/brainio/hermann2020_brainscore_side.py) give the numbers recorded in
tests/brainio/crosschecks/hermann2020.json."""
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.assemblies import BehavioralAssembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from data_packaging import geirhos2019

from brainio_catalog import closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

sys.path.insert(0, str(Path(__file__).parent / 'brainio'))
from make_hermann2020 import alexnet_answers  # noqa: E402  (the cross-check's own model, one definition)

CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'hermann2020.json').read_text())
IDENTIFIERS = ['Hermann2020cueconflict-shape_bias', 'Hermann2020cueconflict-shape_match']


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture(scope='module')
def package(tmp_path_factory):
    "The 2019 cue-conflict images as Brain-Score's Geirhos2021_cue-conflict stimulus set (csv, zip), written once"
    return geirhos2019.package_brainscore2021('cue_conflict', tmp_path_factory.mktemp('hermann2020'))


@pytest.fixture
def catalog(s3_env, package, tmp_path, monkeypatch):
    versions = upload(s3_env.endpoint, package['csv_path'], package['zip_path'])
    row = stimulus_row('Geirhos2021_cue-conflict', package['csv_path'], package['zip_path'], versions,
                       identifier='Geirhos2021_cue-conflict')
    return use_catalog([row], tmp_path / 'catalog.tsv', monkeypatch)


def alexnet():
    t = alexnet_answers()
    return PrecomputedBehavior(BehavioralAssembly(t.object_response.to_numpy(dtype=str), dims=['presentation'],
                               coords={'stimulus_id': ('presentation', t.stimulus_id.to_numpy(dtype=str))}), 'alexnet')


def test_the_two_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Hermann2020')} == set(IDENTIFIERS) == set(CROSSCHECK)


def test_hermann2020_from_the_catalog(catalog):
    "By Brain-Score's names from the catalog entry served by S3, the paper's AlexNet scored: Brain-Score's numbers"
    model = alexnet()
    for identifier in IDENTIFIERS:
        b = bn.load_benchmark(identifier)
        assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == (identifier, 1, 'Hermann2020', None, 1)
        assert len(b.stimuli) == 1280 and b.classes.sizes['presentation'] == 1200 and len(b.fitting_stimuli) == 16
        s = b(model)
        theirs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
        assert s.center == pytest.approx(theirs['score'], abs=1e-12)  # Brain-Score 2.4.2 on the same images and answers
        assert s.center == pytest.approx(ours['score'], abs=1e-12) and s.attrs['raw'].center == s.center
        assert s.attrs['unceiled'] and np.isnan(s.attrs['ceiling'].center)
        assert s.ci == pytest.approx(tuple(ours['ci']), abs=1e-9) and s.ci[0] < s.center < s.ci[1]


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'stimulus_Geirhos2021_cue-conflict\.(csv|zip)'):
        bn.load_benchmark('Hermann2020cueconflict-shape_bias').ceiling  # built, its data read, when first used
