"""Brain-Score's own `tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity` on the synthetic fixtures (run with
Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/coggan2024_behavior_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`), its data plugin and its
BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture
files of `tests/brainio/coggan2024_behavior` (copied to a temporary folder, since its loader unzips next to the file). The
"model" answers with the fixture's stored probabilities (`assy_fixture_Coggan2024_behavior_model.nc`) for the stimuli it
is shown, carrying the stimulus set's columns as Brain-Score's models' answers do. Prints one JSON line: raw, ceiling,
score, and each subject's raw correlation and ceiling.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'coggan2024_behavior'
BENCHMARKS = ('tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity',)


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
        from brainscore_vision.model_interface import BrainModel
        stored = AssemblyLoader(BehavioralAssembly, folder / 'assy_fixture_Coggan2024_behavior_model.nc').load()

        class Stored(BrainModel):
            identifier = 'fixture-model'
            def visual_degrees(self): return 10
            def start_task(self, task, fitting_stimuli=None): assert task == BrainModel.Task.probabilities
            def look_at(self, stimuli, number_of_trials=1):
                index = {s: i for i, s in enumerate(stored['stimulus_id'].values)}
                rows = [index[s] for s in stimuli['stimulus_id']]
                values = stored.values[rows]
                coords = {c: ('presentation', stimuli[c].values) for c in stimuli.columns if c != 'filename'}
                return BehavioralAssembly(values, dims=['presentation', 'choice'],
                                          coords={**coords, 'choice': stored['choice'].values})

        for name in BENCHMARKS:
            score = load_benchmark(name)(Stored())
            raw, ceiling = score.attrs['raw'], score.attrs['ceiling']
            print(json.dumps({'benchmark': name, 'raw': float(raw), 'ceiling': float(ceiling), 'score': float(score),
                              'subject_raw': [float(x) for x in raw.attrs['raw'].values],
                              'subject_ceilings': [float(x) for x in ceiling.attrs['raw']]}))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
