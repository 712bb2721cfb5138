"""Brain-Score's Geirhos2021 benchmarks by their names, built from the catalog entries served by an S3 server.

`edge`, `silhouette` and `cue-conflict` are the authors' 2019 experiments (the mirror's files), packaged here at test
time in Brain-Score's Geirhos2021 layout by the recipe (`geirhos2019.package_brainscore2021`); their ceilings are
Brain-Score's published ones. `uniform-noise` and the other 13 datasets are small synthetic packages in each dataset's real
layout, written by Brain-Score's own code (tests/brainio/make_geirhos2021.py). The pinned scores are the same in
Brain-Score 2.4.2: benchmarks/geirhos2021_vs_brainscore.py prints them for the 2019 data and uniform-noise,
tests/brainio/geirhos2021_brainscore_side.py for the 13 (Brain-Score's registry and data plugin on the same files).
"""
import functools
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.models.interface import PrecomputedBehavior
from brainscore_nb.data.assemblies import BehavioralAssembly
from data_packaging import geirhos2019

from brainio_catalog import crosscheck, assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'geirhos2021'
NOISE = dict(csv=FIXTURES / 'stimulus_Geirhos2021_uniform-noise.csv', zip=FIXTURES / 'stimulus_Geirhos2021_uniform-noise.zip',
             nc=FIXTURES / 'assy_brendel_Geirhos2021_uniform-noise.nc', model=FIXTURES / 'assy_fixture_Geirhos2021_uniform-noise_model.nc')
DATASETS = ['colour', 'contrast', 'cue-conflict', 'edge', 'eidolonI', 'eidolonII', 'eidolonIII', 'false-colour', 'high-pass',
            'low-pass', 'phase-scrambling', 'power-equalisation', 'rotation', 'silhouette', 'sketch', 'stylized', 'uniform-noise']
IDENTIFIERS = [  # Brain-Score 2.4.2's benchmarks/geirhos2021/test.py, as written there
    'Geirhos2021colour-error_consistency', 'Geirhos2021contrast-error_consistency', 'Geirhos2021cueconflict-error_consistency',
    'Geirhos2021edge-error_consistency', 'Geirhos2021eidolonI-error_consistency', 'Geirhos2021eidolonII-error_consistency',
    'Geirhos2021eidolonIII-error_consistency', 'Geirhos2021falsecolour-error_consistency',
    'Geirhos2021highpass-error_consistency', 'Geirhos2021lowpass-error_consistency',
    'Geirhos2021phasescrambling-error_consistency', 'Geirhos2021powerequalisation-error_consistency',
    'Geirhos2021rotation-error_consistency', 'Geirhos2021silhouette-error_consistency', 'Geirhos2021stylized-error_consistency',
    'Geirhos2021sketch-error_consistency', 'Geirhos2021uniformnoise-error_consistency', 'Geirhos2021colour-top1',
    'Geirhos2021contrast-top1', 'Geirhos2021cueconflict-top1', 'Geirhos2021edge-top1', 'Geirhos2021eidolonI-top1',
    'Geirhos2021eidolonII-top1', 'Geirhos2021eidolonIII-top1', 'Geirhos2021falsecolour-top1', 'Geirhos2021highpass-top1',
    'Geirhos2021lowpass-top1', 'Geirhos2021phasescrambling-top1', 'Geirhos2021powerequalisation-top1',
    'Geirhos2021rotation-top1', 'Geirhos2021silhouette-top1', 'Geirhos2021stylized-top1', 'Geirhos2021sketch-top1',
    'Geirhos2021uniformnoise-top1']
# Brain-Score's published error-consistency ceilings (its test.py, to 0.001) and ours, measured; the paper's AlexNet:
# (raw, ceiled) error consistency and top-1 accuracy, the same in Brain-Score 2.4.2 to 8 digits
_RECORDS = crosscheck('geirhos2021')  # Brain-Score's side: benchmarks/geirhos2021_vs_brainscore.py


def _on_2019(name):
    "(ceiling stated in Brain-Score's test.py, ceiling, raw, ceiled, top-1) Brain-Score gives the paper's AlexNet"
    ec, top = _RECORDS[f'Geirhos2021{name}-error_consistency'], _RECORDS[f'Geirhos2021{name}-top1']['brainscore']
    bs = ec['brainscore']
    return ec['brainscore_published_ceiling'], bs['ceiling'], bs['raw'], bs['score'], top['score']


