"""Write a small synthetic Geirhos2021 `uniform-noise` package with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/make_geirhos2021.py

It writes tests/brainio/geirhos2021/: `stimulus_Geirhos2021_uniform-noise.csv/.zip` (128 tiny PNGs: 16 categories x
8 noise widths, one image each; the columns of Brain-Score's `uniform-noise_stimulus_set.py`, with `image_id` and
`stimulus_id`), `assy_brendel_Geirhos2021_uniform-noise.nc` (a BehavioralAssembly of 4 subjects x 128 trials, the
coords of `uniform-noise_data_assembly.py`: image_id, image_id_long, truth, choice, category, condition (float noise
width), response_time, trial, subject, session) and `assy_fixture_Geirhos2021_uniform-noise_model.nc` (a "model's"
answers for the 128 images, with stimulus_id, truth and condition as Brain-Score's test features carry them).
Nothing is real data: subjects answer correctly with a probability falling with the noise width, lower on a
third of the images (hard for the model too), so that errors are shared (seed 0). The
script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
"""
import os
import shutil
import sys
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # Brain-Score orders the CSV's columns as a set: fix the hash seed
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0', 'BS_INSTALL_DEPENDENCIES': 'no'})
import numpy as np
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'geirhos2021'
CATEGORIES = ['airplane', 'bear', 'bicycle', 'bird', 'boat', 'bottle', 'car', 'cat', 'chair', 'clock', 'dog',
              'elephant', 'keyboard', 'knife', 'oven', 'truck']
CONDITIONS = [0.0, 0.03, 0.05, 0.1, 0.2, 0.35, 0.6, 0.9]  # the noise widths of the real experiment
SUBJECTS = ['subject-01', 'subject-02', 'subject-03', 'subject-04']


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    rows, paths = [], {}
    for n, (condition, category) in enumerate((c, k) for c in CONDITIONS for k in CATEGORIES):
        wnid, number = f'n0{rng.integers(1000000, 9999999)}', int(rng.integers(1, 20000))
        long = f'{n:04d}_nse_dnn_{condition:g}_{category}_{n % 20:02d}_{wnid}_{number}'
        lookup = '_'.join(long.split('_')[3:])
        path = work / f'{long}.png'
        Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
        paths[lookup] = path
        rows.append(dict(stimulus_id=lookup, image_id=lookup, image_id_long=long, image_number=f'{n:04d}', experiment_code='nse',
                         condition=f'{condition:g}', truth=category, category_ground_truth=category,
                         random_number=f'{n % 20:02d}', wordnet_a=wnid, wordnet_b=str(number)))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = 'Geirhos2021_uniform-noise'
    print(package_stimulus_set_locally(stimuli, 'Geirhos2021_uniform-noise', downloads_path=OUT))

    hard = rng.random(len(rows)) < 0.3  # images that subjects and the model tend to get wrong: shared errors
    trials = []
    for subject in SUBJECTS:
        for trial, i in enumerate(rng.permutation(len(rows)), start=1):
            row, condition = rows[i], CONDITIONS[i // len(CATEGORIES)]
            right = rng.random() < (0.3 if hard[i] else 0.95) - condition / 3
            choice = row['truth'] if right else rng.choice([c for c in CATEGORIES if c != row['truth']] + ['na'])
            trials.append(dict(image_id=row['image_id'], image_id_long=f'{trial:04d}_nse_s{subject[-2:]}_{row["image_id"]}.png',
                               truth=row['truth'], choice=choice, category=row['truth'], condition=condition,
                               response_time=float(rng.uniform(.3, 1.5)) if choice != 'na' else np.nan, trial=trial,
                               subject=subject, session=1))
    assembly = BehavioralAssembly([t['choice'] for t in trials], dims=['presentation'],
                                  coords={**{k: ('presentation', [t[k] for t in trials]) for k in trials[0]},
                                          'stimulus_id': ('presentation', [t['image_id'] for t in trials])})
    print(package_data_assembly_locally(assembly, 'brendel.Geirhos2021_uniform-noise', 'Geirhos2021_uniform-noise',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))

    model_right = rng.random(len(rows)) < np.where(hard, 0.4, 0.9)
    answers = [r['truth'] if ok else CATEGORIES[(CATEGORIES.index(r['truth']) + 1) % 16] for r, ok in zip(rows, model_right)]
    model = BehavioralAssembly(answers, dims=['presentation'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in rows]), 'truth': ('presentation', [r['truth'] for r in rows]),
        'condition': ('presentation', [CONDITIONS[i // len(CATEGORIES)] for i in range(len(rows))])})
    print(package_data_assembly_locally(model, 'fixture.Geirhos2021_uniform-noise_model', 'Geirhos2021_uniform-noise',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
