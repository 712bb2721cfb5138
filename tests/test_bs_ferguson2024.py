"""Brain-Score's `Ferguson2024<experiment>-value_delta` (14) by their names: the synthetic `color` experiment written by
Brain-Score's own packaging code (tests/brainio/make_ferguson2024.py) served by the SeaweedFS test server as the catalog
entries, scored with stored probabilities, and compared with Brain-Score 2.4.2's own benchmark on the same files
(tests/brainio/ferguson2024_brainscore_side.py; numbers in tests/brainio/crosschecks/ferguson2024.json). The other 13
experiments take the same steps with their own lapse rate and ceiling: each is built and scored, on both sides, from
the same files served under its own keys."""
import json
from pathlib import Path

import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'ferguson2024'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'ferguson2024.json').read_text())
EXPERIMENTS = ['circle_line', 'color', 'convergence', 'eighth', 'gray_easy', 'gray_hard', 'half', 'juncture', 'lle', 'llh',
               'quarter', 'round_f', 'round_v', 'tilted_line']  # Brain-Score 2.4.2's plugin


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def catalog(s3_env, tmp_path, monkeypatch):
    "The color fixture served under every experiment's keys (its own identifiers, so the files stay the color ones)"
    test = FIXTURES / 'stimulus_Ferguson2024_color.csv', FIXTURES / 'stimulus_Ferguson2024_color.zip'
    train = FIXTURES / 'stimulus_Ferguson2024_color_training_stimuli.csv', FIXTURES / 'stimulus_Ferguson2024_color_training_stimuli.zip'
    nc = FIXTURES / 'assy_Ferguson2024_color.nc'
    v = upload(s3_env.endpoint, *test, *train, nc)
    rows = []
    for e in EXPERIMENTS:
        rows += [stimulus_row(f'Ferguson2024_{e}', *test, v), stimulus_row(f'Ferguson2024_{e}_training_stimuli', *train, v),
                 assembly_row(f'Ferguson2024_{e}', nc, v, stimulus_set=f'Ferguson2024_{e}', cls='BehavioralAssembly')]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def test_the_14_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Ferguson2024')} == {f'Ferguson2024{e}-value_delta' for e in EXPERIMENTS}
    assert 'value_delta' in bn.metric_registry


def test_ferguson2024_from_the_catalog(catalog):
    probabilities = read_brainio_assembly(FIXTURES / 'assy_fixture_Ferguson2024_color_model.nc', 'BehavioralAssembly')
    for e in EXPERIMENTS:
        b = bn.load_benchmark(f'Ferguson2024{e}-value_delta')
        assert (b.version, b.parent, b.visual_degrees, b.number_of_trials, len(b.stimuli), len(b.fitting_stimuli)) == (
            1, 'behavior', 8, 3, 48, 12)
        assert set(b.fitting_stimuli['image_label']) == {'oddball', 'same'}
    model = PrecomputedBehavior(probabilities, 'fixture-model', visual_degrees=8)
    for identifier, record in CROSSCHECK.items():  # every recorded experiment, on the color files served under its keys
        b = bn.load_benchmark(identifier)
        s = b(model)
        theirs, ours = record['brainscore'], record['ours']
        got = dict(raw=s.attrs['raw'].center, ceiling=s.attrs['ceiling'].center, score=s.center,
                   human_integral=b.human_integral, model_integral=s.attrs['raw'].attrs['model_integral'])
        assert got == pytest.approx(theirs, abs=1e-12), identifier  # Brain-Score 2.4.2 on the same files
        assert got == pytest.approx({k: ours[k] for k in got}, abs=1e-12), identifier
        assert 'ci_reason' in s.attrs  # value_delta keeps no material to resample


def test_ferguson2024_with_the_real_catalog_and_no_network(monkeypatch):
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_Ferguson2024_color\.(nc|csv|zip)'):
        bn.load_benchmark('Ferguson2024color-value_delta').ceiling  # built, its data read, when first used
