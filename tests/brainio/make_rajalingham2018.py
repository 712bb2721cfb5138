"""Write the `objectome.public` stimulus set fixture for Rajalingham2018public-i2n with Brain-Score's own packaging code.

Run with Brain-Score's environment (not part of pytest):

    BS_INSTALL_DEPENDENCIES=no /work/bsvenv/bin/python tests/brainio/make_rajalingham2018.py

It reads ../shared/brainio/assy_fixture_Rajalingham2018_public.nc (objectome-style trials on 240 images, written by
Brain-Score; its attrs say stimulus set `fixture.objectome-public`) and packages one tiny PNG per stimulus_id of that
assembly with `package_stimulus_set_locally` as `fixture.objectome-public`, into tests/brainio/rajalingham2018/
(`stimulus_fixture_objectome-public.csv` / `.zip`). The columns are those Brain-Score's objectome stimulus sets have
(data/rajalingham2018/rajalingham2018objectome.py `load_stimuli`: `image_id` -> `stimulus_id`, `image_sample_obj`
(the object shown), `image_label` (the same), plus `filename` that packaging adds). The images are seeded 8x8 RGB
noise: only their ids and metadata matter for scoring precomputed behaviour. The zip stores file times, so a rerun
changes the zip's sha1 (the tests read the sha1s from the files, nothing pins them)."""
import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
import xarray as xr
from PIL import Image

from brainscore_core.supported_data_standards.brainio.packaging import package_stimulus_set_locally
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet

HERE = Path(__file__).resolve().parent
BRAINIO = HERE.parents[2] / 'shared' / 'brainio'
OUT = HERE / 'rajalingham2018'
IDENTIFIER = 'fixture.objectome-public'


def main():
    trials = xr.open_dataarray(BRAINIO / 'assy_fixture_Rajalingham2018_public.nc')
    assert trials.attrs['stimulus_set_identifier'] == IDENTIFIER
    ids, first = np.unique(trials['stimulus_id'].values, return_index=True)
    objects = trials['sample_obj'].values[first]
    assert len(ids) == 240 and (trials['truth'].values == trials['sample_obj'].values).all()
    rng = np.random.RandomState(2018)
    tmp = Path(tempfile.mkdtemp())
    try:
        paths = {}
        for sid in ids:
            paths[sid] = tmp / f'{sid}.png'
            Image.fromarray(rng.randint(0, 256, size=(8, 8, 3), dtype=np.uint8)).save(paths[sid])
        stimuli = StimulusSet({'stimulus_id': ids, 'image_sample_obj': objects, 'image_label': objects})
        stimuli.stimulus_paths = paths
        stimuli.identifier = IDENTIFIER
        OUT.mkdir(exist_ok=True)
        print(package_stimulus_set_locally(stimuli, IDENTIFIER, downloads_path=OUT))
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    main()
