"""Random calls of the drop-in and of NumPy 2, side by side, and the differences nx keeps.

The drop-in does what NumPy 2 does where the standard leaves a result unspecified (see
docs/consumers.md). ``test_numpy_parity.py`` draws calls (a function, the dtypes and
shapes of its arrays, Python scalars, special values: NaN, infinities, signed zeros,
the ends of every integer range), runs each on nx and on NumPy, and compares the
outcomes: both refuse, or both give the same dtype, shape and values. Every other
outcome is a difference, and each difference nx keeps on purpose is one entry of
``KNOWN``, with the reason docs/consumers.md gives ("Where nx and NumPy differ").

A plain module (the calls are drawn through ``pick``, a function that chooses one of a
sequence, so that Hypothesis or ``random`` can drive them): ``python nx_parity.py N``
runs N random calls and prints the differences by kind, for a quick look.
"""

from __future__ import annotations

import math
import operator
import re
import warnings
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

import nx_array_api as xp

Pick = Callable[[Sequence[Any]], Any]

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
_INF, _NAN = math.inf, math.nan

#: Python scalars: both kinds of bool, ints at and past the ends of every integer
#: range, floats with NaN, infinities and signed zeros, complex numbers.
SCALARS = [True, False, 0, 1, -1, 2, 7, 127, 128, 255, 256, -128, -129, 2**31, -(2**31) - 1, 2**63 - 1, 2**63, -(2**63),
           2**64, -(2**64) - 1, 0.0, -0.0, 0.5, -1.5, 2.5, 3.0, _NAN, _INF, -_INF, 1e300, -1e-310, 1j, complex(_NAN, 0),
           complex(_INF, 1), 0j, 2 - 1j]

#: Shapes of a first operand and shapes that broadcast with each.
SHAPES = {(): [(), (1,), (3,), (2, 3)], (1,): [(), (1,), (3,)], (3,): [(), (3,), (1,), (2, 3)], (2, 3): [(3,), (2, 3), (2, 1), ()],
          (0,): [(), (0,), (1,)], (3, 1): [(1, 3), (3, 1), ()], (2, 0): [(2, 0), (0,), ()]}


