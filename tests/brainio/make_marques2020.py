"""Write the synthetic Marques2020 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_marques2020.py

Brain-Score 2.4.2's 22 `Marques2020_*` benchmarks read six PropertyAssemblies (Cavanaugh2002a, DeValois1982a,
DeValois1982b, FreemanZiemba2013_V1_properties, Ringach2002, Schiller1976c) and show six stimulus sets
(Marques2020_blank, _receptive_field, _orientation, _spatial_frequency, _size and FreemanZiemba2013_properties).
This script writes one small package per entry with `package_stimulus_set_locally` /
`package_data_assembly_locally` of brainscore-core 2.5.0, so the bytes are what Brain-Score writes:

- assemblies of the real shape (neuroid x neuronal_property, the real property names, `number_of_trials` 20 and
  each property's `<property>_bins` attr as the data plugin's packaging scripts set them): Cavanaugh2002a (190),
  DeValois1982a (385), DeValois1982b (363) and Schiller1976c (87) are made by those packaging scripts' own
  `collect_data()` (they sample the published histograms; imported from the wheel at run time, seeded);
  Ringach2002 (304 x 12) and FreemanZiemba2013_V1_properties (102 x 11), whose scripts read the authors' raw
  files, are synthetic draws inside the real bins (brainscore-core 2.5.0's upload validator asks every assembly
  for a `stimulus_id` coord, which property assemblies never have: it is skipped for them, nothing else);
- stimulus sets with the real columns (`degrees`, `position_y`, `position_x`, `contrast`, `radius`,
  `spatial_frequency`, `orientation`, `phase`; textures `type`, `family`, `sample`) and the real ordering
  (position_y slowest ... phase fastest; the orientation set in cycles of (radius, spatial frequency)), on
  smaller grids than the real ones (receptive field 11 x 11 positions x 2 orientations, not 21 x 21 x 4 x 2;
  orientation 1 cycle x 2 sf x 12 orientations x 8 phases; spatial frequency 22 sf x 2 orientations x 4 phases;
  size 12 radii x 2 sf x 2 orientations x 4 phases; textures 2 types x 5 families x 5 samples), 4 x 4 PNGs;
- `fixture.Marques2020.features` (NeuroidAssembly): a deterministic "V1 model" of 24 units (a Gaussian receptive
  field, orientation, spatial-frequency and size tuning, phase modulation, texture preference; 20 centred on the
  stimuli, 4 elsewhere), its responses to every stimulus of the six sets (by stimulus_id), for scoring as a
  precomputed model; 4 x 4 gray PNGs (the features, not the pixels, are what is scored).

Files go next to this script, in `marques2020/`, with `packages.json` (what Brain-Score's functions returned,
paths made relative).
"""
import json
import os
import shutil
import sys
from itertools import product
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
from PIL import Image
import brainscore_vision
from brainscore_core.supported_data_standards.brainio.assemblies import DataAssembly, NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'marques2020'
PACKAGING = Path(brainscore_vision.__file__).parent / 'data' / 'marques2020' / 'data_packaging'
N_UNITS = 24
ORIENTATION = np.linspace(0, 165, 12)
PHASE8 = np.linspace(0, 315, 8)
PHASE4 = PHASE8[::2]
SF = np.logspace(-1.5 + 0.125, 4 - 0.125, 22, base=2)
RADIUS = np.logspace(-3 + 0.75, 4 - 0.75, 12, base=2) / 2
COLUMNS = ['position_y', 'position_x', 'contrast', 'radius', 'spatial_frequency', 'orientation', 'phase']


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def grid(ys, xs, cs, rs, sfs, ors, phs):
    "Rows in Brain-Score's order: position_y slowest, then x, contrast, radius, sf, orientation, phase"
    return [dict(zip(COLUMNS, v)) for v in product(ys, xs, cs, rs, sfs, ors, phs)]


def stimulus_sets():
    sets = {'Marques2020_blank': [dict()],
            'Marques2020_receptive_field': grid(np.linspace(-2.5, 2.5, 11), np.linspace(-2.5, 2.5, 11), [1],
                                                [1 / 6], [3], ORIENTATION[[0, 6]], PHASE8[[0]]),
            'Marques2020_spatial_frequency': grid([0.5], [0.5], [1], [2.25], SF, ORIENTATION[[0, 6]], PHASE4),
            'Marques2020_size': grid([0.5], [0.5], [1], RADIUS, SF[[8, 12]], ORIENTATION[[0, 6]], PHASE4)}
    orientation = []
    for mult in [3]:  # one cycle of (radius, sf), sf ascending inside the cycle
        for sf in SF[[8, 12]]:
            orientation += [dict(zip(COLUMNS, (0.5, 0.5, 1, mult / 2 / sf, sf, o, p)))
                            for o, p in product(ORIENTATION, PHASE8)]
    sets['Marques2020_orientation'] = orientation
    sets['FreemanZiemba2013_properties'] = [dict(position_y=0.5, position_x=0.5, type=t, family=f, sample=s)
                                            for t, f, s in product([1, 2], range(1, 6), range(1, 6))]
    out = {}
    short = dict(zip(sets, ('bl', 'rf', 'sf', 'sz', 'or', 'tx')))  # stimulus ids unique across the sets
    for name, rows in sets.items():
        degrees = 8 if name.startswith('Freeman') else 12
        out[name] = [dict(stimulus_id=f'{short[name]}{i:04d}', degrees=degrees, **r) for i, r in enumerate(rows)]
    return out


