"""The array types: a Tensor of nx_core with the standard's attributes.

There is one array type per namespace (see ``_flags``): ``Array``, the drop-in
namespace's, and ``StrictArray``, the strict namespace's (``nx_array_api.strict.Array``),
a subclass that refuses what array-api-strict's arrays refuse. An array's namespace is
its class's ``_ns``; the devices of a namespace make arrays of its class, so an array
never changes namespace, and arrays of two namespaces live on two devices.

The operators and indexing are the namespace's functions themselves, class attributes
of the class bodies below (an operator is one Python call: into the function), so this
module sits above the functions' modules: they and their helpers check types against the
sets of ``_array_types``, which this module fills as soon as the classes exist, before
any function runs, and annotate arrays with its ``ArrayT``, bound to the classes' base
``ArrayTensor`` (``Tensor`` itself at run time). The strict namespace's devices, which
make ``StrictArray``s, are registered here too, for the same reason.
"""

from __future__ import annotations

import enum
import importlib
import sys
from math import prod
from typing import Any, Callable, ClassVar, Iterator

from nx_core.device import Device, lookup
from nx_core.tensor import set_tensor_class

from . import _devices, _flags
from . import _elementwise_functions as _ew
from . import _indexing as _ix
from . import _linear_algebra_functions as _la
from ._array_types import ArrayTensor, register
from ._compose import transfer
from ._element_ops import OPERATORS, inplace_operator, operators_of
from ._flags import DROPIN, STRICT
from ._validation import check_device_dtype

__all__ = ["Array", "StrictArray", "Device"]

#: The strict namespace's own module name; another while it is served under another.
_STRICT_NAME = STRICT.name


#: The types of the operators (the functions' own, which take Any and return an Array).
_Binary = Callable[["Array", Any], "Array"]
_Unary = Callable[["Array"], "Array"]
#: == and != return Any to a type checker: they override object's, which return a bool,
#: and an Array is not one.
_Compare = Callable[["Array", Any], Any]
#: matmul's operators (the others' are in OPERATORS, filled by the functions' modules).
_MATMUL = operators_of(_la.matmul)


class _DLDeviceType(enum.IntEnum):
    CPU = 1


class _Private(type):
    """The array types' metaclass: calling ``Array(...)`` is refused, as the constructor
    is private.

    Backends make arrays past it, with type's own call (``Backend.make_tensor``):
    object's allocation, the cheapest Python has. (Refusing in ``__init__`` or
    ``__new__`` instead would put a Python call into every array's allocation.)
    """

    _ns: _flags.Namespace  # each array type's namespace

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{cls.__name__}: the constructor is private; use {cls._ns.name}.asarray()")


