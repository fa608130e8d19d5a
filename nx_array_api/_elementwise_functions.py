"""Element-wise functions (the standard's "Element-wise Functions" section).

The regular functions are one line each, made by ``_unary`` and ``_binary``: they
validate, promote (Python scalars by the standard's rules), broadcast, and make one
backend call. The irregular ones are written out, each with a ``# Note:``.
"""

from __future__ import annotations

import sys
from math import prod
from typing import Any, Callable

from nx_core.dtype import DType
from nx_core.errors import NxInvalidArgument
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from . import _flags
from ._array_object import Array
from ._scalars import promote_pair, scalar_operand
from ._validation import (
    backend_of,
    broadcast_pair,
    broadcast_shapes,
    broadcast_tensor,
    check_category,
    check_unshared,
    core_message,
    default_dtype,
    py_scalar,
)

_CATS = _dt.CATEGORIES
_INEXACT = _dt.CATEGORIES["floating-point"]
_PROMOTE = _dt.PROMOTE


def _operands(name: str, x1: Any, x2: Any, allowed: frozenset, prim: str | None = None) -> tuple[Any, Any, DType]:
    """Validates and promotes two operands: (a, b, dtype), tensors of the promoted dtype
    broadcast to one shape, or a tensor and a Python scalar (always the second operand;
    a scalar first operand is filled out to a tensor). The first is always a tensor, on
    the backend both arrays share (ValueError when they live on two devices). When the
    backend's primitive ``prim`` broadcasts by itself ([EW2]), shapes that differ are
    checked to broadcast together and the tensors keep them.
    """
    if type(x1) is Array and type(x2) is Array:
        t1, t2 = x1, x2
        B = t1.backend
        if t2.backend is not B:
            backend_of(name, t1, t2)  # raises: the arrays live on two devices
        d = t1.dtype
        if d is not t2.dtype:
            d = _PROMOTE.get((d, t2.dtype))
            if d is None:
                raise TypeError(f"{name}: dtypes {t1.dtype.name} and {t2.dtype.name} cannot be promoted together")
            if t1.dtype is not d:
                t1 = B.cast(t1, dtype=d)
            if t2.dtype is not d:
                t2 = B.cast(t2, dtype=d)
        if d not in allowed:
            raise _not_allowed(name, d, allowed)
        s1, s2 = t1.shape, t2.shape
        if s1 != s2:
            shape = broadcast_pair(name, s1, s2)
            if not _broadcasts(B, prim):
                t1 = broadcast_tensor(t1, shape)
                t2 = broadcast_tensor(t2, shape)
        return t1, t2, d
    if type(x1) is Array and type(x2) is not Array:  # (isinstance is slower on a scalar: Array has a metaclass)
        # x op scalar, the scalar kept second: promote_pair's branch written out, as the
        # array pair's is above (one call less on the path of x + 1).
        t = x1
        s, d = scalar_operand(name, x2, t.dtype, t.backend.device)
        if d not in allowed:
            raise _not_allowed(name, d, allowed)
        return (t if t.dtype is d else t.backend.cast(t, dtype=d)), s, d
    a, b, d = promote_pair(name, x1, x2)  # a scalar first, or arrays of Array's subclasses
    if d not in allowed:
        raise _not_allowed(name, d, allowed)
    if not isinstance(a, Tensor):
        return _scalar_first(b.backend, prim, d, a, b.shape), b, d
    if isinstance(b, Tensor) and a.shape != b.shape:
        shape = broadcast_pair(name, a.shape, b.shape)
        if not _broadcasts(a.backend, prim):
            a = broadcast_tensor(a, shape)
            b = broadcast_tensor(b, shape)
    return a, b, d


def _scalar_first(B: Any, prim: str | None, d: DType, value: Any, shape: tuple) -> Tensor:
    """A scalar that comes first to binary primitive ``prim`` (which takes scalars second
    only), as a tensor of dtype ``d``: 0-d where ``prim`` broadcasts its operands itself
    and the other operand has more than ``_FILL_AT_MOST`` elements, so that ``1.0 - x``
    allocates and fills no array of ``x``'s shape; else filled out to ``shape`` (on a
    small array that is cheaper than broadcasting: 0.2 us on 8 elements)."""
    if prod(shape) > _FILL_AT_MOST and _broadcasts(B, prim):
        return B.full(d, (), value)
    return B.full(d, shape, value)


