"""Brain-Score's own Geirhos2021 benchmarks on the data brainscore_nb's tests use: run by a Brain-Score environment's python.

    /work/bsvenv/bin/python benchmarks/geirhos2021_vs_brainscore.py [--mirror ../shared/mirror]

Brain-Score 2.4.2's benchmark classes (`_Geirhos2021ErrorConsistency`, `_Geirhos2021Accuracy`) are built with their
`load_dataset` replaced by Brain-Score's local loaders (`StimulusSetLoader`, `StimulusMergeAssemblyLoader`) on local
files, so nothing reaches S3:
- `edge`, `silhouette`, `cue-conflict`: the authors' 2019 trial CSVs and images from the mirror, made into
  assemblies and stimulus sets exactly as Brain-Score's packaging scripts (data/geirhos2021/data_packaging/<name>/)
  do, and written with Brain-Score's `package_*_locally`; the model is the paper's AlexNet (its published answers);
- `uniform-noise`: the synthetic fixture of tests/brainio/geirhos2021 (written by make_geirhos2021.py) and its model.
Models are precomputed answers shown at 3 degrees (the benchmarks' own, so no image is rescaled). Prints one line
per benchmark: ceiling, raw and ceiled score; tests/test_bs_geirhos2021.py pins brainscore_nb's values, which agree.
"""
import argparse
import os
import re
import sys
import tempfile
import zipfile
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
import numpy as np
import pandas as pd
from brainscore_core.supported_data_standards.brainio.assemblies import (AssemblyLoader, BehavioralAssembly,
                                                                         StimulusMergeAssemblyLoader)
from brainscore_core.supported_data_standards.brainio.packaging import (package_data_assembly_locally,
                                                                        package_stimulus_set_locally)
from brainscore_core.supported_data_standards.brainio.stimuli import StimulusSet, StimulusSetLoader

ROOT = Path(__file__).resolve().parents[1]
COMMIT = 'ccd0c01d42c0a8a834e90ec141e7f24fa915dc23'
EXPERIMENTS = {'edge': ('edges', 'edge-experiment'), 'silhouette': ('filled-silhouettes', 'silhouette-filled-experiment'),
               'cue-conflict': ('style-transfer-preprocessed-512', 'style-transfer-512-nomask-experiment')}


def load_local(csv, zip_path, nc, identifier, work):
    "Brain-Score's loaders on local files: the stimulus set from CSV + unzipped ZIP, the assembly merged with it"
    folder = Path(work) / f'{identifier}-stimuli'
    with zipfile.ZipFile(zip_path) as z: z.extractall(folder)
    stimuli = StimulusSetLoader(StimulusSet, csv, folder).load()
    stimuli.identifier = identifier
    return StimulusMergeAssemblyLoader(BehavioralAssembly, nc, stimulus_set_identifier=identifier, stimulus_set=stimuli).load()


