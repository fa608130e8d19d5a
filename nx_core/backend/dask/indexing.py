"""The Dask backend's indexed access, sorts, searches and writes: lazy wherever the
result's shape does not depend on the values.

Indices come in two kinds. *Known* ones are held in this process's memory already
(host data, small persisted arrays: ``core.known``): they are checked when the call is
made, as on the CPU device, and Dask's own selection runs on them (one task per chunk
of the result). *Lazy* ones are graphs: each chunk of them is checked when computed
(``steps.in_bounds``), and Dask's selection by a dask array of ints runs on them.

Writes give the written tensor a new graph (dask arrays are immutable): ``x[k] = v``
with slices is Dask's own ``setitem``; with a mask and a scalar, ``where``; with
integer arrays, the linear positions of the selected elements (the same selection run
on the positions ``0..size-1``) written chunk by chunk, the last write to a position
winning, as on the CPU device.

Masks (``x[mask]``, ``nonzero``) and ``unique`` give shapes that depend on the values:
they compute the mask or the operand, within the memory budget, and nothing else.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from typing import Any, Sequence

import dask.array as da
import numpy as np
from dask.base import tokenize

from ...dtype import bool_, int64
from ...tensor import Tensor
from ..numpy import NP as _NP
from ..numpy import ndarray_of as _nd
from . import steps
from .core import blocks_of, check_budget, Host, known, layer, meta_of, nbytes, rebind, tensor, whole

__all__ = ["Indexing", "reshape", "index_values"]


def reshape(a: Any, shape: tuple) -> Any:
    """``a.reshape(shape)``, through one dimension when Dask cannot split or merge the
    axes directly."""
    shape = tuple(shape)
    if a.shape == shape:
        return a
    if a.size == 0:
        # No element to move: Dask cannot split or merge the chunks of an empty array
        # whose shape has other zero-length axes (a (0, 2) broadcast to (0,) raised).
        return da.empty(shape, dtype=a.dtype)
    try:
        return a.reshape(shape)
    except (NotImplementedError, ValueError):
        return a.reshape(-1).reshape(shape)


#: The operators that call the indexing primitives, and name themselves in front of an
#: error those raise at once. An index checked only when its chunks are computed is out
#: of their reach: its error carries the operator's name itself, as on the CPU device.
_OPERATOR = {"index": "__getitem__", "index_put": "__setitem__"}


def index_values(prim: str, t: Any, axis: int, n: int) -> Any:
    """An index tensor (or a Python int) as int64 values into an axis of ``n``, negative
    ones counted from the end: a NumPy array when known (checked now: IndexError naming
    ``prim``), else a dask array whose chunks are checked when computed (IndexError
    naming the public function: ``prim``, or the operator that calls it)."""
    if isinstance(t, int):
        return np.asarray(t + n if t < 0 else t, np.int64)
    if isinstance(t, np.ndarray):  # coordinates of a mask: in range already
        return t.astype(np.int64, copy=False)
    k = known(t.arr)
    if k is not None:
        return steps.in_bounds(prim, axis, n, np.asarray(k))
    return t.arr.map_blocks(functools.partial(steps.in_bounds, _OPERATOR.get(prim, prim), axis, n), dtype=np.int64, meta=meta_of(np.dtype(np.int64), t.ndim))


def _select(a: Any, axis: int, idx: Any) -> Any:
    """``a`` taken along ``axis`` at the int64 index ``idx`` (NumPy or dask, any shape):
    the index's axes in place of ``axis``."""
    flat = idx.reshape(-1)
    r = a[(slice(None),) * axis + (flat,)]
    if idx.ndim == 1:
        return r
    return reshape(r, a.shape[:axis] + tuple(idx.shape) + a.shape[axis + 1:])


def _broadcast(idx: list) -> list:
    shape = np.broadcast_shapes(*(tuple(i.shape) for i in idx))
    return [i if tuple(i.shape) == shape else (np.broadcast_to(i, shape) if isinstance(i, np.ndarray) else da.broadcast_to(i, shape)) for i in idx]


