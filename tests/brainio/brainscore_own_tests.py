"""Brain-Score 2.4.2's own test files, run offline on both sides; writes brainscore_own_tests.json beside itself.

Not run in CI (it needs Brain-Score's venv and its wheel's sources). Each test file of the wheel
(`brainscore_vision/{benchmark_helpers,benchmarks,data,metrics}/**/test*.py` and the top-level `tests/`
package; model plugins excluded) runs in its own pytest process, once in Brain-Score's venv where the wheel
installed it, and once in this project's venv after `port_imports` (our table, nothing else) rewrote its
imports into a scratch folder. A plugin recording every test's outcome as it happens makes a file that runs
past its time limit a row too (its unfinished tests count as `timeout`). Then `summarise` compares the two
sides test by test and names the reason of each test Brain-Score passes and we do not (`REASONS` below).

    # Brain-Score's venv needs pytest; put it beside, not in, the venv:
    /work/bs/bsvenv/bin/pip install --target $W/bspytest pytest==9.2.0
    python tests/brainio/brainscore_own_tests.py theirs --work $W      # Brain-Score's side (~15 min here)
    python tests/brainio/brainscore_own_tests.py ours --work $W        # ours, from this checkout
    python tests/brainio/brainscore_own_tests.py ours --work $W bsv/metrics/rdm/test.py   # some files again
    python tests/brainio/brainscore_own_tests.py summarise --work $W   # -> tests/brainio/brainscore_own_tests.json

Run `ours` from the checkout's root with the project venv's python and PYTHONPATH=$PWD. Only outcomes, test
names and short failure messages are recorded: no Brain-Score code is kept.
"""
import argparse, json, os, re, shutil, subprocess, sys, time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
RECORD = HERE/'brainscore_own_tests.json'
SITE = Path('/work/bs/bsvenv/lib/python3.11/site-packages')
BS_PYTHON = '/work/bs/bsvenv/bin/python'
TIMEOUT = 400  # seconds per file

PLUGIN = '''
import json, os, time
def pytest_runtest_logreport(report):
    if report.when != 'call' and report.passed: return
    if report.when != 'call' and report.skipped and not report.failed: outcome = 'skipped'
    elif report.when != 'call': outcome = 'error'
    else: outcome = 'xfailed' if hasattr(report, 'wasxfail') and report.skipped else report.outcome
    message = ''
    if report.failed or report.skipped:
        crash = getattr(report.longrepr, 'reprcrash', None)
        message = crash.message if crash is not None else str(report.longrepr)
        if isinstance(report.longrepr, tuple): message = report.longrepr[2]
    with open(os.environ['BSOWN_RECORD'], 'a') as f:
        f.write(json.dumps(dict(test=report.nodeid, when=report.when, outcome=outcome,
                                message=message[:300])) + '\\n')
def pytest_collectreport(report):
    if report.failed:
        with open(os.environ['BSOWN_RECORD'], 'a') as f:
            f.write(json.dumps(dict(test=report.nodeid or '<module>', when='collect', outcome='error',
                                    message=str(report.longrepr).strip().split('\\n')[-1][:300])) + '\\n')
def pytest_collection_finish(session):
    with open(os.environ['BSOWN_RECORD'], 'a') as f:
        f.write(json.dumps(dict(collected=[i.nodeid for i in session.items])) + '\\n')
'''


def test_files():
    "Brain-Score's own test files, as paths relative to the wheel's site-packages, sorted"
    bsv = SITE/'brainscore_vision'
    files = [p for p in bsv.rglob('test*.py') if p.relative_to(bsv).parts[0] != 'models']
    files += [p for p in (SITE/'tests').rglob('test_*.py')]
    return sorted(p.relative_to(SITE).as_posix() for p in files)


def ours_name(rel): return rel.replace('brainscore_vision/', 'bsv/', 1)


