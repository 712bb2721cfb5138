"""The house keeps its shape: data -> metrics -> models -> benchmarks -> runs, and a lower room never imports a
higher one (../shared/DESIGN.md). Every import of every module is read, including those inside functions."""
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



# Brain-Score's names live in one wing above the product rooms, brainscore_nb/brainscore/ (issue 36,
# item 3): the product reads without it. Only these modules outside the wing reach into it, each named.
WING = 'brainscore'
WING_CLIENTS = {
    '': "the front door's lazy `Ceiling` (Brain-Score's ceiling interface, given by brainscore_vision)",
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
