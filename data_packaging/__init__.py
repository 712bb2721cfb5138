"""Data recipes: published raw files (address + sha1) -> StimulusSet + assemblies, one package per dataset.

Each `<authoryear>/` package names the raw files it needs as `RawFile`s and turns their bytes into tables and
arrays. The raw-level functions use only numpy, pandas and Pillow, so the notebooks that define the data
structures can use them in their examples.
"""
