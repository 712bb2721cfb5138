"""Issue 24, part B: hostile folders (paths confined for every command that writes or packs), S3 answers that
cannot be trusted (tampered bytes, silent servers, plain web servers), and inputs that were silently wrong
(16-bit and truncated images, byte-string ids, NetCDF3, visual degrees, look-alike identifiers). Each test
failed on main b27679b."""
import http.server
import logging
import os
import socket
import threading
import time
import warnings
import zipfile
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import xarray as xr
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st
from PIL import Image

from brainscore_nb.cli import cli
from brainscore_nb.data.assemblies import NeuroidAssembly
from brainscore_nb.data.brainio import read_brainio_assembly
from brainscore_nb.data.packaging import load_stimulus_set_from_package, package_stimulus_set_locally
from brainscore_nb.data.stimuli import StimulusSet
from brainscore_nb.data.validation import validate_stimulus_set


def images(folder, n=3, size=16):
    "n small 8-bit PNGs in `folder`; their paths"
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(n):
        p = folder / f'im{i}.png'
        Image.fromarray(np.full((size, size, 3), 40 * i, np.uint8)).save(p)
        out.append(p)
    return out


def run_cli(*args):
    return CliRunner().invoke(cli, list(map(str, args)), catch_exceptions=False)


# ---------------------------------------------------------------- hostile folders: `package`
@pytest.mark.parametrize('name', ['/etc/passwd', '../../secret.txt'])
def test_package_refuses_metadata_naming_files_outside_the_folder(tmp_path, name):
    folder = tmp_path / 'stimuli'
    images(folder)
    (tmp_path / 'secret.txt').write_text('secret')
    (folder / 'stimuli.csv').write_text(f'stimulus_id,filename\nim0,im0.png\nevil,{name}\n')
    r = run_cli('package', folder, '--identifier', 'Lab2026.evil', '--out', tmp_path / 'out')
    assert r.exit_code != 0
    assert f"filename '{name}' is not a name inside" in r.output and "stimulus_id 'evil'" in r.output
    assert not (tmp_path / 'out').exists() or not list((tmp_path / 'out').iterdir())


def test_package_refuses_a_symlinked_image_pointing_outside(tmp_path):
    folder = tmp_path / 'stimuli'
    images(folder, 2)
    outside = images(tmp_path / 'elsewhere', 1)[0]
    (folder / 'linked.png').symlink_to(outside)
    r = run_cli('package', folder, '--identifier', 'Lab2026.link', '--out', tmp_path / 'out')
    assert r.exit_code != 0
    assert "stimulus 'linked'" in r.output and 'through the symlink' in r.output
    assert not (tmp_path / 'out').exists() or not list((tmp_path / 'out').iterdir())
    # a symlink that stays inside the folder is fine
    (folder / 'linked.png').unlink()
    (folder / 'linked.png').symlink_to(folder / 'im0.png')
    r = run_cli('package', folder, '--identifier', 'Lab2026.link', '--out', tmp_path / 'out')
    assert r.exit_code == 0, r.output


# ---------------------------------------------------------------- hostile ZIPs
def packaged(tmp_path):
    paths = images(tmp_path / 'imgs', 2)
    ss = StimulusSet({'stimulus_id': ['im0', 'im1']}, identifier='Lab2026', stimulus_paths=dict(zip(['im0', 'im1'], paths)))
    return package_stimulus_set_locally(ss, 'Lab2026', tmp_path / 'pkg')


def test_zip_with_two_entries_of_one_name_is_refused(tmp_path):
    pkg = packaged(tmp_path)
    z = tmp_path / 'pkg' / 'stimulus_twice.zip'
    with zipfile.ZipFile(pkg['zip_path']) as src, zipfile.ZipFile(z, 'w') as dst, warnings.catch_warnings():
        warnings.simplefilter('ignore')
        for i in src.infolist(): dst.writestr(i.filename, src.read(i))
        dst.writestr('im0.png', b'not the image')  # zipfile would serve this one
    with pytest.raises(ValueError, match=r"1 entries whose name another entry has too, e\.g\. \['im0\.png'\]"):
        load_stimulus_set_from_package(pkg['csv_path'], z)


