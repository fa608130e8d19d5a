"""Element-wise NumPy kernels against Python-built references, on every dtype and on
contiguous, strided, flipped, offset, broadcast (stride 0), transposed and empty inputs."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_EVEN, Decimal

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from core_testing import ALL, COMPLEX, FLOATS, INF, INTS, NAN, SINTS, UINTS, wrap
from core_testing import layouts as common_layouts

from nx_core.backend.kernels import elementwise as E


# ----------------------------------------------------------------------------- helpers


def sample(dt, n: int = 24, seed: int = 0, small: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    dt = np.dtype(dt)
    if dt.kind == "b":
        return rng.random(n) < 0.5
    if dt.kind in "iu":
        info = np.iinfo(dt)
        lo, hi = (max(info.min, -9), min(info.max, 9)) if small else (info.min, info.max)
        special = [v for v in (0, 1, -1, 2, -2, 3, 7, -7, info.min, info.max, info.min + 1)
                   if lo <= v <= hi]
        rnd = [int(v) for v in rng.integers(lo, hi, size=n, endpoint=True, dtype=dt)]
        vals = (special + rnd)[:n] if n >= len(special) else special[:n]
        rng.shuffle(vals)
        return np.array(vals, dtype=dt)
    if dt.kind == "f":
        special = [0.0, -0.0, NAN, INF, -INF, 0.5, -0.5, 1.5, -2.5, 2.5, 1.0, -1.0, 3.7]
        rnd = list(np.round(rng.normal(0, 20, size=n), 2))
        vals = (special + rnd)[:n]
        rng.shuffle(vals)
        return np.array(vals, dtype=dt)
    ft = np.float32 if dt == np.complex64 else np.float64
    z = np.empty(n, dt)
    z.real = sample(ft, n, seed)
    z.imag = sample(ft, n, seed + 1)
    return z


def layouts(x: np.ndarray):
    """(name, view) pairs; views share shape with ``x`` except 'empty'."""
    yield from common_layouts(x)
    if x.ndim == 2:
        yield "transposed", x.T.copy().T


def both_layouts(a: np.ndarray, b: np.ndarray):
    for (name, va), (_, vb) in zip(layouts(a), layouts(b)):
        yield name, va, vb
    yield "mixed", np.broadcast_to(a[:1], a.shape), b[::-1]


def same(got: np.ndarray, want: np.ndarray, zeros_sign: bool = False, rtol: float = 0) -> None:
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    if rtol:
        np.testing.assert_allclose(got, want, rtol=rtol)
    else:
        np.testing.assert_array_equal(got, want)
    if zeros_sign and got.dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def run(kernel, args, ref, out_dtype=None, zeros_sign=False, rtol=0, **kw):
    """Fresh and out= calls agree with ``ref`` (built from contiguous copies); inputs
    unchanged; fresh results dense (C or Fortran order: any layout is a valid tensor)."""
    before = [a.tobytes() for a in args]
    want = ref(*[np.array(a) for a in args])
    got = kernel(*args, **kw)
    assert got.flags.c_contiguous or got.flags.f_contiguous
    same(got, want, zeros_sign, rtol)
    out = np.empty(want.shape, dtype=want.dtype if out_dtype is None else out_dtype)
    got2 = kernel(*args, out=out, **kw)
    assert got2 is out
    same(got2, want, zeros_sign, rtol)
    assert [a.tobytes() for a in args] == before


def elementwise(fn, dt):
    """Lift a scalar Python function to a reference over arrays of result dtype ``dt``."""

    def ref(*arrs):
        shape = arrs[0].shape
        vals = [fn(*items) for items in zip(*[a.ravel().tolist() for a in arrs])]
        return np.array(vals, dtype=dt).reshape(shape)

    return ref


def numpy_ref(f, **kw):
    def ref(*arrs):
        with np.errstate(all="ignore"):
            r = f(*arrs, **kw)
        return np.asarray(r)

    return ref


def int_pairs(dt, n=40):
    a = sample(dt, n, 1)
    b = sample(dt, n, 2)
    b[:8] = sample(dt, 8, 3, small=True)
    if np.dtype(dt).kind == "i":
        info = np.iinfo(dt)
        a[:3] = [info.min, 7, -7]
        b[:3] = [-1, 0, 2]
    return a, b


# ------------------------------------------------------------------ division / modulo


def _tdiv(a, b):
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


@pytest.mark.parametrize("dt", INTS)
def test_int_division(dt):
    a, b = int_pairs(dt)
    for _, va, vb in both_layouts(a, b):
        run(E.div, (va, vb), elementwise(lambda x, y: wrap(_tdiv(x, y), dt), dt))
        run(E.floor_divide, (va, vb),
            elementwise(lambda x, y: 0 if y == 0 else wrap(x // y, dt), dt))
        run(E.remainder, (va, vb), elementwise(lambda x, y: 0 if y == 0 else x % y, dt))


def test_division_vectors():
    i32 = np.int32
    a = np.array([7, -7, 7, -7, 5, 0, -2**31], i32)
    b = np.array([2, 2, -2, -2, 0, 0, -1], i32)
    assert E.div(a, b).tolist() == [3, -3, -3, 3, 0, 0, -2**31]
    assert E.floor_divide(a, b).tolist() == [3, -4, -4, 3, 0, 0, -2**31]
    assert E.remainder(a, b).tolist() == [1, 1, -1, -1, 0, 0, 0]
    assert E.recip(np.array([2, 1, -1, 0], i32)).tolist() == [0, 1, -1, 0]
    f = E.div(np.array([1.0, -1.0, 0.0]), np.array([0.0, 0.0, 0.0]))
    assert f[0] == INF and f[1] == -INF and math.isnan(f[2])
    u = np.array([200, 7], np.uint8)
    assert E.div(u, np.array([3, 0], np.uint8)).tolist() == [66, 0]


@pytest.mark.parametrize("dt", FLOATS + COMPLEX)
def test_float_div(dt):
    a, b = sample(dt, 30, 1), sample(dt, 30, 2)
    for _, va, vb in both_layouts(a, b):
        run(E.div, (va, vb), numpy_ref(np.true_divide))


def _standard_floor_divide(a, b):
    # np.floor_divide, but floor(a / b) where exactly one operand is infinite, as the
    # Array API's special cases ask (inf // 2 = inf, 5 // -inf = -0).
    inf = np.isinf(a) ^ np.isinf(b)
    return np.where(inf, np.floor(np.true_divide(a, b)), np.floor_divide(a, b))


@pytest.mark.parametrize("dt", FLOATS)
def test_float_floor_remainder(dt):
    a, b = sample(dt, 30, 1), sample(dt, 30, 2)
    for _, va, vb in both_layouts(a, b):
        run(E.floor_divide, (va, vb), numpy_ref(_standard_floor_divide))
        run(E.remainder, (va, vb), numpy_ref(np.remainder))


def test_complex_floor_remainder_rejected():
    z = np.ones(3, np.complex128)
    for k in (E.floor_divide, E.remainder):
        with pytest.raises(TypeError):
            k(z, z)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([np.int8, np.int16, np.uint8, np.int64]), st.data())
def test_int_div_hypothesis(dt, data):
    a = data.draw(hnp.arrays(dt, st.integers(0, 12)))
    b = data.draw(hnp.arrays(dt, a.shape))
    same(E.div(a, b), elementwise(lambda x, y: wrap(_tdiv(x, y), dt), dt)(a, b))


# ------------------------------------------------------------------------------ pow


def _ipow(a, b, dt):
    if b < 0:
        if a == 1:
            return 1
        if a == -1:
            return -1 if b % 2 else 1
        return 0
    return wrap(pow(a, b, 1 << (np.dtype(dt).itemsize * 8)), dt)


@pytest.mark.parametrize("dt", INTS)
def test_int_pow(dt):
    a, b = int_pairs(dt)
    b[8:20] = sample(dt, 12, 9, small=True)
    for _, va, vb in both_layouts(a, b):
        run(E.pow, (va, vb), elementwise(lambda x, y: _ipow(x, y, dt), dt))


def test_int_pow_vectors():
    a = np.array([0, -1, -1, 1, 2, 3, 2], np.int32)
    e = np.array([0, -3, -4, -5, -1, 2, 4], np.int32)
    assert E.pow(a, e).tolist() == [1, -1, 1, 1, 0, 9, 16]
    two = np.array([2, 2], np.int32)
    assert E.pow(two, np.array([31, 32], np.int32)).tolist() == [-2147483648, 0]
    assert E.pow(np.array([2, 2], np.int8), np.array([7, 8], np.int8)).tolist() == [-128, 0]
    assert E.pow(np.array([3], np.uint64), np.array([2**63 + 5], np.uint64)).tolist() == [
        pow(3, 2**63 + 5, 2**64)
    ]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([np.int8, np.int32, np.uint16, np.int64]), st.data())
def test_int_pow_hypothesis(dt, data):
    a = data.draw(hnp.arrays(dt, st.integers(0, 10)))
    b = data.draw(hnp.arrays(dt, a.shape))
    same(E.pow(a, b), elementwise(lambda x, y: _ipow(x, y, dt), dt)(a, b))


@pytest.mark.parametrize("dt", FLOATS + COMPLEX)
def test_float_pow(dt):
    a, b = sample(dt, 20, 1), sample(dt, 20, 2)
    for _, va, vb in both_layouts(a, b):
        # NumPy's SIMD and strided loops may differ in the last ulp.
        run(E.pow, (va, vb), numpy_ref(np.power), rtol=1e-5 if dt == np.float64 else 2e-3)


def test_bool_pow():
    t, f = True, False
    a = np.array([f, f, t, t])
    b = np.array([f, t, f, t])
    assert E.pow(a, b).tolist() == [t, f, t, t]


# -------------------------------------------------------------------- max / min


def _fmax(x, y):
    if x != x or y != y:
        return NAN
    return x if x >= y else y


def _fmin(x, y):
    if x != x or y != y:
        return NAN
    return x if x <= y else y


# The NumPy backend's max and min are NumPy's ufuncs themselves: these tests check that
# they are what the contract asks (NaN-propagating; bool or/and; unsigned compares).


@pytest.mark.parametrize("dt", [np.bool_] + INTS + FLOATS)
def test_max_min(dt):
    a, b = sample(dt, 30, 1), sample(dt, 30, 2)
    for _, va, vb in both_layouts(a, b):
        run(np.maximum, (va, vb), elementwise(_fmax, dt))
        run(np.minimum, (va, vb), elementwise(_fmin, dt))


@pytest.mark.parametrize("dt", COMPLEX)
def test_complex_max_min_nan(dt):
    a = np.array([complex(NAN, 0), 1, complex(0, NAN), 2 + 1j], dt)
    b = np.array([1, complex(0, NAN), 5, 2 + 3j], dt)
    for k in (np.maximum, np.minimum):
        r = k(a, b)
        assert np.isnan(r[:3]).all() and not np.isnan(r[3])
    assert np.maximum(a, b)[3] == 2 + 3j and np.minimum(a, b)[3] == 2 + 1j


def test_uint_max_is_unsigned():
    a = np.array([0x80000000, 1], np.uint32)
    b = np.array([1, 0xFFFFFFFF], np.uint32)
    assert np.maximum(a, b).tolist() == [0x80000000, 0xFFFFFFFF]


# ------------------------------------------------------------------------- unary


@pytest.mark.parametrize("dt", INTS + FLOATS + COMPLEX + [np.bool_])
def test_neg_abs(dt):
    x = sample(dt, 30, 1)
    kind = np.dtype(dt).kind
    for _, v in layouts(x):
        if kind in "iu":
            run(E.neg, (v,), elementwise(lambda p: wrap(-p, dt), dt))
            run(E.abs, (v,), elementwise(lambda p: wrap(abs(p), dt), dt))
        elif kind == "b":
            run(E.neg, (v,), lambda p: p.copy())
            run(E.abs, (v,), lambda p: p.copy())
        elif kind == "f":
            run(E.neg, (v,), elementwise(lambda p: -p, dt), zeros_sign=True)
            run(E.abs, (v,), elementwise(abs, dt), zeros_sign=True)
        else:
            run(E.neg, (v,), elementwise(lambda p: -p, dt))
            # |z| is hypot; vectorised and scalar hypot may differ in the last ulp.
            run(E.abs, (v,), elementwise(abs, dt), rtol=1e-6)
    info = np.iinfo(np.int16)
    assert E.abs(np.array([info.min], np.int16)).tolist() == [info.min]
    assert E.neg(np.array([info.min], np.int16)).tolist() == [info.min]


@pytest.mark.parametrize("dt", COMPLEX)
def test_complex_abs_out_modes(dt):
    z = np.array([3 + 4j, -5j, complex(INF, NAN)], dt)
    r = E.abs(z)
    assert r.dtype == dt and r.tolist()[:2] == [5 + 0j, 5 + 0j] and r[2].real == INF
    rt = np.float32 if dt == np.complex64 else np.float64
    r2 = E.abs(z, out=np.empty(3, rt))
    assert r2.tolist() == [5.0, 5.0, INF]


@pytest.mark.parametrize("dt", INTS + FLOATS + [np.bool_])
def test_recip_sign(dt):
    x = sample(dt, 30, 1)
    kind = np.dtype(dt).kind
    for _, v in layouts(x):
        if kind in "iu":
            run(E.recip, (v,), elementwise(lambda p: p if p in (1, -1) else 0, dt))
            run(E.sign, (v,), elementwise(lambda p: (p > 0) - (p < 0), dt))
        elif kind == "b":
            run(E.recip, (v,), lambda p: p.copy())
            run(E.sign, (v,), lambda p: p.copy())
        else:
            run(E.recip, (v,), numpy_ref(np.reciprocal), zeros_sign=True)
            run(E.sign, (v,), elementwise(lambda p: p if p != p else float((p > 0) - (p < 0)), dt),
                zeros_sign=True)


@pytest.mark.parametrize("dt", COMPLEX)
def test_complex_sign_recip(dt):
    z = np.array([3 + 4j, 0j, -2j], dt)
    s = E.sign(z)
    np.testing.assert_allclose(s, np.array([0.6 + 0.8j, 0, -1j], dt), rtol=1e-6)
    assert s[1] == 0
    np.testing.assert_allclose(E.recip(z[[0, 2]]), 1 / z[[0, 2]], rtol=1e-6)


def _dec_round(mode):
    def f(p):
        if p != p or abs(p) >= 2.0**52:  # NaN, inf and floats that are all integers
            return p
        r = float(Decimal(p).quantize(Decimal(1), rounding=mode))
        return math.copysign(r, p) if r == 0 else r

    return f


@pytest.mark.parametrize("dt", FLOATS)
def test_rounding_floats(dt):
    x = sample(dt, 40, 1)
    x[:6] = [0.49999997, -0.49999997, 4.5, -3.5, 0.5, -0.5]
    if dt == np.float64:
        x[6:8] = [0.49999999999999994, 2.0**52 + 1]
    for _, v in layouts(x):
        run(E.round_half_even, (v,), elementwise(_dec_round(ROUND_HALF_EVEN), dt),
            zeros_sign=True)
        for k, f in ((E.trunc, math.trunc), (E.floor, math.floor), (E.ceil, math.ceil)):
            g = lambda p, f=f: p if p != p or p in (INF, -INF) else math.copysign(f(p), p) \
                if f(p) == 0 else float(f(p))
            run(k, (v,), elementwise(g, dt))


def test_round_vectors():
    x = np.array([2.5, -2.5, 0.5, 3.2, 3.7, -3.7, -0.5, 1.5])
    assert E.round_half_even(x).tolist() == [2, -2, 0, 3, 4, -4, -0.0, 2]
    assert np.signbit(E.round_half_even(np.array([-0.5])))[0]
    z = np.array([2.5 + 3.5j, -0.5 - 1.5j], np.complex128)
    assert E.round_half_even(z).tolist() == [2 + 4j, -2j]


@pytest.mark.parametrize("dt", INTS + [np.bool_])
def test_rounding_identity_on_ints(dt):
    x = sample(dt, 20, 1)
    for _, v in layouts(x):
        for k in (E.round_half_even, E.trunc, E.floor, E.ceil):
            run(k, (v,), lambda p: p.copy())


# ------------------------------------------------------------------------- shifts


def _shl(a, b, dt):
    bits = np.dtype(dt).itemsize * 8
    return wrap(a << b, dt) if 0 <= b < bits else 0


def _shr(a, b, dt):
    bits = np.dtype(dt).itemsize * 8
    if b >= bits:
        return -1 if a < 0 else 0
    return a >> b


@pytest.mark.parametrize("dt", INTS)
def test_shifts(dt):
    bits = np.dtype(dt).itemsize * 8
    a = sample(dt, 30, 1)
    b = (np.arange(30) % (bits + 4)).astype(dt)
    for _, va, vb in both_layouts(a, b):
        run(E.shift_left, (va, vb), elementwise(lambda x, y: _shl(x, y, dt), dt))
        run(E.shift_right, (va, vb), elementwise(lambda x, y: _shr(x, y, dt), dt))
    if np.dtype(dt).kind == "i":
        neg = np.array([-1, -3], dt)
        E.shift_left(np.array([5, 5], dt), neg)  # must not crash
        E.shift_right(np.array([5, -5], dt), neg)
        assert E.shift_right(np.array([-128], dt), np.array([bits], dt)).tolist() == [-1]


# --------------------------------------------------------------------------- cast


def _cast_scalar(p, src, dst):
    s, d = np.dtype(src), np.dtype(dst)
    if d.kind == "b":
        return p != 0
    if s.kind == "c" and d.kind != "c":
        p = p.real
        s = np.dtype(np.float64)
    if s.kind == "f" and d.kind in "iu":
        info = np.iinfo(d)
        if p != p:
            return 0
        if p in (INF, -INF):
            return info.max if p > 0 else info.min
        return min(max(math.trunc(p), info.min), info.max)
    if d.kind in "iu":
        return wrap(int(p), d)
    return None  # numeric conversion handled by astype


def cast_ref(src, dst):
    def ref(x):
        d = np.dtype(dst)
        s = np.dtype(src)
        if d.kind == "b" or d.kind in "iu":
            vals = [_cast_scalar(p, s, d) for p in x.ravel().tolist()]
            return np.array(vals, dtype=d).reshape(x.shape)
        if s.kind == "c" and d.kind != "c":
            x = x.real
        with np.errstate(all="ignore"):
            return x.astype(d)

    return ref


def cast_kernel(dst):
    def k(x, out=None):
        return E.cast(x, np.empty(x.shape, dst) if out is None else out)

    return k


@pytest.mark.parametrize("src", ALL)
def test_cast_matrix(src):
    x = sample(src, 24, 1)
    if np.dtype(src).kind in "fc":
        big = np.array([300.7, -5.2, 1e5, -1e5, 3e9, -3e9, 1e19, -1e19, 9.3e18, 2.0**63])
        with np.errstate(all="ignore"):
            x[: len(big)] = big.astype(src)
    views = list(layouts(x))
    for dst in ALL:
        k = cast_kernel(dst)
        for name, v in views:
            if name in ("contig", "flipped", "broadcast", "empty"):
                run(k, (v,), cast_ref(src, dst))


def test_cast_vectors():
    def c(vals, src, dst):
        return E.cast(np.array(vals, src), np.empty(len(vals), dst)).tolist()

    assert c([1.9, -1.9, 2.5, -2.5, 0], np.float64, np.int32) == [1, -1, 2, -2, 0]
    assert c([1, -2, 300], np.int32, np.float64) == [1.0, -2.0, 300.0]
    assert c([300, -5, 128, 255], np.float64, np.uint8) == [255, 0, 128, 255]
    assert c([INF, -INF], np.float64, np.int32) == [2147483647, -2147483648]
    assert c([NAN], np.float64, np.int32) == [0] and c([NAN], np.float64, np.uint8) == [0]
    assert c([1000, -1000, 127, -128], np.float64, np.int8) == [127, -128, 127, -128]
    assert c([1.5, -2, 3], np.float64, np.complex128) == [1.5 + 0j, -2 + 0j, 3 + 0j]
    i64 = np.iinfo(np.int64)
    assert c([2.0**63, -2.0**63, 1e300, -INF], np.float64, np.int64) == [
        i64.max, i64.min, i64.max, i64.min]
    assert c([2.0**64, 2.0**63, -1.0, INF], np.float64, np.uint64) == [
        2**64 - 1, 2**63, 0, 2**64 - 1]
    assert c([2.0**31, INF, -INF], np.float32, np.int32) == [2**31 - 1, 2**31 - 1, -2**31]
    assert c([65504, -65504, INF, NAN], np.float16, np.int16) == [32767, -32768, 32767, 0]
    assert c([3 + 4j, 0j, 1j, complex(NAN, 0)], np.complex128, np.bool_) == [
        True, False, True, True]
    assert c([2.7 - 9j, -1e10 + 1j], np.complex128, np.int32) == [2, -2**31]
    assert c([2.5 - 9j], np.complex64, np.float64) == [2.5]
    assert c([300, -1], np.int32, np.uint8) == [44, 255]
    assert c([True, False], np.bool_, np.float32) == [1.0, 0.0]


# -------------------------------------------------------------------------- where


@pytest.mark.parametrize("dt", ALL)
def test_where(dt):
    a, b = sample(dt, 30, 1), sample(dt, 30, 2)
    cond = sample(np.bool_, 30, 3)
    for (_, vc), (_, va, vb) in zip(layouts(cond), both_layouts(a, b)):
        run(E.where, (vc, va, vb), elementwise(lambda c, p, q: p if c else q, dt))
    m = np.arange(12.0).reshape(3, 4)
    cond2 = (np.arange(12).reshape(4, 3) % 2 == 0).T
    out = E.where(cond2, m[::-1], np.broadcast_to(np.float64(-1), (3, 4)))
    assert out.flags.c_contiguous
    same(out, np.where(np.array(cond2), m[::-1], -1.0))


def test_where_two_d_layouts():
    a = sample(np.float32, 12, 1).reshape(3, 4)
    b = sample(np.float32, 12, 2).reshape(3, 4)
    c = sample(np.bool_, 12, 3).reshape(3, 4)
    for (_, vc), (_, va, vb) in zip(layouts(c), both_layouts(a, b)):
        run(E.where, (vc, va, vb), elementwise(lambda k, p, q: p if k else q, np.float32))


def test_where_transposed_inputs_keep_their_order():
    # Any layout is a valid result: the backend's tensor is the ndarray itself.
    a = np.arange(6.0).reshape(2, 3).T
    c = np.ones((3, 2), bool)
    r = E.where(c, a, a)
    assert r.tolist() == a.tolist() and (r.flags.c_contiguous or r.flags.f_contiguous)


def test_two_d_layouts_binary():
    a = sample(np.int32, 12, 1).reshape(3, 4)
    b = sample(np.int32, 12, 2, small=True).reshape(3, 4)
    for _, va, vb in both_layouts(a, b):
        run(E.div, (va, vb), elementwise(lambda x, y: wrap(_tdiv(x, y), np.int32), np.int32))
        run(E.pow, (va, vb), elementwise(lambda x, y: _ipow(x, y, np.int32), np.int32))


