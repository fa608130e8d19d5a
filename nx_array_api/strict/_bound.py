"""The strict namespace's own functions: those a call with no array reaches.

A function given an array works on that array's namespace. A function given none (a
creation function without an array, the data type functions given dtypes, the frequency
functions, the inspection object) works on the namespace it was reached through; here,
the strict one: its devices (a ``device`` must be one of its Device objects; None is
``CPU_DEVICE``), its flags, its refusals. Each is the shared function, called with the
device this namespace resolved, or the shared core called with this namespace.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Optional

from nx_core.dtype import DType

from .. import _creation_functions as _cf
from .. import _data_type_functions as _dtf
from .. import fft as _fft
from .._array_object import Array, StrictArray
from .._devices import CPU_DEVICE, Device, resolve
from .._flags import STRICT
from .._flags import Flags as _DropinFlags
from .._info import Info
from .._manipulation_functions import shapes_broadcast
from .._validation import names_memory_errors

__all__ = [
    "arange",
    "asarray",
    "empty",
    "eye",
    "from_dlpack",
    "full",
    "linspace",
    "ones",
    "zeros",
    "broadcast_shapes",
    "can_cast",
    "finfo",
    "iinfo",
    "result_type",
    "fftfreq",
    "rfftfreq",
    "__array_namespace_info__",
    "set_array_api_strict_flags",
    "get_array_api_strict_flags",
    "reset_array_api_strict_flags",
    "ArrayAPIStrictFlags",
    "set_flags",
    "get_flags",
    "reset_flags",
    "Flags",
]

_UNSET: Any = _dtf._UNSET


# ---------------------------------------------------------------- creation
def arange(start: Any, /, stop: Any = None, step: Any = 1, *, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.arange`` on the strict namespace's devices."""
    return _cf.arange(start, stop, step, dtype=dtype, device=resolve("arange", device, STRICT))


