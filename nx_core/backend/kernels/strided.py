"""The bridge between Tensors and NumPy arrays: bounds-checked strided views, masked reads.

Every NumPy view of a buffer that the NumPy backend makes comes from ``strided``; it
checks that the lowest and the highest element the View can address lie inside the
buffer before it asks NumPy for the view (and NumPy's ``ndarray`` constructor checks
again), so no View, however it was built, reads or writes outside its buffer.
"""

from __future__ import annotations

import numpy as np

from ...errors import NxInvalidArgument
from ...view import View

__all__ = ["extent", "strided", "read", "flat"]


def extent(view: View) -> tuple[int, int]:
    """The lowest and highest buffer positions a non-empty, unmasked ``view`` addresses."""
    lo = hi = view.offset
    for d, s in zip(view.shape, view.strides):
        if s > 0:
            hi += (d - 1) * s
        else:
            lo += (d - 1) * s
    return lo, hi


def flat(buffer: np.ndarray) -> np.ndarray:
    """The buffer as a flat run of elements (a view; buffers are C-contiguous)."""
    return buffer if buffer.ndim == 1 else buffer.reshape(-1)


def strided(buffer: np.ndarray, view: View) -> np.ndarray:
    """A NumPy view of ``buffer`` laid out as the unmasked ``view``, sharing memory.

    Raises NxInvalidArgument if the view would address memory outside the buffer.
    """
    shape = view.shape
    if view.numel == 0:
        return np.empty(shape, dtype=buffer.dtype)
    if view.c_flag and view.offset == 0 and buffer.size == view.numel:
        return buffer if buffer.shape == shape else buffer.reshape(shape)
    lo, hi = extent(view)
    if lo < 0 or hi >= buffer.size:
        raise NxInvalidArgument(
            f"strided: view {view!r} addresses [{lo}, {hi}] outside a buffer of {buffer.size} elements"
        )
    itemsize = buffer.itemsize
    return np.ndarray(
        shape,
        dtype=buffer.dtype,
        buffer=flat(buffer),
        offset=view.offset * itemsize,
        strides=tuple(s * itemsize for s in view.strides),
    )


def read(buffer: np.ndarray, view: View, fill: object = 0) -> np.ndarray:
    """The logical elements of ``view`` over ``buffer``.

    Unmasked views give a strided view that shares memory. Masked views (virtual padding)
    give a fresh array in which positions outside the mask read as ``fill``; only the
    valid box is ever addressed in the buffer.
    """
    mask = view.mask
    if mask is None:
        return strided(buffer, view)
    out = np.full(view.shape, fill, dtype=buffer.dtype)
    box = []
    for (b, e), d in zip(mask, view.shape):
        b, e = max(0, b), min(d, e)
        if b >= e:
            return out
        box.append((b, e))
    inner = view.shrink(tuple(box))
    out[tuple(slice(b, e) for b, e in box)] = strided(buffer, inner)
    return out
