"""Brain-Score's own Kato2026 benchmarks (the 18 ids) on the synthetic fixtures (run with Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/kato2026_brainscore_side.py

See brainscore_side_behavior.py: Brain-Score 2.4.2's classes through its registry and loaders on the files of
tests/brainio/kato2026, the "model" answering with the labels of `assy_fixture_Kato2026_model.nc`. Prints one JSON
line per benchmark, with the per-subject (or per subject and condition) values under `raw_values`.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

DATASETS = ['Ori', 'Fil', 'Lin', 'SilTex', 'Sil', 'Tex', 'LinFil', 'Sparse', 'Dense']
BENCHMARKS = [f'Kato2026{d}-{k}' for d in DATASETS for k in ('accuracy_distance', 'error_consistency')]


def values(s):
    raw = s.attrs['raw']
    out = {'raw_error': float(raw.attrs['error'])}
    if 'raw' in raw.attrs: out['raw_values'] = [float(v) for v in raw.attrs['raw'].values.ravel()]
    return out


if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'kato2026', BENCHMARKS, 10, 'assy_fixture_Kato2026_model.nc', values)
