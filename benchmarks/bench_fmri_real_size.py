"""Time and peak memory of the largest fMRI family at its real size, on synthetic arrays of the real shape.

    .venv/bin/python benchmarks/bench_fmri_real_size.py [--subjects 8] [--features 4096] [--reliable 1.0]

The largest packages of the fMRI families are Allen2022_fmri_surface's (Brain-Score 2.4.2's data tests): 412 training
images and 103 test images x 3 repetitions over 221,168 cortical vertices of 8 subjects, float32, of which IT holds
152,520 (V1 34,208, V2 27,128, V4 7,312). This script builds packages of that shape (random values, the real coords:
subject, region, nc_testset, a 70-170 ms time bin), hands them to the benchmark builders through their `load=`
argument (no catalog, no network), and scores a precomputed "model" of `--features` float32 features per image on
`Allen2022_fmri_surface.IT-ridge` and `Allen2022_fmri_surface.IT-rdm`. `--reliable` is the share of vertices above
the noise-ceiling threshold (1.0, every vertex kept, is the worst case). Each benchmark runs in its own process;
printed per step: seconds, the peak of what the benchmark allocates (tracemalloc: NumPy reports its buffers),
the process's peak resident memory (ru_maxrss, including making the synthetic data) and the size of the raw input.

Measured 2026-11-26 (2 shared cores, load average about 11, so wall times are several times a quiet machine's;
8 subjects, 4096 features, every vertex reliable): IT-ridge 269 s in all (ceiling 34 s, score 192 s, of which about
two thirds the per-subject bootstrap), process peak 3.99 GiB, the benchmark's own allocations peaking at 3.1 GiB
(the ceiling's split-half means kept for the bootstrap: 10 splits x 2 halves x 103 images x 152,520 vertices in
float32, 1.2 GiB); IT-rdm 115 s (eight 515 x 515 RDMs), peak 2.02 GiB. Input: 0.59 GiB of float32.
"""
import argparse
import json
import resource
import tracemalloc
import subprocess
import sys
import time

import numpy as np

REGIONS = {'V1': 34208, 'V2': 27128, 'V4': 7312, 'IT': 152520}  # Allen2022_fmri_surface_train, 8 subjects
N_TRAIN, N_TEST, REPS = 412, 103, 3


def peak_gib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2 ** 20


