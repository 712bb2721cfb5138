"""Brain-Score's Scialom2024 benchmarks by their names (22 accuracy distances, 20 engineering accuracies), built from
the catalog entries `Scialom2024_<dataset>` (added to the shipped catalog from the wheel's data plugin) served by the
SeaweedFS test server: synthetic packages of `rgb` and `phosphenes-12` written by Brain-Score's own code
(tests/brainio/make_scialom2024.py), scored with the fixture's stored labels and compared with Brain-Score 2.4.2's own
benchmarks on the same files (tests/brainio/scialom2024_brainscore_side.py; both sides' numbers in
tests/brainio/crosschecks/scialom2024.json). Every other id is built from the `rgb` fixture served under its key."""
import json
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError, catalog_entry
from brainscore_nb.models.interface import PrecomputedBehavior
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'scialom2024'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'scialom2024.json').read_text())
DATASETS = ['rgb', 'contours'] + [f'{k}-{p}' for k in ('phosphenes', 'segments') for p in (12, 16, 21, 27, 35, 46, 59, 77, 100)]
COMPOSITES = ['phosphenes-all', 'segments-all']
OURS = {  # (raw, ceiling, score, ci), measured
    'Scialom2024_rgbBehavioralAccuracyDistance': (0.866071429, 0.848214286, 1.000000000, (0.915789474, 1.000000000)),
    'Scialom2024_rgbEngineeringAccuracy': (0.750000000, 1.000000000, 0.750000000, (0.375000000, 1.000000000)),
    'Scialom2024_phosphenes-12BehavioralAccuracyDistance': (0.454761905, 0.655555556, 0.693704600, (0.472154964, 1.000000000)),
    'Scialom2024_phosphenes-12EngineeringAccuracy': (0.250000000, 1.000000000, 0.250000000, (0.000000000, 0.625000000)),
    'Scialom2024_phosphenes-allBehavioralAccuracyDistance': (0.730769231, 0.946581197, 0.772009029, (0.731376975, 0.792325056))}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def scialom_catalog(s3_env, tmp_path, monkeypatch):
    "The fixtures under their keys; every other dataset's key serves the `rgb` fixture, the composites' `phosphenes-all`"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for d in DATASETS + COMPOSITES:
        stem = (f'Scialom2024_{d}' if d in ('rgb', 'phosphenes-12') else 'Scialom2024_phosphenes-all' if d in COMPOSITES
                else 'Scialom2024_rgb')
        rows += [stimulus_row(f'Scialom2024_{d}', FIXTURES / f'stimulus_{stem}.csv', FIXTURES / f'stimulus_{stem}.zip', versions),
                 assembly_row(f'Scialom2024_{d}', FIXTURES / f'assy_{stem}.nc', versions, stimulus_set=f'Scialom2024_{d}',
                              cls='BehavioralAssembly')]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


def stored_model():
    labels = read_brainio_assembly(FIXTURES / 'assy_fixture_Scialom2024_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(labels.assign_coords(stimulus_id=('presentation', labels['stimulus_id'].values.astype(str))),
                               'fixture-model')


def test_identifiers():
    ours = {b for b in bn.benchmark_registry if b.startswith('Scialom2024')}
    expected = ({f'Scialom2024_{d}BehavioralAccuracyDistance' for d in DATASETS + COMPOSITES}
                | {f'Scialom2024_{d}EngineeringAccuracy' for d in DATASETS}
                | {f'Scialom2024_{d}BehavioralErrorConsistency' for d in COMPOSITES})
    assert ours == expected and len(ours) == 44


def test_catalog_holds_the_44_entries_with_the_plugins_sha1s(monkeypatch):
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    for d in DATASETS + COMPOSITES:
        a, s = catalog_entry(f'Scialom2024_{d}', 'assembly'), catalog_entry(f'Scialom2024_{d}', 'stimulus_set')
        assert (a['bucket'], a['cls'], a['stimulus_set'], len(a['sha1']), len(s['csv_sha1'])) == (
            'brainscore-storage/brainio-brainscore', 'BehavioralAssembly', f'Scialom2024_{d}', 40, 40)
    assert catalog_entry('Scialom2024_rgb', 'assembly')['sha1'] == 'b79217a6b700760b96ffe60a948d6c2af9e7a615'
    assert catalog_entry('Scialom2024_segments-all', 'stimulus_set')['zip_sha1'] == '59b279b2c65be4cdab50bf17b7295da2426744ee'


