"""Brain-Score's `Kar2019-ost` by its name, and against Brain-Score's own numbers on synthetic fixtures.

Brain-Score's `ost` metric trains a TensorFlow classifier per time bin (`TFProbabilitiesClassifier`: Adam at lr
1e-4 for at most 40 epochs of minibatches of 64, from VarianceScaling(seed=0) weights); ours fits sklearn's
LogisticRegression to its optimum (`metrics.ost`, checked against transliterations of Brain-Score's I1 and
interpolation rules in tests/test_ost.py). Brain-Score 2.4.2 was run with tensorflow-cpu 2.15.1 in a separate
environment on the fixture files of tests/brainio/kar2019 (written by Brain-Score's packaging code:
tests/brainio/make_kar2019.py; its side: tests/brainio/kar2019_brainscore_side.py); both sides' numbers and its
spread over the classifier's seeds are in tests/brainio/crosschecks/kar2019.json. The two differ by construction:
its classifier barely leaves its random start (a few hundred steps at lr 1e-4), so its decoded I1 and solution times
are mostly noise. Here: the registered id builds from an entry of the real structure, scores the fixture with our
pinned number, and offline with the real catalog names the URL it cannot reach."""
import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint

FIXTURES = Path(__file__).parent / 'brainio' / 'kar2019'
CROSSCHECK = json.loads((Path(__file__).parent / 'brainio' / 'crosschecks' / 'kar2019.json').read_text())


def entry():
    from brainscore_nb.data.assemblies import DataAssembly, attach_stimulus_set
    from brainscore_nb.data.stimuli import StimulusSet
    ids = ['b', 'a', 'c', 'a']  # one image listed twice, as in the real 1,320 rows of 1,318 images
    labels = ['dog', 'car', 'dog', 'car']
    values = np.array([[120., 90., 150., 91.], [125., 95., 155., 96.]])
    a = DataAssembly(values, dims=['decoder', 'presentation'], coords={
        'decoder': ['svm', 'logistic'], 'stimulus_id': ('presentation', ids), 'image_label': ('presentation', labels),
        'i1': ('presentation', [1.0, 1.1, 1.2, 1.3])})
    return attach_stimulus_set(a, StimulusSet(pd.DataFrame({'stimulus_id': ids, 'image_label': labels})),
                               merge_metadata=False)


def test_kar2019_target_is_brainscores():
    "Each stimulus once (the first, sorted), the SVM decoder's OSTs, labels as truth; Brain-Score's facts"
    from brainscore_nb.benchmarks.kar2019 import kar2019
    benchmark = kar2019(lambda name: entry())
    t = benchmark.assembly
    assert t['stimulus_id'].values.tolist() == ['a', 'b', 'c'] and t.values.tolist() == [90., 120., 150.]
    assert t['truth'].values.tolist() == ['car', 'dog', 'dog'] and t['i1'].values.tolist() == [1.1, 1.0, 1.2]
    assert list(benchmark.assembly.stimulus_set['truth']) == ['dog', 'car', 'dog']
    assert (benchmark.identifier, benchmark.version, benchmark.parent, benchmark.region, benchmark.visual_degrees,
            benchmark.number_of_trials) == ('Kar2019-ost', 2, 'IT', 'IT', 8, 44)
    assert benchmark.time_bins == [(s, s + 10) for s in range(70, 250, 10)]
    assert benchmark.ceiling.center == pytest.approx(0.79)
    with pytest.raises(ValueError, match="no 'decoder' coord with an 'svm' entry"):
        kar2019(lambda name: entry().isel(decoder=[1]))


def test_kar2019_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'(assy_dicarlo_Kar2019\.nc|stimulus_Kar2019\.csv)'):
        bn.load_benchmark('Kar2019-ost').ceiling  # built, its data read, when first used


def test_kar2019_fixture_against_brainscore(tmp_path):
    "The fixture package scored as a stored temporal model; ours pinned, Brain-Score's recorded beside it"
    from brainscore_nb.benchmarks.kar2019 import kar2019
    from brainscore_nb.data.brainio import read_brainio_assembly, read_brainio_stimulus_set
    from brainscore_nb.models.interface import BrainModel
    packages = json.loads((FIXTURES / 'packages.json').read_text())
    st, a, f = packages['stimuli'], packages['assembly'], packages['features']
    for key in ('csv_path', 'zip_path'): shutil.copy(FIXTURES / st[key], tmp_path)
    stimuli = read_brainio_stimulus_set(tmp_path / st['csv_path'], tmp_path / st['zip_path'], 'Kar2019')
    entry = read_brainio_assembly(FIXTURES / a['path'], 'DataAssembly', stimuli)
    features = read_brainio_assembly(FIXTURES / f['path'], 'NeuroidAssembly')

    class Stored(BrainModel):
        identifier = 'stored-temporal-features'
        def visual_degrees(self): return 8
        def start_recording(self, region, time_bins): self.bins = time_bins
        def look_at(self, stimuli, number_of_trials=1):
            rows = pd.Index(features['stimulus_id'].values).get_indexer(list(stimuli['stimulus_id']))
            return features.isel(presentation=rows)

    benchmark = kar2019(lambda name: entry)
    rec = CROSSCHECK['Kar2019-ost']
    bs, ours = rec['brainscore'], rec['ours']
    assert benchmark.assembly.sizes['presentation'] == bs['n_images']
    score = benchmark(Stored())
    assert score.attrs['raw'].center == pytest.approx(ours['raw'], abs=1e-6)
    assert score.attrs['ceiling'].center == pytest.approx(bs['ceiling']) and score.center == ours['score']
    # the documented difference: Brain-Score's barely trained classifier scatters around 0 with its seeds
    # (std 0.23 over 5 seeds); ours, trained to its optimum, is above every one of them
    assert score.attrs['raw'].center > bs['raw_max_over_seeds'] + 0.5
