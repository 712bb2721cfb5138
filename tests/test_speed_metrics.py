"""The fast metric paths (issue #15) against the implementations they replaced, kept here verbatim as references:
same predictions to 1e-8 relative in float64, on random data with the real fold structure."""
import numpy as np
import pytest
import scipy.linalg as sl
import xarray as xr
from threadpoolctl import threadpool_limits

from brainscore_nb.metrics.backend import get_backend, to_backend, to_numpy
from brainscore_nb.metrics.crossval import cv_splits
from brainscore_nb.metrics.backend import namespace, take
from brainscore_nb.metrics.regression import (ridge_predict, pls_predict, _centred_gram, _work_dtype, _masks, _dot,
                                              _top_eigvecs, _contract, _expand, _deflate)
import array_api_compat as aac


# ---- reference: ridge as of 340f150 (one inverse of the full Gram matrix, a solve per fold with B_rr) ----
def ref_centred_gram(X, features=1024, block=256, lower=False):
    n, p = X.shape
    mean = X.sum(0, dtype=np.float64) / n
    G = np.zeros((n, n), order='F')
    for k in range(0, p, features):
        cols = slice(k, min(k + features, p))
        Xk = X[:, cols] - mean[cols].astype(X.dtype)
        for i in range(0, n, block):
            rows, end = slice(i, min(i + block, n)), min(i + block, n) if lower else n
            G[rows, :end] += Xk[rows, :] @ Xk[:end, :].T
    return G


def ref_ridge_predict(X, Y, folds, alpha=1.0):
    M = ref_centred_gram(X, lower=True)
    M[np.diag_indices_from(M)] += alpha
    c, _ = sl.cho_factor(M, lower=True, overwrite_a=True, check_finite=False)
    B, info = sl.lapack.dpotri(c, lower=True, overwrite_c=True)
    B = np.tril(B) + np.tril(B, -1).T
    n, rowsum, out = B.shape[0], B.sum(1), []
    for tr, te in folds:
        rest = np.setdiff1d(np.arange(n), tr)
        Brt = B[np.ix_(tr, rest)].T  # rest x train
        col_sums, row_sums = Brt.sum(0), Brt.sum(1)
        S = sl.solve(B[np.ix_(rest, rest)], Brt, assume_a='pos')
        c1 = rowsum[tr] - col_sums - S.T @ row_sums
        Ytr = Y[tr].astype(np.float64)
        b = c1 @ Ytr / c1.sum()
        Ytr -= b
        out.append((b - S @ Ytr)[np.searchsorted(rest, te)])
    return out


