"""Write a small synthetic `Bracci2019` assembly and its stimulus set `Bracci2019` with Brain-Score's own packaging code,
plus a "model's" features for the 27 images, into tests/brainio/bracci2019/.

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_bracci2019.py

Nothing here is real neural data. The structure is the real entry's (Brain-Score 2.4.2's data plugin
brainscore_vision/data/bracci2019, its data_packaging.py, and the benchmark bracci2019):
- stimulus set: 27 images (`stimulus_id` 'stim_01'.., `stimulus_name`, `exemplar_number`, `image_label`,
  `image_group`), as the packaging asserts;
- assembly (NeuroidAssembly, no stimulus set attached in the catalog): presentation (the 27 images, the stimulus
  set's columns as coords) x neuroid with `roi` (0 V1, 1 posterior VTC, 2 anterior VTC), `subject` (12 subjects) and
  `voxels` (each voxel's index within its subject, running over the three ROIs); here 4 + 4 + 6 voxels per subject
  (the real ROI sizes are not in the plugin).
Responses: each image a latent (its group: animal, lookalike, object; plus its own), each voxel a linear read-out
plus subject noise. Features: a noisy mix of the latents (32 units). Seeded (default_rng(2019)).
"""
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # Brain-Score orders CSV columns and coords through sets: fix the hash seed
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
import pandas as pd
import xarray as xr
from PIL import Image

from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'bracci2019'
GROUPS = ['animal', 'lookalike', 'object']
ROI_VOXELS, SUBJECTS, K = (4, 4, 6), 12, 5


def main():
    rng = np.random.default_rng(2019)
    tmp = Path(tempfile.mkdtemp())
    try:
        rows = []
        for i in range(1, 28):
            path = tmp / f'stim_{i:02d}.png'
            Image.fromarray(np.uint8(rng.integers(0, 256, size=(16, 16)))).save(path, format='PNG')
            os.utime(path, (1546300800, 1546300800))  # the zip stores file times: fixed (2019-01-01)
            label, group = GROUPS[(i - 1) // 9], (i - 1) % 9 + 1
            rows.append(dict(stimulus_id=path.stem, stimulus_name=f'{i:02d}_{group:02d}_{label}', exemplar_number=i,
                             image_label=label, image_group=group, path=path))
        stimuli = pd.DataFrame(rows)
        z = np.stack([np.eye(3, K)[GROUPS.index(label)] * 2 for label in stimuli.image_label]) + rng.normal(size=(27, K))
        values, roi, subject, voxels = [], [], [], []
        weights = [rng.normal(size=(K, n)) for n in ROI_VOXELS]
        for s in range(SUBJECTS):
            v = 0
            for r, n in enumerate(ROI_VOXELS):
                values.append(z @ weights[r] + 1.5 * rng.normal(size=(27, n)) + rng.normal())
                roi += [r] * n; subject += [s] * n; voxels += list(range(v, v + n)); v += n
        data = np.concatenate(values, axis=1)
        a = xr.DataArray(data, dims=['presentation', 'neuroid'], coords={
            **{c: ('presentation', stimuli[c].to_numpy()) for c in ('stimulus_id', 'stimulus_name', 'exemplar_number',
                                                                     'image_label', 'image_group')},
            'roi': ('neuroid', roi), 'subject': ('neuroid', subject), 'voxels': ('neuroid', voxels)})
        f = xr.DataArray(z @ rng.normal(size=(K, 32)) + 0.7 * rng.normal(size=(27, 32)), dims=['presentation', 'neuroid'],
                         coords={'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()),
                                 'image_label': ('presentation', stimuli.image_label.to_numpy()),
                                 'neuroid_id': ('neuroid', [f'f{i}' for i in range(32)]),
                                 'layer': ('neuroid', ['features.9'] * 32)})
        if OUT.exists(): shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        proto = StimulusSet(stimuli.drop(columns='path'))
        proto.stimulus_paths = dict(zip(stimuli.stimulus_id, map(str, stimuli.path)))
        s = package_stimulus_set_locally(proto, 'fixture.Bracci2019', downloads_path=OUT)
        out = package_data_assembly_locally(a, 'fixture.Bracci2019', 'fixture.Bracci2019', downloads_path=OUT)
        feats = package_data_assembly_locally(f, 'fixture.Bracci2019.features', 'fixture.Bracci2019', downloads_path=OUT)
    finally:
        shutil.rmtree(tmp)
    name = lambda p: Path(p).name
    packages = {'stimulus_set': dict(identifier='fixture.Bracci2019', csv_path=name(s['csv_path']), zip_path=name(s['zip_path']),
                                     csv_sha1=s['csv_sha1'], zip_sha1=s['zip_sha1']),
                'assembly': dict(identifier='fixture.Bracci2019', path=name(out['path']), sha1=out['sha1'], cls='NeuroidAssembly'),
                'features': dict(identifier='fixture.Bracci2019.features', path=name(feats['path']), sha1=feats['sha1'],
                                 cls='NeuroidAssembly')}
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    print(json.dumps(packages, indent=1))


if __name__ == '__main__':
    main()
