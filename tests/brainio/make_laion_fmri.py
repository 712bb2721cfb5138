"""Write the synthetic LAION-fMRI (Zerbe2026) fixtures with Brain-Score's own packaging code (Brain-Score's python).

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/make_laion_fmri.py

Brain-Score 2.4.2's `Zerbe2026_fmri[_persubject].*` read one assembly per subject (sub-01, 03, 05, 06, 07) and pool:
`Zerbe2026_fmri_full_<sub>` (the shared pool: 1,121 regular images x 12 repetitions and 371 OOD images x 4, trial
rows) and `Zerbe2026_fmri_persubject_full_<sub>` (the subject's 5,833 regular images, shared and its own, plus the 371
OOD ones). Presentation coords: `stimulus_id` (the image's file name, e.g. `shared_12rep_LAION_cluster_1003_i0.jpg`,
`shared_4rep_OOD_shape_<...>.png`), `repetition`, and `subject_id_pres` (shared) or `session`, `run`, `beta_index`
(per-subject pool). Neuroid coords: `subject_id`, `region` (V1, V2, V3, V4, IT), `roi`, `voxel_index_in_brain_mask`,
`nc_4rep`, `nc_12rep`, `nc_allrep` (percent; the benchmark keeps voxels with nc_12rep above 30). No time bin
(data/laion_fmri/data_packaging). The train/test divisions come from the `laion-fmri` package's re:vision split files
(`<pool>/<split>.json`, `variants[0].train_ids/test_ids`) and the images from a local folder (`manifest.csv` with
`stimulus_id` and `filename`) under the dataset's use agreement. This script writes, seeded and small:

- `assy_fixture_Zerbe2026_fmri_{shared,persubject}_<sub>.nc` with `package_data_assembly_locally` of brainscore-core
  2.5.0: 24 shared regular images x 3 repetitions, 9 OOD images (one per category) x 2, and per subject 12 own images x 1
  (per-subject pool only); 5 regions x 6 voxels per subject, 2 of each 6 at or below nc_12rep 30 (the others
  4.5 higher per subject); float32;
- `splits/<pool>/{tau,ood}.json` in the package's format: tau 18/6 of the shared images (shared pool) and 27/9 of
  the 36 regular images (per-subject pools); ood every regular image / the 9 OOD ones;
- `stimuli/manifest.csv` and 4 x 4 PNGs of the 93 images;
- `assy_fixture_Zerbe2026_fmri_features.nc`: a "model's" 32 features of the 93 images.

Responses are a per-voxel linear readout of the features (weights shared by the subjects plus half as much of
their own) plus noise per trial.
Files go to `laion_fmri/` beside this script, with `packages.json`.
"""
import json
import os
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
import numpy as np
import pandas as pd
from PIL import Image
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly
from brainscore_core.supported_data_standards.brainio.packaging import package_data_assembly_locally

OUT = Path(__file__).resolve().parent / 'laion_fmri'
SUBJECTS = ('sub-01', 'sub-03', 'sub-05', 'sub-06', 'sub-07')
REGIONS, VOXELS, N_FEATURES = ('V1', 'V2', 'V3', 'V4', 'IT'), 6, 32
OOD_TYPES = ('shape', 'relations', 'unusual', 'cropped', 'selfmade', 'gaudy', 'illusion-classic', 'gabor',
             'illusion-natural')
NC = [12.0, 41.0, 55.5, 30.0, 36.0, 68.0]  # percent; 12.0 and 30.0 are dropped (the benchmark keeps > 30)


def relative(output: dict) -> dict:
    return {k: (Path(v).name if k.endswith('path') else v) for k, v in output.items()}


