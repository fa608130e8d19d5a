"""Creation functions (the standard's "Creation Functions" section).

Every array is made by one backend call: ``full``/``buffer`` for filled and empty
arrays, ``from_sequence`` for nested Python sequences (validated and typed here),
``from_host``/``from_dlpack`` for foreign arrays (zero-copy when their memory
is C-contiguous), ``arange``/``linspace``/``eye``/``tril``/``triu`` for the rest.
``meshgrid`` returns stride-0 broadcast views of its inputs, never copies.
"""

from __future__ import annotations

import math
from itertools import chain, repeat
from collections.abc import Callable, Sequence, Set as AbstractSet
from typing import Any, overload

from nx_core.device import default_device
from nx_core.dtype import DType
from nx_core.errors import NxInvalidArgument
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from . import _validation as _val
from ._array_object import Array, Device, StrictArray
from ._compose import convert, transfer
from ._devices import REAL_FLOATING, namespace_of
from ._messages import int_out_of_bounds, not_a_dtype
from ._scalars import BOOL, COMPLEX, FLOAT, INT, KIND_OF, check_values, kind_default, scalar_dtype, scalar_kind
from ._validation import (
    MAX_DIMS,
    ScalarOverflowError,
    as_int,
    as_ints,
    check_bool,
    backend_of,
    check_array,
    check_device,
    check_device_dtype,
    check_shape,
    core_message,
    default_dtype,
    plain_size,
    py_scalar,
)

__all__ = [
    "arange",
    "asarray",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
]


# ------------------------------------------------------------------ validation
@overload
def check_dtype(name: str, dtype: Any, default: DType, device: Device | None = None) -> DType: ...
@overload
def check_dtype(name: str, dtype: Any, default: None = None, device: Device | None = None) -> DType | None: ...
def check_dtype(name: str, dtype: Any, default: DType | None = None, device: Device | None = None) -> DType | None:
    """``dtype`` as one of the namespace's dtypes (``default`` when None), one that
    ``device`` supports when a device is given; None when both are None."""
    if dtype is None:
        d = default
    elif type(dtype) is DType and dtype in _dt.all_dtypes:
        d = dtype
    else:
        # TypeError, as NumPy's for a dtype it does not understand; the strict namespace
        # raises array-api-strict's ValueError.
        strict = device is not None and namespace_of(device).strict
        raise not_a_dtype(name, dtype, _dt.ALL, ValueError if strict else TypeError)
    if device is not None and device.unsupported and d is not None:
        check_device_dtype(name, device, d)
    return d


def _check_copy(name: str, copy: Any) -> None:
    if copy is not None and type(copy) is not bool:
        raise TypeError(f"{name}: copy must be None, True or False, got {type(copy).__name__}")


def _shape(name: str, shape: Any, dtype: DType, strict: bool = False) -> tuple[int, ...]:
    """``shape`` (an int or a sequence of ints) as a tuple an array of ``dtype`` can have;
    ``strict`` (the strict namespace, as array-api-strict): a bool is no dimension."""
    n = plain_size(shape)
    if n >= 0:
        if 0 < n * dtype.itemsize < _SMALL:
            return shape  # the common case: a small, non-empty shape of ints
        return check_shape(name, shape, dtype.itemsize)
    dims = as_ints(name, shape, "shape", entry="shape entries", allow_bool=not strict)
    for d in dims:
        if d < 0:
            raise ValueError(f"{name}: negative dimensions are not allowed, got shape {dims}")
    return check_shape(name, dims, dtype.itemsize)


_REAL_FLOATING_GET = REAL_FLOATING.get
_FLOAT64 = _dt.float64
_SMALL = 1 << 62  # bytes: below the 2**63-byte limit whatever check_shape's rounding
_SMALL_F64 = _SMALL // 8  # float64 elements


def _alloc(name: str, B: Any, dtype: DType, shape: tuple[int, ...], value: Any = None) -> Array:
    """A fresh tensor of a user-given (checked) shape on backend ``B``: filled with
    ``value``, or uninitialized when it is None. An allocation the machine cannot satisfy
    raises MemoryError with ``name`` in front of the allocator's message."""
    try:
        return B.buffer(dtype, shape) if value is None else B.full(dtype, shape, value)
    except MemoryError as e:
        raise MemoryError(core_message(name, e)) from None


def _made(name: str, prim: Any, *args: Any) -> Array:
    """``prim(*args)``, a backend call that allocates a result of a checked size; its
    MemoryError gets ``name`` in front."""
    try:
        return prim(*args)
    except MemoryError as e:
        raise MemoryError(core_message(name, e)) from None


# --------------------------------------------------------------------- asarray
def _is_seq(o: Any) -> bool:
    """A nested-sequence node: a list, a tuple or another Sequence that is not text or bytes."""
    t = type(o)
    if t is list or t is tuple:
        return True
    return isinstance(o, Sequence) and not isinstance(o, (str, bytes, bytearray, memoryview, Array))


