"""Re-run the Brain-Score side of the cross-checks and rewrite its numbers in the records (issue #34).
Not part of CI: it needs a Brain-Score venv (see ../shared/FACTS.md, "Brain-Score side by side"):

    python3 -m venv /work/bs/bsvenv && /work/bs/bsvenv/bin/pip install torch==2.13.0 \\
        && BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/pip install brainscore-vision==2.4.2 \\
        brainscore-core==2.5.0

Kar2019 and Cadena2017-mask train with TensorFlow: they need a second venv, /work/bs/tfvenv, with tensorflow, numpy
1.26.4 and the same two wheels installed with --no-deps. Then, from the repository root:

    .venv/bin/python tests/brainio/run_brainscore_side.py                      # every family: run, print the diff
    .venv/bin/python tests/brainio/run_brainscore_side.py cowley2026 --write   # one family, its records rewritten
    .venv/bin/python tests/brainio/run_brainscore_side.py --logs DIR           # reuse the outputs left in DIR

A family is a record file, tests/brainio/crosschecks/<plugin>.json; `RUNS` names the scripts (and arguments) that
give its Brain-Score numbers, and each record's `script` names the run that fills it. The scripts run one after the
other with Brain-Score's python (`BRAINSCORE_PYTHON`, `BRAINSCORE_TF_PYTHON`), each under `timeout` (`--timeout`
seconds); their stdout and stderr stay under `--logs` (default: a new temporary folder, printed), where a run already
done is not run again. A run's JSON is read as {benchmark id: numbers} (`read_output`), and each id's outcome is
printed: `same` (every recorded number printed again, bit for bit), `rounding` (each moved by at most 1e-12 or half
the last digit of a number recorded to 6 or more decimals), `moved` (by
how much, which number, and whether the compared numbers still agree with ours within the record's tolerance),
`raised`, `not run` (and why), with the recorded numbers the run no longer prints. `--write` replaces the recorded
Brain-Score numbers of the keys a run printed; `ours`, the tolerance and the class are judgements made by hand and
are never touched.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CROSSCHECKS = HERE / 'crosschecks'
PYTHON = os.environ.get('BRAINSCORE_PYTHON', '/work/bs/bsvenv/bin/python')
TF_PYTHON = os.environ.get('BRAINSCORE_TF_PYTHON', '/work/bs/tfvenv/bin/python')
S = 'tests/brainio/'
CONVERGED = '--converged'  # a PLS script's option: its PLS run to convergence, recorded as raw_converged, ...
ROUNDING = 1e-12  # a number that moved by no more than this (or half its last recorded digit) moved by rounding


def _bs(script: str, *args, python: str = PYTHON) -> tuple:
    "One run: a script of tests/brainio, its arguments, the python that runs it"
    return S + script, args, python


def _pls(script: str) -> list:
    "A PLS family's runs: as Brain-Score runs it, and with its PLS run to convergence"
    return [_bs(script), _bs(script, CONVERGED)]


RUNS = {  # family (record file) -> the runs whose outputs give its Brain-Score numbers
    'allen2022_fmri': [_bs('allen2022_fmri_brainscore_side.py')],
    'allen2022_fmri_surface': [_bs('allen2022_fmri_brainscore_side.py')],
    'baker2022': [_bs('baker2022_brainscore_side.py')],
    'bmd2024': [_bs('bmd2024_brainscore_side.py')],
    'bracci2019': [_bs('bracci2019_brainscore_side.py')],
    'cadena2017': [_bs('cadena2017_brainscore_side.py'),
                   _bs('cadena2017_mask_brainscore_side.py', python=TF_PYTHON)],
    'coggan2024_behavior': [_bs('coggan2024_behavior_brainscore_side.py')],
    'coggan2024_fMRI': [_bs('coggan2024_brainscore_side.py')],
    'cowley2026': [_bs('cowley2026_brainscore_side.py')],
    'ferguson2024': [_bs('ferguson2024_brainscore_side.py')],
    'freemanziemba2013': _pls('brainscore_freemanziemba2013.py'),
    'geirhos2021': [_bs('geirhos2021_brainscore_side.py'),
                    ('benchmarks/geirhos2021_vs_brainscore.py', (), PYTHON)],
    'gifford2022': [_bs('gifford2022_brainscore_side.py')],
    'hebart2023': [_bs('hebart2023_brainscore_side.py')],
    'hebart2023_fmri': [_bs('hebart2023_fmri_brainscore_side.py')],
    'hermann2020': [_bs('hermann2020_brainscore_side.py', '{hermann2020}')],
    'i1': [_bs('i1_brainscore_side.py')],
    'igustibagus2024': [_bs('igustibagus2024_brainscore_side.py')],
    'imagenet': [_bs('imagenet_brainscore_side.py')],
    'imagenet_c': [_bs('imagenet_c_brainscore_side.py')],
    'islam2021': [_bs('islam2021_brainscore_side.py')],
    'kar2019': [_bs('kar2019_brainscore_side.py', python=TF_PYTHON)],
    'kato2026': [_bs('kato2026_brainscore_side.py')],
    'laion_fmri': [_bs('laion_fmri_brainscore_side.py')],
    'li2026': [_bs('li2026_brainscore_side.py')],
    'lonnqvist2024': [_bs('lonnqvist2024_brainscore_side.py')],
    'majajhong2015': _pls('majajhong2015_brainscore_side.py'),
    'malania2007': [_bs('malania2007_brainscore_side.py')],
    'maniquet2024': [_bs('maniquet2024_brainscore_side.py')],
    'marques2020': [_bs('marques2020_brainscore_side.py')],
    'muzellec2026': _pls('majajhong2015_brainscore_side.py'),
    'objectnet': [_bs('objectnet_brainscore_side.py')],
    'papale2025': [_bs('papale2025_brainscore_side.py')],
    'rajalingham2018': [_bs('brainscore_rajalingham2018.py')],
    'rajalingham2020': _pls('rajalingham2020_brainscore_side.py'),
    'sanghavi2020': _pls('sanghavi2020_brainscore_side.py'),
    'scialom2024': [_bs('scialom2024_brainscore_side.py'), _bs('scialom2024_brainscore_side.py', '--others'),
                    _bs('scialom2024_composite_brainscore_side.py')],
}


def log_name(script: str, args) -> str:
    "The stem of one run's log files"
    return '__'.join([Path(script).stem, *[a.strip('-{}') for a in args]])


def prepare(args, logs: Path) -> list:
    "`args` with `{hermann2020}` replaced by a folder make_hermann2020.py writes (with this python)"
    if '{hermann2020}' not in args: return list(args)
    folder = logs / 'hermann2020_fixture'
    if not folder.is_dir():
        subprocess.run([sys.executable, S + 'make_hermann2020.py', str(folder)], cwd=ROOT, check=True)
    return [str(folder) if a == '{hermann2020}' else a for a in args]


def run(script: str, args, python: str, logs: Path, timeout: int) -> dict:
    "Run one script with `python`, its stdout and stderr kept in `logs`; returns how it went"
    stem = log_name(script, args)
    if (logs / f'{stem}.json').is_file(): return json.loads((logs / f'{stem}.json').read_text())  # done
    if not Path(python).is_file():
        return dict(script=script, args=list(args), rc=None, seconds=0, skipped=f'no python {python}')
    start = time.time()
    with open(logs / f'{stem}.out', 'w') as out, open(logs / f'{stem}.err', 'w') as err:
        rc = subprocess.run(['timeout', str(timeout), python, script, *prepare(args, logs)], cwd=ROOT,
                            stdout=out, stderr=err, env={**os.environ, 'BS_INSTALL_DEPENDENCIES': 'no'}).returncode
    how = dict(script=script, args=list(args), rc=rc, seconds=round(time.time() - start, 1))
    (logs / f'{stem}.json').write_text(json.dumps(how))
    return how


def _objects(text: str) -> list:
    "The JSON objects a script printed: its whole stdout as one, or each line that starts with '{'"
    try: return [json.loads(text)]
    except ValueError: return [json.loads(line) for line in text.splitlines() if line.startswith('{')]


def _cowley2026(o: dict) -> dict:
    "Its sessions named by their dates, as recorded"
    for key in ('session_scores', 'session_ceilings'):
        o[key] = {k.split('.')[1]: v for k, v in o[key].items()}
    return {'Cowley2026.V4-pls': o}


def _imagenet_c(o: dict) -> dict:
    "Its benchmark on the sampled rows (the id's numbers; top-1 is unceiled) and on every catalog row (`all_rows`)"
    return {i: dict(raw=n['sampled']['score'], ceiling=1.0, score=n['sampled']['score'],
                    error=n['sampled']['error'], n=n['sampled']['n'],
                    all_rows={k: n['catalog'][k] for k in ('score', 'error')}) for i, n in o.items()}


def _train_test(o: dict) -> dict:
    "Per-subject numbers (`subjects`: `brainscore_side.train_test_records`, Allen2022) as recorded: scores, ceilings"
    return {i: {**n, **{f'subject_{k}s': {s: v[k] for s, v in n['subjects'].items()}
                        for k in ('score', 'ceiling') if 'subjects' in n}} for i, n in o.items()}


def _majajhong2015(o: dict) -> dict:
    """The temporal ids' 29 per-bin numbers as recorded (`*_per_bin`) and their scalars as the records define them
    (compared_as): the bins' mean ceiling and raw, and mean raw squared over mean ceiling"""
    for n in (n for i, n in o.items() if '-temporal-' in i):
        for k in ('ceiling', 'raw', 'score'): n[f'{k}_per_bin'] = n.pop(k)
        ceiling, raw = (sum(n[f'{k}_per_bin']) / len(n[f'{k}_per_bin']) for k in ('ceiling', 'raw'))
        n.update(ceiling=ceiling, raw=raw, score=raw ** 2 / ceiling)
    return o


