"""Brain-Score's own `Papale2025.*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/papale2025_brainscore_side.py

Runs brainscore-vision 2.4.2's six benchmarks through its registry (`load_benchmark('Papale2025.V1-ridge')`, ...), its data plugin
and its BrainIO loaders on the fixture files of `tests/brainio/papale2025` (`brainscore_side.train_test_records`: only
the S3 download is answered from the fixture). Prints one JSON object; tests/test_crosschecks.py checks ours against it
(tests/brainio/crosschecks/papale2025.json).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import train_test_records  # noqa: E402

if __name__ == '__main__':
    print(json.dumps(train_test_records('Papale2025', 'THINGS_TVSD', [f'Papale2025.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V4', 'IT')],
                                        ('monkeyF', 'monkeyN'), visual_degrees=18)))
