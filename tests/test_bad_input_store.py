"""Bad input to the data store, the fetcher, stimulus sets and the screen cache: a clear error or a correct result.

Each test fails on 6d307cb (issue 10, "Trust under bad input") and passes now.
"""
import os, subprocess, sys, warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from PIL import Image

from brainscore_nb.data.fetch import RawFile, fetch, ChecksumError
from brainscore_nb.data.stimuli import StimulusSet

ROOT = Path(__file__).resolve().parents[1]


def _images(folder, n=4, size=32):
    "`n` small distinct PNG files in `folder` and a StimulusSet of them"
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for i in range(n):
        paths[f's{i}'] = folder/f's{i}.png'
        Image.fromarray(np.full((size, size, 3), 40 * i + 10, np.uint8)).save(paths[f's{i}'])
    return StimulusSet({'stimulus_id': list(paths), 'label': [f'l{i}' for i in range(n)]}, identifier='tiny',
                       stimulus_paths=paths)


# 1. a StimulusSet made from another keeps its paths
def test_stimulus_set_from_stimulus_set_keeps_paths(tmp_path):
    ss = _images(tmp_path/'img')
    renamed = StimulusSet(ss, identifier='new')
    assert renamed.identifier == 'new'
    assert renamed.stimulus_paths == ss.stimulus_paths and renamed.get_stimulus('s1') == tmp_path/'img'/'s1.png'
    assert StimulusSet(ss).identifier == 'tiny' and StimulusSet(ss).stimulus_paths == ss.stimulus_paths
    assert StimulusSet(ss, stimulus_paths={'s0': '/elsewhere.png'}).stimulus_paths == {'s0': Path('/elsewhere.png')}


# 5. a download that cannot reach its address says which file, from where, and how to work offline
def test_unreachable_download_names_file_url_and_mirror(tmp_path, monkeypatch):
    monkeypatch.setenv('BRAINSCORE_NB_MIRROR', '')
    raw = RawFile('http://127.0.0.1:9/x', '0' * 40)
    with pytest.raises(OSError) as e: fetch(raw, home=tmp_path)
    msg = str(e.value)
    assert 'could not fetch x from http://127.0.0.1:9/x' in msg
    assert '`mirror` setting' in msg and 'BRAINSCORE_NB_MIRROR' in msg and '<mirror>/127.0.0.1:9/x' in msg
    assert type(e.value).__name__ == "FetchError"  # an OSError: callers catching OSError keep working
    assert not list((tmp_path/'raw').rglob('*.tmp'))  # nothing half-written kept


def test_mirror_file_with_wrong_sha1_names_the_mirror_path(tmp_path):
    (tmp_path/'o/r/c').mkdir(parents=True)
    (tmp_path/'o/r/c/d.txt').write_bytes(b'not the published bytes')
    raw = RawFile('https://raw.githubusercontent.com/o/r/c/d.txt', 'a9993e364706816aba3e25717850c26c9cd0d89d')
    with pytest.raises(ChecksumError) as e: fetch(raw, mirror=tmp_path)
    assert f'{tmp_path}/o/r/c/d.txt (d.txt from mirror' in str(e.value)
    assert 'replace it with the published file from https://raw.githubusercontent.com/o/r/c/d.txt' in str(e.value)


# 3. the store: an unusable catalog is moved aside (named) and rebuilt; bad objects are discarded (named) and re-made
def _catalog_path():
    from brainscore_nb.data.store import store_root
    return store_root()/'catalog.sqlite'


def _garbage(p): p.write_bytes(b'this is not a database' * 200)
def _folder(p): p.mkdir(); (p/'x').write_text('y')
def _foreign(p):
    import sqlite3
    with sqlite3.connect(p) as con: con.execute('CREATE TABLE files (path TEXT, owner TEXT)')
def _damaged(p):
    from brainscore_nb.data.store import Catalog
    c = Catalog()
    c.add([dict(identifier=f'a{i}', kind='assembly', role='nc', version='1', provenance='x' * 300) for i in range(400)])
    b = bytearray(p.read_bytes()); b[5000:40000] = bytes(35000); p.write_bytes(bytes(b))


@pytest.mark.parametrize('spoil', [_garbage, _folder, _foreign, _damaged], ids=['garbage', 'folder', 'foreign', 'damaged'])
def test_unusable_catalog_is_moved_aside_named_and_rebuilt(spoil):
    from brainscore_nb.data.store import Catalog
    from brainscore_nb.data.datasets import load_stimulus_set
    p = _catalog_path(); p.parent.mkdir(parents=True, exist_ok=True)
    spoil(p)
    with pytest.warns(UserWarning, match=f"the store's catalog {p} could not be used") as w:
        k92 = load_stimulus_set('Kriegeskorte2008')
    backup = Path(str(w[0].message).split('moved to ')[1].split(' and')[0])
    assert backup.parent == p.parent and backup.exists() and backup.name.startswith('catalog.sqlite.unusable-')
    assert len(k92) == 92 and [r['role'] for r in Catalog().find('Kriegeskorte2008', 'stimulus_set')] == ['csv', 'zip']



