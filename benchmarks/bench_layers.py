"""Speed of a layer sweep: every layer from one extraction pass against scoring each layer separately, in one run.

    python benchmarks/bench_layers.py [--model efficientnet-lite0] [--benchmark Cowley2023.V4-pls] [--layers L ...]

Both ways score the same layers on the same benchmark in this process, with the activation cache off (every
activation computed) and the benchmark's data and ceiling loaded once beforehand (outside both timings):
1. one pass: `layer_scores(model, benchmark)`: all layers hooked at once, the stimuli run through the model once;
2. separately: one model committed to each layer alone, scored by the benchmark: one pass over the stimuli per layer
   (what Brain-Score's `LayerScores` does when its activations are not pre-run).
Prints each layer's score both ways (they must be equal), the time spent running the model and in total, and the ratio.
Not a test: machines are noisy; the ratio is what to read.
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path


class ModelClock:
    "Time spent in an extractor's model passes (`_compute`), and the number of images run"
    def __init__(self, extractor):
        self.seconds, self.images, compute = 0.0, 0, extractor._compute

        def timed(stimuli, layers):
            start = time.perf_counter()
            try: return compute(stimuli, layers)
            finally: self.seconds, self.images = self.seconds + time.perf_counter() - start, self.images + len(stimuli)
        extractor._compute = timed


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--model', default='efficientnet-lite0')
    p.add_argument('--benchmark', default='Cowley2023.V4-pls')
    p.add_argument('--layers', nargs='+', default=None, help="default: the model's candidate layers")
    a = p.parse_args(argv)
    os.environ.setdefault('BRAINSCORE_NB_HOME', tempfile.mkdtemp(prefix='bench-layers-'))
    os.environ.setdefault('BRAINSCORE_NB_MIRROR', str(Path(__file__).resolve().parents[2] / 'shared' / 'mirror'))
    import numpy as np
    from brainscore_nb.registry import load_benchmark, load_model
    from brainscore_nb.models.commitment import ModelCommitment, layer_scores
    bench = load_benchmark(a.benchmark)
    bench.ceiling  # computed once, outside both timings

    def fresh():
        model = load_model(a.model)
        model.activations_model.cache_dir = None  # every activation computed, both ways
        return model, ModelClock(model.activations_model)

    model, clock = fresh()
    layers = a.layers or model.layers
    start = time.perf_counter()
    table = layer_scores(model, bench, layers=layers)
    one_pass, one_model, one_images = time.perf_counter() - start, clock.seconds, clock.images

    model, clock = fresh()
    start, alone = time.perf_counter(), []
    for layer in layers:
        committed = ModelCommitment(model.identifier, model.activations_model, region_layer_map={bench.region: layer},
                                    visual_degrees=model.visual_degrees())
        alone.append(bench(committed).center)
    separate, sep_model, sep_images = time.perf_counter() - start, clock.seconds, clock.images

    table['score_separately'] = alone
    print(table[['layer', 'depth', 'features', 'score', 'score_separately', 'ceiling']].to_string(index=False))
    print(f"\n{a.model} on {a.benchmark}: {len(layers)} layers, {len(bench.assembly['stimulus_id'])} presentations")
    print(f"largest score difference, one pass vs separately: {np.max(np.abs(table['score'] - table['score_separately'])):.2e}")
    print(f"one pass:   {one_pass:8.1f} s total, {one_model:7.1f} s running the model ({one_images} images, {table.attrs['passes']} pass(es))")
    print(f"separately: {separate:8.1f} s total, {sep_model:7.1f} s running the model ({sep_images} images, {len(layers)} passes)")
    print(f"ratio separately / one pass: {separate / one_pass:.2f}x in total, {sep_model / max(one_model, 1e-9):.2f}x running the model")


if __name__ == '__main__':
    main()
