"""Brain-Score 2.4.2's end-to-end answers and scores for a model plugin, on the same weights and images as
brainscore_nb's (tests/brainio/bs_e2e_ours.py; compared by tests/test_bs_e2e.py). Run with Brain-Score's python:

    BS_E2E_WEIGHTS=DIR /work/bs/bsvenv/bin/python tests/brainio/bs_e2e_brainscore_side.py MODEL [MIRROR]

MODEL is one of bs_e2e_spec.MODELS (small_cnn, efficientnet_lite0, alexnet, resnet18; efficientnet needs its two
wheels importable, e.g. PYTHONPATH holding links to the project venv's). The plugin's `model.py` runs unchanged and is
committed with `ModelCommitment(identifier, activations_model=get_model(), layers=get_layers(), region_layer_map=...,
behavioral_readout_layer=...)`. Recorded: activations of a few layers on the 12 mirror images, IT and V1 recordings,
label choices, probabilities and odd-one-out choices (bs_e2e_spec.readouts), then the scores of the model, its
commitment built afresh, through Brain-Score's own benchmarks on the fixture files of tests/brainio (its S3 download
answered by the fixture files, brainscore_side.s3_fixtures; Rajalingham2018's loaders replaced by the local loads of
brainscore_rajalingham2018.py). PLS runs to convergence (brainscore_side.converge_pls), as the cross-checks compare it.
Writes tests/brainio/bs_e2e/MODEL_brainscore.json.
"""
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import converge_pls, s3_fixtures  # noqa: E402  (BS_INSTALL_DEPENDENCIES=no, no result caching)
import bs_e2e_spec as spec  # noqa: E402

HERE = Path(__file__).resolve().parent


def plugin(path):
    loaded = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(module)
    return module


def commitment(name):
    from brainscore_vision.model_helpers.brain_transformation import ModelCommitment
    s = spec.MODELS[name]
    module = plugin(s['plugin'])
    return ModelCommitment(identifier=s['name'], activations_model=module.get_model(s['name']),
                           layers=module.get_layers(s['name']), region_layer_map=dict(s['regions']),
                           behavioral_readout_layer=s['readout'])


def number(x):
    return float(getattr(x, 'values', x))


def score(name, identifier):
    "The model's score on Brain-Score's own benchmark `identifier`, its data served from the fixture files"
    from brainscore_vision import load_benchmark
    if identifier.startswith('MajajHong2015'):
        p = json.loads((HERE / 'majajhong2015' / 'packages.json').read_text())
        files = {('hvm-public', 'csv'): p['stimulus_set']['csv_path'], ('hvm-public', 'zip'): p['stimulus_set']['zip_path'],
                 ('dicarlo.MajajHong2015.public', 'nc'): p['public']['path']}
        with s3_fixtures(HERE / 'majajhong2015', files):
            s = load_benchmark(identifier)(commitment(name))
    elif identifier.startswith('Rajalingham2018'):
        import brainscore_rajalingham2018 as raja
        from brainscore_vision.benchmarks.rajalingham2018.benchmarks import benchmark as module
        from brainscore_vision.benchmarks.rajalingham2018.benchmarks.public_benchmark import \
            RajalinghamMatchtosamplePublicBenchmark
        with tempfile.TemporaryDirectory() as folder:
            stimuli = raja.stimulus_set(folder)
            module.load_stimulus_set = lambda key: {'objectome.public': stimuli}[key]
            module.load_dataset = lambda key: {'Rajalingham2018.public': raja.dataset(stimuli, folder)}[key]
            s = RajalinghamMatchtosamplePublicBenchmark()(commitment(name))
    else:
        folder = HERE / ('hebart2023' if identifier.startswith('Hebart') else 'geirhos2021')
        with s3_fixtures(folder):
            s = load_benchmark(identifier)(commitment(name))
    raw = s.attrs.get('raw', s)
    raw = s if getattr(raw, 'size', 1) != 1 else raw  # top-1 keeps per-image values as its raw
    return dict(score=number(s), raw=number(raw),
                ceiling=number(s.attrs['ceiling']) if 'ceiling' in s.attrs else None)


def main():
    import torch
    from importlib.metadata import version
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    from brainscore_vision.model_interface import BrainModel
    name = sys.argv[1]
    mirror = Path(sys.argv[2] if len(sys.argv) > 2 else os.environ.get(
        'BRAINSCORE_NB_MIRROR', HERE.parents[2] / 'shared' / 'mirror'))
    s = spec.MODELS[name]
    torch.set_num_threads(int(os.environ.get('BS_E2E_THREADS', '2')))
    names = spec.images(mirror)
    paths = [str(mirror / n) for n in names]
    out = dict(model=name, images=names, torch=torch.__version__, brainscore_vision=version('brainscore-vision'))
    if name in ('alexnet', 'resnet18'):
        module = plugin(s['plugin'])
        module.get_model(s['name'])  # writes the weights once
        import hashlib
        out['weights_sha1'] = hashlib.sha1(module.weights_path(s['name']).read_bytes()).hexdigest()
    start = time.time()
    model = commitment(name)
    out['activations'] = spec.activations_record(model.activations_model(paths, layers=s['layers']), s)
    ids = [f'im{i:02d}' for i in range(len(paths))]
    stimuli = StimulusSet({'stimulus_id': ids, 'image_label': [n.split('/')[-3] for n in names]})
    stimuli.stimulus_paths = dict(zip(ids, paths))
    stimuli.identifier = f'bs-e2e-{name}'
    trials = StimulusSet({'stimulus_id': spec.triplets(ids)})
    trials.stimulus_paths = dict(zip(ids, paths))
    trials.identifier = f'bs-e2e-{name}-triplets'
    out.update(spec.readouts(model, s, stimuli, trials, BrainModel.Task))
    converge_pls()
    out['scores'] = {b: score(name, b) for b in spec.benchmarks(name)}
    out['seconds'] = round(time.time() - start, 1)
    spec.E2E.mkdir(exist_ok=True)
    (spec.E2E / f'{name}_brainscore.json').write_text(json.dumps(out) + '\n')
    print(json.dumps(out['scores'], indent=1), out['seconds'], 's')


if __name__ == '__main__':
    main()
