"""Where the standard leaves a result unspecified, the drop-in gives NumPy 2's, and the
strict namespace array-api-strict's: the table of docs/consumers.md ("Where the standard
is silent"), one test per row, each run on NumPy, array-api-strict and both of nx's
namespaces. Then ``astype`` of floating-point values that no integer dtype holds (NaN,
infinities, values out of range), against NumPy bit for bit on every pair of a
floating-point and an integer dtype, with Hypothesis.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nx_array_api as xp
import nx_array_api.strict as sx

strict = pytest.importorskip("array_api_strict")


def _np(x):
    return np.asarray(x)


def _same(got, expected):
    g = _np(got)
    e = np.asarray(expected)
    assert g.dtype == e.dtype and g.shape == e.shape, (g, e)
    np.testing.assert_array_equal(g, e)


def _refusal(use):
    try:
        use()
    except Exception as e:  # noqa: BLE001 - the point is which one
        return type(e)
    return None


# ------------------------------------------------------------------ the rows
@pytest.mark.parametrize("ns", [xp, sx, strict], ids=["drop-in", "strict", "array-api-strict"])
def test_astype_out_of_range_floats_to_uint16(ns):
    with np.errstate(invalid="ignore"):
        expected = np.asarray([-10.0, 4.0]).astype(np.uint16)  # [65526, 4]
        r = ns.astype(ns.asarray([-10.0, 4.0]), ns.uint16)
    _same(r, expected)
    assert _np(r).tolist() == [65526, 4]


@pytest.mark.parametrize("ns", [xp, sx, strict], ids=["drop-in", "strict", "array-api-strict"])
def test_astype_nan_and_huge_to_int64(ns):
    with np.errstate(invalid="ignore"):
        expected = np.asarray([math.nan, 1e300]).astype(np.int64)
        r = ns.astype(ns.asarray([math.nan, 1e300]), ns.int64)
    _same(r, expected)


def test_astype_warns_as_numpy_does():
    """NumPy's own warning reaches the caller, as with NumPy (a consumer's test that
    turns warnings into errors sees the same on both)."""
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        np.asarray([math.nan]).astype(np.int64)
    with pytest.warns(RuntimeWarning, match="invalid value encountered in cast"):
        xp.astype(xp.asarray([math.nan]), xp.int64)


@pytest.mark.parametrize("ns", [np, xp, sx, strict], ids=["numpy", "drop-in", "strict", "array-api-strict"])
def test_integers_to_negative_integer_powers_refused(ns):
    with pytest.raises(ValueError, match="(?i)integers to negative integer powers are not allowed"):
        ns.asarray([2, 3]) ** -1


def test_where_with_one_argument():
    c = [True, False, True]
    e = np.where(np.asarray(c))
    r = xp.where(xp.asarray(c))  # scikit-learn's roc_curve calls it so
    assert type(r) is tuple and len(r) == len(e) == 1
    _same(r[0], e[0])
    for ns in (sx, strict):
        assert _refusal(lambda: ns.where(ns.asarray(c))) is TypeError


def test_python_int_plus_bool_array():
    expected = 2 + np.asarray([True, False])  # [3, 2], int64
    _same(2 + xp.asarray([True, False]), expected)
    _same(xp.asarray([True, False]) + 2, expected)
    for ns in (sx, strict):
        assert _refusal(lambda: 2 + ns.asarray([True, False])) is TypeError


def test_full_like_with_a_0d_array_as_the_fill_value():
    expected = np.full_like(np.ones(2), np.asarray(5.0))
    _same(xp.full_like(xp.ones(2), xp.asarray(5.0)), expected)
    _same(xp.full(2, xp.asarray(5, dtype=xp.int8)), np.full(2, np.asarray(5, dtype=np.int8)))
    for ns in (sx, strict):
        assert _refusal(lambda: ns.full_like(ns.ones(2), ns.asarray(5.0))) is TypeError


@pytest.mark.parametrize("ns", [xp, sx, strict], ids=["drop-in", "strict", "array-api-strict"])
def test_iter_of_a_0d_array_refused_at_iter(ns):
    x = ns.asarray(1.0)
    with pytest.raises(TypeError):
        iter(x)  # at iter(), not at the first next()
    assert not np.iterable(np.asarray(1.0))
    if ns is not strict:  # (array-api-strict's arrays are iterable until next())
        assert not np.iterable(x)


# --------------------------------------- astype against NumPy, bit for bit
FLOATS = ["float32", "float64"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"]
_SPECIAL = [math.nan, -math.nan, math.inf, -math.inf, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, -10.0, 127.5, 128.0, -129.0, 255.9,
            256.0, 32768.0, 65535.0, 65536.0, 2.0**31, -(2.0**31) - 1, 2.0**32, 4e9, -4e9, 2.0**53, 2.0**63, -(2.0**63),
            -(2.0**63) - 4096.0, 2.0**64, 1e19, -1e19, 1e30, -1e30, 1e300, -1e300]
_LAYOUTS = ["contiguous", "step", "reversed", "transposed"]


@st.composite
def _float_arrays(draw, dtype):
    """A NumPy array of floating-point ``dtype`` (special values, bounds of every integer
    dtype, any float) and a layout; 0 to 40 elements, so NumPy's vector loops and their
    scalar tails both run."""
    n = draw(st.integers(0, 40))
    width = 32 if dtype == "float32" else 64
    vals = draw(st.lists(st.one_of(st.sampled_from(_SPECIAL), st.floats(width=width), st.integers(-(2**65), 2**65).map(float)),
                         min_size=n, max_size=n))
    with np.errstate(over="ignore"):
        base = np.asarray(vals, dtype=np.float64).astype(dtype)
    return base, draw(st.sampled_from(_LAYOUTS))


def _lay(a, layout, ns_asarray):
    """``a`` and the same elements in nx, both laid out as ``layout`` (nx's is a view of
    an array that shares ``a``'s memory, so NumPy sees the same strides in both)."""
    x = ns_asarray(a)
    if layout == "step":
        return a[::2], x[::2]
    if layout == "reversed":
        return a[::-1], x[::-1]
    if layout == "transposed" and a.size % 2 == 0 and a.size:
        a2 = a.reshape(2, -1)
        return a2.T, xp.reshape(x, (2, a.size // 2)).T
    return a, x


@pytest.mark.parametrize("dst", INTS)
@pytest.mark.parametrize("src", FLOATS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_astype_floats_to_integers_is_numpys_bit_for_bit(src, dst, data):
    base, layout = data.draw(_float_arrays(src))
    a, x = _lay(base, layout, xp.asarray)
    assert np.asarray(x).strides == a.strides
    with np.errstate(invalid="ignore", over="ignore"):
        expected = a.astype(dst)
        got = xp.astype(x, getattr(xp, dst))
        got_asarray = xp.asarray(x, dtype=getattr(xp, dst))
    _same(got, expected)
    if layout == "contiguous":
        _same(got_asarray, expected)
        # x[...] = float array into an integer array converts as astype (and NumPy's
        # assignment) does
        if dst != "bool":
            z, nz = xp.zeros(a.shape, dtype=getattr(xp, dst)), np.zeros(a.shape, dtype=dst)
            with np.errstate(invalid="ignore", over="ignore"):
                z[...] = x
                nz[...] = a
            _same(z, nz)