def _marques2020(o: dict) -> dict:
    "Its benchmarks' numbers as recorded: `score` is raw over its ceiling seeded alone, `call_score` its own call's"
    return {i: {**n, 'score': n['score_seed0_ceiling'], 'call_score': n['score']} for i, n in o['benchmarks'].items()}


def _per_seed(identifier: str, listed: bool):
    """A TensorFlow script's seeds (`{"per_seed": {seed: numbers}}`) as recorded: seed 0's numbers (Brain-Score as
    shipped) and each seed's raw (and score) under `raw_per_seed`, a list (`listed`) or a mapping by seed"""
    def adapt(o: dict) -> dict:
        seeds = o['per_seed']
        first = {k: v for k, v in seeds['0'].items() if k != 'seconds'}
        per = {k: [n[k] for n in seeds.values()] if listed else {s: n[k] for s, n in seeds.items()}
               for k in (('raw', 'score') if listed else ('raw',))}
        return {identifier: {**first, **{f'{k}_per_seed': v for k, v in per.items()}}}
    return adapt


ADAPT = {  # script's stem -> its one JSON object as {benchmark id: numbers}, where it is not that already
    'cowley2026_brainscore_side': _cowley2026, 'imagenet_c_brainscore_side': _imagenet_c,
    **dict.fromkeys([f'{f}_brainscore_side' for f in ('gifford2022', 'papale2025', 'hebart2023_fmri',
                                                       'allen2022_fmri')], _train_test),
    'marques2020_brainscore_side': _marques2020, 'majajhong2015_brainscore_side': _majajhong2015,
    'kar2019_brainscore_side': _per_seed('Kar2019-ost', listed=False),
    'cadena2017_mask_brainscore_side': _per_seed('Cadena2017-mask', listed=True),
}


