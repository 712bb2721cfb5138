"""Brain-Score 2.4.2's own `load_model_bibtex` on a sample of its model ids, recorded in model_bibtex_brainscore.json
beside this script for tests/test_port_models.py to compare with ours (brainscore_nb's `load_model_bibtex`). Run in
Brain-Score's venv (torch and torchvision import there; nothing is downloaded):

    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/model_bibtex_brainscore.py

The sample: every plugin whose `get_bibtex` is more than one `return` (an assert, a local variable, an empty body),
the one whose plugin folder holds the test's id (mehrer2020), and every 25th plugin of the sorted rest. Its
`load_model_bibtex` returns None when the plugin's model.py cannot be imported: such ids are recorded apart
(`not_importable`), since their None says nothing of the bibtex."""
import ast, importlib, json, sys, warnings
from pathlib import Path

warnings.filterwarnings('ignore')
sys.path.insert(0, str(Path(__file__).resolve().parent))
import brainscore_side  # noqa: E402,F401  (BS_INSTALL_DEPENDENCIES=no, RESULTCACHING_DISABLE=1)
from brainscore_core.plugin_management.import_plugin import ImportPlugin  # noqa: E402
from brainscore_vision import load_model_bibtex  # noqa: E402
import brainscore_vision  # noqa: E402

MODELS = Path(brainscore_vision.__file__).parent / 'models'
OUT = Path(__file__).resolve().parent / 'model_bibtex_brainscore.json'


def one_return(folder):
    "get_bibtex's body (docstring aside) is one `return`"
    tree = ast.parse((folder / 'model.py').read_text()) if (folder / 'model.py').is_file() else None
    fn = [n for n in (tree.body if tree else []) if isinstance(n, ast.FunctionDef) and n.name == 'get_bibtex']
    if not fn: return True
    body = [n for n in fn[0].body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    return len(body) == 1 and isinstance(body[0], ast.Return)


folders = sorted(p for p in MODELS.iterdir() if (p / '__init__.py').is_file())
sample = [f for f in folders if not one_return(f) or f.name == 'mehrer2020_alexnet_training_seed']
sample += [f for f in folders if f not in sample][::25]
import re  # noqa: E402
REG = re.compile(r"""model_registry\[\s*(['"])(.+?)\1\s*\]""")
record, not_importable = {}, {}
for folder in sample:
    ids = list(dict.fromkeys(m.group(2) for line in (folder / '__init__.py').read_text().splitlines()
                             if not line.lstrip().startswith('#') for m in REG.finditer(line)))
    for identifier in ids[:2]:
        try:
            plugin = ImportPlugin('brainscore_vision', 'models', identifier).plugin_dirname
            importlib.import_module(f'brainscore_vision.models.{plugin}.model')
        except BaseException as e:
            not_importable[identifier] = f'{type(e).__name__}: {e}'[:150]; continue
        record[identifier] = load_model_bibtex(identifier)
        print(identifier, record[identifier] is not None, flush=True)
record['no_such_model_identifier'] = load_model_bibtex('no_such_model_identifier')
OUT.write_text(json.dumps(dict(brainscore='brainscore-vision 2.4.2, load_model_bibtex', bibtex=record,
                               not_importable=not_importable), indent=1) + '\n')
