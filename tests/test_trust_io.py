"""Trust, fourth round (issue 33, items 2, 3, 5, 6, 7, 9): cache keys cover a model's code, the leaderboard
and `reproduce` trust no edited table, NetCDF groups, `fetch`'s addresses, one grouping rule, stated
reproducibility. Each test failed on abfd47e."""
import numpy as np
import pytest

from brainscore_nb.data.stimuli import StimulusSet


def _stimuli(tmp_path, n=4):
    from PIL import Image
    paths = {}
    for i in range(n):
        p = tmp_path/f'im{i}.png'
        Image.fromarray(np.full((8, 8, 3), 40 * i, np.uint8)).save(p)
        paths[f's{i}'] = p
    return StimulusSet({'stimulus_id': list(paths)}, stimulus_paths=paths)


# item 2: the activation cache key covers what the model computes
def test_cache_key_covers_model_code(tmp_path):
    torch = pytest.importorskip('torch')
    from brainscore_nb.models.activations import ActivationsExtractor, Preprocessing
    stimuli = _stimuli(tmp_path)
    torch.manual_seed(0)
    conv = torch.nn.Conv2d(3, 2, 3)
    run = lambda act, **kw: ActivationsExtractor(torch.nn.Sequential(conv, act).eval(), 'same-name',
                                                 preprocessing=Preprocessing(8), cache_dir=tmp_path/'cache',
                                                 **kw)(stimuli, ['logits']).values
    relu, tanh = run(torch.nn.ReLU()), run(torch.nn.Tanh())
    np.testing.assert_allclose(tanh, np.tanh(relu), rtol=1e-5)  # the tanh's own activations, not the ReLU's
    # a plain callable: its code is part of the key too
    def model(images): return {'a': images.mean(axis=(1, 2))}
    make = lambda f: ActivationsExtractor(f, 'f', weights='v1', preprocessing=Preprocessing(8),
                                          cache_dir=tmp_path/'c2')
    first = make(model)
    def model(images): return {'a': -images.mean(axis=(1, 2))}  # noqa: F811 (same name, other code)
    second = make(model)
    np.testing.assert_allclose(first(stimuli, ['a']).values, -second(stimuli, ['a']).values, rtol=1e-6)
    # the opt-out: a code= string the user keeps (the key then changes only when that string does)
    keep = lambda act: ActivationsExtractor(torch.nn.Sequential(conv, act).eval(), 'same-name',
                                            code='mine-v1', preprocessing=Preprocessing(8),
                                            cache_dir=tmp_path/'c3')
    assert keep(torch.nn.ReLU())._key('h', 'logits') == keep(torch.nn.Tanh())._key('h', 'logits')
    # a class typed at a prompt has no source to read: its methods' bytecode tells the two forwards apart
    from brainscore_nb.models.activations import code_hash
    made = lambda f: exec(f"import torch\nclass Net(torch.nn.Module):\n    def forward(self, x): return {f}(x)",
                          ns := {}) or ns['Net']()
    assert code_hash(made('torch.relu')) != code_hash(made('torch.tanh'))
    assert code_hash(made('torch.relu')) == code_hash(made('torch.relu'))


# item 3: the leaderboard validates the table it reads and names the bad row
def _rows():
    r = lambda m, b, p, s, raw, c, **kw: dict(model=m, benchmark=b, parent=p, score=s, raw=raw, ceiling=c,
                                               status='ok', **kw)
    return [r('a', 'Small.IT-rdm', 'IT', 0.2866, 0.1085, 0.3786),
            r('b', 'Small.IT-rdm', 'IT', 0.3565, 0.1350, 0.3786),
            r('a', 'Small.IT-r2', 'IT', 0.9, 0.9, None, unceiled='yes'),
            r('b', 'Small.IT-r2', 'IT', 0.8, 0.8, None, unceiled='no')]


