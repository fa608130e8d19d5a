"""Indexed access kernels: ``gather``, ``scatter`` and the allocating ``pad``.

``gather`` / ``scatter`` follow the take-along-axis convention: ``indices`` has the
rank of the data; every index ``c`` of ``indices`` addresses ``c`` with
``c[axis] := indices[c]``.  A negative index gets the axis size added once; anything
still out of range raises ``IndexError``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gather", "scatter", "extremes", "range_error", "bounds_error"]


def extremes(b: np.ndarray) -> tuple[int, int]:
    """The lowest and the highest of the integer indices ``b`` (not empty); 0 for the
    lowest of unsigned ones, which cannot lie below an axis."""
    return (0 if b.dtype.kind == "u" else int(b.min())), int(b.max())


def range_error(prim: str, lo: int, hi: int, axis: int, n: int) -> IndexError | None:
    """The IndexError for indices from ``lo`` to ``hi`` into an axis of ``n`` when one lies
    outside ``[-n, n)``, naming the lowest below, else the highest above, in NumPy's words
    (``prim`` in front for a primitive whose caller does not name itself, ``take``; the
    indexing operators put ``__getitem__``/``__setitem__`` there); None when all are inside."""
    if lo >= -n and hi < n:
        return None
    head = "" if prim in ("index", "index_put") else f"{prim}: "
    return IndexError(f"{head}index {lo if lo < -n else hi} is out of bounds for axis {axis} with size {n}")


def bounds_error(prim: str, b: np.ndarray, axis: int, n: int) -> IndexError | None:
    """:func:`range_error` for the integer indices ``b``; None for none."""
    return range_error(prim, *extremes(b), axis, n) if b.size else None


def _norm_axis(name: str, axis: int, ndim: int) -> int:
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"{name}: axis {axis} out of bounds for rank {ndim}")
    return axis + ndim if axis < 0 else axis


def _check_indices(name: str, indices: np.ndarray, ref_shape: tuple[int, ...], axis: int, what: str) -> None:
    if indices.dtype.kind not in "iu":
        raise ValueError(f"{name}: indices must have an integer dtype, got {indices.dtype}")
    if indices.ndim != len(ref_shape):
        raise ValueError(
            f"{name}: indices rank {indices.ndim} != {what} rank {len(ref_shape)}"
        )
    for dim, (ni, nd) in enumerate(zip(indices.shape, ref_shape)):
        if dim != axis and ni > nd:
            raise ValueError(
                f"{name}: indices shape {list(indices.shape)} does not fit {what} shape "
                f"{list(ref_shape)} at dim {dim}"
            )


def _distinct(a: np.ndarray) -> np.ndarray:
    """``a`` with its stride-0 axes (a broadcast view's) cut to length 1: each of its
    elements once, as a view."""
    if 0 not in a.strides:
        return a
    return a[tuple(slice(0, 1) if s == 0 else slice(None) for s in a.strides)]


def _normalise_idx(name: str, indices: np.ndarray, axis: int, size: int) -> np.ndarray:
    """``indices`` into ``axis`` of ``size`` as int64, negatives wrapped once; IndexError
    naming ``name``, the axis and its size, for one out of range. The checks and the
    wrapping read each distinct element once: a broadcast ``indices`` (take_along_axis's)
    stays a broadcast view, and in-range int64 ones are returned as they are."""
    base = _distinct(indices)
    if base.size:
        lo, hi = base.min(), base.max()
        if hi >= size or lo < -size:
            raise IndexError(f"{name}: index out of bounds for axis {axis} of size {size}")
        if lo < 0:
            base = base.astype(np.int64)  # a copy, of the distinct elements only
            np.add(base, size, out=base, where=base < 0)
    base = base.astype(np.int64, copy=False)  # (uint64 ones are below size by now)
    return base if base.shape == indices.shape else np.broadcast_to(base, indices.shape)


def gather(data: np.ndarray, indices: np.ndarray, axis: int, out: np.ndarray | None = None) -> np.ndarray:
    """``out[c] = data[c with c[axis] := indices[c]]``; ``out.shape == indices.shape``."""
    data = np.asarray(data)
    indices = np.asarray(indices)
    if data.ndim == 0:
        raise ValueError("gather: data must have rank >= 1")
    axis = _norm_axis("gather", axis, data.ndim)
    _check_indices("gather", indices, data.shape, axis, "data")
    if out is not None and out.shape != indices.shape:
        raise ValueError(
            f"gather: output shape {list(out.shape)} != indices shape {list(indices.shape)}"
        )
    idx = _normalise_idx("gather", indices, axis, data.shape[axis])
    # Restrict the non-axis dims to the extent of ``indices``.
    src = data[tuple(slice(None) if d == axis else slice(0, n) for d, n in enumerate(indices.shape))]
    if idx.size == 0:
        res = np.empty(indices.shape, dtype=data.dtype)
    else:
        res = np.take_along_axis(src, idx, axis=axis)
    if out is None:
        return np.ascontiguousarray(res)
    out[...] = res
    return out


def _flat_targets(idx: np.ndarray, shape: tuple[int, ...], axis: int) -> np.ndarray:
    """Row-major flat positions in a C-contiguous array of ``shape`` for every element of idx."""
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    flat = idx * np.int64(strides[axis])
    for d, n in enumerate(idx.shape):
        if d == axis or n == 1:
            continue
        bshape = [1] * idx.ndim
        bshape[d] = n
        flat = flat + (np.arange(n, dtype=np.int64) * strides[d]).reshape(bshape)
    return np.ascontiguousarray(np.broadcast_to(flat, idx.shape)).ravel()


def scatter(
    template: np.ndarray,
    indices: np.ndarray,
    updates: np.ndarray,
    axis: int,
    mode: str = "set",
    unique_indices: bool = False,
) -> np.ndarray:
    """A copy of ``template`` with ``updates`` written (``set``) or added (``add``) at the
    positions ``c with c[axis] := indices[c]``.  For ``set`` with duplicate targets the
    last one in row-major scan order wins.  ``unique_indices`` is a hint that no target
    repeats."""
    template = np.asarray(template)
    indices = np.asarray(indices)
    updates = np.asarray(updates)
    if mode not in ("set", "add"):
        raise ValueError(f"scatter: unknown mode {mode!r} (expected 'set' or 'add')")
    if template.ndim == 0:
        raise ValueError("scatter: template must have rank >= 1")
    axis = _norm_axis("scatter", axis, template.ndim)
    _check_indices("scatter", indices, template.shape, axis, "template")
    if updates.shape != indices.shape:
        raise ValueError(
            f"scatter: updates shape {list(updates.shape)} != indices shape {list(indices.shape)}"
        )
    idx = _normalise_idx("scatter", indices, axis, template.shape[axis])
    res = np.array(template, copy=True, order="C")
    if idx.size == 0:
        return res
    flat = _flat_targets(idx, template.shape, axis)
    upd = np.ascontiguousarray(updates).ravel()
    rflat = res.reshape(-1)  # a view: res is C-contiguous
    if mode == "set":
        if unique_indices:
            rflat[flat] = upd
        else:
            # Keep only the last occurrence of each target in scan order.
            rev = flat[::-1]
            uniq, first_in_rev = np.unique(rev, return_index=True)
            last = flat.size - 1 - first_in_rev
            rflat[uniq] = upd[last]
    else:
        if res.dtype == np.float16:
            acc = rflat.astype(np.float32)
            np.add.at(acc, flat, upd.astype(np.float32))
            rflat[...] = acc
        else:
            np.add.at(rflat, flat, upd.astype(res.dtype, copy=False))
    return res
