"""Write the synthetic Kar2019 fixtures with Brain-Score's own packaging code (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_kar2019.py

Brain-Score 2.4.2's `Kar2019-ost` reads the catalog entry `Kar2019` (dicarlo.Kar2019: a DataAssembly of decoder x
presentation, each image's object solution time in IT for an 'svm' and a 'logistic' decoder, presentation coords
stimulus_id, image_label and i1, one image listed twice in the real 1,320 rows of 1,318 images) and its stimulus
set. This script writes a small seeded synthetic package in that structure with `package_stimulus_set_locally` /
`package_data_assembly_locally` of brainscore-core 2.5.0:

- stimulus set `fixture.Kar2019` (200 images of 4 objects, columns stimulus_id, image_label); 8 x 8 grey PNGs;
- assembly `fixture.Kar2019` (2 decoders x 201 presentations: image k000 listed twice, as in the real entry; IT
  solution times uniform in 90-200 ms, i1 thresholds 1.0);
- `fixture.Kar2019.features`: a "model's" IT (6 units x 200 images x 18 time bins of 10 ms from 70 ms, coords
  stimulus_id, image_label, truth), whose object signal grows from a time near each image's IT solution time.

Files go to `kar2019/` beside this script, with `packages.json`.
"""
import json
import os
import shutil
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import DataAssembly, NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'kar2019'
N, OBJECTS, UNITS = 200, ['apple', 'bear', 'car', 'dog'], 6
STARTS = np.arange(70, 250, 10)


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2019)
    OUT.mkdir(exist_ok=True)
    images = OUT / 'images'
    images.mkdir(exist_ok=True)
    ids = [f'k{i:03d}' for i in range(N)]
    labels = [OBJECTS[i % 4] for i in range(N)]
    for sid in ids:
        Image.fromarray(rng.integers(60, 200, size=(8, 8), dtype=np.uint8)).save(images / f'{sid}.png')
    stimuli = StimulusSet([{'stimulus_id': s, 'image_label': lab} for s, lab in zip(ids, labels)])
    stimuli.stimulus_paths = {s: images / f'{s}.png' for s in ids}
    stimuli.name = 'fixture.Kar2019'
    packages = {'stimuli': relative(package_stimulus_set_locally(
        proto_stimulus_set=stimuli, stimulus_set_identifier='fixture.Kar2019', downloads_path=OUT))}
    it_ost = rng.uniform(90, 200, N)
    rows = list(range(N)) + [0]  # k000 listed twice
    assembly = DataAssembly(np.stack([it_ost[rows], it_ost[rows] + 5]), dims=['decoder', 'presentation'], coords={
        'decoder': ['svm', 'logistic'], 'stimulus_id': ('presentation', [ids[i] for i in rows]),
        'image_label': ('presentation', [labels[i] for i in rows]),
        'i1': ('presentation', np.full(len(rows), 1.0))})
    assembly.name = 'fixture.Kar2019'
    packages['assembly'] = relative(package_data_assembly_locally(
        proto_data_assembly=assembly, assembly_identifier='fixture.Kar2019',
        stimulus_set_identifier='fixture.Kar2019', assembly_class_name='DataAssembly', downloads_path=OUT))
    onset = it_ost + 5 * rng.normal(size=N)
    code = np.eye(4)[[OBJECTS.index(lab) for lab in labels]] @ rng.normal(size=(4, UNITS))
    mids = STARTS + 5
    gain = np.clip((mids[None] - onset[:, None]) / 30, 0, 3)  # presentation x time_bin
    values = code[:, :, None] * gain[:, None] + 0.3 * rng.normal(size=(N, UNITS, len(mids)))
    model = NeuroidAssembly(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', ids), 'image_label': ('presentation', labels),
        'truth': ('presentation', labels),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(UNITS)]),
        'region': ('neuroid', ['IT'] * UNITS),
        'time_bin_start': ('time_bin', STARTS), 'time_bin_end': ('time_bin', STARTS + 10)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Kar2019.features',
        stimulus_set_identifier='fixture.Kar2019', assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    shutil.rmtree(images)
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
