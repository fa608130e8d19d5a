"""Searching functions (the standard's "Searching Functions" section).

Each function validates its arguments, normalises axes and promotes Python scalars by
the standard's rules; the values come from the backend's ``argmax``/``argmin``,
``nonzero``, ``searchsorted``, ``where`` and reduction primitives.
"""

from __future__ import annotations

import functools
from typing import Any, Literal, Optional, Tuple, Union


from . import _dtypes as _dt
from ._array_object import Array, StrictArray
from ._scalars import check_values, kind_default, promote_pair_tensors, scalar_kind
from ._compose import cast, flat, kept
from ._validation import backend_of, broadcast_shapes, broadcast_tensor, check_array, check_bool, check_category, default_dtype, gate, names_memory_errors, normalize_axes, normalize_axis

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]

_INEXACT = _dt.CATEGORIES["floating-point"]
_F64 = _dt.float64
_EXACT = _dt.FLOAT64_EXACT_INT


def _arg_extreme(name: str, prim: str, x: Any, axis: Any, keepdims: Any) -> Array:
    x = check_array(name, x)
    keepdims = check_bool(name, keepdims, "keepdims")
    t = x
    check_category(name, t.dtype, "real numeric")
    shape = t.shape
    B = t.backend
    op = getattr(B, prim)
    if axis is None:
        if t.numel == 0:
            raise ValueError(f"{name}: cannot take {name} of an empty array (shape {shape})")
        return kept(op(flat(t), axis=0), shape, range(len(shape)), keepdims)
    a = normalize_axis(name, axis, len(shape), not t._ns.strict)  # array-api-strict: no bool axis
    if shape[a] == 0:
        raise ValueError(f"{name}: cannot reduce over the empty axis {a} (shape {shape})")
    return kept(op(t, axis=a), shape, (a,), keepdims)


def argmax(x: Array, /, *, axis: Optional[int] = None, keepdims: bool = False) -> Array:
    """Indices (int64) of the first maximum along ``axis`` (None: of the flattened array)."""
    return _arg_extreme("argmax", "argmax", x, axis, keepdims)


def argmin(x: Array, /, *, axis: Optional[int] = None, keepdims: bool = False) -> Array:
    """Indices (int64) of the first minimum along ``axis`` (None: of the flattened array)."""
    return _arg_extreme("argmin", "argmin", x, axis, keepdims)


def count_nonzero(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, Tuple[int, ...]]] = None,
    keepdims: bool = False,
) -> Array:
    """The number (int64) of non-zero elements over ``axis`` (None: all axes)."""
    name = "count_nonzero"
    x = check_array(name, x)
    gate(name, x)
    keepdims = check_bool(name, keepdims, "keepdims")
    t = x
    axes = normalize_axes(name, axis, len(t.shape), x._ns.strict)
    # Note: complex elements count when either part is non-zero; NaN counts.
    B = t.backend
    return kept(B.count_nonzero(t, axes=axes, dtype=default_dtype(B.device, "indexing")), t.shape, axes, keepdims)


@names_memory_errors
def nonzero(x: Array, /) -> Tuple[Array, ...]:
    """One int64 index array per axis of ``x``, listing its non-zero elements in C order."""
    x = check_array("nonzero", x)
    x._ns.requires_data_dependent_shapes("nonzero")
    if x.ndim == 0:
        raise ValueError("nonzero: x must have at least one dimension, got a 0-d array")
    return tuple(i for i in x.backend.nonzero(x))


def _sorter_in_bounds(n: int, lo: int, hi: int) -> None:
    if lo < -n or hi >= n:
        raise ValueError(f"searchsorted: sorter holds an index out of bounds for x1 of size {n}")


def searchsorted(
    x1: Array,
    x2: Union[Array, int, float],
    /,
    *,
    side: Literal["left", "right"] = "left",
    sorter: Optional[Array] = None,
) -> Array:
    """Insertion indices (int64, shape of ``x2``) that keep the sorted ``x1`` sorted."""
    name = "searchsorted"
    x1 = check_array(name, x1, "x1")
    gate(name, x1)
    t1 = x1
    B = t1.backend
    if x1.ndim != 1:
        raise ValueError(f"{name}: x1 must be 1-D, got shape {x1.shape}")
    if type(side) is not str or side not in ("left", "right"):  # (an array side is no bool to test)
        # TypeError for a non-string, as array-api-strict's
        raise (ValueError if type(side) is str else TypeError)(f"{name}: side must be 'left' or 'right', got {side!r}")
    if not isinstance(x2, Array) and type(x2) not in (int, float, bool):
        raise TypeError(f"{name}: x2 must be an nx array or a Python int or float, got {type(x2).__name__}")
    if isinstance(x2, Array) and x2.dtype is not x1.dtype and x1._ns.strict:
        # array-api-strict compares any two real numeric dtypes (int64 values in a float64
        # x1, say) by NumPy's promotion, which the drop-in's table is
        check_category(name, x1.dtype, "real numeric")
        check_category(name, x2.dtype, "real numeric")
        backend_of(name, x1, x2)
        d = _dt.result_type_pair(x1.dtype, x2.dtype, name)
        t1, t2 = cast(x1, d), cast(x2, d)
    else:
        t1, t2, d = promote_pair_tensors(name, x1, x2)
    check_category(name, d, "real numeric")
    if sorter is not None:
        sorter = check_array(name, sorter, "sorter")
        st = sorter
        backend_of(name, t1, st)
        if st.dtype not in _dt.integer:
            raise TypeError(f"{name}: sorter must have an integer dtype, got {st.dtype.name}")
        if sorter.shape != x1.shape:
            raise ValueError(f"{name}: sorter must have the shape of x1 {x1.shape}, got {sorter.shape}")
        n = x1.shape[0]
        if n:
            st = B.guard(st, functools.partial(_sorter_in_bounds, n), B.reduce_min(st, axes=(0,)), B.reduce_max(st, axes=(0,)))
        t1 = B.take(t1, st, axis=0)
    return B.searchsorted(t1, t2, side=side)


