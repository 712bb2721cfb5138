"""Write a small synthetic `imagenet_c.noise` stimulus set and a "model's" answers with Brain-Score's own code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_imagenet_c.py

It writes tests/brainio/imagenet_c/: `stimulus_imagenet_c_noise.csv/.zip` (300 tiny PNGs: the 3 noise types of the
category x 5 levels x 20 images, with the columns Brain-Score's ImageNet-C benchmark reads: noise_type, noise_level,
synset) and `answers.csv` (a model's synset for each, right more often at low levels; seed 0). Nothing is ImageNet-C's.
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
TYPES = ['gaussian_noise', 'shot_noise', 'impulse_noise']
SYNSETS = ['n01440764', 'n01443537', 'n01484850', 'n01491361', 'n01494475']


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    rows, paths, answers = [], {}, []
    for noise_type in TYPES:
        for level in range(1, 6):
            for n in range(20):
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
    stimuli.identifier = 'imagenet_c.noise'
    print(package_stimulus_set_locally(stimuli, 'imagenet_c.noise', downloads_path=OUT))
    (OUT / 'answers.csv').write_text('stimulus_id,label\n' + ''.join(f'{a},{b}\n' for a, b in answers))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
