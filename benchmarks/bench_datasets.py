"""First load vs. verified-store load of every registered dataset, measured in one run (not a test).

    python benchmarks/bench_datasets.py [--identifiers Kriegeskorte2008.hIT ...] [--repeat 3]

Uses a fresh temporary store (BRAINSCORE_NB_HOME) and the mirror named by BRAINSCORE_NB_MIRROR (or
settings.ini). The first load fetches the raw files, checks their sha1s, runs the recipe and packages the
result; later loads read the stored package after checking its sha1s again (and the extracted stimuli
against the ZIP's CRC-32s). Each row prints the first load, the best later load and their ratio.
"""
import argparse
import os
import tempfile
import time


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--identifiers', nargs='*', help='datasets to load (default: all)')
    p.add_argument('--repeat', type=int, default=3, help='later loads to time (the best is reported)')
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as home:
        os.environ['BRAINSCORE_NB_HOME'] = home
        from brainscore_nb.data.datasets import list_datasets, load_dataset
        from brainscore_nb.data.store import Catalog
        load_dataset('Kriegeskorte2008.mIT')  # import the lazily imported readers once (this also stores the 92 images)
        print(f"{'dataset':28s} {'first (s)':>10s} {'stored (s)':>11s} {'ratio':>7s}  stored MB")
        for ident in args.identifiers or list_datasets():
            t = time.perf_counter()
            load_dataset(ident)
            first = time.perf_counter() - t
            later = []
            for _ in range(args.repeat):
                t = time.perf_counter()
                load_dataset(ident)
                later.append(time.perf_counter() - t)
            rows = Catalog().to_frame()
            assembly = rows[(rows.kind == 'assembly') & (rows.identifier == ident)]
            stimuli = rows[(rows.kind == 'stimulus_set') & rows.identifier.isin(assembly.stimulus_set_identifier)]
            size = assembly['size'].sum() + stimuli['size'].sum()
            print(f'{ident:28s} {first:10.2f} {min(later):11.3f} {first / min(later):7.0f}x  {size / 1e6:8.1f}')


if __name__ == '__main__':
    main()
