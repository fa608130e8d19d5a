"""Sliding-window kernels: ``unfold`` (im2col) and its adjoint ``fold`` (col2im).

The last K dimensions are spatial, every earlier dimension is kept.  ``unfold`` maps
``(lead..., in_1..in_K)`` to ``(lead..., prod(kernel_size), L)``; kernel offsets are
enumerated row-major as the row index, window positions row-major as the column index.
Positions in the zero padding read as 0.  ``fold`` scatters-adds such a matrix back
into ``(lead..., output_size...)``; contributions that land in the padding are dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

__all__ = ["unfold", "fold"]


def _params(name, kernel_size, stride, dilation, padding):
    k = tuple(int(v) for v in kernel_size)
    s = tuple(int(v) for v in stride)
    d = tuple(int(v) for v in dilation)
    try:
        p = tuple((int(a), int(b)) for a, b in padding)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: padding must be a sequence of (before, after) pairs") from None
    n = len(k)
    if not (len(s) == len(d) == len(p) == n):
        raise ValueError(
            f"{name}: kernel_size, stride, dilation and padding must have the same length "
            f"(got {len(k)}, {len(s)}, {len(d)}, {len(p)})"
        )
    if any(v < 1 for v in k) or any(v < 1 for v in s) or any(v < 1 for v in d):
        raise ValueError(f"{name}: kernel_size, stride and dilation must be >= 1")
    if any(a < 0 or b < 0 for a, b in p):
        raise ValueError(f"{name}: padding must be >= 0")
    return k, s, d, p


def _num_windows(name, what, sizes, k, s, d, p):
    out = []
    for n_in, kd, sd, dd, (pb, pa) in zip(sizes, k, s, d, p):
        num = n_in + pb + pa - (dd * (kd - 1) + 1)
        if num < 0:
            raise ValueError(f"{name}: kernel size larger than padded {what}")
        out.append(num // sd + 1)
    return tuple(out)


def unfold(
    x: np.ndarray,
    kernel_size: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    padding: Sequence[tuple[int, int]],
) -> np.ndarray:
    """Extract sliding windows: ``(lead..., *spatial) -> (lead..., prod(kernel_size), L)``."""
    x = np.asarray(x)
    k, s, d, p = _params("unfold", kernel_size, stride, dilation, padding)
    nk = len(k)
    if x.ndim < nk:
        raise ValueError(f"unfold: input rank {x.ndim} is smaller than the {nk} spatial dims")
    lead = x.shape[: x.ndim - nk]
    spatial = x.shape[x.ndim - nk :]
    ls = _num_windows("unfold", "input", spatial, k, s, d, p)
    nl = len(lead)

    # Zero padding (a fresh buffer; the input is never written).
    if any(a or b for a, b in p):
        xp = np.zeros(lead + tuple(n + a + b for n, (a, b) in zip(spatial, p)), dtype=x.dtype)
        xp[(Ellipsis,) + tuple(slice(a, a + n) for n, (a, _) in zip(spatial, p))] = x
    else:
        xp = x
    # Crop to the region actually visited, so the window view is always well formed.
    span = tuple((l_ - 1) * sd + dd * (kd - 1) + 1 for l_, sd, dd, kd in zip(ls, s, d, k))
    win = tuple(dd * (kd - 1) + 1 for dd, kd in zip(d, k))
    if 0 in ls or 0 in lead or 0 in k:
        return np.zeros(lead + (prod(k), prod(ls)), dtype=x.dtype)
    xp = xp[(Ellipsis,) + tuple(slice(0, sp) for sp in span)]
    axes = tuple(range(nl, nl + nk))
    v = sliding_window_view(xp, win, axis=axes)  # (lead..., nwin..., win...)
    v = v[(Ellipsis,) + tuple(slice(None, None, sd) for sd in s) + tuple(slice(None, None, dd) for dd in d)]
    # v: (lead..., L_1..L_K, k_1..k_K) -> (lead..., k_1..k_K, L_1..L_K)
    perm = tuple(range(nl)) + tuple(range(nl + nk, nl + 2 * nk)) + tuple(range(nl, nl + nk))
    v = v.transpose(perm)
    r = np.ascontiguousarray(v.reshape(lead + (prod(k), prod(ls))))
    if np.may_share_memory(r, x):  # e.g. a 1x..x1 kernel: the reshape was a view of x
        r = r.copy()
    return r


def fold(
    y: np.ndarray,
    output_size: Sequence[int],
    kernel_size: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    padding: Sequence[tuple[int, int]],
) -> np.ndarray:
    """Sum sliding windows back: ``(lead..., prod(kernel_size), L) -> (lead..., *output_size)``."""
    y = np.asarray(y)
    k, s, d, p = _params("fold", kernel_size, stride, dilation, padding)
    osz = tuple(int(v) for v in output_size)
    nk = len(k)
    if len(osz) != nk:
        raise ValueError(
            f"fold: output_size has length {len(osz)}, expected {nk} (the kernel rank)"
        )
    if any(v < 0 for v in osz):
        raise ValueError("fold: output_size must be >= 0")
    if y.ndim < 2:
        raise ValueError(f"fold: input must have rank >= 2, got {y.ndim}")
    ls = _num_windows("fold", "output", osz, k, s, d, p)
    nkf, nl_tot = prod(k), prod(ls)
    if y.shape[-2] != nkf:
        raise ValueError(f"fold: expected {nkf} kernel rows (prod(kernel_size)), got {y.shape[-2]}")
    if y.shape[-1] != nl_tot:
        raise ValueError(f"fold: expected L = {nl_tot} windows, got {y.shape[-1]}")
    lead = y.shape[:-2]

    acc_dtype = np.float32 if y.dtype == np.float16 else y.dtype
    padded = tuple(n + a + b for n, (a, b) in zip(osz, p))
    buf = np.zeros(lead + padded, dtype=acc_dtype)
    if 0 not in ls and 0 not in lead and nkf > 0:
        blocks = y.reshape(lead + (nkf,) + ls)
        for kf, q in enumerate(np.ndindex(*k)):
            sl = tuple(
                slice(qd * dd, qd * dd + (l_ - 1) * sd + 1, sd)
                for qd, dd, l_, sd in zip(q, d, ls, s)
            )
            buf[(Ellipsis,) + sl] += blocks[(Ellipsis, kf) + (slice(None),) * nk]
    res = buf[(Ellipsis,) + tuple(slice(a, a + n) for n, (a, _) in zip(osz, p))]
    return np.asarray(res, dtype=y.dtype, order="C")
