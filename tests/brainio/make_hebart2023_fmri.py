"""Write the synthetic Hebart2023_fmri fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_hebart2023_fmri.py

Brain-Score 2.4.2's `Hebart2023_fmri.<region>-<ridge|ridgecv>` read two catalog entries, `Hebart2023_fmri_train`
(THINGS_fMRI_train_Assembly: 8640 presentations = 720 concepts x 12 images x 1 repetition) and `Hebart2023_fmri_test`
(THINGS_fMRI_test_Assembly: 1200 presentations = 100 images x 12 repetitions), each NeuroidAssembly presentation x
neuroid x time_bin over the same 18,394 voxels of 3 subjects (V1, V2, V4, IT; `neuroid_id` restarts at 0 for each
subject; `nc_testset` in percent, the plugin keeps voxels above 30), one time bin 70-170 ms. This script writes
small seeded synthetic packages in that structure (the coords of brainscore_vision/data/hebart2023_fmri's packaging
script) with `package_stimulus_set_locally` / `package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus sets `fixture.Hebart2023_fmri.train` (16 concepts x 3 images) and `fixture.Hebart2023_fmri.test`
  (12 images), columns stimulus_id ('<concept>_<nn>s'), label, object_name, label_idx; 8 x 8 PNG images;
- assemblies `fixture.Hebart2023_fmri.train` (48 presentations, repetition 0) and `fixture.Hebart2023_fmri.test`
  (12 images x 12 repetitions), 3 subjects x 4 regions x 5 voxels = 60 neuroids, of which some have
  nc_testset <= 30 (dropped by the plugin), the neuroid coords of the real package;
- `fixture.Hebart2023_fmri.features`: a "model's" 64 features of all 60 images (more features than training
  images, as for a real model), for scoring as a precomputed model.

Voxel responses are a per-voxel linear readout of the features plus noise (each test repetition its own noise),
so the model predicts part of them. Files go to `hebart2023_fmri/` beside this script, with `packages.json`.
"""
import os
import sys
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,  # noqa: E402
                                                                       package_stimulus_set_locally)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from things_fixture import finish, relative, stimulus_set, things_images  # noqa: E402

OUT = Path(__file__).resolve().parent / 'hebart2023_fmri'
SUBJECTS, REGIONS, VOXELS = ('01', '02', '03'), ('V1', 'V2', 'V4', 'IT'), 5
CONCEPTS, PER_CONCEPT, N_TEST, REPS, N_FEATURES = 16, 3, 12, 12, 64
ROI = {'V1': 'V1', 'V2': 'V2', 'V4': 'hV4', 'IT': 'glasser-FFC'}



def main():
    rng = np.random.default_rng(2023)
    images, train_ids, test_ids = things_images(rng, OUT, CONCEPTS, PER_CONCEPT, N_TEST)
    features = rng.normal(size=(len(train_ids) + N_TEST, N_FEATURES))
    n = SUBJECTS.__len__() * len(REGIONS) * VOXELS
    weights = rng.normal(size=(N_FEATURES, n)) / np.sqrt(N_FEATURES)
    signal = features @ weights
    noise_sd = rng.uniform(0.5, 2.0, size=n)
    # neuroid coords, subject by subject, region by region (the packaging script's order)
    coords = {k: [] for k in ('region', 'subject', 'neuroid_id', 'voxel_id', 'voxel_x', 'voxel_y', 'voxel_z',
                              'nc_singletrial', 'nc_testset', 'splithalf_uncorrected', 'splithalf_corrected',
                              'prf-eccentricity', 'prf-polarangle', 'prf-rsquared', 'prf-size', 'roi')}
    for subject in SUBJECTS:
        k = 0
        for region in REGIONS:
            for v in range(VOXELS):
                coords['region'].append(region); coords['subject'].append(subject)
                coords['neuroid_id'].append(k); coords['voxel_id'].append(int(rng.integers(0, 200000)))
                for axis in 'xyz': coords[f'voxel_{axis}'].append(int(rng.integers(0, 80)))
                coords['nc_singletrial'].append(float(rng.uniform(0, 40)))
                coords['nc_testset'].append(float([12.5, 45.0, 61.0, 30.0, 38.5][v]))  # 30.0 is dropped (> 30)
                for c in ('splithalf_uncorrected', 'splithalf_corrected', 'prf-eccentricity',
                          'prf-polarangle', 'prf-rsquared', 'prf-size'):
                    coords[c].append(float(rng.uniform(0, 1)))
                coords['roi'].append(ROI[region])
                k += 1
    neuroid_coords = {c: ('neuroid', v) for c, v in coords.items()}
    packages = {}
    for split, ids, reps in (('train', train_ids, 1), ('test', test_ids, REPS)):
        identifier = f'fixture.Hebart2023_fmri.{split}'
        labels = [s.rsplit('_', 1)[0] for s in ids]
        stimuli = stimulus_set(ids, labels, f'fixture.Hebart2023_fmri.{split}', images)
        packages[f'{split}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=identifier, downloads_path=OUT))
        rows = np.repeat(np.arange(len(ids)), reps) + (0 if split == 'train' else len(train_ids))
        values = signal[rows] + rng.normal(size=(len(rows), n)) * noise_sd
        values = (values - values.mean(0)) / values.std(0)  # z-scored per voxel, as the packaging script does
        label_idx = stimuli.set_index('stimulus_id')['label_idx']
        assembly = NeuroidAssembly(values[:, :, None], dims=['presentation', 'neuroid', 'time_bin'], coords={
            'stimulus_id': ('presentation', np.repeat(ids, reps)),
            'stimulus_label': ('presentation', np.repeat(labels, reps)),
            'object_name': ('presentation', np.repeat(labels, reps)),
            'stimulus_label_idx': ('presentation', np.repeat(label_idx.loc[ids].values, reps)),
            'repetition': ('presentation', np.tile(np.arange(reps), len(ids))),
            **neuroid_coords, 'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
        assembly.name = identifier
        packages[f'{split}_assembly'] = relative(package_data_assembly_locally(
            proto_data_assembly=assembly, assembly_identifier=identifier, stimulus_set_identifier=identifier,
            assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    finish(features, train_ids + test_ids, 'Hebart2023_fmri', OUT, packages, images)


if __name__ == '__main__':
    main()
