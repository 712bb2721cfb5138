"""Brain-Score 2.4.2's own MajajHong2015 benchmarks (plugins majajhong2015 and muzellec2026) on the fixture files of
tests/brainio/majajhong2015 (written by make_majajhong2015.py), for comparing with brainscore_nb's
(tests/test_bs_majajhong2015.py reads the numbers from tests/brainio/crosschecks/{majajhong2015,muzellec2026}.json).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/majajhong2015_brainscore_side.py [--converged]

Brain-Score's plugins run unchanged except `brainio.s3.get_path`, which returns the fixture's copies instead of
downloading. Scored with Brain-Score's PrecomputedFeatures at 8 degrees; for the temporal benchmarks the features
are the same in every one of the benchmark's 29 time bins (what Brain-Score's TemporalAligned gives for a model
without time). `--converged` runs scikit-learn's PLS to convergence (see brainscore_freemanziemba2013.py).
Prints one JSON object: identifier -> ceiling, raw, score (and per time bin for the temporal ones).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, load_assembly, converge_pls_if_asked  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'majajhong2015'
PACKAGES = json.loads((FIXTURES / 'packages.json').read_text())


def main():
    import numpy as np
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    s = PACKAGES['stimulus_set']
    files = {('hvm-public', 'csv'): s['csv_path'], ('hvm-public', 'zip'): s['zip_path'],
             ('dicarlo.MajajHong2015.public', 'nc'): PACKAGES['public']['path'],
             ('dicarlo.MajajHong2015.temporal.public', 'nc'): PACKAGES['temporal']['path'],
             # the private entries answered by the public fixture, as tests/test_bs_majajhong2015.py serves them
             ('hvm-private', 'csv'): s['csv_path'], ('hvm-private', 'zip'): s['zip_path'],
             ('dicarlo.MajajHong2015.private', 'nc'): PACKAGES['public']['path']}
    with s3_fixtures(FIXTURES, files):
        converge_pls_if_asked()
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(FIXTURES / PACKAGES['features']['path'], 'NeuroidAssembly')
        out = {}
        for region in ('V4', 'IT'):
            identifier = f'MajajHong2015.{region}-pls'  # the private id, on the fixture under its private keys
            benchmark = load_benchmark(identifier)
            score = benchmark(PrecomputedFeatures({'hvm-private': features}, visual_degrees=8))
            out[identifier] = dict(ceiling=float(score.ceiling), raw=float(score.raw), score=float(score),
                                   ceiling_error=float(score.ceiling.attrs['error']), version=benchmark.version,
                                   parent=benchmark.parent, identifier_in_benchmark=benchmark.identifier)
            for suffix in ('pls', 'reverse_pls'):
                identifier = f'MajajHong2015public.{region}-{suffix}'
                score = load_benchmark(identifier)(PrecomputedFeatures({'hvm-public': features}, visual_degrees=8))
                out[identifier] = dict(ceiling=float(score.ceiling), raw=float(score.raw), score=float(score),
                                       ceiling_error=float(score.ceiling.attrs['error']))
            identifier = f'MajajHong2015public.{region}-temporal-pls'
            benchmark = load_benchmark(identifier)
            bins = benchmark.timebins
            starts, ends = [int(b[0]) for b in bins], [int(b[1]) for b in bins]
            values = np.repeat(features.values[:, :, None], len(bins), axis=2)
            timed = NeuroidAssembly(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
                **{c: ('presentation', features[c].values) for c in ('stimulus_id', 'object_name')},
                **{c: ('neuroid', features[c].values) for c in ('neuroid_id', 'layer')},
                'time_bin_start': ('time_bin', starts), 'time_bin_end': ('time_bin', ends)})
            score = benchmark(PrecomputedFeatures({'hvm-public': timed}, visual_degrees=8))
            per_bin = lambda x: [float(v) for v in np.asarray(x.values).ravel()]
            out[identifier] = dict(identifier_in_benchmark=benchmark.identifier, time_bins=[starts, ends],
                                   n_stimuli=int(benchmark._assembly.sizes['presentation']),
                                   ceiling=per_bin(score.ceiling), raw=per_bin(score.raw), score=per_bin(score),
                                   score_dims=list(score.dims))
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
