"""Write small synthetic Lonnqvist2024 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_lonnqvist2024.py

It writes tests/brainio/lonnqvist2024/ in the layout of Brain-Score 2.4.2's data plugin `lonnqvist2024` (its
`data_packaging/`): the stimulus sets `Lonnqvist2024_test` (40 tiny PNGs: curve_length, n_cross, image_path, truth,
image_label) and `Lonnqvist2024_train` (10), the three BehavioralAssemblies `Lonnqvist2024_<dataset>` (every
subject answers every test image once; values the subject's answer, coords subject, visual_degrees,
image_duration, is_correct, subject_answer, curve_length, n_cross, image_path, stimulus_id, truth, image_label;
4, 4 and 6 subjects) and `fixture.Lonnqvist2024_model`, a "model's" probabilities of the two answers for the 40
test images. Nothing is real data: answers are right more often for short curves with few crossings, the subjects'
accuracies differ (seed 0). The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
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

OUT = Path(__file__).parent / 'lonnqvist2024'
ANSWERS = ['different', 'same']
DATASETS = {'inlab-instructions': (4, .1), 'inlab-no-instructions': (4, 0.), 'online-no-instructions': (6, -.1)}


def stimuli(rng, work, name, n):
    rows, paths = [], {}
    for i in range(n):
        sid = f'{name}_{i:03d}'
        path = work / f'{sid}.png'
        Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
        paths[sid] = path
        truth = ANSWERS[i % 2]
        rows.append(dict(stimulus_id=sid, curve_length=int(20 + 10 * rng.integers(0, 19)), n_cross=int(rng.integers(1, 8)),
                         image_path=f'images/{sid}.png', truth=truth, image_label=truth))
    stimulus_set = StimulusSet(rows)
    stimulus_set.stimulus_paths = paths
    stimulus_set.identifier = f'Lonnqvist2024_{name}'
    print(package_stimulus_set_locally(stimulus_set, f'Lonnqvist2024_{name}', downloads_path=OUT))
    return rows


def difficulty(row):
    return .95 - row['curve_length'] / 500 - row['n_cross'] / 20


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    stimuli(rng, work, 'train', 10)
    test = stimuli(rng, work, 'test', 40)
    for dataset, (n_subjects, bonus) in DATASETS.items():
        trials = []
        for s in range(n_subjects):
            skill = bonus + rng.uniform(-.04, .04)
            for i in rng.permutation(len(test)):
                row = test[i]
                right = rng.random() < difficulty(row) + skill
                answer = row['truth'] if right else ANSWERS[1 - ANSWERS.index(row['truth'])]
                trials.append(dict(subject=f'{dataset[:6]}-{s:02d}', visual_degrees=17.70753 if 'inlab' in dataset else 15.0,
                                   image_duration=.5, is_correct=bool(right), subject_answer=answer,
                                   curve_length=row['curve_length'], n_cross=row['n_cross'], image_path=row['image_path'],
                                   stimulus_id=row['stimulus_id'], truth=row['truth'], image_label=row['truth']))
        assembly = BehavioralAssembly([t['subject_answer'] for t in trials], dims=['presentation'],
                                      coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
        print(package_data_assembly_locally(assembly, f'Lonnqvist2024_{dataset}', 'Lonnqvist2024_test',
                                            assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    probabilities = []
    for row in test:
        p_truth = float(rng.uniform(.55, .95) if rng.random() < .35 + difficulty(row) / 5 else rng.uniform(.05, .45))
        values = [0., 0.]
        values[ANSWERS.index(row['truth'])] = p_truth
        values[1 - ANSWERS.index(row['truth'])] = 1 - p_truth
        probabilities.append(values)
    model = BehavioralAssembly(np.array(probabilities, dtype=np.float32), dims=['presentation', 'choice'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in test]), 'repetition': ('presentation', [0] * len(test)),
        'choice': ('choice', ANSWERS)})
    print(package_data_assembly_locally(model, 'fixture.Lonnqvist2024_model', 'Lonnqvist2024_test',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
