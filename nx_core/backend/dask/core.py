"""The Dask backend's common parts: tensors over dask arrays, the chunking of new
arrays, the memory budget, the values of arrays already in memory, and how a graph is
computed."""

from __future__ import annotations

import itertools
import math
import os
from typing import Any, Callable, Sequence

import dask
import dask.array as da
import dask.local
import dask.threaded
import dask.utils
import numpy as np
from dask.highlevelgraph import HighLevelGraph, MaterializedLayer

from ...dtype import DType
from ...tensor import Tensor, native

__all__ = [
    "Host", "set_chunks", "chunks_for", "MAX_CHUNKS", "chunk_bytes", "tensor", "rebind", "is_lazy", "compute_kw", "IN_PROCESS",
    "memory_budget", "set_memory_budget", "check_budget", "known", "whole", "nbytes", "blocks_of", "layer", "meta_of",
]


class Host:
    """What the Dask backend's parts (``Creation``, ``Reductions``, ``Indexing``,
    ``Linalg``) use of one another and of the backend they make up together
    (``DaskBackend``): declared here, for readers and type checkers, and defined there."""

    np: Any  # the NumPy backend, which computes the chunks and what is in memory
    _eager: Callable[[str, tuple, dict], Any]
    _small: Callable[[str, tuple, dict, "Tensor | None"], Any]
    _into: Callable[["Tensor | None", Any, DType], Tensor]
    _key_words: Callable[[Tensor], tuple[int, int]]
    _result_dtype: Any  # (name, dtypes, kw) -> (dtype, shape), a cached method
    _lift: Callable[[Any, DType], Tensor]
    _one_task: Callable[..., Tensor]
    buffer: Callable[[DType, Sequence[int]], Tensor]
    full: Callable[[DType, Sequence[int], Any], Tensor]
    copy: Callable[[Tensor], Tensor]
    cast: Callable[..., Tensor]
    cmpne: Callable[..., Tensor]
    reduce_sum: Callable[..., Tensor]
    to_host: Callable[[Tensor], Any]

# ------------------------------------------------------------------ chunking
_CHUNKS: list[Any] = ["auto"]


def set_chunks(chunks: Any = "auto") -> None:
    """The chunking of the arrays the Dask device makes from host data or from scratch.

    - ``"auto"`` (the default): blocks of whole rows, as large as Dask's
      ``array.chunk-size`` setting allows (see ``chunks_for``);
    - an int: that many elements per chunk along every axis, for arrays of every rank;
    - a tuple (or list) of one entry per axis (ints, ``-1`` for a whole axis, ``"auto"``):
      for the arrays of its rank; arrays of other ranks keep ``"auto"``;
    - a dict ``{axis: chunks}``: for the axes an array has (the others ``"auto"``);
    - a callable ``rule(shape, itemsize)`` returning any of these for each new array.

    Whatever the chunking, a new array has at most ``MAX_CHUNKS`` chunks: past that, its
    chunks grow (``chunks_for``).
    """
    if not (chunks == "auto" or callable(chunks) or isinstance(chunks, (int, tuple, list, dict))) or isinstance(chunks, bool):
        raise TypeError(f"set_chunks: chunks must be 'auto', an int, a tuple, a dict or a callable, got {chunks!r}")
    _CHUNKS[0] = chunks


def chunk_bytes() -> int:
    """Dask's ``array.chunk-size`` setting, in bytes."""
    return int(dask.utils.parse_bytes(dask.config.get("array.chunk-size")))


def _rows(shape: tuple, itemsize: int) -> Any:
    """Blocks of consecutive elements in C order, as large as ``array.chunk-size``
    allows: the trailing axes whole, as many as fit, and the axis before them cut to the
    size (axes before it one by one). Each chunk of host data is then a contiguous piece
    of it, and random numbers are drawn in runs of consecutive counters."""
    if len(shape) < 2:
        return "auto"
    limit = chunk_bytes() // itemsize
    j, block = len(shape) - 1, 1  # block: elements of the axes after j
    while j > 0 and block * shape[j] <= limit:
        block *= shape[j]
        j -= 1
    return tuple([1] * j + ["auto"] + [-1] * (len(shape) - j - 1))


#: The most chunks a new array gets. Dask keeps an array's chunk sizes in tuples, one
#: entry per chunk, and builds, names and checks them in Python at every operation: an
#: array of 2**47 float64 elements in chunks of 128 MiB would be 2**23 chunks, seconds
#: and hundreds of MB before anything is computed. Past ``MAX_CHUNKS`` chunks (512 GiB of
#: float64 at the default ``array.chunk-size``), a new array's chunks grow with it.
MAX_CHUNKS = 2**12


