"""Write a small synthetic `Rajalingham2020` assembly and its stimulus set `Rajalingham2020` with Brain-Score's own
packaging code, plus a "model's" features, into tests/brainio/rajalingham2020/.

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_rajalingham2020.py

Nothing here is real neural data. The structure is the real entry's (Brain-Score 2.4.2's data plugin
brainscore_vision/data/rajalingham2020, its rajalingham2020orthographic_IT.py, and the benchmark rajalingham2020):
IT sites only (`region` 'IT', `neuroid_id`, `arr`, `animal`: the real sites carry more metadata), one time bin 70-170 ms with `time_bin_start` and `time_bin_stop` (the
script's names), 33 repetitions (the benchmark asserts 33), presentations with `stimulus_id` and `repetition`
(stimulus metadata merge in from the stimulus set). Every site has all 33 repetitions here; the real file keeps
"at least 27" per site, so it may hold NaN for missing repetitions (not reproduced: see the cross-check note).
Sizes: 40 images (the real set: 616), 6 sites. Responses: a latent per image, a log-linear read-out per site,
Poisson counts as float32. Features: a noisy mix of the latents (32 units). Seeded (default_rng(2020)).
"""
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

OUT = Path(__file__).resolve().parent / 'rajalingham2020'
N_IMAGES, N_SITES, REPETITIONS, K = 40, 6, 33, 5


def main():
    rng = np.random.default_rng(2020)
    tmp = Path(tempfile.mkdtemp())
    try:
        rows = []
        for i in range(N_IMAGES):
            path = tmp / f'word_{i:02d}.png'
            Image.fromarray(np.uint8(rng.integers(0, 256, size=(16, 16)))).save(path, format='PNG')
            os.utime(path, (1577836800, 1577836800))  # the zip stores file times: fixed (2020-01-01)
            rows.append(dict(stimulus_id=f'raja{i:02d}', image_id=f'raja{i:02d}', path=path,
                             word=['ab', 'cd', 'ef', 'gh'][i % 4], is_word=int(i % 2)))
        stimuli = pd.DataFrame(rows)
        z = rng.normal(size=(N_IMAGES, K))
        rate = z @ (rng.normal(size=(K, N_SITES)) * 0.5)
        stim = np.repeat(np.arange(N_IMAGES), REPETITIONS)
        reps = np.tile(np.arange(REPETITIONS), N_IMAGES)
        counts = rng.poisson(np.exp(rate[stim] + 1.0)).astype(np.float32)[..., None]
        a = xr.DataArray(counts, dims=['presentation', 'neuroid', 'time_bin'], coords={
            'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()[stim]), 'repetition': ('presentation', reps),
            'neuroid_id': ('neuroid', list(range(N_SITES))), 'region': ('neuroid', ['IT'] * N_SITES),
            'arr': ('neuroid', ['M', 'M', 'P', 'P', 'A', 'A'][:N_SITES]), 'animal': ('neuroid', ['Nano'] * N_SITES),
            'time_bin_start': ('time_bin', [70]), 'time_bin_stop': ('time_bin', [170])})
        f = xr.DataArray(z @ rng.normal(size=(K, 32)) + 0.7 * rng.normal(size=(N_IMAGES, 32)),
                         dims=['presentation', 'neuroid'],
                         coords={'stimulus_id': ('presentation', stimuli.stimulus_id.to_numpy()),
                                 'image_id': ('presentation', stimuli.stimulus_id.to_numpy()),
                                 'neuroid_id': ('neuroid', [f'f{i}' for i in range(32)]),
                                 'layer': ('neuroid', ['features.9'] * 32)})
        if OUT.exists(): shutil.rmtree(OUT)
        OUT.mkdir(parents=True)
        proto = StimulusSet(stimuli.drop(columns='path'))
        proto.stimulus_paths = dict(zip(stimuli.stimulus_id, map(str, stimuli.path)))
        s = package_stimulus_set_locally(proto, 'fixture.Rajalingham2020', downloads_path=OUT)
        out = package_data_assembly_locally(a, 'fixture.Rajalingham2020', 'fixture.Rajalingham2020', downloads_path=OUT)
        feats = package_data_assembly_locally(f, 'fixture.Rajalingham2020.features', 'fixture.Rajalingham2020',
                                              downloads_path=OUT)
    finally:
        shutil.rmtree(tmp)
    name = lambda p: Path(p).name
    packages = {'stimulus_set': dict(identifier='fixture.Rajalingham2020', csv_path=name(s['csv_path']),
                                     zip_path=name(s['zip_path']), csv_sha1=s['csv_sha1'], zip_sha1=s['zip_sha1']),
                'assembly': dict(identifier='fixture.Rajalingham2020', path=name(out['path']), sha1=out['sha1'],
                                 cls='NeuroidAssembly'),
                'features': dict(identifier='fixture.Rajalingham2020.features', path=name(feats['path']),
                                 sha1=feats['sha1'], cls='NeuroidAssembly')}
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    print(json.dumps(packages, indent=1))


if __name__ == '__main__':
    main()
