"""Compositions of backend primitives that several namespace modules share.

The backend protocol keeps one primitive per capability; what a frontend can build from
them lives here, once: the reduced axes kept as size 1 (``keepdims``), and padding with
a fill value (a fresh tensor filled, then the data written into its middle).
"""

from __future__ import annotations

from typing import Any, Sequence

from nx_core.tensor import Tensor

__all__ = ["kept", "padded"]


def kept(r: Tensor, shape: tuple[int, ...], axes: Sequence[int], keepdims: bool) -> Tensor:
    """The reduction ``r`` of a tensor of ``shape`` over ``axes``, with the reduced axes
    kept as size 1 when ``keepdims``: ``keepdims`` is the frontend's alone, backends
    reduce the axes away. A view of ``r``, or a copy when its layout needs one."""
    if not keepdims or not axes:
        return r
    B = r.backend
    new = tuple(1 if i in axes else d for i, d in enumerate(shape))
    v = B.reshape(r, new)
    return v if v is not None else B.reshape(B.copy(r), new)


def padded(t: Tensor, padding: Sequence[tuple[int, int]], fill: Any) -> Tensor:
    """A fresh tensor: ``t`` with ``(before, after)`` elements of ``fill`` around each
    axis (``fill`` already representable in t's dtype)."""
    B = t.backend
    shape = t.view.shape
    out = B.full(t.dtype, tuple(n + a + b for n, (a, b) in zip(shape, padding)), fill)
    if t.view.numel:
        B.assign(B.basic_view(out, [(a, a + n, 1) for n, (a, _) in zip(shape, padding)]), t)
    return out