def port_tree(work):
    "Copy the wheel's test files and conftests, imports ported by our table, to work/ours; the refused"
    sys.path.insert(0, str(ROOT))
    from brainscore_nb.brainscore.compat import port_imports, BRAINSCORE_IMPORTS
    out = work/'ours'; shutil.rmtree(out, ignore_errors=True)
    sources = test_files() + [p.relative_to(SITE).as_posix() for p in (SITE/'tests').rglob('*.py')
                              if not p.name.startswith('test_')]
    sources += [p.relative_to(SITE).as_posix() for p in (SITE/'brainscore_vision').rglob('conftest.py')
                if 'models' not in p.parts]
    refused = {}
    sources = set(sources)
    for rel in sorted(sources):
        src, dst = SITE/rel, out/ours_name(rel)
        dst.parent.mkdir(parents=True, exist_ok=True)
        for extra in src.parent.iterdir():  # resources beside a test (test_resources/, ...), never code:
            # a linked folder holding Python files would have the ported files written into the wheel
            if extra.name.endswith(('.py', '.pyc')) or extra.name == '__pycache__' \
                    or (dst.parent/extra.name).exists() or extra.is_dir() and any(extra.rglob('*.py')):
                continue
            (dst.parent/extra.name).symlink_to(extra)
        assert out.resolve() in dst.resolve().parents, f"{dst} resolves outside {out}"
        try: code = port_imports(src.read_text())
        except (KeyError, ValueError) as e:
            refused[rel] = str(e)[:300]; continue
        dst.write_text(code)
        # a plugin test's `from .X import ...` names the plugin's module X: resolved by the same table
        for m in re.finditer(r'^\s*from \.(\w+) import', code, re.M):
            absolute = '.'.join(Path(rel).with_suffix('').parts[:-1] + (m.group(1),))
            if (Path(rel).parent/f'{m.group(1)}.py').as_posix() in sources: continue  # copied beside
            if absolute in BRAINSCORE_IMPORTS:
                (dst.parent/f'{m.group(1)}.py').write_text(
                    "import sys, importlib\n"
                    f"sys.modules[__name__] = importlib.import_module({BRAINSCORE_IMPORTS[absolute]!r})\n")
            else: refused[rel] = f"relative import of the plugin module {absolute!r}: not in the table"
    # `from . import X` in a package the table ports: the package gives the ported module's names
    for d in [*out.rglob('*')]:
        if d.is_dir() and not d.is_symlink() and not (d/'__init__.py').exists():
            package = '.'.join(d.relative_to(out).parts).replace('bsv', 'brainscore_vision', 1)
            (d/'__init__.py').write_text(
                '' if package not in BRAINSCORE_IMPORTS else "import importlib as _i\n"
                f"globals().update({{k: v for k, v in vars(_i.import_module({BRAINSCORE_IMPORTS[package]!r}))"
                ".items() if not k.startswith('__')})\n")
    (work/'refused.json').write_text(json.dumps(refused, indent=1, sort_keys=True))
    return refused


def _brainscore_passes_none(work, rel)->bool:
    "Brain-Score's side has run `rel` and passed none of its tests"
    log = work/'theirs-results'/(rel.replace('/', '__') + '.jsonl')
    return log.exists() and 'summary' in log.read_text() and \
        not any(o == 'passed' for o, _ in outcomes(log)[0].values())


def _brainscore_passing(work, rel):
    "The node ids (ours) of the tests Brain-Score's side passed in `rel`; None if that side has not run it"
    log = work/'theirs-results'/(rel.replace('/', '__') + '.jsonl')
    if not (log.exists() and 'summary' in log.read_text()): return None
    return [ours_name(t) for t, (o, _) in outcomes(log)[0].items() if o == 'passed']