def read_output(script: str, text: str, ids) -> dict:
    "{benchmark id: {record field: numbers}} from one script's stdout; `ids`: the ids whose records it fills"
    if script.endswith('geirhos2021_vs_brainscore.py'):  # text lines: id ceiling C raw R score S
        rows = [line.split() for line in text.splitlines() if ' ceiling ' in line]
        return {r[0]: {'brainscore': {k: float(v) for k, v in zip(r[1::2], r[2::2])}} for r in rows}
    if script.endswith('coggan2024_brainscore_side.py'):  # case -> region -> numbers
        (cases,) = _objects(text)
        return {f'tong.Coggan2024_fMRI.{region}-rdm': {'brainscore': numbers,
                                                      'brainscore_anti_correlated': cases['random-seed5'][region]}
                for region, numbers in cases['efficientnet-lite0'].items()}
    out = {}
    for o in _objects(text):
        if Path(script).stem in ADAPT: o = ADAPT[Path(script).stem](o)
        if 'benchmark' in o: out[o.pop('benchmark')] = {'brainscore': o}
        elif set(o) & set(ids): out.update({i: {'brainscore': n} for i, n in o.items()})
        else: out.update({i: {'brainscore': o} for i in ids})  # one object of numbers: every id the script fills
    return out


def converged(numbers: dict) -> dict:
    "A `--converged` run's raw and score, as the records keep them (raw_converged, score_converged)"
    return {f'{k}_converged': numbers[k] for k in ('raw', 'score') if k in numbers}


