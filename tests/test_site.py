"""The documentation site as a user sees it: built offline from the notebooks (docs/build.py: nbdev-proc-nbs, then
Sphinx + myst-nb), opened in headless Chromium (Debian's `chromium`, driven by Playwright): the index, the API
reference and the notebook pages render with their examples' outputs and figures, and no internal link or image is
broken. Every notebook is executed for the site; pytest runs this file after tests/test_notebooks.py, which keeps
the notebooks it ran under _executed/, so the build here executes only those whose source changed since."""
import inspect
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag

import numpy as np
import pytest
from site_build import docs_build

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = '/usr/bin/chromium'
FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
         '--disable-sync', '--no-first-run']


class _Page(HTMLParser):
    "Every id, link (a href) and image (img src) of a page"
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get('id'): self.ids.add(a['id'])
        if tag == 'a' and a.get('href'): self.links.append(a['href'])
        if tag == 'img' and a.get('src'): self.links.append(a['src'])


def _parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding='utf-8'))
    return p


@pytest.fixture(scope='module')
def site(tmp_path_factory):
    """The site built README's way: `python docs/build.py --out DIR` from the repository root, in a fresh process with
    none of the tests' BRAINSCORE_NB_* variables (conftest's mirror, store) set"""
    out = tmp_path_factory.mktemp('site')
    env = {k: v for k, v in os.environ.items() if not k.startswith('BRAINSCORE_NB_')}
    run = subprocess.run([sys.executable, str(ROOT / 'docs' / 'build.py'), '--out', str(out)], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-5000:]
    assert (out / 'index.html').is_file()
    return out


def test_kept_notebook_used_only_while_its_source_is_unchanged(tmp_path):
    "An executed notebook kept by the notebook tests is the site's copy until its source changes; a failed run keeps none"
    src = docs_build.NBS / 'api' / '00a_names.ipynb'
    nb = json.loads(src.read_text())
    code = next(c for c in nb['cells'] if c['cell_type'] == 'code')
    code['outputs'] = [{'output_type': 'stream', 'name': 'stdout', 'text': ['ran\n']}]
    assert docs_build.kept_outputs('api/00a_names.ipynb', tmp_path) is None  # none kept: the build executes it
    docs_build.keep_executed(nb, src, tmp_path)
    assert docs_build.kept_outputs('api/00a_names.ipynb', tmp_path)[code['id']] == code['outputs']
    kept = tmp_path / 'api' / '00a_names.ipynb'
    stamped = json.loads(kept.read_text())
    assert stamped['metadata']['brainscore_nb'] == {'source_sha1': docs_build.source_sha1(src)}
    stamped['metadata']['brainscore_nb']['source_sha1'] = '0' * 40  # as if the source changed after the run
    kept.write_text(json.dumps(stamped))
    assert docs_build.kept_outputs('api/00a_names.ipynb', tmp_path) is None  # stale: executed again
    docs_build.keep_executed(nb, src, tmp_path)
    docs_build.forget_executed(src, tmp_path)
    assert not kept.exists()
    docs_build.keep_executed(nb, ROOT / 'README.md', tmp_path)  # not a page: nothing kept
    assert [p for p in tmp_path.rglob('*') if p.is_file()] == []


def test_notebooks_read_the_projects_settings_wherever_they_run(tmp_path):
    "Offline as README documents it (nothing set): a benchmark notebook in nbs/benchmarks/ reads the mirror settings.ini names"
    import subprocess, sys
    clean = {k: v for k, v in os.environ.items() if not k.startswith('BRAINSCORE_NB_')}  # not conftest's variables
    ask = [sys.executable, '-c', 'from brainscore_nb.config import get_setting; print(get_setting("mirror"))']
    where = docs_build.NBS / 'benchmarks'
    before = subprocess.run(ask, cwd=where, env=clean, capture_output=True, text=True, check=True).stdout.strip()
    assert before == ''  # settings are read from the working directory only: here there is none, so no mirror
    after = subprocess.run(ask, cwd=where, env=docs_build.settings_env(clean), capture_output=True, text=True, check=True)
    assert Path(after.stdout.strip()) == (ROOT.parent / 'shared' / 'mirror').resolve()


