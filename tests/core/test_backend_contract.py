"""The backend contract, checked against NumPy for every registered backend.

Every primitive is run on every input layout -- contiguous, strided (step 2), broadcast
(stride 0), flipped (negative strides), offset (a shrunk window), permuted, masked
(virtual padding: padded positions must read as zero), empty and rank 0 -- and every
dtype it accepts. Inputs are built from NumPy arrays with ``from_host`` and laid out
with the backend's own movement primitives; results are read back with ``to_host``.
References are NumPy, or a direct transcription of the contract where the contract
differs from NumPy (C division, exact integer power, half-away rounding, saturating
casts, stable NaN-last sorting, ...).
"""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core_testing import ref_fold as _ref_fold
from core_testing import ref_unfold as _ref_unfold
from threefry_reference import threefry_ref as _threefry_ref

from nx_core import dtype as D
from nx_core.backend import available_backends, backend_of_kind
from nx_core.backend.kernels import strided as _strided
from nx_core.errors import LinalgError, NxInvalidArgument
from nx_core.view import View

BACKENDS = available_backends()

BOOL = ["bool"]
SINT = ["int8", "int16", "int32", "int64"]
UINT = ["uint8", "uint16", "uint32", "uint64"]
FLOAT = ["float16", "float32", "float64"]
CPLX = ["complex64", "complex128"]
ALL_DTYPES = BOOL + SINT + UINT + FLOAT + CPLX

LAYOUTS = ["contiguous", "strided", "broadcast", "flipped", "offset", "permuted", "masked", "empty", "scalar"]
EMBED = ["contiguous", "strided", "flipped", "offset", "permuted"]  # hold arbitrary data


@pytest.fixture(params=BACKENDS)
def be(request):
    return backend_of_kind(request.param)


def _dt(name):
    return D.by_name(name)


def _seed(*parts) -> int:
    return sum((i + 1) * sum(map(ord, str(p))) for i, p in enumerate(parts)) % (2**32)


# ------------------------------------------------------------------- value pools
_FLOAT_POOL = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.7, -3.7, 1e-3, 100.0,
               0.49999999999999994, math.nan, math.inf, -math.inf]
_FINITE_POOL = [0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.7, -3.7, 0.25, 2.0]


