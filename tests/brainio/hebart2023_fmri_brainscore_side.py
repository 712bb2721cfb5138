"""Brain-Score's own `Hebart2023_fmri.*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by pytest).

    /work/bs/bsvenv/bin/python tests/brainio/hebart2023_fmri_brainscore_side.py

Runs brainscore-vision 2.4.2's eight benchmarks through its registry (`load_benchmark('Hebart2023_fmri.V1-ridge')`,
...), its data plugin and its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by
a lookup of the fixture files of `tests/brainio/hebart2023_fmri` (copied to a temporary folder, since its loader
unzips next to the file), so nothing reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the
fixture features. Prints one JSON object: per benchmark id raw, ceiling, ceiled score, and per subject the ceiled
score, raw score, ceiling and the chosen alpha (ridgecv); tests/test_bs_hebart2023_fmri.py checks ours against it
(tests/brainio/crosschecks/hebart2023_fmri.json).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'hebart2023_fmri'
FILES = {'THINGS_fMRI_train_Stimuli': 'stimulus_fixture_Hebart2023_fmri_train',
         'THINGS_fMRI_test_Stimuli': 'stimulus_fixture_Hebart2023_fmri_test',
         'THINGS_fMRI_train_Assembly': 'assy_fixture_Hebart2023_fmri_train',
         'THINGS_fMRI_test_Assembly': 'assy_fixture_Hebart2023_fmri_test'}
IDS = [f'Hebart2023_fmri.{r}-{m}' for m in ('ridge', 'ridgecv') for r in ('V1', 'V2', 'V4', 'IT')]


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        import contextlib, io
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Hebart2023_fmri_features.nc', 'NeuroidAssembly')
        out = {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):  # its benchmark prints each subject's score
                score = benchmark(PrecomputedFeatures(features, visual_degrees=10))
            subjects = {}
            for s in ('01', '02', '03'):
                sub = score.attrs[s]
                subjects[s] = {'score': float(sub.values.squeeze()), 'raw': float(sub.raw.values.squeeze()),
                               'ceiling': float(sub.attrs['ceiling'])}
                if 'alpha' in sub.raw.attrs: subjects[s]['alpha'] = float(sub.raw.attrs['alpha'])
            out[identifier] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                               'version': benchmark.version, 'subjects': subjects}
        print(json.dumps(out))


if __name__ == '__main__':
    main()