def run_side(side, work, only=(), reverse=False, claim=False, passing_first=False, passing_only=False):
    "Each file in its own pytest process; outcomes appended to work/<side>-results/<file>.jsonl"
    (work/'plugin').mkdir(parents=True, exist_ok=True)
    (work/'plugin'/'_bsown_record.py').write_text(PLUGIN)
    if side == 'ours' and not (claim and (work/'ours').exists()): port_tree(work)
    refused = json.loads((work/'refused.json').read_text()) if side == 'ours' else {}
    files = [f for f in test_files() if not only or f in only or ours_name(f) in only]
    for rel in files[::-1] if reverse else files:
        log = work/f'{side}-results'/(rel.replace('/', '__') + '.jsonl'); log.parent.mkdir(exist_ok=True)
        if passing_first and _brainscore_passes_none(work, rel): continue  # another runner does these
        if passing_only and not _brainscore_passing(work, rel): continue  # not run there yet, or none passed
        if claim:  # several runners share the list: each file is run by the first that claims it
            (work/f'{side}-claims').mkdir(exist_ok=True)
            try: os.close(os.open(work/f'{side}-claims'/log.name, os.O_CREAT | os.O_EXCL))
            except FileExistsError: continue
        log.unlink(missing_ok=True)
        if rel in refused:
            log.write_text(json.dumps(dict(refused=refused[rel])) + '\n'); continue
        env = dict(os.environ, BSOWN_RECORD=str(log), PYTHONDONTWRITEBYTECODE='1', BS_INSTALL_DEPENDENCIES='no')
        if side == 'theirs':
            cwd, target, python = SITE, rel, BS_PYTHON
            env['PYTHONPATH'] = f"{work/'plugin'}:{work/'bspytest'}"
        else:
            cwd, target, python = work/'ours', ours_name(rel), sys.executable
            if passing_only and rel not in refused: target = _brainscore_passing(work, rel)
            env['PYTHONPATH'] = f"{work/'plugin'}:{ROOT}"
            env['BRAINSCORE_NB_SETTINGS'] = str(ROOT/'settings.ini')
        start = time.time()
        try:
            p = subprocess.run([python, '-m', 'pytest', '-p', 'no:cacheprovider', '-p',
                                '_bsown_record', '-q', '--no-header', '-rN', '-W', 'ignore',
                                *([target] if isinstance(target, str) else target)],
                               cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT)
            tail = p.stdout.strip().split('\n')[-1] if p.stdout.strip() else p.stderr.strip()[-300:]
        except subprocess.TimeoutExpired:
            tail = f'timeout after {TIMEOUT} s'
        with open(log, 'a') as f:
            f.write(json.dumps(dict(summary=tail, seconds=round(time.time() - start),
                                    only_brainscore_passing=passing_only)) + '\n')
        print(f'{side} {rel}: {tail} ({time.time() - start:.0f} s)', flush=True)


def outcomes(log):
    "test -> outcome, and the file's note (refused, timeout, collection error), from one .jsonl"
    tests, note, collected = {}, None, []
    if not log.exists(): return tests, 'not run'
    for line in log.read_text().splitlines():
        r = json.loads(line)
        if 'refused' in r: note = 'refused: ' + r['refused']
        elif 'collected' in r: collected = r['collected']
        elif 'summary' in r:
            if r['summary'].startswith('timeout'): note = r['summary']
        elif r['when'] == 'collect': note = note or 'collection error: ' + r['message']
        elif r['outcome'] in ('failed', 'error') or r['test'] not in tests:
            tests[r['test']] = (r['outcome'], r['message'])
    for t in collected:
        if t not in tests: tests[t] = ('timeout' if note and note.startswith('timeout') else 'unfinished', '')
    return tests, note


