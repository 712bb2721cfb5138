"""Regenerate the stored model features that tests/test_benchmarks.py scores (deterministic; needs the torch extra).

    python tests/precomputed/make_features.py [BENCHMARK ...]   # default: every benchmark below

EfficientNet-Lite0 is recorded on every neural and RSA benchmark's stimuli exactly as the benchmark shows them
(placed on the model's screen), and each region's presentation x neuroid features are saved next to this
script as `efficientnet-lite0_<benchmark>.nc`, kept small: for regression and RDM benchmarks each layer is
reduced to 512 features by the extractor's fixed seeded sparse projection; for Coggan2024, whose recipe
selects units by their mean response, every k-th real unit is kept (at most 4096). PrecomputedFeatures
answers from these files in the tests.
"""
from pathlib import Path

from brainscore_nb.data.assemblies import save_assembly
from brainscore_nb.models.interface import BrainModel
from brainscore_nb.models.zoo import efficientnet_lite0
from brainscore_nb.registry import load_benchmark
from brainscore_nb.benchmarks.base import squeeze_time_bin

HERE = Path(__file__).parent
BENCHMARKS = {'Cowley2023.V4-pls': 'project', 'Kriegeskorte2008.hIT-rdm': 'project',
              **{f'Coggan2024_fMRI.{r}-rdm': 'subsample' for r in ('V1', 'V2', 'V4', 'IT')}}


class Recorder(BrainModel):
    "Passes everything to `model`, keeping what look_at returned (every `step`-th neuroid)"
    def __init__(self, model, step): self.model, self.step, self.seen = model, step, None
    @property
    def identifier(self): return self.model.identifier
    def visual_degrees(self): return self.model.visual_degrees()
    def start_task(self, task, fitting_stimuli=None): return self.model.start_task(task, fitting_stimuli)
    def start_recording(self, recording_target, time_bins): return self.model.start_recording(recording_target, time_bins)
    def look_at(self, stimuli, number_of_trials=1):
        seen = self.model.look_at(stimuli, number_of_trials)
        self.seen = seen.isel(neuroid=slice(None, None, -(-seen.sizes['neuroid'] // 4096))) if self.step else seen
        return self.seen


def main(only=()):
    unknown = set(only) - set(BENCHMARKS)
    if unknown: raise SystemExit(f"no stored features for {sorted(unknown)}; choose from {sorted(BENCHMARKS)}")
    for identifier, reduce in BENCHMARKS.items():
        if only and identifier not in only: continue
        model = efficientnet_lite0()
        model.activations_model.max_features = 512 if reduce == 'project' else None
        recorder = Recorder(model, step=reduce == 'subsample')
        load_benchmark(identifier)(recorder)
        features = squeeze_time_bin(recorder.seen).drop_vars('region').drop_attrs()
        path = HERE / f'efficientnet-lite0_{identifier}.nc'
        save_assembly(features, path)
        print(path.name, dict(features.sizes), f'{path.stat().st_size / 1e3:.0f} kB')


if __name__ == '__main__':
    import sys
    main(sys.argv[1:])