#: The types of nested-sequence nodes and of Python scalars that ``_walk`` classifies a
#: whole level of at once.
_NODES = frozenset({list, tuple})
_SCALARS = KIND_OF.keys()
_ONE_KIND = {k: frozenset({k}) for k in (BOOL, INT, FLOAT, COMPLEX)}  # (the kinds of one scalar)


class _Foreign(Exception):
    """A nested sequence holds something that is not a Python scalar or an nx array."""


def _walk(obj: Any) -> tuple[tuple[int, ...], list[Any], set[int], list[DType]]:
    """(shape, flat row-major values, Python scalar kinds, nx array dtypes) of ``obj``."""
    shape: list[int] = []
    dtypes: list[DType] = []
    level = [obj]
    # The sequences of the levels above: a regular nested sequence holds each sequence at
    # one depth only, so one met again (a list holding itself, at any depth) is refused
    # at once, before its levels are expanded (``l = [l, l]`` doubles at each).
    above: set[int] = set()
    while level:
        # The types of the level, in C: a level of lists and tuples alone, or of Python
        # scalars alone (the leaves of a list of lists of floats), needs no Python loop.
        types = set(map(type, level))
        if types <= _NODES:
            here = set(map(id, level))
            if not above.isdisjoint(here):
                raise ValueError("asarray: the nested sequence contains itself (a self-referential list or tuple)")
            nseq = len(level)
        elif types <= _SCALARS:
            break
        else:
            nseq = 0
            here = set()
            for o in level:
                if _is_seq(o):
                    nseq += 1
                    if id(o) in above:
                        raise ValueError("asarray: the nested sequence contains itself (a self-referential list or tuple)")
                    here.add(id(o))
                elif isinstance(o, Array) and o.ndim > 0:
                    nseq += 1
        above |= here
        if nseq == 0:
            break
        if nseq != len(level):
            first = _is_node(level[0])
            j = next(j for j, o in enumerate(level) if _is_node(o) != first)
            this, other = ("a scalar", "a sequence") if first else ("a sequence", "a scalar")
            raise ValueError(
                "asarray: ragged nested sequence (sequences and scalars mixed at one depth): "
                f"the item at {_at(j, shape)} is {this} and the one at {_at(0, shape)} {other} (depth {len(shape)})"
            )
        n = -1
        nxt: list[Any] = []
        lengths = set(map(len, level)) if types <= _NODES else set()  # (a list's or tuple's len is its items')
        if len(lengths) == 1:
            (n,) = lengths
            nxt = list(chain.from_iterable(level))
            level = []  # (the loop below has nothing to do)
        for j, o in enumerate(level):
            if isinstance(o, Array):
                dtypes.append(o.dtype)
                o = o.backend.to_list(o)
            else:
                o = _items(o)
            if n < 0:
                n = len(o)
            elif len(o) != n:
                raise ValueError(
                    "asarray: ragged nested sequence (sequences of different lengths at one depth): "
                    f"the sequence at {_at(j, shape)} has length {len(o)} and the one at {_at(0, shape)} length {n} "
                    f"(depth {len(shape)})"
                )
            nxt.extend(o)
        shape.append(n)
        if len(shape) > MAX_DIMS:
            raise ValueError(f"asarray: at most {MAX_DIMS} dimensions are supported")
        level = nxt
    if types <= _SCALARS:  # (the last level's types)
        return tuple(shape), level, {KIND_OF[t] for t in types}, dtypes
    kinds: set[int] = set()
    values = level
    one_of_each = dict(zip(map(type, level), level))  # (in C)
    if Array not in one_of_each and StrictArray not in one_of_each:  # (scalar_kind reads the type alone)
        for o in one_of_each.values():
            k = scalar_kind(o)
            if k < 0:
                raise _Foreign
            kinds.add(k)
        return tuple(shape), values, kinds, dtypes
    for i, o in enumerate(level):
        if isinstance(o, Array):
            dtypes.append(o.dtype)
            values[i] = o.backend.item(o)
            continue
        k = scalar_kind(o)
        if k < 0:
            raise _Foreign
        kinds.add(k)
    return tuple(shape), values, kinds, dtypes


def _is_node(o: Any) -> bool:
    """A nested-sequence node, or an nx array of at least one dimension (``_walk``'s test)."""
    return _is_seq(o) or (isinstance(o, Array) and o.ndim > 0)


def _at(j: int, shape: list[int]) -> str:
    """Where the ``j``-th item of a level of ``_walk`` sits in the nested sequence (the
    levels above it of lengths ``shape``), as its indices: "[1][0]"."""
    idx = []
    for n in reversed(shape):
        j, i = divmod(j, n)
        idx.append(i)
    return "".join(f"[{i}]" for i in reversed(idx)) or "the object"


