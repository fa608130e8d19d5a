"""Element-wise functions (the standard's "Element-wise Functions" section).

The regular functions are one line each, made by ``unary`` and ``binary``
(``_element_ops``): they validate, promote (Python scalars by the standard's rules),
broadcast, and make one backend call. The irregular ones are written out, each with a
``# Note:``.
"""

from __future__ import annotations

from typing import Any, Callable

from . import _dtypes as _dt
from ._array_types import ARRAY_TYPES, STRICT_TYPES, ArrayT

from ._element_ops import OPERATORS, binary as _binary, gate, operators_of, unary as _unary
from ._messages import cannot_cast, not_allowed, not_an_array
from ._validation import backend_of, broadcast_shapes, check_category, default_dtype, py_scalar

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
signbit = _unary("signbit", "real floating-point", "signbit", "True where the sign bit is set.", since="2023.12")
sin = _unary("sin", "floating-point", "sin", "Sine, elementwise (radians).")
sinh = _unary("sinh", "floating-point", "sinh", "Hyperbolic sine, elementwise.")
sqrt = _unary("sqrt", "floating-point", "sqrt", "Principal square root, elementwise.")
square = _unary("square", "numeric", "square", "x * x, elementwise.")
tan = _unary("tan", "floating-point", "tan", "Tangent, elementwise (radians).")
tanh = _unary("tanh", "floating-point", "tanh", "Hyperbolic tangent, elementwise.")
reciprocal = _unary("reciprocal", "floating-point", "recip", "1 / x, elementwise.", since="2024.12")
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
_left_shift = _binary("bitwise_left_shift", "integer", "bitwise_left_shift", "", operators=False)
_right_shift = _binary("bitwise_right_shift", "integer", "bitwise_right_shift", "", operators=False)
copysign = _binary("copysign", "real floating-point", "copysign", "|x1| with the sign of x2.", since="2023.12")
equal = _binary("equal", "all", "cmpeq", "x1 == x2, elementwise.")
not_equal = _binary("not_equal", "all", "cmpne", "x1 != x2, elementwise.")
less = _binary("less", "real numeric", "cmplt", "x1 < x2, elementwise.")
less_equal = _binary("less_equal", "real numeric", "cmple", "x1 <= x2, elementwise.")
# Note: the backend has cmplt/cmple only; greater(x1, x2) is cmplt(x2, x1).
greater = _binary("greater", "real numeric", "cmplt", "x1 > x2, elementwise.", swap=True)
greater_equal = _binary("greater_equal", "real numeric", "cmple", "x1 >= x2, elementwise.", swap=True)
floor_divide = _binary("floor_divide", "real numeric", "floor_divide", "Floor of x1 / x2; integer division by zero gives 0.")
remainder = _binary("remainder", "real numeric", "remainder", "Remainder with the sign of x2; integer x % 0 gives 0.")
hypot = _binary("hypot", "real floating-point", "hypot", "sqrt(x1**2 + x2**2) without undue overflow.", since="2023.12")
logaddexp = _binary("logaddexp", "real floating-point", "logaddexp", "log(exp(x1) + exp(x2)), without overflow.")
_logical_and = _binary("logical_and", "bool", "bitwise_and", "", operators=False)
_logical_or = _binary("logical_or", "bool", "bitwise_or", "", operators=False)
_logical_xor = _binary("logical_xor", "bool", "bitwise_xor", "", operators=False)
_logical_not = _unary("logical_not", "bool", "logical_not", "")
maximum = _binary("maximum", "real numeric", "max", "Elementwise maximum; NaN propagates.", since="2023.12")
minimum = _binary("minimum", "real numeric", "min", "Elementwise minimum; NaN propagates.", since="2023.12")
nextafter = _binary("nextafter", "real floating-point", "nextafter", "The next representable value after x1 toward x2.", since="2024.12")
_pow = _binary("pow", "numeric", "pow", "", operators=False)
_true_divide = _binary("divide", "floating-point", "div", "")
#: ``/``'s true division, whose refusals name ``__truediv__`` (array-api-strict's words,
#: which marray's tests match: "Only floating-point dtypes are allowed in __truediv__")
_true_divide_operator = OPERATORS["divide"][0]