def _leaves(numbers, prefix=''):
    "{dotted key: number} of a record's numbers (lists as key[i]); texts and None left out"
    if isinstance(numbers, dict):
        return {k: v for key, sub in numbers.items() for k, v in _leaves(sub, f'{prefix}{key}.').items()}
    if isinstance(numbers, list):
        return {k: v for i, sub in enumerate(numbers) for k, v in _leaves(sub, f'{prefix[:-1]}[{i}].').items()}
    if isinstance(numbers, bool) or not isinstance(numbers, (int, float)): return {}
    return {prefix[:-1]: float(numbers)}


def _at(numbers, key):
    for part in key.split('.'): numbers = numbers[part]
    return numbers


def _raised(record: dict, new: dict):
    """The error Brain-Score's benchmark raised, where the record says it ran (where it cannot run, the script prints
    the error beside the numbers it compared instead)"""
    if record['brainscore_ran'] != 'benchmark' or record.get('brainscore_cannot_run'): return None
    return next((n['error'] for n in new.values() if isinstance(n.get('error'), str)), None)


def _last_digit(value: float) -> float:
    """Half a unit of the last digit of a number recorded to 6 or more decimals (0.943045643: 5e-10; 0.95745, a
    6-decimal record's trailing 0 dropped: 5e-7), what rounding it moved; 0 for fewer than 4 (0.4 is exact)"""
    mantissa, _, exponent = repr(value).partition('e')
    decimals = len(mantissa.partition('.')[2]) - int(exponent or 0)
    return 0.5 * 10.0 ** -max(decimals, 6) if decimals >= 4 else 0.0


def compare(record: dict, new: dict) -> dict:
    """How `new` ({record field: numbers}, one id's fresh Brain-Score side) differs from `record`: the largest change
    of a recorded number (`moved`, with its key), keys recorded but not printed (`missing`), a benchmark that raised
    (`raised`), and whether the compared numbers still agree with ours within the record's tolerance (`agrees`)"""
    moved, worst, missing, raised, beyond = 0.0, '', [], _raised(record, new), False
    for field, numbers in new.items():
        old, fresh = _leaves(record.get(field, {})), _leaves(numbers)
        for key, value in old.items():
            if key not in fresh: missing.append(f'{field}.{key}'); continue
            gap = abs(fresh[key] - value) if not (math.isnan(value) and math.isnan(fresh[key])) else 0.0
            beyond = beyond or gap > max(ROUNDING, _last_digit(value))
            if not gap <= moved: moved, worst = gap, f'{field}.{key}'
    merged = merge(record, new)
    gaps = [abs(_at(merged['ours'], o) - _at(merged['brainscore'], b)) for o, b in record['compared'].items()
            if raised is None]
    return dict(moved=moved, worst=worst, missing=missing, raised=raised, beyond_rounding=beyond,
                agrees=raised is None and all(g <= record['tolerance'] for g in gaps) or bool(record.get('differs')))


def _update(old, new):
    "`old` with the values of `new` under keys `old` has (nested records kept in shape)"
    if not isinstance(old, dict) or not isinstance(new, dict): return new
    return {k: _update(v, new[k]) if k in new else v for k, v in old.items()}


def merge(record: dict, new: dict) -> dict:
    "`record` with Brain-Score's recorded numbers replaced by `new`'s of the same keys (nothing else changes)"
    if _raised(record, new): return record  # its benchmark raised where it ran: the record stays
    return {**record, **{field: _update(record.get(field, {}), numbers) for field, numbers in new.items()
                         if field in record}}


