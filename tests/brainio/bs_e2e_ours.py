"""brainscore_nb's end-to-end answers and scores for a Brain-Score model plugin: the same questions, images and
benchmarks as Brain-Score's (tests/brainio/bs_e2e_brainscore_side.py), asked of the plugin's `model.py` with its
imports ported by `port_imports` and committed by brainscore_nb's `ModelCommitment`; the benchmarks are brainscore_nb's,
by Brain-Score's names, their data the same fixture files served from a local store (`local_catalog`: a catalog in
Brain-Score's format whose files are already in a temporary store, nothing listening at the S3 endpoint).

tests/test_bs_e2e.py imports it (small_cnn and efficientnet_lite0 run in the project venv). For alexnet and resnet18,
which need torchvision (not in CI), run it in a venv with torch 2.14.1 and torchvision 0.29.1. /work/bs/tvvenv was
made without downloading anything: `python3.11 -m venv /work/bs/tvvenv`, then in its site-packages links to Brain-Score
venv's torch, torchgen, functorch, torchvision, torchvision.libs, nvidia, cuda, triton and their *.dist-info folders
(nvidia_*, cuda_*), and a file zz_project_venv.pth naming the project venv's site-packages (read after its own, so
torch 2.14.1 is found first; brainscore_vision is not importable there, and `main` checks nothing of it ran):

    PYTHONPATH=$PWD BS_E2E_WEIGHTS=DIR /work/bs/tvvenv/bin/python tests/brainio/bs_e2e_ours.py MODEL [MIRROR]

which writes tests/brainio/bs_e2e/MODEL_ours.json (the test reads it)."""
import json
import os
import shutil
import socket
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bs_e2e_spec as spec  # noqa: E402

MAJAJ, RAJA, HEBART, GEIRHOS = (HERE / f for f in ('majajhong2015', 'rajalingham2018', 'hebart2023', 'geirhos2021'))
SHARED_BRAINIO = HERE.parents[2] / 'shared' / 'brainio'


def _rows():
    "Catalog rows (Brain-Score's names, the fixtures' identifiers) -> the files that answer them"
    p = json.loads((MAJAJ / 'packages.json').read_text())
    shared = json.loads((SHARED_BRAINIO / 'packages.json').read_text())
    stimuli = lambda key, csv, zip_, identifier: (dict(kind='stimulus_set', registry_key=key, identifier=identifier,
                                                      cls='StimulusSet'), {'csv': csv, 'zip': zip_})
    assembly = lambda key, nc, stimulus_set, cls, identifier: (dict(
        kind='assembly', registry_key=key, identifier=identifier, cls=cls, stimulus_set=stimulus_set), {'nc': nc})
    g = 'Geirhos2021_colour'
    return [stimuli('hvm-public', MAJAJ / p['stimulus_set']['csv_path'], MAJAJ / p['stimulus_set']['zip_path'],
                    p['stimulus_set']['identifier']),
            assembly('MajajHong2015.public', MAJAJ / p['public']['path'], 'hvm-public', 'NeuronRecordingAssembly',
                     p['public']['identifier']),
            stimuli('objectome.public', RAJA / 'stimulus_fixture_objectome-public.csv',
                    RAJA / 'stimulus_fixture_objectome-public.zip', 'fixture.objectome-public'),
            assembly('Rajalingham2018.public', SHARED_BRAINIO / shared['behavior']['path'], 'objectome.public',
                     'BehavioralAssembly', shared['behavior']['identifier']),
            stimuli('Hebart2023', HEBART / 'stimulus_Hebart2023.csv', HEBART / 'stimulus_Hebart2023.zip', 'Hebart2023'),
            assembly('Hebart2023', HEBART / 'assy_Hebart2023.nc', 'Hebart2023', 'BehavioralAssembly', 'Hebart2023'),
            stimuli(g, GEIRHOS / f'stimulus_{g}.csv', GEIRHOS / f'stimulus_{g}.zip', g),
            assembly(g, GEIRHOS / f'assy_brendel_{g}.nc', g, 'BehavioralAssembly', f'brendel.{g}')]


def _closed_endpoint():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return f'http://127.0.0.1:{s.getsockname()[1]}'


