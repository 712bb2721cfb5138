"""Brain-Score's own `Kar2019-ost` on the synthetic fixtures, in a TensorFlow environment (never run by pytest).

    /work/bs/tfvenv/bin/python tests/brainio/kar2019_brainscore_side.py [SEED ...]

The environment is the one of tests/brainio/cadena2017_mask_brainscore_side.py (tensorflow-cpu 2.15.1, numpy
1.26.4, brainscore-vision 2.4.2 and brainscore-core 2.5.0 with --no-deps). brainscore-vision 2.4.2's benchmark runs
through its registry (`load_benchmark('Kar2019-ost')`), its data plugin and BrainIO loaders, only the S3 download
replaced by the fixture files of tests/brainio/kar2019 (tests/brainio/make_kar2019.py). The "model" is Brain-Score's
`PrecomputedFeatures` holding the fixture's temporal features (presentation x neuroid x time_bin). Its `ost`
metric trains `TFProbabilitiesClassifier` per time bin with fixed seeds (minibatch order `RandomState(0)`,
initial weights VarianceScaling(seed=0)); to see how much its number owes to them, SEED > 0 replaces both by SEED
(SEED 0: Brain-Score as shipped). Prints one JSON object: per seed raw, ceiling, ceiled score, and the spread.
"""
import json
import os
import sys
from pathlib import Path

os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '2')
sys.path.insert(0, str(Path(__file__).resolve().parent))
# sets BS_INSTALL_DEPENDENCIES=no and RESULTCACHING_DISABLE=1 before any Brain-Score import
from brainscore_side import load_assembly, s3_fixtures  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'kar2019'
FILES = {'Kar2019': 'stimulus_fixture_Kar2019', 'dicarlo.Kar2019': 'assy_fixture_Kar2019'}


def reseed(seed):
    "Brain-Score's classifier with its two fixed seeds replaced by `seed`"
    import numpy as np
    from brainscore_vision.metrics.ost import metric
    cls = metric.TFProbabilitiesClassifier

    def initializer(self, kind='xavier', *args, **kwargs):
        import tensorflow as tf
        if kind == 'xavier': return tf.compat.v1.keras.initializers.VarianceScaling(*args, **kwargs, seed=seed)
        return getattr(tf, kind + '_initializer')(*args, **kwargs)

    cls.initializer = initializer
    metric.RandomState = lambda _: np.random.RandomState(seed)


def main(seeds):
    import numpy as np
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Kar2019_features.nc', 'NeuroidAssembly')
        out = {}
        for seed in seeds:
            if seed: reseed(seed)
            benchmark = load_benchmark('Kar2019-ost')
            score = benchmark(PrecomputedFeatures(features, visual_degrees=8))
            out[seed] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                         'identifier': benchmark.identifier, 'version': benchmark.version,
                         'n_images': int(benchmark._assembly.sizes['presentation'])}
            print(json.dumps({seed: out[seed]}), file=sys.stderr, flush=True)
        raws = np.array([o['raw'] for o in out.values()])
        print(json.dumps({'per_seed': out, 'raw_mean': raws.mean(), 'raw_std': raws.std(ddof=1) if len(raws) > 1
                          else None, 'raw_min': raws.min(), 'raw_max': raws.max()}))


if __name__ == '__main__':
    main([int(s) for s in sys.argv[1:]] or list(range(10)))
