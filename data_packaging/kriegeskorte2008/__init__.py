"""Kriegeskorte et al. 2008, the 92 images (Kiani 2007 monkey IT, human IT fMRI), from rsatoolbox's demo data.

Cite: Kriegeskorte N, Mur M, Ruff DA, Kiani R, Bodurka J, Esteky H, Tanaka K, Bandettini PA (2008).
Matching categorical object representations in inferior temporal cortex of man and monkey. Neuron 60(6).
"""
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
from PIL import Image

from brainscore_nb.data.fetch import RawFile

_BASE = ('https://raw.githubusercontent.com/rsagroup/rsatoolbox/'
         'f1f83cadb7243492a1aae7460466e0f0140b20ac/demos/92imageData/')
FILES = {
    'supplemental': RawFile(_BASE + 'Kriegeskorte_Neuron2008_supplementalData.mat',
                            '6ef4c101203befc9caccc5070fa27ad3293c7f84'),
    'brain_rdms': RawFile(_BASE + '92_brainRDMs.mat', '3f181418b81699ad25778475a670344b7c65c39d'),
    'behavior_rdms': RawFile(_BASE + '92_behavRDMs.mat', 'ed44d4f92b2c8ed719d0f38448fc2abf2e95e3ba'),
}
IDENTIFIER = 'Kriegeskorte2008'


def _load_mat(path):
    from scipy.io import loadmat
    return loadmat(path, squeeze_me=True, struct_as_record=False)


def extract_images(supplemental_mat, directory) -> pd.DataFrame:
    """Write the 92 images of `supplemental_mat` as PNG files into `directory`; return their metadata.

    Columns: stimulus_id ('img01' ... 'img92', the published order), stimulus_filename, category, and the
    flags human, face, animal, natural (booleans). Writing is deterministic: same bytes on every run.
    """
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, s in enumerate(_load_mat(supplemental_mat)['stimuli_92objs'], start=1):
        sid = f'img{i:02d}'
        fname = f'{sid}.png'
        target = directory / fname
        if not target.exists(): Image.fromarray(np.asarray(s.image, dtype=np.uint8)).save(target, format='PNG')
        rows.append(dict(stimulus_id=sid, stimulus_filename=fname, category=str(s.category),
                         human=bool(s.human), face=bool(s.face), animal=bool(s.animal), natural=bool(s.natural)))
    return pd.DataFrame(rows)


def stimulus_set(workdir=None, mirror=None):
    """The 92 images as a StimulusSet 'Kriegeskorte2008', extracted under `workdir` (default: a new temporary folder)."""
    from brainscore_nb.data.fetch import fetch
    from brainscore_nb.data.stimuli import StimulusSet
    images = Path(workdir or tempfile.mkdtemp(prefix='kriegeskorte2008-')) / 'images'
    meta = extract_images(fetch(FILES['supplemental'], mirror=mirror), images)
    return StimulusSet(meta, identifier=IDENTIFIER,
                       stimulus_paths={r.stimulus_id: images / r.stimulus_filename for r in meta.itertuples()})
