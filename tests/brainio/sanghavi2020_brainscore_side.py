"""Brain-Score 2.4.2's own sanghavi2020 benchmarks (Sanghavi2020, SanghaviJozwik2020, SanghaviMurty2020 x V4, IT) on the
fixture files of tests/brainio/sanghavi2020 (written by make_sanghavi2020.py), for comparing with brainscore_nb's
(tests/test_bs_sanghavi2020.py reads the numbers from tests/brainio/crosschecks/sanghavi2020.json).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/sanghavi2020_brainscore_side.py [--converged]

Brain-Score's plugins run unchanged except `brainio.s3.get_path`, which returns the fixture's copies instead of
downloading; scored with Brain-Score's PrecomputedFeatures at each benchmark's degrees, the features carrying the
stimulus set's columns as Brain-Score's activations do (Sanghavi2020 stratifies by the model's `object_name`). `--converged` runs
scikit-learn's PLS to convergence (see brainscore_freemanziemba2013.py). Prints one JSON object.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly, converge_pls_if_asked  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'sanghavi2020'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())


def with_metadata(features, stimuli):
    "The features of the set's stimuli with the set's columns as coords (as Brain-Score's activations carry them)"
    import numpy as np
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    ids = list(stimuli['stimulus_id'].values)
    index = {s: i for i, s in enumerate(features['stimulus_id'].values)}
    values = features.values[[index[s] for s in ids]]
    columns = [c for c in stimuli.columns if c not in ('filename', 'image_file_sha1')]
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        **{c: ('presentation', np.asarray(stimuli[c].values)) for c in columns},
        **{c: ('neuroid', features[c].values) for c in ('neuroid_id', 'layer')}})


def main():
    files = {}
    for key in ('Sanghavi2020', 'SanghaviJozwik2020', 'SanghaviMurty2020'):
        s, a = PACKAGES[key]['stimulus_set'], PACKAGES[key]['assembly']
        files.update({(s['key'], 'csv'): s['csv_path'], (s['key'], 'zip'): s['zip_path'], (f'dicarlo.{key}', 'nc'): a['path']})
    with s3_fixtures(FIXTURES, files):
        converge_pls_if_asked()
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly')
        out = {}
        for key, degrees in (('Sanghavi2020', 8), ('SanghaviJozwik2020', 8), ('SanghaviMurty2020', 5)):
            for region in ('V4', 'IT'):
                identifier = f'{key}.{region}-pls'
                benchmark = load_benchmark(identifier)
                stimuli = benchmark._assembly.stimulus_set
                score = benchmark(PrecomputedFeatures({stimuli.identifier: with_metadata(features, stimuli)},
                                                      visual_degrees=degrees))
                out[identifier] = dict(ceiling=float(score.ceiling), raw=float(score.raw), score=float(score),
                                       order=[str(s) for s in benchmark._assembly['stimulus_id'].values])
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
