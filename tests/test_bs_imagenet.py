"""Brain-Score's `ImageNet-top1` by its name, on a local ImageNet validation folder named by the `imagenet_val` setting:
a 40-image stand-in (tests/brainio/make_imagenet.py) scored with a "model's" stored answers, and compared with Brain-Score
2.4.2's own `Imagenet2012` on the same files and answers (tests/brainio/imagenet_brainscore_side.py; its numbers are in
tests/brainio/crosschecks/imagenet.json). Without the setting, the error says what to download and where to put it."""
import json
from pathlib import Path

import pandas as pd
import pytest

import brainscore_nb as bn
from brainscore_nb.data.assemblies import BehavioralAssembly
from brainscore_nb.models.interface import PrecomputedBehavior

FIXTURES = Path(__file__).parent / 'brainio' / 'imagenet'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'imagenet.json').read_text())


def model():
    a = pd.read_csv(FIXTURES / 'answers.csv')
    return PrecomputedBehavior(BehavioralAssembly(a['label'].to_numpy(dtype=str), dims=['presentation'], coords={
        'stimulus_id': ('presentation', a['stimulus_id'].to_numpy(dtype=str))}), 'stored-answers')


def test_imagenet_top1_on_the_stand_in_folder():
    from brainscore_nb.benchmarks.imagenet import imagenet_top1
    b = imagenet_top1(FIXTURES / 'val', expected=None)
    assert (b.identifier, b.version, b.parent, b.visual_degrees, b.number_of_trials) == ('ImageNet-top1', 1, 'engineering', None, 10)
    assert len(b.stimuli) == 40 and 'synset' not in b.stimuli.columns  # the labels are never shown
    s = b(model())
    assert s.center == pytest.approx(CROSSCHECK['ImageNet-top1']['brainscore']['score'], abs=1e-12)  # Brain-Score 2.4.2
    assert s.center == pytest.approx(CROSSCHECK['ImageNet-top1']['ours']['score'], abs=1e-12)
    assert s.attrs['error'] == pytest.approx(CROSSCHECK['ImageNet-top1']['brainscore']['error'], abs=1e-12)
    assert s.attrs['unceiled'] and s.ci == pytest.approx(tuple(CROSSCHECK['ImageNet-top1']['ours']['ci']), abs=1e-9)


def test_imagenet_top1_by_name_needs_the_whole_validation_set(monkeypatch):
    "By Brain-Score's name: the setting's folder must hold the 50,000 images (a part gives no ImageNet-top1 number)"
    monkeypatch.setenv('BRAINSCORE_NB_IMAGENET_VAL', str(FIXTURES / 'val'))
    with pytest.raises(ValueError, match=r'holds 40 images in 8 synset folders, not the 50000'):
        bn.load_benchmark('ImageNet-top1').ceiling  # built, its data read, when first used


@pytest.mark.parametrize('value, message', [('', 'needs the ImageNet \\(ILSVRC2012\\) validation images: download '
                                                 'ILSVRC2012_img_val.tar'),
                                            ('/nonexistent/imagenet/val', 'the imagenet_val folder /nonexistent/imagenet/val '
                                                                          'does not exist')])
def test_imagenet_top1_without_the_images_says_what_to_do(value, message, monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_IMAGENET_VAL', value)
    with pytest.raises(FileNotFoundError, match=message) as e:
        bn.load_benchmark('ImageNet-top1').ceiling  # built, its data read, when first used
    assert 'image-net.org' in str(e.value) and 'imagenet_val = /path/to/val' in str(e.value)
