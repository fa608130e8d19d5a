"""The backend contract, part two: every primitive of seed 004, by the seed's name.

``nx_core.backend.protocol.SEED_PRIMITIVES`` lists the primitives of Nx's backend
interface (``Make_frontend.B``). Each one here is checked on every registered backend
against the spec's known-answer vectors (nx-core spec section 6, and the worked examples
of sections 2 and 3) and against NumPy, called the seed's way where the seed has a form
of its own: ``out`` pre-allocated (``~out``), ``keepdims``, int32 index outputs, a fill
value for ``pad``. ``test_backend_contract.py`` runs the same primitives over every
layout and dtype; this file pins their seed semantics, one test per primitive.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

from nx_core import dtype as D
from nx_core.backend import available_backends, backend_of_kind
from nx_core.backend.protocol import SEED_PRIMITIVES, Backend
from nx_core.errors import NxInvalidArgument
from nx_core.view import View

BACKENDS = available_backends()
NAN, INF = math.nan, math.inf
I32_MIN = np.iinfo(np.int32).min


@pytest.fixture(params=BACKENDS)
def be(request):
    return backend_of_kind(request.param)


def H(be, t) -> np.ndarray:
    """t's logical elements on the host."""
    return np.asarray(be.to_host(t)).reshape(t.shape)


def F(be, *values, dtype=None):
    return be.from_host(np.array(values[0] if len(values) == 1 else values, dtype=dtype))


def same(got, want, *, close=False):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape}"
    if close:
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    else:
        assert np.array_equal(got, want, equal_nan=want.dtype.kind in "fc"), f"\n got  {got!r}\n want {want!r}"
    if want.dtype.kind == "f":  # signed zeros count
        assert np.array_equal(np.signbit(got[got == 0]), np.signbit(want[want == 0]))


def out_of(be, dtname, shape):
    return be.buffer(D.by_name(dtname), tuple(shape))


def binary(be, name, a, b, want, dtname, *, close=False):
    """``name`` on two host arrays, allocating and into ``out`` (the seed's form)."""
    op = getattr(be, name)
    ta, tb = be.from_host(np.asarray(a, dtname)), be.from_host(np.asarray(b, dtname))
    want = np.asarray(want)
    with np.errstate(all="ignore"):  # IEEE warnings are NumPy's business here
        same(H(be, op(ta, tb)), want, close=close)
        out = out_of(be, want.dtype.name, want.shape)
        assert op(ta, tb, out=out) is out
    same(H(be, out), want, close=close)


def unary(be, name, a, want, dtname, *, close=False):
    op = getattr(be, name)
    t = be.from_host(np.asarray(a, dtname))
    want = np.asarray(want)
    same(H(be, op(t)), want, close=close)
    out = out_of(be, want.dtype.name, want.shape)
    assert op(t, out=out) is out
    same(H(be, out), want, close=close)


KAT: dict = {}


def kat(*names):
    def reg(fn):
        for n in names:
            assert n not in KAT, n
            KAT[n] = fn
        return fn

    return reg


# ------------------------------------------------------- tensors and creation
@kat("view")
def _view(be, name):
    t = be.from_host(np.arange(24.0).reshape(2, 3, 4))
    assert be.view(t) == View.create((2, 3, 4)) or not be.strided
    s = be.shrink(t, ((1, 2), (1, 3), (0, 4)))
    if be.strided:  # shrink [(1,2),(1,3),(0,4)] of a [2,3,4] C view: offset 12 + 4
        assert be.view(s) == View.create((1, 2, 4), offset=16, strides=(12, 4, 1))
    assert be.view(s).shape == (1, 2, 4)


@kat("dtype")
def _dtype(be, name):
    for dt in ("bool", "int8", "uint64", "float16", "complex128"):
        assert be.dtype(be.from_host(np.zeros(2, dt))) is D.by_name(dt)


@kat("context")
def _context(be, name):
    t = be.from_host(np.zeros(3))
    assert be.context(t) is be
    assert be.context(be.add(t, t)) is be


@kat("to_host")
def _to_host(be, name):
    a = np.arange(6.0).reshape(2, 3)
    t = be.from_host(a.copy())
    same(np.asarray(be.to_host(t)), a)
    same(np.asarray(be.to_host(be.permute(t, (1, 0)))), a.T)  # here: the logical elements
    buf, v = be.layout(t)  # the seed's to_host (the flat buffer) with its view
    assert v.shape == (2, 3)


@kat("buffer")
def _buffer(be, name):
    for shape in [(), (0,), (2, 3), (4, 0, 2)]:
        t = be.buffer(D.float32, shape)
        assert t.shape == shape and t.dtype is D.float32
        v = be.view(t)
        assert v.shape == shape and v.offset == 0 and v.mask is None and v.is_c_contiguous()


@kat("full")
def _full(be, name):
    same(H(be, be.full(D.float64, (2, 3), -1.5)), np.full((2, 3), -1.5))
    s = be.full(D.int32, (), 7)
    assert s.shape == () and H(be, s).tolist() == 7
    same(H(be, be.full(D.float64, (2,), -0.0)), np.array([-0.0, -0.0]))
    assert be.view(be.full(D.uint8, (3, 2), 255)).is_c_contiguous()


@kat("from_host")
def _from_host(be, name):
    flat = np.arange(6, dtype=np.int32)  # the seed's form: a flat buffer gives [len(buf)]
    t = be.from_host(flat)
    assert t.shape == (6,) and t.dtype is D.int32
    same(H(be, t), flat)


