"""Searching functions of nx_array_api, checked against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_testing import A, N


# ----------------------------------------------------------------- argmax / argmin
@pytest.mark.parametrize("fn", ["argmax", "argmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1, -2])
@pytest.mark.parametrize("keepdims", [False, True])
def test_arg_extremes(fn, axis, keepdims):
    a = np.array([[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 9.0]])
    r = getattr(xp, fn)(A(a), axis=axis, keepdims=keepdims)
    e = getattr(np, fn)(a, axis=axis, keepdims=keepdims)
    assert r.dtype == xp.int64
    assert r.shape == e.shape
    np.testing.assert_array_equal(N(r), e)


@pytest.mark.parametrize("fn", ["argmax", "argmin"])
def test_arg_extremes_strided_flatten(fn):
    # A transposed view cannot be flattened in place: the result is still right.
    a = np.arange(24, dtype=np.int16).reshape(4, 6)[:, ::2]
    x = A(np.arange(24, dtype=np.int16).reshape(4, 6))
    xv = xp.permute_dims(x, (1, 0))
    assert int(getattr(xp, fn)(xv)) == getattr(np, fn)(np.arange(24).reshape(4, 6).T)
    np.testing.assert_array_equal(N(getattr(xp, fn)(A(a.T), axis=1)), getattr(np, fn)(a.T, axis=1))


def test_arg_extremes_nan_first_and_ties():
    a = np.array([1.0, np.nan, 7.0, np.nan, 7.0])
    assert int(xp.argmax(A(a))) == 1
    assert int(xp.argmin(A(a))) == 1
    assert int(xp.argmax(A([2, 7, 7, 1]))) == 1
    assert int(xp.argmin(A(np.uint8([2, 0, 0])))) == 1


def test_arg_extremes_0d():
    r = xp.argmax(A(5.0))
    assert r.shape == () and int(r) == 0
    assert xp.argmin(A(5.0), keepdims=True).shape == ()


def test_arg_extremes_errors():
    with pytest.raises(ValueError, match="^argmax"):
        xp.argmax(A(np.zeros((0,))))
    with pytest.raises(ValueError, match="^argmin"):
        xp.argmin(A(np.zeros((2, 0))), axis=1)
    with pytest.raises(IndexError):
        xp.argmax(A([1, 2]), axis=1)
    with pytest.raises(TypeError, match="^argmax"):
        xp.argmax(A([1 + 1j]))
    with pytest.raises(TypeError, match="^argmax"):
        xp.argmax(A([True]))
    with pytest.raises(TypeError, match="^argmin"):
        xp.argmin(np.array([1.0]))
    with pytest.raises(TypeError, match="^argmax"):
        xp.argmax(A([1.0]), axis=1.0)


# ------------------------------------------------------------------ count_nonzero
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_count_nonzero(axis, keepdims):
    rng = np.random.default_rng(0)
    a = rng.integers(0, 3, size=(2, 3, 4)).astype(np.float32)
    a[0, 0, 0] = np.nan
    r = xp.count_nonzero(A(a), axis=axis, keepdims=keepdims)
    e = np.count_nonzero(a, axis=axis, keepdims=keepdims)
    assert r.dtype == xp.int64
    np.testing.assert_array_equal(N(r), e)
    assert r.shape == np.shape(e)


def test_count_nonzero_dtypes():
    assert int(xp.count_nonzero(A([True, False, True]))) == 2
    assert int(xp.count_nonzero(A([0j, 1j, 1 + 0j, 0]))) == 2
    assert int(xp.count_nonzero(A(np.uint64([0, 2**64 - 1])))) == 1
    assert int(xp.count_nonzero(A(np.zeros((0, 3))))) == 0
    with pytest.raises(ValueError, match="^count_nonzero"):
        xp.count_nonzero(A([[1, 2]]), axis=(0, 0))


@pytest.mark.parametrize("device", ["cpu", "dask"])
def test_count_nonzero_is_one_backend_count(device):
    """count_nonzero is the backend's count (the ``count_nonzero`` primitive): NumPy's
    values on either device, and on the CPU device no int64 array of the input's shape
    on the way (a mask of 2**20 elements counted under 2 MB, where its int64 copy would
    be 8 MB)."""
    import tracemalloc

    a = np.random.default_rng(1).integers(0, 3, size=(4, 5, 6)).astype(np.float64)
    a[1, 2, 3] = np.nan
    x = xp.asarray(a, device=xp.Device(device) if device != "cpu" else None)
    for axis in (None, 0, (0, 2), ()):
        np.testing.assert_array_equal(np.asarray(xp.count_nonzero(x, axis=axis)), np.count_nonzero(a, axis=axis))
    if device == "cpu":
        m = xp.asarray(np.random.default_rng(2).random(1 << 20) < 0.5)
        for axis in (None, 0):
            tracemalloc.start()
            try:
                n = int(xp.count_nonzero(m, axis=axis))
                peak = tracemalloc.get_traced_memory()[1]
            finally:
                tracemalloc.stop()
            assert n == np.count_nonzero(np.asarray(m))
            assert peak < 2 << 20, peak


# -------------------------------------------------------------------------- nonzero
@pytest.mark.parametrize(
    "a",
    [
        np.array([[0, 1, 0], [2, 0, 3]]),
        np.array([True, False, True]),
        np.array([[0j, 1j], [0, 0]]),
        np.zeros((2, 0, 3)),
        np.array([0.0, -0.0, np.nan]),
    ],
)
def test_nonzero(a):
    r = xp.nonzero(A(a))
    e = np.nonzero(a)
    assert isinstance(r, tuple) and len(r) == a.ndim
    for ri, ei in zip(r, e):
        assert ri.dtype == xp.int64
        np.testing.assert_array_equal(N(ri), ei)


def test_nonzero_0d():
    with pytest.raises(ValueError, match="^nonzero"):
        xp.nonzero(A(1))


# ------------------------------------------------------------------- searchsorted
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted(side):
    x1 = np.array([1.0, 2.0, 2.0, 3.0, 5.0])
    x2 = np.array([[0.0, 2.0, 2.5], [3.0, 5.0, 9.0]])
    r = xp.searchsorted(A(x1), A(x2), side=side)
    assert r.dtype == xp.int64 and r.shape == x2.shape
    np.testing.assert_array_equal(N(r), np.searchsorted(x1, x2, side=side))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_sorter(side):
    x1 = np.array([5, 1, 3, 3, 9], dtype=np.int32)
    sorter = np.argsort(x1, kind="stable")
    x2 = np.array([0, 3, 4, 10], dtype=np.int32)
    r = xp.searchsorted(A(x1), A(x2), side=side, sorter=A(sorter))
    np.testing.assert_array_equal(N(r), np.searchsorted(x1, x2, side=side, sorter=sorter))


def test_searchsorted_scalars_and_promotion():
    x1 = A(np.array([1.0, 2.5, 4.0], dtype=np.float32))
    r = xp.searchsorted(x1, 3)
    assert r.shape == () and r.dtype == xp.int64 and int(r) == 2
    assert int(xp.searchsorted(x1, 2.5, side="right")) == 2
    # int8 and int16 promote to int16 (no wrap of 300)
    r = xp.searchsorted(A(np.int8([-5, 0, 100])), A(np.int16([300, -1])))
    np.testing.assert_array_equal(N(r), [3, 1])


def test_searchsorted_nan_consistent_with_sort():
    x1 = np.array([1.0, 2.0, np.nan])
    r = xp.searchsorted(A(x1), A([np.nan, 3.0]))
    np.testing.assert_array_equal(N(r), np.searchsorted(x1, [np.nan, 3.0]))


def test_searchsorted_errors():
    x1 = A([1, 2, 3])
    with pytest.raises(ValueError, match="^searchsorted"):
        xp.searchsorted(A([[1, 2]]), A([1]))
    with pytest.raises(ValueError, match="^searchsorted"):
        xp.searchsorted(x1, A([1]), side="middle")
    with pytest.raises(TypeError, match="^searchsorted"):
        xp.searchsorted(x1, 1j)
    with pytest.raises(TypeError, match="^searchsorted"):
        xp.searchsorted(x1, "a")
    with pytest.raises(TypeError, match="^searchsorted"):
        xp.searchsorted(A([1j]), A([1j]))
    with pytest.raises(TypeError, match="^searchsorted"):
        xp.searchsorted(A(np.uint64([1])), A(np.int64([1])))
    with pytest.raises(TypeError, match="^searchsorted"):
        xp.searchsorted(x1, A([1]), sorter=A([0.0, 1.0, 2.0]))
    with pytest.raises(ValueError, match="^searchsorted"):
        xp.searchsorted(x1, A([1]), sorter=A([0, 1]))
    with pytest.raises(ValueError, match="^searchsorted"):
        xp.searchsorted(x1, A([1]), sorter=A([0, 1, 3]))


# --------------------------------------------------------------------------- where
def test_where_broadcast_and_promote():
    c = np.array([[True], [False]])
    a = np.array([1, 2, 3], dtype=np.int8)
    b = np.array([[10], [20]], dtype=np.int32)
    r = xp.where(A(c), A(a), A(b))
    assert r.dtype == xp.int32 and r.shape == (2, 3)
    np.testing.assert_array_equal(N(r), np.where(c, a, b))


def test_where_scalars():
    c = A([True, False, True])
    r = xp.where(c, A(np.float32([1, 2, 3])), 0.5)
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(N(r), np.float32([1, 0.5, 3]))
    r = xp.where(c, 7, A(np.uint8([1, 2, 3])))
    assert r.dtype == xp.uint8
    np.testing.assert_array_equal(N(r), [7, 2, 7])
    r = xp.where(c, 1j, A(np.float32([1, 2, 3])))
    assert r.dtype == xp.complex64
    np.testing.assert_array_equal(N(r), [1j, 2, 1j])
    r = xp.where(A(True), False, A([True, True]))
    assert r.dtype == xp.bool
    np.testing.assert_array_equal(N(r), [False, False])


def test_where_errors():
    c = A([True, False])
    with pytest.raises(TypeError, match="^where"):
        xp.where(A([1, 0]), A([1, 2]), A([3, 4]))
    np.testing.assert_array_equal(np.asarray(xp.where(c, 1, 2.5)), np.where([True, False], 1, 2.5))  # NumPy's
    with pytest.raises(TypeError, match="^where: Two scalars"):
        sx.where(sx.asarray([True, False]), 1, 2)
    with pytest.raises(TypeError, match="^where"):
        xp.where(c, A(np.array([1, 2], np.int64)), A(np.array([1, 2], np.uint64)))
    np.testing.assert_array_equal(np.asarray(xp.where(c, A([True, False]), 1.5)), np.where([True, False], [True, False], 1.5))  # NumPy's
    with pytest.raises(TypeError, match="^where"):
        sx.where(sx.asarray([True, False]), sx.asarray([True, False]), 1.5)
    with pytest.raises(ValueError, match="^where"):
        xp.where(c, A([1, 2, 3]), A([1, 2, 3]))
    with pytest.raises(ValueError, match="^where"):
        xp.where(c, A(np.int8([1, 2])), 1000)
    with pytest.raises(TypeError, match="^where"):
        xp.where(np.array([True]), A([1]), A([2]))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "bool"])
def test_where_with_a_0d_value_of_the_others_dtype_is_numpys(dtype):
    """``where(mask, asarray(v, dtype=X.dtype), X)`` and the mirror: NumPy's values and
    the array's dtype, whichever side holds the 0-d value; the result is a new array."""
    rng = np.random.default_rng(3)
    n = (rng.standard_normal((5, 3)) * 4).astype(dtype)
    cond = rng.standard_normal((5, 3)) > 0
    v = np.asarray(-7 if dtype != "bool" else True, dtype=dtype)
    x, c, v0 = xp.asarray(n), xp.asarray(cond), xp.asarray(v)
    for got, want in ((xp.where(c, v0, x), np.where(cond, v, n)), (xp.where(c, x, v0), np.where(cond, n, v))):
        assert got.dtype == x.dtype and got.shape == (5, 3)
        np.testing.assert_array_equal(np.asarray(got), want)
    r = xp.where(c, v0, x)
    r[0, 0] = v0  # a fresh array: writable, and x unchanged
    np.testing.assert_array_equal(np.asarray(x), n)


