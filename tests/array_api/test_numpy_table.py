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

from refusals import refusal

strict = pytest.importorskip("array_api_strict")


def _np(x):
    return np.asarray(x)


def _same(got, expected):
    g = _np(got)
    e = np.asarray(expected)
    assert g.dtype == e.dtype and g.shape == e.shape, (g, e)
    np.testing.assert_array_equal(g, e)


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
        assert refusal(lambda: ns.where(ns.asarray(c))) is TypeError


def test_python_int_plus_bool_array():
    expected = 2 + np.asarray([True, False])  # [3, 2], int64
    _same(2 + xp.asarray([True, False]), expected)
    _same(xp.asarray([True, False]) + 2, expected)
    for ns in (sx, strict):
        assert refusal(lambda: 2 + ns.asarray([True, False])) is TypeError


def test_full_like_with_a_0d_array_as_the_fill_value():
    expected = np.full_like(np.ones(2), np.asarray(5.0))
    _same(xp.full_like(xp.ones(2), xp.asarray(5.0)), expected)
    _same(xp.full(2, xp.asarray(5, dtype=xp.int8)), np.full(2, np.asarray(5, dtype=np.int8)))
    for ns in (sx, strict):
        assert refusal(lambda: ns.full_like(ns.ones(2), ns.asarray(5.0))) is TypeError


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


# ------------------- what the random comparison with NumPy found (tests/fuzz), fixed
def _both(make_nx, make_np):
    with np.errstate(all="ignore"):
        import warnings

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _same(make_nx(), make_np())


def test_integer_divided_by_float32_or_complex64_is_the_promotion():
    i16, f32, c64 = np.asarray([1, 3], np.int16), np.asarray([2.0, 4.0], np.float32), np.asarray([2j, 1], np.complex64)
    _both(lambda: xp.asarray(i16) / xp.asarray(f32), lambda: i16 / f32)  # float32
    _both(lambda: xp.asarray(f32) / xp.asarray(i16), lambda: f32 / i16)
    _both(lambda: xp.asarray(np.asarray([1, 2], np.int64)) / xp.asarray(f32), lambda: np.asarray([1, 2]) / f32)  # float64
    _both(lambda: xp.asarray(np.asarray([1, 2], np.uint16)) / xp.asarray(c64), lambda: np.asarray([1, 2], np.uint16) / c64)
    _both(lambda: xp.asarray([True, False]) / 2, lambda: np.asarray([True, False]) / 2)


@pytest.mark.parametrize("s", [-1, 256, -129, 2**63, -(2**64) - 1, 2**70])
@pytest.mark.parametrize("op", ["less", "less_equal", "greater", "greater_equal", "equal", "not_equal"])
def test_comparisons_with_ints_beyond_the_dtype(op, s):
    for dt in ("uint8", "int8", "int64", "uint64"):
        a = np.asarray([0, 5, 100], dtype=dt)
        _both(lambda: getattr(xp, op)(xp.asarray(a), s), lambda: getattr(np, op)(a, s))
        _both(lambda: getattr(xp, op)(s, xp.asarray(a)), lambda: getattr(np, op)(s, a))
    with pytest.raises(OverflowError, match="^add: Python int"):
        xp.asarray([1], dtype=xp.uint8) + -1  # elsewhere it stays refused, as in NumPy
    with pytest.raises(OverflowError, match="^less: Python int"):
        sx.asarray([1], dtype=sx.uint8) < -1  # and in strict mode, as in array-api-strict


@pytest.mark.parametrize("fill", [math.nan, math.inf, -1.5, 1e300, 2.7, -2.5])
@pytest.mark.parametrize("dt", ["int8", "uint8", "int32", "uint32", "int64", "uint64"])
def test_full_with_a_float_for_an_integer_dtype(fill, dt):
    _both(lambda: xp.full((3,), fill, dtype=getattr(xp, dt)), lambda: np.full((3,), fill, dtype=dt))
    a = np.zeros(2, dtype=dt)
    _both(lambda: xp.full_like(xp.asarray(a), fill), lambda: np.full_like(a, fill))