def test_zip_bomb_ratio_is_refused_before_extraction(tmp_path, monkeypatch):
    pkg = packaged(tmp_path)
    z = tmp_path / 'pkg' / 'stimulus_bomb.zip'
    with zipfile.ZipFile(z, 'w', zipfile.ZIP_DEFLATED) as dst:
        dst.writestr('im0.png', b'\0' * (70 << 20))  # 70 MiB of zeros: about 70 KB in the ZIP
        dst.writestr('im1.png', pkg['zip_path'].read_bytes()[:10])
    assert z.stat().st_size < 200_000
    with pytest.raises(ValueError, match=r'expands 1,0\d\d times .* more than the max_zip_ratio setting \(200\)'):
        load_stimulus_set_from_package(pkg['csv_path'], z)
    assert not list((tmp_path / 'pkg').glob('stimulus_bomb_*'))  # nothing extracted
    monkeypatch.setenv('BRAINSCORE_NB_MAX_ZIP_RATIO', '2000')  # trusted: the setting lets it through
    assert len(load_stimulus_set_from_package(pkg['csv_path'], z)) == 2


# ---------------------------------------------------------------- hostile folders: `check`
def plugin_with_nbdev(folder, lib_path):
    "A plugin folder whose one notebook exports a module, and whose [tool.nbdev] lib_path is `lib_path`"
    import json
    (folder / 'nbs').mkdir(parents=True)
    nb = {'cells': [{'cell_type': 'code', 'execution_count': None, 'id': 'a', 'metadata': {}, 'outputs': [],
                     'source': ['#| default_exp core']},
                    {'cell_type': 'code', 'execution_count': None, 'id': 'b', 'metadata': {}, 'outputs': [],
                     'source': ['#| export\n', 'x = 1']}],
          'metadata': {}, 'nbformat': 4, 'nbformat_minor': 5}
    (folder / 'nbs' / '00_core.ipynb').write_text(json.dumps(nb))
    (folder / 'pyproject.toml').write_text(
        '[project]\nname = "lab"\nversion = "0.1"\n\n[tool.nbdev]\n'
        f'lib_path = "{lib_path}"\nlib_name = "lab"\nnbs_path = "nbs"\njupyter_hooks = false\n')
    return folder


def test_check_does_not_write_where_an_absolute_lib_path_points(tmp_path):
    from brainscore_nb.submission import check_plugin
    outside = tmp_path / 'outside'
    outside.mkdir()
    folder = plugin_with_nbdev(tmp_path / 'plugin', outside)
    report = check_plugin(folder, run_tests=False)
    [item] = [i for i in report.items if i.item == 'modules exported from the notebooks']
    assert not item.ok and "nbdev's lib_path" in item.detail and 'points outside' in item.detail
    assert list(outside.iterdir()) == []  # nothing written there


def test_check_copy_keeps_symlinks_as_links(tmp_path):
    from brainscore_nb.submission import check_plugin
    folder = plugin_with_nbdev(tmp_path / 'plugin', 'lab')
    (folder / 'lab').mkdir()
    (folder / 'loop').symlink_to(folder)  # followed, copytree recursed until it failed
    big = tmp_path / 'big'
    big.mkdir()
    (big / 'data.bin').write_bytes(b'\0' * (8 << 20))
    (folder / 'data').symlink_to(big)  # followed, 8 MB (or a whole disk) was copied
    start = time.perf_counter()
    report = check_plugin(folder, run_tests=False)
    assert [i.item for i in report.items].count('modules exported from the notebooks') == 1
    assert time.perf_counter() - start < 60
    # a symlinked lib_path out of the plugin is refused too
    (folder / 'lab').rmdir()
    (folder / 'lab').symlink_to(tmp_path / 'outside', target_is_directory=True)
    (tmp_path / 'outside').mkdir()
    report = check_plugin(folder, run_tests=False)
    [item] = [i for i in report.items if i.item == 'modules exported from the notebooks']
    assert not item.ok and 'through the symlink' in item.detail
    assert list((tmp_path / 'outside').iterdir()) == []


