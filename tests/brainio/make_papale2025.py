"""Write the synthetic Papale2025 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_papale2025.py

Brain-Score 2.4.2's `Papale2025.<V1|V4|IT>-<ridge|ridgecv>` read two catalog entries, `Papale2025_train`
(THINGS_TVSD_train_Assembly: 22,248 presentations = 1854 concepts x 12 images x 1 repetition) and `Papale2025_test`
(THINGS_TVSD_test_Assembly: 3000 presentations = 100 images x 30 repetitions), each NeuroidAssembly presentation x
neuroid x time_bin over the same 2048 electrodes of two monkeys (monkeyF, monkeyN; V1, V4, IT; `neuroid_id`
restarting at 0 for each subject; per-electrode `reliability`, the plugin keeps electrodes above 0.3; `SNR`,
`SNR_max`, `oracle`), one time bin 70-170 ms (the coords of brainscore_vision/data/papale2025's packaging script).
This script writes small seeded synthetic packages in that structure with `package_stimulus_set_locally` /
`package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus sets `fixture.Papale2025.train` (16 concepts x 3 images) and `fixture.Papale2025.test` (12 images),
  columns stimulus_id ('<concept>_<nn>s'), label, object_name, label_idx; 8 x 8 PNG images;
- assemblies `fixture.Papale2025.train` (48 presentations, repetition 0) and `fixture.Papale2025.test`
  (12 images x 10 repetitions), 2 subjects x 3 regions x 5 electrodes = 30 neuroids, of which two per subject and
  region have reliability <= 0.3 (dropped by the plugin; one exactly 0.3);
- `fixture.Papale2025.features`: a "model's" 64 features of all 60 images (more features than training images,
  as for a real model), for scoring as a precomputed model.

Responses are a per-electrode linear readout of the features plus noise (each test repetition its own noise), so the
model predicts part of them. Files go to `papale2025/` beside this script, with `packages.json`.
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

OUT = Path(__file__).resolve().parent / 'papale2025'
SUBJECTS, REGIONS, ELECTRODES = ('monkeyF', 'monkeyN'), ('V1', 'V4', 'IT'), 5
CONCEPTS, PER_CONCEPT, N_TEST, REPS, N_FEATURES = 16, 3, 12, 10, 64
RELIABILITY = [0.12, 0.45, 0.61, 0.3, 0.385]  # per electrode of each region; 0.3 is dropped (> 0.3 kept)



def main():
    rng = np.random.default_rng(2025)
    images, train_ids, test_ids = things_images(rng, OUT, CONCEPTS, PER_CONCEPT, N_TEST)
    features = rng.normal(size=(len(train_ids) + N_TEST, N_FEATURES))
    n = len(SUBJECTS) * len(REGIONS) * ELECTRODES
    weights = rng.normal(size=(N_FEATURES, n)) / np.sqrt(N_FEATURES)
    signal = features @ weights
    noise_sd = rng.uniform(0.5, 2.0, size=n)
    # neuroid coords, subject by subject, region by region (the packaging script's order)
    coords = {k: [] for k in ('region', 'subject', 'neuroid_id', 'SNR', 'SNR_max', 'reliability', 'oracle')}
    for subject in SUBJECTS:
        k = 0
        for region in REGIONS:
            for e in range(ELECTRODES):
                coords['region'].append(region); coords['subject'].append(subject); coords['neuroid_id'].append(k)
                coords['SNR'].append(float(rng.uniform(1, 10))); coords['SNR_max'].append(float(rng.uniform(5, 20)))
                coords['reliability'].append(RELIABILITY[e]); coords['oracle'].append(float(rng.uniform(0, 1)))
                k += 1
    neuroid_coords = {c: ('neuroid', v) for c, v in coords.items()}
    packages = {}
    for split, ids, reps in (('train', train_ids, 1), ('test', test_ids, REPS)):
        identifier = f'fixture.Papale2025.{split}'
        labels = [s.rsplit('_', 1)[0] for s in ids]
        stimuli = stimulus_set(ids, labels, f'fixture.Papale2025.{split}', images)
        packages[f'{split}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=identifier, downloads_path=OUT))
        rows = np.repeat(np.arange(len(ids)), reps) + (0 if split == 'train' else len(train_ids))
        values = signal[rows] + rng.normal(size=(len(rows), n)) * noise_sd  # normalised MUA-like responses
        assembly = NeuroidAssembly(values[:, :, None], dims=['presentation', 'neuroid', 'time_bin'], coords={
            'stimulus_id': ('presentation', np.repeat(stimuli['stimulus_id'].values, reps)),
            'stimulus_label': ('presentation', np.repeat(stimuli['label'].values, reps)),
            'object_name': ('presentation', np.repeat(stimuli['object_name'].values, reps)),
            'stimulus_label_idx': ('presentation', np.repeat(stimuli['label_idx'].values, reps)),
            'repetition': ('presentation', np.tile(np.arange(reps), len(ids))),
            **neuroid_coords, 'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
        assembly.name = identifier
        packages[f'{split}_assembly'] = relative(package_data_assembly_locally(
            proto_data_assembly=assembly, assembly_identifier=identifier, stimulus_set_identifier=identifier,
            assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    finish(features, train_ids + test_ids, 'Papale2025', OUT, packages, images)


if __name__ == '__main__':
    main()
