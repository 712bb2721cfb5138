"""Issue #23: the leaderboard cannot mislead. Each test reproduces a failure measured on main b27679b (in the
comment) and checks the fix: parents from the hierarchy (never the first row), Brain-Score's rule for missing
scores and ranks, aliases counted once, unceiled scores counted nowhere, Markdown that is a table, the check's
tree, and the web leaderboard opened in headless Chromium."""
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from brainscore_nb import hierarchy, plots
from brainscore_nb.batch import results_table

CHROMIUM = '/usr/bin/chromium'
FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run']


def row(model, benchmark, score=None, parent=None, **kw):
    ok = score is not None
    return dict(model=model, benchmark=benchmark, parent=parent, score=score, raw=score, status='ok' if ok else 'failed',
                error_message='' if ok else kw.pop('error_message', 'TimeoutError: timed out after 600 s'), **kw)


def test_a_failed_pair_of_another_model_changes_no_parent():
    # b27679b: the parent came from the first row; a timed-out row (no parent) sorting first moved V4 to 'other'
    rows = [row('efficientnet', 'MajajHong2015public.V4-pls', 0.55, 'V4'), row('efficientnet', 'MajajHong2015public.IT-pls', 0.3, 'IT'),
            row('pixels', 'MajajHong2015public.V4-pls', 0.2, 'V4'), row('pixels', 'MajajHong2015public.IT-pls', 0.1, 'IT')]
    before = plots.leaderboard(results_table(rows))
    after = plots.leaderboard(results_table(rows + [row('aaa-first', 'MajajHong2015public.V4-pls', None, None)]))
    assert 'other' not in after.columns
    for m in ('efficientnet', 'pixels'):
        assert after.loc[m, 'V4'] == before.loc[m, 'V4'] and after.loc[m, 'average'] == before.loc[m, 'average']
    assert after.attrs['parents']['MajajHong2015public.V4-pls'] == 'V4'


def test_a_model_missing_benchmarks_is_marked_and_does_not_rank_first():
    # b27679b: with missing='skip' (the default) a model that failed 4 of 6 ranked first (0.85 vs 0.50)
    bs = [f'Lab.V4-b{i}' for i in range(6)]
    rows = [row('flaky', b, 0.85 if i < 2 else None, 'V4') for i, b in enumerate(bs)]
    rows += [row('steady', b, 0.5, 'V4') for b in bs]
    board = plots.leaderboard(results_table(rows))
    assert board.index.tolist() == ['steady', 'flaky']
    assert board.loc['flaky', 'average'] == pytest.approx(0.85 * 2 / 6)
    assert (board.loc['flaky', 'scored'], board.loc['flaky', 'counted']) == (2, 6)
    text = plots.leaderboard_text(board)
    assert text.loc['flaky', 'missing'] == '4 of 6' and text.loc['flaky', 'average'] == '0.283 (2/6)'


def test_every_pair_failed_gives_no_rank_and_no_average():
    # b27679b: ranks 1 and 2 with NaN averages
    board = plots.leaderboard(results_table([row('a', 'Lab.V4-x', None, 'V4'), row('b', 'Lab.V4-x', None, 'V4')]))
    assert board['rank'].isna().all() and board.average.isna().all()


def test_ties_share_the_best_rank():
    board = plots.leaderboard(results_table([row(m, 'Lab.V4-x', s, 'V4') for m, s in
                                             (('a', 0.5), ('b', 0.5), ('c', 0.2))]))
    assert board['rank'].tolist() == [1, 1, 3]


def test_aliases_of_the_same_data_count_once():
    # b27679b: Coggan2024_fMRI.V4-rdm and tong.Coggan2024_fMRI.V4-rdm both averaged into V4 (0.170, 0.223 without)
    rows = [row('m', 'Coggan2024_fMRI.V4-rdm', 0.1, 'V4'), row('m', 'tong.Coggan2024_fMRI.V4-rdm', 0.1, 'V4'),
            row('m', 'Cowley2023.V4-pls', 0.3, 'V4'), row('m', 'Cowley2023.V4-ridge', 0.5, 'V4'),
            row('m', 'MajajHong2015public.V4-pls', 0.6, 'V4')]
    board = plots.leaderboard(results_table(rows))
    assert board.loc['m', 'V4'] == pytest.approx((0.1 + 0.4 + 0.6) / 3)  # three datasets, each once
    assert board.loc['m', 'Cowley2023.V4'] == pytest.approx(0.4)
    # Geirhos2019's edges are Brain-Score's Geirhos2021 edge trials: one child of Geirhos2021 with the other dataset
    rows = [row('m', 'Geirhos2019.edges-error_consistency', 0.2, 'behavior'),
            row('m', 'Geirhos2021edge-error_consistency', 0.4, 'Geirhos2021'),
            row('m', 'Geirhos2021sketch-error_consistency', 0.9, 'Geirhos2021')]
    assert plots.leaderboard(results_table(rows)).loc['m', 'behavior'] == pytest.approx((0.3 + 0.9) / 2)


