"""SciPy's Array API aware functions on nx arrays.

With ``SCIPY_ARRAY_API=1`` SciPy dispatches on the namespace of its inputs: given nx
arrays it must compute with nx (or convert through ``np.asarray`` and back) and give
nx arrays back, with the values and dtypes it gives for NumPy inputs. The functions
swept here are the ones SciPy's capability table declares as supporting generic
Array API backends (array-api-strict): all of scipy.special and scipy.stats, and a
selection of scipy.fft, signal, ndimage, integrate, cluster, linalg, optimize,
constants.
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import nx_array_api as nx

scipy = pytest.importorskip("scipy", minversion="1.16")
pytest.importorskip("array_api_compat")

from scipy._lib._array_api_override import SCIPY_ARRAY_API  # noqa: E402

if not (SCIPY_ARRAY_API and os.environ.get("SCIPY_ARRAY_API") == "1"):
    pytest.skip(
        "SciPy was imported without SCIPY_ARRAY_API=1: set it in the environment "
        "before SciPy is first imported",
        allow_module_level=True,
    )

import scipy.special as special  # noqa: E402
import scipy.stats as stats  # noqa: E402

DTYPES = ["float64", "float32"]


def _tol(dtype) -> dict[str, float]:
    if np.dtype(dtype) in (np.float32, np.complex64):
        return {"rtol": 1e-4, "atol": 1e-5}
    return {"rtol": 1e-10, "atol": 1e-12}


def _is_nx(x) -> bool:
    return isinstance(x, nx.Array)


def _nx(a):
    return nx.asarray(a) if isinstance(a, np.ndarray) else a


def _leaves(r) -> list:
    """The numeric leaves of a SciPy result: arrays, scalars, tuple items, result fields."""
    if isinstance(r, (tuple, list)):
        return [v for e in r for v in _leaves(e)]
    if isinstance(r, (np.ndarray, np.generic, float, int)) or _is_nx(r):
        return [r]
    if hasattr(r, "__dict__"):  # result objects (TtestResult, DescribeResult, ...)
        return [
            v for k, v in sorted(vars(r).items())
            if not k.startswith("_") and (isinstance(v, (np.ndarray, np.generic, float)) or _is_nx(v))
        ]
    return []


def _check(got, ref, dtype, *, where=""):
    """Values of ``got`` match ``ref``; where ``ref`` has arrays, ``got`` has nx arrays."""
    lg, lr = _leaves(got), _leaves(ref)
    assert len(lg) == len(lr) and lr, f"{where}: result structure {type(got)} vs {type(ref)}"
    for g, r in zip(lg, lr):
        if isinstance(r, np.ndarray) and r.ndim > 0:
            assert _is_nx(g), f"{where}: expected an nx array, got {type(g).__module__}.{type(g).__name__}"
        gg, rr = np.asarray(g), np.asarray(r)
        assert gg.shape == rr.shape, f"{where}: shape {gg.shape} != {rr.shape}"
        if rr.dtype.kind in "fc" and _is_nx(g):
            assert gg.dtype == rr.dtype, f"{where}: dtype {gg.dtype} != {rr.dtype}"
        np.testing.assert_allclose(gg, rr, equal_nan=True, err_msg=where, **_tol(dtype))


def _declared(module) -> list[str]:
    """Public functions of ``module`` that SciPy declares usable with any Array API backend."""
    try:
        from scipy._lib._array_api import xp_capabilities_table as table
    except ImportError:  # pragma: no cover - older SciPy
        return []
    out = []
    for name in getattr(module, "__all__", []):
        f = getattr(module, name, None)
        e = table.get(f) if callable(f) else None
        if e is None or e.get("out_of_scope"):
            continue
        if e.get("np_only") and "array_api_strict" not in set(e.get("exceptions", ())):
            continue
        bad = list(e.get("skip_backends", ())) + list(e.get("xfail_backends", ()))
        if any(mod == "array_api_strict" for mod, _ in bad):
            continue
        out.append(name)
    return sorted(set(out))


# ================================================================== scipy.special
try:
    from scipy.special._support_alternative_backends import _special_funcs
except ImportError:  # pragma: no cover - the layout of another SciPy release
    _special_funcs = ()

_SPECIAL_INFO = {info.name: info for info in _special_funcs}
_SPECIAL_NON_ELEMENTWISE = {"logsumexp", "softmax", "log_softmax"}


def _special_args(info, dtype, rng):
    """Arguments in the domain of an elementwise special function, as NumPy arrays."""
    n = info.name
    if n == "lpmv":  # (order m: integer-valued, degree v, x in [-1, 1])
        return [np.array([0.0, 1.0, 2.0, 0.0, 1.0, 1.0], dtype), rng.uniform(2, 4, 6).astype(dtype),
                rng.uniform(-0.9, 0.9, 6).astype(dtype)]
    if n == "zeta":  # (x > 1, q > 0)
        return [rng.uniform(1.5, 4, 6).astype(dtype), rng.uniform(0.5, 2, 6).astype(dtype)]
    if n == "multigammaln":  # (a > (d - 1) / 2, d: Python int)
        return [rng.uniform(2, 5, 6).astype(dtype), 3]
    args = []
    pio = info.python_int_only
    if isinstance(pio, dict):
        pio = pio.get("array_api_strict")
    for i in range(info.n_args):
        if pio and pio[i]:
            args.append(3)
        elif info.int_only and info.int_only[i]:
            args.append(np.array([1, 2, 3, 4, 5, 2], dtype=np.int64))
        else:
            args.append(rng.uniform(0.1, 0.9, 6).astype(dtype))
    return args


@pytest.mark.skipif(not _special_funcs, reason="SciPy's table of special functions moved")
def test_special_declared_functions_are_all_swept():
    missing = set(_declared(special)) - set(_SPECIAL_INFO) - _SPECIAL_NON_ELEMENTWISE - {"digamma"}
    assert not missing, sorted(missing)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(_SPECIAL_INFO))
def test_special_elementwise(name, dtype):
    info = _SPECIAL_INFO[name]
    f = getattr(special, name)
    args = _special_args(info, dtype, np.random.default_rng(0))
    with np.errstate(all="ignore"):
        ref = f(*args)
        got = f(*[_nx(a) for a in args])
    assert not np.isnan(np.asarray(ref)).all(), "inputs outside the function's domain"
    _check(got, ref, dtype, where=name)


@pytest.mark.parametrize("name", ["erf", "gammaln", "expit", "xlogy", "ndtr", "i0e"])
def test_special_on_strided_views(name):
    """Non-contiguous nx inputs (a transposed, reversed, stepped view) go through too."""
    f = getattr(special, name)
    base = np.random.default_rng(1).uniform(0.1, 3.0, (6, 8))
    view_np = base[::-1, ::2].T
    view_nx = nx.asarray(base)[::-1, ::2].mT
    n_args = _SPECIAL_INFO[name].n_args if name in _SPECIAL_INFO else 1
    ref = f(*([view_np] * n_args))
    got = f(*([view_nx] * n_args))
    _check(got, ref, "float64", where=name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 1)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_logsumexp(axis, keepdims, dtype):
    a = np.random.default_rng(2).normal(size=(4, 5)).astype(dtype) * 10
    ref = special.logsumexp(a, axis=axis, keepdims=keepdims)
    got = special.logsumexp(nx.asarray(a), axis=axis, keepdims=keepdims)
    _check(got, ref, dtype, where="logsumexp")


@pytest.mark.parametrize("dtype", DTYPES)
def test_logsumexp_weights_and_sign(dtype):
    rng = np.random.default_rng(3)
    a = rng.normal(size=(3, 6)).astype(dtype)
    b = rng.normal(size=(3, 6)).astype(dtype)  # negative weights: a signed result
    for axis in (None, 1):
        ref = special.logsumexp(a, axis=axis, b=b, return_sign=True)
        got = special.logsumexp(nx.asarray(a), axis=axis, b=nx.asarray(b), return_sign=True)
        _check(got, ref, dtype, where=f"logsumexp(b, return_sign) axis={axis}")
    ref = special.logsumexp(a, b=np.abs(b), axis=0)
    _check(special.logsumexp(nx.asarray(a), b=nx.asarray(np.abs(b)), axis=0), ref, dtype)
    # infinities and the all -inf row
    c = np.array([[-np.inf, -np.inf], [np.inf, 1.0], [0.0, -np.inf]], dtype=dtype)
    with np.errstate(all="ignore"):
        _check(special.logsumexp(nx.asarray(c), axis=1), special.logsumexp(c, axis=1), dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("fname", ["softmax", "log_softmax"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_softmax(fname, axis, dtype):
    f = getattr(special, fname)
    a = np.random.default_rng(4).normal(size=(3, 7)).astype(dtype) * 5
    _check(f(nx.asarray(a), axis=axis), f(a, axis=axis), dtype, where=fname)


# ================================================================== scipy.stats
_rng = np.random.default_rng(5)
_X = _rng.normal(size=30) + 5.0
_Y = _rng.normal(size=30) * 1.5 + 5.2
_Z = _rng.normal(size=30) + 4.8


def _stat_cases():
    """name -> (args builder(dtype) -> (args, kwargs)) for scipy.stats's declared functions."""
    def arrs(*xs):
        return lambda dt: ([x.astype(dt) for x in xs], {})

    def p_values(dt):
        return [np.array([0.001, 0.01, 0.03, 0.2, 0.5, 0.04, 0.9], dtype=dt)], {}

    def unit_vectors(dt):
        v = np.random.default_rng(6).normal(size=(20, 3)) + [3, 0, 0]
        return [(v / np.linalg.norm(v, axis=1, keepdims=True)).astype(dt)], {}

    cases = {
        "boxcox_llf": lambda dt: ([0.5, np.abs(_X).astype(dt)], {}),
        "yeojohnson_llf": lambda dt: ([0.5, _X.astype(dt)], {}),
        "pmean": lambda dt: ([np.abs(_X).astype(dt), 2.0], {}),
        "trim_mean": lambda dt: ([_X.astype(dt), 0.1], {}),
        "ttest_1samp": lambda dt: ([_X.astype(dt), 5.0], {}),
        "false_discovery_control": p_values,
        "combine_pvalues": p_values,
        "directional_stats": unit_vectors,
        "ttest_ind_from_stats": lambda dt: (
            [np.asarray(v, dtype=dt) for v in (5.0, 1.0, 30.0, 5.3, 1.4, 25.0)], {}),
        "gmean": lambda dt: ([np.abs(_X).astype(dt)], {}),
        "hmean": lambda dt: ([np.abs(_X).astype(dt)], {}),
        "gstd": lambda dt: ([np.abs(_X).astype(dt)], {}),
        "gzscore": lambda dt: ([np.abs(_X).astype(dt)], {}),
        "entropy": lambda dt: ([np.abs(_X).astype(dt), np.abs(_Y).astype(dt)], {}),
        "chisquare": lambda dt: ([np.array([16, 18, 16, 14, 12, 12], dt)], {}),
        "power_divergence": lambda dt: ([np.array([16, 18, 16, 14, 12, 12], dt)], {}),
        "quantile": lambda dt: ([_X.astype(dt), np.array([0.1, 0.5, 0.9], dt)], {}),
        "lmoment": lambda dt: ([_X.astype(dt)], {}),
        "differential_entropy": lambda dt: ([_X.astype(dt)], {}),
        "ks_1samp": lambda dt: ([_X.astype(dt) - 5, special.ndtr], {}),
        "cramervonmises": lambda dt: ([_X.astype(dt) - 5, special.ndtr], {}),
        "circmean": lambda dt: ([_X.astype(dt) - 5], {}),
        "circvar": lambda dt: ([_X.astype(dt) - 5], {}),
        "circstd": lambda dt: ([_X.astype(dt) - 5], {}),
        # a permutation test (SciPy 1.18 declares it): a seeded one, the same on each call
        "bws_test": lambda dt: ([_X.astype(dt), _Y.astype(dt)], {"method": stats.PermutationMethod(n_resamples=999, rng=0)}),
    }
    declared = _declared(stats)
    # only the declared functions; those without an entry above are called by trying
    # (x,), (x, y), (x, y, z)
    return {name: cases.get(name) for name in declared}


