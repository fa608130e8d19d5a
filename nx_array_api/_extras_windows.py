"""Sliding windows beyond the standard: ``unfold`` (im2col) and its adjoint ``fold``.

The last ``K = len(kernel_size)`` axes are spatial; every earlier axis is kept.
``unfold`` maps ``(lead..., in_1, ..., in_K)`` to ``(lead..., prod(kernel_size), L)``:
the row index enumerates the kernel offsets row-major (last kernel axis fastest), the
column index the window positions row-major, and positions in the zero padding read
as 0. ``fold`` is the adjoint: it adds every column back into its window, so
overlapping contributions are summed and ``fold(unfold(x))`` is ``x`` times the number
of windows covering each element.

Both are single backend calls (``unfold``/``fold``); this module validates the geometry.
"""

from __future__ import annotations

from math import prod
from typing import Any, Sequence

from ._array_object import Array
from ._validation import check_array, int_no_bool, ints_no_bool, check_shape, names_memory_errors

__all__ = ["unfold", "fold"]


def _ints(name: str, v: Any, arg: str, k: int) -> tuple[int, ...]:
    """An int (repeated ``k`` times) or exactly ``k`` ints."""
    out = ints_no_bool(name, v, arg)
    if not isinstance(v, (list, tuple)):
        return out * k
    if len(out) != k:
        raise ValueError(f"{name}: {arg} must have {k} entries (one per spatial axis), got {len(out)}")
    return out


def _spatial_rank(name: str, kernel_size: Any, other: Any = None) -> int:
    if isinstance(kernel_size, (list, tuple)):
        return len(kernel_size)
    if isinstance(other, (list, tuple)):
        return len(other)
    return 1


def _geometry(name: str, kernel_size: Any, stride: Any, dilation: Any, padding: Any, k: int):
    if k == 0:
        raise ValueError(f"{name}: kernel_size must have at least one entry")
    ks = _ints(name, kernel_size, "kernel_size", k)
    st = _ints(name, stride, "stride", k)
    dl = _ints(name, dilation, "dilation", k)
    for arg, vals in (("kernel_size", ks), ("stride", st), ("dilation", dl)):
        if any(v < 1 for v in vals):
            raise ValueError(f"{name}: {arg} entries must be >= 1, got {vals}")
    if isinstance(padding, (list, tuple)):
        if len(padding) != k:
            raise ValueError(f"{name}: padding must have {k} entries (one per spatial axis), got {len(padding)}")
        pads = []
        for p in padding:
            if isinstance(p, (list, tuple)):
                if len(p) != 2:
                    raise ValueError(f"{name}: a padding pair must be (before, after), got {tuple(p)}")
                pads.append((int_no_bool(name, p[0], "padding"), int_no_bool(name, p[1], "padding")))
            else:
                v = int_no_bool(name, p, "padding")
                pads.append((v, v))
    else:
        v = int_no_bool(name, padding, "padding")
        pads = [(v, v)] * k
    if any(a < 0 or b < 0 for a, b in pads):
        raise ValueError(f"{name}: padding must be >= 0, got {tuple(pads)}")
    return ks, st, dl, tuple(pads)


def _windows(name: str, what: str, sizes, ks, st, dl, pads) -> tuple[int, ...]:
    out = []
    for n, k, s, d, (pb, pa) in zip(sizes, ks, st, dl, pads):
        num = n + pb + pa - (d * (k - 1) + 1)
        if num < 0:
            raise ValueError(
                f"{name}: kernel size larger than padded {what} (size {n} padded by {(pb, pa)}, "
                f"kernel {k} with dilation {d} spans {d * (k - 1) + 1})"
            )
        out.append(num // s + 1)
    return tuple(out)


@names_memory_errors
def unfold(
    x: Array,
    kernel_size: int | Sequence[int],
    /,
    *,
    stride: int | Sequence[int] = 1,
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] | Sequence[tuple[int, int]] = 0,
) -> Array:
    """Sliding windows of the last ``len(kernel_size)`` axes as columns (im2col).

    Returns shape ``(leading..., prod(kernel_size), L)`` where ``L`` is the number of
    window positions; padded positions read as zero. A fresh array.
    """
    x = check_array("unfold", x)
    k = _spatial_rank("unfold", kernel_size)
    ks, st, dl, pads = _geometry("unfold", kernel_size, stride, dilation, padding, k)
    if x.ndim < k:
        raise ValueError(f"unfold: x has {x.ndim} dimensions, fewer than the {k} spatial axes of kernel_size")
    ls = _windows("unfold", "input", x.shape[x.ndim - k :], ks, st, dl, pads)
    # Sizes no array can have (a padding of 2**62) are the namespace's ValueError, before
    # the backend reads the padded input or allocates the result.
    lead = x.shape[: x.ndim - k]
    check_shape("unfold", lead + tuple(n + a + b for n, (a, b) in zip(x.shape[x.ndim - k :], pads)), x.dtype.itemsize)
    check_shape("unfold", lead + (prod(ks), prod(ls)), x.dtype.itemsize)
    t = x
    B = t.backend
    if any(p != (0, 0) for p in pads):
        # Zero padding is virtual: View.pad masks the border, which the backend reads as 0.
        t = B.pad_view(t, ((0, 0),) * (x.ndim - k) + tuple(pads))
        pads = ((0, 0),) * k
    return B.unfold(t, kernel_size=ks, stride=st, dilation=dl, padding=pads)


@names_memory_errors
def fold(
    x: Array,
    output_size: int | Sequence[int],
    kernel_size: int | Sequence[int],
    /,
    *,
    stride: int | Sequence[int] = 1,
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] | Sequence[tuple[int, int]] = 0,
) -> Array:
    """The adjoint of ``unfold`` (col2im): ``(leading..., prod(kernel_size), L)`` to
    ``(leading..., *output_size)``, summing overlapping windows; contributions that
    land in the padding are dropped. A fresh array.
    """
    x = check_array("fold", x)
    if x.dtype.is_bool:
        raise TypeError("fold: bool arrays cannot be summed; cast to a numeric dtype first")
    k = _spatial_rank("fold", kernel_size, output_size)
    ks, st, dl, pads = _geometry("fold", kernel_size, stride, dilation, padding, k)
    osz = _ints("fold", output_size, "output_size", k)
    if any(v < 0 for v in osz):
        raise ValueError(f"fold: output_size entries must be >= 0, got {osz}")
    if x.ndim < 2:
        raise ValueError(f"fold: x must have at least 2 dimensions (kernel rows, windows), got {x.ndim}")
    ls = _windows("fold", "output", osz, ks, st, dl, pads)
    rows, cols = x.shape[-2], x.shape[-1]
    if rows != prod(ks):
        raise ValueError(f"fold: x has {rows} rows, but kernel_size {ks} needs prod(kernel_size) = {prod(ks)}")
    if cols != prod(ls):
        raise ValueError(
            f"fold: x has {cols} windows, but output_size {osz} with this geometry gives L = {prod(ls)} {ls}"
        )
    check_shape("fold", x.shape[:-2] + tuple(n + a + b for n, (a, b) in zip(osz, pads)), x.dtype.itemsize)
    t = x
    return t.backend.fold(t, output_size=osz, kernel_size=ks, stride=st, dilation=dl, padding=pads)
