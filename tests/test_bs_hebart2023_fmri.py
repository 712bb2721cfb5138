"""Brain-Score's `Hebart2023_fmri.*` (8 ids) by their names: built from the catalog entries `Hebart2023_fmri_train` /
`Hebart2023_fmri_test` and their stimulus sets served by the SeaweedFS test server (synthetic packages written by
Brain-Score's own code: tests/brainio/make_hebart2023_fmri.py), scored with the fixture's precomputed features, and
compared with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/hebart2023_fmri_brainscore_side.py;
both sides' numbers in tests/brainio/crosschecks/hebart2023_fmri.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'hebart2023_fmri'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'hebart2023_fmri.json').read_text())
IDS = [f'Hebart2023_fmri.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V2', 'V4', 'IT')]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def hebart_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture packages under the real keys; assemblies name their stimulus sets by identifier"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for split in ('train', 'test'):
        st, a = PACKAGES[f'{split}_stimuli'], PACKAGES[f'{split}_assembly']
        rows += [stimulus_row(f'Hebart2023_fmri_stim_{split}', FIXTURES / st['csv_path'], FIXTURES / st['zip_path'],
                              versions, identifier=st['identifier']),
                 # as the real catalog: the stimulus set by its identifier (THINGS_fMRI_<split>_Stimuli there)
                 assembly_row(f'Hebart2023_fmri_{split}', FIXTURES / a['path'], versions,
                              stimulus_set=st['identifier'], cls='NeuroidAssembly', identifier=a['identifier'],
                              sha1=a['sha1'])]
    return use_catalog(rows, tmp_path / 'hebart_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=10)


def test_hebart2023_fmri_from_the_catalog(hebart_catalog, features):
    "All eight ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in IDS:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.time_bins, benchmark.parent, benchmark.alpha_coord) == (
            identifier, 3, 10, 1, region, [(70, 170)], region, 'subject')
        # 3 reliable voxels (nc_testset > 30) per subject; the test target averaged over 12 repetitions
        assert dict(benchmark.train_assembly.sizes) == {'presentation': 48, 'neuroid': 9}
        assert dict(benchmark.assembly.sizes) == {'presentation': 12, 'neuroid': 9}
        assert (benchmark.assembly['nc_testset'].values > 30).all()
        score = benchmark(features)
        bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
        for key in ('raw', 'ceiling'):
            assert score.attrs[key].center == pytest.approx(bs[key], abs=1e-9)
            assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-12)
        assert score.center == pytest.approx(bs['score'], abs=1e-9)
        assert score.attrs['subject_scores'] == pytest.approx(bs['subject_scores'], abs=1e-9)
        assert score.attrs['subject_ceilings'] == pytest.approx(bs['subject_ceilings'], abs=1e-12)
        assert score.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
        assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
        assert score.attrs['benchmark'] == identifier and len(score.attrs['data_sha1']) == 40


def test_hebart2023_fmri_ridgecv_chooses_a_penalty_per_subject(hebart_catalog, features):
    "ridgecv fits each subject with its own penalty from Brain-Score's ALPHA_LIST"
    import brainscore_nb as bn
    from brainscore_nb.metrics.regression import ALPHA_LIST
    from brainscore_nb.benchmarks.base import place_record_look
    benchmark = bn.load_benchmark('Hebart2023_fmri.IT-ridgecv')
    assert benchmark.metric.keywords['alphas'] is ALPHA_LIST
    train, test = benchmark.train_assembly, benchmark.assembly
    seen = [place_record_look(benchmark, features, a) for a in (train, test)]
    alphas = {s: float(benchmark.metric(*seen, train.isel(neuroid=train.subject.values == s),
                                        test.isel(neuroid=test.subject.values == s)).attrs['alpha'][0])
              for s in ('01', '02', '03')}
    assert set(alphas.values()) <= set(ALPHA_LIST.tolist()) and len(set(alphas.values())) > 1


def test_hebart2023_fmri_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in IDS:
        with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/'
                                               'benchmarks/'
                                               r'Hebart2023_fmri/assy_THINGS_fMRI_train_Assembly\.nc'):
            bn.load_benchmark(identifier)