def _int_pool(dt: np.dtype) -> list[int]:
    info = np.iinfo(dt)
    base = [0, 1, 2, 3, 5, 7, 100, info.max, info.max - 1]
    if info.min < 0:
        base += [-1, -2, -3, -7, -100, info.min, info.min + 1]
    else:
        base += [info.max // 2 + 1]
    return [v for v in base if info.min <= v <= info.max]


def pool(dt: np.dtype, finite: bool = False) -> np.ndarray:
    if dt.kind == "b":
        return np.array([True, False])
    if dt.kind in "iu":
        return np.array(_int_pool(dt), dtype=dt)
    vals = _FINITE_POOL if finite else _FLOAT_POOL
    if dt.kind == "f":
        return np.array(vals, dtype=dt)
    return np.array([complex(r, i) for r in vals[:9] for i in vals[:9]], dtype=dt)


def pool_gen(dt, rng, finite=False):
    p = pool(np.dtype(dt), finite)
    return lambda shape: p[rng.integers(0, len(p), size=shape)]


def normal_gen(dt, rng):
    dt = np.dtype(dt)

    def g(shape):
        x = rng.standard_normal(shape)
        if dt.kind == "c":
            x = x + 1j * rng.standard_normal(shape)
        return x.astype(dt)

    return g


# ------------------------------------------------------------------------ layouts
def make(be, layout: str, shape: tuple, gen):
    """A Tensor laid out as ``layout`` and the NumPy array of its logical elements."""
    shape = tuple(shape)
    if layout == "scalar":
        shape = ()
    if layout == "empty" and shape:
        shape = (0,) + shape[1:]
    n = len(shape)
    if 0 in shape or n == 0 or layout in ("contiguous", "empty", "scalar"):
        if layout == "broadcast" and n:
            src = gen((1,) + shape[1:])
            return be.broadcast_to(be.from_host(src), shape), np.broadcast_to(src, shape).copy()
        ref = gen(shape)
        t = be.from_host(ref.copy())
        if layout == "flipped" and n:
            t = be.flip(be.from_host(np.flip(ref).copy()), (True,) * n)
        elif layout == "permuted" and n:
            t = be.permute(be.from_host(ref.transpose(tuple(reversed(range(n)))).copy()), tuple(reversed(range(n))))
        return t, ref
    if layout == "broadcast":
        src = gen((1,) + shape[1:])
        return be.broadcast_to(be.from_host(src), shape), np.broadcast_to(src, shape).copy()
    if layout == "masked":
        pads = [(0, 0)] * n
        pads[0] = (1, 0) if n > 1 else (1, 1)
        if n > 1:
            pads[-1] = (0, 1)
        inner = tuple(s - a - b for s, (a, b) in zip(shape, pads))
        if min(inner) <= 0:
            return make(be, "contiguous", shape, gen)
        # Mask over an offset, negative-stride window: the hardest read there is.
        big = gen(tuple(s + 2 for s in inner))
        t = be.shrink(be.from_host(big), tuple((1, s + 1) for s in inner))
        t = be.flip(t, (True,) + (False,) * (n - 1))
        src = np.flip(big[tuple(slice(1, s + 1) for s in inner)], axis=0)
        return be.pad_view(t, tuple(pads)), np.pad(src, pads)
    if layout == "offset":
        big = gen(tuple(s + 2 for s in shape))
        t = be.shrink(be.from_host(big), tuple((1, s + 1) for s in shape))
        return t, big[tuple(slice(1, s + 1) for s in shape)].copy()
    return embed(be, layout, gen(shape))


def embed(be, layout: str, ref: np.ndarray):
    """A Tensor laid out as ``layout`` (one of EMBED) holding exactly ``ref``."""
    n = ref.ndim
    if layout == "contiguous" or n == 0 or ref.size == 0:
        return be.from_host(ref.copy()), ref
    if layout == "strided":
        # Interleave with junk so a wrong stride reads a wrong value.
        inter = tuple(x for s in ref.shape for x in (s, 2))
        base = np.empty(inter, dtype=ref.dtype)
        junk = np.flip(ref) if ref.dtype.kind != "b" else ~ref
        for corner in product((0, 1), repeat=n):
            base[tuple(x for c in corner for x in (slice(None), c))] = junk
        base[tuple(x for _ in range(n) for x in (slice(None), 0))] = ref
        t = be.shrink(be.from_host(base), tuple(x for s in ref.shape for x in ((0, s), (0, 1))))
        t = be.reshape(t, ref.shape)
        # every axis now steps by 2 over a [2*s0, 2*s1, ...] buffer
        if be.strided:
            assert t.view.strides == tuple(2 * s for s in View.create(tuple(2 * s for s in ref.shape)).strides)
        return t, ref
    if layout == "flipped":
        return be.flip(be.from_host(np.flip(ref).copy()), (True,) * n), ref
    if layout == "offset":
        big = np.zeros(tuple(s + 2 for s in ref.shape), dtype=ref.dtype)
        big[tuple(slice(1, s + 1) for s in ref.shape)] = ref
        return be.shrink(be.from_host(big), tuple((1, s + 1) for s in ref.shape)), ref
    if layout == "permuted":
        rev = tuple(reversed(range(n)))
        return be.permute(be.from_host(ref.transpose(rev).copy()), rev), ref
    raise ValueError(layout)


def partner(layout: str) -> str:
    """A different layout for the second operand (empty and scalar pair with themselves)."""
    if layout in ("empty", "scalar"):
        return layout
    ring = LAYOUTS[:7]
    return ring[(ring.index(layout) + 3) % 7]


# --------------------------------------------------------------------- comparing
_TOL = {"float16": 2e-3, "float32": 3e-6, "float64": 1e-12, "complex64": 3e-6, "complex128": 1e-12}


def _close(got, want, rtol, what):
    got = np.asarray(got)
    want = np.asarray(want)
    if want.dtype.kind == "c":
        _close(got.real, want.real, rtol, what + " (real)")
        _close(got.imag, want.imag, rtol, what + " (imag)")
        return
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    same_special = (np.isnan(g) == np.isnan(w)).all() and (g[np.isinf(w)] == w[np.isinf(w)]).all()
    assert same_special, f"{what}: got {got!r}, want {want!r}"
    fin = np.isfinite(w)
    np.testing.assert_allclose(g[fin], w[fin], rtol=rtol, atol=rtol, err_msg=what)


def check(got, want, *, exact=True, what="", dtype=None):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    want_dt = np.dtype(dtype) if dtype is not None else want.dtype
    assert got.dtype == want_dt, f"{what}: dtype {got.dtype} != {want_dt}"
    if exact or want.dtype.kind not in "fc":
        ok = np.array_equal(got, want, equal_nan=want.dtype.kind in "fc")
        assert ok, f"{what}:\n got  {got!r}\n want {want!r}"
    else:
        _close(got, want, _TOL[want.dtype.name] * (20 if want.dtype.kind == "c" else 4), what)


def host(be, t) -> np.ndarray:
    """``t``'s logical elements on the host (the rank of ``to_host`` is checked on its own)."""
    return np.asarray(be.to_host(t)).reshape(t.shape)


def _dense(view) -> bool:
    """Offset 0, unmasked, and the elements fill ``[0, numel)`` exactly once: C order or
    a permutation of it (a backend may keep a transposed input's order)."""
    if view.mask is not None or view.offset != 0:
        return False
    pos = np.zeros((), np.int64)
    for n, s in zip(view.shape, view.strides):
        pos = pos[..., None] + np.arange(n) * s
    return np.array_equal(np.sort(pos.ravel()), np.arange(pos.size))


def assert_fresh(be, r, inputs):
    """``r`` is a fresh dense result: writing it leaves every input unchanged."""
    if 0 in r.shape:
        return
    assert _dense(r.view), f"result view {r.view!r} is not dense"
    before = [host(be, t).copy() for t, _ in inputs]
    be.assign(r, False if r.dtype is D.bool_ else 0)
    for (t, _), b in zip(inputs, before):
        assert np.array_equal(host(be, t), b, equal_nan=True), "result aliases an input"


# ------------------------------------------------------ Python-int references
def _bits(dt):
    return np.dtype(dt).itemsize * 8


def _wrap(vals, dt):
    dt = np.dtype(dt)
    b = _bits(dt)
    out = []
    for v in np.asarray(vals, dtype=object).ravel():
        u = int(v) & ((1 << b) - 1)
        if dt.kind == "i" and u >= 1 << (b - 1):
            u -= 1 << b
        out.append(u)
    return np.array(out, dtype=dt).reshape(np.shape(vals))


def _int_binary(fn):
    def ref(a, b):
        r = np.frompyfunc(lambda x, y: fn(int(x), int(y), _bits(a.dtype)), 2, 1)(a, b)
        return _wrap(r, a.dtype)

    return ref


def _c_div(x, y, _):
    if y == 0:
        return 0
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def _int_pow(x, y, b):
    if y >= 0:
        return pow(x, y, 1 << b)
    return 1 if x == 1 else ((-1 if y & 1 else 1) if x == -1 else 0)


_I_DIV = _int_binary(_c_div)
_I_POW = _int_binary(_int_pow)
_I_FDIV = _int_binary(lambda x, y, b: 0 if y == 0 else x // y)
_I_REM = _int_binary(lambda x, y, b: 0 if y == 0 else x % y)
_I_MOD = _int_binary(lambda x, y, b: 0 if y == 0 else x - y * _c_div(x, y, b))  # C's %
_I_SHL = _int_binary(lambda x, y, b: x << y if y < b else 0)
_I_SHR = _int_binary(lambda x, y, b: x >> min(y, b))


def _np(ufunc):
    def ref(*args):
        with np.errstate(all="ignore"):
            return ufunc(*args)

    return ref


def _float_floor_divide(a, b):
    """np.floor_divide, except that a quotient with exactly one infinite operand is
    floor(a / b) (+-inf, or -0), as the Array API's special cases ask."""
    with np.errstate(all="ignore"):
        r = np.asarray(np.floor_divide(a, b))
        inf = np.isinf(a) ^ np.isinf(b)
        return np.where(inf, np.floor(np.true_divide(a, b)), r)


def _by_kind(**refs):
    def ref(a, b):
        k = a.dtype.kind
        return refs.get(k, refs.get("x"))(a, b)

    return ref


def _false(a, b):
    return np.zeros(a.shape, bool)


# name: (dtypes, reference(a, b), exact, second-operand pool kind)
BINARY = {
    "add": (ALL_DTYPES, _by_kind(b=np.logical_or, x=_np(np.add)), True, None),
    "sub": (SINT + UINT + FLOAT + CPLX, _np(np.subtract), True, None),
    "mul": (ALL_DTYPES, _by_kind(b=np.logical_and, x=_np(np.multiply)), True, None),
    "div": (ALL_DTYPES, _by_kind(b=np.logical_and, i=_I_DIV, u=_I_DIV, x=_np(np.true_divide)), True, None),
    "pow": (ALL_DTYPES, _by_kind(b=lambda a, b: a | ~b, i=_I_POW, u=_I_POW, x=_np(np.power)), False, None),
    "atan2": (FLOAT, _np(np.arctan2), False, None),
    "max": (ALL_DTYPES, _np(np.maximum), True, None),
    "min": (ALL_DTYPES, _np(np.minimum), True, None),
    "cmpeq": (ALL_DTYPES, _np(np.equal), True, None),
    "cmpne": (ALL_DTYPES, _np(np.not_equal), True, None),
    "cmplt": (BOOL + SINT + UINT + FLOAT, _np(np.less), True, None),
    "cmple": (BOOL + SINT + UINT + FLOAT, _np(np.less_equal), True, None),
    "bitwise_and": (BOOL + SINT + UINT, np.bitwise_and, True, None),
    "bitwise_or": (BOOL + SINT + UINT, np.bitwise_or, True, None),
    "bitwise_xor": (BOOL + SINT + UINT, np.bitwise_xor, True, None),
    "and_": (BOOL + SINT + UINT, np.bitwise_and, True, None),
    "or_": (BOOL + SINT + UINT, np.bitwise_or, True, None),
    "xor": (BOOL + SINT + UINT, np.bitwise_xor, True, None),
    "mod_": (BOOL + SINT + UINT + FLOAT, _by_kind(b=_false, i=_I_MOD, u=_I_MOD, x=_np(np.fmod)), True, None),
    "floor_divide": (BOOL + SINT + UINT + FLOAT, _by_kind(b=np.logical_and, i=_I_FDIV, u=_I_FDIV, x=_float_floor_divide), True, None),
    "remainder": (BOOL + SINT + UINT + FLOAT, _by_kind(b=_false, i=_I_REM, u=_I_REM, x=_np(np.remainder)), True, None),
    "hypot": (FLOAT, _np(np.hypot), False, None),
    "logaddexp": (FLOAT, _np(np.logaddexp), False, None),
    "nextafter": (FLOAT, _np(np.nextafter), True, None),
    "copysign": (FLOAT, _np(np.copysign), True, None),
    "bitwise_left_shift": (SINT + UINT, _I_SHL, True, "shift"),
    "bitwise_right_shift": (SINT + UINT, _I_SHR, True, "shift"),
}
_COMPARE = {"cmpeq", "cmpne", "cmplt", "cmple"}
# Scalars the frontend may pass as the second operand, per dtype kind.
_SCALAR = {"b": True, "i": 3, "u": 3, "f": 2.5, "c": 1.5 - 2j}


def _shift_gen(dt, rng):
    b = _bits(dt)
    p = np.array([0, 1, 2, 3, b - 1, b, b + 1, 2 * b + 1], dtype=dt)
    return lambda shape: p[rng.integers(0, len(p), size=shape)]


def _case_binary(be, name, dtname, layout):
    dts, ref, exact, bkind = BINARY[name]
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed(name, dtname, layout))
    a, ra = make(be, layout, (3, 5), pool_gen(dt, rng))
    bgen = _shift_gen(dt, rng) if bkind == "shift" else pool_gen(dt, rng)
    b, rb = make(be, partner(layout), (3, 5), bgen)
    if layout == "scalar" or layout == "empty":
        assert ra.shape == rb.shape
    op = getattr(be, name)
    res_dt = np.dtype(bool) if name in _COMPARE else dt
    want = np.asarray(ref(ra, rb)).astype(res_dt)
    exact = exact or dt.kind in "biu"
    r = op(a, b)
    check(host(be, r), want, exact=exact, what=f"{name} {dtname} {layout}")
    assert_fresh(be, r, [(a, ra), (b, rb)])
    out = be.buffer(_dt(res_dt.name), want.shape)
    assert op(a, b, out=out) is out
    check(host(be, out), want, exact=exact, what=f"{name} {dtname} {layout} out=")
    if bkind is None:  # a Python scalar as the second operand
        s = _SCALAR[dt.kind]
        want_s = np.asarray(ref(ra, np.full(ra.shape, s, dtype=dt))).astype(res_dt)
        check(host(be, op(a, s)), want_s, exact=exact, what=f"{name} {dtname} {layout} scalar")
        if getattr(op, "broadcasts", False):  # [EW2]: such a primitive takes a scalar first too
            want_f = np.asarray(ref(np.full(ra.shape, s, dtype=dt), ra)).astype(res_dt)
            r = op(s, a)
            assert be.dtype(r) == _dt(res_dt.name)
            check(host(be, r), want_f, exact=exact, what=f"{name} {dtname} {layout} scalar first")
            out = be.buffer(_dt(res_dt.name), want_f.shape)
            assert op(s, a, out=out) is out
            check(host(be, out), want_f, exact=exact, what=f"{name} {dtname} {layout} scalar first out=")
            if ra.ndim == 2 and ra.size:  # and operands of two shapes: a row against every row
                row, rrow = make(be, "contiguous", ra.shape[1:], bgen)
                want_b = np.asarray(ref(ra, np.broadcast_to(rrow, ra.shape))).astype(res_dt)
                check(host(be, op(a, row)), want_b, exact=exact, what=f"{name} {dtname} {layout} broadcast")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_binary(be, dtname, layout):
    _every_primitive(BINARY, dtname, lambda name: _case_binary(be, name, dtname, layout))


def _every_primitive(table, dtname, case):
    """``case(name)`` for every primitive of ``table`` defined on ``dtname``: every one
    that fails is collected, and they are reported together."""
    failures = []
    for name, (dts, *_rest) in table.items():
        if dtname in dts:
            try:
                case(name)
            except Exception as e:
                failures.append(f"{name}: {type(e).__name__}: {e}")
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("dtname", SINT + UINT + FLOAT)
def test_binary_all_pairs(be, dtname):
    """Every pair of edge values (INT_MIN / -1, x / 0, NaN, +-inf, -0.0 ...)."""
    dt = np.dtype(dtname)
    p = pool(dt)
    ra, rb = np.repeat(p, len(p)), np.tile(p, len(p))
    a, b = be.from_host(ra.copy()), be.flip(be.from_host(rb[::-1].copy()), (True,))
    for name, (dts, ref, exact, bkind) in BINARY.items():
        if dtname not in dts or bkind is not None:
            continue
        res_dt = np.dtype(bool) if name in _COMPARE else dt
        check(host(be, getattr(be, name)(a, b)), np.asarray(ref(ra, rb)).astype(res_dt),
              exact=exact or dt.kind in "iu", what=f"{name} {dtname}")


def test_binary_rejects_complex_remainder(be):
    z = be.from_host(np.array([1 + 1j]))
    with pytest.raises(TypeError):
        be.remainder(z, z)
    with pytest.raises(TypeError):
        be.mod_(z, z)


@pytest.mark.parametrize("dtname", FLOAT + CPLX)
@pytest.mark.parametrize("name", ["add", "sub", "mul", "div", "pow"])
def test_out_may_be_an_operand(be, name, dtname):
    """The protocol's one exception to fresh outputs: ``add``, ``sub`` and ``mul``, and
    ``div`` and ``pow`` on floating-point dtypes, write into an ``out`` that is (or
    overlaps) an operand as if both operands were read first (``x /= x[0]``, ``x **= x``)."""
    dts, ref, exact, _ = BINARY[name]
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("alias", name, dtname))
    ra = np.asarray(normal_gen(dt, rng)((4, 6))) + np.asarray(2, dt)
    for other in ("self", "row", "other", "scalar"):
        a = be.from_host(ra.copy())
        if other == "self":
            b, rb = a, ra
        elif other == "row":
            b, rb = be.broadcast_to(be.shrink(a, ((1, 2), (0, 6))), (4, 6)), np.broadcast_to(ra[1:2], (4, 6))
        elif other == "other":
            rb = np.asarray(normal_gen(dt, rng)((4, 6)))
            b = be.from_host(rb.copy())
        else:
            b, rb = _SCALAR[dt.kind], np.full((4, 6), _SCALAR[dt.kind], dt)
        want = np.asarray(ref(ra, rb)).astype(dt)
        assert getattr(be, name)(a, b, out=a) is a
        check(host(be, a), want, exact=exact, what=f"{name} {dtname} out= the first operand, second {other}")


def test_host_round_trip_keeps_shape(be):
    for shape in [(), (1,), (0,), (2, 0, 3), (2, 3)]:
        for dtname in ALL_DTYPES:
            a = np.zeros(shape, dtname)
            t = be.from_host(a)
            assert t.shape == shape
            got = np.asarray(be.to_host(t))
            assert got.shape == shape and got.dtype == a.dtype, f"to_host {dtname} {shape} -> {got.shape}"
    t = be.reduce_sum(be.from_host(np.arange(6.0)), axes=(0,))
    assert np.asarray(be.to_host(t)).shape == ()


# -------------------------------------------------------------------- unary
def _int_recip(x):
    r = np.zeros_like(x)
    r[x == 1] = 1
    if x.dtype.kind == "i":
        r[x == -1] = -1
    return r


def _ident(x):
    return x.copy()


def _sign(x):
    if x.dtype.kind == "c":
        with np.errstate(all="ignore"):
            return np.where(x == 0, 0, x / np.abs(x)).astype(x.dtype)
    if x.dtype.kind in "ub":
        return (x != 0).astype(x.dtype)
    return np.sign(x)


