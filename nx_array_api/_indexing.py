"""``Array.__getitem__`` and ``Array.__setitem__``: the standard's indexing plus NumPy's.

A key is parsed once into a list of items: ints, slices, ``None``, integer Tensors and
boolean Tensors (Ellipsis expanded, 0-d integer arrays read as ints). Keys made only of
ints, slices and ``None`` are *basic*: the result is an O(1) view over the same buffer
(``basic_view``: int axes dropped, unit axes inserted for ``None``). Any integer or boolean
array makes the key *advanced* (NumPy's rules: arrays and ints broadcast together;
their dimensions go where the arrays are when these are adjacent, else first); the
result is a copy. Boolean masks are turned into their ``nonzero`` coordinates, as NumPy
does, so every advanced key reaching the backend holds only integer arrays.
"""

from __future__ import annotations

import operator
from typing import Any

from nx_core import shape as _shape
from nx_core.errors import NxInvalidArgument, ScalarOverflowError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from . import _stale
from ._array_types import ARRAY_TYPES, STRICT_TYPES, ArrayT, ArrayTensor

from ._compose import convert
from ._messages import article, cannot_cast, different_devices, index_out_of_bounds
from ._scalars import FLOAT, scalar_dtype, scalar_operand
from ._validation import STRICT_WRITES, backend_of, broadcast_tensor, core_message, py_scalar


__all__ = ["getitem", "getitem_strict", "setitem", "setitem_strict", "basic_view"]

# Item tags of a parsed key.
_INT, _SLICE, _NONE, _IARR, _BARR, _BOOL0 = range(6)


def _fail(name: str, msg: str) -> IndexError:
    return IndexError(f"{name}: {msg}")


def _as_index(name: str, v: Any, what: str) -> int:
    if type(v) in ARRAY_TYPES:
        if v.ndim != 0 or v.dtype not in _dt.integer:
            raise _fail(name, f"{what} must be an integer or a 0-d integer array, got a {v.ndim}-D {v.dtype.name} array")
        return int(v.backend.item(v))
    if isinstance(v, (float, complex, str, bytes)):
        raise _fail(name, f"{what} must be an integer, got {type(v).__name__}")
    try:
        return operator.index(v)
    except TypeError:
        raise _fail(name, f"{what} must be an integer, got {type(v).__name__}") from None


def _flatten_list(name: str, obj: Any, depth: int, out: list, shape: list) -> None:
    """Checks that ``obj`` is a rectangular nest of ints/bools, collecting them and its shape."""
    if isinstance(obj, (list, tuple)):
        if len(shape) <= depth:
            shape.append(len(obj))
        elif shape[depth] != len(obj):
            raise _fail(name, "a list index must be rectangular")
        for o in obj:
            _flatten_list(name, o, depth + 1, out, shape)
        return
    if len(shape) != depth:
        raise _fail(name, "a list index must be rectangular")
    if isinstance(obj, bool):
        out.append(obj)
        return
    if type(obj) in ARRAY_TYPES or isinstance(obj, (float, complex, str, bytes)):
        raise _fail(name, f"a list index may hold only integers or booleans, got {type(obj).__name__}")
    try:
        out.append(operator.index(obj))
    except TypeError:
        raise _fail(name, f"a list index may hold only integers or booleans, got {type(obj).__name__}") from None


def _list_index(name: str, B: Any, obj: Any) -> ArrayTensor:
    """A Python (nested) list of ints or bools as an int64 or bool Tensor on backend ``B``."""
    flat: list = []
    shape: list = []
    _flatten_list(name, obj, 0, flat, shape)
    n_bool = sum(1 for v in flat if isinstance(v, bool))
    if n_bool and n_bool != len(flat):
        raise _fail(name, "a list index cannot mix booleans and integers")
    if not flat:
        t = B.full(_dt.int64, (0,), 0)
    elif n_bool:
        t = B.from_host(flat)
    else:
        if any(not -(1 << 63) <= v < (1 << 63) for v in flat):
            raise _fail(name, "an index in a list is out of bounds")
        t = B.from_host(flat)
        if t.dtype is not _dt.int64:
            t = B.cast(t, dtype=_dt.int64)
    return B.reshape(t, tuple(shape))


def _is_foreign_array(k: Any) -> bool:
    """Whether ``k`` is another library's array: NumPy's, a DLPack producer, or an object
    with the buffer protocol (not text or bytes). NumPy's scalars count: they are 0-d."""
    if isinstance(k, (int, str, bytes, bytearray)):
        return False
    if hasattr(k, "__array__") or hasattr(k, "__array_interface__") or hasattr(k, "__dlpack__"):
        return True
    try:
        memoryview(k)
    except TypeError:
        return False
    return True


