"""Brain-Score 2.4.2's own `Rajalingham2020.IT-pls` on the fixture files of tests/brainio/rajalingham2020 (written by
make_rajalingham2020.py), for comparing with brainscore_nb's (tests/test_bs_rajalingham2020.py reads the numbers from
tests/brainio/crosschecks/rajalingham2020.json).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/rajalingham2020_brainscore_side.py [--converged]

Brain-Score's plugin runs unchanged except `brainio.s3.get_path`, which returns the fixture's copies instead of
downloading; scored with Brain-Score's PrecomputedFeatures at 8 degrees. `--converged` runs scikit-learn's PLS to
convergence (see brainscore_freemanziemba2013.py). Prints one JSON object.
"""
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.update(BS_INSTALL_DEPENDENCIES='no', RESULTCACHING_DISABLE='1')
FIXTURES = Path(__file__).resolve().parent / 'rajalingham2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())


def main():
    from brainscore_core.supported_data_standards.brainio import s3
    from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, NeuroidAssembly
    folder = Path(tempfile.mkdtemp())
    s = PACKAGES['stimulus_set']
    files = {('Rajalingham2020', 'csv'): s['csv_path'], ('Rajalingham2020', 'zip'): s['zip_path'],
             ('dicarlo.Rajalingham2020', 'nc'): PACKAGES['assembly']['path']}
    for name in files.values(): shutil.copy(FIXTURES / name, folder)
    s3.get_path = lambda identifier, file_type, *args, **kwargs: str(folder / files[(identifier, file_type)])
    if '--converged' in sys.argv:
        sys.path.insert(0, str(Path(__file__).parent))
        from brainscore_freemanziemba2013 import converge_pls
        converge_pls()
    from brainscore_vision import load_benchmark
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    features = AssemblyLoader(cls=NeuroidAssembly, file_path=str(FIXTURES / PACKAGES['features']['path'])).load()
    try:
        benchmark = load_benchmark('Rajalingham2020.IT-pls')
        score = benchmark(PrecomputedFeatures({'Rajalingham2020': features}, visual_degrees=8))
        out = {'Rajalingham2020.IT-pls': dict(ceiling=float(score.ceiling), raw=float(score.raw), score=float(score))}
    finally:
        shutil.rmtree(folder)
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