# ---------------------------------------------------------------- hostile folders: `layers`
def test_layers_writes_inside_out_whatever_the_model_id(tmp_path, monkeypatch):
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt
    from brainscore_nb.models import commitment
    from brainscore_nb.models.zoo import model_registry
    from brainscore_nb import registry
    monkeypatch.setitem(model_registry, '../../x', lambda: 'model')
    monkeypatch.setitem(registry.benchmark_registry, 'Lab2026.IT-pls', lambda: 'benchmark')
    table = pd.DataFrame(dict(layer=['a'], depth=[0], score=[0.5], error=[0.1], ceiling=[0.8], features=[4]))
    table.attrs.update(best='a', passes=1, stimulus_sets=1, projected_to=None)
    monkeypatch.setattr(commitment, 'layer_scores', lambda *a, **k: table)
    monkeypatch.setattr(commitment, 'plot_layer_scores', lambda t: plt.subplots()[1])
    monkeypatch.setattr('brainscore_nb.models.zoo.load_model', lambda m: m)
    monkeypatch.setattr(registry, 'load_benchmark', lambda b: b)
    out = tmp_path / 'a' / 'b' / 'out'
    r = run_cli('layers', '../../x', 'Lab2026.IT-pls', '--out', out)
    assert r.exit_code == 0, r.output
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob('*') if p.is_file())
    assert written and all(p.parent == Path('a/b/out') for p in written), written
    assert not list((tmp_path / 'a').glob('*.layers.*'))


# ---------------------------------------------------------------- S3
@pytest.fixture
def bucket(s3_env, tmp_path):
    from brainscore_nb.data.s3 import s3_client
    name = f'trust-{os.getpid()}-{time.monotonic_ns() % 10**9}'
    client = s3_client()
    client.create_bucket(Bucket=name)
    client.put_bucket_versioning(Bucket=name, VersioningConfiguration={'Status': 'Enabled'})
    return name


def test_publish_over_tampered_bytes_with_kept_metadata_is_refused(bucket, tmp_path):
    from brainscore_nb.data.s3 import S3Error, s3_client, upload_file
    f = tmp_path / 'assy_Lab2026.nc'
    f.write_bytes(b'the real bytes, 32 of them......')
    first = upload_file(f, bucket, 'assy_Lab2026.nc')
    # someone replaces the bytes (same size) but copies the sha1 metadata
    s3_client().put_object(Bucket=bucket, Key='assy_Lab2026.nc', Body=b'tampered bytes, 32 of them......',
                           Metadata={'sha1': first['sha1']})
    with pytest.raises(S3Error, match='records sha1 .* but its bytes have sha1 .*replaced behind its metadata'):
        upload_file(f, bucket, 'assy_Lab2026.nc')
    # an honest object with the same bytes is still found and not uploaded again
    again = upload_file(f, bucket, 'assy_Lab2026.nc', overwrite=True)
    assert upload_file(f, bucket, 'assy_Lab2026.nc')['version_id'] == again['version_id']


class Silent:
    "A TCP server on 127.0.0.1 that accepts connections and never answers"
    def __enter__(self):
        self.sock = socket.socket()
        self.sock.bind(('127.0.0.1', 0))
        self.sock.listen(16)
        self.conns, self.stop = [], False
        threading.Thread(target=self._accept, daemon=True).start()
        return f'http://127.0.0.1:{self.sock.getsockname()[1]}'

    def _accept(self):
        while not self.stop:
            try: self.conns.append(self.sock.accept()[0])
            except OSError: return

    def __exit__(self, *exc):
        self.stop = True
        for c in self.conns: c.close()
        self.sock.close()


def test_a_silent_server_fails_within_the_timeout_and_says_so(s3_env, tmp_path, monkeypatch, caplog):
    from brainscore_nb.data import publish, s3
    monkeypatch.setattr(s3, '_unreachable', {})
    monkeypatch.setenv('BRAINSCORE_NB_S3_TIMEOUT', '2')
    f = tmp_path / 'x.nc'
    f.write_bytes(b'x')
    with Silent() as endpoint, caplog.at_level(logging.WARNING, logger='brainscore_nb.data.s3'):
        start = time.perf_counter()
        with pytest.raises(s3.S3Error, match=r'did not answer within 2 s \(the s3_timeout setting\)'):
            publish.load_assembly_from_s3('Lab2026', 'b', '0' * 40, 'v1', endpoint=endpoint)
        load_s = time.perf_counter() - start
        start = time.perf_counter()
        with pytest.raises(s3.S3Error, match=r'did not answer within 2 s'):
            s3.upload_file(f, 'b', 'x.nc', endpoint=endpoint)
        publish_s = time.perf_counter() - start
    assert load_s < 8 and publish_s < 8, (load_s, publish_s)  # main: 272 s and 91 s
    assert any('still waiting after 1 s' in r.getMessage() for r in caplog.records)


