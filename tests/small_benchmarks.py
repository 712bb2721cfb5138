"""Small real benchmarks for the tests of batch runs, the command line and the leaderboard (the real ones live in
brainscore_nb.benchmarks): real models scored on slices of real data, registered with `register()`.

- `Small.V4-ridge`: Cowley 2023 session 210325 (first 160 images): ridge regression from the model's V4 layer to
  each neuron's mean response, 4-fold cross-validated, median Pearson r, ceiled by the split-half reliability
  (Spearman-Brown) of the 8 repetitions.
- `Small.IT-rdm`: Kriegeskorte 2008 human IT: Spearman correlation of the model's IT RDM with the mean human RDM,
  ceiled by the mean correlation of each subject's RDM with the others' mean.
- `Small.MT-ridge`: asks for region MT, which no model commits to: every model fails it (a real failure).
"""
import hashlib

import numpy as np
from scipy.stats import spearmanr

from brainscore_nb.metrics.score import Score
from brainscore_nb.registry import benchmark_registry, load_dataset


def _pearson_columns(a, b):
    a, b = a - a.mean(0), b - b.mean(0)
    return (a * b).sum(0) / np.sqrt((a ** 2).sum(0) * (b ** 2).sum(0))


def _record(model, region, stimuli, time_bin):
    model.start_recording(region, [time_bin])
    return model.look_at(stimuli)


def _score(center, error, raw, ceiling, bench, model, data):
    return Score(center, attrs=dict(error=float(error), raw=Score(raw), ceiling=Score(ceiling), benchmark=bench.identifier,
                                    benchmark_version=bench.version, model=model.identifier,
                                    data_sha1=hashlib.sha1(np.ascontiguousarray(data).tobytes()).hexdigest()))


class SmallV4Ridge:
    "Ridge from the model's V4 layer to 50 V4 neurons' mean responses to 160 images, ceiled by split-half reliability"
    identifier, version, parent, region = 'Small.V4-ridge', 1, 'V4', 'V4'

    def __init__(self, n_images=160):
        a = load_dataset('Cowley2023.210325')
        ids = list(a.stimulus_set['stimulus_id'][:n_images])
        a = a.isel(presentation=np.isin(a['stimulus_id'].values, ids)).squeeze('time_bin')
        self.stimuli = a.stimulus_set[a.stimulus_set['stimulus_id'].isin(ids)]
        self.ids = ids
        sid, rep = a['stimulus_id'].values, a['repetition'].values
        mean = lambda mask: np.stack([a.values[(sid == s) & mask].mean(0) for s in ids])
        self.target = mean(np.ones_like(rep, bool))
        r = _pearson_columns(mean(rep % 2 == 0), mean(rep % 2 == 1))
        self.ceiling = float(np.median(2 * r / (1 + r)))

    def __call__(self, model):
        from sklearn.linear_model import Ridge
        acts = _record(model, self.region, self.stimuli, (70, 170))
        x = acts.squeeze('time_bin').values
        order = {s: i for i, s in enumerate(acts['stimulus_id'].values)}
        x = x[[order[s] for s in self.ids]]
        x = (x - x.mean(0)) / (x.std(0) + 1e-6)
        folds = np.arange(len(self.ids)) % 4
        pred = np.empty_like(self.target)
        for k in range(4):
            test = folds == k
            pred[test] = Ridge(alpha=x.shape[1]).fit(x[~test], self.target[~test]).predict(x[test])
        per_fold = [np.median(_pearson_columns(pred[folds == k], self.target[folds == k])) for k in range(4)]
        raw = float(np.median(_pearson_columns(pred, self.target)))
        return _score(raw / self.ceiling, np.std(per_fold) / np.sqrt(4) / self.ceiling, raw, self.ceiling, self, model, self.target)


class SmallITRdm:
    "Spearman correlation of the model's IT RDM with the mean human IT RDM (Kriegeskorte 2008), ceiled by subject agreement"
    identifier, version, parent, region = 'Small.IT-rdm', 1, 'IT', 'IT'

    def __init__(self):
        h = load_dataset('Kriegeskorte2008.hIT')
        self.stimuli, self.ids = h.stimulus_set, list(h['stimulus_id'].values)
        per_subject = h.mean('session').values  # subject x 92 x 92
        self.upper = np.triu_indices(len(self.ids), 1)
        self.human = per_subject.mean(0)[self.upper]
        agreement = [spearmanr(per_subject[i][self.upper], np.delete(per_subject, i, 0).mean(0)[self.upper])[0] for i in range(len(per_subject))]
        self.ceiling, self.ceiling_error = float(np.mean(agreement)), float(np.std(agreement) / np.sqrt(len(agreement)))

    def __call__(self, model):
        acts = _record(model, self.region, self.stimuli, (100, 200)).squeeze('time_bin')
        order = {s: i for i, s in enumerate(acts['stimulus_id'].values)}
        x = acts.values[[order[s] for s in self.ids]]
        raw = float(spearmanr(1 - np.corrcoef(x)[self.upper], self.human)[0])
        return _score(raw / self.ceiling, abs(raw) / self.ceiling ** 2 * self.ceiling_error, raw, self.ceiling, self, model, self.human)


class SmallMTRidge(SmallV4Ridge):
    "The V4 benchmark, but recording from MT: no model commits a layer to MT, so every model fails it"
    identifier, version, parent, region = 'Small.MT-ridge', 1, 'V4', 'MT'


BENCHMARKS = {b.identifier: b for b in (SmallV4Ridge, SmallITRdm, SmallMTRidge)}


def register():
    "Put the small benchmarks into the registry; return their identifiers"
    benchmark_registry.update(BENCHMARKS)
    return list(BENCHMARKS)


register()
