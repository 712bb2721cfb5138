"""Brain-Score's own `ImageNet-C-{noise,blur,weather,digital}-top1` on the synthetic fixtures, both ways its plugin loads the images.

    /work/bs/bsvenv/bin/python tests/brainio/imagenet_c_brainscore_side.py

Runs brainscore-vision 2.4.2's `Imagenet_C_<Category>` through its registry. Its plugin first looks for a local copy
(`LOCAL_STIMULUS_DIRECTORY/stimulus_imagenet_c_noise/`, on Brain-Score's machines) and keeps every 10th row of its CSV
(`sampling_factor=10`); without one it loads the catalog's `imagenet_c.noise`, all rows. Both are run: the local
directory pointed at the unpacked fixture ('sampled'), and the catalog loader with the S3 download
(`brainio.s3.get_path`) replaced by the fixture files ('catalog'). The "model" is Brain-Score's `PrecomputedFeatures`
holding answers.csv (choice x presentation with the stimulus set's columns, as its label models answer). Prints one JSON object; recorded in
tests/brainio/crosschecks/imagenet_c.json.
"""
import json
import shutil
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / 'imagenet_c'


CATEGORIES = ('noise', 'blur', 'weather', 'digital')


def main():
    with s3_fixtures(FIXTURES, name=lambda i, t, p: f"{p or 'stimulus_'}{i.replace('.', '_')}.{t}", suffixes=('.csv', '.zip')) as folder:
        for category in CATEGORIES:
            local = folder / 'local' / f'stimulus_imagenet_c_{category}'
            local.mkdir(parents=True)
            shutil.copy(FIXTURES / f'stimulus_imagenet_c_{category}.csv', local)
            with zipfile.ZipFile(FIXTURES / f'stimulus_imagenet_c_{category}.zip') as z: z.extractall(local)
        import pandas as pd
        from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        from brainscore_vision.benchmarks.imagenet_c import benchmark as plugin
        out = {}
        for category in CATEGORIES:
            answers = pd.read_csv(FIXTURES / ('answers.csv' if category == 'noise' else f'answers_{category}.csv'))
            stimuli = pd.read_csv(FIXTURES / f'stimulus_imagenet_c_{category}.csv').set_index('stimulus_id')
            labels = BehavioralAssembly([answers['label'].values], dims=['choice', 'presentation'], coords={
                'stimulus_id': ('presentation', answers['stimulus_id'].values),
                **{c: ('presentation', stimuli.loc[answers['stimulus_id'], c].values)
                   for c in ('filename', 'noise_type', 'noise_level')}})
            model = PrecomputedFeatures(labels, visual_degrees=None)
            identifier, out[identifier := f'ImageNet-C-{category}-top1'] = None, {}
            for how, directory in (('sampled', str(folder / 'local')), ('catalog', str(folder / 'nowhere'))):
                plugin.LOCAL_STIMULUS_DIRECTORY = directory
                benchmark = load_benchmark(identifier)
                score = benchmark(model)
                out[identifier][how] = {'score': float(score), 'error': float(score.attrs['error']),
                                        'n': len(benchmark.stimulus_set), 'version': benchmark.version,
                                        'parent': benchmark.parent}
        print(json.dumps(out))


if __name__ == '__main__':
    main()
