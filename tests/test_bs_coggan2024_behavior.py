"""Brain-Score's `tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity` by its name, built from the catalog entries
`Coggan2024_behavior` (trials, with their stimulus set) and `Coggan2024_behavior_fitting` served by the SeaweedFS test
server: synthetic packages written by Brain-Score's own code (tests/brainio/make_coggan2024_behavior.py), scored with
the fixture's stored class probabilities and compared with Brain-Score 2.4.2's own benchmark on the same files
(tests/brainio/coggan2024_behavior_brainscore_side.py; both sides' numbers in
tests/brainio/crosschecks/coggan2024_behavior.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

IDENTIFIER = 'tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity'
FIXTURES = Path(__file__).parent / 'brainio' / 'coggan2024_behavior'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'coggan2024_behavior.json').read_text())
OURS = dict(raw=0.138004933, ceiling=0.252639346, score=0.298392046, ci=(0.000371993, 1.0))  # measured


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def coggan_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = [stimulus_row(key, FIXTURES / f'stimulus_tong_{key}.csv', FIXTURES / f'stimulus_tong_{key}.zip', versions,
                         identifier=f'tong.{key}') for key in ('Coggan2024_behavior', 'Coggan2024_behavior_fitting')]
    rows.append(assembly_row('Coggan2024_behavior', FIXTURES / 'assy_tong_Coggan2024_behavior.nc', versions,
                             stimulus_set='Coggan2024_behavior', cls='BehavioralAssembly', identifier='tong.Coggan2024_behavior'))
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def stored_model():
    answers = read_brainio_assembly(FIXTURES / 'assy_fixture_Coggan2024_behavior_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(answers, 'fixture-model', visual_degrees=10)


def test_registered_by_brainscores_name():
    assert IDENTIFIER in bn.benchmark_registry


def test_from_the_catalog_gives_brainscores_numbers(coggan_catalog):
    benchmark = bn.load_benchmark(IDENTIFIER)
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees, benchmark.number_of_trials,
            benchmark.task) == (IDENTIFIER, 1, 'behavior', 10, 1, 'probabilities')
    assert benchmark.assembly.sizes['presentation'] == len(benchmark.stimuli) == 480 and len(benchmark.fitting_stimuli) == 12
    score = benchmark(stored_model())
    theirs = CROSSCHECK[IDENTIFIER]['brainscore']
    raw, ceiling = score.attrs['raw'], score.attrs['ceiling']
    np.testing.assert_allclose(raw.attrs['raw'].values, theirs['subject_raw'], atol=1e-12)
    np.testing.assert_allclose(ceiling.attrs['raw'].values, theirs['subject_ceilings'], atol=1e-12)
    assert (raw.center, ceiling.center, score.center) == pytest.approx((theirs['raw'], theirs['ceiling'], theirs['score']), abs=1e-12)
    assert (raw.center, ceiling.center, score.center) == pytest.approx((OURS['raw'], OURS['ceiling'], OURS['score']), abs=1e-8)
    assert score.ci == pytest.approx(OURS['ci'], abs=1e-8) and score.attrs['bootstrap_units'] == '5 subject'


def test_a_model_answering_too_few_stimuli_is_refused(coggan_catalog):
    model = stored_model()
    model._choices = model._choices.isel(presentation=slice(0, 400))
    with pytest.raises(KeyError, match='no features for 80 of the 480 stimuli'):
        bn.load_benchmark(IDENTIFIER)(model)


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_tong_Coggan2024_behavior\.(nc|csv)'):
        bn.load_benchmark(IDENTIFIER).ceiling  # built, its data read, when first used
