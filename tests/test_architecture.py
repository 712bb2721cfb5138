"""The house keeps its shape: data -> metrics -> models -> benchmarks -> runs, and a lower room never imports a
higher one (../shared/DESIGN.md). Every import of every module is read, including those inside functions.

No import circle anywhere: the modules' import graph (function-local imports included) has no strongly
connected component of more than one module. Where a lower module needs something a higher one provides, the
higher one registers it downward (e.g. `plugins` appends its `lookup_note` to `names.LOOKUP_NOTES`; `brainio`
attaches `DataAssembly.from_files`; `datasets` hands the catalog its stimulus-set loader) instead of the lower
one importing upward.

The data room is built in floors (DATA_LAYERS), each importing only from its own floor or those below:
  structures  stimuli, assemblies, transform, validation: what the data is, in memory
  transport   files, store, s3, fetch: bytes on disk, in the verified store, on S3, at published addresses,
              whatever they hold (inside: files <- store <- s3 <- fetch)
  formats     packaging, brainio: the files a stimulus set or an assembly is written to and read from (they
              write into the store's locked folders, so they stand on transport)
  names       catalog, datasets: what an identifier loads (Brain-Score's catalog, then our recipes over it)
  publishing  publish: package, upload, load back, under Brain-Score's names (its `packaging` and `s3`)"""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / 'brainscore_nb'
ROOMS = ['foundation', 'data', 'metrics', 'models', 'benchmarks', 'runs']
FOUNDATION = {'config', 'names', 'plugins', '_modidx'}  # settings, name resolution, entry points: below every room


def room(module: str) -> str:
    "The room of a dotted module name inside brainscore_nb ('' is the package itself: the front door)"
    first = module.split('.')[0] if module else ''
    if first in ('data', 'metrics', 'models', 'benchmarks'): return first
    return 'foundation' if first in FOUNDATION else 'runs'


