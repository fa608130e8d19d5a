"""Bad arguments to every public function: a contract error naming the function, nothing else.

``SPECS`` is the table of argument "shapes": for each public function of
``nx_array_api`` (``__all__``), ``nx_array_api.linalg``, ``nx_array_api.fft`` and
``nx_array_api.random``, a builder of a valid call and, per parameter, the kinds of bad
value to put there. The call is assembled from ``inspect.signature`` (positional-only
parameters by position, the rest by keyword), so the table is checked against the
2025.12 signatures too. One test case per (function, parameter, kind), in chunks of at
most ``MAX_CASES`` per test function (``test_bad_argument_raises_contract_error_<k>``):
exactly one argument is bad per call, and the call must raise the kind's exception (TypeError for wrong types, ValueError for bad
values and shapes, IndexError for out-of-range indices; AxisError is both) with a
message that starts with the function's name. ``test_spec_covers_namespace`` fails when
a public function has no entry.

The second half checks valid-but-odd inputs (empty and 0-d arrays) against NumPy.
"""

from __future__ import annotations

import fnmatch
import inspect
import math
import operator
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nx_array_api as xp
import nx_array_api.strict as sx
import nx_array_api.random  # noqa: F401 - fuzzed below as xp.random
from nx_fuzz import (
    CATEGORY, FUZZ, MAX_CASES, NP_OF, NX_DTYPES, PER_CASE, expect_error, no_hang, np_values, ordered, promoted, refused_with,
)

# ====================================================================== values
NOT_ARRAYS = [None, "abc", b"ab", object(), [1, 2], (1.0,), {1: 2}, np.ones(2), np.float64(1.0), xp.float64]
NOT_INTS = [1.5, "1", None, object(), [1], 1j, np.float64(1.0)]
NOT_FLAGS = ["no", "", 1.5, object(), [True]]
NOT_DTYPES = ["float32", "int64", np.float32, np.dtype("int32"), float, int, object(), 3, "f8"]
BAD_DEVICES = ["gpu", "cuda:0", object(), 1, ("cpu", 0)]
NOT_STRINGS = [3, object(), b"ortho", 1.5]
NOT_SCALARS = ["1", b"1", object(), [1], (1,), {}, np.ones(2)]
HUGE_SHAPES = [(2**32, 2**32), (2**62, 4), (2**63,), (2**21, 2**21, 2**21), (10**30,), (2**40, 2**40, 0, 2**40, 2**40)]

ERR_TYPE = (TypeError,)
ERR_VALUE = (ValueError,)
ERR_INDEX = (IndexError,)
ERR_AXIS = (ValueError, IndexError)  # AxisError is both; either base is acceptable
ERR_ANY = (TypeError, ValueError, IndexError)
ERR_SIZE = (ValueError, MemoryError)


class Patch(dict):
    """A bad value that also sets other parameters (to keep the rest of the call valid)."""


class Bad:
    """One kind of bad value for a parameter: a strategy of values given the valid call."""

    def __init__(self, label: str, make: Callable[[Any, dict], Any], raises: tuple, xfail: str | None = None) -> None:
        self.label, self.make, self.raises, self.xfail = label, make, raises, xfail

    def with_xfail(self, reason: str) -> "Bad":
        return Bad(self.label, self.make, self.raises, reason)


def _ndim(call: dict) -> int:
    """The rank the axis arguments refer to: of x (or x1, or the first array)."""
    for k in ("x", "x1", "arrays"):
        v = call.get(k)
        if isinstance(v, xp.Array):
            return v.ndim
        if isinstance(v, (list, tuple)) and v and isinstance(v[0], xp.Array):
            return v[0].ndim
    for v in call.values():
        if isinstance(v, xp.Array):
            return v.ndim
        if isinstance(v, (list, tuple)) and v and isinstance(v[0], xp.Array):
            return v[0].ndim
    return 0


def _first_array(call: dict) -> Any:
    for v in call.values():
        if isinstance(v, xp.Array):
            return v
    raise AssertionError("no array in call")


def not_array(exclude_scalars: bool = False) -> Bad:
    vals = NOT_ARRAYS if not exclude_scalars else [v for v in NOT_ARRAYS if not isinstance(v, (int, float, complex))]
    return Bad("not-an-array", lambda d, c: d(st.sampled_from(vals)), ERR_TYPE)


def bad_dtype_array(category: str, like: str | None = None, partner: str | None = None, ints_to_float: bool = False) -> Bad:
    """An nx array of a dtype outside ``category``, shaped like the valid one; with a
    ``partner`` operand, one whose promotion with the partner falls outside ``category``
    (both operands get a dtype outside it when every dtype promotes into it)."""
    bad = ordered(set(NX_DTYPES) - CATEGORY[category])

    def make(d: Any, c: dict) -> Any:
        ref = c[like] if like else _first_array(c)
        if partner is not None:
            cands = refused_with(c[partner].dtype, category, ints_to_float)
            if not cands:
                dt = d(st.sampled_from(bad))
                return Patch({k: xp.asarray(np_values(dt, c[k].shape, 0)) for k in (partner, "x1")})
            return xp.asarray(np_values(d(st.sampled_from(cands)), ref.shape, d(st.integers(0, 99))))
        dt = d(st.sampled_from(bad))
        return xp.asarray(np_values(dt, ref.shape, d(st.integers(0, 99))))

    return Bad(f"dtype-outside-{category}", make, ERR_TYPE)


def bad_axis(allow_none: bool = True, tuples: bool = False, extra: int = 0, seq_only: bool = False, dups: bool = True) -> list[Bad]:
    """Out-of-range ints, non-int types, and (for tuple axes) duplicates.

    ``seq_only``: the parameter takes a sequence of axes only (fft's ``axes``).
    ``dups=False``: repeated axes are allowed (roll and fftshift add the shifts up).
    """
    tuples = tuples or seq_only

    def out_of_range(d: Any, c: dict) -> Any:
        n = _ndim(c) + extra
        a = d(st.one_of(st.integers(n, n + 5), st.integers(-n - 5, -n - 1), st.sampled_from([2**31, 2**63, -(2**63) - 1, 2**70])))
        return (a,) if seq_only or (tuples and d(st.booleans())) else a

    def wrong_type(d: Any, c: dict) -> Any:
        vals = [1.5, "0", object(), 1j, np.float64(0)] + ([] if allow_none else [None]) + ([] if tuples else [[0], (0,)])
        v = d(st.sampled_from(vals))
        if tuples and (seq_only or d(st.booleans())) and not isinstance(v, tuple) and v is not None:
            return (0, v) if _ndim(c) + extra >= 1 and d(st.booleans()) else (v,)
        return v

    out = [Bad("axis-out-of-range", out_of_range, ERR_AXIS), Bad("axis-wrong-type", wrong_type, ERR_TYPE)]
    if tuples and dups:

        def dup(d: Any, c: dict) -> Any:
            n = _ndim(c) + extra
            if n == 0:
                return (0, 0)  # also out of range: either error is fine
            a = d(st.integers(0, n - 1))
            b = d(st.sampled_from([a, a - n]))
            return (a, b) if d(st.booleans()) else (b, a)

        out.append(Bad("axis-duplicate", dup, ERR_AXIS))
    return out


def bad_shape(allocates: bool = True) -> list[Bad]:
    """Negative entries, wrong types, element counts past 2**63 and, for functions that
    allocate, counts that fit int64 but no address space (2**47 elements and more:
    every allocator refuses them, so the test never really allocates)."""
    def negative(d: Any, c: dict) -> Any:
        s = d(st.lists(st.integers(0, 3), max_size=3))
        s.insert(d(st.integers(0, len(s))), d(st.integers(-(2**63), -2)))
        return tuple(s)

    def wrong_type(d: Any, c: dict) -> Any:
        return d(st.sampled_from([(2, 1.5), ("a",), "ab", (None, 2), ((2,), 3), 2.0, object(), (1j,), (np.float64(2),)]))

    def huge(d: Any, c: dict) -> Any:
        return d(st.sampled_from(HUGE_SHAPES))

    out = [Bad("shape-negative", negative, ERR_VALUE), Bad("shape-wrong-type", wrong_type, ERR_TYPE), Bad("shape-overflow", huge, ERR_SIZE)]
    if allocates:
        out.append(Bad("shape-unallocatable", lambda d, c: d(st.sampled_from([(2**47,), (2**24, 2**24), (2**16, 2**16, 2**16)])), ERR_SIZE))
    return out


def bad_dtype(category: str | None = None) -> list[Bad]:
    out = [Bad("dtype-not-a-dtype", lambda d, c: d(st.sampled_from(NOT_DTYPES)), ERR_TYPE)]
    if category:
        bad = ordered(set(NX_DTYPES) - CATEGORY[category])
        if bad:
            out.append(Bad(f"dtype-outside-{category}", lambda d, c: d(st.sampled_from(bad)), ERR_TYPE))
    return out


BAD_DEVICE = Bad("device-unknown", lambda d, c: d(st.sampled_from(BAD_DEVICES)), ERR_ANY)
BAD_FLAG = Bad("flag-not-bool", lambda d, c: d(st.sampled_from(NOT_FLAGS)), ERR_TYPE)
BAD_COPY = Bad("copy-not-bool", lambda d, c: d(st.sampled_from(["yes", 1.5, object(), [True]])), ERR_ANY)


def bad_int(negative: bool = False, none_ok: bool = True, huge: bool = False, low: int = -1) -> list[Bad]:
    vals = [v for v in NOT_INTS if not (v is None and none_ok)]
    out = [Bad("int-wrong-type", lambda d, c: d(st.sampled_from(vals)), ERR_TYPE)]
    if negative:
        out.append(Bad("int-too-small", lambda d, c: d(st.integers(-(2**70), low)), ERR_VALUE))
    if huge:
        out.append(Bad("int-huge", lambda d, c: d(st.sampled_from([2**63, 2**70, 10**30])), ERR_SIZE))
    return out