def test_front_matter_titles_are_unquoted():
    "nbdev writes YAML front matter; quoted titles and descriptions show as their text (no quotes, no doubled apostrophe)"
    raw = {'cell_type': 'raw', 'source': ["---\n", "title: 'Brain-Score''s way'\n", 'description: "a \\"quoted\\" word"\n',
                                          "output-file: x.html\n", 'summary: "L\\xF6nnqvist"\n', "---"]}
    assert docs_build.frontmatter({'cells': [raw]}) == {'title': "Brain-Score's way", 'description': 'a "quoted" word',
                                                        'output-file': 'x.html', 'summary': 'Lönnqvist'}


def test_every_notebook_executed(site):
    "Every notebook's outputs are on the site: none left out, and every page with examples shows their outputs"
    report = json.loads((site / 'build_report.json').read_text())
    print(f"pages with examples' outputs: {len(report['pages_with_outputs'])}/{report['notebooks']}; "
          f"executed by the build: {len(report['executed_here'])}; without outputs: {report['pages_without_outputs']}")
    assert docs_build.NOT_EXECUTED == {}  # the build leaves no notebook unexecuted (the report repeats it)
    assert report['notebooks'] > 50
    assert len(report['pages_with_outputs']) >= 40, report['pages_without_outputs']


def test_no_broken_internal_links(site):
    "Every relative link and image of every page points at a file that exists, and at an id that exists in it"
    pages = {p: _parse(p) for p in site.rglob('*.html')}
    assert len(pages) > 20
    broken = []
    for path, page in pages.items():
        for href in page.links:
            if re.match(r'^[a-z]+:', href) or href.startswith('//'): continue  # external (https:, mailto:, ...)
            url, frag = urldefrag(href)
            target = (path.parent / unquote(url)).resolve() if url else path
            if not target.exists(): broken.append(f'{path.relative_to(site)} -> {href} (no such file)')
            elif frag and target.suffix == '.html' and frag not in (pages.get(target) or _parse(target)).ids:
                broken.append(f'{path.relative_to(site)} -> {href} (no such anchor)')
    assert not broken, '\n'.join(broken[:30])


def test_pages_render_in_chromium(site, tmp_path):
    "Index, API reference and the plots notebook render with their figures; the API links land on their entries"
    from playwright.sync_api import expect, sync_playwright
    assert Path(CHROMIUM).exists(), 'install Debian chromium (apt-get install chromium): .ci/run does'
    shots = Path(os.environ.get('BRAINSCORE_NB_SCREENSHOTS', tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={'width': 1280, 'height': 900})
        errors = []
        page.on('pageerror', lambda e: errors.append(str(e)))

        page.goto((site / 'index.html').as_uri())
        assert page.title().startswith('brainscore_nb')
        nav = page.locator('.sidebar-tree a.reference').all_inner_texts()
        assert {'Batch runs', 'Leaderboard and plots', 'Command line', 'API reference'} <= set(nav), nav
        page.screenshot(path=str(shots / 'index.png'))

        page.goto((site / 'api.html').as_uri())
        assert page.locator('h1').inner_text().startswith('API reference')
        link = page.locator('a[href="api/batch.html#run"]').first
        link.click()
        page.wait_for_load_state()
        assert page.url.endswith('api/batch.html#run')
        expect(page.locator('#run')).to_be_in_viewport()  # the browser scrolled to the entry
        assert 'Score every model on every benchmark in parallel' in page.locator('article').inner_text()

        page.goto((site / 'api' / 'plots.html').as_uri())
        assert page.locator('h1').inner_text().startswith('Leaderboard and plots')
        images = page.locator('article img')
        assert images.count() >= 2
        sizes = [images.nth(i).evaluate('img => [img.complete, img.naturalWidth, img.getBoundingClientRect().width]') for i in range(images.count())]
        assert all(done and natural > 500 and shown > 300 for done, natural, shown in sizes), sizes
        assert page.locator('article table').count() >= 1  # the leaderboard
        images.first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / 'plots.png'))

        page.goto((site / 'explanations' / 'troubleshooting.html').as_uri())  # executed: the messages are the library's own
        text = page.locator('article').inner_text()
        assert page.locator('h1').inner_text().startswith('What happens when things go wrong')
        assert "unknown option 'spilts'; did you mean 'splits'?" in text and 'is a file, not a folder' in text
        assert page.locator('article table tr').count() > 50  # the complete list
        page.screenshot(path=str(shots / 'troubleshooting.png'))

        page.goto((site / 'api' / 'crossval.html').as_uri())  # an API page: its examples show their outputs
        examples = page.locator('article div.cell:has(> div.cell_input):has(> div.cell_output)')
        assert examples.count() >= 2
        shown = examples.locator('div.cell_output').all_inner_texts()
        kept = json.loads((docs_build.EXECUTED / 'api' / '11_crossval.ipynb').read_text())
        expected = [''.join(o['data']['text/plain']).splitlines()[0] for c in kept['cells'] if c['cell_type'] == 'code'
                    for o in c.get('outputs', []) if 'text/plain' in o.get('data', {})]
        assert expected and any(e in t for e in expected for t in shown), (expected, shown)
        examples.first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / 'crossval.png'))

        browser.close()
    assert not errors, errors
    assert (shots / 'plots.png').stat().st_size > 10_000


