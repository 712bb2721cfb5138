"""What the makers of the THINGS train/test fixtures share (make_gifford2022.py, make_papale2025.py,
make_hebart2023_fmri.py; run with Brain-Score's python): the stimulus ids and tiny images, stimulus sets in the
plugins' columns, the "model's" features package, and `packages.json` with paths relative to the fixture folder.

Re-running a maker writes the same data, but not the same bytes: Brain-Score's packaging orders the CSV columns
as a Python set iterates (PYTHONHASHSEED), so sha1s change (checked for these three: every array, coordinate, row and
image equal to the committed files)."""
import json
import shutil
from pathlib import Path

import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import package_data_assembly_locally
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet


def relative(output: dict) -> dict:
    "A packaging result with its paths as file names (the fixture folder moves with the repository)"
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def things_images(rng, out: Path, concepts: int, per_concept: int, n_test: int):
    "THINGS-like ids (`concept03_02s`), training and test, each with a random 8 x 8 image in `out/images`"
    images = out / 'images'
    images.mkdir(parents=True, exist_ok=True)
    names = [f'concept{c:02d}' for c in range(concepts)]
    train_ids = [f'{c}_{i:02d}s' for c in names for i in range(1, per_concept + 1)]
    test_ids = [f'{names[i % concepts]}_{20 + i:02d}s' for i in range(n_test)]
    for sid in train_ids + test_ids:
        Image.fromarray(rng.integers(0, 256, size=(8, 8, 3), dtype=np.uint8)).save(images / f'{sid}.png')
    return images, train_ids, test_ids


def stimulus_set(ids, labels, name: str, images: Path):
    "A StimulusSet in the THINGS plugins' columns (label, object_name, label_idx) named `name`"
    label_idx = {label: i for i, label in enumerate(np.unique(labels))}
    stimuli = StimulusSet([{'stimulus_id': s, 'label': l, 'object_name': l, 'label_idx': label_idx[l]}
                           for s, l in zip(ids, labels)])
    stimuli.stimulus_paths = {s: images / f'{s}.png' for s in ids}
    stimuli.name = name
    return stimuli


def finish(features, ids, family: str, out: Path, packages: dict, images: Path):
    "Package the model's `features` of `ids` as `fixture.<family>.features`, write packages.json, drop the images"
    n = features.shape[1]
    model = NeuroidAssembly(features, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'object_name': ('presentation', [s.rsplit('_', 1)[0] for s in ids]),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(n)]), 'layer': ('neuroid', ['features'] * n)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier=f'fixture.{family}.features',
        stimulus_set_identifier=f'fixture.{family}.train', assembly_class_name='NeuroidAssembly', downloads_path=out))
    (out / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)
