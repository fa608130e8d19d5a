"""Searching functions (the standard's "Searching Functions" section).

Each function validates its arguments, normalises axes and promotes Python scalars by
the standard's rules; the values come from the backend's ``argmax``/``argmin``,
``nonzero``, ``searchsorted``, ``where`` and reduction primitives.
"""

from __future__ import annotations

import functools
from typing import Any, Literal, Optional, Tuple, Union


from . import _dtypes as _dt
from . import _flags
from ._array_object import Array
from ._scalars import promote_pair_tensors
from ._compose import flat, kept
from ._validation import backend_of, broadcast_shapes, broadcast_tensor, check_array, check_bool, check_category, names_memory_errors, normalize_axes, normalize_axis

__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where"]



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
    a = normalize_axis(name, axis, len(shape))
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
    keepdims = check_bool(name, keepdims, "keepdims")
    t = x
    axes = normalize_axes(name, axis, len(t.shape))
    # Note: complex elements count when either part is non-zero; NaN counts.
    B = t.backend
    mask = B.cmpne(t, False if t.dtype is _dt.bool else 0)
    counts = B.cast(mask, dtype=_dt.DEFAULT_INDEX)
    return kept(B.reduce_sum(counts, axes=axes), t.shape, axes, keepdims)


@names_memory_errors
def nonzero(x: Array, /) -> Tuple[Array, ...]:
    """One int64 index array per axis of ``x``, listing its non-zero elements in C order."""
    _flags.requires_data_dependent_shapes("nonzero")
    x = check_array("nonzero", x)
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
    t1 = x1
    B = t1.backend
    if x1.ndim != 1:
        raise ValueError(f"{name}: x1 must be 1-D, got shape {x1.shape}")
    if side not in ("left", "right") or type(side) is not str:
        raise ValueError(f"{name}: side must be 'left' or 'right', got {side!r}")
    if not isinstance(x2, Array) and type(x2) not in (int, float, bool):
        raise TypeError(f"{name}: x2 must be an nx array or a Python int or float, got {type(x2).__name__}")
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


def where(
    condition: Array,
    x1: Union[Array, int, float, complex, bool],
    x2: Union[Array, int, float, complex, bool],
    /,
) -> Array:
    """Elements of ``x1`` where ``condition`` is True, else of ``x2`` (broadcast, promoted)."""
    name = "where"
    if type(condition) is Array and type(x1) is Array and type(x2) is Array:
        c, t1, t2 = condition, x1, x2
        B = c.backend
        sh = c.shape
        if c.dtype is _dt.bool and t1.dtype is t2.dtype and t1.backend is B and t2.backend is B and t1.shape == sh and t2.shape == sh:
            return B.where(c, t1, t2)  # the common call: one dtype, one shape, one device
    condition = check_array(name, condition, "condition")
    c = condition
    if c.dtype is not _dt.bool:
        raise TypeError(f"{name}: condition must have a bool dtype, got {c.dtype.name}")
    t1, t2, d = promote_pair_tensors(name, x1, x2)
    B = c.backend
    if t1.backend is not B:
        backend_of(name, c, t1)  # raises: the condition lives on another device
    shape = broadcast_shapes(name, c.shape, t1.shape, t2.shape)
    r = B.where(broadcast_tensor(c, shape), broadcast_tensor(t1, shape), broadcast_tensor(t2, shape))
    return r
