"""`Rajalingham2018public-i2n` by Brain-Score's name, built from Brain-Score's catalog entries (`Rajalingham2018.public`
and its stimulus set `objectome.public`, also the fitting stimuli) served by the SeaweedFS test server as a test
catalog: ../shared/brainio's trials (written by Brain-Score) and tests/brainio/rajalingham2018's stimulus set (written
by Brain-Score's packaging code, tests/brainio/make_rajalingham2018.py), scored with Brain-Score's stored AlexNet
probabilities as a precomputed model. The pinned numbers are Brain-Score 2.4.2's own on the same files
(tests/brainio/brainscore_rajalingham2018.py: its benchmark class, metric and ceiling)."""
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.catalog import CatalogError
from brainscore_nb.metrics.behavior import i2n, i2n_ceiling
from brainscore_nb.models.interface import BrainModel, PrecomputedBehavior

from brainio_catalog import BRAINIO, PACKAGES, assembly_row, remove_uploads, stimulus_row, upload, use_catalog
from brainio_catalog import closed_endpoint, crosscheck

PACKAGE = Path(__file__).resolve().parent / 'brainio' / 'rajalingham2018'
CSV, ZIP = PACKAGE / 'stimulus_fixture_objectome-public.csv', PACKAGE / 'stimulus_fixture_objectome-public.zip'
TRIALS = BRAINIO / PACKAGES['behavior']['path']
# Brain-Score 2.4.2 on these files (tests/brainio/brainscore_rajalingham2018.py)
_BS = crosscheck('rajalingham2018')['Rajalingham2018public-i2n']['brainscore']  # tests/brainio/brainscore_rajalingham2018.py
BS_CEILING_SPLITS, BS_RAW_SPLITS = _BS['ceiling_splits'], _BS['raw_splits']
BS_CEILING, BS_RAW, BS_SCORE, BS_ERROR = _BS['ceiling'], _BS['raw'], _BS['score'], _BS['error']


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture
def rajalingham_catalog(s3_env, tmp_path, monkeypatch):
    "A catalog in Brain-Score's format serving the fixtures under Brain-Score's names"
    v = upload(s3_env.endpoint, CSV, ZIP, TRIALS)
    rows = [stimulus_row('objectome.public', CSV, ZIP, v, identifier='fixture.objectome-public'),
            assembly_row('Rajalingham2018.public', TRIALS, v, stimulus_set='objectome.public', cls='BehavioralAssembly',
                         identifier=PACKAGES['behavior']['identifier'])]
    return use_catalog(rows, tmp_path / 'test_catalog.tsv', monkeypatch)


def alexnet():
    probabilities = read_brainio_assembly(BRAINIO / 'alexnet-probabilities.nc', 'BehavioralAssembly')
    return PrecomputedBehavior(probabilities, 'alexnet-stored')


def test_stimulus_set_fixture_is_objectome_like():
    "240 PNGs named by the trials' stimulus_ids, with Brain-Score's objectome columns"
    import zipfile
    df = pd.read_csv(CSV)
    assert set(df.columns) == {'stimulus_id', 'image_sample_obj', 'image_label', 'filename'} and len(df) == 240
    trials = read_brainio_assembly(TRIALS, 'BehavioralAssembly')
    truth = pd.Series(trials['truth'].values, index=trials['stimulus_id'].values).groupby(level=0).first()
    assert set(df.stimulus_id) == set(truth.index)
    assert (df.set_index('stimulus_id').image_sample_obj == truth.reindex(df.stimulus_id).values).all()
    assert (df.image_label == df.image_sample_obj).all() and df.image_sample_obj.nunique() == 24
    with zipfile.ZipFile(ZIP) as z:
        assert sorted(z.namelist()) == sorted(df.filename) and z.read(df.filename[0])[:4] == b'\x89PNG'
    assert CSV.stat().st_size + ZIP.stat().st_size < 200_000


def test_i2n_and_its_ceiling_are_brainscores_on_the_fixture():
    "The metric and the ceiling per split, as Brain-Score computes them on the same arrays (same RandomState(0) halves)"
    trials = read_brainio_assembly(TRIALS, 'BehavioralAssembly')
    ceiling = i2n_ceiling(trials)
    np.testing.assert_allclose(ceiling.attrs['raw'].values, BS_CEILING_SPLITS, rtol=0, atol=1e-12)
    assert ceiling.center == pytest.approx(BS_CEILING, abs=1e-12)
    raw = i2n(alexnet()._choices, trials)
    np.testing.assert_allclose(raw.attrs['raw'].values, BS_RAW_SPLITS, rtol=0, atol=1e-12)  # float32 in, float64 rates
    assert raw.center == pytest.approx(BS_RAW, abs=1e-12)


