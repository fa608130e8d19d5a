"""Exact-semantics NumPy kernels for reductions, arg-reductions and inclusive scans.

Pure functions on NumPy arrays (any layout).  ``axes`` is a tuple of non-negative,
unique, valid axes (the frontend checked them); an empty tuple means "no reduction"
and yields a copy.  ``out``, when given, is a C-contiguous array of the result shape
(shaped by ``keepdims``) and dtype; the kernel writes into it and returns it.

* Integers wrap (sums and products accumulate in the input dtype).
* float16 sums and products accumulate in float32 and are rounded back once.
* max/min propagate NaN; bool max = any, min = all; an empty reduced extent raises
  ``ValueError``.
* argmax/argmin return int64 indices of the first occurrence; the first NaN wins.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

# Module-level names for the hot paths: NumPy's module has a __getattr__, so CPython
# cannot specialise ``np.name`` reads.
_ndarray, _add = np.ndarray, np.add

__all__ = [
    "reduce_sum",
    "reduce_prod",
    "reduce_max",
    "reduce_min",
    "reduce_any",
    "reduce_all",
    "reduce_var",
    "argmax",
    "argmin",
    "associative_scan",
]

_IGNORE: dict[str, Any] = {"all": "ignore"}  # np.errstate(**_IGNORE)
_F16 = np.dtype(np.float16)


def _result_shape(shape: tuple[int, ...], axes: tuple[int, ...], keepdims: bool) -> tuple[int, ...]:
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in axes)


def _c_order(r: Any) -> np.ndarray:
    """A reduction's result as the kernels give theirs, a C-contiguous array: NumPy's
    ``reduce`` gives a scalar for a whole reduction and keeps a transposed input's order."""
    if r.__class__ is not _ndarray:
        return np.asarray(r)
    return r if r.flags.c_contiguous else np.ascontiguousarray(r)


def _copy(
    x: np.ndarray, out: np.ndarray | None, dtype: np.dtype | type[np.generic] | None = None
) -> np.ndarray:
    if out is None:
        out = np.empty(x.shape, dtype=x.dtype if dtype is None else dtype)
    np.copyto(out, x, casting="unsafe")
    return out


def _arith(ufunc: np.ufunc, x: np.ndarray, axes, keepdims: bool, out):
    axes = tuple(axes)
    if not axes:
        return _copy(x, out)
    dt = x.dtype
    # Floating-point overflow warns here as it does in NumPy's sum and in nx's elementwise
    # arithmetic (an errstate block would cost more than a small sum itself).
    if dt is _F16:
        r = ufunc.reduce(x, axis=axes, dtype=np.float32, keepdims=keepdims)
        if out is None:
            out = np.empty(r.shape, dtype=dt)
        with np.errstate(over="ignore"):  # the float32 total rounded back: inf, as in float16 arithmetic
            np.copyto(out, r, casting="unsafe")
        return out
    if out is None:
        # The order NumPy adds in follows the layouts of x and of the result, which it lays
        # out as x when it allocates it: reduced so, a strided x (a transpose, an indexing
        # result) sums exactly as NumPy's own sum of it, each row as it would alone.
        return _c_order(ufunc.reduce(x, axis=axes, dtype=dt, keepdims=keepdims))
    ufunc.reduce(x, axis=axes, dtype=dt, keepdims=keepdims, out=out)
    return out