@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prefix=st.sampled_from([b'', b'SQLite format 3\x00']), noise=st.binary(max_size=3000))
def test_any_bytes_as_catalog_give_a_working_catalog_or_a_named_backup(tmp_path, prefix, noise):
    "Whatever bytes lie in catalog.sqlite: the catalog works (old rows or none), never a raw SQLite error"
    import shutil
    from brainscore_nb.data.store import Catalog
    home = tmp_path/'hyp'; shutil.rmtree(home, ignore_errors=True); home.mkdir()
    (home/'catalog.sqlite').write_bytes(prefix + noise)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        c = Catalog(home)
        c.add([dict(identifier='a', kind='assembly', role='nc', version='1')])
        assert [r['identifier'] for r in c.find('a', 'assembly')] == ['a']
    for m in w: assert f"the store's catalog {home/'catalog.sqlite'} could not be used" in str(m.message)
    assert len(list(home.glob('catalog.sqlite.unusable-*'))) == len(w)

def _stored(identifier, kind):
    from brainscore_nb.data.store import Catalog
    return Catalog().find(identifier, kind)[0]


@pytest.mark.parametrize('spoil', ['truncated', 'foreign', 'folder'])
def test_bad_store_object_is_discarded_named_and_remade(spoil):
    from brainscore_nb.data.datasets import load_dataset
    from brainscore_nb.data.files import sha1_file
    before = load_dataset('Kriegeskorte2008.mIT')
    row = _stored('Kriegeskorte2008.mIT', 'assembly')
    nc = Path(row['location'])
    if spoil == 'truncated': nc.write_bytes(nc.read_bytes()[:1000])
    if spoil == 'foreign':
        load_dataset('Kriegeskorte2008.hIT')
        other = _stored('Kriegeskorte2008.hIT', 'assembly')
        nc.write_bytes(Path(other['location']).read_bytes())  # a valid NetCDF file, of another assembly
    if spoil == 'folder': nc.unlink(); nc.mkdir(); (nc/'junk').write_text('x')
    with pytest.warns(UserWarning, match=f'{nc} (has sha1|is a folder where a stored file should be).*discarded'):
        after = load_dataset('Kriegeskorte2008.mIT')
    assert after.drop_attrs().identical(before.drop_attrs()) and sha1_file(nc) == row["sha1"]


def test_catalog_row_pointing_outside_the_store_never_deletes_that_file(tmp_path):
    from brainscore_nb.data.store import Catalog
    from brainscore_nb.data.datasets import load_dataset
    load_dataset('Kriegeskorte2008.mIT')
    row = _stored('Kriegeskorte2008.mIT', 'assembly')
    victim = tmp_path/'precious.txt'; victim.write_text('a user file')
    Catalog().add([{**row, 'location': str(victim)}])
    assert load_dataset('Kriegeskorte2008.mIT').sizes['presentation'] == 92
    assert victim.read_text() == 'a user file' and Path(_stored('Kriegeskorte2008.mIT', 'assembly')['location']) != victim


# 2. the place_on_screen cache is verified: a replaced image is never served, a deleted one is rendered again
def test_screen_cache_replaced_or_deleted_file_is_rendered_again(tmp_path):
    from brainscore_nb.models.screen import place_on_screen
    from brainscore_nb.data.files import sha1_file
    ss = _images(tmp_path/'img')
    placed = place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')
    good = {sid: sha1_file(p) for sid, p in placed.stimulus_paths.items()}
    target = placed.get_stimulus('s1')
    Image.fromarray(np.zeros((32, 32, 3), np.uint8)).save(target)  # a different image, same name
    with pytest.warns(UserWarning, match=f'screen cache {target.parent}: {target.name} does not have its recorded sha1'):
        again = place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')
    assert {sid: sha1_file(p) for sid, p in again.stimulus_paths.items()} == good
    again.get_stimulus('s2').unlink()
    with pytest.warns(UserWarning, match='s2|is missing'):
        third = place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')
    assert {sid: sha1_file(p) for sid, p in third.stimulus_paths.items()} == good
    assert [p.name for p in (tmp_path/'screen').iterdir()] == [target.parent.name]  # nothing else left