class Plain(http.server.BaseHTTPRequestHandler):
    "A web server that answers 200 and an HTML page to every request"
    def _ok(self, body=True):
        page = b'<html>hello</html>'
        self.send_response(200)
        self.send_header('Content-Type', 'text/html')
        self.send_header('Content-Length', str(len(page)))
        self.end_headers()
        if body: self.wfile.write(page)

    def do_GET(self): self._ok()
    def do_HEAD(self): self._ok(False)
    def do_PUT(self):
        self.rfile.read(int(self.headers.get('Content-Length', 0)))
        self._ok()
    def log_message(self, *a): pass


def test_a_plain_web_server_is_not_taken_for_s3(s3_env, tmp_path, monkeypatch):
    from brainscore_nb.data import publish, s3
    monkeypatch.setattr(s3, '_unreachable', {})
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Plain)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f'http://127.0.0.1:{server.server_address[1]}'
    f = tmp_path / 'x.nc'
    f.write_bytes(b'x')
    try:
        with pytest.raises(s3.S3Error, match=r'answered like a plain web server, not S3') as e:
            s3.upload_file(f, 'b', 'x.nc', endpoint=endpoint)
        assert 'overwrite=True' not in str(e.value)  # main advised overwrite=True
        with pytest.raises(s3.S3Error, match=r'answered like a plain web server, not S3'):
            publish.load_assembly_from_s3('Lab2026', 'b', '0' * 40, 'v1', endpoint=endpoint)
    finally:
        server.shutdown()
        server.server_close()


# ---------------------------------------------------------------- images
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 65535), min_size=16, max_size=16))
def test_16_bit_grey_keeps_its_brightness(tmp_path, values):
    from brainscore_nb.data.stimuli import load_rgb
    a = np.array(values, np.uint16).reshape(4, 4)
    p = tmp_path / 'g16.png'
    Image.fromarray(a).save(p)
    got = np.asarray(load_rgb(p))
    assert got.shape == (4, 4, 3)
    np.testing.assert_array_equal(got[..., 0], np.round(a / 257).astype(np.uint8))


def test_16_bit_png_as_model_input_is_not_white(tmp_path):
    from brainscore_nb.models.activations import Preprocessing
    p = tmp_path / 'g16.png'
    Image.fromarray(np.linspace(0, 65535, 64 * 64).reshape(64, 64).astype(np.uint16)).save(p)
    x = Preprocessing(32, mean=(0, 0, 0), std=(1, 1, 1)).load([p])
    assert abs(float(x.mean()) - 0.5) < 0.02  # main: 0.998 (Pillow's conversion clips 16-bit to white)


def test_truncated_jpeg_fails_validation_naming_the_stimulus(tmp_path):
    from brainscore_nb.models.screen import place_on_screen
    rng = np.random.default_rng(0)
    for name in ('ok', 'cut'):
        Image.fromarray(rng.integers(0, 255, (64, 64, 3), np.uint8)).save(tmp_path / f'{name}.jpg')
    (tmp_path / 'cut.jpg').write_bytes((tmp_path / 'cut.jpg').read_bytes()[:1500])
    ss = StimulusSet({'stimulus_id': ['ok', 'cut']}, identifier='t',
                     stimulus_paths={s: tmp_path / f'{s}.jpg' for s in ('ok', 'cut')})
    report = validate_stimulus_set(ss)
    assert [(p.check, p.where) for p in report.problems] == [('unreadable file', 'cut')]
    assert 'truncated' in report.problems[0].message
    with pytest.raises(ValueError, match=r"stimulus 'cut' \(.*cut\.jpg\) cannot be decoded"):
        place_on_screen(ss, 8, 4, cache_dir=tmp_path / 'screen')


