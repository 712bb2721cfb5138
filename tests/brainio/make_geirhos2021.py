"""Write small synthetic Geirhos2021 packages (`uniform-noise` and 13 more datasets) with Brain-Score's own packaging code.

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

It also writes, for each of the 13 datasets in `LAYOUTS` (colour, contrast, eidolonI/II/III, false-colour, high-pass,
low-pass, phase-scrambling, power-equalisation, rotation, sketch, stylized), `stimulus_Geirhos2021_<d>.csv/.zip` and
`assy_brendel_Geirhos2021_<d>.nc` in the layout of Brain-Score's `data_packaging/<d>/` scripts: the real condition
values and their types (text for colour, contrast, eidolons and power-equalisation; float for high-pass, with inf;
int for low-pass, phase-scrambling, rotation, sketch, stylized), the real number of subjects (4; sketch 7, stylized
5), image names of 8 parts (7 for sketch and stylized, whose stimulus sets carry `image_lookup_id`), false-colour's
trials without a condition coord (its stimulus set's `Normal-Image`/`False-Colour` comes with the merge). Each
excluded condition has one image, each kept one 3 to 8 (16 to 23 images per dataset, the 16 categories in turn), so
that every (subject, condition) and the model get some right and some wrong. `assy_fixture_Geirhos2021_model.nc` holds
a "model's" labels for all their images (stimulus_id, truth). Seeds 1..13, one per dataset.
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
INF = float('inf')
# dataset: (experiment code, subjects, conditions as the trials' CSV holds them, excluded (Brain-Score's
# EXCLUDE_CONDITIONS), parts of an image name)
LAYOUTS = {
    'colour': ('cl', 4, ['cr', 'bw'], ['cr'], 8),
    'contrast': ('con', 4, ['c100', 'c50', 'c30', 'c15', 'c10', 'c05', 'c03', 'c01'], ['c100', 'c03', 'c01'], 8),
    'eidolonI': ('eid', 4, [f'{2 ** k}-10-10' for k in range(8)], ['1-10-10', '64-10-10', '128-10-10'], 8),
    'eidolonII': ('eid', 4, [f'{2 ** k}-3-10' for k in range(8)], ['1-3-10', '32-3-10', '64-3-10', '128-3-10'], 8),
    'eidolonIII': ('eid', 4, [f'{2 ** k}-0-10' for k in range(8)],
                   ['1-0-10', '16-0-10', '32-0-10', '64-0-10', '128-0-10'], 8),
    'false-colour': ('fc', 4, ['false', 'true'], ['true'], 8),  # the image name's part; the set says Normal-Image/False-Colour
    'high-pass': ('hp', 4, [INF, 3.0, 1.5, 1.0, 0.7, 0.55, 0.45, 0.4], [INF, 0.55, 0.45, 0.4], 8),
    'low-pass': ('lp', 4, [0, 1, 3, 5, 7, 10, 15, 40], [0, 15, 40], 8),
    'phase-scrambling': ('pha', 4, [0, 30, 60, 90, 120, 150, 180], [0, 150, 180], 8),
    'power-equalisation': ('pow', 4, ['0', 'pow'], ['0'], 8),
    'rotation': ('rot', 4, [0, 90, 180, 270], [0], 8),
    'sketch': ('sk', 7, [0], [], 7),
    'stylized': ('sty', 5, [0], [], 7),
}
CATEGORIES = ['airplane', 'bear', 'bicycle', 'bird', 'boat', 'bottle', 'car', 'cat', 'chair', 'clock', 'dog',
              'elephant', 'keyboard', 'knife', 'oven', 'truck']
CONDITIONS = [0.0, 0.03, 0.05, 0.1, 0.2, 0.35, 0.6, 0.9]  # the noise widths of the real experiment
SUBJECTS = ['subject-01', 'subject-02', 'subject-03', 'subject-04']


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    uniform_noise()
    model_rows = []
    for seed, dataset in enumerate(LAYOUTS, start=1): model_rows += dataset_package(dataset, seed)
    model = BehavioralAssembly([r['answer'] for r in model_rows], dims=['presentation'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in model_rows]),
        'truth': ('presentation', [r['truth'] for r in model_rows])})
    print(package_data_assembly_locally(model, 'fixture.Geirhos2021_model', 'Geirhos2021',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))


def uniform_noise():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    work.mkdir(parents=True)
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


def _some_right(right, groups, middle):
    "Make each group (row indices) hold some right and some wrong answers: flip its middle (or first) row"
    for g in groups:
        if right[g].all() or not right[g].any(): right[g[len(g) // 2 if middle else 0]] ^= True
    return right


def dataset_package(dataset, seed):
    "Write Geirhos2021_<dataset> (stimulus set and trials) in its real layout; the model's answers, one row per image"
    code, n_subjects, conditions, excluded, parts = LAYOUTS[dataset]
    rng, identifier, work = np.random.default_rng(seed), f'Geirhos2021_{dataset}', OUT / 'work'
    work.mkdir(parents=True)
    kept = [c for c in conditions if c not in excluded]
    per_kept = max(3, -(-8 // len(kept)))
    rows, paths = [], {}
    for condition in conditions:
        for _ in range(per_kept if condition in kept else 1):
            n = len(rows)
            category = CATEGORIES[(n + 5 * seed) % 16]
            name = str(condition)  # as the image file names write it: inf, 3.0, 90, c50, bw, true
            wnid, number = f'n0{rng.integers(1000000, 9999999)}', int(rng.integers(1, 20000))
            if parts == 8:
                long = f'{n:04d}_{code}_dnn_{name}_{category}_{n % 20:02d}_{wnid}_{number}'
            else:  # sketch, stylized: <n>_<code>_dnn_<condition>_<category>_<number>_<name>
                long = f'{n:04d}_{code}_dnn_{name}_{category}_{n % 20:02d}_{category}{number}'
            split = long.split('_')
            lookup = '_'.join(split[3:])
            path = work / f'{long}.png'
            Image.fromarray(rng.integers(0, 256, (4, 4, 3), dtype=np.uint8)).save(path)
            os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed
            paths[lookup] = path
            row = dict(stimulus_id=lookup, image_id=lookup, image_id_long=long, experiment_code=code,
                       condition=name, truth=category, category_ground_truth=category, random_number=split[5])
            if dataset == 'false-colour': row['condition'] = 'Normal-Image' if name == 'false' else 'False-Colour'
            if parts == 8: row.update(image_number=split[0], wordnet_a=split[6], wordnet_b=split[7])
            elif dataset == 'sketch': row.update(image_number=split[0], image_lookup_id=lookup)
            else: row.update(image_number=split[5], image_lookup_id=lookup)  # stylized_stimulus_set.py
            rows.append(dict(row, _condition=condition))
    stimuli = StimulusSet([{k: v for k, v in r.items() if k != '_condition'} for r in rows])
    stimuli.stimulus_paths = paths
    stimuli.identifier = identifier
    print(package_stimulus_set_locally(stimuli, identifier, downloads_path=OUT))

    level = {c: 0.9 - 0.2 * i / max(1, len(conditions) - 1) for i, c in enumerate(map(str, conditions))}
    hard = rng.random(len(rows)) < 0.3  # images that subjects (and less so the model) get wrong: shared errors
    by_condition = [np.array([i for i, r in enumerate(rows) if r['_condition'] == c]) for c in kept]
    trials = []
    for s in range(1, n_subjects + 1):
        order = rng.permutation(len(rows))
        p = np.array([0.15 if hard[i] else level[str(rows[i]['_condition'])] for i in range(len(rows))])
        right = _some_right(rng.random(len(rows)) < p, by_condition, middle=True)
        for trial, i in enumerate(order, start=1):
            row = rows[i]
            choice = row['truth'] if right[i] else rng.choice([c for c in CATEGORIES if c != row['truth']] + ['na'])
            trials.append(dict(image_id=row['image_id'], image_id_long=f'{trial:04d}_{code}_s{s:02d}_{row["image_id"]}.png',
                               truth=row['truth'], choice=choice, category=row['truth'], condition=row['_condition'],
                               response_time=float(rng.uniform(.3, 1.5)) if choice != 'na' else np.nan, trial=trial,
                               subject=f'subject-{s:02d}', session=1))
    coords = {k: ('presentation', [t[k] for t in trials]) for k in trials[0] if not (
        k == 'condition' and dataset == 'false-colour')}  # false-colour_data_assembly.py has no condition
    assembly = BehavioralAssembly([t['choice'] for t in trials], dims=['presentation'],
                                  coords={**coords, 'stimulus_id': ('presentation', [t['image_id'] for t in trials])})
    print(package_data_assembly_locally(assembly, f'brendel.{identifier}', identifier,
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)

    model_hard = np.where(rng.random(len(rows)) < 0.5, hard, rng.random(len(rows)) < 0.3)  # half its own
    right = _some_right(rng.random(len(rows)) < np.where(model_hard, 0.2, 0.85), by_condition, middle=False)
    return [dict(stimulus_id=r['stimulus_id'], truth=r['truth'],
                 answer=r['truth'] if ok else CATEGORIES[(CATEGORIES.index(r['truth']) + 3) % 16])
            for r, ok in zip(rows, right)]


if __name__ == '__main__':
    main()
