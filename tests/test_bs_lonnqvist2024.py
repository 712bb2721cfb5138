"""Brain-Score's four `Lonnqvist2024_*` benchmarks by their names, built from the catalog entries (the three trial
assemblies `Lonnqvist2024_<dataset>`, the stimulus sets `Lonnqvist2024_test` and `Lonnqvist2024_train`) served by the
SeaweedFS test server: synthetic packages written by Brain-Score's own code (tests/brainio/make_lonnqvist2024.py),
scored with the fixture's stored probabilities and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/lonnqvist2024_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/lonnqvist2024.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'lonnqvist2024'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'lonnqvist2024.json').read_text())
IDENTIFIERS = {'Lonnqvist2024_InlabInstructionsBehavioralAccuracyDistance': 'inlab-instructions',
               'Lonnqvist2024_InlabNoInstructionsBehavioralAccuracyDistance': 'inlab-no-instructions',
               'Lonnqvist2024_OnlineNoInstructionsBehavioralAccuracyDistance': 'online-no-instructions',
               'Lonnqvist2024_EngineeringAccuracy': None}
OURS = {  # (raw, ceiling, score, unbounded score, ci), measured
    'Lonnqvist2024_InlabInstructionsBehavioralAccuracyDistance': (0.741065899, 0.907469342, 0.816629129, 0.816629129, (0.775457275, 0.876603877)),
    'Lonnqvist2024_InlabNoInstructionsBehavioralAccuracyDistance': (0.819734848, 0.917297980, 0.893640743, 0.893640743, (0.845781142, 0.941500344)),
    'Lonnqvist2024_OnlineNoInstructionsBehavioralAccuracyDistance': (0.892127800, 0.833098061, 1.0, 1.070855690, (0.989014403, 1.0)),
    'Lonnqvist2024_EngineeringAccuracy': (0.475, 1.0, 0.475, 0.475, (0.325, 0.65))}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def lonnqvist_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = [stimulus_row(name, FIXTURES / f'stimulus_{name}.csv', FIXTURES / f'stimulus_{name}.zip', versions)
            for name in ('Lonnqvist2024_test', 'Lonnqvist2024_train')]
    rows += [assembly_row(f'Lonnqvist2024_{d}', FIXTURES / f'assy_Lonnqvist2024_{d}.nc', versions,
                          stimulus_set='Lonnqvist2024_test', cls='BehavioralAssembly')
             for d in ('inlab-instructions', 'inlab-no-instructions', 'online-no-instructions')]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def stored_model():
    answers = read_brainio_assembly(FIXTURES / 'assy_fixture_Lonnqvist2024_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(answers, 'fixture-model', visual_degrees=17.70753)


def test_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Lonnqvist2024')} == set(IDENTIFIERS)


@pytest.mark.parametrize('identifier', IDENTIFIERS)
def test_from_the_catalog_gives_brainscores_numbers(lonnqvist_catalog, identifier):
    benchmark = bn.load_benchmark(identifier)
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees, benchmark.number_of_trials,
            benchmark.task) == (identifier, 1, 'Lonnqvist2024', 17.70753, 1, 'probabilities')
    assert (len(benchmark.stimuli), len(benchmark.fitting_stimuli)) == (40, 10)
    if IDENTIFIERS[identifier]:
        assert benchmark.assembly.sizes['presentation'] == 40 * len(set(benchmark.assembly.subject.values))
    score = benchmark(stored_model())
    theirs, raw = CROSSCHECK[identifier]['brainscore'], score.attrs['raw']
    # Brain-Score's ceiling 1 for an accuracy means no ceiling: ours is marked unceiled (NaN ceiling, the raw score)
    ceiling = 1.0 if score.attrs.get('unceiled') else score.attrs['ceiling'].center
    assert (raw.center, ceiling, score.center) == pytest.approx(
        (theirs['raw'], theirs['ceiling'], theirs['score']), abs=1e-12)
    np.testing.assert_allclose(raw.attrs['raw'].values, theirs['raw_values'], atol=1e-12)
    assert raw.error == pytest.approx(theirs['raw_error'], abs=1e-12)
    r, c, s, unbounded, ci = OURS[identifier]
    assert (raw.center, ceiling, score.center, score.attrs['unbounded']) == pytest.approx((r, c, s, unbounded), abs=1e-8)
    assert score.ci == pytest.approx(ci, abs=1e-8)


def test_a_model_with_too_few_answers_is_refused(lonnqvist_catalog):
    "The metric's precondition (each subject answered the model's stimuli): a subset of the model's answers is refused"
    from brainscore_nb.metrics.behavior_similarity import accuracy_distance
    trials = bn.load_dataset('Lonnqvist2024_inlab-instructions')
    answers = stored_model()._choices.isel(presentation=slice(0, 30))
    with pytest.raises(ValueError, match="did not answer exactly the model's stimuli once each"):
        accuracy_distance(answers, trials)


@pytest.mark.parametrize('identifier', ['Lonnqvist2024_OnlineNoInstructionsBehavioralAccuracyDistance', 'Lonnqvist2024_EngineeringAccuracy'])
def test_real_catalog_and_no_network(identifier, monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/stimulus_Lonnqvist2024_test.csv'):
        bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