def test_quarto_configuration_stays_valid(site):
    "nbdev-docs (Quarto) would find its configuration: _quarto.yml, the files it names, and nbdev's metadata files"
    import yaml
    q = yaml.safe_load((ROOT / 'nbs' / '_quarto.yml').read_text())
    assert q['project']['type'] == 'website'
    assert (ROOT / 'nbs' / q['format']['html']['css']).is_file()
    for f in q['metadata-files']: assert yaml.safe_load((ROOT / 'nbs' / f).read_text())['website'], f
    assert (ROOT / '_proc' / '_quarto.yml').is_file() and (ROOT / '_proc' / 'api' / '42_plots.ipynb').is_file()


def test_uncertainty_page_shows_its_figure(site, tmp_path):
    "The uncertainty page (nbs/api/17_uncertainty.ipynb) shows its examples' outputs and its figure, as the notebook drew it"
    from playwright.sync_api import sync_playwright
    shots = Path(os.environ.get('BRAINSCORE_NB_SCREENSHOTS', tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={'width': 1280, 'height': 900})
        page.goto((site / 'api' / 'uncertainty.html').as_uri())
        assert page.locator('h1').inner_text().startswith('Uncertainty')
        assert page.locator('article div.cell:has(> div.cell_input):has(> div.cell_output)').count() >= 1
        figures = page.locator('article div.cell_output img')
        count = figures.count()
        size = figures.first.evaluate('img => [img.complete, img.naturalWidth, img.getBoundingClientRect().width]') \
            if count else None
        if count: figures.first.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / 'uncertainty.png'))
        browser.close()
    assert count >= 1, 'the uncertainty page shows no figure: nbs/api/17_uncertainty.ipynb draws none'
    assert size[0] and size[1] > 300 and size[2] > 200, size


def test_sidebar_starts_here_and_follows_the_folders():
    "The sidebar's first section is 'Start here'; then one section per folder of nbs/, its pages in the notebooks' order"
    pages = ['index', 'api/config', 'api/names', 'api/front_door', 'api/regression', 'api/ceilings', 'api/batch',
             'api/benchmarks_catalogue', 'benchmarks/cowley2023', 'benchmarks/coggan2024', 'explanations/troubleshooting',
             'howto/x', 'other', 'tutorials/start_here', 'tutorials/packaging_walkthrough']
    tree = docs_build.toctree(pages)
    captions = re.findall(r':caption: (.+)', tree)
    assert captions == ['Start here', 'Tutorials', 'Explanations', 'Benchmarks', 'API', 'Howto'], captions
    blocks = {c: b.split('\n\n', 1)[1].split('\n```')[0].split('\n') for c, b in zip(captions, tree.split(':caption: ')[1:])}
    assert blocks['Start here'] == ['tutorials/start_here', 'api/benchmarks_catalogue']
    assert blocks['Tutorials'] == ['tutorials/packaging_walkthrough']  # Start here's page is not listed twice
    assert blocks['Benchmarks'] == ['benchmarks/cowley2023', 'benchmarks/coggan2024']  # as given: the notebooks' order
    # the API reference first, then the folder's pages (not sorted by page name), then any page outside a folder
    assert blocks['API'] == ['api', 'api/config', 'api/names', 'api/front_door', 'api/regression', 'api/ceilings',
                             'api/batch', 'other']
    assert blocks['Howto'] == ['howto/x']  # a folder not named in FOLDERS is a section too, never lost