_STAT_CASES = _stat_cases()
_STAT_SKIP = {
    "bootstrap": "resampling with a user statistic: covered by test_stats_resampling",
    "permutation_test": "resampling with a user statistic: covered by test_stats_resampling",
    "monte_carlo_test": "needs xp-aware rvs callables (consumer-specific set-up)",
    "power": "needs xp-aware rvs callables and a test callable (consumer-specific set-up)",
}


def _stat_call(name, dtype):
    f = getattr(stats, name)
    builder = _STAT_CASES[name]
    if builder is not None:
        return f, builder(dtype)
    for pat in ((_X,), (_X, _Y), (_X, _Y, _Z)):
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                f(*pat)
        except Exception:  # not this arity (TypeError, ValueError, IndexError...)
            continue
        return f, ([p.astype(dtype) for p in pat], {})
    pytest.skip(f"{name}: no simple call pattern; add one to _stat_cases")


def _stat_params():
    out = []
    for name in sorted(_STAT_CASES):
        marks = [pytest.mark.skip(reason=_STAT_SKIP[name])] if name in _STAT_SKIP else []
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", _stat_params())
def test_stats_declared(name, dtype):
    f, (args, kwargs) = _stat_call(name, dtype)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        ref = f(*args, **kwargs)
        got = f(*[_nx(a) for a in args], **kwargs)
    _check(got, ref, dtype, where=name)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "name, kwargs",
    [
        ("zscore", {}), ("zscore", {"ddof": 1}), ("skew", {}), ("skew", {"bias": False}),
        ("kurtosis", {}), ("kurtosis", {"fisher": False, "bias": False}),
        ("moment", {"order": 3}), ("moment", {"order": 2, "center": 0.0}),
        ("variation", {}), ("sem", {}), ("describe", {}), ("tmean", {}), ("tvar", {}),
        ("iqr", {}), ("median_abs_deviation", {}), ("rankdata", {}),
    ],
)
@pytest.mark.parametrize("axis", [0, 1, None])
def test_stats_axis(name, kwargs, axis, dtype):
    """2-D inputs reduced along each axis, from a non-contiguous nx view."""
    f = getattr(stats, name)
    base = np.random.default_rng(7).normal(size=(12, 9)) * 2 + 1
    a_np = base[::2, ::-1].astype(dtype)
    a_nx = nx.asarray(base.astype(dtype))[::2, ::-1]
    if name in ("describe", "tmean", "tvar") and axis is None and name != "tmean":
        pytest.skip(f"{name}: axis=None is not supported by SciPy for this function")
    ref = f(a_np, axis=axis, **kwargs)
    got = f(a_nx, axis=axis, **kwargs)
    _check(got, ref, dtype, where=f"{name}{kwargs}")