_FILL_AT_MOST = 1024


def _broadcasts(B: Any, prim: str | None) -> bool:
    """Whether backend ``B``'s binary primitive ``prim`` broadcasts its operands itself
    (protocol [EW2]: its function carries a true ``broadcasts`` attribute, as NumPy's
    ufuncs do), so that the frontend checks their shapes and does not expand them."""
    if prim is None:
        return False
    k = (type(B), prim)
    r = _BROADCASTS.get(k)
    if r is None:
        r = _BROADCASTS[k] = getattr(getattr(k[0], prim, None), "broadcasts", False) is True
    return r


_BROADCASTS: dict[tuple[type, str], bool] = {}  # (backend class, primitive) -> _broadcasts


def _not_allowed(name: str, d: DType, allowed: frozenset) -> TypeError:
    return TypeError(f"{name}: {d.name} is not allowed (expected {_category_name(allowed)} dtypes)")


def _category_name(allowed: frozenset) -> str:
    for k, v in _CATS.items():
        if v == allowed:
            return k
    return "other"


def _binary(name: str, category: str, prim: str, doc: str, swap: bool = False) -> Callable[[Any, Any], Array]:
    """The function ``name(x1, x2)``: ``prim(x1, x2)``, or ``prim(x2, x1)`` when ``swap``
    (greater is cmplt with its operands swapped), computed on the backend of the
    operands; validation and messages are name's."""
    allowed = _CATS[category]
    ops: dict[Any, Callable[..., Tensor]] = {}  # backend -> its bound `prim`, filled on first use

    def f(x1: Any, x2: Any, /) -> Array:
        if type(x1) is Array and type(x2) is Array:
            a, b = x1, x2
            B = a.backend
            d = a.dtype
            if not (B is b.backend and d is b.dtype and d in allowed and a.shape == b.shape):
                a, b, _ = _operands(name, x1, x2, allowed, prim)
        elif type(x1) is Array and type(x2) is float and x1.dtype in _INEXACT and x1.dtype in allowed:
            a, b = x1, x2  # x op 1.0 on a floating-point array: its dtype is the result's
            B = a.backend
        else:
            a, b, _ = _operands(name, x1, x2, allowed, prim)
            B = a.backend
        try:
            op = ops[B]
        except KeyError:
            op = ops[B] = getattr(B, prim)
        return op(a, b)

    def swapped(x1: Any, x2: Any, /) -> Array:
        if type(x1) is Array and type(x2) is Array:
            a, b = x1, x2
            B = a.backend
            d = a.dtype
            if not (B is b.backend and d is b.dtype and d in allowed and a.shape == b.shape):
                a, b, d = _operands(name, x1, x2, allowed, prim)
        else:
            a, b, d = _operands(name, x1, x2, allowed, prim)
            B = a.backend
            if not isinstance(b, Tensor):  # a Python scalar: the backend takes scalars second only
                b = _scalar_first(B, prim, d, b, a.shape)
        try:
            op = ops[B]
        except KeyError:
            op = ops[B] = getattr(B, prim)
        return op(b, a)

    g = swapped if swap else f
    g.__name__ = g.__qualname__ = name
    g.__doc__ = doc
    return g


def _unary(name: str, category: str, prim: str, doc: str) -> Callable[[Any], Array]:
    allowed = _CATS[category]
    ops: dict[Any, Callable[..., Tensor]] = {}  # backend -> its bound `prim`, filled on first use

    def f(x: Any, /) -> Array:
        if type(x) is not Array:
            raise TypeError(f"{name}: x must be an nx array, got {type(x).__name__}")
        t = x
        if t.dtype not in allowed:
            raise TypeError(f"{name}: {t.dtype.name} is not allowed (expected {category} dtypes)")
        B = t.backend
        try:
            op = ops[B]
        except KeyError:
            op = ops[B] = getattr(B, prim)
        return op(t)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


