"""The web leaderboard of a main-job-sized results table (2 models x every registered benchmark, one in 19 scored,
the others failed offline, as tests/test_newcomer.py makes it): seconds to write it, megabytes written, load.

    python benchmarks/bench_site.py [OUT]

Measured for issue 35 on the 2-core machine at load 7-9 (other sessions' work): before, 334 s and 24.7 MB (a figure
in PNG and SVG for each of the 303 benchmarks, every failure in full on every page); after, 32.5 s and 1.9 MB
(a figure, SVG only, for the 16 benchmarks a model scored; failures grouped by cause and folded). Again on an idle
machine (load 0.4, 2026-11-29, one run): 606 pairs (32 scored), 5.2 s, 1.88 MB."""
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'tests'))
from test_newcomer import main_job_table  # noqa: E402
from brainscore_nb.web import write_site  # noqa: E402

if __name__ == '__main__':
    out = Path(sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp()) / 'site'
    table = main_job_table()
    load, t0 = os.getloadavg()[0], time.perf_counter()
    write_site(table, out)
    seconds = time.perf_counter() - t0
    size = sum(f.stat().st_size for f in out.rglob('*') if f.is_file())
    print(f'{len(table)} pairs ({int(table.status.eq("ok").sum())} scored): {seconds:.1f} s, {size / 1e6:.2f} MB, '
          f'load {load:.1f} at the start, {out}')
