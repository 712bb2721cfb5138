"""Brain-Score's own Rajalingham2018public-i2n on the fixture files: the numbers brainscore_nb's test pins are checked
against these. Run with Brain-Score's environment (not part of pytest; nothing reaches S3):

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/brainscore_rajalingham2018.py

It loads the fixture stimulus set (tests/brainio/rajalingham2018/, written by make_rajalingham2018.py) and the
fixture trials (../shared/brainio/assy_fixture_Rajalingham2018_public.nc) with Brain-Score's local loaders
(the fixture lacks the `choice` coord of the real assembly, which Brain-Score's packaging gives every trial column
and its `load_assembly` reads: it is added, equal to the values; StimulusSetLoader, StimulusMergeAssemblyLoader),
hands them to Brain-Score's benchmark class
(RajalinghamMatchtosamplePublicBenchmark, its `load_dataset` / `load_stimulus_set` replaced by these local loads),
scores the legacy alexnet probabilities (../shared/brainio/alexnet-probabilities.nc) as Brain-Score's own public
test does (benchmark_helpers.PrecomputedFeatures), and prints one JSON line: ceiling, raw and ceiled score with
their per-split values, and the plain I2n metric and ceiling."""
import json
import sys
import tempfile
import zipfile
from pathlib import Path

import xarray as xr

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import load_assembly  # noqa: E402
from brainscore_core.supported_data_standards.brainio.assemblies import (BehavioralAssembly,
                                                                          StimulusMergeAssemblyLoader)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet, StimulusSetLoader

HERE = Path(__file__).resolve().parent
BRAINIO = HERE.parents[2] / 'shared' / 'brainio'
PACKAGE = HERE / 'rajalingham2018' / 'stimulus_fixture_objectome-public'


def stimulus_set(folder):
    with zipfile.ZipFile(f'{PACKAGE}.zip') as z: z.extractall(folder)
    s = StimulusSetLoader(StimulusSet, f'{PACKAGE}.csv', folder).load()
    s.identifier = 'objectome.public'
    return s


def dataset(stimuli, folder):
    "The fixture trials, with the `choice` coord the real assembly has (Brain-Score's load_assembly reads it)"
    path = Path(folder) / 'trials.nc'
    with xr.open_dataarray(BRAINIO / 'assy_fixture_Rajalingham2018_public.nc') as trials:
        trials.load().assign_coords(choice=('presentation', trials.values)).to_netcdf(path)
    return StimulusMergeAssemblyLoader(BehavioralAssembly, path, stimulus_set_identifier=stimuli.identifier,
                                       stimulus_set=stimuli).load()


def main():
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    from brainscore_vision.benchmarks.rajalingham2018.benchmarks import benchmark as module
    from brainscore_vision.benchmarks.rajalingham2018.benchmarks.public_benchmark import \
        RajalinghamMatchtosamplePublicBenchmark
    from brainscore_vision.metrics.i1i2 import I2n
    with tempfile.TemporaryDirectory() as folder:
        stimuli = stimulus_set(folder)
        module.load_stimulus_set = lambda key: {'objectome.public': stimuli}[key]
        module.load_dataset = lambda key: {'Rajalingham2018.public': dataset(stimuli, folder)}[key]
        benchmark = RajalinghamMatchtosamplePublicBenchmark()
        probabilities = load_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
        probabilities = probabilities.rename({'choice_': 'choice'}) if 'choice_' in probabilities.coords else probabilities
        score = benchmark(PrecomputedFeatures(probabilities, visual_degrees=8))
        ceiling = benchmark.ceiling
        trials = benchmark._assembly
        metric, metric_ceiling = I2n()(probabilities, trials), I2n().ceiling(trials, skipna=True)
    print(json.dumps(dict(
        identifier=benchmark.identifier, version=benchmark.version, visual_degrees=benchmark._visual_degrees,
        number_of_trials=benchmark._number_of_trials, fitting_stimuli=len(benchmark._fitting_stimuli),
        ceiling=float(ceiling), ceiling_splits=ceiling.raw.values.tolist(),
        raw=float(score.raw), raw_splits=score.raw.raw.values.tolist(), score=float(score),
        error=float(score.attrs['error']), metric=float(metric), metric_splits=metric.raw.values.tolist(),
        metric_ceiling=float(metric_ceiling))))


if __name__ == '__main__':
    main()
