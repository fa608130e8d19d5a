"""Utility functions (the standard's "Utility Functions" section): all, any, diff.

``all``/``any`` are one backend reduction each. ``diff`` composes O(1) ``shrink`` views
with one ``sub`` per order (``cmpne``, i.e. xor, for bool, as NumPy does).
"""

from __future__ import annotations

from typing import Any

from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array
from ._scalars import check_values, scalar_dtype, scalar_kind
from ._compose import kept
from ._messages import cannot_cast, not_allowed
from ._validation import as_int, backend_of, check_array, check_bool, gate, normalize_axes, normalize_axis

__all__ = ["all", "any", "diff"]



def _logical(name: str, prim: str, x: Array, axis: Any, keepdims: Any) -> Array:
    x = check_array(name, x)
    if axis is not None and not isinstance(axis, (int, tuple)):
        axis = as_int(name, axis, "axis")
    axes = normalize_axes(name, axis, x.ndim, x._ns.strict)
    check_bool(name, keepdims, "keepdims")
    t = x
    return kept(getattr(t.backend, prim)(t, axes=axes), t.shape, axes, keepdims)


def all(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Logical AND over ``axis`` (all axes by default); True for empty reductions."""
    return _logical("all", "reduce_all", x, axis, keepdims)


def any(x: Array, /, *, axis: int | tuple[int, ...] | None = None, keepdims: bool = False) -> Array:  # noqa: A001
    """Logical OR over ``axis`` (all axes by default); False for empty reductions."""
    return _logical("any", "reduce_any", x, axis, keepdims)


def _edge(name: str, v: Any, arg: str, x: Array, axis: int) -> Array:
    """``prepend``/``append`` as a tensor of x's dtype, shaped like x except along ``axis``."""
    if isinstance(v, Array):
        vs, xs = list(v.shape), list(x.shape)
        if len(vs) == len(xs):
            vs[axis] = xs[axis]
        if vs != xs:
            raise ValueError(f"{name}: {arg} must have the shape of x {x.shape} except along axis {axis}, got {v.shape}")
        t = v
        if t.dtype is not x.dtype:
            d = _dt.result_type_pair(x.dtype, t.dtype, name, x._ns.strict)
            if d is not x.dtype:
                raise cannot_cast(name, f"{arg} of dtype {t.dtype.name}", x.dtype, "x's dtype")
            t = t.backend.cast(t, dtype=d)
        return t
    if scalar_kind(v) < 0 or x._ns.strict:  # the standard's prepend and append are arrays
        raise TypeError(f"{name}: {arg} must be an nx array{'' if x._ns.strict else ' or a Python scalar'}, got {type(v).__name__}")
    scalar_dtype(name, x.dtype, scalar_kind(v), x.backend.device)
    check_values(name, [v], {scalar_kind(v)}, x.dtype)
    shape = list(x.shape)
    shape[axis] = 1
    return x.backend.full(x.dtype, tuple(shape), v)


def diff(
    x: Array,
    /,
    n: int = 1,
    axis: int = -1,
    *,
    prepend: Array | None = None,
    append: Array | None = None,
) -> Array:
    """The ``n``-th forward difference ``out[i] = x[i+1] - x[i]`` along ``axis``, after
    concatenating ``prepend`` and ``append`` along it. (``n`` may also be passed
    positionally, as in NumPy.) Bool input gives ``x[i+1] != x[i]``."""
    name = "diff"
    x = check_array(name, x)
    gate(name, x)
    if x.dtype is _dt.bool and x._ns.strict:  # array-api-strict: numeric only; record mode: NumPy's !=
        x._ns.refuse("dtype category", not_allowed(name, "numeric", x.dtype))
    if x.ndim == 0:
        raise ValueError("diff: x must have at least one dimension")
    n = as_int(name, n, "n")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative, got {n}")
    ax = normalize_axis(name, axis, x.ndim)
    t = x
    parts = []
    if prepend is not None:
        parts.append(_edge(name, prepend, "prepend", x, ax))
    parts.append(t)
    if append is not None:
        parts.append(_edge(name, append, "append", x, ax))
    B = backend_of(name, x, *parts)  # x first: the message names its device first
    if len(parts) > 1:
        t = B.cat(parts, axis=ax)
    op = B.cmpne if t.dtype is _dt.bool else B.sub
    shape = list(t.shape)
    for i in range(n):
        m = shape[ax]
        if m <= 1 or t.numel == 0:
            shape[ax] = max(m - (n - i), 0)
            return B.buffer(t.dtype, tuple(shape))
        hi = [(0, s) for s in shape]
        lo = list(hi)
        hi[ax] = (1, m)
        lo[ax] = (0, m - 1)
        t = op(B.shrink(t, hi), B.shrink(t, lo))
        shape[ax] = m - 1
    if n == 0 and t is x:
        return B.copy(t)
    return t
