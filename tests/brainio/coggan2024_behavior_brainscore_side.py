"""Brain-Score's own `tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity` on the synthetic fixtures (run with
Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/coggan2024_behavior_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmarks on the fixture files of `tests/brainio/coggan2024_behavior` through
`brainscore_side_behavior.score` (only the S3 download is answered from the fixture), the "model" answering with the
fixture's stored probabilities (`assy_fixture_Coggan2024_behavior_model.nc`). Prints one JSON line: raw, ceiling,
score, and each subject's raw correlation and ceiling.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

BENCHMARKS = ('tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity',)

if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'coggan2024_behavior', BENCHMARKS,
          10, 'assy_fixture_Coggan2024_behavior_model.nc',
          extra=lambda s: {'subject_raw': [float(x) for x in s.attrs['raw'].attrs['raw'].values],
                            'subject_ceilings': [float(x) for x in s.attrs['ceiling'].attrs['raw']]})
