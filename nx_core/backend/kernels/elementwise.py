"""Exact-semantics NumPy kernels for element-wise primitives.

Every kernel is a pure function on NumPy arrays.  Inputs have identical shapes
(already broadcast by the caller: they may be strided, stride-0, flipped or offset
views) and, for binary kernels, the same dtype.  ``out``, when given, is a
C-contiguous array of the result shape and dtype; the kernel writes into it and
returns it.  Without ``out`` a fresh C-contiguous array is returned.  Inputs are
never mutated.

Semantics follow the core specification: C-style integer division and remainder
(by zero gives 0), exact wrapping integer power, NaN-propagating max/min,
half-away-from-zero ``round``, saturating float-to-integer casts.  Array API
variants (``floor_divide``, ``remainder``, ``round_half_even``, shifts) live here
too because they share the same machinery.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "div",
    "mod",
    "floor_divide",
    "remainder",
    "pow",
    "neg",
    "recip",
    "abs",
    "sign",
    "round_half_away",
    "round_half_even",
    "trunc",
    "floor",
    "ceil",
    "shift_left",
    "shift_right",
    "cast",
    "where",
]

_IGNORE: dict[str, Any] = {"all": "ignore"}  # np.errstate(**_IGNORE)
_NUMPY_MAJOR = int(np.__version__.split(".")[0])


def _alloc(out: np.ndarray | None, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    if out is None:
        return np.empty(shape, dtype=dtype)
    return out


def _copy_into(x: np.ndarray, out: np.ndarray | None) -> np.ndarray:
    out = _alloc(out, x.shape, x.dtype)
    np.copyto(out, x, casting="unsafe")
    return out


def _reject_complex(name: str, x: np.ndarray) -> None:
    if x.dtype.kind == "c":
        raise TypeError(f"{name}: not supported for complex dtype {x.dtype}")


# --------------------------------------------------------------------------------------
# Binary arithmetic
# --------------------------------------------------------------------------------------


def div(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Division. Floats/complex: IEEE true division. Integers: C division
    (quotient truncated toward zero), ``x/0 = 0``, ``INT_MIN/-1`` wraps to ``INT_MIN``.
    Bool: ``a and b`` (``x/False`` is 0)."""
    kind = a.dtype.kind
    out = _alloc(out, a.shape, a.dtype)
    if kind in "fc":
        with np.errstate(**_IGNORE):
            np.true_divide(a, b, out=out)
        return out
    if kind == "b":
        return np.logical_and(a, b, out=out)
    with np.errstate(**_IGNORE):
        if a.itemsize <= 4:
            # Exact for operands below 2^53: trunc(fl(a/b)) == trunc(a/b). Going through
            # int64 makes INT_MIN/-1 (= 2^31) wrap deterministically; b == 0 positions
            # (inf/nan quotients) are overwritten with 0.
            q = np.true_divide(a, b)
            np.copyto(out, q.astype(np.int64), casting="unsafe")
            np.copyto(out, 0, where=b == 0)
            return out
        if kind == "u":
            # Floor and truncation agree for unsigned operands; x // 0 gives 0.
            return np.floor_divide(a, b, out=out)
        # a - fmod(a, b) is an exact multiple of b, so floor division of it truncates.
        # fmod(x, 0) = 0 and x // 0 = 0; INT_MIN - 0 = INT_MIN and INT_MIN // -1 wraps.
        r = np.fmod(a, b)
        np.subtract(a, r, out=r)
        return np.floor_divide(r, b, out=out)


