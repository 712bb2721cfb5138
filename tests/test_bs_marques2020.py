"""Brain-Score's 22 `Marques2020_*` V1 property benchmarks by their names: built from the six property assemblies and
six stimulus sets served as catalog entries by the SeaweedFS test server (synthetic packages written by Brain-Score's
own packaging code: tests/brainio/make_marques2020.py), scored with the fixture's precomputed "V1 model", and
compared with Brain-Score 2.4.2's own benchmarks on the same files (tests/brainio/marques2020_brainscore_side.py;
its numbers are in tests/brainio/crosschecks/marques2020.json, its paradigm's steps in
tests/brainio/marques2020/brainscore_internals.json)."""
import json
from pathlib import Path

import numpy as np
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import assembly_row, closed_endpoint, remove_uploads, stimulus_row, upload, use_catalog

FIXTURES = Path(__file__).parent / 'brainio' / 'marques2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'marques2020.json').read_text())
INTERNALS = json.loads((FIXTURES / 'brainscore_internals.json').read_text())
STIMULUS_OF = {'Cavanaugh2002a': 'Marques2020_size', 'DeValois1982a': 'Marques2020_orientation',
               'DeValois1982b': 'Marques2020_spatial_frequency', 'Ringach2002': 'Marques2020_orientation',
               'Schiller1976c': 'Marques2020_spatial_frequency',
               'FreemanZiemba2013_V1_properties': 'FreemanZiemba2013_properties'}
STIMULUS_SETS = ['Marques2020_blank', 'Marques2020_receptive_field', 'Marques2020_orientation',
                 'Marques2020_spatial_frequency', 'Marques2020_size', 'FreemanZiemba2013_properties']
# Brain-Score's parents (its plugin) and the assemblies' sizes (the real ones': its data tests)
PARENTS = {'Cavanaugh2002-grating_summation_field': 'V1-receptive_field_size',
           'Cavanaugh2002-surround_diameter': 'V1-receptive_field_size',
           'Cavanaugh2002-surround_suppression_index': 'V1-surround_modulation',
           'DeValois1982-pref_or': 'V1-orientation', 'DeValois1982-peak_sf': 'V1-spatial_frequency',
           'FreemanZiemba2013-texture_modulation_index': 'V1-texture_modulation',
           'FreemanZiemba2013-abs_texture_modulation_index': 'V1-texture_modulation',
           'FreemanZiemba2013-texture_selectivity': 'V1-response_selectivity',
           'FreemanZiemba2013-texture_sparseness': 'V1-response_selectivity',
           'FreemanZiemba2013-texture_variance_ratio': 'V1-response_selectivity',
           'FreemanZiemba2013-max_texture': 'V1-response_magnitude',
           'FreemanZiemba2013-max_noise': 'V1-response_magnitude',
           'Ringach2002-circular_variance': 'V1-orientation', 'Ringach2002-or_bandwidth': 'V1-orientation',
           'Ringach2002-orth_pref_ratio': 'V1-orientation', 'Ringach2002-or_selective': 'V1-orientation',
           'Ringach2002-cv_bandwidth_ratio': 'V1-orientation', 'Ringach2002-opr_cv_diff': 'V1-orientation',
           'Ringach2002-max_dc': 'V1-response_magnitude', 'Ringach2002-modulation_ratio': 'V1-response_selectivity',
           'Schiller1976-sf_bandwidth': 'V1-spatial_frequency', 'Schiller1976-sf_selective': 'V1-spatial_frequency'}
NEURONS = {'Cavanaugh2002': 190, 'DeValois1982-pref_or': 385, 'DeValois1982-peak_sf': 363,
           'FreemanZiemba2013': 102, 'Ringach2002': 304, 'Schiller1976': 87}


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def marques_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under the real keys (Cavanaugh2002a, Marques2020_blank...)"
    versions = upload(s3_env.endpoint, *sorted(p for p in FIXTURES.iterdir() if p.suffix in ('.csv', '.zip', '.nc')))
    rows = []
    for name in STIMULUS_SETS:
        st = PACKAGES[f'{name}_stimuli']
        rows.append(stimulus_row(name, FIXTURES / st['csv_path'], FIXTURES / st['zip_path'], versions,
                                 identifier=st['identifier']))
    for name, stimuli in STIMULUS_OF.items():
        a = PACKAGES[f'{name}_assembly']
        rows.append(assembly_row(name, FIXTURES / a['path'], versions, stimulus_set=stimuli, cls='PropertyAssembly',
                                 identifier=a['identifier'], sha1=a['sha1']))
    return use_catalog(rows, tmp_path / 'marques_catalog.tsv', monkeypatch)


@pytest.fixture
def model():
    from brainscore_nb.models.interface import PrecomputedFeatures
    return PrecomputedFeatures(read_brainio_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly'),
                               'fixture-v1', visual_degrees=12)


