"""Brain-Score's own `Cadena2017-mask` on the synthetic fixtures, in a TensorFlow environment (never run by pytest).

    /work/bs/tfvenv/bin/python tests/brainio/cadena2017_mask_brainscore_side.py [SEED ...]

The environment: Python 3.11, `tensorflow-cpu==2.15.1` (the newest TensorFlow that accepts numpy<2), numpy 1.26.4,
xarray 2022.3.0, scipy, scikit-learn, pandas, netCDF4, psutil, then brainscore-vision 2.4.2 and brainscore-core 2.5.0
with `--no-deps` and `BS_INSTALL_DEPENDENCIES=no` (Brain-Score's own environment pins numpy<2, which the
registry's newest TensorFlow does not accept). As tests/brainio/cadena2017_brainscore_side.py: brainscore-vision
2.4.2's benchmark through its registry (`load_benchmark('Cadena2017-mask')`), its data plugin and BrainIO loaders,
only the S3 download replaced by the fixture files, PYTHONHASHSEED=0. The "model" is Brain-Score's
`PrecomputedFeatures` with the fixture's 48 features laid out as 3 channels x 4 x 4 positions (coords `channel`,
`channel_x`, `channel_y`, channel-major as a flattened conv layer): its `mask_regression` reshapes by those coords.
Its mask regression draws its initial weights and its minibatch order from NumPy's global generator, unseeded:
the script seeds it with `np.random.seed(SEED)` before each scoring (default seeds 0..9) and prints one JSON object
per seed (raw, ceiling, ceiled score) and their spread; tests/brainio/crosschecks/cadena2017.json records them.
"""
import json
import os
import sys
import time
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # a fixed hash seed: Brain-Score's grouping order depends on it
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
os.environ.setdefault('TF_CPP_MIN_LOG_LEVEL', '2')
sys.path.insert(0, str(Path(__file__).resolve().parent))
# sets BS_INSTALL_DEPENDENCIES=no and RESULTCACHING_DISABLE=1 before any Brain-Score import
from brainscore_side import load_assembly, s3_fixtures  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'cadena2017'
FILES = {'Cadena2017': 'stimulus_fixture_Cadena2017', 'tolias.Cadena2017': 'assy_fixture_Cadena2017'}
GRID = (3, 4, 4)  # channels, x, y of the 48 features


def spatial(features):
    "The features with coords channel, channel_x, channel_y (channel-major, as a flattened conv layer)"
    import numpy as np
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly, walk_coords
    c, x, y = np.unravel_index(np.arange(features.sizes['neuroid']), GRID)
    coords = {name: (dims, values) for name, dims, values in walk_coords(features)}
    coords.update(channel=('neuroid', c), channel_x=('neuroid', x), channel_y=('neuroid', y))
    return NeuroidAssembly(features.values, coords=coords, dims=features.dims)


def main(seeds):
    import numpy as np
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = spatial(load_assembly(folder / 'assy_fixture_Cadena2017_features.nc', 'NeuroidAssembly'))
        out = {}
        for seed in seeds:
            benchmark = load_benchmark('Cadena2017-mask')
            np.random.seed(seed)
            start = time.perf_counter()
            score = benchmark(PrecomputedFeatures(features, visual_degrees=2))
            seconds = time.perf_counter() - start
            assembly = benchmark._assembly
            out[seed] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                         'seconds': round(seconds, 2),
                         'identifier': benchmark.identifier, 'version': benchmark.version,
                         'n_images': int(assembly.sizes['presentation']),
                         'n_neuroids': int(assembly.sizes['neuroid'])}
            print(json.dumps({seed: out[seed]}), file=sys.stderr, flush=True)
        raws = np.array([o['raw'] for o in out.values()])
        print(json.dumps({'per_seed': out, 'raw_mean': raws.mean(), 'raw_std': raws.std(ddof=1) if len(raws) > 1
                          else None, 'raw_min': raws.min(), 'raw_max': raws.max()}))


if __name__ == '__main__':
    main([int(s) for s in sys.argv[1:]] or list(range(10)))
