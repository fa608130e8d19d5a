"""The Dask backend: every tensor is a lazy, chunked ``dask.array`` array.

Each chunk is computed by the NumPy backend's own primitives, so nx's semantics (C
division, saturating casts, NaN-last stable sorts, Threefry) hold chunk by chunk:

- elementwise primitives, casts and Threefry are ``map_blocks`` over the chunks;
- sums, products, maxima, minima, any and all are ``dask.array.reduction`` trees whose
  chunk and aggregate steps are the NumPy primitive itself (floating-point sums then
  agree with the CPU device's to rounding, every other result exactly); where each
  chunk holds the reduced axes whole, one task per chunk computes its final values (a
  sum along rows: the CPU device's, bit for bit); the variance is
  one pass over the data: each chunk's count, mean and sum of squared deviations,
  merged up the tree (Chan et al.), so no chunk is read twice or held between passes;
- random bits are computed chunk by chunk from the key's two words alone (computed when
  the bits are drawn), each chunk's counters from its position (no graph of counters,
  no rechunking): the same bits as the CPU device's, and the chunks stream through the
  computation that consumes them;
- creation (``full``, ``arange``), movement (slicing, transposes, reshapes, broadcasts,
  flips, concatenation) and ``matmul`` are Dask's own lazy operations;
- every other primitive (sorts, scans, linear algebra, FFT, indexing with arrays,
  ``unique``...) runs the NumPy primitive on the computed operands and wraps its result
  as a dask array again: exact, and eager. Results whose shape depends on the data are
  therefore computed at call time, so shapes are always ints.

Values are computed when a Python scalar, a NumPy array, DLPack, ``repr`` or
``to_device`` asks for them, and by ``persist``. With an active ``dask.distributed``
client, Dask runs every computation on its cluster.

Views: dask arrays are immutable, so a tensor's contents are its own. Writing into a
tensor (``assign``, ``assign_at``, ``index_put``, ``out=``) gives that tensor new contents;
views taken from it earlier, and the tensors it was taken from, keep theirs. Nothing
shares memory (``aliased`` is always False).

Chunks: blocks of whole rows (consecutive elements in C order), sized by Dask's
``array.chunk-size`` setting (``dask.config.set({"array.chunk-size": "64MiB"})``), or a
fixed chunking given to ``set_chunks``.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from typing import Any, Callable, Sequence

import dask
import dask.array as da
import dask.local
import dask.threaded
import dask.utils
import numpy as np
from dask.base import tokenize
from dask.highlevelgraph import HighLevelGraph, MaterializedLayer
from dask.tokenize import normalize_token

from ..dtype import DType
from ..tensor import Tensor, native, tensor_maker
from ..view import View
from . import _chunk_steps as steps
from . import _threefry
from .numpy_cpu import _FROM_NP, _NP, NumpyBackend, _native, _nd
from .protocol import Backend

__all__ = ["DaskBackend", "set_chunks"]

_CHUNKS: list[Any] = ["auto"]
normalize_token.register(DType)(lambda d: ("nx.DType", d.name))  # tasks are named by their dtypes' names
#: Dask's schedulers that run in this process, whose tasks can write into its memory.
_IN_PROCESS = (dask.threaded.get, dask.local.get_sync)
_TENSOR = object()  # marks a tensor operand in a signature


def set_chunks(chunks: Any = "auto") -> None:
    """The chunking of arrays the Dask device creates from host data or from scratch:
    ``"auto"`` (blocks of whole rows, sized by Dask's ``array.chunk-size`` setting), a
    number of elements per axis, or anything ``dask.array.from_array`` takes."""
    _CHUNKS[0] = chunks


def _chunks(shape: tuple, dtype: DType) -> Any:
    """The chunking for a new array of ``shape`` and ``dtype``.

    ``"auto"``: blocks of consecutive elements in C order, as large as Dask's
    ``array.chunk-size`` allows: the trailing axes whole, as many as fit, and the axis
    before them cut to the size (axes before it one by one). Each chunk of an array made
    from host data is then a contiguous piece of it (no copy, and NumPy's kernels run on
    contiguous memory), and random numbers are drawn in runs of consecutive counters.
    (Dask's own ``"auto"`` cuts every axis, into strided views of host data.) One chunk
    when the array is empty (Dask's automatic chunking cannot size those)."""
    if 0 in shape:
        return -1
    c = _CHUNKS[0]
    if c != "auto" or len(shape) < 2:
        return c
    limit = dask.utils.parse_bytes(dask.config.get("array.chunk-size")) // dtype.itemsize
    j, block = len(shape) - 1, 1  # block: elements of the axes after j
    while j > 0 and block * shape[j] <= limit:
        block *= shape[j]
        j -= 1
    return tuple([1] * j + ["auto"] + [-1] * (len(shape) - j - 1))


#: matmul keeps its right operand whole when it is at most this many chunks in size.
_WHOLE_OPERAND = 4


def _tensor(arr: Any, dtype: DType, backend: Any) -> Tensor:
    """A tensor whose logical elements are the dask array ``arr`` (its own buffer, laid
    out in C order: ``DaskBackend.layout`` reports that View, never a real memory layout)."""
    return native(arr, dtype, backend, tuple(int(n) for n in arr.shape))


def _rebind(t: Tensor, arr: Any) -> None:
    """Gives ``t`` new contents (a write: dask arrays are immutable); the buffer it
    reported before is forgotten."""
    t.arr = arr
    try:
        del t._buffer
    except AttributeError:
        pass


def _compute_kw(a: Any) -> dict:
    """Keywords for computing ``a``: ``optimize_graph=False`` when its graph is one layer
    of tasks, its own, over chunks already in this process's memory (one operation on
    persisted or host data), computed by a scheduler in this process. Every task is then
    one of ``a``'s chunks, so Dask's optimisation has nothing to cull or fuse, and would
    cost 2-3 ms a computation (a tenth of a 30 ms row sum). Any other graph is optimised
    as usual; so is every graph sent to a cluster, where culling keeps the chunks of
    host data that no task reads from being shipped."""
    layers = getattr(a.dask, "layers", None)
    if layers is None or dask.base.get_scheduler(collections=[a]) not in _IN_PROCESS:
        return {}
    for name, layer in layers.items():
        if name != a.name and not (type(layer) is MaterializedLayer and all(type(v) is np.ndarray for v in layer.values())):
            return {}
    return _UNOPTIMIZED


_UNOPTIMIZED = {"optimize_graph": False}


def _lazy(x: Any) -> bool:
    """Whether ``x`` is a tensor of a Dask backend (its native array a dask array)."""
    return isinstance(x, Tensor) and isinstance(x.arr, da.Array)


# Primitives computed chunk by chunk (their tensor operands have one shape).
_ELEMENTWISE = (
    "add sub mul div pow atan2 max min cmpeq cmpne cmplt cmple bitwise_and bitwise_or bitwise_xor "
    "floor_divide remainder hypot logaddexp nextafter copysign bitwise_left_shift bitwise_right_shift "
    "neg positive abs sign square sqrt exp expm1 log log1p log2 log10 sin cos tan asin acos atan "
    "sinh cosh tanh asinh acosh atanh ceil floor trunc round recip isnan isinf isfinite signbit erf "
    "logical_not bitwise_invert conj real imag where cast bitcast"
).split()
_REDUCTIONS = ("reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "reduce_any", "reduce_all")
# Primitives that write into an operand: name -> position of the written tensor.
_WRITES = {"assign": 0, "assign_at": 0, "index_put": 0}


class DaskBackend:
    """Dask arrays, computed chunk by chunk with the NumPy backend's kernels."""

    name = "dask"
    strided = False

    def __init__(self, device: Any = None) -> None:
        self.device = device
        #: Makes an empty tensor of the device's tensor class (``make_backend`` sets it too).
        self.make_tensor = tensor_maker(device)
        #: The NumPy backend whose primitives compute each chunk (its tensors never escape).
        self.np = NumpyBackend(device)

    def __repr__(self) -> str:
        return f"DaskBackend(device={self.device!r})"

    # ------------------------------------------------------------ conversions
    def _lift(self, a: np.ndarray, dtype: DType) -> Tensor:
        """A host ndarray as a dask tensor (one graph node per chunk)."""
        if not a.flags.c_contiguous:
            a = a.copy()  # (np.ascontiguousarray would make a 0-d array 1-d)
        return _tensor(da.from_array(a, chunks=_chunks(a.shape, dtype)), dtype, self)

    def _in(self, x: Any, values: dict) -> Any:
        """An operand for the NumPy backend: dask tensors replaced by their computed
        ``values`` (keyed by id; nested in lists too)."""
        if _lazy(x):
            return _native(np.asarray(values[id(x)]), x.dtype, self.np)
        if type(x) in (list, tuple):
            return type(x)(self._in(v, values) for v in x)
        return x

    @staticmethod
    def _computed(args: tuple, kwargs: dict) -> dict:
        """The values of every dask tensor among the operands, from one Dask computation,
        so that a graph they share is computed once."""
        found: dict = {}

        def walk(x: Any) -> None:
            if _lazy(x):
                found[id(x)] = x.arr
            elif type(x) in (list, tuple):
                for v in x:
                    walk(v)

        walk(args)
        walk(tuple(kwargs.values()))
        return dict(zip(found, dask.compute(*found.values()))) if found else {}

    def _out(self, r: Any) -> Any:
        """A NumPy backend result as the Dask backend's (tensors lifted, the rest as is)."""
        if isinstance(r, Tensor):
            return self._lift(_nd(r), r.dtype)
        if type(r) in (list, tuple):
            return type(r)(self._out(v) for v in r)
        return r

    def _eager(self, name: str, args: tuple, kwargs: dict) -> Any:
        """``name`` run by the NumPy backend on computed operands; written operands and
        ``out`` get the written values as their new contents."""
        values = self._computed(args, kwargs)
        a = self._in(args, values)
        k = {key: self._in(v, values) for key, v in kwargs.items()}
        r = getattr(self.np, name)(*a, **k)
        out = kwargs.get("out")
        if out is not None:
            _rebind(out, self._lift(_nd(k["out"]), out.dtype).arr)
            return out
        w = _WRITES.get(name)
        if w is not None:
            _rebind(args[w], self._lift(_nd(a[w]), args[w].dtype).arr)
            return args[w]
        return self._out(r)

    # ------------------------------------------------------------ lazy kinds
    @functools.lru_cache(maxsize=1024)  # noqa: B019 - one backend per device, kept for the process
    def _result_dtype(self, name: str, dtypes: tuple, kw: tuple) -> tuple[DType, tuple]:
        """(dtype, shape) of ``name`` on one-element tensors of the DTypes in ``dtypes``
        and the other operands as they are (``_signature``)."""
        ops = [_native(np.ones((1,), _NP[d[1]]), d[1], self.np) if type(d) is tuple and d[0] is _TENSOR else d for d in dtypes]
        with np.errstate(all="ignore"):
            r = getattr(self.np, name)(*ops, **dict(kw))
        return r.dtype, r.shape

    def _chunkwise(self, name: str, args: tuple, kwargs: dict) -> Any:
        out = kwargs.pop("out", None)
        if name == "cast" and out is not None and kwargs.get("dtype") is None:
            kwargs["dtype"] = out.dtype
        tensors = [a for a in args if _lazy(a)]
        if not tensors or any(t.numel == 0 for t in tensors) or any(isinstance(v, Tensor) for v in kwargs.values()):
            return self._eager(name, args, {**kwargs, "out": out} if out is not None else kwargs)
        kw = tuple(sorted(kwargs.items(), key=lambda kv: kv[0]))
        try:
            dtype, shape = self._result_dtype(name, tuple(_signature(a) for a in args), kw)
        except TypeError:  # unhashable arguments: the general path
            return self._eager(name, args, {**kwargs, "out": out} if out is not None else kwargs)
        if shape != (1,) or (out is not None and out.dtype is not dtype):
            return self._eager(name, args, {**kwargs, "out": out} if out is not None else kwargs)
        block = functools.partial(steps.elementwise, name, tuple(a.dtype if _lazy(a) else None for a in args), kwargs)
        first = tensors[0].arr
        ops = [(a.arr if a.arr.chunks == first.chunks else a.arr.rechunk(first.chunks)) if _lazy(a) else a for a in args]
        r = da.map_blocks(block, *ops, dtype=_NP[dtype], meta=np.empty((0,) * tensors[0].ndim, _NP[dtype]))
        return self._into(out, r, dtype)

    def _into(self, out: Tensor | None, arr: Any, dtype: DType) -> Tensor:
        if out is None:
            return _tensor(arr, dtype, self)
        _rebind(out, arr)
        return out

    def _reduce(self, name: str, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        axes = tuple(axes)
        if not axes or x.numel == 0:
            return self._eager(name, (x,), {"axes": axes, "out": out} if out is not None else {"axes": axes})
        dtype, _ = self._result_dtype(name, ((_TENSOR, x.dtype),), (("axes", (0,)),))
        a = x.arr
        if all(len(a.chunks[i]) == 1 for i in axes):
            # Each chunk holds the reduced axes whole (a sum along the rows of blocks of
            # rows): one task per chunk gives its final values, with no tree of partials.
            ind = tuple(range(a.ndim))
            kept = tuple(i for i in ind if i not in axes)
            step = functools.partial(steps.reduce_whole, name, x.dtype, axes)
            r = da.blockwise(step, kept, a, ind, dtype=_NP[dtype], concatenate=False, meta=np.empty((0,) * len(kept), _NP[dtype]))
        else:
            step = functools.partial(steps.reduce_step, name)
            meta = np.empty((0,) * (a.ndim - len(axes)), _NP[dtype])  # given, not inferred by calling the steps
            r = da.reduction(a, functools.partial(step, x.dtype), functools.partial(step, dtype), axis=axes, keepdims=False, dtype=_NP[dtype], concatenate=True, meta=meta)
        return self._into(out, r, dtype)

    def engine_cast(self, x: Tensor, dtype: DType) -> Tensor:
        """The NumPy backend's ``engine_cast`` (NumPy's ``astype``) chunk by chunk: the CPU
        device's values on the same data, but where NumPy's own result depends on the
        layout (float to uint32 out of range; see the NumPy backend) each chunk is
        converted as the contiguous block Dask holds."""
        return self._chunkwise("engine_cast", (x,), {"dtype": dtype})

    def reduce_var(self, x: Tensor, *, axes: Sequence[int], correction: float, out: Tensor | None = None) -> Tensor:
        axes = tuple(axes)
        if not axes or x.numel == 0:
            kw: dict = {"axes": axes, "correction": correction}
            return self._eager("reduce_var", (x,), {**kw, "out": out} if out is not None else kw)
        nd = _NP[x.dtype]
        moments = np.dtype([("n", np.int64), ("mean", nd), ("m2", nd)])
        divisor = math.prod(x.shape[a] for a in axes) - correction

        chunk = functools.partial(steps.var_chunk, moments)
        combine = functools.partial(steps.var_combine, moments)
        aggregate = functools.partial(steps.var_aggregate, moments, divisor)
        meta = np.empty((0,) * (x.ndim - len(axes)), nd)
        r = da.reduction(x.arr, chunk, aggregate, combine=combine, axis=axes, keepdims=False, dtype=nd, concatenate=True, meta=meta)
        return self._into(out, r, x.dtype)

    # ------------------------------------------------------------ creation
    def view(self, t: Tensor) -> View:
        return t.view

    def layout(self, t: Tensor) -> tuple[Any, View]:
        """The dask array itself, read in C order (no memory layout to report)."""
        return t.arr, View.create(t.shape)

    def full(self, dtype: DType, shape: Sequence[int], value: Any) -> Tensor:
        v = _nd(self.np.full(dtype, (), value))  # nx's conversion of the value
        return _tensor(da.full(tuple(shape), v, dtype=_NP[dtype], chunks=_chunks(tuple(shape), dtype)), dtype, self)

    def arange(self, dtype: DType, start: Any, step: Any, num: int) -> Tensor:
        nd = _NP[dtype]
        idx = da.arange(num, dtype=np.int64, chunks=_chunks((num,), dtype))
        block = functools.partial(steps.arange_block, nd, start, step)
        return _tensor(idx.map_blocks(block, dtype=nd, meta=np.empty((0,), nd)), dtype, self)

    def from_host(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        if isinstance(obj, da.Array):  # already lazy: taken as it is
            return _tensor(obj, _FROM_NP[np.dtype(obj.dtype)], self)
        return self._eager("from_host", (obj,), {"copy": copy})

    def to_host(self, t: Tensor) -> Any:
        a = t.arr
        if a.npartitions > 1 and dask.base.get_scheduler(collections=[a]) in _IN_PROCESS:
            # Each chunk written into the result as it is computed, then dropped: one
            # copy, and the result's memory only (computing the chunks and then
            # concatenating them holds both, and copies each chunk once more).
            out = np.empty(a.shape, _NP[t.dtype])
            da.store(a, out, lock=False)  # (a graph of two layers: optimised as Dask does it)
            return out
        return np.asarray(a.compute(**_compute_kw(a)))

    def item(self, t: Tensor) -> Any:
        return np.asarray(t.arr.compute(**_compute_kw(t.arr))).item()

    def persist(self, t: Tensor) -> Tensor:
        """Computes ``t`` now and keeps its chunks (in memory, or on the cluster)."""
        return _tensor(t.arr.persist(**_compute_kw(t.arr)), t.dtype, self)

    # ------------------------------------------------------------ movement
    def basic_view(self, t: Tensor, key: tuple) -> Tensor:
        # Slice bounds may be any integer (an object with __index__), which Dask's
        # slicing refuses: they go to it as ints.
        key = tuple(_int_slice(k) if type(k) is slice else k for k in key)
        return _tensor(t.arr[key], t.dtype, self)

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        return _tensor(da.transpose(t.arr, tuple(axes)), t.dtype, self)

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        return _tensor(t.arr.reshape(tuple(shape)), t.dtype, self)

    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        return _tensor(da.broadcast_to(t.arr, tuple(shape)), t.dtype, self)

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        return _tensor(t.arr[tuple(slice(a, b) for a, b in bounds)], t.dtype, self)

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        return _tensor(t.arr[tuple(slice(None, None, -1) if f else slice(None) for f in flags)], t.dtype, self)

    def cat(self, tensors: Sequence[Tensor], axis: int, out: Tensor | None = None) -> Tensor:
        r = da.concatenate([t.arr for t in tensors], axis=axis) if len(tensors) > 1 else self.copy(tensors[0]).arr
        return self._into(out, r, tensors[0].dtype)

    def contiguous(self, t: Tensor) -> Tensor:
        return t

    def copy(self, t: Tensor) -> Tensor:
        a = t.arr  # immutable: a new array object over the same graph is a copy
        return _tensor(da.Array(a.dask, a.name, a.chunks, meta=a._meta), t.dtype, self)

    def aliased(self, t: Tensor, exempt: Sequence[Tensor] = ()) -> bool:
        return False

    # ------------------------------------------------------------ linear algebra
    def matmul(self, a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
        """Dask's matmul. When ``b``'s matrices fit in a few chunks, the contracted axis
        is made one chunk in both operands: each task is then one BLAS call on a block of
        ``a``'s rows and all of ``b``, with no partial products to add up afterwards
        (Dask's own plan for a contracted axis in pieces, kept for a larger ``b``)."""
        if a.dtype.kind not in "fc" or a.numel == 0 or b.numel == 0:
            return self._eager("matmul", (a, b), {"out": out} if out is not None else {})
        x, y = a.arr, b.arr
        if b.ndim >= 2 and a.ndim >= 1 and b.numel * b.dtype.itemsize <= _WHOLE_OPERAND * dask.utils.parse_bytes(dask.config.get("array.chunk-size")):
            x = x.rechunk({a.ndim - 1: -1})
            y = y.rechunk({b.ndim - 2: -1, b.ndim - 1: -1})
        return self._into(out, da.matmul(x, y), a.dtype)

    # ------------------------------------------------------------ random
    def threefry(self, key: Tensor, counter: Tensor, out: Tensor | None = None) -> Tensor:
        if counter.numel == 0:
            return self._eager("threefry", (key, counter), {"out": out} if out is not None else {})
        c = counter.arr.rechunk({counter.ndim - 1: -1})  # each pair of words in one chunk
        k = key.arr.rechunk(c.chunks)
        cd = counter.dtype
        block = functools.partial(steps.threefry_block, key.dtype, cd)
        r = da.map_blocks(block, k, c, dtype=_NP[cd], meta=np.empty((0,) * counter.ndim, _NP[cd]))
        return self._into(out, r, cd)

    def random_bits(self, key: Tensor, *, shape: Sequence[int], dtype: DType, tag: int = 0) -> Tensor:
        shape = tuple(shape)
        if 0 in shape:
            return self._eager("random_bits", (key,), {"shape": shape, "dtype": dtype, "tag": tag})
        nd = _NP[dtype]
        # The key's two words are computed now and written into every chunk's task, so
        # the chunks depend on nothing: Dask's local scheduler then computes them in its
        # static order, each next to its consumers. Were they all to wait on one key
        # task, they would all become ready together when it completes and the
        # scheduler, last-in first-out, would compute every chunk of one stream before
        # the computations that consume it, holding all of it in memory.
        k0, k1 = (int(w) for w in np.asarray(key.arr.compute()))
        chunks = da.core.normalize_chunks(_chunks(shape, dtype), shape, dtype=nd)
        name = "nx-random-bits-" + tokenize(k0, k1, shape, nd.str, tag, chunks)
        starts = [tuple(itertools.accumulate(c, initial=0)) for c in chunks]
        layer: dict = {
            (name, *ids): (_threefry.random_bits, k0, k1, shape, nd, tag, tuple((st[i], st[i + 1]) for st, i in zip(starts, ids)))
            for ids in itertools.product(*(range(len(c)) for c in chunks))
        }
        graph = HighLevelGraph.from_collections(name, layer, dependencies=())
        return _tensor(da.Array(graph, name, chunks, meta=np.empty((0,) * len(shape), nd)), dtype, self)

    # ------------------------------------------------------------ the seed's primitives
    # Seed 004's names (protocol.SEED_PRIMITIVES) that the generic wrappers below the
    # class would not compute lazily: the element-wise ones chunk by chunk with the NumPy
    # backend's kernels, expand and pad as Dask's own lazy operations, and the reductions'
    # keepdims as a reshape of the reduced array.
    def dtype(self, t: Tensor) -> DType:
        return t.dtype

    def context(self, t: Tensor) -> Any:
        return t.backend

    def mod_(self, a: Tensor, b: Any, out: Tensor | None = None) -> Tensor:
        return self._chunkwise("mod_", (a, b), {"out": out})

    def and_(self, a: Tensor, b: Any, out: Tensor | None = None) -> Tensor:
        return self._chunkwise("and_", (a, b), {"out": out})

    def or_(self, a: Tensor, b: Any, out: Tensor | None = None) -> Tensor:
        return self._chunkwise("or_", (a, b), {"out": out})

    def xor(self, a: Tensor, b: Any, out: Tensor | None = None) -> Tensor:
        return self._chunkwise("xor", (a, b), {"out": out})

    def round_half_even(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        return self._chunkwise("round_half_even", (x,), {"out": out})

    def expand(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        from .numpy_cpu import check_expand

        shape = tuple(shape)
        check_expand(t.shape, shape)
        return self.broadcast_to(t, shape)

    def pad(self, t: Tensor, padding: Sequence[tuple[int, int]], fill_value: Any) -> Tensor:
        pads = tuple((int(b), int(e)) for b, e in padding)
        if t.numel == 0 or not pads:
            return self._eager("pad", (t, pads, fill_value), {})
        v = _nd(self.np.full(t.dtype, (), fill_value))  # nx's conversion of the value
        return _tensor(da.pad(t.arr, pads, mode="constant", constant_values=v), t.dtype, self)

    def _keepdims(self, name: str, x: Tensor, axes: Sequence[int], keepdims: bool, out: Tensor | None) -> Tensor:
        if not keepdims:
            return self._reduce(name, x, axes=axes, out=out)
        r = self._reduce(name, x, axes=axes)
        kept = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
        return self._into(out, r.arr.reshape(kept), r.dtype)

    def reduce_sum(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._keepdims("reduce_sum", x, axes, keepdims, out)

    def reduce_prod(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._keepdims("reduce_prod", x, axes, keepdims, out)

    def reduce_max(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._keepdims("reduce_max", x, axes, keepdims, out)

    def reduce_min(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._keepdims("reduce_min", x, axes, keepdims, out)


def _int_slice(s: slice) -> slice:
    """``s`` with each of start, stop and step None or an int (``operator.index`` of it)."""
    return slice(*(v if v is None or type(v) is int else operator.index(v) for v in (s.start, s.stop, s.step)))


def _signature(a: Any) -> Any:
    """An operand as ``_result_dtype`` takes it: a tensor by (_TENSOR, its DType), a Python number by
    its type (a 1 of it), anything else (a DType, a flag) as it is."""
    if isinstance(a, Tensor):
        return (_TENSOR, a.dtype)
    if type(a) in (bool, int, float, complex):
        return type(a)(1)
    return a


def _eager_method(name: str) -> Callable[..., Any]:
    def run(self: DaskBackend, *args: Any, **kwargs: Any) -> Any:
        return self._eager(name, args, kwargs)

    run.__name__ = run.__qualname__ = name
    run.__doc__ = getattr(getattr(Backend, name), "__doc__", None)
    run.__wrapped__ = getattr(Backend, name)  # type: ignore[attr-defined]  # the protocol's signature
    return run


def _chunk_method(name: str) -> Callable[..., Any]:
    def run(self: DaskBackend, *args: Any, **kwargs: Any) -> Any:
        return self._chunkwise(name, args, kwargs)

    run.__name__ = run.__qualname__ = name
    run.__wrapped__ = getattr(Backend, name)  # type: ignore[attr-defined]
    return run


def _reduce_method(name: str) -> Callable[..., Any]:
    def run(self: DaskBackend, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Any:
        return self._reduce(name, x, axes=axes, out=out)

    run.__name__ = run.__qualname__ = name
    run.__wrapped__ = getattr(Backend, name)  # type: ignore[attr-defined]
    return run


for _name in [n for n in dir(Backend) if not n.startswith("_") and callable(getattr(Backend, n, None))]:
    if _name in DaskBackend.__dict__:
        continue
    if _name in _ELEMENTWISE:
        setattr(DaskBackend, _name, _chunk_method(_name))
    elif _name in _REDUCTIONS:
        setattr(DaskBackend, _name, _reduce_method(_name))
    else:
        setattr(DaskBackend, _name, _eager_method(_name))

del _name