# -------------------------------------------------------- element-wise binary
@kat("add", "sub", "mul")
def _arith(be, name):
    ref = {"add": np.add, "sub": np.subtract, "mul": np.multiply}[name]
    a, b = [1.5, -2.0, 0.0, INF], [2.0, 0.5, -0.0, 1.0]
    binary(be, name, a, b, ref(np.array(a), np.array(b)), "float64")
    i8a, i8b = np.array([127, -128, 5], np.int8), np.array([1, -1, -7], np.int8)
    with np.errstate(all="ignore"):
        binary(be, name, i8a, i8b, ref(i8a, i8b), "int8")  # integers wrap


@kat("div")
def _div(be, name):
    binary(be, name, [7, -7, 7, -7, 5, I32_MIN], [2, 2, -2, -2, 0, -1], np.array([3, -3, -3, 3, 0, I32_MIN], np.int32), "int32")
    binary(be, name, [1.0, -1.0, 0.0, 7.0], [0.0, 0.0, 0.0, 2.0], [INF, -INF, NAN, 3.5], "float64")
    binary(be, name, [200, 7], [7, 0], np.array([28, 0], np.uint8), "uint8")


@kat("mod_")
def _mod(be, name):
    # C's % (the sign of the dividend), x % 0 = 0, INT_MIN % -1 = 0; spec 3.2 and 6.2
    binary(be, name, [-7, 7, 7, -7, 5, I32_MIN, 0], [2, -2, 2, -2, 0, -1, 3], np.array([-1, 1, 1, -1, 0, 0, 0], np.int32), "int32")
    binary(be, name, [250, 7], [7, 0], np.array([5, 0], np.uint8), "uint8")
    # fmod: fmod(-7.5, 2) = -1.5, 7 mod 3 = 1 (spec 6.1), fmod(x, 0) = nan, fmod(x, inf) = x
    binary(be, name, [-7.5, 7.0, 1.0, INF, 1.0, -0.0, -3.0], [2.0, 3.0, 0.0, 2.0, INF, 1.0, 3.0],
           [-1.5, 1.0, NAN, NAN, 1.0, -0.0, -0.0], "float64")
    binary(be, name, [-7.5, 5.25], [2.0, -2.0], np.array([-1.5, 1.25], np.float32), "float32")
    binary(be, name, [True, False, True], [True, True, False], np.array([False, False, False]), "bool")
    a = np.random.default_rng(4).integers(-50, 50, 40)
    b = np.random.default_rng(5).integers(-9, 10, 40)
    with np.errstate(all="ignore"):
        binary(be, name, a, b, np.where(b == 0, 0, np.fmod(a, b)).astype(np.int64), "int64")
    z = be.from_host(np.array([1 + 1j]))
    with pytest.raises(TypeError):
        be.mod_(z, z)
    # beside it, the standard's floor remainder has the sign of the divisor
    assert H(be, be.remainder(F(be, [-7, 7], dtype=np.int32), F(be, [2, -2], dtype=np.int32))).tolist() == [1, -1]


@kat("pow")
def _pow(be, name):
    # spec 6.5: integer pow exact with wrap
    binary(be, name, [0, -1, -1, 1, 2, 3, 2, 2, 2], [0, -3, -4, -5, -1, 2, 4, 31, 32],
           np.array([1, -1, 1, 1, 0, 9, 16, I32_MIN, 0], np.int32), "int32")
    with np.errstate(all="ignore"):
        want = np.power([2.0, 4.0, -8.0], [0.5, -1.0, 1 / 3])
    binary(be, name, [2.0, 4.0, -8.0], [0.5, -1.0, 1 / 3], want, "float64")


@kat("atan2")
def _atan2(be, name):
    y = [0.0, -0.0, 1.0, -1.0, 1.0, 0.0]
    x = [-1.0, -1.0, 0.0, 0.0, -INF, 1.0]
    binary(be, name, y, x, np.arctan2(y, x), "float64")
    assert H(be, be.atan2(F(be, [0.0]), F(be, [-1.0]))).tolist() == [math.pi]  # (-pi, pi]


@kat("cmpeq", "cmpne", "cmplt", "cmple")
def _cmp(be, name):
    ref = {"cmpeq": np.equal, "cmpne": np.not_equal, "cmplt": np.less, "cmple": np.less_equal}[name]
    a, b = [1.0, NAN, 2.0, -0.0], [1.0, NAN, 3.0, 0.0]
    binary(be, name, a, b, ref(a, b), "float64")
    u = [5, 0x80000000], [6, 3]  # unsigned compare as unsigned
    binary(be, name, *u, ref(np.array(u[0], np.uint32), np.array(u[1], np.uint32)), "uint32")


@kat("max", "min")
def _maxmin(be, name):
    ref = np.maximum if name == "max" else np.minimum
    binary(be, name, [1.0, NAN, 3.0], [NAN, 2.0, -3.0], ref([1.0, NAN, 3.0], [NAN, 2.0, -3.0]), "float64")
    binary(be, name, [5, 0x80000000], [6, 3], ref(np.array([5, 0x80000000], np.uint32), np.array([6, 3], np.uint32)), "uint32")
    binary(be, name, [True, False], [False, False], np.array([True, False]) if name == "max" else np.array([False, False]), "bool")


