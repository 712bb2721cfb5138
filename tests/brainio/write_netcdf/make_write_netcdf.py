"""Fixture files for tests/test_brainio_write_netcdf.py: small assemblies written by Brain-Score 2.4.2's
`write_netcdf` (read by ours) and by ours (read by Brain-Score's `from_files`, what it read kept in
brainscore_read.json). Both sides build the same assemblies from the functions below, each with its own
classes.

    .venv/bin/python tests/brainio/write_netcdf/make_write_netcdf.py ours
    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python \
        tests/brainio/write_netcdf/make_write_netcdf.py brainscore
"""
import json
import sys
from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent


def spikes(cls):
    "Ten spike times of two neuroids, one coord of each dtype a recording has"
    return cls(np.round(np.linspace(12.5, 480.25, 10), 2), dims=['event'], coords={
        'neuroid_id': ('event', ['A-019', 'D-009'] * 5),
        'stimulus_id': ('event', [f'im{i // 2}' for i in range(10)]),
        'channel': ('event', np.arange(10) % 2), 'valid': ('event', [True] * 9 + [False])})


def trials(cls):
    "Per-trial metadata of another length, stored as a group beside the spikes"
    return cls(np.array([101.5, 250.0, 399.75, 551.0]), dims=['trial'], coords={
        'stimulus_id': ('trial', ['im0', 'im1', 'im2', 'im3']), 'fixation_correct': ('trial', [1, 1, 0, 1])})


def responses(cls):
    "A presentation x neuroid assembly with a repeated stimulus (Brain-Score makes MultiIndexes of both dims)"
    return cls(np.arange(12.).reshape(4, 3), dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ['im0', 'im1', 'im1', 'im2']),
        'repetition': ('presentation', [0, 0, 1, 0]),
        'neuroid_id': ('neuroid', ['n0', 'n1', 'n2']), 'region': ('neuroid', ['V4', 'IT', 'IT'])})


def as_json(a) -> dict:
    "What an assembly holds, in JSON: values, and each coord's dims and values"
    multi = {d: list(a.get_index(d).names) for d in a.dims if isinstance(a.get_index(d), pd.MultiIndex)}
    names = [k for k in a.coords if k not in multi] + [n for levels in multi.values() for n in levels]
    coords = {str(k): [list(a[k].dims), a[k].values.tolist()] for k in names}  # MultiIndexes as their levels
    return {'values': a.values.tolist(), 'coords': dict(sorted(coords.items()))}


def main(side):
    if side == 'ours':
        from brainscore_nb.data.assemblies import SpikeTimesAssembly, MetadataAssembly
        from brainscore_nb.data.publish import write_netcdf
        write_netcdf(spikes(SpikeTimesAssembly), HERE / 'assy_spikes_ours.nc')
        write_netcdf(trials(MetadataAssembly), HERE / 'assy_spikes_ours.nc', append=True, group='trials')
        return
    from brainscore_core.supported_data_standards.brainio.assemblies import (
        SpikeTimesAssembly, MetadataAssembly, DataAssembly)
    from brainscore_core.supported_data_standards.brainio.packaging import write_netcdf
    write_netcdf(spikes(SpikeTimesAssembly), HERE / 'assy_spikes_brainscore.nc')
    write_netcdf(trials(MetadataAssembly), HERE / 'assy_spikes_brainscore.nc', append=True, group='trials')
    write_netcdf(responses(DataAssembly), HERE / 'assy_responses_brainscore_raw.nc', compress=False)
    read = SpikeTimesAssembly.from_files(HERE / 'assy_spikes_ours.nc')
    out = {'class': type(read).__name__, 'spikes': as_json(read.load()),
           'trials': {'class': type(read.attrs['trials']).__name__, **as_json(read.attrs['trials'].load())}}
    (HERE / 'brainscore_read.json').write_text(json.dumps(out, indent=1) + '\n')


if __name__ == '__main__':
    main(sys.argv[1])