def test_unceiled_scores_are_marked_and_never_averaged_with_ceiled_ones():
    rows = [row('m', 'Lab.IT-rdm', 0.3, 'IT'), row('m', 'Lab.IT-r', 0.53, 'IT', unceiled=True),
            row('m', 'ImageNet-top1', 0.7, 'ImageNet', unceiled=True)]
    board = plots.leaderboard(results_table(rows))
    assert board.loc['m', 'IT'] == pytest.approx(0.3) and board.loc['m', 'average'] == pytest.approx(0.3)
    assert 'Lab.IT-r (unceiled)' in board.columns
    assert board.loc['m', 'engineering'] == pytest.approx(0.7)  # engineering: raw, apart from the average


def test_the_tree_covers_brainscore_and_the_tutorials():
    # b27679b: check refused the tutorials' own sub-parents and our Geirhos2021 parents
    for parent in ('V1-surround_modulation', 'Bracci2019', 'Geirhos2021', 'Geirhos2021-top1', 'behavior_vision'):
        assert hierarchy.check_parent(parent)
    assert {p for p in hierarchy.brainscore_parents().values() if p} <= {*hierarchy.TREE, *hierarchy.SYNONYMS, *hierarchy.ROOTS}
    with pytest.raises(ValueError, match="parent 'V7' is not a node"):
        hierarchy.check_parent('V7')


def test_markdown_is_a_table_whatever_the_ids(tmp_path):
    # b27679b: leaderboard.md was pandas text (1,992-character lines); an id with a newline added a phantom row
    rows = [row('net\nv2|x', 'Lab.V4-x', 0.4, 'V4'), row('pixels', 'Lab.V4-x', 0.2, 'V4')]
    plots.report(results_table(rows), tmp_path)
    lines = (tmp_path / 'leaderboard.md').read_text().splitlines()
    table = [line for line in lines if line.startswith('|')]
    assert len(table) == 4 and re.fullmatch(r'\|(---\|)+', table[1])
    assert table[2].startswith('| net v2\\|x | 1 |')
    assert len({line.count(' | ') for line in table if not line.startswith('|--')}) == 1


def test_benchmark_figure_is_faceted_and_its_bars_are_intervals():
    # b27679b: one strip (11,035 px wide for the main job); the error bar of an unceiled accuracy was the SD 0.45
    rows = [row('m', f'Lab.{r}-b{i}', 0.3, r) for r in ('V1', 'IT') for i in range(60)]
    rows.append(row('m', 'Lab.acc', 0.285, 'behavior', unceiled=True, ci_low=0.21, ci_high=0.36, raw_error=0.45))
    fig = plots.plot_benchmarks(results_table(rows))
    assert [a.get_title(loc='left') for a in fig.axes] == ['V1', 'V1', 'IT', 'IT', 'behavior']
    assert fig.get_size_inches()[0] <= 18
    caps = [line for line in fig.axes[-1].lines if len(line.get_ydata()) == 2]  # the error bar's segment
    (segment,) = [c for c in fig.axes[-1].collections if len(c.get_segments())]
    lo, hi = segment.get_segments()[0][:, 1]
    assert (lo, hi) == pytest.approx((0.21, 0.36)), caps
    # b27679b: the heatmap drew every benchmark (8,970 px wide for the main job's 60): now the tree only
    heat = plots.plot_heatmap(results_table(rows))
    # (the unceiled accuracy counts nowhere, so no behaviour node)
    assert [t.get_text() for t in heat.axes[0].get_xticklabels()] == ['average', 'neural_vision', 'V1', 'IT']


