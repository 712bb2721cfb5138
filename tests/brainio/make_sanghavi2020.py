"""Write small synthetic `Sanghavi2020`, `SanghaviJozwik2020` and `SanghaviMurty2020` packages (and their stimulus sets
`hvm`, `BOLD5000`, `Rust2012`) with Brain-Score's own packaging code, plus a "model's" features for every image, into
tests/brainio/sanghavi2020/.

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_sanghavi2020.py

Nothing here is real neural data. The structure is the real entries' (Brain-Score 2.4.2's data plugin
brainscore_vision/data/sanghavi2020, its data_packaging/sanghavi*.py, and the benchmarks sanghavi2020 that read them):
- each assembly: presentation x neuroid x time_bin; the 7 time bins of the packaging scripts (70-170, 170-270, 50-100,
  100-150, 150-200, 200-250, 70-270 ms) with coords `time_bin_id` (0..6), `time_bin_start`, `time_bin_stop` (the
  scripts' name; the benchmarks select `time_bin_id=0`); presentations carry `stimulus_id` and `repetition` (the real
  files also carry the stimulus set's columns; Brain-Score's loader merges them in from the stimulus set either way); neuroids `neuroid_id`, `region` (V4, IT), `arr`; attrs `image_size_degree` and `stim_on_time_ms`;
- repetitions as many as the benchmark asserts (Sanghavi2020 28, SanghaviJozwik2020 37, SanghaviMurty2020 50) and
  `image_size_degree` as it asserts (8, 8, 5);
- stimulus sets: `hvm`-like (object_name, category_name, variation, image_id), `BOLD5000`-like and `Rust2012`-like
  (image_id), 40 images each (hvm: 4 objects x 10), with short stimulus_ids
  (Sanghavi2020 stratifies by object_name).
Sizes: 40 images, 3 V4 + 3 IT neuroids, spike counts (Poisson) as float32 (the real ones: thousands of images, ~100-300 sites).
Responses: a latent per image, a log-linear read-out per neuroid scaled per bin, Poisson counts. Features: a noisy mix
of the latents (48 units). Seeded (default_rng(2020)): a rerun writes the same bytes.
"""
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

if os.environ.get('PYTHONHASHSEED') != '0':  # Brain-Score orders CSV columns and coords through sets: fix the hash seed
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'PYTHONHASHSEED': '0'})
os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
import pandas as pd
import xarray as xr
from PIL import Image

from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                       package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

OUT = Path(__file__).resolve().parent / 'sanghavi2020'
TIMEBINS = [[70, 170], [170, 270], [50, 100], [100, 150], [150, 200], [200, 250], [70, 270]]
GAIN = [1.0, 0.5, 0.3, 0.9, 0.8, 0.4, 0.8]  # each bin's share of the stimulus-driven rate
ENTRIES = {  # key: (stimulus set, repetitions, degrees, extra stimulus columns)
    'Sanghavi2020': ('hvm', 28, 8), 'SanghaviJozwik2020': ('BOLD5000', 37, 8), 'SanghaviMurty2020': ('Rust2012', 50, 5)}
N_IMAGES, N_V4, N_IT, K = 40, 3, 3, 6


def images(rng, folder: Path, name: str) -> pd.DataFrame:
    rows = []
    for i in range(N_IMAGES):
        path = folder / f'{name}_{i:02d}.png'
        Image.fromarray(np.uint8(rng.integers(0, 256, size=(16, 16)))).save(path, format='PNG')
        os.utime(path, (1577836800, 1577836800))  # the zip stores file times: fixed (2020-01-01)
        ident = f'{name[:4].lower()}{i:02d}'  # short ids: every presentation carries them, uncompressed in the file
        row = dict(stimulus_id=ident, image_id=ident, image_file_sha1=hashlib.sha1(path.read_bytes()).hexdigest(),
                   path=path)
        if name == 'hvm': row.update(object_name=['obj_car', 'obj_face', 'obj_boat', 'obj_chair'][i % 4],
                                     category_name=['cars', 'faces', 'boats', 'chairs'][i % 4],
                                     variation=[0, 3, 6][i % 3])
        rows.append(row)
    return pd.DataFrame(rows)