def responses(rows, units, rng):
    "The model's response of every unit to every stimulus (stimulus x unit)"
    out = np.zeros((len(rows), N_UNITS))
    for i, r in enumerate(rows):
        if 'type' in r:  # textures: family drive, texture boost, sample jitter
            f, s = r['family'] - 1, r['sample'] - 1
            drive = units['family'][:, f] * (1 + (r['type'] == 2) * units['texture_gain']) \
                * (1 + 0.3 * units['sample'][:, f, s])
            out[i] = units['baseline'] + units['gain'] * drive
            continue
        if 'radius' not in r:  # blank
            out[i] = units['baseline']
            continue
        d2 = (r['position_y'] - units['y']) ** 2 + (r['position_x'] - units['x']) ** 2
        reach = np.exp(-d2 / (2 * (units['sigma'] + r['radius']) ** 2))
        center = 1 - np.exp(-(r['radius'] / units['sigma']) ** 2)
        surround = units['suppression'] * (1 - np.exp(-(r['radius'] / (3 * units['sigma'])) ** 2))
        size = np.clip(center - surround, 0, None) * reach
        ori = np.exp(units['kappa'] * (np.cos(2 * np.deg2rad(r['orientation'] - units['theta'])) - 1))
        sf = np.exp(-np.log2(r['spatial_frequency'] / units['sf0']) ** 2 / (2 * units['sf_bw'] ** 2))
        phase = 1 + units['simple'] * np.cos(np.deg2rad(r['phase'] - units['phi']))
        out[i] = units['baseline'] + units['gain'] * size * (0.1 + ori) * sf * phase
    return out + 0.01 * rng.normal(size=out.shape)


def model_units(rng):
    inside = np.arange(N_UNITS) < 20  # 20 units centred on the stimuli, 4 elsewhere
    return dict(y=np.where(inside, 0.5 + rng.normal(0, 0.03, N_UNITS), rng.uniform(-2, -1, N_UNITS)),
                x=np.where(inside, 0.5 + rng.normal(0, 0.03, N_UNITS), rng.uniform(1.5, 2, N_UNITS)),
                sigma=rng.uniform(0.2, 0.8, N_UNITS), suppression=rng.uniform(0, 0.9, N_UNITS),
                kappa=rng.uniform(0.2, 3, N_UNITS), theta=rng.uniform(0, 180, N_UNITS),
                sf0=2 ** rng.uniform(-1, 3, N_UNITS), sf_bw=rng.uniform(0.6, 2, N_UNITS),
                simple=rng.uniform(0, 1, N_UNITS), phi=rng.uniform(0, 360, N_UNITS),
                baseline=rng.uniform(0, 0.3, N_UNITS), gain=rng.uniform(1, 10, N_UNITS),
                family=rng.uniform(0.2, 1, (N_UNITS, 5)), texture_gain=rng.uniform(-0.2, 1.5, N_UNITS),
                sample=rng.normal(size=(N_UNITS, 5, 5)))


