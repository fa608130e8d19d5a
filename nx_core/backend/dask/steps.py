"""What the Dask backend runs on each chunk: the NumPy backend's primitives, called by
module-level functions.

A chunk task is a function and its arguments. These functions are bound to their
arguments with ``functools.partial``, so Dask names each task from the function's
qualified name and plain arguments (a primitive's name, DTypes, numbers): cheap to
tokenize, and small to send to a cluster's workers. A closure would be pickled whole
to name every graph built with it (about a millisecond each time).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ...dtype import DType
from ..kernels import reduce as _reduce
from ..kernels.indexed import extremes, range_error
from ..numpy import NumpyBackend, arange_values
from ..numpy import native as _native
from ..numpy import ndarray_of as _nd

__all__ = ["KERNELS", "elementwise", "reduce_step", "reduce_whole", "var_chunk", "var_combine", "var_aggregate", "arange_block", "threefry_block"]

#: The NumPy backend whose primitives compute each chunk (its tensors never escape;
#: no recycling: Dask accounts for the chunks' memory, and frees it).
KERNELS = NumpyBackend(recycle=False)


def _axes(axis: Any) -> tuple[int, ...]:
    return tuple(axis) if isinstance(axis, tuple) else (axis,)


def elementwise(name: str, kinds: tuple, kwargs: dict, *blocks: Any) -> np.ndarray:
    """The primitive ``name`` on one chunk of each tensor operand (``kinds[i]`` is the
    DType of operand ``i``, None for the operands passed as they are)."""
    ops = [_native(b, d, KERNELS) if d is not None else b for b, d in zip(blocks, kinds)]
    with np.errstate(all="ignore"):
        return _nd(getattr(KERNELS, name)(*ops, **kwargs))


def reduce_step(name: str, kind: DType, b: np.ndarray, axis: Any = None, keepdims: bool = True) -> np.ndarray:
    """The reduction ``name`` of a chunk (or of partial results) of DType ``kind``. (Not
    ``dtype``: Dask passes that keyword to reduction steps that have it.)"""
    ax = _axes(axis)
    with np.errstate(all="ignore"):
        r = _nd(getattr(KERNELS, name)(_native(b, kind, KERNELS), axes=ax))
    return r.reshape(tuple(1 if i in ax else n for i, n in enumerate(b.shape))) if keepdims else r


def reduce_whole(name: str, kind: DType, axes: tuple[int, ...], blocks: Any) -> np.ndarray:
    """The reduction ``name`` of one chunk over ``axes``, each of which the chunk holds
    whole: the final values for its other indices. ``blocks`` is the chunk, in a list per
    reduced axis (``dask.array.blockwise`` with ``concatenate=False``)."""
    while type(blocks) is list:
        (blocks,) = blocks
    return reduce_step(name, kind, blocks, axes, keepdims=False)


# The variance in one pass: each chunk's count, mean and sum of squared deviations (a
# structured array, ``moments``), merged with Chan et al.'s formula. Dask infers each
# step's metadata by calling it on empty arrays of x's dtype: the steps answer those in
# kind (``computing_meta``, or an input that is not ``moments``).
def var_chunk(moments: np.dtype, b: np.ndarray, axis: Any = None, keepdims: bool = True, computing_meta: bool = False) -> np.ndarray:
    if computing_meta:
        return b
    ax = _axes(axis)
    keep = tuple(1 if i in ax else n for i, n in enumerate(b.shape))
    r = np.zeros(keep, moments)
    n = math.prod(b.shape[a] for a in ax)
    if n:
        with np.errstate(all="ignore"):
            m = np.true_divide(_reduce.reduce_sum(b, ax).reshape(keep), n)
            if len(ax) == b.ndim and n > _VAR_BLOCK:
                m2 = _squared_deviations(b.reshape(-1), m.reshape(()))
            else:
                d = np.subtract(b, m)
                np.multiply(d, d, out=d)
                m2 = _reduce.reduce_sum(d, ax)
            r["n"], r["mean"], r["m2"] = n, m, m2.reshape(keep)
    return r


#: Elements of a chunk whose squared deviations are summed at a time (in the cache).
_VAR_BLOCK = 1 << 16


def _squared_deviations(flat: np.ndarray, m: np.ndarray) -> np.ndarray:
    """The sum of ``(flat - m) ** 2``, a block at a time in one buffer, the blocks' sums
    summed pairwise: no temporary of the chunk's size (a fresh one per chunk cost its
    page faults, and a pass through memory)."""
    buf = np.empty(_VAR_BLOCK, flat.dtype)
    parts = np.empty(-(-flat.size // _VAR_BLOCK), flat.dtype)
    for i, s in enumerate(range(0, flat.size, _VAR_BLOCK)):
        blk = flat[s : s + _VAR_BLOCK]
        d = buf[: blk.size]
        np.subtract(blk, m, out=d)
        np.multiply(d, d, out=d)
        parts[i] = np.add.reduce(d)
    return np.add.reduce(parts)


def var_combine(moments: np.dtype, p: np.ndarray, axis: Any = None, keepdims: bool = True) -> np.ndarray:
    if p.dtype != moments:
        return p
    ax = _axes(axis)
    r = np.empty(tuple(1 if i in ax else n for i, n in enumerate(p.shape)), moments)
    w = p["n"].astype(p["mean"].dtype)
    with np.errstate(all="ignore"):
        total = w.sum(axis=ax, keepdims=True)
        mean = np.where(total > 0, (w * p["mean"]).sum(axis=ax, keepdims=True) / total, 0)
        dev = p["mean"] - mean
        r["n"] = p["n"].sum(axis=ax, keepdims=True)
        r["mean"] = mean
        r["m2"] = p["m2"].sum(axis=ax, keepdims=True) + (w * dev * dev).sum(axis=ax, keepdims=True)
    return r


def var_aggregate(moments: np.dtype, divisor: float, p: np.ndarray, axis: Any = None, keepdims: bool = False) -> np.ndarray:
    """The merged sum of squared deviations over ``divisor`` (NaN where it is <= 0)."""
    if p.dtype != moments:
        return p
    m2 = var_combine(moments, p, axis)["m2"]
    if not keepdims:
        ax = _axes(axis)
        m2 = m2.reshape(tuple(n for i, n in enumerate(m2.shape) if i not in ax))
    if divisor <= 0:
        return np.full(m2.shape, np.nan, m2.dtype)
    return np.true_divide(m2, float(divisor))


def box_of(block_id: tuple[int, ...], shape: tuple[int, ...], sizes: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The (start, stop) of each axis of the chunk at ``block_id``, in an array of
    ``shape`` whose chunks have ``sizes`` (the last of an axis shorter)."""
    return tuple((i * s, min((i + 1) * s, n)) for i, s, n in zip(block_id, sizes, shape))