# Why a test Brain-Score passes offline does not pass here: the first pattern (regex on the test's node id,
# then on its failure message) that matches names the reason. Deliberate differences say so.
REASONS = [
    (r'test_vision_domain_plugin', "deliberate: VisionDomainPlugin (brainscore_core's DomainPluginInterface for "
     "vision) writes the metadata of Brain-Score's website pages when a plugin is submitted (stimuli, data, metric "
     "and model metadata; a model's architecture and family guessed from its name); plugins here are entry points "
     "with no submission step, so it is not ported (each test skips when the import fails: none could pass)"),
    (r'plugin_management', "deliberate: Brain-Score's plugin management (domain plugins, pip-installed plugin "
     "requirements) is not ported; plugins here are Python entry points (brainscore_nb.plugins)"),
    (r'submission', "deliberate: Brain-Score's website submission system (its database, endpoints, GitHub "
     "actions) is not part of this project"),
    (r'test_cache_key\.py::.*(test_registry_prefix_is_required_to_find_a_stimulus_set|test_each_style_resolves_to_'
     r'its_plugin_dir|test_every_registered_identifier_is_uniquely_attributable)', "deliberate: Brain-Score's "
     "data plugin folders (brainscore_vision/data/<plugin>/__init__.py) are not shipped here: a stimulus set's "
     "revision comes from the content sha1s our catalog and recipes record (or the benchmark module naming it), "
     "and ImportPlugin finds only the plugin folders installed or registered here, so no folder is named "
     "'majajhong2015' or 'li2026'"),
    (r'TestNoBenchmarkSynthesisesAnUncacheableIdentifier', "deliberate: the sweep reads Brain-Score's own plugin "
     "sources (its wheel's benchmarks/*.py), which a port does not carry; tests/test_bs_own_tests.py sweeps ours"),
    (r'test_temporal_cache_key\.py::.*(test_lookup_is_scoped_to_the_plugin_part|'
     r'test_a_real_temporal_plugin_is_cacheable)', "deliberate: Brain-Score's model plugin folders "
     "(brainscore_vision/models/<plugin>) are not "
     "shipped here: a model plugin's folder, and so its revision, is found once the plugin is ported and "
     "registered (`register_model_plugin`); the test's process registers no 'AVID-CMA-Kinetics400'"),
    (r'test_temporal_ops\.py::test_assembly_time_align', "deliberate: our assemblies keep their coords "
     "flat (no MultiIndex time_bin): `a.isel(time_bin=[1, 2]) == b.isel(time_bin=[2, 1])` compares bins by "
     "position; Brain-Score's MultiIndex aligns them by (start, end) and compares only the bin they share"),
    (r'benchmarks\.imagenet\b', "deliberate: Brain-Score's Imagenet2012 is built from its plugin's imagenet2012.csv "
     "(the 50,000 validation images' file names and synsets: Brain-Score's data, not shipped here); ImageNet-top1 "
     "here reads file names and synsets from the local validation folder (the `imagenet_val` setting), so there is "
     "nothing to build `Imagenet2012()` from without it"),
    (r'share \d+ stimuli', "deliberate: our regression metrics refuse a test part that shares stimuli with the "
     "training part (Brain-Score's test fits and tests on the same 20 stimuli)"),
    (r'test_alpha_selection_design_is_sample_sized', "deliberate: the test spies on scikit-learn's RidgeCV.fit "
     "to see alpha chosen on an (n, n) gram surrogate; our DualRidgeCVRegression never calls RidgeCV: it chooses "
     "alpha by our own leave-one-out on the kernel's eigendecomposition (metrics.regression.ridgecv_predict, no "
     "(n_features, n_targets) matrix), the same alpha and predictions as RidgeCV (test_matches_sklearn passes here)"),
    (r'test_selects_from_cached_scores_without_attrs', "deliberate: the test calls LayerSelection._call.__wrapped__, "
     "Brain-Score's result_caching-stored layer choice (whose netCDF cache hits lose attrs); ours stores no layer "
     "choice: LayerSelection chooses from LayerScores' table each time, the activations cached by content"),
    (r'^timeout', "not measured: the file ran past its time limit here (400 s on 2 cores shared at load ~15) "
     "before this test finished"),
    (r'^unfinished$', "not measured: the file's run here stopped before this test (a runner was stopped)"),
    (r"level_names", "deliberate: our assemblies and Scores keep their coords flat (no MultiIndex built at "
     "construction, as Brain-Score's DataAssembly builds on xarray 2022.3), so the raw values' `dim` has no "
     "`level_names`; its coords are there (the test's asserts before it, division_coord among them, pass)"),
    (r'are too few: a test part', "deliberate: our correlation refuses test parts of fewer than 4 stimuli "
     "(Brain-Score's test correlates over 3)"),
]