def test_marques2020_every_id_from_the_catalog(marques_catalog):
    "All 22 ids load by Brain-Score's names from the catalog served by S3, with its metadata; ceilings are Brain-Score's"
    import brainscore_nb as bn
    from brainscore_nb.registry import list_benchmarks
    ids = [i for i in list_benchmarks() if i.startswith('Marques2020_')]
    assert sorted(ids) == sorted(f'Marques2020_{k}' for k in PARENTS) == sorted(CROSSCHECK)
    for identifier in ids:
        b = bn.load_benchmark(identifier)
        suffix = identifier.removeprefix('Marques2020_')
        neurons = NEURONS.get(suffix, NEURONS.get(suffix.split('-')[0]))
        assert (b.identifier, b.version, b.parent, b.region, b.time_bins, b.number_of_trials) == (
            identifier, 1, PARENTS[suffix], 'V1', [(70, 170)], 20)
        assert b.visual_degrees == (8 if 'FreemanZiemba' in identifier else 12) and '@article' in b.bibtex
        assert b.assembly.sizes['neuroid'] == neurons
        assert b.ceiling.center == pytest.approx(CROSSCHECK[identifier]['brainscore']['ceiling'], abs=1e-6)


@pytest.mark.parametrize('identifier', ['Marques2020_Cavanaugh2002-surround_suppression_index',  # size gratings
                                        'Marques2020_DeValois1982-peak_sf',  # spatial-frequency gratings
                                        'Marques2020_Ringach2002-circular_variance',  # orientation gratings
                                        'Marques2020_FreemanZiemba2013-texture_modulation_index'])  # textures
def test_marques2020_scores_equal_brainscores(marques_catalog, model, identifier):
    "One benchmark per stimulus set scored from the catalog: raw, ceiling and score are Brain-Score's; the interval"
    import brainscore_nb as bn
    score = bn.load_benchmark(identifier)(model)
    want, ours = CROSSCHECK[identifier]['brainscore'], CROSSCHECK[identifier]['ours']
    got = dict(raw=score.attrs['raw'].center, ceiling=score.attrs['ceiling'].center, score=score.center)
    for k in ('raw', 'ceiling', 'score'):
        assert got[k] == pytest.approx(want[k], abs=1e-6) and got[k] == pytest.approx(ours[k], abs=1e-6)
    assert (score.attrs['ci_low'], score.attrs['ci_high']) == pytest.approx(ours['ci'], abs=1e-6)
    assert score.attrs['ci_low'] < score.center < score.attrs['ci_high']
    assert score.attrs['benchmark'] == identifier and len(score.attrs['data_sha1']) == 40


def test_marques2020_paradigm_steps_equal_brainscores(marques_catalog, model):
    "Receptive-field units, the firing-rate affine, baselines and the model's property tables are Brain-Score's"
    from brainscore_nb.data.datasets import load_stimulus_set
    from brainscore_nb.benchmarks import marques2020 as m
    model.start_recording('V1', [(70, 170)])
    blank, rf, ori = (load_stimulus_set(n) for n in ('Marques2020_blank', 'Marques2020_receptive_field',
                                                       'Marques2020_orientation'))
    centres = m.receptive_field_positions(m.record(model, blank, 10), m.record(model, rf, 10), rf)
    functions = {'Marques2020_size': m.cavanaugh2002_properties, 'Marques2020_orientation': m.devalois1982a_properties,
                 'Marques2020_spatial_frequency': m.devalois1982b_properties,
                 'FreemanZiemba2013_properties': m.freemanziemba2013_properties}
    assert sorted(INTERNALS) == sorted(functions)
    units = np.flatnonzero(np.linalg.norm(centres - m.stimulus_position(ori), axis=1) <= m.RF_DELTA)
    affine = m.firing_rate_affine(m.record(model, blank, 20)[units], m.record(model, ori, 20)[units], ori)
    for name, fn in functions.items():
        want = INTERNALS[name]
        stimuli = load_stimulus_set(name)
        near = np.flatnonzero(np.linalg.norm(centres - m.stimulus_position(stimuli), axis=1) <= m.RF_DELTA)
        assert near.tolist() == want['in_rf'] and len(near) == 9  # of 24 units (20 centred, measured)
        np.testing.assert_allclose(affine, want['affine'], rtol=1e-12)
        baseline = m.firing_rates(m.record(model, blank, 20)[near], affine)
        np.testing.assert_allclose(baseline.ravel(), want['baseline'], rtol=1e-12)
        props = fn(m.firing_rates(m.record(model, stimuli, 20)[near], affine), baseline, stimuli)
        assert list(props['neuronal_property'].values) == list(want['properties'])
        for p, values in want['properties'].items():
            np.testing.assert_allclose(props.sel(neuronal_property=p).values,
                                       np.array(values, dtype=float), rtol=1e-9, equal_nan=True)


def test_marques2020_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_movshon_Cavanaugh2002a\.nc|stimulus_Marques2020_size\.(csv|zip))'):
        bn.load_benchmark('Marques2020_Cavanaugh2002-surround_suppression_index').ceiling  # built, its data read, when first used