# ---------------------------------------------------------------- BrainIO encodings, NetCDF3
def tiny_dataset(sid):
    return xr.Dataset({'data': (('presentation', 'neuroid'), np.arange(6.0).reshape(3, 2))},
                      coords={'stimulus_id': ('presentation', sid), 'neuroid_id': ('neuroid', ['n1', 'n2'])})


IDS = ['img01', 'img02', 'img03']
META = StimulusSet({'stimulus_id': IDS, 'object_name': ['car', 'dog', 'cup']}, identifier='meta')


def test_fixed_width_bytes_ids_merge_metadata(tmp_path):
    tiny_dataset(np.array([s.encode() for s in IDS], 'S5')).to_netcdf(tmp_path / 'b.nc', engine='h5netcdf')
    a = read_brainio_assembly(tmp_path / 'b.nc', stimulus_set=META)
    assert a['stimulus_id'].values.tolist() == IDS and a['object_name'].values.tolist() == ['car', 'dog', 'cup']


@pytest.mark.parametrize('encoding', [None, 'utf-8'])
def test_char_array_ids_merge_metadata(tmp_path, encoding):
    "A character array (presentation x string5 of S1), as netCDF writers store text, with or without _Encoding"
    import h5netcdf
    with h5netcdf.File(tmp_path / 'c.nc', 'w') as f:
        f.dimensions = {'presentation': 3, 'neuroid': 2, 'string5': 5}
        f.create_variable('data', ('presentation', 'neuroid'), float)[:] = np.arange(6.0).reshape(3, 2)
        f.create_variable('neuroid_id', ('neuroid',), 'S2')[:] = np.array([b'n1', b'n2'])
        v = f.create_variable('stimulus_id', ('presentation', 'string5'), 'S1')
        v[:] = np.array([list(i.encode()) for i in IDS], 'u1').view('S1')
        if encoding: v.attrs['_Encoding'] = encoding
        f['data'].attrs['coordinates'] = 'stimulus_id'
    a = read_brainio_assembly(tmp_path / 'c.nc', stimulus_set=META)
    assert a['stimulus_id'].values.tolist() == IDS and a['object_name'].values.tolist() == ['car', 'dog', 'cup']


def test_bytes_ids_of_other_stimuli_are_an_error_not_nan(tmp_path):
    tiny_dataset(np.array([b'x1', b'x2', b'x3'], 'S2')).to_netcdf(tmp_path / 'b.nc', engine='h5netcdf')
    with pytest.raises(ValueError, match="none of the assembly's stimulus_ids .* every merged column would be NaN"):
        read_brainio_assembly(tmp_path / 'b.nc', stimulus_set=META)


def test_netcdf3_is_read_and_a_non_netcdf_file_is_named(tmp_path):
    tiny_dataset(IDS).to_netcdf(tmp_path / 'n3.nc', engine='scipy')
    assert (tmp_path / 'n3.nc').read_bytes()[:3] == b'CDF'
    a = read_brainio_assembly(tmp_path / 'n3.nc', stimulus_set=META)
    assert a.values.tolist() == [[0, 1], [2, 3], [4, 5]] and a['object_name'].values.tolist() == ['car', 'dog', 'cup']
    (tmp_path / 'junk.nc').write_bytes(b'\x89HDF\r\n\x1a\n' + b'\0' * 100)
    with pytest.raises(ValueError, match=f"{tmp_path / 'junk.nc'} is not a readable NetCDF file"):
        read_brainio_assembly(tmp_path / 'junk.nc')


# ---------------------------------------------------------------- visual degrees
def features():
    return NeuroidAssembly(np.zeros((2, 3)), dims=['presentation', 'neuroid'],
                           coords={'stimulus_id': ('presentation', ['a', 'b']), 'neuroid_id': ('neuroid', list('xyz'))})


@pytest.mark.parametrize('value, error, text', [
    (float('nan'), ValueError, 'got nan'), ('8', TypeError, "got '8' (str)"), (float('inf'), ValueError, 'got inf'),
    (0, ValueError, 'got 0'), (True, TypeError, 'got True (bool)'), (None, TypeError, 'got None')])
