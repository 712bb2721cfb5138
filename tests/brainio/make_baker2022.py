"""Write small synthetic Baker2022 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_baker2022.py

It writes tests/brainio/baker2022/, in the structure of Brain-Score 2.4.2's data plugin `data/baker2022` (its
packaging scripts `normal_distortion_*.py` and `inverted_distortion_*.py`):
- `stimulus_Baker2022_normal_distortion.csv/.zip`: 81 tiny PNGs, 9 animals x 3 image types (w whole, f frankenstein,
  o fragmented) x 3 numbers, named as the real files (`bear1`, `fbear1`, `obear1`); columns stimulus_id, animal,
  image_type, image_type_entire, image_number, orientation ('normal').
- `assy_Baker2022_normal_distortion.nc`: a BehavioralAssembly of 8 subjects (numbered 1..8, as the real ones) x 81
  trials, values 1/0 (correct or not), coords stimulus_id, subject, condition, truth, correct, orientation.
- `stimulus_Baker2022_inverted_distortion.csv/.zip`: 72 PNGs, 9 animals x {w, f} x {upright, inverted} x 2
  (`bear1`, `fbear1`, `invbear1`, `finvbear1`), orientation 'inverted' where the name holds 'inv'.
- `assy_Baker2022_inverted_distortion.nc`: 8 subjects x 72 trials, orientation per trial.
- `assy_fixture_Baker2022_{normal,inverted}_model.nc`: a "model's" labels for every stimulus of each set, dims
  (choice, presentation) with stimulus_id, animal and image_type, as Brain-Score's label models answer.
Nothing is real data: subjects answer correctly with a probability depending on the image type and the subject;
the model is less hurt by frankenstein images than people are (seed 0). The script re-runs itself with
PYTHONHASHSEED=0, so the same bytes come out every time.
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

OUT = Path(__file__).parent / 'baker2022'
ANIMALS = ['bear', 'bunny', 'cat', 'elephant', 'frog', 'lizard', 'tiger', 'turtle', 'wolf']
ENTIRE = {'w': 'whole', 'f': 'frankenstein', 'o': 'fragmented'}
P_HUMAN = {('normal', 'w'): 0.85, ('normal', 'f'): 0.6, ('normal', 'o'): 0.45,
           ('inverted', 'w'): 0.8, ('inverted', 'f'): 0.45}
P_MODEL = {('normal', 'w'): 0.85, ('normal', 'f'): 0.7, ('normal', 'o'): 0.5,
           ('inverted', 'w'): 0.75, ('inverted', 'f'): 0.55}


def stimuli(rng, work, name, types, orientations, numbers):
    rows, paths = [], {}
    for orientation in orientations:
        for image_type in types:
            for animal in ANIMALS:
                for number in numbers:
                    stem = ('' if image_type == 'w' else image_type) + ('inv' if orientation == 'inverted' else '') + animal
                    sid = f'{stem}{number}'
                    path = work / f'{sid}.png'
                    Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
                    os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed
                    paths[sid] = path
                    rows.append(dict(stimulus_id=sid, animal=animal, image_type=image_type,
                                     image_type_entire=ENTIRE[image_type], image_number=str(number),
                                     orientation=orientation))
    s = StimulusSet(rows)
    s.stimulus_paths = paths
    s.identifier = name
    print(package_stimulus_set_locally(s, name, downloads_path=OUT))
    return rows


def trials(rng, name, rows, subjects):
    out = []
    for subject in subjects:
        skill = rng.normal(0, 0.08)
        for i in rng.permutation(len(rows)):
            r = rows[i]
            correct = int(rng.random() < P_HUMAN[r['orientation'], r['image_type']] + skill)
            out.append(dict(stimulus_id=r['stimulus_id'], subject=subject, condition=r['image_type'],
                            truth=r['animal'], correct=correct, orientation=r['orientation']))
    assembly = BehavioralAssembly([t['correct'] for t in out], dims=['presentation'],
                                  coords={k: ('presentation', [t[k] for t in out]) for k in out[0]})
    print(package_data_assembly_locally(assembly, name, name, assembly_class_name='BehavioralAssembly',
                                        downloads_path=OUT))


def model(rng, name, rows, stimulus_set):
    labels = [r['animal'] if rng.random() < P_MODEL[r['orientation'], r['image_type']]
              else ANIMALS[(ANIMALS.index(r['animal']) + 1 + int(rng.integers(0, 8))) % 9] for r in rows]
    assembly = BehavioralAssembly([labels], dims=['choice', 'presentation'], coords={
        **{k: ('presentation', [r[k] for r in rows]) for k in ('stimulus_id', 'animal', 'image_type', 'orientation')},
        'label': ('presentation', labels)})
    print(package_data_assembly_locally(assembly, name, stimulus_set, assembly_class_name='BehavioralAssembly',
                                        downloads_path=OUT))


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    normal = stimuli(rng, work, 'Baker2022_normal_distortion', 'wfo', ['normal'], [1, 2, 3])
    trials(rng, 'Baker2022_normal_distortion', normal, list(range(1, 9)))
    inverted = stimuli(rng, work, 'Baker2022_inverted_distortion', 'wf', ['normal', 'inverted'], [1, 2])
    trials(rng, 'Baker2022_inverted_distortion', inverted, list(range(1, 9)))
    model(rng, 'fixture.Baker2022_normal_model', normal, 'Baker2022_normal_distortion')
    model(rng, 'fixture.Baker2022_inverted_model', inverted, 'Baker2022_inverted_distortion')
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
