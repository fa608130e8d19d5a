"""The NumPy CPU backend: every primitive of the contract (see ``nx_core.backend.protocol``).

A tensor's native array (``Tensor.arr``) is the ndarray of its logical elements: a
primitive reads it, and a movement primitive is NumPy's own view operation on
it. The buffer (the C-contiguous ndarray owning the memory, read as a flat run of
elements) and the View are worked out from ``arr`` only when someone asks for them.
Masked (padded) views, which no ndarray can express, keep an explicit buffer and View.

Primitives that write into ``out`` also accept ``out=None``, in which case they allocate
the result (of the dtype the contract implies) and return it; both forms return the
output Tensor. Binary elementwise primitives also accept a Python scalar as their
second operand (the frontend has checked it is representable in the result dtype).
"""

from __future__ import annotations

import gc
import math
import sys
from typing import Any, Literal, Sequence

import numpy as np
from numpy.lib.array_utils import byte_bounds as _byte_bounds

from ... import dtype as D
from ...dtype import DType
from ...errors import NxInvalidArgument
from ...tensor import Tensor, explicit, tensor_maker
from ...view import View
from ..kernels import elementwise as E
from ..kernels import fft as _fft
from ..kernels import indexed as _indexed
from ..kernels import linalg as _linalg
from ..kernels import reduce as _reduce
from ..kernels import sort as _sort
from ..kernels import threefry as _threefry
from ..kernels import windows as _windows
from ..kernels.reduce import distinct as _distinct
from ..kernels.strided import read, strided
from .recycling import MIN_BYTES as _MIN_RECYCLED
from .recycling import Recycler, default_limit

__all__ = ["NumpyBackend", "to_numpy_dtype", "from_numpy_dtype"]

_NP = {d: np.dtype(d.name) for d in D.ALL}
_SINGLE = frozenset(d for d in D.ALL if (d.kind == "f" and d.itemsize < 8) or (d.kind == "c" and d.itemsize < 16))
_FROM_NP = {v: k for k, v in _NP.items()}
D.register_numpy_dtypes(_NP)  # NumPy reads nx dtypes: np.dtype(xp.float64)


def to_numpy_dtype(dtype: DType) -> np.dtype:
    return _NP[dtype]


def from_numpy_dtype(dt: Any) -> DType:
    """The DType of a NumPy dtype; KeyError for dtypes nx does not have."""
    return _FROM_NP[np.dtype(dt)]


def _over(buffer: np.ndarray, view: View, dtype: DType, backend: Any) -> Tensor:
    """A tensor laid out as ``view`` in ``buffer``: its ndarray is that strided view,
    except for a masked (padded) View, which no ndarray can express (``arr`` None: its
    elements are read afresh, ``_nd``, on every use)."""
    return explicit(buffer, view, dtype, backend, None if view.mask is not None else strided(buffer, view))


# NumPy's module defines __getattr__, and CPython cannot specialise attribute reads on
# such a module: each ``np.name`` on a hot path costs a trip through the getattr hook.
# The hot paths read these module-level names instead.
_ndarray = np.ndarray
_zeros, _full, _array, _asarray = np.zeros, np.full, np.array, np.asarray
#: The whole-array maximum and minimum of an array below ``_WHOLE`` elements: NumPy's
#: reduce over every axis (NaN propagates, no warning), which the kernels' grouping of
#: rows (``reduce._order_free``) would not speed up.
_MAX, _MIN = np.maximum.reduce, np.minimum.reduce
_WHOLE = 1 << 16
_where, _concatenate, _matmul = np.where, np.concatenate, np.matmul
_SCALARS = frozenset((bool, int, float, complex))
_U64 = D.uint64  # index arrays of it are checked before NumPy converts them (_check_u64)  # what a binary primitive's second operand may be besides a tensor


def _native(arr: np.ndarray, dtype: DType, backend: Any) -> Tensor:
    """A tensor whose elements are ``arr``; its buffer and View slots stay unset until
    someone asks (``NumpyBackend.layout`` works them out then)."""
    make = backend.make_tensor  # two steps: CPython specialises the attribute load, not a method load of an instance attribute
    t = make()
    t.arr = arr
    t.dtype = dtype
    t.backend = backend
    t.shape = arr.shape
    return t


_ALL = slice(None)
_REVERSED = slice(None, None, -1)


def _broadcast(a: np.ndarray, shape: tuple) -> np.ndarray:
    """NumPy's ``broadcast_to`` without its iterator set-up, read-only as NumPy's: one
    element stands at many positions, so a write through the view, or through any view
    taken from it (NumPy passes the flag on), raises instead of landing in all of them
    (and in the array it was broadcast from)."""
    k = len(shape) - a.ndim
    if a.shape == shape[k:]:  # leading axes added, none expanded: the commonest broadcast
        strides = (0,) * k + a.strides
    else:
        strides = (0,) * k + tuple([0 if d == 1 and n != 1 else s for d, s, n in zip(a.shape, a.strides, shape[k:])])
    if a.flags.c_contiguous and a.size:
        r = np.ndarray(shape, a.dtype, a, 0, strides)
        r.flags.writeable = False
        return r
    return np.lib.stride_tricks.as_strided(a, shape, strides, writeable=False)


def _dims(shape: Sequence[int]) -> str:
    """A shape as the seed's messages print it: ``[2,3]``."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def check_expand(old: tuple, new: tuple) -> None:
    """NxInvalidArgument, with ``View.expand``'s messages, unless ``new`` has old's rank and
    each of its axes equals old's or old's is 1 (a zero-size axis expands to 0 only)."""
    if len(new) != len(old):
        raise NxInvalidArgument(f"expand: rank mismatch: {_dims(new)} vs {_dims(old)}")
    for i, (od, nd) in enumerate(zip(old, new)):
        if od != nd and od != 1:
            raise NxInvalidArgument(f"expand: dimension {i} (size {od}) cannot expand to size {nd}, only singletons expand")


def _address(a: np.ndarray) -> int:
    return a.__array_interface__["data"][0]


def _span(a: np.ndarray) -> int:
    """The bytes from ``a``'s lowest element's first to its highest's last (``a`` not empty)."""
    span = a.itemsize
    for n, s in zip(a.shape, a.strides):
        span += (n - 1) * (s if s > 0 else -s)
    return span


def _addresses(a: np.ndarray) -> np.ndarray:
    """The address of each element of ``a``, as an int64 array of a's shape."""
    r = np.full(a.shape, _address(a), dtype=np.int64)
    for axis, (n, s) in enumerate(zip(a.shape, a.strides)):
        r += (np.arange(n, dtype=np.int64) * s).reshape((n,) + (1,) * (a.ndim - axis - 1))
    return r


def _buffer_of(arr: np.ndarray) -> np.ndarray:
    """The C-contiguous ndarray whose memory holds ``arr``'s elements.

    That is the array owning the memory (NumPy's ``base`` chain ends there) when it has
    ``arr``'s dtype and is C-contiguous, so views of one array share one buffer;
    otherwise a flat array over exactly the memory span ``arr`` addresses."""
    root = arr
    while True:
        b = root.base
        if not isinstance(b, _ndarray):
            b = getattr(b, "base", None)  # as_strided's interface holder keeps its array
            if not isinstance(b, _ndarray):
                break
        root = b
    if root.dtype == arr.dtype and root.flags.c_contiguous and type(root) is _ndarray:
        return root
    if arr.size == 0:
        return np.empty(0, dtype=arr.dtype)
    # The lowest addressed element, then a flat run up to the highest one.
    first = arr[tuple([slice(0, 1) if s >= 0 else slice(d - 1, d) for d, s in zip(arr.shape, arr.strides)]) + (Ellipsis,)]
    lo = _address(arr) + sum((d - 1) * s for d, s in zip(arr.shape, arr.strides) if s < 0)
    hi = _address(arr) + sum((d - 1) * s for d, s in zip(arr.shape, arr.strides) if s > 0)
    n = (hi - lo) // arr.itemsize + 1
    return np.lib.stride_tricks.as_strided(first, shape=(n,), strides=(arr.itemsize,))


def _owners(t: Any) -> list:
    """The objects that hold t's memory, innermost first: its ndarray (or, masked, its
    explicit buffer), then each ``base`` in turn (as_strided's interface holders
    included) as far as NumPy's chain goes."""
    o = t.arr if t.arr is not None else t._buffer
    chain = [o]
    while (o := _next_owner(o)) is not None:
        chain.append(o)
    return chain


def _next_owner(o: Any) -> Any:
    """The object that holds ``o``'s memory for it (its ``base``) where that is an
    array or holds one (as_strided's interface holder); else None."""
    b = getattr(o, "base", None)
    if b is None or type(b) is _ndarray or isinstance(b, _ndarray) or isinstance(getattr(b, "base", None), _ndarray):
        return b
    return None


