"""Write small synthetic Scialom2024 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_scialom2024.py

It writes tests/brainio/scialom2024/ in the layout of Brain-Score 2.4.2's data plugin `scialom2024` (its
`data_packaging/`) for two of its 22 datasets, `rgb` and `phosphenes-12`: the stimulus set `Scialom2024_<dataset>`
(8 tiny PNGs of 4 categories; columns image_height, image_width, num_channels, dataset, object_id, truth,
percentage_elements, condition; numeric stimulus_ids) and the BehavioralAssembly `Scialom2024_<dataset>` (4 subjects
naming every image once; values the answer, coords subject, subject_group, visual_degrees, image_duration,
is_correct, subject_answer, condition, percentage_elements, stimulus_id (int), truth), and
`fixture.Scialom2024_model`, a "model's" labels for the 16 images. Nothing is real data (seed 0). The script re-runs
itself with PYTHONHASHSEED=0, so the same bytes come out every time.
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

OUT = Path(__file__).parent / 'scialom2024'
CATEGORIES = ['Banana', 'Boot', 'Cup', 'Sewing machine']
DATASETS = {'rgb': ('RGB', 'RGB', .9, .45), 'phosphenes-12': ('12', 'phosphenes', .6, .05)}  # elements, group, humans, model


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    model_ids, model_labels, next_id = [], [], 1
    for dataset, (elements, group, p_human, p_model) in DATASETS.items():
        rows, paths = [], {}
        for c in CATEGORIES:
            for i in range(2):
                sid = str(next_id); next_id += 1
                path = work / f'{sid}.png'
                Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
                os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes
                paths[sid] = path
                rows.append(dict(image_height=6, image_width=6, num_channels=3, dataset=group.lower(),
                                 object_id=CATEGORIES.index(c) * 10 + i, stimulus_id=sid, truth=c,
                                 percentage_elements=elements, condition=elements))
        stimuli = StimulusSet(rows)
        stimuli.stimulus_paths = paths
        stimuli.name = stimuli.identifier = f'Scialom2024_{dataset}'
        print(package_stimulus_set_locally(stimuli, f'Scialom2024_{dataset}', downloads_path=OUT))
        trials = []
        for s in range(4):
            for i in rng.permutation(len(rows)):
                row = rows[i]
                answer = row['truth'] if rng.random() < p_human else str(rng.choice(CATEGORIES))
                trials.append(dict(subject=f'{dataset}-{s}', subject_group=group, visual_degrees=8.0, image_duration=.2,
                                   is_correct=answer == row['truth'], subject_answer=answer, condition=elements,
                                   percentage_elements=elements, stimulus_id=int(row['stimulus_id']), truth=row['truth']))
        assembly = BehavioralAssembly([t['subject_answer'] for t in trials], dims=['presentation'],
                                      coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
        print(package_data_assembly_locally(assembly, f'Scialom2024_{dataset}', f'Scialom2024_{dataset}',
                                            assembly_class_name='BehavioralAssembly', downloads_path=OUT))
        for row in rows:
            model_ids.append(int(row['stimulus_id']))
            model_labels.append(row['truth'] if rng.random() < p_model else str(rng.choice(CATEGORIES)))
    composite(np.random.default_rng(1), work, model_ids, model_labels)
    model = BehavioralAssembly(model_labels, dims=['presentation'], coords={
        'stimulus_id': ('presentation', model_ids), 'repetition': ('presentation', [0] * len(model_ids))})
    print(package_data_assembly_locally(model, 'fixture.Scialom2024_model', 'Scialom2024_rgb',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


def composite(rng, work, model_ids, model_labels):
    """`phosphenes-all` as the plugin packages it: every image conditioned 'phosphenes' in the stimulus set, the
    trials' condition the subject group of the image's representation (phosphenes, RGB, contours); 3 subjects see
    all 16 images"""
    rows, paths = [], {}
    for group, elements in (('phosphenes', '12'), ('phosphenes', '100'), ('RGB', 'RGB'), ('contours', 'contours')):
        for c in CATEGORIES:
            sid = str(100 + len(rows))
            path = work / f'{sid}.png'
            Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
            os.utime(path, (1609459200, 1609459200))
            paths[sid] = path
            rows.append(dict(image_height=6, image_width=6, num_channels=3, dataset=group.lower(), object_id=len(rows),
                             stimulus_id=sid, truth=c, percentage_elements=elements, condition='phosphenes', group=group))
    stimuli = StimulusSet([{k: v for k, v in r.items() if k != 'group'} for r in rows])
    stimuli.stimulus_paths = paths
    stimuli.name = stimuli.identifier = 'Scialom2024_phosphenes-all'
    print(package_stimulus_set_locally(stimuli, 'Scialom2024_phosphenes-all', downloads_path=OUT))
    trials = []
    for s in range(3):
        for i in rng.permutation(len(rows)):
            row = rows[i]
            answer = row['truth'] if rng.random() < .7 else str(rng.choice(CATEGORIES))
            trials.append(dict(subject=f'all-{s}', subject_group=row['group'], visual_degrees=8.0, image_duration=.2,
                               is_correct=answer == row['truth'], subject_answer=answer, condition=row['group'],
                               percentage_elements=row['percentage_elements'], stimulus_id=int(row['stimulus_id']),
                               truth=row['truth']))
    assembly = BehavioralAssembly([t['subject_answer'] for t in trials], dims=['presentation'],
                                  coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
    print(package_data_assembly_locally(assembly, 'Scialom2024_phosphenes-all', 'Scialom2024_phosphenes-all',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    for row in rows:
        model_ids.append(int(row['stimulus_id']))
        model_labels.append(row['truth'] if rng.random() < .5 else str(rng.choice(CATEGORIES)))


if __name__ == '__main__':
    main()