def _erf(x):
    return np.asarray(np.frompyfunc(lambda v: math.erf(float(v)), 1, 1)(x)).astype(x.dtype) if x.size else x.copy()


def _round_half_away(x):
    """C's round, by Python's exact arithmetic on each value (ties away from zero)."""
    def one(v):
        v = float(v)
        if not math.isfinite(v):
            return v
        t = math.trunc(v)
        r = t + (math.copysign(1.0, v) if abs(v - t) >= 0.5 else 0.0)
        return math.copysign(float(r), v) if r == 0 else float(r)

    return np.array([one(v) for v in x.ravel()], dtype=x.dtype).reshape(x.shape)


def _unary_kind(**refs):
    def ref(x):
        return refs.get(x.dtype.kind, refs.get("x"))(x)

    return ref


_NUM = SINT + UINT + FLOAT + CPLX
_FC = FLOAT + CPLX
UNARY = {
    "neg": (ALL_DTYPES, _unary_kind(b=_ident, x=_np(np.negative)), True),
    "recip": (ALL_DTYPES, _unary_kind(b=_ident, i=_int_recip, u=_int_recip, x=_np(np.reciprocal)), False),
    "abs": (ALL_DTYPES, _unary_kind(b=_ident, u=_ident, c=lambda x: np.abs(x).astype(x.dtype), x=_np(np.absolute)), False),
    "sign": (ALL_DTYPES, _sign, False),
    "trunc": (BOOL + SINT + UINT + FLOAT, _unary_kind(f=np.trunc, x=_ident), True),
    "ceil": (BOOL + SINT + UINT + FLOAT, _unary_kind(f=np.ceil, x=_ident), True),
    "floor": (BOOL + SINT + UINT + FLOAT, _unary_kind(f=np.floor, x=_ident), True),
    "round": (BOOL + SINT + UINT + FLOAT, _unary_kind(f=_round_half_away, x=_ident), True),
    "round_half_even": (ALL_DTYPES, _unary_kind(f=np.rint, c=np.rint, x=_ident), True),
    "erf": (FLOAT, _erf, False),
    "square": (_NUM, _np(np.square), False),
    "positive": (ALL_DTYPES, _ident, True),
    "signbit": (FLOAT, np.signbit, True),
    "isnan": (ALL_DTYPES, np.isnan, True),
    "isinf": (ALL_DTYPES, np.isinf, True),
    "isfinite": (ALL_DTYPES, np.isfinite, True),
    "real": (_FC, lambda x: np.real(x).copy(), True),
    "imag": (_FC, lambda x: np.imag(x).copy(), True),
    "conj": (_FC, np.conjugate, True),
    "bitwise_invert": (BOOL + SINT + UINT, np.invert, True),
    "logical_not": (BOOL, np.logical_not, True),
}
for _name, _uf in [("sqrt", np.sqrt), ("exp", np.exp), ("log", np.log), ("sin", np.sin), ("cos", np.cos),
                   ("tan", np.tan), ("asin", np.arcsin), ("acos", np.arccos), ("atan", np.arctan),
                   ("sinh", np.sinh), ("cosh", np.cosh), ("tanh", np.tanh), ("asinh", np.arcsinh),
                   ("acosh", np.arccosh), ("atanh", np.arctanh), ("log1p", np.log1p), ("expm1", np.expm1),
                   ("log2", np.log2), ("log10", np.log10)]:
    UNARY[_name] = (_FC, _np(_uf), False)
_ROUNDING = {"trunc", "ceil", "floor", "round"}  # the seed's: TypeError on complex


def _case_unary(be, name, dtname, layout):
    dts, ref, exact = UNARY[name]
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed(name, dtname, layout))
    # Complex transcendental functions: finite inputs (special values differ by libm).
    x, rx = make(be, layout, (3, 5), pool_gen(dt, rng, finite=dt.kind == "c" and not exact))
    want = np.asarray(ref(rx))
    if want.dtype != dt and name not in ("real", "imag") and want.dtype.kind != "b":
        want = want.astype(dt)
    exact = exact or want.dtype.kind in "biu"
    op = getattr(be, name)
    r = op(x)
    check(host(be, r), want, exact=exact, what=f"{name} {dtname} {layout}")
    assert_fresh(be, r, [(x, rx)])
    out = be.buffer(_dt(want.dtype.name), want.shape)
    assert op(x, out=out) is out
    check(host(be, out), want, exact=exact, what=f"{name} {dtname} {layout} out=")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_unary(be, dtname, layout):
    _every_primitive(UNARY, dtname, lambda name: _case_unary(be, name, dtname, layout))
    if dtname in CPLX:
        for name in sorted(_ROUNDING):
            with pytest.raises(TypeError):
                getattr(be, name)(be.from_host(np.ones(2, dtname)))


def test_known_answers(be):
    H, F = (lambda t: host(be, t)), be.from_host
    assert H(be.round_half_even(F(np.array([2.5, -0.5, 1.5, 0.49999999999999994])))).tolist() == [2, -0.0, 2, 0]
    assert H(be.round(F(np.array([2.5, -0.5, 1.5, 0.49999999999999994])))).tolist() == [3, -1, 2, 0]
    assert H(be.mod_(F(np.array([-7, 7, -7], np.int32)), F(np.array([2, -2, 0], np.int32)))).tolist() == [-1, 1, 0]
    i32 = np.array([7, -7, 7, -7, 5, np.iinfo(np.int32).min], np.int32)
    d32 = np.array([2, 2, -2, -2, 0, -1], np.int32)
    assert H(be.div(F(i32), F(d32))).tolist() == [3, -3, -3, 3, 0, np.iinfo(np.int32).min]
    bases = np.array([0, -1, -1, 1, 2, 3, 2, 2, 2], np.int32)
    exps = np.array([0, -3, -4, -5, -1, 2, 4, 31, 32], np.int32)
    assert H(be.pow(F(bases), F(exps))).tolist() == [1, -1, 1, 1, 0, 9, 16, -(2**31), 0]
    assert H(be.recip(F(np.array([2, 1, -1, 0], np.int32)))).tolist() == [0, 1, -1, 0]
    assert H(be.abs(F(np.array([-128, 5], np.int8)))).tolist() == [-128, 5]
    assert H(be.neg(F(np.array([-128, 5], np.int8)))).tolist() == [-128, -5]
    assert np.isnan(H(be.max(F(np.array([1.0, np.nan])), F(np.array([np.nan, 2.0]))))).all()
    assert H(be.max(F(np.array([5, 0x80000000], np.uint32)), F(np.array([6, 3], np.uint32)))).tolist() == [6, 0x80000000]


# ------------------------------------------------------------------- where
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_where(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("where", dtname, layout))
    c, rc = make(be, layout, (3, 5), pool_gen(np.bool_, rng))
    a, ra = make(be, partner(layout), (3, 5), pool_gen(dt, rng))
    b, rb = make(be, partner(partner(layout)), (3, 5), pool_gen(dt, rng))
    want = np.where(rc, ra, rb)
    r = be.where(c, a, b)
    check(host(be, r), want, what="where")
    assert_fresh(be, r, [(c, rc), (a, ra), (b, rb)])
    out = be.buffer(_dt(dtname), want.shape)
    assert be.where(c, a, b, out=out) is out
    check(host(be, out), want, what="where out=")
    s = _SCALAR[dt.kind]
    check(host(be, be.where(c, a, s)), np.where(rc, ra, np.array(s, dt)).astype(dt), what="where scalar")
    out = be.buffer(_dt(dtname), want.shape)
    be.where(c, s, s, out=out)
    check(host(be, out), np.full(want.shape, s, dt), what="where two scalars out=")


# -------------------------------------------------------------- reductions
AXES_SETS = [(), (0,), (1,), (2,), (0, 2), (1, 2), (0, 1, 2)]


def _red_ref(name, x, axes, keepdims):
    dt = x.dtype
    if name in ("any", "all"):
        f = np.any if name == "any" else np.all
        return f(x != 0, axis=axes, keepdims=keepdims)
    if dt.kind == "b":
        f = {"sum": np.any, "prod": np.all, "max": np.any, "min": np.all}[name]
        return f(x, axis=axes, keepdims=keepdims)
    if name in ("max", "min"):
        return (np.max if name == "max" else np.min)(x, axis=axes, keepdims=keepdims)
    f = np.sum if name == "sum" else np.prod
    if dt.kind in "iu":
        # Wrapping reference: Python ints, then wrap.
        r = f(x.astype(object), axis=axes, keepdims=keepdims)
        r = np.asarray(r if np.ndim(r) else np.array(r, dtype=object))
        return _wrap(r, dt) if r.size else np.zeros(r.shape, dt) + (name == "prod")
    acc = np.complex128 if dt.kind == "c" else np.float64
    with np.errstate(all="ignore"):
        return f(x.astype(acc), axis=axes, keepdims=keepdims).astype(dt)


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_reductions(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("red", dtname, layout))
    gen = pool_gen(dt, rng) if dt.kind in "biu" else normal_gen(dt, rng)
    x, rx = make(be, layout, (2, 3, 4), gen)
    if dt.kind == "f" and rx.size:
        rx2 = rx.copy()
        rx2.flat[rng.integers(0, rx.size)] = np.nan  # one NaN on embeddable layouts
    names = ["sum", "prod", "any", "all"] + (["max", "min"] if dt.kind != "c" else [])
    for name, axes in product(names, AXES_SETS):
        op = getattr(be, "reduce_" + name)
        what = f"reduce_{name} {dtname} {layout} axes={axes}"
        if name in ("max", "min") and any(rx.shape[a] == 0 for a in axes):
            with pytest.raises(ValueError):
                op(x, axes=axes)
            continue
        want = _red_ref(name, rx, axes, False)
        # float sums depend on summation order: tolerance (float16 accumulates in float32).
        exact = name not in ("sum", "prod") or dt.kind in "biu"
        r = op(x, axes=axes)
        check(host(be, r), want, exact=exact, what=what)
        if len(axes) == 2:
            out = be.buffer(_dt(want.dtype.name), want.shape)
            assert op(x, axes=axes, out=out) is out
            check(host(be, out), want, exact=exact, what=what + " out=")
    if dt.kind == "f" and layout in EMBED and rx.size:
        xn, _ = embed(be, layout, rx2)
        for name in ("max", "min"):
            for axes in AXES_SETS[1:]:
                want = _red_ref(name, rx2, axes, False)
                check(host(be, getattr(be, "reduce_" + name)(xn, axes=axes)), want, what=f"{name} NaN {axes}")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", FLOAT)
