"""Brain-Score's own `Ferguson2024color-value_delta` on the synthetic fixtures.

    /work/bs/bsvenv/bin/python tests/brainio/ferguson2024_brainscore_side.py

Runs brainscore-vision 2.4.2's `Ferguson2024ValueDelta('color')` through its registry and its data plugin's loaders,
with the S3 download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/ferguson2024 (copied to a
temporary folder). The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture's probabilities (8 degrees).
Prints one JSON object with raw, ceiling and score and both integrals; recorded in
tests/brainio/crosschecks/ferguson2024.json.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'ferguson2024'


def main():
    with s3_fixtures(FIXTURES) as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        from brainscore_vision.benchmarks.ferguson2024.benchmark import get_integral_data, process_model_choices
        probabilities = load_assembly(folder / 'assy_fixture_Ferguson2024_color_model.nc', 'BehavioralAssembly')
        benchmark = load_benchmark('Ferguson2024color-value_delta')
        model = PrecomputedFeatures(probabilities, visual_degrees=8)
        score = benchmark(model)
        human = get_integral_data(benchmark._assembly, 'color')['integral']
        ours = get_integral_data(process_model_choices(model.look_at(benchmark._assembly.stimulus_set)), 'color')['integral']
        print(json.dumps({'Ferguson2024color-value_delta': {
            'raw': float(score.attrs['raw']), 'ceiling': float(score.attrs['ceiling']), 'score': float(score),
            'human_integral': float(human), 'model_integral': float(ours)}}))


if __name__ == '__main__':
    main()
