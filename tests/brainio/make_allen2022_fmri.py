"""Write the synthetic Allen2022_fmri fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_allen2022_fmri.py

Brain-Score 2.4.2's `Allen2022_fmri[_surface][_4subj].<region>-<ridge|rdm>` read, per variant, a train assembly (the
Natural Scenes Dataset's shared images, repetitions already averaged: 412 presentations over 84,564 voxels of 8
subjects for `Allen2022_fmri_train`), a test assembly (103 images x 3 repetitions, `repetition` 0-2) and their stimulus
sets (`stimulus_id`, `nsd_id`). Neuroid coords: `neuroid_id`, `subject` ('subj01', ...), `region` (V1, V2, V4, IT),
`nc_testset` (percent; the plugin keeps voxels above 30), and `voxel_x/y/z` (volumetric) or `hemisphere` and
`vertex_index` (surface, float32 values); one time bin 70-170 ms (data/allen2022_fmri/data_packaging/notebooks). This
script writes small seeded synthetic packages in that structure with `package_stimulus_set_locally` /
`package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus sets `fixture.Allen2022_fmri.{train,test}`: 40 and 10 images (8 x 8 PNGs);
- assemblies `fixture.Allen2022_fmri.{train,test}` (volumetric, float64) and
  `fixture.Allen2022_fmri_surface.{train,test}` (surface, float32): 3 subjects x 4 regions x 8 voxels, 6 of each
  8 above the threshold; the test images 3 repetitions each;
- `fixture.Allen2022_fmri.features`: a "model's" 48 features of the 50 images (more features than training images).

Responses are a per-voxel linear readout of the features plus noise (each repetition its own). Files go to
`allen2022_fmri/` beside this script, with `packages.json`.
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

OUT = Path(__file__).resolve().parent / 'allen2022_fmri'
SUBJECTS, REGIONS, VOXELS = ('subj01', 'subj02', 'subj05'), ('V1', 'V2', 'V4', 'IT'), 8
N_TRAIN, N_TEST, REPS, N_FEATURES = 40, 10, 3, 48
NC = [12.5, 45.0, 61.0, 30.0, 38.5, 52.0, 33.0, 70.0]  # percent; 12.5 and 30.0 are dropped (the plugin keeps > 30)


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2022)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    images.mkdir(exist_ok=True)
    nsd = rng.choice(73000, N_TRAIN + N_TEST, replace=False)
    ids = [f'nsd{n:05d}' for n in nsd]
    for sid in ids:
        Image.fromarray(rng.integers(0, 256, size=(8, 8, 3), dtype=np.uint8)).save(images / f'{sid}.png')
    features = rng.normal(size=(len(ids), N_FEATURES))
    n = len(SUBJECTS) * len(REGIONS) * VOXELS
    signal = features @ (rng.normal(size=(N_FEATURES, n)) / np.sqrt(N_FEATURES))
    noise_sd = rng.uniform(0.5, 2.0, size=n)
    common = {k: [] for k in ('neuroid_id', 'subject', 'region', 'nc_testset')}
    volumetric = {k: [] for k in ('voxel_x', 'voxel_y', 'voxel_z')}
    surface = {k: [] for k in ('hemisphere', 'vertex_index')}
    for subject in SUBJECTS:
        for region in REGIONS:
            for v in range(VOXELS):
                common['neuroid_id'].append(f'{subject}_{region}_{v:04d}'); common['subject'].append(subject)
                common['region'].append(region); common['nc_testset'].append(NC[v])
                for axis in 'xyz': volumetric[f'voxel_{axis}'].append(int(rng.integers(0, 80)))
                surface['hemisphere'].append('lh' if v % 2 else 'rh')
                surface['vertex_index'].append(int(rng.integers(0, 160000)))
    packages = {}
    splits = {'train': (ids[:N_TRAIN], 1), 'test': (ids[N_TRAIN:], REPS)}
    for split, (split_ids, reps) in splits.items():
        identifier = f'fixture.Allen2022_fmri.{split}'
        stimuli = StimulusSet([{'stimulus_id': s, 'nsd_id': int(s[3:])} for s in split_ids])
        stimuli.stimulus_paths = {s: images / f'{s}.png' for s in split_ids}
        stimuli.name = identifier
        packages[f'{split}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=identifier, downloads_path=OUT))
        rows = np.repeat(np.arange(len(split_ids)), reps) + (0 if split == 'train' else N_TRAIN)
        values = signal[rows] + rng.normal(size=(len(rows), n)) * noise_sd
        if split == 'train':  # the train package holds repetition averages (of 3 trials)
            values = signal[rows] + rng.normal(size=(len(rows), n)) * noise_sd / np.sqrt(REPS)
        presentation = {'stimulus_id': ('presentation', np.repeat(split_ids, reps)),
                        'nsd_id': ('presentation', np.repeat([int(s[3:]) for s in split_ids], reps))}
        if split == 'test': presentation['repetition'] = ('presentation', np.tile(np.arange(reps), len(split_ids)))
        for variant, extra, dtype in (('Allen2022_fmri', volumetric, np.float64),
                                      ('Allen2022_fmri_surface', surface, np.float32)):
            name = f'fixture.{variant}.{split}'
            assembly = NeuroidAssembly(values.astype(dtype)[:, :, None], dims=['presentation', 'neuroid', 'time_bin'],
                                       coords={**presentation, **{k: ('neuroid', v) for k, v in common.items()},
                                               **{k: ('neuroid', v) for k, v in extra.items()},
                                               'time_bin_start': ('time_bin', [70]),
                                               'time_bin_end': ('time_bin', [170])})
            assembly.name = name
            packages[f'{variant}_{split}_assembly'] = relative(package_data_assembly_locally(
                proto_data_assembly=assembly, assembly_identifier=name, stimulus_set_identifier=identifier,
                assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    model = NeuroidAssembly(features, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'nsd_id': ('presentation', [int(s[3:]) for s in ids]),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Allen2022_fmri.features',
        stimulus_set_identifier='fixture.Allen2022_fmri.train', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
