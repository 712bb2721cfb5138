"""Facts about Brain-Score 2.4.2's model plugins, read from the installed wheel's folder (no code runs): per plugin,
the ids its __init__.py registers (Brain-Score finds a plugin by the text `model_registry['<id>']`), the modules its
files import, its frameworks, its region_layer_map layers and its requirements.txt lines. Writes model_plugins.json
beside this script; tests/test_port_models.py reads it in CI, where no Brain-Score is installed.

    /work/bs/bsvenv/bin/python tests/brainio/list_model_plugins.py [<site-packages>/brainscore_vision/models]
"""
import ast, json, re, sys
from pathlib import Path

FRAMEWORKS = {'torch': 'torch', 'torchvision': 'torchvision', 'timm': 'timm', 'tensorflow': 'tensorflow',
              'keras': 'keras', 'tf_keras': 'keras', 'jax': 'jax', 'open_clip': 'open_clip', 'transformers': 'transformers'}
REGISTRATION = re.compile(r"""model_registry\[\s*(['"])(.+?)\1\s*\]""")


def imports(path: Path) -> set:
    "Absolute modules a file imports (relative imports left out: they stay inside the plugin)"
    try: tree = ast.parse(path.read_text(errors='replace'))
    except SyntaxError as e: return {f'<syntax error: {e.msg} line {e.lineno}>'}
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import): found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module: found.add(node.module)
    return found


def plugin(folder: Path) -> dict:
    init = (folder / '__init__.py').read_text(errors='replace')
    ids = [m.group(2) for line in init.splitlines() if not line.lstrip().startswith('#')
           for m in REGISTRATION.finditer(line) if '=' in line[m.end():]]
    code = {str(f.relative_to(folder)): sorted(imports(f)) for f in sorted(folder.rglob('*.py'))
            if '__pycache__' not in f.parts}
    every = {m for f, ms in code.items() if f != 'test.py' for m in ms}
    maps = {}
    for f in sorted((folder / 'region_layer_map').glob('*.json')):
        try: maps[f.stem] = json.loads(f.read_text())
        except json.JSONDecodeError as e: maps[f.stem] = f'<not JSON: {e}>'
    req = folder / 'requirements.txt'
    requirements = [l.strip() for l in req.read_text(errors='replace').splitlines()
                    if l.strip() and not l.strip().startswith('#')] if req.is_file() else None
    return dict(ids=list(dict.fromkeys(ids)),
                brainscore_imports=sorted(m for m in every if m.split('.')[0] in ('brainscore_vision', 'brainscore_core',
                                                                                  'brainio', 'result_caching')),
                test_brainscore_imports=sorted(m for m in code.get('test.py', [])
                                               if m.split('.')[0] in ('brainscore_vision', 'brainscore_core')),
                frameworks=sorted({FRAMEWORKS[m.split('.')[0]] for m in every if m.split('.')[0] in FRAMEWORKS}),
                region_layer_map=maps, requirements=requirements, python_files=len(code))


def main(root=None):
    if root is None:
        import brainscore_vision
        root = Path(brainscore_vision.__file__).parent / 'models'
    root = Path(root)
    record = {p.name: plugin(p) for p in sorted(root.iterdir()) if (p / '__init__.py').is_file()}
    out = Path(__file__).parent / 'model_plugins.json'
    lines = [f'{json.dumps(k)}: {json.dumps(v, sort_keys=True)}' for k, v in record.items()]  # a plugin a line
    out.write_text('{"source": "brainscore_vision 2.4.2 wheel, brainscore_vision/models/",\n"plugins": {\n'
                   + ',\n'.join(lines) + '\n}}\n')
    print(f'{len(record)} model plugins -> {out} ({out.stat().st_size} bytes)')


if __name__ == '__main__':
    main(*sys.argv[1:])
