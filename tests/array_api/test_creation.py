"""Creation functions against NumPy: values, dtypes, zero-copy import, views and errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api._validation import ScalarOverflowError
from nx_testing import N, same


# ----------------------------------------------------------------------- asarray
@pytest.mark.parametrize(
    "obj, dtype",
    [
        (True, np.bool_),
        (3, np.int64),
        (2.5, np.float64),
        (1 + 2j, np.complex128),
        ([True, False], np.bool_),
        ([True, 2], np.int64),
        ([1, 2.5], np.float64),
        ([[1, 2], [3, 4.5j]], np.complex128),
        (((1, 2), (3, 4)), np.int64),
        ([], np.float64),
        ([[], []], np.float64),
    ],
)
def test_asarray_python_defaults(obj, dtype):
    same(xp.asarray(obj), np.asarray(obj, dtype=dtype))


@pytest.mark.parametrize("dtype", ["int8", "uint16", "uint64", "float32", "complex64", "bool"])
def test_asarray_python_with_dtype(dtype):
    obj = [[1, 2, 3], [4, 5, 6]]
    same(xp.asarray(obj, dtype=getattr(xp, dtype)), np.asarray(obj, dtype=dtype))


def test_asarray_other_sequences_and_numpy_leaves():
    same(xp.asarray(range(4)), np.arange(4))
    same(xp.asarray([range(2), (3, 4)]), np.array([[0, 1], [3, 4]]))
    same(xp.asarray([np.array([1, 2]), np.array([3, 4])]), np.array([[1, 2], [3, 4]]))
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray(np.array([1j]), dtype=xp.float64)
    same(xp.asarray(xp.asarray([0j, 2j]), dtype=xp.bool), np.array([False, True]))


def test_asarray_extreme_ints():
    same(xp.asarray([2**64 - 1, 0], dtype=xp.uint64), np.array([2**64 - 1, 0], dtype=np.uint64))
    same(xp.asarray([-(2**63), 2**63 - 1]), np.array([-(2**63), 2**63 - 1], dtype=np.int64))


@pytest.mark.parametrize("obj, dtype", [(2**63, None), ([300], xp.uint8), (-1, xp.uint32), ([10**400], xp.float64)])
def test_asarray_overflow(obj, dtype):
    with pytest.raises(ScalarOverflowError, match="^asarray"):
        xp.asarray(obj, dtype=dtype)
    with pytest.raises(ValueError):
        xp.asarray(obj, dtype=dtype)
    with pytest.raises(OverflowError):
        xp.asarray(obj, dtype=dtype)


@pytest.mark.parametrize("obj", [[[1, 2], [3]], [1, [2]], [[1], 2]])
def test_asarray_ragged(obj):
    with pytest.raises(ValueError, match="^asarray: ragged"):
        xp.asarray(obj)


def test_asarray_errors():
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray(object())
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray(["a", 1])
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray([1j], dtype=xp.float64)
    with pytest.raises(ValueError, match="^asarray"):
        xp.asarray([float("nan")], dtype=xp.int32)
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray([1], dtype="float64")
    with pytest.raises(ValueError, match="^asarray: unknown device"):
        xp.asarray([1], device="gpu")
    with pytest.raises(ValueError, match="^asarray"):
        xp.asarray([1, 2], copy=False)


def test_asarray_device_spellings():
    for dev in (None, "cpu", xp.__array_namespace_info__().default_device()):
        same(xp.asarray([1, 2], device=dev), [1, 2])


def test_asarray_zero_d_arrays_in_sequences():
    a = xp.asarray(1, dtype=xp.int8)
    b = xp.asarray(2, dtype=xp.int16)
    same(xp.asarray([a, b]), np.array([1, 2], dtype=np.int16))
    same(xp.asarray([a, 5]), np.array([1, 5], dtype=np.int8))
    same(xp.asarray([xp.asarray([1.0, 2.0], dtype=xp.float32), [3, 4]]), np.array([[1, 2], [3, 4]], dtype=np.float32))


def test_asarray_numpy_zero_copy():
    a = np.arange(12.0).reshape(3, 4)
    x = xp.asarray(a)
    assert x.dtype is xp.float64 and x.shape == (3, 4)
    assert np.shares_memory(N(x), a)
    a[0, 0] = 42.0
    assert float(x[0, 0]) == 42.0
    assert np.shares_memory(N(xp.asarray(a, copy=False)), a)
    c = xp.asarray(a, copy=True)
    assert not np.shares_memory(N(c), a)
    same(c, a)


def test_asarray_numpy_copies_and_casts():
    a = np.arange(6, dtype=np.int32).reshape(2, 3).T  # not C-contiguous
    x = xp.asarray(a)
    same(x, a)
    assert not np.shares_memory(N(x), a)
    with pytest.raises(ValueError, match="^asarray"):
        xp.asarray(a, copy=False)
    b = np.arange(4, dtype=np.int32)
    same(xp.asarray(b, dtype=xp.float64), b.astype(np.float64))
    with pytest.raises(ValueError, match="^asarray"):
        xp.asarray(b, dtype=xp.float64, copy=False)
    same(xp.asarray(np.arange(3, dtype=">i4")), np.arange(3, dtype=np.int32))
    same(xp.asarray(np.float32(2.5)), np.float32(2.5))
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray(np.arange(3, dtype=np.float16))


def test_asarray_buffer_protocol():
    same(xp.asarray(b"abc"), np.frombuffer(b"abc", dtype=np.uint8))
    buf = bytearray(b"\x01\x02")
    x = xp.asarray(buf)
    same(x, np.array([1, 2], dtype=np.uint8))
    assert np.shares_memory(N(x), np.frombuffer(buf, dtype=np.uint8))


def test_asarray_of_array():
    x = xp.asarray([1, 2, 3])
    assert xp.asarray(x) is x
    assert xp.asarray(x, copy=False) is x
    y = xp.asarray(x, copy=True)
    assert not np.shares_memory(N(x), N(y))
    same(y, [1, 2, 3])
    same(xp.asarray(x, dtype=xp.float32), np.array([1, 2, 3], dtype=np.float32))
    with pytest.raises(ValueError, match="^asarray"):
        xp.asarray(x, dtype=xp.float32, copy=False)
    with pytest.raises(TypeError, match="^asarray"):
        xp.asarray(xp.asarray([1j]), dtype=xp.float64)


def test_from_dlpack():
    a = np.arange(6.0)
    x = xp.from_dlpack(a)
    same(x, a)
    assert np.shares_memory(N(x), a)
    y = xp.from_dlpack(a, copy=True)
    assert not np.shares_memory(N(y), a)
    z = xp.from_dlpack(x)
    assert np.shares_memory(N(z), a)
    with pytest.raises(ValueError, match="^from_dlpack"):
        xp.from_dlpack(a, device="gpu")
    with pytest.raises(ValueError, match="^from_dlpack"):
        xp.from_dlpack(a.reshape(2, 3).T, copy=False)


# ----------------------------------------------------------------- filled arrays
@pytest.mark.parametrize("shape", [(), 0, 3, (2, 0), (2, 3, 1)])
@pytest.mark.parametrize("dtype", [None, "bool", "int8", "uint64", "float32", "complex128"])
def test_zeros_ones_empty(shape, dtype):
    d = None if dtype is None else getattr(xp, dtype)
    nd = np.float64 if dtype is None else dtype
    same(xp.zeros(shape, dtype=d), np.zeros(shape, dtype=nd))
    same(xp.ones(shape, dtype=d), np.ones(shape, dtype=nd))
    e = xp.empty(shape, dtype=d)
    assert e.shape == np.empty(shape).shape and N(e).dtype == np.dtype(nd)


@pytest.mark.parametrize("fill, dtype", [(True, np.bool_), (7, np.int64), (-1.5, np.float64), (2j, np.complex128)])
def test_full_default_dtypes(fill, dtype):
    same(xp.full((2, 3), fill), np.full((2, 3), fill, dtype=dtype))


def test_full_with_dtype_and_errors():
    same(xp.full(3, 255, dtype=xp.uint8), np.full(3, 255, dtype=np.uint8))
    same(xp.full(2, True, dtype=xp.complex64), np.full(2, 1, dtype=np.complex64))
    same(xp.full(2, 3, dtype=xp.float32), np.full(2, 3, dtype=np.float32))
    with pytest.raises(ScalarOverflowError, match="^full"):
        xp.full(3, 256, dtype=xp.uint8)
    with pytest.raises(TypeError, match="^full"):
        xp.full(3, 1j, dtype=xp.float64)
    with pytest.raises(TypeError, match="^full"):
        xp.full(3, "x")
    with pytest.raises(ValueError, match="^full"):
        xp.full((-1, 2), 0)
    with pytest.raises(TypeError, match="^full"):
        xp.full((2.5,), 0)
    with pytest.raises(ValueError, match="^full"):
        xp.full(2, 0, device="tpu")


def test_like_functions():
    x = xp.asarray([[1, 2, 3], [4, 5, 6]], dtype=xp.int16)
    same(xp.zeros_like(x), np.zeros((2, 3), dtype=np.int16))
    same(xp.ones_like(x, dtype=xp.float32), np.ones((2, 3), dtype=np.float32))
    same(xp.full_like(x, 9), np.full((2, 3), 9, dtype=np.int16))
    same(xp.full_like(x, 1.5, dtype=xp.float64), np.full((2, 3), 1.5))
    e = xp.empty_like(x, dtype=xp.bool, device="cpu")
    assert e.shape == (2, 3) and e.dtype is xp.bool
    with pytest.raises(TypeError, match="^zeros_like"):
        xp.zeros_like(np.zeros(3))
    with pytest.raises(ScalarOverflowError, match="^full_like"):
        xp.full_like(x, 2**20)


# ------------------------------------------------------------------------ ranges
@pytest.mark.parametrize(
    "args, kw",
    [
        ((5,), {}),
        ((2, 11, 3), {}),
        ((10, 0, -3), {}),
        ((0, 10, 3), {"dtype": "uint8"}),
        ((10, 0, -3), {"dtype": "uint8"}),
        ((-5, 5), {"dtype": "int8"}),
        ((0.5, 3, 0.5), {}),
        ((0, 1, 0.1), {}),
        ((1, 0, 0.25), {}),
        ((0, 5), {"dtype": "float32"}),
        ((3, 3), {}),
        ((5, 0), {}),
    ],
)
def test_arange(args, kw):
    d = kw.get("dtype")
    r = xp.arange(*args, **({"dtype": getattr(xp, d)} if d else {}))
    e = np.arange(*args, dtype=d)
    same(r, e)


def test_arange_length_rule_and_large_ints():
    start, stop, step = 0, 108086391056891901, 1080863910568919
    r = xp.arange(start, stop, step, dtype=xp.uint64)
    assert r.shape == (len(range(start, stop, step)),)
    same(r, np.array(list(range(start, stop, step)), dtype=np.uint64))
    r = xp.arange(2**63, 2**64 - 1, 2**62, dtype=xp.uint64)
    same(r, np.array(list(range(2**63, 2**64 - 1, 2**62)), dtype=np.uint64))
    assert xp.arange(0, 2, 0.3333333333333333).shape == (math.ceil(2 / 0.3333333333333333),)


def test_arange_errors():
    with pytest.raises(ValueError, match="^arange"):
        xp.arange(0, 5, 0)
    with pytest.raises(ScalarOverflowError, match="^arange"):
        xp.arange(300, dtype=xp.uint8)
    with pytest.raises(TypeError, match="^arange"):
        xp.arange(1j)
    with pytest.raises(TypeError, match="^arange"):
        xp.arange(3, dtype=xp.bool)
    with pytest.raises(ValueError, match="^arange"):
        xp.arange(float("inf"))


@pytest.mark.parametrize("num", [0, 1, 2, 7])
@pytest.mark.parametrize("endpoint", [True, False])
def test_linspace(num, endpoint):
    same(xp.linspace(-1, 3.5, num, endpoint=endpoint), np.linspace(-1, 3.5, num, endpoint=endpoint))
    same(
        xp.linspace(0, 1, num, endpoint=endpoint, dtype=xp.float32),
        np.linspace(0, 1, num, endpoint=endpoint, dtype=np.float32),
    )
    same(xp.linspace(1 + 1j, 2 - 3j, num, endpoint=endpoint), np.linspace(1 + 1j, 2 - 3j, num, endpoint=endpoint))
    # dtype=bool: the truth of the floats, as NumPy and array-api-strict give it
    same(xp.linspace(-1, 3.5, num, endpoint=endpoint, dtype=xp.bool), np.linspace(-1, 3.5, num, endpoint=endpoint, dtype=bool))


@pytest.mark.parametrize("device", [None, "device1", "dask"])
def test_linspace_of_float32_bounds_computes_in_float32_as_numpy_does(device):
    """Bounds given in float32 (NumPy scalars, 0-d arrays; a Python scalar beside one does
    not count, NEP 50) are spaced in float32, as NumPy's linspace spaces them, so the
    values are NumPy's bit for bit: SciPy's histograms compare points that lie on NumPy's
    bin edges (from float64 spacing, about 6 in 10 of these differ in some element).
    complex64 bounds likewise; float64 or integer bounds keep the float64 spacing. Both
    namespaces, on each device."""
    import nx_array_api.strict as sx

    if device == "dask":
        pytest.importorskip("dask")
    rng = np.random.default_rng(5)
    for ns in (xp, sx):
        dev = None if device is None else (sx.Device(device) if ns is sx else device)
        cpu = sx.Device("CPU_DEVICE") if ns is sx else "cpu"

        def check(lo, hi, n, dtype, **kw):
            want = np.linspace(lo, hi, n, dtype=np.dtype(dtype.name), **kw)
            if isinstance(lo, np.ndarray):  # 0-d arrays: the namespace's, on the device
                lo, hi = ns.asarray(lo, device=dev), ns.asarray(hi, device=dev)
            same(ns.linspace(lo, hi, n, dtype=dtype, device=dev, **kw).to_device(cpu), want)

        for _ in range(40):
            lo, hi = np.sort(rng.random(2)).astype(np.float32)
            n = int(rng.integers(2, 16))
            f32 = ns.float32
            check(lo, hi, n, f32)
            check(np.asarray(lo), np.asarray(hi), n, f32)
            check(lo, float(hi), n, f32)
            check(lo, hi, n, f32, endpoint=False)
            check(lo, hi, n, ns.float64)
            check(float(lo), float(hi), n, f32)
            check(np.float64(lo), hi, n, f32)
            check(np.complex64(complex(lo, hi)), np.complex64(hi), n, ns.complex64)
            check(lo, 1j, n, ns.complex64)


def test_shift_operators_take_a_negative_shift_as_array_api_strict_does():
    """The operators give NumPy's result for a negative shift in both namespaces (as
    array-api-strict's do); the strict namespace's functions refuse it, as its do."""
    import nx_array_api.strict as sx

    a = np.array([1, 2, 8])
    for ns in (xp, sx):
        x = ns.asarray(a)
        same(x << -1, a << -1)
        same(x >> -1, a >> -1)
        y = ns.asarray(a)
        y <<= -1
        same(y, a << -1)
    with pytest.raises(ValueError, match="^bitwise_left_shift: .*only defined for x2 >= 0"):
        sx.bitwise_left_shift(sx.asarray(a), -1)


def test_linspace_errors():
    with pytest.raises(ValueError, match="^linspace"):
        xp.linspace(0, 1, -1)
    with pytest.raises(TypeError, match="^linspace"):
        xp.linspace(0, 1j, 3, dtype=xp.float64)
    with pytest.raises(TypeError, match="^linspace"):
        xp.linspace("a", 1, 3)
    with pytest.raises(TypeError, match="^linspace"):
        xp.linspace(0, 1, 2.5)


@pytest.mark.parametrize("n, m, k", [(3, None, 0), (3, 5, 1), (4, 2, -1), (0, 3, 0), (3, 3, 10**30), (3, 3, -(10**30))])
@pytest.mark.parametrize("dtype", [None, "int32", "complex64", "bool"])
def test_eye(n, m, k, dtype):
    d = None if dtype is None else getattr(xp, dtype)
    kk = max(min(k, 10), -10)
    same(xp.eye(n, m, k=k, dtype=d), np.eye(n, m, kk, dtype=dtype or np.float64))


def test_eye_errors():
    with pytest.raises(ValueError, match="^eye"):
        xp.eye(-1)
    with pytest.raises(TypeError, match="^eye"):
        xp.eye(2.0)


@pytest.mark.parametrize("k", [-5, -1, 0, 2, 9])
def test_tril_triu(k):
    a = np.arange(2 * 3 * 4).reshape(2, 3, 4)
    x = xp.asarray(a)
    same(xp.tril(x, k=k), np.tril(a, k))
    same(xp.triu(x, k=k), np.triu(a, k))
    with pytest.raises(ValueError, match="^tril"):
        xp.tril(xp.asarray([1, 2]))


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sizes", [(), (3,), (3, 2), (2, 4, 3), (2, 0, 3)])
def test_meshgrid(indexing, sizes):
    arrs = [np.arange(n, dtype=np.float32) + 10 * i for i, n in enumerate(sizes)]
    out = xp.meshgrid(*[xp.asarray(a) for a in arrs], indexing=indexing)
    exp = np.meshgrid(*arrs, indexing=indexing)
    assert type(out) is tuple and len(out) == len(exp)
    for o, e in zip(out, exp):
        same(o, e)


def test_meshgrid_views_and_errors():
    a = np.arange(3.0)
    x = xp.asarray(a)
    X, Y = xp.meshgrid(x, xp.asarray([1.0, 2.0]))
    assert X is not Y
    assert np.shares_memory(N(X), a)  # a broadcast view, not a copy
    with pytest.raises(ValueError, match="^meshgrid"):
        xp.meshgrid(x, indexing="yx")
    with pytest.raises(TypeError, match="^meshgrid"):
        xp.meshgrid(x, xp.asarray([1, 2]))
    with pytest.raises(ValueError, match="^meshgrid"):
        xp.meshgrid(xp.ones((2, 2)))


def test_asarray_of_nested_lists_by_leaf_types():
    """Leaves of one Python scalar type, of several, of a subclass (NumPy's float64),
    lists and tuples mixed at one depth: NumPy's values and dtypes."""
    cases = [
        [[1.0, 2.0], [3.0, 4.0]],
        [[1, 2], [3, 4]],
        [[True, False]],
        [[1, 2.5], [3, 4]],
        [[1 + 2j, 2.0]],
        ((1.0, 2.0), [3.0, 4.0]),
        [[np.float64(1.5), 2.0]],
        [[], []],
    ]
    for obj in cases:
        got = np.asarray(xp.asarray(obj))
        want = np.asarray(obj)
        assert got.shape == want.shape and got.dtype == want.dtype, obj
        np.testing.assert_array_equal(got, want)
