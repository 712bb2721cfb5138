"""Brain-Score 2.4.2's temporal activations of a seeded video model, recorded for tests/test_bs_temporal.py.

    /work/bs/bsvenv/bin/python tests/brainio/bs_temporal.py

Runs in Brain-Score's venv only (never by pytest). The model is model_crosschecks/small_video_model.py (weights in
small_video_weights.pt, written once with seed 0); the stimuli are its 4 seeded 24 x 32 PNGs, shown as videos
(Brain-Score's `convert_img_to_video`). For each configuration in CONFIGS (inferencer class and options) the
activations of all layers through `PytorchWrapper(identifier, model, preprocessing, **options)(paths, layers)` are
written to model_crosschecks/small_video.npz: values, dims, and every coord. Also `batch_2d_resize` (cv2's
INTER_LINEAR and INTER_AREA) on seeded arrays, and `Video.from_img_path(...).set_window(...).to_numpy()` frames.
Also a plugin's commitment (`ModelCommitment(identifier, activations_model=wrapper, layers=..., region_layer_map=...)`,
as the video plugins' __init__.py commit) recording IT (conv2) for a StimulusSet of the 4 images in RECORDINGS' bins.
"""
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / 'model_crosschecks'))
import brainscore_side  # noqa: E402,F401
import small_video_model as svm  # noqa: E402

CONFIGS = {  # name -> (inferencer, options[, layers: default all of LAYER_FORMAT])
    'temporal': ('TemporalInferencer', dict(fps=10, img_duration=500.)),
    'temporal_fps25': ('TemporalInferencer', dict(fps=25, img_duration=400.)),
    'ignore_time': ('TemporalInferencer', dict(fps=10, img_duration=500., time_alignment='ignore_time')),
    'layer_fps': ('TemporalInferencer', dict(fps=20, img_duration=500., time_alignment='estimate_layer_fps'),
                  ['conv1']),
    'per_frame': ('TemporalInferencer', dict(fps=10, img_duration=500., time_alignment='per_frame_aligned'),
                  ['conv1', 'relu1']),
    'max_spatial': ('TemporalInferencer', dict(fps=10, img_duration=500., max_spatial_size=3)),
    'float32': ('TemporalInferencer', dict(fps=10, img_duration=500., dtype=np.float32, batch_size=3)),
    'causal': ('CausalInferencer', dict(fps=10, img_duration=500.)),
    'causal_fix': ('CausalInferencer', dict(fps=10, img_duration=600., duration=(200, 1000),
                                            temporal_context_strategy='fix', fixed_temporal_context=300)),
    'block': ('BlockInferencer', dict(fps=10, img_duration=700., duration=(200, 300),
                                      temporal_context_strategy='greedy')),
    'subclass': ('TemporalInferencer', dict(fps=10, img_duration=500., dtype=np.float32, subclass=True)),
}
RECORDINGS = {'bins3': [(0, 100), (100, 300), (50, 250)], 'bin1': [(70, 170)]}
RESIZES = [((7, 5, 3), (3, 4), 'bilinear'), ((6, 9, 2), (13, 4), 'bilinear'), ((9, 12, 3), (5, 4), 'pool'),
           ((8, 8, 2), (4, 2), 'pool'), ((5, 6, 2), (9, 7), 'pool'), ((10, 4, 1), (2, 7), 'pool'),
           ((12, 9, 3), (3, 4), 'pool')]


def run(paths, name, inferencer, options, layers=None):
    from brainscore_vision.model_helpers.activations.temporal.model import PytorchWrapper
    from brainscore_vision.model_helpers.activations.temporal import core
    options = dict(options)
    if options.pop('subclass', False): PytorchWrapper = svm.subclass(PytorchWrapper)  # noqa: N806
    wrapper = PytorchWrapper(f'small-video-{name}', svm.build(), svm.preprocess,
                             inferencer_cls=getattr(core, inferencer), max_workers=1,
                             layer_activation_format={**svm.LAYER_FORMAT, 'relu1': 'CTHW'}, **options)
    a = wrapper(paths, layers=layers or list(svm.LAYER_FORMAT))
    out = {f'{name}/values': np.asarray(a.values), f'{name}/dims': np.array(a.dims),
           f'{name}/identifier': np.array(wrapper._extractor.identifier)}
    from brainscore_core.supported_data_standards.brainio.assemblies import walk_coords
    for c, dims, values in walk_coords(a):  # every coord and MultiIndex level, by name
        out[f'{name}/coord/{c}'] = np.asarray(values).astype(str) if np.asarray(values).dtype == object \
            else np.asarray(values)
        out[f'{name}/coorddims/{c}'] = np.array(dims)
    return out


