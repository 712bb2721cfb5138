"""Geirhos et al. 2019, texture vs shape: cue-conflict, edge and silhouette images with trial-level human choices.

Cite: Geirhos R, Rubisch P, Michaelis C, Bethge M, Wichmann FA, Brendel W (2019). ImageNet-trained CNNs are
biased towards texture; increasing shape bias improves accuracy and robustness. ICLR 2019.
Data: github.com/rgeirhos/texture-vs-shape (stimuli CC-BY-4.0). 16 classes; 10 human subjects per experiment.
A trial's stimulus is the part of its `imagename` after the sixth underscore. A response 'na' means the
subject gave no answer in time; its rt is NaN (not measured) and is kept as such.
"""
import shutil
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from brainscore_nb.data.fetch import RawFile
from brainscore_nb.data.store import Recipe
from data_packaging import stored_stimulus_set
from data_packaging.geirhos2019.manifest import FILES as _MANIFEST

_BASE = 'https://raw.githubusercontent.com/rgeirhos/texture-vs-shape/ccd0c01d42c0a8a834e90ec141e7f24fa915dc23/'
RAW = {path: RawFile(_BASE + path, sha) for sha, path in (line.split(' ', 1) for line in _MANIFEST.split('\n') if line)}
# identifier suffix -> (stimulus folder, experiment folder)
EXPERIMENTS = {'cue_conflict': ('style-transfer-preprocessed-512', 'style-transfer-512-nomask-experiment'),
               'edges': ('edges', 'edge-experiment'), 'silhouettes': ('filled-silhouettes', 'silhouette-filled-experiment')}
SUBJECTS = tuple(f'subject-{i:02d}' for i in range(1, 11))
MODELS = ('alexnet', 'googlenet', 'vgg')  # the paper's networks, also published as trial CSVs


def stimulus_files(name: str) -> dict:
    """stimulus_id -> RawFile of experiment `name`'s images ('cue_conflict', 'edges' or 'silhouettes')."""
    folder = f'stimuli/{EXPERIMENTS[name][0]}/'
    return {Path(p).stem: raw for p, raw in sorted(RAW.items()) if p.startswith(folder)}


def trial_file(name: str, subject: str) -> RawFile:
    """The trial CSV of one subject (or one of `MODELS`) in experiment `name`."""
    exp = EXPERIMENTS[name][1]
    return RAW[f'raw-data/{exp}/{exp}_{subject}_session_1.csv']


def _texture(stimulus_id: str) -> str:
    "The texture class of a cue-conflict image 'cat1-airplane1' -> 'airplane'"
    return stimulus_id.split('-', 1)[1].rstrip('0123456789')


def stimulus_set(name: str, workdir=None, mirror=None):
    """The images of experiment `name` as a StimulusSet 'Geirhos2019.<name>' (shape class; cue-conflict: texture class),
    copied under `workdir` (default: the stored set)."""
    from brainscore_nb.data.fetch import fetch
    from brainscore_nb.data.stimuli import StimulusSet
    if workdir is None: return stored_stimulus_set(f'Geirhos2019.{name}', mirror)
    images = Path(workdir) / name
    images.mkdir(parents=True, exist_ok=True)
    rows, paths = [], {}
    for sid, raw in stimulus_files(name).items():
        paths[sid] = images / raw.name
        shutil.copyfile(fetch(raw, mirror=mirror), paths[sid])
        row = dict(stimulus_id=sid, stimulus_filename=raw.name, shape=Path(raw.url).parent.name)
        if name == 'cue_conflict': row['texture'] = _texture(sid)
        rows.append(row)
    return StimulusSet(pd.DataFrame(rows), identifier=f'Geirhos2019.{name}', stimulus_paths=paths)


def trials(name: str, subjects=SUBJECTS, mirror=None) -> pd.DataFrame:
    """The published trial CSVs of `subjects` in experiment `name`, concatenated, with a stimulus_id column."""
    from brainscore_nb.data.fetch import fetch
    from brainscore_nb.data.stimuli import _read_csv
    df = pd.concat([_read_csv(fetch(trial_file(name, s), mirror=mirror), ('subj', 'object_response', 'category', 'imagename'))
                    for s in subjects], ignore_index=True)
    df['stimulus_id'] = [Path(n.split('_', 6)[6]).stem for n in df['imagename']]
    return df


def assembly(name: str, workdir=None, mirror=None):
    """Trial-level human choices of experiment `name`: a BehavioralAssembly over presentations (one per trial)."""
    from brainscore_nb.data.assemblies import BehavioralAssembly
    df = trials(name, mirror=mirror)
    known = set(stimulus_files(name))
    if (unknown := set(df['stimulus_id']) - known): raise ValueError(f'trials name {len(unknown)} unknown stimuli, e.g. {sorted(unknown)[:3]}')
    coords = {'stimulus_id': df['stimulus_id'], 'subject': df['subj'], 'session': df['session'], 'trial': df['trial'],
              'rt': df['rt'], 'truth': df['category'], 'condition': df['condition'], 'imagename': df['imagename']}
    return BehavioralAssembly(df['object_response'].to_numpy(dtype=str), dims=['presentation'],
                              coords={k: ('presentation', np.asarray(v.to_numpy())) for k, v in coords.items()},
                              attrs=dict(measure='object_response: the class chosen (na: no response in time)'))


