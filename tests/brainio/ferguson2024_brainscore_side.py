"""Brain-Score's own `Ferguson2024color-value_delta` on the synthetic fixtures.

    /work/bs/bsvenv/bin/python tests/brainio/ferguson2024_brainscore_side.py

Runs brainscore-vision 2.4.2's `Ferguson2024ValueDelta('color')` through its registry and its data plugin's loaders,
with the S3 download (`brainio.s3.get_path`) replaced by the fixture files of tests/brainio/ferguson2024 (copied to a
temporary folder). The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture's probabilities (8 degrees).
Prints one JSON object with raw, ceiling and score and both integrals; recorded in
tests/brainio/crosschecks/ferguson2024.json.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'ferguson2024'


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
        from brainscore_vision.benchmarks.ferguson2024.benchmark import get_integral_data, process_model_choices
        probabilities = AssemblyLoader(BehavioralAssembly, folder / 'assy_fixture_Ferguson2024_color_model.nc').load()
        benchmark = load_benchmark('Ferguson2024color-value_delta')
        model = PrecomputedFeatures(probabilities, visual_degrees=8)
        score = benchmark(model)
        human = get_integral_data(benchmark._assembly, 'color')['integral']
        ours = get_integral_data(process_model_choices(model.look_at(benchmark._assembly.stimulus_set)), 'color')['integral']
        print(json.dumps({'Ferguson2024color-value_delta': {
            'raw': float(score.attrs['raw']), 'ceiling': float(score.attrs['ceiling']), 'score': float(score),
            'human_integral': float(human), 'model_integral': float(ours)}}))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