def _foreign_index(name: str, B: Any, k: Any) -> tuple[int, Any]:
    """Another library's integer or boolean array as a parsed key item on backend ``B``.

    Note: the standard asks for the namespace's own arrays; NumPy, PyTorch, JAX and CuPy
    accept NumPy's, and scikit-learn's searches index with them.
    """
    try:
        if hasattr(k, "__array__") or hasattr(k, "__array_interface__") or not hasattr(k, "__dlpack__"):
            kt = B.from_host(k)
        else:
            kt = B.from_dlpack(k)
    except (TypeError, BufferError) as e:
        raise _fail(name, f"cannot read {article(type(k).__name__)} as an index array ({e})") from None
    d = kt.dtype
    if d is _dt.bool:
        return (_BOOL0, bool(B.item(kt))) if not kt.shape else (_BARR, kt)
    if d in _dt.integer:
        return (_INT, int(B.item(kt))) if not kt.shape else (_IARR, kt)
    raise _fail(name, f"arrays used as indices must be of integer or boolean dtype, got {d.name}")


def _parse(name: str, t: ArrayT, key: Any) -> tuple[list, int]:
    """The key into ``t`` as a list of (tag, value) items, Ellipsis kept as ``(None, ...)``.

    Index arrays must live on ``t``'s device; 0-d ones are read as Python ints and bools.
    """
    if not isinstance(key, tuple):
        key = (key,)
    items: list = []
    n_ell = 0
    for k in key:
        if k is None:
            items.append((_NONE, None))
        elif k is Ellipsis:
            n_ell += 1
            if n_ell > 1:
                raise _fail(name, "an index can only have a single ellipsis ('...')")
            items.append((None, Ellipsis))
        elif isinstance(k, slice):
            start = None if k.start is None else _as_index(name, k.start, "a slice start")
            stop = None if k.stop is None else _as_index(name, k.stop, "a slice stop")
            step = None if k.step is None else _as_index(name, k.step, "a slice step")
            if step == 0:
                raise _fail(name, "a slice step cannot be zero")
            items.append((_SLICE, slice(start, stop, step)))
        elif type(k) in ARRAY_TYPES:
            d = k.dtype
            kt = k
            if k.ndim and kt.backend is not t.backend:
                raise different_devices(
                    name, t.backend.device.name, kt.backend.device.name, "Array indexing is only allowed when the array and the index are on the same device"
                )
            if d is _dt.bool:
                items.append((_BOOL0, bool(kt.backend.item(kt))) if k.ndim == 0 else (_BARR, kt))
            elif d in _dt.integer:
                items.append((_INT, int(kt.backend.item(kt))) if k.ndim == 0 else (_IARR, kt))
            else:
                raise _fail(name, f"arrays used as indices must be of integer or boolean dtype, got {d.name}")
        elif isinstance(k, bool):
            items.append((_BOOL0, k))
        elif isinstance(k, (list, tuple)):
            lt = _list_index(name, t.backend, k)
            items.append((_BARR if lt.dtype is _dt.bool else _IARR, lt))
        elif _is_foreign_array(k):
            items.append(_foreign_index(name, t.backend, k))
        else:
            items.append((_INT, _as_index(name, k, "an index")))
    return items, n_ell


def _consumed(tag: Any, val: Any) -> int:
    if tag in (_INT, _SLICE, _IARR):
        return 1
    if tag == _BARR:
        return len(val.shape)
    return 0


def _expand(name: str, items: list, ndim: int) -> list:
    """Replaces the Ellipsis (or appends one at the end) by full slices."""
    used = sum(_consumed(t, v) for t, v in items)
    if used > ndim:
        raise _fail(name, f"too many indices for an array of dimension {ndim}: {used} were given")
    fill = [(_SLICE, slice(None))] * (ndim - used)
    for i, (t, v) in enumerate(items):
        if v is Ellipsis and t is None:
            return items[:i] + fill + items[i + 1:]
    return items + fill


def _check_int(name: str, i: int, n: int, axis: int) -> int:
    if not -n <= i < n:
        raise index_out_of_bounds(name, i, axis, n)
    return i + n if i < 0 else i


def _basic(name: str, t: ArrayT, items: list) -> tuple[ArrayT, tuple | None]:
    """The O(1) view of ``t`` for a key of ints, slices and None (Ellipsis expanded), and
    the key ``basic_view`` took (None when the view is ``t`` itself)."""
    shape = t.shape
    key: list = []
    whole = True  # every item a full slice: the view is t itself
    ax = 0
    for tag, v in items:
        if tag == _NONE:
            key.append(None)
            whole = False
            continue
        n = shape[ax]
        if tag == _INT:
            key.append(_check_int(name, v, n, ax))
            whole = False
        else:
            key.append(v)
            whole = whole and v.indices(n) == (0, n, 1)
        ax += 1
    if whole:
        return t, None
    k = tuple(key)
    return t.backend.basic_view(t, k), k


