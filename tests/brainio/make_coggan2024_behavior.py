"""Write small synthetic Coggan2024_behavior packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_coggan2024_behavior.py

It writes tests/brainio/coggan2024_behavior/ in the layout of Brain-Score 2.4.2's data plugin
`coggan2024_behavior` (its `data_packaging.py`): the stimulus set `tong.Coggan2024_behavior` (one image per trial:
5 subjects x 96 trials = 4 objects x 4 occluder types x 2 occluder colours x 3 visibilities, with the columns
subject, trial, object_class, imagenet_class_*, occluder_type, occluder_color, visibility, repetition), the fitting
stimuli `tong.Coggan2024_behavior_fitting` (12 images with image_label), the BehavioralAssembly
`tong.Coggan2024_behavior` (the humans' predicted class per trial, with human_accuracy) and
`fixture.Coggan2024_behavior_model`, a "model's" class probabilities for the 480 images. Nothing is real data:
accuracy rises with visibility and differs by occluder type, for the humans and (less cleanly) the model (seed 0).
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
from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'coggan2024_behavior'
OBJECTS = {'bear': (294, 'n02132136', 'brown bear, bruin, Ursus arctos'), 'bison': (347, 'n02410509', 'bison'),
           'jeep': (609, 'n03594945', 'jeep, landrover'), 'teapot': (849, 'n04398044', 'teapot')}
OCCLUDERS = {'barHorz04': .0, 'mudSplash': -.1, 'polkadot': .05, 'naturalUntexturedCropped2': -.2}
COLOURS = ['black', 'white']
VISIBILITIES = [0.2, 0.6, 1.0]
SUBJECTS = [f'sub-{s:02}' for s in range(5)]


def package(rows, identifier, work, rng):
    paths = {}
    for row in rows:
        path = work / f"{row['stimulus_id']}.png"
        Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
        paths[row['stimulus_id']] = path
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = identifier
    print(package_stimulus_set_locally(stimuli, identifier, downloads_path=OUT))


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    objects = list(OBJECTS)
    package([{'stimulus_id': f'{i:04}_{o}_{i % 3}', 'image_label': o, 'imagenet_path': f'val/{o}_{i % 3}.JPEG'}
             for i, o in enumerate(o for o in objects for _ in range(3))], 'tong.Coggan2024_behavior_fitting', work, rng)
    rows, trials, t = [], [], 0
    for s, subject in enumerate(SUBJECTS):
        skill = rng.uniform(-.1, .1)
        design = [(o, k, c, v) for o in objects for k in OCCLUDERS for c in COLOURS for v in VISIBILITIES]
        for trial, i in enumerate(rng.permutation(len(design))):
            o, k, c, v = design[i]
            sid = f'{t:05}_sub-{s:02}_trial-{trial:03}'
            index, name, description = OBJECTS[o]
            rows.append(dict(stimulus_id=sid, subject=subject, trial=trial, object_class=o, imagenet_class_index_1K=index,
                             imagenet_class_name=name, imagenet_class_description=description, occluder_type=k,
                             occluder_color=c, visibility=v, repetition=int(rng.integers(0, 4))))
            p = min(.98, .3 + .65 * v + OCCLUDERS[k] + (.08 if c == 'white' else 0) + skill)
            prediction = o if rng.random() < p else rng.choice([x for x in objects if x != o])
            trials.append((sid, prediction, int(prediction == o)))
            t += 1
    package(rows, 'tong.Coggan2024_behavior', work, rng)
    assembly = BehavioralAssembly([p for _, p, _ in trials], dims=['presentation'], coords={
        'stimulus_id': ('presentation', [s for s, _, _ in trials]),
        'human_accuracy': ('presentation', [a for _, _, a in trials])})
    print(package_data_assembly_locally(assembly, 'tong.Coggan2024_behavior', 'tong.Coggan2024_behavior',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    probabilities = []
    for row in rows:
        p = min(.95, .25 + .6 * row['visibility'] + 1.5 * OCCLUDERS[row['occluder_type']] + rng.uniform(-.15, .15))
        chosen = row['object_class'] if rng.random() < p else rng.choice(objects)
        values = rng.dirichlet(np.ones(len(objects))) * .4
        values[objects.index(chosen)] += .6
        probabilities.append(values)
    model = BehavioralAssembly(np.array(probabilities, dtype=np.float32), dims=['presentation', 'choice'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in rows]), 'repetition': ('presentation', [0] * len(rows)),
        'choice': ('choice', objects)})
    print(package_data_assembly_locally(model, 'fixture.Coggan2024_behavior_model', 'tong.Coggan2024_behavior',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
