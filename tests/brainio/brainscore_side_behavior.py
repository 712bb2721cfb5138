"""Shared by the `*_brainscore_side.py` scripts of behavioural families (run with Brain-Score's python, never by pytest).

`score(fixtures, benchmarks, visual_degrees, model_file)` runs brainscore-vision 2.4.2's benchmark classes through its
registry (`load_benchmark`), its data plugins and its BrainIO loaders, with one change: the S3 download
(`brainio.s3.get_path`) is replaced by a lookup of the fixture files (`brainscore_side.s3_fixtures`), so nothing
reaches S3. The "model" answers with the stored answers of `model_file`
(probabilities, presentation x choice, or labels) for the stimuli it is shown, carrying the stimulus set's columns as
Brain-Score's models' answers do. Prints one JSON line per benchmark: raw, ceiling, score (and what `extra` adds), or the error Brain-Score raised.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import load_assembly, s3_fixtures  # noqa: E402


def _number(x):
    return float(getattr(x, 'values', x))


def score(fixtures: Path, benchmarks, visual_degrees: float, model_file: str, extra=lambda score: {}, name=None):
    "`name`: (identifier, file type, prefix) -> the fixture file answering it (default: Brain-Score's own file name)"
    with s3_fixtures(fixtures, **({} if name is None else {'name': name})) as folder:
        from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.model_interface import BrainModel
        stored = load_assembly(folder / model_file, 'BehavioralAssembly')

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
            try:
                benchmark = load_benchmark(name)
                s = benchmark(Stored())
                # an engineering benchmark (top-1) returns the accuracy itself, its ceiling on the benchmark (1)
                raw, ceiling = s.attrs.get('raw', s), s.attrs['ceiling'] if 'ceiling' in s.attrs else benchmark.ceiling
                if getattr(raw, 'size', 1) != 1: raw = s  # Brain-Score's accuracy keeps per-image values as its raw
            except Exception as e:  # Brain-Score's own failure on these files, recorded as such
                print(json.dumps({'benchmark': name, 'error': f'{type(e).__name__}: {e}'})); continue
            print(json.dumps({'benchmark': name, 'raw': _number(raw), 'ceiling': _number(ceiling),
                              'score': _number(s), **extra(s)}))
