"""Input validation shared by the namespace: messages start with the function's name."""

from __future__ import annotations

import functools
import math
import operator
import threading
from typing import Any, Callable, Sequence, TypeVar, cast

from nx_core import shape as _shape
from nx_core.device import Device
from nx_core.dtype import DType
from nx_core.errors import NxInvalidArgument, ScalarOverflowError
from nx_core.tensor import Tensor

from . import _devices
from ._devices import check_device as check_device  # the device argument's one home
from . import _dtypes as _dt
from ._array_types import ARRAY_TYPES, DROPIN_TYPES, ArrayT

from ._flags import STRICT
from ._messages import axis_out_of_bounds, different_devices, not_allowed, not_an_array

__all__ = [
    "check_array",
    "check_category",
    "normalize_axis",
    "normalize_axes",
    "normalize_axes_in_order",
    "broadcast_shapes",
    "broadcast_pair",
    "BROADCAST_PAIRS",
    "broadcast_tensor",
    "as_int",
    "as_ints",
    "check_bool",
    "check_shape",
    "plain_size",
    "core_message",
    "names_memory_errors",
    "MAX_DIMS",
    "py_scalar",
    "ScalarOverflowError",
    "backend_of",
    "check_device",
    "check_device_dtype",
    "default_dtype",
    "gate",
    "extension",
]

#: The most dimensions an nx array may have (``capabilities()["max dimensions"]``).
MAX_DIMS = 64
#: Arrays of ``2**63`` bytes or more cannot be addressed (NumPy's limit too).
_MAX_BYTES = 1 << 63


def check_array(name: str, x: ArrayT, arg: str = "x") -> ArrayT:
    if type(x) not in DROPIN_TYPES:
        if type(x) in ARRAY_TYPES:
            return x
        raise not_an_array(name, arg, x)
    return x


def check_arrays(name: str, arrays: Sequence[ArrayT]) -> list[ArrayT]:
    """The arrays of a joining function (concat, stack, vstack...): a non-empty tuple or
    list of nx arrays."""
    if not isinstance(arrays, (tuple, list)):  # (an array too: it is neither)
        raise TypeError(f"{name}: arrays must be a tuple or list of nx arrays, got {type(arrays).__name__}")
    if not arrays:
        raise ValueError(f"{name}: needs at least one array")
    return [check_array(name, a, "arrays[i]") for a in arrays]


_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T", bound=Tensor)


def gate(qual: str, x1: Any, x2: Any = None) -> None:
    """The flags' gate on function ``qual`` (``"diff"``, ``"linalg.cholesky"``) for a
    call on ``x1`` (and ``x2``): the namespace of the first array among them decides
    (``Namespace.check``); with no array, the function's own validation says what is
    wrong."""
    if type(x1) in ARRAY_TYPES:
        ns = x1._ns
    elif type(x2) in ARRAY_TYPES:
        ns = x2._ns
    else:
        return
    if ns.refused:
        ns.check(qual)


def extension(ext: str) -> Callable[[_F], _F]:
    """Marks a function of extension ``ext`` (``"linalg"``, ``"fft"``): each call first
    checks the flags' gate on ``ext.name`` for the namespace of its first two positional
    arguments (``gate``), so that a function taken before the extension was turned off
    refuses to run after. A function with no array argument (``fft.fftfreq``) checks its
    own namespace's gate itself."""

    def deco(fn: _F) -> _F:
        qual = f"{ext}.{fn.__name__}"

        @functools.wraps(fn)
        def f(*args: Any, **kwargs: Any) -> Any:
            if args:
                gate(qual, args[0], args[1] if len(args) > 1 else None)
            return fn(*args, **kwargs)

        return cast(_F, f)  # f takes and returns what fn does

    return deco


def check_device_dtype(name: str, device: Device, dtype: DType) -> DType:
    """``dtype`` when ``device`` supports it; else ValueError naming both."""
    if dtype in device.unsupported:
        raise ValueError(f"{name}: {device!r} does not support dtype {dtype.name}")
    return dtype


default_dtype = _devices.default_dtype


def backend_of(name: str, *tensors: Tensor) -> Any:
    """The backend the tensors share (arrays of a call must live on one device); a
    ValueError naming both devices otherwise."""
    b = tensors[0].backend
    for t in tensors[1:]:
        if t.backend is not b:
            raise different_devices(name, b.device.name, t.backend.device.name)
    return b


def check_category(name: str, dtype: DType, category: str) -> None:
    if dtype not in _dt.CATEGORIES[category]:
        raise not_allowed(name, category, dtype)


