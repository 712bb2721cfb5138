"""Brain-Score's own `ObjectNet-top1` on the synthetic BarbuMayo2019 fixture.

    /work/bs/bsvenv/bin/python tests/brainio/objectnet_brainscore_side.py

Runs brainscore-vision 2.4.2's `Objectnet` through its registry and its data plugin's `BarbuMayo2019` loader, with
the S3 download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/objectnet (copied to a
temporary folder, since its loader unzips next to the file). The "model" is Brain-Score's `PrecomputedFeatures`
holding the fixture's answers. Prints one JSON object with the score; recorded in tests/brainio/crosschecks/objectnet.json.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'objectnet'


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix in ('.nc', '.csv', '.zip'): shutil.copy(f, folder)
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            path = folder / f"{filename_prefix or 'stimulus_'}{identifier}.{file_type}"
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, BehavioralAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        labels = AssemblyLoader(BehavioralAssembly, folder / 'assy_fixture_BarbuMayo2019_model.nc').load()
        benchmark = load_benchmark('ObjectNet-top1')
        score = benchmark(PrecomputedFeatures(labels, visual_degrees=None))
        print(json.dumps({'ObjectNet-top1': {'score': float(score), 'raw': float(score), 'ceiling': 1.0,
                                             'error': float(score.attrs['error']),
                                             'brainscore_identifier': benchmark.identifier}}))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
