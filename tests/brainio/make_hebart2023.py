"""Write small synthetic Hebart2023 (THINGS odd-one-out) packages and a "model's" features with Brain-Score's own code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_hebart2023.py

It writes tests/brainio/hebart2023/: `stimulus_Hebart2023.csv/.zip` (30 tiny PNGs, stimulus ids 0..29 in row order, which
Brain-Score's loader reads back as numbers and its benchmark selects by row label with `.loc`), `assy_Hebart2023.nc` (300 triplets as its packaging script writes
them: values and stimulus_id the odd one out, triplet_id, image_1, image_2, and image_3 the odd one out) and
`assy_fixture_Hebart2023_features.nc` (a model's 8 features per image; presentation x neuroid). People choose the odd
one out by the same kind of similarity with noise (seed 0). Nothing is THINGS data. The script re-runs itself with
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
from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly, NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).parent / 'hebart2023'


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    rows, paths = [], {}
    for i in range(30):
        path = work / f'image{i:02d}.png'
        Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))
        paths[str(i)] = path
        rows.append(dict(stimulus_id=str(i), unique_id=f'concept{i:02d}', WordNet_ID=f'concept{i:02d}.n.01'))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = 'Hebart2023'
    print(package_stimulus_set_locally(stimuli, 'Hebart2023', downloads_path=OUT))

    latent = rng.normal(size=(30, 8))
    model = latent + 0.7 * rng.normal(size=(30, 8))
    trials = []
    for t in range(300):
        i, j, k = rng.choice(30, 3, replace=False)
        x = latent[[i, j, k]] + 0.8 * rng.normal(size=(3, 8))
        sims = [x[0] @ x[1], x[0] @ x[2], x[1] @ x[2]]
        odd = [i, j, k][2 - int(np.argmax(sims))]
        a, b = [s for s in (i, j, k) if s != odd]
        trials.append((int(a), int(b), int(odd)))
    assembly = BehavioralAssembly([o for _, _, o in trials], dims=['presentation'], coords={
        'stimulus_id': ('presentation', [o for _, _, o in trials]),
        'triplet_id': ('presentation', [f'triplet_{n}' for n in range(len(trials))]),
        'image_1': ('presentation', [a for a, _, _ in trials]), 'image_2': ('presentation', [b for _, b, _ in trials]),
        'image_3': ('presentation', [o for _, _, o in trials])})
    print(package_data_assembly_locally(assembly, 'Hebart2023', 'Hebart2023', assembly_class_name='BehavioralAssembly',
                                        downloads_path=OUT))
    features = NeuroidAssembly(model, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [str(i) for i in range(30)]), 'unique_id': ('presentation', [r['unique_id'] for r in rows]),
        'neuroid_id': ('neuroid', [f'unit{u}' for u in range(8)]), 'layer': ('neuroid', ['fc'] * 8)})
    print(package_data_assembly_locally(features, 'fixture.Hebart2023_features', 'Hebart2023',
                                        assembly_class_name='NeuroidAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
