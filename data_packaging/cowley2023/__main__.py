"""Package and validate Cowley 2023 V4 data from the published files; print a summary.

    python -m data_packaging.cowley2023 [--session 210325] [--directory DIR] [--overwrite]
"""
import argparse
import tempfile

import numpy as np

from brainscore_nb.config import get_setting
from brainscore_nb.data.validation import validate_pair
from brainscore_nb.data.packaging import (package_stimulus_set_locally, package_data_assembly_locally,
                                          load_stimulus_set_from_package, load_assembly_from_package)
from data_packaging.cowley2023 import IMAGES, build


def main(argv=None):
    p = argparse.ArgumentParser(prog='python -m data_packaging.cowley2023', description=__doc__.splitlines()[0])
    p.add_argument('--session', default='210325', choices=list(IMAGES), help='recording session')
    p.add_argument('--directory', default=None, help='where to write the packages (default: packages_dir setting)')
    p.add_argument('--overwrite', action='store_true', help='replace existing packages with different content')
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        stimuli, assembly = build(args.session, work)
        report = validate_pair(stimuli, assembly)
        print(report)
        report.raise_if_failed()
        ident = stimuli.identifier
        s = package_stimulus_set_locally(stimuli, ident, args.directory, overwrite=args.overwrite)
        a = package_data_assembly_locally(assembly, ident, ident, 'NeuroidAssembly', args.directory, overwrite=args.overwrite)
        stimuli_back = load_stimulus_set_from_package(s['csv_path'], s['zip_path'])
        back = load_assembly_from_package(a['path'], stimuli_back)
        same = back.drop_attrs().drop_vars(list(stimuli.columns.drop('stimulus_id'))).identical(assembly.drop_attrs())
        reps = assembly.groupby('stimulus_id').count('presentation').values.ravel()
        print(f"{ident}: {len(stimuli)} stimuli; {type(assembly).__name__} "
              + ' x '.join(f'{d} {n}' for d, n in assembly.sizes.items())
              + f"; {reps.min()}-{reps.max()} presentations per stimulus; mean response {float(assembly.mean()):.3f}"
              + f"\n  {s['csv_path']}  sha1 {s['csv_sha1']}\n  {s['zip_path']}  sha1 {s['zip_sha1']}"
              + f"\n  {a['path']}  sha1 {a['sha1']}"
              + f"\n  reloaded from the packages: {'identical' if same else 'DIFFERENT'}"
              + f" (stimulus set attached: {back.stimulus_set.identifier}, {len(back.stimulus_set)} stimuli)")
        if not same: raise SystemExit('the reloaded assembly differs from the packaged one')
    return s, a


if __name__ == '__main__':
    main()
