"""Brain-Score's own `Igustibagus2024-ridge` and `Igustibagus2024.IT_readout-accuracy` on the synthetic fixtures (run
with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/igustibagus2024_brainscore_side.py [ridge|readout|readout:50 ...]

Runs brainscore-vision 2.4.2's benchmark through its registry (`load_benchmark`), its data plugin and its BrainIO
loaders, with the S3 download answered from `tests/brainio/igustibagus2024` (brainscore_side.s3_fixtures). The script
re-runs itself with PYTHONHASHSEED=0 (Brain-Score's grouping order may follow the hash seed). The "model" is
Brain-Score's `PrecomputedFeatures` holding the fixture features (which carry the stimulus set's columns, as a
model's activations do: its cross-validation reads `object_label` and `background_id` from them). Prints one JSON
object: raw, ceiling, ceiled score, the neuroids kept by the plugin's consistency filter, the images kept, the ceiling's
per-split values; for the readout (an analysis of the model's activations alone, whose 1,000 splits Brain-Score draws
from NumPy's global random state, unseeded) the state is seeded with `np.random.seed(READOUT_SEED)` just before the
call, and the accuracy per domain (mean over splits) is printed too (`readout:50`: the same with the plugin's
NUM_SPLITS set to 50, the first 50 of the same draws, which the test scores in seconds); tests/test_bs_igustibagus2024.py checks ours against them
(tests/brainio/crosschecks/igustibagus2024.json).
"""
import json
import os
import sys
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import load_assembly, s3_fixtures  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'igustibagus2024'
READOUT_SEED = 0  # NumPy's global random state, seeded before the readout (Brain-Score leaves it unseeded)
FILES = {('Igustibagus2024', 'csv'): 'stimulus_fixture_Igustibagus2024.csv',
         ('Igustibagus2024', 'zip'): 'stimulus_fixture_Igustibagus2024.zip',
         ('Igustibagus2024', 'nc'): 'assy_fixture_Igustibagus2024.nc'}


def main():
    with s3_fixtures(FIXTURES, FILES):
        import numpy as np
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(FIXTURES / 'assy_fixture_Igustibagus2024_features.nc')
        out, asked = {}, sys.argv[1:] or ['ridge', 'readout']
        for ask in [a for a in asked if a.startswith('readout')]:  # readout:50 = the plugin's first 50 splits
            identifier = 'Igustibagus2024.IT_readout-accuracy'
            benchmark = load_benchmark(identifier)
            if ':' in ask:
                import brainscore_vision.benchmarks.igustibagus2024.domain_transfer_analysis as analysis
                analysis.NUM_SPLITS = int(ask.split(':')[1])
                identifier = f'{identifier} (first {analysis.NUM_SPLITS} splits)'
            np.random.seed(READOUT_SEED)
            score = benchmark(PrecomputedFeatures(features, visual_degrees=8))
            per_domain = score.raw.mean('split')
            out[identifier] = {'score': float(score.sel(aggregation='center')),
                               'error': float(score.sel(aggregation='error')),
                               'seed': READOUT_SEED, 'splits': int(score.raw.sizes['split']),
                               'identifier': benchmark.identifier, 'version': benchmark.version,
                               'parent': benchmark.parent,
                               'ceiling': float(benchmark.ceiling.sel(aggregation='center')),
                               'domains': {str(d): float(v) for d, v in zip(per_domain['domain'].values,
                                                                            per_domain.values)}}
        if 'ridge' not in asked:
            print(json.dumps(out))
            return
        identifier = 'Igustibagus2024-ridge'
        benchmark = load_benchmark(identifier)
        score = benchmark(PrecomputedFeatures(features, visual_degrees=8))
        assembly = benchmark._assembly
        ceiling = benchmark.ceiling
        out[identifier] = {
            'raw': float(score.raw), 'ceiling': float(ceiling), 'score': float(score),
            'version': benchmark.version, 'visual_degrees': benchmark._visual_degrees,
            'number_of_trials': benchmark._number_of_trials,
            'n_images': int(assembly.sizes['presentation']), 'n_neuroids': int(assembly.sizes['neuroid']),
            'neuroids': [str(n) for n in assembly['neuroid_id'].values],
            'stimulus_order': [str(s) for s in assembly['stimulus_id'].values],
            'ceiling_split_medians': [float(v) for v in ceiling.raw.median('neuroid').values],
            'ceiling_raw_nan': int(np.isnan(ceiling.raw.values).sum()),
            'raw_split_values': [float(v) for v in score.raw.raw.median('neuroid').values]
            if hasattr(score.raw, 'raw') else None}
        print(json.dumps(out))


if __name__ == '__main__':
    main()