def as_int(name: str, value: Any, arg: str, *, allow_bool: bool = True) -> int:
    """``value`` as a Python int via ``operator.index``: Python and NumPy integers and
    0-d integer arrays (nx or NumPy) are accepted; floats, complex numbers, strings,
    arrays that are not 0-d or not of an integer dtype are a TypeError.

    ``allow_bool``: a Python bool is an int to ``operator.index``. The functions that
    follow NumPy's signatures read it as 0/1 as NumPy does (``zeros(True)``,
    ``eye(2, k=True)``, the fft lengths); the manipulation functions and nx's own
    operations (the Nx extras, random, the windows) pass ``allow_bool=False`` and refuse
    it, as a bool there is a caller's mistake more likely than a count or an axis.
    """
    if isinstance(value, bool):
        if allow_bool:
            return int(value)
        raise TypeError(f"{name}: {arg} must be an integer, got bool")
    if type(value) in ARRAY_TYPES and value.ndim != 0:
        raise TypeError(f"{name}: {arg} must be an integer, got an array of shape {value.shape}")
    try:
        return operator.index(value)
    except TypeError:
        kind = f"an array of dtype {value.dtype.name}" if type(value) in ARRAY_TYPES else type(value).__name__
        raise TypeError(f"{name}: {arg} must be an integer, got {kind}") from None


def as_ints(name: str, value: Any, arg: str, *, entry: str | None = None, allow_bool: bool = True) -> tuple[int, ...]:
    """An int or a tuple or list of ints (each as ``as_int`` reads it) as a tuple of
    ints; an entry of a sequence is named ``entry`` (default ``arg``) in messages, which
    say which entry it is and its value ("shape[1] is 3.0")."""
    if isinstance(value, (tuple, list)):
        what = arg if entry is None else entry
        out = []
        for i, v in enumerate(value):
            try:
                out.append(as_int(name, v, what, allow_bool=allow_bool))
            except TypeError as e:
                text = repr(v)
                raise TypeError(f"{e} ({arg}[{i}] is {text if len(text) <= 40 else text[:37] + '...'})") from None
        return tuple(out)
    return (as_int(name, value, arg, allow_bool=allow_bool),)


def int_no_bool(name: str, value: Any, arg: str) -> int:
    """``as_int`` refusing bools: the integers of the manipulation functions and of nx's
    own operations (the Nx extras, random, the windows), where a bool is a caller's
    mistake more likely than a count or an axis."""
    return as_int(name, value, arg, allow_bool=False)


def ints_no_bool(name: str, value: Any, arg: str, entry: str | None = None) -> tuple[int, ...]:
    """``as_ints`` refusing bools, as ``int_no_bool``."""
    return as_ints(name, value, arg, entry=entry, allow_bool=False)


def check_bool(name: str, value: Any, arg: str) -> bool:
    """``value`` when it is a Python bool; anything else (``"no"``, 1, None) is a TypeError."""
    if type(value) is not bool:
        raise TypeError(f"{name}: {arg} must be a bool, got {type(value).__name__}")
    return value


def plain_size(shape: Any) -> int:
    """The number of elements of ``shape`` when it is a tuple of at most ``MAX_DIMS``
    non-negative Python ints (the shape of a fast path), else -1.

    The last plain shape is remembered by identity: code that passes one tuple again
    (a constant ``(8,)``, an array's ``x.shape``) skips the walk; a tuple is immutable,
    and the one remembered is kept alive, so its identity cannot be reused."""
    global LAST_PLAIN
    last = LAST_PLAIN
    if shape is last[0]:
        return last[1]
    if shape.__class__ is not tuple or len(shape) > MAX_DIMS:
        return -1
    n = 1
    for d in shape:
        if d.__class__ is not int or d < 0:
            return -1
        n *= d
    LAST_PLAIN = (shape, n)
    return n


#: ``(shape, size)``: the last plain shape ``plain_size`` walked (hot paths may read it).
LAST_PLAIN: tuple = ((), 1)


def check_shape(name: str, shape: tuple[int, ...], itemsize: int = 1) -> tuple[int, ...]:
    """``shape`` (non-negative ints) when an array of it can exist: at most ``MAX_DIMS``
    dimensions and fewer than ``2**63`` bytes of ``itemsize``-byte elements; else ValueError.

    As in NumPy, a zero-size shape still needs the product of its other dimensions to
    fit: ``(2**40, 2**40, 0, 2**40, 2**40)`` is refused too.
    """
    if len(shape) > MAX_DIMS:
        raise ValueError(f"{name}: at most {MAX_DIMS} dimensions are supported, got {len(shape)}")
    n = math.prod(shape)
    if n == 0 and shape:
        n = math.prod([d for d in shape if d])
    if n * itemsize >= _MAX_BYTES:
        what = f"shape {shape}" if len(str(shape)) <= 80 else "the requested shape"
        count = str(n) if n < 10**15 else f"about 2**{n.bit_length() - 1}"
        raise ValueError(f"{name}: an array of {what} is too big: {count} elements of {itemsize} bytes reach the 2**63-byte limit")
    return shape


def core_message(name: str, e: BaseException) -> str:
    """The message of an error raised below the namespace, prefixed with ``name`` once.

    A leading ``"primitive: "`` (an identifier and a colon, as the core and the backend
    write their messages) is replaced by ``name``.
    """
    msg = str(e)
    head, sep, rest = msg.partition(": ")
    if sep and head.isidentifier():
        msg = rest
    if not msg and isinstance(e, MemoryError):  # an allocator that said nothing
        msg = "not enough memory for the result"
    return f"{name}: {msg}"




