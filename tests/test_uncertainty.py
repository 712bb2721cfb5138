"""Bootstrap intervals on every benchmark score, paired comparisons, and the coverage check (issue 13).

The full coverage check (500 simulated experiments, 1000 draws each) is in nbs/17_uncertainty.ipynb; here a faster
one (500 experiments, 200 draws, smaller experiments) asserts the same 93-97% band.
"""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import xarray as xr
from pytest import approx

from brainscore_nb.batch import _row, results_table, write_results
from brainscore_nb.benchmarks.base import rdm_consistency, subject_scores
from brainscore_nb.benchmarks.coggan2024 import off_diagonal_r
from brainscore_nb.data.assemblies import NeuroidAssembly, load_assembly
from brainscore_nb.metrics.behavior import accuracy, error_consistency
from brainscore_nb.metrics.ceilings import internal_consistency
from brainscore_nb.metrics.regression import ridge_cv, ridge_split
from brainscore_nb.metrics.rsa import compare_rdms, rdm_matrix
from brainscore_nb.metrics.score import Score
from brainscore_nb.metrics import uncertainty as u
from brainscore_nb.models.interface import PrecomputedFeatures
from brainscore_nb.plots import comparisons, leaderboard_intervals
from brainscore_nb.registry import load_benchmark

HERE = Path(__file__).parent


def test_coverage_is_nominal_and_split_errors_are_not():
    "500 simulated experiments with a known answer: the 95% bootstrap interval covers it 93-97% of the time"
    df = u.coverage(500, 200, n_stimuli=200, n_neuroids=20)
    assert len(df) == 500
    assert 0.93 <= df.covered.mean() <= 0.97
    assert df.covered.mean() == approx(0.954, abs=0.006)  # measured
    assert df.split_covered.mean() < 0.75  # Brain-Score's split-based error is far too narrow (measured 0.608)


def _assembly(values, ids, prefix):
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'{prefix}{j}' for j in range(values.shape[1])])})


def _ones(score):
    m = u.material_of(score)
    return u.resample(m, u.Draws.ones(u.units_of(m)))[0]


def test_every_unit_drawn_once_gives_the_metric_itself():
    rng = np.random.default_rng(3)
    ids = [f's{i:03d}' for i in range(90)]
    X = rng.normal(size=(90, 12)); Y = X[:, :4] @ rng.normal(size=(4, 6)) + rng.normal(size=(90, 6))
    raw = ridge_cv(_assembly(X, ids, 'f'), _assembly(Y, ids, 'n'))
    assert _ones(raw) == approx(raw.center, abs=1e-10)
    split = ridge_split(*(_assembly(v, i, p) for v, i, p in ((X[:60], ids[:60], 'f'), (X[60:], ids[60:], 'f'),
                                                             (Y[:60], ids[:60], 'n'), (Y[60:], ids[60:], 'n'))))
    assert _ones(split) == approx(float(split.values), abs=1e-10)
    reps = NeuroidAssembly(np.concatenate([Y + rng.normal(size=Y.shape) for _ in range(4)]), dims=['presentation', 'neuroid'],
                           coords={'stimulus_id': ('presentation', ids * 4), 'repetition': ('presentation', np.repeat(range(4), 90)),
                                   'neuroid_id': ('neuroid', [f'n{j}' for j in range(6)])})
    ceiling = internal_consistency(reps)
    assert _ones(ceiling) == approx(ceiling.center, abs=1e-10)
    # RDMs: 5 subjects, Spearman (compare_rdms) and Pearson of off-diagonal cells (off_diagonal_r)
    subjects = np.stack([rdm_matrix(_assembly(Y + rng.normal(size=Y.shape) * 2, ids, 'n')).values for _ in range(5)])
    rdms = xr.DataArray(subjects, dims=['subject', 'presentation', 'presentation_2'],
                        coords={'subject': list('abcde'), 'stimulus_id': ('presentation', ids), 'stimulus_id_2': ('presentation_2', ids)})
    model = rdm_matrix(_assembly(X, ids, 'f'))
    for compare, m in ((compare_rdms, model), (off_diagonal_r, model.values)):
        s, c = subject_scores(compare, m, rdms), rdm_consistency(compare, rdms)
        assert u.material_of(s)['kind'] == 'rdm_subjects' and u.material_of(c)['kind'] == 'rdm_loso'
        assert _ones(s) == approx(s.center, abs=1e-10) and _ones(c) == approx(c.center, abs=1e-10)
    # behaviour: accuracy per stimulus, error consistency per subject and condition
    classes = np.array(['a', 'b', 'c', 'd'])
    truth = rng.choice(classes, 90)
    t = xr.DataArray(np.array([truth[i] if rng.random() < 0.6 else rng.choice(classes) for s in 'xyz' for i in range(90)], object),
                     dims=['presentation'], coords={'subject': ('presentation', np.repeat(list('xyz'), 90)),
                                                    'stimulus_id': ('presentation', ids * 3), 'truth': ('presentation', np.tile(truth, 3)),
                                                    'condition': ('presentation', np.tile(['c1', 'c2'], 135))})
    answers = xr.DataArray(np.where(rng.random(90) < 0.7, truth, 'a'), dims=['presentation'], coords={'stimulus_id': ('presentation', ids)})
    ec = error_consistency(answers, t)
    acc = accuracy(answers, xr.DataArray(truth, dims=['presentation'], coords={'stimulus_id': ('presentation', ids)}))
    assert _ones(ec) == approx(ec.center, abs=1e-12) and _ones(acc) == approx(acc.center, abs=1e-12)


