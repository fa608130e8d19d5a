"""Indexing functions (the standard's "Indexing Functions" section): ``take``, ``take_along_axis``.

Indices are bounds-checked (negative ones count from the end); out-of-range indices
raise IndexError.
"""

from __future__ import annotations

import functools
from typing import Any, Optional

from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array
from ._array_types import ARRAY_TYPES
from ._messages import index_out_of_bounds
from ._validation import backend_of, broadcast_tensor, check_array, check_shape, core_message, gate, normalize_axis

__all__ = ["take", "take_along_axis"]

_INTEGER = _dt.integer


def _in_bounds(name: str, n: int, axis: int, lo: int, hi: int) -> None:
    if lo < -n or hi >= n:
        bad = lo if lo < -n else hi
        raise index_out_of_bounds(name, bad, axis, n)


def _check_bounds(name: str, idx: Array, n: int, axis: int) -> Array:
    """``idx``, checked to lie in ``[-n, n)`` (now, or where the values are computed
    lazily, when they are: the backend's ``guard``)."""
    if idx.numel == 0:
        return idx
    B = idx.backend
    axes = tuple(range(len(idx.shape)))
    return B.guard(idx, functools.partial(_in_bounds, name, n, axis), B.reduce_min(idx, axes=axes), B.reduce_max(idx, axes=axes))


def _indices(name: str, indices: Any) -> Array:
    indices = check_array(name, indices, "indices")
    if indices.dtype not in _dt.integer:
        raise TypeError(f"{name}: indices must have an integer dtype, got {indices.dtype.name}")
    return indices


def take(x: Array, indices: Array, /, *, axis: Optional[int] = None) -> Array:
    """Elements of ``x`` at ``indices`` (1-D) along ``axis`` (required when ``x.ndim > 1``)."""
    c = x.__class__
    if c in ARRAY_TYPES and indices.__class__ is c and axis.__class__ is int and indices.dtype in _INTEGER:
        # the common call (a 1-D integer array along an int axis, x and indices on one
        # device): the checks below, in one step
        shape = x.shape
        nd = len(shape)
        js = indices.shape
        if -nd <= axis < nd and len(js) == 1 and indices.backend is x.backend:
            ax = axis % nd
            n = shape[ax]
            if js[0] <= n:  # (a result no larger than x: its size needs no check)
                try:
                    return x.backend.take(x, indices, axis=ax)  # (its bounds: the backend's)
                except MemoryError as e:
                    raise MemoryError(core_message("take", e)) from None
    name = "take"
    x = check_array(name, x)
    indices = _indices(name, indices)
    B = backend_of(name, x, indices)
    if indices.ndim != 1:
        raise ValueError(f"{name}: indices must be one-dimensional, got shape {indices.shape}")
    if axis is None:
        if x.ndim > 1:
            raise ValueError(f"{name}: axis is required for an array of dimension {x.ndim}")
        if x.ndim == 0:
            raise ValueError(f"{name}: cannot take from a 0-d array")
        ax = 0
    else:
        ax = normalize_axis(name, axis, x.ndim, not x._ns.strict)  # array-api-strict: no bool axis
    # The result's size first (an index broadcast to 2**40 elements must not be walked
    # before the allocation it leads to fails); the bounds are the backend's (its
    # contract: NumPy's IndexError, naming take).
    check_shape(name, x.shape[:ax] + indices.shape + x.shape[ax + 1 :], x.dtype.itemsize)
    try:
        return B.take(x, indices, axis=ax)
    except MemoryError as e:
        raise MemoryError(core_message(name, e)) from None


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    """``out[..., j, ...] = x[..., indices[..., j, ...], ...]`` along ``axis``; the other axes broadcast."""
    name = "take_along_axis"
    x = check_array(name, x)
    gate(name, x)
    indices = _indices(name, indices)
    B = backend_of(name, x, indices)
    if x.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    if indices.ndim != x.ndim:
        raise ValueError(f"{name}: indices ({indices.ndim}-D) must have as many dimensions as x ({x.ndim}-D)")
    ax = normalize_axis(name, axis, x.ndim)
    xs, js = x.shape, indices.shape
    shape: list[Any] = []  # the axis itself: None
    for i, (a, b) in enumerate(zip(xs, js)):
        if i == ax:
            shape.append(None)
        elif a == b or b == 1:
            shape.append(a)
        elif a == 1:
            shape.append(b)
        else:
            raise ValueError(f"{name}: x of shape {xs} and indices of shape {js} cannot be broadcast outside axis {ax}")
    out_shape = tuple(js[ax] if d is None else d for d in shape)
    check_shape(name, out_shape, x.dtype.itemsize)  # before any work per index (see take)
    indices = _check_bounds(name, indices, xs[ax], ax)
    xt = broadcast_tensor(x, tuple(xs[ax] if d is None else d for d in shape))
    it = broadcast_tensor(indices, out_shape)
    try:
        return B.gather(xt, it, axis=ax)
    except MemoryError as e:
        raise MemoryError(core_message(name, e)) from None