def _items(o: Any) -> Any:
    """The items of a nested-sequence node: a list or tuple as it is, any other sequence
    by iterating it (its ``__len__`` is not trusted: a list subclass may lie about it)."""
    t = type(o)
    return o if t is list or t is tuple else [v for v in o]


def _stacked(obj: Any, dtype: DType | None, copy: bool | None, dev: Device, given: bool) -> Array | None:
    """``obj`` when it is a nested sequence whose innermost items are all nx arrays of one
    shape on one device (``dev`` when the caller ``given`` it, else theirs, as ``asarray``
    of one array keeps its device): those arrays stacked, at the cost of ``stack`` (one
    backend concatenation, no element through Python); None for anything else."""
    o = obj
    for _ in range(MAX_DIMS + 1):  # the first leaf: an nx array, or not this case
        if not _is_seq(o):
            break
        items = _items(o)
        if not items:
            return None
        o = items[0]
    if type(o) is not Array:
        return None
    outer: list[int] = []
    level = [obj]
    while not all(type(v) is Array for v in level):
        nxt: list[Any] = []
        n = -1
        for v in level:
            if not _is_seq(v):
                return None  # arrays and scalars at one depth: the general walk decides
            items = _items(v)
            if n < 0:
                n = len(items)
            elif len(items) != n:
                return None
            nxt.extend(items)
        outer.append(n)
        if not n or len(outer) > MAX_DIMS:
            return None
        level = nxt
    shape = level[0].shape
    B = dev.backend if given else level[0].backend
    if any(v.shape != shape or v.backend is not B for v in level):
        return None  # ragged, or on another device: the general walk decides
    if copy is False:
        raise ValueError("asarray: building an array from a sequence of arrays needs a copy, but copy=False")
    d = _promote_all("asarray", [v.dtype for v in level])
    if dtype is not None:
        if d.kind == "c" and dtype.kind in "iuf":
            raise TypeError(f"asarray: cannot convert complex {d.name} to {dtype.name}; take real() or imag() first")
        d = dtype
    full = tuple(outer) + shape
    _val.check_shape("asarray", full, d.itemsize)
    if len(full) > MAX_DIMS:
        raise ValueError(f"asarray: at most {MAX_DIMS} dimensions are supported")
    one = (1,) + shape
    parts = []
    try:
        for v in level:
            t = v if v.dtype is d else B.cast(v, dtype=d)
            r = B.reshape(t, one)
            parts.append(r if r is not None else B.reshape(B.copy(t), one))
        return B.reshape(B.cat(parts, axis=0), full)
    except MemoryError as e:
        raise MemoryError(core_message("asarray", e)) from None


def _promote_all(name: str, dtypes: list[DType]) -> DType:
    d = dtypes[0]
    for o in dtypes[1:]:
        d = _dt.result_type_pair(d, o, name)
    return d


def _from_array(x: Array, dtype: DType | None, copy: bool | None, device: Device | None) -> Array:
    if device is not None and device is not x.backend.device:
        if copy is False:
            raise ValueError(f"asarray: moving an array from {x.device.name!r} to {device.name!r} needs a copy, but copy=False")
        check_device_dtype("asarray", device, x.dtype)
        x = transfer(x, device)
        copy = None
    t = x
    if dtype is None or dtype is t.dtype:
        return t.backend.copy(t) if copy else x
    if copy is False:
        raise ValueError(f"asarray: converting {t.dtype.name} to {dtype.name} needs a copy, but copy=False")
    return convert("asarray", t, dtype)


def _from_foreign(obj: Any, dtype: DType | None, copy: bool | None, device: Device) -> Array:
    B = device.backend
    inner_copy = None if (copy and dtype is not None) else copy
    try:
        if hasattr(obj, "__array__") or hasattr(obj, "__array_interface__") or hasattr(obj, "__array_struct__") or isinstance(obj, (list, tuple)):
            t = B.from_host(obj, copy=inner_copy)
        elif hasattr(obj, "__dlpack__"):
            t = B.from_dlpack(obj, copy=inner_copy)
        else:
            try:
                mv = memoryview(obj)
            except TypeError:
                raise TypeError(f"asarray: cannot convert an object of type {type(obj).__name__} to an array") from None
            t = B.from_host(mv, copy=inner_copy)
    except NxInvalidArgument as e:
        raise ValueError(core_message("asarray", e)) from None
    except TypeError as e:
        raise TypeError(core_message("asarray", e)) from None
    if dtype is None:
        if t.dtype not in _dt.all_dtypes:
            raise TypeError(f"asarray: dtype {t.dtype.name} is not one of the namespace's dtypes")
        check_device_dtype("asarray", device, t.dtype)
        return t
    if dtype is t.dtype:
        return t
    if copy is False:
        raise ValueError(f"asarray: converting {t.dtype.name} to {dtype.name} needs a copy, but copy=False")
    return convert("asarray", t, dtype)


