"""Brain-Score's own error consistency metric on the composite `Scialom2024_phosphenes-all` fixture, with the model's
answers carrying each image's condition from the trials (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/scialom2024_composite_brainscore_side.py

Brain-Score 2.4.2's `Scialom2024_phosphenes-allBehavioralErrorConsistency` raises `KeyError: 'RGB'` (its metric selects the
model's answers by the trials' conditions, the subject groups, but the answers carry the composite stimulus set's
`condition`, the composite's name for every image). What it computes once the answers carry each image's condition
from the trials (each image belongs to one condition) is what this project's benchmark computes: this script builds
the benchmark through Brain-Score's registry and loaders (the S3 download replaced by the fixture files, as
brainscore_side_behavior.py does), relabels the stored model's answers so, and prints its metric's raw score,
per-(subject, condition) kappas and its ceiling as one JSON line.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'scialom2024'
NAME = 'Scialom2024_phosphenes-allBehavioralErrorConsistency'


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix in ('.nc', '.csv', '.zip'): shutil.copy(f, folder)
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            prefix = filename_prefix or ('stimulus_' if file_type in ('csv', 'zip') else 'assy_')
            path = folder / f"{prefix}{identifier.replace('.', '_')}.{file_type}"
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, BehavioralAssembly
        from brainscore_vision import load_benchmark
        stored = AssemblyLoader(BehavioralAssembly, folder / 'assy_fixture_Scialom2024_model.nc').load()
        benchmark = load_benchmark(NAME)
        trials = benchmark._assembly
        stimuli = trials.stimulus_set
        condition = dict(zip(trials['stimulus_id'].values, trials['condition'].values))
        assert len(set(zip(trials['stimulus_id'].values, trials['condition'].values))) == len(condition)
        index = {str(s): i for i, s in enumerate(stored['stimulus_id'].values)}
        rows = [index[str(s)] for s in stimuli['stimulus_id']]
        coords = {c: ('presentation', stimuli[c].values) for c in stimuli.columns if c not in ('filename', 'condition')}
        coords['condition'] = ('presentation', [condition[s] for s in stimuli['stimulus_id']])
        labels = BehavioralAssembly(stored.values[rows], dims=['presentation'], coords=coords)
        raw = benchmark._metric(labels, trials)
        ceiling = benchmark.ceiling
        print(json.dumps({'benchmark': NAME, 'raw': float(raw), 'ceiling': float(ceiling),
                          'score': float(raw) / float(ceiling), 'raw_error': float(raw.attrs['error']),
                          'raw_values': [float(v) for v in raw.attrs['raw'].values.ravel()]}))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