class Array(ArrayTensor, metaclass=_Private):  # (ArrayTensor: Tensor at run time, see _array_types)
    """An n-dimensional array of the nx namespace.

    Build arrays with the namespace's creation functions (``asarray``, ``zeros``, ...);
    the constructor is private. Slicing, ``.T``, ``.mT``, ``permute_dims``, ``reshape``
    and the other view functions share memory with their base: writes through a view
    are seen by the base.
    """

    __slots__ = ()  # Tensor's slots: an array is its tensor, one object
    __array_priority__ = 100.0  # NumPy defers binary operators with Array on the right to us
    #: The namespace the array belongs to (its mode and flags).
    _ns = DROPIN

    # No __init__: the constructor is refused by the metaclass (_Private), so that
    # backends make arrays with object's own allocation (Backend.make_tensor).

    # ------------------------------------------------------------- attributes
    # dtype, shape and ndim are the Tensor's own (dtype and shape are slots).
    @property
    def device(self) -> Device:
        return self.backend.device

    @property
    def size(self) -> int:
        return self.numel

    @property
    def T(self) -> "Array":
        if self.ndim != 2:
            raise ValueError(f"T: needs a 2-D array, got {self.ndim}-D (use .mT or permute_dims)")
        t = self
        return t.backend.permute(t, (1, 0))

    @property
    def mT(self) -> "Array":
        n = self.ndim
        if n < 2:
            raise ValueError(f"mT: needs an array of at least 2 dimensions, got {n}-D")
        t = self
        return t.backend.permute(t, (*range(n - 2), n - 1, n - 2))

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The namespace of the array. ``api_version`` is checked, as NumPy checks it;
        the drop-in namespace keeps its flags (``set_flags`` changes them)."""
        if api_version is not None:
            _check_version("__array_namespace__", api_version)
        m = _MODULES.get(self._ns.name)  # (_namespace_module, inlined: each array API call of a consumer asks)
        return _namespace_module(self) if m is None else m

    # ------------------------------------------------------------- conversion
    def _scalar(self, name: str, kinds: str) -> Any:
        s = self.shape
        if s and prod(s) != 1:  # (a 0-d array, the common case, holds one element)
            raise TypeError(f"{name}: only arrays with one element can be converted to Python scalars, got shape {self.shape}")
        if self.dtype.kind not in kinds:
            raise TypeError(f"{name}: cannot convert an array of dtype {self.dtype.name}")
        return self.backend.item(self)

    def __bool__(self) -> bool:
        return bool(self._scalar("__bool__", "biufc"))

    def __int__(self) -> int:
        v = self._scalar("__int__", "biuf")
        return int(v)

    def __float__(self) -> float:
        return float(self._scalar("__float__", "biuf"))

    def __complex__(self) -> complex:
        return complex(self._scalar("__complex__", "biufc"))

    def __index__(self) -> int:
        return int(self._scalar("__index__", "iu"))

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        a = self.backend.to_host(self)
        if copy:
            a = a.copy()
        if dtype is not None and a.dtype != dtype:
            if copy is False:
                raise ValueError("__array__: a dtype change needs a copy, but copy=False")
            a = a.astype(dtype)
        return a

    def __dlpack__(
        self,
        /,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[Any, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        if stream is not None and stream != -1:
            raise ValueError("__dlpack__: nx arrays live on the CPU; stream must be None")
        if max_version is not None and not (
            type(max_version) is tuple and len(max_version) == 2 and all(type(v) is int for v in max_version)
        ):
            raise TypeError(f"__dlpack__: max_version must be None or a tuple of two ints, got {max_version!r}")
        if dl_device is not None:
            if not (type(dl_device) is tuple and len(dl_device) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in dl_device)):
                raise TypeError(f"__dlpack__: dl_device must be None or a (device type, device id) tuple of ints, got {dl_device!r}")
            if (int(dl_device[0]), int(dl_device[1])) != (int(_DLDeviceType.CPU), 0):
                raise BufferError(f"__dlpack__: cannot export to device {dl_device}")
        if copy is not None and type(copy) is not bool:
            raise TypeError(f"__dlpack__: copy must be None, True or False, got {type(copy).__name__}")
        kw: dict[str, Any] = {}
        if max_version is not None:
            kw["max_version"] = max_version
        if copy is not None:
            kw["copy"] = copy
        if dl_device is not None:
            kw["dl_device"] = dl_device
        return self.backend.to_dlpack(self, **kw)

    def __dlpack_device__(self) -> tuple[enum.Enum, int]:
        return (_DLDeviceType.CPU, 0)

    # ------------------------------------------------------ copying, pickling
    def __copy__(self) -> "Array":
        return self.backend.copy(self)

    def __deepcopy__(self, memo: Any) -> "Array":
        return self.backend.copy(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, Device]]:
        # The backend's host array pickles itself; unpickling wraps it again, on the
        # device it came from (a Device pickles as its namespace and name).
        t = self
        return (_from_host, (t.backend.to_host(t), t.backend.device))

    # --------------------------------------------------- Python container-ish
    def __len__(self) -> int:
        """``len(x)``: the length of the first axis, as in NumPy (the strict namespace:
        TypeError, the standard has no ``__len__``)."""
        if self.ndim == 0:
            raise TypeError("__len__: len() of a 0-d array")
        return self.shape[0]

    def __iter__(self) -> Iterator["Array"]:
        """Iteration over the first axis, as in NumPy: a 0-d array is not iterable, and
        says so when ``iter()`` is called (``np.iterable(x)`` is False)."""
        if self.ndim == 0:
            raise TypeError("__iter__: iteration over a 0-d array")
        return self._rows()

    def _rows(self) -> Iterator["Array"]:
        for i in range(self.shape[0]):
            yield self[i, ...]  # (a complete key: the strict namespace's arrays take it too)

    def __repr__(self) -> str:
        prefix = "Array("
        body = self.backend.format(self, separator=", ", prefix=prefix)
        if self.size == 0 and self.ndim > 1:
            body = f"[], shape={self.shape}"
        dev = self.backend.device
        dtype, device = self._repr_names(dev)
        where = "" if dev is _DEFAULT_DEVICE_OF[type(self)] else f", device={device}"
        return f"{prefix}{body}, dtype={dtype}{where})"

    def _repr_names(self, dev: Device) -> tuple[str, str]:
        """How ``repr`` writes the array's dtype and (not the default) device."""
        return self.dtype.name, repr(dev.name)

    def __str__(self) -> str:
        return self.backend.format(self)

    def __format__(self, spec: str) -> str:
        """``format(x, spec)``, ``f"{x:g}"``: a 0-d array formats as its Python scalar;
        an empty spec gives ``str(x)``; any other spec on an n-d array is a TypeError, as
        in NumPy."""
        if not spec:
            return str(self)
        if self.shape:
            raise TypeError(f"__format__: format spec {spec!r} needs a 0-d array, got shape {self.shape}")
        return format(self.backend.item(self), spec)

    __hash__ = None  # type: ignore[assignment]  # unhashable, as the standard's arrays

    def to_device(self, device: Any, /, *, stream: Any = None) -> "Array":
        """A copy of the array on ``device`` (the array itself when it is there already); a
        device of the array's namespace (``_devices.resolve``)."""
        if stream is not None:
            raise ValueError("to_device: nx has no streams; stream must be None")
        dst = _devices.resolve("to_device", device, self._ns, self)
        if dst is self.backend.device:
            return self
        check_device_dtype("to_device", dst, self.dtype)
        return transfer(self, dst)

    # -------------------------------------------------------------- operators
    # The namespace's functions themselves: x + y is one Python call, into the function's
    # operator (OPERATORS: the function's validation and messages, and NotImplemented for
    # an operand of a type it does not know, so that a wrapper type's reflected method runs).
    __add__: ClassVar[_Binary] = OPERATORS["add"][0]
    __radd__: ClassVar[_Binary] = OPERATORS["add"][1]
    __iadd__: ClassVar[_Binary] = inplace_operator(_ew.add)
    __sub__: ClassVar[_Binary] = OPERATORS["subtract"][0]
    __rsub__: ClassVar[_Binary] = OPERATORS["subtract"][1]
    __isub__: ClassVar[_Binary] = inplace_operator(_ew.subtract)
    __mul__: ClassVar[_Binary] = OPERATORS["multiply"][0]
    __rmul__: ClassVar[_Binary] = OPERATORS["multiply"][1]
    __imul__: ClassVar[_Binary] = inplace_operator(_ew.multiply)
    __truediv__: ClassVar[_Binary] = OPERATORS["divide"][0]
    __rtruediv__: ClassVar[_Binary] = OPERATORS["divide"][1]
    __itruediv__: ClassVar[_Binary] = inplace_operator(_ew.divide)
    __floordiv__: ClassVar[_Binary] = OPERATORS["floor_divide"][0]
    __rfloordiv__: ClassVar[_Binary] = OPERATORS["floor_divide"][1]
    __ifloordiv__: ClassVar[_Binary] = inplace_operator(_ew.floor_divide)
    __mod__: ClassVar[_Binary] = OPERATORS["remainder"][0]
    __rmod__: ClassVar[_Binary] = OPERATORS["remainder"][1]
    __imod__: ClassVar[_Binary] = inplace_operator(_ew.remainder)
    __pow__: ClassVar[_Binary] = OPERATORS["pow"][0]
    __rpow__: ClassVar[_Binary] = OPERATORS["pow"][1]
    __ipow__: ClassVar[_Binary] = inplace_operator(_ew.pow)
    __matmul__: ClassVar[_Binary] = _MATMUL[0]
    __rmatmul__: ClassVar[_Binary] = _MATMUL[1]
    __imatmul__: ClassVar[_Binary] = inplace_operator(_la.matmul)
    __and__: ClassVar[_Binary] = OPERATORS["bitwise_and"][0]
    __rand__: ClassVar[_Binary] = OPERATORS["bitwise_and"][1]
    __iand__: ClassVar[_Binary] = inplace_operator(_ew.bitwise_and)
    __or__: ClassVar[_Binary] = OPERATORS["bitwise_or"][0]
    __ror__: ClassVar[_Binary] = OPERATORS["bitwise_or"][1]
    __ior__: ClassVar[_Binary] = inplace_operator(_ew.bitwise_or)
    __xor__: ClassVar[_Binary] = OPERATORS["bitwise_xor"][0]
    __rxor__: ClassVar[_Binary] = OPERATORS["bitwise_xor"][1]
    __ixor__: ClassVar[_Binary] = inplace_operator(_ew.bitwise_xor)
    __lshift__: ClassVar[_Binary] = OPERATORS["bitwise_left_shift"][0]
    __rlshift__: ClassVar[_Binary] = OPERATORS["bitwise_left_shift"][1]
    __ilshift__: ClassVar[_Binary] = inplace_operator(_ew.left_shift_operator)
    __rshift__: ClassVar[_Binary] = OPERATORS["bitwise_right_shift"][0]
    __rrshift__: ClassVar[_Binary] = OPERATORS["bitwise_right_shift"][1]
    __irshift__: ClassVar[_Binary] = inplace_operator(_ew.right_shift_operator)
    # Comparisons have no reflected forms: Python swaps them (x < y is y > x).
    __lt__: ClassVar[_Binary] = OPERATORS["less"][0]
    __le__: ClassVar[_Binary] = OPERATORS["less_equal"][0]
    __gt__: ClassVar[_Binary] = OPERATORS["greater"][0]
    __ge__: ClassVar[_Binary] = OPERATORS["greater_equal"][0]
    __eq__: ClassVar[_Compare] = OPERATORS["equal"][0]
    __ne__: ClassVar[_Compare] = OPERATORS["not_equal"][0]
    __neg__: ClassVar[_Unary] = _ew.negative
    __pos__: ClassVar[_Unary] = _ew.positive
    __abs__: ClassVar[_Unary] = _ew.abs
    __invert__: ClassVar[_Unary] = _ew.bitwise_invert

    # --------------------------------------------------------------- indexing
    __getitem__ = _ix.getitem
    __setitem__ = _ix.setitem