def _broadcast_index_shapes(name: str, shapes: list) -> tuple[int, ...]:
    """The shape the index arrays broadcast to (nx_core.shape's rule), or IndexError."""
    out: tuple[int, ...] = ()
    for s in shapes:
        try:
            out = tuple(_shape.broadcast(out, tuple(s)))
        except NxInvalidArgument:
            raise _fail(name, f"shape mismatch: indexing arrays of shapes {[tuple(x) for x in shapes]} cannot be broadcast together") from None
    return out


def _advanced(name: str, t: ArrayT, items: list) -> tuple[ArrayT, tuple, tuple[int, ...]]:
    """(tensor, backend key, result shape) for a key holding integer or boolean arrays."""
    ns = t._ns
    if not ns.boolean_indexing and any(tag in (_BARR, _BOOL0) for tag, _ in items):
        ns.requires_boolean_indexing(name)
    if t.masked:
        t = t.backend.copy(t)
    if any(tag == _BOOL0 for tag, _ in items):
        t, items = _bool0_as_axes(t, items)
    t, items = _masks_as_coordinates(name, t, items)
    key, adv_pos, adv_shapes = _backend_key(name, t.shape, items)
    return t, key, _advanced_shape(name, t.shape, items, adv_pos, adv_shapes)


def _bool0_as_axes(t: ArrayT, items: list) -> tuple[ArrayT, list]:
    """0-d booleans: each a new unit axis of ``t``, indexed by [0] (True) or [] (False)."""
    B = t.backend
    shape = list(t.shape)
    out = []
    ax = 0
    for tag, v in items:
        if tag == _BOOL0:
            shape.insert(ax, 1)
            out.append((_IARR, B.full(_dt.int64, (1,) if v else (0,), 0)))
            ax += 1
        else:
            out.append((tag, v))
            ax += _consumed(tag, v)
    return B.reshape(t, tuple(shape)), out


def _masks_as_coordinates(name: str, t: ArrayT, items: list) -> tuple[ArrayT, list]:
    """Boolean arrays: their shapes checked against the axes they cover, then replaced by
    their ``nonzero`` coordinates. An empty mask dimension where the axis is not empty
    (NumPy allows it) empties that axis of ``t``."""
    B = t.backend
    shape = t.shape
    ax = 0
    empty_axes = []
    out: list[tuple[int, Any]] = []
    for tag, v in items:
        if tag == _BARR:
            mshape = v.shape
            for j, m in enumerate(mshape):
                if m != shape[ax + j]:
                    if m != 0:
                        raise _fail(
                            name,
                            f"boolean index of shape {mshape} does not match the indexed dimensions "
                            f"{shape[ax:ax + len(mshape)]} (at axis {ax + j})",
                        )
                    empty_axes.append(ax + j)
            out.extend((_IARR, c) for c in B.nonzero(v))
            ax += len(mshape)
        else:
            out.append((tag, v))
            ax += _consumed(tag, v)
    if empty_axes:
        t = B.basic_view(t, tuple([slice(0, 0) if i in empty_axes else _FULL for i in range(len(shape))]))
    return t, out


def _backend_key(name: str, shape: tuple[int, ...], items: list) -> tuple[tuple, list[int], list[tuple[int, ...]]]:
    """(the backend's key, the positions of the advanced items, their shapes) for items of
    ints, slices, None and integer Tensors; ints are bounds-checked here, integer arrays
    by the backend's index/index_put (IndexError)."""
    key: list[Any] = []
    adv_pos: list[int] = []
    adv_shapes: list[tuple[int, ...]] = []
    ax = 0
    for pos, (tag, v) in enumerate(items):
        if tag == _NONE:
            key.append(None)
            continue
        if tag == _INT:
            key.append(_check_int(name, v, shape[ax], ax))
            adv_pos.append(pos)
            adv_shapes.append(())
        elif tag == _IARR:
            key.append(v)
            adv_pos.append(pos)
            adv_shapes.append(v.shape)
        else:
            key.append(v)
        ax += 1
    return tuple(key), adv_pos, adv_shapes


def _advanced_shape(name: str, shape: tuple[int, ...], items: list, adv_pos: list[int], adv_shapes: list) -> tuple[int, ...]:
    """The result shape, NumPy's rule: the advanced items' broadcast shape stands where
    they are when they are adjacent, else first."""
    bshape = _broadcast_index_shapes(name, adv_shapes)
    adjacent = adv_pos == list(range(adv_pos[0], adv_pos[0] + len(adv_pos)))
    out: list[int] = [] if adjacent else list(bshape)
    ax = 0
    for pos, (tag, v) in enumerate(items):
        if tag == _NONE:
            out.append(1)
            continue
        if tag == _SLICE:
            out.append(len(range(*v.indices(shape[ax]))))
        elif adjacent and pos == adv_pos[0]:
            out.extend(bshape)
        ax += 1
    return tuple(out)


