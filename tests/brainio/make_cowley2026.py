"""Write the synthetic Cowley2026 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/make_cowley2026.py

Brain-Score 2.4.2's `Cowley2026.V4-pls` scores four V4 sessions (190923, 201025, 210225, 211022), each its own
catalog entry `Cowley2026.<session>` (an assembly and a stimulus set). This script writes one small, seeded,
synthetic package per session in the real entries' structure (brainscore_vision/data/cowley2026: the
authors' packaging script and the plugin's comments), with `package_stimulus_set_locally` /
`package_data_assembly_locally` of brainscore-core 2.5.0, so the bytes are what Brain-Score writes:

- stimulus set `fixture.Cowley2026.<session>`: columns `stimulus_id` ('image0001', ...), `object_name`
  ('0001', ...; one per image), 16 x 16 PNG images (the real ones are JPEGs);
- assembly `fixture.Cowley2026.<session>` (NeuroidAssembly): every repetition a presentation (`stimulus_id`,
  `object_name`, `repetition` 0, 1, ...; 4 to 8 repetitions per image), `neuroid_id` 'neuron_<i>' and
  `region` 'V4' per neuroid; session 190923 has a `time_bin` dim (50-150 ms) as its real package, the other
  three have none (the plugin adds the window for them); attr `experiment_date`;
- `fixture.Cowley2026.features` (NeuroidAssembly): a "model's" 30 features for image0001..image0064, the
  ids every session uses (the sessions' ids overlap as the real ones do), for scoring as a precomputed model.

Responses are Poisson counts whose rate depends on the features through each session's own random weights
(plus a per-image nuisance), so the model predicts part of them. Files go next to this script, in
`cowley2026/`, with `packages.json` (what Brain-Score's functions returned, paths made relative).
"""
import json
import os
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'cowley2026'
SESSIONS = {'190923': (48, 8, '2019-09-23'), '201025': (48, 10, '2020-10-25'), '210225': (48, 6, '2021-02-25'),
            '211022': (64, 7, '2021-10-22')}  # session -> (images, neurons, date); the real ones: 1200-1600, 33-89
N_FEATURES = 30


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2026)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    n_images = max(n for n, _, _ in SESSIONS.values())
    features = rng.normal(size=(n_images, N_FEATURES))
    packages = {}
    for session, (n, n_neurons, date) in SESSIONS.items():
        identifier = f'fixture.Cowley2026.{session}'
        folder = images / session
        folder.mkdir(parents=True, exist_ok=True)
        ids = [f'image{i:04d}' for i in range(1, n + 1)]
        for sid in ids:
            Image.fromarray(rng.integers(0, 256, size=(16, 16, 3), dtype=np.uint8)).save(folder / f'{sid}.png')
        stimuli = StimulusSet([{'stimulus_id': sid, 'object_name': sid[-4:]} for sid in ids])
        stimuli.stimulus_paths = {sid: folder / f'{sid}.png' for sid in ids}
        stimuli.name = identifier
        packages[f'{session}_stimuli'] = relative(package_stimulus_set_locally(
            proto_stimulus_set=stimuli, stimulus_set_identifier=identifier, downloads_path=OUT))

        weights = rng.normal(size=(N_FEATURES, n_neurons)) / np.sqrt(N_FEATURES)
        nuisance = rng.normal(size=(n, n_neurons)) * 0.5
        rate = 4 * np.exp(0.6 * (features[:n] @ weights + nuisance))  # image x neuron
        repeats = rng.integers(4, 9, size=n)
        rows = [(i, r) for i in range(n) for r in range(repeats[i])]
        values = np.stack([rng.poisson(rate[i]) for i, _ in rows]).astype(np.float64)  # presentation x neuroid
        coords = {'stimulus_id': ('presentation', [ids[i] for i, _ in rows]),
                  'object_name': ('presentation', [ids[i][-4:] for i, _ in rows]),
                  'repetition': ('presentation', [r for _, r in rows]),
                  'neuroid_id': ('neuroid', [f'neuron_{i}' for i in range(n_neurons)]),
                  'region': ('neuroid', ['V4'] * n_neurons)}
        if session == '190923':  # the one session packaged with its (50, 150) ms window
            assembly = NeuroidAssembly(values[:, :, None], dims=['presentation', 'neuroid', 'time_bin'], coords={
                **coords, 'time_bin_start': ('time_bin', [50]), 'time_bin_end': ('time_bin', [150])})
        else:
            assembly = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords=coords)
        assembly.attrs['experiment_date'] = date
        assembly.name = identifier
        packages[f'{session}_assembly'] = relative(package_data_assembly_locally(
            proto_data_assembly=assembly, assembly_identifier=identifier, stimulus_set_identifier=identifier,
            assembly_class_name='NeuroidAssembly', downloads_path=OUT))

    ids = [f'image{i:04d}' for i in range(1, n_images + 1)]
    model = NeuroidAssembly(features, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'object_name': ('presentation', [i[-4:] for i in ids]),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Cowley2026.features',
        stimulus_set_identifier='fixture.Cowley2026.211022', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    import shutil
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
