"""Brain-Score's own `Allen2022_fmri.*` and `Allen2022_fmri_surface.*` on the synthetic fixtures (Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/allen2022_fmri_brainscore_side.py

Runs brainscore-vision 2.4.2's sixteen 8-subject benchmarks (V1, V2, V4, IT x ridge, rdm; volumetric and surface)
through its registry, data plugins and BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is
replaced by a lookup of the fixture files of `tests/brainio/allen2022_fmri` (copied to a temporary folder), so nothing
reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture features. Prints one JSON object:
per benchmark id raw, ceiling, ceiled score and per subject the ceiled score (ridge) or the RDM similarity (rdm), and
the ceiling's LOO lower bound (rdm); tests/brainio/crosschecks/allen2022_fmri.json and allen2022_fmri_surface.json
hold these beside ours.
"""
import json
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
FIXTURES = Path(__file__).resolve().parent / 'allen2022_fmri'
FILES = {'Allen2022_fMRI_train_Stimuli': 'stimulus_fixture_Allen2022_fmri_train',
         'Allen2022_fMRI_test_Stimuli': 'stimulus_fixture_Allen2022_fmri_test',
         'Allen2022_fMRI_train_Assembly': 'assy_fixture_Allen2022_fmri_train',
         'Allen2022_fMRI_test_Assembly': 'assy_fixture_Allen2022_fmri_test',
         'Allen2022_fMRI_surface_train_Assembly': 'assy_fixture_Allen2022_fmri_surface_train',
         'Allen2022_fMRI_surface_test_Assembly': 'assy_fixture_Allen2022_fmri_surface_test'}
IDS = [f'{p}.{r}-{m}' for p in ('Allen2022_fmri', 'Allen2022_fmri_surface') for m in ('ridge', 'rdm')
       for r in ('V1', 'V2', 'V4', 'IT')]


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
        features = AssemblyLoader(NeuroidAssembly, folder / 'assy_fixture_Allen2022_fmri_features.nc').load()
        out = {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):  # its benchmark prints each subject's score
                score = benchmark(PrecomputedFeatures(features, visual_degrees=8.4))
            row = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                   'version': benchmark.version}
            if identifier.endswith('-ridge'):
                row['subjects'] = {s: {'score': float(score.attrs[s].values.squeeze()),
                                       'raw': float(score.attrs[s].raw.values.squeeze()),
                                       'ceiling': float(score.attrs[s].attrs['ceiling'])}
                                   for s in ('subj01', 'subj02', 'subj05')}
            else:
                row['subject_scores'] = [float(v) for v in score.raw.attrs['subject_scores']]
                row['lower_bound_loo'] = float(score.ceiling.attrs['lower_bound_loo'])
            out[identifier] = row
        print(json.dumps(out))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