def test_reduce_var(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("var", dtname, layout))
    x, rx = make(be, layout, (2, 3, 4), normal_gen(dt, rng))
    r64 = rx.astype(np.float64)
    for axes, correction in product(AXES_SETS if rx.ndim else [()], (0, 1, 2.5)):
        n = math.prod(rx.shape[a] for a in axes)
        with np.errstate(all="ignore"):
            m2 = ((r64 - r64.sum(axis=axes, keepdims=True) / n) ** 2).sum(axis=axes)
            want = (m2 / (n - correction) if n - correction > 0 else np.full(m2.shape, np.nan)).astype(dt)
        what = f"reduce_var {dtname} {layout} axes={axes} correction={correction}"
        with np.errstate(all="ignore"):
            check(host(be, be.reduce_var(x, axes=axes, correction=correction)), want, exact=False, what=what)
            if len(axes) == 2:
                out = be.buffer(_dt(dtname), want.shape)
                assert be.reduce_var(x, axes=axes, correction=correction, out=out) is out
                check(host(be, out), want, exact=False, what=what + " out=")


def test_reduction_edge_values(be):
    H, F = (lambda t: host(be, t)), be.from_host
    assert H(be.reduce_sum(F(np.ones(4096, np.float16)), axes=(0,))) == 4096
    assert H(be.reduce_prod(F(np.array([[1, 2, 3], [2, 2, 2]], np.int32)), axes=(1,))).tolist() == [6, 8]
    bools = F(np.array([[True, True, False], [True, True, True]]))
    assert H(be.reduce_min(bools, axes=(1,))).tolist() == [False, True]
    assert H(be.reduce_sum(F(np.full(3, 2**62, np.int64)), axes=(0,))) == np.int64(-(2**62))
    assert H(be.reduce_sum(F(np.zeros((0, 3))), axes=(0,))).tolist() == [0, 0, 0]
    assert H(be.reduce_prod(F(np.zeros((0, 3), np.int8)), axes=(0,))).tolist() == [1, 1, 1]


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay not in ("scalar", "empty")])
@pytest.mark.parametrize("dtname", BOOL + SINT + UINT + FLOAT)
def test_argmax_argmin(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("arg", dtname, layout))
    x, rx = make(be, layout, (3, 4, 5), pool_gen(dt, rng))
    for name, axis in product(("argmax", "argmin"), range(3)):
        want = getattr(np, name)(rx, axis=axis)
        got = host(be, getattr(be, name)(x, axis=axis))
        assert got.dtype.kind in "iu"
        check(got.astype(np.int64), want.astype(np.int64), what=f"{name} {dtname} {layout} {axis}")
    out = be.buffer(D.int32, (3, 5))
    assert be.argmax(x, axis=1, out=out) is out
    check(host(be, out), np.argmax(rx, axis=1).astype(np.int32), what="argmax out=int32")


def test_argmax_edges(be):
    H, F = (lambda t: host(be, t)), be.from_host
    assert H(be.argmax(F(np.array([np.nan, 1, 2])), axis=0)) == 0
    assert H(be.argmin(F(np.array([1, np.nan, 0, np.nan])), axis=0)) == 1
    assert H(be.argmax(F(np.array([5, 0x80000000, 3], np.uint32)), axis=0)) == 1
    with pytest.raises(ValueError):
        be.argmax(F(np.zeros((0, 3))), axis=0)


def _scan_ref(x, axis, op):
    dt = x.dtype
    if dt.kind == "b":
        f = {"sum": np.logical_or, "prod": np.logical_and, "max": np.logical_or, "min": np.logical_and}[op]
        return f.accumulate(x, axis=axis)
    if op in ("max", "min"):
        return (np.maximum if op == "max" else np.minimum).accumulate(x, axis=axis)
    f = np.add if op == "sum" else np.multiply
    with np.errstate(all="ignore"):
        if dt == np.float16:
            return f.accumulate(x, axis=axis, dtype=np.float32).astype(dt)
        return f.accumulate(x, axis=axis, dtype=dt)


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_associative_scan(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("scan", dtname, layout))
    x, rx = make(be, layout, (3, 4), pool_gen(dt, rng, finite=dt.kind in "fc"))
    ops = ["sum", "prod"] + (["max", "min"] if dt.kind != "c" else [])
    for op, axis in product(ops, (0, 1)):
        want = _scan_ref(rx, axis, op)
        r = be.associative_scan(x, axis=axis, op=op)
        check(host(be, r), want, exact=dt.kind not in "fc", what=f"scan {op} {dtname} {layout} {axis}")
    out = be.buffer(_dt(dtname), rx.shape)
    assert be.associative_scan(x, axis=1, op="sum", out=out) is out
    check(host(be, out), _scan_ref(rx, 1, "sum"), exact=dt.kind not in "fc", what="scan out=")
    with pytest.raises(ValueError):
        be.associative_scan(be.from_host(np.array(1, dt)), axis=0, op="sum")


def test_scan_nan_propagates(be):
    x = be.from_host(np.array([1.0, np.nan, 3.0, 0.0]))
    assert np.isnan(host(be, be.associative_scan(x, axis=0, op="max"))[1:]).all()
    assert host(be, be.associative_scan(be.from_host(np.array([[1, 2, 3], [2, 2, 2]])), axis=1, op="prod")).tolist() == [[1, 2, 6], [2, 4, 8]]


# ----------------------------------------------------------------- sorting
def _sort_key(v, descending):
    if isinstance(v, complex):
        bad = math.isnan(v.real) or math.isnan(v.imag)
        return (bad, 0.0, 0.0) if bad else (False, -v.real if descending else v.real, -v.imag if descending else v.imag)
    v = float(v) if isinstance(v, float) else int(v)
    bad = isinstance(v, float) and math.isnan(v)
    return (bad, 0) if bad else (False, -v if descending else v)


def _argsort_ref(x, axis, descending):
    xm = np.moveaxis(x, axis, -1)
    out = np.empty(xm.shape, dtype=np.int64)
    for idx in np.ndindex(*xm.shape[:-1]):
        lane = xm[idx].tolist()
        out[idx] = sorted(range(len(lane)), key=lambda i: _sort_key(lane[i], descending))
    return np.moveaxis(out, -1, axis)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_sort_argsort(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("sort", dtname, layout))
    x, rx = make(be, layout, (4, 6), pool_gen(dt, rng))
    for axis, desc in product(range(rx.ndim), (False, True)):
        idx = _argsort_ref(rx, axis, desc)
        what = f"{dtname} {layout} axis={axis} desc={desc}"
        got_i = host(be, be.argsort(x, axis=axis, descending=desc))
        check(got_i.astype(np.int64), idx, what="argsort " + what)
        check(host(be, be.sort(x, axis=axis, descending=desc)), np.take_along_axis(rx, idx, axis), what="sort " + what)
    if rx.ndim:
        out = be.buffer(_dt(dtname), rx.shape)
        assert be.sort(x, axis=0, out=out) is out
        check(host(be, out), np.take_along_axis(rx, _argsort_ref(rx, 0, False), 0), what="sort out=")


def test_sort_known(be):
    H, F = (lambda t: host(be, t)), be.from_host
    assert H(be.argsort(F(np.array([3, 1, 2, 1, 3, 2])), axis=0)).tolist() == [1, 3, 2, 5, 0, 4]
    s = H(be.sort(F(np.array([1, np.nan, 2, np.nan, 0])), axis=0, descending=True))
    assert s[:3].tolist() == [2, 1, 0] and np.isnan(s[3:]).all()
    z = H(be.sort(F(np.array([2 + 1j, 1 + 3j, 2 - 1j, 1 + 0j])), axis=0))
    assert z.tolist() == [1 + 0j, 1 + 3j, 2 - 1j, 2 + 1j]


# --------------------------------------------------------- movement, memory
@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_cat(be, dtname, layout):
    rng = np.random.default_rng(_seed("cat", dtname, layout))
    g = pool_gen(np.dtype(dtname), rng)
    a, ra = make(be, layout, (2, 3), g)
    b, rb = make(be, partner(layout), (2, 3), g)
    e, re_ = make(be, "contiguous", (0, ra.shape[1]), g)
    want = np.concatenate([ra, rb, re_, ra], axis=0)
    check(host(be, be.cat([a, b, e, a], axis=0)), want, what="cat axis 0")
    out = be.buffer(_dt(dtname), want.shape)
    assert be.cat([a, b, e, a], axis=0, out=out) is out
    check(host(be, out), want, what="cat out=")
    e1, re1 = make(be, "contiguous", (ra.shape[0], 0), g)
    check(host(be, be.cat([a, e1, b], axis=1)), np.concatenate([ra, re1, rb], axis=1), what="cat axis 1")


def _ref_cast(x, dst):
    dst = np.dtype(dst)
    if x.dtype == dst:
        return x.copy()
    if dst.kind == "b":
        return x != 0
    if x.dtype.kind == "c" and dst.kind != "c":
        x = x.real
    if x.dtype.kind == "f" and dst.kind in "iu":
        info = np.iinfo(dst)

        def one(v):
            v = float(v)
            if math.isnan(v):
                return 0
            if math.isinf(v):
                return info.max if v > 0 else info.min
            return min(max(math.trunc(v), info.min), info.max)

        return np.array([one(v) for v in x.ravel()], dtype=object).reshape(x.shape).astype(dst)
    with np.errstate(all="ignore"):
        return x.astype(dst)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("src", ALL_DTYPES)
def test_cast(be, src, layout):
    rng = np.random.default_rng(_seed("cast", src, layout))
    sdt = np.dtype(src)
    if sdt.kind in "fc":  # add values that saturate every integer type
        big = np.array([1e30, -1e30, 300.0, -5.0, 1000.0, 2.0**63, 2.0**64, 1.9, -1.9], dtype=np.float64)
        p = np.concatenate([pool(sdt), big.astype(sdt) if sdt.kind == "f" else (big + 0.5j).astype(sdt)])
        gen = lambda shape: p[rng.integers(0, len(p), size=shape)]  # noqa: E731
    else:
        gen = pool_gen(sdt, rng)
    x, rx = make(be, layout, (3, 5), gen)
    for dst in ALL_DTYPES:
        want = _ref_cast(rx, dst)
        out = be.buffer(_dt(dst), rx.shape)
        assert be.cast(x, out=out) is out
        check(host(be, out), want, what=f"cast {src}->{dst} {layout}")
        r = be.cast(x, dtype=_dt(dst))
        check(host(be, r), want, what=f"cast {src}->{dst} {layout} dtype=")
        assert_fresh(be, r, [(x, rx)])


def test_cast_known(be):
    H, F = (lambda t: host(be, t)), be.from_host

    def c(vals, dst):
        x = F(np.array(vals, dtype=np.float64))
        return H(be.cast(x, dtype=dst)).tolist()

    assert c([1.9, -1.9, 2.5, -2.5, 0], D.int32) == [1, -1, 2, -2, 0]
    assert c([300, -5, 128, 255, np.nan], D.uint8) == [255, 0, 128, 255, 0]
    assert c([np.inf, -np.inf, np.nan], D.int32) == [2147483647, -2147483648, 0]
    assert c([1000, -1000, 127, -128], D.int8) == [127, -128, 127, -128]
    assert c([2.0**63, -(2.0**63), 2.0**64], D.int64) == [2**63 - 1, -(2**63), 2**63 - 1]
    assert c([2.0**64, -1.0], D.uint64) == [2**64 - 1, 0]
    with pytest.raises(NxInvalidArgument):
        be.cast(F(np.ones(2)))