def imports(path: Path) -> list:
    "(line, imported module relative to brainscore_nb or None for other packages, names, absolute name) of a file"
    here = path.relative_to(PACKAGE).with_suffix('').parts
    package = list(here[:-1]) if here[-1] != '__init__' else list(here[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1] if node.level > 1 else package
                target = '.'.join(base + ([node.module] if node.module else []))
            elif node.module.split('.')[0] == 'brainscore_nb': target = node.module.partition('.')[2]
            else: target = None
            found.append((node.lineno, target, [a.name for a in node.names], node.module or ''))
        elif isinstance(node, ast.Import):
            for a in node.names:
                target = a.name.partition('.')[2] if a.name.split('.')[0] == 'brainscore_nb' else None
                found.append((node.lineno, target, [], a.name))
    return sorted(found, key=lambda f: f[0])


def violations(path: Path) -> list:
    own = '.'.join(path.relative_to(PACKAGE).with_suffix('').parts).removesuffix('.__init__').removesuffix('__init__')
    mine = room(own)
    out = []
    for line, target, names, absolute in imports(path):
        where = f'{path.relative_to(PACKAGE.parent)}:{line}'
        if absolute.split('.')[0] == 'data_packaging':
            out.append(f'{where} imports {absolute}: the library finds recipes as plugins, it never imports them')
        elif target == '' and mine != 'runs':  # the front door: only the version may be read from below
            if set(names) - {'__version__'}: out.append(f'{where} imports {names} from the front door')
        elif target and ROOMS.index(room(target)) > ROOMS.index(mine):
            out.append(f'{where}: {mine} imports {target} ({room(target)})')
    return out


MODULES = sorted(p for p in PACKAGE.rglob('*.py') if p.name != '_modidx.py')


def test_rooms_of_modules():
    assert room('data.store') == 'data' and room('config') == 'foundation' and room('batch') == 'runs'
    assert len(MODULES) > 30


@pytest.mark.parametrize('path', MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_no_lower_room_imports_a_higher_one(path):
    assert violations(path) == []


def test_the_check_finds_a_violation(tmp_path, monkeypatch):
    "The check itself can fail: a data module importing a benchmark, and one importing a recipe"
    fake = tmp_path / 'brainscore_nb'
    (fake / 'data').mkdir(parents=True)
    bad = fake / 'data' / 'bad.py'
    bad.write_text('from ..benchmarks.base import NeuralBenchmark\ndef f():\n    import data_packaging.x\n'
                   'from brainscore_nb import load_benchmark\n')
    monkeypatch.setitem(globals(), 'PACKAGE', fake)
    found = violations(bad)
    assert len(found) == 3 and 'data imports benchmarks.base (benchmarks)' in found[0]
    assert 'never imports them' in found[1] and "['load_benchmark'] from the front door" in found[2]


def private_uses(path: Path) -> list:
    "Private (`_name`) names a module takes from other brainscore_nb modules: imported, or read off an imported module"
    tree, out = ast.parse(path.read_text(), str(path)), []
    modules = set()  # local names bound to brainscore_nb modules
    for line, target, names, absolute in imports(path):
        if target is None: continue
        out += [f'{path.name}:{line} imports {n} from {absolute or target}' for n in names
                if n.startswith('_') and not n.startswith('__')]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {(a.asname or a.name).split('.')[0] for a in node.names if a.name.split('.')[0] == 'brainscore_nb'}
        elif isinstance(node, ast.ImportFrom) and (node.level or (node.module or '').split('.')[0] == 'brainscore_nb'):
            modules |= {a.asname or a.name for a in node.names}  # maybe modules (from brainscore_nb import registry)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith('_') and not node.attr.startswith('__')):
            out.append(f'{path.name}:{node.lineno} uses {node.value.id}.{node.attr}')
    return out


@pytest.mark.parametrize('name', ['cli.py', 'batch.py'])
def test_runs_use_only_public_functions(name):
    "The command line and batch runs are clients of the library: they use only its public functions"
    assert private_uses(PACKAGE / name) == []


def test_the_private_check_finds_private_uses(tmp_path, monkeypatch):
    fake = tmp_path / 'brainscore_nb'
    fake.mkdir()
    bad = fake / 'cli.py'
    bad.write_text('from .registry import benchmark_registry, _discover\nfrom brainscore_nb import registry\n'
                   'import numpy as np\ndef f():\n    from brainscore_nb.data.stimuli import _read_csv\n'
                   '    registry._discover(); np._private; registry.__name__\n')
    monkeypatch.setitem(globals(), 'PACKAGE', fake)
    assert private_uses(bad) == ['cli.py:1 imports _discover from registry',
                                 'cli.py:5 imports _read_csv from brainscore_nb.data.stimuli',
                                 'cli.py:6 uses registry._discover']


def module_name(path: Path) -> str:
    "The dotted name of a module file inside brainscore_nb ('' for the package itself)"
    return '.'.join(path.relative_to(PACKAGE).with_suffix('').parts).removesuffix('__init__').rstrip('.')


def module_graph() -> dict:
    "module -> {(imported module, line)}: every brainscore_nb import of every module, function-local ones included"
    graph = {}
    for path in sorted(p for p in PACKAGE.rglob('*.py') if p.name != '_modidx.py'):
        edges = graph.setdefault(module_name(path), set())
        for line, target, names, _ in imports(path):
            if target is None: continue
            for name in names or ['']:  # `from .data import s3` imports the module data.s3
                sub = f'{target}.{name}'.strip('.') if name else target
                is_module = name and ((PACKAGE / sub.replace('.', '/')).with_suffix('.py').is_file()
                                      or (PACKAGE / sub.replace('.', '/') / '__init__.py').is_file())
                edges.add((sub if is_module else target, line))
    return graph


def _reachable(nodes: dict, start: str) -> set:
    "Every module `start` imports, directly or through others"
    seen, todo = set(), [start]
    while todo:
        for t in nodes.get(todo.pop(), ()):
            if t not in seen: seen.add(t); todo.append(t)
    return seen


def _way_round(nodes: dict, start: str, within: set) -> list:
    "The shortest import path from `start` back to itself through the modules `within`"
    paths, todo = {start: [start]}, [start]
    while todo:
        here = todo.pop(0)
        for t in sorted(nodes[here] & within):
            if t == start: return paths[here] + [start]
            if t not in paths: paths[t] = paths[here] + [t]; todo.append(t)


def circles(graph: dict) -> list:
    "Each import circle, as 'a:line -> b:line -> a': the strongly connected components of more than one module"
    nodes = {m: {t for t, _ in edges if t != m} for m, edges in graph.items()}
    reachable = {m: _reachable(nodes, m) for m in nodes}
    found, placed = [], set()
    for m in sorted(nodes):
        component = {m} | {t for t in reachable[m] if m in reachable.get(t, ())}
        if len(component) < 2 or m in placed: continue
        placed |= component
        steps = _way_round(nodes, m, component)
        lines = [min(line for t, line in graph[a] if t == b) for a, b in zip(steps, steps[1:])]
        found.append(' -> '.join(f'{a}:{n}' for a, n in zip(steps, lines)) + f' -> {m} '
                     f'(circle of {sorted(component)})')
    return found


def test_no_import_circle():
    assert circles(module_graph()) == []


def test_the_circle_check_finds_a_planted_circle(tmp_path, monkeypatch):
    "A circle held by a function-local import, as data.fetch and data.s3 once were, is found and printed"
    fake = tmp_path / 'brainscore_nb'
    (fake / 'data').mkdir(parents=True)
    (fake / '__init__.py').write_text('')
    (fake / 'data' / 'fetch.py').write_text('from .files import sha1_file\ndef f():\n    from .s3 import get\n')
    (fake / 'data' / 's3.py').write_text('import os\nfrom brainscore_nb.data.fetch import ChecksumError\n')
    (fake / 'data' / 'files.py').write_text('from brainscore_nb import data\n')
    monkeypatch.setitem(globals(), 'PACKAGE', fake)
    graph = module_graph()
    assert ('data.s3', 3) in graph['data.fetch'] and ('data.fetch', 2) in graph['data.s3']
    assert circles(graph) == ["data.fetch:3 -> data.s3:2 -> data.fetch (circle of ['data.fetch', 'data.s3'])"]
    (fake / 'data' / 's3.py').write_text('import os\n')
    assert circles(module_graph()) == []


DATA_LAYERS = {'structures': ('stimuli', 'assemblies', 'transform', 'validation'),
               'transport': ('files', 'store', 's3', 'fetch'),
               'formats': ('packaging', 'brainio'),
               'names': ('catalog', 'datasets'),
               'publishing': ('publish',)}  # bottom to top: see the module's docstring


def data_layer(module: str) -> int:
    "The floor of a module of data/ (0: structures), or a KeyError for a module no floor holds"
    name = module.removeprefix('data.')
    return next(i for i, floor in enumerate(DATA_LAYERS.values()) if name in floor)


def data_violations(path: Path) -> list:
    "Imports of a data/ module from a higher data floor"
    own, out = module_name(path), []
    for line, target, names, _ in imports(path):
        if not (target or '').startswith('data.'): continue
        target = '.'.join(target.split('.')[:2])
        if data_layer(target) > data_layer(own):
            floors = list(DATA_LAYERS)
            out.append(f'{path.relative_to(PACKAGE.parent)}:{line}: {own} ({floors[data_layer(own)]}) imports '
                       f'{target} ({floors[data_layer(target)]})')
    return out


DATA_MODULES = sorted((PACKAGE / 'data').glob('[!_]*.py'))


def test_every_data_module_stands_on_a_floor():
    "A new module of data/ is given its floor here (DATA_LAYERS), so the next check covers it"
    assert {p.stem for p in DATA_MODULES} == {m for floor in DATA_LAYERS.values() for m in floor}


@pytest.mark.parametrize('path', DATA_MODULES, ids=[p.stem for p in DATA_MODULES])
def test_no_data_module_imports_a_higher_floor(path):
    assert data_violations(path) == []


def test_the_floor_check_finds_an_import_upward(tmp_path, monkeypatch):
    "A structure reaching up to the publishing floor inside a function, and a store reaching to formats"
    fake = tmp_path / 'brainscore_nb'
    (fake / 'data').mkdir(parents=True)
    bad = fake / 'data' / 'stimuli.py'
    bad.write_text('from .assemblies import DataAssembly\ndef f():\n    from brainscore_nb.data.publish import x\n')
    store = fake / 'data' / 'store.py'
    store.write_text('from .files import sha1_file\nfrom .packaging import s3_name\n')
    monkeypatch.setitem(globals(), 'PACKAGE', fake)
    assert data_violations(bad) == ['brainscore_nb/data/stimuli.py:3: data.stimuli (structures) imports data.publish '
                                    '(publishing)']
    assert data_violations(store) == ['brainscore_nb/data/store.py:2: data.store (transport) imports data.packaging '
                                      '(formats)']


# Notebooks open with the public idea, one definition per export cell, `__all__` the public API (issue 36)
NBS = PACKAGE.parent / 'nbs'
NOTEBOOKS = sorted(p for p in NBS.rglob('*.ipynb') if '.ipynb_checkpoints' not in p.parts)


def export_cell_definitions(nb: Path) -> list:
    "The top-level definitions (names) of each `#| export`/`#| exporti` cell that has any, in order"
    import json, re
    out = []
    for cell in json.loads(nb.read_text())['cells']:
        text = ''.join(cell['source'])
        if cell['cell_type'] != 'code' or not re.search(r'^#\|\s*export', text, re.M): continue
        code = '\n'.join(l for l in text.splitlines() if not l.startswith(('#|', '%')))
        try: tree = ast.parse(code)
        except SyntaxError: continue
        kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
        names = [n.name for n in tree.body if isinstance(n, kinds)]
        if names: out.append(names)
    return out


def house_figures(notebooks) -> dict:
    "Export cells with definitions, those with several, notebooks with any, those opening with a `_name`"
    cells = [names for nb in notebooks for names in export_cell_definitions(nb)]
    openers = [d[0][0] for nb in notebooks if (d := export_cell_definitions(nb))]
    return dict(cells=len(cells), multi=sum(len(n) > 1 for n in cells), notebooks=len(openers),
                private=sum(n.startswith('_') for n in openers))


def test_house_figures_count(tmp_path):
    "The figures themselves can fail: a two-definition cell, a notebook opening with a private helper"
    nb = tmp_path / 'x.ipynb'
    code = lambda s: dict(cell_type='code', source=s, metadata={}, outputs=[], execution_count=None)
    nb.write_text(__import__('json').dumps(dict(cells=[
        code('#| export\nimport os\nX = 1'), code('#| export\ndef _a(): pass\n\ndef b(): pass'),
        code('#| exporti\nclass C: pass'), code('def d(): pass')])))
    assert export_cell_definitions(nb) == [['_a', 'b'], ['C']]
    assert house_figures([nb]) == dict(cells=2, multi=1, notebooks=1, private=1)


def test_export_cells_hold_one_definition():
    "Under 5% of export cells define more than one function or class (the failure names the notebooks)"
    notebooks = NOTEBOOKS
    f = house_figures(notebooks)
    offenders = [nb.name for nb in notebooks if any(len(n) > 1 for n in export_cell_definitions(nb))]
    assert f['cells'] > 300 and f['multi'] / f['cells'] < 0.05, (f, offenders)


def test_notebooks_open_with_a_public_name():
    "Under 10% of notebooks open (their first exported definition) with a private helper"
    notebooks = NOTEBOOKS
    f = house_figures(notebooks)
    offenders = [nb.name for nb in notebooks
                 if (d := export_cell_definitions(nb)) and d[0][0].startswith('_')]
    assert f['notebooks'] > 50 and f['private'] / f['notebooks'] < 0.10, (f, offenders)


def test_all_holds_no_bibtex():
    "A BIBTEX is read by name (a benchmark's `bibtex`, `compat.data_bibtex`), not as API: never in `__all__`"
    found = []
    for path in MODULES:
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and [getattr(t, 'id', None) for t in node.targets] == ['__all__']:
                found += [f'{path.name}: {e.value}' for e in node.value.elts if e.value.startswith('BIBTEX')]
    assert found == []


# Brain-Score's names live in one wing above the product rooms, brainscore_nb/brainscore/ (issue 36,
# item 3): the product reads without it. Only these modules outside the wing reach into it, each named.
WING = 'brainscore'
WING_CLIENTS = {
    '': "the front door's lazy `Ceiling` (Brain-Score's ceiling interface, given by brainscore_vision) and "
        "`load_model_bibtex` (a Brain-Score model plugin's bibtex)",
    'cli': "`brainscore-nb port` and `--plugin` port Brain-Score's model plugins (function-local)",
    'catalogue': "the benchmark catalogue's origin and cross-check columns compare with Brain-Score"}


def dotted(path: Path) -> str:
    "A module's dotted name inside brainscore_nb ('' for the package's __init__)"
    return '.'.join(path.relative_to(PACKAGE).with_suffix('').parts).removesuffix('__init__').strip('.')


def wing_uses(path: Path) -> list:
    "Where a module outside the wing imports the wing or names one of its modules in a string"
    if dotted(path).split('.')[0] == WING: return []
    where = path.relative_to(PACKAGE.parent)
    out = [f'{where}:{line} imports {absolute or target}'
           for line, target, _, absolute in imports(path)
           if target is not None and target.split('.')[0] == WING]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):  # lazy imports: {'x': 'brainscore_nb...'}
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value.startswith(f'brainscore_nb.{WING}')):
            out.append(f'{where}:{node.lineno} names {node.value}')
    return out


