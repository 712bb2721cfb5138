"""Brain-Score 2.4.2's multi-child wrappers on fixed children (run with Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/bs_memory_wrappers.py

Writes tests/brainio/model_crosschecks/bs_memory_wrappers.json: what Brain-Score's MultiSubjectNeuralBenchmark and
KFoldNeuralBenchmark (benchmark_helpers.multi_subject) answer over five children whose scores, raw values and
ceilings are fixed (score, raw, ceiling, bootstrap error, standard error, the wrapper's own ceiling);
tests/test_bs_memory.py builds brainscore_nb's on the same children and compares.
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent / 'model_crosschecks' / 'bs_memory_wrappers.json'
VALUES = {'sub-01': 0.31, 'sub-02': 0.12, 'sub-03': 0.55, 'sub-04': 0.47, 'sub-05': 0.29}  # each child's score


def main():
    from brainscore_core import Score
    from brainscore_vision.benchmark_helpers.multi_subject import KFoldNeuralBenchmark, MultiSubjectNeuralBenchmark

    class Child:  # raw = 0.8 x score, ceiling = 0.7 + score / 10
        def __init__(self, v):
            self.v, self.region, self.bibtex, self.version, self.timebins = v, 'IT', None, 1, [(70, 170)]
        @property
        def ceiling(self): return Score(0.7 + self.v / 10)
        def __call__(self, candidate):
            s = Score(self.v)
            s.attrs['raw'] = Score(self.v * 0.8)
            return s

    out = dict(values=VALUES)
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