def _cast_defines(rx, dst):
    """Where ``cast``'s contract fixes the value of converting ``rx`` to ``dst``: all but
    NaN, infinities and values that truncate outside an integer dst's range."""
    dst = np.dtype(dst)
    if rx.dtype.kind not in "fc" or dst.kind not in "iu":
        return np.ones(rx.shape, bool)
    v = rx.real if rx.dtype.kind == "c" else rx
    info = np.iinfo(dst)
    with np.errstate(invalid="ignore"):
        t = np.trunc(v.astype(np.float64))
        return np.isfinite(t) & (t >= float(info.min)) & (t < float(info.max + 1))  # (bounds exact in float64)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("src", ALL_DTYPES)
def test_engine_cast(be, src, layout):
    """``engine_cast``: ``cast``'s values wherever ``cast``'s contract fixes them; NaN,
    infinities and out-of-range values convert as the engine converts them. Every
    registered backend's engine is NumPy: its result is NumPy's ``astype`` of the same
    elements, bit for bit (the NumPy backends of the array as its view lays it out; the
    Dask backend of its chunks, where NumPy's float-to-uint32 values depend on the
    layout)."""
    rng = np.random.default_rng(_seed("engine_cast", src, layout))
    sdt = np.dtype(src)
    if sdt.kind in "fc":  # values out of every integer type's range, NaN and infinities
        big = np.array([1e30, -1e30, 300.0, -10.0, 1000.0, 65536.5, 4e9, -4e9, 2.0**63, 2.0**64, 1.9, -1.9], dtype=np.float64)
        with np.errstate(over="ignore"):
            p = np.concatenate([pool(sdt), big.astype(sdt) if sdt.kind == "f" else (big + 0.5j).astype(sdt)])
        gen = lambda shape: p[rng.integers(0, len(p), size=shape)]  # noqa: E731
    else:
        gen = pool_gen(sdt, rng)
    x, rx = make(be, layout, (3, 5), gen)
    lazy = not be.strided
    for dst in ALL_DTYPES:
        if dst == src or (sdt.kind == "c" and np.dtype(dst).kind in "iuf"):
            continue  # (the namespace refuses complex to real; cast defines it anyway)
        with np.errstate(all="ignore"):
            r = be.engine_cast(x, _dt(dst))
            got = host(be, r)
            native = be.to_host(x)
            engine = (native if not lazy else rx).astype(dst)
        assert got.dtype == np.dtype(dst) and got.shape == rx.shape, f"engine_cast {src}->{dst} {layout}"
        defined = _cast_defines(rx, dst)
        want = _ref_cast(rx, dst)
        assert np.array_equal(got[defined], want[defined], equal_nan=np.dtype(dst).kind in "fc"), f"engine_cast {src}->{dst} {layout}: cast's values"
        if lazy and dst == "uint32":
            continue
        assert np.array_equal(got, engine, equal_nan=True), f"engine_cast {src}->{dst} {layout}:\n got  {got!r}\n want {engine!r}"
        assert_fresh(be, r, [(x, rx)])


def test_engine_cast_known(be):
    """The issue's rows: NumPy's values on x86-64 and ARM alike for these."""
    H, F = (lambda t: host(be, t)), be.from_host
    with np.errstate(invalid="ignore"):
        assert H(be.engine_cast(F(np.array([-10.0, 4.0])), D.uint16)).tolist() == [65526, 4]
        r = H(be.engine_cast(F(np.array([1.9, -1.9, 2.5, -2.5, 0.0])), D.int32)).tolist()
        assert r == [1, -1, 2, -2, 0]
        nan_big = np.array([np.nan, 1e300])
        assert H(be.engine_cast(F(nan_big), D.int64)).tolist() == nan_big.astype(np.int64).tolist()


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_copy_contiguous_bitcast(be, dtname, layout):
    rng = np.random.default_rng(_seed("copy", dtname, layout))
    x, rx = make(be, layout, (3, 5), pool_gen(np.dtype(dtname), rng))
    r = be.copy(x)
    assert r is not x and r.buffer is not x.buffer
    check(host(be, r), rx, what="copy")
    assert_fresh(be, r, [(x, rx)])
    c = be.contiguous(x)
    check(host(be, c), rx, what="contiguous")
    assert c.view.mask is None and c.view.offset == 0 and c.view.strides == View.create(c.shape).strides
    if layout in ("contiguous", "scalar") or not be.strided:  # a non-strided View is always dense
        assert c is x
    else:
        assert c is not x
        assert_fresh(be, c, [(x, rx)])
        check(host(be, x), rx, what="contiguous left x alone")
    same = {1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64", 16: "complex128"}[np.dtype(dtname).itemsize]
    if dtname != same and dtname != "bool":
        x2, rx2 = make(be, layout, (3, 5), pool_gen(np.dtype(dtname), rng))
        b = be.bitcast(x2, _dt(same))
        check(host(be, b), np.array(rx2, order="C").view(same), what="bitcast")
        assert_fresh(be, b, [(x2, rx2)])


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_assign(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("assign", dtname, layout))
    g = pool_gen(dt, rng)
    src, rsrc = make(be, layout, (3, 4), g)
    n0 = rsrc.shape[0]
    # dst: the transpose of a window of a larger buffer.
    base_ref = g((6, 5))
    base = be.from_host(base_ref.copy())
    if n0 == 0:
        empty = be.from_host(np.zeros((0, 4), dt))
        assert be.assign(empty, src) is empty
        return
    dst = be.permute(be.shrink(base, ((1, 5), (1, 1 + n0))), (1, 0))
    assert be.assign(dst, src) is dst
    if not be.strided:
        # Each tensor holds its own values: dst has new ones, base keeps its own.
        check(host(be, dst), rsrc, what="assign into a transposed window")
        check(host(be, base), base_ref, what="the window's base")
        be.assign(base, be.flip(base, (True, True)))
        check(host(be, base), np.flip(base_ref).copy(), what="assign reversed self")
        return
    want = base_ref.copy()
    want[1:5, 1:1 + n0] = rsrc.T
    check(host(be, base), want, what="assign through a transposed window")
    # through a flipped view, a scalar, and from an overlapping source
    fl = be.flip(base, (True, False))
    be.assign(be.shrink(fl, ((0, 2), (0, 5))), rsrc[0, 0].item())
    want[4:6, :] = rsrc[0, 0]
    check(host(be, base), want, what="assign scalar through a flipped view")
    be.assign(base, be.flip(base, (True, True)))
    check(host(be, base), np.flip(want).copy(), what="assign overlapping reversed source")
    with pytest.raises(NxInvalidArgument):
        be.assign(be.pad_view(base, ((1, 0), (0, 0))), be.from_host(np.zeros((7, 5), dt)))


def test_assign_known(be):
    base = be.from_host(np.zeros((4, 3)))
    v = be.permute(base, (1, 0))
    be.assign(v, be.from_host(np.arange(1.0, 13.0).reshape(3, 4)))
    assert host(be, v).ravel().tolist() == np.arange(1.0, 13.0).tolist()
    if be.strided:
        assert host(be, base).ravel().tolist() == np.arange(1.0, 13.0).reshape(3, 4).T.ravel().tolist()


def test_assign_at(be):
    base = be.from_host(np.zeros((3, 4)))
    assert be.assign_at(base, (1, slice(None, None, 2)), be.from_host(np.asarray([5.0, 6.0]))) is base
    assert be.assign_at(base, (slice(0, 1), None, slice(3, 4)), 7.0) is base
    want = np.zeros((3, 4))
    want[1, ::2] = [5.0, 6.0]
    want[0, 3] = 7.0
    check(host(be, base), want, what="assign_at")
    if be.strided:
        with pytest.raises(NxInvalidArgument):
            be.assign_at(be.broadcast_to(be.from_host(np.zeros(4)), (3, 4)), (slice(0, 2),), 1.0)


def test_aliased(be):
    """aliased(t): True while another live tensor shares t's memory, False once it is
    gone; exempt tensors do not count; masked tensors too."""
    a = be.from_host(np.arange(12.0))
    assert not be.aliased(a)
    v = be.basic_view(a, (slice(2, 8),))
    if not be.strided:  # nothing shares memory
        assert not be.aliased(a) and not be.aliased(v)
        return
    assert be.aliased(a) and be.aliased(v)
    assert not be.aliased(a, (v,)) and not be.aliased(v, (a,))
    assert v.view.shape == (6,) and v.buffer is not None  # whatever the backend caches
    assert not be.aliased(a, (v,))
    w = be.permute(be.reshape(v, (2, 3)), (1, 0))
    assert be.aliased(a, (v,))  # w still shares it
    del v, w
    assert not be.aliased(a)
    fresh = [be.add(a, a), be.copy(a), be.contiguous(be.flip(a, (True,))), be.reshape(be.copy(a), (3, 4))]
    assert not any(be.aliased(t) for t in fresh)
    p = be.pad_view(a, ((2, 1),))
    assert p.masked
    assert be.aliased(a) and be.aliased(p)  # a masked view keeps a's memory
    assert not be.aliased(a, (p,)) and not be.aliased(p, (a,))
    del p
    assert not be.aliased(a)


def test_aliased_exempt_counts_each_tensor_once(be):
    """aliased(t, exempt): each exempt tensor accounts for its own hold on t's memory
    (its array, its cached layout, a masked one's buffer), once, whether it is a view
    of t, t's base, a view of a view or a tensor of other memory; one not exempt still
    counts."""
    if not be.strided:
        return
    a = be.from_host(np.arange(24.0))
    v = be.basic_view(a, (slice(2, 20),))
    g = be.permute(be.reshape(v, (3, 6)), (1, 0))  # a view of a view
    p = be.pad_view(be.basic_view(a, (slice(0, 4),)), ((1, 1),))  # masked
    other = be.from_host(np.ones(5))
    for cached in (False, True):
        if cached:
            for t in (a, v, g):
                assert t.view is not None and t.buffer is not None  # caches the layout
        views = (v, g, p)
        for t in (a, v, g):
            rest = tuple(u for u in (a, *views) if u is not t)
            assert not be.aliased(t, rest + (other,))
            for left_out in rest:
                assert be.aliased(t, tuple(u for u in rest if u is not left_out) + (other,)), (cached, left_out)
    assert not be.aliased(other, (a, v, g, p))


def test_overlap(be):
    """overlap(t, region): True for each element of t in the memory of one of region's
    (by the byte ranges, so an element a float32 view half covers counts); None (all
    False) where the memory of the two does not meet, and on a backend that never writes
    in place."""
    a = be.from_host(np.arange(12.0))
    grid = be.reshape(a, (3, 4))
    cases = [
        (grid, be.basic_view(a, (slice(5, 9),)), np.isin(np.arange(12), [5, 6, 7, 8]).reshape(3, 4)),
        (be.basic_view(a, (slice(None, None, 2),)), be.basic_view(a, (slice(1, None, 2),)), np.zeros(6, bool)),
        (be.permute(grid, (1, 0)), be.basic_view(grid, (slice(None), 1)), np.isin(np.arange(12).reshape(3, 4).T, [1, 5, 9])),
        (a, be.copy(a), np.zeros(12, bool)),
        (be.basic_view(a, (slice(0, 0),)), a, np.zeros(0, bool)),
        # a region whose elements fill their memory, t inside it (told from the spans)
        (a, be.permute(grid, (1, 0)), np.ones(12, bool)),
        (be.basic_view(a, (slice(2, 6),)), be.basic_view(grid, (slice(0, 2),)), np.ones(4, bool)),
        (be.basic_view(a, (slice(6, 10),)), be.basic_view(grid, (slice(0, 2),)), np.arange(6, 10) < 8),
    ]
    for t, region, want in cases:
        got = be.overlap(t, region)
        if got is None:  # all False, told at once (the memory does not meet)
            assert not (want.any() and be.strided)
            continue
        if got is True:  # all True, told at once (region covers t's memory)
            assert want.all() and be.strided
            continue
        assert got.dtype is D.bool_ and got.shape == t.shape
        check(host(be, got), want if be.strided else np.zeros(t.shape, bool), what="overlap")
    if be.strided:  # memory that does not meet, and memory covered: told without a tensor
        assert be.overlap(a, be.copy(a)) is None
        assert be.overlap(be.basic_view(a, (slice(3, 5),)), be.permute(grid, (1, 0))) is True
    if be.strided:
        h = np.zeros(4, dtype=np.complex128)
        c = be.from_host(h)
        parts = be.from_host(h.view(np.float64)[3:5])  # the imaginary part of 1, the real part of 2
        check(host(be, be.overlap(c, parts)), np.array([False, True, True, False]), what="overlap, itemsizes differ")


# ------------------------------------------------------------ gather, scatter
def _idx_gen(n, rng):
    return lambda shape: rng.integers(-n, n, size=shape).astype(np.int64)


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ALL_DTYPES)
def test_gather_scatter(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("gather", dtname, layout))
    data, rd = make(be, layout, (3, 4), pool_gen(dt, rng, finite=True))
    for axis in (0, 1):
        n = rd.shape[axis]
        if n == 0:
            continue
        ishape = (5, rd.shape[1]) if axis == 0 else (rd.shape[0], 6)
        idx, ri = make(be, partner(layout), ishape, _idx_gen(n, rng))
        want = np.take_along_axis(rd, ri % n, axis=axis)
        check(host(be, be.gather(data, idx, axis=axis)), want, what=f"gather axis={axis}")
        out = be.buffer(_dt(dtname), want.shape)
        assert be.gather(data, idx, axis=axis, out=out) is out
        check(host(be, out), want, what="gather out=")
        upd, ru = make(be, "flipped", ri.shape, pool_gen(dt, rng, finite=True))
        targets = []
        for c in np.ndindex(*ri.shape):
            tgt = list(c)
            tgt[axis] = int(ri[c]) % n
            targets.append((tuple(tgt), c))
        want_set = rd.copy()
        for tgt, c in targets:
            want_set[tgt] = ru[c]
        r = be.scatter(data, indices=idx, updates=upd, axis=axis)
        check(host(be, r), want_set, what=f"scatter set axis={axis}")
        assert_fresh(be, r, [(data, rd), (idx, ri), (upd, ru)])
        if dt.kind != "b":
            acc = rd.astype(np.float32 if dt == np.float16 else dt)
            with np.errstate(all="ignore"):
                for tgt, c in targets:
                    acc[tgt] += ru[c]
            r = be.scatter(data, indices=idx, updates=upd, axis=axis, mode="add")
            check(host(be, r), acc.astype(dt), exact=dt.kind not in "fc", what=f"scatter add axis={axis}")