def _cell(kind, source, tags=(), outputs=None):
    c = {'cell_type': kind, 'id': str(abs(hash(source)))[:8], 'metadata': {'tags': list(tags)} if tags else {},
         'source': source}
    if kind == 'code': c['outputs'] = outputs or []
    return c


def test_pages_lead_with_the_idea_and_a_public_example():
    "Leading plumbing (parameters, test imports, imports, private helpers' tests) comes after the idea and its example"
    shown = [{'output_type': 'display_data', 'data': {'text/markdown': '### score'}}]
    cells = [_cell('code', "models: list = ['pixels']", tags=['parameters']),
             _cell('code', 'from fastcore.test import *'),
             _cell('code', 'import numpy as np\nfrom brainscore_nb.registry import score'),
             _cell('markdown', '[`_as_score`](x.ipynb#_as_score) accepts a number:'),
             _cell('code', "test_eq(_as_score(0.5, 'score').center, 0.5)"),
             _cell('code', "_bibtex_key('@article{k,}')", outputs=[{'output_type': 'execute_result'}]),
             _cell('markdown', 'A ceiling is how well the data predict themselves.'),
             _cell('code', 'show_doc(score)', tags=['remove-input'], outputs=shown),
             _cell('code', "result = score('pixels', 'x')\nresult", outputs=[{'output_type': 'execute_result'}])]
    out = docs_build.lead_with_idea(cells)
    visible = [c['source'] for c in out if 'remove-cell' not in c.get('metadata', {}).get('tags', [])]
    assert visible == ['A ceiling is how well the data predict themselves.', "models: list = ['pixels']",
                       'import numpy as np\nfrom brainscore_nb.registry import score', 'show_doc(score)',
                       '[`_as_score`](x.ipynb#_as_score) accepts a number:', "test_eq(_as_score(0.5, 'score').center, 0.5)",
                       "_bibtex_key('@article{k,}')", "result = score('pixels', 'x')\nresult"], visible
    assert len(out) == len(cells)  # nothing lost: the test import is hidden, not dropped
    mixed = docs_build.lead_with_idea([_cell('code', 'import os\nfrom fastcore.test import *\nimport sys')])
    assert mixed[0]['source'] == 'import os\nimport sys'


def test_outputs_carry_no_build_noise_or_machine_paths():
    "TqdmWarning and docments warnings are dropped; temporary folders and the project's path are neutral; long outputs cut"
    root = str(docs_build.ROOT)
    stderr = {'output_type': 'stream', 'name': 'stderr', 'text': [
        f'{root}/.venv/lib/python3.11/site-packages/tqdm/auto.py:21: TqdmWarning: IProgress not found. Please update\n',
        '  from .autonotebook import tqdm as notebook_tqdm\n', 'real message\n']}
    only_noise = {'output_type': 'stream', 'name': 'stderr', 'text': 'UserWarning: docments unavailable for f\n'}
    printed = {'output_type': 'execute_result', 'data': {'text/plain': [
        "PosixPath('/tmp/bsnb-docs-k2j3h4g5/run/batch/tmp/tmpab12cd34/results/results.csv'), "
        f"'{root}/nbs/x.csv', '/tmp/pytest-of-root/pytest-7/test_run0/store/a.nc'"]}}
    rows = ''.join(f'<tr><td>{i}</td></tr>' for i in range(641))
    table = {'output_type': 'display_data', 'data': {'text/html': f'<table><tbody>{rows}</tbody></table>'}}
    out = docs_build.clean_outputs([stderr, only_noise, printed, table])
    assert len(out) == 3 and out[0]['text'] == 'real message\n', out[0]
    assert out[1]['data']['text/plain'] == "PosixPath('<tmp>/results/results.csv'), 'nbs/x.csv', '<tmp>/store/a.nc'"
    html = out[2]['data']['text/html']
    assert html.count('<tr>') == docs_build.KEEP_TABLE_ROWS + 1 and '616 more rows (641 in all' in html
    short = {'output_type': 'display_data', 'data': {'text/html': '<table><tbody>' + rows[:200] + '</tbody></table>'}}
    assert docs_build.clean_outputs([short])[0]['data']['text/html'] == short['data']['text/html']  # short: as it is
    assert stderr['text'][2] == 'real message\n'  # the notebook's own outputs are not changed


