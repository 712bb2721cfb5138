"""Brain-Score's own `Islam2021-{shape,texture}_{v1,v2,v4,it}_dimensionality` on the synthetic fixtures.

    /work/bs/bsvenv/bin/python tests/brainio/islam2021_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark class through its registry (`load_benchmark`) and its data plugin's
`Islam2021` stimulus set loader, with the S3 download (`brainio.s3.get_path`) replaced by the fixture files of
`tests/brainio/islam2021` (copied to a temporary folder, since its loader unzips next to the file). The "model" is
Brain-Score's `PrecomputedFeatures` holding the fixture features transposed to neuroid x presentation, as its own
test's features are stored (the benchmark indexes presentations as the second axis); the same features answer every
region. Prints one JSON object with each benchmark's score (its ceiling is 1) and the sha1 of the pairs it drew
(`factor:partner stimulus_id` per image, space-separated); recorded in tests/brainio/crosschecks/islam2021.json.
"""
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'islam2021'


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f"{p or 'stimulus_'}{i}.{t}") as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Islam2021_features.nc', 'NeuroidAssembly')
        model = PrecomputedFeatures(features.transpose('neuroid', 'presentation'), visual_degrees=None)
        out = {}
        for region in ('v1', 'v2', 'v4', 'it'):
            for factor in ('shape', 'texture'):
                identifier = f'Islam2021-{factor}_{region}_dimensionality'
                benchmark = load_benchmark(identifier)
                score = benchmark(model)
                out[identifier] = {'score': float(score), 'raw': float(score), 'ceiling': float(benchmark.ceiling),
                                   'brainscore_identifier': benchmark.identifier}
        # the pairs it drew: each image's factor and its partner's stimulus_id, in stimulus-set order
        benchmark.set_generator()
        factors, _, partners = benchmark.get_assembly_sets(model.look_at(benchmark.stimulus_set))
        pairs = [f'{f}:{p}' for f, p in zip(factors, partners['stimulus_id'].values)]
        out['pairs_sha1'] = hashlib.sha1(' '.join(pairs).encode()).hexdigest()
        print(json.dumps(out))


if __name__ == '__main__':
    main()
