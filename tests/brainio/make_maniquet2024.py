"""Write small synthetic Maniquet2024 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_maniquet2024.py

It writes tests/brainio/maniquet2024/ in the layout of Brain-Score 2.4.2's data plugin `maniquet2024`
(its `data_packaging.py`): the stimulus sets `Maniquet2024` (what the humans saw: 17 tasks x 5 categories x 2
exemplars), `Maniquet2024-test` (what models are tested on: 9 conditions x 5 categories x 4 exemplars) and
`Maniquet2024-train` (the fitting stimuli: 5 categories x 4), each stimulus a tiny PNG named
`<exemplar>_<manipulation>_<details>_<category>` with the columns the plugin parses from that name; the
BehavioralAssembly `Maniquet2024` (8 subjects x 85 trials; values `acc`, coords stimulus_id, manipulation,
manipulation_details, mask, image_label, prediction, response, reaction_time, subject_id, task); and
`fixture.Maniquet2024_model`, a "model's" class probabilities (180 test images x 5 choices). Nothing is real
data: accuracy falls with each task's difficulty, and humans and the model confuse the same category pairs (seed
0). The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
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

OUT = Path(__file__).parent / 'maniquet2024'
CATEGORIES = ['bird', 'car', 'cat', 'dog', 'plane']
PARTNER = {'bird': 'plane', 'plane': 'bird', 'cat': 'dog', 'dog': 'cat', 'car': 'plane'}  # the usual confusion
# human task -> (model manipulation, details, probability correct)
TASKS = {'control': ('control', 'control', .95), 'clutter_light': ('clutter', 'light', .85),
         'clutter_heavy': ('clutter', 'heavy', .7), 'scrambling_lowpass': ('phasescrambling', 'lowpass', .6),
         'scrambling_highpass': ('phasescrambling', 'highpass', .75)}
for kind, offset in (('blobs', 0), ('deletion', -.05), ('partial_viewing', -.1)):
    for size, base in (('few_large', .55), ('many_small', .65)):
        for level, more in (('high', 0), ('low', .25)):
            TASKS[f'occlusion_{size}_{kind}_{level}'] = ('occluder', f"{size.replace('_', '')}-{level}",
                                                         base + more + offset)
CONDITIONS = sorted({(m, d) for m, d, _ in TASKS.values()})
SUBJECTS = list(range(1, 9))


def stimulus_set(rng, work, identifier, items):
    "items: (exemplar, manipulation, details, category) -> a packaged StimulusSet of tiny PNGs"
    rows, paths = [], {}
    for exemplar, manipulation, details, category in items:
        sid = f'{exemplar}_{manipulation}_{details}_{category}'
        path = work / f'{sid}.png'
        Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
        paths[sid] = path
        rows.append(dict(stimulus_id=sid, manipulation=manipulation, manipulation_details=details,
                         image_label=category, exemplar_number=exemplar))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = identifier
    print(package_stimulus_set_locally(stimuli, identifier, downloads_path=OUT))
    return rows


def answer(rng, category, p_correct, partner_share):
    if rng.random() < p_correct: return category
    if rng.random() < partner_share: return PARTNER[category]
    return rng.choice([c for c in CATEGORIES if c != category])


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    stimulus_set(rng, work, 'Maniquet2024-train',
                 [(f'{e:03d}', 'control', 'control', c) for c in CATEGORIES for e in range(4)])
    test = stimulus_set(rng, work, 'Maniquet2024-test',
                        [(f'{e:03d}', m, d, c) for m, d in CONDITIONS for c in CATEGORIES for e in range(4)])
    human_items = [(f'{e:03d}', task.split('_')[0], '-'.join(task.split('_')[1:]) or 'control', c)
                   for task in TASKS for c in CATEGORIES for e in range(2)]
    human = stimulus_set(rng, work, 'Maniquet2024', human_items)
    task_of = {r['stimulus_id']: task for r, task in zip(human, [t for t in TASKS for _ in range(2 * len(CATEGORIES))])}

    trials = []
    for subject in SUBJECTS:
        skill = rng.uniform(-.08, .08)
        for i in rng.permutation(len(human)):  # each subject sees one of the two exemplars of each category
            row = human[i]
            if int(row['exemplar_number']) != (subject + i // 2) % 2: continue
            task = task_of[row['stimulus_id']]
            prediction = answer(rng, row['image_label'], min(.99, TASKS[task][2] + skill), .7)
            trials.append(dict(stimulus_id=row['stimulus_id'], manipulation=task.split('_')[0],
                               manipulation_details='_'.join(task.split('_')[1:]) or 'control', mask='none',
                               image_label=row['image_label'], prediction=prediction,
                               response=CATEGORIES.index(prediction) + 1, reaction_time=float(rng.uniform(.4, 1.6)),
                               subject_id=subject, task=task, acc=int(prediction == row['image_label'])))
    assembly = BehavioralAssembly([t['acc'] for t in trials], dims=['presentation'],
                                  coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0] if k != 'acc'})
    print(package_data_assembly_locally(assembly, 'Maniquet2024', 'Maniquet2024',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))

    # a "model": mean human accuracy of its condition's tasks, plus noise; the same confusions, less often
    p_condition = {c: np.mean([p for m, d, p in TASKS.values() if (m, d) == c]) for c in CONDITIONS}
    probabilities = []
    for row in test:
        p = p_condition[(row['manipulation'], row['manipulation_details'])] + rng.uniform(-.15, .1)
        chosen = answer(rng, row['image_label'], p, .2)
        values = rng.dirichlet(np.ones(len(CATEGORIES))) * .5
        values[CATEGORIES.index(chosen)] += .5
        probabilities.append(values)
    model = BehavioralAssembly(np.array(probabilities, dtype=np.float32), dims=['presentation', 'choice'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in test]), 'repetition': ('presentation', [0] * len(test)),
        'choice': ('choice', CATEGORIES)})
    print(package_data_assembly_locally(model, 'fixture.Maniquet2024_model', 'Maniquet2024-test',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
