"""Write a small synthetic `FreemanZiemba2013.public` (and its stimulus set `FreemanZiemba2013.aperture-public`) with
Brain-Score's own packaging code, plus a "model's" features for the same images, into tests/brainio/freemanziemba2013/.

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/make_freemanziemba2013.py

Nothing here is real neural data. The structure is the real entry's, as Brain-Score's data plugin
(brainscore_vision/data/freemanziemba2013: `__init__.py`, `test.py`, `data_packaging/movshon.py`,
`data_packaging/aperture_correct.py`, `data_packaging/data_packaging.py`) describes it:

- stimulus set: one row per image, columns `stimulus_id` (the sha1 of the apertured PNG), `texture_type`
  ('texture' / 'noise'), `texture_family` (the paper's texture numbers), `sample`, `resolution`, `image_file_name`
  (`tex-320x320-im13-smp1.png`), `image_file_sha1`, `image_id_without_aperture` (no `degrees` column: Brain-Score's
  `place_on_screen` refuses one when the benchmark gives the degrees, so the real set cannot have it); grayscale images
  with a raised-cosine aperture on gray 128 (aperture_correct.py's `ApplyCosineAperture`), here 32 x 32 pixels
  instead of 320 x 320;
- assembly: Brain-Score's catalog loads it as `NeuronRecordingAssembly`; its packaging code knows no such class
  and writes it as `NeuroidAssembly` (as for the MajajHong2015 fixture in ../shared/brainio); dims neuroid x
  time_bin x presentation, as movshon.py stacks them; neuroids `neuroid_id` (1..) and `region` ('V1' then 'V2');
  300 one-millisecond time bins (`time_bin_start` 0..299, `time_bin_end` 1..300) of spike counts; presentations carry only `stimulus_id` and `repetition`
  (stimulus metadata come from the stimulus set on load).
Sizes here: 40 images (5 texture families x 2 types x 4 samples) x 4 repetitions, 8 V1 + 8 V2 neuroids
(the real public entry: 135 images x 20 repetitions, 102 V1 + 103 V2 neuroids).

Responses: each image has a latent vector (texture family + texture type + sample); each neuroid's rate in
50-200 ms is a log-linear function of it (V2 neuroids respond more to textures than to noise, as in the paper),
baseline elsewhere; spikes are Bernoulli per 1 ms bin. Features: a linear mix of the same latents plus noise.
Seeded (numpy default_rng(2013)): running it again writes the same bytes (`packages.json` lists the sha1s).
"""
import hashlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path

import sys

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

OUT = Path(__file__).resolve().parent / 'freemanziemba2013'
FAMILIES = [327, 336, 393, 402, 13]  # the first five of the paper's textureNumOrder
TYPES, SAMPLES, REPETITIONS, N_V1, N_V2, SIZE = ['noise', 'texture'], 4, 4, 8, 8, 32
STIMULUS_SET, ASSEMBLY, FEATURES = ('fixture.FreemanZiemba2013.aperture-public', 'fixture.FreemanZiemba2013.public',
                                    'fixture.FreemanZiemba2013.features')


def cosine_aperture(size: int) -> np.ndarray:
    "aperture_correct.py's raised-cosine mask (aperture as wide as the image)"
    x = np.arange(size) - size / 2
    xv, yv = np.meshgrid(x, x)
    r, a = np.sqrt(xv ** 2 + yv ** 2), size / 2
    return np.where(r < a, (1 + np.cos(r / a * np.pi)) / 2, 0)


