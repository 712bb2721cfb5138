"""Brain-Score's own `tong.Coggan2024_fMRI.<region>-rdm` benchmarks on the mirror's data, packaged by its own packaging
steps (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/coggan2024_brainscore_side.py [MIRROR]

Packages the data as Brain-Score's `data/coggan2024_fMRI/data_packaging.py` does, with its local packaging functions
(`package_stimulus_set_locally`, `package_data_assembly_locally`) into a temporary folder: the stimulus set from the
24 images of the mirror's copy of its repository (sorted file names; `stimulus_id`, `object_name` and
`occlusion_condition`, the ImageNet metadata columns left out: the benchmark reads none), and the assembly from its
`dataset.pkl` (the file its packaging read), presentation x presentation x neuroid with one neuroid per (region,
subject) in its order. Its registry then builds each benchmark (`load_benchmark`) through its data plugin, the S3
download answered by those files (`brainscore_side.s3_fixtures`), and scores two "models" (its
`PrecomputedFeatures`):

- `efficientnet-lite0`: the stored features of tests/precomputed/efficientnet-lite0_Coggan2024_fMRI.<region>-rdm.nc;
- `random-seed5`: 5 + numpy.random.default_rng(5).normal(size=(24, 60)) in stimulus_id order, which correlates
  negatively with every region's subjects (the case where Brain-Score's (r / ceiling)^2 turns a negative r into a
  positive score).

Prints one JSON line: case -> region -> raw, ceiling, score (tests/brainio/crosschecks/coggan2024_fMRI.json).
"""
import json
import os
import pickle
import shutil
import sys
import tempfile
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures  # noqa: E402  (BS_INSTALL_DEPENDENCIES=no, RESULTCACHING_DISABLE=1)
import numpy as np  # noqa: E402
import xarray as xr  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DATASET = ('brain-score/vision/c019c8039afbfa83f46c4a8d942c48662b432f96/brainscore_vision/data/coggan2024_fMRI/'
           'dataset.pkl')
REGIONS = ('V1', 'V2', 'V4', 'IT')
IDENTIFIER = 'tong.Coggan2024_fMRI'  # its data plugin's stimulus set and assembly


class ArraysOnly(pickle.Unpickler):
    "Numpy arrays and plain containers only"
    def find_class(self, module, name):
        if module.split('.')[0] != 'numpy': raise pickle.UnpicklingError(f'refusing {module}.{name}')
        return super().find_class(module, name)


def package(folder: Path, mirror: Path):
    "The stimulus set and assembly, as its packaging script makes them, written by its local packaging functions"
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                            package_stimulus_set_locally)
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    data = (mirror / DATASET).parent
    files = sorted(data.glob('stimuli/*.png'))
    stimuli = StimulusSet([dict(stimulus_id=f.stem, object_name=f.stem.split('_')[0],
                                occlusion_condition=f.stem.split('_')[1]) for f in files])
    stimuli.stimulus_paths = {f.stem: str(f) for f in files}
    stimuli.name = IDENTIFIER
    with open(data / 'dataset.pkl', 'rb') as f: dataset = ArraysOnly(f).load()
    subjects = list(dataset['V1'].keys())
    pairs = list(product(REGIONS, subjects))
    assembly = NeuroidAssembly(np.stack([dataset[r][s] for r, s in pairs], axis=2),
                               dims=['presentation', 'presentation', 'neuroid'], coords={
                                   'stimulus_id': ('presentation', stimuli.stimulus_id),
                                   'object_name': ('presentation', stimuli.object_name),
                                   'occlusion_condition': ('presentation', stimuli.occlusion_condition),
                                   'subject': ('neuroid', [s for _, s in pairs]),
                                   'region': ('neuroid', [r for r, _ in pairs])})
    package_stimulus_set_locally(stimuli, IDENTIFIER, downloads_path=folder)
    package_data_assembly_locally(assembly, IDENTIFIER, IDENTIFIER, downloads_path=folder)
    return list(stimuli.stimulus_id)


def features(values, ids):
    "Features in `ids` order as its PrecomputedFeatures wants them (two coords a dimension: a MultiIndex)"
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    n, m = values.shape
    return PrecomputedFeatures(NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'image_index': ('presentation', np.arange(n)),
        'neuroid_id': ('neuroid', np.arange(m)), 'layer': ('neuroid', ['features'] * m)}), visual_degrees=9)


def main(mirror):
    folder = Path(tempfile.mkdtemp())
    try:
        ids = package(folder, Path(mirror))
        out = {'efficientnet-lite0': {}, 'random-seed5': {}}
        random = 5 + np.random.default_rng(5).normal(size=(24, 60))
        with s3_fixtures(folder):
            from brainscore_vision import load_benchmark
            for region in REGIONS:
                stored = xr.open_dataarray(ROOT / 'tests' / 'precomputed' /
                                           f'efficientnet-lite0_Coggan2024_fMRI.{region}-rdm.nc')
                order = [list(map(str, stored['stimulus_id'].values)).index(i) for i in ids]
                for case, values in (('efficientnet-lite0', stored.values[order]), ('random-seed5', random)):
                    score = load_benchmark(f'{IDENTIFIER}.{region}-rdm')(features(values, ids))
                    out[case][region] = dict(raw=float(score.raw), ceiling=float(score.ceiling), score=float(score))
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.environ.get('BRAINSCORE_NB_MIRROR', ROOT.parent / 'shared' / 'mirror'))