_referents = gc.get_referents


def _refs(chain: list) -> list[int]:
    """sys.getrefcount of each object, less what this call itself holds."""
    return [sys.getrefcount(o) - _REF_OVERHEAD for o in chain]


def _calibrate() -> int:
    a = np.empty(1)  # held once, by this name, as a tensor's slot holds its array
    return _refs([a])[0] - 1


_REF_OVERHEAD = 0
_REF_OVERHEAD = _calibrate()


def _calibrate_local() -> int:
    holder = [np.empty(1)]  # held once, by the list, as a tensor's slot holds its array
    a = holder[0]
    return sys.getrefcount(a) - 1  # what a function's name for it and the call add


#: What ``sys.getrefcount(a)`` counts, in a function that names ``a``, beyond a's holders.
_LOCAL_REFS = _calibrate_local()


def _expected(t: Any, chain: list, exempt: Sequence[Any], rc: Recycler | None) -> list[int]:
    """How many references each object of t's chain has when nothing else shares it:
    t's own (its ``arr`` slot, its cached buffer), the next view's ``base`` for each
    but the first, and for each exempt tensor one where its chain joins t's and those
    of its slots that hold an object of t's chain; one more for an array the recycler
    ``rc`` keeps. (A tensor's slots are read with ``gc.get_referents``: an unset one,
    such as a buffer not cached, is no exception to raise and catch.)"""
    ids = {id(o): i for i, o in enumerate(chain)}
    expected = [0] + [1] * (len(chain) - 1)
    for r in _referents(t):
        j = ids.get(id(r))
        if j is not None:
            expected[j] += 1
    if rc is not None:
        for i, o in enumerate(chain):
            if getattr(o, "nbytes", _MIN_RECYCLED) >= _MIN_RECYCLED and rc.holds(o):
                expected[i] += 1  # the recycler's own reference (recycling)
    for e in exempt:
        if e is t:
            continue
        o = e.arr
        if o is None:
            o = e._buffer  # (masked: its buffer is its first owner)
        j = ids.get(id(o))
        first = j is not None  # (e's first owner is in t's chain: e's slot holds it)
        while j is None and (o := _next_owner(o)) is not None:  # e's owners, up to t's chain
            j = ids.get(id(o))
        if j is None:
            continue  # e's memory is not t's (nor its cached buffer, its chain's last)
        if not first:
            expected[j] += 1  # where e's chain joins t's: the base of e's last object before it
        for r in _referents(e):  # its slots that hold t's chain's objects (arr, cached buffer)
            k = ids.get(id(r))
            if k is not None:
                expected[k] += 1
    return expected


def _aliased(t: Any, exempt: Sequence[Any], rc: Recycler | None) -> bool:
    """Whether anything but ``t`` (and the tensors in ``exempt``) references an object
    of t's memory chain, by CPython's reference counts (``ndarray.resize`` checks its
    own the same way), for a chain ``_shared_short`` does not count at once."""
    chain = _owners(t)
    expected = _expected(t, chain, exempt, rc)
    return any(r > x for r, x in zip(_refs(chain), expected))


def _shared_short(t: Any, exempt: Sequence[Any], rc: Recycler | None) -> bool | None:
    """``_aliased`` for the chains NumPy's views make, counted without building them:
    t's array owns its memory or is a view of one that does, the exempt tensors are
    unmasked and each array among them is one of those two, or a view of the one that
    owns the memory, or another chain's; and no array of t's is the recycler's to keep.
    None for any other case (the general count decides)."""
    a = t.arr
    if a is None:
        return None
    b = a.base  # (None: a owns its memory)
    if b is not None and (type(b) is not _ndarray or b.base is not None):
        return None
    # The common write: t's slot alone holds a, and a alone holds b. (What t, the exempt
    # tensors and a recycler hold could only raise the counts allowed below.)
    if sys.getrefcount(a) - _LOCAL_REFS <= 1 and (b is None or sys.getrefcount(b) - _LOCAL_REFS <= 1):
        return False
    if rc is not None and ((a.nbytes >= _MIN_RECYCLED and rc.holds(a)) or (b is not None and b.nbytes >= _MIN_RECYCLED and rc.holds(b))):
        return None
    na, nb = 0, 1  # b: a's base holds it
    for r in _referents(t):  # t's arr, and its cached buffer
        if r is a:
            na += 1
        elif r is b:
            nb += 1
    for e in exempt:
        if e is t:
            continue
        o = e.arr
        if o is None:
            return None
        if o is not a and o is not b:
            ob = o.base
            if ob is a:
                na += 1  # e's array is a view of a (its base holds a)
            elif ob is not None and ob is b:
                nb += 1
            elif ob is not None and type(ob) is not _ndarray:
                return None  # (an interface holder: its chain may join t's further on)
            else:
                continue  # other memory (so is e's cached buffer: its own array's owner)
        for r in _referents(e):  # e's arr and cached buffer, where they are t's
            if r is a:
                na += 1
            elif r is b:
                nb += 1
    r = o = ob = None  # (the counts below see the names a and b only)
    return sys.getrefcount(a) - _LOCAL_REFS > na or (b is not None and sys.getrefcount(b) - _LOCAL_REFS > nb)


