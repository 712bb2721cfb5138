"""Issue 33, item 1, continued: degenerate models (one answer for every stimulus, or answers drawn at random with seed
0) on the behavioural benchmarks whose synthetic fixtures are served from the S3 test server as catalog entries
(the same fixtures as tests/test_crosschecks.py, through tests/crosscheck_fixtures.py, and
tests/test_bs_<family>.py). Each pinned value was measured here: a degenerate model scores at
the benchmark's chance, or its score is NaN with the reason, never a score that looks earned."""
import numpy as np
import pytest

import brainscore_nb as bn
from brainscore_nb.models.interface import PrecomputedBehavior
# the families' catalog fixtures and stored models (their tests are not collected here: only these names)
from crosscheck_fixtures import model as fixture_model, serve
from test_bs_rajalingham2018 import rajalingham_catalog, alexnet as rajalingham_model
from test_bs_malania2007 import VERNIER, malania_catalog, stored_model as malania_model
from brainio_catalog import remove_uploads

_ = (rajalingham_catalog, malania_catalog)  # fixtures
COGGAN = 'tong.Coggan2024_behavior-ConditionWiseAccuracySimilarity'


@pytest.fixture
def shared_fixture(request, s3_env, tmp_path, monkeypatch):
    "Serve one family of tests/crosscheck_fixtures.py (the family named by the test's parameter)"
    return lambda family: serve(family, s3_env.endpoint, tmp_path, monkeypatch)


@pytest.fixture(scope='module', autouse=True)
def remove_buckets_afterwards():
    yield
    remove_uploads()


def degenerate(model:PrecomputedBehavior)->dict:
    "{'one': the first answer for every stimulus, 'random': seeded random answers} in the stored answers' form"
    a, rng = model._choices, np.random.default_rng(0)
    if 'choice' in a.dims:
        n, k = a.sizes['presentation'], a.sizes['choice']
        one = np.zeros((n, k)); one[:, 0] = 1
        shaped = lambda v: a.copy(data=v if a.dims == ('presentation', 'choice') else v.T)
        given = {'one': shaped(one), 'random': shaped(rng.dirichlet(np.ones(k), n))}
    else:
        labels = sorted(map(str, set(a.values.tolist())))
        given = {'one': a.copy(data=np.full(a.shape, labels[0], object)),
                 'random': a.copy(data=rng.choice(labels, a.shape).astype(object))}
    return {k: PrecomputedBehavior(v, f'degenerate-{k}', visual_degrees=model.visual_degrees()) for k, v in given.items()}


CASES = {  # identifier: (catalog fixture, or the family in crosscheck_fixtures, and its stored model)
    COGGAN: ('coggan2024_behavior', lambda: fixture_model('coggan2024_behavior', COGGAN)),
    'Maniquet2024-confusion_similarity': ('maniquet2024', lambda: fixture_model('maniquet2024', '')),
    'Rajalingham2018public-i2n': ('rajalingham_catalog', rajalingham_model), VERNIER: ('malania_catalog', malania_model),
    'Lonnqvist2024_InlabInstructionsBehavioralAccuracyDistance': (
        'lonnqvist2024', lambda: fixture_model('lonnqvist2024', '')),
    **{i: ('baker2022', lambda i=i: fixture_model('baker2022', i)) for i in (
        'Baker2022frankenstein-accuracy_delta', 'Baker2022fragmented-accuracy_delta',
        'Baker2022inverted-accuracy_delta')},
    **{i: ('bmd2024', lambda i=i: fixture_model('bmd2024', i)) for i in (
        'BMD2024.texture_1Behavioral-accuracy_distance', 'BMD2024.texture_2Behavioral-accuracy_distance',
        'BMD2024.dotted_1Behavioral-accuracy_distance', 'BMD2024.dotted_2Behavioral-accuracy_distance')}}


NAN = float('nan')
# identifier: {answers: (raw, ceiled) or (NaN, NaN, the reason's words)}
PINNED = {
    COGGAN: {'one': (NAN, NAN, "the model's accuracy is constant"),
             'random': (-0.08128731263803517, 0.10352459822657502)},
    'Maniquet2024-confusion_similarity': {'one': (0.048638223301667186, 0.09086840657188505),
                                          'random': (-0.12972006746304945, 0.0)},
    'Rajalingham2018public-i2n': {'one': (NAN, NAN, "the model's normalised d' is constant"),
                                  'random': (0.024912061546602138, 0.09280642127130456)},
    VERNIER: {'one': (0.0, 0.0), 'random': (0.0, 0.0)},
    # the fixture's synthetic subjects are right on 64% of 160 trials (two choices): near chance, so a model at
    # chance is close to them (one label and random answers measured the same score here)
    'Lonnqvist2024_InlabInstructionsBehavioralAccuracyDistance': {'one': (0.7800693670258887, 0.8596096096096097),
                                                                  'random': (0.7800693670258887, 0.8596096096096097)},
    # Baker2022: a model answering one label has no accuracy to lose under distortion (delta 0); random answers
    # differ between whole and distorted images only by the draw (0 to 0.14 raw on the fixture's few images)
    'Baker2022frankenstein-accuracy_delta': {'one': (0.0, 0.0), 'random': (0.0, 0.0)},
    'Baker2022fragmented-accuracy_delta': {'one': (0.0, 0.0), 'random': (0.11300085941792065, 0.12680582897643944)},
    'Baker2022inverted-accuracy_delta': {'one': (0.0, 0.0), 'random': (0.1443419318116245, 0.15808878246035066)},
    # BMD2024: the fixture's synthetic subjects answer near chance, so chance answers lie at a middling distance
    'BMD2024.texture_1Behavioral-accuracy_distance': {'one': (0.24610188573036873, 0.33941464172036334),
                                                      'random': (0.24610188573036873, 0.33941464172036334)},
    'BMD2024.texture_2Behavioral-accuracy_distance': {'one': (0.3247419247419247, 0.4225156840317492),
                                                      'random': (0.16237096237096232, 0.21125784201587458)},
    'BMD2024.dotted_1Behavioral-accuracy_distance': {'one': (0.24193061840120672, 0.2893217893217894),
                                                     'random': (0.24193061840120672, 0.2893217893217894)},
    'BMD2024.dotted_2Behavioral-accuracy_distance': {'one': (0.3025197025197025, 0.38465148280789646),
                                                     'random': (0.22688977688977693, 0.2884886121059224)}}


@pytest.mark.parametrize('identifier', sorted(CASES))
def test_degenerate_models_on_catalog_fixtures(identifier, request):
    fixture, model = CASES[identifier]
    if fixture.endswith('_catalog'): request.getfixturevalue(fixture)
    else: request.getfixturevalue('shared_fixture')(fixture)
    b = bn.load_benchmark(identifier)
    for name, m in degenerate(model()).items():
        s, want = b(m), PINNED[identifier][name]
        assert [s.attrs['raw'].center, s.center] == pytest.approx(list(want[:2]), abs=1e-12, nan_ok=True), name
        if np.isnan(s.center): assert want[2] in s.attrs['reason'], name

