"""Manipulation functions (the standard's "Manipulation Functions" section).

Views (O(1), sharing the buffer): ``broadcast_to``, ``broadcast_arrays``,
``expand_dims``, ``flip``, ``moveaxis``, ``permute_dims``, ``reshape`` (when the strided
View can express it), ``squeeze`` and the parts of ``unstack``. Copies: ``concat``,
``stack``, ``repeat``, ``tile`` and ``roll``.
"""

from __future__ import annotations

import math
from typing import Any, List, Optional, Tuple, Union

from nx_core.dtype import DType
from nx_core import shape as _shape
from nx_core.errors import NxInvalidArgument

from . import _dtypes as _dt
from ._array_object import Array, StrictArray
from ._flags import DROPIN
from ._compose import cast, flat, reshaped
from ._messages import axis_out_of_bounds
from ._validation import (
    MAX_DIMS,
    backend_of,
    broadcast_shapes as _bshapes,
    broadcast_tensor,
    check_array,
    check_arrays,
    check_shape,
    core_message,
    gate,
    int_no_bool,
    ints_no_bool,
    names_memory_errors,
    normalize_axis,
    normalize_axes,
    normalize_axes_in_order,
    plain_size,
)

__all__ = [
    "broadcast_arrays",
    "broadcast_shapes",
    "broadcast_to",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "squeeze",
    "stack",
    "tile",
    "unstack",
]



# ----------------------------------------------------------------- helpers
def _axis(name: str, axis: Any, ndim: int) -> int:
    """A single ``axis`` normalised against ``ndim`` (bools are a TypeError)."""
    return normalize_axis(name, int_no_bool(name, axis, "axis"), ndim)


def _common_dtype(name: str, arrays: list[Array]) -> DType:
    d = arrays[0].dtype
    strict = arrays[0]._ns.strict
    for a in arrays[1:]:
        d = _dt.result_type_pair(d, a.dtype, name, strict)
    return d


# ---------------------------------------------------------------- functions
def broadcast_arrays(*arrays: Array) -> Tuple[Array, ...]:
    """Broadcasts the arrays against one another (stride-0 views)."""
    xs = [check_array("broadcast_arrays", a, "arrays[i]") for a in arrays]
    if xs:
        backend_of("broadcast_arrays", *(a for a in xs))
    shape = _bshapes("broadcast_arrays", *(a.shape for a in xs))
    return tuple(broadcast_tensor(a, shape) for a in xs)


def broadcast_shapes(*shapes: Tuple[Optional[int], ...]) -> Tuple[Optional[int], ...]:
    """The shape the given shapes broadcast to; ``()`` for none."""
    DROPIN.check("broadcast_shapes")
    return shapes_broadcast(*shapes)


def shapes_broadcast(*shapes: Tuple[Optional[int], ...]) -> Tuple[Optional[int], ...]:
    """``broadcast_shapes`` without the flags' gate (each namespace gates its own)."""
    norm = []
    for s in shapes:
        s = ints_no_bool("broadcast_shapes", s, "shape", "shape entry")
        if any(d < 0 for d in s):
            raise ValueError(f"broadcast_shapes: negative dimension in {s}")
        norm.append(s)
    return tuple(_bshapes("broadcast_shapes", *norm))


def broadcast_to(x: Array, /, shape: Tuple[int, ...]) -> Array:
    """``x`` broadcast to ``shape`` (a stride-0 view)."""
    x = check_array("broadcast_to", x)
    shape = ints_no_bool("broadcast_to", shape, "shape", "shape entry")
    if any(d < 0 for d in shape):
        raise ValueError(f"broadcast_to: negative dimension in {shape}")
    check_shape("broadcast_to", shape, x.dtype.itemsize)
    xs = x.shape
    ok = len(xs) <= len(shape) and all(a == b or a == 1 for a, b in zip(xs[::-1], shape[::-1]))
    if not ok:
        raise ValueError(f"broadcast_to: cannot broadcast an array of shape {xs} to {shape}")
    return broadcast_tensor(x, shape)