def chunks_for(shape: tuple, dtype: DType) -> tuple[int, ...]:
    """The chunking of a new array of ``shape`` and ``dtype`` (``set_chunks``): one size
    per axis, every chunk of an axis that size but the last (so a chunk's position is
    its block index times the sizes), at most ``MAX_CHUNKS`` chunks; one chunk when the
    array is empty (Dask's automatic chunking cannot size those)."""
    if 0 in shape:
        return tuple(max(n, 1) for n in shape)
    c = _CHUNKS[0]
    if callable(c):
        c = c(tuple(shape), dtype.itemsize)
    if isinstance(c, dict):
        c = tuple(c.get(a, "auto") for a in range(len(shape)))
        if "auto" in c:
            auto = _rows(shape, dtype.itemsize)
            c = tuple(auto[a] if v == "auto" and auto != "auto" else v for a, v in enumerate(c))
    elif isinstance(c, (tuple, list)):
        c = tuple(c) if len(c) == len(shape) else "auto"
    return _capped(_sizes(_rows(shape, dtype.itemsize) if c == "auto" else c, shape, dtype.itemsize), shape)


def _sizes(spec: Any, shape: tuple, itemsize: int) -> tuple[int, ...]:
    """One chunk size per axis for the chunking ``spec`` ("auto", an int, or an entry per
    axis: an int, -1 or None for the whole axis, "auto", or explicit sizes, whose largest
    is taken), "auto" sized by Dask's own rule within ``array.chunk-size``."""
    per_axis = [spec] * len(shape) if not isinstance(spec, (tuple, list)) else list(spec)
    per_axis = [n if v is None or v == -1 else v for v, n in zip(per_axis, shape)]
    if "auto" in per_axis:  # (Dask gives a short axis as a tuple of its one size)
        per_axis = list(da.core.auto_chunks(per_axis, shape, chunk_bytes(), np.dtype(f"V{itemsize}")))
    return tuple(max(1, min(int(max(v) if isinstance(v, (tuple, list)) else v), n)) for v, n in zip(per_axis, shape))


