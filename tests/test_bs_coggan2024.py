"""Brain-Score's `tong.Coggan2024_fMRI.<region>-rdm` by its names: the same data and recipe as our
`Coggan2024_fMRI.<region>-rdm`, with Brain-Score's normalisation (r / ceiling)^2, which scores an anti-correlated
model as if it were correlated; ours keeps the sign. The numbers below are Brain-Score 2.4.2's own benchmarks on the
same data, packaged by its own packaging functions, and features (tests/brainio/coggan2024_brainscore_side.py)."""
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.assemblies import NeuroidAssembly, load_assembly
from brainscore_nb.models.interface import PrecomputedFeatures
from brainscore_nb.registry import list_benchmarks, load_benchmark
from brainio_catalog import crosscheck

HERE = Path(__file__).parent

REGIONS = ('V1', 'V2', 'V4', 'IT')
_RECORDS = crosscheck('coggan2024_fMRI')  # printed by tests/brainio/coggan2024_brainscore_side.py
_TRIPLE = lambda d: (d['raw'], d['ceiling'], d['score'])
BRAINSCORE = {  # case -> region -> (raw, ceiling, score)
    'efficientnet-lite0': {r: _TRIPLE(_RECORDS[f'tong.Coggan2024_fMRI.{r}-rdm']['brainscore']) for r in REGIONS},
    'random-seed5': {r: _TRIPLE(_RECORDS[f'tong.Coggan2024_fMRI.{r}-rdm']['brainscore_anti_correlated']) for r in REGIONS},
}


def anti_correlated(ids) -> PrecomputedFeatures:
    "Features whose similarity matrix correlates negatively with every region's subjects (seed chosen for that)"
    values = 5 + np.random.default_rng(5).normal(size=(24, 60))
    return PrecomputedFeatures(NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', sorted(ids)), 'neuroid_id': ('neuroid', np.arange(60))}), 'anti-correlated', visual_degrees=9)


def test_brainscore_names_are_registered():
    assert {f'tong.Coggan2024_fMRI.{r}-rdm' for r in REGIONS} <= set(list_benchmarks())


@pytest.mark.parametrize('region', REGIONS)
def test_alias_gives_brainscores_numbers(region):
    ours = load_benchmark(f'Coggan2024_fMRI.{region}-rdm')
    theirs = load_benchmark(f'tong.Coggan2024_fMRI.{region}-rdm')
    assert (theirs.identifier, theirs.version, theirs.visual_degrees, theirs.number_of_trials, theirs.time_bins, theirs.parent) == (
        f'tong.Coggan2024_fMRI.{region}-rdm', 1, 9, 1, [(0, 250)], region)
    assert (ours.version, ours.data_sha1) == (2, theirs.data_sha1)  # the same data
    stored = load_assembly(HERE / 'precomputed' / f'efficientnet-lite0_Coggan2024_fMRI.{region}-rdm.nc')
    features = PrecomputedFeatures(stored, 'efficientnet-lite0-stored', visual_degrees=9)
    raw, ceiling, expected = BRAINSCORE['efficientnet-lite0'][region]
    for benchmark in (theirs, ours):  # r > 0: both normalisations agree
        score = benchmark(features)
        assert score.attrs['raw'].center == pytest.approx(raw, abs=1e-6)
        assert score.attrs['ceiling'].center == pytest.approx(ceiling, abs=1e-9)
        assert score.center == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize('region', REGIONS)
def test_negative_r_brainscore_squares_it_ours_scores_zero(region):
    theirs = load_benchmark(f'tong.Coggan2024_fMRI.{region}-rdm')
    model = anti_correlated(theirs.rdms.stimulus_id.values)
    raw, ceiling, expected = BRAINSCORE['random-seed5'][region]
    score = theirs(model)
    assert raw < 0 and expected > 0
    assert score.attrs['raw'].center == pytest.approx(raw, abs=1e-9) and score.center == pytest.approx(expected, abs=1e-9)
    ours = load_benchmark(f'Coggan2024_fMRI.{region}-rdm')(model)
    assert ours.center == 0 and ours.attrs['unbounded'] == pytest.approx(-expected, abs=1e-9)