@pytest.mark.parametrize("dtype", DTYPES)
def test_stats_two_sample_tests(dtype):
    x, y = _X.astype(dtype), _Y.astype(dtype)
    for name in ("ttest_ind", "ttest_rel", "pearsonr", "mannwhitneyu", "wilcoxon", "ansari", "levene"):
        f = getattr(stats, name)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _check(f(nx.asarray(x), nx.asarray(y)), f(x, y), dtype, where=name)
    r = stats.pearsonr(nx.asarray(x), nx.asarray(y))
    ci_got = r.confidence_interval()
    ci_ref = stats.pearsonr(x, y).confidence_interval()
    _check(tuple(ci_got), tuple(ci_ref), dtype, where="pearsonr.confidence_interval")


def test_stats_resampling():
    """bootstrap and permutation_test with a statistic written against the namespace."""
    x, y = _X[:15], _Y[:15]

    def stat_mean(a, axis=-1):
        xp = nx if _is_nx(a) else np
        return xp.mean(a, axis=axis)

    def stat_diff(a, b, axis=-1):
        xp = nx if _is_nx(a) else np
        return xp.mean(a, axis=axis) - xp.mean(b, axis=axis)

    kw = dict(n_resamples=200, method="percentile")
    ref = stats.bootstrap((x,), stat_mean, rng=np.random.default_rng(0), **kw)
    got = stats.bootstrap((nx.asarray(x),), stat_mean, rng=np.random.default_rng(0), **kw)
    _check(tuple(got.confidence_interval), tuple(ref.confidence_interval), "float64", where="bootstrap")
    assert _is_nx(got.bootstrap_distribution)

    ref = stats.permutation_test((x, y), stat_diff, n_resamples=200, rng=np.random.default_rng(0))
    got = stats.permutation_test((nx.asarray(x), nx.asarray(y)), stat_diff, n_resamples=200,
                                 rng=np.random.default_rng(0))
    _check((got.statistic, got.pvalue), (ref.statistic, ref.pvalue), "float64", where="permutation_test")