def recordings(paths):
    "IT (conv2) recorded through Brain-Score's ModelCommitment over the temporal wrapper, in each RECORDINGS' bins"
    import pandas as pd
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    from brainscore_vision.model_helpers.activations.temporal.model import PytorchWrapper
    from brainscore_vision.model_helpers.brain_transformation import ModelCommitment
    wrapper = PytorchWrapper('small-video', svm.build(), svm.preprocess, max_workers=1, fps=10, img_duration=500.,
                             layer_activation_format=svm.LAYER_FORMAT)
    model = ModelCommitment('small-video', activations_model=wrapper, layers=['conv1', 'conv2'],
                            region_layer_map={'V1': 'conv1', 'IT': 'conv2'})
    stimuli = StimulusSet(pd.DataFrame({'stimulus_id': [f's{i}' for i in range(len(paths))]}))
    stimuli.stimulus_paths = {f's{i}': p for i, p in enumerate(paths)}
    stimuli.identifier = None
    out = {}
    for name, bins in RECORDINGS.items():
        model.start_recording('IT', bins)
        found = model.look_at(stimuli)
        if 'time_bin' not in found.dims: found = found.expand_dims('time_bin', -1)
        found = found.transpose('presentation', 'neuroid', 'time_bin')
        out[f'recording/{name}/values'] = np.asarray(found.values)
        out[f'recording/{name}/stimulus_id'] = np.asarray(found['stimulus_id'].values).astype(str)
        out[f'recording/{name}/neuroid_id'] = np.asarray(found['neuroid_id'].values).astype(str)
        print('recording', name, found.shape)
    return out


def main():
    from brainscore_vision.model_helpers.activations.temporal.utils import batch_2d_resize
    from brainscore_vision.model_helpers.activations.temporal.inputs import Video
    record = {}
    with tempfile.TemporaryDirectory() as folder:
        paths = svm.images(folder)
        for name, config in CONFIGS.items():
            found = run(paths + [paths[1]], name, *config)
            for k, v in found.items():
                if k.startswith(f'{name}/coord/') and v.dtype.kind in 'OU' and 'stimulus_path' in k:
                    v = np.array([Path(p).name for p in v])
                record[k] = v
            print(name, found[f'{name}/values'].shape, found[f'{name}/dims'], found[f'{name}/identifier'])
        record.update(recordings(paths))
        video = Video.from_img_path(paths[0], 500., 20).set_fps(10)
        record['window'] = np.stack([video.set_window(100, 400).to_numpy(), video.set_window(300, 600).to_numpy()])
    rng = np.random.RandomState(1)
    for i, (shape, size, mode) in enumerate(RESIZES):
        x = rng.rand(2, *shape) * 10
        record[f'resize{i}/in'] = x
        record[f'resize{i}/out'] = batch_2d_resize(x, size, mode)
        xi = (rng.rand(2, *shape) * 255).astype(np.uint8)
        record[f'resize{i}/in_uint8'] = xi
        record[f'resize{i}/out_uint8'] = batch_2d_resize(xi, size, mode)
    np.savez_compressed(HERE / 'model_crosschecks' / 'small_video.npz', **record)
    (HERE / 'model_crosschecks' / 'small_video_configs.json').write_text(json.dumps(
        {k: [v[0], {kk: (str(np.dtype(vv)) if kk == 'dtype' else vv) for kk, vv in v[1].items()}, *v[2:]]
         for k, v in CONFIGS.items()}, indent=1) + '\n')


if __name__ == '__main__':
    main()
