"""Brain-Score 2.4.2's brain_transformation on fixed activations (run with Brain-Score's python).

    RESULTCACHING_DISABLE=1 BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/bs_transformation.py

Writes tests/brainio/model_crosschecks/bs_transformation_features.npz: seeded features per stimulus id (layers
'early', 'late', 'logits'; float16 so both sides read the very same float32 values), and
bs_transformation.json: what Brain-Score's ModelCommitment, LayerMappedModel + TemporalAligned, LabelBehavior,
ProbabilitiesMapping and OddOneOut answer on them, and which layer its LayerScores / LayerSelection choose on a
small PLS benchmark of IT whose responses are a seeded mix of the 'late' features. The activations model is a plain callable over those
features (no images, no wrapper), so this checks the commitment and readout layer alone;
tests/test_bs_transformation.py runs brainscore_nb's on the same file and compares.
"""
import json
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent / 'model_crosschecks'
N, WIDTHS = 48, {'early': 32, 'late': 30, 'logits': 1000}
LABELS = ['dog', 'cat', 'elephant', 'bird', 'truck', 'Sewing Machine']
KATO = ['kato2026_dog', 'kato2026_cat', 'kato2026_bird', 'kato2026_car', 'kato2026_others']
REGIONS = {'V1': 'early', 'V2': 'early', 'V4': 'late', 'IT': 'late'}


def make_features():
    "Seeded features: 'late' carries a label signal; two stimuli ('twin_a', 'twin_b') are the same in every layer"
    rng = np.random.default_rng(2024)
    ids = [f'img{i:02d}' for i in range(N - 2)] + ['twin_a', 'twin_b']
    labels = np.array(['c', 'a', 'b'])[np.arange(N) % 3]  # first appearance: c, a, b
    features = {layer: rng.normal(size=(N, w)) for layer, w in WIDTHS.items()}
    features['late'][:, :3] += 1.5 * (labels[:, None] == np.array(['a', 'b', 'c']))
    features['logits'] *= 3
    features['logits'][::4, 385] += 12  # some elephants
    for layer in features: features[layer][-1] = features[layer][-2]
    return ids, labels, {k: v.astype(np.float16) for k, v in features.items()}


def triplets(ids):
    "30 random trials, then trials with repeated stimuli and with the twins (ties)"
    rng = np.random.default_rng(7)
    trials = [list(rng.choice(ids[:-2], 3, replace=False)) for _ in range(30)]
    trials += [['img00', 'img00', 'img01'], ['img01', 'img00', 'img00'], ['img00', 'img01', 'img00'],
               ['twin_a', 'twin_b', 'img02'], ['img02', 'twin_a', 'twin_b'], ['twin_a', 'img03', 'twin_b'],
               ['img05', 'img05', 'img05']]
    return [s for t in trials for s in t]


def selection_target(features, labels):
    "IT responses of 8 neuroids: a seeded mix of the 'late' layer plus noise (48 x 8 x one bin, 70-170 ms)"
    rng = np.random.default_rng(11)
    values = features['late'] @ rng.normal(size=(WIDTHS['late'], 8)) + rng.normal(size=(N, 8))
    return values[:, :, None]