def property_assemblies(rng):
    "The six assemblies: four by the data plugin's own collect_data() (seeded), two synthetic in the real bins"
    sys.path.insert(0, str(PACKAGING))
    import marques_cavanaugh2002a, marques_devalois1982a, marques_devalois1982b, marques_schiller1976c
    out = {}
    for name, module in (('Cavanaugh2002a', marques_cavanaugh2002a), ('DeValois1982a', marques_devalois1982a),
                         ('DeValois1982b', marques_devalois1982b), ('Schiller1976c', marques_schiller1976c)):
        np.random.seed(2020)
        out[name] = module.collect_data()
    # Ringach2002: 304 neurons, the plugin's 12 properties and bins
    n = 304
    baseline = 10 ** rng.uniform(-1.3, 1.5, n)
    max_dc = baseline + 5 + 10 ** rng.uniform(0, 2.2, n)
    min_dc = baseline * rng.uniform(0.3, 1.5, n)
    max_ac = max_dc * rng.uniform(0, 1.8, n)
    circular_variance = rng.beta(2, 1.5, n)
    bandwidth = rng.uniform(5, 90, n)
    bandwidth[rng.random(n) < 0.1] = np.nan
    opr = np.clip(circular_variance * rng.uniform(0.3, 1.1, n), 0, 1)
    selective = np.where(np.isnan(bandwidth), 0., 1.)
    ringach = np.stack([baseline, max_dc, min_dc, max_ac, max_ac / max_dc, circular_variance, bandwidth, opr,
                        selective, circular_variance / bandwidth, opr - circular_variance, opr / bandwidth], 1)
    bins = dict(baseline=np.logspace(-1 - 1 / 3, 2, 11), max_dc=np.logspace(0, 3, 10),
                min_dc=np.logspace(-1 - 1 / 3, 2, 11), max_ac=np.logspace(0, 3, 10),
                modulation_ratio=np.linspace(0, 2, 11), circular_variance=np.linspace(0, 1, 14),
                bandwidth=np.linspace(0, 90, 18), orthogonal_preferred_ratio=np.linspace(0, 1, 14),
                orientation_selective=np.linspace(0, 1, 3),
                circular_variance_bandwidth_ratio=np.logspace(-3, 0, 16),
                orthogonal_preferred_ratio_circular_variance_difference=np.linspace(-1, 1, 20),
                orthogonal_preferred_ratio_bandwidth_ratio=np.logspace(-3, 0, 16))
    out['Ringach2002'] = table(ringach, bins)
    # FreemanZiemba2013_V1_properties: 102 neurons, 11 properties and bins
    n = 102
    tmi = np.clip(rng.normal(0.1, 0.15, n), -1, 1)
    fz = np.stack([tmi, np.abs(tmi), rng.beta(2, 4, n), rng.beta(2, 5, n), rng.beta(2, 3, n), rng.beta(2, 4, n),
                   10 ** rng.uniform(-1.5, 0.8, n), rng.beta(2, 3, n), rng.beta(1.5, 4, n),
                   10 ** rng.uniform(0, 2.5, n), 10 ** rng.uniform(0, 2.3, n)], 1)
    bins = dict(texture_modulation_index=np.linspace(-1, 1, 25), absolute_texture_modulation_index=np.linspace(0, 1, 13),
                texture_selectivity=np.linspace(0, 1, 11), noise_selectivity=np.linspace(0, 1, 11),
                texture_sparseness=np.linspace(0, 1, 11), noise_sparseness=np.linspace(0, 1, 11),
                variance_ratio=np.logspace(-2, 1, 13), sample_variance=np.linspace(0, 1, 11),
                family_variance=np.linspace(0, 1, 11), max_texture=np.logspace(-1, 3, 13),
                max_noise=np.logspace(-1, 3, 13))
    out['FreemanZiemba2013_V1_properties'] = table(fz, bins)
    return out


def table(values, bins):
    assembly = DataAssembly(values, coords={'neuroid_id': ('neuroid', range(values.shape[0])),
                                            'region': ('neuroid', ['V1'] * values.shape[0]),
                                            'neuronal_property': list(bins)}, dims=['neuroid', 'neuronal_property'])
    assembly.attrs['number_of_trials'] = 20
    for p, b in bins.items(): assembly.attrs[p + '_bins'] = b
    return assembly


STIMULI_OF = {'Cavanaugh2002a': 'Marques2020_size', 'DeValois1982a': 'Marques2020_orientation',
              'DeValois1982b': 'Marques2020_spatial_frequency', 'Ringach2002': 'Marques2020_orientation',
              'Schiller1976c': 'Marques2020_spatial_frequency',
              'FreemanZiemba2013_V1_properties': 'FreemanZiemba2013_properties'}


def main():
    rng = np.random.default_rng(2020)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    packages = {}
    sets = stimulus_sets()
    for name, rows in sets.items():
        folder = images / name
        folder.mkdir(parents=True, exist_ok=True)
        for r in rows:
            Image.fromarray(np.full((4, 4), 128, np.uint8)).save(folder / f"{r['stimulus_id']}.png")
        stimuli = StimulusSet(rows)
        stimuli.stimulus_paths = {r['stimulus_id']: folder / f"{r['stimulus_id']}.png" for r in rows}
        stimuli.name = f'fixture.{name}'
        packages[f'{name}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=f'fixture.{name}', downloads_path=OUT))
    # brainscore-core 2.5.0's upload validator wants a stimulus_id coord, which a PropertyAssembly (neuroid x
    # neuronal_property, the real ones packaged by older BrainIO) never has; everything else is its code
    from brainscore_core.supported_data_standards.brainio import packaging
    validate = packaging.validate_assembly_only
    packaging.validate_assembly_only = lambda assembly, identifier: (
        'neuronal_property' in assembly.dims or validate(assembly, identifier))
    for name, assembly in property_assemblies(rng).items():
        identifier = f'fixture.{name}'
        assembly.name = identifier
        packages[f'{name}_assembly'] = relative(package_data_assembly_locally(
            proto_data_assembly=assembly, assembly_identifier=identifier,
            stimulus_set_identifier=f'fixture.{STIMULI_OF[name]}', assembly_class_name='PropertyAssembly',
            downloads_path=OUT))
    packaging.validate_assembly_only = validate
    units = model_units(rng)
    rows = [r for rs in sets.values() for r in rs]
    values = responses(rows, units, rng)
    model = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in rows]),
        'experiment': ('presentation', [r['stimulus_id'][:2] for r in rows]),  # which stimulus set
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_UNITS)]),
        'layer': ('neuroid', ['v1'] * N_UNITS)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Marques2020.features',
        stimulus_set_identifier='fixture.Marques2020_blank', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