def _inplace(fn: Callable[[Any, Any], Array], x: Array, other: Any) -> Array:
    """``x op= other``: computes ``fn(x, other)`` and writes it back into ``x``.

    The result must keep ``x``'s dtype and shape (the standard forbids in-place
    operators that would change either).
    """
    if _flags.STRICT and sys.getrefcount(x) > _TEMPORARY_REFS:
        check_unshared(getattr(fn, "__name__", "inplace"), x, other)
    prim = _IN_PLACE.get(fn)
    if prim is not None:
        # add/subtract/multiply into a dense x: the backend writes straight into x's
        # buffer (NumPy's `x += y`, no temporary); anything else takes the general path.
        t = x
        B = t.backend
        d = t.dtype
        if d in _dt.numeric and B.contiguous(t) is t:
            o: Any = None
            if type(other) is Array:
                ot = other
                if ot.backend is B and ot.dtype is d and broadcast_shapes(fn.__name__, t.shape, ot.shape) == t.shape:
                    o = broadcast_tensor(ot, t.shape)
            elif type(other) in (int, float, complex):
                s, rd = scalar_operand(fn.__name__, other, d)
                if rd is d:
                    o = s
            if o is not None:
                try:
                    getattr(B, prim)(t, o, out=t)
                except NxInvalidArgument as e:  # read-only memory: x is left unchanged
                    raise ValueError(core_message(fn.__name__, e)) from None
                return x
    r = fn(x, other)
    name = getattr(fn, "__name__", "inplace")
    if r.dtype is not x.dtype:
        raise TypeError(f"{name}: in-place result dtype {r.dtype.name} differs from {x.dtype.name}")
    if r.shape != x.shape:
        raise ValueError(f"{name}: in-place result shape {r.shape} differs from {x.shape}")
    try:
        x.backend.assign(x, r)
    except NxInvalidArgument as e:  # a broadcast or padded view: x is left unchanged
        raise ValueError(core_message(name, e)) from None
    return x


def _temporary_refs() -> int:
    """How many references ``_inplace`` sees to an array nothing names: the ``tmp`` of
    ``a[i] += v``, which Python runs as ``tmp = a[i]; tmp += v; a[i] = tmp``. Measured
    once, on a stand-in with the same call path, so that it holds on any CPython.

    Strict mode does not check such writes: whether ``a[i]`` is a view or a copy, the
    final ``a[i] = tmp`` leaves ``a`` the same, so the idiom is portable."""
    seen = []

    def probe(fn: Any, x: Any, other: Any) -> None:
        seen.append(sys.getrefcount(x))

    class Stand:
        def __iadd__(self, other: Any) -> "Stand":
            probe(None, self, other)
            return self

    class Box:
        def __getitem__(self, key: Any) -> Stand:
            return Stand()

        def __setitem__(self, key: Any, value: Any) -> None:
            pass

    box = Box()
    box[0] += 1
    return seen[0]


_TEMPORARY_REFS = _temporary_refs()