def run_key(script: str, args) -> str:
    "How a record's `script` names the run that fills it: the script and its options (`--converged` fills the same)"
    return ' '.join([script, *[a for a in args if a.startswith('--') and a != CONVERGED]])


def family(name: str, logs: Path, timeout: int, write: bool) -> dict:
    "Run `name`'s scripts, print what changed in its records, rewrite them if `write`; returns {id: outcome}"
    path = CROSSCHECKS / f'{name}.json'
    records, outcomes, fresh = json.loads(path.read_text()), {}, {}
    for script, args, python in RUNS[name]:
        ids = [i for i, r in records.items() if r.get('script') == run_key(script, args)]
        how = run(script, args, python, logs, timeout)
        if how['rc'] != 0:
            why = how.get('skipped') or (f"exit {how['rc']} after {how['seconds']} s "
                                         f"(see {logs}/{log_name(script, args)}.err)")
            outcomes.update({i: dict(status='not run', why=f'{run_key(script, args)}: {why}') for i in ids})
            continue
        printed = read_output(script, (logs / f'{log_name(script, args)}.out').read_text(), ids)
        for i in ids:
            if i not in printed: outcomes[i] = dict(status='not printed', why=f'{run_key(script, args)}: no {i}')
            else:
                for field, numbers in printed[i].items():
                    fresh.setdefault(i, {}).setdefault(field, {}).update(
                        converged(numbers) if CONVERGED in args else numbers)
    for i in fresh:
        if i in outcomes: continue  # one of its runs failed: not compared
        change = compare(records[i], fresh[i])
        outcomes[i] = dict(status='raised' if change['raised'] else 'same' if change['moved'] == 0
                           else 'moved' if change['beyond_rounding'] else 'rounding', **change)
        records[i] = merge(records[i], fresh[i])
    for i in sorted(set(records) - set(outcomes)):
        outcomes[i] = dict(status='not run', why=f"no run of RUNS gives its script {records[i].get('script')}")
    if write and any(o['status'] in ('moved', 'rounding') for o in outcomes.values()):
        path.write_text(json.dumps(records, indent=1) + '\n')
    return outcomes


def report(name: str, outcomes: dict):
    "One line for the family, one per id that did not come back the same"
    counts = {}
    for o in outcomes.values(): counts[o['status']] = counts.get(o['status'], 0) + 1
    print(f'{name}: ' + ', '.join(f'{n} {s}' for s, n in sorted(counts.items())), flush=True)
    for i, o in sorted(outcomes.items()):
        if o['status'] in ('moved', 'rounding'):
            agrees = 'still agrees with ours' if o['agrees'] else 'NO LONGER AGREES with ours'
            print(f'  {i}: moved by up to {o["moved"]:.3g} ({o["worst"]}); {agrees}')
        elif o['status'] != 'same': print(f"  {i}: {o['status']}: {o.get('why') or o.get('raised')}")
        if o.get('missing'): print(f"  {i}: recorded but not printed: {', '.join(o['missing'][:6])}"
                                   + (f' (+{len(o["missing"]) - 6})' if len(o['missing']) > 6 else ''))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('families', nargs='*', help='record files (tests/brainio/crosschecks/<family>.json); all if none')
    parser.add_argument('--write', action='store_true', help="rewrite the records' Brain-Score numbers that moved")
    parser.add_argument('--logs', type=Path, help="the scripts' outputs; a run whose outputs are there is not rerun")
    parser.add_argument('--timeout', type=int, default=1800, help='seconds one script may run')
    options = parser.parse_args(argv)
    unknown = sorted(set(options.families) - set(RUNS))
    if unknown: parser.error(f'unknown families {unknown}; known: {sorted(RUNS)}')
    logs = options.logs or Path(tempfile.mkdtemp(prefix='brainscore-side-'))
    logs.mkdir(parents=True, exist_ok=True)
    print(f'outputs in {logs}', flush=True)
    totals = {}
    for name in options.families or sorted(RUNS):
        outcomes = family(name, logs, options.timeout, options.write)
        report(name, outcomes)
        for o in outcomes.values(): totals[o['status']] = totals.get(o['status'], 0) + 1
    print('all: ' + ', '.join(f'{n} {s}' for s, n in sorted(totals.items())))


if __name__ == '__main__':
    main()
