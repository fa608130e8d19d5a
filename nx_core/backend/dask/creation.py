"""The Dask backend's tensors in and out: creation, host data (in memory, memory-mapped
or in a chunked store such as Zarr), values brought back to the host, and views laid
out by a View.

- ``full``, ``arange``, ``linspace``, ``eye``, ``tril``/``triu``, ``buffer``: chunk by
  chunk, each chunk's values from its position (the CPU device's values, bit for bit);
- ``from_host``: a dask array as it is; a NumPy memmap or an array-like that reads its
  elements when sliced (Zarr, HDF5...) as a graph of reads, one per chunk, done when
  the values are computed (``copy=True`` reads them now, within the memory budget); a
  memmap's file is read into fresh memory chunk by chunk (``FileRows``), never mapped
  into the process;
  anything else is read into memory now (it is there already) and cut into chunks;
- ``to_host``, ``to_list``, ``to_dlpack``: within the memory budget; ``format``
  computes only the elements NumPy shows (the corners of a large array).
"""

from __future__ import annotations

import functools
import math
import mmap
import os
from typing import Any, Sequence

import dask
import dask.array as da
import numpy as np
from dask.base import tokenize

from ...dtype import DType
from ...errors import NxInvalidArgument
from ...tensor import Tensor
from ...view import View
from ..kernels import threefry as _threefry
from ..numpy import FROM_NP as _FROM_NP
from ..numpy import NP as _NP
from ..numpy import ndarray_of as _nd
from . import steps
from .core import check_budget, chunks_for, compute_kw, Host, IN_PROCESS, meta_of, nbytes, tensor

__all__ = ["Creation"]

_WAY_OUT = "compute a smaller slice or a reduction of it, or write it to disk chunk by chunk (dask.array.to_zarr, dask.array.store)"


def _dtype_of(name: str, nd: Any) -> DType:
    try:
        return _FROM_NP[np.dtype(nd).newbyteorder("=")]
    except KeyError:
        raise TypeError(f"{name}: unsupported dtype {np.dtype(nd)}") from None


def _lazy_source(obj: Any) -> bool:
    """A memory-mapped array, or an array-like that reads its elements when sliced (a
    Zarr or HDF5 array): it has a shape, a dtype and item access, and is no ndarray
    held in memory, no sequence and no scalar."""
    if isinstance(obj, np.memmap):
        return obj.ndim > 0
    if isinstance(obj, (np.ndarray, list, tuple, str, bytes, memoryview)) or np.isscalar(obj):
        return False
    shape = getattr(obj, "shape", None)
    return isinstance(shape, tuple) and len(shape) > 0 and hasattr(obj, "dtype") and hasattr(obj, "__getitem__")


class FileRows:
    """A C-ordered array stored in a file (what a top-level ``numpy.memmap`` maps), read
    by slices into fresh memory: each chunk a task reads, then drops, so the process
    holds the chunks at work only (slicing the memmap itself would map the file's pages
    into the process, and keep them there)."""

    def __init__(self, path: str, offset: int, shape: tuple, dtype: np.dtype) -> None:
        self.path, self.offset, self.shape, self.dtype, self.ndim = path, offset, shape, dtype, len(shape)

    def __getitem__(self, key: Any) -> np.ndarray:
        key = key if isinstance(key, tuple) else (key,)
        rows = key[0].indices(self.shape[0]) if isinstance(key[0], slice) else (int(key[0]), int(key[0]) + 1, 1)
        lo, hi = min(rows[0], rows[1]), max(rows[0], rows[1])
        line = math.prod(self.shape[1:])
        a = np.fromfile(self.path, dtype=self.dtype, count=(hi - lo) * line, offset=self.offset + lo * line * self.dtype.itemsize)
        a = a.reshape((hi - lo,) + self.shape[1:])
        inner = (slice(rows[0] - lo, rows[1] - lo if rows[1] >= lo else None, rows[2]),) + tuple(key[1:])
        r = a[inner if isinstance(key[0], slice) else (0,) + tuple(key[1:])]
        return np.ascontiguousarray(r) if r.base is not None else r

    def __dask_tokenize__(self) -> Any:
        st = os.stat(self.path)
        return ("nx-file-rows", self.path, self.offset, self.shape, self.dtype.str, st.st_mtime_ns, st.st_size)