# ---- reference: pls_predict as of 340f150 (fold products over all rows, masked) ----
def ref_pls_predict(X, # stimuli x features
                Y, # stimuli x neuroids
                folds:list, # (train, test) index arrays
                *, n_components:int=25, # PLS components (Brain-Score: 25)
                dtype=None # dtype of the products with X (default: X's)
               )->list:
    "PLSRegression(n_components, scale=False) test-part predictions for every fold, by improved kernel PLS"
    xp, dev = namespace(X), aac.device(X)
    dtype, (n, p), m, F = _work_dtype(X, dtype), X.shape, Y.shape[1], len(folds)
    Xg = xp.astype(X, dtype, copy=False); Xg = Xg - xp.mean(Xg, axis=0)  # globally centred; each fold's centring is exact below
    Yg = xp.astype(Y, xp.float64, copy=False); ymean = xp.mean(Yg, axis=0); Yg = Yg - ymean
    train, out = _masks(n, folds)
    ntr, trainf, outf = (xp.asarray(a, dtype=xp.float64, device=dev) for a in (train.sum(0), train, out))
    XM, YM = _dot(Xg.mT, trainf / ntr), Yg.mT @ (trainf / ntr)  # training means per fold
    XY = _dot(Xg.mT, Yg)
    def cov2(f): # fold f's C'C for C = X_f'Y_f (training rows, centred) = D - n u v'
        o = np.flatnonzero(out[:, f])
        D = XY - take(Xg, o).mT @ xp.astype(take(Yg, o), dtype)  # the product in X's dtype, the difference in float64
        u, v = ntr[f] * XM[:, f], YM[:, f]
        Du = D.mT @ u
        return D.mT @ D - Du[:, None] * v[None, :] - v[:, None] * Du[None, :] + (u @ u) * (v[:, None] * v[None, :])
    Ms = xp.empty((F, m, m), dtype=xp.float64, device=dev)
    for f in range(F): Ms[f, ...] = cov2(f)
    floor = 1e-12 * xp.linalg.trace(Ms)  # below this the covariance is rounding noise
    # weights, loadings (folds x component x features) and target loadings (folds x component x neuroids)
    R, P, Q, TT = (xp.zeros(shape, dtype=xp.float64, device=dev) for shape in ((F, n_components, p), (F, n_components, p), (F, n_components, m), (F, n_components)))
    def C_dot(V, Z, a, left): # C_f(a) V (left) or C_f(a)' V, for all folds at once; Z = X_g @ V when not left
        if left: full = _dot(XY, V) - _dot(Xg.mT, (Yg @ V) * outf) - XM * (ntr * xp.sum(YM * V, axis=0))
        else: full = XY.mT @ V - Yg.mT @ (Z * outf) - YM * (ntr * xp.sum(XM * V, axis=0))
        A, B = (Q, P) if left else (P, Q)
        return full - _expand(B[:, :a, :], TT[:, :a] * _contract(A[:, :a, :], V))
    with threadpool_limits(1, user_api='blas'):  # small matrices: threads only add contention
        for a in range(n_components):
            V, lam = _top_eigvecs(Ms)
            W = C_dot(V.mT, None, a, True)
            W = W / xp.linalg.vector_norm(W, axis=0)
            Ra = W - _expand(R[:, :a, :], _contract(P[:, :a, :], W))
            T = _dot(Xg, Ra)
            Tt = (T - xp.sum(XM * Ra, axis=0)) * trainf
            tt = xp.sum(Tt * Tt, axis=0)
            live = (lam > floor) & (tt > 0)  # a fold whose covariance is exhausted stops adding components
            tt = xp.where(live, tt, 1.0)
            Pa = _dot(Xg.mT, Tt) / tt
            Qa = C_dot(Ra, T, a, False) / tt
            U = C_dot(Pa, _dot(Xg, Pa), a, False)
            keep = xp.astype(live, xp.float64)
            Ra, Pa, Qa = Ra * keep, Pa * keep, Qa * keep
            _deflate(Ms, Qa.mT, U.mT, tt ** 2 * xp.sum(Pa * Pa, axis=0), tt)
            R[:, a, :], P[:, a, :], Q[:, a, :], TT[:, a] = Ra.mT, Pa.mT, Qa.mT, tt * keep
    return [(_dot(take(Xg, te), R[f, ...].mT) - XM[:, f] @ R[f, ...].mT) @ Q[f, ...] + YM[:, f] + ymean for f, (_, te) in enumerate(folds)]


def data(n, p, m, seed=0, dtype=np.float64):
    "ReLU-like features and targets linear in them plus noise, as assemblies with stimulus ids and object names"
    rng = np.random.default_rng(seed)
    X = np.maximum(rng.normal(size=(n, p)) + 0.2, 0).astype(dtype)
    Y = X @ rng.normal(size=(p, m)) / np.sqrt(p) + 0.3 * rng.normal(size=(n, m))
    return X, Y


def target(n, objects=None):
    coords = {'stimulus_id': ('presentation', [f's{i}' for i in range(n)])}
    if objects: coords['object_name'] = ('presentation', np.arange(n) % objects)
    return xr.DataArray(np.zeros((n, 1)), dims=['presentation', 'neuroid'], coords=coords)


def rel(a, b): return float(np.abs(a - b).max() / np.abs(b).max())


FOLDS = {  # the folds the metrics use: Brain-Score's 10 ShuffleSplits, stratified ones, 2 folds, 5 splits of 80%
    'shuffle10': dict(), 'stratified': dict(objects=8), 'two': dict(splits=2, train_size=0.5),
    'test_size': dict(splits=5, train_size=0.6, test_size=0.2)}  # the last leaves rows out of every part


@pytest.mark.parametrize('kind', list(FOLDS))
@pytest.mark.parametrize('shape', [(300, 500, 20), (400, 120, 7)])  # more features than stimuli, and fewer
def test_ridge_same_as_reference(kind, shape):
    opts = dict(FOLDS[kind]); objects = opts.pop('objects', None)
    X, Y = data(*shape)
    folds = cv_splits(target(shape[0], objects), **opts)
    for alpha in (1.0, 30.0):
        for new, old in zip(ridge_predict(X, Y, folds, alpha=alpha), ref_ridge_predict(X, Y, folds, alpha)):
            assert new.shape == old.shape
            assert rel(new, old) < 1e-8


def test_ridge_float32_same_as_reference():
    "float32 features: the products in float32 (summed per 1024 features in float64), as before"
    X, Y = data(200, 1200, 10, dtype=np.float32)
    folds = cv_splits(target(200))
    for new, old in zip(ridge_predict(X, Y, folds), ref_ridge_predict(X, Y, folds)):
        assert rel(new, old) < 1e-4
    got = ridge_predict(X, Y, folds, dtype='float64')
    for new, old in zip(got, ref_ridge_predict(X.astype(np.float64), Y, folds)):
        assert rel(new, old) < 1e-8


