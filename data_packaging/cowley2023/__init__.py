"""Cowley, Stan, Pillow & Smith 2023, macaque V4 responses to natural images (compact models of V4).

Cite: Cowley BR, Stan PL, Pillow JW, Smith MA (2023). Compact deep neural network models of visual cortex.
bioRxiv 2023.11.22.568315. Data: github.com/cowleygroup/V4_compact_models (GPL-3.0).
Spike counts in one 100 ms bin per image presentation; images 112 x 112 px.
"""
import zipfile
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd

from brainscore_nb.data.fetch import RawFile
from brainscore_nb.data.store import Recipe
from data_packaging import stored_stimulus_set

_BASE = ('https://raw.githubusercontent.com/cowleygroup/V4_compact_models/'
         'f4552ad9d34a466ebc66658f72a08a8e5038f1cf/data_V4_responses/')
IMAGES = {
    '210325': RawFile(_BASE + 'images/images_210325.zip', 'b224477c84cce5f3da0814640a16e822f308aa05'),
    '190923': RawFile(_BASE + 'images/images_190923.zip', '47870d4b972cc98e1fb971664327c6b4cdab917d'),
    '210224': RawFile(_BASE + 'images/images_210224.zip', '4f2b2893bdd470afb78e0e7c8b6777264481f2e8'),
}
RESPONSES_RAW = {
    '210325': RawFile(_BASE + 'responses_raw/responses_210325.npy', '203ed7b052f4745dd93a403a7227a079e2a90f7b'),
}
RESPONSES_AVERAGED = {
    '210325': RawFile(_BASE + 'responses_repeat_averaged/responses_210325.npy',
                      '0d2c16de603d4885176ac18b004b04f51d9f5baa'),
    '190923': RawFile(_BASE + 'responses_repeat_averaged/responses_190923.npy',
                      '369329cf72ba569ff942de4e623fa9368b08aa77'),
    '210224': RawFile(_BASE + 'responses_repeat_averaged/responses_210224.npy',
                      'a045529c39ee33c68ebf71ea24ccf594de0c7a62'),
}
ANIMALS = {'210325': 'PE', '190923': 'WE', '210224': 'PE'}  # from the authors' readme
TIME_BIN = (50, 150)  # ms; the authors' readme says only "Spike count bins are in 100ms"; the onset is the one of
# their own upload to Brain-Score (its Cowley2026 plugin: 50-150 ms)


def _image_names(images_zip) -> list:
    "The images' entries of a session's zip, in the published order"
    with zipfile.ZipFile(images_zip) as z: return sorted(n for n in z.namelist() if n.lower().endswith('.jpg'))


def extract_images(images_zip, directory, session: str) -> pd.DataFrame:
    """Extract a session's images into `directory` (None: extract nothing); return metadata in the published order.

    Columns: stimulus_id ('<session>_<NNNN>', 1-based as in the zip), stimulus_filename, session,
    image_index (0-based column of the response arrays).
    """
    names = _image_names(images_zip)
    if directory is not None:
        directory = Path(directory)
        directory.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(images_zip) as z:
            for n in names:
                target = directory / Path(n).name
                if not target.exists(): target.write_bytes(z.read(n))
    return pd.DataFrame(dict(stimulus_id=[f'{session}_{Path(n).stem[-4:]}' for n in names],
                             stimulus_filename=[Path(n).name for n in names], session=int(session),
                             image_index=np.arange(len(names))))


def repetitions(responses_raw) -> dict:
    """Presentations of a neurons x images x repeats array (NaN-padded), padding dropped, never filled.

    Returns values (presentation x neuroid), image_index and repetition per presentation, presentations
    ordered by image then repetition. A repeat slot that is NaN for every neuron is padding and is dropped;
    a NaN in a slot where other neurons have counts is real missing data and raises.
    """
    raw = np.load(responses_raw)  # neuron x image x repeat
    missing = np.isnan(raw)
    padding = missing.all(axis=0)  # image x repeat
    if (missing.any(axis=0) & ~padding).any():
        raise ValueError(f'{responses_raw}: some repeats have NaN for only some neurons')
    image, repetition = np.nonzero(~padding)
    return dict(values=raw[:, image, repetition].T, image_index=image, repetition=repetition)


def build(session: str = '210325', workdir=None, mirror=None):
    """The StimulusSet and NeuroidAssembly of one session, from the published files (fetched, sha1-verified).

    Session 210325 keeps every repetition as a presentation (coord `repetition`); the others are the
    authors' repeat-averaged counts. Images are extracted under `workdir` (default: the stored set's).
    """
    return stimulus_set(session, workdir, mirror), assembly(session, mirror=mirror)


def stimulus_set(session: str, workdir=None, mirror=None):
    """The images of one session as a StimulusSet 'Cowley2023.<session>', extracted under `workdir` (default: the stored set)."""
    from brainscore_nb.data.fetch import fetch
    from brainscore_nb.data.stimuli import StimulusSet
    _check_session(session)
    if workdir is None: return stored_stimulus_set(f'Cowley2023.{session}', mirror)
    images = Path(workdir) / f'images_{session}'
    meta = extract_images(fetch(IMAGES[session], mirror=mirror), images, session)
    return StimulusSet(meta, identifier=f'Cowley2023.{session}',
                       stimulus_paths={r.stimulus_id: images / r.stimulus_filename for r in meta.itertuples()})


def _check_session(session: str):
    if session not in IMAGES: raise ValueError(f"unknown session {session!r}; published here: {', '.join(IMAGES)}")


def assembly(session: str, workdir=None, mirror=None):
    """The NeuroidAssembly of one session (see `build`); `workdir` is not used: nothing is written."""
    from brainscore_nb.data.fetch import fetch
    from brainscore_nb.data.assemblies import NeuroidAssembly
    _check_session(session)
    meta = extract_images(fetch(IMAGES[session], mirror=mirror), None, session)
    if session in RESPONSES_RAW:
        parts = repetitions(fetch(RESPONSES_RAW[session], mirror=mirror))
        extra = {'repetition': ('presentation', parts['repetition'])}
    else:
        averaged = np.load(fetch(RESPONSES_AVERAGED[session], mirror=mirror))
        parts, extra = dict(values=averaged.T, image_index=np.arange(averaged.shape[1])), {}
    ids = meta.stimulus_id.to_numpy(dtype=str)
    n = parts['values'].shape[1]
    assembly = NeuroidAssembly(parts['values'][..., None], dims=['presentation', 'neuroid', 'time_bin'], coords={
        'stimulus_id': ('presentation', ids[parts['image_index']]), **extra,
        'neuroid_id': ('neuroid', [f'{session}_n{i:02d}' for i in range(n)]), 'region': ('neuroid', ['V4'] * n),
        'animal': ('neuroid', [ANIMALS[session]] * n),
        'time_bin_start': ('time_bin', [TIME_BIN[0]]), 'time_bin_end': ('time_bin', [TIME_BIN[1]])})
    return assembly


STIMULUS_SETS = {f'Cowley2023.{s}': Recipe(partial(stimulus_set, s), (IMAGES[s],)) for s in IMAGES}
DATASETS = {f'Cowley2023.{s}': Recipe(partial(assembly, s), (IMAGES[s], RESPONSES_RAW.get(s, RESPONSES_AVERAGED[s])),
                                      stimulus_set_identifier=f'Cowley2023.{s}', cls='NeuroidAssembly') for s in IMAGES}