@pytest.fixture(scope='module')
def site(tmp_path_factory):
    from brainscore_nb.web import write_site
    from brainscore_nb.metrics.uncertainty import encode_draws
    rng = np.random.default_rng(0)
    rows = []
    for m, base in (('alexnet', 0.5), ('pixels', 0.2), ('gabor<v1>', 0.3)):
        for b, p in (('MajajHong2015public.V4-pls', 'V4'), ('MajajHong2015public.IT-pls', 'IT'), ('Lab.behavior', 'behavior')):
            if (m, b) == ('pixels', 'Lab.behavior'):
                rows.append(row(m, b, None, p, error_message='ValueError: no behaviour'))
                continue
            s = base + rng.uniform(0, 0.1)
            draws = np.clip(s + rng.normal(0, 0.02, 200), 0, 1)
            rows.append(row(m, b, s, p, ci_low=np.percentile(draws, 2.5), ci_high=np.percentile(draws, 97.5),
                            bootstrap=encode_draws(draws), ceiling=0.8, data_sha1='ab' * 20))
    table = results_table(rows)
    out = tmp_path_factory.mktemp('web')
    table.to_csv(out / 'results.csv', index=False)
    return table, write_site(table, out / 'site')


def test_web_leaderboard_in_chromium(site):
    "Sorting works, every link opens a page, no console error, and the numbers are the results table's"
    from playwright.sync_api import sync_playwright
    assert Path(CHROMIUM).exists(), 'install Debian chromium (apt-get install chromium)'
    table, index = site
    board = plots.leaderboard(table)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page()
        errors = []
        page.on('console', lambda msg: errors.append(msg.text) if msg.type == 'error' else None)
        page.on('pageerror', lambda e: errors.append(str(e)))
        page.goto(index.as_uri())
        models = lambda: page.eval_on_selector_all('#leaderboard tbody tr', 'rs => rs.map(r => r.dataset.model)')
        assert models() == board.index.tolist()
        # the numbers on the page are the leaderboard's
        shown = page.eval_on_selector_all('#leaderboard tbody tr', 'rs => rs.map(r => Array.from(r.cells).map(c => c.dataset.value))')
        columns = ['rank', 'model', 'scored', *[c for c in board.columns if c not in ('rank', 'scored', 'counted')]]
        for m, cells in zip(board.index, shown):
            for c, v in zip(columns, cells):
                if c in ('rank', 'model', 'scored'): continue
                want = board.at[m, c]
                assert (v == '' and pd.isna(want)) or float(v) == pytest.approx(want, abs=1e-12), (m, c, v, want)
        # sorting: click the IT header (ascending after descending), and the model name
        header = page.locator('#leaderboard th', has_text='IT').first
        header.click()
        assert models() == board.sort_values('IT', ascending=False).index.tolist()
        header.click()
        assert models() == board.sort_values('IT', ascending=True).index.tolist()
        page.locator('#leaderboard th', has_text='model').click()
        assert models() == sorted(board.index, reverse=True)
        # every link opens a page that exists, with no console error
        pages, seen = [index], set()
        while pages:
            here = pages.pop()
            if here in seen: continue
            seen.add(here)
            page.goto(here.as_uri())
            for href in page.eval_on_selector_all('a', 'as => as.map(a => a.href)'):
                target = Path(href.removeprefix('file://'))
                assert target.is_file(), (here, href)
                pages.append(target)
            for src in page.eval_on_selector_all('img', 'is => is.map(i => i.src)'):
                assert Path(src.removeprefix('file://')).is_file()
        assert len(seen) == 1 + 1 + 3 + 3  # index, compare, 3 models, 3 benchmarks
        assert errors == []
        # the failed pair's reason on its model's page
        page.goto(index.as_uri())
        page.locator('#leaderboard a', has_text='pixels').click()
        assert 'ValueError: no behaviour' in page.content()
        browser.close()
    from brainscore_nb.web import slug
    bench = (index.parent / 'benchmarks' / f"{slug('MajajHong2015public.IT-pls')}.html").read_text()
    assert '@article' in bench and 'counts in: IT -&gt; neural_vision -&gt; average_vision' in bench
    assert 'ab' * 20 in bench and 'ceiling: 0.8000' in bench


def test_score_repr_says_unceiled():
    # b27679b: '<Score 0.5283 ± 0.0045 (raw 0.5283, ceiling nan)>' beside r²/ceiling scores, no mark
    from brainscore_nb.metrics.score import Score
    s = Score(0.5283, attrs={'raw': Score(0.5283), 'ceiling': Score(np.nan), 'error': 0.0045, 'unceiled': True})
    assert repr(s) == '<Score 0.5283 ± 0.0045 (raw 0.5283, unceiled)>'


