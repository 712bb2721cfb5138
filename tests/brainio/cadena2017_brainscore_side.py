"""Brain-Score's own `Cadena2017-pls` on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/cadena2017_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark through its registry (`load_benchmark('Cadena2017-pls')`), its data plugin
(with its `reindex`) and its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced
by a lookup of the fixture files of `tests/brainio/cadena2017` (copied to a temporary folder, since its loader
unzips next to the file), so nothing reaches S3. Its repetition average groups by a Python `set` of coords, so its
stimulus order (and with it the cross-validation splits) depends on the hash seed: the script re-runs itself with
PYTHONHASHSEED=0 (the fixture's coords are in one order, so every seed gives the same order there). The "model" is
Brain-Score's `PrecomputedFeatures` holding the fixture features. Prints one JSON object: raw, ceiling, ceiled
score, the number of images and neurons kept, the time bins; tests/test_bs_cadena2017.py checks ours against it
(tests/brainio/crosschecks/cadena2017.json).
"""
import json
import os
import sys
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # a fixed hash seed: Brain-Score's grouping order depends on it
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
sys.path.insert(0, str(Path(__file__).resolve().parent))
# sets BS_INSTALL_DEPENDENCIES=no and RESULTCACHING_DISABLE=1 before any Brain-Score import
from brainscore_side import load_assembly, s3_fixtures  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'cadena2017'
FILES = {'Cadena2017': 'stimulus_fixture_Cadena2017', 'tolias.Cadena2017': 'assy_fixture_Cadena2017'}


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Cadena2017_features.nc', 'NeuroidAssembly')
        out = {}
        for identifier in ('Cadena2017-pls',):
            benchmark = load_benchmark(identifier)
            score = benchmark(PrecomputedFeatures(features, visual_degrees=2))
            assembly = benchmark._assembly
            out[identifier] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                               'version': benchmark.version, 'visual_degrees': benchmark._visual_degrees,
                               'number_of_trials': benchmark._number_of_trials,
                               'time_bins': [list(map(float, getattr(t, 'item', lambda: t)()))
                                             for t in benchmark.timebins],
                               'n_images': int(assembly.sizes['presentation']),
                               'n_neuroids': int(assembly.sizes['neuroid']),
                               'stimulus_order': [str(s) for s in assembly['stimulus_id'].values[:5]]}
        print(json.dumps(out))


if __name__ == '__main__':
    main()
