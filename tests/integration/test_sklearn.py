"""scikit-learn on nx arrays: every estimator and metric it declares Array API ready.

Each test fits or evaluates on NumPy arrays and on nx arrays (with
``array_api_dispatch=True``) and checks that the results agree to dtype-appropriate
tolerances and that the arrays it returns are nx arrays. The estimators are the ones
whose ``array_api_support`` tag is set in the installed scikit-learn, plus the
configurations that set it (PCA's solvers, GaussianMixture's random init); the
metrics are scikit-learn's own list (``array_api_metric_checkers`` of its test suite).
"""

from __future__ import annotations

import copy
import inspect
import os
import pickle
import warnings

import numpy as np
import pytest

import nx_array_api as nx

sklearn = pytest.importorskip("sklearn", minversion="1.8")
pytest.importorskip("array_api_compat")


def _scipy_array_api_enabled() -> bool:
    try:
        from scipy._lib._array_api_override import SCIPY_ARRAY_API
    except ImportError:
        return False
    return bool(SCIPY_ARRAY_API) and os.environ.get("SCIPY_ARRAY_API") == "1"


if not _scipy_array_api_enabled():
    pytest.skip(
        "SciPy was imported without SCIPY_ARRAY_API=1 (scikit-learn's array API "
        "dispatch needs it): set it in the environment",
        allow_module_level=True,
    )

from sklearn.base import clone, is_classifier, is_regressor  # noqa: E402
from sklearn.datasets import make_classification, make_regression  # noqa: E402
from sklearn.utils import all_estimators  # noqa: E402
from sklearn.utils._tags import get_tags  # noqa: E402
from sklearn.utils.validation import has_fit_parameter  # noqa: E402


DTYPES = ["float64", "float32"]


def is_nx(x) -> bool:
    return isinstance(x, nx.Array)


def assert_nx_result(result) -> None:
    """Every array of ``result`` (an array or a tuple of them) is an nx array."""
    import array_api_compat

    for r in result if isinstance(result, tuple) else (result,):
        assert is_nx(r), f"expected an nx array, got {type(r).__module__}.{type(r).__name__}"
        assert array_api_compat.array_namespace(r) is nx


# ------------------------------------------------------------------ tolerances
def _tol(dtype: str) -> dict[str, float]:
    # The NumPy and the Array API code paths of scikit-learn are not always the same
    # algorithm (scipy.linalg vs xp.linalg, different summation orders): looser than
    # a bit-for-bit comparison, tight enough to catch a wrong value.
    if dtype == "float32":
        return {"rtol": 2e-3, "atol": 2e-4}
    return {"rtol": 1e-6, "atol": 1e-9}


def _close(actual, expected, dtype, err_msg=""):
    a = np.asarray(actual) if is_nx(actual) else actual
    np.testing.assert_allclose(a, expected, err_msg=err_msg, equal_nan=True, **_tol(dtype))


