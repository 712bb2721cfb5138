"""`nbdev-proc-nbs` without two wastes of nbdev 3.3; the processed notebooks are the same.

    python docs/proc_nbs.py [nbdev-proc-nbs's arguments]

1. nbdev's `get_config` reads and parses pyproject.toml on every call, and processing a notebook calls it for
   every cell (6,800 parses for the site's 101 notebooks). Here each text is parsed once; the file is still read
   each time, so an edit is seen at once, and each call gets its own copy.
2. Each notebook is processed in an IPython shell whose exit hook keeps the notebook's namespace until the process
   exits and then runs a full `gc.collect()`: 101 of them took 25 of the step's 48 CPU seconds. Here each shell is
   released when its notebook is done (`release`, which tests/test_notebooks.py uses too).
3. nbdev skips a file when any folder of its absolute path starts with '.' or is named _proc, _docs or _site, so
   a clone under ~/.work/ processed no notebook at all. Here only the folders below the notebooks folder count.
4. nbdev 3.3 installs Quarto (with sudo) when it is missing. The site is built by Sphinx (docs/build.py), so
   nothing is installed: Quarto is left to `nbdev-docs` where someone installed it.

docs/build.py runs this instead of the `nbdev-proc-nbs` command. nbdev's workers are spawned processes: each runs
this module again (as `__mp_main__`) before it takes work, so the patches below reach them too."""
import atexit
import copy
import gc
import shutil
import sys
from functools import lru_cache
from pathlib import Path
from unittest.mock import patch

import nbdev.config
import nbdev.processors
import nbdev.quarto
import nbdev.serve
import nbdev.serve_drv


@lru_cache(maxsize=8)
def _parsed(text: str) -> dict:
    "The TOML `text` as nbdev's loader reads it"
    import tomllib
    return tomllib.loads(text)


def load_toml(p) -> dict:
    "nbdev's `_load_toml`: the TOML file at `p` as a dict, each text parsed once"
    return copy.deepcopy(_parsed(Path(p).read_text(encoding='utf-8')))


def release(shell):
    """What IPython does for a shell when the process exits, done now and without its full garbage collection
    (0.25 s to 1 s a shell): the namespace it held (a notebook's arrays, models, figures) is freed"""
    atexit.unregister(shell.atexit_operations)
    shell.close()  # its event loop's thread
    with patch.object(gc, 'collect', lambda *a: 0): shell.atexit_operations()


_shells = []
_make_shell = nbdev.processors.CaptureShell


def _shell(*args, **kwargs):
    "nbdev's CaptureShell, kept to be released when its notebook is done"
    _shells.append(_make_shell(*args, **kwargs))
    return _shells[-1]


_process = nbdev.serve_drv.main


def main(o):
    "nbdev's worker: process one file, then release the shells it made"
    try: return _process(o)
    finally:
        while _shells: release(_shells.pop())


def proc_file(s, cache, path):
    """nbdev 3.3's `serve._proc_file` (what to process or copy into the cache), judging only the folders below the
    notebooks folder `path`: nbdev's own checks every folder of the absolute path, so none under a '.' folder"""
    s, path = Path(s), Path(path)
    skips = ('_proc', '_docs', '_site', 'pyproject.toml')
    below = s.relative_to(path).parts if s.is_relative_to(path) else s.parts
    if not s.is_file() or any(o[0] == '.' or o in skips for o in below): return None
    d = cache / s.relative_to(path)
    if s.suffix == '.py': d = d.with_suffix('')
    if d.exists() and s.stat().st_mtime <= d.stat().st_mtime: return None
    d.parent.mkdir(parents=True, exist_ok=True)
    if s.suffix == '.ipynb': return s, d, nbdev.serve.FilterDefaults
    md = nbdev.serve._is_qpy(s)
    if md is not None: return s, d, md.strip()
    shutil.copy2(s, d)
    return None


def no_quarto():
    "Nothing is installed: the site is built by Sphinx (nbdev 3.3 would install Quarto with sudo here)"


nbdev.config._load_toml = load_toml
nbdev.serve._proc_file = proc_file
nbdev.quarto._ensure_quarto = no_quarto
nbdev.processors.CaptureShell = _shell
# pickled for the workers by nbdev's name, which each worker resolves to this function (its module ran first)
main.__module__ = 'nbdev.serve_drv'
nbdev.serve_drv.main = main

if __name__ == '__main__':
    from nbdev.quarto import nbdev_proc_nbs  # the command's own entry point: same arguments, same output
    sys.argv[0] = 'nbdev-proc-nbs'
    sys.exit(nbdev_proc_nbs())
