"""Brain-Score's side of bench_vs_brainscore.py: run by a Brain-Score environment's python, never imported.

    BRAINSCORE_PYTHON _brainscore_side.py DATA.npz METRIC [THREADS]

Builds Brain-Score's assemblies in memory from the arrays in DATA.npz (its load_dataset would reach for S3),
runs one metric (or the internal_consistency ceiling) with its BLAS pinned to THREADS threads (threadpoolctl,
default 1) and prints one JSON line: value, error, seconds, its BLAS (OpenBLAS kernel) and the load average.
"""
import json
import os
import sys
import time

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')  # its loaders would otherwise pip-install plugin requirements
import numpy as np
from brainscore_core.supported_data_standards.brainio.assemblies import NeuroidAssembly


def assembly(values, ids, objects, prefix):
    return NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', ids), 'object_name': ('presentation', objects),
        'neuroid_id': ('neuroid', [f'{prefix}{i}' for i in range(values.shape[1])]),
        'region': ('neuroid', [prefix] * values.shape[1])})  # a second neuroid coord: its regression stacks them


def main(path, name, threads='1'):
    d = np.load(path)
    from brainscore_vision import load_metric
    if name == 'internal_consistency':
        args = (NeuroidAssembly(d['rep_values'], dims=['presentation', 'neuroid'], coords={
            'stimulus_id': ('presentation', d['rep_ids']), 'repetition': ('presentation', d['rep_numbers']),
            'neuroid_id': ('neuroid', [f'n{i}' for i in range(d['rep_values'].shape[1])]),
            'region': ('neuroid', ['n'] * d['rep_values'].shape[1])}),)
    else:
        ids, objects = d['ids'], d['objects']
        order = d['source_order']  # the source in another order: the metric aligns by stimulus_id
        args = (assembly(d['X'][order], ids[order], objects[order], 'f'), assembly(d['Y'], ids, objects, 'n'))
    metric = load_metric(name)
    from threadpoolctl import threadpool_info, threadpool_limits
    with threadpool_limits(int(threads), user_api='blas'):
        t, cpu = time.perf_counter(), time.process_time()
        score = metric(*args)
        seconds = time.perf_counter() - t
        cpu = time.process_time() - cpu
    error = score.attrs.get('error')
    blas = sorted({f"{i.get('internal_api')} {i.get('version')} {i.get('architecture')}"
                   for i in threadpool_info() if i['user_api'] == 'blas'})
    print(json.dumps({'value': float(score), 'error': None if error is None else float(error), 'seconds': seconds, 'cpu': cpu,
                      'blas': ', '.join(blas), 'load': os.getloadavg()[0]}))


if __name__ == '__main__':
    main(*sys.argv[1:4])
