"""Write the synthetic Igustibagus2024 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_igustibagus2024.py

Brain-Score 2.4.2's `Igustibagus2024-ridge` reads the catalog entry `Igustibagus2024` (a NeuronRecordingAssembly of
197,694 presentations: two monkeys' trials stacked, 181 IT neuroids of Oleo and Pico side by side (`animal` a neuroid
coord), each trial NaN for the other monkey's neuroids; presentation coords `stimulus_id`, `repetition` and the
images' metadata (`object_style` 'nan' a string for images without a style, the data plugin's test); time bins
numbered by `time_bin_id`, bin 0 = 70-170 ms) and the stimulus set `Igustibagus2024` (3,138 images; columns
`object_label`, `object_style`, `stimulus_source`, `background_id`: an HVM original and its silhouette-derived images
share a background id, other images have 0). This script writes a small seeded synthetic package in that structure
(class NeuroidAssembly in the file: brainscore-core 2.5.0 packages no NeuronRecordingAssembly; the plugin reads it as
one) with `package_stimulus_set_locally` / `package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus set `fixture.Igustibagus2024` (440 images, 10 labels): 40 HVM originals (source 'Silhouette', style
  'original', background ids 1-40) and their convex_hull, outline, skeleton and silhouette versions (same background
  ids), 30 images of each Art style (cartoon, line_drawing, mosaic, painting, sketch; background 0) and 30 of each of
  COCOColor, COCOGray, TDW (style 'nan', background 0); stimulus ids in the CSV's order; 8 x 8 PNG images;
- assembly `fixture.Igustibagus2024` (one time bin 70-170 ms, `time_bin_id` 0): Oleo's 6 neuroids, 3 repetitions of
  every image, then Pico's 4 neuroids, 2 repetitions of every image (so a split-half of the repetitions holding
  only repetition 2 has no Pico trial); one neuroid of each monkey is noise (its internal consistency falls under the plugin's 0.7);
- `fixture.Igustibagus2024.features`: a "model's" 32 features of the 440 images with the stimulus set's columns as
  presentation coords (as a model's activations carry them), for scoring as a precomputed model.

Responses: a per-neuroid linear readout of the features plus trial noise. Files go to `igustibagus2024/` beside this
script, with `packages.json`.
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

OUT = Path(__file__).resolve().parent / 'igustibagus2024'
LABELS = ['apple', 'bear', 'bird', 'car', 'chair', 'dog', 'elephant', 'face', 'plane', 'zebra']
N_FEATURES = 32
ANIMALS = {'Oleo': (6, 3), 'Pico': (4, 2)}  # neuroids, repetitions


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def stimuli_rows():
    rows = []
    for style in ('original', 'convex_hull', 'outline', 'skeleton', 'silhouette'):
        rows += [dict(stimulus_source='Silhouette', object_style=style, object_label=LABELS[i % 10],
                      background_id=i + 1) for i in range(40)]
    for style in ('cartoon', 'line_drawing', 'mosaic', 'painting', 'sketch'):
        rows += [dict(stimulus_source='Art', object_style=style, object_label=LABELS[i % 10], background_id=0)
                 for i in range(30)]
    for source in ('COCOColor', 'COCOGray', 'TDW'):
        rows += [dict(stimulus_source=source, object_style='nan', object_label=LABELS[i % 10], background_id=0)
                 for i in range(30)]
    return [{'stimulus_id': f'igus{i:04d}', **r, 'image_file_name': f'im{i}.png'} for i, r in enumerate(rows)]


def main():
    rng = np.random.default_rng(2024)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    images.mkdir(exist_ok=True)
    rows = stimuli_rows()
    ids = [r['stimulus_id'] for r in rows]
    for sid in ids:
        Image.fromarray(rng.integers(60, 200, size=(8, 8), dtype=np.uint8)).save(images / f'{sid}.png')
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = {s: images / f'{s}.png' for s in ids}
    stimuli.name = 'fixture.Igustibagus2024'
    packages = {'stimuli': relative(package_stimulus_set_locally(
        proto_stimulus_set=stimuli, stimulus_set_identifier='fixture.Igustibagus2024', downloads_path=OUT))}
    n = len(ids)
    label_code = np.array([LABELS.index(r['object_label']) for r in rows])
    features = rng.normal(size=(n, N_FEATURES)) + 0.8 * np.eye(10, N_FEATURES)[label_code]
    blocks, neuroid_ids, animals = [], [], []
    total = sum(k for k, _ in ANIMALS.values())
    start = 0
    for animal, (k, reps) in ANIMALS.items():
        weights = rng.normal(size=(N_FEATURES, k)) / np.sqrt(N_FEATURES)
        signal = features @ weights
        noise = np.full(k, 0.6)
        noise[-1] = 4.0  # the monkey's unreliable neuroid
        trials = signal[None] + rng.normal(size=(reps, n, k)) * noise
        trials[:, :, -1] = rng.normal(size=(reps, n))  # noise only
        block = np.full((reps, n, total), np.nan)
        block[:, :, start:start + k] = trials
        blocks.append((block.reshape(reps * n, total), np.repeat(np.arange(reps), n)))
        neuroid_ids += [f'{animal}_{i}' for i in range(k)]
        animals += [animal] * k
        start += k
    values = np.concatenate([b for b, _ in blocks])
    repetition = np.concatenate([r for _, r in blocks])
    stimulus_id = np.concatenate([np.tile(ids, len(np.unique(r))) for _, r in blocks])
    row_of = {sid: r for sid, r in zip(ids, rows)}
    # object_style is the assembly's own too (the loader's merge keeps it): 'nan' a string, not read as NaN
    meta = {c: ('presentation', [row_of[s][c] for s in stimulus_id])
            for c in ('object_style',)}
    assembly = NeuroidAssembly(values[:, :, None].astype(np.float32), dims=['presentation', 'neuroid', 'time_bin'],
                               coords={
        'stimulus_id': ('presentation', stimulus_id), 'repetition': ('presentation', repetition), **meta,
        'neuroid_id': ('neuroid', neuroid_ids), 'animal': ('neuroid', animals),
        'region': ('neuroid', ['IT'] * total),
        'time_bin_id': ('time_bin', [0]), 'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
    assembly.name = 'fixture.Igustibagus2024'
    packages['assembly'] = relative(package_data_assembly_locally(
        proto_data_assembly=assembly, assembly_identifier='fixture.Igustibagus2024',
        stimulus_set_identifier='fixture.Igustibagus2024', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    columns = {c: ('presentation', [r[c] for r in rows]) for c in rows[0] if c != 'image_file_name'}
    model = NeuroidAssembly(features.astype(np.float32), dims=['presentation', 'neuroid'], coords={
        **columns, 'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Igustibagus2024.features',
        stimulus_set_identifier='fixture.Igustibagus2024', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