def test_leaderboard_refuses_a_bad_table(tmp_path):
    import pandas as pd
    from brainscore_nb import plots
    rows = _rows()
    bad = lambda **kw: pd.DataFrame([{**rows[0], **kw}, *rows[1:]])
    for edit, said in [(dict(score=7.5), "column 'score' is 7.5"), (dict(score=float('inf')), 'not finite'),
                       (dict(ci_low=0.3, ci_high=0.2), 'ci_low 0.3 > ci_high 0.2'),
                       (dict(unceiled='maybe'), "'unceiled' holds 'maybe'"), (dict(score='high'), "'high'"),
                       (dict(status=None), "column 'status' is empty"), (dict(model=''), "column 'model'")]:
        with pytest.raises(ValueError, match='results table') as e: plots.leaderboard(bad(**edit))
        assert said in str(e.value), (edit, str(e.value))
        assert "benchmark 'Small.IT-rdm'" in str(e.value)
    # 'yes'/'no' are read as True/False: the raw r2 is not averaged into IT (0.264 -> 0.241 before)
    board = plots.leaderboard(pd.DataFrame(rows))
    assert board.loc['a', 'IT'] == pytest.approx(0.2866)
    # a file without `status` or `parent`: the column is named (it crashed, or said "Error: average")
    for column in ('status', 'parent'):
        path = tmp_path/f'no-{column}.csv'
        pd.DataFrame(rows).drop(columns=column).to_csv(path, index=False)
        with pytest.raises(ValueError, match=f"no column.*'{column}'"): plots.leaderboard(path)
    # the same table as a file: 'yes' is read, not lost
    pd.DataFrame(rows).to_csv(tmp_path/'ok.csv', index=False)
    assert plots.leaderboard(tmp_path/'ok.csv').loc['a', 'IT'] == pytest.approx(0.2866)
    assert plots.leaderboard(tmp_path/'ok.csv').attrs['unceiled'] == ['Small.IT-r2']


TOY = '''
from brainscore_nb.metrics.score import Score

class Toy:
    version, parent = 1, 'V4'
    identifier = 'TrustIO.fixed'
    def __call__(self, model):
        return Score(0.2119, attrs={'error': 0.01, 'ci_low': 0.18, 'ci_high': 0.25,
                                    'raw': Score(0.2119 * 0.8), 'ceiling': Score(0.8)})

BENCHMARKS = {'TrustIO.fixed': Toy}
'''


@pytest.fixture
def toy(tmp_path):
    from brainscore_nb.registry import benchmark_registry
    path, namespace = tmp_path/'trust_io_toy.py', {}
    path.write_text(TOY)
    exec(compile(TOY, str(path), 'exec'), namespace)
    benchmark_registry.update(namespace['BENCHMARKS'])
    yield path
    benchmark_registry.pop('TrustIO.fixed', None)


def test_reproduce_refuses_a_score_edited_inside_its_interval(tmp_path, toy):
    "0.2119 recorded as 0.22 (inside [0.18, 0.25]): 'different', exit 1 (was 'within interval', exit 0)"
    from concurrent.futures import ThreadPoolExecutor
    from click.testing import CliRunner
    from brainscore_nb import batch
    from brainscore_nb.cli import cli, _expand
    from brainscore_nb.reproduce import TOLERANCE, reproduce
    with ThreadPoolExecutor(1) as pool:
        table = batch.run(['pixels'], ['TrustIO.fixed'], out=tmp_path/'run', executor=pool, progress=False)
    batch.write_results(table.assign(score=0.22), tmp_path/'edited')
    report = reproduce(tmp_path/'edited')
    assert report.outcome.tolist() == ['different'] and report.interval.tolist() == ['inside']
    assert report.changed[0] == 'score: 0.22 -> 0.2119'
    # within the numerical tolerance it is the same number
    batch.write_results(table.assign(score=0.2119 + TOLERANCE / 2), tmp_path/'close')
    assert reproduce(tmp_path/'close').outcome.tolist() == ['equal']
    r = CliRunner().invoke(cli, _expand(['--import', str(toy), 'reproduce', str(tmp_path/'edited')]))
    assert r.exit_code == 1, r.output
    assert r.output.splitlines()[-1] == '1 pairs: 0 equal, 1 different (1 inside its recorded interval)', r.output
    tolerance = next(o for o in cli.commands['reproduce'].params if o.name == 'tolerance')
    assert tolerance.default == TOLERANCE == 1e-6  # the command states the same tolerance


