"""The Dask backend: every tensor is a lazy, chunked ``dask.array`` array.

Each chunk is computed by the NumPy backend's own kernels, so nx's semantics (C
division, saturating casts, NaN-last stable sorts, Threefry) hold chunk by chunk. Every
primitive whose result's shape does not depend on the values builds a graph, with
bounded memory per task:

- elementwise primitives, casts and Threefry are ``map_blocks`` over the chunks;
- reductions, arg-reductions and scans (``reductions``): trees of partial
  results, or one task per chunk where each chunk holds the reduced axis whole; scans
  carry each chunk's last value into the next, in order (exact);
- indexing, sorts, searches and writes (``indexing``): Dask's own selection for
  indices (checked when the call is made if they are in memory, when computed if not);
  sorts on chunks that hold the sorted axis whole; writes give the tensor a new graph;
- products, linear algebra, FFTs and windows (``linalg``): blocked products, one
  task per matrix, Dask's tall-and-skinny QR for tall matrices in blocks of rows, FFTs
  on chunks that hold the transformed axes whole;
- creation, host data and random numbers (``creation``): each chunk from its
  position; memory-mapped and chunked stores (Zarr) read chunk by chunk.

What must come into memory (values for the host; a mask, the operand of ``unique``,
whose results' shapes depend on the values; an axis a sort needs whole) is checked
against a memory budget first (``set_memory_budget``): ``MemoryError`` naming the
primitive, the size and the way out, rather than the operating system's kill.

Values are computed when a Python scalar, a NumPy array, DLPack, ``repr`` or
``to_device`` asks for them, and by ``persist``. With an active ``dask.distributed``
client, Dask runs every computation on its cluster.

Views: dask arrays are immutable, so a tensor's contents are its own. Writing into a
tensor (``assign``, ``assign_at``, ``index_put``, ``out=``) gives that tensor new contents;
views taken from it earlier, and the tensors it was taken from, keep theirs. Nothing
shares memory (``aliased`` is always False).

Chunks: blocks of whole rows (consecutive elements in C order), sized by Dask's
``array.chunk-size`` setting (``dask.config.set({"array.chunk-size": "64MiB"})``), or a
chunking given to ``set_chunks`` (per rank, or a rule); at most ``MAX_CHUNKS`` (4096)
chunks per new array, larger chunks past that, so that a graph is built in constant
time whatever the array's size.
"""

from __future__ import annotations

import functools
import inspect
import operator
from typing import Any, Callable, Literal, Sequence

import dask
import dask.array as da
import numpy as np
from dask.tokenize import normalize_token

from ...dtype import DType, bool_
from ...tensor import Tensor, tensor_maker
from ...view import View
from ..numpy import NP as _NP
from ..numpy import NumpyBackend, check_expand
from ..numpy import native as _native
from ..numpy import ndarray_of as _nd
from ..protocol import Backend
from . import steps
from .core import (
    MAX_CHUNKS,
    check_budget,
    chunk_bytes,
    chunks_for,
    compute_kw,
    is_lazy,
    known,
    memory_budget,
    meta_of,
    nbytes,
    rebind,
    set_chunks,
    set_memory_budget,
    tensor,
)
from .creation import Creation
from .indexing import Indexing, reshape
from .linalg import Linalg
from .reductions import Reductions

__all__ = ["DaskBackend", "set_chunks", "set_memory_budget", "memory_budget", "MAX_CHUNKS"]

normalize_token.register(DType)(lambda d: ("nx.DType", d.name))  # tasks are named by their dtypes' names
_compute_kw = compute_kw  # (the name the tests and docs use)

# Primitives computed chunk by chunk (their tensor operands have one shape).
_ELEMENTWISE = (
    "add sub mul div pow atan2 max min cmpeq cmpne cmplt cmple bitwise_and bitwise_or bitwise_xor "
    "floor_divide remainder hypot logaddexp nextafter copysign bitwise_left_shift bitwise_right_shift "
    "neg positive abs sign square sqrt exp expm1 log log1p log2 log10 sin cos tan asin acos atan "
    "sinh cosh tanh asinh acosh atanh ceil floor trunc round recip isnan isinf isfinite signbit erf "
    "logical_not bitwise_invert conj real imag where cast bitcast engine_cast "
    # seed 004's names (protocol.SEED_PRIMITIVES)
    "mod_ and_ or_ xor round_half_even"
).split()
# Primitives that write into an operand: name -> position of the written tensor.
_WRITES = {"assign": 0, "assign_at": 0, "index_put": 0}


