"""Write small synthetic `imagenet_c.<category>` stimulus sets and a "model's" answers with Brain-Score's own code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_imagenet_c.py

It writes tests/brainio/imagenet_c/: `stimulus_imagenet_c_noise.csv/.zip` (300 tiny PNGs: the 3 noise types of the
category x 5 levels x 20 images, with the columns Brain-Score's ImageNet-C benchmark reads: noise_type, noise_level,
synset) and `answers.csv` (a model's synset for each, right more often at low levels; seed 0); the same for the
blur, weather and digital categories (4 types x 5 levels x 10 images each; seeds 1-3; `answers_<category>.csv`). Nothing is ImageNet-C's.
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
from brainscore_core.supported_data_standards.brainio.packaging import package_stimulus_set_locally
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'imagenet_c'
CATEGORIES = {'noise': ['gaussian_noise', 'shot_noise', 'impulse_noise'],  # Brain-Score's noise_category_map
              'blur': ['glass_blur', 'motion_blur', 'zoom_blur', 'defocus_blur'],
              'weather': ['snow', 'frost', 'fog', 'brightness'],
              'digital': ['pixelate', 'contrast', 'elastic_transform', 'jpeg_compression']}
IMAGES = {'noise': 20, 'blur': 10, 'weather': 10, 'digital': 10}  # per type and level
SYNSETS = ['n01440764', 'n01443537', 'n01484850', 'n01491361', 'n01494475']


def write(category, seed):
    "stimulus_imagenet_c_<category>.csv/.zip and the answers (answers.csv for noise, answers_<category>.csv else)"
    rng = np.random.default_rng(seed)
    work = OUT / 'work'
    shutil.rmtree(work, ignore_errors=True); work.mkdir(parents=True)
    rows, paths, answers = [], {}, []
    for noise_type in CATEGORIES[category]:
        for level in range(1, 6):
            for n in range(IMAGES[category]):
                sid = f'{noise_type}_{level}_ILSVRC2012_val_{n + 1:08d}'
                path = work / f'{sid}.png'
                Image.fromarray(rng.integers(0, 256, (4, 4, 3), dtype=np.uint8)).save(path)
                os.utime(path, (1609459200, 1609459200))
                paths[sid] = path
                synset = SYNSETS[n % 5]
                rows.append(dict(stimulus_id=sid, noise_type=noise_type, noise_level=level, synset=synset))
                answers.append((sid, synset if rng.random() < 0.9 - 0.12 * level else SYNSETS[int(rng.integers(0, 5))]))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = f'imagenet_c.{category}'
    print(package_stimulus_set_locally(stimuli, f'imagenet_c.{category}', downloads_path=OUT))
    name = 'answers.csv' if category == 'noise' else f'answers_{category}.csv'
    (OUT / name).write_text('stimulus_id,label\n' + ''.join(f'{a},{b}\n' for a, b in answers))
    shutil.rmtree(work)


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    for seed, category in enumerate(CATEGORIES): write(category, seed)  # noise: seed 0, the bytes it always had


if __name__ == '__main__':
    main()
