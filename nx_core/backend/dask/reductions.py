"""The Dask backend's reductions, arg-reductions and scans: lazy, with bounded memory
per task.

- sums, products, maxima, minima, any and all are ``dask.array.reduction`` trees whose
  chunk and aggregate steps are the NumPy primitive itself; where each chunk holds the
  reduced axes whole, one task per chunk computes its final values (the CPU device's,
  bit for bit);
- the variance is one pass over the data (per-chunk count, mean and sum of squared
  deviations, merged up the tree);
- ``argmax``/``argmin``: one task per chunk where the axis is whole in each chunk (the
  CPU device's kernel), else a tree of (value, index) pairs (``steps.arg_*``): exact;
- ``associative_scan``: one task per chunk where the axis is whole, else each chunk
  scanned from the previous chunk's last accumulated value, in order: exact.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Sequence

import dask.array as da
import numpy as np
from dask.base import tokenize

from ...dtype import DType, bool_, int64
from ...tensor import Tensor
from ..numpy import NP as _NP
from . import steps
from .core import blocks_of, Host, known, layer, meta_of

__all__ = ["Reductions", "REDUCTIONS"]

REDUCTIONS = ("reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_any", "reduce_all")


class Reductions(Host):
    """Reductions over axes, arg-reductions and scans (mixed into ``DaskBackend``)."""

    def _reduce(self, name: str, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        axes = tuple(axes)
        if not axes or x.numel == 0:
            return self._small(name, (x,), {"axes": axes}, out)
        dtype, _ = self._result_dtype(name, ((steps.TENSOR, x.dtype),), (("axes", (0,)),))
        a = x.arr
        if a.npartitions == 1:
            h = known(a)
            if h is not None:
                # Values held here already (host data): reduced now, as their one task would
                # be, so that what depends on the result (an index check) can run now too.
                v = np.asarray(steps.reduce_step(name, x.dtype, h, axes, keepdims=False), dtype=_NP[dtype])
                return self._into(out, da.from_array(v), dtype)
        if all(len(a.chunks[i]) == 1 for i in axes):
            # Each chunk holds the reduced axes whole (a sum along the rows of blocks of
            # rows): one task per chunk gives its final values, with no tree of partials.
            ind = tuple(range(a.ndim))
            kept = tuple(i for i in ind if i not in axes)
            step = functools.partial(steps.reduce_whole, name, x.dtype, axes)
            r = da.blockwise(step, kept, a, ind, dtype=_NP[dtype], concatenate=False, meta=meta_of(_NP[dtype], len(kept)))
        else:
            step = functools.partial(steps.reduce_step, name)
            meta = meta_of(_NP[dtype], a.ndim - len(axes))  # given, not inferred by calling the steps
            r = da.reduction(a, functools.partial(step, x.dtype), functools.partial(step, dtype), axis=axes, keepdims=False, dtype=_NP[dtype], concatenate=True, meta=meta)
        return self._into(out, r, dtype)

    def count_nonzero(self, x: Tensor, *, axes: Sequence[int], dtype: DType) -> Tensor:
        # chunk by chunk: each chunk's mask and counts (a chunk's int64 temporary at most),
        # summed up the reduction's tree
        mask = self.cmpne(x, False if x.dtype is bool_ else 0)
        return self.reduce_sum(self.cast(mask, dtype=dtype), axes=axes)

    def reduce_var(self, x: Tensor, *, axes: Sequence[int], correction: float, out: Tensor | None = None) -> Tensor:
        axes = tuple(axes)
        if not axes or x.numel == 0:
            return self._small("reduce_var", (x,), {"axes": axes, "correction": correction}, out)
        nd = _NP[x.dtype]
        moments = np.dtype([("n", np.int64), ("mean", nd), ("m2", nd)])
        divisor = math.prod(x.shape[a] for a in axes) - correction
        chunk = functools.partial(steps.var_chunk, moments)
        combine = functools.partial(steps.var_combine, moments)
        aggregate = functools.partial(steps.var_aggregate, moments, divisor)
        meta = meta_of(nd, x.ndim - len(axes))
        r = da.reduction(x.arr, chunk, aggregate, combine=combine, axis=axes, keepdims=False, dtype=nd, concatenate=True, meta=meta)
        return self._into(out, r, x.dtype)

    # ------------------------------------------------------------ arg-reductions
    def _arg(self, name: str, x: Tensor, axis: int, keepdims: bool, out: Tensor | None) -> Tensor:
        if x.ndim == 0 or x.shape[axis] == 0 or x.numel == 0:
            return self._small(name, (x,), {"axis": axis, "keepdims": keepdims}, out)
        a = x.arr
        i64 = np.dtype(np.int64)
        if len(a.chunks[axis]) == 1:
            ind = tuple(range(a.ndim))
            kept = tuple(i for i in ind if i != axis)
            step = functools.partial(steps.arg_whole, name, axis)
            r = da.blockwise(step, kept, a, ind, dtype=i64, concatenate=False, meta=meta_of(i64, len(kept)))
        else:
            chunk = functools.partial(steps.arg_chunk, name)
            combine = functools.partial(steps.arg_combine, name)
            agg = functools.partial(steps.arg_aggregate, name)
            r = da.reductions.arg_reduction(a, chunk, combine, agg, axis=axis, keepdims=False)
        if keepdims:
            r = da.expand_dims(r, axis)
        return self._into(out, r, int64)

    def argmax(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._arg("argmax", x, axis, keepdims, out)

    def argmin(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._arg("argmin", x, axis, keepdims, out)

    # ------------------------------------------------------------ scans
    def associative_scan(self, x: Tensor, *, axis: int, op: str, out: Tensor | None = None) -> Tensor:
        if x.ndim == 0 or x.numel == 0 or op not in steps.SCAN_OPS:
            return self._small("associative_scan", (x,), {"axis": axis, "op": op}, out)
        a = x.arr
        nd = _NP[x.dtype]
        if len(a.chunks[axis]) == 1:
            step = functools.partial(steps.scan_whole, op, x.dtype, axis)
            return self._into(out, a.map_blocks(step, dtype=nd, meta=meta_of(nd, a.ndim)), x.dtype)
        acc = np.dtype(np.float32) if nd == np.float16 and op in ("sum", "prod") else nd
        name = "nx-scan-" + tokenize(a.name, op, axis)
        carry = "nx-scan-carry-" + tokenize(a.name, op, axis)
        tasks: dict = {}
        for ids in blocks_of(a):
            j = ids[axis]
            before = ids[:axis] + (j - 1,) + ids[axis + 1:]
            step = functools.partial(steps.scan_chunk, op, axis, acc)
            tasks[(name,) + ids] = (step, (a.name,) + ids) if j == 0 else (step, (a.name,) + ids, (carry,) + before)
            tasks[(carry,) + ids] = (functools.partial(steps.last, axis), (name,) + ids)
        graph = layer(name, tasks, [a], a.chunks, meta_of(acc, a.ndim))
        # The carries share the scan's layer; the result is its chunks only.
        r = graph if acc == nd else graph.map_blocks(functools.partial(steps.astype, nd), dtype=nd, meta=meta_of(nd, a.ndim))
        return self._into(out, r, x.dtype)


def _reduce_method(name: str) -> Any:
    def run(self: Any, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Any:
        return self._reduce(name, x, axes=axes, out=out)

    run.__name__ = run.__qualname__ = name
    return run


for _name in REDUCTIONS:
    setattr(Reductions, _name, _reduce_method(_name))
del _name
