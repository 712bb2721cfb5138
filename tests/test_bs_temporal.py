"""Brain-Score 2.4.2's temporal (video) model helpers here and there, on the same seeded video model and stimuli.

The model (tests/brainio/model_crosschecks/small_video_model.py: three conv3d layers and a linear head, weights in
small_video_weights.pt) runs through our `brainscore_nb.brainscore.temporal.PytorchWrapper` under each configuration
tests/brainio/bs_temporal.py ran through Brain-Score's (small_video_configs.json: TemporalInferencer with each time
alignment, max_spatial_size, float32, CausalInferencer greedy and fixed context, BlockInferencer, a plugin-style
subclass with its own `forward` and `_register_hook`), on 4 seeded PNGs shown as videos (one path repeated). Equal: dims, identifiers, every coord (names and values), and the activations:
float16 (Brain-Score's default dtype) to one float16 step, float32 to 1e-6 (measured on 2026-11-29, torch 2.13 here,
2.14.1 there: 5 of 10 float16 configurations bit for bit, the others one step apart in at most 0.3% of values;
float32 within 1.5e-8). Brain-Score's `batch_2d_resize` (OpenCV's INTER_LINEAR and INTER_AREA), re-done here in
numpy, on the recorded seeded arrays: within 3e-15 (float64; one INTER_LINEAR case 4.4e-7), the uint8 results
bit for bit. A video plugin's ModelCommitment recording IT in 3 bins and in 1: equal to a float16 step. Video files
are not compared: reading them needs OpenCV and decord, which CI does not install.
"""
import json
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).parent / 'brainio' / 'model_crosschecks'
RECORD = dict(np.load(HERE / 'small_video.npz'))
CONFIGS = json.loads((HERE / 'small_video_configs.json').read_text())


@pytest.fixture(scope='module')
def model():
    import sys
    sys.path.insert(0, str(HERE))
    import small_video_model
    sys.path.remove(str(HERE))
    return small_video_model


@pytest.fixture(scope='module')
def paths(model, tmp_path_factory):
    found = model.images(tmp_path_factory.mktemp('small_video'))
    return found + [found[1]]


@pytest.mark.parametrize('name', list(CONFIGS))
def test_activations_equal_brainscores(name, model, paths):
    from brainscore_nb.brainscore import temporal
    inferencer, options, *layers = CONFIGS[name]
    options = {k: (np.dtype(v).type if k == 'dtype' else tuple(v) if isinstance(v, list) else v)
               for k, v in options.items()}
    base = model.subclass(temporal.PytorchWrapper) if options.pop('subclass', False) else temporal.PytorchWrapper
    wrapper = base(f'small-video-{name}', model.build(), model.preprocess,
                   inferencer_cls=getattr(temporal, inferencer), max_workers=1,
                   layer_activation_format={**model.LAYER_FORMAT, 'relu1': 'CTHW'}, **options)
    assert wrapper._extractor.identifier == str(RECORD[f'{name}/identifier'])
    ours = wrapper(paths, layers=layers[0] if layers else list(model.LAYER_FORMAT))
    theirs = RECORD[f'{name}/values']
    assert list(ours.dims) == RECORD[f'{name}/dims'].tolist()
    assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
    coords = sorted(k.split('/coord/')[1] for k in RECORD if k.startswith(f'{name}/coord/'))
    assert sorted(ours.coords) == coords
    for c in coords:
        want, got = RECORD[f'{name}/coord/{c}'], ours[c].values
        if c == 'stimulus_path': got = np.array([Path(p).name for p in got])
        assert list(ours[c].dims) == RECORD[f'{name}/coorddims/{c}'].tolist(), c
        np.testing.assert_array_equal(got, want, err_msg=c)
    step = np.finfo(theirs.dtype).eps * np.maximum(np.abs(theirs.astype(float)), 1) if theirs.dtype == np.float16 \
        else 1e-6
    diff = np.abs(ours.values.astype(float) - theirs.astype(float))
    assert (np.isnan(ours.values) == np.isnan(theirs)).all()
    assert (np.nan_to_num(diff) <= step).all(), f"{name}: up to {np.nanmax(diff)}"


def test_video_windows_equal_brainscores(paths):
    from brainscore_nb.brainscore.temporal import Video
    video = Video.from_img_path(paths[0], 500., 20).set_fps(10)
    ours = np.stack([video.set_window(100, 400).to_numpy(), video.set_window(300, 600).to_numpy()])
    np.testing.assert_array_equal(ours, RECORD['window'])


@pytest.mark.parametrize('i', range(sum(k.endswith('/out') and k.startswith('resize') for k in RECORD)))
def test_batch_2d_resize_equals_opencvs(i):
    from brainscore_nb.brainscore.temporal import batch_2d_resize
    ours = batch_2d_resize(RECORD[f'resize{i}/in'], RECORD[f'resize{i}/out'].shape[1:3][::-1],
                           'pool' if i >= 2 else 'bilinear')
    # measured: INTER_AREA's within 3e-15; INTER_LINEAR's within 2e-15, but 4.4e-7 where both axes shrink by a
    # fraction (7 x 5 -> 4 x 3; OpenCV's weights there are neither float32 nor float64 ones, not found)
    np.testing.assert_allclose(ours, RECORD[f'resize{i}/out'], rtol=0, atol=1e-12 if i >= 1 else 1e-6)
    ours = batch_2d_resize(RECORD[f'resize{i}/in_uint8'], RECORD[f'resize{i}/out'].shape[1:3][::-1],
                           'pool' if i >= 2 else 'bilinear')
    np.testing.assert_array_equal(ours, RECORD[f'resize{i}/out_uint8'])


@pytest.mark.parametrize('name,bins', [('bins3', [(0, 100), (100, 300), (50, 250)]), ('bin1', [(70, 170)])])
def test_a_video_plugins_commitment_records_as_brainscores(name, bins, model, paths):
    "IT (conv2) recorded through ModelCommitment over the temporal wrapper: Brain-Score's TemporalAligned answer"
    from brainscore_nb.brainscore.brain_transformation import ModelCommitment
    from brainscore_nb.brainscore.temporal import PytorchWrapper
    from brainscore_nb.data.stimuli import StimulusSet
    wrapper = PytorchWrapper('small-video', model.build(), model.preprocess, max_workers=1, fps=10,
                             img_duration=500., layer_activation_format=model.LAYER_FORMAT)
    committed = ModelCommitment('small-video', activations_model=wrapper, layers=['conv1', 'conv2'],
                                region_layer_map={'V1': 'conv1', 'IT': 'conv2'})
    ids = [f's{i}' for i in range(4)]
    committed.start_recording('IT', bins)
    found = committed.look_at(StimulusSet({'stimulus_id': ids}, stimulus_paths=dict(zip(ids, paths))))
    found = found.transpose('presentation', 'neuroid', 'time_bin')
    assert found['time_bin_start'].values.tolist() == [s for s, _ in bins]
    assert found['stimulus_id'].values.tolist() == RECORD[f'recording/{name}/stimulus_id'].tolist()
    assert found['neuroid_id'].values.tolist() == RECORD[f'recording/{name}/neuroid_id'].tolist()
    theirs = RECORD[f'recording/{name}/values']
    assert found.dtype == theirs.dtype == np.float16
    step = np.finfo(np.float16).eps * np.maximum(np.abs(theirs.astype(float)), 1)
    assert (np.abs(found.values.astype(float) - theirs) <= step).all()
