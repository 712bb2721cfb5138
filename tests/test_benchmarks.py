"""Every registered benchmark: its ceiling, a score from stored model features, and the errors users meet.

The pinned values were measured with this code (tests/precomputed/make_features.py made the stored
EfficientNet-Lite0 features; the Geirhos networks' answers are the authors' published trial files).
"""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.brainscore.coverage import brainscore_benchmarks, read_crosschecks
from pytest import approx

from brainscore_nb.benchmarks.base import NeuralBenchmark, squeeze_time_bin
from brainscore_nb.data.assemblies import BehavioralAssembly, average_repetition, load_assembly
from brainscore_nb.data.datasets import load_dataset
from brainscore_nb.metrics.regression import ridge_cv
from brainscore_nb.models.interface import PrecomputedBehavior, PrecomputedFeatures
from brainscore_nb.models.zoo import load_model
from brainscore_nb.registry import list_benchmarks, load_benchmark
from data_packaging import geirhos2019

HERE = Path(__file__).parent
NAN = float('nan')  # unceiled: accuracy, and mIT's one pooled RDM (no subjects to ceil by); the score is the raw one
CEILINGS = {
    'Coggan2024_fMRI.IT-rdm': 0.239735, 'Coggan2024_fMRI.V1-rdm': 0.447655, 'Coggan2024_fMRI.V2-rdm': 0.449339,
    'Coggan2024_fMRI.V4-rdm': 0.334800, 'Cowley2023.V4-pls': 0.759461, 'Cowley2023.V4-ridge': 0.759461,
    'Geirhos2019.cue_conflict-shape_bias': 0.984960, 'Geirhos2019.edges-accuracy': NAN,
    'Geirhos2019.edges-error_consistency': 0.318436, 'Geirhos2019.silhouettes-accuracy': NAN,
    'Geirhos2019.silhouettes-error_consistency': 0.475709, 'Kriegeskorte2008.behavior-rdm': 0.477600,
    'Kriegeskorte2008.hIT-rdm': 0.378564, 'Kriegeskorte2008.mIT-rdm': NAN}
# benchmark -> (stored features file's benchmark, ceiled score, raw score)
STORED = {
    'Cowley2023.V4-pls': ('Cowley2023.V4-pls', 0.204782, 0.394366),  # 11.2 degrees, 50-150 ms (version 2)
    'Cowley2023.V4-ridge': ('Cowley2023.V4-pls', 0.023479, 0.133535),
    'Kriegeskorte2008.mIT-rdm': ('Kriegeskorte2008.hIT-rdm', 0.408377, 0.408377),
    'Kriegeskorte2008.hIT-rdm': ('Kriegeskorte2008.hIT-rdm', 0.648526, 0.245508),
    'Kriegeskorte2008.behavior-rdm': ('Kriegeskorte2008.hIT-rdm', 0.502940, 0.240204),
    'Coggan2024_fMRI.V1-rdm': ('Coggan2024_fMRI.V1-rdm', 0.000014, 0.001700),
    'Coggan2024_fMRI.V2-rdm': ('Coggan2024_fMRI.V2-rdm', 0.000211, 0.006534),
    'Coggan2024_fMRI.V4-rdm': ('Coggan2024_fMRI.V4-rdm', 0.009376, 0.032419),
    'Coggan2024_fMRI.IT-rdm': ('Coggan2024_fMRI.IT-rdm', 0.038526, 0.047055)}
ALEXNET = {  # the paper's AlexNet, from its published answers: (ceiled score, raw score)
    'Geirhos2019.cue_conflict-shape_bias': (0.477939, 0.470751), 'Geirhos2019.edges-accuracy': (0.4, 0.4),
    'Geirhos2019.edges-error_consistency': (0.346849, 0.110449), 'Geirhos2019.silhouettes-accuracy': (0.44375, 0.44375),
    'Geirhos2019.silhouettes-error_consistency': (0.594336, 0.282731)}
VERSIONS = {'Cowley2023.V4-pls': 2, 'Cowley2023.V4-ridge': 2,  # the others are at version 1
            **{f'Coggan2024_fMRI.{r}-rdm': 2 for r in ('V1', 'V2', 'V4', 'IT')}}


# Brain-Score 2.4.2's benchmarks built from its catalog entries: every id with a cross-check record
# (tests/brainio/crosschecks/<plugin>.json; all checked by tests/test_crosschecks.py, classed by coverage())
CATALOG_BENCHMARKS = set(read_crosschecks(HERE / 'brainio' / 'crosschecks')) & set(brainscore_benchmarks().identifier)


def test_the_issues_benchmarks_are_registered():
    "The library's own benchmarks (other test modules register test benchmarks in this process too: left out)"
    list_benchmarks()
    from brainscore_nb.benchmarks.base import benchmark_registry
    ours = {k for k, f in benchmark_registry.items() if getattr(getattr(f, 'func', f), '__module__', '').startswith('brainscore_nb.')}
    assert set(CEILINGS) == set(STORED) | set(ALEXNET) and set(CEILINGS) <= ours - CATALOG_BENCHMARKS
    assert CATALOG_BENCHMARKS <= ours
    # any other benchmark of ours (a new family's) is pinned where it is made: its family's notebook names it
    for identifier in sorted(ours - CATALOG_BENCHMARKS - set(CEILINGS)):
        f = benchmark_registry[identifier]
        family = getattr(getattr(f, 'func', f), '__module__', '').rpartition('.')[2]
        assert identifier in (HERE.parent / 'nbs' / 'benchmarks' / f'{family}.ipynb').read_text(), identifier