def test_bad_visual_degrees_are_refused_where_given(value, error, text):
    from brainscore_nb.models.interface import PrecomputedFeatures
    with pytest.raises(error, match=f"m: visual_degrees must be .*{__import__('re').escape(text)}"):
        PrecomputedFeatures(features(), 'm', visual_degrees=value)


@given(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=3), st.none()))
@settings(max_examples=60, deadline=None)
def test_visual_degrees_either_valid_or_a_clear_error(value):
    from brainscore_nb.models.interface import check_visual_degrees
    try: out = check_visual_degrees(value, 'vd')
    except (TypeError, ValueError) as e: assert str(e).startswith('vd must be')
    else: assert isinstance(out, float) and 0 < out <= 180


def test_a_tiny_field_of_view_is_refused_not_a_memory_error(tmp_path):
    from brainscore_nb.models.screen import place_on_screen
    paths = images(tmp_path / 'imgs', 1)
    ss = StimulusSet({'stimulus_id': ['im0']}, identifier='t', stimulus_paths={'im0': paths[0]})
    with pytest.raises(ValueError, match=r'would be scaled 800 times \(the limit is 100'):
        place_on_screen(ss, 0.01, 8, cache_dir=tmp_path / 'screen')


# ---------------------------------------------------------------- look-alike identifiers
def test_a_homoglyph_benchmark_is_not_registered_nor_resolved(monkeypatch):
    from brainscore_nb.names import resolve
    from brainscore_nb.plugins import PluginWarning, merge_entries
    fake = 'Kr\u0456egeskorte2008'  # Cyrillic і
    registry = {'Kriegeskorte2008': 'the real one'}

    class Plugin:
        BENCHMARKS = {fake: 'another benchmark'}
    with pytest.warns(PluginWarning, match=r"U\+0456 CYRILLIC .* it looks like 'Kriegeskorte2008'; it is not registered"):
        merge_entries(Plugin, {'BENCHMARKS': registry}, 'evil')
    assert list(registry) == ['Kriegeskorte2008']
    with pytest.raises(KeyError, match="identifiers are ASCII: it looks like 'Kriegeskorte2008'"):
        resolve({**registry, fake: 'another benchmark'}, fake, 'benchmark')


@given(st.text(min_size=1, max_size=12).filter(lambda s: not s.isascii()))
@settings(max_examples=60, deadline=None)
def test_any_non_ascii_identifier_is_refused_with_its_characters_named(name):
    from brainscore_nb.names import resolve
    with pytest.raises(KeyError) as e:
        resolve({name: 1}, name, 'model')
    assert 'non-ASCII character(s)' in str(e.value) and 'U+' in str(e.value)


# ---------------------------------------------------------------- confinement, for any name
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(['..', '.', 'a', 'b.png', '', '/', 'link', 'sub']), min_size=1, max_size=6))
def test_confined_never_returns_a_path_outside_its_root(tmp_path, parts):
    from brainscore_nb.data.files import confined
    root = tmp_path / 'root'
    (root / 'sub').mkdir(parents=True, exist_ok=True)
    if not (root / 'link').is_symlink(): (root / 'link').symlink_to(tmp_path)  # a way out
    name = '/'.join(parts)
    try: out = confined(name, root, 'name')
    except ValueError as e: assert 'points outside' in str(e)
    else: assert out == root.resolve() or root.resolve() in out.parents


# ---------------------------------------------------------------- the other commands that write (audit)
@pytest.mark.parametrize('kind, name', [('benchmark', '../../Lab2026.V4-pls'), ('model', '../../lab-net'),
                                        ('data', '../../Lab2026'), ('model', '/tmp/lab-net')])
def test_new_writes_only_inside_its_dir(tmp_path, kind, name):
    "`new` makes its folder from the name (letters and digits only), or refuses the name: never outside --dir"
    d = tmp_path / 'a' / 'b'
    d.mkdir(parents=True)
    r = CliRunner().invoke(cli, ['new', kind, name, '--dir', str(d)])
    outside = [p for p in tmp_path.rglob('*') if not (p == d or d in p.parents or p in d.parents)]
    assert outside == [], (r.output, outside)