@pytest.fixture(scope='module')
def cowley_scores():
    "Cowley2023.V4-pls on the stored EfficientNet-Lite0 features, and on the same features with noise added"
    bench = load_benchmark('Cowley2023.V4-pls')
    features = load_assembly(HERE / 'precomputed' / 'efficientnet-lite0_Cowley2023.V4-pls.nc')
    noisy = features.copy(data=features.values + np.random.default_rng(0).normal(size=features.shape).astype(features.dtype) * 3 * features.values.std())
    return bench(PrecomputedFeatures(features, 'stored')), bench(PrecomputedFeatures(noisy, 'noisy')), bench


def test_benchmark_score_carries_a_seeded_interval_and_an_unchanged_centre(cowley_scores):
    score, _, bench = cowley_scores
    a = score.attrs
    assert score.center == approx(0.204782, abs=1e-3)  # the pinned centre of tests/test_benchmarks.py: unchanged
    assert (a['ci_level'], a['bootstrap_seed'], a['bootstrap'].shape) == (0.95, 0, (1000,))
    assert a['ci_low'] < score.center < a['ci_high'] and score.ci == (a['ci_low'], a['ci_high'])
    assert (a['ci_low'], a['ci_high']) == approx((0.1741, 0.2550), abs=3e-3)  # measured (11.2 degrees, 50-150 ms)
    assert a['bootstrap_units'] == '640 stimulus_id x 50 neuroid_id' and a['ceiling_resampled']
    again = bench(PrecomputedFeatures(load_assembly(HERE / 'precomputed' / 'efficientnet-lite0_Cowley2023.V4-pls.nc'), 'stored'))
    np.testing.assert_array_equal(again.attrs['bootstrap'], a['bootstrap'])  # same seed, same draws


def test_compare_pairs_the_draws_of_one_benchmark(cowley_scores):
    score, noisy, _ = cowley_scores
    c = u.compare(score, noisy)
    assert c.difference == approx(score.center - noisy.center) and c.ci_low <= c.difference <= c.ci_high
    assert (c.a, c.b, c.benchmark, c.n_draws) == ('stored', 'noisy', 'Cowley2023.V4-pls', 1000)
    assert u.compare(score, score).p_value == 1.0
    other = Score(0.2, attrs={**noisy.attrs, 'benchmark': 'Cowley2023.V4-ridge'})
    with pytest.raises(ValueError, match='different benchmarks'):
        u.compare(score, other)
    with pytest.raises(ValueError, match='no bootstrap draws'):
        u.compare(score, Score(0.2, attrs={'benchmark': 'Cowley2023.V4-pls'}))
    # from results rows (the draws are stored in the table, float32): the same comparison
    rows = [_row('stored', 'Cowley2023.V4-pls', score), _row('noisy', 'Cowley2023.V4-pls', noisy)]
    from_rows = u.compare(*rows)
    assert from_rows.ci_low == approx(c.ci_low, abs=1e-6) and from_rows.p_value == approx(c.p_value, abs=2e-3)


def test_results_table_leaderboard_and_cli_carry_intervals(cowley_scores, tmp_path):
    score, noisy, _ = cowley_scores
    table = results_table([_row('stored', 'Cowley2023.V4-pls', score), _row('noisy', 'Cowley2023.V4-pls', noisy)])
    row = table.set_index('model').loc['stored']
    assert (row.ci_low, row.ci_high) == approx(score.ci)
    np.testing.assert_allclose(u.decode_draws(row.bootstrap), score.attrs['bootstrap'], atol=1e-6)
    write_results(table, tmp_path)
    iv = leaderboard_intervals(tmp_path).set_index(['column', 'model'])
    assert iv.loc[('Cowley2023.V4-pls', 'stored'), ['ci_low', 'ci_high']].tolist() == approx(list(score.ci))
    assert iv.loc[('average', 'stored'), 'ci_low'] == approx(score.ci[0])  # one benchmark: the average's draws are its draws
    pair = comparisons(tmp_path).set_index('column').loc['average']
    assert pair.p_value == approx(u.compare(score, noisy).p_value, abs=2e-3)
    out = subprocess.run([str(Path(sys.executable).parent / 'brainscore-nb'), 'leaderboard', str(tmp_path), '--compare'],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert '95% bootstrap intervals' in out.stdout and f'[{score.ci[0]:.3f}, {score.ci[1]:.3f}]' in out.stdout
    assert 'average: stored - noisy' in out.stdout and 'p=' in out.stdout
    assert (tmp_path / 'intervals.png').exists() and (tmp_path / 'leaderboard_intervals.csv').exists()


def test_shape_bias_is_resampled_over_stimuli_and_subjects():
    "Geirhos2019 cue-conflict shape bias of the authors' AlexNet answers: stimuli and the 10 subjects resampled"
    from brainscore_nb.data.assemblies import BehavioralAssembly
    from brainscore_nb.models.interface import PrecomputedBehavior
    from data_packaging import geirhos2019
    t = geirhos2019.trials('cue_conflict', subjects=['alexnet']).drop_duplicates('stimulus_id')
    answers = BehavioralAssembly(t.object_response.to_numpy(dtype=str), dims=['presentation'],
                                 coords={'stimulus_id': ('presentation', t.stimulus_id.to_numpy(dtype=str))})
    score = load_benchmark('Geirhos2019.cue_conflict-shape_bias')(PrecomputedBehavior(answers, 'alexnet'))
    assert score.center == approx(0.477939, abs=1e-6) and _ones(score.attrs['raw']) == approx(score.attrs['raw'].center, abs=1e-12)
    assert score.attrs['bootstrap_units'] == '1280 stimulus_id x 10 subject' and score.attrs['ceiling_resampled']
    assert score.ci == approx((0.4383, 0.5188), abs=3e-3)  # measured