_MISSING: Any = object()


def where(
    condition: Array,
    x1: Union[Array, int, float, complex, bool] = _MISSING,
    x2: Union[Array, int, float, complex, bool] = _MISSING,
    /,
) -> Array:
    """Elements of ``x1`` where ``condition`` is True, else of ``x2`` (broadcast, promoted).

    Note: ``where(condition)`` alone is ``nonzero(condition)``, as in NumPy (scikit-learn's
    ``roc_curve`` calls it so); the standard asks for all three arguments, and the strict
    namespace refuses one.
    """
    name = "where"
    if x1 is _MISSING or x2 is _MISSING:
        return _where_one(condition, x1, x2)
    k = type(condition)
    if (k is Array or k is StrictArray) and type(x1) is k and type(x2) is k:
        c, t1, t2 = condition, x1, x2
        B = c.backend
        sh = c.shape
        if c.dtype is _dt.bool and t1.dtype is t2.dtype and t1.backend is B and t2.backend is B:
            s1, s2 = t1.shape, t2.shape
            if s1 == sh and s2 == sh:
                return B.where(c, t1, t2)  # the common call: one dtype, one shape, one device
            # ... and one of a value, as a 0-d array of the other's dtype (scikit-learn's
            # where(mask, asarray(inf, dtype=X.dtype), X)): that one broadcast, no promotion
            if s1 == () and s2 == sh:
                return B.where(c, B.broadcast_to(t1, sh), t2)
            if s2 == () and s1 == sh:
                return B.where(c, t1, B.broadcast_to(t2, sh))
    elif (k is Array or k is StrictArray) and condition.dtype is _dt.bool and condition._ns.api_version >= "2024.12":
        # ... and of an array with a Python float (or an int float64 holds exactly) that
        # its floating-point dtype takes as it is (where(mask, X, 0.0)): the backend's where
        # gives the scalar the array's dtype, as promotion would
        c = condition
        t, v = (x1, x2) if type(x1) is k else (x2, x1)
        if type(t) is k and t.shape == c.shape and t.backend is c.backend and t.dtype in _INEXACT and (
            type(v) is float or (type(v) is int and t.dtype is _F64 and -_EXACT <= v <= _EXACT)
        ):
            v = float(v)
            return c.backend.where(c, t, v) if t is x1 else c.backend.where(c, v, t)
    condition = check_array(name, condition, "condition")
    c = condition
    if c.dtype is not _dt.bool:
        raise TypeError(f"{name}: condition must have a bool dtype, got {c.dtype.name}")
    B = c.backend
    if not isinstance(x1, Array) or not isinstance(x2, Array):
        x1, x2 = _scalar_operands(c, x1, x2)
    p1, p2, d = promote_pair_tensors(name, x1, x2)
    if p1.backend is not B:
        backend_of(name, c, p1)  # raises: the condition lives on another device
    shape = broadcast_shapes(name, c.shape, p1.shape, p2.shape)
    r = B.where(broadcast_tensor(c, shape), broadcast_tensor(p1, shape), broadcast_tensor(p2, shape))
    return r


def _scalar_operands(c: Array, x1: Any, x2: Any) -> tuple[Any, Any]:
    """``where``'s x1 and x2 when one is a Python scalar (the 2024.12 standard's; the
    strict namespace raises array-api-strict's AttributeError before). Two scalars are
    NumPy's: a 0-d array of their kind's default dtype on the condition's device, with
    the other taken as its scalar (the strict namespace refuses them, as the standard)."""
    name = "where"
    ns = c._ns
    if not ns.at_least("2024.12"):
        s = x1 if not isinstance(x1, Array) else x2
        if ns.strict:
            ns.refuse(
                "flag-gated behaviour",
                AttributeError(f"{name}: a Python scalar x1 or x2 needs API version 2024.12 or later ('{type(s).__name__}' object has no attribute 'dtype')"),
            )
        else:
            ns.requires("2024.12", name, "a Python scalar x1 or x2")
    if isinstance(x1, Array) or isinstance(x2, Array):
        return x1, x2
    if ns.strict:
        ns.refuse("argument", TypeError(f"{name}: Two scalars as x1 and x2 are not allowed (strict mode); one must be an array"))
    k1, k2 = scalar_kind(x1), scalar_kind(x2)
    if min(k1, k2) < 0:
        raise TypeError(f"{name}: x1 and x2 must be nx arrays or Python scalars, got {type(x1).__name__} and {type(x2).__name__}")
    B = c.backend
    d = kind_default(B.device, max(k1, k2))
    check_values(name, [x1], {k1}, d)
    return B.full(d, (), x1), x2


def _where_one(condition: Any, x1: Any, x2: Any) -> Any:
    """``where`` given fewer than three arguments: ``nonzero(condition)`` in the drop-in
    namespace, a TypeError in the strict one (and for one of x1, x2 without the other)."""
    name = "where"
    condition = check_array(name, condition, "condition")
    if x1 is not _MISSING or condition._ns.strict:
        given = 1 + (x1 is not _MISSING)
        msg = f"{name}: takes condition, x1 and x2 (3 positional arguments), got {given}"
        if x1 is not _MISSING:
            raise TypeError(msg)
        condition._ns.refuse("argument", TypeError(msg))
    return nonzero(condition)
