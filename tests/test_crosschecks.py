"""One test for every cross-check against Brain-Score 2.4.2 (issue #34). Each benchmark id's record
(tests/brainio/crosschecks/<plugin>.json, one schema: nbs/api/47_coverage.ipynb) holds both sides' numbers on the same
files; here every record's compared numbers must agree within its tolerance (or name why they differ), every id of
the families in tests/crosscheck_fixtures.py is scored here from its fixture served by S3 and must give the recorded
numbers, and README's sentence on the cross-checks must be what `coverage()` computes."""
import re
from pathlib import Path

import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.brainscore.coverage import brainscore_benchmarks, coverage, coverage_sentence, crosscheck_class, read_crosschecks
from brainscore_nb.data.catalog import CatalogError
from brainio_catalog import closed_endpoint, remove_uploads
from crosscheck_fixtures import FAMILIES, model, serve

ROOT = Path(__file__).resolve().parents[1]
CROSSCHECKS = ROOT / 'tests' / 'brainio' / 'crosschecks'
RECORDS = read_crosschecks(CROSSCHECKS)
SCORED = sorted(i for i, r in RECORDS.items() if r['plugin'] in FAMILIES)
OURS_DIGITS = 1e-8  # our numbers are recorded to 8 digits at least


def _at(numbers, key):
    for part in key.split('.'): numbers = numbers[part]
    return numbers


@pytest.mark.parametrize('identifier', sorted(RECORDS))
def test_the_record_agrees_within_its_tolerance(identifier):
    "Both sides' compared numbers within the record's tolerance, or the record names why they differ"
    record = RECORDS[identifier]
    cls, difference, reason = crosscheck_class(record)
    for ours, theirs in record['compared'].items():
        gap = abs(_at(record['ours'], ours) - _at(record['brainscore'], theirs))
        assert gap <= record['tolerance'] or record.get('differs'), (ours, gap)
    assert (cls == 'equal') == (difference <= record['tolerance'] and not record.get('differs')
                                and record['brainscore_ran'] == 'benchmark'
                                and not record.get('brainscore_cannot_run')) and reason


def test_every_brainscore_id_has_one_record_in_its_plugins_file():
    "The records of each plugin are exactly its Brain-Score ids (i1, a metric, is the one record of no benchmark)"
    table = brainscore_benchmarks()
    assert set(RECORDS) - set(table.identifier) == {'i1'}
    by_file = {}
    for identifier, record in RECORDS.items(): by_file.setdefault(record['plugin'], set()).add(identifier)
    for plugin, ids in table.groupby('plugin').identifier:
        files = {p for p, recorded in by_file.items() if recorded & set(ids)}
        assert set().union(*(by_file[p] for p in files)) - {'i1'} == set(ids), plugin


def test_readmes_sentence_is_what_coverage_computes():
    sentence = coverage_sentence(coverage(CROSSCHECKS))
    readme = ' '.join((ROOT / 'README.md').read_text().split())
    assert sentence in readme, sentence


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


@pytest.fixture(scope='module')
def models():
    "Each id's stored model answers, read once"
    return {i: model(RECORDS[i]['plugin'], i) for i in SCORED}


def _close(got, expected, tolerance):
    if isinstance(expected, dict): expected = {k: expected[k] for k in got}
    np.testing.assert_allclose(np.asarray(list(got.values()) if isinstance(got, dict) else got, float),
                               np.asarray(list(expected.values()) if isinstance(expected, dict) else expected, float),
                               rtol=0, atol=tolerance)


@pytest.mark.parametrize('family', sorted(FAMILIES))
def test_scored_here_from_the_fixture(family, s3_env, tmp_path, monkeypatch, models):
    "Every id of the family by Brain-Score's name from the served catalog: Brain-Score's numbers within tolerance, ours"
    serve(family, s3_env.endpoint, tmp_path, monkeypatch)
    for identifier in [i for i in SCORED if RECORDS[i]['plugin'] == family]:
        record = RECORDS[identifier]
        theirs, ours, tolerance = record['brainscore'], record['ours'], record['tolerance']
        benchmark = bn.load_benchmark(identifier)
        assert benchmark.identifier == identifier
        assert {k: getattr(benchmark, k) for k in FAMILIES[family].meta} == FAMILIES[family].meta
        if FAMILIES[family].hidden: assert not set(FAMILIES[family].hidden) & set(benchmark.stimuli.columns)
        score = benchmark(models[identifier])
        raw = score.attrs['raw'] if 'raw' in score.attrs else score
        ceiling = 1.0 if score.attrs.get('unceiled') else score.attrs['ceiling'].center
        got = dict(raw=raw.center, ceiling=ceiling, score=score.center)
        _close({o: got[o] for o in record['compared']}, {o: theirs[b] for o, b in record['compared'].items()},
               tolerance)  # Brain-Score 2.4.2 on the same files
        _close(got, ours, OURS_DIGITS)  # ours, as recorded
        if 'ci' in ours: _close(score.ci, ours['ci'], 1e-6)
        if 'subject_scores' in theirs:  # per subject in the score, or (RSA per animal) in its raw score
            _close(score.attrs.get('subject_scores', raw.attrs.get('per_subject')), theirs['subject_scores'], 1e-9)
        if isinstance(theirs.get('subject_ceilings'), dict):
            _close(score.attrs['subject_ceilings'], theirs['subject_ceilings'], 1e-12)
        elif 'subject_ceilings' in theirs:
            _close(score.attrs['ceiling'].attrs['raw'].values, theirs['subject_ceilings'], 1e-12)
        for key in ('raw_values', 'subject_raw'):
            if key in theirs: _close(raw.attrs['raw'].values, theirs[key], 1e-12)
        if 'raw_error' in theirs: _close([raw.error], [theirs['raw_error']], 1e-12)
        if 'error' in theirs: _close([score.attrs['error']], [theirs['error']], 1e-12)
        if 'factor_scores' in ours: _close(raw.attrs['factor_scores'], ours['factor_scores'], 1e-9)
        if FAMILIES[family].check: FAMILIES[family].check(benchmark, score, record)
        assert score.attrs['benchmark'] == identifier
        assert len(score.attrs['data_sha1']) == (40 if FAMILIES[family].data_sha1 else 0)


@pytest.mark.parametrize('family', sorted(FAMILIES))
def test_with_the_real_catalog_and_no_network(family, monkeypatch):
    """By Brain-Score's names from the shipped catalog, nothing listening: built offline, a clear error naming the
    package's address when its data are first read"""
    monkeypatch.delenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', raising=False)
    end = closed_endpoint()
    monkeypatch.setenv('BRAINSCORE_NB_S3_ENDPOINT', end)
    address = re.escape(f'cannot reach {end}/brainscore-storage/') + FAMILIES[family].offline.replace('.', r'\.')
    for identifier in [i for i in SCORED if RECORDS[i]['plugin'] == family]:
        benchmark = bn.load_benchmark(identifier)  # built without its data, as Brain-Score's are
        with pytest.raises(CatalogError, match=address):
            benchmark.ceiling