def test_sum_and_cumulative_sum_convert_to_an_integer_dtype_as_numpy():
    a = np.asarray([1e300, 3.0, -2.5, np.nan])
    _both(lambda: xp.sum(xp.asarray(a), dtype=xp.int16), lambda: np.sum(a, dtype=np.int16))
    _both(lambda: xp.prod(xp.asarray(a[1:3]), dtype=xp.int8), lambda: np.prod(a[1:3], dtype=np.int8))
    _both(lambda: xp.cumulative_sum(xp.asarray(a), dtype=xp.int32), lambda: np.cumulative_sum(a, dtype=np.int32))
    _both(lambda: xp.cumulative_sum(xp.asarray(5)), lambda: np.cumulative_sum(np.asarray(5)))
    _both(lambda: xp.cumulative_prod(xp.asarray(5), include_initial=True), lambda: np.cumulative_prod(np.asarray(5), include_initial=True))
    with pytest.raises(ValueError, match="^cumulative_sum"):
        sx.cumulative_sum(sx.asarray(5))


def test_clip_with_bounds_of_another_kind():
    i = np.asarray([1, 5, -3], np.int32)
    _both(lambda: xp.clip(xp.asarray(i), -0.5, 2), lambda: np.clip(i, -0.5, 2))  # float64
    _both(lambda: xp.clip(xp.asarray(i), 0, True), lambda: np.clip(i, 0, True))  # True is 1
    f = np.asarray([0.5, 7.0], np.float32)
    _both(lambda: xp.clip(xp.asarray(f), xp.asarray(np.uint8(1))), lambda: np.clip(f, np.uint8(1), None))
    _both(lambda: xp.clip(xp.asarray(i), xp.asarray(np.float32(0.5))), lambda: np.clip(i, np.float32(0.5), None))
    # an array bound of x's kind keeps x's dtype, as the standard asks (NumPy promotes)
    assert xp.clip(xp.asarray(i), xp.asarray(np.int64(0))).dtype == xp.int32
    with pytest.raises(TypeError, match="^clip: Only real numeric dtypes are allowed in clip, got complex128"):
        xp.clip(xp.asarray(i), 1j)
    with pytest.raises(TypeError, match="^clip"):
        sx.clip(sx.asarray([1, 2]), 0.5, None)


def test_isin_with_python_floats_and_ints_beyond_the_dtype():
    a = np.asarray([1.5, np.inf, 2.0])
    _both(lambda: xp.isin(xp.asarray(a), 1.5), lambda: np.isin(a, 1.5))
    u = np.asarray([1, 255], np.uint8)
    _both(lambda: xp.isin(xp.asarray(u), -1), lambda: np.isin(u, -1))
    _both(lambda: xp.isin(xp.asarray(u), 256, invert=True), lambda: np.isin(u, 256, invert=True))
    _both(lambda: xp.isin(-1, xp.asarray(u)), lambda: np.isin(-1, u))


def test_negative_integer_powers_as_numpy():
    # an empty result is no error; a bool base is an integer one
    _both(lambda: xp.asarray(np.zeros((2, 0), np.int32)) ** xp.asarray(np.int32(-1)), lambda: np.zeros((2, 0), np.int32) ** np.int32(-1))
    _both(lambda: xp.asarray(np.zeros(0, np.int64)) ** -1, lambda: np.zeros(0, np.int64) ** -1)
    for make in (lambda: xp.asarray([True]) ** -1, lambda: xp.pow(False, xp.asarray(np.int8(-1))),
                 lambda: xp.asarray([True]) ** xp.asarray(np.int8(-1))):
        with pytest.raises(ValueError, match="^pow: Integers to negative integer powers are not allowed\\."):
            make()
    # dtypes that do not promote: pow says so (TypeError), before any negative power
    with pytest.raises(TypeError, match="^pow: dtypes uint64 and int64 cannot be type promoted"):
        xp.asarray(np.uint64([2])) ** xp.asarray([-1])


def test_messages_that_did_not_name_their_function():
    with pytest.raises(OverflowError, match="^where: Python int 9223372036854775808 is out of bounds for int64"):
        xp.where(xp.asarray([True, False]), 2**63, -1)
    with pytest.raises(OverflowError, match="^add: Python int of 1330 bits is too large to convert to float64"):
        xp.asarray([1.0]) + 2**1329
    with pytest.raises(OverflowError, match=r"^arange: value -1\.5 is out of bounds for uint8"):
        xp.arange(3, -2, -1.5, dtype=xp.uint8)