def reason_of(test, message, note, outcome=''):
    for pattern, reason in REASONS:
        if any(re.search(pattern, text or '') for text in (test, message, note, outcome)):
            return reason
    return None


def summarise(work):
    rows, failing = [], []
    for rel in test_files():
        key = rel.replace('/', '__') + '.jsonl'
        theirs, tnote = outcomes(work/'theirs-results'/key)
        ours, onote = outcomes(work/'ours-results'/key)
        ours = {t.replace('bsv/', 'brainscore_vision/', 1): v for t, v in ours.items()}
        count = lambda d: dict(sorted(Counter(o for o, _ in d.values()).items()))
        passing = [t for t, (o, _) in theirs.items() if o == 'passed']
        here = [t for t in passing if ours.get(t, ('',))[0] == 'passed']
        row = dict(file=rel, theirs=count(theirs), ours=count(ours), brainscore_passes=len(passing),
                   passes_here=len(here))
        if '"only_brainscore_passing": true' in ((work/'ours-results'/key).read_text()
                                                 if (work/'ours-results'/key).exists() else ''):
            row['ours_scope'] = "only the tests Brain-Score's side passed were run here (time)"
        if tnote: row['theirs_note'] = tnote[:200]
        if onote == 'not run' and not passing:
            onote = "not run here (out of time): Brain-Score's side passed none of its tests offline"
        if onote: row['ours_note'] = onote[:200]
        rows.append(row)
        for t in passing:
            if t in here: continue
            outcome, message = ours.get(t, ('not collected', ''))
            failing.append(dict(test=t, outcome=outcome, message=(message or onote or '')[:200],
                                reason=reason_of(t, message, onote, outcome)))
    total = sum(r['brainscore_passes'] for r in rows)
    record = dict(
        brainscore='brainscore-vision 2.4.2, brainscore-core 2.5.0, offline',
        run='2026-11-29 on 2 shared cores; each file in its own pytest process, 400 s limit',
        files=len(rows), tests_brainscore=sum(sum(r['theirs'].values()) for r in rows),
        brainscore_passes=total, passes_here=sum(r['passes_here'] for r in rows),
        rows=rows, failing=failing,
        reasons=dict(sorted(Counter(f['reason'] or 'unnamed' for f in failing).items(), key=lambda kv: -kv[1])))
    RECORD.write_text(json.dumps(record, indent=1) + '\n')
    print(f"{record['files']} files; Brain-Score passes {total} offline; here {record['passes_here']} of them")
    for reason, n in record['reasons'].items(): print(f'{n:5d}  {reason}')


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('step', choices=['theirs', 'ours', 'summarise', 'list'])
    ap.add_argument('--work', type=Path, default=Path('/work/scratch/bs-owntests'))
    ap.add_argument('files', nargs='*')
    ap.add_argument('--reverse', action='store_true', help='run the list from its end')
    ap.add_argument('--claim', action='store_true', help='share the list with other runners (claims)')
    ap.add_argument('--passing-only', action='store_true',
                    help="ours: run only the tests Brain-Score's side passed (files it has run)")
    ap.add_argument('--passing-first', action='store_true',
                    help="skip files where Brain-Score's side passed nothing (for a second runner)")
    a = ap.parse_args()
    if a.step == 'list': print('\n'.join(test_files()), len(test_files()))
    elif a.step == 'summarise': summarise(a.work)
    else: run_side(a.step, a.work, a.files, a.reverse, a.claim, a.passing_first, a.passing_only)