ON_2019 = {d: _on_2019(d.replace('-', '')) for d in ('edge', 'silhouette', 'cue-conflict')}
_NOISE, _NOISE_TOP1 = (_RECORDS[f'Geirhos2021uniformnoise-{m}']['brainscore'] for m in ('error_consistency', 'top1'))
PACKAGE_2019 = {'edge': 'edges', 'silhouette': 'silhouettes', 'cue-conflict': 'cue_conflict'}
# the 13 datasets of tests/brainio/geirhos2021_brainscore_side.py: (subjects, conditions kept, as text)
SYNTHETIC = {'colour': (4, ['bw']), 'contrast': (4, ['c05', 'c10', 'c15', 'c30', 'c50']),
             'eidolonI': (4, ['16-10-10', '2-10-10', '32-10-10', '4-10-10', '8-10-10']),
             'eidolonII': (4, ['16-3-10', '2-3-10', '4-3-10', '8-3-10']), 'eidolonIII': (4, ['2-0-10', '4-0-10', '8-0-10']),
             'false-colour': (4, ['Normal-Image']), 'high-pass': (4, ['0.7', '1.0', '1.5', '3.0']),
             'low-pass': (4, ['1', '10', '3', '5', '7']), 'phase-scrambling': (4, ['120', '30', '60', '90']),
             'power-equalisation': (4, ['pow']), 'rotation': (4, ['180', '270', '90']), 'sketch': (7, ['0']),
             'stylized': (5, ['0'])}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture(scope='module')
def packages_2019(tmp_path_factory):
    "The 2019 experiments as Brain-Score's Geirhos2021 packages (csv, zip, nc), written once per module"
    folder = tmp_path_factory.mktemp('geirhos2021')
    return {d: geirhos2019.package_brainscore2021(n, folder) for d, n in PACKAGE_2019.items()}


def _rows(endpoint, dataset, csv, zip_, nc):
    v = upload(endpoint, csv, zip_, nc)
    key = f'Geirhos2021_{dataset}'
    return [stimulus_row(key, csv, zip_, v, identifier=key),
            assembly_row(key, nc, v, stimulus_set=key, cls='BehavioralAssembly', identifier=f'brendel.{key}')]


@pytest.fixture
def catalog_2019(s3_env, packages_2019, tmp_path, monkeypatch):
    rows = [r for d, p in packages_2019.items() for r in _rows(s3_env.endpoint, d, p['csv_path'], p['zip_path'], p['nc_path'])]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


@pytest.fixture
def catalog_noise(s3_env, tmp_path, monkeypatch):
    rows = _rows(s3_env.endpoint, 'uniform-noise', NOISE['csv'], NOISE['zip'], NOISE['nc'])
    v = upload(s3_env.endpoint, NOISE['model'])
    rows.append(assembly_row('fixture.Geirhos2021_uniform-noise_model', NOISE['model'], v, stimulus_set='', cls='BehavioralAssembly',
                             identifier='fixture.Geirhos2021_uniform-noise_model'))
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


@pytest.fixture
def catalog_synthetic(s3_env, tmp_path, monkeypatch):
    "The 13 synthetic datasets served as catalog entries"
    rows = [r for d in SYNTHETIC for r in _rows(s3_env.endpoint, d, *(FIXTURES / f'{p}_Geirhos2021_{d}.{x}' for p, x in (
        ('stimulus', 'csv'), ('stimulus', 'zip'), ('assy_brendel', 'nc'))))]
    return use_catalog(rows, tmp_path / 'catalog.tsv', monkeypatch)