def test_gather_scatter_known(be):
    H, F = (lambda t: host(be, t)), be.from_host
    data = F(np.arange(12.0).reshape(3, 4))
    assert H(be.gather(data, F(np.array([[3, 0], [1, 3], [0, 2]])), axis=1)).tolist() == [[3, 0], [5, 7], [8, 10]]
    t = F(np.full((1, 4), 7))
    assert H(be.scatter(t, indices=F(np.array([[1, 1, 3]])), updates=F(np.array([[10, 40, 20]])), axis=1)).tolist() == [[7, 40, 7, 20]]
    z = F(np.zeros((1, 4), np.int64))
    r = be.scatter(z, indices=F(np.array([[1, 1, 2, 1]])), updates=F(np.array([[10, 40, 20, 5]])), axis=1, mode="add")
    assert H(r).tolist() == [[0, 55, 20, 0]]
    with pytest.raises(IndexError):  # (a lazy backend raises when the values are computed)
        H(be.gather(data, F(np.array([[4]])), axis=1))


# ------------------------------------------------------------ unfold / fold
WINDOW_CONFIGS = [
    ((3, 7), (2,), (1,), (2,), ((1, 1),)),
    ((2, 4, 5), (2, 2), (1, 2), (1, 1), ((1, 0), (0, 1))),
    ((3, 3), (2, 2), (2, 2), (1, 1), ((1, 0), (0, 1))),
]


@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast", "flipped", "offset", "permuted", "masked"])
@pytest.mark.parametrize("dtname", ["bool", "int8", "uint16", "int64", "float16", "float32", "float64", "complex64"])
def test_unfold_fold(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("win", dtname, layout))
    small = (lambda shape: rng.integers(0, 10, size=shape).astype(dt)) if dt.kind != "b" else pool_gen(dt, rng)
    for shape, k, s, d, p in WINDOW_CONFIGS:
        x, rx = make(be, layout, shape, small)
        want = _ref_unfold(rx, k, s, d, p)
        r = be.unfold(x, kernel_size=k, stride=s, dilation=d, padding=p)
        check(host(be, r), want, what=f"unfold {shape} {k}")
        assert_fresh(be, r, [(x, rx)])
        if dt.kind == "b":
            continue
        y, ry = make(be, layout, want.shape, small)
        osz = shape[len(shape) - len(k):]
        wantf = _ref_fold(ry, osz, k, s, d, p)
        check(host(be, be.fold(y, output_size=osz, kernel_size=k, stride=s, dilation=d, padding=p)), wantf,
              exact=dt.kind not in "fc", what=f"fold {shape} {k}")


def test_unfold_fold_known(be):
    H, F = (lambda t: host(be, t)), be.from_host
    x = F(np.arange(10.0).reshape(2, 5))
    r = H(be.unfold(x, kernel_size=(2,), stride=(1,), dilation=(1,), padding=((0, 0),)))
    assert r.tolist() == [[[0, 1, 2, 3], [1, 2, 3, 4]], [[5, 6, 7, 8], [6, 7, 8, 9]]]
    y = be.unfold(F(np.arange(1.0, 9.0).reshape(1, 8)), kernel_size=(3,), stride=(1,), dilation=(1,), padding=((0, 0),))
    f = H(be.fold(y, output_size=(8,), kernel_size=(3,), stride=(1,), dilation=(1,), padding=((0, 0),)))
    assert f.tolist() == [[1, 4, 9, 12, 15, 18, 14, 8]]


# -------------------------------------------------------------- threefry
def test_threefry_known_answers(be):
    m = 0xFFFFFFFF
    kat = [((0, 0, 0, 0), (0x6B200159, 0x99BA4EFE)), ((m, m, m, m), (0x1CB996FC, 0xBB002BE7)),
           ((0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3), (0xC4923A9C, 0x483DF7A0))]
    for (k0, k1, c0, c1), want in kat:
        assert _threefry_ref(k0, k1, c0, c1) == want
        key = be.from_host(np.array([k0, k1], np.uint32).view(np.int32))
        ctr = be.from_host(np.array([c0, c1], np.uint32).view(np.int32))
        got = host(be, be.threefry(key, ctr))
        assert got.dtype == np.int32 and got.view(np.uint32).tolist() == list(want)
    # permuted inputs (the pair lies across a stride)
    key = be.permute(be.from_host(np.array([[1, 2], [-1, 0]], np.int32)), (1, 0))
    ctr = be.permute(be.from_host(np.array([[3, 4], [123, 456]], np.int32)), (1, 0))
    assert host(be, be.threefry(key, ctr)).tolist() == [[87518042, 1546382566], [1023420513, 1124216007]]


@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast", "flipped", "offset", "permuted", "masked", "empty"])
@pytest.mark.parametrize("dtname", ["int32", "uint32"])
def test_threefry(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("tf", dtname, layout))
    words = lambda shape: rng.integers(0, 2**32, size=shape, dtype=np.uint64).astype(np.uint32).view(dt)  # noqa: E731
    key, rk = make(be, layout, (3, 4, 2), words)
    ctr, rc = make(be, partner(layout), rk.shape, words)
    want = np.empty(rk.shape, np.uint32)
    uk, uc = rk.view(np.uint32) if rk.size else rk, rc.view(np.uint32) if rc.size else rc
    for p in np.ndindex(*rk.shape[:-1]):
        want[p] = _threefry_ref(int(uk[p][0]), int(uk[p][1]), int(uc[p][0]), int(uc[p][1]))
    got = host(be, be.threefry(key, ctr))
    check(got, want.view(dt), what=f"threefry {layout}")
    out = be.buffer(_dt(dtname), rk.shape)
    assert be.threefry(key, ctr, out=out) is out
    check(host(be, out), want.view(dt), what="threefry out=")


@pytest.mark.parametrize("dtname", ["uint32", "uint64"])
@pytest.mark.parametrize("shape", [(), (5,), (3, 4), (2, 0, 3)])
def test_random_bits(be, dtname, shape):
    """Element i: the Threefry block (y0, y1) of the counter (hi(i) | tag, lo(i)),
    reduced to y0 ^ y1 (uint32) or (y0 << 32) | y1 (uint64)."""
    m = 0xFFFFFFFF
    for k0, k1, tag in [(0, 0, 0), (m, 7, 0x80000000), (0x13198A2E, 0x03707344, 0x40000000)]:
        key = be.from_host(np.array([k0, k1], np.uint32))
        r = be.random_bits(key, shape=shape, dtype=_dt(dtname), tag=tag)
        want = []
        for i in range(math.prod(shape)):
            y0, y1 = _threefry_ref(k0, k1, (i >> 32) | tag, i & m)
            want.append(y0 ^ y1 if dtname == "uint32" else (y0 << 32) | y1)
        check(host(be, r), np.array(want, dtname).reshape(shape), what=f"random_bits {shape} {tag:#x}")
        assert r.dtype is _dt(dtname) and _dense(be.view(r))


# ----------------------------------------------------------------- matmul
@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast", "flipped", "offset", "permuted", "masked", "empty"])
@pytest.mark.parametrize("dtname", SINT + UINT + FLOAT + CPLX)
def test_matmul(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("mm", dtname, layout))
    g = pool_gen(dt, rng) if dt.kind in "iu" else normal_gen(dt, rng)
    exact = dt.kind in "iu"
    a, ra = make(be, layout, (3, 4), g)
    b, rb = make(be, partner(layout) if layout != "empty" else "contiguous", (4, 2), g)
    with np.errstate(all="ignore"):
        want = np.matmul(ra, rb)
    got = host(be, be.matmul(a, b))
    if dt == np.float16:
        _close(got.astype(np.float64), (ra.astype(np.float64) @ rb.astype(np.float64)), 2e-2, "matmul f16")
    else:
        check(got, want, exact=exact, what=f"matmul {layout}")
    out = be.buffer(_dt(dtname), want.shape)
    assert be.matmul(a, b, out=out) is out
    if dt != np.float16:
        check(host(be, out), want, exact=exact, what="matmul out=")
    # batched with broadcast batch dims
    a3, ra3 = make(be, layout, (2, 3, 4), g)
    b3, rb3 = embed(be, "permuted", g((1, 4, 5)))
    with np.errstate(all="ignore"):
        want3 = np.matmul(ra3, rb3)
    if dt != np.float16:
        check(host(be, be.matmul(a3, be.broadcast_to(b3, (ra3.shape[0], 4, 5)))), want3, exact=exact, what="matmul batched")


