"""Mask arithmetic: how a view's validity mask follows its movements.

A mask holds one half-open ``(begin, end)`` interval per axis (see :mod:`nx_core.view`).
The functions here compute the geometry (shape, strides, offset, mask as tuples) that
:class:`nx_core.view.View`'s movements build their views from; they build no View and use
the standard library alone.
"""

from __future__ import annotations

from .errors import NxInvalidArgument

__all__ = ["covers", "shrunk", "padded", "flipped", "expanded", "broadcast", "diagonal"]

def covers(mask, shape: tuple) -> bool:
    """True iff ``mask`` admits every position of ``shape`` (each interval ``(0, dim)``)."""
    for (b, e), d in zip(mask, shape):
        if b != 0 or e != d:
            return False
    return True


def shrunk(mask, bounds, new_shape: tuple):
    """``mask`` after restricting each axis to ``bounds``' ``(begin, end)`` (new extents
    ``new_shape``); None stays None."""
    if mask is None:
        return None
    out = []
    for (ob, oe), (b, _), nd in zip(mask, bounds, new_shape):
        lo = ob - b
        hi = oe - b
        out.append((lo if lo > 0 else 0, hi if hi < nd else nd))
    return tuple(out)


def padded(shape: tuple, strides: tuple, offset: int, mask, padding) -> tuple:
    """``(new_shape, new_offset, new_mask)`` of padding each axis by ``(before, after)``:
    the padded positions are invalid, the valid ones of ``mask`` stay valid."""
    new_shape = []
    new_mask = []
    for i, s in enumerate(shape):
        bf, af = padding[i]
        new_shape.append(s + bf + af)
        offset -= bf * strides[i]
        if mask is None:
            new_mask.append((bf, bf + s))
        else:
            ob, oe = mask[i]
            lo = max(ob + bf, 0)
            hi = max(oe + bf, 0)
            new_mask.append((lo if lo > bf else bf, hi if hi < bf + s else bf + s))
    return tuple(new_shape), offset, tuple(new_mask)


def flipped(shape: tuple, strides: tuple, offset: int, mask, flags) -> tuple:
    """``(new_strides, new_offset, new_mask)`` of reversing the flagged axes."""
    st = list(strides)
    new_mask = None if mask is None else list(mask)
    for i, s in enumerate(shape):
        if flags[i] and s > 0:
            offset += (s - 1) * st[i]
            st[i] = -st[i]
            if new_mask is not None:
                b, e = new_mask[i]
                new_mask[i] = (s - e, s - b)
    return tuple(st), offset, None if new_mask is None else tuple(new_mask)


def expanded(mask, grown: list, new_shape: tuple):
    """``mask`` after the axes ``grown`` (singletons) expand to ``new_shape``'s extents; a
    grown axis must have been valid (``(0, 1)``), else NxInvalidArgument."""
    if mask is None:
        return None
    out = list(mask)
    for i in grown:
        b, e = out[i]
        if b == 0 and e == 1:
            out[i] = (0, new_shape[i])
        else:
            raise NxInvalidArgument(
                f"expand: masked singleton bounds [{b},{e}] incompatible with expansion"
            )
    return tuple(out)


def broadcast(mask, shape: tuple, new_shape: tuple) -> tuple:
    """``mask`` after ``broadcast_to(new_shape)``: an added leading axis is valid
    everywhere, an expanded unit axis everywhere if its one element was, else nowhere."""
    k = len(new_shape) - len(shape)
    out = [(0, nd) for nd in new_shape[:k]]
    for i, (b, e) in enumerate(mask):
        nd = new_shape[k + i]
        if shape[i] == 1 and nd != 1:
            out.append((0, nd) if b <= 0 < e else (0, 0))
        else:
            out.append((b, e))
    return tuple(out)


def diagonal(mask, r0: int, c0: int, k: int):
    """``mask`` of the diagonal of length ``k`` starting at row ``r0``, column ``c0`` of
    the last two axes: a diagonal element is valid where it is valid in both."""
    if mask is None:
        return None
    (bm, em), (bn, en) = mask[-2], mask[-1]
    lo = max(bm - r0, bn - c0, 0)
    hi = min(em - r0, en - c0, k)
    return mask[:-2] + ((lo, hi if hi > lo else lo),)
