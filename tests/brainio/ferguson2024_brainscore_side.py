"""Brain-Score's own `Ferguson2024<experiment>-value_delta` (all 14) on the synthetic color fixture.

    /work/bs/bsvenv/bin/python tests/brainio/ferguson2024_brainscore_side.py

Runs brainscore-vision 2.4.2's `Ferguson2024ValueDelta(<experiment>)` through its registry and its data plugin's loaders,
with the S3 download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/ferguson2024 (copied to a
temporary folder); every experiment's keys are answered by the color files, as the test serves them. The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture's probabilities (8 degrees).
Prints one JSON object with each id's raw, ceiling and score and both integrals; recorded in
tests/brainio/crosschecks/ferguson2024.json.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import brainscore_name, s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'ferguson2024'


EXPERIMENTS = ['circle_line', 'color', 'convergence', 'eighth', 'gray_easy', 'gray_hard', 'half', 'juncture', 'lle', 'llh',
               'quarter', 'round_f', 'round_v', 'tilted_line']  # Brain-Score 2.4.2's plugin


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: brainscore_name(color_key(i), t, p)) as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        from brainscore_vision.benchmarks.ferguson2024.benchmark import get_integral_data, process_model_choices
        probabilities = load_assembly(folder / 'assy_fixture_Ferguson2024_color_model.nc', 'BehavioralAssembly')
        out = {}
        for experiment in EXPERIMENTS:
            identifier = f'Ferguson2024{experiment}-value_delta'
            benchmark = load_benchmark(identifier)
            model = PrecomputedFeatures(probabilities, visual_degrees=8)
            score = benchmark(model)
            human = get_integral_data(benchmark._assembly, experiment)['integral']
            ours = get_integral_data(process_model_choices(model.look_at(benchmark._assembly.stimulus_set)),
                                     experiment)['integral']
            out[identifier] = {'raw': float(score.attrs['raw']), 'ceiling': float(score.attrs['ceiling']),
                               'score': float(score), 'human_integral': float(human), 'model_integral': float(ours)}
        print(json.dumps(out))


def color_key(identifier):
    "Ferguson2024_<experiment>[_training_stimuli] -> Ferguson2024_color[_training_stimuli]"
    suffix = '_training_stimuli' if identifier.endswith('_training_stimuli') else ''
    return f'Ferguson2024_color{suffix}' if identifier.startswith('Ferguson2024_') else identifier


if __name__ == '__main__':
    main()
