"""Brain-Score's own `Baker2022{frankenstein,fragmented,inverted}-accuracy_delta` on the synthetic fixtures.

    /work/bs/bsvenv/bin/python tests/brainio/baker2022_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`), its data plugin and its
BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture
files of `tests/brainio/baker2022` (copied to a temporary folder, since its loader unzips next to the file). The
"model" is Brain-Score's `PrecomputedFeatures` holding the fixture labels (8 degrees, as its own test). Prints one
JSON object: per benchmark raw, ceiling and ceiled score, and the ceiling's 100 split values' spread; the numbers
are recorded in tests/brainio/crosschecks/baker2022.json and checked by tests/test_crosschecks.py.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'baker2022'
MODELS = {'Baker2022frankenstein-accuracy_delta': 'normal', 'Baker2022fragmented-accuracy_delta': 'normal',
          'Baker2022inverted-accuracy_delta': 'inverted'}


def main():
    with s3_fixtures(FIXTURES) as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        out = {}
        for identifier, dataset in MODELS.items():
            labels = load_assembly(folder / f'assy_fixture_Baker2022_{dataset}_model.nc', 'BehavioralAssembly')
            benchmark = load_benchmark(identifier)
            score = benchmark(PrecomputedFeatures(labels, visual_degrees=8))
            ceiling = score.attrs['ceiling']
            out[identifier] = {'raw': float(score.attrs['raw']), 'ceiling': float(ceiling), 'score': float(score),
                               'raw_error': float(score.attrs['raw'].attrs['error']),
                               'ceiling_splits_mean': float(ceiling.attrs['raw'].mean())}
        print(json.dumps(out))


if __name__ == '__main__':
    main()
