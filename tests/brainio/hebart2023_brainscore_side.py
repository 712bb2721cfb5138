"""Brain-Score's own `Hebart2023-match` on the synthetic fixtures, with its own odd-one-out model.

    /work/bs/bsvenv/bin/python tests/brainio/hebart2023_brainscore_side.py

Runs brainscore-vision 2.4.2's `Hebart2023Match` through its registry and its data plugin's loaders, with the S3
download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/hebart2023 (copied to a temporary
folder). The model is Brain-Score's own `OddOneOut` (model_helpers, dot-product similarity) over an activations model
that returns the fixture's stored features, at the benchmark's 8 degrees. Prints one JSON object; recorded in
tests/brainio/crosschecks/hebart2023.json.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'hebart2023'


def main():
    with s3_fixtures(FIXTURES) as folder:
        from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.model_helpers.brain_transformation.behavior import OddOneOut
        stored = load_assembly(folder / 'assy_fixture_Hebart2023_features.nc', 'NeuroidAssembly')
        by_id = {str(s): i for i, s in enumerate(stored['stimulus_id'].values)}

        def activations(stimuli, layers, require_variance=False):
            rows = [by_id[str(s)] for s in stimuli['stimulus_id'].values]
            return NeuroidAssembly(stored.values[rows], dims=['presentation', 'neuroid'], coords={
                'stimulus_id': ('presentation', stimuli['stimulus_id'].values),
                'unique_id': ('presentation', stimuli['unique_id'].values),
                'neuroid_id': ('neuroid', stored['neuroid_id'].values), 'layer': ('neuroid', ['fc'] * len(stored['neuroid_id']))})

        class Model(OddOneOut):
            def visual_degrees(self): return 8

        benchmark = load_benchmark('Hebart2023-match')
        score = benchmark(Model('fixture-features', activations, 'fc'))
        print(json.dumps({'Hebart2023-match': {'score': float(score), 'raw': float(score.attrs['raw']),
                                               'ceiling': float(score.attrs['ceiling'])}}))


if __name__ == '__main__':
    main()