def reduce_sum(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Sum over ``axes``; empty reduction gives 0; integers wrap; bool sum is ``any``."""
    return _arith(_add, x, axes, keepdims, out)


def reduce_prod(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Product over ``axes``; empty reduction gives 1; integers wrap; bool prod is ``all``."""
    return _arith(np.multiply, x, axes, keepdims, out)


def distinct(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """``x`` with each reduced axis of stride 0 cut to its one element.

    A broadcast axis repeats one element: its maximum, minimum, any and all are that
    element, so these idempotent reductions read each element of memory once, whatever
    the broadcast shape (the bounds check of ``take`` over a ``broadcast_to(i, (2**40,))``
    index is then one comparison, not 2**40)."""
    if 0 not in x.strides:
        return x
    key = [slice(None)] * x.ndim
    cut = False
    for a in axes:
        if x.strides[a] == 0 and x.shape[a] > 1:
            key[a] = slice(0, 1)
            cut = True
    return x[tuple(key)] if cut else x


def _extreme(name: str, ufunc: np.ufunc, x: np.ndarray, axes, keepdims: bool, out):
    axes = tuple(axes)
    if not axes:
        return _copy(x, out)
    for a in axes:
        if x.shape[a] == 0:
            raise ValueError(
                f"{name}: cannot reduce over an empty axis {a} (shape {tuple(x.shape)})"
            )
    # (no np.errstate: maximum and minimum raise no floating-point warning, NaN and
    # infinities included, as NumPy's max and min; the context costs a call's time)
    return _order_free(ufunc, distinct(x, axes), axes, keepdims, out)


def _order_free(ufunc: np.ufunc, x: np.ndarray, axes: tuple[int, ...], keepdims: bool, out: np.ndarray | None) -> np.ndarray:
    """The reduction of ``x`` over ``axes`` by a ufunc whose result does not depend on
    the order the elements are met in (maximum, minimum, logical and, logical or): by
    groups of rows where that pays (``_grouped``), else NumPy's ``reduce``; into ``out``,
    or a new C-contiguous array of x's dtype."""
    if x.size >= _GROUP_MIN:
        if out is None:
            out = np.empty(_result_shape(x.shape, axes, keepdims), dtype=x.dtype)
        if _grouped(ufunc, x, axes, out):
            return out
    return _c_order(ufunc.reduce(x, axis=axes, keepdims=keepdims, out=out))


# ------------------------------------------------- leading axes, rows in groups
# NumPy reduces a C-contiguous (n, m) array over its leading axis a row at a time: n
# calls of the inner loop on m elements each, slow for a short m (a 20000x32 column
# minimum takes three times as long as a pass over the same memory). For the
# reductions whose result does not depend on the order the elements are met in
# (maximum, minimum, logical and, logical or: each result is one of the elements, or
# a truth value), ``_grouped`` reads ``r`` rows at once as one row of ``r * m``
# elements, reduces those long rows, then the ``r`` partial results and the rows left
# over: the same result in two short reductions of long inner loops.
_GROUP = 4096  # elements of one long row (32 KiB of float64: inside the L1/L2 caches)
_GROUP_MIN = 1 << 16  # elements below which NumPy's own reduction is as fast


def _grouped(ufunc: np.ufunc, x: np.ndarray, axes: tuple[int, ...], out: np.ndarray) -> bool:
    """Write ``ufunc``'s reduction of ``x`` (of ``_GROUP_MIN`` elements or more: the
    callers' test) over ``axes`` into ``out`` by groups of rows when ``x`` is C-contiguous, ``axes`` are its leading axes and the kept trailing run
    is short; False (``out`` untouched) otherwise. Order-independent ufuncs only."""
    k = len(axes)
    if k == x.ndim or axes != tuple(range(k)) or not (x.flags.c_contiguous and out.flags.c_contiguous):
        return False
    m = x.size // math.prod(x.shape[:k])  # the kept run: out's size
    r = _GROUP // m
    n = x.size // m
    if m == 1 or r < 8 or n < 2 * r:  # (one kept element: NumPy reduces a single run already)
        return False
    q = n // r
    x2 = x.reshape(n, m)
    part = ufunc.reduce(x2[: q * r].reshape(q, r * m), axis=0).reshape(r, m)
    o = out.reshape(m)
    ufunc.reduce(part, axis=0, out=o)
    if q * r < n:
        ufunc(o, ufunc.reduce(x2[q * r :], axis=0), out=o)
    return True


def reduce_max(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Maximum over ``axes``; NaN propagates; bool max is ``any``; empty extent raises."""
    return _extreme("reduce_max", np.maximum, x, axes, keepdims, out)


def reduce_min(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Minimum over ``axes``; NaN propagates; bool min is ``all``; empty extent raises."""
    return _extreme("reduce_min", np.minimum, x, axes, keepdims, out)


def reduce_var(x: np.ndarray, axes: tuple[int, ...], correction: float, out=None):
    """The variance over ``axes`` in two passes, as NumPy's ``var``: the mean (``reduce_sum``
    over the count), then the sum of the squared deviations from it over ``count -
    correction``; NaN where that divisor is <= 0 (and, by the arithmetic, for an empty
    extent). Real floating ``x``; the result has its dtype."""
    axes = tuple(axes)
    n = math.prod(x.shape[a] for a in axes)
    keep = _result_shape(x.shape, axes, True)
    if n == 0:  # 0 / 0, without the division's warning
        m = np.full(keep, np.nan, x.dtype)
    else:
        m = np.true_divide(reduce_sum(x, axes).reshape(keep), float(n))
    ss = _blocked_squared_deviations(x, m, axes)
    if ss is None:
        dev = np.asarray(np.subtract(x, m))  # fresh and dense (0-d: a scalar made an array): squared in place
        np.multiply(dev, dev, out=dev)
        ss = reduce_sum(dev, axes)
    divisor = n - correction
    if out is None:
        out = np.empty(ss.shape, x.dtype)
    if divisor <= 0:
        out[...] = np.nan
    else:
        np.true_divide(ss, float(divisor), out=out)
    return out


# ---------------------------------------------------------------- var, blocked
# The second pass of a large variance, in blocks that stay in the cache: NumPy's var makes
# the whole array of squared deviations (as large as x: 128 MB for a 4000x4000 float64,
# written, squared and read back); the blocks make ``_BLOCK`` elements at a time and give
# the same sums bit for bit. That holds for a C-contiguous x reduced over its trailing
# axes (all of them included): each result element is then NumPy's pairwise sum of one
# contiguous run of squared deviations, which the blocks reproduce either by whole runs
# (runs of at most _BLOCK elements, a block of them at a time) or by the pairwise sum's
# own tree, cut into subtrees of at most _BLOCK elements (a longer run). Other reductions
# (a leading axis, a strided x) keep the whole array.
_BLOCK = 1 << 17  # elements (1 MiB of float64)
_SPLITS_AS_NUMPY: list[bool] = []  # [whether NumPy's pairwise sum splits as _pairwise does], checked once


def _pairwise(run: np.ndarray, m: Any, buf: np.ndarray) -> Any:
    """The sum of ``(run - m) ** 2`` as NumPy's pairwise sum of the whole run adds it: its
    halves (the first rounded down to a multiple of 8, as NumPy's ``pairwise_sum`` cuts
    them) summed apart and added, down to pieces that fit ``buf`` (at least 128
    elements, NumPy's smallest piece), each summed by NumPy."""
    n = run.shape[0]
    if n <= buf.shape[0]:
        d = buf[:n]
        np.subtract(run, m, out=d)
        np.multiply(d, d, out=d)
        return _add.reduce(d)
    h = n // 2
    h -= h % 8
    return _pairwise(run[:h], m, buf) + _pairwise(run[h:], m, buf)


def _numpy_splits_as_pairwise() -> bool:
    """Whether NumPy's sum of a run follows the tree ``_pairwise`` walks, checked once on a
    probe of 5,000 elements cut into pieces of at most 256 (under a NumPy that sums
    another way, long runs keep the whole-array path)."""
    if not _SPLITS_AS_NUMPY:
        probe = np.sin(np.arange(5000.0)) * 1e3 + np.arange(5000.0)
        ours = _pairwise(probe, 0.0, np.empty(256))
        _SPLITS_AS_NUMPY.append(bool(ours == _add.reduce(probe * probe)))
    return _SPLITS_AS_NUMPY[0]


def _blocked_squared_deviations(x: np.ndarray, m: np.ndarray, axes: tuple[int, ...]) -> np.ndarray | None:
    """``reduce_sum((x - m) ** 2, axes)`` bit for bit, a block at a time, for a large
    C-contiguous float32/float64 ``x`` reduced over its trailing axes; None otherwise."""
    nd = x.ndim
    if x.size <= 4 * _BLOCK or x.dtype.kind != "f" or x.itemsize < 4 or not x.flags.c_contiguous or axes != tuple(range(nd - len(axes), nd)):
        return None
    run = math.prod(x.shape[nd - len(axes):])
    rows = x.size // run
    x2 = x.reshape(rows, run)
    m2 = m.reshape(rows, 1)
    ss = np.empty(rows, x.dtype)
    if run <= _BLOCK:  # whole runs, a block of them at a time
        step = _BLOCK // run
        buf = np.empty((step, run), x.dtype)
        for i in range(0, rows, step):
            d = buf[: min(step, rows - i)]
            np.subtract(x2[i : i + step], m2[i : i + step], out=d)
            np.multiply(d, d, out=d)
            _add.reduce(d, axis=1, out=ss[i : i + step])
    elif _numpy_splits_as_pairwise():  # long runs: subtrees of NumPy's pairwise sum
        buf = np.empty(max(_BLOCK, 128), x.dtype)
        for i in range(rows):
            ss[i] = _pairwise(x2[i], m2[i, 0], buf)
    else:
        return None
    return ss.reshape(x.shape[: nd - len(axes)])


def _logical(ufunc: np.ufunc, x: np.ndarray, axes, keepdims: bool, out):
    axes = tuple(axes)
    x = distinct(x, axes)
    if x.dtype != np.bool_:
        # Truth value of each element (complex: either part non-zero; NaN is true).
        x = np.not_equal(x, 0)
    if not axes:
        return _copy(x, out, np.bool_)
    return _order_free(ufunc, x, axes, keepdims, out)


def reduce_any(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Logical or over ``axes`` (bool result); empty reduction gives False."""
    return _logical(np.logical_or, x, axes, keepdims, out)


def reduce_all(x: np.ndarray, axes: tuple[int, ...], keepdims: bool = False, out=None):
    """Logical and over ``axes`` (bool result); empty reduction gives True."""
    return _logical(np.logical_and, x, axes, keepdims, out)


def _arg(name: str, fn, x: np.ndarray, axis, keepdims: bool, out):
    if axis is None:
        if x.size == 0:
            raise ValueError(f"{name}: cannot take {name} of an empty array")
    elif x.ndim == 0:
        # A scalar has a single element: index 0 whatever the (trivial) axis.
        r = np.zeros((), dtype=np.int64)
        return _copy(r, out)
    elif x.shape[axis] == 0:
        raise ValueError(
            f"{name}: cannot reduce over an empty axis {axis} (shape {tuple(x.shape)})"
        )
    if out is None:  # NumPy's own result (intp: int64 on 64-bit machines)
        r = fn(x, axis=axis, keepdims=keepdims)
        return _c_order(r) if r.dtype == np.int64 else np.ascontiguousarray(r, dtype=np.int64)
    if out.dtype == np.intp:
        fn(x, axis=axis, out=out, keepdims=keepdims)
        return out
    np.copyto(out, fn(x, axis=axis, keepdims=keepdims), casting="unsafe")
    return out


def argmax(x: np.ndarray, axis: int | None, keepdims: bool = False, out=None):
    """int64 index of the first maximum along ``axis`` (``None``: over the flattened
    array); the first NaN wins; an empty axis raises ``ValueError``."""
    return _arg("argmax", np.ndarray.argmax, x, axis, keepdims, out)


def argmin(x: np.ndarray, axis: int | None, keepdims: bool = False, out=None):
    """int64 index of the first minimum along ``axis`` (``None``: over the flattened
    array); the first NaN wins; an empty axis raises ``ValueError``."""
    return _arg("argmin", np.ndarray.argmin, x, axis, keepdims, out)


_SCAN_UFUNCS = {
    "sum": np.add,
    "prod": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


def associative_scan(x: np.ndarray, axis: int, op: str, out=None):
    """Inclusive prefix scan along ``axis`` with ``op`` in {"sum", "prod", "max", "min"}:
    ``out[0] = x[0]``, ``out[k] = op(out[k-1], x[k])``. Integers wrap; max/min propagate
    NaN; float16 sum/prod accumulate in float32; a zero-length axis gives an empty result.
    """
    try:
        ufunc = _SCAN_UFUNCS[op]
    except (KeyError, TypeError):
        raise ValueError(
            f"associative_scan: unknown op {op!r}; expected one of {sorted(_SCAN_UFUNCS)}"
        ) from None
    if x.ndim == 0:
        raise ValueError("associative_scan: requires rank >= 1")
    dt = x.dtype
    with np.errstate(**_IGNORE):
        if dt == np.float16 and op in ("sum", "prod"):
            r = ufunc.accumulate(x, axis=axis, dtype=np.float32)
            return _copy(r, out, dt)
        if out is None:
            out = np.empty(x.shape, dtype=dt)
        ufunc.accumulate(x, axis=axis, dtype=dt, out=out)
    return out