def test_ridge_other_backend_same_as_reference():
    X, Y = data(200, 300, 5)
    folds = cv_splits(target(200))
    be = get_backend('array_api_strict:device1')
    got = ridge_predict(to_backend(X, be), to_backend(Y, be), folds)
    for new, old in zip(got, ref_ridge_predict(X, Y, folds)):
        assert rel(to_numpy(new), old) < 1e-8


def test_centred_gram_same_as_reference():
    X, _ = data(200, 1200, 1)
    for lower in (True, False):
        new, old = _centred_gram(X, lower=lower), ref_centred_gram(X, lower=lower)
        if lower: new, old = np.tril(new), np.tril(old)
        assert rel(new, old) < 1e-12


@pytest.mark.parametrize('kind', ['shuffle10', 'stratified', 'test_size'])
def test_pls_same_as_reference(kind):
    opts = dict(FOLDS[kind]); objects = opts.pop('objects', None)
    X, Y = data(250, 400, 12, seed=1)
    folds = cv_splits(target(250, objects), **opts)
    for new, old in zip(pls_predict(X, Y, folds, n_components=8), ref_pls_predict(X, Y, folds, n_components=8)):
        assert new.shape == old.shape
        assert rel(new, old) < 1e-8


def test_pls_float32_and_other_backend_same_as_reference():
    X, Y = data(200, 300, 6, seed=2, dtype=np.float32)
    folds = cv_splits(target(200))
    for new, old in zip(pls_predict(X, Y, folds, n_components=5), ref_pls_predict(X, Y, folds, n_components=5)):
        assert rel(new, old) < 1e-4
    be = get_backend('array_api_strict:device1')
    X64 = X.astype(np.float64)
    got = pls_predict(to_backend(X64, be), to_backend(Y, be), folds, n_components=5)
    for new, old in zip(got, ref_pls_predict(X64, Y, folds, n_components=5)):
        assert rel(to_numpy(new), old) < 1e-8


# ---- internal_consistency: the one-pass sums (issue #15) against the split-half computed plainly ----
def ref_internal_consistency(values, stim, rep, splits=10):
    "Per split-half: per-stimulus means of each half (stimuli seen in both), Pearson per neuroid, Spearman-Brown"
    from sklearn.model_selection import ShuffleSplit
    reps, out = np.unique(rep), []
    for h, _ in ShuffleSplit(splits, train_size=0.5, random_state=1).split(reps):
        first = np.isin(rep, reps[h])
        common = np.intersect1d(stim[first], stim[~first])
        means = [np.stack([values[part & (stim == s)].mean(0) for s in common]) for part in (first, ~first)]
        a, b = (m - m.mean(0) for m in means)
        r = (a * b).sum(0) / np.sqrt((a * a).sum(0) * (b * b).sum(0))
        out.append(np.median(2 * r / (1 + r)))
    return np.mean(out)


@pytest.mark.parametrize('layout', ['every', 'dropped', 'sparse'])
@pytest.mark.parametrize('dtype', [np.float64, np.float32])
def test_internal_consistency_same_as_plain(layout, dtype):
    "Each repetition of a stimulus once (a scatter), some presentations missing, and few repetitions of many"
    from brainscore_nb.data.assemblies import NeuroidAssembly
    from brainscore_nb.metrics.ceilings import internal_consistency
    rng = np.random.default_rng(3)
    n, reps, k = 40, 6, 5
    stim, rep = np.repeat(np.arange(n), reps), np.tile(np.arange(reps), n)
    keep = np.ones(n * reps, bool)
    if layout == 'dropped': keep[rng.choice(n * reps, 30, replace=False)] = False
    if layout == 'sparse': keep = rep < np.where(np.arange(n) < 4, reps, 2)[stim]  # most stimuli: 2 of 6 repetitions
    order = rng.permutation(keep.sum())
    values = (rng.normal(size=(n, k))[stim] + rng.normal(size=(n * reps, k)))[keep][order].astype(dtype)
    stim, rep = stim[keep][order], rep[keep][order]
    a = NeuroidAssembly(values, dims=['presentation', 'neuroid'], coords={
        'stimulus_id': ('presentation', np.array([f's{i:02d}' for i in stim])), 'repetition': ('presentation', rep),
        'neuroid_id': ('neuroid', [f'n{i}' for i in range(k)])})
    want = ref_internal_consistency(values.astype(np.float64), stim, rep)
    assert abs(internal_consistency(a).center - want) < (1e-10 if dtype == np.float64 else 1e-5)
