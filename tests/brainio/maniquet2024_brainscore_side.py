"""Brain-Score's own `Maniquet2024-{confusion_similarity,tasks_consistency}` on the synthetic fixtures (run with
Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/maniquet2024_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmarks on the fixture files of `tests/brainio/maniquet2024` through
`brainscore_side_behavior.score` (only the S3 download is answered from the fixture), the "model" answering with the
fixture's stored probabilities (`assy_fixture_Maniquet2024_model.nc`). Prints one JSON line per
benchmark: raw, ceiling, score.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

BENCHMARKS = ('Maniquet2024-confusion_similarity', 'Maniquet2024-tasks_consistency')

if __name__ == '__main__':
    score(Path(__file__).resolve().parent / 'maniquet2024', BENCHMARKS,
          8, 'assy_fixture_Maniquet2024_model.nc')
