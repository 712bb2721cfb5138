"""Write small synthetic Ferguson2024 `color` packages and a "model's" probabilities with Brain-Score's own code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_ferguson2024.py

It writes tests/brainio/ferguson2024/, in the structure of Brain-Score 2.4.2's data plugin `data/ferguson2024`:
`stimulus_Ferguson2024_color.csv/.zip` (the 48 test images, `<block>_block_<n>`, columns image_number and block),
`stimulus_Ferguson2024_color_training_stimuli.csv/.zip` (12 fitting images with image_number),
`assy_Ferguson2024_color.nc` (6 participants x 48 images x 2 repetitions: correct 1/0 with participant_id,
distractor_nums ('1.0', '5.0', '11.0' by image number, as the plugin maps them), block, trial_type, target_present)
and `assy_fixture_Ferguson2024_color_model.nc` (a model's probabilities, presentation x choice ['oddball', 'same'],
with the stimulus set's columns and image_label as its label models carry them). People find the oddball less
often among more distractors in the first block (seed 0). Nothing is real data. The script re-runs itself with
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

OUT = Path(__file__).parent / 'ferguson2024'
FEW = {0, 1, 6, 7, 12, 13, 18, 19}  # 1 distractor (the plugin's mapping); 5: 2, 3, 8, 9, 14, 15, 20, 21; else 11
SOME = {2, 3, 8, 9, 14, 15, 20, 21}


def distractors(n): return '1.0' if n in FEW else '5.0' if n in SOME else '11.0'


def package_images(rng, work, name, rows):
    paths = {}
    for r in rows:
        path = work / f"{r['stimulus_id']}.png"
        Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))
        paths[r['stimulus_id']] = path
    s = StimulusSet(rows)
    s.stimulus_paths = paths
    s.identifier = name
    print(package_stimulus_set_locally(s, name, downloads_path=OUT))


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    test = [dict(stimulus_id=f'{b}_block_{n}', image_number=n, block=b) for b in ('first', 'second') for n in range(24)]
    package_images(rng, work, 'Ferguson2024_color', test)
    package_images(rng, work, 'Ferguson2024_color_training_stimuli',
                   [dict(stimulus_id=f'train_{n}', image_number=n) for n in range(12)])
    trials = []
    for p in range(6):
        for rep in range(2):
            for r in test:
                d = distractors(r['image_number'])
                p_right = 0.95 - (0.1 if r['block'] == 'first' else 0.02) * {'1.0': 0, '5.0': 1, '11.0': 2}[d]
                trials.append(dict(stimulus_id=r['stimulus_id'], participant_id=f'p{p}', correct=int(rng.random() < p_right),
                                   distractor_nums=d, block=r['block'], trial_type='normal',
                                   target_present=int(r['image_number'] % 2 == 0)))
    assembly = BehavioralAssembly([t['correct'] for t in trials], dims=['presentation'],
                                  coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
    print(package_data_assembly_locally(assembly, 'Ferguson2024_color', 'Ferguson2024_color',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    odd = rng.random(48) * 0.6 + np.array([0.35 if r['image_number'] % 2 == 0 else 0.05 for r in test])
    model = BehavioralAssembly(np.stack([odd, 1 - odd], 1), dims=['presentation', 'choice'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in test]),
        'image_number': ('presentation', [r['image_number'] for r in test]),
        'block': ('presentation', [r['block'] for r in test]),
        'image_label': ('presentation', ['oddball' if r['image_number'] % 2 == 0 else 'same' for r in test]),
        'choice': ('choice', ['oddball', 'same'])})
    print(package_data_assembly_locally(model, 'fixture.Ferguson2024_color_model', 'Ferguson2024_color',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
