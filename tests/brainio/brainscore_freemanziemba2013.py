"""Brain-Score's own `FreemanZiemba2013public.{V1,V2}-pls` on the fixture of make_freemanziemba2013.py: the numbers
brainscore_nb's tests pin are compared with these (tests/test_bs_freemanziemba2013.py, nbs/benchmarks/freemanziemba2013).

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/brainscore_freemanziemba2013.py [--converged]

Runs Brain-Score 2.4.2's benchmark plugin (its `load_assembly`, `NeuralBenchmark`, pls metric and
internal_consistency ceiling) and its data plugin's catalog loaders (`load_assembly_from_s3` /
`load_stimulus_set_from_s3`: StimulusSetLoader, StimulusMergeAssemblyLoader) unchanged, with one replacement:
`brainio.s3.get_path`, which would download the pinned file, returns the fixture's copy instead (so nothing
reaches S3). result_caching is disabled. Scored with Brain-Score's `PrecomputedFeatures` on the fixture's features
at 4 degrees (the benchmark's own, so `place_on_screen` leaves the images alone). Prints one JSON line per region.
`--converged` runs scikit-learn's PLS (NIPALS) to convergence (tol 1e-15) instead of its default tol 1e-6.

Measured (Brain-Score 2.4.2, brainscore-core 2.5.0, scikit-learn 1.5.2):
  V1: ceiling 0.959442085468034, raw 0.9430456426501692, score 0.9269294078210424 (--converged: raw 0.9431139036097053)
  V2: ceiling 0.978940743430177, raw 0.847988373149831, score 0.7345534301470064 (--converged: raw 0.8479389788520649)
"""
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.update(BS_INSTALL_DEPENDENCIES='no', RESULTCACHING_DISABLE='1')
HERE = Path(__file__).resolve().parent / 'freemanziemba2013'
PACKAGES = json.loads((HERE / 'packages.json').read_text())


def converge_pls():
    "Brain-Score's pls with scikit-learn's NIPALS run to convergence (its default tol 1e-6 stops early)"
    import brainscore_vision.metrics.regression_correlation.metric as metric
    from sklearn.cross_decomposition import PLSRegression

    class ConvergedPLS(PLSRegression):
        def __init__(self, n_components=2, *, scale=True, max_iter=100000, tol=1e-15, copy=True):
            super().__init__(n_components, scale=scale, max_iter=max_iter, tol=tol, copy=copy)
    metric.PLSRegression = ConvergedPLS


def main():
    from brainscore_core.supported_data_standards.brainio import s3
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    folder = Path(tempfile.mkdtemp())  # unzip writes next to the zip: work on copies
    s = PACKAGES['stimulus_set']
    files = {('FreemanZiemba2013.aperture-public', 'csv'): s['csv_path'], ('FreemanZiemba2013.aperture-public', 'zip'): s['zip_path'],
             ('movshon.FreemanZiemba2013.public', 'nc'): PACKAGES['neural']['path']}
    for name in files.values(): shutil.copy(HERE / name, folder)

    def get_path(identifier, file_type, *args, **kwargs):
        if (identifier, file_type) not in files: sys.exit(f'not in the fixture: {identifier} {file_type}')
        return str(folder / files[(identifier, file_type)])
    s3.get_path = get_path

    from brainscore_vision import load_benchmark
    if '--converged' in sys.argv: converge_pls()
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader
    features = AssemblyLoader(cls=NeuroidAssembly, file_path=str(HERE / PACKAGES['features']['path'])).load()
    try:
        for region in ('V1', 'V2'):
            benchmark = load_benchmark(f'FreemanZiemba2013public.{region}-pls')
            score = benchmark(PrecomputedFeatures({'FreemanZiemba2013.aperture-public': features}, visual_degrees=4))
            print(json.dumps(dict(benchmark=f'FreemanZiemba2013public.{region}-pls', identifier=benchmark.identifier,
                                  version=benchmark.version, parent=benchmark.parent, timebins=repr(benchmark.timebins),
                                  visual_degrees=benchmark._visual_degrees, number_of_trials=benchmark._number_of_trials,
                                  presentations=int(benchmark._assembly.sizes['presentation']),
                                  neuroids=int(benchmark._assembly.sizes['neuroid']),
                                  raw=float(score.raw), ceiling=float(score.ceiling), score=float(score),
                                  error=float(score.attrs['error']))))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
