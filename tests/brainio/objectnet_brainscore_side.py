"""Brain-Score's own `ObjectNet-top1` on the synthetic BarbuMayo2019 fixture.

    /work/bs/bsvenv/bin/python tests/brainio/objectnet_brainscore_side.py

Runs brainscore-vision 2.4.2's `Objectnet` through its registry and its data plugin's `BarbuMayo2019` loader, with
the S3 download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/objectnet (copied to a
temporary folder, since its loader unzips next to the file). The "model" is Brain-Score's `PrecomputedFeatures`
holding the fixture's answers. Prints one JSON object with the score; recorded in tests/brainio/crosschecks/objectnet.json.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'objectnet'


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f"{p or 'stimulus_'}{i}.{t}") as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        labels = load_assembly(folder / 'assy_fixture_BarbuMayo2019_model.nc', 'BehavioralAssembly')
        benchmark = load_benchmark('ObjectNet-top1')
        score = benchmark(PrecomputedFeatures(labels, visual_degrees=None))
        print(json.dumps({'ObjectNet-top1': {'score': float(score), 'raw': float(score), 'ceiling': 1.0,
                                             'error': float(score.attrs['error']),
                                             'brainscore_identifier': benchmark.identifier}}))


if __name__ == '__main__':
    main()