def names_memory_errors(fn: _F) -> _F:
    """Wraps a public function whose allocations are sized by its arguments (the random
    samplers, the fft transforms, ``tile``, ``repeat``, ``pad``): a MemoryError from the
    allocator is re-raised with the function's name in front. For functions that make
    several backend calls; the creation functions, one allocation each, catch
    MemoryError inline instead (no extra call on their path)."""
    name = fn.__name__

    @functools.wraps(fn)
    def f(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except MemoryError as e:
            raise MemoryError(core_message(name, e)) from None

    return cast(_F, f)  # f takes and returns what fn does


def normalize_axis(name: str, axis: Any, ndim: int, allow_bool: bool = True) -> int:
    a = as_int(name, axis, "axis", allow_bool=allow_bool)
    if not -ndim <= a < ndim:
        raise axis_out_of_bounds(name, a, ndim)
    return a + ndim if a < 0 else a


def normalize_axes(name: str, axis: Any, ndim: int, strict: bool = False) -> tuple[int, ...]:
    """``axis`` (None, an int or a sequence of ints) as sorted unique non-negative axes;
    ``strict``: a tuple, not a list, and no bool (the strict namespace, as
    array-api-strict)."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        if type(axis) is not tuple and strict:
            STRICT.refuse("axis", TypeError(f"{name}: 'axis' must be None, an integer or a tuple of integers in strict mode, got {type(axis).__name__}"))
        axes = tuple(normalize_axis(name, a, ndim, not strict) for a in axis)
        if len(set(axes)) != len(axes):
            raise ValueError(f"{name}: repeated axis in {tuple(axis)}")
        return tuple(sorted(axes))
    return (normalize_axis(name, axis, ndim, not strict),)


def normalize_axes_in_order(name: str, axes: Sequence[Any], ndim: int) -> tuple[int, ...]:
    """``axes`` as non-negative axes in the order given (for functions where the order
    matters: ``moveaxis``, ``permute_dims``, the fft transforms); a repeated axis is a
    ValueError."""
    out = tuple([normalize_axis(name, a, ndim) for a in axes])
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {tuple(axes)}")
    return out


def broadcast_shapes(name: str, *shapes: Sequence[int]) -> tuple[int, ...]:
    if not shapes:
        return ()
    out = tuple(shapes[0])
    for s in shapes[1:]:
        s = tuple(s)
        if s != out:
            try:
                out = tuple(_shape.broadcast(out, s))
            except NxInvalidArgument as e:
                raise ValueError(f"{name}: shapes {out} and {s} cannot be broadcast together ({e})") from None
    return out


#: (shape, shape) -> their broadcast shape, for the pairs of array shapes seen (at most
#: 1024 kept): a pair in it is known to broadcast together.
BROADCAST_PAIRS: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def broadcast_pair(name: str, s1: tuple[int, ...], s2: tuple[int, ...]) -> tuple[int, ...]:
    """``broadcast_shapes(name, s1, s2)`` for two arrays' shapes (tuples of ints, so a
    dict of the pairs already seen answers most calls)."""
    try:
        return BROADCAST_PAIRS[s1, s2]
    except KeyError:
        out = broadcast_shapes(name, s1, s2)
        if len(BROADCAST_PAIRS) >= 1024:
            BROADCAST_PAIRS.clear()
        BROADCAST_PAIRS[s1, s2] = out
        return out


def broadcast_tensor(t: _T, shape: tuple[int, ...]) -> _T:
    """``t`` viewed with ``shape`` (stride-0 expansion, no copy); shapes already checked."""
    if t.shape == shape:
        return t
    return t.backend.broadcast_to(t, shape)


def py_scalar(v: Any, *, lenient: bool = False, strict: bool = False) -> Any:
    """``v`` as a plain Python scalar when it is a scalar in disguise, else ``v`` itself.

    NumPy scalars (``np.float64(2.0)``, ``np.int32(3)``, ``np.bool_(True)``), subclasses
    of the Python scalar types and 0-d nx arrays count as scalars, as consumers such as
    scikit-learn and SciPy pass them where the standard writes ``int | float``. In strict
    mode (``strict``) only 0-d arrays do, but where array-api-strict reads NumPy scalars
    too (``lenient``: the value of ``x[k] = v``, ``arange``'s bounds).
    """
    t = type(v)
    if t is bool or t is int or t is float or t is complex:
        return v
    if t in ARRAY_TYPES:
        return v.backend.item(v) if not v.shape else v
    if strict and not lenient:
        return v  # strict mode: NumPy scalars and subclasses are not Python scalars
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v)
    if isinstance(v, complex):
        return complex(v)
    item = getattr(v, "item", None)
    if item is not None and getattr(v, "shape", None) == () and type(v).__module__ == "numpy":
        r = item()
        if type(r) in (bool, int, float, complex):
            return r
    return v


#: Strict writes run one at a time, the write and its staleness bookkeeping together
#: (``_stale``): the bookkeeping reads reference counts, and another thread's write into
#: the same memory (two threads filling two slices of one array) holds views of it while
#: it writes.
STRICT_WRITES = threading.RLock()
