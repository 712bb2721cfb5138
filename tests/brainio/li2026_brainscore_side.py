"""Brain-Score's own `Li2026.*` benchmarks on the synthetic fixture (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/li2026_brainscore_side.py

Runs brainscore-vision 2.4.2's twelve Li2026 benchmarks (V1, V2, V4, IT x ridgecv, pls, rdm) through its registry, data
plugin and BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the
fixture files of `tests/brainio/li2026` (copied to a temporary folder), so nothing reaches S3. The "model" is
Brain-Score's `PrecomputedFeatures` holding the fixture features. Prints one JSON object: per benchmark id raw,
ceiling (and its error), ceiled score, and for rdm the per-animal similarities and the ceiling's LOO lower bound;
tests/brainio/crosschecks/li2026.json holds these beside ours.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'li2026'
FILES = {'Li2026_Stimuli': 'stimulus_fixture_Li2026', 'Li2026_Assembly': 'assy_fixture_Li2026'}
IDS = [f'Li2026.{r}-{m}' for m in ('ridgecv', 'pls', 'rdm') for r in ('V1', 'V2', 'V4', 'IT')]


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
        features = AssemblyLoader(NeuroidAssembly, folder / 'assy_fixture_Li2026_features.nc').load()
        out = {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):
                score = benchmark(PrecomputedFeatures(features, visual_degrees=11))
            row = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                   'version': benchmark.version, 'parent': benchmark.parent}
            if identifier.endswith('-rdm'):
                row['subject_scores'] = [float(v) for v in score.raw.attrs['subject_scores']]
                row['lower_bound_loo'] = float(score.ceiling.attrs['lower_bound_loo'])
            else:
                row['ceiling_error'] = float(score.ceiling.attrs['error'])
                row['raw_error'] = float(score.raw.attrs['error']) if 'error' in score.raw.attrs else None
            out[identifier] = row
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