def main():
    rng = np.random.default_rng(2026)
    OUT.mkdir(exist_ok=True)
    shared = [f'shared_12rep_LAION_cluster_{1000 + 7 * i}_i{i % 3}.jpg' for i in range(24)]
    ood = [f'shared_4rep_OOD_{t}_{i:03d}.png' for i, t in enumerate(OOD_TYPES)]
    own = {s: [f'{s}_1rep_LAION_cluster_{2000 + 5 * i}_i0.jpg' for i in range(12)] for s in SUBJECTS}
    images = shared + ood + [i for s in SUBJECTS for i in own[s]]
    (OUT / 'stimuli').mkdir(exist_ok=True)
    for name in images:
        Image.fromarray(rng.integers(0, 256, size=(4, 4, 3), dtype=np.uint8)).save(OUT / 'stimuli' / name,
                                                                                   format='PNG')
    pd.DataFrame({'stimulus_id': images, 'filename': images}).to_csv(OUT / 'stimuli' / 'manifest.csv', index=False)
    features = pd.DataFrame(rng.normal(size=(len(images), N_FEATURES)), index=images)

    def write_split(pool, name, train, test):
        folder = OUT / 'splits' / pool
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f'{name}.json').write_text(json.dumps({
            'name': name, 'pool': f'fixture {pool}', 'n_train': len(train), 'n_test': len(test),
            'variants': [{'variant_id': 0, 'train_ids': list(train), 'test_ids': list(test)}]}, indent=0) + '\n')

    order = rng.permutation(len(shared))
    write_split('shared', 'tau', [shared[i] for i in order[:18]], [shared[i] for i in order[18:]])
    write_split('shared', 'ood', shared, ood)
    for s in SUBJECTS:
        regular = shared + own[s]
        order = rng.permutation(len(regular))
        write_split(s, 'tau', [regular[i] for i in order[:27]], [regular[i] for i in order[27:]])
        write_split(s, 'ood', regular, ood)

    packages = {}
    common = rng.normal(size=(N_FEATURES, len(REGIONS) * VOXELS))  # voxels of all subjects share most of a readout
    for k, s in enumerate(SUBJECTS):
        n = len(REGIONS) * VOXELS
        nc = np.tile([v + 4.5 * k if v > 30 else v for v in NC], len(REGIONS))  # each subject's own ceilings
        weights = (common + 0.5 * rng.normal(size=(N_FEATURES, n))) / np.sqrt(N_FEATURES)
        noise_sd = rng.uniform(0.5, 1.5, size=n)
        neuroid = {'subject_id': [s] * n, 'region': np.repeat(REGIONS, VOXELS).tolist(),
                   'roi': [f'{r}v' if r != 'IT' else 'laionventral' for r in np.repeat(REGIONS, VOXELS)],
                   'voxel_index_in_brain_mask': rng.choice(200000, n, replace=False).astype(np.int32),
                   'nc_4rep': np.float32(nc * 0.6), 'nc_12rep': np.float32(nc), 'nc_allrep': np.float32(nc * 1.1)}
        for pool in ('shared', 'persubject'):
            trials = [(i, r) for i in shared for r in range(3)] + [(i, r) for i in ood for r in range(2)]
            if pool == 'persubject': trials += [(i, 0) for i in own[s]]
            trials = [trials[k] for k in rng.permutation(len(trials))]  # sessions interleave the images
            ids = [t[0] for t in trials]
            values = features.loc[ids].values @ weights + rng.normal(size=(len(ids), n)) * noise_sd
            presentation = {'stimulus_id': ids, 'repetition': [t[1] for t in trials]}
            if pool == 'shared':
                presentation['subject_id_pres'] = [f'{s}_v3'] * len(ids)  # as the published files spell it
            else:
                presentation.update(session=[1 + k // 40 for k in range(len(ids))],
                                    run=[1 + (k // 10) % 4 for k in range(len(ids))],
                                    beta_index=list(range(len(ids))))
            name = f'fixture.Zerbe2026_fmri_{pool}.{s}'
            assembly = NeuroidAssembly(values.astype(np.float32), dims=['presentation', 'neuroid'], coords={
                **{k: ('presentation', v) for k, v in presentation.items()},
                **{k: ('neuroid', v) for k, v in neuroid.items()}})
            assembly.name = name
            packages[f'{pool}_{s}'] = relative(package_data_assembly_locally(
                proto_data_assembly=assembly, assembly_identifier=name,
                stimulus_set_identifier='fixture.Zerbe2026_fmri.stimuli', assembly_class_name='NeuroidAssembly',
                downloads_path=OUT))
    model = NeuroidAssembly(features.values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', images), 'image_index': ('presentation', np.arange(len(images))),
        'neuroid_id': ('neuroid', [f'unit_{i}' for i in range(N_FEATURES)]),
        'layer': ('neuroid', ['features'] * N_FEATURES)})
    packages['features'] = relative(package_data_assembly_locally(
        proto_data_assembly=model, assembly_identifier='fixture.Zerbe2026_fmri.features',
        stimulus_set_identifier='fixture.Zerbe2026_fmri.stimuli', assembly_class_name='NeuroidAssembly',
        downloads_path=OUT))
    (OUT / 'packages.json').write_text(json.dumps(packages, indent=1) + '\n')
    for name, p in packages.items(): print(name, p)


if __name__ == '__main__':
    main()