def layer_selection(Fixed, stimuli, features, labels):
    "Brain-Score's LayerScores and LayerSelection on a small PLS benchmark of IT built from the target above"
    from brainscore_core import Score
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    from brainscore_vision import load_metric
    from brainscore_vision.benchmark_helpers.neural_common import NeuralBenchmark
    from brainscore_vision.model_helpers.brain_transformation import LayerScores, LayerSelection

    class Hooks:  # what LayerSelection's LayerPCA hook needs; these features never pass through it
        _batch_activations_hooks = {}

    class Hookable(Fixed):
        _extractor = Hooks()

        def register_batch_activations_hook(self, hook):
            class Handle:
                def remove(self): pass
            return Handle()

    assembly = NeuroidAssembly(selection_target(features, labels), dims=['presentation', 'neuroid', 'time_bin'],
                               coords={'stimulus_id': ('presentation', stimuli['stimulus_id'].values),
                                       'object_name': ('presentation', labels),
                                       'neuroid_id': ('neuroid', [f'n{i}' for i in range(8)]),
                                       'region': ('neuroid', ['IT'] * 8),
                                       'time_bin_start': ('time_bin', [70]), 'time_bin_end': ('time_bin', [170])})
    shown = type(stimuli)({'stimulus_id': stimuli['stimulus_id'].values, 'object_name': labels})
    shown.identifier = 'fixed-selection'
    assembly.attrs['stimulus_set'] = shown  # the model sees object_name, which PLS stratifies by
    assembly = assembly.squeeze('time_bin')  # as Brain-Score's data plugins give it: one bin, kept as a coord
    benchmark = NeuralBenchmark('Fixture.IT-pls', assembly, load_metric('pls'), visual_degrees=8,
                                number_of_trials=1, ceiling_func=lambda: Score(1.0), version=1, parent='IT')
    scores = LayerScores('fixed', Hookable(), visual_degrees=8)(benchmark, ['early', 'late'])
    best = LayerSelection('fixed', Hookable(), ['early', 'late'], visual_degrees=8)(
        selection_identifier='IT', benchmark=benchmark)
    return dict(layers=[str(l) for l in scores['layer'].values], scores=scores.values.tolist(), best=str(best))


