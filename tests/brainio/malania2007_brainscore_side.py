"""Brain-Score's own Malania2007 benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/malania2007_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`), its data plugin and its BrainIO
loaders, with two changes: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture files of
`tests/brainio/malania2007` (copied to a temporary folder), and its psychometric grid search (`grid_search`) remembers
its result for accuracies it has fitted before (it is deterministic; its 300 L-BFGS-B starts take seconds). The "models" answer with the fixture's stored probabilities
(`assy_fixture_Malania2007_model.nc`, `..._chance.nc`) for the stimuli they are shown, carrying the stimulus set's columns
as Brain-Score's models' answers do. Prints one JSON object, by benchmark id (the model whose fits succeed only on `SCORED`):

- `ceiling` (and each leave-one-out draw, `ceiling_raw`), from Brain-Score's benchmark as it is;
- `chance`: the score of the chance model, Brain-Score's benchmark as it is (it produces one: every fit fails, 0);
- `error`: what Brain-Score's benchmark as it is raises for the model whose psychometric fits succeed (and, for the
  vernier acuity, `error_with_offset`: what it raises with the offset read from `vernier_offset_arcsec`);
- `fixed`: that model's raw, ceiling and score with the two changes this project makes (see the notebook
  nbs/benchmarks/malania2007.ipynb): the offset read from `vernier_offset_arcsec` (the metric's own option
  `independent_variable`; Brain-Score passes 'image_label', the left/right label), and, for the vernier acuity, each
  condition's model threshold compared with that condition's human vernier-only thresholds (Brain-Score passes the dict
  of both assemblies and iterates over its keys). Everything else is Brain-Score's code.
"""
import json
import os
import shutil
import tempfile
import traceback
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'malania2007'
CONDITIONS = ['short2', 'short4', 'short6', 'short8', 'short16', 'equal2', 'long2', 'equal16', 'long16']
IDS = [f'Malania2007.{c}-threshold_elevation' for c in CONDITIONS] + ['Malania2007.vernieracuity-threshold']
OFFSET = 'vernier_offset_arcsec'
# the model whose fits succeed is scored on these (each fit is 300 L-BFGS-B starts); the others: ceiling and chance
SCORED = ('Malania2007.short2-threshold_elevation', 'Malania2007.vernieracuity-threshold')


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
        import numpy as np
        from brainscore_vision.metrics.threshold import metric as threshold_metric
        grid_search, fits = threshold_metric.grid_search, {}

        def remembered(x, y, *args, **kwargs):  # the same accuracies are fitted once (its fit is deterministic)
            key = (np.asarray(x).tobytes(), np.asarray(y).tobytes(), args, tuple(kwargs.items()))
            if key not in fits: fits[key] = grid_search(x, y, *args, **kwargs)
            return fits[key]

        threshold_metric.grid_search = remembered
        from brainscore_core.metrics import Score
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, BehavioralAssembly
        from brainscore_vision import load_benchmark, load_metric
        from brainscore_vision.benchmark_helpers.screen import place_on_screen
        from brainscore_vision.model_interface import BrainModel

        class Stored(BrainModel):
            def __init__(self, name):
                self.name = name
                self.stored = AssemblyLoader(BehavioralAssembly, folder / f'assy_fixture_Malania2007_{name}.nc').load()
            identifier = property(lambda self: f'fixture-{self.name}')
            def visual_degrees(self): return 2.986667
            def start_task(self, task, fitting_stimuli=None, **kwargs): assert task == BrainModel.Task.probabilities
            def look_at(self, stimuli, number_of_trials=1, **kwargs):
                index = {s: i for i, s in enumerate(self.stored['stimulus_id'].values)}
                values = self.stored.values[[index[s] for s in stimuli['stimulus_id']]]
                coords = {c: ('presentation', stimuli[c].values) for c in stimuli.columns if c != 'filename'}
                return BehavioralAssembly(values, dims=['presentation', 'choice'],
                                          coords={**coords, 'choice': self.stored['choice'].values})

        def fixed_vernier(benchmark, candidate):
            "Brain-Score's _Malania2007VernierAcuity.__call__ with its target fixed (each condition's baseline)"
            scores = []
            for condition in benchmark.conditions:
                fitting = place_on_screen(benchmark._fitting_stimuli[condition], target_visual_degrees=candidate.visual_degrees(),
                                          source_visual_degrees=benchmark._visual_degrees)
                candidate.start_task(BrainModel.Task.probabilities, fitting_stimuli=fitting, number_of_trials=2,
                                     require_variance=True)
                stimuli = place_on_screen(benchmark._stimulus_set, target_visual_degrees=candidate.visual_degrees(),
                                          source_visual_degrees=benchmark._visual_degrees)
                response = candidate.look_at(stimuli, number_of_trials=benchmark._number_of_trials, require_variance=True)
                raw = benchmark._metric(response, benchmark._assemblies[condition]['baseline_assembly'])  # the fix
                score = raw / benchmark.ceiling
                if score.values > 1: score = Score(np.array(1.))
                scores.append((float(raw), float(score)))
            return scores

        out = {}
        good, chance = Stored('model'), Stored('chance')
        for name in IDS:
            benchmark = load_benchmark(name)
            ceiling = benchmark.ceiling
            row = out[name] = {'ceiling': float(ceiling), 'ceiling_error': float(ceiling.attrs['error']),
                               'identifier': benchmark.identifier, 'chance': float(load_benchmark(name)(chance))}
            if 'raw' in ceiling.attrs: row['ceiling_raw'] = [float(x) for x in ceiling.attrs['raw']]
            if name not in SCORED: continue
            try: load_benchmark(name)(good)
            except Exception as e:
                row['error'] = f'{type(e).__name__}: {e}'
                row['error_at'] = traceback.extract_tb(e.__traceback__)[-1].line
            benchmark = load_benchmark(name)
            if name.endswith('-threshold_elevation'):
                condition = name.split('.')[1].split('-')[0]
                benchmark._metric = load_metric('threshold_elevation', independent_variable=OFFSET,
                                                baseline_condition='vernier_only', test_condition=condition,
                                                threshold_accuracy=0.75)
                score = benchmark(good)
                metric = benchmark._metric
                answers = {c: Stored('model').look_at(benchmark._stimulus_sets[c]) for c in ('vernier_only', condition)}
                row['fixed'] = {'raw': float(score.attrs['raw']), 'ceiling': float(score.attrs['ceiling']),
                                'score': float(score), 'subject_raw': [float(x) for x in score.attrs['raw'].attrs['raw']],
                                'baseline_threshold': float(metric.baseline_threshold_metric.compute_threshold(
                                    answers['vernier_only'], OFFSET)),
                                'test_threshold': float(metric.test_threshold_metric.compute_threshold(answers[condition], OFFSET))}
            else:
                benchmark._metric = load_metric('threshold', independent_variable=OFFSET, threshold_accuracy=0.75)
                try: benchmark(good)  # the offset read right, the target as Brain-Score passes it
                except Exception as e: row['error_with_offset'] = f'{type(e).__name__}: {e}'
                scores = fixed_vernier(benchmark, good)
                threshold = benchmark._metric.compute_threshold(good.look_at(benchmark._stimulus_set), OFFSET)
                row['fixed'] = {'raw': float(np.mean([r for r, _ in scores])), 'ceiling': float(benchmark.ceiling),
                                'score': float(np.mean([s for _, s in scores])), 'condition_raw': [r for r, _ in scores],
                                'condition_scores': [s for _, s in scores], 'threshold': float(threshold)}
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
