"""Brain-Score's sanghavi2020 benchmarks by their names (`Sanghavi2020`, `SanghaviJozwik2020`, `SanghaviMurty2020` x
V4, IT): built from the catalog entries of the same names (and their stimulus sets hvm, BOLD5000, Rust2012) served by
the SeaweedFS test server (synthetic packages written by Brain-Score's own code: tests/brainio/make_sanghavi2020.py),
scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's own benchmarks on the same files
(tests/brainio/sanghavi2020_brainscore_side.py; its numbers are in tests/brainio/crosschecks/sanghavi2020.json)."""
import json
from pathlib import Path

import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'sanghavi2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'sanghavi2020.json').read_text())
EXPERIMENTS = {'Sanghavi2020': (8, 28), 'SanghaviJozwik2020': (8, 37), 'SanghaviMurty2020': (5, 50)}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def sanghavi_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for key in EXPERIMENTS:
        s, a = PACKAGES[key]['stimulus_set'], PACKAGES[key]['assembly']
        rows += [stimulus_row(s['key'], FIXTURES / s['csv_path'], FIXTURES / s['zip_path'], versions, identifier=s['identifier']),
                 assembly_row(key, FIXTURES / a['path'], versions, stimulus_set=s['key'], identifier=a['identifier'])]
    return use_catalog(rows, tmp_path / 'sanghavi_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=8)


@pytest.mark.parametrize('experiment', list(EXPERIMENTS))
def test_sanghavi2020_from_the_catalog(sanghavi_catalog, features, experiment):
    "Each experiment's V4 and IT benchmark by Brain-Score's name: Brain-Score's facts, ceilings and (converged) raw scores"
    import brainscore_nb as bn
    degrees, trials = EXPERIMENTS[experiment]
    for region in ('V4', 'IT'):
        identifier = f'{experiment}.{region}-pls'
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.parent, benchmark.time_bins) == (identifier, 2, degrees, trials, region, region,
                                                                             [(70, 170)])
        assert dict(benchmark.assembly.sizes) == {'presentation': 40, 'neuroid': 3}
        assert benchmark.metric.keywords == {'stratification_coord': 'object_name' if experiment == 'Sanghavi2020' else None}
        score = benchmark(features)
        bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
        assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling'], abs=2e-7)
        assert score.attrs['raw'].center == pytest.approx(bs['raw_converged'], abs=2e-7)
        assert score.attrs['raw'].center == pytest.approx(bs['raw'], abs=1e-3)
        assert score.center == pytest.approx(ours['score'], abs=1e-6)
        assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']


def test_sanghavi2020_checks_what_brainscore_asserts(sanghavi_catalog):
    "The entry's repetitions and image_size_degree are Brain-Score's assertions: a clear error when they differ"
    from brainscore_nb.benchmarks import sanghavi2020 as s
    import brainscore_nb as bn
    real = bn.load_dataset('SanghaviMurty2020')
    assert s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: real).sizes == {
        'presentation': 2000, 'neuroid': 3}
    few = real.isel(presentation=real['repetition'].values < 10)
    with pytest.raises(ValueError, match="SanghaviMurty2020: 10 repetitions, Brain-Score's benchmark expects 50"):
        s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: few)
    wrong = real.assign_attrs(image_size_degree=8)
    with pytest.raises(ValueError, match=r"attrs\['image_size_degree'\] is 8, Brain-Score's benchmark expects 5"):
        s.load_assembly('SanghaviMurty2020', 'IT', average_repetitions=False, load=lambda name: wrong)


def test_sanghavi2020_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_dicarlo_SanghaviJozwik2020\.nc|stimulus_BOLD5000\.csv)'):
        bn.load_benchmark('SanghaviJozwik2020.IT-pls').ceiling  # built, its data read, when first used