def special(pick: Pick, dtype: str, shape: tuple) -> np.ndarray:
    """An array of ``dtype`` and ``shape`` of special values of that dtype."""
    n = int(np.prod(shape))
    k = np.dtype(dtype).kind
    if k == "b":
        pool: list = [True, False]
    elif k in "iu":
        info = np.iinfo(dtype)
        pool = [0, 1, 2, 3, 7, int(info.max), int(info.max) - 1, int(info.min)]
        pool += [-1, -2, -7, int(info.min) + 1] if k == "i" else [int(info.max) // 2 + 1]
    elif k == "f":
        big = 3e38 if dtype == "float32" else 1e308
        pool = [0.0, -0.0, 1.0, -1.0, 0.5, -1.5, 2.5, 3.0, 7.0, -7.0, _NAN, _INF, -_INF, big, -big, 1e-40]
    else:
        r = [0.0, -0.0, 1.0, -1.5, 2.5, _NAN, _INF, -_INF]
        pool = [complex(a, b) for a in r for b in r]
    return np.array([pick(pool) for _ in range(n)], dtype=dtype).reshape(shape)


def operand(pick: Pick, shape: tuple | None = None, dtypes: Sequence[str] = DTYPES) -> np.ndarray:
    return special(pick, pick(dtypes), pick(list(SHAPES)) if shape is None else shape)


@dataclass
class Call:
    """One call: ``kind`` and ``name`` (what it exercises), a description of its operands,
    and the same call on nx (``nx``) and on NumPy (``np``)."""

    kind: str
    name: str
    what: str
    nx: Callable[[], Any]
    np: Callable[[], Any]
    x: str | None = None  #: the dtype of the first array operand, where a difference depends on it
    args: tuple = ()  #: the Python scalar arguments, where a difference depends on them


def _nx(v: Any) -> Any:
    return xp.asarray(v) if isinstance(v, np.ndarray) else v


def _what(v: Any) -> str:
    if isinstance(v, np.ndarray):
        return f"{v.dtype}{list(v.shape)}"
    return repr(v)


# ------------------------------------------------------------------- the calls
BINARY = {
    "add": (np.add, operator.add), "subtract": (np.subtract, operator.sub), "multiply": (np.multiply, operator.mul),
    "divide": (np.true_divide, operator.truediv), "floor_divide": (np.floor_divide, operator.floordiv),
    "remainder": (np.remainder, operator.mod), "pow": (np.power, operator.pow), "maximum": (np.maximum, None),
    "minimum": (np.minimum, None), "bitwise_and": (np.bitwise_and, operator.and_), "bitwise_or": (np.bitwise_or, operator.or_),
    "bitwise_xor": (np.bitwise_xor, operator.xor), "bitwise_left_shift": (np.left_shift, operator.lshift),
    "bitwise_right_shift": (np.right_shift, operator.rshift), "less": (np.less, operator.lt), "less_equal": (np.less_equal, operator.le),
    "greater": (np.greater, operator.gt), "greater_equal": (np.greater_equal, operator.ge), "equal": (np.equal, operator.eq),
    "not_equal": (np.not_equal, operator.ne), "atan2": (np.arctan2, None), "hypot": (np.hypot, None),
    "copysign": (np.copysign, None), "nextafter": (np.nextafter, None), "logaddexp": (np.logaddexp, None),
    "logical_and": (np.logical_and, None), "logical_or": (np.logical_or, None), "logical_xor": (np.logical_xor, None),
}


def binary(pick: Pick) -> Call:
    """Two arrays of any two dtypes (the standard promotes only within a kind), by the
    function or its operator."""
    name = pick(list(BINARY))
    npf, op = BINARY[name]
    a = operand(pick)
    b = special(pick, pick(DTYPES), pick(SHAPES[a.shape]))
    if op is not None and pick([True, False]):
        return Call("binary", name, f"{_what(a)} {name} {_what(b)}", lambda: op(_nx(a), _nx(b)), lambda: op(a, b))
    return Call("binary", name, f"{name}({_what(a)}, {_what(b)})", lambda: getattr(xp, name)(_nx(a), _nx(b)), lambda: npf(a, b))


def scalar(pick: Pick) -> Call:
    """An array and a Python scalar of any kind and value, either side, by the function or
    its operator."""
    name = pick(list(BINARY))
    npf, op = BINARY[name]
    a = operand(pick)
    s = pick(SCALARS)
    first = pick([True, False])
    x1, x2 = (s, a) if first else (a, s)
    if op is not None and pick([True, False]):
        return Call("scalar", name, f"{_what(x1)} {name} {_what(x2)}", lambda: op(_nx(x1), _nx(x2)), lambda: op(x1, x2))
    return Call("scalar", name, f"{name}({_what(x1)}, {_what(x2)})", lambda: getattr(xp, name)(_nx(x1), _nx(x2)), lambda: npf(x1, x2))


_INPLACE = {
    "add": operator.iadd, "subtract": operator.isub, "multiply": operator.imul, "divide": operator.itruediv,
    "floor_divide": operator.ifloordiv, "remainder": operator.imod, "pow": operator.ipow, "bitwise_and": operator.iand,
    "bitwise_or": operator.ior, "bitwise_xor": operator.ixor, "bitwise_left_shift": operator.ilshift,
    "bitwise_right_shift": operator.irshift,
}


def inplace(pick: Pick) -> Call:
    """``x op= y`` with an array or a Python scalar ``y`` of any kind, and ``x[k] = v``
    with a value of any kind: the outcome is x afterwards (or the refusal)."""
    a = operand(pick, pick([(3,), (2, 3)]))
    if pick([True, False, False]):
        v = pick([pick(SCALARS), special(pick, pick(DTYPES), pick([(), a.shape[-1:]]))])
        key = pick([Ellipsis, 0, slice(None, None, 2)])

        def run(x: Any, v: Any) -> Any:
            x[key] = v
            return x

        return Call("inplace", "__setitem__", f"{_what(a)}[{key!r}] = {_what(v)}", lambda: run(_nx(a.copy()), _nx(v)), lambda: run(a.copy(), v))
    name = pick(list(_INPLACE))
    op = _INPLACE[name]
    b = pick([pick(SCALARS), special(pick, pick(DTYPES), pick([(), a.shape]))])
    return Call("inplace", name, f"{_what(a)} {name}= {_what(b)}", lambda: op(_nx(a.copy()), _nx(b)), lambda: op(a.copy(), b))


UNARY = {
    "abs": np.abs, "negative": np.negative, "positive": np.positive, "sign": np.sign, "sqrt": np.sqrt, "exp": np.exp,
    "expm1": np.expm1, "log": np.log, "log1p": np.log1p, "sin": np.sin, "tanh": np.tanh, "floor": np.floor, "ceil": np.ceil,
    "trunc": np.trunc, "round": np.round, "square": np.square, "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite,
    "signbit": np.signbit, "logical_not": np.logical_not, "bitwise_invert": np.invert, "reciprocal": np.reciprocal,
    "conj": np.conj, "real": np.real, "imag": np.imag,
}
_UNARY_OPS = {"abs": abs, "negative": operator.neg, "positive": operator.pos, "bitwise_invert": operator.invert}


def unary(pick: Pick) -> Call:
    name = pick(list(UNARY))
    a = operand(pick)
    op = _UNARY_OPS.get(name)
    if op is not None and pick([True, False]):
        return Call("unary", name, f"{name} {_what(a)}", lambda: op(_nx(a)), lambda: op(a))
    return Call("unary", name, f"{name}({_what(a)})", lambda: getattr(xp, name)(_nx(a)), lambda: UNARY[name](a))


REDUCTIONS = {
    "sum": np.sum, "prod": np.prod, "max": np.max, "min": np.min, "mean": np.mean, "std": np.std, "var": np.var,
    "argmax": np.argmax, "argmin": np.argmin, "all": np.all, "any": np.any, "count_nonzero": np.count_nonzero,
    "cumulative_sum": np.cumulative_sum, "cumulative_prod": np.cumulative_prod, "sort": np.sort, "argsort": np.argsort,
}


def reduction(pick: Pick) -> Call:
    """A reduction, a scan or a sort over any axis (or none), of special values."""
    name = pick(list(REDUCTIONS))
    a = operand(pick)
    axis = pick([None, *range(-a.ndim, a.ndim)])
    if name in ("cumulative_sum", "cumulative_prod", "sort", "argsort") and axis is None and a.ndim > 1:
        axis = -1
    kw: dict = {} if axis is None else {"axis": axis}
    nkw = dict(kw)
    if name in ("sort", "argsort"):
        kw["stable"], nkw["kind"] = True, "stable"
    if name in ("sum", "prod") and pick([True, False, False]):
        dt = pick(DTYPES[1:])
        kw["dtype"], nkw["dtype"] = getattr(xp, dt), dt
    return Call("reduction", name, f"{name}({_what(a)}, {kw})", lambda: getattr(xp, name)(_nx(a), **kw), lambda: REDUCTIONS[name](a, **nkw))


def _dt(name: str | None) -> Any:
    return None if name is None else getattr(xp, name)


def creation(pick: Pick) -> Call:
    """The creation and conversion functions with values of another kind than their
    dtype: full and full_like with any fill value and dtype, asarray of lists of mixed
    Python scalars, astype between any two dtypes, arange and linspace with a dtype."""
    which = pick(["full", "full_like", "asarray", "astype", "arange", "linspace"])
    dt = pick([None, *DTYPES])
    if which == "full":
        s = pick(SCALARS)
        return Call("creation", which, f"full(2, {s!r}, dtype={dt})", lambda: xp.full((2,), s, dtype=_dt(dt)), lambda: np.full((2,), s, dtype=dt))
    if which == "full_like":
        a, s = operand(pick), pick(SCALARS)
        return Call("creation", which, f"full_like({_what(a)}, {s!r}, dtype={dt})", lambda: xp.full_like(_nx(a), s, dtype=_dt(dt)),
                    lambda: np.full_like(a, s, dtype=dt))
    if which == "asarray":
        vals = [pick(SCALARS) for _ in range(pick([1, 2, 3]))]
        return Call("creation", which, f"asarray({vals!r}, dtype={dt})", lambda: xp.asarray(vals, dtype=_dt(dt)), lambda: np.asarray(vals, dtype=dt))
    if which == "astype":
        a, dt = operand(pick), pick(DTYPES)
        return Call("creation", which, f"astype({_what(a)}, {dt})", lambda: xp.astype(_nx(a), _dt(dt)), lambda: a.astype(dt))
    if which == "arange":
        args = [pick([0, 1, -2, 3, 10, 0.5, 2.5, -1.5]) for _ in range(pick([1, 2, 3]))]
        dt = pick([None, "int8", "uint8", "int64", "float32", "float64"])
        return Call("creation", which, f"arange(*{args}, dtype={dt})", lambda: xp.arange(*args, dtype=_dt(dt)), lambda: np.arange(*args, dtype=dt))
    args = [pick([0, 1, -2, 10, 0.5, 2.5]), pick([0, 1, -2, 10, 0.5, 2.5]), pick([0, 1, 2, 5])]
    dt = pick([None, "int64", "float32", "complex128"])
    endpoint = pick([True, False])
    return Call("creation", which, f"linspace(*{args}, dtype={dt}, endpoint={endpoint})",
                lambda: xp.linspace(*args, dtype=_dt(dt), endpoint=endpoint), lambda: np.linspace(*args, dtype=dt, endpoint=endpoint))


def other(pick: Pick) -> Call:
    """where (three arguments with scalars of any kind, or one), clip with bounds of any
    kind, result_type with scalars, concat and stack of two dtypes, matmul of two
    dtypes, searchsorted, isin, unique_values (its order is unspecified: compared
    sorted) and nonzero."""
    which = pick(["where", "where1", "clip", "result_type", "concat", "stack", "matmul", "searchsorted", "isin", "unique_values", "nonzero"])
    if which == "where":
        c = special(pick, pick(["bool"] * 4 + ["int8", "float64"]), (3,))
        a = pick([operand(pick, (3,)), pick(SCALARS)])
        b = pick([operand(pick, pick([(), (3,)])), pick(SCALARS)])
        return Call("other", which, f"where({_what(c)}, {_what(a)}, {_what(b)})", lambda: xp.where(_nx(c), _nx(a), _nx(b)), lambda: np.where(c, a, b))
    if which == "where1":
        a = operand(pick, dtypes=["bool"])
        return Call("other", which, f"where({_what(a)})", lambda: xp.where(_nx(a)), lambda: np.where(a))
    if which == "clip":
        a = operand(pick)
        lo = pick([None, pick(SCALARS), operand(pick, pick([(), a.shape]))])
        hi = pick([None, pick(SCALARS)])
        return Call("other", which, f"clip({_what(a)}, {_what(lo)}, {_what(hi)})", lambda: xp.clip(_nx(a), _nx(lo), _nx(hi)), lambda: np.clip(a, lo, hi),
                    str(a.dtype), (lo, hi))
    if which == "result_type":
        items = [pick(DTYPES)] + [pick([pick(DTYPES), pick(SCALARS)]) for _ in range(pick([0, 1, 2]))]
        nxi = [getattr(xp, i) if isinstance(i, str) else i for i in items]
        npi = [np.dtype(i) if isinstance(i, str) else i for i in items]
        return Call("other", which, f"result_type{tuple(items)}", lambda: np.dtype(xp.result_type(*nxi).name), lambda: np.result_type(*npi),
                    args=tuple(items))
    if which in ("concat", "stack"):
        a = operand(pick, pick([(3,), (2, 3), (0,)]))
        b = special(pick, pick(DTYPES), a.shape)
        npf = np.concatenate if which == "concat" else np.stack
        return Call("other", which, f"{which}([{_what(a)}, {_what(b)}])", lambda: getattr(xp, which)([_nx(a), _nx(b)]), lambda: npf([a, b]))
    if which == "matmul":
        a, b = special(pick, pick(DTYPES), (2, 3)), special(pick, pick(DTYPES), (3, 2))
        return Call("other", which, f"{_what(a)} @ {_what(b)}", lambda: _nx(a) @ _nx(b), lambda: a @ b)
    if which == "searchsorted":
        a = np.sort(operand(pick, (5,), DTYPES[1:11]))
        v = pick([operand(pick, pick([(), (3,)])), pick(SCALARS)])
        side = pick(["left", "right"])
        return Call("other", which, f"searchsorted({_what(a)}, {_what(v)}, side={side})", lambda: xp.searchsorted(_nx(a), _nx(v), side=side),
                    lambda: np.searchsorted(a, v, side=side))
    if which == "isin":
        a = operand(pick)
        b = pick([operand(pick), pick(SCALARS)])
        return Call("other", which, f"isin({_what(a)}, {_what(b)})", lambda: xp.isin(_nx(a), _nx(b)), lambda: np.isin(a, b))
    if which == "unique_values":
        a = operand(pick)
        return Call("other", which, f"unique_values({_what(a)})", lambda: _sorted(xp.unique_values(_nx(a))), lambda: _sorted(np.unique_values(a)))
    a = operand(pick)
    return Call("other", which, f"nonzero({_what(a)})", lambda: xp.nonzero(_nx(a)), lambda: np.nonzero(a))


def _sorted(r: Any) -> np.ndarray:
    return np.sort(np.asarray(r), kind="stable")


KINDS = {"binary": binary, "scalar": scalar, "inplace": inplace, "unary": unary, "reduction": reduction, "creation": creation, "other": other}


# --------------------------------------------------------------- the outcomes
def outcome(fn: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", the result as NumPy arrays) or ("err", the exception)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            r = fn()
        except Exception as e:  # noqa: BLE001 - the outcome is compared, not judged here
            return "err", e
    if isinstance(r, tuple):
        return "ok", tuple(np.asarray(v) for v in r)
    return "ok", r if isinstance(r, np.dtype) else np.asarray(r)


#: Functions whose floating-point results may differ in the last bits (another order
#: of summation, another algorithm): compared to a few units in the last place.
_INEXACT = {"mean", "std", "var", "sum", "prod", "cumulative_sum", "cumulative_prod", "matmul", "logaddexp", "hypot", "expm1",
            "log1p", "tanh", "sin", "exp", "log", "sqrt", "pow", "atan2", "linspace", "divide"}


def difference(call: Call, mine: tuple[str, Any], theirs: tuple[str, Any]) -> str | None:
    """What differs between nx's outcome and NumPy's (None: nothing)."""
    if mine[0] == "err" and theirs[0] == "err":
        return None
    if mine[0] == "err":
        return f"nx refuses ({type(mine[1]).__name__}: {mine[1]}); NumPy gives {_short(theirs[1])}"
    if theirs[0] == "err":
        return f"NumPy refuses ({type(theirs[1]).__name__}: {theirs[1]}); nx gives {_short(mine[1])}"
    a, b = mine[1], theirs[1]
    if isinstance(b, tuple) or isinstance(a, tuple):
        if not (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)):
            return f"nx gives {_short(a)}, NumPy {_short(b)}"
        for u, v in zip(a, b):
            d = difference(call, ("ok", u), ("ok", v))
            if d:
                return d
        return None
    if isinstance(b, np.dtype) or isinstance(a, np.dtype):
        return None if a == b else f"dtype {a} where NumPy's is {b}"
    if a.dtype != b.dtype:
        return f"dtype {a.dtype} where NumPy's is {b.dtype} ({_short(a)} vs {_short(b)})"
    if a.shape != b.shape:
        return f"shape {a.shape} where NumPy's is {b.shape}"
    if a.dtype.kind in "fc":
        if np.array_equal(a, b, equal_nan=True):
            return None
        if call.name in _INEXACT:
            with np.errstate(all="ignore"):
                tol = 1e-5 if a.dtype in (np.float32, np.complex64) else 1e-12
                if np.allclose(a, b, rtol=tol, atol=0, equal_nan=True) and np.array_equal(np.isnan(a), np.isnan(b)):
                    return None
        return f"values {_short(a)} where NumPy's are {_short(b)}"
    if not np.array_equal(a, b):
        return f"values {_short(a)} where NumPy's are {_short(b)}"
    return None


def _short(v: Any) -> str:
    s = repr(v).replace("\n", " ")
    return s if len(s) < 160 else s[:160] + "..."


# ------------------------------------------------ the differences nx keeps
def _err(o: tuple[str, Any], *types: type) -> bool:
    return o[0] == "err" and isinstance(o[1], types)


def _msg(o: tuple[str, Any], pattern: str) -> bool:
    return o[0] == "err" and re.search(pattern, str(o[1])) is not None


def _nonfinite_complex(o: tuple[str, Any]) -> bool:
    return o[0] == "ok" and isinstance(o[1], np.ndarray) and o[1].dtype.kind == "c" and not np.isfinite(o[1]).all()


def _values_differ_only(mine: tuple[str, Any], theirs: tuple[str, Any]) -> bool:
    return (mine[0] == theirs[0] == "ok" and isinstance(mine[1], np.ndarray) and isinstance(theirs[1], np.ndarray)
            and mine[1].dtype == theirs[1].dtype and mine[1].shape == theirs[1].shape)


@dataclass
class Known:
    """A difference nx keeps: ``key`` names it in docs/consumers.md's list; ``matches``
    says whether a call's outcomes are this difference."""

    key: str
    reason: str
    matches: Callable[[Call, tuple[str, Any], tuple[str, Any]], bool]


KNOWN = [
    Known("category", "a dtype outside the function's category in the standard (sin or mean of integers, bool arithmetic, "
          "ordering complex numbers, matmul of bool) is refused; NumPy converts or orders it",
          lambda c, m, t: _msg(m, r"Only [a-z -]+ dtypes are allowed in ")),
    Known("uint64-signed", "a signed integer with uint64 is refused; NumPy gives float64, which loses integer precision",
          lambda c, m, t: _msg(m, r"dtypes u?int\d+ and u?int\d+ cannot be type promoted") or _msg(m, r"dtypes (uint64 and int|int\d+ and uint64)")),
    Known("int-out-of-range", "a Python int outside an integer array's range is refused (OverflowError) in every function but "
          "the comparisons; NumPy's where wraps it, searchsorted and isin compare it, functions without integer loops convert it",
          lambda c, m, t: _err(m, OverflowError) and re.search(r"(Python int|value) .* out of bounds", str(m[1])) is not None),
    Known("complex-to-real", "complex values into a real dtype (astype, asarray, full, full_like, x[k] = v) are refused, as the "
          "standard asks; NumPy drops the imaginary part with a ComplexWarning",
          lambda c, m, t: _msg(m, r"cannot cast (complex|a complex value)")),
    Known("object-arrays", "nx has no object dtype: Python ints beyond 64 bits in asarray or full are refused (or, with "
          "floats, give float64), where NumPy makes an object array",
          lambda c, m, t: t[0] == "ok" and isinstance(t[1], np.ndarray) and t[1].dtype == object),
    Known("scalar-bounds", "clip clamps a Python int bound to the integer array's range; NumPy refuses it (OverflowError)",
          lambda c, m, t: c.name == "clip" and m[0] == "ok" and _err(t, OverflowError)),
    Known("logical-huge-int", "the logical functions read a Python int of any size by its truth; NumPy refuses ints beyond 64 bits",
          lambda c, m, t: c.name.startswith("logical_") and m[0] == "ok" and _err(t, OverflowError)),
    Known("floor-division-infinities", "floor_divide and // with an infinite operand follow the standard's floor(x1 / x2) "
          "(7 // -inf is -0.0, inf // -1 is -inf); NumPy follows Python (-1.0, nan); remainder agrees with NumPy",
          lambda c, m, t: c.name == "floor_divide" and _values_differ_only(m, t)),
    Known("complex-special-values", "complex results with infinite or NaN parts follow the standard's special cases (C99's), "
          "where NumPy's (expm1(inf+0j) is inf+nanj, products with an infinite part become nan+nanj) differ",
          lambda c, m, t: _values_differ_only(m, t) and (_nonfinite_complex(m) or _nonfinite_complex(t))),
    Known("arange-float-to-int", "arange with floating-point arguments and an integer dtype truncates each start + i * step; "
          "NumPy extrapolates from its first two values (arange(0.5, 10, 0.5, dtype=uint8) is 0, 1, 2, ..., 18)",
          lambda c, m, t: c.name == "arange" and _values_differ_only(m, t)),
    Known("0-d-sort", "sort and argsort of a 0-d array refuse axis=-1 (AxisError); NumPy's argsort gives [0] (its sort refuses)",
          lambda c, m, t: c.name in ("argsort", "sort") and _msg(m, r"axis -1 is out of bounds for array of dimension 0")),
    Known("where-condition", "where's condition must be bool; NumPy takes any dtype by its truth",
          lambda c, m, t: c.name == "where" and _msg(m, r"condition must have a bool dtype")),
    Known("clip-keeps-dtype", "clip with an array bound of x's kind (bool, integer or floating-point: the standard's kinds) "
          "keeps x's dtype, as the standard asks; NumPy promotes (clip(int8_x, int64_bound) is int64)",
          lambda c, m, t: c.name == "clip" and m[0] == t[0] == "ok" and str(m[1].dtype) == c.x and m[1].dtype != t[1].dtype),
    Known("scalar-dtype-search", "a Python scalar in searchsorted and isin takes the array's dtype, as the standard's rule "
          "for mixing scalars and arrays says (1e300 with float32 is inf); NumPy reads it as float64 or int64",
          lambda c, m, t: c.name in ("searchsorted", "isin") and _values_differ_only(m, t)),
    Known("clip-min-above-max", "clip with a Python scalar min above max gives max everywhere (NumPy's documented answer); "
          "NumPy 2 gives min where a bound is of another type than x (clip(int64_x, inf, 2**63 - 1) is inf)",
          lambda c, m, t: c.name == "clip" and _values_differ_only(m, t) and all(isinstance(v, (int, float)) for v in c.args)
          and c.args[0] > c.args[1]),
    Known("result-type-order", "result_type of three or more dtypes promotes them pairwise, left to right, as the standard "
          "defines it; NumPy's promotes all at once and can be narrower (int16, uint16 and complex64: complex128; NumPy complex64)",
          lambda c, m, t: c.name == "result_type" and len(c.args) > 2 and m[0] == t[0] == "ok"),
    Known("bool-power", "a bool array to a Python int power is int64, the int's default, as with +, - and *; NumPy's power "
          "gives int8 (its smallest integer loop)",
          lambda c, m, t: c.name == "pow" and m[0] == t[0] == "ok" and m[1].dtype == np.int64 and t[1].dtype == np.int8),
    Known("inplace-keeps-dtype", "an in-place operator whose result dtype is not x's (int8_x += int16_y, float32_x *= "
          "float64_y) is refused, as the standard leaves it; NumPy casts the result back (same_kind)",
          lambda c, m, t: c.kind == "inplace" and _msg(m, r"cannot cast the result's")),
    Known("setitem-keeps-dtype", "x[k] = v with an array v whose dtype does not promote to x's (but for floating-point "
          "into integers, truncated) or a number into a bool array is refused; NumPy casts it unsafely (uint32 values into "
          "uint8 wrap, numbers into bool by their truth)",
          lambda c, m, t: c.name == "__setitem__" and _msg(m, r"cannot cast a (\w+ array|Python \w+) to dtype")),
    Known("scalar-kind-args", "searchsorted takes Python int and float values; NumPy also a complex or bool one",
          lambda c, m, t: c.name == "searchsorted" and _msg(m, r"must be an nx array or a Python int or float")),
]


def explain(call: Call, mine: tuple[str, Any], theirs: tuple[str, Any]) -> Known | None:
    """The entry of ``KNOWN`` this call's difference is, or None (an unexplained one)."""
    for k in KNOWN:
        if k.matches(call, mine, theirs):
            return k
    return None


if __name__ == "__main__":  # a quick look: python nx_parity.py 20000 [seed]
    import collections
    import random
    import sys

    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    found: collections.Counter = collections.Counter()
    unexplained: dict = collections.defaultdict(list)
    for _ in range(n):
        call = KINDS[rng.choice(list(KINDS))](rng.choice)
        mine, theirs = outcome(call.nx), outcome(call.np)
        d = difference(call, mine, theirs)
        if d is None:
            continue
        k = explain(call, mine, theirs)
        found[k.key if k else "UNEXPLAINED"] += 1
        if k is None:
            unexplained[(call.kind, call.name, d[:40])].append((call.what, d))
    print(f"{n} calls, {sum(found.values())} differences:", dict(found.most_common()))
    for key, v in sorted(unexplained.items(), key=lambda kv: -len(kv[1])):
        print(len(v), key)
        for what, d in v[:2]:
            print("    ", what, "|", d[:300])
