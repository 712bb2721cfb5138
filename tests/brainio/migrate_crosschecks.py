"""Bring every cross-check record (tests/brainio/crosschecks/<plugin>.json) to one schema (issue #34); run once, by hand.

    python tests/brainio/migrate_crosschecks.py

Each benchmark id's record keeps both sides' numbers exactly as recorded (`brainscore`, `ours`) and gains:

- `brainscore_ran`: what gave Brain-Score's numbers: 'benchmark' (its benchmark, called as it is), 'metric' (its
  metric alone: its benchmark cannot run) or 'ceiling' (its ceiling alone);
- `brainscore_cannot_run`: why not its benchmark (its fault, named; required unless it ran and is the id's own);
- `compared`: {our number's key: Brain-Score's number's key} (dotted keys reach into nested records);
- `compared_as`: what the compared numbers are, where they are not the benchmark's plain output (optional);
- `tolerance`, `tolerance_reason`: the largest difference counted as equal, and why it is not 0;
- `differs`: why the two sides differ (required where a compared number is beyond the tolerance).

The rules below are this conversion's judgement, family by family; each names its reason.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent / 'crosschecks'
KEYS = ('raw', 'ceiling', 'score')

EXACT = 1e-12, 'the same computation on the same files with the same draws: floating-point rounding only'
PLS = 2e-3, ("Brain-Score's scikit-learn PLS (NIPALS) stops at tol 1e-6; run to convergence it equals ours to 1e-7 "
             "(raw_converged/score_converged where recorded)")
FLOAT32 = 2e-6, 'the package holds float32 values, which Brain-Score sums in float32 (another order), ours in float64'
TOLERANCE = {  # family -> (tolerance, reason); others EXACT; ids ending -pls take PLS where their family has PLS
    'allen2022_fmri_surface': FLOAT32, 'igustibagus2024': FLOAT32, 'laion_fmri': FLOAT32,
    'baker2022': (1e-8, 'our numbers were recorded to 8 digits'),
    'cadena2017': (1e-7, 'TensorFlow float32 training with the same seed (per seed 0..9 raw to 6.9e-8)'),
    'malania2007': (1e-6, 'psychometric fits differ in the last bits (NumPy 1.x in Brain-Score, 2.x here)'),
    'marques2020': (1e-6, 'numbers recorded to 6 digits'),
}
PLS_FAMILIES = {'cadena2017', 'cowley2026', 'freemanziemba2013', 'li2026', 'majajhong2015', 'muzellec2026',
                'rajalingham2020', 'sanghavi2020'}

CANNOT_RUN = {  # id -> (ran, its fault, compared, compared_as)
    **{f'Scialom2024_{d}-allBehavioralErrorConsistency': (
        'metric', "its benchmark raises KeyError: 'RGB' (its metric selects the model's answers by the trials' "
                  "condition; the composite stimulus set names every image's condition after the composite)",
        {'raw': 'raw', 'ceiling': 'ceiling'},
        "its own metric and ceiling on the model's answers relabelled with each image's condition (the smallest "
        "workaround); its score would be raw / ceiling unbounded (3.33 here), ours bounded to 1")
       for d in ('phosphenes', 'segments')},
    **{f'tong.Coggan2024_fMRI.{r}-rdm': (
        'metric', "its benchmark never runs on packaged data: Coggan2024_fMRI_Benchmark's internal functions (RSA, "
                  "get_score, get_ceiling, ceiler, bound_score) were chained on the mirror's dataset.pkl",
        {'raw': 'raw', 'ceiling': 'ceiling', 'score': 'score'},
        "its benchmark's own functions, chained as its __call__ chains them, on the subjects' matrices")
       for r in ('V1', 'V2', 'V4', 'IT')},
    'Rajalingham2018-i2n': (
        'benchmark', "its private data need Brain-Score's credentials: the number is its public benchmark's "
                     "(Rajalingham2018public-i2n: the same __call__ and ceil_score) on the same files",
        {'raw': 'raw', 'ceiling': 'ceiling', 'score': 'score'},
        "Rajalingham2018public-i2n's numbers on the public fixture, served here under the private entry"),
}
MALANIA_FIT = ('Malania2007.short2-threshold_elevation', 'Malania2007.vernieracuity-threshold')
MALANIA_FAULT = ("its benchmark raises on any model not at chance (UFuncTypeError in np.clip: it passes the "
                 "left/right label as the offset)")
DIFFERS = {
    'Kato2026Dense-error_consistency': "ceiling 0 on this fixture: Brain-Score divides by it (score NaN), ours raises "
                                       "naming the zero ceiling; raw and ceiling equal",
    'Kar2019-ost': "Brain-Score's TensorFlow classifier barely leaves its random start (raw -0.43 to 0.18 over its "
                   "seeds 0-4); ours fits LogisticRegression to its optimum",
}
SCHEMA = ('brainscore_cannot_run', 'compared', 'compared_as', 'tolerance', 'tolerance_reason', 'differs')
MARQUES_SEEDED = ("Brain-Score's own call with np.random.seed(0) before it and before its ceiling function, as ours "
                  "seeds both (seeded_call_*); unseeded, its call draws the ceiling after the raw score's draws, so "
                  "its ceiling depends on the model: up to 2.3e-3 away (call_ceiling, call_score, seed 0 before the "
                  "call only)")
MARQUES = ("Brain-Score's own call draws the ceiling's split-halves from the global RNG after the raw score's draws, "
           "ours with a seed of its own: ceilings differ by up to 2.3e-3, scores by up to 2.0e-3 (Schiller1976-"
           "sf_selective 0.825342 there, 0.827340 here); seeded alike (np.random.seed(0) before its ceiling), raw / "
           "ceiling equals ours to 1e-6 (brainscore.score)")


def present(numbers: dict, key: str) -> bool:
    for part in key.split('.'):
        if not isinstance(numbers, dict) or part not in numbers: return False
        numbers = numbers[part]
    return isinstance(numbers, (int, float)) and numbers == numbers


def migrate(plugin: str, identifier: str, record: dict) -> dict:
    bs, ours = record['brainscore'], record['ours']
    for key in ('brainscore_ran', 'brainscore_benchmark_error', *SCHEMA): record.pop(key, None)  # rerun: anew
    tolerance, reason = TOLERANCE.get(plugin, EXACT)
    if plugin in PLS_FAMILIES and identifier.endswith('pls'): tolerance, reason = PLS
    new = dict(brainscore_ran='benchmark')
    compared = {k: k for k in KEYS if present(bs, k) and present(ours, k)}
    if identifier in CANNOT_RUN:
        ran, fault, compared, compared_as = CANNOT_RUN[identifier]
        new.update(brainscore_ran=ran, brainscore_cannot_run=fault, compared_as=compared_as)
    elif plugin == 'malania2007':
        fit = identifier in MALANIA_FIT
        new.update(brainscore_ran='metric' if fit else 'ceiling', brainscore_cannot_run=MALANIA_FAULT,
                   compared_as=("its ceiling and its chance model's score (0) from its benchmark as it is; the fitting "
                                "model's raw from its own metric with the offset read from vernier_offset_arcsec "
                                "(`fixed`)" if fit else
                                "its ceiling and its chance model's score (0) from its benchmark as it is"))
        compared = {'ceiling': 'ceiling', 'chance': 'chance', **({'fixed.raw': 'fixed.raw'} if fit else {})}
    elif plugin == 'marques2020' and 'seeded_call_score' in bs:  # Brain-Score's side rerun (issue #34 item 4)
        compared = {'raw': 'seeded_call_raw', 'ceiling': 'seeded_call_ceiling', 'score': 'seeded_call_score'}
        new.update(compared_as=MARQUES_SEEDED)
    elif plugin == 'marques2020':
        compared = {'raw': 'raw', 'ceiling': 'call_ceiling', 'score': 'call_score'}
        new.update(differs=MARQUES)
    elif plugin == 'i1':
        new.update(brainscore_ran='metric', brainscore_cannot_run='no Brain-Score 2.4.2 benchmark uses i1: '
                   'its metric and ceiling by name (load_metric, load_ceiling)')
        compared = {'metric': 'metric', 'ceiling': 'ceiling', 'error': 'error'}
    if identifier.startswith('MajajHong2015public.') and '-temporal-' in identifier:
        new.update(compared_as="means over the 29 time bins: Brain-Score's score is a vector of 29 per-bin "
                               "r^2 / ceiling; its ceiling, raw and score here (mean r^2 / mean ceiling) are "
                               "computed from its vectors, as ours defines the scalar")
    if identifier in DIFFERS: new.update(differs=DIFFERS[identifier])
    missing = [f'{o}/{b}' for o, b in compared.items() if not (present(ours, o) and present(bs, b))]
    assert not missing, (identifier, missing)
    new.update(compared=compared, tolerance=tolerance, tolerance_reason=reason)
    first = {k: record.pop(k) for k in ('brainscore', 'ours')}
    return {**first, **new, **record}


def main():
    for path in sorted(HERE.glob('*.json')):
        records = json.loads(path.read_text())
        out = {i: migrate(path.stem, i, r) for i, r in records.items()}
        path.write_text(json.dumps(out, indent=1) + '\n')


if __name__ == '__main__':
    main()
