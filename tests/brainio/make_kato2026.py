"""Write small synthetic Kato2026 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_kato2026.py

It writes tests/brainio/kato2026/ in the layout of Brain-Score 2.4.2's data plugin `kato2026` (its `data_packaging/`):
for each of the 9 image manipulations the stimulus set `Kato2026.<dataset>` (images `<wnid>_ILSVRC2012_val_<n>_<code>`
with truth `kato2026_<wnid>` and condition) and the BehavioralAssembly `Kato2026.<dataset>` (every subject names
every image once; values the response, coords stimulus_id, subject, correct, condition, response, truth; a few
responses 'NaN'): 12 images of 3 classes (8 for Sparse and Dense, a subset of Sil's, as the real 171 of 240), 6
subjects for Ori and 3 for the others; and `fixture.Kato2026_model`, a "model's" labels for all 100 images.
Nothing is real data: each manipulation has its own accuracy; the model is wrong on some base (Ori or Sil) images,
so the benchmarks' base-condition filter sets answers aside (seed 0). The script re-runs itself with
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

OUT = Path(__file__).parent / 'kato2026'
WNIDS = ['n01440764', 'n02102040', 'n03028079']
CODES = {'Ori': 'o', 'Fil': 'f', 'Lin': 'l', 'SilTex': 'st', 'Sil': 's', 'Tex': 't', 'LinFil': 'lf', 'Dense': 'cd',
         'Sparse': 'cs'}
ACCURACY = {'Ori': (.9, .85), 'Fil': (.7, .4), 'Lin': (.6, .7), 'SilTex': (.75, .5), 'Sil': (.65, .6), 'Tex': (.5, .3),
            'LinFil': (.55, .45), 'Dense': (.7, .5), 'Sparse': (.5, .65)}  # humans, model


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    keys = [f'{w}_ILSVRC2012_val_{n:08d}' for w in WNIDS for n in rng.choice(50000, 4, replace=False)]
    subset = [k for i, k in enumerate(keys) if i % 3 != 2]  # Dense and Sparse: 8 of the 12
    model_ids, model_labels = [], []
    for dataset, code in CODES.items():
        rows, paths = [], {}
        for key in (subset if dataset in ('Dense', 'Sparse') else keys):
            sid = f'{key}_{code}'
            path = work / f'{sid}.png'
            Image.fromarray(rng.integers(0, 256, (6, 6, 3), dtype=np.uint8)).save(path)
            os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
            paths[sid] = path
            rows.append(dict(stimulus_id=sid, truth='kato2026_' + key.split('_')[0], condition=dataset))
        stimuli = StimulusSet(rows)
        stimuli.stimulus_paths = paths
        stimuli.name = f'Kato2026.{dataset}'
        print(package_stimulus_set_locally(stimuli, f'Kato2026.{dataset}', downloads_path=OUT))
        p_human, p_model = ACCURACY[dataset]
        labels = ['kato2026_' + w for w in WNIDS]
        trials = []
        for s in range(6 if dataset == 'Ori' else 3):
            for i in rng.permutation(len(rows)):
                row = rows[i]
                response = (row['truth'] if rng.random() < p_human else
                            'NaN' if rng.random() < .2 else rng.choice(labels + ['kato2026_others']))
                trials.append(dict(stimulus_id=row['stimulus_id'], subject=f'{dataset}-{s}', correct=int(response == row['truth']),
                                   condition=dataset, response=response, truth=row['truth']))
        assembly = BehavioralAssembly([t['response'] for t in trials], dims=['presentation'],
                                      coords={k: ('presentation', [t[k] for t in trials]) for k in trials[0]})
        print(package_data_assembly_locally(assembly, f'Kato2026.{dataset}', f'Kato2026.{dataset}',
                                            assembly_class_name='BehavioralAssembly', downloads_path=OUT))
        for row in rows:
            model_ids.append(row['stimulus_id'])
            model_labels.append(row['truth'] if rng.random() < p_model else rng.choice(labels + ['kato2026_others']))
    model = BehavioralAssembly(model_labels, dims=['presentation'], coords={
        'stimulus_id': ('presentation', model_ids), 'repetition': ('presentation', [0] * len(model_ids))})
    print(package_data_assembly_locally(model, 'fixture.Kato2026_model', 'Kato2026.Ori',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
