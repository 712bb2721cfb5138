"""Brain-Score's grouping of missing values and of values of other types (issue 33, item 7), recorded for
tests/test_trust_io.py. Run in the Brain-Score venv (brainscore-core 2.5.0):
    BS_INSTALL_DEPENDENCIES=no /work/bs/bsvenv/bin/python tests/brainio/grouping_brainscore_side.py
writes tests/brainio/grouping/brainscore.json: per case, the groups' values and means, or the error raised."""
import json
import os
import warnings
from pathlib import Path

import numpy as np

os.environ.setdefault('BS_INSTALL_DEPENDENCIES', 'no')
warnings.filterwarnings('ignore')
from brainscore_core.supported_data_standards.brainio.assemblies import DataAssembly, NeuroidAssembly  # noqa: E402
from brainscore_core.supported_data_standards.brainio.transform import index_efficient  # noqa: E402

CASES = {  # condition values of 4 presentations (responses 0, 1, 2, 3); `other` is 'a' throughout unless given
    'none': [1, 1, None, 2], 'nan': [1., 1., np.nan, np.nan], 'int_and_text': [1, '1', 2, 2],
    'bool_and_int': [True, 1, 2, 2]}


def assembly(condition, other=None):
    n = len(condition)
    return NeuroidAssembly(np.arange(n, dtype=float)[:, None], dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', [f's{i}' for i in range(n)]),
        'condition': ('presentation', np.array(condition, object if None in condition or any(
            isinstance(v, str) for v in condition) or len({type(v) for v in condition}) > 1 else None)),
        'other': ('presentation', ['a'] * n if other is None else other), 'neuroid_id': ('neuroid', ['n0'])})


def tried(f):
    try: return f()
    except Exception as e: return {'error': f'{type(e).__name__}: {e}'[:160]}


def groupby_means(names, condition, other=None):
    a = assembly(condition, other)
    g = (a.multi_groupby(names) if len(names) > 1 else a.groupby(names[0])).mean('presentation')
    return sorted(g.values.ravel().tolist())


def dim_apply(condition):
    a = DataAssembly(np.arange(len(condition), dtype=float)[:, None], dims=['presentation', 'neuroid'],
                     coords={'condition': ('presentation', np.array(condition, object)),
                             'stimulus_id': ('presentation', [f's{i}' for i in range(len(condition))]),
                             'neuroid_id': ('neuroid', ['n0']), 'region': ('neuroid', ['IT'])})
    return a.multi_dim_apply(['condition', 'neuroid_id'], lambda x, **_: float(np.sum(x))).values.ravel().tolist()


out = {}
for case, condition in CASES.items():
    out[f'multi_groupby/{case}'] = tried(lambda: groupby_means(['condition', 'other'], condition))
    out[f'groupby_one_coord/{case}'] = tried(lambda: groupby_means(['condition'], condition))
    out[f'multi_dim_apply/{case}'] = tried(lambda: dim_apply(condition))
out['index_efficient/text_vs_int'] = tried(lambda: [int(i) for i in index_efficient(
    np.array(['1', '2']), np.array([1, 2]))])
path = Path(__file__).parent / 'grouping' / 'brainscore.json'
path.write_text(json.dumps(out, indent=1, sort_keys=True) + '\n')
print(json.dumps(out, indent=1, sort_keys=True))