def from_first(step: Any, size: int, num: int, first: np.ndarray) -> np.ndarray:
    """``step(i0, i1)`` for the 1-D chunk of elements ``i0 .. i1 - 1`` (``first`` holds
    ``i0``; chunks of ``size`` of ``num`` elements)."""
    i0 = int(first[0])
    return step(i0, min(i0 + size, num))


def drawn_block(fn: Any, args: tuple, shape: tuple, nd: np.dtype, tag: Any, sizes: tuple, block_id: Any = None) -> np.ndarray:
    """``fn(*args, shape, nd, tag, box)`` for the chunk at ``block_id`` (its ``box``): the
    random numbers of a chunk, from its position alone."""
    return fn(*args, shape, nd, tag, box_of(block_id, shape, sizes))


def arange_block(nd: np.dtype, start: Any, step: Any, i0: int, i1: int) -> np.ndarray:
    """The chunk of ``arange`` of elements ``i0 .. i1 - 1``."""
    return arange_values(nd, start, step, i0, i1 - i0)


def threefry_block(kd: DType, cd: DType, kb: np.ndarray, cb: np.ndarray) -> np.ndarray:
    return _nd(KERNELS.threefry(_native(kb, kd, KERNELS), _native(cb, cd, KERNELS)))


# Arg-reductions as trees of (value, index) pairs: each chunk gives the value and the
# global index of its first extreme along the axis (the NumPy backend's own kernel:
# the first NaN wins); partial results are merged, in chunk order, by the same kernel
# run on their values, so the first extreme of the earliest chunk that holds it wins,
# as it does over the whole axis.
def _pairs(vals: np.ndarray, arg: np.ndarray) -> np.ndarray:
    r = np.empty(vals.shape, [("vals", vals.dtype), ("arg", np.int64)])
    r["vals"], r["arg"] = vals, arg
    return r