def shape_bias(choices, stimulus_ids) -> float:
    """Shape bias (`brainscore_nb.metrics.shape.shape_bias`) with each image's classes read from its name 'cat1-elephant2'."""
    from brainscore_nb.metrics.shape import shape_bias as bias
    ids = pd.Series(np.asarray(stimulus_ids, dtype=str))
    return bias(choices, ids.str.split(r'\d*-', n=1, regex=True).str[0], ids.map(_texture))


# Brain-Score's Geirhos2021 edge, silhouette and cue-conflict data are these three experiments (Brain-Score 2.4.2,
# brainscore_vision/data/geirhos2021/data_packaging/<name>/): the same trial CSVs and images, in its BrainIO layout.
BRAINSCORE_2021 = {'edges': 'edge', 'silhouettes': 'silhouette', 'cue_conflict': 'cue-conflict'}


def brainscore2021_stimuli(name: str, mirror=None) -> pd.DataFrame:
    """The rows of Brain-Score's `Geirhos2021_<edge|silhouette|cue-conflict>` stimulus set (legacy `image_id`), with each
    image's local path in `path`, as its packaging script `<name>_stimulus_set.py` makes them."""
    import re
    from brainscore_nb.data.fetch import fetch
    rows = []
    for sid, raw in stimulus_files(name).items():
        if name == 'cue_conflict':
            shape, shape_var, texture, texture_var = re.fullmatch(r'([a-z]+)([0-9]+)-([a-z]+)([0-9]+)', sid).groups()
            row = dict(image_id=sid, original_image=sid.split('-')[0], conflict_image=sid.split('-')[1], truth=shape,
                       category=shape, original_image_category=shape, original_image_variation=int(shape_var),
                       conflict_image_category=texture, conflict_image_variation=int(texture_var), condition=0)
        else:
            category, variation = re.fullmatch(r'([a-z]+)([0-9]+)', sid).groups()
            row = dict(image_id=sid, image_category=category, truth=category, image_variation=int(variation), condition=0)
        rows.append({**row, 'path': str(fetch(raw, mirror=mirror))})
    return pd.DataFrame(rows)


def brainscore2021_assembly(name: str, mirror=None):
    """Brain-Score's `brendel.Geirhos2021_<...>` trials as its packaging script `<name>_data_assembly.py` makes them:
    the choices with image_id, image_id_long, truth, choice, category, condition, response_time, trial, subject, session."""
    import xarray as xr
    df = trials(name, mirror=mirror)
    coords = dict(image_id=df['stimulus_id'], image_id_long=df['imagename'], truth=df['category'], choice=df['object_response'],
                  category=df['category'], condition=df['condition'], response_time=df['rt'], trial=df['trial'],
                  subject=df['subj'], session=df['session'])
    return xr.DataArray(df['object_response'].to_numpy(dtype=str), dims=['presentation'],
                        coords={k: ('presentation', np.asarray(v.to_numpy())) for k, v in coords.items()})


def package_brainscore2021(name: str, directory, mirror=None) -> dict:
    """Write experiment `name` as Brain-Score's Geirhos2021 packages into `directory`: `stimulus_Geirhos2021_<x>.csv/.zip`
    (a `filename` column naming each image in a flat ZIP) and `assy_brendel_Geirhos2021_<x>.nc` (variable `data`, zlib,
    as brainscore_core's `write_netcdf`); returns the paths."""
    import zipfile
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ident = f'Geirhos2021_{BRAINSCORE_2021[name]}'
    stimuli = brainscore2021_stimuli(name, mirror)
    csv, zip_, nc = directory / f'stimulus_{ident}.csv', directory / f'stimulus_{ident}.zip', directory / f'assy_brendel_{ident}.nc'
    with zipfile.ZipFile(zip_, 'w') as z:
        for sid, path in zip(stimuli['image_id'], stimuli['path']): z.write(path, arcname=f'{sid}.png')
    stimuli.drop(columns='path').assign(filename=stimuli['image_id'] + '.png').to_csv(csv, index=False)
    ds = brainscore2021_assembly(name, mirror).assign_attrs(stimulus_set_identifier=ident).to_dataset(name='data', promote_attrs=True)
    ds.to_netcdf(nc, engine='h5netcdf', encoding={'data': dict(zlib=True, complevel=9)})
    return dict(identifier=ident, csv_path=csv, zip_path=zip_, nc_path=nc)


STIMULUS_SETS = {f'Geirhos2019.{n}': Recipe(partial(stimulus_set, n), tuple(stimulus_files(n).values())) for n in EXPERIMENTS}
DATASETS = {f'Geirhos2019.{n}': Recipe(partial(assembly, n), tuple(trial_file(n, s) for s in SUBJECTS),
                                       stimulus_set_identifier=f'Geirhos2019.{n}', cls='BehavioralAssembly', missing_ok=('rt',))
            for n in EXPERIMENTS}
