"""Brain-Score's own `Hermann2020cueconflict-shape_bias` and `-shape_match` on the cue-conflict images.

    .venv/bin/python tests/brainio/make_hermann2020.py FOLDER
    /work/bs/bsvenv/bin/python tests/brainio/hermann2020_brainscore_side.py FOLDER

Runs brainscore-vision 2.4.2's benchmark classes through its registry (`load_benchmark`) and its data plugin's
`Geirhos2021_cue-conflict` loader, with the S3 download (`brainio.s3.get_path`) replaced by the files of FOLDER
(written by make_hermann2020.py). The "model" is Brain-Score's `PrecomputedFeatures` holding the paper's AlexNet
answers as its label models give them: choice x presentation, with the stimulus set's columns as presentation
coords (the benchmark filters the answers by `original_image_category` and `conflict_image_category`). Prints one
JSON object with each benchmark's score; tests/brainio/crosschecks/hermann2020.json records them.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brainscore_side import s3_fixtures  # noqa: E402

def main(source):
    with s3_fixtures(source, name=lambda i, t, p: f"{p or 'stimulus_'}{i}.{t}", suffixes=('.csv', '.zip')) as folder:
        import pandas as pd
        from brainscore_core.supported_data_standards.brainio.assemblies import BehavioralAssembly
        from brainscore_vision import load_benchmark, load_stimulus_set
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        stimuli = load_stimulus_set('Geirhos2021_cue-conflict')
        answers = pd.read_csv(folder / 'alexnet.csv').set_index('stimulus_id')['label']
        columns = ['stimulus_id', 'original_image_category', 'conflict_image_category', 'truth']
        labels = BehavioralAssembly([answers.loc[stimuli['stimulus_id']].values], dims=['choice', 'presentation'],
                                    coords={c: ('presentation', stimuli[c].values) for c in columns})
        model = PrecomputedFeatures(labels, visual_degrees=None)
        out = {}
        for kind in ('shape_bias', 'shape_match'):
            score = load_benchmark(f'Hermann2020cueconflict-{kind}')(model)
            out[f'Hermann2020cueconflict-{kind}'] = {'score': float(score), 'raw': float(score), 'ceiling': 1.0}
        print(json.dumps(out))


if __name__ == '__main__':
    main(sys.argv[1])
