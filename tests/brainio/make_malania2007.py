"""Write small synthetic Malania2007 packages with Brain-Score's own packaging code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    /work/bs/bsvenv/bin/python tests/brainio/make_malania2007.py

It writes tests/brainio/malania2007/ in the layout of Brain-Score 2.4.2's data plugin `malania2007` (its
`data_packaging/`): the ten PropertyAssemblies `Malania2007_<condition>` (one vernier threshold in arcsec per subject,
NaN where a subject did not do the condition: 6 subjects in vernier-only, short-2 and short-16, 5 elsewhere), the ten
test stimulus sets `Malania2007_<condition>` (6 offsets x 8 images = 48, half 'left' and half 'right', with the
packaging script's columns) and the nine fitting sets `Malania2007_<condition>_fit` (4 images each), and two "models":
`fixture.Malania2007_model`, class probabilities over ('left', 'right') for every test image whose accuracy rises with
the offset, with a threshold that is larger with flankers, and `fixture.Malania2007_chance`, answers at chance. Nothing
is real data (seed 0). The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
"""
import os
import shutil
import sys
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # Brain-Score orders the CSV's columns as a set: fix the hash seed
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0', 'BS_INSTALL_DEPENDENCIES': 'no'})
import numpy as np
from PIL import Image
from scipy.stats import norm
from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly, PropertyAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'malania2007'
CONDITIONS = ['short-2', 'short-4', 'short-6', 'short-8', 'short-16', 'equal-2', 'long-2', 'equal-16', 'long-16']
FLANKERS = {'short-2': 2, 'short-4': 4, 'short-6': 6, 'short-8': 8, 'short-16': 16, 'equal-2': 2, 'long-2': 2,
            'equal-16': 16, 'long-16': 16, 'vernier-only': 0}
SUBJECTS = [101, 102, 103, 104, 105, 106]  # the packaging's subject_unique_id
MISSING = {c: SUBJECTS[i % 6] for i, c in enumerate(CONDITIONS) if c not in ('short-2', 'short-16')}  # NaN there
OFFSETS = [6.0, 12.0, 18.0, 24.0, 36.0, 48.0]  # arcsec
PER_OFFSET = 8
MODEL_THRESHOLD = {'vernier-only': 14.0, **{c: 14.0 + 2.5 * (i + 1) for i, c in enumerate(CONDITIONS)}}


def package(rows, identifier, work, rng):
    paths = {}
    for row in rows:
        path = work / f"{row['stimulus_id']}.png"
        Image.fromarray(rng.integers(0, 256, (4, 4), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))  # the ZIP records file times: fixed, for the same bytes every run
        paths[row['stimulus_id']] = path
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = identifier
    print(package_stimulus_set_locally(stimuli, identifier, downloads_path=OUT))


def stimulus_rows(condition, offsets, n):
    rows = []
    for i, offset in enumerate(o for o in offsets for _ in range(n)):
        rows.append(dict(image_size_x_pix=4, image_size_y_pix=4, image_size_c=1, image_size_degrees=2.986667,
                         vernier_height_arcsec=2400.0, vernier_offset_arcsec=offset,
                         image_label='left' if i % 2 else 'right', flanker_height_arcsec=2400.0,
                         flanker_spacing_arcsec=200.0, line_width_arcsec=40.0, flanker_distance_arcsec=200.0,
                         num_flankers=FLANKERS[condition.removesuffix('_fit')], vernier_position_x_pix=2,
                         vernier_position_y_pix=2, stimulus_id=f"{condition.replace('-', '')}_{i:03}"))
    return rows


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    baseline = np.array([12.0, 15.0, 18.0, 10.0, 20.0, 14.0])
    # brainscore-core 2.5.0's local packaging validator wants a stimulus_id coord, which Malania2007's assemblies
    # (one threshold per subject, packaged by the plugin with `package_data_assembly`) never have: skipped for them
    from brainscore_core.supported_data_standards.brainio import packaging
    validate = packaging.validate_assembly_only
    packaging.validate_assembly_only = lambda assembly, identifier: (
        assembly.dims == ('subject',) or validate(assembly, identifier))
    tested, answers, chance = {}, [], []
    for condition in ['vernier-only'] + CONDITIONS:
        if condition == 'vernier-only': values = baseline
        else:
            values = baseline * rng.uniform(1.2, 3.0, len(SUBJECTS))
            if condition in MISSING: values[SUBJECTS.index(MISSING[condition])] = np.nan
        assembly = PropertyAssembly(values, coords={'subject': ('subject', SUBJECTS)}, dims=['subject'])
        assembly.name = f'Malania2007_{condition}'
        print(package_data_assembly_locally(assembly, assembly.name, assembly.name,
                                            assembly_class_name='PropertyAssembly', downloads_path=OUT))
        rows = stimulus_rows(condition, OFFSETS, PER_OFFSET)
        package(rows, f'Malania2007_{condition}', work, rng)
        if condition != 'vernier-only':
            package(stimulus_rows(f'{condition}_fit', [30.0, 60.0], 2), f'Malania2007_{condition}_fit', work, rng)
        tested[condition] = rows
        for j, row in enumerate(rows):  # the model: a set share of each offset's images right, by a psychometric curve
            p = .5 + .48 * norm.cdf((row['vernier_offset_arcsec'] - MODEL_THRESHOLD[condition]) / 8.0)
            right = (j % PER_OFFSET) < round(p * PER_OFFSET)
            side = row['image_label'] if right else ({'left': 'right', 'right': 'left'}[row['image_label']])
            margin = rng.uniform(.05, .45)
            answers.append((row['stimulus_id'], [.5 + margin, .5 - margin] if side == 'left' else [.5 - margin, .5 + margin]))
            q = rng.uniform(.05, .95)
            chance.append((row['stimulus_id'], [q, 1 - q]))
    for name, values in (('fixture.Malania2007_model', answers), ('fixture.Malania2007_chance', chance)):
        model = BehavioralAssembly(np.array([v for _, v in values], dtype=np.float32), dims=['presentation', 'choice'], coords={
            'stimulus_id': ('presentation', [s for s, _ in values]), 'repetition': ('presentation', [0] * len(values)),
            'choice': ('choice', ['left', 'right'])})
        print(package_data_assembly_locally(model, name, 'Malania2007_vernier-only',
                                            assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