def test_screen_cache_collects_leftovers_of_killed_processes(tmp_path):
    from brainscore_nb.models.screen import place_on_screen
    from brainscore_nb.data.files import STALE_AFTER
    ss = _images(tmp_path/'img')
    gone = __import__('subprocess').Popen(['true']); gone.wait()
    left = tmp_path/'screen'/f'.0123abcd.pid{gone.pid}.k1ll3d'  # what a killed render leaves behind
    left.mkdir(parents=True); (left/'half.png').write_bytes(b'half')
    old_live = tmp_path/'screen'/f'.4567efgh.pid{os.getpid()}.h4ng1ng'  # a live pid, but untouched for too long
    old_live.mkdir()
    old = __import__('time').time() - 2 * STALE_AFTER
    os.utime(old_live, (old, old))
    place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')
    assert not left.exists() and not old_live.exists()


# 4. a decompression bomb is refused, naming the stimulus and its file
@pytest.mark.parametrize('factor', [1.5, 3], ids=['warning-size', 'error-size'])
def test_screen_decompression_bomb_names_stimulus_and_file(tmp_path, monkeypatch, factor):
    from brainscore_nb.models.screen import place_on_screen
    ss = _images(tmp_path/'img', size=32)
    monkeypatch.setattr(Image, 'MAX_IMAGE_PIXELS', int(32 * 32 / factor))  # PIL warns above 1x, raises above 2x
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        with pytest.raises(ValueError, match=f"stimulus 's0' \\({tmp_path}/img/s0.png\\) is too large to decode safely"):
            place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')
    assert not any((tmp_path/'screen').iterdir())  # nothing half-made left


def test_screen_bomb_in_a_real_png_header(tmp_path):
    "A 100-byte PNG that claims 60000 x 60000 pixels (3.6 billion): refused before decoding"
    import struct, zlib
    from brainscore_nb.models.screen import place_on_screen
    ss = _images(tmp_path/'img', n=2)
    ihdr = struct.pack('>IIBBBBB', 60000, 60000, 8, 2, 0, 0, 0)
    chunk = lambda kind, data: struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
    ss.get_stimulus('s1').write_bytes(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(b'\0' * 100))
                                      + chunk(b'IEND', b''))
    with pytest.raises(ValueError, match=f"stimulus 's1' \\({tmp_path}/img/s1.png\\) is too large to decode safely"):
        place_on_screen(ss, 8, 4, cache_dir=tmp_path/'screen')


# 7. stimulus_set_hash is canonical: the same in every process, whatever the hash seed and the columns' dtypes
def test_stimulus_set_hash_is_the_same_across_processes(tmp_path):
    _images(tmp_path/'img')
    code = ("import sys, pandas as pd; from pathlib import Path; from brainscore_nb.data.stimuli import StimulusSet;"
            "from brainscore_nb.models.screen import stimulus_set_hash; d = Path(sys.argv[1]);"
            "ids = ['s0', 's1', 's2', 's3'];"
            "ss = StimulusSet({'stimulus_id': pd.Series(ids, dtype=object), 'label': ['a', None, 'c', 'd'],"
            " 'mixed': [1, 'x', 2.5, {'k': 'v'}], 'tags': [frozenset({'p', 'q', 'r'})] * 4}, identifier='t',"
            " stimulus_paths={i: d / f'{i}.png' for i in ids}); print(stimulus_set_hash(ss))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    hashes = {subprocess.run([sys.executable, '-c', code, str(tmp_path/'img')], env={**env, 'PYTHONHASHSEED': seed},
                             capture_output=True, text=True, check=True).stdout.strip() for seed in ('1', '2')}
    assert len(hashes) == 1 and len(hashes.pop()) == 40


# 6. hygiene: building recipes (directly or through the store) leaves nothing in the temp folder
def test_recipe_builds_leave_nothing_in_the_temp_folder(tmp_path):
    tmp = tmp_path/'tmpdir'; tmp.mkdir()
    code = ("from data_packaging import kriegeskorte2008;"
            "from brainscore_nb.data.datasets import load_dataset;"
            "from brainscore_nb.models.screen import place_on_screen;"
            "k92 = kriegeskorte2008.stimulus_set(); assert len(k92) == 92 and k92.get_stimulus('img01').is_file();"
            "assert load_dataset('Kriegeskorte2008.hIT').sizes['subject'] == 4;"
            "place_on_screen(k92.iloc[:3], 8, 4);"
            "print('ok')")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp), BRAINSCORE_NB_HOME=str(tmp_path/'home'))
    r = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == 'ok', r.stderr[-3000:]
    assert sorted(p.name for p in tmp.iterdir()) == []
    assert sorted(p.name for p in (tmp_path/'home'/'tmp').iterdir()) == []  # the store's work folders are gone too


def test_recipe_without_workdir_refuses_a_mirror_it_would_not_use(tmp_path):
    from data_packaging import kriegeskorte2008
    with pytest.raises(ValueError, match='pass a workdir'):
        kriegeskorte2008.stimulus_set(mirror=tmp_path/'another-mirror')
    assert not (tmp_path/'another-mirror').exists()
