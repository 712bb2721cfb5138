"""Brain-Score's activation cache-key contract, as the wing's `ActivationsExtractorHelper` follows it
(`brainscore_nb.brainscore.cache_key`; Brain-Score's own tests of it run in
tests/brainio/brainscore_own_tests.py, outside CI): what reaches the stored call, when nothing is stored, and
that a stimulus set's revision follows the content our catalog records."""
import fnmatch, inspect, os
import unittest.mock as mock

import pytest

from brainscore_nb.brainscore import cache_key
from brainscore_nb.brainscore.activations import ActivationsExtractorHelper, load_preprocess_images
from brainscore_nb.brainscore.cache_key import (NO_RESOLUTION, get_function_identifier, storing_key,
                                                stimulus_set_cache_identifier)


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    for var in ('BRAINSCORE_CACHE_PLUGIN_REVISION', 'BRAINSCORE_MODEL_PLUGIN_SHA',
                'BRAINSCORE_DATA_PLUGIN_SHA', 'RESULTCACHING_DISABLE'):
        monkeypatch.delenv(var, raising=False)
    cache_key._plugin_revision.cache_clear()
    yield
    cache_key._plugin_revision.cache_clear()


def stored_function():
    "The undecorated `_from_paths_stored` and its store, from the wrapper's closure (as Brain-Score's do)"
    cells = [c.cell_contents for c in ActivationsExtractorHelper._from_paths_stored.__closure__]
    function = next(c for c in cells if inspect.isfunction(c))
    return function, next(c for c in cells if hasattr(c, 'identifier_ignore'))


def stub():
    "An extractor whose stored and unstored calls are recorded, built without `__init__` (no probe)"
    extractor = ActivationsExtractorHelper.__new__(ActivationsExtractorHelper)
    extractor.identifier = 'alexnet'
    extractor._from_paths_stored = mock.Mock(return_value='STORED')
    extractor._from_paths = mock.Mock(return_value='COMPUTED')
    return extractor


def test_the_stored_call_is_named_as_brainscore_names_its_file():
    function, store = stored_function()
    parameters = list(inspect.signature(function).parameters)
    assert parameters == ['self', 'identifier', 'layers', 'stimuli_identifier', 'resolution', 'stimuli_paths',
                          'number_of_trials', 'require_variance']
    assert store.identifier_ignore == ['stimuli_paths', 'layers']
    name = get_function_identifier(function, dict(identifier='alexnet', stimuli_identifier='hvm-public',
                                                  resolution='3x224x224-float32', number_of_trials=1,
                                                  require_variance=False))
    assert name == ('brainscore_nb.brainscore.activations._from_paths_stored/identifier=alexnet,'
                    'stimuli_identifier=hvm-public,resolution=3x224x224-float32,number_of_trials=1,'
                    'require_variance=False')
    assert fnmatch.fnmatch(os.path.basename(name) + '.pkl', 'identifier=alexnet,stimuli_identifier=*.pkl')


def test_public_signatures_are_brainscores():
    want = {'from_paths': ['self', 'stimuli_paths', 'layers', 'stimuli_identifier', 'require_variance'],
            'from_stimulus_set': ['self', 'stimulus_set', 'layers', 'stimuli_identifier', 'require_variance'],
            '__call__': ['self', 'stimuli', 'layers', 'stimuli_identifier', 'number_of_trials',
                         'require_variance']}
    for method, parameters in want.items():
        assert list(inspect.signature(getattr(ActivationsExtractorHelper, method)).parameters) == parameters


