"""What the scripts that run Brain-Score 2.4.2 on the fixtures here share (`*_brainscore_side.py`, `brainscore_*.py`;
run with Brain-Score's python, never by pytest).

Importing it sets `BS_INSTALL_DEPENDENCIES=no` (Brain-Score's loaders would otherwise pip-install plugin requirements)
and `RESULTCACHING_DISABLE=1`. `s3_fixtures` replaces Brain-Score's one download, `brainio.s3.get_path`, by a lookup
of the fixture files, copied to a temporary folder (its loaders unzip next to the file) that is removed after, so
nothing reaches S3 and everything else of Brain-Score runs unchanged. `load_assembly` reads a stored assembly (a
"model's" features or answers) with Brain-Score's own `AssemblyLoader`; `converge_pls` makes Brain-Score's PLS run to
convergence (`converge_pls_if_asked`: when the script was given `--converged`).
"""
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
os.environ.setdefault('RESULTCACHING_DISABLE', '1')
HERE = Path(__file__).resolve().parent


def brainscore_name(identifier, file_type, filename_prefix=None, infix=''):
    "The file Brain-Score's `get_path` downloads: `stimulus_`/`assy_` (or the loader's prefix), `infix`, the id with '.' as '_'"
    prefix = filename_prefix or ('stimulus_' if file_type in ('csv', 'zip') else 'assy_')
    return f"{prefix}{infix}{identifier.replace('.', '_')}.{file_type}"


@contextmanager
def s3_fixtures(source, files=None, name=brainscore_name, suffixes=('.nc', '.csv', '.zip')):
    """Brain-Score's S3 download answered from the files of the folder `source`; yields the temporary folder they are
    copied to. `files`: {(identifier, file_type): file name} (only those are copied; any other request fails naming
    it); without it every file of `source` with one of `suffixes` is copied and a request for (identifier, file_type,
    filename_prefix) is answered with the file `name(identifier, file_type, filename_prefix)`"""
    from brainscore_core.supported_data_standards.brainio import s3
    source, folder, download = Path(source), Path(tempfile.mkdtemp()), s3.get_path
    try:
        for n in (set(files.values()) if files is not None else
                  sorted(f.name for f in source.iterdir() if f.suffix in suffixes)): shutil.copy(source / n, folder)

        def get_path(identifier, file_type, bucket=None, version_id=None, sha1=None, filename_prefix=None,
                     folder_name=None):
            if files is not None and (identifier, file_type) not in files:
                sys.exit(f'not in the fixture: {identifier} {file_type}')
            path = folder / (files[(identifier, file_type)] if files is not None
                             else name(identifier, file_type, filename_prefix))
            assert path.is_file(), f'no fixture {path.name} for {identifier}'
            return str(path)  # as Brain-Score's own download returns it

        s3.get_path = get_path
        yield folder
    finally:
        s3.get_path = download
        shutil.rmtree(folder)


def load_assembly(path, cls='NeuroidAssembly'):
    "A stored assembly (`cls`: NeuroidAssembly, BehavioralAssembly, ...) read by Brain-Score's AssemblyLoader"
    from brainscore_core.supported_data_standards.brainio import assemblies
    return assemblies.AssemblyLoader(cls=getattr(assemblies, cls), file_path=str(path)).load()


def converge_pls():
    "Brain-Score's pls with scikit-learn's NIPALS run to convergence (its default tol 1e-6 stops early)"
    import brainscore_vision.metrics.regression_correlation.metric as metric
    from sklearn.cross_decomposition import PLSRegression

    class ConvergedPLS(PLSRegression):
        def __init__(self, n_components=2, *, scale=True, max_iter=100000, tol=1e-15, copy=True):
            super().__init__(n_components, scale=scale, max_iter=max_iter, tol=tol, copy=copy)
    metric.PLSRegression = ConvergedPLS


def converge_pls_if_asked():
    "`converge_pls` when the script was run with `--converged`"
    if '--converged' in sys.argv: converge_pls()


def train_test_records(family, data, ids, subjects, visual_degrees):
    """Brain-Score's own train/test ridge benchmarks (Gifford2022, Papale2025, Hebart2023_fmri) on the fixture folder
    `family` (files `<stimulus_|assy_>fixture_<Family>_<train|test|features>`; `data`: the catalog's prefix, e.g.
    THINGS_EEG2), scored with its `PrecomputedFeatures`: per id raw, ceiling, score, version, visual degrees, time bins,
    test neuroids and per subject the ceiled score, raw score, ceiling and the chosen alpha (ridgecv)"""
    import contextlib
    import io
    name = {f'{data}_{split}_{kind}': f"{'stimulus' if kind == 'Stimuli' else 'assy'}_fixture_{family}_{split}"
            for split in ('train', 'test') for kind in ('Stimuli', 'Assembly')}
    with s3_fixtures(HERE / family.lower(), name=lambda i, t, p: f'{name[i]}.{t}') as folder:
        from brainscore_vision import load_benchmark
        from brainscore_vision.benchmark_helpers import PrecomputedFeatures
        features = load_assembly(folder / f'assy_fixture_{family}_features.nc', 'NeuroidAssembly')
        out = {}
        for identifier in ids:
            benchmark = load_benchmark(identifier)
            with contextlib.redirect_stdout(io.StringIO()):  # its benchmark prints each subject's score
                score = benchmark(PrecomputedFeatures(features, visual_degrees=visual_degrees))
            per_subject = {}
            for s in subjects:
                sub = score.attrs[s]
                per_subject[s] = {'score': float(sub.values.squeeze()), 'raw': float(sub.raw.values.squeeze()),
                                  'ceiling': float(sub.attrs['ceiling'])}
                if 'alpha' in sub.raw.attrs: per_subject[s]['alpha'] = float(sub.raw.attrs['alpha'])
            out[identifier] = {'raw': float(score.raw), 'ceiling': float(score.ceiling), 'score': float(score),
                               'version': benchmark.version, 'visual_degrees': benchmark._visual_degrees,
                               'time_bins': [list(map(float, getattr(t, 'item', lambda: t)()))
                                             for t in benchmark.timebins],
                               'n_neuroids': int(benchmark.test_assembly.sizes['neuroid']), 'subjects': per_subject}
    return out
