"""Write small synthetic `MajajHong2015.public` and `MajajHong2015.temporal.public` packages (and their stimulus set
`hvm-public`) with Brain-Score's own packaging code, plus a "model's" features, into tests/brainio/majajhong2015/.

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_majajhong2015.py

Nothing here is real neural data. The structure is the real entries' (Brain-Score 2.4.2's data plugin
brainscore_vision/data/majajhong2015 and the benchmarks majajhong2015 and muzellec2026 that read them):

- stimulus set: one row per image with `stimulus_id`, `image_id` (the same value: muzellec2026's ceiling splits
  by `image_id`), `object_name`, `category_name`, `variation` (the packaging adds `filename`); 16 x 16 PNGs;
- `MajajHong2015.public`: presentations x neuroids x one time bin (70-170 ms); presentations carry only
  `stimulus_id` and `repetition` (stimulus metadata merge in on load); neuroids `neuroid_id`, `region` (V4 then IT),
  `animal`, `arr`. 26 V4 + 26 IT neuroids (reverse PLS regresses the model's units on a region's neuroids with 25
  components, so a region needs at least 25; the real entry has 88 V4 and 168 IT);
- `MajajHong2015.temporal.public`: the same kind of recordings in the real entry's 39 overlapping 20 ms bins
  (`time_bin_start` -100, -90, ..., 280; `time_bin_end` start + 20), 6 V4 + 6 IT neuroids, 3 repetitions.
Sizes: 48 images (4 objects x 12; the real public set: 3200 images of 64 objects) x 5 repetitions (public) or 3
(temporal). Cross-validation stratifies by `object_name`: a 10% test part of 48 holds 5 >= 4 objects.

Responses: each image has a latent vector (object + image noise); a neuroid's rate is a linear read-out of it plus
trial noise; in the temporal entry it follows a response time course (onset ~70 ms V4, ~90 ms IT). Features: a
noisy non-linear mix of the same latents (64 units). Seeded (default_rng(2015)): a rerun writes the same bytes.
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

OUT = Path(__file__).resolve().parent / 'majajhong2015'
OBJECTS = {'obj_animal': 'animals', 'obj_car': 'cars', 'obj_chair': 'chairs', 'obj_face': 'faces'}
PER_OBJECT, SIZE, K = 12, 16, 8
STIMULUS_SET, PUBLIC, TEMPORAL, FEATURES = ('fixture.hvm-public', 'fixture.MajajHong2015.public',
                                            'fixture.MajajHong2015.temporal.public', 'fixture.MajajHong2015.features')
STARTS = np.arange(-100, 281, 10)  # the real temporal entry's 39 bins, 20 ms wide


def images(rng, folder: Path) -> pd.DataFrame:
    rows = []
    for obj, category in OBJECTS.items():
        for i in range(PER_OBJECT):
            path = folder / f'{obj}_{i:02d}.png'
            Image.fromarray(np.uint8(rng.integers(0, 256, size=(SIZE, SIZE)))).save(path, format='PNG')
            os.utime(path, (1420070400, 1420070400))  # the zip stores file times: fixed (2015-01-01)
            sha1 = hashlib.sha1(path.read_bytes()).hexdigest()
            rows.append(dict(stimulus_id=sha1, image_id=sha1, object_name=obj, category_name=category,
                             variation=[0, 3][i % 2], path=path))
    return pd.DataFrame(rows)


def latents(rng, stimuli: pd.DataFrame) -> np.ndarray:
    obj = {o: rng.normal(size=K) for o in OBJECTS}
    return np.stack([obj[o] + 0.8 * rng.normal(size=K) for o in stimuli.object_name])


def neuroids(n_v4: int, n_it: int) -> dict:
    n = n_v4 + n_it
    return {'neuroid_id': ('neuroid', [f'{"V4" if i < n_v4 else "IT"}_{i:03d}' for i in range(n)]),
            'region': ('neuroid', ['V4'] * n_v4 + ['IT'] * n_it),
            'animal': ('neuroid', ['Chabo' if i % 2 else 'Tito' for i in range(n)]),
            'arr': ('neuroid', ['V4' if i < n_v4 else ['M', 'P', 'A'][i % 3] for i in range(n)])}


def trials(rng, stimuli, repetitions):
    stim = np.repeat(np.arange(len(stimuli)), repetitions)
    reps = np.tile(np.arange(repetitions), len(stimuli))
    order = rng.permutation(len(stim))  # presentations in recording order
    return stim[order], reps[order]


def public(rng, stimuli, z, n_v4=26, n_it=26, repetitions=5) -> xr.DataArray:
    w = rng.normal(size=(K, n_v4 + n_it)) * 0.5
    rate = z @ w  # stimulus x neuroid
    stim, reps = trials(rng, stimuli, repetitions)
    values = rate[stim] + 1.2 * rng.normal(size=(len(stim), rate.shape[1]))
    return xr.DataArray(values[..., None], dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()[stim]), 'repetition': ('presentation', reps),
        **neuroids(n_v4, n_it), 'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})


def temporal(rng, stimuli, z, n_v4=6, n_it=6, repetitions=3) -> xr.DataArray:
    n = n_v4 + n_it
    w = rng.normal(size=(K, n)) * 0.5
    onset = np.r_[np.full(n_v4, 70.), np.full(n_it, 90.)] + rng.normal(size=n) * 5
    mid = STARTS + 10.
    course = np.clip((mid[None, :] - onset[:, None]) / 40, 0, None) * np.exp(-np.clip(
        (mid[None, :] - onset[:, None]) / 80, 0, None))  # neuroid x time_bin
    stim, reps = trials(rng, stimuli, repetitions)
    rate = (z @ w)[stim]  # presentation x neuroid
    values = (rate[:, :, None] * course[None] * 3 + course[None] * 2
              + 0.8 * rng.normal(size=(len(stim), n, len(STARTS)))).astype(np.float32)
    return xr.DataArray(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()[stim]), 'repetition': ('presentation', reps),
        **neuroids(n_v4, n_it), 'time_bin_start': ('time_bin', STARTS), 'time_bin_end': ('time_bin', STARTS + 20)})


def features(rng, stimuli: pd.DataFrame, z: np.ndarray, n: int = 64) -> xr.DataArray:
    values = np.maximum(z @ rng.normal(size=(K, n)) + 1.0 * rng.normal(size=(len(stimuli), n)), 0)
    return xr.DataArray(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()),
        'object_name': ('presentation', stimuli.object_name.to_numpy()),
        'neuroid_id': ('neuroid', [f'f{i}' for i in range(n)]), 'layer': ('neuroid', ['features.12'] * n)})


def main():
    rng = np.random.default_rng(2015)
    tmp = Path(tempfile.mkdtemp())
    try:
        stimuli = images(rng, tmp)
        z = latents(rng, stimuli)
        a, t, f = public(rng, stimuli, z), temporal(rng, stimuli, z), features(rng, stimuli, z)
        if OUT.exists(): shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        proto = StimulusSet(stimuli.drop(columns='path'))
        proto.stimulus_paths = dict(zip(stimuli.stimulus_id, map(str, stimuli.path)))
        s = package_stimulus_set_locally(proto, STIMULUS_SET, downloads_path=OUT)
        written = {name: package_data_assembly_locally(x, ident, STIMULUS_SET, downloads_path=OUT)
                   for name, x, ident in (('public', a, PUBLIC), ('temporal', t, TEMPORAL), ('features', f, FEATURES))}
    finally:
        shutil.rmtree(tmp)
    rel = lambda p: Path(p).name
    packages = {'stimulus_set': dict(identifier=STIMULUS_SET, csv_path=rel(s['csv_path']), zip_path=rel(s['zip_path']),
                                     csv_sha1=s['csv_sha1'], zip_sha1=s['zip_sha1']),
                **{name: dict(identifier=ident, path=rel(written[name]['path']), sha1=written[name]['sha1'],
                              cls='NeuroidAssembly')
                   for name, ident in (('public', PUBLIC), ('temporal', TEMPORAL), ('features', FEATURES))}}
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    print(json.dumps(packages, indent=1))


if __name__ == '__main__':
    main()