# item 5: NetCDF groups, nested like top-level; no silent erasure; no empty group names
def test_netcdf_groups_nested_like_top_level(tmp_path):
    from brainscore_nb.data.assemblies import DataAssembly
    from brainscore_nb.data.publish import write_netcdf
    a = DataAssembly(np.arange(6.).reshape(2, 3), dims=['presentation', 'neuroid'],
                     coords={'stimulus_id': ('presentation', ['s0', 's1']),
                             'neuroid_id': ('neuroid', ['n0', 'n1', 'n2'])})
    path = tmp_path/'assy.nc'
    write_netcdf(a, path)
    write_netcdf(a + 1, path, append=True, group='p/q')
    write_netcdf(a + 2, path, append=True, group='t')
    for group in ('t', 'p/q', '/p/q'):  # a second write into a group: refused, nested or not
        with pytest.raises(ValueError, match='has a group'): write_netcdf(a, path, append=True, group=group)
        # without append=True, a group written to an existing file would erase its root assembly
        with pytest.raises(ValueError, match='append=True'): write_netcdf(a, path, group=group)
    assert (DataAssembly.from_files(path, group='p/q').values == a.values + 1).all()  # found on read
    assert (DataAssembly.from_files(path).values == a.values).all()  # the root is still there
    for group in ('', '/', '//'):
        with pytest.raises(ValueError, match="names the file's root"): write_netcdf(a, path, append=True,
                                                                                   group=group)
        with pytest.raises(ValueError, match="names the file's root"): DataAssembly.from_files(path, group=group)
    with pytest.raises(ValueError, match=r"has no group 'p/r' \(groups: \['p', 'p/q', 't'\]\)"):
        DataAssembly.from_files(path, group='p/r')


# item 6: fetch takes http(s) and s3 addresses only; no control characters in store names
def test_fetch_refuses_local_and_data_addresses(tmp_path):
    import hashlib
    from brainscore_nb.data.fetch import RawFile, fetch
    local = tmp_path/'secret.txt'
    local.write_bytes(b'abc')
    sha1 = hashlib.sha1(b'abc').hexdigest()
    for url in (local.as_uri(), 'data:text/plain,abc', 'ftp://example.org/abc', '/etc/passwd'):
        with pytest.raises(ValueError, match=r"only http\(s\) and s3 addresses are fetched"):
            fetch(RawFile(url, sha1), mirror='', home=tmp_path/'home')
    assert not (tmp_path/'home').exists()  # nothing copied into the store
    for url in ('https://example.org/a%0Ab.txt', 'https://example.org/a%09b.txt', 'https://example.org/a\nb'):
        with pytest.raises(ValueError, match='control character'):
            fetch(RawFile(url, sha1), mirror='', home=tmp_path/'home')
    with pytest.raises(ValueError, match='not a sha1'):
        fetch(RawFile('https://example.org/a.txt', 'abc\n'), mirror='', home=tmp_path/'home')
    # a local file still comes through the mirror setting
    (tmp_path/'mirror/example.org').mkdir(parents=True)
    (tmp_path/'mirror/example.org/a.txt').write_bytes(b'abc')
    assert fetch(RawFile('https://example.org/a.txt', sha1), mirror=tmp_path/'mirror').read_bytes() == b'abc'


# item 7: one rule for missing values and types in every grouping function
def _grouped(condition, other=None):
    from brainscore_nb.data.assemblies import NeuroidAssembly
    n = len(condition)
    return NeuroidAssembly(np.arange(n, dtype=float)[:, None], dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i}' for i in range(n)]),
        'condition': ('presentation', np.array(condition, object if None in condition or any(
            isinstance(v, str) for v in condition) or len({type(v) for v in condition}) > 1 else None)),
        'other': ('presentation', ['a'] * n if other is None else other), 'neuroid_id': ('neuroid', ['n0'])})