@kat("and_", "or_", "xor")
def _bitwise(be, name):
    ref = {"and_": np.bitwise_and, "or_": np.bitwise_or, "xor": np.bitwise_xor}[name]
    alias = {"and_": "bitwise_and", "or_": "bitwise_or", "xor": "bitwise_xor"}[name]
    a, b = np.array([0b1100, -1, 0, 127], np.int8), np.array([0b1010, 5, -128, 1], np.int8)
    binary(be, name, a, b, ref(a, b), "int8")
    binary(be, name, [True, True, False], [True, False, False], ref([True, True, False], [True, False, False]), "bool")
    u = np.array([2**64 - 1, 2**63], np.uint64), np.array([2**32, 2**63 + 1], np.uint64)
    binary(be, name, *u, ref(*u), "uint64")
    ta, tb = be.from_host(a), be.from_host(b)  # [ALIAS]: the standard's name, one primitive
    same(H(be, getattr(be, alias)(ta, tb)), H(be, getattr(be, name)(ta, tb)))


# --------------------------------------------------------- element-wise unary
@kat("neg")
def _neg(be, name):
    unary(be, name, [-128, 5, 0], np.array([-128, -5, 0], np.int8), "int8")  # -INT_MIN = INT_MIN
    unary(be, name, [0, 1, 255], np.array([0, 255, 1], np.uint8), "uint8")
    unary(be, name, [0.0, -0.0, INF], [-0.0, 0.0, -INF], "float64")


@kat("recip")
def _recip(be, name):
    unary(be, name, [2, 1, -1, 0], np.array([0, 1, -1, 0], np.int32), "int32")  # spec 6.2: recip(0) = 0
    unary(be, name, [2.0, -0.0, 0.0, INF], [0.5, -INF, INF, 0.0], "float64")


@kat("abs")
def _abs(be, name):
    unary(be, name, [-128, 5, -7], np.array([-128, 5, 7], np.int8), "int8")  # abs(INT_MIN) = INT_MIN
    unary(be, name, [-0.0, -INF, 3.0], [0.0, INF, 3.0], "float64")
    unary(be, name, [3 + 4j], np.array([5 + 0j]), "complex128")