def main():
    from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    from brainscore_vision.model_helpers.brain_transformation import (
        ModelCommitment, LayerMappedModel, TemporalAligned, LabelBehavior, ProbabilitiesMapping, OddOneOut)
    from brainscore_vision.model_interface import BrainModel

    ids, labels, f16 = make_features()
    HERE.mkdir(exist_ok=True)
    np.savez_compressed(HERE / 'bs_transformation_features.npz', ids=np.array(ids), labels=labels, **f16)
    features = {k: v.astype(np.float32) for k, v in f16.items()}
    row = {s: i for i, s in enumerate(ids)}

    class Extractor:
        def set_visual_degrees(self, degrees): self.degrees = degrees

    class Fixed:
        "Brain-Score's activations-model call on stored features: stimulus columns become presentation coords"
        identifier, _extractor = 'fixed', Extractor()

        def __call__(self, stimuli, layers, number_of_trials=1, require_variance=False):
            rows = [row[s] for s in stimuli['stimulus_id']]
            values = np.concatenate([features[layer][rows] for layer in layers], 1)
            names = [layer for layer in layers for _ in range(WIDTHS[layer])]
            return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
                # as Brain-Score's extractor: the stimulus path, then every stimulus column
                'stimulus_path': ('presentation', [f'/stimuli/{s}.png' for s in stimuli['stimulus_id']]),
                **{c: ('presentation', stimuli[c].values) for c in stimuli.columns},
                'neuroid_id': ('neuroid', [f'{layer}.{i}' for layer in layers for i in range(WIDTHS[layer])]),
                'layer': ('neuroid', names), 'neuroid_num': ('neuroid', np.arange(len(names)))})

    stimuli = StimulusSet({'stimulus_id': ids, 'image_label': labels})
    stimuli.identifier = 'fixed-stimuli'
    fitting, test = stimuli.iloc[:30], stimuli.iloc[30:]
    binary_fitting = stimuli.iloc[:30][stimuli.iloc[:30]['image_label'] != 'b']
    out = {}

    def record(assembly, dims=('presentation', 'neuroid', 'time_bin')):
        kept = [d for d in dims if d in assembly.dims]
        a = assembly.transpose(*kept)
        return dict(dims=list(assembly.dims), stimulus_id=[str(s) for s in a['stimulus_id'].values],
                    neuroid_id=[str(s) for s in a['neuroid_id'].values],
                    region=sorted(set(map(str, np.atleast_1d(a['region'].values)))),
                    # one bin squeezed away: Brain-Score keeps the bin only as a `time_bin` tuple, if at all
                    time_bins=[[int(s), int(e)] for s, e in np.atleast_1d(a['time_bin'].values)]
                    if 'time_bin' in a.coords else None,
                    values=a.values.astype(float).round(6).tolist())

    model = ModelCommitment(identifier='fixed', activations_model=Fixed(), layers=['early', 'late'],
                            region_layer_map=dict(REGIONS))
    out['readout_layer'] = model.behavior_model.mapping[BrainModel.Task.probabilities].readout
    out['visual_degrees'] = Fixed._extractor.degrees
    model.start_recording('IT', [(70, 170), (170, 270)])
    out['record_IT'] = record(model.look_at(stimuli.iloc[::3]))
    model.start_recording('V1', [(70, 170)])
    out['record_V1_one_bin'] = record(model.look_at(stimuli.iloc[:5]))
    layer_model = TemporalAligned(LayerMappedModel('fixed', Fixed(), {'V4': ['early', 'late']}))
    layer_model.start_recording('V4', [(0, 50), (50, 100), (100, 150)])
    out['record_V4_two_layers'] = record(layer_model.look_at(stimuli.iloc[10:14]))

    class Temporal:
        "A recording model that answers in four 50 ms bins: the 'late' features times 1, 2, 3, 4"
        region_layer_map, activations_model = {'IT': 'late'}, None

        def start_task(self, task): pass
        def start_recording(self, target): self.target = target

        def look_at(self, stimuli, number_of_trials=1):
            rows = [row[s] for s in stimuli['stimulus_id']]
            values = features['late'][rows][:, :, None] * np.arange(1, 5)
            return NeuroidAssembly(values, dims=['presentation', 'neuroid', 'time_bin'], coords={
                'stimulus_id': ('presentation', stimuli['stimulus_id'].values),
                'stimulus_path': ('presentation', [f'/stimuli/{s}.png' for s in stimuli['stimulus_id']]),
                'neuroid_id': ('neuroid', [f'late.{i}' for i in range(WIDTHS['late'])]),
                'region': ('neuroid', ['IT'] * WIDTHS['late']),
                'time_bin_start': ('time_bin', [0, 50, 100, 150]), 'time_bin_end': ('time_bin', [50, 100, 150, 200])})
    temporal = TemporalAligned(Temporal())
    temporal.start_recording('IT', [(0, 100), (70, 170), (100, 200)])
    aligned = temporal.look_at(stimuli.iloc[:6])
    out['record_temporal'] = dict(record(aligned), time_bins=[[int(s), int(e)] for s, e in aligned['time_bin'].values])

    def choices(assembly): return [str(c) for c in np.asarray(assembly.values).ravel()]
    model.start_task(BrainModel.Task.label, LABELS)
    out['label'] = choices(model.look_at(stimuli))
    model.start_task(BrainModel.Task.label, LABELS, aggregation='max')
    out['label_max'] = choices(model.look_at(stimuli))
    model.start_task(BrainModel.Task.label, 'imagenet')
    out['label_imagenet'] = choices(model.look_at(stimuli))
    behavior = LabelBehavior('fixed', Fixed())
    behavior.start_task(BrainModel.Task.label, KATO)
    out['label_kato'] = choices(behavior.look_at(stimuli))

    def probabilities(assembly):
        a = assembly.transpose('presentation', 'choice')
        return dict(stimulus_id=[str(s) for s in a['stimulus_id'].values],
                    choice=[str(c) for c in a['choice'].values], values=a.values.tolist())
    model.start_task(BrainModel.Task.probabilities, fitting)
    out['probabilities'] = probabilities(model.look_at(test))
    mapping = ProbabilitiesMapping('fixed', Fixed(), 'early')
    mapping.start_task(BrainModel.Task.probabilities, binary_fitting)
    out['probabilities_binary_early'] = probabilities(mapping.look_at(test))

    trials = StimulusSet({'stimulus_id': triplets(ids)})
    trials.identifier = 'fixed-triplets'
    out['triplets'] = list(trials['stimulus_id'])
    model.start_task(BrainModel.Task.odd_one_out)
    out['odd_one_out'] = choices(model.look_at(trials))
    odd = OddOneOut('fixed', Fixed(), ['early', 'late'])
    odd.set_similarity_measure('cosine')
    out['odd_one_out_cosine_two_layers'] = choices(odd.look_at(trials))
    out['layer_selection'] = layer_selection(Fixed, stimuli, features, labels)
    (HERE / 'bs_transformation.json').write_text(json.dumps(out, indent=1) + '\n')
    print({k: (v if not isinstance(v, (dict, list)) else len(v)) for k, v in out.items()})


if __name__ == '__main__':
    main()