def _brainscore_website(scores: pd.DataFrame, parents: dict) -> dict:
    """Brain-Score's website rule, transcribed from brain-score.web's legacy leaderboard view
    (benchmarks/tests/test_helpers/legacy_index.py): a parent's score is the mean over all its children with a
    missing child as 0 (`children_scores.fillna(0).groupby('model').mean()`), NaN where every child is missing;
    models ranked by average_vision with `fillna(0).rank(method='min', ascending=False)`."""
    long = scores.stack(future_stack=True).rename('score').reset_index()
    long.columns = ['model', 'benchmark', 'score']
    children = {}
    for b, p in parents.items():
        for child, node in zip([b, *hierarchy.node_path(p)], hierarchy.node_path(p)):
            children.setdefault(node, set()).add(child)
    out = {}
    def node(n):
        if n in out: return out[n]
        parts = []
        for c in sorted(children[n]):
            s = node(c) if c in children else long[long.benchmark == c].set_index('model').score
            parts.append(s.reindex(scores.index).rename(c))
        frame = pd.concat(parts, axis=1)
        out[n] = frame.fillna(0).mean(axis=1).where(frame.notna().any(axis=1))
        return out[n]
    for n in children: node(n)
    return out


def test_aggregation_and_ranks_match_brainscore_websites_rule():
    "On 30 of Brain-Score's benchmarks across its tree (properties, datasets, behaviour, engineering) with holes"
    rng = np.random.default_rng(1)
    parents = hierarchy.brainscore_parents()
    ids = sorted(b for b, p in parents.items() if p)[::8][:30]
    models = [f'm{i}' for i in range(6)]
    scores = pd.DataFrame(rng.uniform(0, 1, (6, len(ids))), index=models, columns=ids)
    scores = scores.mask(rng.uniform(size=scores.shape) < 0.3)
    scores.iloc[5] = np.nan  # a model with no score at all
    rows = [row(m, b, None if pd.isna(s) else float(s)) for m in models for b, s in scores.loc[m].items()]
    board = plots.leaderboard(results_table(rows))
    theirs = _brainscore_website(scores, {b: parents[b] for b in ids})
    nodes = {hierarchy.SYNONYMS.get(n, n) for n in theirs}
    assert set(board.attrs['nodes']) == nodes
    for n in nodes:
        col = 'average' if n == 'average_vision' else n
        np.testing.assert_allclose(board[col].reindex(models).to_numpy(float), theirs[n].to_numpy(float),
                                   rtol=0, atol=1e-12, err_msg=n)
    rank = theirs['average_vision'].fillna(0).rank(method='min', ascending=False)
    has = board.average.notna()
    assert (board['rank'][has] == rank[board.index[has]]).all()
    assert board['rank'].isna().tolist() == (~has).tolist() and not has['m5']  # no score: no rank (theirs: last)


def test_docs_site_gets_the_leaderboard_of_a_run(site, tmp_path):
    "docs/build.py --leaderboard RESULTS: the web leaderboard under the site's leaderboard/, apart from the build"
    from site_build import docs_build
    table, index = site
    made = docs_build.add_leaderboard(tmp_path, index.parent.parent / 'results.csv')
    assert made == tmp_path / 'leaderboard' / 'index.html'
    assert made.read_text() == index.read_text()


def test_cli_writes_the_web_leaderboard(site, tmp_path):
    "brainscore-nb leaderboard RESULTS --html DIR: the site, and the table that says what each average holds"
    from click.testing import CliRunner
    from brainscore_nb.cli import cli
    table, index = site
    r = CliRunner().invoke(cli, ['leaderboard', str(index.parent.parent / 'results.csv'), '--out', str(tmp_path / 'board'),
                                 '--html', str(tmp_path / 'web')], env={'COLUMNS': '4000'})  # every column
    assert r.exit_code == 0, r.output
    assert (tmp_path / 'web' / 'index.html').read_text() == index.read_text()
    assert f"web leaderboard: {tmp_path / 'web' / 'index.html'}" in r.output
    # each average says what it holds: 'score (scored/counted)' (leaderboard_text)
    assert re.search(r'\d\.\d{3} \(\d+/\d+\)', r.output), r.output