def concat(arrays: Union[Tuple[Array, ...], List[Array]], /, *, axis: Optional[int] = 0) -> Array:
    """Joins arrays along an existing axis (``axis=None`` flattens them first); a copy."""
    name = "concat"
    if type(axis) is int and type(arrays) in (list, tuple) and arrays:
        # The common call: arrays of one device, dtype and rank, equal outside a valid axis.
        t0 = arrays[0]
        c = type(t0)
        if c is Array or c is StrictArray:
            B, d, s0 = t0.backend, t0.dtype, t0.shape
            nd = len(s0)
            if nd and -nd <= axis < nd:
                ax = axis + nd if axis < 0 else axis
                if nd == 1:
                    for t in arrays:
                        if type(t) is not c or t.backend is not B or t.dtype is not d or len(t.shape) != 1:
                            break
                    else:
                        try:
                            return B.cat(arrays, 0)  # (positional: no keyword to match)
                        except ValueError as e:  # a joined size no array can have
                            raise ValueError(core_message(name, e)) from None
                else:
                    head, tail = s0[:ax], s0[ax + 1 :]
                    for t in arrays:
                        if type(t) is not c:
                            break
                        sh = t.shape
                        if t.backend is not B or t.dtype is not d or len(sh) != nd or sh[:ax] != head or sh[ax + 1 :] != tail:
                            break
                    else:
                        try:
                            return B.cat(arrays, ax)
                        except ValueError as e:  # a joined size no array can have
                            raise ValueError(core_message(name, e)) from None
    xs = check_arrays(name, arrays)
    B = backend_of(name, *(a for a in xs))
    d = _common_dtype(name, xs)
    if axis is None:
        check_shape(name, (sum(a.size for a in xs),), d.itemsize)
        ts = [cast(flat(a), d) for a in xs]
        return B.cat(ts, axis=0)
    nd = xs[0].ndim
    if any(a.ndim != nd for a in xs):
        raise ValueError(f"{name}: all arrays must have the same number of dimensions, got {[a.ndim for a in xs]}")
    if nd == 0:
        raise ValueError(f"{name}: zero-dimensional arrays cannot be concatenated along an axis")
    ax = _axis(name, axis, nd)
    s0 = xs[0].shape
    for a in xs[1:]:
        if any(p != q for i, (p, q) in enumerate(zip(s0, a.shape)) if i != ax):
            raise ValueError(f"{name}: shapes {s0} and {a.shape} differ outside axis {ax}")
    check_shape(name, s0[:ax] + (sum(a.shape[ax] for a in xs),) + s0[ax + 1 :], d.itemsize)
    return B.cat([cast(a, d) for a in xs], axis=ax)


def expand_dims(x: Array, /, axis: Union[int, Tuple[int, ...]]) -> Array:
    """``x`` with unit axes inserted at ``axis`` (positions in the result); a view."""
    name = "expand_dims"
    x = check_array(name, x)
    axes = ints_no_bool(name, axis, "axis")
    m = x.ndim + len(axes)
    pos = []
    for a in axes:
        if not -m <= a < m:
            raise axis_out_of_bounds(name, a, m, "a result")
        pos.append(a + m if a < 0 else a)
    if len(set(pos)) != len(pos):
        raise ValueError(f"{name}: repeated axis in {axes}")
    it = iter(x.shape)
    shape = check_shape(name, tuple(1 if i in pos else next(it) for i in range(m)))
    return reshaped(x, shape)


def flip(x: Array, /, *, axis: Optional[Union[int, Tuple[int, ...]]] = None) -> Array:
    """``x`` reversed along ``axis`` (all axes for None); a view with negative strides."""
    x = check_array("flip", x)
    if axis is not None:
        axis = ints_no_bool("flip", axis, "axis")
    axes = normalize_axes("flip", axis, x.ndim, x._ns.strict)
    if not axes:
        return x
    return x.backend.flip(x, tuple(i in axes for i in range(x.ndim)))


