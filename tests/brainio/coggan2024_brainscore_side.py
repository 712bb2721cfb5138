"""Brain-Score's `tong.Coggan2024_fMRI.<region>-rdm` scoring on the mirror's data (run with Brain-Score's python, never by pytest).

    /work/bsvenv/bin/python tests/brainio/coggan2024_brainscore_side.py [MIRROR]

Calls brainscore-vision 2.4.2's own functions of the benchmark (`RSA`, `get_score`, `get_ceiling`, `ceiler` and
`bound_score`, as `Coggan2024_fMRI_Benchmark.__call__` chains them) on the subjects' matrices of `dataset.pkl` (the
file Brain-Score's packaging read, from the mirror of its repository: the data of our `Coggan2024_fMRI`), stacked
stimulus x stimulus x subject in the order of Brain-Score's packaging, and on two "models" whose features are
given in the stimulus set's order (sorted file names, as its packaging globbed them):

- `efficientnet-lite0`: the stored features of tests/precomputed/efficientnet-lite0_Coggan2024_fMRI.<region>-rdm.nc;
- `random-seed5`: 5 + numpy.random.default_rng(5).normal(size=(24, 60)), which correlates negatively with every
  region's subjects (the case where Brain-Score's (r / ceiling)^2 turns a negative r into a positive score).

Prints one JSON line: case -> region -> raw, ceiling, score. tests/test_bs_coggan2024.py pins these numbers.
"""
import json
import os
import pickle
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import brainscore_side  # noqa: E402,F401  (BS_INSTALL_DEPENDENCIES=no, RESULTCACHING_DISABLE=1)
import numpy as np
import xarray as xr

ROOT = Path(__file__).resolve().parents[2]
DATASET = ('brain-score/vision/c019c8039afbfa83f46c4a8d942c48662b432f96/brainscore_vision/data/coggan2024_fMRI/'
           'dataset.pkl')
REGIONS = ('V1', 'V2', 'V4', 'IT')


class ArraysOnly(pickle.Unpickler):
    "Numpy arrays and plain containers only"
    def find_class(self, module, name):
        if module.split('.')[0] != 'numpy': raise pickle.UnpicklingError(f'refusing {module}.{name}')
        return super().find_class(module, name)


def main(mirror):
    from brainscore_core.supported_data_standards.brainio.assemblies import DataAssembly, NeuroidAssembly
    from brainscore_vision.benchmark_helpers import bound_score
    from brainscore_vision.benchmarks.coggan2024_fMRI.benchmark import RSA, ceiler, get_ceiling, get_score
    with open(Path(mirror) / DATASET, 'rb') as f: dataset = ArraysOnly(f).load()
    subjects = list(dataset['V1'].keys())
    ids = sorted(p.stem for p in (Path(mirror) / DATASET).parent.glob('stimuli/*.png'))
    rng = np.random.default_rng(5)
    random = 5 + rng.normal(size=(24, 60))
    out = {}
    for case in ('efficientnet-lite0', 'random-seed5'):
        out[case] = {}
        for region in REGIONS:
            target = DataAssembly(np.stack([dataset[region][s] for s in subjects], axis=2),
                                  dims=['presentation', 'presentation_2', 'subject'],
                                  coords={'stimulus_id': ('presentation', ids), 'subject': ('subject', subjects),
                                          'region': ('subject', [region] * len(subjects))})
            if case == 'random-seed5':
                values = random
            else:
                stored = xr.open_dataarray(ROOT / 'tests' / 'precomputed' / f'efficientnet-lite0_Coggan2024_fMRI.{region}-rdm.nc')
                order = [list(stored['stimulus_id'].values).index(i) for i in ids]
                values = stored.values[order]
            source = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
                'stimulus_id': ('presentation', ids), 'neuroid_id': ('neuroid', np.arange(values.shape[1]))})
            raw, ceiling = get_score(RSA(source, 'neuroid'), target), get_ceiling(target)
            score = ceiler(raw, ceiling)
            bound_score(score)
            out[case][region] = dict(raw=float(raw), ceiling=float(ceiling), score=float(score))
    print(json.dumps(out))


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else os.environ.get('BRAINSCORE_NB_MIRROR', ROOT.parent / 'shared' / 'mirror'))
