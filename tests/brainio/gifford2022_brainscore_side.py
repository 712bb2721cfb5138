"""Brain-Score's own `Gifford2022.*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/gifford2022_brainscore_side.py

Runs brainscore-vision 2.4.2's two benchmarks through its registry (`load_benchmark('Gifford2022.IT-ridge')`, ...), its data plugin
and its BrainIO loaders on the fixture files of `tests/brainio/gifford2022` (`brainscore_side.train_test_records`: only
the S3 download is answered from the fixture). Prints one JSON object; tests/test_crosschecks.py checks ours against it
(tests/brainio/crosschecks/gifford2022.json).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import train_test_records  # noqa: E402

if __name__ == '__main__':
    print(json.dumps(train_test_records('Gifford2022', 'THINGS_EEG2', ['Gifford2022.IT-ridge', 'Gifford2022.IT-ridgecv'],
                                        ('sub-01', 'sub-02', 'sub-03'), visual_degrees=7)))
