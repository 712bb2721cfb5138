"""Brain-Score's `write_netcdf` and `from_files` against Brain-Score 2.4.2's own: files its writer wrote are
read by ours, and a file ours wrote was read by its loader (tests/brainio/write_netcdf: make_write_netcdf.py
writes the files and brainscore_read.json, what Brain-Score read).
Before: no `write_netcdf`, no `from_files` (ImportError)."""
import importlib.util
import json
from pathlib import Path

import h5py
import numpy as np
import pytest

from brainscore_nb.data.assemblies import DataAssembly, MetadataAssembly, SpikeTimesAssembly
from brainscore_nb.data.brainio import netcdf_groups
from brainscore_nb.data.publish import write_netcdf
from brainscore_nb.data.stimuli import StimulusSet

FIXTURES = Path(__file__).parent / 'brainio' / 'write_netcdf'
_spec = importlib.util.spec_from_file_location('make_write_netcdf', FIXTURES / 'make_write_netcdf.py')
make = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make)


def plain(a):
    "Values and coords only, in memory (not dask), for `.identical`"
    return a.load().drop_attrs()


def test_reads_brainscore_files():
    "Brain-Score's compressed file with a group, and its uncompressed one, read as it built them"
    stimuli = StimulusSet({'stimulus_id': [f'im{i}' for i in range(5)], 'size': [8] * 5}, identifier='toy')
    got = SpikeTimesAssembly.from_files(FIXTURES / 'assy_spikes_brainscore.nc', stimulus_set=stimuli)
    assert plain(got).identical(make.spikes(SpikeTimesAssembly))
    assert 'size' not in got.coords and got.stimulus_set is stimuli  # referenced, not merged (as Brain-Score)
    assert type(got.attrs['trials']) is MetadataAssembly
    assert plain(got.attrs['trials']).identical(make.trials(MetadataAssembly))
    raw = DataAssembly.from_files(FIXTURES / 'assy_responses_brainscore_raw.nc')
    assert plain(raw).identical(make.responses(DataAssembly))


def test_writes_what_brainscore_reads(tmp_path):
    "Ours written today reads back as the committed file Brain-Score read, and it read what we meant"
    path = tmp_path / 'assy_spikes.nc'
    sha1 = write_netcdf(make.spikes(SpikeTimesAssembly), path)
    assert write_netcdf(make.trials(MetadataAssembly), path, append=True, group='trials') != sha1
    assert netcdf_groups(path) == netcdf_groups(FIXTURES / 'assy_spikes_ours.nc') == ['trials']
    now, then = (SpikeTimesAssembly.from_files(p) for p in (path, FIXTURES / 'assy_spikes_ours.nc'))
    assert plain(now).identical(plain(then))
    assert plain(now.attrs['trials']).identical(plain(then.attrs['trials']))
    read = json.loads((FIXTURES / 'brainscore_read.json').read_text())
    assert read == {'class': 'SpikeTimesAssembly', 'spikes': make.as_json(make.spikes(SpikeTimesAssembly)),
                    'trials': {'class': 'MetadataAssembly', **make.as_json(make.trials(MetadataAssembly))}}


def test_compression_shrinks_the_data(tmp_path):
    "compress=True (the default, as Brain-Score's) stores the values zlib-compressed: a smaller file"
    spikes = SpikeTimesAssembly(np.repeat(np.arange(5000.), 4), dims=['event'], coords={
        'neuroid_id': ('event', ['n0', 'n1'] * 10000), 'stimulus_id': ('event', ['s0'] * 20000)})
    write_netcdf(spikes, tmp_path / 'raw.nc', compress=False)
    write_netcdf(spikes, tmp_path / 'small.nc')
    small_size, raw_size = ((tmp_path / f).stat().st_size for f in ('small.nc', 'raw.nc'))
    assert small_size < raw_size - 100_000  # of the 160 kB of values
    with h5py.File(tmp_path / 'small.nc') as small, h5py.File(tmp_path / 'raw.nc') as raw:
        data = small['data'], raw['data']
        assert (data[0].compression, data[0].compression_opts, data[1].compression) == ('gzip', 9, None)
    assert plain(SpikeTimesAssembly.from_files(tmp_path / 'small.nc')).identical(spikes)


@pytest.mark.parametrize('chunks, dask', [('None', False), ("{'event': 4}", True)])
def test_brainio_chunks(monkeypatch, chunks, dask):
    "BRAINIO_CHUNKS as in Brain-Score: None for numpy, a dict for dask chunks"
    pytest.importorskip('dask')
    monkeypatch.setenv('BRAINIO_CHUNKS', chunks)
    got = SpikeTimesAssembly.from_files(FIXTURES / 'assy_spikes_brainscore.nc')
    assert (got.chunks is not None) is dask
    if dask: assert got.chunks == ((4, 4, 2),)
