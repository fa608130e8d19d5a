"""Beyond the standard: the raw Threefry-2x32 hash and ``scatter``.

``threefry(key, counter)`` is Random123's ``threefry2x32_20``: each pair of 32-bit words
on the last axis of ``counter`` is encrypted under the matching pair of ``key``. It is
the primitive under ``nx_array_api.random``.

``scatter(x, indices, updates, axis=...)`` is the inverse of ``take_along_axis``: a copy
of ``x`` where ``updates[c]`` is written (``mode="set"``) or added (``mode="add"``) at
``c`` with ``c[axis]`` replaced by ``indices[c]``.
"""

from __future__ import annotations

from . import _dtypes as _dt
from ._array_object import Array
from ._messages import cannot_cast
from ._scalars import scalar_operand
from ._validation import backend_of, broadcast_shapes, broadcast_tensor, check_array, check_bool, core_message, normalize_axis

__all__ = ["threefry", "scatter"]


def threefry(key: Array, counter: Array, /) -> Array:
    """Threefry-2x32 (20 rounds) of ``counter`` under ``key``, bit-exact with Random123.

    ``key`` and ``counter`` are uint32 (or int32, read bit for bit) arrays whose last axis
    has size 2; their leading axes broadcast against each other. The result has the
    broadcast shape and ``counter``'s dtype.
    """
    key = check_array("threefry", key, "key")
    counter = check_array("threefry", counter, "counter")
    for arg, a in (("key", key), ("counter", counter)):
        if a.dtype not in (_dt.uint32, _dt.int32):
            raise TypeError(f"threefry: {arg} must have dtype uint32 or int32, got {a.dtype.name}")
        if a.ndim == 0 or a.shape[-1] != 2:
            raise ValueError(f"threefry: the last axis of {arg} must have size 2, got shape {a.shape}")
    B = backend_of("threefry", key, counter)
    shape = broadcast_shapes("threefry", key.shape, counter.shape)
    kt = broadcast_tensor(key, shape)
    ct = broadcast_tensor(counter, shape)
    return B.threefry(kt, ct)


_MODES = ("set", "add")


def scatter(
    x: Array,
    indices: Array,
    updates: Array | bool | int | float | complex,
    /,
    *,
    axis: int,
    mode: str = "set",
    unique_indices: bool = False,
) -> Array:
    """A new array: ``x`` with ``updates`` scattered along ``axis`` at ``indices``.

    For every position ``c`` of ``indices`` the target is ``c`` with ``c[axis] :=
    indices[c]`` (negative indices count from the end). ``indices`` has the rank of ``x``
    and no axis longer than ``x``'s except ``axis``; ``updates`` broadcasts to
    ``indices.shape`` and its dtype must promote to ``x.dtype``. ``mode="set"`` keeps the
    last write for repeated targets (row-major order of ``indices``); ``mode="add"``
    accumulates onto ``x``. ``unique_indices=True`` promises no target repeats.
    """
    x = check_array("scatter", x)
    indices = check_array("scatter", indices, "indices")
    if not isinstance(mode, str) or mode not in _MODES:
        raise ValueError(f"scatter: mode must be 'set' or 'add', got {mode!r}")
    check_bool("scatter", unique_indices, "unique_indices")
    if indices.dtype not in _dt.integer:
        raise TypeError(f"scatter: indices must have an integer dtype, got {indices.dtype.name}")
    if x.ndim == 0:
        raise ValueError("scatter: x must have at least one dimension")
    ax = normalize_axis("scatter", axis, x.ndim)
    if mode == "add" and x.dtype.is_bool:
        raise TypeError("scatter: mode='add' needs a numeric x, got bool")
    if indices.ndim != x.ndim:
        raise ValueError(f"scatter: indices must have the rank of x ({x.ndim}), got shape {indices.shape}")
    for i, (ni, nx) in enumerate(zip(indices.shape, x.shape)):
        if i != ax and ni > nx:
            raise ValueError(
                f"scatter: indices shape {indices.shape} does not fit x shape {x.shape} at axis {i}"
            )
    if isinstance(updates, Array):
        B = backend_of("scatter", x, indices, updates)
        d = _dt.PROMOTE.get((x.dtype, updates.dtype))
        if d is not x.dtype:
            raise cannot_cast("scatter", f"updates of dtype {updates.dtype.name}", x.dtype, "x's dtype")
        ut = updates
        if ut.dtype is not x.dtype:
            ut = B.cast(ut, dtype=x.dtype)
        try:
            shape = broadcast_shapes("scatter", ut.shape, indices.shape)
        except ValueError:
            shape = None
        if shape != indices.shape:
            raise ValueError(f"scatter: updates of shape {updates.shape} do not broadcast to indices shape {indices.shape}")
        ut = broadcast_tensor(ut, shape)
    else:
        B = backend_of("scatter", x, indices)
        s, d = scalar_operand("scatter", updates, x.dtype)
        if d is not x.dtype:
            raise cannot_cast("scatter", f"a Python {type(updates).__name__}", x.dtype, "x's dtype")
        ut = B.full(x.dtype, indices.shape, s)
    if indices.size and x.shape[ax] == 0:
        raise IndexError(f"scatter: index out of bounds for axis {ax} of size 0")
    try:
        r = B.scatter(x, indices=indices, updates=ut, axis=ax, mode=mode, unique_indices=unique_indices)
    except IndexError as e:  # (the kernel's words, which a lazy device raises when computed)
        raise IndexError(core_message("scatter", e)) from None
    return r