def mod(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The seed's ``mod_``: the remainder of C division, with the sign of the dividend.
    Integers: C ``%`` (``-7 % 2 = -1``, ``7 % -2 = 1``), ``x % 0 = 0``, ``INT_MIN % -1 =
    0``; floats: C ``fmod`` (``fmod(-7.5, 2) = -1.5``; ``fmod(x, 0)`` and ``fmod(inf, y)``
    are NaN, ``fmod(x, inf) = x``); bool: False (``0 % x`` and ``x % 0`` are 0);
    complex rejected. NumPy's ``fmod`` is all of that on integers and floats."""
    return _modulo("mod_", np.fmod, a, b, out)


def _modulo(name: str, ufunc: np.ufunc, a: np.ndarray, b: np.ndarray, out: np.ndarray | None) -> np.ndarray:
    """``ufunc(a, b)`` into ``out`` for ``name``, a remainder: complex refused, bool all
    False, no floating-point warnings."""
    _reject_complex(name, a)
    out = _alloc(out, a.shape, a.dtype)
    if a.dtype.kind == "b":
        out[...] = False
        return out
    with np.errstate(**_IGNORE):
        return ufunc(a, b, out=out)


def floor_divide(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Array API ``floor_divide``: floor of the quotient; integer division by zero gives 0
    (floats follow ``np.floor_divide``, including its special cases)."""
    _reject_complex("floor_divide", a)
    out = _alloc(out, a.shape, a.dtype)
    if a.dtype.kind == "b":
        return np.logical_and(a, b, out=out)
    with np.errstate(**_IGNORE):
        r = np.floor_divide(a, b, out=out)
        if a.dtype.kind == "f":
            # Note: NumPy gives NaN for inf // finite and -1 for 5 // -inf; the standard
            # asks for floor(a / b) there: +-inf and -0 respectively.
            inf = np.isinf(a) ^ np.isinf(b)
            if inf.any():
                np.copyto(r, np.floor(np.true_divide(a, b)), where=inf)
        return r


def remainder(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Array API ``remainder``: result has the sign of the divisor; integer ``x % 0 = 0``
    (floats follow ``np.remainder``)."""
    return _modulo("remainder", np.remainder, a, b, out)


def pow(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:  # noqa: A001
    """Power. Floats/complex as ``np.power`` (C ``pow``/``cpow``). Integers: exact
    repeated multiplication with wrap-around (square-and-multiply, run by NumPy's
    integer power loop on the same-width unsigned view); ``x^0 = 1`` (incl. ``0^0``); a negative exponent gives 1 for base 1,
    +-1 by parity for base -1, else 0. Bool: ``a or not b``."""
    kind = a.dtype.kind
    out = _alloc(out, a.shape, a.dtype)
    if kind in "fc":
        with np.errstate(**_IGNORE):
            return np.power(a, b, out=out)
    if kind == "b":
        return np.logical_or(a, np.logical_not(b), out=out)

    dt = a.dtype
    # NumPy's integer power is square-and-multiply; running it on the unsigned view of
    # the same width makes the wrap-around well defined (identical bit patterns).
    udt = np.dtype(f"u{dt.itemsize}")
    has_neg = False
    e = b
    if kind == "i":
        neg = b < 0
        has_neg = bool(neg.any())
        if has_neg:
            e = np.maximum(b, 0)
    with np.errstate(**_IGNORE):
        np.power(a.view(udt), e.view(udt), out=out.view(udt))
    if has_neg:
        # 1^-n = 1, (-1)^-n = +-1 by parity, anything else truncates to 0.
        odd = (b & 1) != 0
        negval = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0)).astype(dt)
        np.copyto(out, negval, where=neg)
    return out


# --------------------------------------------------------------------------------------
# Unary
# --------------------------------------------------------------------------------------


def neg(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Negation; signed integers wrap (``-INT_MIN = INT_MIN``), unsigned modulo 2^bits.
    Bool: identity (negation modulo 2)."""
    if x.dtype.kind == "b":
        return _copy_into(x, out)
    out = _alloc(out, x.shape, x.dtype)
    with np.errstate(**_IGNORE):
        return np.negative(x, out=out)


def recip(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``1/x``. Floats IEEE; integers truncate (only +-1 survive, 0 gives 0); bool identity."""
    kind = x.dtype.kind
    if kind == "b":
        return _copy_into(x, out)
    out = _alloc(out, x.shape, x.dtype)
    if kind in "fc":
        with np.errstate(**_IGNORE):
            return np.reciprocal(x, out=out)
    keep = x == 1
    if kind == "i":
        np.logical_or(keep, x == -1, out=keep)
    return np.multiply(x, keep, out=out)


def abs(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:  # noqa: A001
    """Absolute value. ``abs(INT_MIN) = INT_MIN``; unsigned and bool identity. Complex
    input: ``|z| + 0j`` into a complex ``out`` (the default), ``|z|`` into a real one."""
    kind = x.dtype.kind
    if kind in "ub":
        return _copy_into(x, out)
    out = _alloc(out, x.shape, x.dtype)
    with np.errstate(**_IGNORE):
        return np.absolute(x, out=out)


def sign(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Signed: -1/0/1; unsigned/bool: 0/1; float: NaN->NaN, +-0 -> +0;
    complex: ``z/|z|`` with 0 -> 0."""
    kind = x.dtype.kind
    out = _alloc(out, x.shape, x.dtype)
    if kind == "b":
        np.copyto(out, x)
        return out
    if kind == "u":
        return np.not_equal(x, 0, out=out, casting="unsafe")
    with np.errstate(**_IGNORE):
        if kind == "c" and _NUMPY_MAJOR < 2:
            # NumPy 1.x defined complex sign from the real part only.
            mag = np.absolute(x)
            out[...] = 0
            return np.divide(x, mag, out=out, where=mag != 0)
        return np.sign(x, out=out)


def round_half_away(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The seed's ``round``: to the nearest integer, halves away from zero (C's ``round``:
    ``2.5 -> 3``, ``-2.5 -> -3``, ``0.5 -> 1``, ``-0.3 -> -0.0``); NaN and +-inf stay;
    identity (a copy) on integers and bool; complex rejected. ``x - trunc(x)`` is exact,
    so a value just below a half (0.49999999999999994) rounds down, which ``trunc(x +
    0.5)`` would get wrong."""
    if x.dtype.kind in "iub":
        return _copy_into(x, out)
    _reject_complex("round", x)
    out = _alloc(out, x.shape, x.dtype)
    with np.errstate(**_IGNORE):
        t = np.trunc(x)
        away = np.abs(np.subtract(x, t)) >= 0.5
        np.copyto(out, t)
        np.add(out, np.sign(x), out=out, where=away)
    return out


def round_half_even(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Array API ``round``: half to even; complex rounds each component; integers identity."""
    if x.dtype.kind in "iub":
        return _copy_into(x, out)
    out = _alloc(out, x.shape, x.dtype)
    with np.errstate(**_IGNORE):
        return np.rint(x, out=out)


def _rounding(fn, name: str):
    def kernel(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        if x.dtype.kind in "iub":
            return _copy_into(x, out)
        _reject_complex(name, x)
        out = _alloc(out, x.shape, x.dtype)
        with np.errstate(**_IGNORE):
            return fn(x, out=out)

    kernel.__name__ = kernel.__qualname__ = name
    kernel.__doc__ = f"``{name}``; identity (a copy) on integer and bool dtypes; complex rejected."
    return kernel


trunc = _rounding(np.trunc, "trunc")
floor = _rounding(np.floor, "floor")
ceil = _rounding(np.ceil, "ceil")


# --------------------------------------------------------------------------------------
# Shifts
# --------------------------------------------------------------------------------------


def shift_left(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``a << b`` with Array API semantics: a count >= the bit width gives 0."""
    out = _alloc(out, a.shape, a.dtype)
    if a.dtype.kind == "b":
        return np.logical_and(a, np.logical_not(b), out=out)
    with np.errstate(**_IGNORE):
        return np.left_shift(a, b, out=out)


def shift_right(a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """``a >> b`` (arithmetic for signed): a count >= the bit width gives 0, or -1 for
    negative signed values."""
    out = _alloc(out, a.shape, a.dtype)
    if a.dtype.kind == "b":
        return np.logical_and(a, np.logical_not(b), out=out)
    with np.errstate(**_IGNORE):
        return np.right_shift(a, b, out=out)


# --------------------------------------------------------------------------------------
# Cast
# --------------------------------------------------------------------------------------

_BOUNDS_CACHE: dict[tuple[str, str], tuple[np.floating, np.floating, np.floating, bool]] = {}


def _float_int_bounds(
    fdt: np.dtype, idt: np.dtype
) -> tuple[np.floating, np.floating, np.floating, bool]:
    """Clip bounds in float dtype ``fdt`` for a saturating cast into ``idt``.

    Returns ``(lo, hi, upper, fix)``: ``lo`` is the exact minimum (0 or -2^(bits-1)),
    ``upper`` the exact power of two just above the maximum, ``hi`` the largest float
    below ``upper`` (every value in [lo, hi] truncates into range), and ``fix`` whether
    ``trunc(hi)`` falls short of the integer maximum (wide targets such as int64, whose
    maximum is not a float), in which case values >= upper must be set to the maximum.
    """
    key = (fdt.str, idt.str)
    hit = _BOUNDS_CACHE.get(key)
    if hit is None:
        info = np.iinfo(idt)
        upper = fdt.type(float(info.max) + 1.0)  # 2^k exactly
        hi = np.nextafter(upper, fdt.type(0))
        lo = fdt.type(float(info.min))
        hit = (lo, hi, upper, int(hi) != int(info.max))
        _BOUNDS_CACHE[key] = hit
    return hit


def cast(x: np.ndarray, out: np.ndarray) -> np.ndarray:
    """Convert ``x`` into ``out``'s dtype.

    float -> int truncates toward zero and saturates to the target range (NaN -> 0);
    int -> int wraps; any -> bool is ``x != 0`` (complex: either part non-zero);
    bool -> number is 0/1; complex -> real takes the real part; real -> complex has
    imaginary part 0; float -> float rounds (overflow to inf).
    """
    src = x.dtype
    dst = out.dtype
    skind = src.kind
    dkind = dst.kind
    if src == dst:
        np.copyto(out, x)
        return out
    if dkind == "b":
        return np.not_equal(x, 0, out=out)
    if skind == "c" and dkind != "c":
        x = x.real
        src = x.dtype
        skind = "f"
    if skind == "f" and dkind in "iu":
        if src.itemsize < 4:
            x = x.astype(np.float32)
            src = x.dtype
        lo, hi, upper, fix = _float_int_bounds(src, dst)
        tmp = np.clip(x, lo, hi, out=np.empty(x.shape, x.dtype))
        np.copyto(tmp, 0, where=np.isnan(tmp))
        np.copyto(out, tmp, casting="unsafe")
        if fix:
            np.copyto(out, np.iinfo(dst).max, where=x >= upper)
        return out
    with np.errstate(**_IGNORE):
        np.copyto(out, x, casting="unsafe")
    return out


# --------------------------------------------------------------------------------------
# Ternary
# --------------------------------------------------------------------------------------


def where(
    cond: np.ndarray, a: np.ndarray, b: np.ndarray, out: np.ndarray | None = None
) -> np.ndarray:
    """``out[i] = a[i] if cond[i] else b[i]``."""
    if out is None:
        return np.where(cond, a, b)  # the fastest path; it keeps the inputs' memory order
    # Into a given buffer, a copy then a masked put beats np.where + copy.
    np.copyto(out, b)
    np.putmask(out, cond, a)
    return out


def expm1(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """exp(x) - 1, accurate near 0; complex input by the standard's special cases.

    Note: for complex z = a + bi, expm1(z) = expm1(a)cos(b) - 2sin(b/2)**2 + i e**a sin(b),
    which keeps the precision of expm1 near 0; non-finite inputs take exp(z) - 1,
    whose C99 special cases are the standard's.
    """
    if x.dtype.kind != "c":
        return np.expm1(x, out=out)
    out = _alloc(out, x.shape, x.dtype)
    with np.errstate(**_IGNORE):
        a, b = x.real, x.imag
        # (+ 0.0 turns the -0 of expm1(-0 + 0j) into the +0 the standard asks for.)
        out.real = np.expm1(a) * np.cos(b) - 2.0 * np.sin(b / 2) ** 2 + 0.0
        out.imag = np.exp(a) * np.sin(b)
        bad = ~(np.isfinite(a) & np.isfinite(b))
        if bad.any():
            np.copyto(out, np.exp(x) - 1, where=bad)
    return out


def tanh(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Hyperbolic tangent; complex input by the standard's special cases.

    Note: C99's ctanh gives 1 +- 0j for +inf + yj with the sign of sin(2y); the standard
    asks for 1 + 0j whenever y > 0 is finite (and 1 - 0j for y < 0).
    """
    r = np.tanh(x, out=out)
    if x.dtype.kind == "c":
        a, b = x.real, x.imag
        fix = np.isposinf(a) & np.isfinite(b)
        if fix.any():
            np.copyto(r.real, 1.0, where=fix)
            np.copyto(r.imag, np.copysign(0.0, b), where=fix)
    return r