def arg_chunk(name: str, b: np.ndarray, axis: tuple, offset_info: Any) -> np.ndarray:
    ax = axis[0]
    local = getattr(_reduce, name)(b, ax, True)
    off = offset_info[0][0] if isinstance(offset_info, tuple) else offset_info  # (Dask passes 1-D offsets so)
    return _pairs(np.take_along_axis(b, local, axis=ax), local + off)


def arg_combine(name: str, p: np.ndarray, axis: tuple = (0,), keepdims: bool = True, **_: Any) -> np.ndarray:
    ax = axis[0]
    local = getattr(_reduce, name)(p["vals"], ax, True)
    return _pairs(np.take_along_axis(p["vals"], local, axis=ax), np.take_along_axis(p["arg"], local, axis=ax))


def arg_aggregate(name: str, p: np.ndarray, axis: tuple = (0,), keepdims: bool = False, **_: Any) -> np.ndarray:
    r = arg_combine(name, p, axis)["arg"]
    return r if keepdims else r.reshape(tuple(n for i, n in enumerate(r.shape) if i != axis[0]))


def arg_whole(name: str, axis: int, blocks: Any) -> np.ndarray:
    """The arg-reduction of one chunk holding the axis whole (``blockwise``, unconcatenated)."""
    while type(blocks) is list:
        (blocks,) = blocks
    return getattr(_reduce, name)(blocks, axis, False)


# Scans along an axis split between chunks: chunk j is scanned starting from the last
# accumulated value of chunk j - 1 (a carry), in order, so every element is the
# accumulation of the elements before it in the same order as one scan of the whole
# axis: the CPU device's values, bit for bit. float16 sums and products accumulate in
# float32 (the kernel's rule), so their chunks and carries stay float32 until the end.
_SCANS = {"sum": np.add, "prod": np.multiply, "max": np.maximum, "min": np.minimum}


def scan_chunk(op: str, axis: int, acc: np.dtype, b: np.ndarray, carry: np.ndarray | None = None) -> np.ndarray:
    """The scan of chunk ``b`` along ``axis`` in dtype ``acc``, from ``carry`` (the
    accumulated value before it, one element along the axis) when given."""
    ufunc = _SCANS[op]
    with np.errstate(all="ignore"):
        if carry is None:
            return ufunc.accumulate(b, axis=axis, dtype=acc)
        out = b.astype(acc, copy=True)
        first = (slice(None),) * axis + (slice(0, 1),)
        ufunc(carry, out[first], out=out[first])
        ufunc.accumulate(out, axis=axis, dtype=acc, out=out)
        return out


def scan_whole(op: str, kind: DType, axis: int, b: np.ndarray) -> np.ndarray:
    """The NumPy backend's scan of a chunk holding the axis whole."""
    return _nd(KERNELS.associative_scan(_native(b, kind, KERNELS), axis=axis, op=op))


def last(axis: int, b: np.ndarray) -> np.ndarray:
    """The last element along ``axis`` (kept as an axis of one)."""
    return b[(slice(None),) * axis + (slice(b.shape[axis] - 1, None),)]


def astype(nd: np.dtype, b: np.ndarray) -> np.ndarray:
    return b.astype(nd)

#: The ops ``associative_scan`` knows (others go to the kernel, which raises).
SCAN_OPS = frozenset(_SCANS)
#: Marks a tensor operand in a signature (``DaskBackend._result_dtype``).
TENSOR = object()


