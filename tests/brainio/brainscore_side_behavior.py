"""Shared by the `*_brainscore_side.py` scripts of behavioural families (run with Brain-Score's python, never by pytest).

`score(fixtures, benchmarks, visual_degrees, model_file)` runs brainscore-vision 2.4.2's benchmark classes through its
registry (`load_benchmark`), its data plugins and its BrainIO loaders, with one change: the S3 download
(`brainio.s3.get_path`) is replaced by a lookup of the fixture files (copied to a temporary folder, since its loader
unzips next to the file), so nothing reaches S3. The "model" answers with the stored answers of `model_file`
(probabilities, presentation x choice, or labels) for the stimuli it is shown, carrying the stimulus set's columns as
Brain-Score's models' answers do. Prints one JSON line per benchmark: raw, ceiling, score (and what `extra` adds), or the error Brain-Score raised.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')


def _number(x):
    return float(getattr(x, 'values', x))


def score(fixtures: Path, benchmarks, visual_degrees: float, model_file: str, extra=lambda score: {}):
    folder = Path(tempfile.mkdtemp())
    try:
        for f in fixtures.iterdir():
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
        stored = AssemblyLoader(BehavioralAssembly, folder / model_file).load()

        class Stored(BrainModel):
            identifier = 'fixture-model'
            def visual_degrees(self): return visual_degrees
            def start_task(self, task, fitting_stimuli=None, **kwargs): self.task = task
            def look_at(self, stimuli, number_of_trials=1):
                index = {s: i for i, s in enumerate(stored['stimulus_id'].values)}
                rows = [index[s] for s in stimuli['stimulus_id']]
                coords = {c: ('presentation', stimuli[c].values) for c in stimuli.columns if c != 'filename'}
                if 'choice' in stored.dims:
                    return BehavioralAssembly(stored.values[rows], dims=['presentation', 'choice'],
                                              coords={**coords, 'choice': stored['choice'].values})
                return BehavioralAssembly(stored.values[rows], dims=['presentation'], coords=coords)

        for name in benchmarks:
            try: s = load_benchmark(name)(Stored())
            except Exception as e:  # Brain-Score's own failure on these files, recorded as such
                print(json.dumps({'benchmark': name, 'error': f'{type(e).__name__}: {e}'})); continue
            print(json.dumps({'benchmark': name, 'raw': _number(s.attrs['raw']), 'ceiling': _number(s.attrs['ceiling']),
                              'score': _number(s), **extra(s)}))
    finally:
        shutil.rmtree(folder)
