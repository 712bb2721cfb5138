"docs/build.py as the module `docs_build`, loaded by path (a module named `build` is also on sys.path)"
import importlib.util
import sys
from pathlib import Path

if 'docs_build' not in sys.modules:
    _spec = importlib.util.spec_from_file_location('docs_build', Path(__file__).resolve().parents[1] / 'docs' / 'build.py')
    sys.modules['docs_build'] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules['docs_build'])
docs_build = sys.modules['docs_build']

if 'docs_proc_nbs' not in sys.modules:  # docs/proc_nbs.py: nbdev-proc-nbs's speed-ups; `release` frees a notebook's shell
    _spec = importlib.util.spec_from_file_location('docs_proc_nbs', Path(__file__).resolve().parents[1] / 'docs' / 'proc_nbs.py')
    sys.modules['docs_proc_nbs'] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules['docs_proc_nbs'])
docs_proc_nbs = sys.modules['docs_proc_nbs']