def images(rng, folder: Path) -> pd.DataFrame:
    mask, rows = cosine_aperture(SIZE), []
    for family in FAMILIES:
        pattern = rng.normal(size=(4, 4))  # the family's texture: a coarse pattern, tiled
        for texture_type in TYPES:
            for sample in range(1, SAMPLES + 1):
                tex = np.kron(pattern, np.ones((SIZE // 4, SIZE // 4))) + 0.5 * rng.normal(size=(SIZE, SIZE))
                if texture_type == 'noise': tex = rng.permutation(tex.ravel()).reshape(SIZE, SIZE)  # same histogram
                raw = np.clip(128 + 40 * tex, 0, 255)
                apertured = np.uint8((raw - 128) * mask + 128)
                name = f"{'tex' if texture_type == 'texture' else 'noise'}-320x320-im{family}-smp{sample}.png"
                buf = io.BytesIO(); Image.fromarray(np.uint8(raw)).save(buf, format='PNG')
                path = folder / name
                Image.fromarray(apertured).save(path, format='PNG')
                os.utime(path, (1370044800, 1370044800))  # the zip stores file times: fixed (2013-06-01)
                sha1 = hashlib.sha1(path.read_bytes()).hexdigest()
                rows.append(dict(stimulus_id=sha1, texture_type=texture_type, resolution='320x320', texture_family=family,
                                 sample=sample, image_file_name=name, image_file_sha1=sha1,
                                 image_id_without_aperture=hashlib.sha1(buf.getvalue()).hexdigest(), path=path))
    return pd.DataFrame(rows)


def latents(rng, stimuli: pd.DataFrame, k: int = 6) -> np.ndarray:
    family = {f: rng.normal(size=k) for f in FAMILIES}
    kind = {t: rng.normal(size=k) * 0.5 for t in TYPES}
    return np.stack([family[r.texture_family] + kind[r.texture_type] + 0.6 * rng.normal(size=k)
                     for r in stimuli.itertuples()])


def responses(rng, stimuli: pd.DataFrame, z: np.ndarray) -> xr.DataArray:
    n = N_V1 + N_V2
    weights = rng.normal(size=(z.shape[1], n)) * 0.35
    texture_gain = np.r_[np.zeros(N_V1), np.full(N_V2, 0.5)]  # V2 prefers textures
    is_texture = (stimuli.texture_type == 'texture').to_numpy(float)[:, None]
    rate = 0.06 * np.exp(z @ weights + is_texture * texture_gain)  # spikes per ms in 50-200 ms, stimulus x neuroid
    window = (np.arange(300) >= 50) & (np.arange(300) < 200)
    stim = np.repeat(np.arange(len(stimuli)), REPETITIONS)
    reps = np.tile(np.arange(REPETITIONS), len(stimuli))
    order = rng.permutation(len(stim))  # presentations in recording order, not sorted
    stim, reps = stim[order], reps[order]
    p = np.where(window[None, :, None], np.clip(rate[stim].T, 0, 0.5)[:, None, :], 0.01)  # neuroid x time_bin x presentation
    spikes = (rng.random(p.shape) < p).astype(float)
    return xr.DataArray(spikes, dims=['neuroid', 'time_bin', 'presentation'], coords={
        'neuroid_id': ('neuroid', np.arange(1, n + 1)), 'region': ('neuroid', ['V1'] * N_V1 + ['V2'] * N_V2),
        'time_bin_start': ('time_bin', np.arange(300)), 'time_bin_end': ('time_bin', np.arange(1, 301)),
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()[stim]), 'repetition': ('presentation', reps)})


def features(rng, stimuli: pd.DataFrame, z: np.ndarray, n: int = 64) -> xr.DataArray:
    values = np.maximum(z @ rng.normal(size=(z.shape[1], n)) + 0.8 * rng.normal(size=(len(stimuli), n)), 0)
    return xr.DataArray(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()),
        'texture_type': ('presentation', stimuli.texture_type.to_numpy()),
        'neuroid_id': ('neuroid', [f'f{i}' for i in range(n)]), 'layer': ('neuroid', ['features.8'] * n)})


def main():
    rng = np.random.default_rng(2013)
    tmp = Path(tempfile.mkdtemp())
    try:
        stimuli = images(rng, tmp)
        z = latents(rng, stimuli)
        assembly, feats = responses(rng, stimuli, z), features(rng, stimuli, z)
        if OUT.exists(): shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        proto = StimulusSet(stimuli.drop(columns='path'))
        proto.stimulus_paths = dict(zip(stimuli.stimulus_id, map(str, stimuli.path)))
        s = package_stimulus_set_locally(proto, STIMULUS_SET, downloads_path=OUT)
        a = package_data_assembly_locally(assembly, ASSEMBLY, STIMULUS_SET, downloads_path=OUT)  # NeuroidAssembly
        f = package_data_assembly_locally(feats, FEATURES, STIMULUS_SET, downloads_path=OUT)
    finally:
        shutil.rmtree(tmp)
    rel = lambda p: Path(p).name
    packages = {'stimulus_set': dict(identifier=STIMULUS_SET, csv_path=rel(s['csv_path']), zip_path=rel(s['zip_path']),
                                     csv_sha1=s['csv_sha1'], zip_sha1=s['zip_sha1']),
                'neural': dict(identifier=ASSEMBLY, path=rel(a['path']), sha1=a['sha1'], cls='NeuroidAssembly'),
                'features': dict(identifier=FEATURES, path=rel(f['path']), sha1=f['sha1'], cls='NeuroidAssembly')}
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    print(json.dumps(packages, indent=1))


if __name__ == '__main__':
    main()
