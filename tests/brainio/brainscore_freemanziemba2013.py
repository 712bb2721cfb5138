"""Brain-Score's own `FreemanZiemba2013public.{V1,V2}-pls` and `FreemanZiemba2013.{V1,V2}-pls` on the fixture of make_freemanziemba2013.py: the numbers
brainscore_nb's tests pin are compared with these (tests/test_bs_freemanziemba2013.py, nbs/benchmarks/freemanziemba2013).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/brainscore_freemanziemba2013.py [--converged]

Runs Brain-Score 2.4.2's benchmark plugin (its `load_assembly`, `NeuralBenchmark`, pls metric and
internal_consistency ceiling) and its data plugin's catalog loaders (`load_assembly_from_s3` /
`load_stimulus_set_from_s3`: StimulusSetLoader, StimulusMergeAssemblyLoader) unchanged, with one replacement:
`brainio.s3.get_path`, which would download the pinned file, returns the fixture's copy instead (so nothing
reaches S3). result_caching is disabled. Scored with Brain-Score's `PrecomputedFeatures` on the fixture's features
at 4 degrees (the benchmark's own, so `place_on_screen` leaves the images alone). Prints one JSON line per region.
`--converged` runs scikit-learn's PLS (NIPALS) to convergence (tol 1e-15) instead of its default tol 1e-6
(`brainscore_side.converge_pls`).

Measured (Brain-Score 2.4.2, brainscore-core 2.5.0, scikit-learn 1.5.2):
  V1: ceiling 0.959442085468034, raw 0.9430456426501692, score 0.9269294078210424 (--converged: raw 0.9431139036097053)
  V2: ceiling 0.978940743430177, raw 0.847988373149831, score 0.7345534301470064 (--converged: raw 0.8479389788520649)
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import converge_pls_if_asked, load_assembly, s3_fixtures  # noqa: E402

HERE = Path(__file__).resolve().parent / 'freemanziemba2013'
PACKAGES = json.loads((HERE / 'packages.json').read_text())


def main():
    s = PACKAGES['stimulus_set']
    files = {('FreemanZiemba2013.aperture-public', 'csv'): s['csv_path'], ('FreemanZiemba2013.aperture-public', 'zip'): s['zip_path'],
             ('movshon.FreemanZiemba2013.public', 'nc'): PACKAGES['neural']['path'],
             # the private entries answered by the same fixture, as tests/test_bs_freemanziemba2013.py serves them
             ('FreemanZiemba2013.aperture-private', 'csv'): s['csv_path'],
             ('FreemanZiemba2013.aperture-private', 'zip'): s['zip_path'],
             ('movshon.FreemanZiemba2013.private', 'nc'): PACKAGES['neural']['path']}
    with s3_fixtures(HERE, files):  # unzip writes next to the zip: it works on copies
        from brainscore_vision import load_benchmark
        converge_pls_if_asked()
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(HERE / PACKAGES['features']['path'], 'NeuroidAssembly')
        by_set = {'FreemanZiemba2013.aperture-public': features, 'FreemanZiemba2013.aperture-private': features}
        for name in [f'FreemanZiemba2013{access}.{region}-pls' for access in ('public', '') for region in ('V1', 'V2')]:
            benchmark = load_benchmark(name)
            score = benchmark(PrecomputedFeatures(by_set, visual_degrees=4))
            print(json.dumps(dict(benchmark=name, identifier=benchmark.identifier,
                                  version=benchmark.version, parent=benchmark.parent, timebins=repr(benchmark.timebins),
                                  visual_degrees=benchmark._visual_degrees, number_of_trials=benchmark._number_of_trials,
                                  presentations=int(benchmark._assembly.sizes['presentation']),
                                  neuroids=int(benchmark._assembly.sizes['neuroid']),
                                  raw=float(score.raw), ceiling=float(score.ceiling), score=float(score),
                                  error=float(score.attrs['error']))))


if __name__ == '__main__':
    main()