def _resolve(name: str, t: ArrayT, key: Any) -> tuple[bool, ArrayT, tuple | None, tuple[int, ...]]:
    """(is basic, tensor, backend key (None for a basic key that selects all of t), result
    shape): the one normaliser of keys.

    Its common branch is a ``_plain`` key (ints in range, slices of ints, ``None``, one
    ``...``: the key goes to the backend as it is); every other key, and every error,
    takes ``_resolve_general``. ``getitem`` runs the common branch itself (with cheaper
    ones for a lone slice or int) and calls ``_resolve_general`` itself.
    """
    keys = key if type(key) is tuple else (key,)
    if _plain(t.shape, keys):
        v = t.backend.basic_view(t, keys)
        return True, v, keys, v.shape
    return _resolve_general(name, t, key)


def _resolve_general(name: str, t: ArrayT, key: Any) -> tuple[bool, ArrayT, tuple | None, tuple[int, ...]]:
    """``_resolve`` for any key: parsed, Ellipsis expanded, then a view or an advanced key."""
    items, _ = _parse(name, t, key)
    items = _expand(name, items, len(t.shape))
    if all(tag in (_INT, _SLICE, _NONE) for tag, _ in items):
        v, k = _basic(name, t, items)
        return True, v, k, v.shape
    return (False, *_advanced(name, t, items))


def basic_view(name: str, t: ArrayT, key: tuple) -> ArrayT:
    """The O(1) view of ``t`` for a basic key (ints, slices, ``None``, one ``...``), as
    ``x[key]`` makes it (``_resolve``); a key with arrays is an IndexError naming ``name``."""
    basic, v, _, _ = _resolve(name, t, key)
    if not basic:
        raise _fail(name, "a basic key (ints, slices, None and ...) was expected")
    return v


# The slice rule of the fast paths below. Indexing an empty bytes object by a slice runs
# CPython's own check of the slice, in C (PySlice_Unpack): start, stop and step each None
# or an integer (an int or another object with __index__, as ``slice.indices`` takes
# them, and as the general path does: ``_as_index``), and a non-zero step; it raises
# TypeError or ValueError otherwise, and gives the empty bytes object back. Reading the
# three fields in Python instead costs three times as much (CPython cannot specialise
# reads of a slice's fields).
_SLICE_CHECK = b""
_INTEGER = _dt.CATEGORIES["integer"]
_BOOL = _dt.bool


def _plain(shape: tuple, keys: tuple) -> bool:
    """Whether the tuple ``keys`` is a common basic key into an array of ``shape``: ints
    in range, slices of integers and None (a nonzero step: ``_SLICE_CHECK``), ``None``
    and at most one ``...``. Such a key goes to the backend as it is; any other key takes
    the general path (which also produces every error)."""
    used = 0
    ints = False
    ell = False
    for k in keys:
        c = k.__class__
        if c is slice:
            try:
                _SLICE_CHECK[k]
            except (TypeError, ValueError):
                return False
            used += 1
        elif c is int:
            ints = True
            used += 1
        elif k is Ellipsis:
            if ell:
                return False
            ell = True
        elif k is not None:
            return False
    nd = len(shape)
    if used > nd:
        return False
    if ints:  # each int in range for its axis
        ax = 0
        for k in keys:
            if k.__class__ is int:
                n = shape[ax]
                if not -n <= k < n:
                    return False
                ax += 1
            elif k is Ellipsis:
                ax += nd - used
            elif k is not None:
                ax += 1
    return True


def _plain_strict(shape: tuple, keys: tuple, setting: bool = False) -> bool:
    """Whether the tuple ``keys`` is a basic key the strict namespace takes as it is
    (what :func:`check_strict_key` lets through, told at once): ints (not bools) in
    range, slices whose start and stop are None or ints within [-n, n] of their axis and
    whose step is None or a nonzero int, ``None`` (not ``setting``: in an assignment),
    at most one ``...``, and every axis indexed or under the ``...``. Any other key
    takes the general path, which says what is wrong."""
    used = 0
    ell = False
    for k in keys:
        c = k.__class__
        if c is slice or c is int:
            used += 1
        elif k is Ellipsis:
            if ell:
                return False
            ell = True
        elif k is not None or setting:
            return False
    nd = len(shape)
    if used > nd or (used < nd and not ell):
        return False
    ax = 0
    for k in keys:
        c = k.__class__
        if c is int:
            n = shape[ax]
            if not -n <= k < n:
                return False
            ax += 1
        elif c is slice:
            n = shape[ax]
            a, b, step = k.start, k.stop, k.step
            if not (
                (a is None or (a.__class__ is int and -n <= a <= n))
                and (b is None or (b.__class__ is int and -n <= b <= n))
                and (step is None or (step.__class__ is int and step != 0))
            ):
                return False
            ax += 1
        elif k is Ellipsis:
            ax += nd - used
    return True


_FULL = slice(None)