def test_what_reaches_the_stored_call(monkeypatch):
    extractor = stub()
    assert extractor.from_paths(['x.png'], ['fc'], stimuli_identifier='hvm-public') == 'STORED'
    kwargs = extractor._from_paths_stored.call_args.kwargs
    assert (kwargs['identifier'], kwargs['stimuli_identifier'], kwargs['resolution']) == \
        ('alexnet', 'hvm-public', NO_RESOLUTION)  # revisions off: bare names; no __init__: no probe
    monkeypatch.setenv('BRAINSCORE_CACHE_PLUGIN_REVISION', '1')
    monkeypatch.setenv('BRAINSCORE_MODEL_PLUGIN_SHA', 'a' * 40)
    monkeypatch.setenv('BRAINSCORE_DATA_PLUGIN_SHA', 'b' * 40)
    extractor.from_paths(['x.png'], ['fc'], stimuli_identifier='hvm-public--target8.00--source11.00')
    kwargs = extractor._from_paths_stored.call_args.kwargs
    assert (kwargs['identifier'], kwargs['stimuli_identifier']) == \
        ('alexnet@' + 'a' * 12, 'hvm-public--target8.00--source11.00@' + 'b' * 12)
    assert extractor.identifier == 'alexnet'


@pytest.mark.parametrize('stimuli_identifier', [None, False, ''])
def test_unnamed_stimuli_are_computed(stimuli_identifier):
    extractor = stub()
    assert extractor.from_paths(['x.png'], ['fc'], stimuli_identifier=stimuli_identifier) == 'COMPUTED'
    extractor._from_paths_stored.assert_not_called()


def test_an_unresolvable_revision_is_computed_not_stored(monkeypatch):
    monkeypatch.setenv('BRAINSCORE_CACHE_PLUGIN_REVISION', '1')
    extractor = stub()  # 'alexnet': no plugin registers it here, no revision
    assert extractor.from_paths(['x.png'], ['fc'], stimuli_identifier='hvm-public') == 'COMPUTED'
    extractor._from_paths_stored.assert_not_called()


def test_storing_is_what_lets_the_content_cache_serve(tmp_path, monkeypatch):
    "Inside a stored call its name is known (the content cache serves); RESULTCACHING_DISABLE turns it off"
    from PIL import Image
    import numpy as np
    Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(tmp_path/'a.png')
    seen = []
    model = lambda images, layers: {'fc': np.asarray(images).mean(axis=(2, 3))}
    extractor = ActivationsExtractorHelper(model, lambda paths: load_preprocess_images(paths, image_size=8),
                                           identifier='toy')
    assert extractor._resolution == '3x8x8-float32'
    compute = extractor._from_paths
    extractor._from_paths = lambda **kwargs: seen.append(storing_key()) or compute(**kwargs)
    extractor([str(tmp_path/'a.png')], ['fc'], stimuli_identifier='one')
    monkeypatch.setenv('RESULTCACHING_DISABLE', 'brainscore_nb.brainscore.activations')
    extractor([str(tmp_path/'a.png')], ['fc'], stimuli_identifier='one')
    assert seen[0].endswith('/identifier=toy,stimuli_identifier=one,resolution=3x8x8-float32,'
                            'number_of_trials=1,require_variance=False')
    assert seen[1:] == [None]


def test_a_stimulus_sets_revision_follows_its_catalog_content(tmp_path, monkeypatch):
    from brainscore_nb.data.catalog import catalog_path
    monkeypatch.setenv('BRAINSCORE_CACHE_PLUGIN_REVISION', '1')
    before = stimulus_set_cache_identifier('hvm-public')
    assert before.startswith('hvm-public@') and len(before.split('@')[1]) == 12
    lines = catalog_path().read_text().split('\n')
    row = next(i for i, line in enumerate(lines) if line.startswith('stimulus_set\thvm-public\t'))
    fields = lines[row].split('\t')
    fields[8] = 'f' * 40  # its csv's sha1: the set was published again
    lines[row] = '\t'.join(fields)
    (tmp_path/'catalog.tsv').write_text('\n'.join(lines))
    monkeypatch.setenv('BRAINSCORE_NB_BRAINSCORE_CATALOG', str(tmp_path/'catalog.tsv'))
    cache_key._plugin_revision.cache_clear()
    after = stimulus_set_cache_identifier('hvm-public')
    assert after.startswith('hvm-public@') and after != before