def bad_choice(none_ok: bool = False) -> list[Bad]:
    vals = NOT_STRINGS + ([] if none_ok else [None])
    return [
        Bad("choice-unknown", lambda d, c: d(st.sampled_from(["bogus", "", "BACKWARD", "left ", "xy\0"])), ERR_VALUE),
        Bad("choice-wrong-type", lambda d, c: d(st.sampled_from(vals)), ERR_ANY),
    ]


BAD_SCALAR = Bad("scalar-wrong-type", lambda d, c: d(st.sampled_from(NOT_SCALARS)), ERR_TYPE)


# ============================================================ valid builders
def arr(d: Any, category: str = "numeric", shape: tuple | None = None, min_dims: int = 0, max_dims: int = 3, max_side: int = 3,
        min_side: int = 0, dtype: Any = None) -> Any:
    dt = dtype if dtype is not None else d(st.sampled_from(ordered(CATEGORY[category])))
    if shape is None:
        shape = tuple(d(st.lists(st.integers(min_side, max_side), min_size=min_dims, max_size=max_dims)))
    return xp.asarray(np_values(dt, shape, d(st.integers(0, 2**16))))


def arrays(d: Any, category: str, *shapes: tuple) -> list:
    """Arrays of one dtype and the given shapes."""
    dt = d(st.sampled_from(ordered(CATEGORY[category])))
    return [arr(d, shape=s, dtype=dt) for s in shapes]


def matrix(d: Any, category: str = "real floating-point", square: bool = True, batch: bool = True) -> Any:
    n = d(st.integers(1, 3))
    m = n if square else d(st.integers(1, 3))
    b = tuple(d(st.lists(st.integers(1, 2), max_size=1))) if batch else ()
    dt = d(st.sampled_from(ordered(CATEGORY[category])))
    a = np_values(dt, b + (n, m), d(st.integers(0, 2**16)))
    if square and dt in CATEGORY["floating-point"]:
        a = a + NP_OF[dt].type(4) * np.eye(n, dtype=NP_OF[dt])  # well conditioned, positive definite-ish
        a = (a + np.swapaxes(a, -1, -2).conj()) / 2 if d(st.booleans()) else a
    return xp.asarray(a)


def spd(d: Any) -> Any:
    n = d(st.integers(1, 3))
    a = np_values(xp.float64, (n, n), d(st.integers(0, 99)))
    return xp.asarray(a @ a.T + n * np.eye(n))


def sorted1d(d: Any) -> Any:
    a = np.sort(np_values(xp.float64, (d(st.integers(1, 5)),), d(st.integers(0, 99))))
    return xp.asarray(a)


# ================================================================== the table
# name -> (valid builder, {param: [Bad, ...]})
SPECS: dict[str, tuple[Callable[[Any], dict], dict[str, list[Bad]]]] = {}


def spec(name: str, valid: Callable[[Any], dict], **bad: list[Bad]) -> None:
    SPECS[name] = (valid, bad)


# ---- element-wise: categories as the standard writes them ("Should have a ... data type")
UNARY = {
    "floating-point": "acos acosh asin asinh atan atanh cos cosh exp expm1 log log1p log2 log10 sin sinh sqrt tan tanh reciprocal",
    "numeric": "abs isfinite isinf isnan negative positive round sign square conj real imag",
    "integer or boolean": "bitwise_invert",
    "all": "logical_not",
    "real floating-point": "signbit",
    "real numeric": "ceil floor trunc",
}
BINARY = {
    "numeric": "add subtract multiply pow divide",
    "real floating-point": "atan2 copysign hypot logaddexp nextafter",
    "integer or boolean": "bitwise_and bitwise_or bitwise_xor",
    "integer": "bitwise_left_shift bitwise_right_shift",
    "all": "equal not_equal",
    "real numeric": "less less_equal greater greater_equal maximum minimum floor_divide remainder",
    "bool": "logical_and logical_or logical_xor",
}
UNARY_CAT = {f: c for c, fs in UNARY.items() for f in fs.split()}
BINARY_CAT = {f: c for c, fs in BINARY.items() for f in fs.split()}
# divide: the standard asks for floating-point; the drop-in divides integers and bools as
# float64, as NumPy does (so every pair of dtypes). The logical functions take numeric
# operands by their truth, as NumPy does.
BINARY_ACCEPTS = {"divide": "all", "logical_and": "all", "logical_or": "all", "logical_xor": "all"}


for _f, _c in UNARY_CAT.items():
    _bad = {"x": [not_array()]}
    if set(NX_DTYPES) - CATEGORY[_c]:
        _bad["x"].append(bad_dtype_array(_c))
    spec(_f, lambda d, _c=_c: {"x": arr(d, _c)}, **_bad)


def _binary_mismatch(category: str, lenient: bool = False, compares: bool = False) -> list[Bad]:
    """Non-broadcastable shapes; dtype pairs with no promotion; Python scalars of the wrong kind or range."""

    def shapes(d: Any, c: dict) -> Any:
        x1 = c["x1"]
        a, b = d(st.lists(st.sampled_from([0, 2, 3, 4]), min_size=2, max_size=2, unique=True))
        lead = tuple(d(st.lists(st.integers(1, 3), max_size=2)))
        x1 = xp.asarray(np_values(x1.dtype, lead + (a,), d(st.integers(0, 99))))
        x2 = xp.asarray(np_values(x1.dtype, (b,) if d(st.booleans()) else lead + (b,), d(st.integers(0, 99))))
        return Patch(x1=x1, x2=x2)

    def dtypes(d: Any, c: dict) -> Any:
        x1 = c["x1"]
        cands = [b for b in NX_DTYPES if promoted(x1.dtype, b) is None]
        if not cands:
            return Patch(x1=xp.asarray([1], dtype=xp.int64), x2=xp.asarray([1], dtype=xp.uint64))
        return xp.asarray(np_values(d(st.sampled_from(cands)), x1.shape, 0))

    def scalar(d: Any, c: dict) -> Any:
        x1 = c["x1"]
        k = NP_OF[x1.dtype].kind
        cands: list = []
        # (the drop-in's Python scalars of another kind are NumPy 2's: a number with a
        # bool array gives its default dtype, a bool with a numeric array that array's,
        # a float or complex with integers float64 or complex128; refused where the
        # result is outside the function's category)
        if k == "b":
            cands += [v for v, d in ((1, xp.int64), (1.5, xp.float64), (1j, xp.complex128)) if d not in CATEGORY[category]]
            cands += [2**64, -(2**64)]  # out of int64's range
        elif k in "iu":
            info = np.iinfo(NP_OF[x1.dtype])
            if not compares:  # (a comparison compares an int beyond the range exactly, as NumPy 2)
                cands += [int(info.max) + 1, int(info.min) - 1, 2**64, -(2**64)]
            cands += [v for v, d in ((1.5, xp.float64), (1j, xp.complex128)) if d not in CATEGORY[category]]
        else:
            cands += [10**400, -(10**400)]  # too large for any floating-point dtype
            if k == "f" and xp.complex128 not in CATEGORY[category]:
                cands += [1j]
        assume(cands)
        return d(st.sampled_from(cands))

    out = [Bad("shapes-not-broadcastable", shapes, ERR_VALUE)]
    if not lenient:
        out += [Bad("dtypes-not-promotable", dtypes, ERR_TYPE), Bad("scalar-wrong-kind-or-range", scalar, ERR_ANY)]
    return out


for _f, _c in BINARY_CAT.items():
    _acc = BINARY_ACCEPTS.get(_f, _c)
    _cmp = _f in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")
    _bad = {"x1": [not_array(exclude_scalars=True)], "x2": [not_array(exclude_scalars=True)] + _binary_mismatch(_acc, lenient=_f in BINARY_ACCEPTS, compares=_cmp)}
    if set(NX_DTYPES) - CATEGORY[_acc]:
        _bad["x1"].append(bad_dtype_array(_acc, partner="x2", ints_to_float=_f == "divide"))
    spec(_f, lambda d, _c=_c: {"x1": (a := arr(d, _c)), "x2": xp.asarray(np_values(a.dtype, a.shape, 1))}, **_bad)

spec("clip", lambda d: {"x": arr(d, "real numeric"), "min": None, "max": None},
     x=[not_array(), bad_dtype_array("real numeric")], min=[BAD_SCALAR], max=[BAD_SCALAR])

# ---- creation
_SHAPE = bad_shape()
spec("arange", lambda d: {"start": d(st.integers(0, 5)), "stop": None, "step": 1, "dtype": None, "device": None},
     start=[BAD_SCALAR], stop=[BAD_SCALAR], step=[BAD_SCALAR, Bad("step-zero", lambda d, c: d(st.sampled_from([0, 0.0])), ERR_VALUE)],
     dtype=bad_dtype("numeric"), device=[BAD_DEVICE])  # complex dtypes too, as NumPy
spec("asarray", lambda d: {"obj": [1, 2], "dtype": None, "device": None, "copy": None},
     obj=[Bad("obj-unreadable", lambda d, c: d(st.sampled_from([object(), "abc", {1: 2}, [[1, 2], [3]], [1, "a"], [object()], {1, 2}, [None]])), ERR_ANY),
          Bad("obj-int-overflow", lambda d, c: d(st.sampled_from([2**64, [2**64], [1, -(2**64)], 10**30])), ERR_ANY)],
     dtype=bad_dtype(), device=[BAD_DEVICE], copy=[BAD_COPY,
     Bad("copy-false-needs-copy", lambda d, c: False, ERR_VALUE)])
for _f in ("empty", "zeros", "ones"):
    spec(_f, lambda d: {"shape": (2,), "dtype": None, "device": None}, shape=_SHAPE, dtype=bad_dtype(), device=[BAD_DEVICE])