def test_from_the_catalog_gives_brainscores_numbers(scialom_catalog):
    model = stored_model()
    for identifier, record in CROSSCHECK.items():  # every id Brain-Score's benchmark scores (not the composites' consistency)
        if record.get('brainscore_ran') == 'metric': continue
        ours = record['ours']
        r, c, s, ci = OURS[identifier] if identifier in OURS else (ours['raw'], ours['ceiling'], ours['score'], ours['ci'])
        benchmark = bn.load_benchmark(identifier)
        engineering = identifier.endswith('EngineeringAccuracy')
        assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.task) == (identifier, 1, 'Scialom2024-top1' if engineering else 'Scialom2024', None,
                                    10 if engineering else 1, 'label')
        score = benchmark(model)
        theirs, raw = CROSSCHECK[identifier]['brainscore'], score.attrs['raw']
        # Brain-Score's ceiling 1 for an accuracy means no ceiling: ours is marked unceiled (NaN ceiling)
        ceiling = 1.0 if score.attrs.get('unceiled') else score.attrs['ceiling'].center
        assert (raw.center, ceiling, score.center) == pytest.approx(
            (theirs['raw'], theirs['ceiling'], theirs['score']), abs=1e-12)
        np.testing.assert_allclose(raw.attrs['raw'].values, theirs['raw_values'], atol=1e-12)
        assert (raw.center, ceiling, score.center) == pytest.approx((r, c, s), abs=1e-8)
        assert score.ci == pytest.approx(ci, abs=1e-8)


def test_every_id_builds_from_its_catalog_entry(scialom_catalog):
    for identifier in sorted(b for b in bn.benchmark_registry if b.startswith('Scialom2024')):
        benchmark = bn.load_benchmark(identifier)
        composite = identifier.split('_')[1].split('Behavioral')[0] in COMPOSITES
        assert len(benchmark.stimuli) == (16 if composite else 8)
        assert benchmark.fitting_stimuli == ['Banana', 'Boot', 'Cup', 'Sewing machine']
        assert set(benchmark.stimuli['condition']) <= {'RGB', '12', 'phosphenes'}  # text, as the plugin's loader makes it


@pytest.mark.parametrize('composite', COMPOSITES)
def test_the_composite_error_consistency_is_brainscores_metric_on_the_trials_conditions(scialom_catalog, composite):
    "Brain-Score's benchmark raises KeyError 'RGB'; ours is what its metric gives once answers carry the trials' conditions"
    name = f'Scialom2024_{composite}BehavioralErrorConsistency'
    record = CROSSCHECK[name]
    assert record['brainscore_ran'] == 'metric' and record['brainscore_cannot_run'].startswith("its benchmark raises KeyError: 'RGB'")
    theirs, ours = record['brainscore'], record['ours']
    benchmark = bn.load_benchmark(name)
    assert (benchmark.visual_degrees, benchmark.number_of_trials, benchmark.parent) == (8, 1, 'Scialom2024')
    labels = read_brainio_assembly(FIXTURES / 'assy_fixture_Scialom2024_model.nc', 'BehavioralAssembly')
    labels = labels.assign_coords(stimulus_id=('presentation', labels['stimulus_id'].values.astype(str)))
    score = benchmark(PrecomputedBehavior(labels, 'fixture-model', visual_degrees=8))
    raw, ceiling = score.attrs['raw'], score.attrs['ceiling']
    np.testing.assert_allclose(raw.attrs['raw'].transpose('condition', 'subject').values.ravel(), theirs['raw_values'],
                               atol=1e-12)
    assert (raw.center, ceiling.center) == pytest.approx((theirs['raw'], theirs['ceiling']), abs=1e-12)
    assert (raw.center, ceiling.center) == pytest.approx((ours['raw'], ours['ceiling']), abs=1e-12)
    assert score.center == min(theirs['score'], 1.0) == ours['score']  # Brain-Score leaves it unbounded: 3.33
    assert score.ci == pytest.approx(ours['ci'], abs=1e-8)


def test_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy|stimulus)_Scialom2024_segments-46\.(nc|csv)'):
        bn.load_benchmark('Scialom2024_segments-46EngineeringAccuracy').ceiling  # built, its data read, when first used
