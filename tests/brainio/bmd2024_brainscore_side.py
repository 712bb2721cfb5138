"""Brain-Score's own BMD2024 benchmarks (the 4 ids) on the synthetic fixtures (run with Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/bmd2024_brainscore_side.py

See brainscore_side_behavior.py: Brain-Score 2.4.2's classes through its registry and loaders on the files of
tests/brainio/bmd2024, the "model" answering with the labels of `assy_fixture_BMD2024_model.nc`. Prints one JSON line
per benchmark, with each subject's distance under `raw_values`.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

BENCHMARKS = [f'BMD2024.{c}Behavioral-accuracy_distance' for c in ('texture_1', 'texture_2', 'dotted_1', 'dotted_2')]

if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'bmd2024', BENCHMARKS, 8, 'assy_fixture_BMD2024_model.nc',
          lambda s: {'raw_error': float(s.attrs['raw'].attrs['error']),
                     'raw_values': [float(v) for v in s.attrs['raw'].attrs['raw'].values]})
