"""Write the synthetic Li2026 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_li2026.py

Brain-Score 2.4.2's `Li2026.<region>-<ridgecv|pls|rdm>` read the catalog entry `Li2026` (Li2026_Assembly, a
NeuronRecordingAssembly: the 1000 NSD shared images x Neuropixels units of 5 macaques, the mean rate in 70-170 ms, float32,
one time bin) and its stimulus set `Li2026` (Li2026_Stimuli). Neuroid coords (data/li2026/data_packaging:
build_li2026_static.py, build_li2026_static_70_170ms.py): neuroid_id ('<session>.<unit>'), region (V1, V2, V4, IT),
animal, arealabel, unittype, reliability, reliability_window (split-half Spearman-Brown at 70-170 ms: the plugin keeps
units above 0.4 and ceils on their median), pos, F_SI, B_SI, O_SI, snr, best_time_start, best_time_end; presentation
coords stimulus_id ('nsd_<id>'), nsd_id, tn_index. This script writes a small seeded synthetic package in that
structure with `package_stimulus_set_locally` / `package_data_assembly_locally` of brainscore-core 2.5.0:

- (brainscore-core 2.5.0 packages locally only under its own class names: NeuroidAssembly here; the catalog row and
  the plugin load it as NeuronRecordingAssembly)
- stimulus set `fixture.Li2026` (60 images, 8 x 8 PNGs), assembly `fixture.Li2026` (60 presentations x 48 units: V1, V2
  and V4 from 2 animals, IT from 3, 6 units each, about two thirds above the 0.4 reliability);
- `fixture.Li2026.features`: a "model's" 40 features of the 60 images.

Responses are a per-unit linear readout of the features plus noise. Files go to `li2026/` beside this script, with
`packages.json`.
"""
import json
import os
import shutil
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'li2026'
ANIMALS = {'V1': ('monkeyA', 'monkeyB'), 'V2': ('monkeyA', 'monkeyB'), 'V4': ('monkeyB', 'monkeyC'),
           'IT': ('monkeyC', 'monkeyD', 'monkeyE')}
UNITS, N_IMAGES, N_FEATURES = 6, 60, 40


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2026)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    images.mkdir(exist_ok=True)
    nsd = np.sort(rng.choice(73000, N_IMAGES, replace=False))
    ids = [f'nsd_{n}' for n in nsd]
    for sid in ids:
        Image.fromarray(rng.integers(0, 256, size=(8, 8, 3), dtype=np.uint8)).save(images / f'{sid}.png')
    stimuli = StimulusSet([{'stimulus_id': s, 'nsd_id': int(n), 'tn_index': i + 1}
                           for i, (s, n) in enumerate(zip(ids, nsd))])
    stimuli.stimulus_paths = {s: images / f'{s}.png' for s in ids}
    stimuli.name = 'fixture.Li2026'
    packages = {'stimuli': relative(package_stimulus_set_locally(
        proto_stimulus_set=stimuli, stimulus_set_identifier='fixture.Li2026', downloads_path=OUT))}
    features = rng.normal(size=(N_IMAGES, N_FEATURES))
    cols = {k: [] for k in ('neuroid_id', 'region', 'animal', 'arealabel', 'unittype', 'reliability',
                            'reliability_window', 'pos', 'F_SI', 'B_SI', 'O_SI', 'snr', 'best_time_start',
                            'best_time_end')}
    session = 0
    for region, animals in ANIMALS.items():
        for animal in animals:
            session += 1
            for u in range(UNITS):
                cols['neuroid_id'].append(f'{session}.{u}'); cols['region'].append(region)
                cols['animal'].append(animal); cols['arealabel'].append(f'{region}-patch')
                cols['unittype'].append(['SUA', 'MUA'][u % 2])
                cols['reliability'].append(float(rng.uniform(0.2, 0.95)))
                cols['reliability_window'].append(float([0.15, 0.55, 0.72, 0.4, 0.63, 0.88][u]))  # 0.4 is dropped
                for c in ('pos', 'F_SI', 'B_SI', 'O_SI', 'snr'): cols[c].append(float(rng.uniform(0, 1)))
                cols['best_time_start'].append(int(rng.integers(50, 120)))
                cols['best_time_end'].append(cols['best_time_start'][-1] + 100)
    n = len(cols['neuroid_id'])
    rates = features @ (rng.normal(size=(N_FEATURES, n)) / np.sqrt(N_FEATURES)) + rng.normal(size=(N_IMAGES, n))
    rates = (5 + 2 * rates).astype(np.float32)
    dtypes = {'reliability': np.float32, 'reliability_window': np.float32, 'pos': np.float32, 'F_SI': np.float32,
              'B_SI': np.float32, 'O_SI': np.float32, 'snr': np.float32, 'best_time_start': np.int16,
              'best_time_end': np.int16}
    assembly = NeuronRecordingAssembly(rates[:, :, None], dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', ids), 'nsd_id': ('presentation', nsd),
        'tn_index': ('presentation', np.arange(1, N_IMAGES + 1)),
        **{c: ('neuroid', np.asarray(v, dtypes.get(c))) for c, v in cols.items()},
        'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
    assembly.name = 'fixture.Li2026'
    packages['assembly'] = relative(package_data_assembly_locally(
        proto_data_assembly=assembly, assembly_identifier='fixture.Li2026', stimulus_set_identifier='fixture.Li2026',
        assembly_class_name='NeuroidAssembly', downloads_path=OUT))  # the class its loader is given: NeuronRecordingAssembly
    model = NeuroidAssembly(features, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'nsd_id': ('presentation', nsd),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Li2026.features',
        stimulus_set_identifier='fixture.Li2026', assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