def asarray_of(default: Callable[[], Device], pick: Callable[[str, Any], Device], keeps: tuple[type, ...], given: bool, doc: str) -> Callable[..., Array]:
    """``asarray`` of a namespace, one function with no wrapper around it (a call on a
    short list costs mostly its frames): ``default()`` is the namespace's default device,
    ``pick(name, device)`` its reading of a device given (a Device), ``keeps`` the array
    classes whose device an ``asarray`` without one keeps (any other array goes to
    ``default()``), ``given`` whether the default device counts as given (a list of
    arrays then goes to it, not to theirs: the strict namespace's arrays are on its own
    devices)."""

    def asarray(
        obj: Any,
        /,
        *,
        dtype: DType | None = None,
        device: Any = None,
        copy: bool | None = None,
    ) -> Array:
        c = type(obj)
        if c is Array or c is StrictArray:  # (their metaclass refuses to make subclasses' instances)
            if device is None and copy is None and (dtype is None or dtype is obj.dtype) and c in keeps:
                return obj  # the commonest call (scikit-learn's): nothing to change, nothing to check
            if device is None:
                dev = None if c in keeps else default()
            else:
                dev = pick("asarray", device)
            dtype = check_dtype("asarray", dtype, None, dev or obj.backend.device)
            _check_copy("asarray", copy)
            return _from_array(obj, dtype, copy, dev)
        dev = default() if device is None else pick("asarray", device)
        if dtype is not None:
            dtype = check_dtype("asarray", dtype, None, dev)
        if copy is not None:
            _check_copy("asarray", copy)
        if c in _SCALARS and copy is not False:
            # A Python scalar (scikit-learn's asarray(0, dtype=..., device=...)): a 0-d
            # array, with the checks of a sequence of one.
            kind = KIND_OF[c]
            if dtype is None:
                dtype = kind_default(dev, kind)
                check_device_dtype("asarray", dev, dtype)
            _check_sequence(dev, [obj], _ONE_KIND[kind], dtype, ())
            return dev.backend.from_sequence([obj], (), dtype)
        if c is list and copy is not False and dtype is None and obj:
            # The commonest case, a flat list of Python floats (or of ints): no walk needed.
            k = type(obj[0])
            if k is float or k is int:
                for v in obj:
                    if type(v) is not k:
                        break
                else:
                    if k is float:
                        d = _REAL_FLOATING_GET(dev, _FLOAT64)
                    else:
                        d = default_dtype(dev, "integral")
                        _check_sequence(dev, obj, {INT}, d, (len(obj),))
                    return dev.backend.from_sequence(obj, (len(obj),), d)
        if _is_seq(obj) or scalar_kind(obj) >= 0:
            if _is_seq(obj) and namespace_of(dev).strict and any(map(isinstance, obj, repeat(Array))):  # (in C)
                # as array-api-strict: nx arrays directly in the list (deeper ones pass)
                namespace_of(dev).refuse("argument", TypeError("asarray: nx arrays in a list are not portable (strict mode); use stack"))
            st = _stacked(obj, dtype, copy, dev, given or device is not None)
            if st is not None:
                return st
            try:
                shape, values, kinds, dtypes = _walk(obj)
            except _Foreign:
                return _from_foreign(obj, dtype, copy, dev)
            if copy is False:
                raise ValueError("asarray: building an array from Python objects needs a copy, but copy=False")
            if dtype is None:
                if dtypes:
                    dtype = _promote_all("asarray", dtypes)
                    for kind in sorted(kinds):
                        dtype = scalar_dtype("asarray", dtype, kind, dev)
                elif kinds:
                    dtype = kind_default(dev, max(kinds))
                else:
                    dtype = kind_default(dev, FLOAT)
                check_device_dtype("asarray", dev, dtype)
            _check_sequence(dev, values, kinds, dtype, shape)
            return dev.backend.from_sequence(values, shape, dtype)
        return _from_foreign(obj, dtype, copy, dev)

    asarray.__doc__ = doc
    asarray.__qualname__ = "asarray"
    return asarray


asarray = asarray_of(
    default_device,
    check_device,
    (Array, StrictArray),
    False,
    """Converts ``obj`` (an array, a Python scalar, a nested sequence, or any buffer /
    ``__array__`` / ``__dlpack__`` object) to an array. C-contiguous foreign memory is
    shared unless ``copy=True``; ``copy=False`` raises ValueError when a copy is needed.""",
)


