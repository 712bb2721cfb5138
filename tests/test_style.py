"""The style check: `ruff check` with the configuration in pyproject.toml ([tool.ruff]: lines of at most 110
characters in the exported library and the notebooks, pyflakes-clean library), and the figures of "notebooks that
read as documents" (issue 14): the share of exported public definitions chained before an example, long lines, hidden cells
that hold imports. Run `python -m pytest tests/test_style.py -s` to see the figures."""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_CHAINED = 0.25  # at most this share of exported public definitions has no example before the next (or the end)
# the library's notebooks: nbs/index.ipynb and nbs/api/, tutorials/, explanations/ (not the families' in benchmarks/)
LIBRARY_NOTEBOOKS = sorted(p for p in (ROOT / 'nbs').rglob('*.ipynb')
                           if p.relative_to(ROOT / 'nbs').parts[0] != 'benchmarks' and '.ipynb_checkpoints' not in p.parts)


def _code_cells(nb: dict) -> list:
    return [''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'code']


def _is_export(src: str) -> bool: return bool(re.search(r'^#\|\s*export', src, re.M))


def _definitions(src: str) -> list:
    "Names of a cell's top-level functions and classes"
    import ast
    try: tree = ast.parse('\n'.join(l for l in src.splitlines() if not l.startswith(('#|', '%', '!'))))
    except SyntaxError: return []
    return [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


def chained(srcs: list) -> tuple:
    """(chained, public): public definitions of exported cells with no example of their own: the next public
    definition (in their cell or a later exported cell), or the notebook's end, comes before any code cell that is
    not an export. Private helpers and exported cells without a public definition in between are passed over, so a
    public idea may open a notebook with its helpers after it and its example after them. Counted per definition:
    splitting cells changes nothing"""
    stream = []  # public definition names and None for an example, in the notebook's order
    for s in srcs:
        if _is_export(s): stream += [n for n in _definitions(s) if not n.startswith('_')]
        else: stream.append(None)
    out = total = 0
    for i, name in enumerate(stream):
        if name is None: continue
        total += 1
        out += next((x for x in stream[i + 1:] if x is None or x), 'end') is not None
    return out, total


def figures(nbs: list) -> dict:
    "Issue 14's figures over the notebooks `nbs` (measured as /work/s18/figures.py measures them)"
    f = dict(chained=0, exports=0, lines=0, over_100=0, over_120=0, hidden=0, hidden_imports=0, per_notebook={})
    for path in nbs:
        srcs = _code_cells(json.loads(Path(path).read_text(encoding='utf-8')))
        ch, n = chained(srcs)
        f['chained'] += ch
        f['exports'] += n
        if n: f['per_notebook'][Path(path).name] = (ch, n)
        for s in srcs:
            if re.search(r'^#\|\s*hide', s, re.M):
                f['hidden'] += 1
                f['hidden_imports'] += bool(re.search(r'^\s*(import|from)\s', s, re.M))
            for line in s.splitlines():
                if line.startswith('#|') or not line.strip(): continue
                f['lines'] += 1
                f['over_100'] += len(line) > 100
                f['over_120'] += len(line) > 120
    return f


def _summary(f: dict) -> str:
    worst = sorted(f['per_notebook'].items(), key=lambda kv: -kv[1][0])
    return '\n'.join([
        f"chained public definitions: {f['chained']}/{f['exports']} = {f['chained'] / f['exports']:.1%} "
        f"(limit {MAX_CHAINED:.0%})",
        f"code lines > 120: {f['over_120']}/{f['lines']} = {f['over_120'] / f['lines']:.1%}; "
        f"> 100: {f['over_100'] / f['lines']:.1%}",
        f"hidden cells with imports: {f['hidden_imports']}/{f['hidden']}",
        'chained per notebook: ' + ', '.join(f'{k} {c}/{n}' for k, (c, n) in worst if c)])


def _nb(*cells: str) -> dict:
    return {'cells': [{'cell_type': 'code', 'source': s} for s in cells]}


def test_figures_count_what_they_say(tmp_path):
    "Chained exports, long lines and hidden imports of a small notebook, counted by hand"
    nb = _nb('#| export\ndef f(): pass', '#| export\ndef g(): pass', 'test_eq(g(), None)', '#| hide\nimport os',
             '#| export\nx = 1\n' + 'y = 0  #' + '.' * 110)
    (tmp_path / 'a.ipynb').write_text(json.dumps(nb))
    f = figures([tmp_path / 'a.ipynb'])
    assert (f['chained'], f['exports']) == (1, 2)  # f before g; g has its example; the last cell defines nothing
    (tmp_path / 'b.ipynb').write_text(json.dumps(_nb('#| export\ndef f(): pass\ndef _h(): pass', 'f()')))
    assert (figures([tmp_path / 'b.ipynb'])['chained'], chained(['#| export\ndef f(): pass', '#| export\ndef _h(): pass',
                                                                  'f()'])) == (0, (0, 1))  # split or not
    assert chained(['#| export\ndef f(): pass\ndef g(): pass', '#| export\ndef _h(): pass', 'g()']) == (1, 2)
    assert chained(['#| export\ndef f(): pass', '#| export\nX = 1', '#| export\ndef _h(): pass']) == (1, 1)
    assert (f['lines'], f['over_100'], f['over_120']) == (6, 1, 0)  # directive lines are not counted
    assert (f['hidden'], f['hidden_imports']) == (1, 1)


def test_notebooks_read_as_documents():
    "Under 25% of exported cells come before another export without an example of their own"
    f = figures(LIBRARY_NOTEBOOKS)
    print(_summary(f))
    assert f['exports'] > 100
    assert f['chained'] / f['exports'] < MAX_CHAINED, _summary(f)


def test_ruff():
    "`ruff check` passes: lines of at most 110 characters (library and notebooks), pyflakes-clean library"
    r = subprocess.run([sys.executable, '-m', 'ruff', 'check', '--output-format', 'concise', '--no-cache'],
                       cwd=ROOT, capture_output=True, text=True)
    assert 'ipynb' in subprocess.run([sys.executable, '-m', 'ruff', 'check', '--show-files'], cwd=ROOT,
                                     capture_output=True, text=True).stdout  # the notebooks are checked too
    stats = subprocess.run([sys.executable, '-m', 'ruff', 'check', '--statistics', '--no-cache'], cwd=ROOT,
                           capture_output=True, text=True).stdout
    print(stats)
    failed = r.returncode != 0
    assert not failed, f'ruff check (fix these, or run `ruff check` in the repository root):\n{stats}\n' + \
        '\n'.join(r.stdout.splitlines()[:200])