# ----------------------------------------------------------------- unary, regular
acos = _unary("acos", "floating-point", "acos", "Principal value of the arc cosine, elementwise.")
acosh = _unary("acosh", "floating-point", "acosh", "Inverse hyperbolic cosine, elementwise.")
asin = _unary("asin", "floating-point", "asin", "Principal value of the arc sine, elementwise.")
asinh = _unary("asinh", "floating-point", "asinh", "Inverse hyperbolic sine, elementwise.")
atan = _unary("atan", "floating-point", "atan", "Principal value of the arc tangent, elementwise.")
atanh = _unary("atanh", "floating-point", "atanh", "Inverse hyperbolic tangent, elementwise.")
bitwise_invert = _unary("bitwise_invert", "integer or boolean", "bitwise_invert", "Bitwise NOT (logical NOT for bool).")
cos = _unary("cos", "floating-point", "cos", "Cosine, elementwise (radians).")
cosh = _unary("cosh", "floating-point", "cosh", "Hyperbolic cosine, elementwise.")
exp = _unary("exp", "floating-point", "exp", "Exponential, elementwise.")
expm1 = _unary("expm1", "floating-point", "expm1", "exp(x) - 1, accurate for small x.")
isfinite = _unary("isfinite", "numeric", "isfinite", "True where x is finite.")
isinf = _unary("isinf", "numeric", "isinf", "True where x is infinite.")
isnan = _unary("isnan", "numeric", "isnan", "True where x is NaN.")
log = _unary("log", "floating-point", "log", "Natural logarithm, elementwise.")
log1p = _unary("log1p", "floating-point", "log1p", "log(1 + x), accurate for small x.")
log2 = _unary("log2", "floating-point", "log2", "Base-2 logarithm, elementwise.")
log10 = _unary("log10", "floating-point", "log10", "Base-10 logarithm, elementwise.")
negative = _unary("negative", "numeric", "neg", "Numerical negative; integers wrap.")
positive = _unary("positive", "numeric", "positive", "Numerical positive (a copy of x).")
round = _unary("round", "numeric", "round_half_even", "Round to the nearest integer, halves to even.")  # noqa: A001
sign = _unary("sign", "numeric", "sign", "Sign: -1, 0 or 1 (z/|z| for complex).")
signbit = _unary("signbit", "real floating-point", "signbit", "True where the sign bit is set.")
sin = _unary("sin", "floating-point", "sin", "Sine, elementwise (radians).")
sinh = _unary("sinh", "floating-point", "sinh", "Hyperbolic sine, elementwise.")
sqrt = _unary("sqrt", "floating-point", "sqrt", "Principal square root, elementwise.")
square = _unary("square", "numeric", "square", "x * x, elementwise.")
tan = _unary("tan", "floating-point", "tan", "Tangent, elementwise (radians).")
tanh = _unary("tanh", "floating-point", "tanh", "Hyperbolic tangent, elementwise.")
reciprocal = _unary("reciprocal", "floating-point", "recip", "1 / x, elementwise.")
ceil = _unary("ceil", "real numeric", "ceil", "Round toward +infinity (integers unchanged).")
floor = _unary("floor", "real numeric", "floor", "Round toward -infinity (integers unchanged).")
trunc = _unary("trunc", "real numeric", "trunc", "Round toward zero (integers unchanged).")
conj = _unary("conj", "numeric", "conj", "Complex conjugate (a copy for real dtypes).")

# ---------------------------------------------------------------- binary, regular
add = _binary("add", "numeric", "add", "x1 + x2, elementwise; integers wrap.")
subtract = _binary("subtract", "numeric", "sub", "x1 - x2, elementwise; integers wrap.")
multiply = _binary("multiply", "numeric", "mul", "x1 * x2, elementwise; integers wrap.")
atan2 = _binary("atan2", "real floating-point", "atan2", "Arc tangent of x1/x2 in the right quadrant.")
bitwise_and = _binary("bitwise_and", "integer or boolean", "bitwise_and", "Bitwise AND (logical for bool).")
bitwise_or = _binary("bitwise_or", "integer or boolean", "bitwise_or", "Bitwise OR (logical for bool).")
bitwise_xor = _binary("bitwise_xor", "integer or boolean", "bitwise_xor", "Bitwise XOR (logical for bool).")
bitwise_left_shift = _binary("bitwise_left_shift", "integer", "bitwise_left_shift", "x1 << x2; 0 once shifted past the width.")
bitwise_right_shift = _binary("bitwise_right_shift", "integer", "bitwise_right_shift", "x1 >> x2 (arithmetic for signed).")
copysign = _binary("copysign", "real floating-point", "copysign", "|x1| with the sign of x2.")
equal = _binary("equal", "all", "cmpeq", "x1 == x2, elementwise.")
not_equal = _binary("not_equal", "all", "cmpne", "x1 != x2, elementwise.")
less = _binary("less", "real numeric", "cmplt", "x1 < x2, elementwise.")
less_equal = _binary("less_equal", "real numeric", "cmple", "x1 <= x2, elementwise.")
# Note: the backend has cmplt/cmple only; greater(x1, x2) is cmplt(x2, x1).
greater = _binary("greater", "real numeric", "cmplt", "x1 > x2, elementwise.", swap=True)
greater_equal = _binary("greater_equal", "real numeric", "cmple", "x1 >= x2, elementwise.", swap=True)
floor_divide = _binary("floor_divide", "real numeric", "floor_divide", "Floor of x1 / x2; integer division by zero gives 0.")
remainder = _binary("remainder", "real numeric", "remainder", "Remainder with the sign of x2; integer x % 0 gives 0.")
hypot = _binary("hypot", "real floating-point", "hypot", "sqrt(x1**2 + x2**2) without undue overflow.")
logaddexp = _binary("logaddexp", "real floating-point", "logaddexp", "log(exp(x1) + exp(x2)), without overflow.")
_logical_and = _binary("logical_and", "bool", "bitwise_and", "")
_logical_or = _binary("logical_or", "bool", "bitwise_or", "")
_logical_xor = _binary("logical_xor", "bool", "bitwise_xor", "")
_logical_not = _unary("logical_not", "bool", "logical_not", "")
maximum = _binary("maximum", "real numeric", "max", "Elementwise maximum; NaN propagates.")
minimum = _binary("minimum", "real numeric", "min", "Elementwise minimum; NaN propagates.")
nextafter = _binary("nextafter", "real floating-point", "nextafter", "The next representable value after x1 toward x2.")
_pow = _binary("pow", "numeric", "pow", "")
_true_divide = _binary("divide", "floating-point", "div", "")

