"""Data recipes: published raw files (address + sha1) -> StimulusSet + assemblies, one package per dataset.

Each `<authoryear>/` package names the raw files it needs as `RawFile`s and turns their bytes into tables and
arrays. The raw-level functions use only numpy, pandas and Pillow, so the notebooks that define the data
structures can use them in their examples. brainscore_nb finds each package the way it finds any plugin: as an
entry point of the group `brainscore_nb.datasets` declared in pyproject.toml (a new package is added there; a
test checks that every one is), whose `STIMULUS_SETS` and `DATASETS` dicts name its recipes.
"""


def stored_stimulus_set(identifier: str, mirror=None):
    """The registered stimulus set `identifier` from the verified local store, packaged there first if needed.

    A recipe's `stimulus_set(...)` called without a work folder returns this: its images then live in the store
    (verified, kept) instead of in a temporary folder that nobody removes. The store builds it in one of its work
    folders, removed once the package is stored.
    """
    import os
    from brainscore_nb.config import get_setting
    from brainscore_nb.data.datasets import load_stimulus_set
    same = lambda m: os.path.realpath(m) if m else ''
    if mirror is not None and same(str(mirror)) != same(get_setting('mirror')):
        raise ValueError(f"mirror={str(mirror)!r} differs from the `mirror` setting ({get_setting('mirror')!r}): the "
                         f"stored {identifier!r} is built through the setting; to build from another mirror, pass a "
                         "workdir (the images are written there and are yours to remove)")
    return load_stimulus_set(identifier)
