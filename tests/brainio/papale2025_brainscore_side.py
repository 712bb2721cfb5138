"""Brain-Score's own `Papale2025.*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/papale2025_brainscore_side.py

Runs brainscore-vision 2.4.2's six benchmarks through its registry (`load_benchmark('Papale2025.V1-ridge')`, ...),
its data plugin and its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a
lookup of the fixture files of `tests/brainio/papale2025` (copied to a temporary folder, since its loader unzips next
to the file), so nothing reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture features.
Prints one JSON object: per benchmark id raw, ceiling, ceiled score, the time bins it asks the model for, and per
subject the ceiled score, raw score, ceiling and the chosen alpha (ridgecv); tests/test_bs_papale2025.py checks ours
against it (tests/brainio/crosschecks/papale2025.json).
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'papale2025'
FILES = {'THINGS_TVSD_train_Stimuli': 'stimulus_fixture_Papale2025_train',
         'THINGS_TVSD_test_Stimuli': 'stimulus_fixture_Papale2025_test',
         'THINGS_TVSD_train_Assembly': 'assy_fixture_Papale2025_train',
         'THINGS_TVSD_test_Assembly': 'assy_fixture_Papale2025_test'}
IDS = [f'Papale2025.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V4', 'IT')]
SUBJECTS = ('monkeyF', 'monkeyN')


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix in ('.nc', '.csv', '.zip'): shutil.copy(f, folder)
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            path = folder / f'{FILES[identifier]}.{file_type}'
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        import contextlib, io
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, NeuroidAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = AssemblyLoader(NeuroidAssembly, folder / 'assy_fixture_Papale2025_features.nc').load()
        out = {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):  # its benchmark prints each subject's score
                score = benchmark(PrecomputedFeatures(features, visual_degrees=18))
            subjects = {}
            for s in SUBJECTS:
                sub = score.attrs[s]
                subjects[s] = {'score': float(sub.values.squeeze()), 'raw': float(sub.raw.values.squeeze()),
                               'ceiling': float(sub.attrs['ceiling'])}
                if 'alpha' in sub.raw.attrs: subjects[s]['alpha'] = float(sub.raw.attrs['alpha'])
            out[identifier] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                               'version': benchmark.version, 'visual_degrees': benchmark._visual_degrees,
                               'time_bins': [list(map(float, getattr(t, 'item', lambda: t)())) for t in benchmark.timebins],
                               'n_neuroids': int(benchmark.test_assembly.sizes['neuroid']),
                               'subjects': subjects}
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
