"""Write the inputs of the Hermann2020 cross-check into FOLDER (run with brainscore_nb's environment).

    .venv/bin/python tests/brainio/make_hermann2020.py FOLDER

`stimulus_Geirhos2021_cue-conflict.csv/.zip`: the authors' 2019 cue-conflict images from the mirror, packaged in
Brain-Score's Geirhos2021 layout by `data_packaging/geirhos2019.package_brainscore2021` (as tests/test_bs_geirhos2021.py
and tests/test_bs_hermann2020.py serve them); `alexnet.csv`: the paper's AlexNet answers (stimulus_id, label), one per
image. Then `tests/brainio/hermann2020_brainscore_side.py FOLDER` scores them with Brain-Score's own benchmarks.
"""
import sys
from pathlib import Path

from data_packaging import geirhos2019


def alexnet_answers():
    "The paper's AlexNet answers to the 1,280 cue-conflict images, one per image"
    return geirhos2019.trials('cue_conflict', subjects=['alexnet']).drop_duplicates('stimulus_id')


def main(folder):
    folder = Path(folder)
    geirhos2019.package_brainscore2021('cue_conflict', folder)
    t = alexnet_answers()
    t[['stimulus_id', 'object_response']].rename(columns={'object_response': 'label'}).to_csv(folder / 'alexnet.csv', index=False)


if __name__ == '__main__':
    main(sys.argv[1])