@kat("sqrt", "exp", "log", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh")
def _libm(be, name):
    ref = {"sqrt": np.sqrt, "exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos, "tan": np.tan,
           "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh,
           "tanh": np.tanh}[name]
    x = np.array([-1.0, -0.5, 0.0, 0.25, 1.0, 2.0, INF, NAN])
    with np.errstate(all="ignore"):
        unary(be, name, x, ref(x), "float64", close=True)
    ranges = {"asin": (-math.pi / 2, math.pi / 2), "acos": (0.0, math.pi), "atan": (-math.pi / 2, math.pi / 2)}
    if name in ranges:  # the seed's ranges
        lo, hi = ranges[name]
        r = H(be, getattr(be, name)(F(be, [-1.0, 1.0, -0.0] if name != "atan" else [-INF, INF, 1e300])))
        assert ((r >= lo) & (r <= hi)).all()


@kat("sign")
def _sign(be, name):
    unary(be, name, [-2.5, 0.0, 3.0, NAN], [-1.0, 0.0, 1.0, NAN], "float64")
    assert H(be, be.sign(F(be, [-0.0]))).tolist() == [0.0]  # +-0 -> 0
    unary(be, name, [-5, 0, 7], np.array([-1, 0, 1], np.int16), "int16")
    unary(be, name, [0, 200], np.array([0, 1], np.uint8), "uint8")


@kat("trunc", "ceil", "floor")
def _rounding(be, name):
    ref = {"trunc": np.trunc, "ceil": np.ceil, "floor": np.floor}[name]
    x = np.array([2.5, -2.5, 0.5, -0.5, 3.7, -3.7, -0.0, INF, NAN])
    unary(be, name, x, ref(x), "float64")
    unary(be, name, [-3, 4], np.array([-3, 4], np.int32), "int32")  # identity on integers
    with pytest.raises(TypeError):
        getattr(be, name)(F(be, [1 + 1j]))


@kat("round")
def _round(be, name):
    # half away from zero (C's round), spec 3.3 and 6.1
    x = [2.5, -2.5, 0.5, -0.5, 1.5, 3.2, 3.7, -3.2, -3.7, 0.49999999999999994, -0.3, -0.0, INF, -INF, NAN, 1e300]
    unary(be, name, x, [3.0, -3.0, 1.0, -1.0, 2.0, 3.0, 4.0, -3.0, -4.0, 0.0, -0.0, -0.0, INF, -INF, NAN, 1e300], "float64")
    unary(be, name, [2.5, -2.5, 0.5, 1.5], np.array([3.0, -3.0, 1.0, 2.0], np.float32), "float32")
    unary(be, name, [2.5, -0.5], np.array([3.0, -1.0], np.float16), "float16")
    unary(be, name, [-7, 7], np.array([-7, 7], np.int64), "int64")
    with pytest.raises(TypeError):
        be.round(F(be, [2.5 + 0.5j]))
    # beside it, the standard's round: half to even
    assert H(be, be.round_half_even(F(be, [2.5, -0.5, 1.5, 0.5]))).tolist() == [2.0, -0.0, 2.0, 0.0]
    same(H(be, be.round_half_even(F(be, [2.5 + 1.5j]))), np.array([2 + 2j]))


@kat("erf")
def _erf(be, name):
    x = [-INF, -1.0, -0.0, 0.5, 2.0, INF, NAN]
    unary(be, name, x, [math.erf(v) if not math.isnan(v) else NAN for v in x], "float64", close=True)


# -------------------------------------------------------------------- ternary
@kat("where")
def _where(be, name):
    c = be.from_host(np.array([True, False, True, False]))
    a, b = F(be, [1.0, 2.0, 3.0, 4.0]), F(be, [-1.0, -2.0, -3.0, -4.0])
    same(H(be, be.where(c, a, b)), [1.0, -2.0, 3.0, -4.0])
    out = out_of(be, "float64", (4,))
    assert be.where(c, a, b, out=out) is out
    same(H(be, out), [1.0, -2.0, 3.0, -4.0])


# ------------------------------------------------------------ reductions, scans
def _reduce_checks(be, name, x, axes, want_fn):
    t = be.from_host(x)
    for keepdims in (False, True):
        want = np.asarray(want_fn(x, axis=axes, keepdims=keepdims))
        got = getattr(be, name)(t, axes=axes, keepdims=keepdims)
        same(H(be, got), want)
        out = out_of(be, want.dtype.name, want.shape)  # the seed's ~out, shaped by keepdims
        assert getattr(be, name)(t, axes=axes, keepdims=keepdims, out=out) is out
        same(H(be, out), want)


@kat("reduce_sum")
def _rsum(be, name):
    _reduce_checks(be, name, np.arange(24.0).reshape(2, 3, 4), (0, 2), np.sum)
    assert H(be, be.reduce_sum(be.from_host(np.ones(4096, np.float16)), axes=(0,))).tolist() == 4096  # spec 6.2
    assert H(be, be.reduce_sum(be.from_host(np.zeros((0, 3))), axes=(0,))).tolist() == [0, 0, 0]


@kat("reduce_prod")
def _rprod(be, name):
    x = np.array([[1, 2, 3], [2, 2, 2]], np.int32)
    assert H(be, be.reduce_prod(be.from_host(x), axes=(1,))).tolist() == [6, 8]  # spec 6.2
    _reduce_checks(be, name, x, (1,), np.prod)
    assert H(be, be.reduce_prod(be.from_host(np.zeros((0, 2))), axes=(0,))).tolist() == [1, 1]


@kat("reduce_max", "reduce_min")
def _rext(be, name):
    ref = np.max if name == "reduce_max" else np.min
    assert np.isnan(H(be, getattr(be, name)(F(be, [1.0, NAN, 3.0, 2.0]), axes=(0,))))  # spec 6.2
    _reduce_checks(be, name, np.array([[3, 1, 2], [5, 9, 4]], np.int32), (1,), ref)
    b = be.from_host(np.array([[True, True, False], [True, True, True]]))
    want = [True, True] if name == "reduce_max" else [False, True]  # bool max = any, min = all
    assert H(be, getattr(be, name)(b, axes=(1,))).tolist() == want
    with pytest.raises(ValueError):  # an empty reduced extent
        H(be, getattr(be, name)(be.from_host(np.zeros((0, 3))), axes=(0,)))


@kat("argmax", "argmin")
def _arg(be, name):
    ref = np.argmax if name == "argmax" else np.argmin
    x = np.array([[3, 1, 2], [5, 9, 4]], np.int32)
    want = [0, 1] if name == "argmax" else [1, 2]  # spec 6.2
    assert H(be, getattr(be, name)(be.from_host(x), axis=1)).tolist() == want
    assert H(be, getattr(be, name)(F(be, [NAN, 1.0, 2.0]), axis=0)).tolist() == 0  # the first NaN wins
    assert H(be, getattr(be, name)(F(be, [3, 1, 4, 1, 5]), axis=0)).tolist() == (4 if name == "argmax" else 1)
    u = be.from_host(np.array([5, 0x80000000, 3], np.uint32))
    assert H(be, getattr(be, name)(u, axis=0)).tolist() == (1 if name == "argmax" else 2)
    for keepdims in (False, True):  # the seed's int32 out, shaped by keepdims
        w = np.asarray(ref(x, axis=1, keepdims=keepdims)).astype(np.int32)
        out = out_of(be, "int32", w.shape)
        assert getattr(be, name)(be.from_host(x), axis=1, keepdims=keepdims, out=out) is out
        same(H(be, out), w)
    with pytest.raises(ValueError):
        H(be, getattr(be, name)(be.from_host(np.zeros((0, 3))), axis=0))


@kat("associative_scan")
def _scan(be, name):
    x = be.from_host(np.array([[1, 2, 3], [2, 2, 2]], np.int64))
    assert H(be, be.associative_scan(x, axis=1, op="prod")).tolist() == [[1, 2, 6], [2, 4, 8]]  # spec 6.2
    assert H(be, be.associative_scan(x, axis=0, op="sum")).tolist() == [[1, 2, 3], [3, 4, 5]]
    f = F(be, [1.0, 3.0, NAN, 2.0])
    same(H(be, be.associative_scan(f, axis=0, op="max")), [1.0, 3.0, NAN, NAN])
    same(H(be, be.associative_scan(f, axis=0, op="min")), [1.0, 1.0, NAN, NAN])
    out = out_of(be, "int64", (2, 3))
    assert be.associative_scan(x, axis=1, op="sum", out=out) is out
    assert H(be, out).tolist() == [[1, 3, 6], [2, 4, 6]]


# --------------------------------------------------------------------- sorting
@kat("sort")
def _sort(be, name):
    same(H(be, be.sort(F(be, [3.0, NAN, 1.0, 2.0, NAN]), axis=0)), [1.0, 2.0, 3.0, NAN, NAN])  # spec 6.2
    x = F(be, [1.0, NAN, 2.0, NAN, 0.0])
    same(H(be, be.sort(x, axis=0)), [0.0, 1.0, 2.0, NAN, NAN])
    same(H(be, be.sort(x, axis=0, descending=True)), [2.0, 1.0, 0.0, NAN, NAN])  # NaN last both ways
    z = be.from_host(np.array([2 + 1j, 1 + 3j, 2 - 1j, 1 + 0j]))
    same(H(be, be.sort(z, axis=0)), np.array([1 + 0j, 1 + 3j, 2 - 1j, 2 + 1j]))
    out = out_of(be, "float64", (5,))
    assert be.sort(x, axis=0, out=out) is out


@kat("argsort")
def _argsort(be, name):
    assert H(be, be.argsort(F(be, [3, 1, 2, 1, 3, 2]), axis=0)).tolist() == [1, 3, 2, 5, 0, 4]  # spec 6.2
    assert H(be, be.argsort(F(be, [3, 1, 4, 1, 5]), axis=0)).tolist() == [1, 3, 0, 2, 4]
    out = out_of(be, "int32", (6,))  # the seed's int32 indices
    assert be.argsort(F(be, [3, 1, 2, 1, 3, 2]), axis=0, descending=True, out=out) is out
    assert H(be, out).tolist() == [0, 4, 2, 5, 1, 3]


# -------------------------------------------------------------------- movement
@kat("expand")
def _expand(be, name):
    t = be.from_host(np.ones((1, 3)))
    e = be.expand(t, (2, 3))  # spec 6.1: expand [2,-1] of ones [1,3]
    same(H(be, e), np.ones((2, 3)))
    if be.strided:
        assert be.view(e).strides == (0, 1) and be.view(e).offset == be.view(t).offset
    col = be.from_host(np.array([[1.0], [2.0], [3.0]]))
    same(H(be, be.expand(col, (3, 4))), np.broadcast_to(np.array([[1.0], [2.0], [3.0]]), (3, 4)))
    same(H(be, be.expand(be.from_host(np.zeros((1, 3))), (0, 3))), np.zeros((0, 3)))  # 1 -> 0
    for bad in [(4, 3), (2, 2, 3), (3,)]:  # only singletons expand; the rank is kept
        with pytest.raises(NxInvalidArgument, match="^expand: "):
            be.expand(be.from_host(np.ones((2, 3))), bad)
    with pytest.raises(NxInvalidArgument, match="^expand: "):
        be.expand(be.from_host(np.ones((0, 3))), (5, 3))
    if be.strided:  # a masked view expands with its valid region
        m = be.pad_view(be.from_host(np.array([[1.0, 2.0, 3.0]])), ((0, 0), (1, 0)))
        same(H(be, be.expand(m, (2, 4))), [[0.0, 1.0, 2.0, 3.0]] * 2)


@kat("reshape")
def _reshape(be, name):
    t = be.from_host(np.arange(24.0).reshape(2, 3, 4))
    for new in [(24,), (2, 12), (4, 6), (6, 4)]:  # spec 6.1, and 2.6's [6,4]
        r = be.reshape(t, new)
        assert r is not None
        same(H(be, r), np.arange(24.0).reshape(new))
    if be.strided:
        tr = be.permute(be.from_host(np.arange(6.0).reshape(2, 3)), (1, 0))
        assert be.reshape(tr, (6,)) is None  # incompatible strides: the caller copies
        fl = be.flip(be.from_host(np.arange(12.0).reshape(3, 4)), (True, True))
        r = be.reshape(fl, (4, 3))  # a reversed block: a view, as NumPy's
        assert r is not None and np.shares_memory(np.asarray(be.to_host(r)), np.asarray(be.to_host(fl)))
        same(H(be, r), np.arange(12.0)[::-1].reshape(4, 3))


@kat("permute")
def _permute(be, name):
    t = be.from_host(np.arange(24.0).reshape(2, 3, 4))
    p = be.permute(t, (1, 2, 0))  # spec 6.1: [3,4,2], item [0,0,1] = 12
    assert p.shape == (3, 4, 2) and H(be, p)[0, 0, 1] == 12
    same(H(be, be.permute(t, (2, 0, 1))), np.arange(24.0).reshape(2, 3, 4).transpose(2, 0, 1))


@kat("shrink")
def _shrink(be, name):
    t = be.from_host(np.arange(16.0).reshape(4, 4))
    assert H(be, be.shrink(t, ((1, 3), (1, 3)))).tolist() == [[5, 6], [9, 10]]  # spec 6.1


@kat("flip")
def _flip(be, name):
    base = be.from_host(np.array([[1.0, 2.0], [3.0, 4.0]]))
    f = be.flip(base, (True, True))
    assert H(be, f).tolist() == [[4, 3], [2, 1]]
    assert H(be, be.flip(base, (False, True))).tolist() == [[2, 1], [4, 3]]
    if be.strided:  # spec 6.1: a write to [0,0] of the flip is visible at [1,1]
        be.assign_at(f, (0, 0), 9.0)
        assert H(be, base)[1, 1] == 9.0


@kat("pad")
def _pad(be, name):
    x = np.array([[1, 2], [3, 4]], np.int32)
    r = be.pad(be.from_host(x), ((1, 0), (0, 2)), -1)  # spec 6.5 / 3.7
    assert H(be, r).ravel().tolist() == [-1, -1, -1, -1, 1, 2, -1, -1, 3, 4, -1, -1]
    assert r.shape == (3, 4) and r.dtype is D.int32
    r = be.pad(be.from_host(x), ((1, 1), (1, 1)), 0)  # spec 6.1: the block in the middle
    same(H(be, r), np.pad(x, 1))
    same(H(be, be.pad(be.from_host(np.zeros((0, 2))), ((1, 1), (0, 1)), 2.5)), np.full((2, 3), 2.5))
    same(H(be, be.pad(F(be, [1.0, 2.0]), ((0, 0),), NAN)), [1.0, 2.0])
    v = be.view(r)  # a fresh C-contiguous buffer
    assert v.is_c_contiguous() and v.mask is None
    src = be.from_host(x)
    r = be.pad(src, ((0, 1), (0, 0)), 7)
    be.assign(r, be.from_host(np.zeros((3, 2), np.int32)))
    assert H(be, src).tolist() == [[1, 2], [3, 4]]  # it copied: writing it leaves t alone
    if be.strided:  # a masked t: its padded positions copy as 0, the new ones as the fill
        m = be.pad_view(be.from_host(np.array([5.0])), ((1, 0),))
        assert H(be, be.pad(m, ((0, 2),), -1.0)).tolist() == [0.0, 5.0, -1.0, -1.0]


@kat("cat")
def _cat(be, name):
    a, b = be.from_host(np.array([[1, 2]])), be.from_host(np.array([[3, 4], [5, 6]]))
    assert H(be, be.cat([a, b], axis=0)).tolist() == [[1, 2], [3, 4], [5, 6]]  # spec 6.5
    t = be.permute(be.from_host(np.array([[1, 3], [2, 4]])), (1, 0))
    c = be.from_host(np.array([[5], [6]]))
    out = out_of(be, "int64", (2, 3))
    assert be.cat([t, c], axis=1, out=out) is out
    assert H(be, out).tolist() == [[1, 2, 5], [3, 4, 6]]


# -------------------------------------------------------- conversion, memory
@kat("cast")
def _cast(be, name):
    def cast(values, src, dst):
        out = out_of(be, dst, (len(values),))
        assert be.cast(be.from_host(np.array(values, src)), out=out) is out
        return H(be, out).tolist()

    assert cast([1.9, -1.9, 2.5, -2.5, 0.0], "float64", "int32") == [1, -1, 2, -2, 0]  # spec 6.5
    assert cast([1, -2, 300], "int32", "float64") == [1.0, -2.0, 300.0]
    assert cast([300.0, -5.0, 128.0, 255.0], "float64", "uint8") == [255, 0, 128, 255]
    assert cast([INF, -INF], "float64", "int32") == [2147483647, -2147483648]
    assert cast([NAN], "float64", "int32") == [0] and cast([NAN], "float64", "uint8") == [0]
    assert cast([1000.0, -1000.0, 127.0, -128.0], "float64", "int8") == [127, -128, 127, -128]
    assert cast([1.5, -2.0, 3.0], "float64", "complex128") == [1.5 + 0j, -2 + 0j, 3 + 0j]


@kat("contiguous")
def _contiguous(be, name):
    t = be.from_host(np.arange(6.0).reshape(2, 3))
    assert be.contiguous(t) is t  # already C-contiguous: t unchanged
    c = be.contiguous(be.permute(t, (1, 0)))
    same(H(be, c), np.arange(6.0).reshape(2, 3).T)
    assert be.view(c).is_c_contiguous()


@kat("copy")
def _copy(be, name):
    t = be.from_host(np.arange(6.0))
    c = be.copy(t)
    assert c is not t
    be.assign(c, 0.0)
    same(H(be, t), np.arange(6.0))  # its own buffer, even from a contiguous t


@kat("assign")
def _assign(be, name):
    base = be.from_host(np.zeros((4, 3)))  # spec 6.5: assign into a transposed view
    v = be.permute(base, (1, 0))
    src = np.arange(1.0, 13.0).reshape(3, 4)
    be.assign(v, be.from_host(src))
    same(H(be, v), src)
    if be.strided:
        same(H(be, base), src.T)


# ------------------------------------------------------------------- random
@kat("threefry")
def _threefry(be, name):
    m = 0xFFFFFFFF
    kat_ = [((0, 0, 0, 0), (1797259609, -1715843330)), ((m, m, m, m), (481924860, -1157616665)),
            ((0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3), (-997049700, 1212020640))]  # spec 6.3
    for (k0, k1, c0, c1), want in kat_:
        key = be.from_host(np.array([k0, k1], np.uint32).view(np.int32))
        ctr = be.from_host(np.array([c0, c1], np.uint32).view(np.int32))
        out = out_of(be, "int32", (2,))
        assert be.threefry(key, ctr, out=out) is out
        assert H(be, out).tolist() == list(want)
    key = be.permute(be.from_host(np.array([[1, 2], [-1, 0]], np.int32)), (1, 0))  # strided, spec 6.3
    ctr = be.permute(be.from_host(np.array([[3, 4], [123, 456]], np.int32)), (1, 0))
    assert H(be, be.threefry(key, ctr)).tolist() == [[87518042, 1546382566], [1023420513, 1124216007]]


# ----------------------------------------------------------- indexed access
@kat("gather")
def _gather(be, name):
    data = be.from_host(np.arange(12.0).reshape(3, 4))
    idx = be.from_host(np.array([[3, 0], [1, 3], [0, 2]], np.int32))  # the seed's int32 indices
    assert H(be, be.gather(data, idx, axis=1)).tolist() == [[3, 0], [5, 7], [8, 10]]  # spec 6.5
    idx0 = be.from_host(np.array([[2, 0, 1, 2], [0, 1, 2, 0]], np.int32))
    out = out_of(be, "float64", (2, 4))
    assert be.gather(data, idx0, axis=0, out=out) is out
    assert H(be, out).tolist() == [[8, 1, 6, 11], [0, 5, 10, 3]]


@kat("scatter")
def _scatter(be, name):
    z = be.from_host(np.zeros((3, 4)))  # spec 6.5
    r = be.scatter(z, indices=be.from_host(np.array([[0, 2], [1, 3], [0, 1]], np.int32)),
                   updates=be.from_host(np.array([[1.0, 2], [3, 4], [5, 6]])), axis=1)
    assert H(be, r).tolist() == [[1, 0, 2, 0], [0, 3, 0, 4], [5, 6, 0, 0]]
    r = be.scatter(be.from_host(np.zeros((1, 4))), indices=be.from_host(np.array([[1, 1, 2, 1]], np.int32)),
                   updates=be.from_host(np.array([[10.0, 40, 20, 5]])), axis=1, mode="add")
    assert H(be, r).tolist() == [[0, 55, 20, 0]]
    r = be.scatter(be.from_host(np.full((1, 4), 7.0)), indices=be.from_host(np.array([[1, 1, 3]], np.int32)),
                   updates=be.from_host(np.array([[10.0, 40, 20]])), axis=1)
    assert H(be, r).tolist() == [[7, 40, 7, 20]]  # the last duplicate wins; the template elsewhere
    r = be.scatter(be.from_host(np.full((1, 4), 5.0)), indices=be.from_host(np.array([[0, 2, 3]], np.int32)),
                   updates=be.from_host(np.array([[10.0, 20, 30]])), axis=1, unique_indices=True)
    assert H(be, r).tolist() == [[10, 5, 20, 30]]


# ------------------------------------------------------------------ windows
def _win(be, fn, x, k, s, d, p, **kw):
    return H(be, fn(x, kernel_size=k, stride=s, dilation=d, padding=p, **kw))


@kat("unfold")
def _unfold(be, name):
    x = be.from_host(np.arange(10.0).reshape(2, 5))  # spec 6.4
    assert _win(be, be.unfold, x, (2,), (1,), (1,), ((0, 0),)).tolist() == [[[0, 1, 2, 3], [1, 2, 3, 4]], [[5, 6, 7, 8], [6, 7, 8, 9]]]
    x = be.from_host(np.array([[1.0, 2, 3, 4, 5]]))
    assert _win(be, be.unfold, x, (2,), (1,), (2,), ((1, 1),)).tolist() == [[[0, 1, 2, 3, 4], [2, 3, 4, 5, 0]]]
    x = be.from_host(np.arange(9.0).reshape(1, 3, 3))
    assert _win(be, be.unfold, x, (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0))).tolist() == [[[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]]
    x = be.from_host(np.arange(1.0, 10.0).reshape(3, 3))
    assert _win(be, be.unfold, x, (2, 2), (2, 2), (1, 1), ((1, 0), (0, 1))).tolist() == [[0, 0, 4, 6], [0, 0, 5, 0], [1, 3, 7, 9], [2, 0, 8, 0]]


@kat("fold")
def _fold(be, name):
    y = be.unfold(be.from_host(np.arange(1.0, 9.0).reshape(1, 8)), kernel_size=(3,), stride=(1,), dilation=(1,), padding=((0, 0),))
    assert _win(be, be.fold, y, (3,), (1,), (1,), ((0, 0),), output_size=(8,)).tolist() == [[1, 4, 9, 12, 15, 18, 14, 8]]  # spec 6.4
    y = be.unfold(be.from_host(np.arange(9.0).reshape(1, 3, 3)), kernel_size=(2, 2), stride=(1, 1), dilation=(1, 1), padding=((0, 0), (0, 0)))
    assert _win(be, be.fold, y, (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0)), output_size=(3, 3)).ravel().tolist() == [0, 2, 2, 6, 16, 10, 6, 14, 8]
    x = np.arange(1.0, 10.0).reshape(3, 3)
    y = be.unfold(be.from_host(x), kernel_size=(2, 2), stride=(2, 2), dilation=(1, 1), padding=((1, 0), (0, 1)))
    same(_win(be, be.fold, y, (2, 2), (2, 2), (1, 1), ((1, 0), (0, 1)), output_size=(3, 3)), x)