def test_rajalingham2018_public_from_the_catalog(rajalingham_catalog):
    "bn.load_benchmark by Brain-Score's name, built from the catalog entries served by S3, scored with stored probabilities"
    import brainscore_nb as bn
    benchmark = bn.load_benchmark('Rajalingham2018public-i2n')
    b = benchmark
    assert (b.identifier, b.version, b.visual_degrees, b.number_of_trials, b.parent) == ('Rajalingham2018public-i2n', 2, 8, 2,
                                                                                          'behavior')
    assert benchmark.task == BrainModel.Task.probabilities and benchmark.assembly.sizes['presentation'] == 22080
    assert benchmark.assembly.stimulus_set.identifier == 'objectome.public'
    assert int(benchmark.assembly['correct'].sum()) == 15957  # choice == sample_obj, Brain-Score's `correct`
    assert benchmark.fitting_stimuli.identifier == 'objectome.public' and len(benchmark.fitting_stimuli) == 240
    assert set(benchmark.assembly['image_sample_obj'].values) == set(benchmark.assembly['sample_obj'].values)  # merged
    score = benchmark(alexnet())
    raw, ceiling = score.attrs['raw'], score.attrs['ceiling']
    np.testing.assert_allclose(ceiling.attrs['raw'].values, BS_CEILING_SPLITS, rtol=0, atol=1e-12)
    assert ceiling.center == pytest.approx(BS_CEILING, abs=1e-12) and raw.center == pytest.approx(BS_RAW, abs=1e-12)
    assert score.center == pytest.approx(BS_SCORE, abs=1e-12)
    assert score.attrs['error'] == pytest.approx(BS_ERROR, abs=1e-12)
    assert score.center == pytest.approx(np.mean(np.asarray(BS_RAW_SPLITS) / np.sqrt(BS_CEILING_SPLITS)), abs=1e-12)
    assert score.attrs['benchmark'] == 'Rajalingham2018public-i2n' and score.attrs['model'] == 'alexnet-stored'
    labels = read_brainio_assembly(TRIALS, 'BehavioralAssembly').isel(presentation=slice(0, 3))
    with pytest.raises(NotImplementedError, match='only answers label tasks'):  # stored choices cannot answer probabilities
        benchmark(PrecomputedBehavior(labels, 'labels'))


def test_model_missing_stimuli_says_which(rajalingham_catalog):
    import brainscore_nb as bn
    probabilities = alexnet()._choices.isel(presentation=slice(0, 200))
    with pytest.raises(KeyError, match='no features for 40 of the 240 stimuli'):
        bn.load_benchmark('Rajalingham2018public-i2n')(PrecomputedBehavior(probabilities, 'partial'))


def test_rajalingham2018_public_with_the_real_catalog_and_no_network(monkeypatch):
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'assy_dicarlo_Rajalingham2018_public\.nc'):
        bn.load_benchmark('Rajalingham2018public-i2n').ceiling  # built, its data read, when first used


PRIVATE_BUCKET = 'private-data'  # not readable anonymously on the test server (only PUBLIC_BUCKET is)


@pytest.fixture
def private_catalog(s3_env, tmp_path, monkeypatch):
    "The fixtures served as the private entries (`Rajalingham2018.private`, `objectome.private`) from a private bucket"
    v = upload(s3_env.endpoint, CSV, ZIP, TRIALS, bucket=PRIVATE_BUCKET)
    public = upload(s3_env.endpoint, CSV, ZIP)
    where = dict(bucket=f'{PRIVATE_BUCKET}/brainio-brainscore')
    rows = [stimulus_row('objectome.public', CSV, ZIP, public, identifier='fixture.objectome-public'),
            stimulus_row('objectome.private', CSV, ZIP, v, identifier='fixture.objectome-public', **where),
            assembly_row('Rajalingham2018.private', TRIALS, v, stimulus_set='objectome.private', cls='BehavioralAssembly',
                         identifier=PACKAGES['behavior']['identifier'], **where)]
    return use_catalog(rows, tmp_path / 'private_catalog.tsv', monkeypatch)


def test_rajalingham2018_private_with_credentials(private_catalog):
    """`Rajalingham2018-i2n`: Brain-Score's private benchmark, read with credentials. Its class takes the public one's
    steps (the same __call__ and ceil_score in 2.4.2), so on the public fixture served as the private entry it gives
    Brain-Score's public numbers"""
    import brainscore_nb as bn
    b = bn.load_benchmark('Rajalingham2018-i2n')
    assert (b.identifier, b.version, b.visual_degrees, b.number_of_trials, b.parent) == ('Rajalingham2018-i2n', 2, 8, 2, 'behavior')
    assert b.assembly.stimulus_set.identifier == 'objectome.private' and b.fitting_stimuli.identifier == 'objectome.public'
    score = b(alexnet())
    assert (score.attrs['ceiling'].center, score.attrs['raw'].center, score.center) == pytest.approx(
        (BS_CEILING, BS_RAW, BS_SCORE), abs=1e-12)
    assert score.attrs['benchmark'] == 'Rajalingham2018-i2n'


def test_rajalingham2018_private_without_credentials(private_catalog, monkeypatch):
    "Without credentials, a clear error: the dataset is private and reading it needs credentials, naming the file"
    import brainscore_nb as bn
    for k in ('AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'): monkeypatch.delenv(k, raising=False)
    with pytest.raises(CatalogError, match=r"'Rajalingham2018.private' is private data \(.*/private-data/brainio-brainscore/"
                                           r"assy_fixture_Rajalingham2018_public\.nc.*needs credentials"):
        bn.load_benchmark('Rajalingham2018-i2n').ceiling  # built, its data read, when first used


def test_rajalingham2018_private_with_the_real_catalog_and_no_network(monkeypatch):
    "By Brain-Score's name from the shipped catalog, with no network: a clear error naming the file it cannot reach"
    import brainscore_nb as bn
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    with pytest.raises(CatalogError, match=f'cannot reach {end}/brainscore-storage/brainio-brainscore/'
                                           r'assy_dicarlo_Rajalingham2018_private\.nc'):
        bn.load_benchmark('Rajalingham2018-i2n').ceiling  # built, its data read, when first used