def _check_sequence(dev: Device, values: list, kinds: AbstractSet[int], dtype: DType, shape: tuple) -> None:
    """``check_values`` for the elements of a sequence; in the strict namespace an int too
    large for the dtype is array-api-strict's TypeError (NumPy would make an object
    array of the sequence), not an OverflowError."""
    try:
        check_values("asarray", values, kinds, dtype)
    except ScalarOverflowError as e:
        if shape and namespace_of(dev).strict:
            raise TypeError(f"{e} (an integer this large in a sequence has no dtype of the standard)") from None
        raise


class _OwnExport:
    """A strict array as the DLPack producer of nx's own ``from_dlpack`` onto the
    array's device: Array's export, which a strict array on a virtual device refuses to
    consumers that do not ask for the CPU (an import onto its own device moves nothing)."""

    __slots__ = ("x",)

    def __init__(self, x: Array) -> None:
        self.x = x

    def __dlpack__(self, **kw: Any) -> Any:
        return Array.__dlpack__(self.x, **kw)

    def __dlpack_device__(self) -> Any:
        return Array.__dlpack_device__(self.x)


def from_dlpack(x: object, /, *, device: Any = None, copy: bool | None = None) -> Array:
    """An array over the memory of ``x`` (any ``__dlpack__`` producer), shared unless
    ``copy=True``; ValueError when ``copy=False`` and a copy is needed. (``device`` and
    ``copy`` are the 2023.12 standard's.)"""
    if (device is not None or copy is not None) and isinstance(x, Array):
        x._ns.requires("2023.12", "from_dlpack", "the device and copy arguments", ValueError)
    dev = check_device("from_dlpack", device)
    _check_copy("from_dlpack", copy)
    if not hasattr(x, "__dlpack__"):
        raise TypeError(f"from_dlpack: x must implement __dlpack__, got {type(x).__name__}")
    if isinstance(x, Array) and x.backend.device is not dev:
        if device is None:
            dev = x.backend.device
        else:
            if copy is False:
                raise ValueError(f"from_dlpack: moving an array from {x.device.name!r} to {dev.name!r} needs a copy, but copy=False")
            return x.to_device(dev)
    try:
        t = dev.backend.from_dlpack(_OwnExport(x) if isinstance(x, StrictArray) else x, copy=copy)
    except NxInvalidArgument as e:
        raise ValueError(core_message("from_dlpack", e)) from None
    except TypeError as e:
        raise TypeError(core_message("from_dlpack", e)) from None
    if t.dtype not in _dt.all_dtypes:
        raise TypeError(f"from_dlpack: dtype {t.dtype.name} is not one of the namespace's dtypes")
    check_device_dtype("from_dlpack", dev, t.dtype)
    return t


# -------------------------------------------------------------- filled arrays
def _fill_tensor(name: str, dev: Device, shape: Any, fill_value: Any, dtype: Any) -> Array:
    k = scalar_kind(fill_value)
    if k < 0:
        fill_value, dtype = _fill_array(name, dev, fill_value, dtype)
        k = scalar_kind(fill_value)
    d = check_dtype(name, dtype, kind_default(dev, k), dev)
    if k == FLOAT and d.kind in "iu" and not namespace_of(dev).strict:
        # The drop-in: NumPy's full converts a float as astype does (np.full(2, -1.5,
        # dtype=np.uint8) is [255, 255], NaN to int64 is -2**63), with its warnings.
        B = dev.backend
        fill_value = B.item(B.engine_cast(B.full(_dt.float64, (), fill_value), d))
    else:
        check_values(name, [fill_value], {k}, d)
    return _alloc(name, dev.backend, d, _shape(name, shape, d, namespace_of(dev).strict), fill_value)


_BY_NAME = {d.name: d for d in _dt.ALL}  # NumPy's dtype names are the namespace's


def _fill_array(name: str, dev: Device, v: Any, dtype: Any) -> tuple[Any, Any]:
    """A fill value that is not a Python scalar: in the drop-in, NumPy's reading of a
    0-d array (nx's or NumPy's) or a NumPy scalar, its value, and for ``full`` without a
    dtype its dtype (``np.full(2, np.asarray(5, dtype=np.int8))`` is int8). The strict
    namespace takes Python scalars only, as the standard and array-api-strict do."""
    ns = namespace_of(dev)
    zero_d = isinstance(v, Array) or (type(v).__module__ == "numpy" and getattr(v, "shape", None) == ())
    if zero_d and v.shape == ():
        vd = v.dtype if isinstance(v, Array) else _BY_NAME.get(str(v.dtype))
        if vd is not None and (not ns.strict or ns.refuse("argument", _not_fill_value(name, ns, v))):
            return py_scalar(v), vd if dtype is None else dtype
    raise _not_fill_value(name, ns, v)


def _not_fill_value(name: str, ns: Any, v: Any) -> TypeError:
    what = f"an array of shape {v.shape}" if isinstance(v, Array) else type(v).__name__
    return TypeError(f"{name}: fill_value must be a Python bool, int, float or complex{'' if ns.strict else ' (or a 0-d array)'}, got {what}")


