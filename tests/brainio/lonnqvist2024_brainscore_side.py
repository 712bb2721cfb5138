"""Brain-Score's own Lonnqvist2024 benchmarks (the 4 ids) on the synthetic fixtures (run with Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/lonnqvist2024_brainscore_side.py

See brainscore_side_behavior.py: Brain-Score 2.4.2's classes through its registry and loaders on the files of
tests/brainio/lonnqvist2024, the "model" answering with `assy_fixture_Lonnqvist2024_model.nc`. Prints one JSON line
per benchmark, with each subject's distance (or the trials' accuracy values) under `raw_values`.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

BENCHMARKS = ['Lonnqvist2024_InlabInstructionsBehavioralAccuracyDistance',
              'Lonnqvist2024_InlabNoInstructionsBehavioralAccuracyDistance',
              'Lonnqvist2024_OnlineNoInstructionsBehavioralAccuracyDistance', 'Lonnqvist2024_EngineeringAccuracy']


def subjects(s):
    raw = s.attrs['raw']
    values = raw.attrs.get('raw')
    return {'raw_error': float(raw.attrs['error'])} | (
        {'raw_values': [float(v) for v in values.values]} if values is not None and values.ndim else {})


if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'lonnqvist2024', BENCHMARKS, 17.70753, 'assy_fixture_Lonnqvist2024_model.nc',
          subjects)
