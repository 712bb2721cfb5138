"""Write the synthetic Gifford2022 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_gifford2022.py

Brain-Score 2.4.2's `Gifford2022.IT-<ridge|ridgecv>` read two catalog entries, `Gifford2022_train`
(THINGS_EEG2_train_Assembly: 66,160 presentations = 1654 concepts x 10 images x 4 repetitions) and `Gifford2022_test`
(THINGS_EEG2_test_Assembly: 16,000 presentations = 200 images x 80 repetitions), each NeuroidAssembly presentation x
neuroid x time_bin over 10 subjects x 17 EEG channels and 100 time bins of 10 ms from -0.2 s to 0.8 s (in seconds,
`np.round(times, 2)`), z-scored per subject, channel and time over stimuli and trials (the coords of
brainscore_vision/data/gifford2022's packaging script). This script writes small seeded synthetic packages in that
structure with `package_stimulus_set_locally` / `package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus sets `fixture.Gifford2022.train` (8 concepts x 2 images) and `fixture.Gifford2022.test` (8 images),
  columns stimulus_id ('<concept>_<nn>s'), label, object_name, label_idx; 8 x 8 PNG images;
- assemblies `fixture.Gifford2022.train` (16 images x 4 repetitions) and `fixture.Gifford2022.test` (8 images x 4
  repetitions), 3 subjects x 2 channels = 6 neuroids, the real 100 time bins (float64, as the real packages);
- `fixture.Gifford2022.features`: a "model's" 32 features of all 24 images (more features than training images,
  as for a real model), for scoring as a precomputed model.

Responses are a per-(channel, time) linear readout of the features plus noise (each repetition its own noise), so the
model predicts part of them. Files go to `gifford2022/` beside this script, with `packages.json`.
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

OUT = Path(__file__).resolve().parent / 'gifford2022'
SUBJECTS = ['sub-01', 'sub-02', 'sub-03']
CHANNELS = ['Oz', 'POz']
CONCEPTS, PER_CONCEPT, N_TEST, TRAIN_REPS, TEST_REPS, N_FEATURES = 8, 2, 8, 4, 4, 32
TIMES = np.arange(-0.2, 0.8, 0.01)  # 100 time points, as the real `times`



def main():
    rng = np.random.default_rng(2022)
    images, train_ids, test_ids = things_images(rng, OUT, CONCEPTS, PER_CONCEPT, N_TEST)
    features = rng.normal(size=(len(train_ids) + N_TEST, N_FEATURES))
    n_ch, n_t = len(CHANNELS), len(TIMES)
    # each subject x channel x time its own readout, smooth in time; weaker before stimulus onset
    weights = rng.normal(size=(N_FEATURES, len(SUBJECTS), n_ch, 1)) * np.sin(np.linspace(0, 3, n_t))
    weights = weights + 0.3 * rng.normal(size=weights.shape)
    signal = np.einsum('if,fsct->isct', features, weights) / np.sqrt(N_FEATURES)
    noise_sd = rng.uniform(0.5, 2.0, size=(len(SUBJECTS), n_ch, 1))
    time_bin_start = np.round(TIMES, decimals=2)
    time_bin_end = np.round(np.append(time_bin_start[1:], [0.8]), decimals=2)
    packages = {}
    for split, ids, reps in (('train', train_ids, TRAIN_REPS), ('test', test_ids, TEST_REPS)):
        identifier = f'fixture.Gifford2022.{split}'
        labels = [s.rsplit('_', 1)[0] for s in ids]
        stimuli = stimulus_set(ids, labels, f'fixture.Gifford2022.{split}', images)
        packages[f'{split}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=identifier, downloads_path=OUT))
        rows = np.repeat(np.arange(len(ids)), reps) + (0 if split == 'train' else len(train_ids))
        values = signal[rows] + rng.normal(size=(len(rows),) + signal.shape[1:]) * noise_sd
        # z-scored per subject, channel and time over stimuli and trials, as the packaging script does
        values = (values - values.mean(0)) / values.std(0)
        values = values.reshape(len(rows), len(SUBJECTS) * n_ch, n_t)  # subjects' channels side by side
        assembly = NeuroidAssembly(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
            'stimulus_id': ('presentation', np.repeat(stimuli['stimulus_id'].values, reps)),
            'stimulus_label': ('presentation', np.repeat(stimuli['label'].values, reps)),
            'object_name': ('presentation', np.repeat(stimuli['object_name'].values, reps)),
            'stimulus_label_idx': ('presentation', np.repeat(stimuli['label_idx'].values, reps)),
            'repetition': ('presentation', np.tile(np.arange(reps), len(ids))),
            'subject': ('neuroid', np.repeat(SUBJECTS, n_ch)),
            'neuroid_id': ('neuroid', np.tile(np.arange(n_ch), len(SUBJECTS))),
            'channel': ('neuroid', np.tile(CHANNELS, len(SUBJECTS))),
            'time_bin_start': ('time_bin', time_bin_start), 'time_bin_end': ('time_bin', time_bin_end)})
        assembly.name = identifier
        packages[f'{split}_assembly'] = relative(package_data_assembly_locally(
            proto_data_assembly=assembly, assembly_identifier=identifier, stimulus_set_identifier=identifier,
            assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    finish(features, train_ids + test_ids, 'Gifford2022', OUT, packages, images)


if __name__ == '__main__':
    main()
