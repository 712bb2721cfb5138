"""Brain-Score's own `ImageNet-top1` on the stand-in validation folder of tests/brainio/imagenet.

    /work/bs/bsvenv/bin/python tests/brainio/imagenet_brainscore_side.py

Runs brainscore-vision 2.4.2's `Imagenet2012` through its registry with one change: the plugin's CSV of the 50,000
images (`imagenet2012.csv`, paths on Brain-Score's machines) is replaced, where the benchmark reads it, by the same
columns listing the 40 files of tests/brainio/imagenet/val (filename, filepath, image_id, label, synset). The "model" is
Brain-Score's `PrecomputedFeatures` holding answers.csv as its label models answer (choice x presentation, with the
stimulus set's columns). Prints one JSON object with the score; recorded in tests/brainio/crosschecks/imagenet.json.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import brainscore_side  # noqa: E402,F401  (BS_INSTALL_DEPENDENCIES=no, RESULTCACHING_DISABLE=1)
FIXTURES = Path(__file__).resolve().parent / 'imagenet'


def main():
    import pandas as pd
    files = sorted((f.name, f.parent.name, str(f)) for f in (FIXTURES / 'val').glob('n*/*.JPEG'))
    listing = pd.DataFrame({'filename': [f for f, _, _ in files], 'filepath': [p for _, _, p in files],
                            'image_id': [f for f, _, _ in files], 'label': 0, 'synset': [s for _, s, _ in files]})
    from brainscore_vision.benchmarks.imagenet import benchmark as plugin
    read_csv = plugin.pd.read_csv
    plugin.pd = type('pd', (), {'read_csv': staticmethod(lambda path, *a, **k: listing.copy() if str(path).endswith(
        'imagenet2012.csv') else read_csv(path, *a, **k))})
    from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
    from brainscore_vision import load_benchmark
    from brainscore_vision.benchmark_helpers import PrecomputedFeatures
    answers = pd.read_csv(FIXTURES / 'answers.csv').set_index('stimulus_id')['label']
    labels = BehavioralAssembly([answers.loc[listing['image_id']].values], dims=['choice', 'presentation'], coords={
        'stimulus_id': ('presentation', listing['image_id'].values), 'filename': ('presentation', listing['filename'].values)})
    score = load_benchmark('ImageNet-top1')(PrecomputedFeatures(labels, visual_degrees=None))
    print(json.dumps({'ImageNet-top1': {'score': float(score), 'raw': float(score), 'ceiling': 1.0,
                                        'error': float(score.attrs['error'])}}))


if __name__ == '__main__':
    main()