@pytest.mark.parametrize('identifier', sorted(CEILINGS))
def test_ceiling(identifier):
    ceiling = load_benchmark(identifier).ceiling
    assert ceiling.center == approx(CEILINGS[identifier], abs=1e-5, nan_ok=True)


def check(score, identifier, model, expected):
    "Activations are float32 and the metrics compute in their inputs' dtype: agreement to 1e-3 (measured: r within 5e-4 of float64)"
    assert score.center == approx(expected[0], abs=1e-3) and score.attrs['raw'].center == approx(expected[1], abs=1e-3)
    assert 0 <= score.center <= 1
    assert score.attrs['ceiling'].center == approx(CEILINGS[identifier], abs=1e-5, nan_ok=True)
    assert (score.attrs['benchmark'], score.attrs['model'], score.attrs['benchmark_version']) == (identifier, model, VERSIONS.get(identifier, 1))
    assert len(score.attrs['data_sha1']) == 40 and 'error' in score.attrs


@pytest.mark.parametrize('identifier', sorted(STORED))
def test_stored_features_score(identifier):
    source, *expected = STORED[identifier]
    features = load_assembly(HERE / 'precomputed' / f'efficientnet-lite0_{source}.nc')
    check(load_benchmark(identifier)(PrecomputedFeatures(features, 'efficientnet-lite0-stored')), identifier, 'efficientnet-lite0-stored', expected)


@pytest.mark.parametrize('identifier', sorted(ALEXNET))
def test_paper_alexnet_score(identifier):
    name = identifier.split('.')[1].split('-')[0]
    t = geirhos2019.trials(name, subjects=['alexnet']).drop_duplicates('stimulus_id')
    answers = BehavioralAssembly(t.object_response.to_numpy(dtype=str), dims=['presentation'],
                                 coords={'stimulus_id': ('presentation', t.stimulus_id.to_numpy(dtype=str))})
    check(load_benchmark(identifier)(PrecomputedBehavior(answers, 'alexnet')), identifier, 'alexnet', ALEXNET[identifier])


def test_pixels_scores_without_torch():
    "score('pixels', ...) never needs torch: it runs with torch made unimportable"
    code = ("import sys, importlib.abc\n"
            "class NoTorch(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path, target=None):\n"
            "        if name.split('.')[0] == 'torch': raise ImportError('torch is not installed here')\n"
            "sys.meta_path.insert(0, NoTorch())\n"
            "from brainscore_nb.registry import score\n"
            "s = score('pixels', 'Cowley2023.V4-ridge')\n"
            "assert 'torch' not in sys.modules\n"
            "print(s.center, s.attrs['raw'].center, s.attrs['ceiling'].center)")
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    center, raw, ceiling = map(float, out.stdout.split())
    assert 0 <= center <= 1 and ceiling == approx(CEILINGS['Cowley2023.V4-ridge'], abs=1e-5) and raw > 0


def test_bad_inputs_get_clear_errors(tmp_path):
    with pytest.raises(KeyError, match="did you mean 'Cowley2023.V4-pls'"):
        load_benchmark('Cowley2023.V4-pl')
    with pytest.raises(KeyError, match="did you mean 'efficientnet-lite0'"):
        load_model('efficientnet_lite0')
    features = load_assembly(HERE / 'precomputed' / 'efficientnet-lite0_Cowley2023.V4-pls.nc')
    with pytest.raises(ValueError, match="no features for region 'V4'; it has IT"):
        load_benchmark('Cowley2023.V4-pls')(PrecomputedFeatures(features, 'it-only', regions=['IT']))
    shifted = features.assign_coords(stimulus_id=('presentation', [f'x{s}' for s in features.stimulus_id.values]))
    with pytest.raises(KeyError, match='no features for 640 of the 640 stimuli'):
        load_benchmark('Cowley2023.V4-pls')(PrecomputedFeatures(shifted, 'misaligned'))
    data = average_repetition(load_dataset('Cowley2023.210325')).isel(presentation=slice(0, 30))
    stimuli = data.stimulus_set
    broken = tmp_path / 'broken.jpg'
    broken.write_text('not an image')
    data.attrs['stimulus_set'] = type(stimuli)(stimuli, identifier='broken', stimulus_paths={**stimuli.stimulus_paths, '210325_0001': broken})
    benchmark = NeuralBenchmark('Broken.V4-ridge', data, ridge_cv, lambda: None, region='V4', version=1, parent='V4')
    with pytest.raises(ValueError, match='cannot read stimulus image .*broken.jpg'):
        benchmark(load_model('pixels'))


def test_efficientnet_lite0_scores_offline():
    "The real model, loaded from its wheel: its IT layer matches monkey IT and its V4 layer predicts V4 better than pixels"
    from brainscore_nb.registry import score
    it, it_pixels = score('efficientnet-lite0', 'Kriegeskorte2008.mIT-rdm'), score('pixels', 'Kriegeskorte2008.mIT-rdm')
    assert it.center == approx(0.4281, abs=2e-3) and it.center > it_pixels.center + 0.2
    v4 = score('efficientnet-lite0', 'Cowley2023.V4-pls')
    assert 0 <= v4.center <= 1 and v4.attrs['raw'].center == approx(0.5097, abs=5e-3)  # 11.2 degrees
    assert v4.attrs['ceiling'].center == approx(CEILINGS['Cowley2023.V4-pls'], abs=1e-5) and v4.error > 0
