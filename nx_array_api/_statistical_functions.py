"""Statistical functions (the standard's "Statistical Functions" section).

Reductions take ``axis`` as None, an int or a tuple of ints (negative axes count from
the end) and hand the backend a sorted tuple of unique non-negative axes. ``sum``,
``prod`` and the cumulative functions accumulate small integers in the default integer
dtype of the same signedness (int64 / uint64) unless ``dtype`` says otherwise; floats
keep their dtype. ``mean`` is ``reduce_sum`` over the count; ``var`` is the backend's
``reduce_var`` and ``std`` its square root.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple, Union

from nx_core.dtype import DType
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array, StrictArray
from ._compose import convert, kept
from ._messages import cannot_cast
from ._validation import MAX_DIMS, check_array, check_bool, check_category, check_device_dtype, default_dtype, gate, normalize_axes, normalize_axis

__all__ = [
    "cumulative_prod",
    "cumulative_sum",
    "max",
    "mean",
    "min",
    "prod",
    "std",
    "sum",
    "var",
]

_NAN = float("nan")

Axis = Optional[Union[int, Tuple[int, ...]]]

_INEXACT = _dt.CATEGORIES["floating-point"]
_ALL_AXES = [tuple(range(n)) for n in range(MAX_DIMS + 1)]  # axis=None, by rank


def _check(name: str, x: Any, category: str) -> Array:
    x = check_array(name, x)
    check_category(name, x.dtype, category)
    return x


def accumulation_dtype(name: str, xd: DType, dtype: Any, x: Any = None) -> DType:
    """The dtype ``sum``/``prod``/``cumulative_*`` compute and return in (before the
    2023.12 standard, ``sum`` and ``prod`` of ``x`` widen single-precision floats too)."""
    if dtype is None:
        if xd in _dt.signed_integer:
            return _dt.DEFAULT_INT if x is None else default_dtype(x.backend.device, "integral")
        if xd in _dt.unsigned_integer:
            return _dt.uint64 if x is None or x.backend.device.supports(_dt.uint64) else _dt.uint32
        if x is not None and x._ns.refused and not x._ns.at_least("2023.12"):
            return {_dt.float32: _dt.float64, _dt.complex64: _dt.complex128}.get(xd, xd)
        return xd
    if not isinstance(dtype, DType) or dtype not in _dt.numeric:
        raise TypeError(f"{name}: dtype must be a numeric dtype, got {dtype!r}")
    if xd in _dt.complex_floating and dtype not in _dt.complex_floating:
        raise cannot_cast(name, f"complex {xd.name} values", dtype, "accumulating them in a real dtype would drop their imaginary parts")
    return dtype


def _count(shape: tuple[int, ...], axes: tuple[int, ...]) -> int:
    n = 1
    for a in axes:
        n *= shape[a]
    return n


def _accumulate(name: str, prim: str, x: Any, axis: Axis, dtype: Any, keepdims: Any) -> Array:
    c = x.__class__
    if (c is Array or c is StrictArray) and dtype is None and keepdims is False and x.dtype in _INEXACT and not x._ns.refused:
        # The common calls, a float total or the sums along one axis (an int, not a
        # bool, in range): no checks left to make, no cast, no kept axes.
        if axis is None:
            return getattr(x.backend, prim)(x, axes=_ALL_AXES[len(x.shape)])
        if axis.__class__ is int:
            n = len(x.shape)
            if -n <= axis < n:
                return getattr(x.backend, prim)(x, axes=(axis + n if axis < 0 else axis,))
    t = _check(name, x, "numeric")
    keepdims = check_bool(name, keepdims, "keepdims")
    axes = normalize_axes(name, axis, len(t.shape), t._ns.strict)
    d = accumulation_dtype(name, t.dtype, dtype, t)
    if d is not t.dtype:
        check_device_dtype(name, t.backend.device, d)
    return kept(getattr(t.backend, prim)(convert(name, t, d), axes=axes), t.shape, axes, keepdims)


def sum(x: Array, /, *, axis: Axis = None, dtype: Optional[DType] = None, keepdims: bool = False) -> Array:
    """The sum over ``axis`` (None: all axes); an empty sum is 0; integers wrap."""
    return _accumulate("sum", "reduce_sum", x, axis, dtype, keepdims)


def prod(x: Array, /, *, axis: Axis = None, dtype: Optional[DType] = None, keepdims: bool = False) -> Array:
    """The product over ``axis`` (None: all axes); an empty product is 1; integers wrap."""
    return _accumulate("prod", "reduce_prod", x, axis, dtype, keepdims)


def _extreme(name: str, prim: str, x: Any, axis: Axis, keepdims: Any) -> Array:
    t = _check(name, x, "real numeric")
    keepdims = check_bool(name, keepdims, "keepdims")
    shape = t.shape
    axes = normalize_axes(name, axis, len(shape), t._ns.strict)
    for a in axes:
        if shape[a] == 0:
            raise ValueError(f"{name}: cannot reduce over the empty axis {a} (shape {shape}); there is no identity")
    return kept(getattr(t.backend, prim)(t, axes=axes), shape, axes, keepdims)


def max(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """The maximum over ``axis`` (None: all axes); NaN propagates; empty → ValueError."""
    return _extreme("max", "reduce_max", x, axis, keepdims)


def min(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """The minimum over ``axis`` (None: all axes); NaN propagates; empty → ValueError."""
    return _extreme("min", "reduce_min", x, axis, keepdims)


def _mean(t: Array, axes: tuple[int, ...], keepdims: bool) -> Array:
    # M = 0 gives NaN (NaN + NaN j for complex), as the standard requires.
    B = t.backend
    s = kept(B.reduce_sum(t, axes=axes), t.shape, axes, keepdims)
    n = _count(t.shape, axes)
    if n == 0:  # 0 / 0, without the division's warning
        return B.full(s.dtype, s.shape, complex(_NAN, _NAN) if s.dtype.is_complex else _NAN)
    return B.div(s, float(n))


def mean(x: Array, /, *, axis: Axis = None, keepdims: bool = False) -> Array:
    """The arithmetic mean over ``axis`` (None: all axes); empty → NaN; floating dtypes only."""
    name = "mean"
    t = _check(name, x, "floating-point")
    if t.dtype.is_complex:
        t._ns.requires("2024.12", name, "a complex array (only real floating-point dtypes are allowed before)")
    keepdims = check_bool(name, keepdims, "keepdims")
    axes = normalize_axes(name, axis, len(t.shape), t._ns.strict)
    return _mean(t, axes, keepdims)


def _var(name: str, x: Any, axis: Axis, correction: Any, keepdims: Any) -> Array:
    t = _check(name, x, "real floating-point")
    keepdims = check_bool(name, keepdims, "keepdims")
    if not isinstance(correction, (int, float)):
        raise TypeError(f"{name}: correction must be an int or a float, got {type(correction).__name__}")
    shape = t.shape
    axes = normalize_axes(name, axis, len(shape), t._ns.strict)
    # The backend's variance: NumPy's two passes on the CPU device, one pass over the
    # data on a lazy, chunked one (which then never holds the data between passes).
    return kept(t.backend.reduce_var(t, axes=axes, correction=correction), shape, axes, keepdims)


def var(
    x: Array,
    /,
    *,
    axis: Axis = None,
    correction: Union[int, float] = 0.0,
    keepdims: bool = False,
) -> Array:
    """The variance over ``axis``, dividing by M - ``correction`` (NaN when that is <= 0)."""
    return _var("var", x, axis, correction, keepdims)


def std(
    x: Array,
    /,
    *,
    axis: Axis = None,
    correction: Union[int, float] = 0.0,
    keepdims: bool = False,
) -> Array:
    """The standard deviation over ``axis``, dividing by M - ``correction`` (NaN when <= 0)."""
    v = _var("std", x, axis, correction, keepdims)
    return v.backend.sqrt(v)


def _cumulative(name: str, op: str, x: Any, axis: Any, dtype: Any, include_initial: Any) -> Array:
    t = _check(name, x, "numeric")
    gate(name, t)
    include_initial = check_bool(name, include_initial, "include_initial")
    shape = t.shape
    ndim = len(shape)
    if ndim == 0:
        msg = f"{name}: x must have at least one dimension, got a 0-d array"
        if axis not in (None, 0, -1):
            raise ValueError(msg)
        if t._ns.strict:
            t._ns.refuse("argument", ValueError(msg))
        # the drop-in: NumPy's, a 0-d x is read as one element (cumulative_sum(5) is [5])
        t = t.backend.reshape(t, (1,))
        shape, ndim, axis = (1,), 1, 0
    if axis is None:
        if ndim > 1:
            raise ValueError(f"{name}: axis is required for an array of {ndim} dimensions")
        a = 0
    else:
        a = normalize_axis(name, axis, ndim, not t._ns.strict)  # array-api-strict: no bool axis
    d = accumulation_dtype(name, t.dtype, dtype, t)
    B = t.backend
    if d is not t.dtype:
        check_device_dtype(name, t.backend.device, d)
    r = B.associative_scan(convert(name, t, d), axis=a, op=op)
    if include_initial:
        first = B.full(d, shape[:a] + (1,) + shape[a + 1 :], 0 if op == "sum" else 1)
        r = B.cat([first, r], axis=a)
    return r


def cumulative_sum(
    x: Array,
    /,
    *,
    axis: Optional[int] = None,
    dtype: Optional[DType] = None,
    include_initial: bool = False,
) -> Array:
    """Running sums along ``axis`` (optional for 1-D ``x``); ``include_initial`` prepends 0."""
    return _cumulative("cumulative_sum", "sum", x, axis, dtype, include_initial)


def cumulative_prod(
    x: Array,
    /,
    *,
    axis: Optional[int] = None,
    dtype: Optional[DType] = None,
    include_initial: bool = False,
) -> Array:
    """Running products along ``axis`` (optional for 1-D ``x``); ``include_initial`` prepends 1."""
    return _cumulative("cumulative_prod", "prod", x, axis, dtype, include_initial)
