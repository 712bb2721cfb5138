"""Build the documentation site offline: notebooks -> nbdev-proc-nbs -> Sphinx + myst-nb -> static HTML.

    python docs/build.py [--out _site] [--execute 'benchmarks/*' ...] [--fresh]

1. `nbdev-proc-nbs` processes nbs/ into _proc/ as it does for Quarto (show_doc API entries, hidden cells dropped).
   It runs through docs/proc_nbs.py, which spares nbdev's repeated configuration parsing and shells' exit work.
2. Every notebook's outputs (figures, tables, printed values) are copied into the processed notebooks, cell by
   cell id. Each notebook is executed once for both the tests and the site: tests/test_notebooks.py keeps every
   notebook it ran under _executed/, stamped with the sha1 of its source; a kept notebook whose source is
   unchanged is used as it is, and the build executes only the missing or stale ones (in parallel, one kernel
   per core, each with its own store and temporary folder) and keeps them there too. `--fresh` executes all.
3. Each page is named as nbdev names it for Quarto (`output-file`), Quarto's cell options become myst-nb tags,
   nbdev's absolute links become relative ones, and `api.md` lists every exported symbol.
4. Sphinx builds the HTML into --out. Quarto's own configuration (_proc/_quarto.yml) is left as nbdev made it,
   so `nbdev-docs` keeps working where Quarto is installed.
"""
import argparse, fnmatch, hashlib, json, os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NBS, PROC, SRC = ROOT / 'nbs', ROOT / '_proc', ROOT / '_docs_src'
EXECUTED = ROOT / '_executed'  # executed notebooks kept by the notebook tests and by this build (see step 2)
EXECUTE = ['*']  # notebooks whose outputs the site shows (globs relative to nbs/, no suffix): all of them
# Notebooks the site cannot execute (relative to nbs/, no suffix) -> why; their pages show code and API entries only
NOT_EXECUTED = {}
# nbs/ in folders by kind, each a section of the sidebar (in this order; its pages in the notebooks' order), after
# 'Start here' (its pages in the order named); nbs/index.ipynb is the start page. The API section opens with the API
# reference (api.md, every exported symbol) and ends with any other page (a folder not named here is a section too)
START = ('tutorials/start_here', 'api/benchmarks_catalogue')
FOLDERS = {'tutorials': 'Tutorials', 'explanations': 'Explanations', 'benchmarks': 'Benchmarks', 'api': 'API'}
MAX_TABLE_ROWS, KEEP_TABLE_ROWS = 400, 25  # an output table longer than this shows its first rows and says how many
MAX_OUTPUT_LINES, KEEP_OUTPUT_LINES = 120, 60  # likewise for printed text
WARNINGS = re.compile(r'TqdmWarning|IProgress not found|docments unavailable')  # build noise, not the library's
DIRECTIVE = re.compile(r'^#\|\s*([\w-]+)\s*:?\s*(.*)$')


def _bin(name): return str(Path(sys.executable).parent / name)


def frontmatter(nb: dict) -> dict:
    "The YAML front matter nbdev writes as the first raw cell (title, description, output-file)"
    c = nb['cells'][0] if nb['cells'] else {}
    if c.get('cell_type') != 'raw': return {}
    out, key = {}, None
    for line in ''.join(c['source']).strip().strip('-').splitlines():
        if re.match(r'^[\w-]+:', line): key, _, v = line.partition(':'); key = key.strip(); out[key] = v.strip()
        elif key and line.startswith(' '): out[key] += ' ' + line.strip()
    return {k: _unquote(v) for k, v in out.items()}


def _unquote(value: str) -> str:
    "A YAML scalar as its text: quotes removed, '' in a single-quoted string and \\\" in a double-quoted one undone"
    if len(value) >= 2 and value[0] == value[-1] == "'": return value[1:-1].replace("''", "'")
    if len(value) >= 2 and value[0] == value[-1] == '"':  # YAML's escapes (\\xF6 too, which JSON lacks)
        import yaml  # nbdev's dependency
        return yaml.safe_load(value) if '\\' in value else value[1:-1]
    return value