# ================================================================== other modules
def _other_cases():
    import scipy.cluster.vq as vq
    import scipy.constants as C
    import scipy.fft as F
    import scipy.integrate as I
    import scipy.linalg as L
    import scipy.ndimage as ndi
    import scipy.optimize as O
    import scipy.signal as sig

    rng = np.random.default_rng(8)
    x = rng.normal(size=16)
    X = rng.normal(size=(8, 6))
    c = rng.normal(size=16) + 1j * rng.normal(size=16)
    R2, Rn = np.fft.rfft2(X), np.fft.rfftn(X)
    b, a = np.array([1.0, 0.5]), np.array([1.0, -0.3])
    return {
        "fft.fft": (F.fft, (x,)), "fft.ifft": (F.ifft, (c,)), "fft.fft2": (F.fft2, (X,)),
        "fft.ifft2": (F.ifft2, (X,)), "fft.fftn": (F.fftn, (X,)), "fft.ifftn": (F.ifftn, (X,)),
        "fft.rfft": (F.rfft, (x,)), "fft.irfft": (F.irfft, (c[:9],)), "fft.rfft2": (F.rfft2, (X,)),
        "fft.irfft2": (F.irfft2, (R2,)), "fft.rfftn": (F.rfftn, (X,)), "fft.irfftn": (F.irfftn, (Rn,)),
        "fft.hfft": (F.hfft, (c[:9],)), "fft.ihfft": (F.ihfft, (x,)), "fft.hfft2": (F.hfft2, (R2,)),
        "fft.ihfft2": (F.ihfft2, (X,)), "fft.hfftn": (F.hfftn, (Rn,)), "fft.ihfftn": (F.ihfftn, (X,)),
        "fft.fftshift": (F.fftshift, (x,)), "fft.ifftshift": (F.ifftshift, (x,)),
        "fft.dct": (F.dct, (x,)), "fft.idct": (F.idct, (x,)), "fft.dst": (F.dst, (x,)),
        "fft.idst": (F.idst, (x,)), "fft.dctn": (F.dctn, (X,)), "fft.idctn": (F.idctn, (X,)),
        "fft.dstn": (F.dstn, (X,)), "fft.idstn": (F.idstn, (X,)),
        "fft.fht": (F.fht, (np.abs(x), 0.1, 0.0)), "fft.ifht": (F.ifht, (np.abs(x), 0.1, 0.0)),
        "signal.convolve": (sig.convolve, (x, x[:5])), "signal.correlate": (sig.correlate, (x, x[:5])),
        "signal.fftconvolve": (sig.fftconvolve, (x, x[:5])), "signal.oaconvolve": (sig.oaconvolve, (x, x[:5])),
        "signal.convolve2d": (sig.convolve2d, (X, X[:3, :3])), "signal.correlate2d": (sig.correlate2d, (X, X[:3, :3])),
        "signal.lfilter": (sig.lfilter, (b, a, x)), "signal.filtfilt": (sig.filtfilt, (b, a, x)),
        "signal.detrend": (sig.detrend, (x,)), "signal.hilbert": (sig.hilbert, (x,)),
        "signal.medfilt": (sig.medfilt, (x,)), "signal.savgol_filter": (sig.savgol_filter, (x, 5, 2)),
        "signal.wiener": (sig.wiener, (x,)), "signal.resample": (sig.resample, (x, 8)),
        "signal.resample_poly": (sig.resample_poly, (x, 2, 1)),
        "signal.upfirdn": (sig.upfirdn, (np.array([1.0, 1.0, 1.0]), x, 2)),
        "signal.sosfilt": (sig.sosfilt, (sig.butter(2, 0.3, output="sos"), x)),
        "signal.envelope": (sig.envelope, (x,)),
        "ndimage.gaussian_filter": (ndi.gaussian_filter, (X, 1.0)),
        "ndimage.uniform_filter": (ndi.uniform_filter, (X, 3)),
        "ndimage.median_filter": (ndi.median_filter, (X, 3)), "ndimage.sobel": (ndi.sobel, (X,)),
        "ndimage.laplace": (ndi.laplace, (X,)), "ndimage.shift": (ndi.shift, (X, 0.5)),
        "ndimage.zoom": (ndi.zoom, (X, 2)), "ndimage.rotate": (ndi.rotate, (X, 30)),
        "ndimage.convolve": (ndi.convolve, (X, X[:3, :3])),
        "ndimage.center_of_mass": (ndi.center_of_mass, (np.abs(X),)),
        "ndimage.maximum_filter": (ndi.maximum_filter, (X, 3)),
        "ndimage.distance_transform_edt": (ndi.distance_transform_edt, (X > 0,)),
        "ndimage.label": (ndi.label, (X > 0,)), "ndimage.binary_dilation": (ndi.binary_dilation, (X > 0,)),
        "integrate.trapezoid": (I.trapezoid, (x,)),
        "integrate.cumulative_trapezoid": (I.cumulative_trapezoid, (x,)),
        "integrate.cumulative_simpson": (I.cumulative_simpson, (x,)), "integrate.romb": (I.romb, (x[:9],)),
        "cluster.vq.whiten": (vq.whiten, (X,)), "cluster.vq.vq": (vq.vq, (X, X[:2])),
        "linalg.block_diag": (L.block_diag, (X[:2, :2], X[:3, :3])),
        "linalg.orthogonal_procrustes": (L.orthogonal_procrustes, (X, X[::-1])),
        "linalg.fiedler": (L.fiedler, (x[:5],)),
        "optimize.rosen": (O.rosen, (x,)), "optimize.rosen_der": (O.rosen_der, (x,)),
        "optimize.rosen_hess": (O.rosen_hess, (x[:5],)),
        "constants.convert_temperature": (C.convert_temperature, (x, "Celsius", "Kelvin")),
        "constants.lambda2nu": (C.lambda2nu, (np.abs(x),)),
    }


_OTHER = _other_cases()


@pytest.mark.parametrize("name", sorted(_OTHER))
def test_other_modules(name):
    f, args = _OTHER[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = f(*args)
        got = f(*[_nx(a) for a in args])
    dtype = "float64"
    _check(got, ref, dtype, where=name)


@pytest.mark.parametrize("name", ["fft.fft", "fft.rfft", "fft.dct", "signal.convolve", "integrate.trapezoid"])
def test_other_modules_float32(name):
    f, args = _OTHER[name]
    args = [a.astype(np.float32) if isinstance(a, np.ndarray) and a.dtype == np.float64 else a for a in args]
    _check(f(*[_nx(a) for a in args]), f(*args), "float32", where=name)


def test_scipy_fft_is_nx_fft():
    """scipy.fft on nx arrays agrees with the namespace's own fft extension."""
    import scipy.fft as F

    x = nx.asarray(np.random.default_rng(9).normal(size=(4, 10)))
    for a, b in ((F.fft(x, axis=0), nx.fft.fft(x, axis=0)), (F.rfftn(x), nx.fft.rfftn(x)),
                 (F.irfft(F.rfft(x), n=10), x)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-12, atol=1e-12)