def getitem(x: ArrayT, key: Any, /) -> ArrayT:
    """``x[key]``: a view for basic keys, a copy for integer/boolean array keys."""
    # The common keys go straight to the backend; the order of the tests is the order of
    # their frequency, and each test is a class identity (the cheapest test Python has).
    # A slice goes as it is: what slice.indices refuses (a bound or step that is no
    # integer, a zero step) basic_view refuses before any effect (its contract), and the
    # general path then says what is wrong.
    c = key.__class__
    if c is tuple:
        try:
            k, e = key  # (one specialised unpacking, cheaper than len() and two subscripts)
        except ValueError:
            k = e = None
        if e is Ellipsis:  # x[k, ...]: the standard's spelling of x[k]
            c = k.__class__
            if c is slice:
                if x.shape:
                    try:
                        return x.backend.basic_view(x, key)
                    except (TypeError, ValueError):
                        pass  # the general path says what is wrong
            elif c is int:
                shape = x.shape
                if shape and -shape[0] <= k < shape[0]:
                    return x.backend.basic_view(x, key)
            elif k is None:  # x[None, ...]: a new leading axis
                return x.backend.basic_view(x, key)
        elif (k.__class__ is slice or k.__class__ is int) and (e.__class__ is slice or e.__class__ is int):
            # x[a:b, c:d], x[i, :], x[:, j], x[i, j] of a matrix (ints in range)
            shape = x.shape
            if len(shape) == 2 and (k.__class__ is slice or -shape[0] <= k < shape[0]) and (e.__class__ is slice or -shape[1] <= e < shape[1]):
                try:
                    return x.backend.basic_view(x, key)
                except (TypeError, ValueError):
                    pass  # the general path says what is wrong
        if _plain(x.shape, key):  # x[i, 1:5, ...], x[..., None]
            return x.backend.basic_view(x, key)
    elif c in ARRAY_TYPES:  # x[int array] along axis 0, or x[mask], a mask over x's leading axes (or all)
        d = key.dtype
        B = x.backend
        # (a 0-d mask too: x[True] is x with a new leading axis of 1, x[False] of 0)
        if key.backend is B and ((d.kind in "iu" and key.shape and x.shape) or (d is _BOOL and key.shape == x.shape[: len(key.shape)] and x._ns.boolean_indexing)):
            try:
                return B.index_array(x, key)
            except IndexError as e:
                raise IndexError(f"__getitem__: {e}") from None
            except MemoryError as e:  # a mask a lazy backend could not bring into memory
                raise MemoryError(core_message("__getitem__", e)) from None
    elif c is slice:  # x[start:stop:step]
        if x.shape:
            try:
                return x.backend.basic_view(x, (key,))
            except (TypeError, ValueError):
                pass  # the general path says what is wrong
    elif c is int:  # x[i]
        shape = x.shape
        if shape and -shape[0] <= key < shape[0]:
            return x.backend.basic_view(x, (key,))
    basic, t, k, _ = _resolve_general("__getitem__", x, key)
    if basic:
        # A 0-d integer array in the key is an index array to NumPy, whose result is a
        # copy, not a view: so it is here (code that writes into x after reading
        # x[i] expects the value it read).
        return t.backend.copy(t) if _has_0d_index_array(key) else t
    try:
        return t.backend.index(t, k)
    except IndexError as e:
        raise IndexError(f"__getitem__: {e}") from None
    except MemoryError as e:
        raise MemoryError(core_message("__getitem__", e)) from None


def _has_0d_index_array(key: Any) -> bool:
    keys = key if type(key) is tuple else (key,)
    return any(type(k) in ARRAY_TYPES and not k.shape and k.dtype in _INTEGER for k in keys)


def _truncates(kind: str, d: Any) -> bool:
    """Drop-in mode: a real floating-point value assigned into an integer array is
    truncated toward zero, as NumPy's, CuPy's and PyTorch's ``x[k] = v`` do (array-api-extra's
    ``at(x)[k].set/min/max`` rely on it). Strict mode refuses it, as array-api-strict
    (``_value``: through the namespace's ``refuse``)."""
    return kind == "f" and d.kind in "iu"


