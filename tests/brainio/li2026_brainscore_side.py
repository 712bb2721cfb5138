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
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'li2026'
FILES = {'Li2026_Stimuli': 'stimulus_fixture_Li2026', 'Li2026_Assembly': 'assy_fixture_Li2026'}
IDS = [f'Li2026.{r}-{m}' for m in ('ridgecv', 'pls', 'rdm') for r in ('V1', 'V2', 'V4', 'IT')]


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f'{FILES[i]}.{t}') as folder:
        import contextlib, io
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / 'assy_fixture_Li2026_features.nc', 'NeuroidAssembly')
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


if __name__ == '__main__':
    main()
