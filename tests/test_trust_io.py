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
    from brainscore_nb.data.packaging import write_netcdf
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
