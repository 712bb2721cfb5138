"""Brain-Score's `Zerbe2026_fmri[_persubject].*` (LAION-fMRI, 24 ids) by their names: built from the ten catalog
entries `Zerbe2026_fmri[_persubject]_full_<subject>` served by the SeaweedFS test server (synthetic packages written by
Brain-Score's own code: tests/brainio/make_laion_fmri.py), the images and split files named by the `laion_fmri_stimuli`
and `laion_fmri_splits` settings, scored with the fixture's precomputed features, and compared with Brain-Score 2.4.2's
own benchmarks on the same files (tests/brainio/laion_fmri_brainscore_side.py; both sides' numbers for every id in
tests/brainio/crosschecks/laion_fmri.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, crosscheck, remove_uploads, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'laion_fmri'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = crosscheck('laion_fmri')
SUBJECTS = ('sub-01', 'sub-03', 'sub-05', 'sub-06', 'sub-07')
REGIONS = ('V1', 'V2', 'V4', 'IT')
IDS = ([f'{p}.{r}-{s}-ridgecv' for p in ('Zerbe2026_fmri', 'Zerbe2026_fmri_persubject') for r in REGIONS
        for s in ('tau', 'ood')]
       + [f'Zerbe2026_fmri.{r}-{k}' for r in REGIONS for k in ('rdm-pearson', 'cka')])


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def laion_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog serving the fixture assemblies under the ten real keys; the settings name the images and splits"
    versions = upload(s3_env.endpoint, *sorted(FIXTURES.glob('assy_*.nc')))
    rows = []
    for pool, prefix in (('shared', 'Zerbe2026_fmri'), ('persubject', 'Zerbe2026_fmri_persubject')):
        for s in SUBJECTS:
            a = PACKAGES[f'{pool}_{s}']
            rows.append(assembly_row(f'{prefix}_full_{s}', FIXTURES / a['path'], versions, stimulus_set='',
                                     cls='NeuroidAssembly', identifier=a['identifier'], sha1=a['sha1']))
    from brainscore_nb.benchmarks import laion_fmri
    read, cache = laion_fmri.load_dataset, {}  # each of the ten entries read once from the catalog, not 24 x 5 times
    monkeypatch.setattr(laion_fmri, 'load_dataset', lambda name: cache[name] if name in cache
                        else cache.setdefault(name, read(name)))
    monkeypatch.setenv('BRAINSCORE_NB_LAION_FMRI_STIMULI', str(FIXTURES / 'stimuli'))
    monkeypatch.setenv('BRAINSCORE_NB_LAION_FMRI_SPLITS', str(FIXTURES / 'splits'))
    return use_catalog(rows, tmp_path / 'laion_catalog.tsv', monkeypatch)


@pytest.fixture(scope='module')
def features():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-features', visual_degrees=9.2)


def _check(score, identifier):
    "Ours against Brain-Score's numbers (and our pinned ones) from the cross-check file"
    bs, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
    # float32 packages: equal to 1e-8, but the shared pool's tau ids (6 test images) to 1.2e-6 (per subject 6e-6):
    # the repetition means of float32 responses are summed in another order (measured)
    shared_tau = identifier.startswith('Zerbe2026_fmri.') and '-tau-' in identifier
    tolerance, per_subject = (2e-6, 1e-5) if shared_tau else (1e-7, 1e-7)
    for key in ('raw', 'ceiling'):
        assert score.attrs[key].center == pytest.approx(bs[key], abs=tolerance)
        assert score.attrs[key].center == pytest.approx(ours[key], abs=1e-9)
    assert score.center == pytest.approx(min(bs['score'], 1.0), abs=tolerance)  # ours is bounded to [0, 1]
    assert score.center == pytest.approx(ours['score'], abs=1e-9)
    values = score.attrs['raw'].attrs['subject_values']  # per subject: the raw r, RDM r or CKA
    assert score.attrs['subject_scores'] == pytest.approx(ours['subject_scores'], abs=1e-9)
    assert values == pytest.approx(ours['subject_values'], abs=1e-9)
    if identifier.endswith('-cka'):  # Brain-Score's per-subject children are unceiled: their scores are the CKAs
        assert values == pytest.approx(bs['subject_scores'], abs=per_subject)
        assert score.attrs['ceiling'].attrs['pairs'] == pytest.approx(bs['ceiling_pairs'], abs=per_subject)
    else:
        assert score.attrs['subject_scores'] == pytest.approx(bs['subject_scores'], abs=per_subject)
        assert score.attrs['subject_ceilings'] == pytest.approx(bs['subject_ceilings'], abs=per_subject)
    if identifier.endswith('-ridgecv'):
        assert values == pytest.approx(bs['subject_raws'], abs=per_subject)
    if ours['ci'] is None:  # no held-out material to resample: no interval, and the reason
        assert np.isnan(score.attrs['ci_low']) and score.attrs['ci_reason']
    else:
        assert (score.attrs['ci_low'], score.attrs['ci_high']) == pytest.approx(tuple(ours['ci']), abs=1e-9)
        assert score.attrs['ci_low'] <= score.center <= score.attrs['ci_high']


@pytest.mark.parametrize('group', ['Zerbe2026_fmri.', 'Zerbe2026_fmri_persubject.'])
def test_laion_fmri_from_the_catalog(laion_catalog, features, group):
    "Every id by Brain-Score's name, its five subjects from the catalog served by S3, scored; Brain-Score's numbers"
    import brainscore_nb as bn
    for identifier in [i for i in IDS if i.startswith(group)]:
        region = identifier.split('.')[1].split('-')[0]
        benchmark = bn.load_benchmark(identifier)
        parent = f'Zerbe2026_fmri.{region}' if identifier.endswith('-cka') else region
        assert (benchmark.identifier, benchmark.version, benchmark.visual_degrees, benchmark.number_of_trials,
                benchmark.region, benchmark.parent) == (identifier, 1, 9.2, 1, region, parent)
        assert list(benchmark.subjects) == list(SUBJECTS)
        assert CROSSCHECK[identifier]['brainscore']['parent'] == parent
        if identifier.endswith('-ridgecv'):  # 4 reliable voxels (nc_12rep > 30) of 6 per region and subject
            train, test = benchmark.subjects['sub-01']
            n = {'Zerbe2026_fmri.': {'tau': (18, 6), 'ood': (24, 9)},
                 'Zerbe2026_fmri_persubject.': {'tau': (27, 9), 'ood': (36, 9)}}[group][identifier.split('-')[1]]
            assert (train.sizes['presentation'], test.sizes['presentation'], test.sizes['neuroid']) == (*n, 4)
        else:  # tau's train and test images together
            assert dict(benchmark.subjects['sub-07'].sizes) == {'presentation': 24, 'neuroid': 4}
        score = benchmark(features)
        _check(score, identifier)
        assert score.attrs['model'] == 'fixture-features' and len(score.attrs['data_sha1']) == 40


def test_laion_fmri_says_what_is_missing(laion_catalog, monkeypatch):
    "Without the images or the split files, loading says what to get and which setting names it"
    import brainscore_nb as bn
    monkeypatch.setenv('BRAINSCORE_NB_LAION_FMRI_STIMULI', '')
    with pytest.raises(FileNotFoundError, match='data use agreement.*laion_fmri_stimuli = '):
        bn.load_benchmark('Zerbe2026_fmri.V1-cka').ceiling  # built, its data read, when first used
    monkeypatch.setenv('BRAINSCORE_NB_LAION_FMRI_SPLITS', str(FIXTURES / 'no-such-folder'))
    with pytest.raises(FileNotFoundError, match='the laion_fmri_splits folder .*no-such-folder does not exist'):
        bn.load_benchmark('Zerbe2026_fmri.V1-tau-ridgecv').ceiling  # built, its data read, when first used


def test_laion_fmri_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    for identifier in ('Zerbe2026_fmri.V1-tau-ridgecv', 'Zerbe2026_fmri_persubject.IT-ood-ridgecv',
                       'Zerbe2026_fmri.V4-rdm-pearson', 'Zerbe2026_fmri.V2-cka'):  # one per kind and pool
        name = 'persubject' if 'persubject' in identifier else 'full'
        with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainscore-vision/benchmarks/'
                                               f'LAION_fMRI/assy_LAION_fMRI_{name}_sub-01_Assembly\\.nc'):
            bn.load_benchmark(identifier).ceiling  # built, its data read, when first used