# ------------------------------------------------------------------ indices
def in_bounds(prim: str, axis: int, n: int, b: np.ndarray) -> np.ndarray:
    """``b``'s indices into an axis of ``n`` as int64, negative ones counted from the end;
    IndexError, naming ``prim``, for any outside ``[-n, n)``."""
    if b.size:
        lo, hi = extremes(b)
        e = range_error(prim, lo, hi, axis, n)
        if e is not None:
            raise e
        if lo < 0:
            return np.where(b < 0, b + n, b).astype(np.int64, copy=False)
    return b.astype(np.int64, copy=False)


def guarded(check: Any, count: int, b: np.ndarray, *values: np.ndarray) -> np.ndarray:
    """``b``, once ``check`` has passed the values (0-d arrays, as Python scalars)."""
    check(*(v.item() for v in values[:count]))
    return b



def take_positions(b: np.ndarray, positions: np.ndarray, values: Any, offsets: tuple, shape: tuple) -> np.ndarray:
    """A copy of chunk ``b`` (of an array of ``shape``, starting at ``offsets``) with
    ``values`` written at the row-major ``positions`` that fall inside it, in order (the
    last write to a position wins)."""
    if not positions.size:
        return b
    coords = np.unravel_index(positions, shape)
    inside = np.ones(positions.shape, bool)
    for c, o, n in zip(coords, offsets, b.shape):
        inside &= (c >= o) & (c < o + n)
    if not inside.any():
        return b
    out = b.copy()
    local = tuple(c[inside] - o for c, o in zip(coords, offsets))
    out[local] = values[inside] if isinstance(values, np.ndarray) and values.ndim else values
    return out


def put_block(shape: tuple, offsets: tuple, b: np.ndarray, positions: np.ndarray, values: Any = None, scalar: Any = None) -> np.ndarray:
    """``take_positions`` for one chunk, its positions (and values) already its own."""
    return take_positions(b, positions, scalar if values is None else values, offsets, shape)


def search_part(side: Any, kinds: tuple, extra_axis: bool, b2: np.ndarray, b1: np.ndarray) -> np.ndarray:
    """How many elements of the sorted chunk ``b1`` go before each element of ``b2``
    (``side`` as searchsorted's), as an extra last axis of one with ``extra_axis``."""
    r = _nd(KERNELS.searchsorted(_native(b1, kinds[0], KERNELS), _native(b2, kinds[1], KERNELS), side=side))
    return r[..., None] if extra_axis else r


def isin_part(invert: bool, kinds: tuple, b1: np.ndarray, b2: np.ndarray) -> np.ndarray:
    """Whether each element of ``b1`` is in the chunk ``b2``, as an extra last axis of one."""
    r = KERNELS.isin(_native(b1, kinds[0], KERNELS), _native(b2.reshape(-1), kinds[1], KERNELS))
    return _nd(r)[..., None]


def gather_block(kinds: tuple, axis: int, data: Any, idx: np.ndarray) -> np.ndarray:
    while type(data) is list:
        (data,) = data
    return _nd(KERNELS.gather(_native(data, kinds[0], KERNELS), _native(idx, kinds[1], KERNELS), axis=axis))


def scatter_block(kinds: tuple, axis: int, mode: str, template: np.ndarray, idx: np.ndarray, updates: np.ndarray) -> np.ndarray:
    k = KERNELS
    r = k.scatter(_native(template, kinds[0], k), indices=_native(idx, kinds[1], k), updates=_native(updates, kinds[2], k), axis=axis, mode=mode)
    return _nd(r)


