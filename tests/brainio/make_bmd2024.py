"""Write small synthetic BMD2024 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_bmd2024.py

It writes tests/brainio/bmd2024/ in the layout of Brain-Score 2.4.2's data plugin `bmd2024` (its `data_packaging/`):
for each condition (texture_1, texture_2, dotted_1, dotted_2) the stimulus set `BMD_2024_<condition>` (20 tiny PNGs:
5 categories x 4, columns condition and truth) and the BehavioralAssembly `BMD_2024_<condition>` (5 subjects each
naming every image once; values the subject's answer, coords subject, subject_answer, stimulus_id, truth,
condition), and `fixture.BMD2024_model`, a "model's" labels for the 80 images. Nothing is real data: each condition
and subject has its own accuracy (seed 0). The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come
out every time.
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

OUT = Path(__file__).parent / 'bmd2024'
CATEGORIES = ['airplane', 'bird', 'car', 'cat', 'chair']
CONDITIONS = {'texture_1': (.8, .35), 'texture_2': (.6, .1), 'dotted_1': (.9, .4), 'dotted_2': (.5, .95)}  # humans, model


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    model_ids, model_labels = [], []
    for condition, (p_human, p_model) in CONDITIONS.items():
        rows, paths = [], {}
        for c in CATEGORIES:
            for i in range(4):
                sid = f'{c.capitalize()}_{i:02d}_{condition[0]}{condition[-1]}'
                path = work / f'{sid}.png'
                Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
                os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes
                paths[sid] = path
                rows.append(dict(stimulus_id=sid, condition=condition, truth=c))
        stimuli = StimulusSet(rows)
        stimuli.stimulus_paths = paths
        stimuli.identifier = f'BMD_2024_{condition}'
        print(package_stimulus_set_locally(stimuli, f'BMD_2024_{condition}', downloads_path=OUT))
        trials = []
        for s in range(5):
            skill = rng.uniform(-.1, .1)
            for i in rng.permutation(len(rows)):
                row = rows[i]
                answer = row['truth'] if rng.random() < p_human + skill else rng.choice(CATEGORIES)
                trials.append(dict(subject=f'{condition}-s{s}', subject_answer=answer, stimulus_id=row['stimulus_id'],
                                   truth=row['truth'], condition=condition))
        assembly = BehavioralAssembly([t['subject_answer'] for t in trials], dims=['presentation'],
                                      coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
        print(package_data_assembly_locally(assembly, f'BMD_2024_{condition}', f'BMD_2024_{condition}',
                                            assembly_class_name='BehavioralAssembly', downloads_path=OUT))
        for row in rows:
            model_ids.append(row['stimulus_id'])
            model_labels.append(row['truth'] if rng.random() < p_model else rng.choice(CATEGORIES))
    model = BehavioralAssembly(model_labels, dims=['presentation'], coords={
        'stimulus_id': ('presentation', model_ids), 'repetition': ('presentation', [0] * len(model_ids))})
    print(package_data_assembly_locally(model, 'fixture.BMD2024_model', 'BMD_2024_texture_1',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