def empty(shape: Any, *, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.empty`` on the strict namespace's devices."""
    return _cf.empty(shape, dtype=dtype, device=CPU_DEVICE if device is None else resolve("empty", device, STRICT))


def eye(n_rows: int, n_cols: Optional[int] = None, /, *, k: int = 0, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.eye`` on the strict namespace's devices."""
    return _cf.eye(n_rows, n_cols, k=k, dtype=dtype, device=resolve("eye", device, STRICT))


def from_dlpack(x: object, /, *, device: Any = _UNSET, copy: Any = _UNSET) -> Array:
    """``nx_array_api.from_dlpack`` on the strict namespace's devices; ``device`` and
    ``copy`` are the 2023.12 standard's."""
    if device is not _UNSET or copy is not _UNSET:
        STRICT.requires("2023.12", "from_dlpack", "the device and copy arguments", ValueError)
    device = None if device is _UNSET else device
    copy = None if copy is _UNSET else copy
    dev = None if device is None and type(x) is StrictArray else resolve("from_dlpack", device, STRICT)
    return _cf.from_dlpack(x, device=dev, copy=copy)


def full(shape: Any, fill_value: Any, *, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.full`` on the strict namespace's devices."""
    return _cf.full(shape, fill_value, dtype=dtype, device=resolve("full", device, STRICT))


def linspace(start: Any, stop: Any, /, num: int, *, dtype: Optional[DType] = None, device: Any = None, endpoint: bool = True) -> Array:
    """``nx_array_api.linspace`` on the strict namespace's devices."""
    return _cf.linspace(start, stop, num, dtype=dtype, device=resolve("linspace", device, STRICT), endpoint=endpoint)


def ones(shape: Any, *, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.ones`` on the strict namespace's devices."""
    return _cf.ones(shape, dtype=dtype, device=CPU_DEVICE if device is None else resolve("ones", device, STRICT))


def _resolve(name: str, device: Any) -> Device:
    """A ``device`` given to a function of this namespace, as its Device."""
    return resolve(name, device, STRICT)


#: No wrapper: this namespace's ``zeros`` is made by the shared factory, with the default
#: device of this namespace's creation functions, ``CPU_DEVICE`` (returned by a C
#: callable, so that a call pays no second Python frame).
zeros = _cf.zeros_of(repeat(CPU_DEVICE).__next__, _resolve, "``nx_array_api.zeros`` on the strict namespace's devices.")
zeros.__module__ = __name__
#: Likewise: ``nx_array_api.asarray`` on the strict namespace's devices, where an array of
#: this namespace keeps its device when none is given and anything else goes to
#: ``CPU_DEVICE``.
asarray = _cf.asarray_of(
    repeat(CPU_DEVICE).__next__,
    _resolve,
    (StrictArray,),
    True,
    """``nx_array_api.asarray`` on the strict namespace's devices: an array of this
    namespace keeps its device when none is given, anything else goes to ``CPU_DEVICE``.""",
)
asarray.__module__ = __name__


# ------------------------------------------------------------- data types
def broadcast_shapes(*shapes: Any) -> tuple:
    """The shape the given shapes broadcast to (the 2025.12 standard's)."""
    STRICT.check("broadcast_shapes")
    return shapes_broadcast(*shapes)


def can_cast(from_: Any, to: DType, /) -> bool:
    """Whether ``from_`` promotes to ``to`` by the standard's lattice alone."""
    return _dtf.dtype_can_cast(STRICT, from_, to)


def finfo(type: Any, /) -> Any:  # noqa: A002
    """Limits of a floating-point dtype; the result neither compares nor hashes."""
    return _dtf.dtype_finfo(STRICT, type)


def iinfo(type: Any, /) -> Any:  # noqa: A002
    """Limits of an integer dtype; the result neither compares nor hashes."""
    return _dtf.dtype_iinfo(STRICT, type)


def result_type(*arrays_and_dtypes: Any) -> DType:
    """The dtype the arguments promote to, by the standard's rules alone."""
    return _dtf.dtypes_result_type(STRICT, *arrays_and_dtypes)


# -------------------------------------------------------------- frequencies
@names_memory_errors
def fftfreq(n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.fft.fftfreq`` on the strict namespace's devices."""
    STRICT.check("fft.fftfreq")
    return _fft.frequencies(n, d=d, dtype=dtype, device=resolve("fftfreq", device, STRICT))


@names_memory_errors
def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Any = None) -> Array:
    """``nx_array_api.fft.rfftfreq`` on the strict namespace's devices."""
    STRICT.check("fft.rfftfreq")
    return _fft.real_frequencies(n, d=d, dtype=dtype, device=resolve("rfftfreq", device, STRICT))


# ------------------------------------------------------------- inspection
_INFO = Info(STRICT)


def __array_namespace_info__() -> Info:
    """The strict namespace's inspection utilities."""
    STRICT.check("__array_namespace_info__")
    return _INFO


# ------------------------------------------------------------------ flags
def set_array_api_strict_flags(
    *,
    api_version: Optional[str] = None,
    boolean_indexing: Optional[bool] = None,
    data_dependent_shapes: Optional[bool] = None,
    enabled_extensions: Any = None,
) -> None:
    """Sets the strict namespace's flags (None leaves a flag as it is): ``api_version``
    (2021.12 to 2025.12, and the draft 2026.12), ``boolean_indexing``,
    ``data_dependent_shapes``, ``enabled_extensions`` (see ``nx_array_api._flags``)."""
    STRICT.set(
        api_version=api_version,
        boolean_indexing=boolean_indexing,
        data_dependent_shapes=data_dependent_shapes,
        enabled_extensions=enabled_extensions,
    )


def get_array_api_strict_flags() -> dict[str, Any]:
    """The strict namespace's flags, as keyword arguments for ``set_array_api_strict_flags``."""
    return STRICT.get()


def reset_array_api_strict_flags() -> None:
    """The strict namespace's flags back to their defaults, whatever the environment
    said at import."""
    STRICT.reset()


class ArrayAPIStrictFlags(_DropinFlags):
    """A context manager that sets the strict namespace's flags for a block."""

    __slots__ = ()
    _ns = STRICT


# nx's own names for the same (as in the drop-in namespace).
set_flags = set_array_api_strict_flags
get_flags = get_array_api_strict_flags
reset_flags = reset_array_api_strict_flags
Flags = ArrayAPIStrictFlags  # the same class under nx's name