class Indexing(Host):
    """Indexed access, sorts, searches, sets and writes (mixed into ``DaskBackend``)."""

    # ------------------------------------------------------------ sorting
    def _along(self, name: str, x: Tensor, axis: int, kwargs: dict, out: Tensor | None, result: Any) -> Tensor:
        """The kernel ``name`` on chunks that hold ``axis`` whole."""
        if x.ndim == 0 or x.numel == 0:
            return self._small(name, (x,), {"axis": axis, **kwargs}, out)
        a = whole(name, x.arr, (axis,), x.dtype.itemsize, "sorting")
        nd = _NP[result]
        step = functools.partial(steps.kernel, name, (x.dtype,), {"axis": axis, **kwargs})
        return self._into(out, a.map_blocks(step, dtype=nd, meta=meta_of(nd, a.ndim)), result)

    def sort(self, x: Tensor, *, axis: int, descending: bool = False, out: Tensor | None = None) -> Tensor:
        return self._along("sort", x, axis, {"descending": descending}, out, x.dtype)

    def argsort(self, x: Tensor, *, axis: int, descending: bool = False, stable: bool = True, out: Tensor | None = None) -> Tensor:
        return self._along("argsort", x, axis, {"descending": descending, "stable": stable}, out, int64)

    # ------------------------------------------------------------ selection
    def take(self, x: Tensor, indices: Tensor, *, axis: int) -> Tensor:
        if x.numel == 0 or indices.numel == 0:
            return self._small("take", (x, indices), {"axis": axis}, None)
        idx = index_values("take", indices, axis, x.shape[axis])
        return tensor(_select(x.arr, axis, idx), x.dtype, self)

    def index_array(self, x: Tensor, i: Tensor) -> Tensor:
        if i.dtype.is_bool and i.ndim == 0:  # x[True] or x[False] of a 0-d x: a new axis of 1 or 0
            m = known(i.arr)
            keep = bool(np.asarray(i.arr.compute() if m is None else m))
            return tensor(x.arr[None] if keep else x.arr[None][:0], x.dtype, self)
        if i.dtype.is_bool:
            return self.index(x, (i,))
        if x.numel == 0 or i.numel == 0:
            return self._small("index_array", (x, i), {}, None)
        idx = index_values("index", i, 0, x.shape[0])
        return tensor(_select(x.arr, 0, idx), x.dtype, self)

    def _masks(self, key: tuple) -> list:
        """``key`` with each mask replaced by its coordinates (NumPy arrays, one per axis
        it covers): the masks are computed, within the memory budget."""
        out: list = []
        for k in key:
            if isinstance(k, Tensor) and k.dtype.is_bool:
                check_budget("index", nbytes(k.shape, 1), "a boolean mask", "index with a smaller mask")
                m = known(k.arr, limit=1 << 62)
                m = np.asarray(k.arr.compute() if m is None else m)
                out.extend(np.nonzero(m) if m.ndim else ([np.zeros(int(m), np.int64)],))
            else:
                out.append(k)
        return out

    def _select_key(self, a: Any, key: list, prim: str) -> Any:
        """``a[key]`` for a key of ints, slices, None and index arrays (integer tensors,
        or NumPy arrays from masks), by NumPy's rules: the index arrays and ints
        broadcast together to one index shape, whose axes stand where the first of
        them is when they are adjacent, else first."""
        nd = sum(k is not None for k in key)
        key = list(key) + [slice(None)] * (a.ndim - nd)
        items = [k for k in key if k is not None]
        adv = [p for p, k in enumerate(items) if not isinstance(k, slice)]
        r = a[tuple(slice(None) if p in adv else k for p, k in enumerate(items))]
        n_index, first = 0, 0
        if adv:
            idx = _broadcast([index_values(prim, items[p], p, r.shape[p]) for p in adv])
            n_index = idx[0].ndim
            adjacent = adv == list(range(adv[0], adv[0] + len(adv)))
            first = adv[0] if adjacent else -1
            if len(adv) == 1:
                r = _select(r, adv[0], idx[0])
            else:
                rest = [p for p in range(len(items)) if p not in adv]
                sizes = tuple(r.shape[p] for p in adv)
                merged = reshape(da.transpose(r, adv + rest), (math.prod(sizes),) + tuple(r.shape[p] for p in rest))
                if all(isinstance(i, np.ndarray) for i in idx):
                    lin: Any = np.ravel_multi_index(tuple(idx), sizes)
                else:
                    ops = [i if isinstance(i, da.Array) else da.from_array(np.ascontiguousarray(i)) for i in idx]
                    lin = da.map_blocks(functools.partial(steps.ravel, sizes), *ops, dtype=np.int64)
                r = _select(merged, 0, lin)
                if first > 0:  # adjacent, after some sliced axes: the index axes go there
                    r = da.transpose(r, list(range(n_index, n_index + first)) + list(range(n_index)) + list(range(n_index + first, r.ndim)))
        if len(key) != len(items):
            r = r[_units(key, adv, first, n_index)]
        return r

    def index(self, x: Tensor, key: tuple) -> Tensor:
        if any(isinstance(k, Tensor) and k.numel == 0 for k in key) or x.numel == 0:
            return self._small("index", (x, key), {}, None)
        items = self._masks(key)
        return tensor(self._select_key(x.arr, items, "index"), x.dtype, self)

    # ------------------------------------------------------------ writes
    def assign(self, dst: Tensor, src: Any) -> Tensor:
        if isinstance(src, Tensor):
            v = src.arr if src.shape == dst.shape else da.broadcast_to(src.arr, dst.shape)
            rebind(dst, da.Array(v.dask, v.name, v.chunks, meta=v._meta))
        else:
            rebind(dst, self.full(dst.dtype, dst.shape, src).arr)
        return dst

    def assign_at(self, dst: Tensor, key: tuple, src: Any) -> Tensor:
        """Dask's setitem on a new array object over dst's graph. Its key holds slices
        only (an int ``i`` as ``i:i+1``, the value given that unit axis; Nones dropped
        with theirs): Dask's setitem mistakes an int next to a reversed slice."""
        items = [_plain(k) for k in _expand(key, dst.ndim)]
        k = tuple(slice(i % n, i % n + 1) if type(i) is int else i for i, n in zip((i for i in items if i is not None), dst.shape))
        if not all(len(range(*s.indices(n))) for s, n in zip(k, dst.shape)):
            return dst  # nothing selected
        if isinstance(src, Tensor):
            dims, shape = iter(src.shape), []
            for i in items:
                if i is None:
                    next(dims)  # the unit axis a None adds to the view: dropped
                else:
                    shape.append(1 if type(i) is int else next(dims))
            v: Any = reshape(src.arr, tuple(shape)) if tuple(shape) != src.shape else src.arr
        else:
            v = _scalar(self, dst.dtype, src)
        a = dst.arr
        r = da.Array(a.dask, a.name, a.chunks, meta=a._meta)  # Dask's setitem rewrites its own object
        r[k] = v
        rebind(dst, r)
        return dst

    def index_put(self, x: Tensor, key: tuple, value: Any) -> Tensor:
        if isinstance(value, np.ndarray):  # host values (the contract tests pass them)
            value = self._lift(np.asarray(value, _NP[x.dtype]), x.dtype)
        scalar = not isinstance(value, Tensor) or value.numel == 1
        masks = [k for k in key if isinstance(k, Tensor) and k.dtype.is_bool]
        if scalar and len(masks) == 1 and key[0] is masks[0] and all(isinstance(k, slice) and k == slice(None) for k in key[1:]):
            # x[mask] = scalar: a where over the chunks, the mask never computed here.
            m = masks[0].arr
            m = m.reshape(m.shape + (1,) * (x.ndim - m.ndim)) if m.ndim < x.ndim else m
            v = _scalar(self, x.dtype, value) if not isinstance(value, Tensor) else value.arr.reshape(())
            rebind(x, da.where(m, v, x.arr).astype(_NP[x.dtype], copy=False))
            return x
        items = self._masks(key)
        held = [_held(k) for k in items]
        if all(h is not _LAZY for h in held):
            # Every index in memory: the positions written, by NumPy's own indexing of
            # each axis's coordinates (broadcast views: no memory of x's size).
            ax = 0
            for j, k in enumerate(items):  # (one axis each: masks are coordinates by now)
                if k is None:
                    continue
                if isinstance(k, Tensor):  # checked, negatives counted from the end, uint64 unwrapped
                    held[j] = index_values("index_put", k, ax, x.shape[ax])
                ax += 1
            grids = [np.broadcast_to(np.arange(n, dtype=np.int64).reshape((n,) + (1,) * (x.ndim - d - 1)), x.shape) for d, n in enumerate(x.shape)]
            try:
                pos: Any = np.ravel_multi_index(tuple(g[tuple(held)] for g in grids), x.shape)
            except IndexError as e:
                raise IndexError(str(e)) from None
        else:
            grid = da.map_blocks(functools.partial(steps.positions, x.shape), chunks=x.arr.chunks, dtype=np.int64, meta=meta_of(np.dtype(np.int64), x.ndim))
            pos = self._select_key(grid, items, "index_put")
        if 0 in pos.shape:
            return x
        values = None
        if isinstance(value, Tensor):
            v = value.arr if tuple(value.shape) == tuple(pos.shape) else da.broadcast_to(value.arr, pos.shape)
            values = reshape(v, (-1,))
        rebind(x, _write(x, pos.reshape(-1), values, value))
        return x

    # ------------------------------------------------------------ take_along_axis, scatter
    def gather(self, data: Tensor, indices: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        if data.numel == 0 or indices.numel == 0:
            return self._small("gather", (data, indices), {"axis": axis}, out)
        box = tuple(slice(0, n) if d != axis else slice(None) for d, n in enumerate(indices.shape))
        a = whole("gather", data.arr[box], (axis,), data.dtype.itemsize, "take_along_axis")
        i = indices.arr.rechunk({d: a.chunks[d] for d in range(a.ndim) if d != axis})
        ind = tuple(range(a.ndim))
        a_ind = tuple(ind[d] if d != axis else a.ndim for d in ind)
        step = functools.partial(steps.gather_block, (data.dtype, indices.dtype), axis)
        nd = _NP[data.dtype]
        r = da.blockwise(step, ind, a, a_ind, i, ind, dtype=nd, concatenate=False, meta=meta_of(nd, a.ndim))
        return self._into(out, r, data.dtype)

    def scatter(self, template: Tensor, *, indices: Tensor, updates: Tensor, axis: int, mode: str = "set", unique_indices: bool = False) -> Tensor:
        if template.numel == 0 or indices.numel == 0 or mode not in ("set", "add"):
            kw = {"indices": indices, "updates": updates, "axis": axis, "mode": mode, "unique_indices": unique_indices}
            return self._eager("scatter", (template,), kw)
        t = whole("scatter", template.arr, (axis,), template.dtype.itemsize, "scatter")
        # Chunk boundaries of the template where the indices end, so that each of its
        # chunks is wholly inside the indices' extent or wholly outside it.
        bounds = {}
        for d in range(t.ndim):
            if d == axis:
                continue
            e = indices.shape[d]
            cuts = sorted(set(itertools.accumulate(t.chunks[d], initial=0)) | {e})
            bounds[d] = tuple(b - a for a, b in zip(cuts, cuts[1:]) if b > a)
        t = t.rechunk(bounds)
        inner = {d: tuple(c for c, s in zip(t.chunks[d], itertools.accumulate(t.chunks[d], initial=0)) if s < indices.shape[d]) for d in bounds}
        i = whole("scatter", indices.arr, (axis,), indices.dtype.itemsize, "scatter").rechunk(inner)
        u = updates.arr.rechunk(i.chunks)
        name = "nx-scatter-" + tokenize(t.name, i.name, u.name, axis, mode)
        step = functools.partial(steps.scatter_block, (template.dtype, indices.dtype, updates.dtype), axis, mode)
        tasks: dict = {}
        for ids in blocks_of(t):
            inside = all(ids[d] < len(inner[d]) for d in inner)
            src = tuple(0 if d == axis else ids[d] for d in range(t.ndim))
            tasks[(name,) + ids] = (step, (t.name,) + ids, (i.name,) + src, (u.name,) + src) if inside else (t.name,) + ids
        nd = _NP[template.dtype]
        return tensor(layer(name, tasks, [t, i, u], t.chunks, meta_of(nd, t.ndim)), template.dtype, self)

    # ------------------------------------------------------------ searching, sets
    def searchsorted(self, x1: Tensor, x2: Tensor, *, side: str = "left") -> Tensor:
        if x1.numel == 0 or x2.numel == 0:
            return self._small("searchsorted", (x1, x2), {"side": side}, None)
        if x2.ndim == 0:  # one value: as an array of one, then its element
            r = self.searchsorted(x1, tensor(x2.arr.reshape(1), x2.dtype, self), side=side)
            return tensor(r.arr.reshape(()), r.dtype, self)
        ind = tuple(range(x2.ndim))
        k = x2.ndim
        if x1.arr.numblocks[0] == 1:  # each chunk of x2 searched in all of x1: no sum (a Blockwise layer)
            step = functools.partial(steps.search_part, side, (x1.dtype, x2.dtype), False)
            r = da.blockwise(step, ind, x2.arr, ind, x1.arr, (k,), dtype=np.int64, concatenate=True, meta=meta_of(np.dtype(np.int64), k))
            return tensor(r, int64, self)
        step = functools.partial(steps.search_part, side, (x1.dtype, x2.dtype), True)
        parts = da.blockwise(step, ind + (k,), x2.arr, ind, x1.arr, (k,), dtype=np.int64, adjust_chunks={k: 1}, meta=meta_of(np.dtype(np.int64), k + 1))
        return tensor(parts.sum(axis=-1, dtype=np.int64), int64, self)

    def isin(self, x1: Tensor, x2: Tensor, *, invert: bool = False) -> Tensor:
        if x1.numel == 0 or x2.numel == 0:
            return self._small("isin", (x1, x2), {"invert": invert}, None)
        if x1.ndim == 0:
            r = self.isin(tensor(x1.arr.reshape(1), x1.dtype, self), x2, invert=invert)
            return tensor(r.arr.reshape(()), r.dtype, self)
        ind = tuple(range(x1.ndim))
        k = x1.ndim
        b = x2.arr.reshape(-1) if x2.ndim != 1 else x2.arr
        step = functools.partial(steps.isin_part, False, (x1.dtype, x2.dtype))
        parts = da.blockwise(step, ind + (k,), x1.arr, ind, b, (k,), dtype=bool, adjust_chunks={k: 1}, meta=meta_of(np.dtype(bool), k + 1))
        r = parts.any(axis=-1)
        return tensor(~r if invert else r, bool_, self)

    def repeat(self, x: Tensor, repeats: Any, *, axis: int) -> Tensor:
        if isinstance(repeats, Tensor):
            # The output's length depends on the counts: they are computed (x is not).
            check_budget("repeat", nbytes(repeats.shape, 8), "the repeat counts", "repeat by an int")
            k = known(repeats.arr, limit=1 << 62)
            counts = np.asarray(repeats.arr.compute() if k is None else k).astype(np.int64)
            n = x.shape[axis]
            counts = np.broadcast_to(counts, (n,))
            idx = np.repeat(np.arange(n, dtype=np.int64), counts)
            if idx.size == 0 or x.numel == 0:
                return self._small("repeat", (x, repeats), {"axis": axis}, None)
            return tensor(_select(x.arr, axis, idx), x.dtype, self)
        if repeats == 0 or x.numel == 0:
            shape = x.shape[:axis] + (x.shape[axis] * int(repeats),) + x.shape[axis + 1:]
            return self.buffer(x.dtype, shape)  # no elements
        return tensor(da.repeat(x.arr, int(repeats), axis=axis), x.dtype, self)

    def roll(self, t: Tensor, shifts: Sequence[int], axes: Sequence[int]) -> Tensor:
        if t.numel == 0:
            return self.copy(t)
        return tensor(da.roll(t.arr, tuple(int(s) for s in shifts), tuple(axes)), t.dtype, self)

    # ------------------------------------------------------------ data-dependent shapes
    def nonzero(self, x: Tensor) -> tuple[Tensor, ...]:
        return self._eager("nonzero", (x,), {})

    def unique(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        return self._eager("unique", (x,), {})

    def unique_values(self, x: Tensor) -> Tensor:
        return self._eager("unique_values", (x,), {})

    def unique_counts(self, x: Tensor) -> tuple[Tensor, Tensor]:
        return self._eager("unique_counts", (x,), {})

    def unique_inverse(self, x: Tensor) -> tuple[Tensor, Tensor]:
        return self._eager("unique_inverse", (x,), {})


_LAZY = object()


def _held(k: Any) -> Any:
    """A key item as NumPy indexing takes it: index tensors by their values when they
    are in memory, ``_LAZY`` when they are not."""
    if not isinstance(k, Tensor):
        return k
    v = known(k.arr)
    return _LAZY if v is None else np.asarray(v)


def _units(key: list, adv: list, first: int, n_index: int) -> tuple:
    """The basic key that inserts a unit axis for each None of ``key`` into the result
    of the key without them (``_select_key``'s placement of the index axes)."""
    out: list = [slice(None)] * n_index if first == -1 else []
    pos = 0  # among the items that are not None
    for k in key:
        if k is None:
            out.append(None)
            continue
        if pos not in adv:
            out.append(slice(None))
        elif pos == first:
            out.extend([slice(None)] * n_index)
        pos += 1
    return tuple(out)


def _expand(key: tuple, ndim: int) -> list:
    """A basic key with its Ellipsis replaced by full slices (and full slices appended)."""
    used = sum(1 for k in key if k is not None and k is not Ellipsis)
    out: list = []
    for k in key:
        if k is Ellipsis:
            out.extend([slice(None)] * (ndim - used))
            used = ndim
        else:
            out.append(k)
    return out + [slice(None)] * (ndim - sum(1 for k in out if k is not None))


def _plain(k: Any) -> Any:
    """A basic key item with its integers (objects with ``__index__``) as ints, as
    Dask's indexing takes them."""
    if k is None:
        return k
    if isinstance(k, slice):
        return slice(*(v if v is None or type(v) is int else operator.index(v) for v in (k.start, k.stop, k.step)))
    return operator.index(k)


def _scalar(backend: Any, dtype: Any, v: Any) -> Any:
    """The Python scalar ``v`` as a NumPy scalar of ``dtype``, as nx converts it."""
    return _nd(backend.np.full(dtype, (), v))[()]


def _write(x: Tensor, positions: Any, values: Any, value: Any) -> Any:
    """x's array with ``values`` (a dask array in the order of ``positions``; None: the
    scalar ``value``) written at the row-major ``positions`` (NumPy's, or a dask
    array), chunk by chunk; the last write to a position wins."""
    a = x.arr
    nd = _NP[x.dtype]
    scalar = _scalar(x.backend, x.dtype, value) if values is None else None
    offsets = [tuple(itertools.accumulate(c, initial=0)) for c in a.chunks]
    name = "nx-put-" + tokenize(a.name, positions if isinstance(positions, da.Array) else positions.tobytes(), None if values is None else values.name, scalar)
    tasks: dict = {}
    deps: list = [a]
    if isinstance(positions, np.ndarray):
        # Positions known: each chunk gets its own, in order, and its values.
        coords = np.unravel_index(positions, a.shape)
        block = np.zeros(positions.shape, np.int64)
        for c, off, nb in zip(coords, offsets, a.numblocks):
            block = block * nb + (np.searchsorted(off, c, side="right") - 1)
        order = np.argsort(block, kind="stable")
        sorted_blocks = block[order]
        if values is not None:
            vals = values[order]
            sizes = np.bincount(sorted_blocks, minlength=int(np.prod(a.numblocks)))
            vals = vals.rechunk((tuple(int(s) for s in sizes if s),))
            deps.append(vals)
        cut = np.searchsorted(sorted_blocks, np.arange(int(np.prod(a.numblocks)) + 1))
        j = 0
        for lin, ids in enumerate(blocks_of(a)):
            lo, hi = int(cut[lin]), int(cut[lin + 1])
            start = tuple(off[i] for off, i in zip(offsets, ids))
            if lo == hi:
                tasks[(name,) + ids] = (a.name,) + ids
                continue
            p = positions[order[lo:hi]]
            step = functools.partial(steps.put_block, a.shape, start)
            if values is None:
                tasks[(name,) + ids] = (functools.partial(step, scalar=scalar), (a.name,) + ids, p)
            else:
                tasks[(name,) + ids] = (step, (a.name,) + ids, p, (vals.name, j))
                j += 1
    else:
        p = positions.reshape(-1).rechunk(-1) if positions.ndim != 1 or positions.npartitions > 1 else positions
        check_budget("__setitem__", p.size * 8 * (1 if values is None else 2), "the positions written", "write fewer elements at a time")
        deps.append(p)
        v = None
        if values is not None:
            v = values.rechunk(-1)
            deps.append(v)
        for ids in blocks_of(a):
            start = tuple(off[i] for off, i in zip(offsets, ids))
            step = functools.partial(steps.take_positions, offsets=start, shape=a.shape)
            tasks[(name,) + ids] = (functools.partial(steps.put_block, a.shape, start, scalar=scalar), (a.name,) + ids, (p.name, 0)) if v is None else (functools.partial(steps.put_block, a.shape, start), (a.name,) + ids, (p.name, 0), (v.name, 0))
    return layer(name, tasks, deps, a.chunks, meta_of(nd, a.ndim))