@pytest.mark.parametrize("ns", [xp, sx], ids=["dropin", "strict"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_where_with_a_python_float_is_numpys(ns, dtype):
    """``where(mask, X, 0.0)`` and ``where(mask, 1, X)`` on a floating-point array take a
    short path: NumPy's values and the array's dtype (0.1 read in float32 as NumPy reads
    it), with an int float64 holds exactly or one it does not, on either side."""
    rng = np.random.default_rng(5)
    n = rng.standard_normal((4, 3)).astype(dtype)
    cond = rng.standard_normal((4, 3)) > 0
    x, c = ns.asarray(n), ns.asarray(cond)
    for v in (0.0, -0.0, 0.1, float("nan"), float("-inf"), 1, -(2**53), 2**60):
        for got, want in ((ns.where(c, x, v), np.where(cond, n, v)), (ns.where(c, v, x), np.where(cond, v, n))):
            assert str(got.dtype) == str(want.dtype) or got.dtype == getattr(ns, str(want.dtype)), (v, got.dtype, want.dtype)
            np.testing.assert_array_equal(np.asarray(got), want, err_msg=f"where with {v!r}")


def test_where_with_a_python_float_before_2024_12_still_needs_the_version():
    """The short path of ``where(mask, X, 0.0)`` is the 2024.12 standard's: at an earlier
    api_version the strict namespace still refuses the scalar."""
    c, x = sx.asarray([True, False]), sx.asarray([1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(sx.where(c, x, 0.0)), [1.0, 0.0])
    sx.set_array_api_strict_flags(api_version="2023.12")
    try:
        with pytest.raises(AttributeError, match="^where: a Python scalar"):
            sx.where(c, x, 0.0)
    finally:
        sx.reset_array_api_strict_flags()
