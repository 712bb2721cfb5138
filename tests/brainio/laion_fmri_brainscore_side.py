"""Brain-Score's own `Zerbe2026_fmri[_persubject].*` (LAION-fMRI) on the synthetic fixtures (Brain-Score's python).

    /work/bs/bsvenv/bin/python tests/brainio/laion_fmri_brainscore_side.py

Runs brainscore-vision 2.4.2's 24 benchmarks through its registry, data plugin (`data/laion_fmri`) and BrainIO
loaders, with three stand-ins: the S3 download (`brainio.s3.get_path`) looks up the fixture files of
`tests/brainio/laion_fmri` (copied to a temporary folder); `LAION_FMRI_STIMULI_DIR` points at the fixture's
`stimuli/` (manifest.csv and images, as the plugin's `get_local_stimuli.py` writes them); and the `laion-fmri`
package's `laion_fmri.splits.get_split_masks` (not installed here) is a small module that reads the fixture's
`splits/<pool>/<name>.json` files the way the package reads its bundled ones (train/test = trials whose label is in
variant 0's id lists; `ood_types` keeps test ids of `shared_4rep_OOD_<type>_...`). The "model" is Brain-Score's
`PrecomputedFeatures` holding the fixture features. Prints one JSON object: per benchmark id raw, ceiling, ceiled
score and per subject score, raw and ceiling; tests/brainio/crosschecks/laion_fmri.json holds these beside ours.
"""
import contextlib
import io
import json
import os
import re
import shutil
import sys
import tempfile
import types
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
os.environ.setdefault('BRAINSCORE_SKIP_MEMORY_CHECK', '1')
FIXTURES = Path(__file__).resolve().parent / 'laion_fmri'
SUBJECTS = ('sub-01', 'sub-03', 'sub-05', 'sub-06', 'sub-07')
REGIONS = ('V1', 'V2', 'V4', 'IT')
IDS = ([f'Zerbe2026_fmri_persubject.{r}-{s}-ridgecv' for r in REGIONS for s in ('tau', 'ood')]
       + [f'Zerbe2026_fmri.{r}-{s}-ridgecv' for r in REGIONS for s in ('tau', 'ood')]
       + [f'Zerbe2026_fmri.{r}-rdm-pearson' for r in REGIONS] + [f'Zerbe2026_fmri.{r}-cka' for r in REGIONS])


def splits_module():
    "A stand-in for `laion_fmri.splits` over the fixture's split files"
    import numpy as np
    ood_name = re.compile(r'^shared_4rep_OOD_([a-zA-Z0-9-]+)_.+\.(png|jpg)$')

    def get_split_masks(trials, name, pool, variant_id=0, ood_types=None):
        raw = json.loads((FIXTURES / 'splits' / pool / f'{name}.json').read_text())
        variant = next(v for v in raw['variants'] if v['variant_id'] == variant_id)
        train, test = set(variant['train_ids']), set(variant['test_ids'])
        if ood_types is not None:
            test = {i for i in test if (m := ood_name.match(i)) and m.group(1) in set(ood_types)}
        labels = trials['label'].to_numpy()
        return (np.array([x in train for x in labels], dtype=bool), np.array([x in test for x in labels], dtype=bool))

    package, splits = types.ModuleType('laion_fmri'), types.ModuleType('laion_fmri.splits')
    splits.get_split_masks, package.splits = get_split_masks, splits
    return {'laion_fmri': package, 'laion_fmri.splits': splits}


def number(x):
    return float(x.values) if hasattr(x, 'values') else float(x)


def main():
    folder = Path(tempfile.mkdtemp())
    try:
        for f in FIXTURES.iterdir():
            if f.suffix == '.nc': shutil.copy(f, folder)
        os.environ['LAION_FMRI_STIMULI_DIR'] = str(FIXTURES / 'stimuli')
        sys.modules.update(splits_module())
        from brainscore_core.supported_data_standards.brainio import s3

        def get_path(identifier, file_type, bucket, version_id, sha1, filename_prefix=None, folder_name=None):
            pool, sub = re.fullmatch(r'LAION_fMRI_(full|persubject)_(sub-\d\d)_Assembly', identifier).groups()
            path = folder / f"assy_fixture_Zerbe2026_fmri_{'shared' if pool == 'full' else pool}_{sub}.nc"
            assert path.is_file() and file_type == 'nc', f'no fixture {path.name} for {identifier}'
            return path

        s3.get_path = get_path
        from brainscore_core.supported_data_standards.brainio.assemblies import AssemblyLoader, NeuroidAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = AssemblyLoader(NeuroidAssembly, folder / 'assy_fixture_Zerbe2026_fmri_features.nc').load()
        out = {}
        for identifier in IDS:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):  # its benchmarks print each subject's score
                score = benchmark(PrecomputedFeatures(features, visual_degrees=9.2))
            ceiling = score.attrs['ceiling']
            row = {'raw': number(score.attrs['raw']), 'ceiling': number(ceiling), 'score': number(score),
                   'error': float(score.attrs['error']) if 'error' in score.attrs else None,
                   'version': benchmark.version, 'parent': benchmark.parent,
                   'subject_scores': {s: number(score.attrs[s]) for s in SUBJECTS}}
            if identifier.endswith('-ridgecv'):
                row['subject_raws'] = {s: number(score.attrs[s].attrs['raw']) for s in SUBJECTS}
                row['subject_ceilings'] = {s: number(score.attrs[s].attrs['ceiling']) for s in SUBJECTS}
            elif identifier.endswith('-rdm-pearson'):
                row['subject_ceilings'] = dict(zip(SUBJECTS, map(float, ceiling.attrs['raw_subjects'].values)))
            else:
                row['ceiling_pairs'] = dict(zip(ceiling.attrs['ceiling_pairs']['pair'].values.tolist(),
                                                map(float, ceiling.attrs['ceiling_pairs'].values)))
            out[identifier] = row
        print(json.dumps(out, indent=1))
    finally:
        shutil.rmtree(folder)


if __name__ == '__main__':
    main()
