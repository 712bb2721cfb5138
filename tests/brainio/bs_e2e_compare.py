"""How tests/test_bs_e2e.py compares brainscore_nb's end-to-end record of a model with Brain-Score's
(bs_e2e_ours.run against bs_e2e/MODEL_brainscore.json): `differences` gives the largest difference of each kind and
raises on anything that must be equal (orders, names, digests, choices)."""
import numpy as np


def _worst(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    assert a.shape == b.shape, (a.shape, b.shape)
    return float(np.abs(a - b).max()) if a.size else 0.


def differences(ours, theirs):
    "{kind: largest absolute difference}; equal orders, ids, regions and choices are asserted"
    assert ours['images'] == theirs['images']
    out = {}
    a, b = ours['activations'], theirs['activations']
    assert a['stimulus_path'] == b['stimulus_path']
    for layer in b:
        if layer == 'stimulus_path': continue
        assert (a[layer]['width'], a[layer]['neuroid_id']) == (b[layer]['width'], b[layer]['neuroid_id']), layer
        out[f'activations:{layer}'] = _worst(a[layer]['values'], b[layer]['values'])
    for region in ('IT', 'V1'):
        a, b = ours[f'record_{region}'], theirs[f'record_{region}']
        for key in ('dims', 'width', 'stimulus_id', 'neuroid_id', 'region'): assert a[key] == b[key], (region, key)
        out[f'record_{region}'] = _worst(a['values'], b['values'])
    for key in ('label_imagenet', 'label_geirhos', 'odd_one_out'):
        assert ours.get(key) == theirs.get(key), key
    a, b = ours['probabilities'], theirs['probabilities']
    assert (a['stimulus_id'], a['choice']) == (b['stimulus_id'], b['choice'])
    out['probabilities'] = _worst(a['values'], b['values'])
    assert list(ours['scores']) == list(theirs['scores'])
    for benchmark, s in theirs['scores'].items():
        for key in ('score', 'raw', 'ceiling'):
            mine = ours['scores'][benchmark][key]
            if s[key] is None:  # Brain-Score's top-1 has no ceiling; ours is NaN
                assert mine is None or mine != mine, (benchmark, key, mine)
                continue
            if key == 'score':  # bounded to [0, 1] here (every brainscore_nb score is); there, some are not
                bounded = min(max(s[key], 0.), 1.)
                if bounded != s[key]:
                    out[f'{benchmark}:unbounded'] = abs(ours['scores'][benchmark]['unbounded'] - s[key])
                out[f'{benchmark}:score'] = abs(mine - bounded)
                continue
            out[f'{benchmark}:{key}'] = abs(mine - s[key])
    return out