def pow(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:  # noqa: A001
    """x1 ** x2; integer powers are exact and wrap.

    Note: an integer to a negative integer power is a ValueError, as in NumPy and
    array-api-strict (the standard leaves it undefined: truncating ``2 ** -1`` to 0 would
    be a silent wrong answer).
    """
    _negative_power(x1, x2)
    return _pow(x1, x2)


def _negative_power(x1: Any, x2: Any) -> None:
    """ValueError when ``x1 ** x2`` raises integers to a negative integer power (a bool
    base too, which the drop-in promotes to the exponent's integer dtype, as NumPy);
    not when the result has no elements, as in NumPy."""
    if type(x1) in ARRAY_TYPES:
        if x1.dtype.kind not in ("iu" if x1._ns.strict else "iub"):
            return  # (the strict namespace refuses a bool base itself: TypeError)
    elif type(x1) is not int and type(x1) is not bool:
        return
    if type(x2) in ARRAY_TYPES:
        t = x2
        if t.dtype.kind != "i" or not t.numel:
            return
        if type(x1) in ARRAY_TYPES and (0 in broadcast_shapes("pow", x1.shape, t.shape) or (x1.dtype, t.dtype) not in _dt.PROMOTE):
            return  # (no element, or dtypes that do not promote: pow says so itself)
        neg = t.backend.item(t.backend.reduce_min(t, axes=tuple(range(len(t.shape))))) < 0
    else:
        neg = type(x1) in ARRAY_TYPES and type(x2) is int and x2 < 0 and x1.numel > 0
    if neg:
        raise ValueError("pow: Integers to negative integer powers are not allowed. The result is not an integer: cast the base to a floating-point dtype")


def divide(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """x1 / x2 with IEEE semantics.

    Note: integer / integer returns the default floating dtype of the device (float64,
    float32 where the device has none), as NumPy does and as consumers such as
    scikit-learn expect; the standard leaves it to us. So do bool arrays (NumPy's
    ``bool_x / 2`` is float64). The strict namespace refuses both.
    """
    return _divide(x1, x2, _true_divide)


def _divide_operator(x1: Any, x2: Any, /) -> Any:
    """``x1 / x2``: divide, its refusals naming ``__truediv__``."""
    return _divide(x1, x2, _true_divide_operator)


def _divide(x1: Any, x2: Any, true_divide: Callable[[Any, Any], Any]) -> Any:
    f1 = type(x1) in ARRAY_TYPES and x1.dtype.kind in "fc"
    f2 = type(x2) in ARRAY_TYPES and x2.dtype.kind in "fc"
    if (f1 or type(x1) not in ARRAY_TYPES) and (f2 or type(x2) not in ARRAY_TYPES):
        return true_divide(x1, x2)
    x = x1 if type(x1) in ARRAY_TYPES else x2
    if f1 or f2:
        # an integer array with a floating-point array: promotion's dtype (NumPy's: int16 /
        # float32 is float32)
        return true_divide(x1, x2)
    if x._ns.strict:
        try:  # refuses the integer operands, as the standard's divide does
            return true_divide(x1, x2)
        except TypeError as e:
            x._ns.refuse("dtype category", e)  # record mode: NumPy's true division below
    a = x1 if type(x1) not in ARRAY_TYPES or x1.dtype.kind in "fc" else _to_default_float("divide", x1)
    b = x2 if type(x2) not in ARRAY_TYPES or x2.dtype.kind in "fc" else _to_default_float("divide", x2)
    return true_divide(a, b)


def bitwise_left_shift(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """x1 << x2; 0 once shifted past the width.

    Note: a negative shift gives 0, as NumPy's; the strict namespace's function refuses
    it with array-api-strict's ValueError (the standard leaves it undefined), and its
    operator ``<<`` gives NumPy's result, as array-api-strict's does."""
    _strict_negative_shift("bitwise_left_shift", x1, x2)
    return _left_shift(x1, x2)


def bitwise_right_shift(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """x1 >> x2 (arithmetic for signed).

    Note: a negative shift gives NumPy's result; the strict namespace's function refuses
    it with array-api-strict's ValueError (the standard leaves it undefined), and its
    operator ``>>`` gives NumPy's result, as array-api-strict's does."""
    _strict_negative_shift("bitwise_right_shift", x1, x2)
    return _right_shift(x1, x2)


def _strict_negative_shift(name: str, x1: Any, x2: Any) -> None:
    if not (type(x1) in STRICT_TYPES or type(x2) in STRICT_TYPES):
        return
    if type(x1) in STRICT_TYPES and x1.dtype.kind not in "iu":
        return  # the dtype's refusal comes first (TypeError), as array-api-strict's
    if type(x2) in STRICT_TYPES:
        t = x2
        neg = t.dtype.kind == "i" and t.numel and t.backend.item(t.backend.reduce_min(t, axes=tuple(range(len(t.shape))))) < 0
    else:
        neg = type(x2) is int and x2 < 0
    if neg:
        (x1 if type(x1) in STRICT_TYPES else x2)._ns.refuse(
            "argument",
            # (array-api-strict's words, its function's name for both shifts included)
            ValueError(f"{name}: bitwise_left_shift(x1, x2) is only defined for x2 >= 0 (strict mode: the standard leaves a negative shift undefined)"),
        )


# (on floating-point arrays, pow checks nothing and divide is true division: the
# operators go straight to the binary functions)
OPERATORS["pow"] = operators_of(pow, _pow, "fc")
# The shift operators give NumPy's result for a negative shift in both namespaces, as
# array-api-strict's do (its functions refuse it, as the strict namespace's do).
left_shift_operator, right_shift_operator = _left_shift, _right_shift
OPERATORS["bitwise_left_shift"] = operators_of(left_shift_operator)
OPERATORS["bitwise_right_shift"] = operators_of(right_shift_operator)
_divide_operator.__name__ = _divide_operator.__qualname__ = "divide"
OPERATORS["divide"] = operators_of(_divide_operator, _true_divide_operator, "fc")


def _truth(x: Any, other: Any = None, strict: bool = True) -> Any:
    """``x`` as a logical operand: a numeric array or Python number by its truth (nonzero,
    NaN included, is True); anything else as it is, for the caller to judge. The strict
    namespace (``x``'s, or ``other``'s for a scalar ``x``) takes the standard's bool-only
    operands as they are (``strict=False``: as the drop-in does, see ``_logical``)."""
    if type(x) in ARRAY_TYPES:
        t = x
        if t.dtype is _dt.bool or (strict and x._ns.strict):
            return x
        return t.backend.cast(t, dtype=_dt.bool)
    if type(x) in (int, float, complex) and not (strict and type(other) in STRICT_TYPES):
        return bool(x)
    return x


def _logical_refused(fn: Any, x1: Any, x2: Any, e: TypeError) -> Any:
    """A logical function ``fn`` that refused ``x1`` and ``x2`` with ``e``: where the strict
    namespace refused numeric operands, its ``refuse``, then, in record mode, the drop-in's
    answer (the operands by their truth)."""
    x = x1 if type(x1) in STRICT_TYPES else x2
    try:
        if type(x) not in STRICT_TYPES:
            raise e
        x._ns.refuse("dtype category", e)
    finally:
        del e  # (no cycle through this frame when e is raised)
    return fn(_truth(x1, x2, False), _truth(x2, x1, False))


def logical_and(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """Logical AND, elementwise.

    Note: numeric operands count by their truth (nonzero is True), as in NumPy; the
    standard asks for bool. scikit-learn's roc_curve calls the logical functions on floats.
    Strict mode refuses them.
    """
    try:
        return _logical_and(_truth(x1, x2), _truth(x2, x1))
    except TypeError as e:
        return _logical_refused(_logical_and, x1, x2, e)


def logical_or(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """Logical OR, elementwise; numeric operands count by their truth (see logical_and)."""
    try:
        return _logical_or(_truth(x1, x2), _truth(x2, x1))
    except TypeError as e:
        return _logical_refused(_logical_or, x1, x2, e)


def logical_xor(x1: ArrayT | complex, x2: ArrayT | complex, /) -> ArrayT:
    """Logical XOR, elementwise; numeric operands count by their truth (see logical_and)."""
    try:
        return _logical_xor(_truth(x1, x2), _truth(x2, x1))
    except TypeError as e:
        return _logical_refused(_logical_xor, x1, x2, e)


def logical_not(x: ArrayT, /) -> ArrayT:
    """Logical NOT, elementwise; a numeric x counts by its truth (see logical_and)."""
    if type(x) in STRICT_TYPES and x.dtype is not _dt.bool:
        x._ns.refuse("dtype category", not_allowed("logical_not", "bool", x.dtype))
        return _logical_not(_truth(x, None, False))
    return _logical_not(_truth(x) if type(x) in ARRAY_TYPES else x)


def _to_default_float(name: str, x: ArrayT) -> ArrayT:
    """An integer or bool array (the drop-in's divide: NumPy's true division of either)
    as the device's default floating dtype."""
    B = x.backend
    return B.cast(x, dtype=default_dtype(B.device, "real floating"))


def abs(x: ArrayT, /) -> ArrayT:  # noqa: A001
    """Absolute value. Note: complex input gives the real dtype of the same precision."""
    if type(x) not in ARRAY_TYPES:
        raise not_an_array("abs", "x", x)
    d = x.dtype
    if d not in _dt.numeric:
        raise not_allowed("abs", "numeric", d)
    B = x.backend
    if d.is_complex:
        out = B.buffer(_dt.COMPLEX_TO_REAL[d], x.shape)
        return B.abs(x, out=out)
    return B.abs(x)


def real(x: ArrayT, /) -> ArrayT:
    """Real part. Note: real dtypes are returned as a copy."""
    if type(x) not in ARRAY_TYPES:
        raise not_an_array("real", "x", x)
    check_category("real", x.dtype, "numeric")
    B = x.backend
    return B.real(x) if x.dtype.is_complex else B.copy(x)


def imag(x: ArrayT, /) -> ArrayT:
    """Imaginary part. Note: real dtypes give zeros of the same dtype, as in NumPy; the
    strict namespace refuses them (the standard's imag takes complex arrays)."""
    if type(x) not in ARRAY_TYPES:
        raise not_an_array("imag", "x", x)
    d = x.dtype
    if x._ns.strict and not d.is_complex:
        x._ns.refuse("dtype category", not_allowed("imag", "complex floating-point", d))
    check_category("imag", d, "numeric")
    B = x.backend
    if d.is_complex:
        return B.imag(x)
    return B.full(d, x.shape, 0)


def _clip_promoted(x: ArrayT, lo: Any, hi: Any) -> ArrayT:
    """The drop-in's ``x`` for clip with bounds of another kind (bool, integer, real
    floating: the standard leaves them undefined): NumPy's result dtype, the promotion of
    x with a bound array (int32 with float32 gives float64) or with a Python float (the
    default floating dtype): clip(int_x, 0.5, None) is floating-point, as in NumPy.
    Bounds of x's kind leave x's dtype, as the standard asks."""
    d = x.dtype
    for b in (lo, hi):
        if type(b) in ARRAY_TYPES:
            if b.dtype.kind == "c":
                raise not_allowed("clip", "real numeric", b.dtype)
            if _KIND[b.dtype.kind] != _KIND[d.kind]:
                d = _dt.result_type_pair(d, b.dtype, "clip")
        elif isinstance(b, complex):
            raise not_allowed("clip", "real numeric", default_dtype(x.backend.device, "complex floating"))
        elif isinstance(b, float) and d.is_integer:
            d = default_dtype(x.backend.device, "real floating")
    return x if d is x.dtype else x.backend.cast(x, dtype=d)


_KIND = {"b": "b", "i": "i", "u": "i", "f": "f", "c": "c"}  # the standard's kinds: signed and unsigned are one


def clip(x: ArrayT, /, min: Any = None, max: Any = None) -> ArrayT:  # noqa: A002
    """Clamps each element to [min, max]; either bound may be None, a scalar or an array.

    Note: the result keeps x's dtype (bounds are converted to it) and has the shape x
    broadcasts to with the bounds, as the standard asks; NaN in x propagates, and where
    min > max the result is max, as in NumPy. In the drop-in, bounds of another kind
    give NumPy's dtype (clip of an integer array with a float bound is floating-point)
    and a bool bound is 0 or 1.
    """
    if type(x) not in ARRAY_TYPES:
        raise not_an_array("clip", "x", x)
    d = x.dtype
    check_category("clip", d, "real numeric")
    gate("clip", x)
    if not x._ns.strict:
        return _clip(x, min, max, False)
    if type(min) in (int, float) and type(max) in (int, float) and min > max:  # array-api-strict's check
        x._ns.refuse("argument", ValueError(f"clip: min must be less than or equal to max, got min={min!r} and max={max!r} (strict mode)"))
    try:
        return _clip(x, min, max, True)
    except TypeError as e:
        x._ns.refuse("argument", e)  # bounds the strict namespace refuses; record mode: the drop-in's answer
    return _clip(x, min, max, False)


def _clip(x: ArrayT, min: Any, max: Any, strict: bool) -> ArrayT:  # noqa: A002
    """``clip`` of a checked ``x``, by the strict namespace's rules (``strict``) or the drop-in's."""
    d = x.dtype
    if not strict and (d.kind != "f" or type(min) in ARRAY_TYPES or type(max) in ARRAY_TYPES or isinstance(min, complex) or isinstance(max, complex)):
        x = _clip_promoted(x, min, max)  # (a float x with Python float bounds keeps its dtype)
        d = x.dtype
    r = x
    # (the operators of maximum and minimum: a Python scalar bound is clip's own, not a
    # scalar operand of the 2024.12 standard's functions)
    for bound, fn, arg in ((min, OPERATORS["maximum"][0], "min"), (max, OPERATORS["minimum"][0], "max")):
        if bound is None:
            continue
        bound = py_scalar(bound, strict=strict)
        if type(bound) in ARRAY_TYPES:
            backend_of("clip", x, bound)
            if strict and bound.dtype.kind != d.kind and not (bound.dtype.is_integer and d.is_integer):
                raise cannot_cast("clip", f"{arg} of dtype {bound.dtype.name}", d, "x's dtype, which clip keeps")
            broadcast_shapes("clip", x.shape, bound.shape)  # (the result has their shape, in both namespaces, as array-api-strict's)
        elif type(bound) in (int, float) or (type(bound) is bool and not strict):
            if d.is_integer:
                if type(bound) is float:
                    raise cannot_cast("clip", f"a Python float {arg}", d, "x's dtype, which clip keeps")
                lo, hi = d.limits or _dt.NO_LIMITS
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
