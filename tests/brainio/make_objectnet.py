"""Write a small synthetic BarbuMayo2019 (ObjectNet) stimulus set and a "model's" answers with Brain-Score's own code.

Run with Brain-Score's environment (see /work/shared/FACTS.md), from the repository root:

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_objectnet.py

It writes tests/brainio/objectnet/: `stimulus_BarbuMayo2019.csv/.zip` (36 tiny PNGs of 6 synsets, the column `synset`
that Brain-Score's ObjectNet benchmark reads) and `assy_fixture_BarbuMayo2019_model.nc` (a BehavioralAssembly of a
model's synsets, choice x presentation with stimulus_id and filename, as Brain-Score's label models answer; seed 0).
Nothing is ObjectNet's. The script re-runs itself with PYTHONHASHSEED=0, so the same bytes come out every time.
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

OUT = Path(__file__).parent / 'objectnet'
SYNSETS = ['n02769748', 'n02776631', 'n02802426', 'n02808440', 'n02823428', 'n02881193']


def main():
    rng = np.random.default_rng(0)
    work = OUT / 'work'
    shutil.rmtree(OUT, ignore_errors=True); work.mkdir(parents=True)
    rows, paths = [], {}
    for n in range(36):
        sid = f'{int(rng.integers(0, 1 << 40)):010x}'
        path = work / f'{sid}.png'
        Image.fromarray(rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)).save(path)
        os.utime(path, (1609459200, 1609459200))
        paths[sid] = path
        rows.append(dict(stimulus_id=sid, synset=SYNSETS[n % 6]))
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = 'BarbuMayo2019'
    print(package_stimulus_set_locally(stimuli, 'BarbuMayo2019', downloads_path=OUT))
    answers = [r['synset'] if rng.random() < 0.55 else SYNSETS[int(rng.integers(0, 6))] for r in rows]
    model = BehavioralAssembly([answers], dims=['choice', 'presentation'], coords={
        'stimulus_id': ('presentation', [r['stimulus_id'] for r in rows]),
        'filename': ('presentation', [f"{r['stimulus_id']}.png" for r in rows])})
    print(package_data_assembly_locally(model, 'fixture.BarbuMayo2019_model', 'BarbuMayo2019',
                                        assembly_class_name='BehavioralAssembly', downloads_path=OUT))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
