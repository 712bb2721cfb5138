"""Brain-Score's 18 `Kato2026<dataset>-{accuracy_distance,error_consistency}` benchmarks by their names, built from the
catalog entries `Kato2026.<dataset>` (trials and stimulus sets) served by the SeaweedFS test server: synthetic packages
written by Brain-Score's own code (tests/brainio/make_kato2026.py), scored with the fixture's stored labels and compared
with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/kato2026_brainscore_side.py; both sides'
numbers in tests/brainio/crosschecks/kato2026.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainscore_nb.benchmarks.kato2026 import set_aside_unrecognised
from brainio_catalog import closed_endpoint, remove_uploads, serve_pairs

FIXTURES = Path(__file__).parent / 'brainio' / 'kato2026'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'kato2026.json').read_text())
DATASETS = ['Ori', 'Fil', 'Lin', 'SilTex', 'Sil', 'Tex', 'LinFil', 'Sparse', 'Dense']
OURS = {  # (raw, ceiling, score, ci), measured
    'Kato2026Ori-accuracy_distance': (0.868686869, 0.906053391, 0.958759028, (0.908591405, 1.000000000)),
    'Kato2026Ori-error_consistency': (0.062500000, 0.068376068, 0.914062500, (0.000000000, 1.000000000)),
    'Kato2026Fil-accuracy_distance': (0.571428571, 0.892592593, 0.640189686, (0.560165975, 0.800237107)),
    'Kato2026Fil-error_consistency': (0.079744817, 0.037037037, 1.000000000, (0.000000000, 1.000000000)),
    'Kato2026Lin-accuracy_distance': (0.813492063, 0.722222222, 1.000000000, (1.000000000, 1.000000000)),
    'Kato2026Lin-error_consistency': (0.130781499, 0.055555556, 1.000000000, (0.000000000, 1.000000000)),
    'Kato2026SilTex-accuracy_distance': (0.759259259, 0.925925926, 0.820000000, (0.810000000, 0.840000000)),
    'Kato2026SilTex-error_consistency': (0.203921569, 0.123882503, 1.000000000, (0.000000000, 1.000000000)),
    'Kato2026Sil-accuracy_distance': (0.819047619, 0.820105820, 0.998709677, (0.731612903, 1.000000000)),
    'Kato2026Sil-error_consistency': (0.088938437, 0.226012662, 0.393510859, (0.000000000, 1.000000000)),
    'Kato2026Tex-accuracy_distance': (0.793650794, 0.595238095, 1.000000000, (1.000000000, 1.000000000)),
    'Kato2026Tex-error_consistency': (0.241025641, 0.236952862, 1.000000000, (0.000000000, 1.000000000)),
    'Kato2026LinFil-accuracy_distance': (0.638095238, 0.740740741, 0.861428571, (0.270000000, 1.000000000)),
    'Kato2026LinFil-error_consistency': (0.142305407, 0.173611111, 0.819679144, (0.000000000, 1.000000000)),
    'Kato2026Sparse-accuracy_distance': (0.194444444, 0.777777778, 0.250000000, (0.000000000, 0.428571429)),
    'Kato2026Sparse-error_consistency': (0.000000000, 0.484126984, 0.000000000, (0.000000000, 0.000000000)),
    'Kato2026Dense-accuracy_distance': (0.896825397, 0.885714286, 1.000000000, (0.940860215, 1.000000000))}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def kato_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    return serve_pairs(FIXTURES, {f'Kato2026.{d}': f'Kato2026_{d}' for d in DATASETS}, s3_env.endpoint, tmp_path,
                       monkeypatch, cls='BehavioralAssembly', by_identifier=True)


def test_the_18_identifiers_are_brainscores():
    assert {b for b in bn.benchmark_registry if b.startswith('Kato2026')} == set(CROSSCHECK) and len(CROSSCHECK) == 18
    assert {'kato_accuracy_distance', 'kato_error_consistency'} <= set(bn.metric_registry)


def test_from_the_catalog_gives_brainscores_numbers(kato_catalog):
    model = PrecomputedBehavior(read_brainio_assembly(FIXTURES / 'assy_fixture_Kato2026_model.nc', 'BehavioralAssembly'),
                                'fixture-model', visual_degrees=10)
    for identifier, entry in CROSSCHECK.items():
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees,
                benchmark.number_of_trials, benchmark.task) == (identifier, 1, 'Kato2026', 10, 1, 'label')
        assert benchmark.fitting_stimuli[-1] == 'kato2026_others' and len(benchmark.fitting_stimuli) == 4
        assert (benchmark.base_stimuli is None) == identifier.startswith('Kato2026Ori')
        theirs = entry['brainscore']
        if identifier not in OURS:  # Dense error consistency: the subjects' ceiling is 0 in this fixture
            assert theirs['ceiling'] == 0 and theirs['score'] is None
            with pytest.raises(ValueError, match='the ceiling must be a positive finite number to normalise by, got 0.0'):
                benchmark(model)
            # its raw score and ceiling, measured as __call__ does before normalising: Brain-Score's, and recorded
            labels = set_aside_unrecognised(benchmark.look(model), benchmark.look(model, benchmark.base_stimuli))
            raw, ceiling, ours = benchmark.metric(labels, benchmark.assembly), benchmark.ceiling, entry['ours']
            assert (raw.center, ceiling.center) == pytest.approx((theirs['raw'], theirs['ceiling']), abs=1e-12)
            np.testing.assert_allclose(raw.attrs['raw'].values.ravel(),
                                       [np.nan if v is None else v for v in theirs['raw_values']], atol=1e-12)
            assert (raw.center, ceiling.center) == (ours['raw'], ours['ceiling']) and 'ceiling must be' in ours['error']
            continue
        score = benchmark(model)
        raw = score.attrs['raw']
        assert (raw.center, score.attrs['ceiling'].center, score.center) == pytest.approx(
            (theirs['raw'], theirs['ceiling'], theirs['score']), abs=1e-12), identifier
        np.testing.assert_allclose(raw.attrs['raw'].values.ravel(), theirs['raw_values'], atol=1e-12)
        r, c, s, ci = OURS[identifier]
        assert (raw.center, score.attrs['ceiling'].center, score.center) == pytest.approx((r, c, s), abs=1e-8)
        assert score.ci == pytest.approx(ci, abs=1e-8)


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_Kato2026_Fil\.(nc|csv)'):
        bn.load_benchmark('Kato2026Fil-error_consistency').ceiling  # built, its data read, when first used
