"""Brain-Score's `Maniquet2024-{confusion_similarity,tasks_consistency}` by their names, built from the catalog entries
`Maniquet2024` (trials), `Maniquet2024-test` and `Maniquet2024-train` (stimulus sets) served by the SeaweedFS test
server: synthetic packages written by Brain-Score's own code (tests/brainio/make_maniquet2024.py), scored with the
fixture's stored class probabilities, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/maniquet2024_brainscore_side.py; both sides' numbers in tests/brainio/crosschecks/maniquet2024.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'maniquet2024'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'maniquet2024.json').read_text())
IDENTIFIERS = ['Maniquet2024-confusion_similarity', 'Maniquet2024-tasks_consistency']  # Brain-Score 2.4.2's test.py
OURS = {'Maniquet2024-confusion_similarity': (0.455225462, 0.850475399),  # (raw, ceiled), measured
        'Maniquet2024-tasks_consistency': (0.757110796, 0.758552045)}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def maniquet_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = [stimulus_row(name, FIXTURES / f'stimulus_{name}.csv', FIXTURES / f'stimulus_{name}.zip', versions)
            for name in ('Maniquet2024', 'Maniquet2024-test', 'Maniquet2024-train')]
    rows.append(assembly_row('Maniquet2024', FIXTURES / 'assy_Maniquet2024.nc', versions, stimulus_set='',
                             cls='BehavioralAssembly'))
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def stored_model():
    answers = read_brainio_assembly(FIXTURES / 'assy_fixture_Maniquet2024_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(answers, 'fixture-model', visual_degrees=8)


def test_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Maniquet2024')} == set(IDENTIFIERS)
    assert {'confusion_similarity', 'tasks_consistency'} <= set(bn.metric_registry)


@pytest.mark.parametrize('identifier', IDENTIFIERS)
def test_from_the_catalog_gives_brainscores_numbers(maniquet_catalog, identifier):
    benchmark = bn.load_benchmark(identifier)
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees,
            benchmark.number_of_trials, benchmark.task) == (identifier, 1, 'Maniquet2024', 8, 1, 'probabilities')
    assert benchmark.assembly.sizes['presentation'] == 680 and len(set(benchmark.assembly.task.values)) == 17
    assert (len(benchmark.stimuli), len(benchmark.fitting_stimuli)) == (180, 20)
    score = benchmark(stored_model())
    theirs = CROSSCHECK[identifier]['brainscore']
    assert score.attrs['ceiling'].center == theirs['ceiling']
    assert score.attrs['raw'].center == pytest.approx(theirs['raw'], abs=1e-9)
    assert score.center == pytest.approx(theirs['score'], abs=1e-9)
    assert (score.attrs['raw'].center, score.center) == pytest.approx(OURS[identifier], abs=1e-8)
    assert np.isnan(score.attrs['ci_low']) and 'keeps no held-out material' in score.attrs['ci_reason']
    assert score.attrs['benchmark'] == identifier and len(score.attrs['data_sha1']) == 40


def test_a_model_with_other_labels_is_refused(maniquet_catalog):
    model = stored_model()
    model._choices = model._choices.assign_coords(choice=['bird', 'car', 'cat', 'dog', 'ship'])
    with pytest.raises(ValueError, match=r"choices without trials \['ship'\], labels not among the choices \['plane'\]"):
        bn.load_benchmark('Maniquet2024-confusion_similarity')(model)


@pytest.mark.parametrize('identifier', IDENTIFIERS)
def test_real_catalog_and_no_network(identifier, monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/assy_Maniquet2024.nc'):
        bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