def _view_of(arr: np.ndarray, buffer: np.ndarray) -> View:
    """The View that lays ``arr``'s elements out in ``buffer`` (which holds them)."""
    if arr.size == 0:
        return View.create(arr.shape)
    size = arr.itemsize
    return View.create(
        arr.shape,
        strides=tuple(s // size for s in arr.strides),
        offset=(_address(arr) - _address(buffer)) // size,
    )


def _nd(t: Any) -> np.ndarray:
    """The NumPy array of ``t``'s logical elements: ``arr``, or a fresh read of a masked View."""
    a = t.arr
    if a is None:
        # A padded read is a fresh array: never kept, so it follows later writes.
        return read(t.buffer, t.view)
    return a


def _arg(x: Any) -> Any:
    return _nd(x) if isinstance(x, Tensor) else x


def _i64(a: np.ndarray) -> np.ndarray:
    """``a`` (NumPy's intp indices or counts) as int64, copied only where intp is narrower."""
    return a.astype(np.int64, copy=False)


def _broadcasting(op: Any) -> None:
    """Marks the binary primitive ``op`` as one that broadcasts its operands itself
    (protocol [EW2]: a true ``broadcasts`` attribute, as NumPy's ufuncs have)."""
    op.broadcasts = True


def _binary_ufunc(ufunc: np.ufunc, name: str, doc: str, result: DType | None = None):
    """The binary primitive ``name``: NumPy's ``ufunc``. Its result has ``a``'s dtype, or
    ``result`` (bool, for the comparisons), as the contract says ([EW2]: the operands share
    a dtype, or ``b`` is a Python scalar that dtype holds), so the ufunc's own result dtype
    is never looked up."""

    def op(self: "NumpyBackend", a: Any, b: Any, out: Tensor | None = None) -> Tensor:
        ca, c = a.__class__, b.__class__  # (identity tests below: cheaper than a set's)
        if c is ca:  # two tensors: the common call
            y = b.arr
            if y is None:
                y = _nd(b)
            s = None
        elif c is float or c is int or c is bool or c is complex:
            y = b  # a scalar second: the result has a's shape
            s = a.shape
        elif ca is float or ca is int or ca is bool or ca is complex:
            return _scalar_first(self, ufunc, name, result, a, b, out)  # [EW2]: 1.0 - x
        else:  # two tensors of two classes
            y = _nd(b)
            s = None
        x = a.arr
        if x is None:
            x = _nd(a)
        if out is None:
            if x.nbytes < _MIN_RECYCLED or self.recycler is None:
                r = ufunc(x, y)
            else:  # a large result: into the memory of a dead one (recycling)
                r = ufunc(x, y, out=self.recycler.take(np.broadcast_shapes(x.shape, np.shape(y)), _NP[a.dtype if result is None else result]))
            if r.__class__ is _ndarray:  # _native, inlined: this is every binary op's path
                make = self.make_tensor
                t = make()
                t.arr = r
                t.dtype = a.dtype if result is None else result
                t.backend = self
                if s is None:
                    s = a.shape
                    if s != b.shape:  # (operands of one shape are the common call: no tuple made)
                        s = r.shape
                t.shape = s
                return t
            return self._wrap(r)
        try:
            ufunc(x, y, out=_nd(out))
        except ValueError:
            _check_writable(name, out)  # a read-only out: nx's error, not NumPy's
            raise
        return out

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    _broadcasting(op)
    return op


def _scalar_first(self: "NumpyBackend", ufunc: Any, name: str, result: DType | None, a: Any, b: Tensor, out: Tensor | None) -> Tensor:
    """``ufunc(a, b)`` for a Python scalar ``a`` ([EW2]): the result has ``b``'s shape and
    dtype (or ``result``); NumPy reads the scalar in ``b``'s dtype (NEP 50), as it reads a
    scalar second, so no array of it is made."""
    if out is None:
        y = b.arr
        if y is None:
            y = _nd(b)
        if y.nbytes < _MIN_RECYCLED or self.recycler is None:
            r = ufunc(a, y)
        else:  # a large result: into the memory of a dead one (recycling)
            r = ufunc(a, y, out=self.recycler.take(y.shape, _NP[b.dtype if result is None else result]))
        if r.__class__ is _ndarray:
            return _native(r, b.dtype if result is None else result, self)
        return self._wrap(r, b.dtype if result is None else result)
    try:
        ufunc(a, _nd(b), out=_nd(out))
    except ValueError:
        _check_writable(name, out)
        raise
    return out


def _unary_ufunc(ufunc: Any, name: str, doc: str, result: DType | None = None):
    """The unary primitive ``name``: NumPy's ``ufunc``; its result has ``x``'s dtype, or
    ``result`` (bool, for the predicates), as the contract says ([EW1])."""

    def op(self: "NumpyBackend", x: Any, out: Tensor | None = None) -> Tensor:
        a = x.arr
        if a is None:
            a = _nd(x)
        if out is None:
            if a.nbytes < _MIN_RECYCLED or self.recycler is None:
                r = ufunc(a)
            else:  # a large result: into the memory of a dead one (recycling)
                r = ufunc(a, out=self.recycler.take(a.shape, _NP[x.dtype if result is None else result]))
            if r.__class__ is _ndarray:  # _native, inlined
                make = self.make_tensor
                t = make()
                t.arr = r
                t.dtype = x.dtype if result is None else result
                t.backend = self
                t.shape = x.shape  # an element-wise unary op keeps the shape
                return t
            return self._wrap(r)
        ufunc(a, out=_nd(out))
        return out

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


def _kernel(fn: Any, name: str, doc: str, arity: int):
    # Kernels work on arrays of rank >= 1 (NumPy turns 0-d results into scalars):
    # a rank-0 operand runs as shape (1,) and the result is viewed back as rank 0.
    if arity == 1:

        def op(self: "NumpyBackend", x: Tensor, out: Tensor | None = None) -> Tensor:
            a = _nd(x)
            o = None if out is None else _nd(out)
            if a.ndim == 0:
                r = fn(a.reshape(1), out=None if o is None else o.reshape(1)).reshape(())
            else:
                r = fn(a, out=o)
            return self._wrap(r) if out is None else out

    else:

        def op(self: "NumpyBackend", a: Any, b: Any, out: Tensor | None = None) -> Tensor:  # type: ignore[misc]  # the other branch's op, typed apart
            x, y = _arg(a), _arg(b)
            if type(y) is not _ndarray:  # a Python scalar second
                y = np.asarray(y, dtype=x.dtype)
            elif type(x) is not _ndarray:  # [EW2]: a Python scalar first
                x = np.asarray(x, dtype=y.dtype)
            if x.shape != y.shape:  # [EW2]: broadcasts (stride-0 views of the natives; kernels only read them)
                x, y = np.broadcast_arrays(x, y)
            o = None if out is None else _nd(out)
            if x.ndim == 0:
                r = fn(x.reshape(1), y.reshape(1), out=None if o is None else o.reshape(1)).reshape(())
            else:
                r = fn(x, y, out=o)
            return self._wrap(r) if out is None else out

        _broadcasting(op)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


def _erf(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    # NumPy has no erf; math.erf is exact to the last bit and erf is a rare primitive.
    r = np.frompyfunc(math.erf, 1, 1)(x).astype(x.dtype)
    if out is None:
        return r
    out[...] = r
    return out


def _check_u64(arr: np.ndarray, n: int, axis: int) -> None:
    """IndexError for a uint64 index array holding a value ``>= n``: NumPy converts such
    arrays to intp, where ``2**64 - 5`` would become ``-5`` and index from the end. The
    maximum reads each element of memory once (``kernels.reduce.distinct``)."""
    if arr.size:
        m = int(_distinct(arr, tuple(range(arr.ndim))).max())
        if m >= n:
            raise IndexError(f"index {m} is out of bounds for axis {axis} with size {n}")


def _check_unsigned_key(key: tuple, shape: tuple) -> None:
    """``_check_u64`` for each uint64 tensor of an advanced key (items as ``index`` takes them)."""
    ax = 0
    for k in key:
        if k is None:
            continue
        if isinstance(k, Tensor):
            if k.dtype is _U64:
                _check_u64(_nd(k), shape[ax], ax)
            ax += k.ndim if k.dtype is D.bool_ else 1
        else:
            ax += 1


def _dlpack_error(obj: Any, e: BaseException) -> Exception:
    """nx's error for a DLPack producer whose hooks NumPy could not use: a capsule that
    is not a DLPack tensor or was already consumed (NxInvalidArgument: a bad value),
    anything else (a ``__dlpack__`` that returns junk or raises, a bad
    ``__dlpack_device__``) TypeError; NumPy's words in parentheses."""
    what = type(obj).__name__
    if "capsule" in str(e).lower():
        return NxInvalidArgument(
            f"from_dlpack: {what}.__dlpack__() gave no DLPack capsule that can be read "
            f"(not a capsule, or one already consumed: {e})"
        )
    return TypeError(f"from_dlpack: cannot import a {what} through DLPack ({type(e).__name__}: {e})")


def _check_writable(name: str, t: Any) -> None:
    """Writes go through views that address each element once and may be written: not
    padded, not broadcast, not read-only (a view taken from a broadcast view, the value
    of a padded position, host memory shared read-only).

    A view with no elements writes nothing, so any layout of it is writable."""
    a = t.arr
    if a is None:
        raise NxInvalidArgument(f"{name}: cannot write through a masked (padded) view")
    if not a.size:
        return
    if 0 in a.strides:
        for d, s in zip(a.shape, a.strides):
            if s == 0 and d > 1:
                raise NxInvalidArgument(f"{name}: cannot write through a broadcast view (stride 0 on an axis of size {d})")
    if not a.flags.writeable:
        raise NxInvalidArgument(
            f"{name}: cannot write through a read-only view (a view of a broadcast array, "
            "a padded position, or read-only memory)"
        )


def _real(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    r = x.real
    if out is None:
        return r.copy()
    np.copyto(out, r)
    return out


def _imag(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    if x.dtype.kind != "c":
        r = np.zeros(x.shape, x.dtype) if out is None else out
        r[...] = 0
        return r
    if out is None:
        return x.imag.copy()
    np.copyto(out, x.imag)
    return out


def _positive(x: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    if out is None:
        return x.copy()
    np.copyto(out, x)
    return out


#: Integers below this in magnitude, and sums of two of them, are int64's exactly.
_EXACT_INT64 = 1 << 62


def arange_values(nd: np.dtype, start: Any, step: Any, i0: int, n: int) -> np.ndarray:
    """Elements ``i0 .. i0 + n - 1`` of ``arange``'s result, as NumPy dtype ``nd``: the
    same arithmetic whatever the split, so chunked backends agree bit for bit."""
    if type(start) is int and type(step) is int and nd.kind in "iu":
        first = start + i0 * step
        if abs(first) < _EXACT_INT64 and n * abs(step) < _EXACT_INT64:
            # every value and the end fit in int64: NumPy's own arange is exact
            ints = np.arange(first, first + n * step, step, dtype=np.int64)
            return ints if nd == np.int64 else ints.astype(nd)
        i = np.arange(i0, i0 + n, dtype=np.uint64)
        with np.errstate(over="ignore"):
            u = i * np.uint64(step % (1 << 64)) + np.uint64(start % (1 << 64))
        return u.astype(nd)
    with np.errstate(over="ignore", invalid="ignore"):
        # start + i * step, in place: a product by 1.0 and a sum with +0.0 after
        # positive products change nothing, and are skipped.
        r = np.arange(i0, i0 + n, dtype=np.float64)
        step, start = np.float64(step), np.float64(start)
        if step != 1.0:
            r *= step
        if start != 0.0 or math.copysign(1.0, start) < 0 or not step > 0.0:
            r += start
        if n and i0 == 0:
            r[0] = start  # exactly start: -0.0 + 0 * step would be +0.0
        return r if nd == np.float64 else r.astype(nd)


def _by_kind(name: str, doc: str, kinds: str, ufunc: Any, kernel: Any, arity: int):
    """The primitive ``name`` of ``arity`` operands: NumPy's ``ufunc`` itself (with
    NumPy's warnings) on dtypes of the NumPy kinds ``kinds``, where the ufunc is what the
    contract asks; ``kernel`` (nx's own rules, behind an ``np.errstate`` that costs about
    1 us) on the others. ``-x`` on 8 float64: 2.3 -> 0.7 us."""
    if arity == 2:
        fast, slow = _binary_ufunc(ufunc, name, doc), _kernel(kernel, name, doc, 2)

        def op(self: "NumpyBackend", a: Any, b: Any, out: Tensor | None = None) -> Tensor:
            if a.__class__ is float:  # [EW2]: a Python scalar first (1.0 / x)
                kind = b.dtype.kind
            else:
                try:
                    kind = a.dtype.kind
                except AttributeError:  # another Python scalar first (2 ** x)
                    kind = b.dtype.kind
            return (fast if kind in kinds else slow)(self, a, b, out=out)

        _broadcasting(op)  # both paths broadcast

    else:
        fast, slow = _unary_ufunc(ufunc, name, doc), _kernel(kernel, name, doc, 1)

        def op(self: "NumpyBackend", x: Tensor, out: Tensor | None = None) -> Tensor:  # type: ignore[misc]  # the other branch's op, typed apart
            return (fast if x.dtype.kind in kinds else slow)(self, x, out=out)

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return op


class NumpyBackend:
    """Executes every primitive with NumPy on the CPU."""

    name = "numpy"
    strided = True

    def __init__(self, device: Any = None, *, recycle: bool = True) -> None:
        #: The device this backend computes on (every Tensor it makes is there).
        self.device = device
        #: Where large element-wise results and matrix products are made: the memory of
        #: dead ones (``recycling``), or None (``recycle=False``, or ``NX_RECYCLE_BYTES=0``).
        limit = default_limit() if recycle else 0
        self.recycler: Recycler | None = Recycler(limit) if limit else None
        #: Makes an empty tensor of the device's tensor class (``make_backend`` sets it too).
        self.make_tensor = tensor_maker(device)

    def __repr__(self) -> str:
        return f"NumpyBackend(device={self.device!r})"

    # ------------------------------------------------------------------ tensors
    def _wrap(self, arr: Any, dtype: DType | None = None) -> Tensor:
        """A Tensor over a freshly computed ndarray (or NumPy scalar), without copying it."""
        if arr.__class__ is not _ndarray:
            arr = _asarray(arr)
        return _native(arr, dtype or _FROM_NP[arr.dtype], self)

    def view(self, t: Tensor) -> View:
        return t.view

    def dtype(self, t: Tensor) -> DType:
        return t.dtype

    def context(self, t: Tensor) -> Any:
        return t.backend

    def layout(self, t: Tensor) -> tuple[np.ndarray, View]:
        """The buffer holding ``t.arr``'s elements (the ndarray owning the memory) and the View of ``arr`` in it."""
        b = _buffer_of(t.arr)
        return b, _view_of(t.arr, b)

    def with_view(self, t: Tensor, view: View) -> Tensor:
        """A Tensor over ``t``'s buffer laid out as ``view`` (no copy)."""
        return _over(t.buffer, view, t.dtype, self)

    def buffer(self, dtype: DType, shape: Sequence[int]) -> Tensor:
        return _native(np.empty(shape, _NP[dtype]), dtype, self)

    def full(self, dtype: DType, shape: Sequence[int], value: Any) -> Tensor:
        t = type(value)
        # calloc'd zeros for all-zero bits only: never for -0.0, whose sign must survive.
        if ((t is int or t is bool) and not value) or (t is float and value == 0.0 and math.copysign(1.0, value) > 0):
            a = _zeros(shape, _NP[dtype])
        else:
            a = _full(shape, value, dtype=_NP[dtype])
        make = self.make_tensor
        r = make()  # _native, inlined: zeros((8,)) is a benchmarked call
        r.arr = a
        r.dtype = dtype
        r.backend = self
        r.shape = shape if shape.__class__ is tuple else a.shape  # the frontend's tuple of ints
        return r

    def to_dlpack(self, t: Tensor, **kwargs: Any) -> Any:
        return _nd(t).__dlpack__(**kwargs)

    def guard(self, t: Tensor, check: Any, *values: Tensor) -> Tensor:
        """Calls ``check`` on the values now (this backend is eager) and returns ``t``."""
        check(*[_nd(v).item() for v in values])
        return t

    def dlpack_device(self, t: Tensor) -> tuple[int, int]:
        return (1, 0)  # kDLCPU

    def persist(self, t: Tensor) -> Tensor:
        return t  # already computed

    def item(self, t: Any) -> Any:
        """The single element of a 0-d (or one-element) tensor as a Python scalar."""
        return _nd(t).item()

    def to_list(self, t: Tensor) -> Any:
        return _nd(t).tolist()

    def format(self, t: Tensor, *, separator: str = " ", prefix: str = "") -> str:
        """``t``'s elements as text (the protocol's layout is NumPy's default printing)."""
        return np.array2string(_nd(t), separator=separator, prefix=prefix)

    # ------------------------------------------------------- elementwise binary
    add = _binary_ufunc(np.add, "add", "out <- a + b; integers wrap.")
    sub = _binary_ufunc(np.subtract, "sub", "out <- a - b; integers wrap.")
    mul = _binary_ufunc(np.multiply, "mul", "out <- a * b; integers wrap.")
    div = _by_kind("div", "IEEE division (float, complex); C division (truncating, x/0 = 0) for integers.", "fc", np.true_divide, E.div, 2)

    _pow = _by_kind("pow", "C pow (float), cpow (complex); integers exact with wrap-around.", "fc", np.power, E.pow, 2)

    def pow(self, a: Any, b: Any, out: Tensor | None = None) -> Tensor:
        """C pow (float), cpow (complex); integers exact with wrap-around. ``x ** 2.0``
        of a real floating-point ``x`` is NumPy's square, as NumPy's ``**`` computes it:
        the same bits as its power (x * x is rounded once, as pow's exact square is),
        twice as fast."""
        if b.__class__ is float and b == 2.0 and out is None and a.__class__ is not float and a.dtype.kind == "f":
            return self.square(a)
        return self._pow(a, b, out=out)

    _broadcasting(pow)

    atan2 = _binary_ufunc(np.arctan2, "atan2", "atan2(a, b) in (-pi, pi].")
    max = _binary_ufunc(np.maximum, "max", "Elementwise maximum, NaN-propagating; bool: or.")
    min = _binary_ufunc(np.minimum, "min", "Elementwise minimum, NaN-propagating; bool: and.")
    cmpeq = _binary_ufunc(np.equal, "cmpeq", "out (bool) <- a == b.", D.bool_)
    cmpne = _binary_ufunc(np.not_equal, "cmpne", "out (bool) <- a != b.", D.bool_)
    cmplt = _binary_ufunc(np.less, "cmplt", "out (bool) <- a < b.", D.bool_)
    cmple = _binary_ufunc(np.less_equal, "cmple", "out (bool) <- a <= b.", D.bool_)
    and_ = _binary_ufunc(np.bitwise_and, "and_", "Bitwise and (logical on bool).")
    or_ = _binary_ufunc(np.bitwise_or, "or_", "Bitwise or (logical on bool).")
    xor = _binary_ufunc(np.bitwise_xor, "xor", "Bitwise xor (logical on bool).")
    bitwise_and, bitwise_or, bitwise_xor = and_, or_, xor  # [ALIAS]: the standard's names
    mod_ = _kernel(E.mod, "mod_", "C remainder (sign of the dividend): C % on integers (x % 0 = 0), fmod on floats.", 2)
    # Named after the standard (beyond Nx's original set).
    floor_divide = _kernel(E.floor_divide, "floor_divide", "Flooring division; integer x//0 = 0.", 2)
    remainder = _kernel(E.remainder, "remainder", "Remainder with the sign of the divisor; x%0 = 0.", 2)
    hypot = _binary_ufunc(np.hypot, "hypot", "sqrt(a**2 + b**2) without undue overflow.")
    logaddexp = _binary_ufunc(np.logaddexp, "logaddexp", "log(exp(a) + exp(b)).")
    nextafter = _binary_ufunc(np.nextafter, "nextafter", "The next float after a towards b.")
    copysign = _binary_ufunc(np.copysign, "copysign", "|a| with the sign of b.")
    bitwise_left_shift = _kernel(E.shift_left, "bitwise_left_shift", "a << b; 0 past the width.", 2)
    bitwise_right_shift = _kernel(E.shift_right, "bitwise_right_shift", "Arithmetic a >> b.", 2)

    # -------------------------------------------------------- elementwise unary
    neg = _by_kind("neg", "out <- -x; integers wrap; bool identity.", "iufc", np.negative, E.neg, 1)
    recip = _kernel(E.recip, "recip", "out <- 1/x; integers truncate, 1/0 = 0.", 1)
    abs = _by_kind("abs", "|x|; complex x with a real out gives the modulus.", "if", np.absolute, E.abs, 1)
    sign = _by_kind("sign", "Sign: -1/0/1; NaN stays NaN; complex z/|z|.", "if", np.sign, E.sign, 1)
    sqrt = _unary_ufunc(np.sqrt, "sqrt", "Square root.")
    exp = _unary_ufunc(np.exp, "exp", "Exponential.")
    log = _unary_ufunc(np.log, "log", "Natural logarithm.")
    sin = _unary_ufunc(np.sin, "sin", "Sine (radians).")
    cos = _unary_ufunc(np.cos, "cos", "Cosine.")
    tan = _unary_ufunc(np.tan, "tan", "Tangent.")
    asin = _unary_ufunc(np.arcsin, "asin", "Arc sine in [-pi/2, pi/2].")
    acos = _unary_ufunc(np.arccos, "acos", "Arc cosine in [0, pi].")
    atan = _unary_ufunc(np.arctan, "atan", "Arc tangent in [-pi/2, pi/2].")
    sinh = _unary_ufunc(np.sinh, "sinh", "Hyperbolic sine.")
    cosh = _unary_ufunc(np.cosh, "cosh", "Hyperbolic cosine.")
    tanh = _by_kind("tanh", "Hyperbolic tangent (complex: the standard's special cases).", "f", np.tanh, E.tanh, 1)
    trunc = _by_kind("trunc", "Round toward zero; identity on integers.", "f", np.trunc, E.trunc, 1)
    ceil = _by_kind("ceil", "Round up; identity on integers.", "f", np.ceil, E.ceil, 1)
    floor = _by_kind("floor", "Round down; identity on integers.", "f", np.floor, E.floor, 1)
    erf = _kernel(_erf, "erf", "Error function.", 1)
    # Named after the standard (beyond Nx's original set).
    asinh = _unary_ufunc(np.arcsinh, "asinh", "Inverse hyperbolic sine.")
    acosh = _unary_ufunc(np.arccosh, "acosh", "Inverse hyperbolic cosine.")
    atanh = _unary_ufunc(np.arctanh, "atanh", "Inverse hyperbolic tangent.")
    log1p = _unary_ufunc(np.log1p, "log1p", "log(1 + x), accurate near 0.")
    expm1 = _by_kind("expm1", "exp(x) - 1, accurate near 0 (complex too).", "f", np.expm1, E.expm1, 1)
    log2 = _unary_ufunc(np.log2, "log2", "Base-2 logarithm.")
    log10 = _unary_ufunc(np.log10, "log10", "Base-10 logarithm.")
    square = _unary_ufunc(np.square, "square", "x * x.")
    positive = _kernel(_positive, "positive", "A copy of x.", 1)
    round = _kernel(E.round_half_away, "round", "Round half away from zero (C's round, the seed's).", 1)
    round_half_even = _by_kind("round_half_even", "Round half to even (the standard's round).", "fc", np.rint, E.round_half_even, 1)
    signbit = _unary_ufunc(np.signbit, "signbit", "out (bool) <- the sign bit of x.", D.bool_)
    isnan = _unary_ufunc(np.isnan, "isnan", "out (bool) <- x is NaN.", D.bool_)
    isinf = _unary_ufunc(np.isinf, "isinf", "out (bool) <- x is infinite.", D.bool_)
    isfinite = _unary_ufunc(np.isfinite, "isfinite", "out (bool) <- x is finite.", D.bool_)
    real = _kernel(_real, "real", "Real part, in a fresh array.", 1)
    imag = _kernel(_imag, "imag", "Imaginary part, in a fresh array (zeros for real x).", 1)
    conj = _unary_ufunc(np.conjugate, "conj", "Complex conjugate.")
    bitwise_invert = _unary_ufunc(np.invert, "bitwise_invert", "~x (logical not on bool).")
    logical_not = _unary_ufunc(np.logical_not, "logical_not", "not x on bool.")

    # ---------------------------------------------------------------- ternary
    def where(self, cond: Tensor, a: Any, b: Any, out: Tensor | None = None) -> Tensor:
        if out is None:  # E.where's own first branch, inlined: where() is on hot paths
            ta, tb = isinstance(a, Tensor), isinstance(b, Tensor)
            c, x, y = cond.arr, a.arr if ta else a, b.arr if tb else b  # (_arg, inlined)
            if x is None:
                x = _nd(a)
            if y is None:
                y = _nd(b)
            r = _where(_nd(cond) if c is None else c, x, y)
            make = self.make_tensor
            t = make()
            t.arr = r
            # (a scalar takes the other's dtype; of two scalars, NumPy's)
            t.dtype = a.dtype if ta else b.dtype if tb else _FROM_NP[r.dtype]
            t.backend = self
            t.shape = r.shape
            return t
        E.where(_nd(cond), _arg(a), _arg(b), out=_nd(out))
        return out

    # ------------------------------------------------------------- reductions
    def _reduce(self, fn: Any, x: Tensor, axes: Sequence[int], out: Tensor | None, keepdims: bool = False) -> Tensor:
        r = fn(_nd(x), tuple(axes), keepdims, out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    def reduce_sum(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._reduce(_reduce.reduce_sum, x, axes, out, keepdims)

    def reduce_prod(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._reduce(_reduce.reduce_prod, x, axes, out, keepdims)

    def _extreme(self, whole: Any, fn: Any, x: Tensor, axes: Sequence[int], out: Tensor | None, keepdims: bool) -> Tensor:
        """``fn``'s reduction (the kernel's max or min), or for every element of a small
        array with no ``out``, NumPy's ``whole`` reduce at once (the same answer)."""
        a = x.arr
        if out is None and not keepdims and a is not None and 0 < a.size < _WHOLE and len(axes) == a.ndim:
            return _native(_asarray(whole(a, None)), x.dtype, self)
        return self._reduce(fn, x, axes, out, keepdims)

    def reduce_max(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._extreme(_MAX, _reduce.reduce_max, x, axes, out, keepdims)

    def reduce_min(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        return self._extreme(_MIN, _reduce.reduce_min, x, axes, out, keepdims)

    def reduce_any(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        return self._reduce(_reduce.reduce_any, x, axes, out)

    def reduce_all(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        return self._reduce(_reduce.reduce_all, x, axes, out)

    def count_nonzero(self, x: Tensor, *, axes: Sequence[int], dtype: DType) -> Tensor:
        a = _nd(x)
        # every axis: NumPy's count in C, with no temporary; else a bool one at most
        r = np.count_nonzero(a) if len(axes) == a.ndim else np.count_nonzero(a, axis=tuple(axes))
        return _native(np.asarray(r, dtype=_NP[dtype]), dtype, self)

    def reduce_var(self, x: Tensor, *, axes: Sequence[int], correction: float, out: Tensor | None = None) -> Tensor:
        r = _reduce.reduce_var(_nd(x), tuple(axes), correction, out=None if out is None else _nd(out))
        return self._wrap(r, x.dtype) if out is None else out

    def argmax(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        r = _reduce.argmax(_nd(x), axis, keepdims, out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    def argmin(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        r = _reduce.argmin(_nd(x), axis, keepdims, out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    def associative_scan(self, x: Tensor, *, axis: int, op: str, out: Tensor | None = None) -> Tensor:
        r = _reduce.associative_scan(_nd(x), axis, op, out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    # ------------------------------------------------------------------ sorting
    def sort(self, x: Tensor, *, axis: int, descending: bool = False, out: Tensor | None = None) -> Tensor:
        r = _sort.sort(_nd(x), axis, descending, out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    def argsort(self, x: Tensor, *, axis: int, descending: bool = False, stable: bool = True, out: Tensor | None = None) -> Tensor:
        r = _sort.argsort(_nd(x), axis, descending, out=None if out is None else _nd(out), stable=stable)
        return self._wrap(r) if out is None else out

    # ---------------------------------------------------------------- movement
    # Movement primitives are NumPy's own view operations on ``arr`` (bounds-checked by
    # NumPy); a masked tensor, which no ndarray can express, moves its explicit View.
    def expand(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """The seed's ``expand``: a stride-0 view (no copy) of ``t`` with its unit axes
        expanded to ``shape`` (same rank; NxInvalidArgument otherwise)."""
        shape = tuple(shape)
        check_expand(t.shape, shape)
        return self.broadcast_to(t, shape)

    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """A stride-0 view (no copy) of ``t`` with ``shape``: leading unit axes added, unit axes expanded."""
        shape = tuple(shape)
        a = t.arr
        if a is None:
            return _over(t.buffer, t.view.broadcast_to(shape), t.dtype, self)
        if a.shape == shape:
            return t
        return _native(_broadcast(a, shape), t.dtype, self)

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor | None:
        """``t`` with ``shape`` over the same buffer, or None when only a copy can give it."""
        shape = tuple(shape)
        a = t.arr
        if a is None:
            v = t.view.reshape(shape)
            return None if v is None else _over(t.buffer, v, t.dtype, self)
        if a.shape == shape:
            return t
        if a.flags.c_contiguous:
            r = a.reshape(shape)  # always a view (copy=False would say so at twice the cost)
        else:
            try:  # (without copy=False, NumPy would make the copy the caller makes anyway)
                r = a.reshape(shape, copy=False)
            except ValueError:
                return None  # only a copy can give the shape
        make = self.make_tensor
        v = make()  # _native, inlined: reshape is a benchmarked call
        v.arr = r
        v.dtype = t.dtype
        v.backend = self
        v.shape = shape
        return v

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        a = t.arr
        if a is None:
            return _over(t.buffer, t.view.permute(tuple(axes)), t.dtype, self)
        r = a.transpose(axes)
        make = self.make_tensor
        v = make()  # _native, inlined: permute_dims is a benchmarked call
        v.arr = r
        v.dtype = t.dtype
        v.backend = self
        v.shape = r.shape
        return v

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        a = t.arr
        if a is None:
            return _over(t.buffer, t.view.shrink(tuple(bounds)), t.dtype, self)
        return _native(a[tuple([slice(b, e) for b, e in bounds])], t.dtype, self)

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        a = t.arr
        if a is None:
            return _over(t.buffer, t.view.flip(tuple(flags)), t.dtype, self)
        return _native(a[tuple([_REVERSED if f else _ALL for f in flags])], t.dtype, self)

    def pad(self, t: Tensor, padding: Sequence[tuple[int, int]], fill_value: Any) -> Tensor:
        """The seed's ``pad``: a fresh C-contiguous tensor, ``fill_value`` around a copy of ``t``."""
        pads = tuple((int(b), int(e)) for b, e in padding)
        src = _nd(t)
        r = _full(tuple(d + b + e for d, (b, e) in zip(src.shape, pads)), fill_value, dtype=src.dtype)
        r[tuple(slice(b, b + d) for d, (b, _) in zip(src.shape, pads))] = src
        return self._wrap(r, t.dtype)

    def pad_view(self, t: Tensor, padding: Sequence[tuple[int, int]]) -> Tensor:
        """Virtual padding (``View.pad``): no copy; padded positions read as zero."""
        return _over(t.buffer, t.view.pad(tuple(padding)), t.dtype, self)

    def cat(self, tensors: Sequence[Tensor], axis: int, out: Tensor | None = None) -> Tensor:
        arrs = []
        for t in tensors:
            a = t.arr
            arrs.append(_nd(t) if a is None else a)
        if out is None:
            r = _concatenate(arrs, axis=axis)
            make = self.make_tensor
            v = make()  # _native, inlined: concat of small arrays is a benchmarked call
            v.arr = r
            v.dtype = tensors[0].dtype
            v.backend = self
            v.shape = r.shape
            return v
        np.concatenate(arrs, axis=axis, out=_nd(out))
        return out

    # ------------------------------------------------------- conversion, memory
    def cast(self, x: Tensor, *, out: Tensor | None = None, dtype: DType | None = None) -> Tensor:
        """Converts to ``out``'s dtype (or ``dtype`` when allocating); see the contract."""
        if out is None:
            if dtype is None:
                raise NxInvalidArgument("cast: needs out or dtype")
            if dtype is x.dtype:
                return self.copy(x)
            src = x.dtype.kind
            if src in "biu" or (src == "f" and dtype.kind in "fc") or (src == "c" and dtype.kind == "c"):
                # Value-preserving or wrapping casts: NumPy's astype is the contract.
                a = x.arr
                r = (_nd(x) if a is None else a).astype(_NP[dtype])
                make = self.make_tensor
                t = make()  # _native, inlined: astype is a benchmarked call
                t.arr = r
                t.dtype = dtype
                t.backend = self
                t.shape = x.shape
                return t
            out = self.buffer(dtype, x.shape)
        E.cast(_nd(x), out=_nd(out))
        return out

    def engine_cast(self, x: Tensor, dtype: DType) -> Tensor:
        """NumPy's own conversion, ``ndarray.astype`` of x's elements as they lie in
        memory, with NumPy's warnings (``invalid value encountered in cast``). Out of an
        integer dtype's range NumPy gives what the CPU's conversion instructions give
        (x86-64: NaN, infinities and out-of-range values to int64 are ``-2**63``; narrower
        integers take the low bits of a 32- or 64-bit conversion, ``-10.0 -> 65526`` for
        uint16), and for uint32 the value can depend on whether NumPy converts the array
        with vector instructions (contiguous) or one element at a time (strided): the
        array is handed to NumPy as x's view lays it out, so the result is the one NumPy
        gives for that same array."""
        return self._wrap(_nd(x).astype(_NP[dtype]), dtype)

    def bitcast(self, x: Tensor, dtype: DType) -> Tensor:
        """Reinterprets the bits of a C-contiguous copy of ``x`` as ``dtype`` (same itemsize)."""
        r = np.empty(x.shape, dtype=_NP[dtype])
        r.view(_NP[x.dtype])[...] = _nd(x)  # the bits, into memory of the new dtype
        return self._wrap(r, dtype)

    def contiguous(self, t: Tensor) -> Tensor:
        a = t.arr
        if a is not None and a.size:
            if not a.flags.c_contiguous:
                return self.copy(t)  # (NumPy's flag is the View's: no layout to work out)
            if a.base is None:
                return t  # owns its memory, in C order: it is its whole buffer
        v = t.view
        if v.mask is None and v.offset == 0 and v.c_flag and 0 not in v.strides and t.buffer.size == v.numel:
            return t
        return self.copy(t)

    def copy(self, t: Tensor) -> Tensor:
        return self._wrap(np.array(_nd(t), order="C", copy=True), t.dtype)

    def aliased(self, t: Tensor, exempt: Sequence[Tensor] = ()) -> bool:
        # NumPy's short chains counted at once, any other by its objects
        rc = self.recycler
        shared = _shared_short(t, exempt, rc)
        return _aliased(t, exempt, rc) if shared is None else shared

    def overlap(self, t: Tensor, region: Tensor) -> Tensor | Literal[True] | None:
        a, w = t.arr, region.arr
        ra, rw = a.base, w.base
        if ra is None:
            ra = a
        if rw is None:
            rw = w
        if type(rw) is _ndarray and rw.base is None:
            if ra is not rw:
                if type(ra) is _ndarray and ra.base is None:
                    return None  # (two arrays that own their memory, or views of two: no byte in common)
            elif a.size and w.nbytes == rw.nbytes and 0 not in w.strides and _span(w) == w.nbytes:
                # region's elements fill all of the memory t's is part of, none twice (nx's
                # views never overlap themselves but where broadcast): every element of t
                # meets one (no address needed)
                return True
        if not a.size or not w.size or not np.may_share_memory(a, w):
            return None  # (the memory of the two does not meet)
        if 0 not in w.strides and _span(w) == w.size * w.itemsize:
            # region's elements fill their span, none twice (nx's views never overlap
            # themselves but where broadcast): t's elements inside it each meet one.
            lo, hi = _byte_bounds(w)  # [low, high)
            tlo, thi = _byte_bounds(a)
            if lo <= tlo and thi <= hi:
                return True
        # By the elements' byte ranges: t's element at p meets one of region's at q when
        # p - region's itemsize < q < p + t's itemsize.
        p, q = _addresses(a), np.unique(_addresses(w))
        first = np.searchsorted(q, p - w.itemsize, side="right")
        return _native(np.searchsorted(q, p + a.itemsize, side="left") > first, D.bool_, self)

    def assign_at(self, dst: Tensor, key: tuple, src: Any) -> Tensor:
        # dst itself decides: one element of a broadcast view is still many positions.
        # (A basic view of a writable dst with no broadcast axis is writable: no second check.)
        _check_writable("assign", dst)
        d = _nd(self.basic_view(dst, key))
        s = _arg(src)
        if type(s) is _ndarray and np.may_share_memory(d, s):
            s = s.copy()
        np.copyto(d, s, casting="unsafe")
        return dst

    def assign(self, dst: Tensor, src: Any) -> Tensor:
        """Writes src's logical elements (or a scalar) through dst's view into dst's buffer."""
        _check_writable("assign", dst)
        d = _nd(dst)
        s = _arg(src)
        if type(s) is _ndarray and np.may_share_memory(d, s):
            s = s.copy()
        np.copyto(d, s, casting="unsafe")
        return dst

    # ----------------------------------------------------------------- random
    def threefry(self, key: Tensor, counter: Tensor, out: Tensor | None = None) -> Tensor:
        r = _threefry.threefry2x32(_nd(key), _nd(counter), out=None if out is None else _nd(out))
        return self._wrap(r) if out is None else out

    def random_bits(self, key: Tensor, *, shape: Sequence[int], dtype: DType, tag: int = 0) -> Tensor:
        k = _nd(key)
        return self._wrap(_threefry.random_bits(int(k[0]), int(k[1]), tuple(shape), _NP[dtype], tag), dtype)

    def random_uniform(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        k = _nd(key)
        return self._wrap(_threefry.uniform(int(k[0]), int(k[1]), tuple(shape), _NP[dtype]), dtype)

    def random_normal(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        k = _nd(key)
        return self._wrap(_threefry.normal(int(k[0]), int(k[1]), tuple(shape), _NP[dtype]), dtype)

    # ---------------------------------------------------------- indexed access
    def gather(self, data: Tensor, indices: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        a, i = _nd(data), _nd(indices)
        if out is None and i.dtype.kind == "i" and a.shape[:axis] == i.shape[:axis] and a.shape[axis + 1 :] == i.shape[axis + 1 :]:
            # The common call (take_along_axis's): NumPy's own, whose indexing wraps a
            # negative index once and raises IndexError for one still out of range, as
            # the contract says, without the kernel's second pass over the indices.
            return self._wrap(np.ascontiguousarray(np.take_along_axis(a, i, axis=axis)), data.dtype)
        r = _indexed.gather(a, i, axis, out=None if out is None else _nd(out))
        return self._wrap(r, data.dtype) if out is None else out

    def scatter(
        self,
        template: Tensor,
        *,
        indices: Tensor,
        updates: Tensor,
        axis: int,
        mode: str = "set",
        unique_indices: bool = False,
    ) -> Tensor:
        r = _indexed.scatter(_nd(template), _nd(indices), _nd(updates), axis, mode=mode, unique_indices=unique_indices)
        return self._wrap(r, template.dtype)

    def take(self, x: Tensor, indices: Tensor, *, axis: int) -> Tensor:
        """NumPy's take, which checks the bounds itself; its IndexError in the words of
        the contract. (A uint64 index NumPy would read as a negative one: ``_check_u64``
        first.)"""
        a, i = _nd(x), _nd(indices)
        n = a.shape[axis]
        try:
            if indices.dtype is _U64:
                _check_u64(i, n, axis)
            return self._wrap(np.take(a, i, axis=axis), x.dtype)
        except IndexError:  # (the words of the contract, which name the index)
            e = _indexed.bounds_error("take", i, axis, n)
            raise e if e is not None else IndexError(f"take: an index is out of bounds for axis {axis} with size {n}") from None

    def index(self, x: Tensor, key: tuple) -> Tensor:
        """NumPy advanced indexing by a normalised key of ints, slices, None and int/bool Tensors.

        Index values may be out of range: the backend raises IndexError for them.
        """
        if len(key) == 1 and isinstance(key[0], Tensor):  # x[i], x[mask]
            return self.index_array(x, key[0])
        _check_unsigned_key(key, x.shape)
        src = x.arr
        if src is None:
            src = _nd(x)
        k = tuple([_nd(i) if isinstance(i, Tensor) else i for i in key])
        r = src[k]
        if type(r) is not _ndarray or np.may_share_memory(r, src):
            r = np.array(r, copy=True)  # a key of basic parts only gives a view: copy it
        return self._wrap(r, x.dtype)

    def index_array(self, x: Tensor, i: Tensor) -> Tensor:
        """``x[i]`` for one integer or bool tensor ``i``: NumPy's advanced indexing (a copy)."""
        a = x.arr
        if a is None:  # a masked operand: its elements read afresh
            a = _nd(x)
        b = i.arr
        if b is None:
            b = _nd(i)
        if i.dtype is _U64:
            _check_u64(b, a.shape[0], 0)
        r = a[b]
        make = self.make_tensor
        t = make()  # _native, inlined: x[index array] is a benchmarked call
        t.arr = r
        t.dtype = x.dtype
        t.backend = self
        t.shape = r.shape
        return t

    def index_put(self, x: Tensor, key: tuple, value: Any) -> Tensor:
        """Writes ``value`` into ``x[key]`` in place (NumPy semantics: last write wins)."""
        _check_writable("index_put", x)
        _check_unsigned_key(key, x.shape)
        k = tuple(_nd(i) if isinstance(i, Tensor) else i for i in key)
        d = _nd(x)
        v = _arg(value)
        if type(v) is _ndarray and np.may_share_memory(d, v):
            v = v.copy()
        d[k] = v
        return x

    def nonzero(self, x: Tensor) -> tuple[Tensor, ...]:
        return tuple(self._wrap(i.astype(np.int64)) for i in np.nonzero(_nd(x)))

    def searchsorted(self, x1: Tensor, x2: Tensor, *, side: Literal["left", "right"]) -> Tensor:
        return self._wrap(np.searchsorted(_nd(x1), _nd(x2), side=side).astype(np.int64))

    def unique(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        """(values, first indices, inverse indices, counts) of the flattened ``x``; NaNs distinct."""
        a = _nd(x).reshape(-1)
        values, index, inverse, counts = np.unique(a, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
        return (self._wrap(values), self._wrap(_i64(index)), self._wrap(_i64(inverse)), self._wrap(_i64(counts)))

    # NumPy's paths for part of the results (np.unique flattens its operand): counts and
    # inverse from one unstable sort, as NumPy's unique_counts and unique_inverse. The
    # values alone: one sort of a flat copy and the elements unlike their predecessors.
    # NumPy's unique_values hashes integers (a hash set, an element at a time): 20000 int64
    # of 3 distinct values, 0.97 ms against 22 us sorted; of 2**40 possible, 7.7 ms against
    # 0.40 (NumPy 2.4, one core, noisy figures; the sort was the faster everywhere measured).
    def unique_values(self, x: Tensor) -> Tensor:
        a = np.sort(_nd(x), axis=None)  # flat, NaNs last
        new = np.empty(a.shape, np.bool_)
        new[:1] = True
        np.not_equal(a[1:], a[:-1], out=new[1:])  # NaN != NaN: each NaN its own value
        return self._wrap(a[new], x.dtype)

    def unique_counts(self, x: Tensor) -> tuple[Tensor, Tensor]:
        values, counts = np.unique(_nd(x), return_counts=True, equal_nan=False)
        return self._wrap(values), self._wrap(_i64(counts))

    def unique_inverse(self, x: Tensor) -> tuple[Tensor, Tensor]:
        values, inverse = np.unique(_nd(x), return_inverse=True, equal_nan=False)
        return self._wrap(values), self._wrap(_i64(inverse.reshape(-1)))

    def isin(self, x1: Tensor, x2: Tensor, *, invert: bool = False) -> Tensor:
        return self._wrap(np.isin(_nd(x1), _nd(x2), invert=invert))

    def repeat(self, x: Tensor, repeats: Any, *, axis: int) -> Tensor:
        return self._wrap(np.repeat(_nd(x), _arg(repeats), axis=axis), x.dtype)

    # ----------------------------------------------------------------- creation
    def arange(self, dtype: DType, start: Any, step: Any, num: int) -> Tensor:
        """out[i] = start + i*step for i < num: exact (modular) when start and step are ints and dtype is an integer, float64 arithmetic otherwise, then cast."""
        return self._wrap(arange_values(_NP[dtype], start, step, 0, num), dtype)

    def linspace(self, dtype: DType, start: Any, stop: Any, num: int, endpoint: bool, precision: DType | None = None) -> Tensor:
        if precision is not None:
            start, stop = _NP[precision].type(start), _NP[precision].type(stop)
        return self._wrap(np.linspace(start, stop, num, endpoint=endpoint, dtype=_NP[dtype]), dtype)

    def eye(self, dtype: DType, n: int, m: int, k: int) -> Tensor:
        return self._wrap(np.eye(n, m, k, dtype=_NP[dtype]), dtype)

    def tril(self, x: Tensor, k: int) -> Tensor:
        return self._wrap(np.tril(_nd(x), k), x.dtype)

    def triu(self, x: Tensor, k: int) -> Tensor:
        return self._wrap(np.triu(_nd(x), k), x.dtype)

    # ------------------------------------------------------------------ windows
    def unfold(self, x: Tensor, *, kernel_size: Sequence[int], stride: Sequence[int], dilation: Sequence[int], padding: Sequence[tuple[int, int]]) -> Tensor:
        r = _windows.unfold(_nd(x), tuple(kernel_size), tuple(stride), tuple(dilation), tuple(padding))
        return self._wrap(r, x.dtype)

    def fold(self, x: Tensor, *, output_size: Sequence[int], kernel_size: Sequence[int], stride: Sequence[int], dilation: Sequence[int], padding: Sequence[tuple[int, int]]) -> Tensor:
        r = _windows.fold(_nd(x), tuple(output_size), tuple(kernel_size), tuple(stride), tuple(dilation), tuple(padding))
        return self._wrap(r, x.dtype)

    # ------------------------------------------------------------------- matrix
    def matmul(self, a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
        if out is None:
            x, y = a.arr, b.arr
            if x is None:
                x = _nd(a)
            if y is None:
                y = _nd(b)
            if (x.nbytes < _MIN_RECYCLED and y.nbytes < _MIN_RECYCLED) or self.recycler is None or x.ndim != 2 or y.ndim != 2:
                r = _matmul(x, y)
            else:  # a large matrix product: into the memory of a dead one (recycling)
                r = _matmul(x, y, out=self.recycler.take((x.shape[0], y.shape[1]), _NP[a.dtype]))
            if r.__class__ is _ndarray:  # _native, inlined: matmul is a benchmarked call
                make = self.make_tensor
                t = make()
                t.arr = r
                t.dtype = a.dtype  # [EW2]'s rule: the operands' dtype
                t.backend = self
                t.shape = r.shape
                return t
            return self._wrap(r)
        np.matmul(_nd(a), _nd(b), out=_nd(out))
        return out

    def tensordot(self, a: Tensor, b: Tensor, *, axes: tuple[Sequence[int], Sequence[int]]) -> Tensor:
        return self._wrap(np.tensordot(_nd(a), _nd(b), axes=axes))

    def vecdot(self, a: Tensor, b: Tensor, *, axis: int) -> Tensor:
        x, y = _nd(a), _nd(b)
        return self._wrap(np.asarray(np.vecdot(x, y, axis=axis)))  # type: ignore[call-overload]  # stubs lack axis

    # --------------------------------------------------------------------- fft
    def fft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._wrap(_fft.fft(_nd(x), tuple(axes)))

    def ifft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._wrap(_fft.ifft(_nd(x), tuple(axes)))

    def rfft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._wrap(_fft.rfft(_nd(x), tuple(axes)))

    def irfft(self, x: Tensor, *, axes: Sequence[int], s: Sequence[int] | None = None) -> Tensor:
        return self._wrap(_fft.irfft(_nd(x), tuple(axes), None if s is None else tuple(s)))

    # ------------------------------------------------------------------ linalg
    def cholesky(self, a: Tensor, *, upper: bool = False) -> Tensor:
        return self._wrap(_linalg.cholesky(_nd(a), upper))

    def qr(self, a: Tensor, *, reduced: bool = True) -> tuple[Tensor, Tensor]:
        q, r = _linalg.qr(_nd(a), reduced)
        return self._wrap(q), self._wrap(r)

    def svd(self, a: Tensor, *, full_matrices: bool = True) -> tuple[Tensor, Tensor, Tensor]:
        u, s, vh = _linalg.svd(_nd(a), full_matrices)
        return self._wrap(u), self._wrap(s), self._wrap(vh)

    def svdvals(self, a: Tensor) -> Tensor:
        return self._wrap(_linalg.svdvals(_nd(a)))

    def eig(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        w, v = _linalg.eig(_nd(a), vectors)
        return self._wrap(w), (None if v is None else self._wrap(v))

    def eigh(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        w, v = _linalg.eigh(_nd(a), vectors)
        return self._wrap(w), (None if v is None else self._wrap(v))

    def triangular_solve(self, a: Tensor, b: Tensor, *, upper: bool, transpose: bool = False, unit_diag: bool = False) -> Tensor:
        return self._wrap(_linalg.triangular_solve(_nd(a), _nd(b), upper, transpose, unit_diag))

    def inv(self, a: Tensor) -> Tensor:
        return self._wrap(_linalg.inv(_nd(a)))

    def det(self, a: Tensor) -> Tensor:
        return self._wrap(np.asarray(_linalg.det(_nd(a))))

    def slogdet(self, a: Tensor) -> tuple[Tensor, Tensor]:
        s, l = _linalg.slogdet(_nd(a))
        return self._wrap(np.asarray(s)), self._wrap(np.asarray(l))

    def solve(self, a: Tensor, b: Tensor) -> Tensor:
        return self._wrap(_linalg.solve(_nd(a), _nd(b)))

    def pinv(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        return self._wrap(_linalg.pinv(_nd(a), _arg(rtol)))

    def matrix_rank(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        return self._wrap(np.asarray(_linalg.matrix_rank(_nd(a), _arg(rtol))))

    # ---------------------------------------------------- host memory, sequences
    def _adopt(self, a: np.ndarray, copy: bool | None, name: str) -> Tensor:
        """A Tensor over host array ``a``: shared when C-contiguous native, writable and copy is not True."""
        if a.dtype.newbyteorder("=") not in _FROM_NP:
            raise TypeError(f"{name}: unsupported dtype {a.dtype}")
        need = not a.flags.c_contiguous or a.dtype.byteorder not in "=|" or type(a) is not _ndarray
        if copy is False and need:
            raise NxInvalidArgument(f"{name}: the data is not C-contiguous native-endian memory, so a copy is needed, but copy=False")
        if copy or need or (copy is None and not a.flags.writeable):
            a = np.array(a, dtype=a.dtype.newbyteorder("="), order="C", copy=True)
        return self._wrap(a)

    def from_host(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Host memory (buffer protocol, array interface, nested sequences) as a tensor: C-contiguous data shared unless copy=True; copy=False raises NxInvalidArgument when a copy is needed."""
        try:
            a = np.asarray(obj)
        except (TypeError, ValueError) as e:
            raise TypeError(f"from_host: cannot read a {type(obj).__name__} as an array ({e})") from None
        return self._adopt(a, copy, "from_host")

    def to_host(self, t: Tensor) -> np.ndarray:
        """The NumPy array of ``t``'s logical elements, strided, sharing memory when unmasked."""
        a = _nd(t)
        return a if isinstance(a, _ndarray) else _asarray(a)  # (an object standing in for the array reads as one)

    def from_dlpack(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Imports a DLPack producer like from_host (shared when C-contiguous, copy=True copies, copy=False raises NxInvalidArgument if a copy is needed); BufferError propagates."""
        try:
            a = np.from_dlpack(obj, copy=copy)
        except (BufferError, MemoryError):
            raise  # the producer cannot export (the protocol's error), or no memory
        except Exception as e:  # noqa: BLE001 - whatever the producer's hooks gave NumPy
            raise _dlpack_error(obj, e) from e
        return self._adopt(a, None if copy else copy, "from_dlpack")

    def from_sequence(self, values: Sequence[Any], shape: Sequence[int], dtype: DType) -> Tensor:
        """A fresh tensor of ``dtype`` and ``shape`` from the flat row-major Python scalars ``values`` (already checked to fit)."""
        if dtype in _SINGLE:
            # Only single precision can overflow (to inf) from checked Python floats.
            with np.errstate(over="ignore", invalid="ignore"):
                a = _array(values, dtype=_NP[dtype])
        else:
            a = _array(values, dtype=_NP[dtype])
        shape = tuple(shape)
        if len(shape) != 1:  # (a flat list is already the 1-D array its shape says)
            a = a.reshape(shape)
        make = self.make_tensor
        t = make()  # _native, inlined: asarray(list) is a benchmarked call
        t.arr = a
        t.dtype = dtype
        t.backend = self
        t.shape = shape
        return t

    # ------------------------------------------------ basic indexing, rolling
    def basic_view(self, t: Tensor, key: tuple) -> Tensor:
        """A view (no copy) for a basic key (``View.basic_index``'s key), by NumPy's
        indexing; a masked ``t`` gives a masked view of its buffer (``View.basic_index``)."""
        a = t.arr
        if a is None:
            try:
                return _over(t.buffer, t.view.basic_index(key), t.dtype, self)
            except NxInvalidArgument:
                # One padded position alone, which no 0-d View can mark as padding: its
                # value (0), read-only, so that a write through it raises as through t.
                r = np.array(_nd(t)[key])
                r.flags.writeable = False
                return _native(r, t.dtype, self)
        r = a[key]
        if r.__class__ is not _ndarray:  # every axis taken by an int: a 0-d view, not a scalar
            r = a[key + (Ellipsis,)]
        make = self.make_tensor
        v = make()  # _native, inlined: slicing is the hottest view
        v.arr = r
        v.dtype = t.dtype
        v.backend = self
        v.shape = r.shape
        return v

    def roll(self, t: Tensor, shifts: Sequence[int], axes: Sequence[int]) -> Tensor:
        """A fresh tensor: ``t`` rolled by ``shifts[i]`` along ``axes[i]`` (NumPy's roll; repeated axes add up)."""
        return self._wrap(np.roll(_nd(t), tuple(shifts), tuple(axes)), t.dtype)