def _filled(name: str, shape: Any, dtype: Any, device: Any, value: Any) -> Array:
    """``empty``, ``zeros`` and ``ones``: an array of ``shape`` filled with ``value`` (or
    uninitialized when None), default dtype float64."""
    dev = default_device() if device is None else check_device(name, device)
    if dtype is None:
        d = default_dtype(dev, "real floating")
    else:
        d = check_dtype(name, dtype, default_dtype(dev, "real floating"), dev)
    return _alloc(name, dev.backend, d, _shape(name, shape, d, namespace_of(dev).strict), value)


def empty(shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Any = None) -> Array:
    """An uninitialized array of ``shape`` (default dtype float64)."""
    return _filled("empty", shape, dtype, device, None)


def _device_object(name: str, device: Any) -> Device | None:
    """The drop-in's reading of a ``device`` given to ``zeros``: a Device as it is, None
    for anything else (a name: ``_filled`` checks it)."""
    return device if isinstance(device, Device) else None


def zeros_of(default: Callable[[], Device], pick: Callable[[str, Any], Any], doc: str) -> Callable[..., Array]:
    """``zeros`` of a namespace, one function with no wrapper around it (the small
    arrays of ``zeros`` are a call whose cost is mostly its frames): ``default()`` is
    the namespace's default device, ``pick(name, device)`` its reading of a device
    given (a Device; or None: ``_filled`` checks ``device``)."""

    def zeros(shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Any = None) -> Array:
        dev = default() if device is None else pick("zeros", device)
        if dtype is None:  # _filled's common case, one call less
            if shape.__class__ is int and shape >= 0:
                shape = (shape,)
            last = _val.LAST_PLAIN
            n = last[1] if shape is last[0] else plain_size(shape)
            if n > 0 and n < _SMALL_F64 and dev is not None:  # (a chained comparison is not specialised by CPython)
                try:  # (a device's default dtype is one it supports)
                    return dev.backend.full(_REAL_FLOATING_GET(dev, _FLOAT64), shape, 0)
                except MemoryError as e:
                    raise MemoryError(core_message("zeros", e)) from None
        return _filled("zeros", shape, dtype, device if dev is None else dev, 0)

    zeros.__doc__ = doc
    zeros.__qualname__ = "zeros"
    return zeros


zeros = zeros_of(default_device, _device_object, "An array of ``shape`` filled with zeros (default dtype float64).")


def ones(shape: int | tuple[int, ...], *, dtype: DType | None = None, device: Any = None) -> Array:
    """An array of ``shape`` filled with ones (default dtype float64)."""
    return _filled("ones", shape, dtype, device, 1)


def full(
    shape: int | tuple[int, ...],
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Any = None,
) -> Array:
    """An array of ``shape`` filled with ``fill_value`` (dtype inferred from its Python
    type). The drop-in also takes a 0-d array or a NumPy scalar, as NumPy does: its
    value, and its dtype unless ``dtype`` is given."""
    dev = check_device("full", device)
    return _fill_tensor("full", dev, shape, fill_value, dtype)


def empty_like(x: Array, /, *, dtype: DType | None = None, device: Any = None) -> Array:
    """An uninitialized array with the shape (and by default the dtype) of ``x``."""
    x = check_array("empty_like", x)
    dev = check_device("empty_like", device, x)
    return dev.backend.buffer(check_dtype("empty_like", dtype, x.dtype, dev), x.shape)


def zeros_like(x: Array, /, *, dtype: DType | None = None, device: Any = None) -> Array:
    """Zeros with the shape (and by default the dtype) of ``x``."""
    x = check_array("zeros_like", x)
    dev = check_device("zeros_like", device, x)
    d = check_dtype("zeros_like", dtype, x.dtype, dev)
    return dev.backend.full(d, x.shape, False if d is _dt.bool else 0)


def ones_like(x: Array, /, *, dtype: DType | None = None, device: Any = None) -> Array:
    """Ones with the shape (and by default the dtype) of ``x``."""
    x = check_array("ones_like", x)
    dev = check_device("ones_like", device, x)
    d = check_dtype("ones_like", dtype, x.dtype, dev)
    return dev.backend.full(d, x.shape, True if d is _dt.bool else 1)


def full_like(
    x: Array,
    /,
    fill_value: bool | int | float | complex,
    *,
    dtype: DType | None = None,
    device: Any = None,
) -> Array:
    """``fill_value`` with the shape (and by default the dtype) of ``x``. The drop-in
    also takes a 0-d array or a NumPy scalar, as NumPy does."""
    x = check_array("full_like", x)
    dev = check_device("full_like", device, x)
    return _fill_tensor("full_like", dev, x.shape, fill_value, x.dtype if dtype is None else dtype)