for _f in ("empty_like", "zeros_like", "ones_like"):
    spec(_f, lambda d: {"x": arr(d, "all"), "dtype": None, "device": None}, x=[not_array()], dtype=bad_dtype(), device=[BAD_DEVICE])
spec("full", lambda d: {"shape": (2,), "fill_value": 1, "dtype": None, "device": None},
     shape=_SHAPE, fill_value=[BAD_SCALAR], dtype=bad_dtype(), device=[BAD_DEVICE])
spec("full_like", lambda d: {"x": arr(d, "real floating-point"), "fill_value": 1.0, "dtype": None, "device": None},
     x=[not_array()], fill_value=[BAD_SCALAR], dtype=bad_dtype(), device=[BAD_DEVICE])
spec("eye", lambda d: {"n_rows": 2, "n_cols": None, "k": 0, "dtype": None, "device": None},
     n_rows=bad_int(negative=True, none_ok=False, huge=True), n_cols=bad_int(negative=True, huge=True), k=bad_int(none_ok=False),
     dtype=bad_dtype(), device=[BAD_DEVICE])
spec("linspace", lambda d: {"start": 0.0, "stop": 1.0, "num": 3, "dtype": None, "device": None, "endpoint": True},
     start=[BAD_SCALAR], stop=[BAD_SCALAR], num=bad_int(negative=True, none_ok=False, huge=True), dtype=bad_dtype(),
     device=[BAD_DEVICE], endpoint=[BAD_FLAG])
spec("meshgrid", lambda d: {"arrays": arrays(d, "numeric", (2,), (3,)), "indexing": "xy"},
     arrays=[Bad("arrays-not-arrays", lambda d, c: [xp.asarray([1]), d(st.sampled_from(NOT_ARRAYS))], ERR_TYPE),
             Bad("arrays-not-1d", lambda d, c: [xp.asarray([[1, 2]]), xp.asarray([1])], ERR_VALUE)],
     indexing=bad_choice())
spec("tril", lambda d: {"x": arr(d, "all", min_dims=2), "k": 0}, x=[not_array(), Bad("x-1d", lambda d, c: xp.asarray([1, 2]), ERR_VALUE)], k=bad_int(none_ok=False))
spec("triu", lambda d: {"x": arr(d, "all", min_dims=2), "k": 0}, x=[not_array(), Bad("x-1d", lambda d, c: xp.asarray([1, 2]), ERR_VALUE)], k=bad_int(none_ok=False))
spec("from_dlpack", lambda d: {"x": arr(d, "all"), "device": None, "copy": None},
     x=[Bad("x-not-dlpack", lambda d, c: d(st.sampled_from([None, "abc", object(), [1, 2], 3])), ERR_TYPE)],
     device=[BAD_DEVICE], copy=[BAD_COPY])

# ---- data types
spec("astype", lambda d: {"x": arr(d, "real numeric"), "dtype": xp.float64, "copy": True, "device": None},
     x=[not_array()], dtype=bad_dtype(), copy=[BAD_FLAG], device=[BAD_DEVICE])
spec("can_cast", lambda d: {"from_": xp.int8, "to": xp.int16},
     from_=[Bad("from-not-dtype", lambda d, c: d(st.sampled_from(NOT_DTYPES + [None])), ERR_TYPE)],
     to=[Bad("to-not-dtype", lambda d, c: d(st.sampled_from(NOT_DTYPES + [None])), ERR_TYPE)])
spec("finfo", lambda d: {"type": xp.float32},
     type=[Bad("type-not-float", lambda d, c: d(st.sampled_from(NOT_DTYPES + [xp.int32, xp.bool, None])), ERR_ANY)])
spec("iinfo", lambda d: {"type": xp.int32},
     type=[Bad("type-not-int", lambda d, c: d(st.sampled_from(NOT_DTYPES + [xp.float32, xp.bool, xp.complex64, None])), ERR_ANY)])
spec("isdtype", lambda d: {"dtype": xp.int32, "kind": "integral"},
     dtype=[Bad("dtype-not-dtype", lambda d, c: d(st.sampled_from(NOT_DTYPES + [None])), ERR_TYPE)],
     kind=bad_choice() + [Bad("kind-tuple-bad", lambda d, c: ("integral", d(st.sampled_from(["bogus", 3, None]))), ERR_ANY)])
spec("result_type", lambda d: {"arrays_and_dtypes": [xp.int8, xp.asarray([1], dtype=xp.int16), 1]},
     arrays_and_dtypes=[Bad("args-not-dtypes", lambda d, c: [xp.int8, d(st.sampled_from(["int8", object(), None, [1], np.int8]))], ERR_TYPE),
                        Bad("args-not-promotable", lambda d, c: d(st.sampled_from([[xp.int64, xp.uint64], [xp.int8, xp.uint64], [xp.asarray(1, dtype=xp.int16), xp.uint64]])), ERR_TYPE),
                        Bad("args-none", lambda d, c: [], ERR_ANY)])

# ---- indexing
spec("take", lambda d: {"x": arr(d, "all", min_dims=1, min_side=1), "indices": xp.asarray([0]), "axis": 0},
     x=[not_array()], indices=[not_array(), bad_dtype_array("integer", like="indices"),
                               Bad("indices-out-of-range", lambda d, c: xp.asarray([d(st.sampled_from([10, -10, 2**62]))]), ERR_INDEX),
                               Bad("indices-2d", lambda d, c: xp.asarray([[0]]), ERR_ANY)],
     axis=bad_axis(allow_none=True))
spec("take_along_axis", lambda d: {"x": (x := arr(d, "all", shape=(2, 3))), "indices": xp.asarray([[0, 1, 2], [2, 1, 0]]), "axis": -1},
     x=[not_array()], indices=[not_array(), bad_dtype_array("integer", like="indices"),
                               Bad("indices-out-of-range", lambda d, c: xp.asarray([[0, 1, 3], [2, 1, 0]]), ERR_INDEX),
                               Bad("indices-wrong-ndim", lambda d, c: xp.asarray([0, 1]), ERR_VALUE)],
     axis=bad_axis(allow_none=False))

# ---- linear algebra (main namespace)
spec("matmul", lambda d: {"x1": (a := matrix(d, "numeric", square=False, batch=False)), "x2": xp.asarray(np_values(a.dtype, a.shape[::-1], 0))},
     x1=[not_array(), bad_dtype_array("numeric")],
     x2=[not_array(), Bad("x2-inner-mismatch", lambda d, c: xp.asarray(np_values(c["x1"].dtype, (c["x1"].shape[-1] + 1, 2), 0)), ERR_VALUE),
         Bad("x2-0d", lambda d, c: xp.asarray(np_values(c["x1"].dtype, (), 0)), ERR_VALUE)])