def _file_rows(obj: Any) -> FileRows | None:
    """A memmap's file as ``FileRows``, when the memmap is the whole mapping (not a view
    of another array), in C order and native byte order."""
    if not (isinstance(obj, np.memmap) and isinstance(obj.base, mmap.mmap) and obj.flags.c_contiguous):
        return None
    if obj.filename is None or not obj.dtype.isnative or not obj.ndim:
        return None
    return FileRows(str(obj.filename), int(obj.offset), tuple(obj.shape), obj.dtype)


class Creation(Host):
    """Creation, host data and views (mixed into ``DaskBackend``)."""

    # ------------------------------------------------------------ creation
    def full(self, dtype: DType, shape: Sequence[int], value: Any) -> Tensor:
        shape = tuple(shape)
        v = _nd(self.np.full(dtype, (), value))  # nx's conversion of the value
        return tensor(da.full(shape, v, dtype=_NP[dtype], chunks=chunks_for(shape, dtype)), dtype, self)

    def buffer(self, dtype: DType, shape: Sequence[int]) -> Tensor:
        shape = tuple(shape)
        return tensor(da.empty(shape, dtype=_NP[dtype], chunks=chunks_for(shape, dtype)), dtype, self)

    def _indexed(self, dtype: DType, num: int, step: Any) -> Tensor:
        """A 1-D tensor whose chunk of elements ``i0 .. i1 - 1`` is ``step(i0, i1)``."""
        nd = _NP[dtype]
        (size,) = chunks_for((num,), dtype)
        chunks = da.core.normalize_chunks((size,), (num,))
        # Each chunk's task reads one number, the index of its first element, from a
        # small chunk-index array (one task per chunk, at most MAX_CHUNKS): with an
        # input of its own each, Dask's scheduler orders the chunks next to their
        # consumers (tasks with no input at all, or one input they all share, are started
        # first, all of them, when a rechunk follows). The chunks' layer is Blockwise.
        first = da.from_array(np.arange(len(chunks[0]), dtype=np.int64) * size, chunks=1)
        r = da.map_blocks(functools.partial(steps.from_first, step, size, num), first, chunks=chunks, dtype=nd, meta=meta_of(nd, 1))
        return tensor(r, dtype, self)

    def arange(self, dtype: DType, start: Any, step: Any, num: int) -> Tensor:
        return self._indexed(dtype, num, functools.partial(steps.arange_block, _NP[dtype], start, step))

    def linspace(self, dtype: DType, start: Any, stop: Any, num: int, endpoint: bool, precision: DType | None = None) -> Tensor:
        if num == 0:
            return self.buffer(dtype, (0,))
        if precision is not None:  # (the chunks compute in the bounds' dtype, as NumPy does)
            start, stop = _NP[precision].type(start), _NP[precision].type(stop)
        return self._indexed(dtype, num, functools.partial(steps.linspace_block, start, stop, num, endpoint, _NP[dtype]))

    def eye(self, dtype: DType, n: int, m: int, k: int) -> Tensor:
        nd = _NP[dtype]
        if n == 0 or m == 0:
            return self.buffer(dtype, (n, m))
        sizes = chunks_for((n, m), dtype)
        chunks = da.core.normalize_chunks(sizes, (n, m))
        r = da.map_blocks(functools.partial(steps.eye_block, k, nd, (n, m), sizes), chunks=chunks, dtype=nd, meta=meta_of(nd, 2))
        return tensor(r, dtype, self)

    def _triangle(self, x: Tensor, k: int, lower: bool) -> Tensor:
        if x.numel == 0:
            return self.copy(x)
        nd = _NP[x.dtype]
        return tensor(x.arr.map_blocks(functools.partial(steps.triangle, lower, k), dtype=nd, meta=meta_of(nd, x.ndim)), x.dtype, self)

    def tril(self, x: Tensor, k: int) -> Tensor:
        return self._triangle(x, k, True)

    def triu(self, x: Tensor, k: int) -> Tensor:
        return self._triangle(x, k, False)

    # ------------------------------------------------------------ host data in
    def _lift(self, a: np.ndarray, dtype: DType) -> Tensor:
        """A host ndarray as a dask tensor (one graph node per chunk)."""
        if not a.flags.c_contiguous:
            a = a.copy()  # (np.ascontiguousarray would make a 0-d array 1-d)
        return tensor(da.from_array(a, chunks=chunks_for(a.shape, dtype)), dtype, self)

    def from_host(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """A dask array as it is; a memmap or a chunked store (Zarr, HDF5) read chunk by
        chunk when computed; anything else read now (see the module)."""
        if isinstance(obj, da.Array):  # already lazy: taken as it is
            return tensor(obj, _dtype_of("from_host", obj.dtype), self)
        if _lazy_source(obj):
            if copy is False and not np.dtype(obj.dtype).isnative:
                raise NxInvalidArgument("from_host: the data is not native-endian, so a copy is needed, but copy=False")
            dtype = _dtype_of("from_host", obj.dtype)
            shape = tuple(int(n) for n in obj.shape)
            stored = getattr(obj, "chunks", None)
            if isinstance(stored, tuple) and len(stored) == len(shape) and all(isinstance(c, int) for c in stored):
                # Whole chunks of the store per task, as many as array.chunk-size allows.
                chunks = da.core.normalize_chunks("auto", shape, dtype=_NP[dtype], previous_chunks=stored)
            else:
                chunks = chunks_for(shape, dtype)
            src = _file_rows(obj) or obj
            a = da.from_array(src, chunks=chunks, asarray=True, inline_array=False, lock=False, meta=meta_of(np.dtype(obj.dtype), len(shape)))
            if not np.dtype(obj.dtype).isnative:
                a = a.astype(_NP[dtype])
            t = tensor(a, dtype, self)
            return self.persist(t) if copy else t
        return self._eager("from_host", (obj,), {"copy": copy})

    # ------------------------------------------------------------ values out
    def to_host(self, t: Tensor) -> Any:
        a = t.arr
        check_budget("to_host", nbytes(t.shape, t.dtype.itemsize), f"the values of an array of shape {t.shape}", _WAY_OUT)
        if a.npartitions > 1 and dask.base.get_scheduler(collections=[a]) in IN_PROCESS:
            # Each chunk written into the result as it is computed, then dropped: one
            # copy, and the result's memory only (computing the chunks and then
            # concatenating them holds both, and copies each chunk once more).
            out = np.empty(a.shape, _NP[t.dtype])
            da.store(a, out, lock=False)  # (a graph of two layers: optimised as Dask does it)
            return out
        return np.asarray(a.compute(**compute_kw(a)))

    def item(self, t: Tensor) -> Any:
        return np.asarray(t.arr.compute(**compute_kw(t.arr))).item()

    def to_list(self, t: Tensor) -> Any:
        return self.to_host(t).tolist()

    def to_dlpack(self, t: Tensor, **kwargs: Any) -> Any:
        return self.np.to_dlpack(self.np.from_host(self.to_host(t)), **kwargs)

    def persist(self, t: Tensor) -> Tensor:
        """Computes ``t`` now and keeps its chunks (in memory, or on the cluster)."""
        a = t.arr
        if dask.base.get_scheduler(collections=[a]) in IN_PROCESS:
            check_budget("persist", nbytes(t.shape, t.dtype.itemsize), "keeping the chunks of an array of shape " + str(t.shape), "persist a smaller slice, or on a dask.distributed cluster")
        return tensor(a.persist(**compute_kw(a)), t.dtype, self)

    def format(self, t: Tensor, *, separator: str = " ", prefix: str = "") -> str:
        """NumPy's printing of ``t``; a large array computes only the elements NumPy
        shows (``edgeitems`` at each end of each long axis, and one element between
        them that NumPy reads to decide to summarise and then replaces by "...")."""
        opts = np.get_printoptions()
        e = opts["edgeitems"]
        a = t.arr
        if t.numel > opts["threshold"] and t.ndim:
            for ax, n in enumerate(t.shape):
                if n > 2 * e + 1:
                    a = da.concatenate([a[(slice(None),) * ax + (slice(0, e + 1),)], a[(slice(None),) * ax + (slice(n - e, n),)]], axis=ax)
            c = np.asarray(a.compute())
            with np.printoptions(threshold=min(opts["threshold"], max(c.size - 1, 0))):
                return np.array2string(c, separator=separator, prefix=prefix)
        return np.array2string(np.asarray(a.compute(**compute_kw(a))), separator=separator, prefix=prefix)

    # ------------------------------------------------------------ views
    def pad_view(self, t: Tensor, padding: Sequence[tuple[int, int]]) -> Tensor:
        """Zeros around ``t`` (its own chunks: a dask array has no virtual padding)."""
        pads = tuple((int(a), int(b)) for a, b in padding)
        if t.numel == 0 or not any(a or b for a, b in pads):
            return self._eager("pad_view", (t, pads), {}) if t.numel == 0 else t
        return tensor(da.pad(t.arr, pads, mode="constant"), t.dtype, self)

    def with_view(self, t: Tensor, view: View) -> Tensor:
        """The elements ``view`` addresses in ``t``'s values read in C order (the View
        ``layout`` reports), by their positions (a diagonal: one per element)."""
        if view.mask is not None or view.is_symbolic() or view.numel == 0:
            return self._eager("with_view", (t, view), {})
        check_budget("with_view", view.numel * 8, "the positions of the view's elements", "take a smaller view")
        pos = np.full((), view.offset, np.int64)
        for ax, (n, s) in enumerate(zip(view.shape, view.strides)):
            pos = pos + (np.arange(n, dtype=np.int64) * s).reshape((n,) + (1,) * (len(view.shape) - ax - 1))
        if pos.min() < 0 or pos.max() >= t.numel:
            raise NxInvalidArgument(f"with_view: the view addresses elements outside the {t.numel} elements of the tensor")
        flat = t.arr.reshape(-1) if t.ndim != 1 else t.arr
        r = flat[pos.reshape(-1)]
        return tensor(r.reshape(view.shape) if len(view.shape) != 1 else r, t.dtype, self)

    # ------------------------------------------------------------ random
    def threefry(self, key: Tensor, counter: Tensor, out: Tensor | None = None) -> Tensor:
        if counter.numel == 0:
            return self._small("threefry", (key, counter), {}, out)
        c = counter.arr.rechunk({counter.ndim - 1: -1})  # each pair of words in one chunk
        k = key.arr.rechunk(c.chunks)
        cd = counter.dtype
        block = functools.partial(steps.threefry_block, key.dtype, cd)
        r = da.map_blocks(block, k, c, dtype=_NP[cd], meta=meta_of(_NP[cd], counter.ndim))
        return self._into(out, r, cd)

    def random_bits(self, key: Tensor, *, shape: Sequence[int], dtype: DType, tag: int = 0) -> Tensor:
        return self._random("random_bits", _threefry.random_bits, key, shape, dtype, {"tag": tag})

    def random_uniform(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        return self._random("random_uniform", _threefry.uniform, key, shape, dtype, {})

    def random_normal(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        return self._random("random_normal", _threefry.normal, key, shape, dtype, {})

    def _random(self, name: str, fn: Any, key: Tensor, shape: Sequence[int], dtype: DType, extra: dict) -> Tensor:
        """The primitive ``name``, each chunk drawn by the kernel ``fn`` under ``key``
        (``extra``: the primitive's other keywords, random_bits' tag); an empty ``shape``
        is the NumPy backend's."""
        shape = tuple(shape)
        if 0 in shape:
            return self._eager(name, (key,), {"shape": shape, "dtype": dtype, **extra})
        k0, k1 = self._key_words(key)
        return tensor(self._drawn(fn, (k0, k1), shape, _NP[dtype], extra.get("tag", 0), _NP[dtype]), dtype, self)

    def _drawn(self, fn: Any, args: tuple, shape: tuple, nd: np.dtype, tag: Any, out: np.dtype) -> Any:
        """A dask array of ``shape`` whose chunk at ``box`` is ``fn(*args, shape, nd, tag,
        box)``: computed from its position alone (its block id times the chunk sizes), so
        every chunk depends on nothing, and the graph is one Blockwise layer."""
        sizes = chunks_for(shape, _FROM_NP[out])
        chunks = da.core.normalize_chunks(sizes, shape)
        block = functools.partial(steps.drawn_block, fn, args, shape, nd, tag, sizes)
        name = "nx-random-" + tokenize(fn.__name__, args, shape, nd.str, tag, sizes)
        return da.map_blocks(block, chunks=chunks, dtype=out, meta=meta_of(out, len(shape)), name=name)
