"""Brain-Score 2.4.2's own `Rajalingham2020.IT-pls` on the fixture files of tests/brainio/rajalingham2020 (written by
make_rajalingham2020.py), for comparing with brainscore_nb's (tests/test_bs_rajalingham2020.py reads the numbers from
tests/brainio/crosschecks/rajalingham2020.json).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/rajalingham2020_brainscore_side.py [--converged]

Brain-Score's plugin runs unchanged except `brainio.s3.get_path`, which returns the fixture's copies instead of
downloading; scored with Brain-Score's PrecomputedFeatures at 8 degrees. `--converged` runs scikit-learn's PLS to
convergence (see brainscore_freemanziemba2013.py). Prints one JSON object.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly, converge_pls_if_asked  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'rajalingham2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())


def main():
    s = PACKAGES['stimulus_set']
    files = {('Rajalingham2020', 'csv'): s['csv_path'], ('Rajalingham2020', 'zip'): s['zip_path'],
             ('dicarlo.Rajalingham2020', 'nc'): PACKAGES['assembly']['path']}
    with s3_fixtures(FIXTURES, files):
        converge_pls_if_asked()
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly')
        benchmark = load_benchmark('Rajalingham2020.IT-pls')
        score = benchmark(PrecomputedFeatures({'Rajalingham2020': features}, visual_degrees=8))
        out = {'Rajalingham2020.IT-pls': dict(ceiling=float(score.ceiling), raw=float(score.raw), score=float(score))}
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