spec("matrix_transpose", lambda d: {"x": arr(d, "all", min_dims=2)}, x=[not_array(), Bad("x-1d", lambda d, c: xp.asarray([1.0]), ERR_VALUE)])
spec("tensordot", lambda d: {"x1": (a := arr(d, "numeric", shape=(2, 3))), "x2": xp.asarray(np_values(a.dtype, (3, 2), 0)), "axes": 1},
     x1=[not_array()], x2=[not_array()],
     axes=[Bad("axes-bad", lambda d, c: d(st.sampled_from([-1, 3, 2**63, ((0,), (0,)), ((5,), (0,)), ((1, 1), (0, 0)), ((1,), (0, 1))])), ERR_AXIS),
           Bad("axes-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None, object(), ((0.5,), (0,))])), ERR_TYPE)])
spec("vecdot", lambda d: {"x1": (a := arr(d, "numeric", shape=(2, 3))), "x2": xp.asarray(np_values(a.dtype, (2, 3), 0)), "axis": -1},
     x1=[not_array()], x2=[not_array(), Bad("x2-size-mismatch", lambda d, c: xp.asarray(np_values(c["x1"].dtype, (2, 4), 0)), ERR_VALUE)],
     axis=bad_axis(allow_none=False))

# ---- manipulation
_AX = bad_axis(allow_none=True, tuples=True)
spec("broadcast_arrays", lambda d: {"arrays": arrays(d, "all", (2, 1), (3,))},
     arrays=[Bad("arrays-not-arrays", lambda d, c: [xp.asarray([1]), d(st.sampled_from(NOT_ARRAYS))], ERR_TYPE),
             Bad("arrays-mismatch", lambda d, c: [xp.asarray([1, 2]), xp.asarray([1, 2, 3])], ERR_VALUE)])
spec("broadcast_shapes", lambda d: {"shapes": [(2, 1), (3,)]},
     shapes=[Bad("shapes-mismatch", lambda d, c: [(2,), (3,)], ERR_VALUE), Bad("shapes-negative", lambda d, c: [(2,), (-2,)], ERR_VALUE),
             Bad("shapes-wrong-type", lambda d, c: [(2,), d(st.sampled_from([(1.5,), ("a",), "ab", object(), None]))], ERR_TYPE)])
spec("broadcast_to", lambda d: {"x": arr(d, "all", shape=(1, 2)), "shape": (3, 2)},
     x=[not_array()], shape=bad_shape(allocates=False) + [Bad("shape-incompatible", lambda d, c: d(st.sampled_from([(3,), (2, 3), (0, 0)])), ERR_VALUE),
                                           Bad("shape-overflow-compatible", lambda d, c: d(st.sampled_from([(2**40, 2**40, 1, 2), (2**62, 4, 2), (2**32, 2**32, 5, 2)])), ERR_SIZE)])
spec("concat", lambda d: {"arrays": arrays(d, "real numeric", (2, 3), (1, 3)), "axis": 0},
     arrays=[Bad("arrays-not-arrays", lambda d, c: d(st.sampled_from([None, "ab", xp.asarray([1]), [xp.asarray([1]), 1], [xp.asarray([1]), None]])), ERR_TYPE),
             Bad("arrays-empty", lambda d, c: [], ERR_VALUE),
             Bad("arrays-shape-mismatch", lambda d, c: [xp.asarray([[1, 2]]), xp.asarray([[1, 2, 3]])], ERR_VALUE),
             Bad("arrays-dtype-mismatch", lambda d, c: [xp.asarray([1], dtype=xp.int64), xp.asarray([1], dtype=xp.uint64)], ERR_TYPE),
             Bad("arrays-0d", lambda d, c: [xp.asarray(1), xp.asarray(2)], ERR_VALUE)],
     axis=bad_axis(allow_none=True))
spec("expand_dims", lambda d: {"x": arr(d, "all"), "axis": 0}, x=[not_array()], axis=bad_axis(allow_none=False, tuples=True, extra=2))
spec("flip", lambda d: {"x": arr(d, "all", min_dims=1), "axis": None}, x=[not_array()], axis=_AX)
spec("moveaxis", lambda d: {"x": arr(d, "all", min_dims=2), "source": 0, "destination": 1},
     x=[not_array()], source=bad_axis(allow_none=False, tuples=True), destination=bad_axis(allow_none=False, tuples=True))
spec("permute_dims", lambda d: {"x": (x := arr(d, "all")), "axes": tuple(range(x.ndim))[::-1]},
     x=[not_array()], axes=[Bad("axes-not-permutation", lambda d, c: d(st.sampled_from([(0,) * (c["x"].ndim + 1), tuple(range(c["x"].ndim + 1)), (5,) * c["x"].ndim or (0,)])), ERR_AXIS),
                            Bad("axes-wrong-type", lambda d, c: d(st.sampled_from([None, 1.5, "01", (0.5,), object()])), ERR_TYPE)])
spec("repeat", lambda d: {"x": arr(d, "all", min_dims=1), "repeats": 2, "axis": None},
     x=[not_array()], repeats=[Bad("repeats-negative", lambda d, c: d(st.sampled_from([-1, xp.asarray([-1])])), ERR_VALUE),
                               Bad("repeats-wrong-type", lambda d, c: d(st.sampled_from([1.5, "2", None, xp.asarray([1.5])])), ERR_TYPE),
                               Bad("repeats-huge", lambda d, c: d(st.sampled_from([2**63, 2**70])), ERR_SIZE)],
     axis=bad_axis(allow_none=True))
spec("reshape", lambda d: {"x": arr(d, "all", shape=(2, 3)), "shape": (3, 2), "copy": None},
     x=[not_array()], shape=bad_shape()[1:] + [Bad("shape-wrong-size", lambda d, c: d(st.sampled_from([(4,), (-1, 4), (-1, -1), (7, -1), (0, -1), (-2, 3)])), ERR_VALUE)],
     copy=[BAD_COPY])
spec("roll", lambda d: {"x": arr(d, "all", min_dims=1), "shift": 1, "axis": None},
     x=[not_array()], shift=[Bad("shift-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None, object()])), ERR_TYPE)],
     axis=bad_axis(allow_none=True, tuples=True, dups=False))
spec("squeeze", lambda d: {"x": arr(d, "all", shape=(1, 2, 1)), "axis": 0},
     x=[not_array()], axis=bad_axis(allow_none=False, tuples=True) + [Bad("axis-not-size-1", lambda d, c: d(st.sampled_from([1, (0, 1), -2])), ERR_VALUE)])
spec("stack", lambda d: {"arrays": arrays(d, "real numeric", (2,), (2,)), "axis": 0},
     arrays=[Bad("arrays-not-arrays", lambda d, c: d(st.sampled_from([None, "ab", xp.asarray([1]), [xp.asarray([1]), 1]])), ERR_TYPE),
             Bad("arrays-empty", lambda d, c: [], ERR_VALUE),
             Bad("arrays-shape-mismatch", lambda d, c: [xp.asarray([1, 2]), xp.asarray([1, 2, 3])], ERR_VALUE),
             Bad("arrays-dtype-mismatch", lambda d, c: [xp.asarray([1], dtype=xp.int8), xp.asarray([1], dtype=xp.uint64)], ERR_TYPE)],
     axis=bad_axis(allow_none=False, extra=1))
spec("tile", lambda d: {"x": arr(d, "all"), "repetitions": (2,)},
     x=[not_array()], repetitions=[Bad("reps-negative", lambda d, c: (-1,), ERR_VALUE),
                                   Bad("reps-wrong-type", lambda d, c: d(st.sampled_from([None, 2.0, (1.5,), ("a",), 2])), ERR_TYPE),
                                   Bad("reps-huge", lambda d, c: d(st.sampled_from(HUGE_SHAPES)), ERR_SIZE)])
spec("unstack", lambda d: {"x": arr(d, "all", min_dims=1), "axis": 0}, x=[not_array(), Bad("x-0d", lambda d, c: xp.asarray(1), ERR_AXIS)],
     axis=bad_axis(allow_none=False))

# ---- searching, sets, sorting
spec("argmax", lambda d: {"x": arr(d, "real numeric", min_dims=1, min_side=1), "axis": None, "keepdims": False},
     x=[not_array(), bad_dtype_array("real numeric")], axis=bad_axis(allow_none=True), keepdims=[BAD_FLAG])
spec("argmin", lambda d: {"x": arr(d, "real numeric", shape=(2, 2)), "axis": None, "keepdims": False},
     x=[not_array(), bad_dtype_array("real numeric")], axis=bad_axis(allow_none=True), keepdims=[BAD_FLAG])
spec("count_nonzero", lambda d: {"x": arr(d, "all"), "axis": None, "keepdims": False}, x=[not_array()], axis=_AX, keepdims=[BAD_FLAG])
spec("nonzero", lambda d: {"x": arr(d, "all", min_dims=1)}, x=[not_array(), Bad("x-0d", lambda d, c: xp.asarray(1), ERR_VALUE)])
spec("searchsorted", lambda d: {"x1": sorted1d(d), "x2": xp.asarray([0.5]), "side": "left", "sorter": None},
     x1=[not_array(), Bad("x1-not-1d", lambda d, c: xp.asarray([[1.0]]), ERR_VALUE)], x2=[not_array(exclude_scalars=True)],
     side=bad_choice(), sorter=[Bad("sorter-bad", lambda d, c: d(st.sampled_from(["ab", xp.asarray([0.5]), xp.asarray([0, 1, 2, 3, 4, 5, 6])])), ERR_ANY)])
spec("where", lambda d: {"condition": xp.asarray([True, False]), "x1": (a := arr(d, "all", shape=(2,))), "x2": xp.asarray(np_values(a.dtype, (2,), 0))},
     condition=[not_array(), bad_dtype_array("bool", like="condition")],
     x1=[not_array(exclude_scalars=True), Bad("x1-shape", lambda d, c: xp.asarray(np_values(c["x2"].dtype, (3,), 0)), ERR_VALUE)],
     x2=[not_array(exclude_scalars=True)])
spec("isin", lambda d: {"x1": (a := arr(d, "real numeric")), "x2": xp.asarray(np_values(a.dtype, (3,), 0)), "invert": False},
     x1=[not_array(exclude_scalars=True)], x2=[not_array(exclude_scalars=True)], invert=[BAD_FLAG])
for _f in ("unique_all", "unique_counts", "unique_inverse", "unique_values"):
    spec(_f, lambda d: {"x": arr(d, "real numeric")}, x=[not_array()])
for _f in ("sort", "argsort"):
    spec(_f, lambda d: {"x": arr(d, "real numeric", min_dims=1), "axis": -1, "descending": False, "stable": True},
         x=[not_array(), bad_dtype_array("real numeric")], axis=bad_axis(allow_none=False), descending=[BAD_FLAG], stable=[BAD_FLAG])

# ---- statistics and utilities
for _f, _cat in (("max", "real numeric"), ("min", "real numeric"), ("mean", "floating-point"), ("prod", "numeric"), ("sum", "numeric"),
                 ("std", "real floating-point"), ("var", "real floating-point"), ("all", "all"), ("any", "all")):
    _b = {"x": [not_array()] + ([bad_dtype_array(_cat)] if set(NX_DTYPES) - CATEGORY[_cat] else []), "axis": _AX, "keepdims": [BAD_FLAG]}
    if _f in ("sum", "prod"):
        _b["dtype"] = bad_dtype("numeric")
    if _f in ("std", "var"):
        _b["correction"] = [Bad("correction-wrong-type", lambda d, c: d(st.sampled_from(["1", None, object(), 1j])), ERR_TYPE)]
    spec(_f, lambda d, _cat=_cat: {"x": arr(d, _cat, min_dims=1, min_side=1) if _cat != "all" else arr(d, _cat), "axis": None, "keepdims": False}, **_b)
for _f in ("cumulative_sum", "cumulative_prod"):
    spec(_f, lambda d: {"x": arr(d, "numeric", shape=(3,)), "axis": None, "dtype": None, "include_initial": False},
         x=[not_array(), bad_dtype_array("numeric"), Bad("x-nd-without-axis", lambda d, c: xp.asarray([[1.0]]), ERR_VALUE)],
         axis=bad_axis(allow_none=True), dtype=bad_dtype("numeric"), include_initial=[BAD_FLAG])
spec("diff", lambda d: {"x": arr(d, "numeric", min_dims=1), "n": 1, "axis": -1, "prepend": None, "append": None},
     x=[not_array(), Bad("x-0d", lambda d, c: xp.asarray(1.0), ERR_AXIS)], n=bad_int(negative=True, none_ok=False),
     axis=bad_axis(allow_none=False), prepend=[Bad("prepend-bad", lambda d, c: d(st.sampled_from(["ab", object(), xp.asarray(np.zeros((5, 5, 5, 5)))])), ERR_ANY)],
     append=[Bad("append-bad", lambda d, c: d(st.sampled_from(["ab", object(), xp.asarray(np.zeros((5, 5, 5, 5)))])), ERR_ANY)])

# ---- linalg extension
L = "linalg."
for _f in ("det", "inv", "eigvals", "eigvalsh", "svdvals", "slogdet", "eig", "eigh"):
    spec(L + _f, lambda d: {"x": matrix(d)}, x=[not_array(), bad_dtype_array("floating-point"),
                                                 Bad("x-not-matrix", lambda d, c: xp.asarray(d(st.sampled_from([[1.0, 2.0], 1.0]))), ERR_VALUE)]
         + ([Bad("x-not-square", lambda d, c: xp.asarray(np.ones((2, 3))), ERR_VALUE)] if _f != "svdvals" else []))
spec(L + "cholesky", lambda d: {"x": spd(d), "upper": False},
     x=[not_array(), bad_dtype_array("floating-point"), Bad("x-not-square", lambda d, c: xp.asarray(np.ones((2, 3))), ERR_VALUE),
        Bad("x-not-positive-definite", lambda d, c: xp.asarray(-np.eye(2)), ERR_VALUE)], upper=[BAD_FLAG])
spec(L + "cross", lambda d: {"x1": (a := arr(d, "numeric", shape=(2, 3))), "x2": xp.asarray(np_values(a.dtype, (2, 3), 0)), "axis": -1},
     x1=[not_array()], x2=[not_array(), Bad("x2-not-3", lambda d, c: xp.asarray(np_values(c["x1"].dtype, (2, 2), 0)), ERR_VALUE)],
     axis=bad_axis(allow_none=False) + [Bad("axis-not-size-3", lambda d, c: 0, ERR_VALUE)])
spec(L + "diagonal", lambda d: {"x": arr(d, "all", min_dims=2), "offset": 0}, x=[not_array(), Bad("x-1d", lambda d, c: xp.asarray([1.0]), ERR_VALUE)],
     offset=bad_int(none_ok=False))
spec(L + "matmul", SPECS["matmul"][0], **SPECS["matmul"][1])
spec(L + "matrix_transpose", SPECS["matrix_transpose"][0], **SPECS["matrix_transpose"][1])
spec(L + "tensordot", SPECS["tensordot"][0], **SPECS["tensordot"][1])
spec(L + "vecdot", SPECS["vecdot"][0], **SPECS["vecdot"][1])
spec(L + "matrix_norm", lambda d: {"x": matrix(d, square=False), "keepdims": False, "ord": "fro"},
     x=[not_array(), bad_dtype_array("floating-point"), Bad("x-1d", lambda d, c: xp.asarray([1.0]), ERR_VALUE)], keepdims=[BAD_FLAG],
     ord=[Bad("ord-unknown", lambda d, c: d(st.sampled_from(["bogus", 3, 0, -3, 1.5])), ERR_VALUE),
          Bad("ord-wrong-type", lambda d, c: d(st.sampled_from([object(), [1], 1j])), ERR_ANY)])
spec(L + "matrix_power", lambda d: {"x": matrix(d), "n": 2}, x=[not_array(), Bad("x-not-square", lambda d, c: xp.asarray(np.ones((2, 3))), ERR_VALUE)],
     n=[Bad("n-wrong-type", lambda d, c: d(st.sampled_from([1.5, "2", None, object()])), ERR_TYPE)])
spec(L + "matrix_rank", lambda d: {"x": matrix(d, square=False), "rtol": None}, x=[not_array(), bad_dtype_array("floating-point")],
     rtol=[Bad("rtol-wrong-type", lambda d, c: d(st.sampled_from(["1", object(), [1.0]])), ERR_TYPE)])
spec(L + "pinv", lambda d: {"x": matrix(d, square=False), "rtol": None}, x=[not_array(), bad_dtype_array("floating-point")],
     rtol=[Bad("rtol-wrong-type", lambda d, c: d(st.sampled_from(["1", object(), [1.0]])), ERR_TYPE)])
spec(L + "outer", lambda d: {"x1": (a := arr(d, "numeric", shape=(2,))), "x2": xp.asarray(np_values(a.dtype, (3,), 0))},
     x1=[not_array(), Bad("x1-2d", lambda d, c: xp.asarray(np_values(c["x2"].dtype, (2, 2), 0)), ERR_VALUE)], x2=[not_array()])
spec(L + "qr", lambda d: {"x": matrix(d, square=False), "mode": "reduced"}, x=[not_array(), bad_dtype_array("floating-point")], mode=bad_choice())
spec(L + "solve", lambda d: {"x1": (a := matrix(d, batch=False)), "x2": xp.asarray(np_values(a.dtype, (a.shape[0],), 0))},
     x1=[not_array(), Bad("x1-not-square", lambda d, c: xp.asarray(np.ones((2, 3))), ERR_VALUE),
         Bad("x1-singular", lambda d, c: xp.zeros(c["x1"].shape, dtype=c["x1"].dtype), ERR_VALUE)],
     x2=[not_array(), Bad("x2-mismatch", lambda d, c: xp.asarray(np_values(c["x1"].dtype, (c["x1"].shape[0] + 1,), 0)), ERR_VALUE)])
spec(L + "svd", lambda d: {"x": matrix(d, square=False), "full_matrices": True}, x=[not_array(), bad_dtype_array("floating-point")], full_matrices=[BAD_FLAG])
spec(L + "trace", lambda d: {"x": arr(d, "numeric", min_dims=2), "offset": 0, "dtype": None},
     x=[not_array(), bad_dtype_array("numeric"), Bad("x-1d", lambda d, c: xp.asarray([1.0]), ERR_VALUE)], offset=bad_int(none_ok=False),
     dtype=bad_dtype("numeric"))
spec(L + "vector_norm", lambda d: {"x": arr(d, "floating-point"), "axis": None, "keepdims": False, "ord": 2},
     x=[not_array(), bad_dtype_array("floating-point")], axis=_AX, keepdims=[BAD_FLAG],
     ord=[Bad("ord-wrong-type", lambda d, c: d(st.sampled_from(["fro", "nuc", None, object(), 1j])), ERR_TYPE)])

# ---- fft extension
F = "fft."
for _f, _cat in (("fft", "complex floating-point"), ("ifft", "complex floating-point"), ("rfft", "real floating-point"),
                 ("irfft", "complex floating-point"), ("hfft", "complex floating-point"), ("ihfft", "real floating-point")):
    spec(F + _f, lambda d, _cat=_cat: {"x": arr(d, _cat, min_dims=1, min_side=2, max_side=4), "n": None, "axis": -1, "norm": "backward"},
         x=[not_array(), bad_dtype_array(_cat if _f in ("rfft", "ihfft") else "floating-point"), Bad("x-0d", lambda d, c: xp.asarray(np.ones((), NP_OF[c["x"].dtype])), ERR_AXIS)],
         n=bad_int(negative=True, low=0) + [Bad("n-huge", lambda d, c: d(st.sampled_from([2**63, 2**70])), ERR_SIZE)],
         axis=bad_axis(allow_none=False), norm=bad_choice())
for _f, _cat in (("fftn", "complex floating-point"), ("ifftn", "complex floating-point"), ("rfftn", "real floating-point"), ("irfftn", "complex floating-point")):
    spec(F + _f, lambda d, _cat=_cat: {"x": arr(d, _cat, shape=(2, 3)), "s": None, "axes": None, "norm": "backward"},
         x=[not_array(), bad_dtype_array(_cat if _f == "rfftn" else "floating-point")],
         s=[Bad("s-bad-values", lambda d, c: Patch(s=d(st.sampled_from([(0, 2), (-2, 2), (2, 2, 2)])), axes=(0, 1)), ERR_VALUE),
            Bad("s-wrong-type", lambda d, c: Patch(s=d(st.sampled_from([(1.5, 2), "ab", 3.0, object()])), axes=(0, 1)), ERR_TYPE)],
         axes=bad_axis(allow_none=True, seq_only=True) + [Bad("axes-not-seq", lambda d, c: d(st.sampled_from([1.5, "0", 1])), ERR_TYPE)],
         norm=bad_choice())
for _f in ("fftfreq", "rfftfreq"):
    spec(F + _f, lambda d: {"n": 4, "d": 1.0, "dtype": None, "device": None},
         n=bad_int(negative=True, none_ok=False, low=0), d=[Bad("d-wrong-type", lambda d, c: d(st.sampled_from(["1", None, object(), [1.0]])), ERR_TYPE),
                                                                   Bad("d-zero", lambda d, c: d(st.sampled_from([0, 0.0])), ERR_VALUE)],
         dtype=bad_dtype("real floating-point"), device=[BAD_DEVICE])
for _f in ("fftshift", "ifftshift"):
    spec(F + _f, lambda d: {"x": arr(d, "all", min_dims=1), "axes": None}, x=[not_array()], axes=bad_axis(allow_none=True, tuples=True, dups=False))

# ---- beyond the standard (nx extras)
_INT_TYPE = [Bad("int-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None, object(), 1j])), ERR_TYPE)]
spec("I", lambda d: {"i": 1}, i=_INT_TYPE)
spec("R", lambda d: {"start": 0, "stop": 1}, start=_INT_TYPE, stop=_INT_TYPE)
spec("Rs", lambda d: {"start": 0, "stop": 3, "step": 2}, start=_INT_TYPE, stop=_INT_TYPE,
     step=_INT_TYPE + [Bad("step-zero", lambda d, c: 0, ERR_ANY)])
spec("L", lambda d: {"indices": [0, 1]},
     indices=[Bad("indices-wrong-type", lambda d, c: d(st.sampled_from(["ab", [1.5], object(), [None], xp.asarray([0.5])])), (TypeError, IndexError))])
spec("slice", lambda d: {"x": arr(d, "all", shape=(3, 4)), "specs": [xp.I(1), xp.R(0, 2)]},
     x=[not_array()], specs=[Bad("specs-not-specs", lambda d, c: d(st.sampled_from([[object()], ["ab"], None, [1.5], 3])), (TypeError, IndexError)),
                             Bad("specs-out-of-range", lambda d, c: d(st.sampled_from([[xp.I(3)], [xp.I(-4)], [xp.L([0, 7])], [xp.I(0)] * 3])), ERR_INDEX)])
for _f in ("hstack", "vstack", "dstack"):
    spec(_f, lambda d: {"arrays": arrays(d, "real numeric", (2, 3), (2, 3))},
         arrays=[Bad("arrays-not-arrays", lambda d, c: d(st.sampled_from([None, "ab", xp.asarray([1]), [xp.asarray([1]), 1], 3])), ERR_TYPE),
                 Bad("arrays-empty", lambda d, c: [], ERR_VALUE),
                 Bad("arrays-shape-mismatch", lambda d, c: [xp.ones((2, 3, 2)), xp.ones((3, 4, 5))], ERR_VALUE),
                 Bad("arrays-dtype-mismatch", lambda d, c: [xp.asarray([1], dtype=xp.int64), xp.asarray([1], dtype=xp.uint64)], ERR_TYPE)])
spec("flatten", lambda d: {"x": arr(d, "all", min_dims=1), "start_dim": 0, "end_dim": -1},
     x=[not_array()], start_dim=bad_axis(allow_none=False), end_dim=bad_axis(allow_none=False))
spec("unflatten", lambda d: {"x": arr(d, "all", shape=(6, 2)), "dim": 0, "sizes": (2, 3)},
     x=[not_array()], dim=bad_axis(allow_none=False),
     sizes=[Bad("sizes-wrong-product", lambda d, c: d(st.sampled_from([(4, 2), (-1, 4), (-1, -1), (0, -1), (-2, -3), (2**62, 2**62)])), ERR_VALUE),
            Bad("sizes-wrong-type", lambda d, c: d(st.sampled_from([None, 6.0, (2.0, 3), ("a",), object()])), ERR_TYPE)])
spec("swapaxes", lambda d: {"x": arr(d, "all", min_dims=2), "axis1": 0, "axis2": 1}, x=[not_array()],
     axis1=bad_axis(allow_none=False), axis2=bad_axis(allow_none=False))
spec("unsqueeze", lambda d: {"x": arr(d, "all"), "axes": 0}, x=[not_array()], axes=bad_axis(allow_none=False, tuples=True, extra=2))
spec("get", lambda d: {"x": arr(d, "all", shape=(2, 3)), "indices": (1,)}, x=[not_array()],
     indices=[Bad("indices-out-of-range", lambda d, c: d(st.sampled_from([(2,), (-3,), (0, 3), (2**63,), (0, 0, 0)])), ERR_INDEX),
              Bad("indices-wrong-type", lambda d, c: d(st.sampled_from([(1.5,), ("a",), None, object(), (None,)])), (TypeError, IndexError))])
spec("item", lambda d: {"x": arr(d, "all", shape=(2, 3)), "indices": (1, 2)}, x=[not_array()],
     indices=[Bad("indices-out-of-range", lambda d, c: d(st.sampled_from([(2, 0), (0, -4), (2**63, 0), (0, -(2**70))])), ERR_INDEX),
              Bad("indices-wrong-count", lambda d, c: d(st.sampled_from([(0, 0, 0), (0,), ()])), ERR_AXIS),
              Bad("indices-wrong-type", lambda d, c: d(st.sampled_from([(1.5, 0), ("a", 0), None, object()])), (TypeError, IndexError))])
spec("pad", lambda d: {"x": arr(d, "real numeric", shape=(2, 3)), "pad_width": 1, "value": 0, "mode": "constant"},
     x=[not_array()], pad_width=[Bad("pad-negative", lambda d, c: d(st.sampled_from([-1, ((0, -1), (0, 0)), ((1, 1),) * 3])), ERR_VALUE),
                                 Bad("pad-wrong-type", lambda d, c: d(st.sampled_from([1.5, "a", None, ((1.5, 0), (0, 0)), object()])), ERR_TYPE),
                                 Bad("pad-huge", lambda d, c: d(st.sampled_from([2**62, ((2**40, 2**40), (2**40, 0))])), ERR_SIZE)],
     value=[BAD_SCALAR], mode=bad_choice())
spec("persist", lambda d: {"x": arr(d, "all")}, x=[not_array()])
spec("scatter", lambda d: {"x": arr(d, shape=(3,), dtype=xp.float64), "indices": xp.asarray([0, 2]), "updates": xp.asarray([1.0, 2.0]), "axis": 0,
                           "mode": "set", "unique_indices": False},
     x=[not_array()], indices=[not_array(), bad_dtype_array("integer", like="indices"),
                               Bad("indices-out-of-range", lambda d, c: xp.asarray([0, d(st.sampled_from([3, -4, 2**62]))]), ERR_INDEX)],
     updates=[Bad("updates-wrong", lambda d, c: d(st.sampled_from(["a", object(), xp.asarray([1.0, 2.0, 3.0]), xp.asarray([1 + 1j, 2j])])), ERR_ANY)],
     axis=bad_axis(allow_none=False), mode=bad_choice(), unique_indices=[BAD_FLAG])
spec("unfold", lambda d: {"x": arr(d, "real floating-point", shape=(1, 4, 4)), "kernel_size": 2, "stride": 1, "dilation": 1, "padding": 0},
     x=[not_array()], kernel_size=[Bad("kernel-bad", lambda d, c: d(st.sampled_from([0, -1, 5, (2, 2, 2, 2), (2**62, 2)])), ERR_VALUE),
                                   Bad("kernel-wrong-type", lambda d, c: d(st.sampled_from([1.5, "2", None, (2.0, 2)])), ERR_TYPE)],
     stride=[Bad("stride-bad", lambda d, c: d(st.sampled_from([0, -1])), ERR_VALUE)], dilation=[Bad("dilation-bad", lambda d, c: d(st.sampled_from([0, -2])), ERR_VALUE)],
     padding=[Bad("padding-bad", lambda d, c: d(st.sampled_from([-1, ((1, -1), (0, 0))])), ERR_VALUE),
              Bad("padding-wrong-type", lambda d, c: d(st.sampled_from([1.5, "a", None])), ERR_TYPE)])
spec("fold", lambda d: {"x": xp.ones((1, 4, 9)), "output_size": (4, 4), "kernel_size": 2, "stride": 1, "dilation": 1, "padding": 0},
     x=[not_array(), Bad("x-wrong-shape", lambda d, c: xp.ones((1, 4, 8)), ERR_VALUE)],
     output_size=[Bad("output-bad", lambda d, c: d(st.sampled_from([(0, 4), (-4, 4), (1, 1), (4, 4, 4)])), ERR_VALUE)],
     kernel_size=[Bad("kernel-bad", lambda d, c: d(st.sampled_from([0, -1, 3])), ERR_VALUE)],
     stride=[Bad("stride-bad", lambda d, c: d(st.sampled_from([0, -1])), ERR_VALUE)])
spec("split", lambda d: {"x": arr(d, "all", shape=(6, 2)), "sections": 3, "axis": 0},
     x=[not_array()], sections=[Bad("sections-bad", lambda d, c: d(st.sampled_from([0, -1, 4, 7])), ERR_VALUE),
                                Bad("sections-wrong-type", lambda d, c: d(st.sampled_from([1.5, "3", None, object(), [1.5]])), ERR_TYPE)],
     axis=bad_axis(allow_none=False))
spec("threefry", lambda d: {"key": xp.asarray([1, 2], dtype=xp.uint32), "counter": xp.asarray([[0, 1], [2, 3]], dtype=xp.uint32)},
     key=[not_array(), Bad("key-bad-dtype", lambda d, c: xp.asarray(d(st.sampled_from([[1.0, 2.0], [True, False]]))), ERR_TYPE),
          Bad("key-not-pair", lambda d, c: xp.asarray([1, 2, 3], dtype=xp.uint32), ERR_VALUE)],
     counter=[not_array(), Bad("counter-not-pair", lambda d, c: xp.asarray([[1, 2, 3]], dtype=xp.uint32), ERR_VALUE)])

# ---- nx_array_api.random (counter-based random numbers)
RN = "random."
_KEY_BAD = [not_array(), Bad("key-bad-dtype", lambda d, c: xp.asarray(d(st.sampled_from([[1.0, 2.0], [1, 2]]))), ERR_TYPE),
            Bad("key-bad-shape", lambda d, c: xp.asarray(d(st.sampled_from([[1, 2, 3], [[1, 2]], 1])), dtype=xp.uint32), ERR_VALUE)]
_RSHAPE = bad_shape()
spec(RN + "key", lambda d: {"seed": d(st.integers(0, 2**32))},
     seed=[Bad("seed-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None, object()])), ERR_TYPE),
           Bad("seed-huge", lambda d, c: d(st.sampled_from([2**64, 2**70])), ERR_VALUE)])
spec(RN + "split", lambda d: {"key": xp.random.key(d(st.integers(0, 99))), "num": 2}, key=_KEY_BAD,
     num=bad_int(negative=True, none_ok=False) + [Bad("num-huge", lambda d, c: 2**40, ERR_SIZE)])
spec(RN + "fold_in", lambda d: {"key": xp.random.key(1), "data": 3}, key=_KEY_BAD,
     data=[Bad("data-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None])), ERR_TYPE), Bad("data-huge", lambda d, c: 2**70, ERR_VALUE)])
spec(RN + "bits", lambda d: {"key": xp.random.key(1), "shape": (3,), "dtype": xp.uint32}, key=_KEY_BAD, shape=_RSHAPE,
     dtype=bad_dtype() + [Bad("dtype-not-unsigned", lambda d, c: d(st.sampled_from([xp.float32, xp.int8, xp.bool])), ERR_TYPE)])
spec(RN + "uniform", lambda d: {"key": xp.random.key(1), "shape": (3,), "dtype": None, "minval": 0.0, "maxval": 1.0}, key=_KEY_BAD,
     shape=_RSHAPE, dtype=bad_dtype("real floating-point"), minval=[BAD_SCALAR], maxval=[BAD_SCALAR])
spec(RN + "normal", lambda d: {"key": xp.random.key(1), "shape": (3,), "dtype": None}, key=_KEY_BAD, shape=_RSHAPE,
     dtype=bad_dtype("real floating-point"))
spec(RN + "integers", lambda d: {"key": xp.random.key(1), "low": 0, "high": 10, "shape": (3,), "dtype": None}, key=_KEY_BAD,
     low=[Bad("low-wrong-type", lambda d, c: d(st.sampled_from([1.5, "1", None])), ERR_TYPE), Bad("low-not-below-high", lambda d, c: 10, ERR_VALUE)],
     high=[Bad("high-out-of-dtype", lambda d, c: 2**70, ERR_VALUE)], shape=_RSHAPE, dtype=bad_dtype("integer"))
spec(RN + "permutation", lambda d: {"key": xp.random.key(1), "n_or_x": 5, "axis": 0}, key=_KEY_BAD,
     n_or_x=[Bad("n-wrong-type", lambda d, c: d(st.sampled_from([1.5, "5", None])), ERR_TYPE), Bad("n-negative", lambda d, c: -1, ERR_VALUE)])
spec(RN + "shuffle", lambda d: {"key": xp.random.key(1), "x": arr(d, "all", min_dims=1), "axis": 0}, key=_KEY_BAD, x=[not_array()],
     axis=bad_axis(allow_none=False))
spec(RN + "choice", lambda d: {"key": xp.random.key(1), "a": 5, "shape": (3,), "replace": True, "p": None, "axis": 0}, key=_KEY_BAD,
     a=[Bad("a-empty", lambda d, c: d(st.sampled_from([0, xp.zeros((0,))])), ERR_VALUE), Bad("a-wrong-type", lambda d, c: d(st.sampled_from([1.5, "5", None])), ERR_TYPE)],
     shape=_RSHAPE, replace=[BAD_FLAG],
     p=[Bad("p-wrong-shape", lambda d, c: xp.asarray([0.5, 0.5]), ERR_VALUE), Bad("p-wrong-type", lambda d, c: d(st.sampled_from(["a", [0.2] * 5])), ERR_TYPE)])

# Items of __all__ that are not functions to fuzz (the flag functions have their own tests).
NOT_FUNCTIONS = {"Array", "Device", "using_device", "compiled", "Flags", "get_flags", "reset_flags", "set_flags", "__array_api_version__", "__array_namespace_info__", "e", "inf", "nan", "pi", "newaxis", "fft", "linalg",
                 *(d.name for d in NX_DTYPES), "bool"}


# ====================================================================== calls
def resolve(name: str) -> Callable[..., Any]:
    mod = xp
    if "." in name:
        sub, name = name.split(".")
        mod = getattr(xp, sub)
    return getattr(mod, name)


def build_call(fn: Callable[..., Any], params: dict) -> tuple[list, dict]:
    """(args, kwargs) for ``params`` as the signature of ``fn`` wants them."""
    args: list = []
    kwargs: dict = {}
    sig = inspect.signature(fn)
    for p in sig.parameters.values():
        if p.name not in params:
            if p.default is inspect.Parameter.empty and p.kind is not p.VAR_POSITIONAL:
                raise AssertionError(f"spec for {fn.__name__} lacks required parameter {p.name}")
            continue
        v = params[p.name]
        if p.kind is p.POSITIONAL_ONLY:
            args.append(v)
        elif p.kind is p.VAR_POSITIONAL:
            args.extend(v)
        else:
            kwargs[p.name] = v
    unknown = set(params) - set(sig.parameters)
    assert not unknown, f"spec names parameters {unknown} that {fn.__name__}{sig} does not have"
    return args, kwargs


def error_names(name: str) -> tuple[str, ...]:
    short = name.split(".")[-1]
    return (short, name)


# Known nx bugs (case ids as fnmatch patterns): each is reported with a reproducer.
XFAIL: dict[str, str] = {}


def _xfail(case_id: str) -> list:
    reasons = [r for pat, r in XFAIL.items() if fnmatch.fnmatchcase(case_id, pat)]
    return [pytest.mark.xfail(reason=reasons[0], strict=False)] if reasons else []


CASES = [
    pytest.param(name, pname, i, id=(cid := f"{name}-{pname}-{b.label}"), marks=_xfail(cid))
    for name, (_, bads) in SPECS.items()
    for pname, lst in bads.items()
    for i, b in enumerate(lst)
]


def _bad_argument(name: str, pname: str, i: int, data: Any) -> None:
    """One bad argument: the kind's exception, with a message naming the function."""
    valid, bads = SPECS[name]
    bad = bads[pname][i]
    d = data.draw
    params = valid(d)
    v = bad.make(d, params)
    if isinstance(v, Patch):
        params.update(v)
        v = v[pname]
    else:
        params[pname] = v
    fn = resolve(name)
    args, kwargs = build_call(fn, params)
    e = expect_error(fn, *args, name=error_names(name), **kwargs)
    assert isinstance(e, bad.raises + (MemoryError,) if bad.raises is ERR_SIZE else bad.raises), (
        f"{name}({pname}={v!r}): expected {[t.__name__ for t in bad.raises]}, got {type(e).__name__}: {e}"
    )


def _bad_argument_test(cases: list) -> Any:
    @pytest.mark.parametrize("name,pname,i", cases)
    @PER_CASE
    @given(data=st.data())
    def test(name: str, pname: str, i: int, data: Any) -> None:
        _bad_argument(name, pname, i, data)

    test.__doc__ = _bad_argument.__doc__
    return test


# One test function per chunk of cases (see MAX_CASES in conftest.py).
for _k in range(0, len(CASES), MAX_CASES):
    globals()[f"test_bad_argument_raises_contract_error_{_k // MAX_CASES}"] = _bad_argument_test(CASES[_k:_k + MAX_CASES])


@pytest.mark.parametrize("name", sorted(SPECS))
@PER_CASE
@given(data=st.data())
def test_valid_baseline_succeeds(name: str, data: Any) -> None:
    """The table's valid calls do succeed: the bad-argument tests change one thing only."""
    valid, _ = SPECS[name]
    params = valid(data.draw)
    fn = resolve(name)
    args, kwargs = build_call(fn, params)
    with no_hang():
        fn(*args, **kwargs)


def test_spec_covers_namespace() -> None:
    """Every public function of the namespace, linalg and fft has a row in the table."""
    missing = [n for n in xp.__all__ if n not in NOT_FUNCTIONS and callable(getattr(xp, n)) and n not in SPECS]
    missing += [L + n for n in xp.linalg.__all__ if L + n not in SPECS]
    missing += [F + n for n in xp.fft.__all__ if F + n not in SPECS]
    missing += [RN + n for n in xp.random.__all__ if RN + n not in SPECS]
    assert not missing, f"functions without a fuzz spec: {missing}"


# ============================================ valid but odd: empty and 0-d arrays
ODD_SHAPES = [(), (0,), (2, 0), (0, 3), (1,), (1, 1)]
NP_UNARY = {"acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh,
            "bitwise_invert": np.invert, "round": np.round, "conj": np.conj, "reciprocal": lambda a: np.divide(1, a, dtype=a.dtype)}
NP_BINARY = {"atan2": np.arctan2, "bitwise_left_shift": np.left_shift, "bitwise_right_shift": np.right_shift, "pow": np.power,
             "bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or, "bitwise_xor": np.bitwise_xor}


def _close(r: Any, e: np.ndarray, what: str) -> None:
    r = np.asarray(r)
    assert r.shape == e.shape, f"{what}: shape {r.shape}, NumPy {e.shape}"
    if e.dtype.kind in "fc":
        np.testing.assert_allclose(r, e, rtol=1e-5, atol=1e-6, equal_nan=True, err_msg=what)
    else:
        np.testing.assert_array_equal(r, e, err_msg=what)


@pytest.mark.parametrize("name", sorted(UNARY_CAT))
@FUZZ
@given(data=st.data())
def test_unary_on_empty_and_0d(name: str, data: Any) -> None:
    dt = data.draw(st.sampled_from(ordered(CATEGORY[UNARY_CAT[name]])))
    shape = data.draw(st.sampled_from(ODD_SHAPES))
    a = np_values(dt, shape, 3)
    with no_hang():
        r = resolve(name)(xp.asarray(a))
    f = NP_UNARY.get(name) or getattr(np, name, None)
    if name == "sign" and a.dtype.kind == "c":
        f = lambda z: np.where(z == 0, 0, z / np.where(z == 0, 1, np.abs(z)))  # noqa: E731 - the standard's z/|z|
    if f is None:
        return
    _close(r, np.asarray(f(a)), f"{name}{shape} {dt.name}")


@pytest.mark.parametrize("name", sorted(BINARY_CAT))
@FUZZ
@given(data=st.data())
def test_binary_on_empty_and_0d(name: str, data: Any) -> None:
    dt = data.draw(st.sampled_from(ordered(CATEGORY[BINARY_CAT[name]])))
    s1, s2 = data.draw(st.sampled_from([((), ()), ((0,), ()), ((), (0,)), ((0,), (1,)), ((2, 0), (0,)), ((1, 0), (3, 1)), ((0, 3), (3,))]))
    a, b = np_values(dt, s1, 1), np_values(dt, s2, 2)
    if name in ("bitwise_left_shift", "bitwise_right_shift"):
        b = np.abs(b)
    with no_hang():
        r = resolve(name)(xp.asarray(a), xp.asarray(b))
    f = NP_BINARY.get(name) or getattr(np, name)
    _close(r, np.asarray(f(a, b)), f"{name}{s1}{s2} {dt.name}")


REDUCTIONS = {"sum": np.sum, "prod": np.prod, "any": np.any, "all": np.all, "count_nonzero": np.count_nonzero}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@FUZZ
@given(data=st.data())
def test_reductions_on_empty_and_0d(name: str, data: Any) -> None:
    shape = data.draw(st.sampled_from([(), (0,), (2, 0), (0, 3), (0, 0)]))
    dt = data.draw(st.sampled_from([xp.bool, xp.int32, xp.float64] if name in ("any", "all", "count_nonzero") else [xp.int64, xp.float64, xp.complex128]))
    a = np_values(dt, shape, 5)
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1) if shape else st.none()))
    keepdims = data.draw(st.booleans())
    with no_hang():
        r = resolve(name)(xp.asarray(a), axis=axis, keepdims=keepdims)
    e = REDUCTIONS[name](a, axis=axis, keepdims=keepdims)
    _close(r, np.asarray(e), f"{name}{shape} axis={axis} keepdims={keepdims}")


def test_max_min_of_empty_raise() -> None:
    for f in (xp.max, xp.min, xp.argmax, xp.argmin):
        expect_error(f, xp.zeros((0,)), name=f.__name__)
        expect_error(f, xp.zeros((2, 0)), axis=1, name=f.__name__)


@FUZZ
@given(data=st.data())
def test_manipulation_on_empty_and_0d(data: Any) -> None:
    shape = data.draw(st.sampled_from([(), (0,), (2, 0), (0, 3), (1, 0, 1)]))
    a = np_values(xp.float32, shape, 7)
    x = xp.asarray(a)
    with no_hang():
        _close(xp.reshape(x, (-1,)), a.reshape(-1), "reshape")
        _close(xp.flip(x), np.flip(a), "flip")
        _close(xp.permute_dims(x, tuple(range(x.ndim))[::-1]), a.transpose(), "permute_dims")
        _close(xp.expand_dims(x, axis=0), a[None], "expand_dims")
        _close(xp.broadcast_to(x, (2,) + shape), np.broadcast_to(a, (2,) + shape), "broadcast_to")
        _close(xp.concat([x, x], axis=None), np.concatenate([a, a], axis=None), "concat")
        _close(xp.stack([x, x]), np.stack([a, a]), "stack")
        _close(xp.tile(x, (2,)), np.tile(a, (2,)), "tile")
        _close(xp.roll(x, 1), np.roll(a, 1), "roll")
        _close(x[...], a[...], "x[...]")
        if x.ndim:
            _close(xp.sort(x), np.sort(a), "sort")
            _close(xp.argsort(x), np.argsort(a, kind="stable"), "argsort")
            _close(xp.cumulative_sum(xp.reshape(x, (-1,))), np.cumsum(a.reshape(-1)), "cumulative_sum")
            _close(x[::-1], a[::-1], "x[::-1]")
            _close(xp.unique_values(x), np.unique(a), "unique_values")
            _close(xp.squeeze(x, axis=0) if shape[0] == 1 else x, a[0] if shape[0] == 1 else a, "squeeze")
        else:
            _close(xp.squeeze(xp.expand_dims(x, axis=0), axis=0), a, "squeeze")
        if x.ndim >= 2:
            _close(xp.matrix_transpose(x), np.swapaxes(a, -1, -2), "matrix_transpose")
            _close(xp.matmul(xp.matrix_transpose(x), x), a.swapaxes(-1, -2) @ a, "matmul")


@pytest.mark.parametrize("shape", [(0,), (2, 0), (0, 0, 2)])
def test_creation_of_empty(shape: tuple) -> None:
    for f, e in ((xp.zeros, np.zeros), (xp.ones, np.ones)):
        _close(f(shape), e(shape), f.__name__)
    _close(xp.full(shape, 3), np.full(shape, 3), "full")
    _close(xp.arange(0), np.arange(0), "arange")
    _close(xp.linspace(0, 1, 0), np.linspace(0, 1, 0), "linspace")
    _close(xp.eye(0), np.eye(0), "eye")
    _close(xp.asarray(np.zeros(shape)), np.zeros(shape), "asarray")
    assert math.prod(xp.empty(shape).shape) == 0


# ============================================== single edge cases (fixed inputs)
_ONES = xp.ones((3, 3))
EDGE_CASES = {
    # id: (call, names, accepted exceptions, xfail reason or None)
    "asarray-strided-copy-false": (lambda: xp.asarray(np.arange(6.0)[::2], copy=False), "asarray", ERR_VALUE, None),
    "asarray-byteswapped-copy-false": (lambda: xp.asarray(np.arange(3.0).astype(">f8"), copy=False), "asarray", ERR_VALUE, None),
    "asarray-cast-copy-false": (lambda: xp.asarray(xp.ones(3), dtype=xp.float32, copy=False), "asarray", ERR_VALUE, None),
    "asarray-float16": (lambda: xp.asarray(np.ones(3, np.float16)), "asarray", ERR_TYPE, None),
    "asarray-object-dtype": (lambda: xp.asarray(np.array([None, 1], dtype=object)), "asarray", ERR_ANY, None),
    "asarray-datetime": (lambda: xp.asarray(np.datetime64("2020")), "asarray", ERR_TYPE, None),
    "asarray-nan-to-int": (lambda: xp.asarray(float("nan"), dtype=xp.int32), "asarray", ERR_VALUE, None),
    "asarray-complex-to-float": (lambda: xp.asarray(1j, dtype=xp.float64), "asarray", ERR_TYPE, None),
    "asarray-ragged-arrays": (lambda: xp.asarray([xp.ones(2), xp.ones(3)]), "asarray", ERR_VALUE, None),
    "from_dlpack-strided-copy-false": (lambda: xp.from_dlpack(np.arange(6.0)[::-2], copy=False), "from_dlpack", ERR_VALUE, None),
    "from_dlpack-float16": (lambda: xp.from_dlpack(np.ones(3, np.float16)), "from_dlpack", ERR_TYPE, None),
    # (strict: the drop-in gives NumPy's value, with its warning)
    "full-inf-to-int": (lambda: sx.full((2,), float("inf"), dtype=sx.int64), "full", ERR_VALUE, None),
    "arange-infinite-stop": (lambda: xp.arange(0, float("inf")), "arange", ERR_VALUE, None),
    "arange-nan": (lambda: xp.arange(float("nan")), "arange", ERR_VALUE, None),
    "arange-tiny-step": (lambda: xp.arange(0, 10, 1e-300), "arange", ERR_SIZE, None),
    "reshape-70-dims": (lambda: xp.reshape(xp.ones(1), (1,) * 70), "reshape", ERR_VALUE, None),
    "zeros-70-dims": (lambda: xp.zeros((1,) * 70), "zeros", ERR_VALUE, None),
    "unflatten-70-dims": (lambda: xp.unflatten(xp.ones(6), 0, (1,) * 70 + (6,)), "unflatten", ERR_VALUE, None),
    "repeat-total-overflows": (lambda: xp.repeat(xp.ones(3), xp.asarray([2**62, 2**62, 0])), "repeat", ERR_SIZE, None),
    "searchsorted-sorter-out-of-range": (lambda: xp.searchsorted(xp.asarray([1.0, 2.0]), xp.asarray([1.0]), sorter=xp.asarray([5, 0])),
                                         "searchsorted", ERR_ANY, None),
    "take_along_axis-out-of-range": (lambda: xp.take_along_axis(xp.ones((2, 2)), xp.asarray([[5]]), axis=0), "take_along_axis", ERR_INDEX, None),
    "expand_dims-many-repeats": (lambda: xp.expand_dims(xp.ones(()), axis=(0,) * 40), "expand_dims", ERR_AXIS, None),
    "inplace-into-broadcast-view": (lambda: operator.iadd(xp.broadcast_to(xp.ones(3), (2, 3)), 1.0), ("add", "__iadd__"), ERR_VALUE, None),
    "setitem-into-broadcast-view": (lambda: operator.setitem(xp.broadcast_to(xp.ones(3), (2, 3)), Ellipsis, 1.0), "__setitem__", ERR_VALUE, None),
}


@pytest.mark.parametrize("case", [pytest.param(k, marks=[pytest.mark.xfail(reason=v[3], strict=False)] if v[3] else []) for k, v in EDGE_CASES.items()])
def test_edge_case_raises(case: str) -> None:
    call, names, raises, _ = EDGE_CASES[case]
    e = expect_error(call, name=names if isinstance(names, tuple) else (names,))
    assert isinstance(e, raises + ((MemoryError,) if raises is ERR_SIZE else ())), f"{case}: {type(e).__name__}: {e}"


@pytest.mark.parametrize("step", [2**70, -(2**70), 2**63, -(2**63) - 1, 2**62])
def test_huge_slice_steps_match_numpy(step: int) -> None:
    """A slice step larger than the axis selects one element, as in Python and NumPy."""
    a = np.arange(9.0).reshape(3, 3)
    with no_hang():
        r = np.asarray(xp.asarray(a)[::step])
    np.testing.assert_array_equal(r, a[::step])


def test_large_slice_steps_match_numpy() -> None:
    a = np.arange(9.0).reshape(3, 3)
    for step in (3, 4, 2**31, -(2**31), 2**40, -(2**40)):
        np.testing.assert_array_equal(np.asarray(xp.asarray(a)[::step]), a[::step], err_msg=f"step {step}")
