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

from ..dtype import DType
from . import _reduce
from .numpy_cpu import NumpyBackend, _native, _nd, arange_values

__all__ = ["KERNELS", "elementwise", "reduce_step", "reduce_whole", "var_chunk", "var_combine", "var_aggregate", "arange_block", "threefry_block"]

#: The NumPy backend whose primitives compute each chunk (its tensors never escape).
KERNELS = NumpyBackend()


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
            d = np.subtract(b, m)
            np.multiply(d, d, out=d)
            r["n"], r["mean"], r["m2"] = n, m, _reduce.reduce_sum(d, ax).reshape(keep)
    return r


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


def arange_block(nd: np.dtype, start: Any, step: Any, i: np.ndarray) -> np.ndarray:
    """The chunk of ``arange`` whose element indices are ``i``."""
    return arange_values(nd, start, step, int(i[0]) if i.size else 0, i.size)


def threefry_block(kd: DType, cd: DType, kb: np.ndarray, cb: np.ndarray) -> np.ndarray:
    return _nd(KERNELS.threefry(_native(kb, kd, KERNELS), _native(cb, cd, KERNELS)))
