"""Brain-Score 2.4.2's microsaccades (`require_variance=True`), recorded for tests/test_bs_e2e_microsaccades.py.

    /work/bs/bsvenv/bin/python tests/brainio/bs_e2e_microsaccades.py [MIRROR]

Brain-Score shifts each preprocessed image `number_of_trials` times, by sub-pixel amounts on a spiral within 0.05
degrees (its `MicrosaccadeHelper`), with OpenCV (`cv2.warpAffine`, bilinear, border replicated; opencv-python 4.11 in
its venv). Writes bs_e2e/microsaccades.npz: the helper's shifts (pixels and degrees) for three (trials, visual
degrees, image size) settings; `translate` of a seeded 3 x 20 x 24 float32 image by eight shifts; and the small CNN
plugin (model_crosschecks/small_cnn_model.py, batch_size 5) at 8 degrees on 3 and on 7 mirror images with 4 trials:
every 13th neuroid of two layers and the presentation coords, in Brain-Score's order; and its ModelCommitment's IT
recording (two bins) of 3 of them as a StimulusSet, 4 trials each.
"""
import importlib.util
import os
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import brainscore_side  # noqa: E402,F401  (BS_INSTALL_DEPENDENCIES=no, no result caching)
import bs_e2e_spec as spec  # noqa: E402

TRIALS = 4
SETTINGS = [(5, 8, 96), (15, 8, 224), (3, 10.5, 64)]
SHIFTS = [(0., 0.), (0.3, 0.), (0., -0.7), (0.03125, 0.5), (-1.26, 2.2), (0.017, -0.011), (3.5, -4.25),
          (0.1234567, 0.7654321)]


def main():
    from brainscore_vision.model_helpers.activations.core import MicrosaccadeHelper
    mirror = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get(
        'BRAINSCORE_NB_MIRROR', spec.HERE.parents[2] / 'shared' / 'mirror'))
    out = {}
    for n, degrees, size in SETTINGS:
        helper = MicrosaccadeHelper()
        helper.number_of_trials, helper.visual_degrees = n, degrees
        helper.build_microsaccades('x', (size, size))
        out[f'shifts:{n}:{degrees}:{size}:pixels'] = np.array(helper.microsaccades['pixels']['x'])
        out[f'shifts:{n}:{degrees}:{size}:degrees'] = np.array(helper.microsaccades['degrees']['x'])
    image = np.random.default_rng(3).normal(size=(3, 20, 24)).astype(np.float32)
    out['image'], out['translate_shifts'] = image, np.array(SHIFTS)
    out['translated'] = np.stack([MicrosaccadeHelper.translate(image, s, (20, 24), True) for s in SHIFTS])
    loaded = importlib.util.spec_from_file_location('small_cnn_model', spec.MODELS['small_cnn']['plugin'])
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    names = spec.images(mirror)
    out['images'] = np.array(names)
    for count in (3, 7):
        wrapper = module.get_model()
        wrapper._extractor.set_visual_degrees(8)
        acts = wrapper([str(mirror / n) for n in names[:count]], layers=['features.2', 'logits'],
                       number_of_trials=TRIALS, require_variance=True)
        out[f'{count}:stimulus_path'] = np.array([Path(p).name for p in acts['stimulus_path'].values])
        for c in ('x_pixels', 'y_pixels', 'x_degrees', 'y_degrees'):
            out[f'{count}:{c}'] = acts[f'microsaccade_shift_{c}'].values.astype(float)
        out[f'{count}:neuroid_id'] = np.array(spec.digest(acts['neuroid_id'].values))
        out[f'{count}:values'] = acts.values[:, ::13].astype(np.float32)
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    from brainscore_vision.model_helpers.brain_transformation import ModelCommitment
    model = ModelCommitment(identifier='small-cnn', activations_model=module.get_model(),
                            layers=module.get_layers(), region_layer_map=dict(spec.MODELS['small_cnn']['regions']))
    stimuli = StimulusSet({'stimulus_id': ['a', 'b', 'c'], 'kind': ['x', 'y', 'z']})
    stimuli.stimulus_paths = dict(zip(stimuli['stimulus_id'], [str(mirror / n) for n in names[:3]]))
    stimuli.identifier = 'bs-e2e-microsaccades'
    model.start_recording('IT', [(70, 170), (170, 270)])
    recorded = model.look_at(stimuli, number_of_trials=TRIALS, require_variance=True)
    out['look_at:dims'] = np.array(recorded.dims)
    recorded = recorded.transpose('presentation', 'neuroid', 'time_bin')
    out['look_at:stimulus_id'] = recorded['stimulus_id'].values.astype(str)
    out['look_at:kind'] = recorded['kind'].values.astype(str)
    out['look_at:x_pixels'] = recorded['microsaccade_shift_x_pixels'].values.astype(float)
    out['look_at:values'] = recorded.values[:, ::13].astype(np.float32)
    np.savez_compressed(spec.E2E / 'microsaccades.npz', **out)
    print({k: v.shape for k, v in out.items()})


if __name__ == '__main__':
    main()
