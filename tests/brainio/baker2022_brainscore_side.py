"""Brain-Score's own `Baker2022{frankenstein,fragmented,inverted}-accuracy_delta` on the synthetic fixtures.

    /work/bs/bsvenv/bin/python tests/brainio/baker2022_brainscore_side.py

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`), its data plugin and its
BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture
files of `tests/brainio/baker2022` (copied to a temporary folder, since its loader unzips next to the file). The
"model" is Brain-Score's `PrecomputedFeatures` holding the fixture labels (8 degrees, as its own test). Prints one
JSON object: per benchmark raw, ceiling and ceiled score, and the ceiling's 100 split values' spread; the numbers
are recorded in tests/brainio/crosschecks/baker2022.json and checked by tests/test_bs_baker2022.py.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'baker2022'
MODELS = {'Baker2022frankenstein-accuracy_delta': 'normal', 'Baker2022fragmented-accuracy_delta': 'normal',
          'Baker2022inverted-accuracy_delta': 'inverted'}


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
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        out = {}
        for identifier, dataset in MODELS.items():
            labels = AssemblyLoader(BehavioralAssembly, folder / f'assy_fixture_Baker2022_{dataset}_model.nc').load()
            benchmark = load_benchmark(identifier)
            score = benchmark(PrecomputedFeatures(labels, visual_degrees=8))
            ceiling = score.attrs['ceiling']
            out[identifier] = {'raw': float(score.attrs['raw']), 'ceiling': float(ceiling), 'score': float(score),
                               'raw_error': float(score.attrs['raw'].attrs['error']),
                               'ceiling_splits_mean': float(ceiling.attrs['raw'].mean())}
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