def moveaxis(x: Array, source: Union[int, Tuple[int, ...]], destination: Union[int, Tuple[int, ...]], /) -> Array:
    """``x`` with the ``source`` axes moved to ``destination``; a view."""
    name = "moveaxis"
    x = check_array(name, x)
    gate(name, x)
    src = normalize_axes_in_order(name, ints_no_bool(name, source, "source"), x.ndim)
    dst = normalize_axes_in_order(name, ints_no_bool(name, destination, "destination"), x.ndim)
    if len(src) != len(dst):
        raise ValueError(f"{name}: source and destination must have the same number of axes, got {len(src)} and {len(dst)}")
    order = [i for i in range(x.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return x.backend.permute(x, tuple(order))


def permute_dims(x: Array, /, axes: Tuple[int, ...]) -> Array:
    """``x`` with its axes permuted (negative axes allowed); a view."""
    name = "permute_dims"
    c = type(x)
    if (c is Array or c is StrictArray) and type(axes) is tuple:  # the common call: a permutation of ints
        t = x
        n = len(t.shape)
        if len(axes) == n:
            for a in axes:
                if type(a) is not int or not 0 <= a < n:
                    break
            else:
                if len(set(axes)) == n:
                    return t.backend.permute(t, axes)
    x = check_array(name, x)
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"{name}: axes must be a tuple of ints, got {type(axes).__name__}")
    ax = ints_no_bool(name, axes, "axes entry")
    if len(ax) != x.ndim:
        raise ValueError(f"{name}: axes {ax} must have one entry per dimension ({x.ndim})")
    return x.backend.permute(x, normalize_axes_in_order(name, ax, x.ndim))


@names_memory_errors
def repeat(x: Array, repeats: Union[int, Array], /, *, axis: Optional[int] = None) -> Array:
    """Repeats each element ``repeats`` times along ``axis`` (flattened for None); a copy."""
    name = "repeat"
    x = check_array(name, x)
    gate(name, x)
    t = x
    B = t.backend
    if axis is None:
        t = flat(t)
        ax = 0
    else:
        ax = _axis(name, axis, x.ndim)
    n = t.shape[ax]
    if isinstance(repeats, Array) and repeats.ndim != 0:
        x._ns.requires_data_dependent_shapes(name)
        r: Any = repeats  # then the counts as int64, or an int
        backend_of(name, t, r)
        if repeats.dtype not in _dt.integer:
            raise TypeError(f"{name}: repeats must have an integer dtype, got {repeats.dtype.name}")
        if repeats.ndim != 1 or repeats.shape[0] not in (1, n):
            raise ValueError(f"{name}: repeats of shape {repeats.shape} must have shape (1,) or ({n},)")
        if r.dtype is _dt.uint64 and r.numel:
            if B.item(B.reduce_max(r, axes=(0,))) >= 1 << 63:
                raise ValueError(f"{name}: a repeat count is too large")
        r = cast(r, _dt.int64)
        if r.numel and B.item(B.reduce_min(r, axes=(0,))) < 0:
            raise ValueError(f"{name}: repeats must be non-negative")
        if r.shape[0] == 1 and n != 1:
            r = B.item(r)
        # The output length, summed in float64 (exact enough to tell a size that fits
        # from one past 2**63; an int64 sum would wrap).
        total = n * r if type(r) is int else B.item(B.reduce_sum(cast(r, _dt.float64), axes=(0,)))
    else:
        if x._ns.strict and type(repeats) is not int and not isinstance(repeats, Array):
            # array-api-strict: a Python int or an array (a NumPy integer is neither)
            raise TypeError(f"{name}: repeats must be a Python int or an array in strict mode, got {type(repeats).__name__}")
        r = int_no_bool(name, repeats, "repeats")
        if r < 0:
            raise ValueError(f"{name}: repeats must be non-negative, got {r}")
        if r >= 1 << 63:
            raise ValueError(f"{name}: repeats must be below 2**63, got {r}")
        total = n * r
    shape = t.shape
    check_shape(name, shape[:ax] + (int(total),) + shape[ax + 1:], t.dtype.itemsize)
    return B.repeat(t, r, axis=ax)


def _one_inferred(shape: Any, size: int) -> tuple[Any, int]:
    """``(shape with its -1 worked out, size)`` for a tuple of positive Python ints and
    one -1 (``(-1, 1)``) that ``size`` elements fill exactly; ``(shape, -1)`` for any
    other shape, which the general path reads (and refuses with its messages)."""
    if shape.__class__ is not tuple or len(shape) > MAX_DIMS or shape.count(-1) != 1:
        return shape, -1
    known = 1
    for d in shape:
        if d.__class__ is not int or d == 0 or d < -1:
            return shape, -1
        if d != -1:
            known *= d
    if size % known:
        return shape, -1
    return tuple([size // known if d == -1 else d for d in shape]), size


def reshape(x: Array, /, shape: Tuple[int, ...], *, copy: Optional[bool] = None) -> Array:
    """``x`` with a new shape (one ``-1`` inferred): a view when the strides allow it."""
    name = "reshape"
    c = type(x)
    if (c is Array or c is StrictArray) and copy is None:  # the common call: a tuple of ints, one -1 at most
        t = x
        n = plain_size(shape)
        size = math.prod(t.shape)
        if n < 0 and size > 0:
            shape, n = _one_inferred(shape, size)
        if n > 0 and n == size:
            B = t.backend
            r = B.reshape(t, shape)
            if r is None:  # only a copy can give the shape (x.T to one axis)
                r = B.reshape(B.copy(t), shape)
            return r
    x = check_array(name, x)
    if x._ns.strict and type(shape) is not tuple:
        raise TypeError(f"{name}: `shape` must be a tuple of ints; got shape={shape!r} instead (strict mode)")
    shape = ints_no_bool(name, shape, "shape", "shape entry")
    if copy is not None and not isinstance(copy, bool):
        raise TypeError(f"{name}: copy must be None or a bool, got {type(copy).__name__}")
    if shape.count(-1) > 1:
        raise ValueError(f"{name}: only one dimension can be -1, got {shape}")
    if any(d < -1 for d in shape):
        raise ValueError(f"{name}: negative dimension in {shape}")
    size = x.size
    try:  # nx_core.shape infers the -1; a -1 next to a 0 stays NumPy's error
        new = _shape.resolve_neg_one(x.shape, shape) if 0 not in shape else shape
    except NxInvalidArgument:
        new = None
    if new is None or -1 in new or _shape.numel(new) != size:
        raise ValueError(f"{name}: cannot reshape an array of shape {x.shape} to {shape}")
    shape = new
    t = x
    B = t.backend
    if size == 0 or len(shape) > MAX_DIMS:  # other shapes hold x's elements, which exist
        check_shape(name, shape, t.dtype.itemsize)
    r = None if copy else B.reshape(t, shape)
    if r is None:  # copy=True, or only a copy can give the new shape
        if copy is False:
            raise ValueError(f"{name}: cannot reshape {x.shape} to {shape} without a copy, but copy=False")
        r = B.reshape(B.copy(t), shape)
    return r


def roll(
    x: Array,
    /,
    shift: Union[int, Tuple[int, ...]],
    *,
    axis: Optional[Union[int, Tuple[int, ...]]] = None,
) -> Array:
    """``x`` rolled by ``shift`` along ``axis`` (flattened for None); a copy."""
    name = "roll"
    x = check_array(name, x)
    if x._ns.strict and not isinstance(shift, (int, tuple)):
        raise ValueError(f"{name}: `shift` can only be an int or a tuple, got {type(shift).__name__} (strict mode)")
    shifts = ints_no_bool(name, shift, "shift")
    if axis is None:
        if len(shifts) != 1:
            raise ValueError(f"{name}: with axis=None, shift must be a single integer, got {shift}")
        t = flat(x)
        return reshaped(t.backend.roll(t, shifts, (0,)), x.shape)
    axes = tuple(normalize_axis(name, a, x.ndim) for a in ints_no_bool(name, axis, "axis"))
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(shifts) != len(axes) or not isinstance(axis, (tuple, list)):
        raise ValueError(f"{name}: shift {shift} and axis {axis} must have the same length")
    return x.backend.roll(x, shifts, axes)


def squeeze(x: Array, /, axis: Union[int, Tuple[int, ...]]) -> Array:
    """``x`` without the given unit axes; a view. A non-unit axis is a ValueError."""
    c = x.__class__
    if (c is Array or c is StrictArray) and axis.__class__ is int:  # the common call: one unit axis
        shape = x.shape
        n = len(shape)
        if -n <= axis < n and shape[axis] == 1:
            a = axis % n
            return reshaped(x, shape[:a] + shape[a + 1 :])
    name = "squeeze"
    x = check_array(name, x)
    if x._ns.strict and type(axis) is list:
        raise TypeError(f"{name}: axis must be an int or a tuple of ints in strict mode, got list")
    axes = normalize_axes_in_order(name, ints_no_bool(name, axis, "axis"), x.ndim)
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"{name}: cannot squeeze axis {a} of size {x.shape[a]}")
    shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    return reshaped(x, shape)


def stack(arrays: Union[Tuple[Array, ...], List[Array]], /, *, axis: int = 0) -> Array:
    """Joins same-shaped arrays along a new axis; a copy."""
    name = "stack"
    xs = check_arrays(name, arrays)
    B = backend_of(name, *(a for a in xs))
    d = _common_dtype(name, xs)
    s0 = xs[0].shape
    for a in xs[1:]:
        if a.shape != s0:
            raise ValueError(f"{name}: all arrays must have the same shape, got {s0} and {a.shape}")
    ax = _axis(name, axis, len(s0) + 1)
    shape = s0[:ax] + (1,) + s0[ax:]
    check_shape(name, s0[:ax] + (len(xs),) + s0[ax:], d.itemsize)
    return B.cat([cast(reshaped(a, shape), d) for a in xs], axis=ax)


@names_memory_errors
def tile(x: Array, repetitions: Tuple[int, ...], /) -> Array:
    """``x`` tiled ``repetitions`` times along each axis; a copy."""
    name = "tile"
    x = check_array(name, x)
    gate(name, x)
    if not isinstance(repetitions, (tuple, list)) or (x._ns.strict and type(repetitions) is not tuple):
        raise TypeError(f"{name}: repetitions must be a tuple of ints, got {type(repetitions).__name__}")
    reps = ints_no_bool(name, repetitions, "repetitions entry")
    if any(r < 0 for r in reps):
        raise ValueError(f"{name}: repetitions must be non-negative, got {reps}")
    if math.prod([r for r in reps if r]) >= 1 << 63:  # even for an empty x, whose copies cost nothing
        raise ValueError(f"{name}: repetitions {reps} ask for 2**63 copies or more")
    n = max(x.ndim, len(reps))
    reps = (1,) * (n - len(reps)) + reps
    shape = (1,) * (n - x.ndim) + x.shape
    inter = tuple(v for s in shape for v in (1, s))
    big = tuple(v for r, s in zip(reps, shape) for v in (r, s))
    out = check_shape(name, tuple(r * s for r, s in zip(reps, shape)), x.dtype.itemsize)
    B = x.backend
    if 0 in out:  # nothing to copy (and the (r, s) view of it could pass NumPy's size limit)
        return B.buffer(x.dtype, out)
    if len(big) > MAX_DIMS:  # (r, s) pairs would pass the rank limit: one axis at a time
        t, cur = reshaped(x, shape), list(shape)
        for i, r in enumerate(reps):
            a, s, b = math.prod(cur[:i]), cur[i], math.prod(cur[i + 1:])
            cur[i] = r * s
            t = B.reshape(B.copy(B.broadcast_to(reshaped(t, (a, 1, s, b)), (a, r, s, b))), tuple(cur))
        return t
    t = B.broadcast_to(reshaped(x, inter), big)
    return B.reshape(B.copy(t), out)


def unstack(x: Array, /, *, axis: int = 0) -> Tuple[Array, ...]:
    """The slices of ``x`` along ``axis``, each a view."""
    name = "unstack"
    x = check_array(name, x)
    gate(name, x)
    if x.ndim == 0:
        raise ValueError(f"{name}: cannot unstack a 0-d array")
    ax = _axis(name, axis, x.ndim)
    t = x
    B = t.backend
    head = (slice(None),) * ax
    # The int drops the axis (View.basic_index); a masked t is read once, not per part.
    if t.masked:
        t = B.copy(t)
    return tuple(B.basic_view(t, (*head, i)) for i in range(x.shape[ax]))
