"""Brain-Score's own `i1` metric (and its ceiling) on the Rajalingham2018 fixture files (run with Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/i1_brainscore_side.py

Loads the fixture trials and the legacy alexnet probabilities as tests/brainio/brainscore_rajalingham2018.py does
(Brain-Score's local loaders, nothing reaches S3) and prints one JSON line: brainscore-vision 2.4.2's
`load_metric('i1')` on them (mean and per-split values) and its ceiling (`skipna=True`, as the benchmarks call it).
"""
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_rajalingham2018 import BRAINIO, dataset, stimulus_set  # noqa: E402
from brainscore_side import load_assembly  # noqa: E402


def main():
    from brainscore_vision import load_metric
    with tempfile.TemporaryDirectory() as folder:
        trials = dataset(stimulus_set(folder), folder)
        probabilities = load_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
        probabilities = probabilities.rename({'choice_': 'choice'}) if 'choice_' in probabilities.coords else probabilities
        score = load_metric('i1')(probabilities, trials)
        ceiling = load_metric('i1').ceiling(trials, skipna=True)
    print(json.dumps(dict(metric=float(score), metric_splits=score.raw.values.tolist(), error=float(score.attrs['error']),
                          ceiling=float(ceiling), ceiling_splits=ceiling.raw.values.tolist())))


if __name__ == '__main__':
    main()
