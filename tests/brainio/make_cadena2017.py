"""Write the synthetic Cadena2017 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_cadena2017.py

Brain-Score 2.4.2's `Cadena2017-pls` reads the catalog entry `Cadena2017` (tolias.Cadena2017: a
NeuronRecordingAssembly of 29,000 presentations = 4 repetitions x 7,250 images, 166 V1 neurons, one time bin
40-100 ms; presentation coords `repetition_id` and the stimulus id, neuroid coord `neuroid_id`; NaN cells where a
neuron was not recorded for an image in a repetition: some images no neuron of a session saw in any repetition,
some repetitions missing for a session) and the stimulus set `Cadena2017` (140 x 140 px grey images), after its
data plugin's `reindex` (`neuroid_id` from the neuroid index, `region` 'V1'). This script writes a small seeded
synthetic package in that structure (class NeuroidAssembly in the file: brainscore-core 2.5.0 packages no
NeuronRecordingAssembly; the plugin reads it as one) with `package_stimulus_set_locally` / `package_data_assembly_locally` of
brainscore-core 2.5.0:

- stimulus set `fixture.Cadena2017` (80 images, columns stimulus_id, image_file_name, image_index in one order, so
  that Brain-Score's hash-seed-dependent grouping order equals the stimulus_id order); 8 x 8 grey PNG images;
- assembly `fixture.Cadena2017` (4 repetitions x 80 images, repetition-major as the packaging notebook stacks
  them, 12 neurons, time bin 40-100 ms): neurons 0-3 never see images 0-9 (the benchmark drops those images),
  neurons 4-6 miss repetition 2 of images 10-39 and neurons 7-11 repetition 3 of images 40-59 (averaged over the
  others; the ceiling drops those rows);
- `fixture.Cadena2017.features`: a "model's" 48 features of the 80 images, for scoring as a precomputed model.

Responses are spike counts: Poisson around a positive per-neuron readout of the features. Files go to
`cadena2017/` beside this script, with `packages.json`.
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

OUT = Path(__file__).resolve().parent / 'cadena2017'
N_IMAGES, REPS, NEURONS, N_FEATURES = 80, 4, 12, 48


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2017)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    images.mkdir(exist_ok=True)
    ids = [f'cadena{i:04d}' for i in range(N_IMAGES)]
    for sid in ids:
        Image.fromarray(rng.integers(60, 200, size=(8, 8), dtype=np.uint8)).save(images / f'{sid}.png')
    stimuli = StimulusSet([{'stimulus_id': s, 'image_file_name': f'image_{i:05d}.jpg', 'image_index': i}
                           for i, s in enumerate(ids)])
    stimuli.stimulus_paths = {s: images / f'{s}.png' for s in ids}
    stimuli.name = 'fixture.Cadena2017'
    packages = {'stimuli': relative(package_stimulus_set_locally(
        proto_stimulus_set=stimuli, stimulus_set_identifier='fixture.Cadena2017', downloads_path=OUT))}
    features = rng.normal(size=(N_IMAGES, N_FEATURES))
    weights = rng.normal(size=(N_FEATURES, NEURONS)) / np.sqrt(N_FEATURES)
    rate = np.exp(0.6 * features @ weights + rng.uniform(0.5, 1.5, size=NEURONS))
    counts = rng.poisson(rate[None], size=(REPS, N_IMAGES, NEURONS)).astype(float)
    counts[:, :10, 0:4] = np.nan  # never recorded together
    counts[2, 10:40, 4:7] = np.nan  # a session's missing repetition
    counts[3, 40:60, 7:12] = np.nan
    values = counts.reshape(REPS * N_IMAGES, NEURONS)  # repetition-major, as the notebook's stack
    assembly = NeuroidAssembly(values[:, :, None], dims=['presentation', 'neuroid', 'time_bin'], coords={
        'repetition_id': ('presentation', np.repeat(np.arange(REPS), N_IMAGES)),
        'stimulus_id': ('presentation', np.tile(ids, REPS)),
        'neuroid_id': ('neuroid', np.arange(NEURONS)),
        'time_bin_start': ('time_bin', [40.0]), 'time_bin_end': ('time_bin', [100.0])})
    assembly.name = 'fixture.Cadena2017'
    packages['assembly'] = relative(package_data_assembly_locally(
        proto_data_assembly=assembly, assembly_identifier='fixture.Cadena2017',
        stimulus_set_identifier='fixture.Cadena2017', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    model = NeuroidAssembly(features, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'image_index': ('presentation', np.arange(N_IMAGES)),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Cadena2017.features',
        stimulus_set_identifier='fixture.Cadena2017', assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
