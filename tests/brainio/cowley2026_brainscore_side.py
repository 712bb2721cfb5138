"""Brain-Score's own `Cowley2026.V4-pls` on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bsvenv/bin/python tests/brainio/cowley2026_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark class through its registry (`load_benchmark('Cowley2026.V4-pls')`), its
data plugin and its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a
lookup of the fixture files of `tests/brainio/cowley2026` (copied to a temporary folder, since its loader unzips
next to the file), so nothing reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the
fixture features. Prints one JSON line: raw, ceiling, ceiled score and each session's ceiled score; the
notebook nbs/benchmarks/cowley2026.ipynb and tests/test_bs_cowley2026.py pin the same numbers on our side.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, brainscore_name, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'cowley2026'


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: brainscore_name(i, t, p, infix='fixture_')) as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Cowley2026_features.nc', 'NeuroidAssembly')
        benchmark = load_benchmark('Cowley2026.V4-pls')
        score = benchmark(PrecomputedFeatures(features, visual_degrees=11.2))
        print(json.dumps({'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                          'session_scores': score.attrs['session_scores'],
                          'session_ceilings': {b.identifier: float(b.ceiling) for b in benchmark._sessions}}))


if __name__ == '__main__':
    main()