def _value(name: str, x: ArrayT, value: Any) -> Any:
    """``value`` as a Tensor of x's dtype on x's device, or a Python scalar representable in it."""
    d = x.dtype
    strict = x._ns.strict
    if type(value) in ARRAY_TYPES:
        t = value
        backend_of(name, x, t)  # (ValueError: two devices)
        vd = value.dtype
        if vd is not d and _dt.PROMOTION.get((vd, d)) is not d:
            what = (name, f"a {vd.name} array", d, "the array's dtype, which an assignment keeps")
            if _dt.PROMOTE.get((vd, d)) is not d and not _truncates(vd.kind, d):
                raise cannot_cast(*what)  # the drop-in refuses it too
            if strict:
                x._ns.refuse("assignment dtype", cannot_cast(*what))
        return convert(name, t, d)  # a float array into an integer one: as astype converts it
    value = py_scalar(value, lenient=True)
    if type(value) is float and _truncates("f", d):
        if strict:  # refused as a Python float with an integer array (record mode: recorded)
            scalar_dtype(name, d, FLOAT, x.backend.device)
        try:  # NumPy: int(value), so NaN is a ValueError, an infinity an OverflowError
            value = int(value)
        except OverflowError as e:
            raise ScalarOverflowError(f"{name}: {e}") from None
        except ValueError as e:
            raise ValueError(f"{name}: {e}") from None
    if type(value) in (bool, int, float, complex):
        s, rd = scalar_operand(name, value, d, x.backend.device)
        if rd is not d:
            raise cannot_cast(name, f"a Python {type(value).__name__}", d, "the array's dtype, which an assignment keeps")
        return s
    raise TypeError(f"{name}: the value must be an nx array or a Python scalar, got {type(value).__name__}")


def _fit(name: str, v: Any, shape: tuple[int, ...]) -> Any:
    """Broadcasts a value Tensor to the indexed ``shape`` (NumPy drops leading unit axes)."""
    if not isinstance(v, Tensor):
        return v
    vs = v.shape
    while len(vs) > len(shape) and vs[0] == 1:
        vs = vs[1:]
    ok = len(vs) <= len(shape) and all(a == b or a == 1 for a, b in zip(vs[::-1], shape[::-1]))
    if not ok:
        raise ValueError(f"{name}: a value of shape {v.shape} cannot be broadcast to the indexed shape {shape}")
    if vs != v.shape:
        v = v.backend.reshape(v, vs)
    return broadcast_tensor(v, shape)


_ONE = ((), (1,))  # the shapes of a value that broadcasts to whatever x[mask] selects


def setitem(x: ArrayT, key: Any, value: Any, /) -> None:
    """``x[key] = value``: writes through x's view into its buffer."""
    name = "__setitem__"
    if x.masked:
        raise ValueError(f"{name}: cannot write into a virtually padded (masked) view")
    v = _value(name, x, value)
    if key.__class__ in ARRAY_TYPES and key.dtype is _BOOL and key.ndim and key.shape == x.shape[: key.ndim] and key.backend is x.backend and x._ns.boolean_indexing and (not isinstance(v, Tensor) or v.shape in _ONE):
        # x[mask] = scalar (or an array of one element, which broadcasts to any x[mask]):
        # the shape of x[mask] is not needed, so the mask is handed to the backend as it
        # is (a lazy backend then writes without computing the mask).
        try:
            x.backend.index_put(x, (key,), v)
        except NxInvalidArgument as e:
            raise ValueError(core_message(name, e)) from None
        return
    if key.__class__ in ARRAY_TYPES and key.dtype is _BOOL and not key.ndim and key.backend is x.backend and x._ns.boolean_indexing:
        # x[zeros] = v with zeros 0-d (scikit-learn's variance update): x[True] is all of x
        # with a new leading axis of 1, which v must broadcast to; x[False] selects nothing
        if key:
            try:  # (what broadcasts to x's shape with a unit axis in front broadcasts to x's)
                v = _fit(name, v, x.shape)
            except ValueError:
                _fit(name, v, (1, *x.shape))  # raises, naming the shape x[True] has
                raise
            try:
                x.backend.assign(x, v)
            except NxInvalidArgument as e:
                raise ValueError(core_message(name, e)) from None
        else:
            _fit(name, v, (0, *x.shape))
        return
    basic, t, k, shape = _resolve(name, x, key)
    v = _fit(name, v, shape)
    B = t.backend
    try:
        if basic:  # through x's own tensor: a backend with immutable buffers replaces it
            if k is None:
                B.assign(x, v)
            else:
                B.assign_at(x, k, v)
        else:
            B.index_put(t, k, v)
            if t is not x and t.numel and t.buffer is not x.buffer:
                # 0-d booleans in the key made t x with unit axes inserted; a backend whose
                # buffers are immutable (Dask) wrote new contents into t only: give them to x
                B.assign(x, B.reshape(t, x.shape))
    except NxInvalidArgument as e:
        raise ValueError(core_message(name, e)) from None
    except IndexError as e:
        raise IndexError(core_message(name, e)) from None


# ------------------------------------------------------------------ strict mode
#: axis size n -> the slice bounds the strict namespace takes on it (None and the ints in
#: [-n, n]) as one lookup and one ``in``: ``stop in _BOUNDS[n][start]``. For an axis of
#: at most 256, a dict from each valid start to the frozenset of valid stops (one
#: subscript and one ``in``, both in C; a start out of range is a KeyError); for a longer
#: one, a ``_Bounds``. At most 1024 sizes are kept.
_BOUNDS: dict[int, Any] = {}