# The in-place operators whose backend primitive (by name) may write into an operand (protocol).
_IN_PLACE = {add: "add", subtract: "sub", multiply: "mul"}


def pow(x1: Any, x2: Any, /) -> Array:  # noqa: A001
    """x1 ** x2; integer powers are exact and wrap.

    Note: an integer to a negative integer power is the exact power truncated toward
    zero (``2 ** -1`` is 0, ``-1 ** -1`` is -1), as the standard leaves it open; strict
    mode refuses it with NumPy's ValueError, as array-api-strict does.
    """
    if _flags.STRICT:
        _strict_negative_power(x1, x2)
    return _pow(x1, x2)


def _strict_negative_power(x1: Any, x2: Any) -> None:
    i1 = type(x1) is not Array or x1.dtype.kind in "iu"
    if type(x2) is Array:
        t = x2
        neg = i1 and t.dtype.kind == "i" and t.numel and t.backend.item(t.backend.reduce_min(t, axes=tuple(range(len(t.shape))))) < 0
    else:
        neg = i1 and type(x1) is Array and type(x2) is int and x2 < 0
    if neg:
        raise ValueError("pow: an integer to a negative integer power is not portable (strict mode): integers to negative integer powers are not allowed")


def divide(x1: Any, x2: Any, /) -> Array:
    """x1 / x2 with IEEE semantics.

    Note: integer / integer returns the default floating dtype of the device (float64,
    float32 where the device has none), as NumPy does and as consumers such as
    scikit-learn expect; the standard leaves it to us. Strict mode refuses it.
    """
    if (type(x1) is not Array or x1.dtype.kind in "fc") and (type(x2) is not Array or x2.dtype.kind in "fc"):
        return _true_divide(x1, x2)
    if _flags.STRICT:
        return _true_divide(x1, x2)  # refuses the integer operand as the standard's divide does
    a = x1 if type(x1) is not Array or x1.dtype.kind in "fc" else _to_default_float("divide", x1)
    b = x2 if type(x2) is not Array or x2.dtype.kind in "fc" else _to_default_float("divide", x2)
    return _true_divide(a, b)


def _truth(x: Any) -> Any:
    """``x`` as a logical operand: a numeric array or Python number by its truth (nonzero,
    NaN included, is True); anything else as it is, for the caller to judge."""
    if type(x) is Array:
        t = x
        if t.dtype is _dt.bool or _flags.STRICT:
            return x  # strict mode: the standard's bool-only logical functions
        return t.backend.cast(t, dtype=_dt.bool)
    if type(x) in (int, float, complex) and not _flags.STRICT:
        return bool(x)
    return x


def logical_and(x1: Any, x2: Any, /) -> Array:
    """Logical AND, elementwise.

    Note: numeric operands count by their truth (nonzero is True), as in NumPy; the
    standard asks for bool. scikit-learn's roc_curve calls the logical functions on floats.
    Strict mode refuses them.
    """
    return _logical_and(_truth(x1), _truth(x2))


def logical_or(x1: Any, x2: Any, /) -> Array:
    """Logical OR, elementwise; numeric operands count by their truth (see logical_and)."""
    return _logical_or(_truth(x1), _truth(x2))


def logical_xor(x1: Any, x2: Any, /) -> Array:
    """Logical XOR, elementwise; numeric operands count by their truth (see logical_and)."""
    return _logical_xor(_truth(x1), _truth(x2))


def logical_not(x: Any, /) -> Array:
    """Logical NOT, elementwise; a numeric x counts by its truth (see logical_and)."""
    return _logical_not(_truth(x) if type(x) is Array else x)


