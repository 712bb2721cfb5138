"""Brain-Score 2.4.2's memory pre-check and multi-child wrappers on fixed inputs (Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/bs_memory.py

Writes tests/brainio/model_crosschecks/bs_memory.json: (1) `estimates`: Brain-Score's `preallocate_memory`
on neural benchmarks of given identifiers, stimulus counts, time bins and calibrated fixed costs, probed by a
model answering with a given number of features (its total estimate and formula); (2) what its
MultiSubjectNeuralBenchmark and KFoldNeuralBenchmark (benchmark_helpers.multi_subject) answer over five
children whose scores, raw values and ceilings are fixed (score, raw, ceiling, bootstrap error, its sem,
the wrapper's own ceiling). tests/test_bs_memory.py computes brainscore_nb's on the same inputs and compares.
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent / 'model_crosschecks' / 'bs_memory.json'
# identifier, stimuli, features, time bins, fixed cost (None: none): every formula and the residual table
CASES = [('MajajHong2015.IT-pls', 3200, 9216, 1, None), ('MajajHong2015.IT-pls', 3200, 9216, 1, 2.8336),
         ('MajajHong2015public.IT-temporal-pls', 3200, 4096, 12, 1.5),
         ('MajajHong2015public.IT-reverse_pls', 3200, 512, 1, None),
         ('Allen2022_fmri_surface.IT-rdm', 1000, 46656, 1, 0.9),
         ('Zerbe2026_fmri.V1-rdm-pearson', 500, 9216, 1, None),
         ('Gifford2022.IT-ridgecv', 1000, 200704, 1, None), ('Gifford2022.IT-ridgecv', 1000, 200704, 1, 3.0),
         ('Papale2025.IT-ridgecv', 1000, 512, 1, None), ('Papale2025.IT-ridge', 1000, 512, 1, 13.76),
         ('Hebart2023_fmri.V4-ridgecv', 800, 100000, 1, 40.0), ('Example.IT-custom', 100, 1000000, 1, None),
         ('Zerbe2026_fmri.V1-tau-ridgecv', 100, 1024, 1, None)]
# each child's score
VALUES = {'sub-01': 0.31, 'sub-02': 0.12, 'sub-03': 0.55, 'sub-04': 0.47, 'sub-05': 0.29}


def main():
    from brainscore_core import Score
    from brainscore_vision.benchmark_helpers.multi_subject import (KFoldNeuralBenchmark,
                                                                   MultiSubjectNeuralBenchmark)

    class Child:  # raw = 0.8 x score, ceiling = 0.7 + score / 10
        def __init__(self, v):
            self.v, self.region, self.bibtex, self.version, self.timebins = v, 'IT', None, 1, [(70, 170)]
        @property
        def ceiling(self): return Score(0.7 + self.v / 10)
        def __call__(self, candidate):
            s = Score(self.v)
            s.attrs['raw'] = Score(self.v * 0.8)
            return s

    import numpy as np
    import pandas as pd
    import xarray as xr
    from unittest.mock import MagicMock, patch
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    from brainscore_vision.benchmark_helpers.memory import preallocate_memory
    from brainscore_vision.benchmark_helpers.neural_common import NeuralBenchmark
    from brainscore_vision.model_interface import BrainModel

    def estimate(identifier, n_stimuli, n_features, n_bins, fixed):
        bm = object.__new__(NeuralBenchmark)  # Brain-Score's own tests build theirs so (no data)
        bm._identifier, bm._number_of_trials, bm.region, bm._visual_degrees = identifier, 1, 'IT', 8
        bm.timebins = [(70 + 10 * i, 80 + 10 * i) for i in range(n_bins)]
        ids = [f'img{i:05d}' for i in range(n_stimuli)]
        ss = StimulusSet(pd.DataFrame({'stimulus_id': ids}))
        ss.identifier, ss.stimulus_paths = 'memory', {i: f'/tmp/{i}.png' for i in ids}
        bm._assembly = MagicMock(stimulus_set=ss)
        model = MagicMock(spec=BrainModel)
        model.visual_degrees.return_value, model.activations_model = 8, None
        dims = ['presentation', 'neuroid'] + (['time_bin'] if n_bins > 1 else [])
        model.look_at.side_effect = lambda stimuli, number_of_trials=1: xr.DataArray(
            np.zeros((len(stimuli), n_features) + ((n_bins,) if n_bins > 1 else ()), np.float32), dims=dims)
        with patch('psutil.virtual_memory') as vm, \
                patch('brainscore_vision.benchmark_helpers.memory._DEFAULT_CALIBRATION_PATH', '/nonexistent'):
            vm.return_value.available = 64 * 1024 ** 3
            e = preallocate_memory(model, bm, raise_if_oom=False, fixed_benchmark_cost_gb=fixed)
        return dict(case=[identifier, n_stimuli, n_features, n_bins, fixed],
                    total_estimated_gb=e.total_estimated_gb,
                    activation_gb=e.activation_gb, formula_type=e.formula_type, num_timebins=e.num_timebins)

    out = dict(estimates=[estimate(*c) for c in CASES], values=VALUES)
    m = MultiSubjectNeuralBenchmark('X.IT-ridgecv', list(VALUES), lambda s: Child(VALUES[s]))
    s = m(None)
    out['multi'] = dict(score=float(s), raw=float(s.attrs['raw']), ceiling=float(s.attrs['ceiling']),
                        error=s.attrs['error'], sem=s.attrs['sem_subjects'], wrapper_ceiling=float(m.ceiling),
                        wrapper_ceiling_error=m.ceiling.attrs['error'])
    k = KFoldNeuralBenchmark('X.IT-cluster_k5-ridgecv', 5, lambda i: Child(list(VALUES.values())[i]))
    s = k(None)
    out['kfold'] = dict(score=float(s), raw=float(s.attrs['raw']), ceiling=float(s.attrs['ceiling']),
                        error=s.attrs['error'], sem=s.attrs['sem_folds'], wrapper_ceiling=float(k.ceiling))
    OUT.parent.mkdir(exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + '\n')
    print(json.dumps(out))


if __name__ == '__main__':
    main()
