"""Brain-Score 2.4.2's own `Bracci2019.anteriorVTC-rdm` on the fixture files of tests/brainio/bracci2019 (written by
make_bracci2019.py), for comparing with brainscore_nb's (tests/test_crosschecks.py reads the numbers from
tests/brainio/crosschecks/bracci2019.json).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/bracci2019_brainscore_side.py

Brain-Score's plugin runs unchanged except `brainio.s3.get_path`, which returns the fixture's copies instead of
downloading; scored with Brain-Score's PrecomputedFeatures at 8 degrees. Prints one JSON object.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'bracci2019'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())


def main():
    s = PACKAGES['stimulus_set']
    files = {('Bracci2019', 'csv'): s['csv_path'], ('Bracci2019', 'zip'): s['zip_path'],
             ('Bracci2019', 'nc'): PACKAGES['assembly']['path']}
    with s3_fixtures(FIXTURES, files):
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly')
        benchmark = load_benchmark('Bracci2019.anteriorVTC-rdm')
        score = benchmark(PrecomputedFeatures({'Bracci2019': features}, visual_degrees=8))
        out = {'Bracci2019.anteriorVTC-rdm': dict(ceiling=float(score.attrs['ceiling']), raw=float(score.attrs['raw']),
                                                  score=float(score), ceiling_property=float(benchmark.ceiling),
                                                  identifier=benchmark.identifier, version=benchmark.version,
                                                  parent=benchmark.parent)}
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