def _to_default_float(name: str, x: Array) -> Array:
    if not x.dtype.is_integer:  # a floating-point x needs no cast: only bool is left
        raise TypeError(f"{name}: only numeric dtypes are allowed, got {x.dtype.name}")
    B = x.backend
    return B.cast(x, dtype=default_dtype(B.device, "real floating"))


def abs(x: Any, /) -> Array:  # noqa: A001
    """Absolute value. Note: complex input gives the real dtype of the same precision."""
    if type(x) is not Array:
        raise TypeError(f"abs: x must be an nx array, got {type(x).__name__}")
    d = x.dtype
    if d not in _dt.numeric:
        raise TypeError(f"abs: only numeric dtypes are allowed, got {d.name}")
    B = x.backend
    if d.is_complex:
        out = B.buffer(_dt.COMPLEX_TO_REAL[d], x.shape)
        return B.abs(x, out=out)
    return B.abs(x)


def real(x: Any, /) -> Array:
    """Real part. Note: real dtypes are returned as a copy."""
    if type(x) is not Array:
        raise TypeError(f"real: x must be an nx array, got {type(x).__name__}")
    check_category("real", x.dtype, "numeric")
    B = x.backend
    return B.real(x) if x.dtype.is_complex else B.copy(x)


def imag(x: Any, /) -> Array:
    """Imaginary part. Note: real dtypes give zeros of the same dtype."""
    if type(x) is not Array:
        raise TypeError(f"imag: x must be an nx array, got {type(x).__name__}")
    d = x.dtype
    check_category("imag", d, "numeric")
    B = x.backend
    if d.is_complex:
        return B.imag(x)
    return B.full(d, x.shape, 0)


def clip(x: Any, /, min: Any = None, max: Any = None) -> Array:  # noqa: A002
    """Clamps each element to [min, max]; either bound may be None, a scalar or an array.

    Note: the result keeps x's dtype (bounds are converted to it) and has the shape x
    broadcasts to with the bounds, as the standard asks; NaN in x propagates, and where
    min > max the result is max, as in NumPy.
    """
    if type(x) is not Array:
        raise TypeError(f"clip: x must be an nx array, got {type(x).__name__}")
    d = x.dtype
    check_category("clip", d, "real numeric")
    r = x
    for bound, fn, arg in ((min, maximum, "min"), (max, minimum, "max")):
        if bound is None:
            continue
        bound = py_scalar(bound)
        if isinstance(bound, Array):
            backend_of("clip", x, bound)
            if bound.dtype.kind != d.kind and not (bound.dtype.is_integer and d.is_integer):
                raise TypeError(f"clip: {arg} of dtype {bound.dtype.name} does not match x's {d.name}")
            broadcast_shapes("clip", x.shape, bound.shape)
        elif type(bound) in (int, float):
            if d.is_integer:
                if type(bound) is float:
                    raise TypeError(f"clip: a float {arg} cannot clip an integer array")
                lo, hi = d.limits
                bound = lo if bound < lo else hi if bound > hi else bound
        else:
            raise TypeError(f"clip: {arg} must be None, a Python scalar or an nx array")
        r = fn(r, bound)
    B = x.backend
    if r.dtype is not d:
        r = B.cast(r, dtype=d)
    if r is x:
        r = B.copy(x)
    return r


__all__ = [
    "abs",
    "acos",
    "acosh",
    "add",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "bitwise_and",
    "bitwise_invert",
    "bitwise_left_shift",
    "bitwise_or",
    "bitwise_right_shift",
    "bitwise_xor",
    "ceil",
    "clip",
    "conj",
    "copysign",
    "cos",
    "cosh",
    "divide",
    "equal",
    "exp",
    "expm1",
    "floor",
    "floor_divide",
    "greater",
    "greater_equal",
    "hypot",
    "imag",
    "isfinite",
    "isinf",
    "isnan",
    "less",
    "less_equal",
    "log",
    "log10",
    "log1p",
    "log2",
    "logaddexp",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "multiply",
    "negative",
    "nextafter",
    "not_equal",
    "positive",
    "pow",
    "real",
    "reciprocal",
    "remainder",
    "round",
    "sign",
    "signbit",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "subtract",
    "tan",
    "tanh",
    "trunc",
]