class DaskBackend(Creation, Reductions, Indexing, Linalg):
    """Dask arrays, computed chunk by chunk with the NumPy backend's kernels."""

    name = "dask"
    strided = False

    def __init__(self, device: Any = None) -> None:
        self.device = device
        #: Makes an empty tensor of the device's tensor class (``make_backend`` sets it too).
        self.make_tensor = tensor_maker(device)
        #: The NumPy backend whose primitives compute each chunk (its tensors never escape;
        #: no recycling: Dask accounts for the chunks' memory, and frees it).
        self.np = NumpyBackend(device, recycle=False)

    def __repr__(self) -> str:
        return f"DaskBackend(device={self.device!r})"

    # ------------------------------------------------------------ computed operands
    def _in(self, x: Any, values: dict) -> Any:
        """An operand for the NumPy backend: dask tensors replaced by their computed
        ``values`` (keyed by id; nested in lists too)."""
        if is_lazy(x):
            return _native(np.asarray(values[id(x)]), x.dtype, self.np)
        if type(x) in (list, tuple):
            return type(x)(self._in(v, values) for v in x)
        return x

    @staticmethod
    def _computed(name: str, args: tuple, kwargs: dict) -> dict:
        """The values of every dask tensor among the operands, from one Dask computation
        (a graph they share is computed once), within the memory budget."""
        found: dict = {}

        def walk(x: Any) -> None:
            if is_lazy(x):
                found[id(x)] = x
            elif type(x) in (list, tuple):
                for v in x:
                    walk(v)

        walk(args)
        walk(tuple(kwargs.values()))
        if not found:
            return {}
        size = sum(nbytes(t.shape, t.dtype.itemsize) for t in found.values())
        check_budget(name, size, "bringing its operands into memory", "apply it to a smaller slice, or reduce the operands first")
        values = {}
        lazy = {}
        for i, t in found.items():
            k = known(t.arr, limit=1 << 62)
            if k is None:
                lazy[i] = t.arr
            else:
                values[i] = k
        if lazy:
            values.update(zip(lazy, dask.compute(*lazy.values())))
        return values

    def _out(self, r: Any) -> Any:
        """A NumPy backend result as the Dask backend's (tensors lifted, the rest as is)."""
        if isinstance(r, Tensor):
            return self._lift(_nd(r), r.dtype)
        if type(r) in (list, tuple):
            return type(r)(self._out(v) for v in r)
        return r

    def _eager(self, name: str, args: tuple, kwargs: dict) -> Any:
        """``name`` run by the NumPy backend on computed operands; written operands and
        ``out`` get the written values as their new contents. For the primitives whose
        results' shapes depend on the values, and for empty operands."""
        values = self._computed(name, args, kwargs)
        a = self._in(args, values)
        k = {key: self._in(v, values) for key, v in kwargs.items()}
        r = getattr(self.np, name)(*a, **k)
        out = kwargs.get("out")
        if out is not None:
            rebind(out, self._lift(_nd(k["out"]), out.dtype).arr)
            return out
        w = _WRITES.get(name)
        if w is not None:
            rebind(args[w], self._lift(_nd(a[w]), args[w].dtype).arr)
            return args[w]
        return self._out(r)

    def _small(self, name: str, args: tuple, kwargs: dict, out: Tensor | None) -> Any:
        """``_eager`` for the cases with no elements to stream (empty or 0-d operands)."""
        return self._eager(name, args, {**kwargs, "out": out} if out is not None else kwargs)

    def _key_words(self, key: Tensor) -> tuple[int, int]:
        """A random key's two words: read if in memory, else computed (8 bytes)."""
        k = known(key.arr)
        w = np.asarray(key.arr.compute() if k is None else k)
        return int(w[0]), int(w[1])

    def guard(self, t: Tensor, check: Callable[..., None], *values: Tensor) -> Tensor:
        """``t``, its chunks computed only once ``check`` has passed the values (0-d
        tensors): the check runs when ``t``'s values are computed, and its error is raised
        there. Values held in memory already are checked now."""
        held = [known(v.arr) for v in values]
        if all(h is not None for h in held):
            check(*(np.asarray(h).item() for h in held))
            return t
        if t.numel == 0 or not values:
            return t
        a = t.arr
        ind = tuple(range(a.ndim))
        step = functools.partial(steps.guarded, check, len(values))
        nd = _NP[t.dtype]
        r = da.blockwise(step, ind, a, ind, *[x for v in values for x in (v.arr, ())], dtype=nd, meta=meta_of(nd, a.ndim))
        return tensor(r, t.dtype, self)

    # ------------------------------------------------------------ chunk by chunk
    @functools.lru_cache(maxsize=1024)  # noqa: B019 - one backend per device, kept for the process
    def _result_dtype(self, name: str, dtypes: tuple, kw: tuple) -> tuple[DType, tuple]:
        """(dtype, shape) of ``name`` on one-element tensors of the DTypes in ``dtypes``
        and the other operands as they are (``_signature``)."""
        ops = [_native(np.ones((1,), _NP[d[1]]), d[1], self.np) if type(d) is tuple and d[0] is steps.TENSOR else d for d in dtypes]
        with np.errstate(all="ignore"):
            r = getattr(self.np, name)(*ops, **dict(kw))
        return r.dtype, r.shape

    def _chunkwise(self, name: str, args: tuple, kwargs: dict) -> Any:
        out = kwargs.pop("out", None)
        if name == "cast" and out is not None and kwargs.get("dtype") is None:
            kwargs["dtype"] = out.dtype
        tensors = [a for a in args if is_lazy(a)]
        if not tensors or any(t.numel == 0 for t in tensors) or any(isinstance(v, Tensor) for v in kwargs.values()):
            return self._small(name, args, kwargs, out)
        kw = tuple(sorted(kwargs.items(), key=lambda kv: kv[0]))
        try:
            dtype, shape = self._result_dtype(name, tuple(_signature(a) for a in args), kw)
        except TypeError:  # unhashable arguments: the general path
            return self._small(name, args, kwargs, out)
        if shape != (1,) or (out is not None and out.dtype is not dtype):
            return self._small(name, args, kwargs, out)
        block = functools.partial(steps.elementwise, name, tuple(a.dtype if is_lazy(a) else None for a in args), kwargs)
        first = tensors[0].arr
        ops = [(a.arr if a.arr.chunks == first.chunks else a.arr.rechunk(first.chunks)) if is_lazy(a) else a for a in args]
        r = da.map_blocks(block, *ops, dtype=_NP[dtype], meta=meta_of(_NP[dtype], tensors[0].ndim))
        return self._into(out, r, dtype)

    def _into(self, out: Tensor | None, arr: Any, dtype: DType) -> Tensor:
        """The result ``arr`` (of ``dtype``) as a tensor, or as ``out``'s new contents
        (cast to ``out``'s dtype by the cast kernel when it differs)."""
        if out is None:
            return tensor(arr, dtype, self)
        if out.dtype is not dtype:
            arr = self.cast(tensor(arr, dtype, self), dtype=out.dtype).arr
        rebind(out, arr)
        return out

    def dlpack_device(self, t: Tensor) -> tuple[int, int]:
        return (1, 0)  # kDLCPU: the values come to the host

    # ------------------------------------------------------------ layout
    def view(self, t: Tensor) -> View:
        return t.view

    def layout(self, t: Tensor) -> tuple[Any, View]:
        """The dask array itself, read in C order (no memory layout to report)."""
        return t.arr, View.create(t.shape)

    # ------------------------------------------------------------ movement
    def basic_view(self, t: Tensor, key: tuple) -> Tensor:
        # Slice bounds may be any integer (an object with __index__), which Dask's
        # slicing refuses: they go to it as ints.
        key = tuple(_int_slice(k) if type(k) is slice else k for k in key)
        return tensor(t.arr[key], t.dtype, self)

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        return tensor(da.transpose(t.arr, tuple(axes)), t.dtype, self)

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        return tensor(reshape(t.arr, tuple(shape)), t.dtype, self)

    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """Dask's broadcast, with the new and expanded axes cut so that a chunk stays
        within ``array.chunk-size`` (Dask's own keeps them whole: a row broadcast to a
        matrix of a million rows would be one chunk of all of them)."""
        shape = tuple(shape)
        a = t.arr
        if a.shape == shape:
            return t
        k = len(shape) - a.ndim
        if 0 not in shape and nbytes(t.shape, t.dtype.itemsize) <= chunk_bytes():
            # A small operand (a row, a column, a scalar): the chunks a new array of the
            # result's shape gets (blocks of whole rows), its own cut to match.
            target = da.core.normalize_chunks(chunks_for(shape, t.dtype), shape, dtype=_NP[t.dtype])
            src = tuple((1,) if n == 1 and shape[i + k] != 1 else target[i + k] for i, n in enumerate(a.shape))
            return tensor(da.broadcast_to(a.rechunk(src), shape, chunks=target), t.dtype, self)
        spec = tuple("auto" if i < k or (a.shape[i - k] == 1 and n != 1) else a.chunks[i - k] for i, n in enumerate(shape))
        if "auto" in spec and 0 not in shape:
            chunks = da.core.normalize_chunks(spec, shape, limit=chunk_bytes(), dtype=_NP[t.dtype])
            return tensor(da.broadcast_to(a, shape, chunks=chunks), t.dtype, self)
        return tensor(da.broadcast_to(a, shape), t.dtype, self)

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        return tensor(t.arr[tuple(slice(a, b) for a, b in bounds)], t.dtype, self)

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        return tensor(t.arr[tuple(slice(None, None, -1) if f else slice(None) for f in flags)], t.dtype, self)

    def cat(self, tensors: Sequence[Tensor], axis: int, out: Tensor | None = None) -> Tensor:
        r = da.concatenate([t.arr for t in tensors], axis=axis) if len(tensors) > 1 else self.copy(tensors[0]).arr
        return self._into(out, r, tensors[0].dtype)

    def contiguous(self, t: Tensor) -> Tensor:
        return t

    def copy(self, t: Tensor) -> Tensor:
        a = t.arr  # immutable: a new array object over the same graph is a copy
        return tensor(da.Array(a.dask, a.name, a.chunks, meta=a._meta), t.dtype, self)

    def aliased(self, t: Tensor, exempt: Sequence[Tensor] = ()) -> bool:
        return False

    def overlap(self, t: Tensor, region: Tensor) -> Tensor | Literal[True] | None:
        return None  # (no buffer is written in place)

    # ------------------------------------------------------------ the seed's primitives
    # Seed 004's names (protocol.SEED_PRIMITIVES) that the generic wrappers below the
    # class would not compute lazily (the element-wise ones are in _ELEMENTWISE): expand
    # and pad as Dask's own lazy operations, and the reductions' keepdims as a reshape of
    # the reduced array.
    def dtype(self, t: Tensor) -> DType:
        return t.dtype

    def context(self, t: Tensor) -> Any:
        return t.backend

    def expand(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        shape = tuple(shape)
        check_expand(t.shape, shape)
        return self.broadcast_to(t, shape)

    def pad(self, t: Tensor, padding: Sequence[tuple[int, int]], fill_value: Any) -> Tensor:
        pads = tuple((int(b), int(e)) for b, e in padding)
        if t.numel == 0 or not pads:
            return self._eager("pad", (t, pads, fill_value), {})
        v = _nd(self.np.full(t.dtype, (), fill_value))  # nx's conversion of the value
        return tensor(da.pad(t.arr, pads, mode="constant", constant_values=v), t.dtype, self)

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
    """An operand as ``_result_dtype`` takes it: a tensor by (TENSOR, its DType), a Python number by
    its type (a 1 of it), anything else (a DType, a flag) as it is."""
    if isinstance(a, Tensor):
        return (steps.TENSOR, a.dtype)
    if type(a) in (bool, int, float, complex):
        return type(a)(1)
    return a


def _eager_method(name: str) -> Callable[..., Any]:
    def run(self: DaskBackend, *args: Any, **kwargs: Any) -> Any:
        return self._eager(name, args, kwargs)

    run.__name__ = run.__qualname__ = name
    functools.update_wrapper(run, getattr(Backend, name), assigned=("__doc__",), updated=())  # its doc, and the protocol's signature (__wrapped__)
    return run


def _chunk_method(name: str) -> Callable[..., Any]:
    # The protocol's element-wise primitives take ``out`` positionally too (after their
    # operands): one given so is moved to the keywords.
    params = list(inspect.signature(getattr(Backend, name)).parameters)
    at = params.index("out") - 1 if "out" in params else None  # (params[0] is self)

    def run(self: DaskBackend, *args: Any, **kwargs: Any) -> Any:
        if at is not None and len(args) > at:
            kwargs["out"] = args[at]
            args = args[:at]
        return self._chunkwise(name, args, kwargs)

    run.__name__ = run.__qualname__ = name
    functools.update_wrapper(run, getattr(Backend, name), assigned=(), updated=())  # the protocol's signature (__wrapped__)
    return run


#: The primitives computed eagerly: their results' shapes depend on the values (or
#: they make tensors from Python values, already in memory).
EAGER = []
for _name in [n for n in dir(Backend) if not n.startswith("_") and callable(getattr(Backend, n, None))]:
    if any(_name in c.__dict__ for c in DaskBackend.__mro__[:-1]):
        continue
    if _name in _ELEMENTWISE:
        setattr(DaskBackend, _name, _chunk_method(_name))
    else:
        setattr(DaskBackend, _name, _eager_method(_name))
        EAGER.append(_name)

del _name