def source_sha1(path) -> str:
    "The sha1 of a notebook's source file, which stamps its executed copy"
    return hashlib.sha1(Path(path).read_bytes()).hexdigest()


def keep_executed(nb, path, folder: Path = None):
    "Keep the executed notebook `nb` of the source `path` (a notebook in nbs/) under `folder`, stamped with its sha1"
    path, folder = Path(path).resolve(), Path(folder or EXECUTED)
    if not path.is_relative_to(NBS): return  # only nbs/ notebooks are pages
    from fastcore.nbio import nb2str
    nb['metadata'] = dict(nb.get('metadata') or {}, brainscore_nb={'source_sha1': source_sha1(path)})
    dest = folder / path.relative_to(NBS)
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f'.{dest.name}.{os.getpid()}.tmp')
    tmp.write_text(nb2str(nb), encoding='utf-8')
    os.replace(tmp, dest)


def forget_executed(path, folder: Path = None):
    "Remove the kept executed copy of the source `path`, if any (a notebook whose tests fail leaves none)"
    path = Path(path).resolve()
    if path.is_relative_to(NBS): (Path(folder or EXECUTED) / path.relative_to(NBS)).unlink(missing_ok=True)


def kept_outputs(name: str, folder: Path = None):
    "{cell id: outputs} of the kept executed notebook `name` (relative to nbs/), or None if none is kept for this source"
    kept = Path(folder or EXECUTED) / name
    if not kept.is_file(): return None
    nb = json.loads(kept.read_text(encoding='utf-8'))
    if nb.get('metadata', {}).get('brainscore_nb', {}).get('source_sha1') != source_sha1(NBS / name): return None
    return {c.get('id'): c.get('outputs', []) for c in nb['cells'] if c['cell_type'] == 'code'}


def _execute_one(name: str, work: Path, env: dict, folder: Path) -> dict:
    "Run the notebook `name` from its folder with its own store and temporary folder; keep it; {cell id: outputs}"
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    own = work / 'run' / name.removesuffix('.ipynb').replace('/', '__')
    (own / 'tmp').mkdir(parents=True)
    env = dict(env, BRAINSCORE_NB_HOME=str(own / 'home'), BRAINSCORE_NB_PACKAGES_DIR=str(own / 'packages'),
               TMPDIR=str(own / 'tmp'))
    nb = nbformat.read(NBS / name, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name='python3', resources={'metadata': {'path': str((NBS / name).parent)}})
    try: client.execute(env=env)
    except CellExecutionError as e:
        raise RuntimeError(f'docs: nbs/{name} failed when executed for the site (run its tests: nbdev-test --path nbs/{name}; '
                           f'or name it in NOT_EXECUTED in docs/build.py with the reason):\n{e}') from None
    keep_executed(nb, NBS / name, folder)
    return {c.get('id'): c.get('outputs', []) for c in nb.cells if c.cell_type == 'code'}