def _no_export(name: str, dev: Device) -> RuntimeError:
    """The refusal of a NumPy export of an array on the virtual device ``dev``."""
    return RuntimeError(
        f"{name}: the array is on the virtual device {dev.name!r}, which cannot export its memory; "
        "move it to the CPU first (x.to_device(CPU_DEVICE))"
    )


#: An argument not given (where passing None already means something).
_UNSET: Any = type("_Unset", (), {"__repr__": lambda self: "<unset>", "__slots__": ()})()

class StrictArray(Array):
    """An array of the strict namespace (``nx_array_api.strict.Array``): it refuses what
    array-api-strict's arrays refuse. Python scalar conversion of arrays that are not 0-d,
    ``len()``, format specs, iteration over arrays that are not 1-D, and, on the virtual
    devices, NumPy conversion and a DLPack export that does not ask for the CPU (code
    that forgets to move its data to the CPU is what those devices exist to catch)."""

    __slots__ = ()
    _ns = STRICT
    # NumPy does not defer to a strict array, as it does not to array-api-strict's (which
    # set no priority): with a NumPy scalar or array on the left (np.float64(1) + x,
    # np_a == x), NumPy computes the result itself from x's memory (np.asarray(x)), as it
    # does with array-api-strict's arrays, and a virtual device refuses that export. (The
    # drop-in's arrays keep the priority: NumPy hands such operations to them.)
    __array_priority__ = -float("inf")

    # Indexing that checks its keys first (the standard's keys only).
    __getitem__ = _ix.getitem_strict
    __setitem__ = _ix.setitem_strict

    def __array_namespace__(self, /, *, api_version: str | None = None) -> Any:
        """The strict namespace; ``api_version`` sets its api_version flag, as
        array-api-strict's does."""
        if api_version is not None:
            _check_version("__array_namespace__", api_version)
            STRICT.set(api_version=api_version)
        m = _MODULES.get(STRICT.name)
        return _namespace_module(self) if m is None else m

    def _repr_names(self, dev: Device) -> tuple[str, str]:
        """Served as array_api_strict (``serve_as_array_api_strict``), as array-api-strict
        writes them: ``dtype=array_api_strict.int64``,
        ``device=array_api_strict.Device('device1')``; nx's otherwise."""
        if STRICT.name == _STRICT_NAME:
            return Array._repr_names(self, dev)
        return f"{STRICT.name}.{self.dtype.name}", repr(dev)

    def _scalar(self, name: str, kinds: str) -> Any:
        if self.shape:
            STRICT.refuse("conversion", TypeError(f"{name}: only 0-d arrays convert to Python scalars in strict mode, got shape {self.shape}"))
        return Array._scalar(self, name, kinds)

    def __len__(self) -> int:
        STRICT.refuse("conversion", TypeError("__len__: the standard's arrays have no len(); use x.shape[0] (strict mode)"))
        return Array.__len__(self)

    def __iter__(self) -> Iterator["Array"]:
        if self.ndim != 1:
            STRICT.refuse(
                "conversion", TypeError(f"__iter__: only 1-D arrays are iterable in strict mode, got {self.ndim}-D (the standard leaves iteration unspecified)")
            )
            return Array.__iter__(self)
        return self._rows()

    def __format__(self, spec: str) -> str:
        if spec:
            STRICT.refuse("conversion", TypeError(f"__format__: format spec {spec!r} on an array is not portable (strict mode); format float(x)"))
            return Array.__format__(self, spec)
        return str(self)

    def _host_only(self, name: str) -> None:
        dev = self.backend.device
        if dev.name in _VIRTUAL:
            STRICT.refuse("device", _no_export(name, dev))

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        self._host_only("__array__")  # (NumPy's fallback from __buffer__ too)
        if sys.version_info >= (3, 12) and self.backend.device.name not in _VIRTUAL:
            # NumPy tried __buffer__ first and dropped its error: a stale read's is raised
            # again here, before the refusal
            self.backend.to_host(self)
            STRICT.refuse("conversion", TypeError(
                "__array__: not supported by the Array API (strict mode, as array-api-strict on Python 3.12 "
                "and later); NumPy reads the array through the buffer protocol: np.asarray(x)"
            ))
        return Array.__array__(self, dtype, copy)

    if sys.version_info >= (3, 12):

        def __buffer__(self, flags: int, /) -> memoryview:
            """The array's memory on the host (PEP 688), which ``np.asarray(x)`` and
            ``memoryview(x)`` read, as they read array-api-strict's arrays on Python 3.12
            and later; on a virtual device a RuntimeError (NumPy then tries
            ``__array__``, which names the device)."""
            dev = self.backend.device
            if dev.name in _VIRTUAL:  # (not a refusal of its own: NumPy drops it and asks __array__)
                raise _no_export("__buffer__", dev)
            return self.backend.to_host(self).__buffer__(flags)

    def __dlpack__(self, /, *, stream: Any = None, max_version: Any = _UNSET, dl_device: Any = _UNSET, copy: Any = _UNSET) -> Any:
        """As ``Array.__dlpack__``; ``max_version``, ``dl_device`` and ``copy`` are the
        2023.12 standard's (given under an earlier api_version flag: ValueError).

        On a virtual device, whose memory stands for another device's, the export is a
        transfer: made, as a copy, to a consumer that asks for the CPU
        (``dl_device=(kDLCPU, 0)``, which ``np.from_dlpack(x, device="cpu")`` asks), and
        refused otherwise with BufferError, the standard's exception for an export that
        cannot be made (consumers catch it and move the array themselves). A consumer
        that reads the memory without asking for the CPU is what those devices catch.
        (array-api-strict 2.6 exports from its virtual devices without asking.)"""
        if max_version is not _UNSET or dl_device is not _UNSET or copy is not _UNSET:
            STRICT.requires("2023.12", "__dlpack__", "the max_version, dl_device and copy arguments", ValueError)
        dev = self.backend.device
        if dev.name in _VIRTUAL:
            if dl_device is _UNSET or dl_device is None:
                STRICT.refuse(
                    "device",
                    BufferError(
                        f"__dlpack__: the array is on the virtual device {dev.name!r}, whose memory is not the host's; "
                        "ask for a copy on the CPU (from_dlpack(x, device='cpu'), dl_device=(1, 0)) or move it first (x.to_device(CPU_DEVICE))"
                    ),
                )  # record mode: the drop-in's export, of the host memory
            else:
                if copy is False:
                    raise BufferError(f"__dlpack__: moving the array from the virtual device {dev.name!r} to the CPU needs a copy, but copy=False")
                copy = True
        unset = lambda v: None if v is _UNSET else v  # noqa: E731
        return Array.__dlpack__(self, stream=stream, max_version=unset(max_version), dl_device=unset(dl_device), copy=unset(copy))


