"""`nbdev-proc-nbs` without two wastes of nbdev 3.3; the processed notebooks are the same.

    python docs/proc_nbs.py [nbdev-proc-nbs's arguments]

1. nbdev's `get_config` reads and parses pyproject.toml on every call, and processing a notebook calls it for
   every cell (6,800 parses for the site's 101 notebooks). Here each text is parsed once; the file is still read
   each time, so an edit is seen at once, and each call gets its own copy.
2. Each notebook is processed in an IPython shell whose exit hook keeps the notebook's namespace until the process
   exits and then runs a full `gc.collect()`: 101 of them took 25 of the step's 48 CPU seconds. Here each shell is
   released when its notebook is done (`release`, which tests/test_notebooks.py uses too).

docs/build.py runs this instead of the `nbdev-proc-nbs` command. nbdev's workers are spawned processes: each runs
this module again (as `__mp_main__`) before it takes work, so the patches below reach them too."""
import atexit
import copy
import gc
import sys
from functools import lru_cache
from pathlib import Path
from unittest.mock import patch

import nbdev.config
import nbdev.processors
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


nbdev.config._load_toml = load_toml
nbdev.processors.CaptureShell = _shell
# pickled for the workers by nbdev's name, which each worker resolves to this function (its module ran first)
main.__module__ = 'nbdev.serve_drv'
nbdev.serve_drv.main = main

if __name__ == '__main__':
    from nbdev.quarto import nbdev_proc_nbs  # the command's own entry point: same arguments, same output
    sys.argv[0] = 'nbdev-proc-nbs'
    sys.exit(nbdev_proc_nbs())