# -------------------------------------------------------------------- fft
@pytest.mark.parametrize("layout", ["contiguous", "strided", "broadcast", "flipped", "offset", "permuted", "masked"])
@pytest.mark.parametrize("dtname", ["float32", "float64", "complex64", "complex128"])
def test_fft(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("fft", dtname, layout))
    x, rx = make(be, layout, (4, 6), normal_gen(dt, rng))
    tol = 1e-4 if dt in (np.float32, np.complex64) else 1e-10
    cdt = np.complex64 if dt in (np.float32, np.complex64) else np.complex128
    rdt = np.float32 if cdt == np.complex64 else np.float64
    for axes in [(0,), (1,), (0, 1), (1, 0)]:
        ref = np.fft.fftn(rx.astype(np.complex128), axes=axes)
        scale = max(1.0, float(np.abs(ref).max()))
        got = host(be, be.fft(x, axes=axes))
        assert got.dtype == cdt
        _close(got / scale, ref / scale, tol, f"fft {axes}")
        got = host(be, be.ifft(x, axes=axes))
        n = math.prod(rx.shape[a] for a in axes)
        _close(got / scale, np.fft.ifftn(rx.astype(np.complex128), axes=axes) * n / scale, tol, f"ifft {axes}")
        if dt.kind == "f":
            got = host(be, be.rfft(x, axes=axes))
            assert got.dtype == cdt
            _close(got / scale, np.fft.rfftn(rx.astype(np.float64), axes=axes) / scale, tol, f"rfft {axes}")
        else:
            last = axes[-1]
            for s_last in (None, 2 * (rx.shape[last] - 1), 2 * rx.shape[last] - 1, 3):
                s = None if s_last is None else tuple(rx.shape[a] for a in axes[:-1]) + (s_last,)
                got = host(be, be.irfft(x, axes=axes, s=s))
                want = np.fft.irfftn(rx.astype(np.complex128), s=s, axes=axes, norm="forward")
                assert got.dtype == rdt
                _close(got / scale, want / scale, tol * 10, f"irfft {axes} s={s}")


def test_fft_known(be):
    H, F = (lambda t: host(be, t)), be.from_host
    assert np.allclose(H(be.fft(F(np.ones(4, np.complex128)), axes=(0,))), [4, 0, 0, 0])
    r = H(be.irfft(F(np.ones(3, np.complex128)), axes=(0,), s=(8,)))
    s2 = math.sqrt(2)
    assert np.allclose(r, [5, 1 + s2, -1, 1 - s2, 1, 1 - s2, -1, 1 + s2])
    assert np.allclose(H(be.irfft(F(np.ones(9, np.complex128)), axes=(0,), s=(8,))), [8, 0, 0, 0, 0, 0, 0, 0])


# ----------------------------------------------------------------- linalg
_LTOL = {"float32": 1e-4, "float64": 1e-10, "complex64": 1e-4, "complex128": 1e-10}


def _near(got, want, dtname, what):
    got, want = np.asarray(got, np.complex128), np.asarray(want, np.complex128)
    scale = max(1.0, float(np.abs(want).max(initial=0)))
    err = float(np.abs(got - want).max(initial=0)) / scale
    assert err < _LTOL[dtname] * 10, f"{what}: relative error {err}"


def _H(m):
    return np.conj(np.swapaxes(m, -1, -2))


@pytest.mark.parametrize("layout", EMBED)
@pytest.mark.parametrize("dtname", ["float32", "float64", "complex64", "complex128"])
def test_linalg(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("la", dtname, layout))
    g = normal_gen(dt, rng)
    H = lambda t: host(be, t)  # noqa: E731
    m = g((2, 4, 4))
    spd = (m @ _H(m) + 4 * np.eye(4)).astype(dt)
    a, ra = embed(be, layout, spd)
    for upper in (False, True):
        c = H(be.cholesky(a, upper=upper))
        assert c.dtype == dt
        tri = np.triu(c) if upper else np.tril(c)
        _near(c, tri, dtname, "cholesky triangle")
        _near(_H(c) @ c if upper else c @ _H(c), spd, dtname, f"cholesky upper={upper}")
    w, v = be.eigh(a)
    w, v = H(w), H(v)
    assert w.dtype == np.float64 and (np.diff(w, axis=-1) >= 0).all()
    _near(spd @ v, v * w[..., None, :], dtname, "eigh")
    assert be.eigh(a, vectors=False)[1] is None
    w, v = be.eig(a)
    w, v = H(w), H(v)
    assert w.dtype == np.complex128 and v.dtype == np.complex128
    _near(spd @ v, v * w[..., None, :], dtname, "eig")
    _near(spd @ H(be.inv(a)), np.broadcast_to(np.eye(4), spd.shape), dtname, "inv")
    _near(H(be.det(a)), np.linalg.det(spd.astype(np.complex128)), dtname, "det")
    sgn, logabs = be.slogdet(a)
    _near(H(sgn) * np.exp(H(logabs)), np.linalg.det(spd.astype(np.complex128)), dtname, "slogdet")
    rhs, rrhs = embed(be, layout, g((2, 4, 3)))
    _near(spd @ H(be.solve(a, rhs)), rrhs, dtname, "solve")
    # rectangular: qr, svd, pinv, rank
    rect, rr = embed(be, layout, g((2, 5, 3)))
    for reduced in (True, False):
        q, r = (H(t) for t in be.qr(rect, reduced=reduced))
        assert q.shape == ((2, 5, 3) if reduced else (2, 5, 5)) and r.shape == ((2, 3, 3) if reduced else (2, 5, 3))
        _near(q @ r, rr, dtname, "qr")
        _near(_H(q) @ q, np.broadcast_to(np.eye(q.shape[-1]), q.shape[:-2] + (q.shape[-1],) * 2), dtname, "qr orthonormal")
        _near(np.tril(r, -1), np.zeros_like(r), dtname, "qr R upper")
    for full in (True, False):
        u, s, vh = (H(t) for t in be.svd(rect, full_matrices=full))
        assert s.dtype == np.float64 and (np.diff(s, axis=-1) <= 0).all() and (s >= 0).all()
        k = s.shape[-1]
        _near(u[..., :, :k] * s[..., None, :] @ vh[..., :k, :], rr, dtname, f"svd full={full}")
        _near(H(be.svdvals(rect)), s, dtname, "svdvals")
    p = H(be.pinv(rect))
    _near(rr @ p @ rr, rr, dtname, "pinv")
    low_rank, _ = embed(be, layout, (g((5, 2)) @ g((2, 3))).astype(dt))
    assert int(H(be.matrix_rank(low_rank))) == 2
    # triangular solve: only the named triangle may be read (the other is junk)
    junk = g((2, 4, 4))
    for upper, transpose, unit in product((False, True), repeat=3):
        tri = np.triu(spd) if upper else np.tril(spd)
        stored = tri + (np.tril(junk, -1) if upper else np.triu(junk, 1))
        eff = tri.copy()
        if unit:
            idx = np.arange(4)
            eff[..., idx, idx] = 1
        at, _ = embed(be, layout, stored.astype(dt))
        x = H(be.triangular_solve(at, rhs, upper=upper, transpose=transpose, unit_diag=unit))
        op = _H(eff) if transpose else eff
        _near(op @ x, rrhs, dtname, f"triangular_solve upper={upper} T={transpose} unit={unit}")
    with pytest.raises(LinalgError):  # (a lazy backend raises when the values are computed)
        host(be, be.cholesky(be.from_host(-np.eye(3, dtype=dt))))


@pytest.mark.parametrize("layout", ["broadcast", "masked", "empty"])
def test_linalg_degenerate_layouts(be, layout):
    rng = np.random.default_rng(_seed("lad", layout))
    a, ra = make(be, layout, (5, 3), normal_gen(np.float64, rng))
    q, r = (host(be, t) for t in be.qr(a))
    _near(q @ r, ra, "float64", "qr")
    u, s, vh = (host(be, t) for t in be.svd(a, full_matrices=False))
    _near(u * s[None, :] @ vh, ra, "float64", "svd")


def test_triangular_solve_known(be):
    a = be.from_host(np.array([[2.0, 0, 0], [1, 3, 0], [-1, 2, 4]]))
    x = be.triangular_solve(a, be.from_host(np.array([2.0, 7, 15])), upper=False)
    assert np.allclose(host(be, x), [1, 2, 3])


