"""array-api-extra on nx arrays: every public function.

array-api-extra builds NumPy-like helpers from the standard's functions alone, so it
runs the generic (non-NumPy) code path on nx arrays. Each function is called on nx
arrays and on NumPy arrays with the same arguments; the results must agree and be nx
arrays. ``test_every_public_function_is_tested`` keeps the list complete.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import nx_array_api as nx

xpx = pytest.importorskip("array_api_extra", minversion="0.10")
pytest.importorskip("array_api_compat")

DTYPES = ["float64", "float32"]

pytestmark = pytest.mark.filterwarnings(
    # expand_dims and broadcast_shapes are deprecated in favour of the standard's own
    "ignore:.*is deprecated.*:DeprecationWarning",
    # apply_where's NumPy reference evaluates f1 everywhere
    "ignore:invalid value encountered:RuntimeWarning",
)


def _tol(dtype) -> dict[str, float]:
    if np.dtype(dtype) in (np.float32, np.complex64):
        return {"rtol": 1e-5, "atol": 1e-6}
    return {"rtol": 1e-12, "atol": 1e-14}


def _assert_nx(r) -> None:
    import array_api_compat

    for v in r if isinstance(r, tuple) else (r,):
        assert isinstance(v, nx.Array), f"expected an nx array, got {type(v).__module__}.{type(v).__name__}"
        assert array_api_compat.array_namespace(v) is nx


def _same(got, ref, dtype="float64", *, exact=False) -> None:
    """``got`` (nx arrays) equals ``ref`` (xpx on NumPy, or NumPy itself): values, shape, dtype."""
    _assert_nx(got)
    gs = got if isinstance(got, tuple) else (got,)
    rs = ref if isinstance(ref, tuple) else (ref,)
    assert len(gs) == len(rs)
    for g, r in zip(gs, rs):
        g, r = np.asarray(g), np.asarray(r)
        assert g.shape == r.shape, (g.shape, r.shape)
        assert g.dtype == r.dtype, (g.dtype, r.dtype)
        if exact or r.dtype.kind in "biu":
            np.testing.assert_array_equal(g, r)
        else:
            np.testing.assert_allclose(g, r, equal_nan=True, **_tol(dtype))


def _to_nx(a):
    if isinstance(a, np.ndarray):
        return nx.asarray(a)
    if isinstance(a, tuple):
        return tuple(_to_nx(v) for v in a)
    return a


def _both(f, *args, **kwargs):
    """(f on nx versions of the NumPy array arguments, f on the NumPy arguments)."""
    got = f(*[_to_nx(a) for a in args], **{k: _to_nx(v) for k, v in kwargs.items()})
    return got, f(*args, **kwargs)


def _rng() -> np.random.Generator:
    return np.random.default_rng(0)

TESTED: set[str] = set()


def covers(*names):
    TESTED.update(names)
    return lambda f: f


# ------------------------------------------------------------------ elementwise
@covers("angle", "deg2rad", "rad2deg", "sinc")
@pytest.mark.parametrize("dtype", DTYPES)
def test_elementwise_helpers(dtype):
    x = _rng().normal(size=(3, 4)).astype(dtype)
    for f in (xpx.deg2rad, xpx.rad2deg, xpx.sinc):
        _same(*_both(f, x), dtype)
    _same(*_both(xpx.sinc, np.array([0.0, 0.5, -1.0], dtype)), dtype)
    cdt = "complex128" if dtype == "float64" else "complex64"
    z = (x + 1j * x[::-1]).astype(cdt)
    _same(*_both(xpx.angle, z), dtype)
    _same(*_both(xpx.angle, z, deg=True), dtype)
    _same(*_both(xpx.angle, x), dtype)


@covers("isclose")
@pytest.mark.parametrize("dtype", DTYPES)
def test_isclose(dtype):
    a = np.array([1.0, np.nan, np.inf, -np.inf, 1e-9, 2.0], dtype)
    b = np.array([1.0 + 1e-9, np.nan, np.inf, np.inf, 0.0, 2.1], dtype)
    _same(*_both(xpx.isclose, a, b))
    _same(*_both(xpx.isclose, a, b, equal_nan=True))
    _same(*_both(xpx.isclose, a, b, rtol=0.1, atol=0.0))
    _same(*_both(xpx.isclose, a, 2.0))
    ia, ib = np.array([1, 5, 9]), np.array([1, 6, 9])
    _same(*_both(xpx.isclose, ia, ib))


@covers("nan_to_num")
@pytest.mark.parametrize("dtype", DTYPES)
def test_nan_to_num(dtype):
    x = np.array([np.nan, np.inf, -np.inf, 1.5], dtype)
    _same(*_both(xpx.nan_to_num, x), dtype)
    _same(*_both(xpx.nan_to_num, x, fill_value=-3.0), dtype)
    z = np.array([complex(np.nan, 1.0), complex(2.0, np.inf)])
    _same(*_both(xpx.nan_to_num, z))


@covers("apply_where")
@pytest.mark.parametrize("dtype", DTYPES)
def test_apply_where(dtype):
    x = np.array([-1.0, 0.0, 2.0, 4.0], dtype)
    y = np.array([1.0, 2.0, 3.0, 4.0], dtype)

    def f1(a, b):
        return a**0.5 * b

    def f2(a, b):
        return -a - b

    for cond in (x > 0, np.array(True), np.array(False)):
        _same(*_both(xpx.apply_where, cond, (x, y), f1, f2), dtype)
    _same(*_both(xpx.apply_where, x > 0, (x, y), f1, fill_value=0.5), dtype)
    _same(*_both(xpx.apply_where, x > 0, x, lambda a: a * 2, fill_value=np.nan), dtype)


# ------------------------------------------------------------------ reductions
@covers("nanmax", "nanmin", "nanmean", "nansum")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_nan_reductions(axis, dtype):
    x = _rng().normal(size=(4, 5)).astype(dtype)
    x[1, 2] = x[3, 0] = np.nan
    for f in (xpx.nanmax, xpx.nanmin, xpx.nanmean, xpx.nansum):
        _same(*_both(f, x, axis=axis), dtype)


@covers("nunique")
def test_nunique():
    x = np.array([[3, 1, 3], [2, 2, 7]])
    _same(*_both(xpx.nunique, x))
    f = np.array([1.0, np.nan, 1.0, 2.0])
    _same(*_both(xpx.nunique, f))


@covers("cov")
@pytest.mark.parametrize("dtype", DTYPES)
def test_cov(dtype):
    m = _rng().normal(size=(3, 20)).astype(dtype)
    _same(*_both(xpx.cov, m), dtype)
    _same(*_both(xpx.cov, m.T, axis=0), dtype)
    _same(*_both(xpx.cov, m, correction=0), dtype)
    _same(*_both(xpx.cov, m[0]), dtype)
    fw = _rng().integers(1, 4, 20)
    aw = _rng().uniform(0.5, 2.0, 20).astype(dtype)
    _same(*_both(xpx.cov, m, fweights=fw, aweights=aw), dtype)
    np.testing.assert_allclose(np.asarray(xpx.cov(nx.asarray(m))), np.cov(m), **_tol(dtype))


# ------------------------------------------------------------------ shapes and building
@covers("atleast_nd", "expand_dims", "broadcast_shapes", "kron", "create_diagonal", "pad")
@pytest.mark.parametrize("dtype", DTYPES)
def test_shape_helpers(dtype):
    x = _rng().normal(size=(2, 3)).astype(dtype)
    for nd in (0, 1, 2, 3, 5):
        _same(*_both(xpx.atleast_nd, x, ndim=nd), dtype, exact=True)
    _same(*_both(xpx.atleast_nd, np.asarray(2.0, dtype), ndim=2), dtype, exact=True)
    for axis in (0, -1, (0, 2), (1, -1)):
        _same(*_both(xpx.expand_dims, x, axis=axis), dtype, exact=True)
    assert xpx.broadcast_shapes((2, 1), (1, 3), (3,)) == (2, 3)
    assert xpx.broadcast_shapes((2, 1), (1, 3), xp=nx) == (2, 3)
    _same(*_both(xpx.kron, x, x[:, :2]), dtype)
    _same(*_both(xpx.kron, x[0], x[1]), dtype)
    v = _rng().normal(size=4).astype(dtype)
    for off in (0, 1, -2):
        _same(*_both(xpx.create_diagonal, v, offset=off), dtype, exact=True)
    _same(*_both(xpx.create_diagonal, x), dtype, exact=True)  # batched
    for pw in (1, (1, 2), [(0, 1), (2, 0)]):
        _same(*_both(xpx.pad, x, pw), dtype, exact=True)
    _same(*_both(xpx.pad, x, 2, constant_values=-1.5), dtype, exact=True)


@covers("one_hot")
def test_one_hot():
    x = np.array([0, 2, 1, 2])
    got = xpx.one_hot(nx.asarray(x), 3)
    _assert_nx(got)
    np.testing.assert_array_equal(np.asarray(got), np.eye(3)[x])
    got = xpx.one_hot(nx.asarray(x), 3, dtype=nx.int32, axis=0)
    assert got.dtype == nx.int32
    np.testing.assert_array_equal(np.asarray(got), np.eye(3, dtype=np.int32)[x].T)
    x2 = np.array([[0, 1], [2, 0]])
    np.testing.assert_array_equal(np.asarray(xpx.one_hot(nx.asarray(x2), 3)), np.eye(3)[x2])


@covers("default_dtype")
def test_default_dtype():
    assert xpx.default_dtype(nx) == nx.float64
    assert xpx.default_dtype(nx, "complex floating") == nx.complex128
    assert xpx.default_dtype(nx, "integral") == nx.int64
    assert xpx.default_dtype(nx, "indexing") == nx.int64


# ------------------------------------------------------------------ indices
@covers("diag_indices", "tril_indices", "triu_indices")
def test_index_builders():
    for n, k in ((4, 0), (4, 1), (5, -1)):
        got = xpx.tril_indices(n, offset=k, xp=nx)
        _assert_nx(got)
        for g, r in zip(got, np.tril_indices(n, k)):
            np.testing.assert_array_equal(np.asarray(g), r)
        got = xpx.triu_indices(n, offset=k, m=n + 1, xp=nx)
        for g, r in zip(got, np.triu_indices(n, k, n + 1)):
            np.testing.assert_array_equal(np.asarray(g), r)
    got = xpx.diag_indices(3, ndim=3, xp=nx)
    _assert_nx(got)
    for g, r in zip(got, np.diag_indices(3, 3)):
        np.testing.assert_array_equal(np.asarray(g), r)


@covers("unravel_index")
def test_unravel_index():
    idx = np.array([0, 5, 11, 7])
    got = xpx.unravel_index(nx.asarray(idx), (3, 4))
    _assert_nx(got)
    for g, r in zip(got, np.unravel_index(idx, (3, 4))):
        np.testing.assert_array_equal(np.asarray(g), r)


# ------------------------------------------------------------------ sets and search
@covers("isin", "setdiff1d", "union1d", "searchsorted")
def test_sets_and_search():
    a = np.array([5, 1, 3, 3, 9, 0])
    b = np.array([3, 4, 5, 6])
    _same(*_both(xpx.isin, a, b))
    _same(*_both(xpx.isin, a, b, invert=True))
    _same(*_both(xpx.isin, a.reshape(2, 3), b))
    _same(*_both(xpx.setdiff1d, a, b))
    _same(*_both(xpx.setdiff1d, np.unique(a), np.unique(b), assume_unique=True))
    _same(*_both(xpx.union1d, a, b))
    s = np.array([0.0, 1.0, 2.5, 2.5, 7.0])
    v = np.array([-1.0, 2.5, 3.0, 8.0])
    _same(*_both(xpx.searchsorted, s, v))
    _same(*_both(xpx.searchsorted, s, v, side="right"))
    S = np.sort(_rng().normal(size=(3, 6)), axis=-1)
    V = _rng().normal(size=(3, 2))
    _same(*_both(xpx.searchsorted, S, V))


@covers("partition", "argpartition")
@pytest.mark.parametrize("axis", [-1, 0, None])
def test_partition(axis):
    x = _rng().permutation(24).reshape(4, 6).astype(np.float64)
    k = 2
    got = xpx.partition(nx.asarray(x), k, axis=axis)
    _assert_nx(got)
    g = np.asarray(got)
    ref = np.partition(x, k, axis=axis)
    # the k-th element is in place, smaller ones before, larger after
    take = (lambda a: a.reshape(-1)) if axis is None else (lambda a: np.moveaxis(a, axis, -1))
    gk, rk = take(g), take(ref)
    np.testing.assert_array_equal(gk[..., k], rk[..., k])
    assert (gk[..., :k] <= gk[..., k : k + 1]).all() and (gk[..., k + 1 :] >= gk[..., k : k + 1]).all()
    idx = xpx.argpartition(nx.asarray(x), k, axis=axis)
    _assert_nx(idx)
    i = np.asarray(idx)
    if axis is None:
        vals = x.reshape(-1)[i]
    else:
        vals = np.take_along_axis(x, i, axis=axis)
    vk = take(vals)
    np.testing.assert_array_equal(vk[..., k], rk[..., k])


# ------------------------------------------------------------------ at (functional updates)
@covers("at")
@pytest.mark.parametrize("dtype", DTYPES)
def test_at(dtype):
    x_np = np.arange(6, dtype=dtype).reshape(2, 3)
    x = nx.asarray(x_np)
    idx_bool = np.array([[True, False, True], [False, True, False]])
    for idx_np, idx_nx in (
        ((0, 1), (0, 1)),
        ((slice(None), 1), (slice(None), 1)),
        (idx_bool, nx.asarray(idx_bool)),
    ):
        for op, val in (("set", 10.0), ("add", 2.0), ("subtract", 1.0), ("multiply", 3.0),
                        ("divide", 2.0), ("power", 2.0), ("min", 1.5), ("max", 4.5)):
            if op in ("min", "max"):
                # (array-api-extra turns a Python float into a float64 array before
                # xp.minimum, so a float32 x needs a float32 value: array-api-strict too)
                val_np, val_nx = np.asarray(val, dtype=dtype), nx.asarray(val, dtype=getattr(nx, dtype))
            else:
                val_np = val_nx = val
            got = getattr(xpx.at(x, idx_nx), op)(val_nx, copy=True)
            ref = getattr(xpx.at(x_np, idx_np), op)(val_np, copy=True)
            _same(got, ref, dtype)
    # copy=True left x alone; copy=False (and None: nx arrays are writeable) write in place
    np.testing.assert_array_equal(np.asarray(x), x_np)
    for copy in (False, None):
        y = nx.asarray(x_np)
        out = xpx.at(y, (0, 0)).set(99.0, copy=copy)
        assert float(out[0, 0]) == 99.0 and float(y[0, 0]) == 99.0
    # an nx array as the value
    got = xpx.at(x, (1, slice(None))).set(nx.asarray(np.array([7.0, 8.0, 9.0], dtype)))
    np.testing.assert_array_equal(np.asarray(got)[1], [7.0, 8.0, 9.0])


@covers("at")
def test_at_integer_array_index():
    """An integer-array index (the Array API 2024.12 extension) with repeated entries."""
    x_np = np.zeros(5)
    idx = np.array([0, 2, 2])
    got = xpx.at(nx.asarray(x_np), nx.asarray(idx)).set(1.0)
    np.testing.assert_array_equal(np.asarray(got), [1.0, 0.0, 1.0, 0.0, 0.0])


# ------------------------------------------------------------------ lazy_apply
@covers("lazy_apply")
def test_lazy_apply():
    x_np = _rng().normal(size=(3, 4))
    x = nx.asarray(x_np)

    def f(a):  # a NumPy function: lazy_apply hands it NumPy arrays when as_numpy=True
        return np.cumsum(a, axis=0)

    got = xpx.lazy_apply(f, x, shape=x.shape, dtype=x.dtype, as_numpy=True)
    _assert_nx(got)
    np.testing.assert_allclose(np.asarray(got), np.cumsum(x_np, axis=0))

    def g(a):  # a namespace function: the same arrays come back
        return nx.cumulative_sum(a, axis=0), nx.max(a, axis=0)

    got = xpx.lazy_apply(g, x, shape=[x.shape, (4,)], dtype=[x.dtype, x.dtype])
    _assert_nx(got)
    np.testing.assert_allclose(np.asarray(got[1]), x_np.max(axis=0))


def test_every_public_function_is_tested():
    public = {n for n in xpx.__all__ if not n.startswith("_") and n != "testing"}
    public = {n for n in public if callable(getattr(xpx, n))}
    missing = public - TESTED
    assert not missing, f"array_api_extra functions without a test: {sorted(missing)}"


def test_namespace_of_results_is_nx():
    """array-api-extra resolves nx through array_api_compat, without a wrapper namespace."""
    import array_api_compat

    x = nx.asarray([1.0, 2.0])
    assert array_api_compat.array_namespace(x) is nx
    assert array_api_compat.array_namespace(xpx.atleast_nd(x, ndim=3)) is nx
    assert math.isclose(float(xpx.nansum(x)), 3.0)