# ---------------------------------------------------------------------- ranges
def _real_arg(name: str, v: Any, arg: str) -> Any:  # an int or a float, as given
    v = py_scalar(v, lenient=True)
    k = scalar_kind(v)
    if k == BOOL or k == INT:
        return int(v)
    if k == FLOAT:
        if not math.isfinite(v):
            raise ValueError(f"{name}: {arg} must be finite, got {v}")
        return float(v)
    raise TypeError(f"{name}: {arg} must be a Python int or float, got {type(v).__name__}")


def arange(
    start: int | float,
    /,
    stop: int | float | None = None,
    step: int | float = 1,
    *,
    dtype: DType | None = None,
    device: Any = None,
) -> Array:
    """Evenly spaced values in ``[start, stop)``: ``ceil((stop - start) / step)`` of them."""
    dev = check_device("arange", device)
    if stop is None and dtype is None and start.__class__ is int and step.__class__ is int and step == 1 and start >= 0:
        # arange(n), the commonest call: 0 .. n - 1 in the default integer dtype
        d = kind_default(dev, INT)
        if start - 1 <= (d.limits or _dt.NO_LIMITS)[1]:
            check_shape("arange", (start,), d.itemsize)
            return _made("arange", dev.backend.arange, d, 0, 1, start)
    start = _real_arg("arange", start, "start")
    if stop is None:
        start, stop = 0, start
    else:
        stop = _real_arg("arange", stop, "stop")
    step = _real_arg("arange", step, "step")
    if step == 0:
        raise ValueError("arange: step must not be zero")
    all_int = type(start) is int and type(stop) is int and type(step) is int
    d = check_dtype("arange", dtype, kind_default(dev, INT if all_int else FLOAT), dev)
    if d.is_complex:
        # Note: a complex dtype holds the real values (imaginary parts 0), as in NumPy and
        # array-api-strict; the standard asks for a real numeric dtype.
        r = arange(start, stop, step, dtype=_dt.COMPLEX_TO_REAL[d], device=dev)
        return dev.backend.cast(r, dtype=d)
    if d.is_bool:
        # (array-api-strict's words, which it refuses past length 2 with; nx refuses bool whatever the length)
        raise TypeError(f"arange: dtype must be a numeric dtype, got {d.name}: arange() is only supported for booleans when the result has at most length 2 in array-api-strict, and not at all in nx")
    if all_int:
        num = max(-(int(start - stop) // int(step)), 0)  # ints already: int() types them
    else:
        q = (stop - start) / step
        if not math.isfinite(q):
            raise ValueError(f"arange: the length (stop - start) / step = {q} is not finite")
        num = max(math.ceil(q), 0)
    if d.is_integer and num > 0:
        lo, hi = d.limits or _dt.NO_LIMITS
        v: Any  # an int, or a float given for an integer dtype
        for v in (start, start + (num - 1) * step):
            if not lo <= v <= hi:
                raise int_out_of_bounds("arange", v, d, "value")
    check_shape("arange", (num,), d.itemsize)
    return _made("arange", dev.backend.arange, d, start, step, num)


def linspace(
    start: int | float | complex,
    stop: int | float | complex,
    /,
    num: int,
    *,
    dtype: DType | None = None,
    device: Any = None,
    endpoint: bool = True,
) -> Array:
    """``num`` evenly spaced numbers from ``start`` to ``stop`` (included when ``endpoint``)."""
    dev = check_device("linspace", device)
    precision = _spacing_precision(start, stop)
    start, stop = py_scalar(start), py_scalar(stop)
    ks = (scalar_kind(start), scalar_kind(stop))
    if min(ks) < 0:
        raise TypeError("linspace: start and stop must be Python bool, int, float or complex")
    num = as_int("linspace", num, "num")
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative, got {num}")
    check_bool("linspace", endpoint, "endpoint")
    is_complex = max(ks) == COMPLEX
    d = check_dtype("linspace", dtype, kind_default(dev, COMPLEX if is_complex else FLOAT), dev)
    if is_complex and not d.is_complex:
        raise TypeError(f"linspace: complex start or stop needs a complex dtype, got {d.name}")
    for v in (start, stop):
        c = complex(v)
        if not (math.isfinite(c.real) and math.isfinite(c.imag)):
            raise ValueError(f"linspace: start and stop must be finite, got {v}")
    if d is _dt.bool:  # NumPy's and array-api-strict's answer: the truth of the spaced floats
        f = linspace(start, stop, num, dtype=kind_default(dev, FLOAT), device=dev, endpoint=endpoint)
        return dev.backend.cast(f, dtype=d)
    check_shape("linspace", (num,), d.itemsize)
    return _made("linspace", dev.backend.linspace, d, start, stop, num, endpoint, precision)


#: The dtypes, by name, of a start or stop given as an array or a NumPy scalar in which
#: NumPy's linspace computes the spacing, where no other bound is wider.
_NARROW = {"float32": _dt.float32, "complex64": _dt.complex64}


def _spacing_precision(start: Any, stop: Any) -> DType | None:
    """The dtype NumPy's ``linspace`` computes in for these bounds, where it is not the
    default (float64, complex128): float32 (complex64) when the bounds given as arrays or
    NumPy scalars are all float32 or complex64, any complex making it complex64. Python
    scalars do not count (NEP 50). So ``linspace(lo, hi, n, dtype=float32)`` with float32
    bounds, as SciPy's histograms pass them, gives NumPy's values bit for bit; None
    otherwise."""
    narrow = []
    for v in (start, stop):
        t = type(v)
        if t is bool or t is int or t is float or t is complex:
            continue
        d = _NARROW.get(str(getattr(getattr(v, "dtype", None), "name", "")))
        if d is None:
            return None  # (a wider or an integer bound: the default)
        narrow.append(d)
    if not narrow:
        return None
    return _dt.complex64 if _dt.complex64 in narrow or COMPLEX in (scalar_kind(start), scalar_kind(stop)) else _dt.float32


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    *,
    k: int = 0,
    dtype: DType | None = None,
    device: Any = None,
) -> Array:
    """A 2-D array with ones on the ``k``-th diagonal and zeros elsewhere."""
    dev = check_device("eye", device)
    strict = namespace_of(dev).strict  # array-api-strict: a bool is no count
    n = as_int("eye", n_rows, "n_rows", allow_bool=not strict)
    m = n if n_cols is None else as_int("eye", n_cols, "n_cols", allow_bool=not strict)
    if n < 0 or m < 0:
        raise ValueError(f"eye: n_rows and n_cols must be non-negative, got {n} and {m}")
    k = as_int("eye", k, "k")
    d = check_dtype("eye", dtype, kind_default(dev, FLOAT), dev)
    check_shape("eye", (n, m), d.itemsize)
    k = min(max(k, -n), m)  # a diagonal outside the matrix is all zeros
    return _made("eye", dev.backend.eye, d, n, m, k)


def _tri(name: str, x: Array, k: Any) -> tuple[Array, int]:
    x = check_array(name, x)
    if x.ndim < 2:
        raise ValueError(f"{name}: x must have at least 2 dimensions, got {x.ndim}")
    k = as_int(name, k, "k")
    rows, cols = x.shape[-2:]
    return x, min(max(k, -rows - 1), cols + 1)


def tril(x: Array, /, *, k: int = 0) -> Array:
    """The lower triangle of each matrix in ``x``: elements above diagonal ``k`` zeroed."""
    x, k = _tri("tril", x, k)
    return x.backend.tril(x, k)


def triu(x: Array, /, *, k: int = 0) -> Array:
    """The upper triangle of each matrix in ``x``: elements below diagonal ``k`` zeroed."""
    x, k = _tri("triu", x, k)
    return x.backend.triu(x, k)


def meshgrid(*arrays: Array, indexing: str = "xy") -> tuple[Array, ...]:
    """Coordinate matrices from 1-D coordinate vectors, as broadcast views (no copies).

    The outputs share memory with the inputs (stride 0 along the repeated axes).
    """
    arrays = tuple(check_array("meshgrid", a, f"arrays[{i}]") for i, a in enumerate(arrays))
    if not isinstance(indexing, str) and arrays and arrays[0]._ns.strict:  # array-api-strict: a TypeError
        arrays[0]._ns.refuse("argument", TypeError(f"meshgrid: indexing must be 'xy' or 'ij', got {type(indexing).__name__}"))
    if not isinstance(indexing, str) or indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    if not arrays:
        return ()
    d = arrays[0].dtype
    B = backend_of("meshgrid", *(a for a in arrays))
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"meshgrid: every input must be 1-D, got shape {a.shape}")
        if a.dtype is not d:
            # TypeError for a dtype mismatch, as elsewhere; the strict namespace raises
            # array-api-strict's ValueError.
            exc = ValueError if a._ns.strict else TypeError
            raise exc(f"meshgrid: every input must have the same dtype, got {d.name} and {a.dtype.name}")
    n = len(arrays)
    pos = list(range(n))
    if indexing == "xy" and n > 1:
        pos[0], pos[1] = 1, 0
    shape = [0] * n
    for a, p in zip(arrays, pos):
        shape[p] = a.shape[0]
    full_shape = check_shape("meshgrid", tuple(shape), d.itemsize)
    out = []
    for a, p in zip(arrays, pos):
        s = [1] * n
        s[p] = a.shape[0]
        t = B.reshape(a, tuple(s))
        out.append(B.broadcast_to(t, full_shape))
    return tuple(out)
