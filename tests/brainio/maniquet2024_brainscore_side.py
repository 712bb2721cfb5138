"""Brain-Score's own `Maniquet2024-{confusion_similarity,tasks_consistency}` on the synthetic fixtures (run with
Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/maniquet2024_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`), its data plugin and its
BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture
files of `tests/brainio/maniquet2024` (copied to a temporary folder, since its loader unzips next to the file). The
"model" answers with the fixture's stored probabilities (`assy_fixture_Maniquet2024_model.nc`) for the stimuli it
is shown, carrying the stimulus set's columns as Brain-Score's models' answers do. Prints one JSON line per
benchmark: raw, ceiling, score.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'maniquet2024'
BENCHMARKS = ('Maniquet2024-confusion_similarity', 'Maniquet2024-tasks_consistency')


def main():
    with s3_fixtures(FIXTURES) as folder:
        from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.model_interface import BrainModel
        stored = load_assembly(folder / 'assy_fixture_Maniquet2024_model.nc', 'BehavioralAssembly')

        class Stored(BrainModel):
            identifier = 'fixture-model'
            def visual_degrees(self): return 8
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
            print(json.dumps({'benchmark': name, 'raw': float(score.attrs['raw']),
                              'ceiling': float(score.attrs['ceiling']), 'score': float(score)}))


if __name__ == '__main__':
    main()