# ---------------------------------------------------------- matrix, fft, linalg
@kat("matmul")
def _matmul(be, name):
    a = np.arange(12.0).reshape(2, 2, 3)
    b = np.arange(6.0).reshape(3, 2)
    ta, tb = be.from_host(a), be.from_host(b)
    same(H(be, be.matmul(ta, be.expand(be.reshape(tb, (1, 3, 2)), (2, 3, 2)))), a @ b)  # spec 3.12
    out = out_of(be, "float64", (2, 2, 2))
    assert be.matmul(ta, be.expand(be.reshape(tb, (1, 3, 2)), (2, 3, 2)), out=out) is out
    same(H(be, out), a @ b)
    i = np.array([[2**31 - 1, 2], [1, 1]], np.int32)
    with np.errstate(all="ignore"):
        same(H(be, be.matmul(be.from_host(i), be.from_host(i))), i @ i)  # integers wrap


@kat("fft", "ifft")
def _fft(be, name):
    one = be.from_host(np.ones(4, np.complex128))
    if name == "fft":
        same(H(be, be.fft(one, axes=(0,))), np.array([4, 0, 0, 0], np.complex128))  # spec 6.6
        same(H(be, be.fft(be.from_host(np.array([1, 0, 0, 0], np.complex128)), axes=(0,))), np.ones(4, np.complex128))
    x = np.random.default_rng(1).standard_normal((3, 4)) + 0j
    r = be.ifft(be.fft(be.from_host(x), axes=(0, 1)), axes=(0, 1))
    same(H(be, r), 12 * x, close=True)  # unnormalised: ifft(fft(x)) = n x