@contextmanager
def local_catalog():
    """While inside: brainscore_nb reads a catalog in Brain-Score's format naming the fixture files, already in a new
    temporary store (so nothing is downloaded; the S3 endpoint is one nothing listens on)"""
    import pandas as pd
    from brainscore_nb.data.catalog import catalog_files, load_brainscore_catalog
    from brainscore_nb.data.files import sha1_file
    from brainscore_nb.data.store import cached_object
    names = ('BRAINSCORE_NB_HOME', 'BRAINSCORE_NB_BRAINSCORE_CATALOG', 'BRAINSCORE_NB_S3_ENDPOINT')
    before = {k: os.environ.get(k) for k in names}
    home = Path(tempfile.mkdtemp(prefix='bs-e2e-'))
    try:
        rows = []
        for row, files in _rows():
            row = dict(row, bucket='public-data/brainio-brainscore',
                       **{(f'{r}_sha1' if r != 'nc' else 'sha1'): sha1_file(f) for r, f in files.items()},
                       **{(f'{r}_version_id' if r != 'nc' else 'version_id'): 'local' for r in files})
            for role, (name, sha1, _) in catalog_files(row).items():
                cached_object(sha1, name, lambda tmp, f=files[role]: shutil.copyfile(f, tmp), home)
            rows.append(row)
        catalog = home / 'catalog.tsv'
        pd.DataFrame(rows).reindex(columns=load_brainscore_catalog().columns).fillna('').to_csv(
            catalog, sep='\t', index=False)
        os.environ.update(BRAINSCORE_NB_HOME=str(home), BRAINSCORE_NB_BRAINSCORE_CATALOG=str(catalog),
                          BRAINSCORE_NB_S3_ENDPOINT=_closed_endpoint())
        yield home
    finally:
        for k, v in before.items():
            if v is None: os.environ.pop(k, None)
            else: os.environ[k] = v
        shutil.rmtree(home, ignore_errors=True)


def plugin(path):
    "A Brain-Score plugin's model.py, its imports ported, run as a module (a namespace)"
    from brainscore_nb.brainscore.compat import port_imports
    namespace = {'__file__': str(path), '__name__': Path(path).stem}
    exec(compile(port_imports(Path(path).read_text()), str(path), 'exec'), namespace)
    return namespace


def commitment(name):
    from brainscore_nb.brainscore.brain_transformation import ModelCommitment
    s = spec.MODELS[name]
    module = plugin(s['plugin'])
    return ModelCommitment(identifier=s['name'], activations_model=module['get_model'](s['name']),
                           layers=module['get_layers'](s['name']), region_layer_map=dict(s['regions']),
                           behavioral_readout_layer=s['readout'])


def score(name, identifier):
    "The model's score on brainscore_nb's benchmark of Brain-Score's name `identifier` (inside `local_catalog`)"
    import brainscore_nb as bn
    s = bn.score(commitment(name), identifier)
    ceiling = s.attrs.get('ceiling')
    return dict(score=float(s), raw=float(s.attrs['raw']), ceiling=None if ceiling is None else float(ceiling),
                unbounded=float(s.attrs.get('unbounded', s)))  # ours is bounded to [0, 1], Brain-Score's is not


def run(name, mirror, benchmarks=None):
    "Everything bs_e2e_brainscore_side.py records for `name`, asked of brainscore_nb"
    from brainscore_nb.data.stimuli import StimulusSet
    from brainscore_nb.models.interface import BrainModel
    s = spec.MODELS[name]
    names = spec.images(mirror)
    paths = [str(Path(mirror) / n) for n in names]
    out = dict(model=name, images=names)
    with local_catalog():
        model = commitment(name)
        out['activations'] = spec.activations_record(model.activations_model(paths, layers=s['layers']), s)
        ids = [f'im{i:02d}' for i in range(len(paths))]
        stimuli = StimulusSet({'stimulus_id': ids, 'image_label': [n.split('/')[-3] for n in names]},
                              stimulus_paths=dict(zip(ids, paths)), identifier=f'bs-e2e-{name}')
        trials = StimulusSet({'stimulus_id': spec.triplets(ids)}, stimulus_paths=dict(zip(ids, paths)),
                             identifier=f'bs-e2e-{name}-triplets')
        out.update(spec.readouts(model, s, stimuli, trials, BrainModel.Task))
        out['scores'] = {b: score(name, b) for b in (benchmarks or spec.benchmarks(name))}
    return out


def main():
    import torch
    name = sys.argv[1]
    mirror = Path(sys.argv[2] if len(sys.argv) > 2 else os.environ.get(
        'BRAINSCORE_NB_MIRROR', HERE.parents[2] / 'shared' / 'mirror'))
    torch.set_num_threads(int(os.environ.get('BS_E2E_THREADS', '2')))
    out = run(name, mirror)
    out['torch'] = torch.__version__
    if name in ('alexnet', 'resnet18'):
        import hashlib
        weights = plugin(spec.MODELS[name]['plugin'])['weights_path'](name)
        out['weights_sha1'] = hashlib.sha1(weights.read_bytes()).hexdigest()
    assert 'brainscore_vision' not in sys.modules  # nothing of Brain-Score's ran here
    (spec.E2E / f'{name}_ours.json').write_text(json.dumps(out) + '\n')
    print(json.dumps(out['scores'], indent=1))


if __name__ == '__main__':
    main()