@functools.cache
def synthetic_model():
    "The model's stored answers for the 13 datasets' images, read once (as Brain-Score's side reads them)"
    labels = read_brainio_assembly(FIXTURES / 'assy_fixture_Geirhos2021_model.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(labels, 'fixture-model', visual_degrees=3)


def paper_alexnet(dataset):
    "The paper's AlexNet from its published answers, shown at the benchmarks' 3 degrees (nothing rescaled)"
    t = geirhos2019.trials(PACKAGE_2019[dataset], subjects=['alexnet']).drop_duplicates('stimulus_id')
    return PrecomputedBehavior(BehavioralAssembly(t.object_response.to_numpy(dtype=str), dims=['presentation'],
                               coords={'stimulus_id': ('presentation', t.stimulus_id.to_numpy(dtype=str))}), 'alexnet', visual_degrees=3)


def test_the_34_identifiers_are_brainscores():
    from brainscore_nb.benchmarks.geirhos2021 import DATASETS as ours
    assert ours == DATASETS and len(IDENTIFIERS) == 34
    assert {b for b in bn.benchmark_registry if b.startswith('Geirhos2021')} == set(IDENTIFIERS)


@pytest.mark.parametrize('dataset', ['edge', 'silhouette', 'cue-conflict'])
def test_on_the_2019_data_from_the_catalog(catalog_2019, dataset):
    "By Brain-Score's names, from the catalog entries: Brain-Score's ceilings, the paper's AlexNet scored as in Brain-Score"
    published, ceiling, raw, ceiled, top1 = ON_2019[dataset]
    name = dataset.replace('-', '')
    ec = bn.load_benchmark(f'Geirhos2021{name}-error_consistency')
    assert (ec.identifier, ec.version, ec.parent, ec.visual_degrees, ec.number_of_trials) == (
        f'Geirhos2021{name}-error_consistency', 1, 'Geirhos2021', 3, 1)
    assert ec.assembly.sizes['presentation'] == (12800 if dataset == 'cue-conflict' else 1600)
    assert len(set(ec.assembly.subject.values)) == 10 and set(ec.assembly.condition.values) == {'0'}
    assert ec.fitting_stimuli == sorted(set(ec.assembly.truth.values)) and len(ec.fitting_stimuli) == 16
    assert ec.ceiling.center == pytest.approx(published, abs=1e-3) and ec.ceiling.center == pytest.approx(ceiling, abs=1e-7)
    model = paper_alexnet(dataset)
    s = ec(model)
    assert s.attrs['raw'].center == pytest.approx(raw, abs=1e-7) and s.center == pytest.approx(ceiled, abs=1e-7)
    assert s.attrs['ceiling'].center == pytest.approx(ceiling, abs=1e-7) and 0 < s.attrs['error'] < 0.1
    top = bn.load_benchmark(f'Geirhos2021{name}-top1')
    assert (top.version, top.parent, top.visual_degrees, top.number_of_trials) == (1, 'Geirhos2021-top1', None, 10)
    t = top(model)
    assert t.center == pytest.approx(top1, abs=1e-9) and np.isnan(t.attrs['ceiling'].center) and t.attrs['unceiled']  # Brain-Score's ceiling 1: no ceiling


def test_uniform_noise_fixture_from_the_catalog(catalog_noise):
    "A dataset with excluded conditions: Brain-Score's fixture, its 'model' read from the catalog too"
    model = PrecomputedBehavior(bn.load_dataset('fixture.Geirhos2021_uniform-noise_model'), 'fixture-model', visual_degrees=3)
    ec = bn.load_benchmark('Geirhos2021uniformnoise-error_consistency')
    a = ec.assembly
    assert a.sizes['presentation'] == 4 * 80 and sorted(set(a.condition.values)) == ['0.03', '0.05', '0.1', '0.2', '0.35']
    assert a.stimulus_set.identifier == 'Geirhos2021_uniform-noise' and 'category_ground_truth' in a.coords
    s = ec(model)
    assert (s.attrs['raw'].center, s.attrs['ceiling'].center, s.center) == pytest.approx((_NOISE['raw'], _NOISE['ceiling'], _NOISE['score']), abs=1e-7)
    top = bn.load_benchmark('Geirhos2021uniformnoise-top1')(model)
    assert top.center == pytest.approx(_NOISE_TOP1['score'], abs=1e-9)
    assert bn.load_benchmark('Geirhos2021uniformnoise-top1').assembly.sizes['presentation'] == 320



def test_every_dataset_is_a_catalog_entry(monkeypatch):
    "The 17 benchmarks load Brain-Score's entries: brendel.Geirhos2021_<d> trials with the stimulus set Geirhos2021_<d>"
    from brainscore_nb.data.catalog import catalog_entry
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    for d in DATASETS:
        e, s = catalog_entry(f'Geirhos2021_{d}', 'assembly'), catalog_entry(f'Geirhos2021_{d}', 'stimulus_set')
        assert (e['identifier'], e['cls'], e['stimulus_set'], s['identifier']) == (
            f'brendel.Geirhos2021_{d}', 'BehavioralAssembly', f'Geirhos2021_{d}', f'Geirhos2021_{d}')


@pytest.mark.parametrize('identifier, dataset', [('Geirhos2021colour-error_consistency', 'colour'),
                                                 ('Geirhos2021highpass-top1', 'high-pass'),
                                                 ('Geirhos2021uniformnoise-error_consistency', 'uniform-noise')])
def test_real_catalog_and_no_network(identifier, dataset, monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/assy_brendel_Geirhos2021_{dataset}.nc'):
        bn.load_benchmark(identifier).ceiling  # built, its data read, when first used


@pytest.mark.parametrize('dataset', list(SYNTHETIC))
def test_synthetic_datasets_from_the_catalog(catalog_synthetic, dataset):
    "Each dataset's real layout (conditions and their types, subjects) by Brain-Score's names: Brain-Score's numbers"
    subjects, kept = SYNTHETIC[dataset]
    name = dataset.replace('-', '')
    model = synthetic_model()
    ec = bn.load_benchmark(f'Geirhos2021{name}-error_consistency')
    a = ec.assembly
    assert sorted(set(a.condition.values)) == kept and len(set(a.subject.values)) == subjects
    assert a.sizes['presentation'] == subjects * len(set(a.stimulus_id.values)) and a.stimulus_set.identifier == f'Geirhos2021_{dataset}'
    s = ec(model)
    record, ours = _RECORDS[f'Geirhos2021{name}-error_consistency'], (s.attrs['raw'].center, s.attrs['ceiling'].center, s.center)
    for side in ('brainscore', 'ours'):
        assert ours == pytest.approx(tuple(record[side][k] for k in ('raw', 'ceiling', 'score')), abs=1e-9)
    top = bn.load_benchmark(f'Geirhos2021{name}-top1')
    t, record = top(model), _RECORDS[f'Geirhos2021{name}-top1']
    assert top.assembly.sizes['presentation'] == a.sizes['presentation'] and t.attrs['unceiled']
    assert t.center == pytest.approx(record['brainscore']['score'], abs=1e-9) == record['ours']['score']
