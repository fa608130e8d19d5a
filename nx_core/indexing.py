"""Basic indexing: a key (ints, slices, ``None``, one ``Ellipsis``) as the geometry of
the view it selects.

:meth:`nx_core.view.View.basic_index` builds its View from :func:`basic_geometry`; the
functions here work on tuples of ints alone (standard library only).
"""

from __future__ import annotations

from typing import Any

from .errors import NxInvalidArgument
from .shape import _c_strides

__all__ = ["basic_key", "basic_geometry", "range_mask"]


def basic_key(key, shape: tuple) -> list:
    """``basic_index``'s key in its normal form: no Ellipsis, one item per axis (full
    slices appended), slices as ``slice.indices`` triples, negative ints counted from
    the end. Items it cannot read are left for :func:`basic_geometry` to refuse."""
    key = list(key)
    n_ell = sum(1 for k in key if k is Ellipsis)
    if n_ell > 1:
        raise NxInvalidArgument("basic_index: an index can only have a single ellipsis ('...')")
    used = sum(1 for k in key if k is not None and k is not Ellipsis)
    fill = [slice(None)] * max(0, len(shape) - used)
    if n_ell:
        i = key.index(Ellipsis)
        key[i : i + 1] = fill
    else:
        key += fill
    out: list = []
    ax = 0
    for k in key:
        if k is None:
            out.append(k)
            continue
        if ax < len(shape):
            d = shape[ax]
            if type(k) is slice:
                try:
                    k = k.indices(d)
                except (TypeError, ValueError) as exc:
                    raise NxInvalidArgument(
                        "basic_index: each key item must be an int, a slice or a (start, stop, "
                        f"step) triple with a non-zero step, or None ({exc})"
                    ) from None
            elif type(k) is int and -d <= k < 0:
                k += d
        out.append(k)
        ax += 1
    return out


def basic_geometry(
    shape: tuple, strides: tuple, offset: int, mask: tuple | None, key: Any
) -> tuple[tuple, tuple, int, tuple | None]:
    """``(shape, strides, offset, mask)`` of the view ``x[key]`` of the view of these
    parts, for a basic key (the standard's basic indexing); the mask is None when every
    position is valid or none exists.

    ``key`` holds one item per axis of this view, in order, plus any ``None``; one
    ``Ellipsis`` may stand for the axes the other items leave. An int in ``[-dim,
    dim)`` takes that element and drops the axis; a ``slice`` takes what Python's
    ``slice.indices(dim)`` gives, and so does a ``(start, stop, step)`` triple
    already in that form; ``None`` inserts a new axis of size 1 (with its C
    stride). Missing trailing items are full slices. An axis that keeps 0 or 1
    elements keeps its stride, so no step, however large, grows a stride. The
    result addresses a subset of this view's elements: an item out of range, a
    zero step or too many items raise NxInvalidArgument.

    A masked (padded) view gives a masked view of the same buffer: each slice keeps
    the positions of its range that were valid, an int inside the valid interval of
    its axis drops it, and an int outside it makes every remaining position invalid.
    A 0-d result at a padded position has no such view (a 0-d View has no mask to
    say so): NxInvalidArgument.
    """
    key = basic_key(key, shape)
    out_shape: list[int] = []
    out_strides: list[int] = []
    out_mask: list[tuple[int, int]] = []
    padded = False  # an int index fell on a padded position
    new_axes = None
    ax = 0
    try:
        for k in key:
            if type(k) is int:
                if k < 0 or k >= shape[ax]:
                    raise NxInvalidArgument(
                        f"basic_index: index {k} out of range for axis {ax} of size {shape[ax]}"
                    )
                offset += k * strides[ax]
                if mask is not None and not mask[ax][0] <= k < mask[ax][1]:
                    padded = True
            elif k is None:
                if new_axes is None:
                    new_axes = []
                new_axes.append(len(out_shape))
                out_shape.append(1)
                out_strides.append(0)
                out_mask.append((0, 1))
                continue
            else:
                b, e, step = k
                m = len(range(b, e, step))
                s = strides[ax]
                if m:
                    d = shape[ax]
                    last = b + (m - 1) * step
                    if b < 0 or b >= d or last < 0 or last >= d:
                        raise NxInvalidArgument(
                            f"basic_index: range({b}, {e}, {step}) out of range for axis "
                            f"{ax} of size {d}"
                        )
                    offset += b * s
                    if m > 1:
                        s *= step
                out_shape.append(m)
                out_strides.append(s)
                if mask is not None:
                    out_mask.append(range_mask(b, step, m, mask[ax]))
            ax += 1
    except NxInvalidArgument:
        raise
    except IndexError:
        raise NxInvalidArgument(
            f"basic_index: too many indices for a {len(shape)}D view"
        ) from None
    except (TypeError, ValueError, OverflowError) as exc:
        raise NxInvalidArgument(
            "basic_index: each key item must be an int, a (start, stop, step) triple with "
            f"a non-zero step, or None ({exc})"
        ) from None
    if ax != len(shape):
        raise NxInvalidArgument(
            f"basic_index: {ax} indices for a {len(shape)}D view"
        )
    shape_t = tuple(out_shape)
    zero = 0 in shape_t
    if new_axes is not None:
        cstr = _c_strides(shape_t)
        for i in new_axes:
            out_strides[i] = cstr[i]
    strides_t = tuple(out_strides)
    if mask is None or zero:
        return shape_t, strides_t, 0 if zero else offset, None
    if padded:
        if not shape_t:
            raise NxInvalidArgument(
                "basic_index: a padded position of a masked view has no 0-d view"
            )
        out_mask[0] = (0, 0)  # every position is padding
    return shape_t, strides_t, offset, tuple(out_mask)


def range_mask(b: int, step: int, m: int, valid: tuple) -> tuple[int, int]:
    """The valid interval of the ``m`` positions ``b, b + step, ...`` of an axis whose
    valid interval is ``valid``: positions in a range are monotonic, so it is one
    interval (``(0, 0)`` when none is valid)."""
    lo, hi = valid
    if step > 0:
        j0 = -((b - lo) // step)  # first j with b + j*step >= lo
        j1 = -((b - hi) // step)  # first j with b + j*step >= hi
    else:
        s = -step
        j0 = (b - hi) // s + 1  # first j with b - j*s < hi
        j1 = (b - lo) // s + 1  # first j with b - j*s < lo
    j0 = min(max(j0, 0), m)
    j1 = min(max(j1, 0), m)
    return (j0, j1) if j1 > j0 else (0, 0)