def package_2019(name, repo, work):
    "The 2019 experiment as Brain-Score's Geirhos2021_<name> packages, written by Brain-Score; paths of csv, zip, nc"
    stim_folder, exp = EXPERIMENTS[name]
    rows, paths = [], {}
    for path in sorted((repo / 'stimuli' / stim_folder).glob('*/*.png')):
        sid = path.stem
        if name == 'cue-conflict':  # cue-conflict_stimulus_set.py
            a, av, b, bv = re.match(r"([a-z]+)([0-9]+)-([a-z]+)([0-9]+)", sid, re.I).groups()
            rows.append(dict(stimulus_id=sid, image_id=sid, original_image=sid.split('-')[0], conflict_image=sid.split('-')[1],
                             truth=a, category=a, original_image_category=a, original_image_variation=av,
                             conflict_image_category=b, conflict_image_variation=bv, condition=0))
        else:  # edge_stimulus_set.py, silhouette_stimulus_set.py
            c, v = re.match(r"([a-z]+)([0-9]+)", sid, re.I).groups()
            rows.append(dict(stimulus_id=sid, image_id=sid, image_category=c, truth=c, image_variation=v, condition=0))
        paths[sid] = path
    stimuli = StimulusSet(rows)
    stimuli.stimulus_paths = paths
    stimuli.identifier = f'Geirhos2021_{name}'
    s = package_stimulus_set_locally(stimuli, stimuli.identifier, downloads_path=work)
    subjects = pd.concat([pd.read_csv(repo / 'raw-data' / exp / f'{exp}_subject-{i:02d}_session_1.csv') for i in range(1, 11)])
    subjects['image_id_long'] = subjects['imagename'].str.split('_', expand=True)[6].str.replace('.png', '')
    assembly = BehavioralAssembly(subjects['object_response'], dims=['presentation'], coords={  # <name>_data_assembly.py
        'image_id': ('presentation', subjects['image_id_long']), 'image_id_long': ('presentation', subjects['imagename']),
        'truth': ('presentation', subjects['category']), 'choice': ('presentation', subjects['object_response']),
        'category': ('presentation', subjects['category']), 'condition': ('presentation', subjects['condition']),
        'response_time': ('presentation', subjects['rt']), 'trial': ('presentation', subjects['trial']),
        'subject': ('presentation', subjects['subj']), 'session': ('presentation', subjects['session']),
        'stimulus_id': ('presentation', subjects['image_id_long'])})
    a = package_data_assembly_locally(assembly, f'brendel.Geirhos2021_{name}', stimuli.identifier,
                                      assembly_class_name='BehavioralAssembly', downloads_path=work)
    return s['csv_path'], s['zip_path'], a['path']


def paper_model(name, repo, stimuli):
    "The paper's AlexNet: its published answers, one per image, with the coords Brain-Score's metric reads"
    exp = EXPERIMENTS[name][1]
    t = pd.read_csv(repo / 'raw-data' / exp / f'{exp}_alexnet_session_1.csv')
    t['stimulus_id'] = [Path(n.split('_', 6)[6]).stem for n in t['imagename']]
    t = t.drop_duplicates('stimulus_id').set_index('stimulus_id').loc[stimuli['stimulus_id'].values]
    return BehavioralAssembly(t['object_response'].values, dims=['presentation'], coords={
        'stimulus_id': ('presentation', t.index.values), 'truth': ('presentation', t['category'].values),
        'condition': ('presentation', t['condition'].astype(str).values)})


def score(dataset, assembly, model):
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    from brainscore_vision.benchmarks.geirhos2021 import benchmark as plugin
    plugin.load_dataset = lambda identifier: assembly  # instead of S3: the files loaded above
    for b in (plugin._Geirhos2021ErrorConsistency(dataset), plugin._Geirhos2021Accuracy(dataset)):
        s = b(PrecomputedFeatures(model, visual_degrees=3))
        raw = float(s) if b.identifier.endswith('-top1') else float(s.attrs['raw'])  # top-1: the score is the accuracy
        print(f'{b.identifier:42s} ceiling {float(b.ceiling):.8f}  raw {raw:.8f}  score {float(s):.8f}', flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--mirror', default=str(ROOT.parent / 'shared' / 'mirror'))
    args = p.parse_args(argv)
    repo = Path(args.mirror) / 'rgeirhos' / 'texture-vs-shape' / COMMIT
    from brainscore_vision.benchmarks.geirhos2021.benchmark import cast_coordinate_type
    with tempfile.TemporaryDirectory() as work:
        for name in EXPERIMENTS:
            assembly = load_local(*package_2019(name, repo, work), f'Geirhos2021_{name}', work)
            score(name, assembly, paper_model(name, repo, assembly.stimulus_set))
        fixtures = ROOT / 'tests' / 'brainio' / 'geirhos2021'
        assembly = load_local(fixtures / 'stimulus_Geirhos2021_uniform-noise.csv', fixtures / 'stimulus_Geirhos2021_uniform-noise.zip',
                              fixtures / 'assy_brendel_Geirhos2021_uniform-noise.nc', 'Geirhos2021_uniform-noise', work)
        model = AssemblyLoader(BehavioralAssembly, fixtures / 'assy_fixture_Geirhos2021_uniform-noise_model.nc').load()
        score('uniform-noise', assembly, cast_coordinate_type(model, 'condition', newtype=str))  # as Brain-Score's test does


if __name__ == '__main__':
    sys.exit(main())