# ------------------------------------------------------------------ estimators
def _declared() -> dict[str, object]:
    """Default-constructible estimators whose tags declare array API support."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, cls in all_estimators():
            try:
                est = cls()
                if get_tags(est).array_api_support:
                    out[name] = est
            except Exception:  # meta-estimators need arguments; their tags follow the inner one
                continue
    return out


def _configured() -> dict[str, object]:
    """Configurations whose tags declare support although the default does not."""
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.decomposition import PCA
    from sklearn.linear_model import LogisticRegression, PoissonRegressor
    from sklearn.mixture import GaussianMixture
    from sklearn.preprocessing import MaxAbsScaler

    cands = {
        "PCA(full)": PCA(n_components=3, svd_solver="full"),
        "PCA(covariance_eigh)": PCA(n_components=3, svd_solver="covariance_eigh"),
        "PCA(randomized,QR)": PCA(n_components=3, svd_solver="randomized", power_iteration_normalizer="QR"),
        "PCA(whiten)": PCA(n_components=3, whiten=True),
        "LogisticRegression(lbfgs)": LogisticRegression(solver="lbfgs"),
        "PoissonRegressor(lbfgs)": PoissonRegressor(solver="lbfgs"),
        "GaussianMixture(random)": GaussianMixture(n_components=2, init_params="random"),
        "GaussianMixture(random_from_data)": GaussianMixture(n_components=2, init_params="random_from_data"),
        "GaussianMixture(diag)": GaussianMixture(n_components=2, init_params="random_from_data", covariance_type="diag"),
        "GaussianMixture(spherical)": GaussianMixture(n_components=2, init_params="random_from_data", covariance_type="spherical"),
        "GaussianMixture(tied)": GaussianMixture(n_components=2, init_params="random_from_data", covariance_type="tied"),
        "CalibratedClassifierCV(temperature)": CalibratedClassifierCV(LogisticRegression(), method="temperature"),
        # Listed by the Array API docs of several releases; not tagged in all of them.
        "MaxAbsScaler": MaxAbsScaler(),
    }
    out = {}
    for name, est in cands.items():
        try:
            declared = get_tags(est).array_api_support
        except Exception:
            continue
        out[name] = (est, declared)
    return out


_DECLARED = _declared()
_CONFIGURED = _configured()
ESTIMATORS = {name: (est, True) for name, est in _DECLARED.items()}
ESTIMATORS.update(_CONFIGURED)

# Estimators whose fit takes ``y`` alone (tested in their own test below).
_TARGET_ONLY = {"LabelEncoder"}

# nx bugs that break an estimator fitted with dispatch: name -> reason (xfail, not
# strict); failures that are scikit-learn's own: name -> reason (skip). Both empty with
# the releases in the test extra.
_NX_XFAIL: dict[str, str] = {}
_CONSUMER_SKIP: dict[str, str] = {}


def _params(names, extra_xfail=None):
    extra_xfail = extra_xfail or {}
    out = []
    for name in names:
        marks = []
        if name in _CONSUMER_SKIP:
            marks.append(pytest.mark.skip(reason=_CONSUMER_SKIP[name]))
        reason = extra_xfail.get(name) or _NX_XFAIL.get(name)
        if reason:
            marks.append(pytest.mark.xfail(reason=reason, strict=False))
        out.append(pytest.param(name, marks=marks, id=name))
    return out


def _data(est, dtype: str, n_samples: int = 100):
    """Well-conditioned (X, y) for ``est`` in ``dtype`` (y None when unsupervised)."""
    name = type(est).__name__
    if name == "KernelCenterer":
        rng = np.random.default_rng(0)
        A = rng.standard_normal((40, 4))
        K = A @ A.T
        return K.astype(dtype), None
    if is_classifier(est):
        X, y = make_classification(
            n_samples=n_samples, n_features=5, n_informative=3, n_redundant=0,
            n_classes=3, n_clusters_per_class=1, random_state=0,
        )
        return X.astype(dtype), y
    if is_regressor(est):
        X, y = make_regression(n_samples=n_samples, n_features=5, noise=0.1, random_state=0)
        X = X.astype(dtype)
        if name == "PoissonRegressor":
            y = np.exp(X @ np.array([0.3, -0.2, 0.1, 0.0, 0.25]) / 2)
        return X, y.astype(dtype)
    rng = np.random.default_rng(0)
    X = rng.standard_normal((n_samples, 5)) @ np.diag([3.0, 2.0, 1.5, 1.0, 0.5])
    if name == "GaussianMixture":
        X[: n_samples // 2] += 6.0
    return X.astype(dtype), None


_METHODS = (
    "predict", "predict_proba", "predict_log_proba", "decision_function",
    "transform", "score_samples", "score",
)


def _fitted_arrays(est) -> dict[str, np.ndarray]:
    return {
        k: v for k, v in vars(est).items()
        if k.endswith("_") and not k.startswith("_") and isinstance(v, np.ndarray)
    }


def _two_clones(est):
    """Two unfitted copies of ``est``, seeded alike when it takes a random_state."""
    est_np, est_nx = clone(est), clone(est)
    if "random_state" in est.get_params():
        est_np.set_params(random_state=0)
        est_nx.set_params(random_state=0)
    return est_np, est_nx


def _compare_estimator(est, dtype: str, *, sample_weight: bool = False) -> None:
    X, y = _data(est, dtype)
    fit_np, fit_nx = {}, {}
    if sample_weight:
        w = np.random.default_rng(1).uniform(0.5, 1.5, X.shape[0]).astype(dtype)
        fit_np["sample_weight"], fit_nx["sample_weight"] = w, nx.asarray(w)
    est_np, est_nx = _two_clones(est)
    args_np = (X,) if y is None else (X, y)
    args_nx = tuple(nx.asarray(a) for a in args_np)
    est_np.fit(*args_np, **fit_np)
    with sklearn.config_context(array_api_dispatch=True):
        est_nx.fit(*args_nx, **fit_nx)

    for key, ref in _fitted_arrays(est_np).items():
        got = getattr(est_nx, key)
        if key != "classes_":
            assert is_nx(got), f"{key}: expected an nx array, got {type(got).__name__}"
        got_np = np.asarray(got)
        assert got_np.shape == ref.shape, key
        if ref.dtype.kind == "f":
            assert got_np.dtype == ref.dtype, f"{key}: dtype {got_np.dtype} != {ref.dtype}"
        if ref.dtype.kind in "fiub":
            _close(got_np, ref, dtype, err_msg=key)

    Xn = args_nx[0]
    for m in _METHODS:
        if not hasattr(est_np, m):
            continue
        if m == "score":
            ref = est_np.score(*args_np)
            with sklearn.config_context(array_api_dispatch=True):
                got = est_nx.score(*args_nx)
            assert isinstance(got, float), f"score returned {type(got).__name__}"
            _close(got, ref, dtype, err_msg=m)
            continue
        ref = getattr(est_np, m)(X)
        with sklearn.config_context(array_api_dispatch=True):
            got = getattr(est_nx, m)(Xn)
        assert_nx_result(got)
        _close(got, ref, dtype, err_msg=m)
        if m == "transform" and hasattr(est_np, "inverse_transform"):
            ref_inv = est_np.inverse_transform(ref)
            with sklearn.config_context(array_api_dispatch=True):
                got_inv = est_nx.inverse_transform(got)
            assert_nx_result(got_inv)
            _close(got_inv, ref_inv, dtype, err_msg="inverse_transform")


def test_declared_estimators_found():
    """The discovery sees the estimators scikit-learn documents as Array API ready."""
    expected = {
        "PCA", "LinearDiscriminantAnalysis", "Ridge", "RidgeCV", "RidgeClassifierCV",
        "LogisticRegression", "PoissonRegressor", "GaussianNB", "Nystroem",
        "StandardScaler", "MinMaxScaler", "Normalizer", "Binarizer", "KernelCenterer",
        "PolynomialFeatures", "LabelEncoder",
    }
    missing = expected - set(_DECLARED)
    assert not missing, f"not tagged array_api_support in this scikit-learn: {sorted(missing)}"


_FIT_CASES = sorted(n for n in ESTIMATORS if n not in _TARGET_ONLY)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", _params(_FIT_CASES))
def test_estimator_matches_numpy(name, dtype):
    est, declared = ESTIMATORS[name]
    try:
        _compare_estimator(est, dtype)
    except (TypeError, ValueError, NotImplementedError, AttributeError) as e:
        if not declared:
            pytest.skip(f"{name} does not declare array API support in this scikit-learn: {e}")
        raise


_SW_CASES = sorted(
    n for n in _FIT_CASES if has_fit_parameter(ESTIMATORS[n][0], "sample_weight") and ESTIMATORS[n][1]
)


@pytest.mark.parametrize("dtype", ["float64"])
@pytest.mark.parametrize("name", _params(_SW_CASES))
def test_estimator_sample_weight_matches_numpy(name, dtype):
    est, _ = ESTIMATORS[name]
    _compare_estimator(est, dtype, sample_weight=True)


# Without dispatch scikit-learn converts its inputs with np.asarray: nx arrays must
# go through that path too (as PyTorch CPU tensors do).
_NO_DISPATCH_XFAIL = {
}


@pytest.mark.parametrize("name", _params(_FIT_CASES, _NO_DISPATCH_XFAIL))
def test_estimator_without_dispatch_converts_nx_inputs(name):
    est, declared = ESTIMATORS[name]
    if not declared:
        pytest.skip(f"{name}: not declared array API ready")
    X, y = _data(est, "float64")
    est_np, est_nx = _two_clones(est)
    args_np = (X,) if y is None else (X, y)
    est_np.fit(*args_np)
    est_nx.fit(*(nx.asarray(a) for a in args_np))
    for m in ("predict", "transform"):
        if hasattr(est_np, m):
            _close(np.asarray(getattr(est_nx, m)(nx.asarray(X))), getattr(est_np, m)(X), "float64", m)


@pytest.mark.parametrize("dtype", DTYPES)
def test_label_encoder(dtype, array_api_dispatch):
    from sklearn.preprocessing import LabelEncoder

    y_np = np.array([3.0, 1.0, 2.0, 3.0, 1.0, 7.0], dtype=dtype)
    le_np = LabelEncoder().fit(y_np)
    le = LabelEncoder().fit(nx.asarray(y_np))
    assert_nx_result(le.classes_)
    np.testing.assert_array_equal(np.asarray(le.classes_), le_np.classes_)
    codes = le.transform(nx.asarray(y_np))
    assert_nx_result(codes)
    np.testing.assert_array_equal(np.asarray(codes), le_np.transform(y_np))
    back = le.inverse_transform(codes)
    assert_nx_result(back)
    np.testing.assert_array_equal(np.asarray(back), y_np)
    codes2 = LabelEncoder().fit_transform(nx.asarray(y_np))
    np.testing.assert_array_equal(np.asarray(codes2), le_np.transform(y_np))


def test_label_encoder_integer_labels(array_api_dispatch):
    from sklearn.preprocessing import LabelEncoder

    y_np = np.array([10, -2, 5, 10, 5], dtype=np.int64)
    le = LabelEncoder().fit(nx.asarray(y_np))
    np.testing.assert_array_equal(np.asarray(le.transform(nx.asarray(y_np))), [2, 0, 1, 2, 1])
    assert le.classes_.dtype == nx.int64


# ------------------------------------------------------------------ copying
# clone() deep-copies non-estimator parameters, and model persistence pickles
# fitted attributes: both need nx arrays to be copyable and picklable.
def test_clone_with_nx_array_parameter():
    from sklearn.naive_bayes import GaussianNB

    est = GaussianNB(priors=nx.asarray([0.2, 0.3, 0.5]))
    c = clone(est)
    np.testing.assert_array_equal(np.asarray(c.priors), [0.2, 0.3, 0.5])


def test_pickle_fitted_estimator(array_api_dispatch):
    from sklearn.linear_model import Ridge

    X, y = make_regression(n_samples=50, n_features=4, random_state=0)
    est = Ridge().fit(nx.asarray(X), nx.asarray(y))
    est2 = pickle.loads(pickle.dumps(est))
    assert is_nx(est2.coef_)
    np.testing.assert_allclose(np.asarray(est2.predict(nx.asarray(X))), np.asarray(est.predict(nx.asarray(X))))
    est3 = copy.deepcopy(est)
    np.testing.assert_allclose(np.asarray(est3.coef_), np.asarray(est.coef_))


# ------------------------------------------------------------------ pipelines and CV
def test_pipeline_and_cross_validation(array_api_dispatch):
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.model_selection import cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y = make_classification(n_samples=100, n_features=5, n_redundant=0, random_state=0)
    pipe = make_pipeline(StandardScaler(), LinearDiscriminantAnalysis())
    ref = cross_val_score(pipe, X, y, cv=3)
    got = cross_val_score(pipe, nx.asarray(X), nx.asarray(y), cv=3)
    np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-10)


def test_grid_search_ridge(array_api_dispatch):
    from sklearn.linear_model import Ridge
    from sklearn.model_selection import GridSearchCV

    X, y = make_regression(n_samples=60, n_features=4, noise=1.0, random_state=0)
    gs_np = GridSearchCV(Ridge(), {"alpha": [0.1, 1.0, 10.0]}, cv=3).fit(X, y)
    gs = GridSearchCV(Ridge(), {"alpha": [0.1, 1.0, 10.0]}, cv=3).fit(nx.asarray(X), nx.asarray(y))
    assert gs.best_params_ == gs_np.best_params_
    assert is_nx(gs.best_estimator_.coef_)
    np.testing.assert_allclose(np.asarray(gs.best_estimator_.coef_), gs_np.best_estimator_.coef_, rtol=1e-8)


# ------------------------------------------------------------------ metrics
def _y_binary():
    return np.array([0, 1, 1, 0, 1, 0, 1, 1, 0, 0]), np.array([0, 1, 0, 0, 1, 1, 1, 1, 0, 1])


def _scores(dtype):
    return np.array([0.1, 0.9, 0.4, 0.35, 0.8, 0.6, 0.7, 0.95, 0.2, 0.55], dtype=dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "metric, kwargs",
    [
        ("accuracy_score", {}),
        ("balanced_accuracy_score", {}),
        ("f1_score", {}),
        ("precision_score", {}),
        ("recall_score", {}),
        ("jaccard_score", {}),
        ("zero_one_loss", {}),
        ("hamming_loss", {}),
        ("cohen_kappa_score", {}),
        pytest.param(
            "matthews_corrcoef", {},
            marks=pytest.mark.skip(reason="scikit-learn: matthews_corrcoef is not declared "
                                   "array API ready (passes NumPy dtypes to xp.isdtype)"),
        ),
    ],
)
def test_binary_classification_metric(metric, kwargs, dtype, array_api_dispatch):
    import sklearn.metrics as M

    f = getattr(M, metric)
    yt, yp = _y_binary()
    w = np.linspace(0.5, 1.5, yt.size).astype(dtype)
    ref = f(yt, yp, **kwargs)
    got = f(nx.asarray(yt), nx.asarray(yp), **kwargs)
    assert isinstance(got, float), type(got)
    _close(got, ref, dtype)
    if "sample_weight" in inspect.signature(f).parameters:
        ref_w = f(yt, yp, sample_weight=w, **kwargs)
        got_w = f(nx.asarray(yt), nx.asarray(yp), sample_weight=nx.asarray(w), **kwargs)
        _close(got_w, ref_w, dtype)


@pytest.mark.parametrize(
    "metric",
    ["f1_score", "precision_score", "recall_score", "fbeta_score", "jaccard_score"],
)
@pytest.mark.parametrize("average", ["micro", "macro", "weighted", None])
def test_multiclass_averaged_metric(metric, average, array_api_dispatch):
    import sklearn.metrics as M

    f = getattr(M, metric)
    yt = np.array([0, 1, 2, 3, 2, 1, 0, 3])
    yp = np.array([0, 2, 2, 1, 1, 1, 0, 0])  # class 3 is never predicted: a 0/0 precision
    kw = {"average": average}
    if metric == "fbeta_score":
        kw["beta"] = 0.5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = f(yt, yp, **kw)
        got = f(nx.asarray(yt), nx.asarray(yp), **kw)
    if average is None:
        assert_nx_result(got)
    _close(got, ref, "float64")


@pytest.mark.parametrize("dtype", DTYPES)
def test_confusion_matrix_and_roc_curve(dtype, array_api_dispatch):
    from sklearn.metrics import auc, confusion_matrix, precision_recall_curve, roc_curve

    yt, yp = _y_binary()
    s = _scores(dtype)
    cm = confusion_matrix(nx.asarray(yt), nx.asarray(yp))
    assert_nx_result(cm)
    np.testing.assert_array_equal(np.asarray(cm), confusion_matrix(yt, yp))

    # drop_intermediate=True: see test_roc_curve_drop_intermediate
    ref = roc_curve(yt, s, drop_intermediate=False)
    got = roc_curve(nx.asarray(yt), nx.asarray(s), drop_intermediate=False)
    assert_nx_result(got)
    for g, r in zip(got, ref):
        _close(g, r, dtype)
    _close(auc(got[0], got[1]), auc(ref[0], ref[1]), dtype)

    ref = precision_recall_curve(yt, s)
    got = precision_recall_curve(nx.asarray(yt), nx.asarray(s))
    assert_nx_result(got)
    for g, r in zip(got, ref):
        _close(g, r, dtype)


@pytest.mark.skip(
    reason="scikit-learn: roc_curve(drop_intermediate=True) (and roc_auc_score) calls xp.logical_or on float "
    "arrays and xp.diff(x, 2) with n positional, both outside the standard "
    "(array-api-strict rejects it as well)"
)
def test_roc_curve_drop_intermediate(array_api_dispatch):
    from sklearn.metrics import roc_auc_score, roc_curve

    yt, _ = _y_binary()
    s = _scores("float64")
    ref = roc_curve(yt, s)
    got = roc_curve(nx.asarray(yt), nx.asarray(s))
    for g, r in zip(got, ref):
        _close(g, r, "float64")
    _close(roc_auc_score(nx.asarray(yt), nx.asarray(s)), roc_auc_score(yt, s), "float64")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "metric",
    [
        "r2_score", "mean_squared_error", "root_mean_squared_error", "mean_absolute_error",
        "explained_variance_score", "max_error", "mean_absolute_percentage_error",
        "mean_squared_log_error", "median_absolute_error", "mean_poisson_deviance",
        "mean_gamma_deviance", "mean_pinball_loss", "d2_absolute_error_score",
    ],
)
def test_regression_metric(metric, dtype, array_api_dispatch):
    import sklearn.metrics as M

    f = getattr(M, metric)
    rng = np.random.default_rng(0)
    yt = rng.uniform(0.5, 3.0, 20).astype(dtype)
    yp = (yt + rng.normal(0, 0.2, 20)).clip(0.1).astype(dtype)
    ref = f(yt, yp)
    got = f(nx.asarray(yt), nx.asarray(yp))
    assert isinstance(got, float), type(got)
    _close(got, ref, dtype)
    if metric in ("r2_score", "mean_squared_error", "mean_absolute_error"):
        Yt, Yp = yt.reshape(10, 2), yp.reshape(10, 2)
        ref = f(Yt, Yp, multioutput="raw_values")
        got = f(nx.asarray(Yt), nx.asarray(Yp), multioutput="raw_values")
        assert_nx_result(got)
        _close(got, ref, dtype)


def test_log_loss_and_brier(array_api_dispatch):
    from sklearn.metrics import brier_score_loss, log_loss

    yt, _ = _y_binary()
    p = _scores("float64")
    for f in (log_loss, brier_score_loss):
        _close(f(nx.asarray(yt), nx.asarray(p)), f(yt, p), "float64")
    P = np.stack([1 - p, p], axis=1)
    _close(log_loss(nx.asarray(yt), nx.asarray(P)), log_loss(yt, P), "float64")


_PAIRWISE = [
    "euclidean_distances", "manhattan_distances", "cosine_distances", "cosine_similarity",
    "linear_kernel", "polynomial_kernel", "rbf_kernel", "laplacian_kernel", "sigmoid_kernel",
    "additive_chi2_kernel", "chi2_kernel", "paired_euclidean_distances",
    "paired_manhattan_distances", "paired_cosine_distances",
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("metric", _PAIRWISE)
def test_pairwise(metric, dtype, array_api_dispatch):
    import sklearn.metrics.pairwise as P

    rng = np.random.default_rng(0)
    X = rng.uniform(0.1, 1.0, (8, 3)).astype(dtype)
    Y = rng.uniform(0.1, 1.0, (8, 3)).astype(dtype)
    f = getattr(P, metric)
    ref = f(X, Y)
    got = f(nx.asarray(X), nx.asarray(Y))
    assert_nx_result(got)
    # (the NumPy path of some distances computes in float64 whatever the input)
    _close(got, ref, dtype)
    if not metric.startswith("paired"):
        ref = f(X)
        got = f(nx.asarray(X))
        _close(got, ref, dtype, err_msg="Y=None")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("metric", ["euclidean", "manhattan", "cosine"])
def test_pairwise_distances_and_argmin(metric, dtype, array_api_dispatch):
    from sklearn.metrics import pairwise_distances, pairwise_distances_argmin, pairwise_kernels

    rng = np.random.default_rng(1)
    X = rng.standard_normal((10, 3)).astype(dtype)
    Y = rng.standard_normal((6, 3)).astype(dtype)
    got = pairwise_distances(nx.asarray(X), nx.asarray(Y), metric=metric)
    assert_nx_result(got)
    _close(got, pairwise_distances(X, Y, metric=metric), dtype)
    am = pairwise_distances_argmin(nx.asarray(X), nx.asarray(Y), metric=metric)
    assert_nx_result(am)
    np.testing.assert_array_equal(np.asarray(am), pairwise_distances_argmin(X, Y, metric=metric))
    for kernel in ("rbf", "linear", "polynomial"):
        _close(pairwise_kernels(nx.asarray(X), nx.asarray(Y), metric=kernel),
               pairwise_kernels(X, Y, metric=kernel), dtype)


# scikit-learn's own list of Array API metrics with its own checkers (inputs, mixed
# NumPy/nx arguments, sample weights, multioutput).
try:
    from sklearn.metrics.tests.test_common import yield_metric_checker_combinations
except ImportError:  # the installed scikit-learn was stripped of its tests
    _SK_METRIC_CASES = []
else:
    _SK_METRIC_CASES = list(yield_metric_checker_combinations())


def _metric_name(metric) -> str:
    if hasattr(metric, "func"):
        kw = ",".join(f"{k}={v}" for k, v in metric.keywords.items())
        return f"{metric.func.__name__}({kw})"
    return metric.__name__


def _sk_metric_params():
    out = []
    for metric, check in _SK_METRIC_CASES:
        name = _metric_name(metric)
        cid = f"{name}-{check.__name__.replace('check_array_api_', '')}"
        out.append(pytest.param(metric, check, id=cid))
    return out


@pytest.mark.skipif(not _SK_METRIC_CASES, reason="scikit-learn's metric test helpers are not installed")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("metric, check", _sk_metric_params())
def test_sklearn_declared_metric(metric, check, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(metric, "nx_array_api", None, dtype)


# ------------------------------------------------------------------ non-contiguous inputs
@pytest.mark.parametrize("name", ["PCA(full)", "Ridge", "LinearDiscriminantAnalysis", "StandardScaler", "GaussianNB"])
def test_estimator_on_strided_view(name, array_api_dispatch):
    """Fitting on a reversed, transposed nx view gives the NumPy result on the same view."""
    est, _ = ESTIMATORS[name]
    X, y = _data(est, "float64")
    Xt = np.ascontiguousarray(X[::-1].T)  # stored transposed and reversed
    X_view_np = Xt.T[::-1]
    X_view_nx = nx.asarray(Xt).mT[::-1]
    np.testing.assert_array_equal(np.asarray(X_view_nx), X)
    args_np = (X_view_np,) if y is None else (X_view_np, y)
    args_nx = (X_view_nx,) if y is None else (X_view_nx, nx.asarray(y))
    with sklearn.config_context(array_api_dispatch=False):
        ref = clone(est).fit(*args_np)
    got = clone(est).fit(*args_nx)
    m = "predict" if hasattr(ref, "predict") else "transform"
    with sklearn.config_context(array_api_dispatch=False):
        r = getattr(ref, m)(X)
    _close(getattr(got, m)(nx.asarray(X)), r, "float64", m)


# ------------------------------------------------------------------ against array-api-strict
@pytest.mark.parametrize("name", _params(_FIT_CASES))
def test_estimator_matches_array_api_strict(name):
    """The same scikit-learn code path on array-api-strict: nx must agree closely.

    Tighter than the NumPy comparison, which also absorbs the differences between
    scikit-learn's NumPy and Array API algorithms.
    """
    strict = pytest.importorskip("array_api_strict")
    est, declared = ESTIMATORS[name]
    if not declared:
        pytest.skip(f"{name}: not declared array API ready")
    X, y = _data(est, "float64")
    args = (X,) if y is None else (X, y)
    fitted = {}
    for xp in (strict, nx):
        e = clone(est)
        if "random_state" in est.get_params():
            e.set_params(random_state=0)
        with sklearn.config_context(array_api_dispatch=True):
            e.fit(*(xp.asarray(a) for a in args))
        fitted[xp.__name__] = e
    s, n = fitted[strict.__name__], fitted["nx_array_api"]
    for key, v in vars(s).items():
        if key.endswith("_") and not key.startswith("_") and hasattr(v, "__array_namespace__"):
            got = np.asarray(getattr(n, key))
            ref = np.from_dlpack(v)
            np.testing.assert_allclose(got, ref, rtol=1e-9, atol=1e-12, err_msg=key)