# ------------------------------------------ NumPy-semantics primitives (namespace)
@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay != "scalar"])
@pytest.mark.parametrize("dtname", ["bool", "int8", "uint32", "int64", "float16", "float64", "complex64"])
def test_numpy_semantics_primitives(be, dtname, layout):
    dt = np.dtype(dtname)
    rng = np.random.default_rng(_seed("nps", dtname, layout))
    g = pool_gen(dt, rng, finite=dt.kind == "c")
    x, rx = make(be, layout, (3, 4), g)
    H = lambda t: host(be, t)  # noqa: E731
    n0 = rx.shape[0]
    idx, ri = make(be, partner(layout), (2, 3), lambda shape: rng.integers(0, 4, size=shape))
    check(H(be.take(x, idx, axis=1)), np.take(rx, ri, axis=1), what="take")
    if n0:
        i0 = be.from_host(np.array([n0 - 1, 0]))
        check(H(be.index(x, (i0, slice(None, None, -2)))), rx[np.array([n0 - 1, 0]), ::-2], what="index")
        mask = be.from_host(rx != 0)
        check(H(be.index(x, (mask,))), rx[rx != 0], what="index bool")
        check(H(be.index_array(x, i0)), rx[np.array([n0 - 1, 0])], what="index_array")
        check(H(be.index_array(x, mask)), rx[rx != 0], what="index_array bool")
        rows_mask = be.from_host(rx[:, 0] != 0)  # a mask of x's leading axis: whole rows
        check(H(be.index_array(x, rows_mask)), rx[rx[:, 0] != 0], what="index_array, a mask of rows")
        rows, rr = make(be, partner(layout), (2, 2), lambda shape: rng.integers(-n0, n0, size=shape))
        check(H(be.index_array(x, rows)), rx[rr], what="index_array, index of another layout")
        with pytest.raises(IndexError):
            H(be.index_array(x, be.from_host(np.array([0, n0]))))
    nz = be.nonzero(x)
    for got, want in zip(nz, np.nonzero(rx)):
        check(H(got), want.astype(np.int64), what="nonzero")
    check(H(be.isin(x, be.flip(x, (True, False)))), np.isin(rx, rx), what="isin")
    check(H(be.repeat(x, 2, axis=1)), np.repeat(rx, 2, axis=1), what="repeat")
    check(H(be.tril(x, 0)), np.tril(rx, 0), what="tril")
    check(H(be.triu(x, 1)), np.triu(rx, 1), what="triu")
    check(H(be.roll(x, (1, -2), (0, 1))), np.roll(rx, (1, -2), (0, 1)), what="roll")
    if n0 and x.view.mask is None:
        sv = be.basic_view(x, (slice(n0 - 1, None, -1), slice(3, 0, -2)))
        check(H(sv), rx[n0 - 1::-1, 3:0:-2], what="basic_view")
    if dt.kind != "c":
        vals, first, inv, counts = (H(t) for t in be.unique(x))
        flat = rx.ravel()
        if dt.kind != "f":  # (NaNs are all distinct: compared through the inverse below)
            check(vals, np.unique(flat), what="unique values")
        assert np.array_equal(vals[inv], flat, equal_nan=True) and counts.sum() == flat.size
        assert np.array_equal(flat[first], vals, equal_nan=True)
        # The primitives for part of unique's results give the same values, counts and inverse.
        check(H(be.unique_values(x)), vals, what="unique_values")
        v2, c2 = (H(t) for t in be.unique_counts(x))
        check(v2, vals, what="unique_counts values")
        check(c2, counts, what="unique_counts counts")
        v3, i3 = (H(t) for t in be.unique_inverse(x))
        check(v3, vals, what="unique_inverse values")
        assert i3.shape == (flat.size,) and i3.dtype == np.int64 and c2.dtype == np.int64
        assert np.array_equal(v3[i3], flat, equal_nan=True)
        srt = np.sort(rx.ravel())
        s_t = be.from_host(srt)
        for side in ("left", "right"):
            check(H(be.searchsorted(s_t, x, side=side)), np.searchsorted(srt, rx, side=side).astype(np.int64), what="searchsorted")
    if dt.kind in "fc" and dt != np.float16:
        y, ry = make(be, "flipped" if layout == "empty" else partner(layout), (4, 2), g)
        check(H(be.tensordot(x, y, axes=((1,), (0,)))), np.tensordot(rx, ry, axes=((1,), (0,))), exact=False, what="tensordot")
        z, rz = make(be, partner(layout), rx.shape, g)
        check(H(be.vecdot(x, z, axis=-1)), np.vecdot(rx, rz, axis=-1), exact=False, what="vecdot")
    if layout in EMBED:
        tgt, rt = embed(be, layout, g((3, 4)))
        be.index_put(tgt, (slice(None), be.from_host(np.array([0, 2]))), rt[:, [1, 3]].copy())
        want = rt.copy()
        want[:, [0, 2]] = rt[:, [1, 3]]
        check(H(tgt), want, what="index_put")


def test_views_see_writes(be):
    """A view of a buffer reads what ``assign`` later writes into that buffer."""
    base = be.from_host(np.zeros((4, 5)))
    views = {
        "strided": be.reshape(be.shrink(be.reshape(base, (4, 5, 1)), ((0, 4), (0, 5), (0, 1))), (4, 5)),
        "flipped": be.flip(base, (True, True)),
        "offset": be.shrink(base, ((1, 3), (1, 4))),
        "permuted": be.permute(base, (1, 0)),
        "masked": be.pad_view(be.shrink(base, ((1, 3), (1, 4))), ((1, 1), (0, 2))),
    }
    before = {k: host(be, v).copy() for k, v in views.items()}  # first reads (a backend may cache)
    new = np.arange(1.0, 21.0).reshape(4, 5)
    be.assign(base, be.from_host(new))
    want = {"strided": new, "flipped": new[::-1, ::-1], "offset": new[1:3, 1:4], "permuted": new.T,
            "masked": np.pad(new[1:3, 1:4], ((1, 1), (0, 2)))}
    if not be.strided:  # each tensor holds its own values: the views keep theirs
        changed = [k for k, v in views.items() if not np.array_equal(host(be, v), before[k])]
        assert not changed, f"views of an immutable backend changed: {changed}"
        return
    stale = [k for k, v in views.items() if not np.array_equal(host(be, v), want[k])]
    assert not stale, f"views not seeing the write: {stale} (first read {[before[k] for k in stale]})"


# ------------------------------------------------------------ memory safety
def _byte_bounds(arr: np.ndarray) -> tuple[int, int]:
    """[lo, hi) byte addresses ``arr`` can touch (``numpy.lib.array_utils.byte_bounds``)."""
    lo = hi = arr.__array_interface__["data"][0]
    for n, s in zip(arr.shape, arr.strides):
        if s < 0:
            lo += (n - 1) * s
        else:
            hi += (n - 1) * s
    return lo, hi + arr.itemsize


_MOVES = st.lists(
    st.tuples(st.sampled_from(["shrink", "flip", "permute", "expand", "pad", "reshape", "broadcast", "index", "diagonal"]), st.integers(0, 2**16)),
    max_size=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.lists(st.integers(0, 4), min_size=0, max_size=3), moves=_MOVES)
# an empty broadcast view reshaped: Dask could not merge the chunks of a (0, 2) into (0,)
@example(shape=[1], moves=[("pad", 1), ("broadcast", 2925), ("reshape", 0)])
def test_views_stay_inside_the_buffer(shape, moves):
    for name in BACKENDS:
        be = backend_of_kind(name)
        base = np.arange(1, math.prod(shape) + 1, dtype=np.int32).reshape(shape)
        t, ref = be.from_host(base.copy()), base.copy()
        for move, r in moves:
            n = ref.ndim
            try:
                if move == "shrink" and n and 0 not in ref.shape:
                    b = [((r >> i) % s, 0) for i, s in enumerate(ref.shape)]
                    b = [(lo, lo + 1 + (r >> (i + 3)) % (s - lo)) for i, ((lo, _), s) in enumerate(zip(b, ref.shape))]
                    t2 = be.shrink(t, tuple(b))
                    ref2 = ref[tuple(slice(lo, hi) for lo, hi in b)]
                elif move == "flip" and n:
                    fl = tuple(bool((r >> i) & 1) for i in range(n))
                    t2 = be.flip(t, fl)
                    ref2 = np.flip(ref, axis=tuple(i for i in range(n) if fl[i]))
                elif move == "permute" and n:
                    perm = tuple(np.random.default_rng(r).permutation(n).tolist())
                    t2, ref2 = be.permute(t, perm), ref.transpose(perm)
                elif move == "expand" and 1 in ref.shape:
                    new = tuple(1 + r % 3 if s == 1 else s for s in ref.shape)
                    t2, ref2 = be.broadcast_to(t, new), np.broadcast_to(ref, new)
                elif move == "pad" and n:
                    p = tuple(((r >> (2 * i)) % 3, (r >> (2 * i + 7)) % 2) for i in range(n))
                    t2, ref2 = be.pad_view(t, p), np.pad(ref, p)
                elif move == "reshape":
                    new = (ref.size,) if n != 1 else tuple(s for s in (1, ref.size))
                    t2, ref2 = be.reshape(t, new), ref.reshape(new)
                    if t2 is None:
                        continue  # needs a copy (masked view, incompatible strides)
                elif move == "broadcast" and n < 4:
                    new = (r % 3,) * (r % 2) + tuple(1 + (r >> (2 * i)) % 3 if s == 1 else s for i, s in enumerate(ref.shape))
                    t2, ref2 = be.broadcast_to(t, new), np.broadcast_to(ref, new)
                elif move == "index" and t.view.mask is None:
                    steps = (1, -1, 2, -3, 2**40, -(2**40))
                    sl = [slice((r >> (3 * i)) % (s + 1), None, steps[(r >> (3 * i + 1)) % 6]) for i, s in enumerate(ref.shape)]
                    if r % 2 and n < 4:
                        sl.insert(r % (n + 1), None)
                    t2, ref2 = be.basic_view(t, tuple(sl)), ref[tuple(sl)]
                elif move == "diagonal" and n >= 2:
                    off = r % (ref.shape[-2] + ref.shape[-1] + 3) - ref.shape[-2] - 1
                    t2, ref2 = be.with_view(t, t.view.diagonal(off)), np.diagonal(ref, off, -2, -1)
                else:
                    continue
            except NxInvalidArgument:
                continue  # a View op refused (masked expand)
            t, ref = t2, ref2
            assert np.array_equal(host(be, t), ref), f"{move}: {t.view!r}"
            if name == "numpy" and t.view.mask is None and ref.size:
                arr = _strided.strided(t.buffer, t.view)
                lo, hi = _strided.extent(t.view)
                assert 0 <= lo <= hi < t.buffer.size
                blo, bhi = _byte_bounds(arr)
                buf_lo, buf_hi = _byte_bounds(t.buffer)
                assert buf_lo <= blo and bhi <= buf_hi
                assert np.shares_memory(arr, t.buffer)
            if name == "numpy" and t.view.mask is not None:
                # A masked read never addresses the buffer outside the valid box.
                got = _strided.read(t.buffer, t.view)
                assert np.array_equal(got, ref)


def test_out_of_buffer_views_are_refused(be):
    buf = be.from_host(np.arange(10.0))
    bad = [View.create((4,), offset=8), View.create((4,), offset=2, strides=(-1,)),
           View.create((3, 3), strides=(4, 1)), View.create((2,), offset=-1)]
    for v in bad:
        with pytest.raises(NxInvalidArgument):
            host(be, be.with_view(buf, v))
    ok = View.create((2, 2), offset=9, strides=(-3, -6))
    assert host(be, be.with_view(buf, ok)).tolist() == [[9, 3], [6, 0]]


def test_strided_refuses_out_of_buffer_views():
    buf = np.arange(10.0)
    with pytest.raises(NxInvalidArgument):
        _strided.strided(buf, View.create((4,), offset=8))
    with pytest.raises(NxInvalidArgument):
        _strided.strided(buf, View.create((4,), offset=1, strides=(3,)))
    assert _strided.strided(buf, View.create((4,), offset=6)).tolist() == [6, 7, 8, 9]
    # A masked view whose invalid region lies outside the buffer is fine: never read.
    padded = View.create((10,)).pad(((3, 2),))
    assert _strided.read(buf, padded).tolist() == [0, 0, 0] + list(range(10)) + [0, 0]


@pytest.mark.parametrize("layout", ["contiguous", "flipped", "offset", "permuted", "masked"])
@pytest.mark.parametrize("bad", [slice(1.0, 3), slice(1, 3.0), slice(1, 3, 0), slice(1, 3, 1.5), slice(None, 2, "a")],
                         ids=["float-start", "float-stop", "zero-step", "float-step", "str-step"])
def test_basic_view_refuses_what_slice_indices_refuses(be, layout, bad):
    """basic_view(t, key) with a slice that slice.indices refuses raises as slice.indices
    does (TypeError, ValueError), before any effect: the namespaces' fast paths for
    x[a:b, ...] and x[a:b] rely on it."""
    t, ref = make(be, layout, (4, 3), lambda shape: np.arange(math.prod(shape), dtype=np.float64).reshape(shape))
    with pytest.raises((TypeError, ValueError)) as want:
        bad.indices(4)
    with pytest.raises(want.type):
        be.basic_view(t, (bad, Ellipsis))
    assert np.array_equal(host(be, t), ref)