#: The strict namespace's devices that stand for hardware other than the CPU.
_VIRTUAL = frozenset({"device1", "device2", "no_float64", "no_x64"})


#: The modules of the process, by name (a namespace's module is here once imported).
_MODULES = sys.modules


def _namespace_module(x: Array) -> Any:
    """The module of x's namespace, by name: this module sits below the namespaces'
    packages and imports none of them."""
    m = x._ns.module()
    return importlib.import_module(x._ns.name) if m is None else m


def _check_version(name: str, api_version: Any) -> None:
    if api_version is not None and api_version not in _flags.SUPPORTED_VERSIONS:
        raise ValueError(f"{name}: unsupported api_version {api_version!r} (supported: {', '.join(_flags.SUPPORTED_VERSIONS)})")


def _from_host(host: Any, device: Device | None = None) -> Array:
    """Unpickles an Array from the host array (and device) its ``__reduce__`` saved."""
    return (device or lookup("nx", "cpu")).backend.from_host(host)


# The modules below this one check types against the two classes (``_array_types``).
register(Array, StrictArray)
# Backends make their tensors as Array on the devices that name no class of their own
# (the drop-in's): what a primitive returns is the user's array. The strict namespace's
# devices name StrictArray.
set_tensor_class(Array)

#: The device an array's repr leaves out, per array type.
_DEFAULT_DEVICE_OF: dict[type, Any] = {Array: lookup("nx", "cpu"), StrictArray: _devices.register_strict_devices(StrictArray)}