@pytest.mark.parametrize('path', MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_the_product_reads_without_the_wing(path):
    if dotted(path) not in WING_CLIENTS: assert wing_uses(path) == []
    else: assert wing_uses(path), f'{dotted(path)!r} no longer uses the wing: take it off WING_CLIENTS'


def test_the_wing_holds_brainscores_names():
    "Brain-Score's modules are in the wing, and every target of the port table is a module"
    from brainscore_nb.brainscore.compat import BRAINSCORE_IMPORTS
    wing = {p.stem for p in (PACKAGE / WING).glob('*.py')}
    assert {'compat', 'port', 'blocks', 'coverage', 'activations', 'brain_transformation'} <= wing
    gone = ('compat', 'port', 'coverage', 'metrics/blocks')
    assert [n for n in gone if (PACKAGE / f'{n}.py').exists()] == []
    paths = {t: PACKAGE.parent / t.replace('.', '/') for t in set(BRAINSCORE_IMPORTS.values())}
    assert [t for t, f in paths.items()
            if not (f.with_suffix('.py').is_file() or (f / '__init__.py').is_file())] == []


def test_the_wing_check_finds_a_use(tmp_path, monkeypatch):
    fake = tmp_path / 'brainscore_nb'
    (fake / 'metrics').mkdir(parents=True)
    bad = fake / 'metrics' / 'bad.py'
    bad.write_text("from ..brainscore.blocks import Metric\ndef f():\n"
                   "    import brainscore_nb.brainscore.port\n"
                   "LAZY = {'Metric': 'brainscore_nb.brainscore.blocks'}\n")
    monkeypatch.setitem(globals(), 'PACKAGE', fake)
    assert wing_uses(bad) == ['brainscore_nb/metrics/bad.py:1 imports brainscore.blocks',
                              'brainscore_nb/metrics/bad.py:3 imports brainscore_nb.brainscore.port',
                              'brainscore_nb/metrics/bad.py:4 names brainscore_nb.brainscore.blocks']
