"""Bootstrap intervals on every benchmark score, paired comparisons, and the coverage check (issue 13).

The full coverage check (500 simulated experiments, 1000 draws each) is in nbs/api/17_uncertainty.ipynb; here a faster
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

from brainscore_nb.batch import result_row as _row, results_table, write_results
from brainscore_nb.data.assemblies import NeuroidAssembly, load_assembly
from brainscore_nb.metrics.behavior import accuracy, error_consistency
from brainscore_nb.metrics.ceilings import internal_consistency
from brainscore_nb.metrics.regression import ridge_cv, ridge_split
from brainscore_nb.metrics.rsa import (cka, cka_cv, compare_rdms, rdm, rdm_consistency, rdm_cv, rdm_matrix,
                                      subject_scores)
from brainscore_nb.metrics.regression import spantime_ridge
from brainscore_nb.metrics.properties import ks_similarity, property_ceiling
from brainscore_nb.metrics.behavior import i2n, i2n_ceiling
from functools import partial
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
    # RDMs: 5 subjects, Spearman (compare_rdms) and Pearson of off-diagonal cells (method='pearson')
    subjects = np.stack([rdm_matrix(_assembly(Y + rng.normal(size=Y.shape) * 2, ids, 'n')).values for _ in range(5)])
    rdms = xr.DataArray(subjects, dims=['subject', 'presentation', 'presentation_2'],
                        coords={'subject': list('abcde'), 'stimulus_id': ('presentation', ids), 'stimulus_id_2': ('presentation_2', ids)})
    model = rdm_matrix(_assembly(X, ids, 'f'))
    for compare, m in ((compare_rdms, model), (partial(compare_rdms, method='pearson'), model.values)):
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


def _checked(draws, center, pinned):
    "The interval exists, brackets the centre, and is the measured one (1e-6)"
    lo, hi = draws['ci_low'], draws['ci_high']
    assert np.isfinite([lo, hi]).all() and 'ci_reason' not in draws
    assert lo <= center <= hi
    assert (lo, hi) == approx(pinned, abs=1e-6)


def test_i2n_is_resampled_over_images_with_its_ceiling():
    "Rajalingham2018 I2n of Brain-Score's stored AlexNet probabilities: images resampled, the ceiling with the same draws"
    from brainscore_nb.benchmarks.rajalingham2018 import ceil_per_split
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainio_catalog import BRAINIO, PACKAGES
    trials = read_brainio_assembly(BRAINIO / PACKAGES['behavior']['path'], 'BehavioralAssembly')
    probabilities = read_brainio_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
    raw, ceiling = i2n(probabilities, trials), i2n_ceiling(trials)
    for s in (raw, ceiling):  # every image drawn once: the metric's per-split values
        m = u.material_of(s)
        assert u.resample(m, u.Draws.ones(u.units_of(m)))[0] == approx(s.attrs['raw'].values, abs=1e-12)
    score = ceil_per_split(raw, ceiling)
    assert score.center == approx(0.715632148282451, abs=1e-9)  # Brain-Score's, as tests/test_bs_rajalingham2018.py
    b = u.bootstrap(raw, ceiling, normalisation='ceil_per_split')
    assert b['bootstrap_units'] == '240 stimulus_id' and b['ceiling_resampled']
    _checked(b, score.center, (0.611449, 0.878275))  # measured


def test_properties_are_resampled_over_neurons_with_their_ceiling():
    "KS similarity of a property's histograms: the recorded neurons resampled, the split-half ceiling with the same draws"
    rng = np.random.default_rng(1)
    bins = np.linspace(0, 4, 17)
    model, data = rng.gamma(2, 0.6, 500), rng.gamma(2.5, 0.6, 120)
    sim = partial(ks_similarity, bins=bins, bootstrap=200)
    raw = sim(model, data)
    assert _ones(raw) == approx(raw.center, abs=1e-12)
    props = xr.DataArray(data[:, None], dims=['neuroid', 'neuronal_property'], coords={'neuronal_property': ['width']})
    ceiling = property_ceiling(props, sim, splits=4)
    assert _ones(ceiling) == approx(ceiling.center, abs=1e-12)
    b = u.bootstrap(raw, ceiling, normalisation='ceil_score')
    assert b['bootstrap_units'] == '120 neuroid_id' and b['ceiling_resampled']
    _checked(b, min(1, raw.center / ceiling.center), (0.857932, 1.0))  # measured
    _checked(u.bootstrap(raw), raw.center, (0.710412, 0.865262))  # measured: the raw score alone


def test_spantime_is_resampled_over_stimuli_and_neuroids_per_time_bin():
    "A regression pooled over 3 time bins keeps its held-out predictions per time bin: no refitting per draw"
    rng = np.random.default_rng(2)
    ids = [f's{i:03d}' for i in range(80)]
    X = rng.normal(size=(80, 3, 10))
    Y = np.einsum('stf,fn->stn', X, rng.normal(size=(10, 5))) + 2 * rng.normal(size=(80, 3, 5))
    coords = lambda p, k: {'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'{p}{j}' for j in range(k)]),
                           'time_bin_start': ('time_bin', [0, 50, 100]), 'time_bin_end': ('time_bin', [50, 100, 150])}
    source = NeuroidAssembly(X, dims=['presentation', 'time_bin', 'neuroid'], coords=coords('f', 10))
    target = NeuroidAssembly(Y, dims=['presentation', 'time_bin', 'neuroid'], coords=coords('n', 5))
    raw = spantime_ridge(source, target, splits=3)
    assert u.material_of(raw)['time_bins'] == 3 and _ones(raw) == approx(raw.center, abs=1e-10)
    b = u.bootstrap(raw)
    assert b['bootstrap_units'] == '80 stimulus_id x 5 neuroid_id'
    _checked(b, raw.center, (0.562863, 0.92583))  # measured


def test_rdm_and_cka_are_resampled_over_stimuli_jointly_on_both_matrices():
    "rdm, cka and their cross-validated forms: the stimuli of both RDMs (Gram matrices) drawn together"
    rng = np.random.default_rng(4)
    ids = [f's{i:03d}' for i in range(60)]
    Y = rng.normal(size=(60, 20))
    X = Y @ rng.normal(size=(20, 30)) + 4 * rng.normal(size=(60, 30))
    source, target = _assembly(X, ids, 'f'), _assembly(Y, ids, 'n')
    # measured; rdm and rdm_cv were (0.436448, 0.577607) and (0.435529, 0.579911) when a draw's cells kept the whole
    # sample's ranks (0.8% and 1.7% narrower here)
    pinned = {rdm: (0.434562, 0.576808), cka: (0.493696, 0.649127),
              rdm_cv: (0.432385, 0.579247), cka_cv: (0.489121, 0.646203)}
    for metric, interval in pinned.items():
        s = metric(source, target)
        assert _ones(s) == approx(s.center, abs=1e-10), metric.__name__
        b = u.bootstrap(s, n_draws=300)
        assert b['bootstrap_units'] == '60 stimulus_id'
        _checked(b, s.center, interval)


# Registered benchmarks whose score may carry no interval, and why (the score states the same reason).
NO_INTERVAL = {}
# Scored here with the pixels model: the library's benchmarks whose data are in the offline mirror and cheap to score
# (the behavioural ones need a model with labels: their intervals are tested above and in test_shape_bias...).
WALKED = ['Kriegeskorte2008.mIT-rdm', 'Kriegeskorte2008.hIT-rdm', 'Kriegeskorte2008.behavior-rdm', 'Cowley2023.V4-pls',
          *(f'{p}Coggan2024_fMRI.{r}-rdm' for p in ('', 'tong.') for r in ('V1', 'V2', 'V4', 'IT'))]


def test_rajalingham2018_public_benchmark_carries_its_interval(s3_env, tmp_path, monkeypatch):
    "Rajalingham2018public-i2n built from the catalog (served by the S3 test server), scored with stored probabilities"
    from brainscore_nb.data.brainio import read_brainio_assembly
    from brainscore_nb.models.interface import PrecomputedBehavior
    from brainio_catalog import BRAINIO, PACKAGES, assembly_row, remove_uploads, stimulus_row, upload, use_catalog
    package = HERE / 'brainio' / 'rajalingham2018'
    csv, zipped = package / 'stimulus_fixture_objectome-public.csv', package / 'stimulus_fixture_objectome-public.zip'
    trials = BRAINIO / PACKAGES['behavior']['path']
    v = upload(s3_env.endpoint, csv, zipped, trials)
    try:
        use_catalog([stimulus_row('objectome.public', csv, zipped, v, identifier='fixture.objectome-public'),
                     assembly_row('Rajalingham2018.public', trials, v, stimulus_set='objectome.public',
                                  cls='BehavioralAssembly', identifier=PACKAGES['behavior']['identifier'])],
                    tmp_path / 'test_catalog.tsv', monkeypatch)
        probabilities = read_brainio_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
        score = load_benchmark('Rajalingham2018public-i2n')(PrecomputedBehavior(probabilities, 'alexnet-stored'))
    finally:
        remove_uploads()
    assert score.center == approx(0.715632148282451, abs=1e-9)  # Brain-Score's, unchanged
    assert score.attrs['bootstrap_units'] == '240 stimulus_id' and score.attrs['ceiling_resampled']
    assert score.ci == approx((0.611449, 0.878275), abs=1e-6)  # as the metric-level test above


def test_registered_benchmarks_give_an_interval_or_a_listed_reason():
    from brainscore_nb.models.zoo import load_model
    from brainscore_nb.registry import list_benchmarks
    assert set(WALKED) <= set(list_benchmarks())
    model = load_model('pixels')
    for identifier in WALKED:
        s = load_benchmark(identifier)(model)
        lo, hi = s.ci
        if identifier in NO_INTERVAL:
            assert np.isnan(lo) and s.attrs['ci_reason'] == NO_INTERVAL[identifier], identifier
            continue
        assert np.isfinite([lo, hi]).all() and lo <= s.center <= hi, (identifier, s.attrs.get('ci_reason'))


def _expanded_spearman(a_rdm, b_rdm, counts):
    "Spearman r of two RDMs over the pairs of a drawn sample, the sample itself built (copies of drawn stimuli)"
    from scipy.stats import spearmanr
    drawn = np.repeat(np.arange(len(counts)), counts)
    i, j = np.triu_indices(len(drawn), 1)
    keep = drawn[i] != drawn[j]  # a stimulus with its own copy is no pair
    return spearmanr(a_rdm[drawn[i[keep]], drawn[j[keep]]], b_rdm[drawn[i[keep]], drawn[j[keep]]])[0]


def test_rdm_bootstrap_ranks_each_drawn_sample_again():
    "Every draw's Spearman r is the one the drawn sample gives (its cells ranked again), not ranks of the whole sample"
    rng = np.random.default_rng(7)
    ids = [f's{i:03d}' for i in range(30)]
    Y = rng.normal(size=(30, 8)); X = Y @ rng.normal(size=(8, 10)) + 2 * rng.normal(size=(30, 10))
    source, target = _assembly(X, ids, 'f'), _assembly(Y, ids, 'n')
    s = rdm(source, target)
    m = u.material_of(s)
    d = u.Draws(u.units_of(m), n_draws=5, seed=3)
    C = d.of('stimulus_id', m['stimulus_id']).astype(int)
    S, T = (rdm_matrix(a).values for a in (source, target))
    expected = [_expanded_spearman(S, T, c) for c in C]
    # before: ranked once over the whole sample, the draws' r were off by up to 0.012 here
    assert u.resample(m, d) == approx(expected, abs=1e-12)
    # the cross-validated form: each test part's drawn pairs ranked again
    cv = rdm_cv(source, target)
    mc = u.material_of(cv)
    dc = u.Draws(u.units_of(mc), n_draws=3, seed=3)
    Cc = dc.of('stimulus_id', mc['stimulus_id']).astype(int)
    parts = [np.asarray(te) for te in mc['tests']]
    want = [np.mean([_expanded_spearman(mc['source'][np.ix_(te, te)], mc['target'][np.ix_(te, te)], c[te]) for te in parts])
            for c in Cc]
    assert u.resample(mc, dc) == approx(want, abs=1e-12)