def kernel(name: str, kinds: tuple, kwargs: dict, *blocks: Any) -> Any:
    """The NumPy backend's primitive ``name`` on chunks (``kinds``: each operand's DType,
    None for one passed as it is); a tuple of results comes back as a tuple of arrays."""
    ops = [_native(b, d, KERNELS) if d is not None else b for b, d in zip(blocks, kinds)]
    late = [k for k, v in kwargs.items() if isinstance(v, str) and v == OPERAND]
    if late:  # keywords that take operands (a batch of rtol values): the last ones
        kwargs = {**kwargs, **dict(zip(late, ops[len(ops) - len(late):]))}
        ops = ops[: len(ops) - len(late)]
    with np.errstate(all="ignore"):
        r = getattr(KERNELS, name)(*ops, **kwargs)
    return tuple(None if v is None else _nd(v) for v in r) if type(r) is tuple else _nd(r)


def part(i: int, r: tuple) -> np.ndarray:
    return r[i]


def ravel(shape: tuple, *idx: np.ndarray) -> np.ndarray:
    """The row-major linear index into ``shape`` of the (checked, non-negative) index
    arrays ``idx``, broadcast together."""
    return np.ravel_multi_index(tuple(np.broadcast_arrays(*idx)), shape)


def positions(shape: tuple, block_info: Any = None) -> np.ndarray:
    """The row-major positions, in an array of ``shape``, of the elements of one chunk."""
    loc = block_info[None]["array-location"]
    grids = np.meshgrid(*(np.arange(a, b, dtype=np.int64) for a, b in loc), indexing="ij", sparse=True)
    return np.ravel_multi_index(tuple(grids), shape) if grids else np.zeros((), np.int64)


#: In ``kernel``'s keywords: the keyword takes the next operand after the positional ones.
OPERAND = "<operand>"


def kernel_whole(name: str, kinds: tuple, kwargs: dict, *blocks: Any) -> Any:
    """``kernel`` on unconcatenated ``blockwise`` operands (a contracted axis held whole:
    each operand in a list per such axis)."""
    ops = []
    for b in blocks:
        while type(b) is list:
            (b,) = b
        ops.append(b)
    return kernel(name, kinds, kwargs, *ops)


# ------------------------------------------------------------------ creation
def linspace_block(start: Any, stop: Any, num: int, endpoint: bool, nd: np.dtype, i0: int, i1: int) -> np.ndarray:
    """The chunk of ``numpy.linspace(start, stop, num, endpoint, dtype=nd)`` whose element
    indices are ``i``, computed as NumPy computes the whole (the same operations on the
    same values, element by element)."""
    div = (num - 1) if endpoint else num
    dt = np.result_type(np.asarray(start), np.asarray(stop), np.float16)  # NumPy's ensure_inexact
    delta = np.subtract(stop, start, dtype=dt)
    y = np.arange(i0, i1, dtype=dt)
    if div > 0:
        step = delta / div
        if step == 0:  # denormals, as NumPy does it
            y /= div
            y *= delta
        else:
            y *= step
    else:
        y = y * delta
    y += start
    if endpoint and num > 1 and i1 == num and i1 > i0:
        y[-1] = stop
    if nd.kind in "iu":
        np.floor(y, out=y)
    with np.errstate(all="ignore"):
        return y.astype(nd, copy=False)


def eye_block(k: int, nd: np.dtype, shape: tuple, sizes: tuple, block_id: Any = None) -> np.ndarray:
    """The chunk at ``block_id`` of ``eye(*shape, k=k)`` in chunks of ``sizes``."""
    (r0, r1), (c0, c1) = box_of(block_id, shape, sizes)
    out = np.zeros((r1 - r0, c1 - c0), nd)
    i = np.arange(r0, r1)
    j = i + k
    ok = (j >= c0) & (j < c1)
    out[i[ok] - r0, j[ok] - c0] = 1
    return out


def triangle(lower: bool, k: int, b: np.ndarray, block_info: Any = None) -> np.ndarray:
    """``numpy.tril`` (``lower``) or ``triu`` of a chunk, placed by its location."""
    loc = block_info[0]["array-location"]
    (r0, r1), (c0, c1) = loc[-2], loc[-1]
    d = np.arange(c0, c1)[None, :] - np.arange(r0, r1)[:, None]
    keep = d <= k if lower else d >= k
    return np.where(keep, b, np.zeros(1, b.dtype))


