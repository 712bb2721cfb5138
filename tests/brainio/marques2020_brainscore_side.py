"""Brain-Score's own 22 `Marques2020_*` benchmarks on the synthetic fixtures (run with Brain-Score's python, never by
pytest).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/marques2020_brainscore_side.py > out.json

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark(...)`), its data plugin and
its BrainIO loaders, with one change: the S3 download (`brainio.s3.get_path`) is replaced by a lookup of the fixture
files of `tests/brainio/marques2020` (copied to a temporary folder, since its loader unzips next to the file), so
nothing reaches S3. The "model" is Brain-Score's `PrecomputedFeatures` holding the fixture features with the
stimulus sets' columns attached, as its own `run_test_properties` attaches them, loaded into memory (its loader
opens the file with dask, on which the paradigm's in-place clipping of negative responses silently does nothing);
visual degrees 12 (the gratings' own, so only the 8-degree textures are placed on screen). Result caching is off.

Brain-Score draws its bootstrap with NumPy's global `np.random.choice`, unseeded. Here `np.random.seed(0)` comes
before the ceiling (`benchmark.ceiling`) and again before the call (`benchmark(model)`, whose raw score draws
first and whose own ceiling continues the same stream), and once more, the call with `np.random.seed(0)` also
before its ceiling function (`seeded_call_*`: both sides seeded alike). Printed, one JSON object: per benchmark the
raw score, the ceiling (seed 0), the ceiling computed inside the call, the call's score (raw / that ceiling), the raw
score ceiled by the seed-0 ceiling and the seeded call's numbers; and per assembly the paradigm's internals on the
model (the affine transform to firing rates, the units in the receptive field, the model's property table).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures, brainscore_name, load_assembly  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'marques2020'
IDS = ['Marques2020_Cavanaugh2002-grating_summation_field', 'Marques2020_Cavanaugh2002-surround_diameter',
       'Marques2020_Cavanaugh2002-surround_suppression_index', 'Marques2020_DeValois1982-peak_sf',
       'Marques2020_DeValois1982-pref_or', 'Marques2020_FreemanZiemba2013-abs_texture_modulation_index',
       'Marques2020_FreemanZiemba2013-max_noise', 'Marques2020_FreemanZiemba2013-max_texture',
       'Marques2020_FreemanZiemba2013-texture_modulation_index', 'Marques2020_FreemanZiemba2013-texture_selectivity',
       'Marques2020_FreemanZiemba2013-texture_sparseness', 'Marques2020_FreemanZiemba2013-texture_variance_ratio',
       'Marques2020_Ringach2002-circular_variance', 'Marques2020_Ringach2002-cv_bandwidth_ratio',
       'Marques2020_Ringach2002-max_dc', 'Marques2020_Ringach2002-modulation_ratio',
       'Marques2020_Ringach2002-opr_cv_diff', 'Marques2020_Ringach2002-or_bandwidth',
       'Marques2020_Ringach2002-or_selective', 'Marques2020_Ringach2002-orth_pref_ratio',
       'Marques2020_Schiller1976-sf_bandwidth', 'Marques2020_Schiller1976-sf_selective']
STIMULUS_SETS = ['Marques2020_blank', 'Marques2020_receptive_field', 'Marques2020_orientation',
                 'Marques2020_spatial_frequency', 'Marques2020_size', 'FreemanZiemba2013_properties']


def plain(x):
    return [None if v != v else v for v in map(float, x)]


def reseeded(ceiling_func):
    "`ceiling_func` preceded by np.random.seed(0), as our ceiling is seeded"
    def call(assembly):
        import numpy as np
        np.random.seed(0)
        return ceiling_func(assembly)
    return call


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: brainscore_name(i.split('.')[-1], t, p, infix='fixture_')) as folder:
        import numpy as np
        from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
        from brainscore_vision import load_benchmark, load_stimulus_set
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        from brainscore_vision.benchmark_helpers import properties_common as pc
        features = load_assembly(folder / 'assy_fixture_Marques2020_features.nc', 'NeuroidAssembly')
        # in memory, as a model's activations are: its loader opens the file with dask, and the paradigm's
        # in-place clipping (`activations.values[activations.values < 0] = 0`) is a no-op on a dask array
        features = features.load().reset_index('presentation')
        ids = list(features['stimulus_id'].values)
        columns = {}
        for name in STIMULUS_SETS:
            stimuli = load_stimulus_set(name)
            for c in stimuli.columns:
                if c in ('stimulus_id', 'filename', 'stimulus_path_within_store'): continue
                values = columns.setdefault(c, np.full(len(ids), np.nan))
                values[[ids.index(s) for s in stimuli['stimulus_id']]] = stimuli[c].values
        features = features.assign_coords({c: ('presentation', v) for c, v in columns.items()})
        features = NeuroidAssembly(features.set_index(presentation=['stimulus_id', 'experiment', *columns]))
        model = PrecomputedFeatures(features, visual_degrees=12)
        out, internals = {}, {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            np.random.seed(0)
            ceiling = float(benchmark.ceiling)
            np.random.seed(0)
            score = benchmark(model)
            raw, call_ceiling = float(score.attrs['raw']), float(score.attrs['ceiling'])
            # the benchmark's own call seeded as ours is: np.random.seed(0) before it and, its ceiling function
            # wrapped, again before its ceiling (unwrapped, the ceiling continues the raw score's stream)
            benchmark._ceiling_func = reseeded(benchmark._ceiling_func)
            np.random.seed(0)
            seeded = benchmark(model)
            out[identifier] = dict(raw=raw, ceiling=ceiling, call_ceiling=call_ceiling, score=float(score),
                                   score_seed0_ceiling=raw / ceiling, version=benchmark.version,
                                   parent=benchmark.parent, number_of_trials=benchmark._number_of_trials,
                                   seeded_call_raw=float(seeded.attrs['raw']),
                                   seeded_call_ceiling=float(seeded.attrs['ceiling']), seeded_call_score=float(seeded))
            assembly = benchmark._assembly.stimulus_set.identifier
            if assembly not in internals:  # the paradigm's steps on the model, once per stimulus set
                model.start_recording('V1', time_bins=[(70, 170)])
                pos = pc.get_stimulus_position(benchmark._assembly.stimulus_set)
                in_rf = pc.filter_receptive_fields(model_identifier='m', model=model, region='V1', pos=pos)
                affine = pc.firing_rates_affine(model_identifier='m', model=model, region='V1')
                responses = pc.get_firing_rates(model_identifier='m', model=model, region='V1',
                                                stimulus_identifier=assembly, number_of_trials=20, in_rf=in_rf)
                baseline = pc.get_firing_rates(model_identifier='m', model=model, region='V1',
                                               stimulus_identifier='Marques2020_blank', number_of_trials=20,
                                               in_rf=in_rf)
                properties = benchmark._neuronal_property(model_identifier='m', responses=responses,
                                                          baseline=baseline)
                internals[assembly] = dict(
                    in_rf=[int(i) for i in np.atleast_1d(in_rf)], affine=plain(affine.values),
                    baseline=plain(baseline.values.ravel()),
                    properties={str(p): plain(properties.sel(neuronal_property=p).values)
                                for p in properties['neuronal_property'].values})
        print(json.dumps(dict(benchmarks=out, internals=internals)))


if __name__ == '__main__':
    main()