class _Bounds:
    """None and the ints in [-n, n] of a large axis, read as ``_BOUNDS`` reads a dict
    (``b[start]``: KeyError out of range) and its frozensets (``stop in b``)."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def __contains__(self, v: Any) -> bool:
        n = self.n
        if v is None or (v.__class__ is int and -n <= v <= n):  # (the common bounds, without a call)
            return True
        return _int_like(v) and -n <= operator.index(v) <= n

    def __getitem__(self, v: Any) -> "_Bounds":
        if v in self:
            return self
        raise KeyError(v)


def _learn_bounds(shape: tuple) -> None:
    """Keeps the bounds of ``shape``'s first axis in ``_BOUNDS`` (called where a fast
    path missed them: the call takes the general path, the next one the fast path)."""
    if not shape or shape[0] in _BOUNDS or len(_BOUNDS) >= 1024:
        return
    n = shape[0]
    if n <= 256:
        stops = frozenset([None, *range(-n, n + 1)])
        _BOUNDS[n] = dict.fromkeys(stops, stops)
    else:
        _BOUNDS[n] = _Bounds(n)


def getitem_strict(x: ArrayT, key: Any, /) -> ArrayT:
    """``x[key]`` in strict mode: the standard's keys only (``check_strict_key``).

    The common keys that are the standard's are checked here and go straight to the
    backend, as in ``getitem``: ``x[a:b, ...]`` with the slice's bounds within the axis,
    ``x[i, ...]`` and ``x[..., i]`` in range, a mask of x's shape and, on a 1-D ``x``, a
    slice, an int in range or an integer array. (A slice's bounds: None or within the
    axis by ``_BOUNDS``, which also takes a float equal to an int; what ``slice.indices``
    refuses, such a float or a zero step, the backend's ``basic_view`` refuses with
    TypeError or ValueError, its contract, before any effect; the general path then says
    what is wrong. A 0-d array bound is unhashable, a 0-d ``x`` has no ``shape[0]``, a
    size not kept yet is a KeyError: each takes the general path too.)"""
    c = key.__class__
    if c is tuple:
        try:
            k, e = key  # (one specialised unpacking, cheaper than len() and two subscripts)
        except ValueError:
            k = e = None
        if e is Ellipsis:
            c = k.__class__
            if c is slice:
                try:
                    if k.stop in _BOUNDS[x.shape[0]][k.start]:
                        return x.backend.basic_view(x, key)
                except (TypeError, ValueError, IndexError):
                    pass
                except KeyError:
                    _learn_bounds(x.shape)
            elif c is int:
                shape = x.shape
                if shape and -shape[0] <= k < shape[0]:
                    return x.backend.basic_view(x, key)
            elif k is None:  # x[None, ...]: a new leading axis
                return x.backend.basic_view(x, key)
        elif k is Ellipsis and e.__class__ is int:  # x[..., i]
            shape = x.shape
            if shape and -shape[-1] <= e < shape[-1]:
                return x.backend.basic_view(x, key)
        elif (k.__class__ is slice or k.__class__ is int) and (e.__class__ is slice or e.__class__ is int or e is None):
            # x[a:b, c:d], x[i, :], x[:, j] of a 2-D x; x[a:b, None] of a 1-D one
            shape = x.shape
            try:
                if e is None:
                    (n,) = shape
                    ok = k.stop in _BOUNDS[n][k.start] if k.__class__ is slice else -n <= k < n
                else:
                    n, m = shape
                    ok = (k.stop in _BOUNDS[n][k.start] if k.__class__ is slice else -n <= k < n) and (
                        e.stop in _BOUNDS[m][e.start] if e.__class__ is slice else -m <= e < m
                    )
                if ok:
                    return x.backend.basic_view(x, key)
            except (TypeError, ValueError):
                pass
            except KeyError:
                _learn_bounds(shape)
                _learn_bounds(shape[1:])
    elif c is slice:  # x[a:b:s] of a 1-D x (tested before the arrays: a class identity, not a set's hash)
        try:
            (n,) = x.shape  # (a ValueError unless x is 1-D)
            if key.stop in _BOUNDS[n][key.start]:
                return x.backend.basic_view(x, (key,))
        except (TypeError, ValueError):
            pass
        except KeyError:
            _learn_bounds(x.shape)
    elif c in STRICT_TYPES:
        d = key.dtype
        B = x.backend
        if key.backend is B and ((d.kind in "iu" and key.shape and len(x.shape) == 1) or (d is _BOOL and key.shape and key.shape == x.shape[: len(key.shape)] and x._ns.boolean_indexing)):
            try:
                return B.index_array(x, key)
            except IndexError as e:
                raise IndexError(f"__getitem__: {e}") from None
    elif c is int:  # x[i] of a 1-D x
        shape = x.shape
        if len(shape) == 1 and -shape[0] <= key < shape[0]:
            return x.backend.basic_view(x, (key,))
    if key.__class__ is tuple and _plain_strict(x.shape, key):  # x[:4, :], x[1:3, 2], x[:, None, ...]
        return x.backend.basic_view(x, key)
    check_strict_key("__getitem__", x, key, setting=False)
    return getitem(x, key)


def setitem_strict(x: ArrayT, key: Any, value: Any, /) -> None:
    """``x[key] = value`` in strict mode: the standard's keys only; the other live arrays
    whose elements the write changes become stale for them, and a stale ``x`` is fresh
    again where it is written (``_stale``)."""
    name = "__setitem__"
    c = key.__class__
    # (a mask alone, x[mask] = v, is a key check_strict_key lets through whatever its shape)
    if (c is not tuple or not _plain_strict(x.shape, key, True)) and not (c in ARRAY_TYPES and key.dtype is _BOOL):
        check_strict_key(name, x, key, setting=True)
    with STRICT_WRITES:
        rec = _stale.open_for_write(x) if value is not x else None  # (x[...] = x reads x)
        done = False
        try:  # (a finally, not an except: record mode reads a handler as catching its refusals)
            setitem(x, key, value)
            done = True
        finally:
            if not done:
                _stale.close(x, rec)
        _stale.written(x, key, value, rec)


def _int_like(k: Any) -> bool:
    """An int, or a scalar with ``__index__`` (NumPy's integer scalars), not a bool."""
    return type(k) is int or (not isinstance(k, bool) and hasattr(k, "__index__") and not hasattr(k, "__len__") and type(k) not in ARRAY_TYPES)


def check_strict_key(name: str, x: ArrayT, key: Any, *, setting: bool) -> None:
    """IndexError for every key the standard does not specify, as array-api-strict refuses
    them: anything but ints, slices, ``...``, ``None`` (not in assignments) and nx integer
    or boolean arrays; keys that leave axes out without an ellipsis; slice bounds outside
    the axis; integer arrays with slices, ``...`` or masks, or in assignments; a boolean
    array that is not the sole index."""
    keys = key if type(key) is tuple else (key,)
    n_ell = n_axes = 0
    mask = iarr = has_slice = False
    for k in keys:
        if k is None:
            if setting:
                x._ns.refuse("index", _fail(name, "None (a new axis) in an assignment's key is not portable (strict mode)"))
                return
        elif k is Ellipsis:
            n_ell += 1
        elif type(k) is slice:
            has_slice = True
            n_axes += 1
        elif type(k) in ARRAY_TYPES:
            d = k.dtype
            if d is _dt.bool:
                mask = True
                n_axes += k.ndim
            elif d in _dt.integer:
                if setting:
                    x._ns.refuse("index", _fail(name, "integer array keys in an assignment are not portable (strict mode)"))
                    return
                iarr = iarr or k.ndim > 0
                n_axes += 1
            else:
                raise _fail(name, f"arrays used as indices must be of integer or boolean dtype, got {d.name}")
        elif _int_like(k):
            n_axes += 1
        else:
            why = (f"{article(type(k).__name__)} index is not portable (strict mode): the standard's keys are ints, slices, "
                   "..., None and nx integer or boolean arrays")
            x._ns.refuse("index", _fail(name, why))
            return
    if n_ell > 1:
        raise _fail(name, "an index can only have a single ellipsis ('...')")
    shape = x.shape
    if mask and len(keys) != 1:
        x._ns.refuse("index", _fail(name, "a boolean array index is portable only as the sole index (strict mode)"))
        return
    if n_ell == 0 and not mask and n_axes < len(shape):
        why = f"the key indexes {n_axes} of {len(shape)} axes; add a trailing ... for the rest (strict mode: the standard does not complete keys implicitly)"
        x._ns.refuse("index", _fail(name, why))
        return
    if iarr and (n_ell or has_slice or mask):
        x._ns.refuse("index", _fail(name, "integer array keys mixed with slices, ... or masks are not portable (strict mode)"))
        return
    if has_slice:
        _check_slice_bounds(name, keys, shape, n_axes, x._ns)


def _check_slice_bounds(name: str, keys: tuple, shape: tuple[int, ...], n_axes: int, ns: Any) -> None:
    """Slice starts and stops within [-n, n] for an axis of size n (strict mode: ``ns``
    refuses the first that is not)."""
    ax = 0
    for k in keys:
        if k is None:
            continue
        if k is Ellipsis:
            ax += len(shape) - n_axes
            continue
        if ax >= len(shape):
            return  # more indices than axes: the general path says so
        if type(k) is slice:
            n = shape[ax]
            for what, v in (("start", k.start), ("stop", k.stop)):
                if v is not None and _int_like(v) and not -n <= operator.index(v) <= n:
                    ns.refuse("index", _fail(name, f"slice {what} {v} is outside [-{n}, {n}] for an axis of size {n} (strict mode: out-of-bounds slices are not portable)"))
                    return
        ax += 1