def _capped(sizes: tuple[int, ...], shape: tuple) -> tuple[int, ...]:
    """``sizes`` grown, from the last axis cut into several chunks towards the first
    (a chunk stays a run of consecutive elements in C order), until the array has at
    most ``MAX_CHUNKS`` chunks."""
    out = list(sizes)
    for ax in reversed(range(len(shape))):
        count = math.prod(-(-n // s) for n, s in zip(shape, out))
        if count <= MAX_CHUNKS:
            break
        blocks = -(-shape[ax] // out[ax])
        fewer = max(1, blocks * MAX_CHUNKS // count)
        out[ax] = -(-shape[ax] // fewer)
    return tuple(out)


# ------------------------------------------------------------------ tensors
def tensor(arr: Any, dtype: DType, backend: Any) -> Tensor:
    """A tensor whose logical elements are the dask array ``arr`` (its own buffer, laid
    out in C order: the backend's ``layout`` reports that View, never a real memory layout)."""
    return native(arr, dtype, backend, tuple(int(n) for n in arr.shape))


def rebind(t: Tensor, arr: Any) -> None:
    """Gives ``t`` new contents (a write: dask arrays are immutable); the buffer it
    reported before is forgotten."""
    t.arr = arr
    try:
        del t._buffer
    except AttributeError:
        pass


def is_lazy(x: Any) -> bool:
    """Whether ``x`` is a tensor of a Dask backend (its native array a dask array)."""
    return isinstance(x, Tensor) and isinstance(x.arr, da.Array)


def nbytes(shape: Sequence[int], itemsize: int) -> int:
    return math.prod(shape) * itemsize


# ------------------------------------------------------------------ computing
#: Dask's schedulers that run in this process, whose tasks can write into its memory.
IN_PROCESS = (dask.threaded.get, dask.local.get_sync)
_UNOPTIMIZED = {"optimize_graph": False}


def _in_memory(layer: Any) -> bool:
    return type(layer) is MaterializedLayer and all(type(v) is np.ndarray for v in layer.values())


def compute_kw(a: Any) -> dict:
    """Keywords for computing ``a``: ``optimize_graph=False`` when its graph is one layer
    of tasks, its own, over chunks already in this process's memory (one operation on
    persisted or host data), computed by a scheduler in this process. Every task is then
    one of ``a``'s chunks, so Dask's optimisation has nothing to cull or fuse, and would
    cost 2-3 ms a computation (a tenth of a 30 ms row sum). Any other graph is optimised
    as usual; so is every graph sent to a cluster, where culling keeps the chunks of
    host data that no task reads from being shipped."""
    layers = getattr(a.dask, "layers", None)
    if layers is None or dask.base.get_scheduler(collections=[a]) not in IN_PROCESS:
        return {}
    for name, layer in layers.items():
        if name != a.name and not _in_memory(layer):
            return {}
    return _UNOPTIMIZED


def known(a: Any, limit: int | None = None) -> np.ndarray | None:
    """The values of the dask array ``a`` when this process holds them already (host
    data, or chunks persisted here): its graph is one layer whose chunks are ndarrays.
    None when they would take a computation, or when ``a`` is larger than ``limit``
    bytes (one chunk's worth by default: reading more would copy them into one array)."""
    layers = getattr(a.dask, "layers", None)
    if layers is None or len(layers) != 1 or a.name not in layers or not _in_memory(layers[a.name]):
        return None
    if a.nbytes > (chunk_bytes() if limit is None else limit):
        return None
    layer = layers[a.name]
    if a.npartitions == 1:
        v = layer.get((a.name,) + (0,) * a.ndim)
        return None if v is None else v.reshape(a.shape)
    try:
        return np.block(_nested(layer, a.name, a.numblocks, ())) if a.ndim else None
    except KeyError:
        return None


def _nested(layer: Any, name: str, numblocks: tuple, ids: tuple) -> Any:
    if len(ids) == len(numblocks):
        return layer[(name,) + ids]
    return [_nested(layer, name, numblocks, ids + (i,)) for i in range(numblocks[len(ids)])]


# ------------------------------------------------------------------ memory budget
#: The budget set by ``set_memory_budget`` (None: the environment's, or the default).
_BUDGET: list[int | None] = [None]
_ENV = "NX_DASK_MEMORY_BUDGET"


def _machine_memory() -> int:
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return 8 << 30


def _parse_budget(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise TypeError(f"set_memory_budget: {what} must be a number of bytes, a size such as '8GiB', or a share of the machine's memory such as '50%', got {v!r}")
    if isinstance(v, str):
        s = v.strip()
        try:
            n = int(float(s[:-1]) / 100 * _machine_memory()) if s.endswith("%") else int(dask.utils.parse_bytes(s))
        except (ValueError, TypeError):
            raise ValueError(f"set_memory_budget: cannot read {what} {v!r} as a size ('8GiB', '500MB', '50%' or bytes)") from None
    else:
        n = v
    if n <= 0:
        raise ValueError(f"set_memory_budget: {what} must be positive, got {v!r}")
    return n


def memory_budget() -> int:
    """The most bytes one computation of the Dask device may bring into this process's
    memory at once: ``set_memory_budget``'s, else the ``NX_DASK_MEMORY_BUDGET``
    environment variable's, else half of the machine's memory."""
    b = _BUDGET[0]
    if b is not None:
        return b
    env = os.environ.get(_ENV)
    if env:
        return _parse_budget(env, _ENV)
    return _machine_memory() // 2


def set_memory_budget(budget: int | str | None = None) -> None:
    """Sets the memory budget: bytes (an int), a size (``"8GiB"``), a share of the
    machine's memory (``"25%"``), or None for the default (``NX_DASK_MEMORY_BUDGET``,
    else half of the machine's memory)."""
    _BUDGET[0] = None if budget is None else _parse_budget(budget, "the budget")


def _size(n: int) -> str:
    return dask.utils.format_bytes(n)


def check_budget(name: str, size: int, what: str, way_out: str) -> None:
    """MemoryError, naming ``name``, when ``size`` bytes (``what``) exceed the budget."""
    budget = memory_budget()
    if size > budget:
        raise MemoryError(
            f"{name}: {what} needs {_size(size)} in memory at once, more than the Dask device's memory budget "
            f"of {_size(budget)}; {way_out}, or raise the budget (nx_core.backend.dask.set_memory_budget, "
            f"or the {_ENV} environment variable)"
        )


def whole(name: str, a: Any, axes: Sequence[int], itemsize: int, why: str) -> Any:
    """``a`` rechunked so that each chunk holds ``axes`` whole; the other axes keep their
    chunks while a chunk stays within ``array.chunk-size``, else they are cut to it.
    MemoryError when one run along ``axes`` alone exceeds the memory budget."""
    axes = tuple(axes)
    if all(len(a.chunks[i]) == 1 for i in axes):
        return a
    line = nbytes([a.shape[i] for i in axes], itemsize)
    check_budget(name, line, f"{why} (each task holds axes {axes} whole)", "reduce the array along those axes first")
    others = [i for i in range(a.ndim) if i not in axes]
    keep = line * math.prod(max(a.chunks[i]) for i in others) <= max(chunk_bytes(), line)
    spec: dict[int, Any] = {i: -1 for i in axes}
    spec.update({i: (a.chunks[i] if keep else "auto") for i in others})
    with dask.config.set({"array.chunk-size": max(chunk_bytes(), line)}):
        return a.rechunk(spec)


def blocks_of(a: Any) -> list[tuple]:
    """The block ids of ``a`` in C order."""
    return list(itertools.product(*(range(n) for n in a.numblocks)))


def layer(name: str, tasks: dict, deps: Sequence[Any], chunks: tuple, meta: np.ndarray) -> Any:
    """A dask array of one layer of hand-written ``tasks`` over the arrays ``deps``."""
    graph = HighLevelGraph.from_collections(name, tasks, dependencies=list(deps))
    return da.Array(graph, name, chunks, meta=meta)


def meta_of(nd: np.dtype, ndim: int) -> np.ndarray:
    return np.empty((0,) * ndim, nd)