def responses(rng, stimuli: pd.DataFrame, repetitions: int, degrees: int) -> xr.DataArray:
    z = rng.normal(size=(len(stimuli), K))
    n = N_V4 + N_IT
    rate = z @ (rng.normal(size=(K, n)) * 0.6)
    stim = np.repeat(np.arange(len(stimuli)), repetitions)
    reps = np.tile(np.arange(repetitions), len(stimuli))
    mean = np.exp(0.5 * rate[stim][:, :, None] * np.asarray(GAIN)[None, None] + 0.7)  # spikes per bin
    values = rng.poisson(np.broadcast_to(mean, (len(stim), n, len(TIMEBINS)))).astype(np.float32)  # spike counts
    a = xr.DataArray(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()[stim]), 'repetition': ('presentation', reps),
        'neuroid_id': ('neuroid', [f'{"V4" if i < N_V4 else "IT"}_{i:02d}' for i in range(n)]),
        'region': ('neuroid', ['V4'] * N_V4 + ['IT'] * N_IT), 'arr': ('neuroid', ['A'] * N_V4 + ['P'] * N_IT),
        'time_bin_id': ('time_bin', list(range(len(TIMEBINS)))),
        'time_bin_start': ('time_bin', [b[0] for b in TIMEBINS]), 'time_bin_stop': ('time_bin', [b[1] for b in TIMEBINS])})
    a.attrs.update(image_size_degree=degrees, stim_on_time_ms=100)
    return a, z


def features(rng, stimuli: pd.DataFrame, z, n: int = 48) -> xr.DataArray:
    values = z @ rng.normal(size=(K, n)) + 0.8 * rng.normal(size=(len(stimuli), n))
    return values


def main():
    rng = np.random.default_rng(2020)
    tmp = Path(tempfile.mkdtemp())
    packages, feats = {}, []
    try:
        if OUT.exists(): shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        for key, (set_name, repetitions, degrees) in ENTRIES.items():
            stimuli = images(rng, tmp, set_name)
            proto = StimulusSet(stimuli.drop(columns='path'))
            proto.stimulus_paths = dict(zip(stimuli.stimulus_id, map(str, stimuli.path)))
            s = package_stimulus_set_locally(proto, f'fixture.{set_name}', downloads_path=OUT)
            assembly, z = responses(rng, stimuli, repetitions, degrees)
            # written as NeuroidAssembly (the packaging code knows no NeuronRecordingAssembly; the catalog loads it so)
            a = package_data_assembly_locally(assembly, f'fixture.{key}', f'fixture.{set_name}', downloads_path=OUT)
            feats.append((stimuli, features(rng, stimuli, z)))
            packages[key] = dict(stimulus_set=dict(key=set_name, identifier=f'fixture.{set_name}',
                                                   csv_path=Path(s['csv_path']).name, zip_path=Path(s['zip_path']).name,
                                                   csv_sha1=s['csv_sha1'], zip_sha1=s['zip_sha1']),
                                 assembly=dict(identifier=f'fixture.{key}', path=Path(a['path']).name, sha1=a['sha1'],
                                               cls='NeuroidAssembly'))
        ids = np.concatenate([s.stimulus_id.to_numpy() for s, _ in feats])
        values = np.concatenate([v for _, v in feats])
        f = xr.DataArray(values, dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', ids), 'image_id': ('presentation', ids), 'neuroid_id': ('neuroid', [f'f{i}' for i in range(values.shape[1])]),
            'layer': ('neuroid', ['features.10'] * values.shape[1])})
        out = package_data_assembly_locally(f, 'fixture.Sanghavi2020.features', 'fixture.hvm', downloads_path=OUT)
        packages['features'] = dict(identifier='fixture.Sanghavi2020.features', path=Path(out['path']).name,
                                    sha1=out['sha1'], cls='NeuroidAssembly')
    finally:
        shutil.rmtree(tmp)
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    print(json.dumps(packages, indent=1))


if __name__ == '__main__':
    main()
