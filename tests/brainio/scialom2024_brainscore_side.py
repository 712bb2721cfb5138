"""Brain-Score's own Scialom2024 benchmarks of `rgb` and `phosphenes-12` on the synthetic fixtures (run with
Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/scialom2024_brainscore_side.py

See brainscore_side_behavior.py: Brain-Score 2.4.2's classes through its registry and loaders on the files of
tests/brainio/scialom2024, the "model" answering with the labels of `assy_fixture_Scialom2024_model.nc`. Prints one
JSON line per benchmark, with the per-subject (or per-image) values under `raw_values`.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

BENCHMARKS = [f'Scialom2024_{d}{k}' for d in ('rgb', 'phosphenes-12')
              for k in ('BehavioralAccuracyDistance', 'EngineeringAccuracy')] + [
    'Scialom2024_phosphenes-allBehavioralAccuracyDistance', 'Scialom2024_phosphenes-allBehavioralErrorConsistency']


def values(s):
    raw = s.attrs['raw']
    return {'raw_error': float(raw.attrs['error']), 'raw_values': [float(v) for v in raw.attrs['raw'].values.ravel()]}


if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'scialom2024', BENCHMARKS, 8, 'assy_fixture_Scialom2024_model.nc', values)
