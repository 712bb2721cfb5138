"""Brain-Score's own Scialom2024 benchmarks of `rgb` and `phosphenes-12` on the synthetic fixtures (run with
Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/scialom2024_brainscore_side.py [--others]

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


DATASETS = ['rgb', 'contours'] + [f'{k}-{p}' for k in ('phosphenes', 'segments') for p in (12, 16, 21, 27, 35, 46, 59, 77, 100)]
COMPOSITES = ['phosphenes-all', 'segments-all']
# --others: every other id, its dataset's keys answered by the `rgb` fixture (the composites' by `phosphenes-all`), as
# tests/test_bs_scialom2024.py serves them
OTHERS = [f'Scialom2024_{d}{k}' for d in DATASETS for k in ('BehavioralAccuracyDistance', 'EngineeringAccuracy')
          if f'Scialom2024_{d}{k}' not in BENCHMARKS] + [
    f'Scialom2024_{d}{k}' for d in COMPOSITES for k in ('BehavioralAccuracyDistance', 'BehavioralErrorConsistency')
    if f'Scialom2024_{d}{k}' not in BENCHMARKS]


def fixture_file(identifier, file_type, filename_prefix=None):
    d = identifier[len('Scialom2024_'):]
    stem = identifier if d in ('rgb', 'phosphenes-12') else 'Scialom2024_phosphenes-all' if d in COMPOSITES else 'Scialom2024_rgb'
    return f"{filename_prefix or ('stimulus_' if file_type in ('csv', 'zip') else 'assy_')}{stem}.{file_type}"


if __name__ == '__main__':
    others = '--others' in sys.argv
    score(Path(__file__).resolve().parent / 'scialom2024', OTHERS if others else BENCHMARKS, 8,
          'assy_fixture_Scialom2024_model.nc', values, name=fixture_file if others else None)