def test_signatures_shorten_long_default_arrays():
    "A default printed as a 99-value array shows its first values, how many more, and its last"
    values = ',\n       '.join(f'{v:.8e}' for v in np.logspace(-2, 7, 99))
    md = f'```python\nridgecv_cv(source, target, *, alphas=array([{values}]), dtype=None)\n```'
    assert docs_build.short_signatures(md) == ('```python\nridgecv_cv(source, target, *, alphas=array([1.00000000e-02, '
                                               '1.23548289e-02, ... 96 more ..., 1.00000000e+07]), dtype=None)\n```')
    assert docs_build.short_signatures('f(x=array([1, 2, 3]))') == 'f(x=array([1, 2, 3]))'


def test_source_links_point_to_the_pages_module():
    "nbdev links a name defined in several modules (load_assembly) to one of them: each page's link names its own module"
    from brainscore_nb.benchmarks import geirhos2021
    wrong = ('[source](https://github.com/brainscore-nb/brainscore_nb/blob/main/brainscore_nb/benchmarks/cowley2026.py#L40)'
             '{target="_blank" style="float:right; font-size:smaller"}\n\n### load_assembly\n')
    fixed = docs_build.fix_source_links(wrong, 'benchmarks/geirhos2021')
    line = inspect.getsourcelines(geirhos2021.load_assembly)[1]
    assert f'/blob/main/brainscore_nb/benchmarks/geirhos2021.py#L{line})' in fixed and 'cowley2026' not in fixed
    assert docs_build.fix_source_links(wrong, 'benchmarks/cowley2026') == wrong  # already right


def test_site_configuration_scrolls_tables_and_searches_offline():
    "Wide tables scroll inside the column (the site's CSS), and search fetches no page from file:// (CORS)"
    conf = (ROOT / 'docs' / 'conf.py').read_text()
    assert 'html_show_search_summary = False' in conf and "html_css_files = ['site.css']" in conf
    css = (ROOT / 'docs' / '_static' / 'site.css').read_text()
    assert 'overflow-x: auto' in css and 'article table' in css


def test_pages_carry_no_build_noise_and_link_their_own_sources(site):
    "No page shows build warnings, test plumbing or the building machine's paths; every [source] link names a module of its page"
    from brainscore_nb._modidx import d
    modules = {}  # page -> the files of the symbols documented on it
    for syms in d['syms'].values():
        for doc, path in syms.values(): modules.setdefault(doc.partition('#')[0].removesuffix('.html'), set()).add(path)
    leaks, wrong = [], []
    for path in sorted(site.rglob('*.html')):
        name = str(path.relative_to(site).with_suffix(''))
        html = path.read_text(encoding='utf-8')
        for bad in ('TqdmWarning', 'IProgress not found', 'docments unavailable', str(ROOT)):
            if bad in html: leaks.append(f'{name}: {bad}')
        if 'from fastcore.test import *' in re.sub(r'<[^>]+>', '', html):  # test plumbing: the build hides it
            leaks.append(f'{name}: from fastcore.test import *')
        # a temporary folder's name (mkdtemp's, pytest's, the build's); '/tmp/x' in an example's text is no leak
        leaks += [f'{name}: {m}' for m in re.findall(r'/tmp/(?:tmp\w+|pytest-\S+?/|bsnb-docs-\w+|[\w.]+-[a-z0-9_]{8}/)', html)]
        for src in re.findall(r'href="https://github\.com/[^"]+/blob/[^/"]+/([^"#]+)(?:#L\d+)?"', html):
            if name in modules and src not in modules[name]: wrong.append(f'{name} -> {src}')
    assert not leaks, leaks[:20]
    assert not wrong, wrong[:20]