@kat("rfft", "irfft")
def _rfft(be, name):
    x = np.random.default_rng(2).standard_normal((2, 6))
    r = be.rfft(be.from_host(x), axes=(1,))
    same(H(be, r), np.fft.rfft(x, axis=1), close=True)
    same(H(be, be.irfft(r, axes=(1,), s=(6,))), 6 * x, close=True)
    got = H(be, be.irfft(be.from_host(np.ones(9, np.complex128)), axes=(0,), s=(8,)))
    same(got, [8, 0, 0, 0, 0, 0, 0, 0], close=True)  # spec 6.6: truncation
    got = H(be, be.irfft(be.from_host(np.ones(3, np.complex128)), axes=(0,), s=(8,)))
    r2 = math.sqrt(2)
    same(got, [5, 1 + r2, -1, 1 - r2, 1, 1 - r2, -1, 1 + r2], close=True)  # zero-padding


@kat("cholesky")
def _cholesky(be, name):
    a = np.array([[4.0, 2.0], [2.0, 3.0]])
    lo = H(be, be.cholesky(be.from_host(a)))
    same(lo @ lo.T, a, close=True)
    assert np.allclose(np.triu(lo, 1), 0)
    up = H(be, be.cholesky(be.from_host(a), upper=True))
    same(up.T @ up, a, close=True)


