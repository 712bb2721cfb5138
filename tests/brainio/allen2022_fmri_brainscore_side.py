"""Brain-Score's own `Allen2022_fmri.*` and `Allen2022_fmri_surface.*` on the synthetic fixtures (Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/allen2022_fmri_brainscore_side.py [PART ...]  # only ids with every PART

Runs brainscore-vision 2.4.2's sixteen 8-subject benchmarks and the sixteen _4subj ones (their keys answered by the
same files) (V1, V2, V4, IT x ridge, rdm; volumetric and surface)
through its registry, data plugins and BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is
replaced by a lookup of the fixture files of `tests/brainio/allen2022_fmri` (copied to a temporary folder), so nothing
reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture features. Prints one JSON object:
per benchmark id raw, ceiling, ceiled score and per subject the ceiled score (ridge) or the RDM similarity (rdm), and
the ceiling's LOO lower bound (rdm); tests/brainio/crosschecks/allen2022_fmri.json and allen2022_fmri_surface.json
hold these beside ours.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'allen2022_fmri'
FILES = {'Allen2022_fMRI_train_Stimuli': 'stimulus_fixture_Allen2022_fmri_train',
         'Allen2022_fMRI_test_Stimuli': 'stimulus_fixture_Allen2022_fmri_test',
         'Allen2022_fMRI_train_Assembly': 'assy_fixture_Allen2022_fmri_train',
         'Allen2022_fMRI_test_Assembly': 'assy_fixture_Allen2022_fmri_test',
         'Allen2022_fMRI_surface_train_Assembly': 'assy_fixture_Allen2022_fmri_surface_train',
         'Allen2022_fMRI_surface_test_Assembly': 'assy_fixture_Allen2022_fmri_surface_test'}
# the _4subj ids' keys answered by the same files, as tests/test_bs_allen2022_fmri.py serves them
FILES.update({k.replace('_train', '_4subj_train').replace('_test', '_4subj_test'): v for k, v in FILES.items()})
IDS = [f'{p}.{r}-{m}' for p in ('Allen2022_fmri', 'Allen2022_fmri_surface', 'Allen2022_fmri_4subj',
                                 'Allen2022_fmri_surface_4subj') for m in ('ridge', 'rdm') for r in ('V1', 'V2', 'V4', 'IT')]


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        import contextlib, io
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Allen2022_fmri_features.nc', 'NeuroidAssembly')
        out = {}
        for identifier in [i for i in IDS if all(a in i for a in sys.argv[1:])]:  # arguments: parts of the ids
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


if __name__ == '__main__':
    main()
