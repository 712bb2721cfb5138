"""Brain-Score's `Kar2019-ost` by its name. Not cross-checked against Brain-Score's numbers: its `ost` metric trains a
TensorFlow classifier per time bin and Brain-Score's venv has no TensorFlow (measured 2026-11-26: the registry's
tensorflow-cpu 2.21 needs numpy >= 2, which breaks Brain-Score 2.4.2's numpy < 2 pin; `pip install --dry-run
tensorflow-cpu==2.15.1` keeps numpy 1.26. Its classifier, Adam at lr 1e-4 for at most 40 epochs, is not ours,
sklearn's LogisticRegression at its optimum, so the numbers would differ by construction) (`metrics.ost` is
checked against transliterations of Brain-Score's rules in tests/test_ost.py; the benchmark's logic on synthetic data of the entry's
shape in nbs/benchmarks/kar2019.ipynb). Here: the registered id builds from an entry of the real structure, and offline
with the real catalog it names the URL it cannot reach."""
import numpy as np
import pandas as pd
import pytest

from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint


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
        bn.load_benchmark('Kar2019-ost')
