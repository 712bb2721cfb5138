"""Brain-Score's `Allen2022_fmri[_surface][_4subj].*` (32 ids) by their names: built from the catalog entries
`<prefix>_{train,test}` and their stimulus sets served by the SeaweedFS test server (synthetic packages written by
Brain-Score's own code: tests/brainio/make_allen2022_fmri.py), scored with the fixture's precomputed features, and
compared with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/allen2022_fmri_brainscore_side.py;
both sides' numbers in tests/brainio/crosschecks/allen2022_fmri.json and allen2022_fmri_surface.json). The _4subj
ids read the same fixture files under their own keys."""
import json
from pathlib import Path

import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'allen2022_fmri'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECKS = Path(__file__).parent / 'brainio' / 'crosschecks'
CROSSCHECK = {**json.loads((CROSSCHECKS / 'allen2022_fmri.json').read_text()),
              **json.loads((CROSSCHECKS / 'allen2022_fmri_surface.json').read_text())}
REGIONS = ('V1', 'V2', 'V4', 'IT')
PREFIXES = ('Allen2022_fmri', 'Allen2022_fmri_4subj', 'Allen2022_fmri_surface', 'Allen2022_fmri_surface_4subj')
IDS = [f'{p}.{r}-{m}' for p in PREFIXES for m in ('ridge', 'rdm') for r in REGIONS]


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def allen_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture packages under the real keys of all four variants"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for split in ('train', 'test'):
        st = PACKAGES[f'{split}_stimuli']
        for subjects in ('', '_4subj'):
            rows.append(stimulus_row(f'Allen2022_fmri{subjects}_stim_{split}', FIXTURES / st['csv_path'],
                                     FIXTURES / st['zip_path'], versions, identifier=st['identifier']))
        for prefix in PREFIXES:
            a = PACKAGES[f"{prefix.replace('_4subj', '')}_{split}_assembly"]
            subjects = '_4subj' if prefix.endswith('_4subj') else ''
            rows.append(assembly_row(f'{prefix}_{split}', FIXTURES / a['path'], versions, cls='NeuroidAssembly',
                                     stimulus_set=f'Allen2022_fmri{subjects}_stim_{split}',
                                     identifier=a['identifier'], sha1=a['sha1']))
    return use_catalog(rows, tmp_path / 'allen_catalog.tsv', monkeypatch)


@pytest.fixture
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=8.4)


def _check(score, identifier, tolerance):
    "Ours against Brain-Score's numbers (and our pinned ones) from the cross-check files"
    bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
    for key in ('raw', 'ceiling'):
        assert score.attrs[key].center == pytest.approx(bs[key], abs=tolerance)
        assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-12)
    assert score.center == pytest.approx(bs['score'], abs=tolerance)
    assert score.center == pytest.approx(ours['score'], abs=1e-12)
    assert score.ci == pytest.approx(tuple(ours['ci']), abs=1e-9)
    assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']
    if identifier.endswith('-ridge'):
        assert score.attrs['subject_scores'] == pytest.approx(bs['subject_scores'], abs=tolerance)
        assert score.attrs['subject_ceilings'] == pytest.approx(bs['subject_ceilings'], abs=tolerance)
    else:
        assert list(score.attrs['raw'].attrs['per_subject']) == pytest.approx(bs['subject_scores'], abs=1e-12)
        assert score.attrs['ceiling'].attrs['lower_bound_loo'] == pytest.approx(bs['lower_bound_loo'], abs=1e-12)


@pytest.mark.parametrize('prefix', ['Allen2022_fmri', 'Allen2022_fmri_surface'])
def test_allen2022_fmri_from_the_catalog(allen_catalog, features, prefix):
    "The 8-subject ids by Brain-Score's names from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    # the surface package is float32: our internal consistency sums in float32 (Brain-Score's in float64)
    tolerance = 2e-7 if 'surface' in prefix else 1e-9
    for identifier in [i for i in IDS if i.split('.')[0] == prefix]:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.time_bins, benchmark.parent) == (
            identifier, 1, 8.4, 1, region, [(70, 170)], region)
        if identifier.endswith('-ridge'):  # 6 reliable voxels (nc_testset > 30) of 3 subjects
            assert benchmark.alpha_coord == 'subject'
            assert dict(benchmark.train_assembly.sizes) == {'presentation': 40, 'neuroid': 18}
            assert dict(benchmark.assembly.sizes) == {'presentation': 10, 'neuroid': 18}
        else:  # one RDM per subject over the 50 train and test images
            assert dict(benchmark.rdms.sizes) == {'subject': 3, 'presentation': 50, 'presentation_2': 50}
        _check(benchmark(features), identifier, tolerance)


def test_allen2022_fmri_4subj_ids_load_and_score(allen_catalog, features):
    "The _4subj ids read their own keys (here the same fixture files: the same numbers as the 8-subject ids, both sides)"
    import brainscore_nb as bn
    for identifier in [i for i in IDS if '_4subj' in i]:
        benchmark = bn.load_benchmark(identifier)
        assert benchmark.identifier == identifier and benchmark.version == 1
        score = benchmark(features)
        _check(score, identifier, 2e-7 if 'surface' in identifier else 1e-9)


def test_allen2022_fmri_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in IDS:
        prefix = identifier.split('.')[0]
        folder = 'Allen2022_fmri_surface' if 'surface' in prefix else 'Allen2022_fmri'
        name = prefix.replace('Allen2022_fmri', 'Allen2022_fMRI')
        with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/'
                                               f'benchmarks/Allen2022/{folder}/assy_{name}_train_Assembly\\.nc'):
            bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
