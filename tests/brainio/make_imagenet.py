"""Write a tiny stand-in for the ImageNet validation folder, and a "model's" answers (brainscore_nb's environment).

    .venv/bin/python tests/brainio/make_imagenet.py

tests/brainio/imagenet/val/: 40 tiny JPEGs (8 synsets x 5, named ILSVRC2012_val_<n>.JPEG, in the layout the
`imagenet_val` setting expects); tests/brainio/imagenet/answers.csv: a model's synset for each (seed 0: right for about
two thirds). Nothing is ImageNet's: the images are random pixels, the synsets real ids.
"""
import shutil
from pathlib import Path

import numpy as np
from PIL import Image

OUT = Path(__file__).parent / 'imagenet'
SYNSETS = ['n01440764', 'n01443537', 'n01484850', 'n01491361', 'n01494475', 'n01496331', 'n01498041', 'n01514668']


def main():
    rng = np.random.default_rng(0)
    shutil.rmtree(OUT, ignore_errors=True)
    rows = []
    for n in range(40):
        synset = SYNSETS[n % 8]
        (OUT / 'val' / synset).mkdir(parents=True, exist_ok=True)
        name = f'ILSVRC2012_val_{int(rng.integers(1, 50001)):08d}.JPEG'
        while any(r[0] == name for r in rows): name = f'ILSVRC2012_val_{int(rng.integers(1, 50001)):08d}.JPEG'
        Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(OUT / 'val' / synset / name, quality=90)
        rows.append((name, synset if rng.random() < 0.65 else SYNSETS[int(rng.integers(0, 8))]))
    (OUT / 'answers.csv').write_text('stimulus_id,label\n' + ''.join(f'{a},{b}\n' for a, b in rows))


if __name__ == '__main__':
    main()