def test_benchmark_pages_show_scores_and_figures(site):
    """No benchmark page shows an empty list for its scores (`[]`: no models given); every benchmark page draws what
    it scored, and one whose figure is not of the real data says so (a synthetic fixture's or toy data's scores)"""
    pages = sorted((site / 'benchmarks').glob('*.html'))
    assert len(pages) == len(list((docs_build.NBS / 'benchmarks').glob('*.ipynb'))) >= 38, len(pages)
    empty = []
    for path in pages:
        outputs = re.findall(r'<div class="cell_output docutils container">(.*?)</div>\s*</div>',
                             path.read_text(encoding='utf-8'), re.S)
        if any(re.search(r'<pre[^>]*>(?:<span></span>)?\[\]\s*</pre>', o) for o in outputs): empty.append(path.stem)
    assert not empty, empty
    # rajalingham2018's figure needs the BrainIO package under ../shared/brainio (its page says so without it)
    optional = set() if (ROOT.parent / 'shared' / 'brainio').is_dir() else {'rajalingham2018'}
    figure = re.compile(r'<img[^>]*src="[^"]*_images/[^"]+\.png"')  # an executed cell's figure, as myst-nb writes it
    bare = [p.stem for p in pages if p.stem not in optional and not figure.search(p.read_text(encoding='utf-8'))]
    assert not bare, bare
    real = {'coggan2024', 'cowley2023', 'geirhos2019', 'geirhos2021', 'hermann2020', 'kriegeskorte2008'}  # mirrored
    unsaid = [p.stem for p in pages if p.stem not in real and not re.search(
        r'synthetic fixture|not the real', p.read_text(encoding='utf-8'))]
    assert not unsaid, unsaid


def test_search_ranks_the_title_that_is_the_query_first(site):
    "Opened from disk, search answers with no console error and ranks Start here's 'Score a model' first"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={'width': 1280, 'height': 900})
        errors = []
        page.on('console', lambda m: errors.append(m.text) if m.type == 'error' else None)
        page.goto((site / 'search.html').as_uri() + '?q=score+a+model')
        page.wait_for_selector('#search-results li a', timeout=20000)
        first = page.locator('#search-results li a').first.inner_text()
        browser.close()
    assert first == 'Start here > Score a model', first
    assert not errors, errors[:3]

# how far the page is wider than the window, and the widest spill of a table, code block, output or image out of
# the article's column (what a scrolling box holds spills nothing: it scrolls; furo's table wrapper reaches 6.4 px
# past the column by design, hence the 8 px allowance)
SPILL = """() => {
    const a = document.querySelector('article'), d = document.documentElement;
    if (!a) return [d.scrollWidth - d.clientWidth, 0];
    const right = a.getBoundingClientRect().right;
    const clipped = e => { for (let p = e.parentElement; p && p !== a; p = p.parentElement)
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true; return false; };
    const spill = [...a.querySelectorAll('table, pre, img, .cell_output, .highlight, .table-wrapper, p')]
        .filter(e => !clipped(e)).map(e => e.getBoundingClientRect().right - right);
    return [d.scrollWidth - d.clientWidth, Math.max(0, ...spill)]; }"""

# the figures of a page's cell outputs: [loaded, natural width, shown width] each
FIGURES = """() => [...document.querySelectorAll('article .cell_output img')]
    .map(i => [i.complete, i.naturalWidth, i.getBoundingClientRect().width])"""


