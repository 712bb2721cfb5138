"""Brain-Score's own error consistency metric and ceiling for the two composites, `Scialom2024_phosphenes-all` and
`Scialom2024_segments-all`, on the composite fixture, with the model's answers carrying each image's condition from
the trials (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/scialom2024_composite_brainscore_side.py [--record]

Brain-Score 2.4.2's `Scialom2024_phosphenes-allBehavioralErrorConsistency` raises `KeyError: 'RGB'` (its metric selects the
model's answers by the trials' conditions, the subject groups, but the answers carry the composite stimulus set's
`condition`, the composite's name for every image). What it computes once the answers carry each image's condition
from the trials (each image belongs to one condition) is what this project's benchmark computes: this script builds
the benchmark through Brain-Score's registry and loaders (the S3 download replaced by the fixture files, as
brainscore_side_behavior.py does), relabels the stored model's answers so, and prints its metric's raw score,
per-(subject, condition) kappas, its ceiling and raw / ceiling (the benchmark's own arithmetic, unbounded) as one JSON
line per composite. `segments-all` is answered by the `phosphenes-all` files (tests/test_bs_scialom2024.py serves them
under its key too). `--record` writes the numbers as the `brainscore` side of both ids in
tests/brainio/crosschecks/scialom2024.json, with `brainscore_ran: "metric"` and the benchmark's error.
"""
import json
import os
import sys
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'scialom2024'
NAMES = [f'Scialom2024_{c}BehavioralErrorConsistency' for c in ('phosphenes-all', 'segments-all')]


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix in ('.nc', '.csv', '.zip'): shutil.copy(f, folder)
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            prefix = filename_prefix or ('stimulus_' if file_type in ('csv', 'zip') else 'assy_')
            identifier = identifier.replace('segments-all', 'phosphenes-all')  # the one composite fixture
            path = folder / f"{prefix}{identifier.replace('.', '_')}.{file_type}"
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, BehavioralAssembly
        from brainscore_vision import load_benchmark
        stored = AssemblyLoader(BehavioralAssembly, folder / 'assy_fixture_Scialom2024_model.nc').load()
        lines = []
        for name in NAMES:
            try: load_benchmark(name)(Stored(stored))
            except KeyError as e: error = f'KeyError: {e}'  # its benchmark as it is (scialom2024_brainscore_side.py)
            else: sys.exit(f'{name}: Brain-Score\'s benchmark no longer fails: record its own number')
            benchmark = load_benchmark(name)
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
            lines.append({'benchmark': name, 'raw': float(raw), 'ceiling': float(ceiling),
                          'score': float(raw) / float(ceiling), 'raw_error': float(raw.attrs['error']),
                          'raw_values': [float(v) for v in raw.attrs['raw'].values.ravel()], 'error': error})
            print(json.dumps(lines[-1]))
        if '--record' in sys.argv: record(lines)
    finally:
        shutil.rmtree(folder)


def Stored(stored):
    "A model answering with the stored labels for the stimuli it is shown, carrying the stimulus set's columns"
    from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
    from brainscore_vision.model_interface import BrainModel

    class Model(BrainModel):
        def visual_degrees(self): return 8
        def start_task(self, task, fitting_stimuli=None, **kwargs): self.task = task
        def look_at(self, stimuli, number_of_trials=1):
            index = {str(s): i for i, s in enumerate(stored['stimulus_id'].values)}
            coords = {c: ('presentation', stimuli[c].values) for c in stimuli.columns if c != 'filename'}
            return BehavioralAssembly(stored.values[[index[str(s)] for s in stimuli['stimulus_id']]], dims=['presentation'],
                                      coords=coords)
    return Model()


def record(lines):
    "Both composites' Brain-Score side, from its metric and ceiling, into crosschecks/scialom2024.json"
    path = Path(__file__).resolve().parent / 'crosschecks' / 'scialom2024.json'
    records = json.loads(path.read_text())
    for line in lines:
        r = records.setdefault(line.pop('benchmark'), {})
        r['brainscore_benchmark_error'] = line.pop('error')
        r['brainscore'], r['brainscore_ran'] = line, 'metric'
        r['script'] = 'tests/brainio/scialom2024_composite_brainscore_side.py'
    path.write_text(json.dumps(records, indent=1) + '\n')


if __name__ == '__main__':
    main()