@kat("qr")
def _qr(be, name):
    a = np.random.default_rng(3).standard_normal((4, 3))
    q, r = (H(be, t) for t in be.qr(be.from_host(a)))
    assert q.shape == (4, 3) and r.shape == (3, 3)  # spec 6.6
    same(q @ r, a, close=True)
    q, r = (H(be, t) for t in be.qr(be.from_host(a), reduced=False))
    assert q.shape == (4, 4) and r.shape == (4, 3)


@kat("svd")
def _svd(be, name):
    a = np.random.default_rng(4).standard_normal((4, 3)).astype(np.float32)
    u, s, vh = (H(be, t) for t in be.svd(be.from_host(a)))
    assert u.shape == (4, 4) and s.shape == (3,) and vh.shape == (3, 3)  # spec 6.6
    assert s.dtype == np.float64 and (np.diff(s) <= 0).all()  # float64, descending
    np.testing.assert_allclose(u[:, :3] * s @ vh, a, rtol=1e-5, atol=1e-5)


@kat("eig")
def _eig(be, name):
    a = np.array([[2.0, 0.0], [0.0, 3.0]])
    w, v = be.eig(be.from_host(a))
    assert H(be, w).dtype == np.complex128 and sorted(H(be, w).real.tolist()) == [2.0, 3.0]
    wn, vn = be.eig(be.from_host(a), vectors=False)
    assert vn is None