def test_site_reads_as_a_newcomer_would(site, tmp_path):
    "Start here first; titles without quotes; no page wider than its column; every benchmark page shows a figure; the catalogue lists every benchmark"
    from playwright.sync_api import sync_playwright
    shots = Path(os.environ.get('BRAINSCORE_NB_SCREENSHOTS', tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    wide, titles, figureless = [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = browser.new_page(viewport={'width': 1280, 'height': 900})
        page.goto((site / 'index.html').as_uri())
        captions = page.locator('.sidebar-tree p.caption').all_inner_texts()
        assert captions and captions[0].strip().lower() == 'start here', captions  # CSS capitalises
        nav = page.locator('.sidebar-tree a.reference').all_inner_texts()
        assert nav[:2] == ['Start here', 'Benchmark catalogue'], nav[:5]
        for path in sorted(site.rglob('*.html')):
            if path.name in ('search.html', 'genindex.html'): continue
            page.goto(path.as_uri())
            h1 = page.locator('article h1').first.inner_text() if page.locator('article h1').count() else ''
            if re.match(r'^[\'"‘“]', h1) or '’’' in h1 or "''" in h1: titles.append(f'{path.name}: {h1}')
            over = page.evaluate(SPILL)
            if max(over) > 8: wide.append(f'{path.relative_to(site)}: {over} px wider')
            if path.parent.name == 'benchmarks':  # each draws what it scored, and the browser shows it
                shown = page.evaluate(FIGURES)
                if not any(done and natural > 300 and width > 200 for done, natural, width in shown):
                    figureless.append(f'{path.stem}: {shown}')
        page.goto((site / 'tutorials' / 'start_here.html').as_uri())
        text = page.locator('article').inner_text()
        assert 'Score a model' in text and 'Read the leaderboard' in text and '<Score 0.1448' in text
        sections = page.locator('article h2').all_inner_texts()
        assert [h for h in ('Install', 'Score a model', 'Package your data', 'Add a benchmark', 'Read the leaderboard')
                if not any(t.startswith(h) for t in sections)] == [], sections
        # score, package, add a benchmark, read the leaderboard: each shows its executed example's output
        assert page.locator('article div.cell:has(> div.cell_input):has(> div.cell_output)').count() >= 4
        page.screenshot(path=str(shots / 'start_here.png'))
        page.goto((site / 'api' / 'benchmarks_catalogue.html').as_uri())
        rows = page.locator('article table').first.locator('tbody tr').count()
        page.screenshot(path=str(shots / 'catalogue.png'))
        browser.close()
    assert not titles, titles
    assert not wide, wide
    optional = set() if (ROOT.parent / 'shared' / 'brainio').is_dir() else {'rajalingham2018'}
    assert not [f for f in figureless if f.split(':')[0] not in optional], figureless
    # counted in a fresh process: tests and notebooks run in this one register benchmarks of their own
    library = int(subprocess.run([sys.executable, '-c', 'from brainscore_nb.registry import list_benchmarks; '
                                  'print(len(list_benchmarks()))'], capture_output=True, text=True, check=True,
                                 env={k: v for k, v in os.environ.items() if not k.startswith('BRAINSCORE_NB_')}
                                 ).stdout.split()[-1])
    assert library >= 255 and rows == library, (rows, library)


def test_proc_nbs_parses_each_text_once_and_frees_each_shell(tmp_path, monkeypatch):
    """docs/proc_nbs.py: nbdev's configuration as tomllib reads it, a copy each call, an edit seen at once; a released
    shell stops holding its namespace and takes back its exit hook"""
    import tomllib
    from site_build import docs_proc_nbs
    f = tmp_path / 'pyproject.toml'
    f.write_text('[tool.nbdev]\nlib_path = "a"\n')
    first = docs_proc_nbs.load_toml(f)
    assert first == tomllib.loads(f.read_text())
    first['tool']['nbdev']['lib_path'] = 'changed'  # the caller's copy: the next call is not changed
    assert docs_proc_nbs.load_toml(f)['tool']['nbdev']['lib_path'] == 'a'
    f.write_text('[tool.nbdev]\nlib_path = "b"\n')
    assert docs_proc_nbs.load_toml(f)['tool']['nbdev']['lib_path'] == 'b'
    # a shell changes process-wide state (sys.modules['__main__'], atexit): released in a process of its own
    script = f"""
import atexit, gc, sys, weakref
sys.path.insert(0, {str(Path(__file__).parent)!r})
from execnb.shell import CaptureShell
from site_build import docs_proc_nbs
shell = CaptureShell(mpl_format=None)
unregistered, unregister = [], atexit.unregister
atexit.unregister = lambda f: (unregistered.append(f), unregister(f))  # seen, then done
shell.run('class Kept: pass\\nkept = Kept()')
kept = weakref.ref(shell.user_ns['kept'])
docs_proc_nbs.release(shell)
gc.collect()
assert kept() is None, 'without release it lives until the process exits'
assert unregistered == [shell.atexit_operations], unregistered
print('released')
"""
    r = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip().endswith('released'), r.stdout + r.stderr
