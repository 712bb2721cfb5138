"""Write a small synthetic Islam2021 stimulus set and a "model's" features with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_islam2021.py

It writes tests/brainio/islam2021/: `stimulus_Islam2021.csv/.zip` (200 tiny PNGs: 20 shapes x 2 original images x
5 textures, the columns Brain-Score's benchmark reads: shape, texture, original_image_id) and
`assy_fixture_Islam2021_features.nc` (a NeuroidAssembly of 200 presentations x 24 units, as Brain-Score's packaging
requires; its benchmark indexes presentations as the second axis, so the Brain-Score side transposes them, as its
own test's features are stored; the units mix a shape code, a texture code and noise, seed 0). Nothing is real data.
The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
"""
import os
import shutil
import sys
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # Brain-Score orders the CSV's columns as a set: fix the hash seed
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0', 'BS_INSTALL_DEPENDENCIES': 'no'})
import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'islam2021'
SHAPES = [f'shape{i:02d}' for i in range(20)]
TEXTURES = ['bricks', 'dots', 'grass', 'stripes', 'wood']


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    rows, paths = [], {}
    for shape in SHAPES:
        for original in range(2):
            for texture in TEXTURES:
                sid = f'{shape}_{original}_{texture}'
                path = work / f'{sid}.png'
                Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
                os.utime(path, (1609459200, 1609459200))
                paths[sid] = path
                rows.append(dict(stimulus_id=sid, shape=shape, texture=texture, original_image_id=f'{shape}_{original}'))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = 'Islam2021'
    print(package_stimulus_set_locally(stimuli, 'Islam2021', downloads_path=OUT))

    shape_code = rng.normal(size=(len(SHAPES), 24))
    texture_code = rng.normal(size=(len(TEXTURES), 24))
    values = np.array([1.5 * shape_code[SHAPES.index(r['shape'])] + 0.8 * texture_code[TEXTURES.index(r['texture'])]
                       + rng.normal(size=24) for r in rows])
    features = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'neuroid_id': ('neuroid', [f'unit{i}' for i in range(24)]), 'layer': ('neuroid', ['fc'] * 24),
        **{c: ('presentation', [r[c] for r in rows]) for c in ('stimulus_id', 'shape', 'texture')}})
    print(package_data_assembly_locally(features, 'fixture.Islam2021_features', 'Islam2021',
                                        assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