def test_grouping_has_one_rule():
    import json
    from pathlib import Path
    import pandas as pd
    from brainscore_nb.data.assemblies import attach_stimulus_set
    from brainscore_nb.data.transform import index_efficient
    means = lambda names, cond: sorted(_grouped(cond).multi_groupby(names).mean('presentation').values.ravel())
    dim_apply = lambda cond: _grouped(cond).multi_dim_apply(
        ['condition', 'neuroid_id'], lambda x, **_: float(np.sum(x))).values.ravel().tolist()
    # a missing value is one group, last: with one coord as with two (one coord dropped it), in multi_dim_apply
    for missing in (None, np.nan):
        cond = [1, 1, missing, missing]
        assert means(['condition'], cond) == means(['condition', 'other'], cond) == [0.5, 2.5]
        assert dim_apply(cond) == [1, 1, 5, 5]
    # text is never a number: int 1 and text '1' are two groups everywhere
    cond = [1, '1', 2, 2]
    assert means(['condition'], cond) == means(['condition', 'other'], cond) == [0.0, 1.0, 2.5]
    assert dim_apply(cond) == [0, 1, 5, 5]
    with pytest.raises(ValueError, match='equal-looking values of another type never match'):
        index_efficient(np.array(['1', '2']), np.array([1, 2]))  # it matched '1' to 1
    # Brain-Score where it has the same rule (None one group; 1 and '1' apart with one coord; 1 and True one)
    bs = json.loads((Path(__file__).parent/'brainio'/'grouping'/'brainscore.json').read_text())
    assert means(['condition', 'other'], [1, 1, None, 2]) == bs['multi_groupby/none'] == [0.5, 2.0, 3.0]
    assert means(['condition'], [1, '1', 2, 2]) == bs['groupby_one_coord/int_and_text']
    assert means(['condition', 'other'], [True, 1, 2, 2]) == bs['multi_groupby/bool_and_int'] == [0.5, 2.5]
    # ... and where it has none: each NaN row its own group, missing values left out with one coord, cells 0
    assert bs['multi_groupby/nan'] == [0.5, 2.0, 3.0] and bs['groupby_one_coord/nan'] == [0.5]
    assert bs['multi_dim_apply/nan'] == [1, 1, 0, 0] and 'error' in bs['index_efficient/text_vs_int']
    # a disagreement in type only is said so
    from brainscore_nb.data.stimuli import StimulusSet
    a = _grouped([1, 2, 3, 4])
    stimuli = StimulusSet(pd.DataFrame({'stimulus_id': [f's{i}' for i in range(4)], 'condition': list('1234')}))
    with pytest.raises(ValueError, match="only the type differs: the assembly holds int .e.g. 1., the stimulus "
                                         "set str .e.g. '1'."):
        attach_stimulus_set(a, stimuli)


# item 9: what is reproducible is stated, measured, and used by `reproduce`
def test_thread_counts_stay_within_the_stated_tolerance():
    "PLS and ridge with 1 and 2 BLAS threads: equal to TOLERANCE, not to the byte; README says which"
    from pathlib import Path
    from threadpoolctl import threadpool_limits
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.regression import pls_cv, ridge_cv
    from brainscore_nb.reproduce import TOLERANCE
    rng = np.random.default_rng(0)
    x = rng.normal(size=(640, 1000))
    y = x[:, :40] @ rng.normal(size=(40, 50)) + rng.normal(size=(640, 50)) * 3
    asm = lambda v, p: NeuroidAssembly(v, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i:03d}' for i in range(len(v))]),
        'neuroid_id': ('neuroid', [f'{p}{j}' for j in range(v.shape[1])])})
    for metric, dtype in ((pls_cv, 'float32'), (ridge_cv, 'float64')):
        scores = []
        for threads in (1, 2):
            with threadpool_limits(threads):
                s = metric(asm(x.astype(dtype), 'f'), asm(y.astype(dtype), 'n'), dtype=dtype)
            scores.append((float(s.center), float(s.error)))
        (a, ea), (b, eb) = scores
        assert abs(a - b) < TOLERANCE / 100 and abs(ea - eb) < TOLERANCE / 100, (metric.__name__, scores)
    readme = (Path(__file__).parents[1]/'README.md').read_text()
    assert 'the same bytes and the same numbers on every machine' not in readme
    assert 'same number of BLAS threads, the\nsame input gives the same bytes' in readme
    assert f'within {TOLERANCE:.0e}'.replace('e-06', 'e-6') in readme  # 1e-6
