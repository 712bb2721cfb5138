"""Brain-Score's own `Cowley2026.V4-pls` on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bsvenv/bin/python tests/brainio/cowley2026_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark class through its registry (`load_benchmark('Cowley2026.V4-pls')`), its
data plugin and its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a
lookup of the fixture files of `tests/brainio/cowley2026` (copied to a temporary folder, since its loader unzips
next to the file), so nothing reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the
fixture features. Prints one JSON line: raw, ceiling, ceiled score and each session's ceiled score; the
notebook nbs/benchmarks/cowley2026.ipynb and tests/test_bs_cowley2026.py pin the same numbers on our side.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'cowley2026'


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix in ('.nc', '.csv', '.zip'): shutil.copy(f, folder)
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            prefix = filename_prefix or ('stimulus_' if file_type in ('csv', 'zip') else 'assy_')
            path = folder / f"{prefix}fixture_{identifier.replace('.', '_')}.{file_type}"
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, NeuroidAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = AssemblyLoader(NeuroidAssembly, folder / 'assy_fixture_Cowley2026_features.nc').load()
        benchmark = load_benchmark('Cowley2026.V4-pls')
        score = benchmark(PrecomputedFeatures(features, visual_degrees=11.2))
        print(json.dumps({'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                          'session_scores': score.attrs['session_scores'],
                          'session_ceilings': {b.identifier: float(b.ceiling) for b in benchmark._sessions}}))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
