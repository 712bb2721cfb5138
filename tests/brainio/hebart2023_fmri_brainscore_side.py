"""Brain-Score's own `Hebart2023_fmri.*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/hebart2023_fmri_brainscore_side.py

Runs brainscore-vision 2.4.2's eight benchmarks through its registry (`load_benchmark('Hebart2023_fmri.V1-ridge')`, ...), its data plugin
and its BrainIO loaders on the fixture files of `tests/brainio/hebart2023_fmri` (`brainscore_side.train_test_records`: only
the S3 download is answered from the fixture). Prints one JSON object; tests/test_crosschecks.py checks ours against it
(tests/brainio/crosschecks/hebart2023_fmri.json).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import train_test_records  # noqa: E402

if __name__ == '__main__':
    print(json.dumps(train_test_records('Hebart2023_fmri', 'THINGS_fMRI', [f'Hebart2023_fmri.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V2', 'V4', 'IT')],
                                        ('01', '02', '03'), visual_degrees=10)))