@kat("eigh")
def _eigh(be, name):
    a = np.random.default_rng(5).standard_normal((2, 3, 3))
    a = a + a.transpose(0, 2, 1)
    w, v = be.eigh(be.from_host(a))
    assert H(be, w).shape == (2, 3) and H(be, w).dtype == np.float64  # spec 6.6
    same(H(be, w), np.linalg.eigvalsh(a), close=True)


@kat("triangular_solve")
def _trisolve(be, name):
    a = be.from_host(np.array([[2.0, 0, 0], [1, 3, 0], [-1, 2, 4]]))
    same(H(be, be.triangular_solve(a, be.from_host(np.array([2.0, 7, 15])), upper=False)), [1.0, 2.0, 3.0], close=True)  # spec 6.6
    a = be.from_host(np.array([[[2.0, 0], [1, 3]], [[4, 0], [-2, 5]]]))
    b = be.from_host(np.array([[2.0, 7], [12, -11]]))
    same(H(be, be.triangular_solve(a, b, upper=False)), [[1.0, 2.0], [3.0, -1.0]], close=True)


# ---------------------------------------------------------------------- tests
def test_every_seed_primitive_has_a_known_answer_test():
    """One check per seed primitive, no more, no fewer: 81 primitives of seed 004."""
    assert sorted(KAT) == sorted(SEED_PRIMITIVES)
    assert len(SEED_PRIMITIVES) == len(set(SEED_PRIMITIVES)) == 81


@pytest.mark.parametrize("name", SEED_PRIMITIVES)
def test_seed_primitive(be, name):
    assert callable(getattr(be, name, None)), f"{be.name} backend lacks the seed's {name}"
    KAT[name](be, name)


@pytest.mark.parametrize("name", SEED_PRIMITIVES)
def test_seed_primitive_documents_the_seed_contract(name):
    doc = " ".join((inspect.getdoc(getattr(Backend, name)) or "").split())
    assert doc.startswith("Seed 004: ``" + name.rstrip("_") if name != "mod_" else "Seed 004: ``mod_"), doc[:80]
    assert "Frontend guarantees:" in doc and "Backend must:" in doc
