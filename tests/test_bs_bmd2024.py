"""Brain-Score's four `BMD2024.<condition>Behavioral-accuracy_distance` benchmarks by their names, built from the catalog
entries `BMD2024.<condition>` (trials and stimulus set) served by the SeaweedFS test server: synthetic packages written by
Brain-Score's own code (tests/brainio/make_bmd2024.py), scored with the fixture's stored labels and compared with
Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/bmd2024_brainscore_side.py; both sides' numbers in
tests/brainio/crosschecks/bmd2024.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import closed_endpoint, remove_uploads, serve_pairs

FIXTURES = Path(__file__).parent / 'brainio' / 'bmd2024'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'bmd2024.json').read_text())
CONDITIONS = ('texture_1', 'texture_2', 'dotted_1', 'dotted_2')
OURS = {  # (raw, ceiling, score, ci), measured
    'BMD2024.texture_1Behavioral-accuracy_distance': (0.701942021, 0.725077399, 0.968092539, (0.871050384, 1.000000000)),
    'BMD2024.texture_2Behavioral-accuracy_distance': (0.243556444, 0.768591409, 0.316886763, (0.275657690, 0.360923365)),
    'BMD2024.dotted_1Behavioral-accuracy_distance': (0.544343891, 0.836199095, 0.650974026, (0.597943723, 0.736106602)),
    'BMD2024.dotted_2Behavioral-accuracy_distance': (0.563031413, 0.786477411, 0.715890126, (0.477497662, 0.971253639))}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def bmd_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    return serve_pairs(FIXTURES, {f'BMD2024.{c}': f'BMD_2024_{c}' for c in CONDITIONS}, s3_env.endpoint, tmp_path,
                       monkeypatch, cls='BehavioralAssembly')


def test_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('BMD2024')} == set(OURS)


def test_from_the_catalog_gives_brainscores_numbers(bmd_catalog):
    model = PrecomputedBehavior(read_brainio_assembly(FIXTURES / 'assy_fixture_BMD2024_model.nc', 'BehavioralAssembly'),
                                'fixture-model', visual_degrees=8)
    for identifier, (r, c, s, ci) in OURS.items():
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees,
                benchmark.number_of_trials, benchmark.task) == (identifier, 1, 'BMD2024', 8, 1, 'label')
        assert benchmark.fitting_stimuli == ['airplane', 'bird', 'car', 'cat', 'chair'] and len(benchmark.stimuli) == 20
        score = benchmark(model)
        theirs, raw = CROSSCHECK[identifier]['brainscore'], score.attrs['raw']
        assert (raw.center, score.attrs['ceiling'].center, score.center) == pytest.approx(
            (theirs['raw'], theirs['ceiling'], theirs['score']), abs=1e-12)
        np.testing.assert_allclose(raw.attrs['raw'].values, theirs['raw_values'], atol=1e-12)
        assert (raw.center, score.attrs['ceiling'].center, score.center) == pytest.approx((r, c, s), abs=1e-8)
        assert score.ci == pytest.approx(ci, abs=1e-8)


def test_a_probabilities_only_model_cannot_label(bmd_catalog):
    "The benchmark asks for labels: a model that only stores probabilities says it cannot perform the task"
    probabilities = read_brainio_assembly(Path(__file__).parent / 'brainio' / 'lonnqvist2024' / 'assy_fixture_Lonnqvist2024_model.nc',
                                          'BehavioralAssembly')
    with pytest.raises(NotImplementedError, match="only answers probabilities tasks"):
        bn.load_benchmark('BMD2024.dotted_1Behavioral-accuracy_distance')(PrecomputedBehavior(probabilities, 'p', visual_degrees=8))


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_BMD_2024_texture_2\.(nc|csv)'):
        bn.load_benchmark('BMD2024.texture_2Behavioral-accuracy_distance').ceiling  # built, its data read, when first used
