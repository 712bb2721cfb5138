"""Brain-Score's own `Geirhos2021<d>-error_consistency` and `-top1` for the 13 synthetic datasets of tests/brainio/geirhos2021.

    /work/bs/bsvenv/bin/python tests/brainio/geirhos2021_brainscore_side.py [--record]

Runs brainscore-vision 2.4.2's benchmark classes through its registry, its data plugin (the real identifiers and
sha1s) and its BrainIO loaders on the fixtures written by make_geirhos2021.py, with Brain-Score's S3 download replaced
by a lookup of the fixture files (`brainscore_side_behavior.score`). The model answers with the labels of
`assy_fixture_Geirhos2021_model.nc`, shown at the benchmarks' 3 degrees (nothing rescaled), carrying the stimulus
set's columns (condition as text, as Brain-Score's `load_assembly` leaves them) as its models' answers do. Prints one
JSON line per benchmark; `--record` also writes them as the `brainscore` side of tests/brainio/crosschecks/geirhos2021.json
(tests/test_bs_geirhos2021.py checks ours against them). Edge, silhouette, cue-conflict and uniform-noise are
benchmarks/geirhos2021_vs_brainscore.py's.
"""
import contextlib
import io
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side_behavior import score  # noqa: E402

HERE = Path(__file__).resolve().parent
DATASETS = ['colour', 'contrast', 'eidolonI', 'eidolonII', 'eidolonIII', 'false-colour', 'high-pass', 'low-pass',
            'phase-scrambling', 'power-equalisation', 'rotation', 'sketch', 'stylized']
IDENTIFIERS = [f"Geirhos2021{d.replace('-', '')}-{kind}" for d in DATASETS for kind in ('error_consistency', 'top1')]


def main():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        score(HERE / 'geirhos2021', IDENTIFIERS, 3, 'assy_fixture_Geirhos2021_model.nc')
    lines = [json.loads(line) for line in out.getvalue().splitlines() if line.startswith('{')]
    for line in lines: print(json.dumps(line))
    if '--record' in sys.argv:
        path = HERE / 'crosschecks' / 'geirhos2021.json'
        records = json.loads(path.read_text())
        for line in lines:
            name = line.pop('benchmark')
            if 'error' in line: sys.exit(f'{name}: Brain-Score raised {line["error"]}')
            numbers = {k: round(line[k], 12) for k in (('score',) if name.endswith('-top1') else ('ceiling', 'raw', 'score'))}
            records.setdefault(name, {})['brainscore'] = numbers
            records[name].update(test='tests/test_bs_geirhos2021.py', script='tests/brainio/geirhos2021_brainscore_side.py')
        path.write_text(json.dumps(records, indent=1) + '\n')


if __name__ == '__main__':
    main()