def packages(n_subjects: int, reliable: float, seed: int = 0):
    "The train and test packages and the stimulus sets, synthetic values of the real shape (float32)"
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.data.stimuli import StimulusSet
    rng = np.random.default_rng(seed)
    n = sum(REGIONS.values())
    region = np.concatenate([[r] * k for r, k in REGIONS.items()])
    # every subject has vertices in every region (contiguous blocks per region, as the packages order them)
    subject = np.concatenate([[f'subj{1 + i * n_subjects // k:02d}' for i in range(k)] for k in REGIONS.values()])
    nc = np.where(rng.random(n) < reliable, rng.uniform(31, 90, n), rng.uniform(0, 30, n))
    ids = [f'nsd{i:05d}' for i in range(N_TRAIN + N_TEST)]
    neuroid = {'neuroid_id': ('neuroid', np.arange(n)), 'subject': ('neuroid', subject),
               'region': ('neuroid', region), 'nc_testset': ('neuroid', nc)}
    out = {}
    # each image's true response (reliable across repetitions), plus trial noise
    signal = rng.standard_normal((len(ids), n), dtype=np.float32)
    for split, split_ids, reps in (('train', ids[:N_TRAIN], 1), ('test', ids[N_TRAIN:], REPS)):
        stimuli = StimulusSet(pd_frame(split_ids), identifier=f'Allen2022_fmri_stim_{split}',
                              stimulus_paths={s: f'/nonexistent/{s}.png' for s in split_ids})
        rows = np.repeat(np.arange(len(split_ids)) + (0 if split == 'train' else N_TRAIN), reps)
        values = signal[rows]
        values += rng.standard_normal(values.shape, dtype=np.float32)
        values = values[:, :, None]
        presentation = {'stimulus_id': ('presentation', np.repeat(split_ids, reps))}
        if reps > 1: presentation['repetition'] = ('presentation', np.tile(np.arange(reps), len(split_ids)))
        a = NeuroidAssembly(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
            **presentation, **neuroid, 'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
        a.attrs['stimulus_set'] = stimuli
        out[f'Allen2022_fmri_surface_{split}'] = a
    del signal
    return out, ids


def pd_frame(ids):
    import pandas as pd
    return pd.DataFrame({'stimulus_id': ids, 'nsd_id': [int(s[3:]) for s in ids]})


def run(kind: str, n_subjects: int, n_features: int, reliable: float) -> dict:
    from brainscore_nb.benchmarks.allen2022_fmri import allen2022_fmri, allen2022_fmri_rsa
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.models.interface import PrecomputedFeatures
    t = time.perf_counter()
    data, ids = packages(n_subjects, reliable)
    raw_gib = sum(a.nbytes for a in data.values()) / 2 ** 30
    features = NeuroidAssembly(np.random.default_rng(1).standard_normal((len(ids), n_features), dtype=np.float32),
                               dims=['presentation', 'neuroid'], coords={
                                   'stimulus_id': ('presentation', ids),
                                   'neuroid_id': ('neuroid', [f'f{i}' for i in range(n_features)])})
    model = PrecomputedFeatures(features, 'synthetic', visual_degrees=8.4)
    made, generated_gib = time.perf_counter(), peak_gib()
    tracemalloc.start()  # NumPy reports its buffers to tracemalloc: the peak of what the benchmark allocates
    peaks = {}
    build = allen2022_fmri if kind == 'ridge' else allen2022_fmri_rsa
    benchmark = build('IT', 'Allen2022_fmri_surface', load=data.__getitem__)
    built = time.perf_counter()
    peaks['build'] = tracemalloc.get_traced_memory()[1] / 2 ** 30
    tracemalloc.reset_peak()
    ceiling = benchmark.ceiling
    ceiled = time.perf_counter()
    peaks['ceiling'] = tracemalloc.get_traced_memory()[1] / 2 ** 30
    tracemalloc.reset_peak()
    score = benchmark(model)
    done = time.perf_counter()
    peaks['score'] = tracemalloc.get_traced_memory()[1] / 2 ** 30
    tracemalloc.stop()
    return {'benchmark': f'Allen2022_fmri_surface.IT-{kind}', 'subjects': n_subjects, 'features': n_features,
            'reliable': reliable, 'input_gib': round(raw_gib, 3),
            'seconds': {'synthetic data': round(made - t, 1), 'build (select, average, RDMs)': round(built - made, 1),
                        'ceiling': round(ceiled - built, 1),
                        'score (model, metric, bootstrap)': round(done - ceiled, 1)},
            'peak_gib': round(peak_gib(), 2), 'peak_after_data_gib': round(generated_gib, 2),
            'allocated_peak_gib': {k: round(v, 2) for k, v in peaks.items()},
            'score': float(score.center), 'ceiling': float(ceiling.center)}


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--subjects', type=int, default=8)
    p.add_argument('--features', type=int, default=4096)
    p.add_argument('--reliable', type=float, default=1.0)
    p.add_argument('--one', choices=['ridge', 'rdm'], help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.one:
        print(json.dumps(run(a.one, a.subjects, a.features, a.reliable)))
        return
    for kind in ('ridge', 'rdm'):
        out = subprocess.run([sys.executable, __file__, '--one', kind, '--subjects', str(a.subjects),
                              '--features', str(a.features), '--reliable', str(a.reliable)],
                             capture_output=True, text=True, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"{r['benchmark']}: {sum(r['seconds'].values()):.1f} s in all, process peak {r['peak_gib']} GiB "
              f"({r['peak_after_data_gib']} GiB once the synthetic data were made; input {r['input_gib']} GiB "
              f"float32, {r['subjects']} subjects, {r['features']} features, {r['reliable']:.0%} of vertices "
              f"reliable)")
        for step, s in r['seconds'].items(): print(f'  {step:34s} {s:7.1f} s')
        print('  peak allocated by the benchmark (tracemalloc), per step: '
              + ', '.join(f'{k} {v} GiB' for k, v in r['allocated_peak_gib'].items()))


if __name__ == '__main__':
    main()