def execute(names: list, work: Path, env: dict, folder: Path = None, workers: int = None) -> dict:
    "Run the notebooks `names` (paths relative to nbs/), one kernel per core; return name -> {cell id: outputs}"
    if not names: return {}
    workers = max(1, min(len(names), workers or os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        futures = {n: pool.submit(_execute_one, n, work, env, folder or EXECUTED) for n in names}
    failed = [f.exception() for f in futures.values() if f.exception()]
    if failed: raise RuntimeError(f'docs: {len(failed)} notebook(s) failed:\n\n' + '\n\n'.join(map(str, failed)))
    return {n: f.result() for n, f in futures.items()}


def outputs_for(names: list, work: Path, env: dict, fresh: bool = False, folder: Path = None) -> tuple:
    "Every notebook's outputs, kept ones reused unless `fresh`: ({name: {cell id: outputs}}, names executed here)"
    kept = {} if fresh else {n: o for n in names if (o := kept_outputs(n, folder)) is not None}
    missing = [n for n in names if n not in kept]
    return kept | execute(missing, work, env, folder), missing


def _tags(cell: dict) -> dict:
    "Quarto cell options (#| echo: false, ...) as myst-nb tags, the option lines removed"
    lines, tags = ''.join(cell['source']).split('\n'), []
    keep = []
    for l in lines:
        m = DIRECTIVE.match(l)
        if not m: keep.append(l); continue
        k, v = m.group(1), m.group(2).strip().lower()
        if (k, v) in (('echo', 'false'),): tags.append('remove-input')
        if (k, v) in (('include', 'false'), ('hide', 'true')) or k == 'hide': tags.append('remove-cell')
        if (k, v) == ('output', 'false'): tags.append('remove-output')
    cell['source'] = '\n'.join(keep).strip('\n')
    if tags: cell.setdefault('metadata', {})['tags'] = sorted(set(tags))
    return cell


def _links(text: str, base: str, prefix: str = '') -> str:
    "nbdev's absolute doc links as relative links to the pages' sources (which Sphinx checks and resolves); Quarto-only attributes dropped"
    text = re.sub(re.escape(base) + r'([\w/-]+)\.html', lambda m: f'{prefix}{m.group(1)}.ipynb', text)
    return re.sub(r'\)\{target="_blank"[^}]*\}', ')', text)


def stem_of(name: str, fm: dict) -> str:
    "The page a notebook becomes, relative to the site (nbdev's output-file, in the notebook's folder)"
    return str(Path(name).parent / Path(fm.get('output-file', Path(name).stem + '.html')).stem).removeprefix('./')


def _temporary(part: str) -> bool:
    "Whether a path component is one a temporary folder's name is made of (mkdtemp, pytest, this build)"
    return bool(re.fullmatch(r'tmp[\w.-]*|pytest-(of-)?[\w.-]+|bsnb-docs-[\w.-]+|[\w.]+-[a-z0-9_]{8}|test_\w*\d+|run', part))


def scrub_paths(text: str) -> str:
    "The building machine's paths made neutral: temporary folders as `<tmp>`, the project's as relative paths, home as ~"
    def tmp(m):
        parts = m.group(0).split('/')[2:]  # after '/tmp'
        last = max((i for i, p in enumerate(parts) if _temporary(p)), default=-1)
        if last >= 0 and parts[last] == 'run' and last + 1 < len(parts): last += 1  # this build's folder per notebook
        return '/'.join(['<tmp>'] + parts[last + 1:])
    text = re.sub(r'(?:/private)?/tmp(?:/[^\s\'"/\\\\,;:)\]>]+)+', tmp, text)
    text = text.replace(str(ROOT) + '/', '').replace(str(ROOT), '.')
    text = text.replace(str(ROOT.parent) + '/', '../')
    shared = (ROOT.parent / 'shared').resolve()  # the data mirror settings.ini names, wherever it really is
    text = text.replace(str(shared) + '/', '../shared/')
    home = str(Path.home())
    return re.sub(re.escape(home) + r'(?=[/\s\'"])', '~', text) if home not in ('/', '') else text


def _truncate_html(html: str) -> str:
    "A table of more than MAX_TABLE_ROWS rows as its first KEEP_TABLE_ROWS and a row saying how many were left out"
    def cut(m):
        rows = re.findall(r'<tr\b.*?</tr>', m.group(2), flags=re.S)
        if len(rows) <= MAX_TABLE_ROWS: return m.group(0)
        note = (f'<tr><td colspan="99"><em>... {len(rows) - KEEP_TABLE_ROWS} more rows ({len(rows)} in all; the '
                f'notebook shows them all)</em></td></tr>')
        return m.group(1) + ''.join(rows[:KEEP_TABLE_ROWS]) + note + m.group(3)
    return re.sub(r'(<tbody[^>]*>)(.*?)(</tbody>)', cut, html, flags=re.S)


def _truncate_text(text: str) -> str:
    "Printed text of more than MAX_OUTPUT_LINES lines as its first KEEP_OUTPUT_LINES and a line saying how many were left out"
    lines = text.split('\n')
    if len(lines) <= MAX_OUTPUT_LINES: return text
    return '\n'.join(lines[:KEEP_OUTPUT_LINES] + [f'... {len(lines) - KEEP_OUTPUT_LINES} more lines'])


def _drop_warnings(text: str) -> str:
    "Build noise (TqdmWarning, docments) removed from a stream: the warning line and the source line it quotes"
    out, skip = [], False
    for line in text.split('\n'):
        if WARNINGS.search(line): skip = True; continue
        if skip and line.startswith((' ', '\t')): continue  # the quoted source line under a warning
        skip = False
        out.append(line)
    return '\n'.join(out)


def clean_outputs(outputs: list) -> list:
    "A cell's outputs as the site shows them: no build warnings, no machine paths, long tables and texts shortened"
    kept = []
    for o in outputs:
        o = json.loads(json.dumps(o))
        if o.get('output_type') == 'stream':
            text = _truncate_text(scrub_paths(_drop_warnings(''.join(o.get('text', '')))))
            if not text.strip(): continue
            o['text'] = text
        for mime, v in (o.get('data') or {}).items():
            if mime.startswith('text/') or mime == 'application/javascript':
                v = scrub_paths(''.join(v))
                if mime == 'text/html': v = _truncate_html(v)
                if mime == 'text/plain': v = _truncate_text(v)
                o['data'][mime] = v
        if o.get('output_type') == 'error': o['traceback'] = [scrub_paths(t) for t in o.get('traceback', [])]
        kept.append(o)
    return kept


def short_signatures(md: str) -> str:
    "show_doc signatures whose default is a long array printed in full, with the array shortened: first values, count, last"
    def cut(m):
        values = [v for v in re.split(r'[,\s]+', m.group(1)) if v]
        if len(values) <= 6: return m.group(0)
        return f"array([{', '.join(values[:2])}, ... {len(values) - 3} more ..., {values[-1]}])"
    return re.sub(r'array\(\[([^\]]*)\]\)', cut, md)


def fix_source_links(md: str, page_name: str) -> str:
    "A show_doc entry's [source] link pointed at the module that defines the entry on this page (nbdev looks names up alone)"
    from brainscore_nb._modidx import d
    here = {}
    for module, syms in d['syms'].items():
        for qual, (doc, path) in syms.items():
            if doc.partition('#')[0] == f'{page_name}.html': here.setdefault(qual.removeprefix(module + '.'), (module, path))
    def fix(m):
        url, name = m.group(1), m.group(3).strip().strip('`')
        if name not in here or url.split('#')[0].endswith('/' + here[name][1]): return m.group(0)
        module, path = here[name]
        line = ''
        try:
            import importlib, inspect
            obj = importlib.import_module(module)
            for part in name.split('.'): obj = getattr(obj, part)
            line = f'#L{inspect.getsourcelines(obj)[1]}'
        except Exception: pass  # a name inspect cannot locate (a constant): the link names the file only
        new = re.sub(r'/blob/([^/]+)/.*$', lambda b: f'/blob/{b.group(1)}/{path}{line}', url.split('#')[0] + '#')
        return m.group(0).replace(url, new, 1)
    return re.sub(r'\[source\]\(([^)\s]+)\)([^\n]*)\n\s*###\s+([^\n]+)', fix, md)


def _plumbing(cell: dict) -> str:
    "What kind of plumbing a page cell is ('' if none): 'test-import', 'parameters', 'imports', 'private'"
    if cell['cell_type'] != 'code' or {'remove-cell'} & set(cell.get('metadata', {}).get('tags', [])): return ''
    src = cell['source'] if isinstance(cell['source'], str) else ''.join(cell['source'])
    lines = [l for l in src.split('\n') if l.strip() and not l.strip().startswith('#')]
    if 'parameters' in cell.get('metadata', {}).get('tags', []): return 'parameters'
    if lines and re.match(r'_[a-z]\w*\s*\(', lines[0].strip()): return 'private'  # a private helper's example
    if cell.get('outputs'): return ''
    if lines and all(l.strip() == 'from fastcore.test import *' for l in lines): return 'test-import'
    if lines and all(re.match(r'\s*(import|from)\s', l) or re.match(r'\s+\S', l) for l in lines): return 'imports'
    defined = re.findall(r'^(?:def|class)\s+(\w+)|^(\w+)\s*=', src, flags=re.M)
    if all((a or b).startswith('_') for a, b in defined) and re.search(r'(?<![\w.])_[a-z]\w*\s*\(', src):
        return 'private'  # defines private names only, and calls a private helper (its tests)
    return ''


def lead_with_idea(cells: list) -> list:
    """A page's cells reordered so that it opens with its idea and a public example: `from fastcore.test import *`
    hidden; imports and the parameters cell before the first prose move after it; private helpers before the first
    public entry or example move after that entry"""
    cells = [dict(c) for c in cells]
    for c in cells:
        if _plumbing(c) == 'test-import': c['metadata'] = dict(c.get('metadata', {}), tags=['remove-cell'])
        elif c['cell_type'] == 'code' and re.search(r'^from fastcore\.test import \*\s*$', c['source'], flags=re.M):
            c['source'] = re.sub(r'^from fastcore\.test import \*[ \t]*\n?', '', c['source'], flags=re.M).strip('\n')
    visible = lambda c: not {'remove-cell'} & set(c.get('metadata', {}).get('tags', []))
    prose = next((i for i, c in enumerate(cells) if c['cell_type'] == 'markdown' and c['source'].strip()
                  and not c['source'].lstrip().startswith('#') and not re.search(r'`_\w+`', c['source'])), None)
    if prose is not None:
        early = [i for i, c in enumerate(cells[:prose]) if visible(c) and _plumbing(c) in ('imports', 'parameters')]
        moved = [cells[i] for i in early]
        cells = [c for i, c in enumerate(cells) if i not in early]
        at = prose - len(early) + 1
        cells[at:at] = moved
    public = next((i for i, c in enumerate(cells) if c['cell_type'] == 'code' and visible(c) and c.get('outputs')
                   and not _plumbing(c)), None)
    if public is None: return cells
    private = [i for i, c in enumerate(cells[:public]) if visible(c) and _plumbing(c) == 'private']
    for i in list(private):  # the prose that introduces a helper's test goes with it (never the page's first prose)
        j = i - 1
        while j >= 0 and j != prose and cells[j]['cell_type'] == 'markdown' and not cells[j]['source'].lstrip().startswith('#'):
            private.append(j); j -= 1
    private = sorted(set(private))
    if not private: return cells
    moved = [cells[i] for i in private]
    cells = [c for i, c in enumerate(cells) if i not in private]
    at = public - len(private) + 1
    cells[at:at] = moved
    return cells


def page(name: str, nb: dict, outputs: dict, base: str, depth: int) -> tuple:
    "A processed notebook made a myst-nb page: (page name, notebook)"
    fm, prefix = frontmatter(nb), '../' * depth
    stem = Path(fm.get('output-file', Path(name).stem + '.html')).stem
    cells = nb['cells'][1:] if fm else nb['cells']
    head = [{'cell_type': 'markdown', 'id': 'title', 'metadata': {}, 'source': f"# {fm.get('title', stem)}\n\n" + (f"> {fm['description']}\n" if fm.get('description') else '')}]
    body = []
    for c in cells:
        c = dict(c)
        if c['cell_type'] == 'markdown':
            src = _links(''.join(c['source']), base, prefix)
            if src.strip().startswith('<!-- WARNING'): continue
            c['source'] = src
        elif c['cell_type'] == 'code':
            c = _tags(c)
            if outputs and c.get('id') in outputs and not c.get('outputs'): c['outputs'] = outputs[c['id']]
            c['outputs'] = clean_outputs(c.get('outputs', []))
            for o in c['outputs']:
                md = o.get('data', {}).get('text/markdown')
                if md: o['data']['text/markdown'] = fix_source_links(
                    short_signatures(re.sub(r'^\s*---\s*\n', '', _links(''.join(md), base, prefix))), stem_of(name, fm))
            c.setdefault('execution_count', None)
            c['metadata'] = {k: v for k, v in c.get('metadata', {}).items() if k == 'tags'}
        else: continue
        keys = ('cell_type', 'id', 'metadata', 'source') + (('outputs', 'execution_count') if c['cell_type'] == 'code' else ())
        body.append({k: c[k] for k in keys if k in c})
    body = lead_with_idea(body)
    nb = dict(nb, cells=head + body, metadata={'kernelspec': {'name': 'python3', 'display_name': 'Python 3', 'language': 'python'},
                                              'language_info': {'name': 'python'}})
    return str(Path(name).parent / stem), nb


def _headings(nb: dict) -> set:
    "Anchors of the `### name` entries that show_doc wrote into a page"
    text = '\n'.join(''.join(o.get('data', {}).get('text/markdown', '')) for c in nb['cells'] for o in c.get('outputs', []))
    return {h.strip().lower() for h in re.findall(r'^###\s+(.+)$', text, flags=re.M)}


def _drop_dead_anchors(nb: dict, heads: dict, name: str):
    "Links to entries that have no heading (nbdev also links private names) point at their page instead"
    def fix(m):
        page_, anchor = m.group(1), m.group(2)
        key = os.path.normpath(os.path.join(os.path.dirname(name), page_))
        return m.group(0) if anchor.lower() in heads.get(key, set()) else f'({page_}.ipynb)'
    sub = lambda text: re.sub(r'\(([\w./-]*?)\.ipynb#([^)\s]+)\)', fix, text)
    for c in nb['cells']:
        if c['cell_type'] == 'markdown': c['source'] = sub(''.join(c['source']))
        for o in c.get('outputs', []):
            if 'text/markdown' in o.get('data', {}): o['data']['text/markdown'] = sub(''.join(o['data']['text/markdown']))


def api_page(pages: dict) -> str:
    "A Markdown page listing every exported symbol, by module, linked to its entry, with its one-line docstring"
    import importlib
    from brainscore_nb._modidx import d
    lines = ['# API reference', '', 'Every exported symbol of the library, by module; each links to its entry in the notebook that defines it.', '']
    for module in sorted(d['syms']):
        mod = importlib.import_module(module)
        names = [n for n in getattr(mod, '__all__', [])]
        if not names: continue
        known = [v[0].partition('#')[0] for v in d['syms'][module].values()]
        pg = known[0].removesuffix('.html') if known else module.removeprefix('brainscore_nb.').split('.')[-1]  # the module's page
        lines += [f'## `{module}`', '', f"{(mod.__doc__ or '').splitlines()[0]}", '']
        for n in names:
            page_, _, anchor = d['syms'][module].get(f'{module}.{n}', (f'{pg}.html#{n.lower()}',))[0].partition('#')
            page_ = page_.removesuffix('.html')
            target = f'{page_}.ipynb' + (f'#{anchor.lower()}' if anchor.lower() in _headings(pages.get(page_, {'cells': []})) else '')
            doc = ((getattr(getattr(mod, n), '__doc__', '') or '').strip().splitlines() or [''])[0] if callable(getattr(mod, n)) else ''
            lines.append(f'- [`{n}`]({target}){" — " + doc if doc else ""}')
        lines.append('')
    return '\n'.join(lines) + '\n'


def toctree(pages: list) -> str:
    "The index's table of contents: START, then one section per folder of `pages` (FOLDERS' order and captions)"
    start = [p for p in START if p in pages]
    rest = [p for p in pages if p not in start and p not in ('index', 'api')]
    folders = {p.split('/')[0] for p in rest if '/' in p}
    blocks = [('Start here', start)] if start else []
    for folder in [*(f for f in FOLDERS if f in folders | {'api'}), *sorted(folders - set(FOLDERS))]:
        entries = [p for p in rest if p.startswith(folder + '/')]
        if folder == 'api': entries = ['api', *entries, *(p for p in rest if '/' not in p)]
        blocks.append((FOLDERS.get(folder, folder.capitalize()), entries))
    return '\n'.join(f"```{{toctree}}\n:caption: {c}\n:maxdepth: 1\n\n" + '\n'.join(e) + '\n```\n' for c, e in blocks)


def shows_outputs(nb: dict) -> bool:
    "Whether a page shows an example with its output: a code cell whose input is shown, followed by its output"
    return any(c['cell_type'] == 'code' and c.get('outputs') and c['source'].strip()
               and not {'remove-input', 'remove-cell', 'remove-output'} & set(c.get('metadata', {}).get('tags', []))
               for c in nb['cells'])


def check_inputs(names: list, nbs: Path = None, proc: Path = None):
    """A RuntimeError saying what is wrong unless `names` (the processed notebooks) hold the start page, index.ipynb:
    how many notebooks nbs/ holds, and why nbdev-proc-nbs may have processed none"""
    nbs, proc = Path(nbs or NBS), Path(proc or PROC)
    if 'index.ipynb' in names: return
    sources = sorted(p for p in nbs.rglob('*.ipynb') if not any(o[0] in '._' for o in p.relative_to(nbs).parts))
    if not sources:
        raise RuntimeError(f'docs: no notebooks in {nbs}: run docs/build.py from a complete clone of the project')
    why = (f'{len(names)} of {len(sources)} notebooks of {nbs} were processed into {proc}, and not '
           'index.ipynb, the start page')
    if 'index.ipynb' not in {str(p.relative_to(nbs)) for p in sources}: why += f' (there is no {nbs}/index.ipynb)'
    raise RuntimeError(f'docs: {why}; run the processing step again (python docs/build.py without --no-proc), '
                       f'and see its errors with: python docs/proc_nbs.py')


def settings_env(env: dict) -> dict:
    """`env` with the project's settings.ini named (BRAINSCORE_NB_SETTINGS), unless it names one already: notebooks
    run from their folders of nbs/, and settings are read from the working directory only, so without this a
    notebook in nbs/benchmarks/ (which has no settings.ini link) ran without the mirror that settings.ini names and
    failed offline"""
    if not env.get('BRAINSCORE_NB_SETTINGS') and (ROOT / 'settings.ini').is_file():
        env = dict(env, BRAINSCORE_NB_SETTINGS=str(ROOT / 'settings.ini'))
    return env


def build(out: Path, execute_globs=EXECUTE, proc: bool = True, fresh: bool = False) -> Path:
    """Build the site into `out`; return the path of its index.html (`out/build_report.json` says which notebooks ran here).
    What the notebooks write goes to a folder removed after"""
    work = Path(tempfile.mkdtemp(prefix='bsnb-docs-'))
    saved = {k: os.environ.get(k) for k in ('TMPDIR', 'BRAINSCORE_NB_HOME', 'BRAINSCORE_NB_SETTINGS')}
    try: return _build(out, execute_globs, proc, work, fresh)
    finally:
        for k, v in saved.items():
            if v is None: os.environ.pop(k, None)
            else: os.environ[k] = v
        shutil.rmtree(work, ignore_errors=True)


def _build(out: Path, execute_globs, proc: bool, work: Path, fresh: bool) -> Path:
    "`build`'s steps, with the executed notebooks' store and temporary files under `work`"
    env = settings_env(dict(os.environ, MPLBACKEND='module://matplotlib_inline.backend_inline'))  # Jupyter's backend: plt.show() emits the figure
    env.setdefault('BRAINSCORE_NB_HOME', str(work / 'home'))
    (work / 'tmp').mkdir()
    env['TMPDIR'] = str(work / 'tmp')
    os.environ.update(env)
    if proc:  # nbdev-proc-nbs, as docs/proc_nbs.py runs it (the same output in half the time)
        subprocess.run([sys.executable, str(ROOT / 'docs' / 'proc_nbs.py')], cwd=ROOT, env=env, check=True,
                       capture_output=True)
    names = sorted(str(p.relative_to(PROC)) for p in PROC.rglob('*.ipynb') if not p.name.startswith(('_', '.')))
    check_inputs(names)  # none processed: say why, not KeyError: 'index' at the end
    run = [n for n in names if any(fnmatch.fnmatch(n.removesuffix('.ipynb'), g) for g in execute_globs)
           and n.removesuffix('.ipynb') not in NOT_EXECUTED]
    outputs, here = outputs_for(run, work, env, fresh)
    print(f'docs: {len(run)} of {len(names)} notebooks with outputs: {len(run) - len(here)} as the notebook tests ran them, '
          f'{len(here)} executed here', file=sys.stderr)
    from brainscore_nb._modidx import d
    base = d['settings']['doc_host'] + d['settings']['doc_baseurl'] + '/'
    shutil.rmtree(SRC, ignore_errors=True)
    pages = {}
    for n in names:
        name, nb = page(n, json.loads((PROC / n).read_text()), outputs.get(n), base, n.count('/'))
        pages[name] = nb
    heads = {name: _headings(nb) for name, nb in pages.items()}
    for name, nb in pages.items(): _drop_dead_anchors(nb, heads, name)
    pages['index']['cells'].append({'cell_type': 'markdown', 'id': 'toctree', 'metadata': {}, 'source': toctree(list(pages))})
    for name, nb in pages.items():
        (SRC / name).parent.mkdir(parents=True, exist_ok=True)
        (SRC / f'{name}.ipynb').write_text(json.dumps(nb, indent=1))
    (SRC / 'api.md').write_text(api_page(pages))
    shutil.copyfile(ROOT / 'docs' / 'conf.py', SRC / 'conf.py')
    shutil.copytree(ROOT / 'docs' / '_static', SRC / '_static')
    subprocess.run([_bin('sphinx-build'), '-b', 'html', '-q', '-j', '1', '-c', str(SRC), str(SRC), str(out)], cwd=ROOT, env=env, check=True)
    report = {'notebooks': len(names), 'executed_here': here, 'not_executed': NOT_EXECUTED,
              'pages_with_outputs': sorted(n for n, nb in pages.items() if shows_outputs(nb)),
              'pages_without_outputs': sorted(n for n, nb in pages.items() if not shows_outputs(nb))}
    (out / 'build_report.json').write_text(json.dumps(report, indent=1))
    return out / 'index.html'


def add_leaderboard(out: Path, results) -> Path:
    """The web leaderboard of a run's results (e.g. the main job's) as part of the site, under `out/leaderboard/`;
    kept apart from `build` so the site builds without results. Returns its index.html."""
    from brainscore_nb.web import write_site
    return write_site(results, Path(out) / 'leaderboard')


if __name__ == '__main__':
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--out', default=str(ROOT / '_site'), help='where to write the HTML site')
    ap.add_argument('--execute', nargs='*', default=EXECUTE, help='globs of notebooks (relative to nbs/, no suffix) whose outputs to show')
    ap.add_argument('--no-proc', action='store_true', help='reuse _proc/ from an earlier nbdev-proc-nbs')
    ap.add_argument('--fresh', action='store_true', help='execute every notebook, even those kept unchanged under _executed/')
    ap.add_argument('--leaderboard', metavar='RESULTS', default=None,
                    help="also write the web leaderboard of a run's results (its folder or results file) into leaderboard/")
    a = ap.parse_args()
    print(build(Path(a.out).resolve(), a.execute, not a.no_proc, a.fresh))
    if a.leaderboard: print(add_leaderboard(Path(a.out).resolve(), a.leaderboard))
