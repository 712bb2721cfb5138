"""Brain-Score's `Cowley2026.V4-pls` by its name: built from the four catalog entries `Cowley2026.<session>` served
by the SeaweedFS test server (synthetic packages written by Brain-Score's own code: tests/brainio/make_cowley2026.py),
scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's own benchmark on the same
files (tests/brainio/cowley2026_brainscore_side.py; its numbers are pinned below)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import crosscheck, assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'cowley2026'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
SESSIONS = ('190923', '201025', '210225', '211022')
# Brain-Score 2.4.2's Cowley2026V4PLS on the fixture files (tests/brainio/cowley2026_brainscore_side.py) and ours,
# measured: the ceilings are Brain-Score's; the PLS fits differ by up to 1.5e-4 because Brain-Score's scikit-learn NIPALS
# stops at tol 1e-6 (run to convergence, scikit-learn gives our numbers to 1e-9)
RECORD = crosscheck('cowley2026')['Cowley2026.V4-pls']
BRAINSCORE, OURS = RECORD['brainscore'], RECORD['ours']


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()



@pytest.fixture
def cowley_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixture sessions under the real keys Cowley2026.<session>"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for s in SESSIONS:
        st, a = PACKAGES[f'{s}_stimuli'], PACKAGES[f'{s}_assembly']
        rows += [stimulus_row(f'Cowley2026.{s}', FIXTURES / st['csv_path'], FIXTURES / st['zip_path'], versions,
                              identifier=st['identifier']),
                 assembly_row(f'Cowley2026.{s}', FIXTURES / a['path'], versions, stimulus_set=f'Cowley2026.{s}',
                              cls='NeuroidAssembly', identifier=a['identifier'], sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / 'cowley_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=8)


def test_cowley2026_from_the_catalog(cowley_catalog, features):
    "bn.load_benchmark by Brain-Score's name, its four sessions from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    benchmark = bn.load_benchmark('Cowley2026.V4-pls')
    assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials, benchmark.region,
            benchmark.time_bins, benchmark.parent) == ('Cowley2026.V4-pls', 1, 11.2, 14, 'V4', [(50, 150)], 'V4')
    sizes = {s.identifier: dict(s.assembly.sizes) for s in benchmark.sessions}
    assert sizes == {'Cowley2026.190923.V4-pls': {'presentation': 48, 'neuroid': 8},
                     'Cowley2026.201025.V4-pls': {'presentation': 48, 'neuroid': 10},
                     'Cowley2026.210225.V4-pls': {'presentation': 48, 'neuroid': 6},
                     'Cowley2026.211022.V4-pls': {'presentation': 64, 'neuroid': 7}}
    for s in benchmark.sessions:
        assert (s.visual_degrees, s.number_of_trials, s.time_bins, s.version) == (11.2, 14, [(50, 150)], 1)
        assert s.metric.keywords == {'stratification_coord': None}
    score = benchmark(features)
    ceiling = score.attrs['ceiling']
    assert ceiling.center == pytest.approx(BRAINSCORE['ceiling'], abs=1e-6)
    for s in SESSIONS:
        session_ceiling = ceiling.attrs['session_ceilings'][f'Cowley2026.{s}.V4-pls']
        assert session_ceiling == pytest.approx(BRAINSCORE['session_ceilings'][s], abs=1e-6)
        ours = score.attrs['session_scores'][f'Cowley2026.{s}.V4-pls']
        assert ours == pytest.approx(OURS['session_scores'][s], abs=1e-5)
        assert ours == pytest.approx(BRAINSCORE['session_scores'][s], abs=3e-4)
    assert score.attrs['raw'].center == pytest.approx(OURS['raw'], abs=1e-5)
    assert score.center == pytest.approx(OURS['score'], abs=1e-5)
    assert score.center == pytest.approx(BRAINSCORE['score'], abs=2e-4)
    assert score.attrs['raw'].center == pytest.approx(BRAINSCORE['raw'], abs=2e-4)
    assert 0 < score.attrs['error'] < 0.05 and np.isnan(ceiling.error)
    assert score.attrs['benchmark'] == 'Cowley2026.V4-pls' and score.attrs['model'] == 'fixture-features'
    assert len(score.attrs['data_sha1']) == 40
    # the interval: each session's bootstrap (its stimuli and neurons), averaged draw by draw (measured)
    assert 'ci_reason' not in score.attrs and score.attrs['ci_low'] < score.center < score.attrs['ci_high']
    assert (score.attrs['ci_low'], score.attrs['ci_high']) == pytest.approx(OURS['ci'], abs=1e-6)


def test_cowley2026_relabels_repetitions_into_alternating_halves(cowley_catalog):
    "The ceiling's data: every image in both halves; the target: one row per image with its mean"
    from brainscore_nb.benchmarks.cowley2026 import load_assembly, alternate_repetition_halves
    reps = load_assembly('201025', average_repetitions=False)
    assert reps.sizes == {'presentation': 277, 'neuroid': 10} and reps.repetition.values.max() == 7
    halves = alternate_repetition_halves(reps)
    assert set(halves.repetition.values) == {0, 1}
    per_image = {(sid, r) for sid, r in zip(halves.stimulus_id.values, halves.repetition.values)}
    assert len(per_image) == 2 * 48


def test_cowley2026_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/data/user_718/'
                                           r'(assy|stimulus)_Cowley2026_190923\.(nc|csv)'):
        bn.load_benchmark('Cowley2026.V4-pls').ceiling  # built, its data read, when first used
