"""The Array object: a Tensor of nx_core, with the standard's attributes and operators.

Operators are one line each and delegate to the namespace functions, which validate,
promote and broadcast; nothing here computes a value.
"""

from __future__ import annotations

import enum
from typing import Any, Iterator

from nx_core.device import Device
from nx_core.dtype import DType
from nx_core.tensor import Tensor, set_tensor_class


__all__ = ["Array", "Device"]


class _DLDeviceType(enum.IntEnum):
    CPU = 1


class _Private(type):
    """Array's metaclass: calling ``Array(...)`` is refused, as the constructor is private.

    Backends make arrays past it, with type's own call (``nx_core.tensor.MADE.make``):
    object's allocation, the cheapest Python has. (Refusing in ``__init__`` or
    ``__new__`` instead would put a Python call into every array's allocation.)
    """

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{cls.__name__}: the constructor is private; use nx_array_api.asarray()")


class Array(Tensor, metaclass=_Private):
    """An n-dimensional array of the nx namespace.

    Build arrays with the namespace's creation functions (``asarray``, ``zeros``, ...);
    the constructor is private. Slicing, ``.T``, ``.mT``, ``permute_dims``, ``reshape``
    and the other view functions share memory with their base: writes through a view
    are seen by the base.
    """

    __slots__ = ()  # Tensor's slots: an array is its tensor, one object
    __array_priority__ = 100.0  # NumPy defers binary operators with Array on the right to us

    # No __init__: the constructor is refused by the metaclass (_Private), so that
    # backends make arrays with object's own allocation (nx_core.tensor.MADE.make).

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
        if api_version is not None and api_version not in _SUPPORTED_VERSIONS:
            raise ValueError(f"__array_namespace__: unsupported api_version {api_version!r}")
        import nx_array_api

        return nx_array_api

    def to_device(self, device: Any, /, *, stream: Any = None) -> "Array":
        if stream is not None:
            raise ValueError("to_device: nx has no streams; stream must be None")
        dst = _val.check_device("to_device", device, self)
        t = self
        src = t.backend
        if dst is src.device:
            return self
        _val.check_device_dtype("to_device", dst, t.dtype)
        # Through the host: a host array of a copy of the elements, taken up by the
        # destination's backend; the two devices never share memory.
        return dst.backend.from_host(src.to_host(src.copy(t)))

    # ------------------------------------------------------------- conversion
    def _scalar(self, name: str, kinds: str) -> Any:
        if _flags.STRICT and self.shape:
            raise TypeError(f"{name}: only 0-d arrays convert to Python scalars in strict mode, got shape {self.shape}")
        if self.size != 1:
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
        # device it came from.
        t = self
        return (_from_host, (t.backend.to_host(t), t.backend.device))

    # --------------------------------------------------- Python container-ish
    def __len__(self) -> int:
        """``len(x)``: the length of the first axis, as in NumPy (strict mode: TypeError,
        the standard has no ``__len__``)."""
        if _flags.STRICT:
            raise TypeError("__len__: the standard's arrays have no len(); use x.shape[0] (strict mode)")
        if self.ndim == 0:
            raise TypeError("len() of a 0-d array")
        return self.shape[0]

    def __iter__(self) -> Iterator["Array"]:
        if self.ndim == 0:
            raise TypeError("iteration over a 0-d array")
        for i in range(self.shape[0]):
            yield self[i]

    def __repr__(self) -> str:
        prefix = "Array("
        body = self.backend.format(self, separator=", ", prefix=prefix)
        if self.size == 0 and self.ndim > 1:
            body = f"[], shape={self.shape}"
        dev = self.backend.device
        where = "" if dev.name == "cpu" else f", device={dev.name!r}"
        return f"{prefix}{body}, dtype={self.dtype.name}{where})"

    def __str__(self) -> str:
        return self.backend.format(self)

    def __format__(self, spec: str) -> str:
        """``format(x, spec)``, ``f"{x:g}"``: a 0-d array formats as its Python scalar;
        an empty spec gives ``str(x)``; any other spec on an n-d array is a TypeError, as
        in NumPy."""
        if not spec:
            return str(self)
        if _flags.STRICT:
            raise TypeError(f"__format__: format spec {spec!r} on an array is not portable (strict mode); format float(x)")
        if self.shape:
            raise TypeError(f"__format__: format spec {spec!r} needs a 0-d array, got shape {self.shape}")
        return format(self.backend.item(self), spec)

    __hash__ = None  # type: ignore[assignment]

    # --------------------------------------------------------------- indexing
    # (__getitem__ is the indexing module's getitem itself, bound below)
    def __setitem__(self, key: Any, value: Any, /) -> None:
        _ix.setitem(self, key, value)

    # -------------------------------------------------------------- operators
    def __radd__(self, other: Any, /) -> "Array":
        return _ew.add(other, self)

    def __iadd__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.add, self, other)

    def __rsub__(self, other: Any, /) -> "Array":
        return _ew.subtract(other, self)

    def __isub__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.subtract, self, other)

    def __rmul__(self, other: Any, /) -> "Array":
        return _ew.multiply(other, self)

    def __imul__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.multiply, self, other)

    def __rtruediv__(self, other: Any, /) -> "Array":
        return _ew.divide(other, self)

    def __itruediv__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.divide, self, other)

    def __rfloordiv__(self, other: Any, /) -> "Array":
        return _ew.floor_divide(other, self)

    def __ifloordiv__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.floor_divide, self, other)

    def __rmod__(self, other: Any, /) -> "Array":
        return _ew.remainder(other, self)

    def __imod__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.remainder, self, other)

    def __rpow__(self, other: Any, /) -> "Array":
        return _ew.pow(other, self)

    def __ipow__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.pow, self, other)

    def __rmatmul__(self, other: Any, /) -> "Array":
        return _la.matmul(other, self)

    def __imatmul__(self, other: Any, /) -> "Array":
        return _ew._inplace(_la.matmul, self, other)

    def __rand__(self, other: Any, /) -> "Array":
        return _ew.bitwise_and(other, self)

    def __iand__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.bitwise_and, self, other)

    def __ror__(self, other: Any, /) -> "Array":
        return _ew.bitwise_or(other, self)

    def __ior__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.bitwise_or, self, other)

    def __rxor__(self, other: Any, /) -> "Array":
        return _ew.bitwise_xor(other, self)

    def __ixor__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.bitwise_xor, self, other)

    def __rlshift__(self, other: Any, /) -> "Array":
        return _ew.bitwise_left_shift(other, self)

    def __ilshift__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.bitwise_left_shift, self, other)

    def __rrshift__(self, other: Any, /) -> "Array":
        return _ew.bitwise_right_shift(other, self)

    def __irshift__(self, other: Any, /) -> "Array":
        return _ew._inplace(_ew.bitwise_right_shift, self, other)


def _from_host(host: Any, device: Device | None = None) -> Array:
    """Unpickles an Array from the host array (and device) its ``__reduce__`` saved."""
    return (device or Device("cpu")).backend.from_host(host)


# Backends make their tensors as Array: what a primitive returns is the user's array.
set_tensor_class(Array)

_SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")

# The namespace modules import Array; they are bound here, after the class exists.
from . import _elementwise_functions as _ew  # noqa: E402
from . import _indexing as _ix  # noqa: E402
from . import _linear_algebra_functions as _la  # noqa: E402
from . import _flags  # noqa: E402
from . import _validation as _val  # noqa: E402

# The forward and unary operators are bound here, after the class, on purpose: they are
# the namespace functions themselves (the same validation and messages), which live in
# modules that import Array and so exist only now. A method in the class body that called
# them would add a Python call to every operator (x + x measured 3-6% slower). The
# reflected and in-place operators, which reorder or write back, are the methods above;
# strict mode rebinds __getitem__ (_indexing.bind). Each line's ignore comment is for type
# checkers, which read an assignment to a method as an error.
Array.__getitem__ = _ix.getitem  # type: ignore[assignment,method-assign]
Array.__add__ = _ew.add  # type: ignore[assignment,method-assign]
Array.__sub__ = _ew.subtract  # type: ignore[assignment,method-assign]
Array.__mul__ = _ew.multiply  # type: ignore[assignment,method-assign]
Array.__truediv__ = _ew.divide  # type: ignore[assignment,method-assign]
Array.__floordiv__ = _ew.floor_divide  # type: ignore[assignment,method-assign]
Array.__mod__ = _ew.remainder  # type: ignore[assignment,method-assign]
Array.__pow__ = _ew.pow  # type: ignore[assignment,method-assign]
Array.__matmul__ = _la.matmul  # type: ignore[assignment,method-assign]
Array.__and__ = _ew.bitwise_and  # type: ignore[assignment,method-assign]
Array.__or__ = _ew.bitwise_or  # type: ignore[assignment,method-assign]
Array.__xor__ = _ew.bitwise_xor  # type: ignore[assignment,method-assign]
Array.__lshift__ = _ew.bitwise_left_shift  # type: ignore[assignment,method-assign]
Array.__rshift__ = _ew.bitwise_right_shift  # type: ignore[assignment,method-assign]
Array.__lt__ = _ew.less  # type: ignore[assignment,method-assign]
Array.__le__ = _ew.less_equal  # type: ignore[assignment,method-assign]
Array.__gt__ = _ew.greater  # type: ignore[assignment,method-assign]
Array.__ge__ = _ew.greater_equal  # type: ignore[assignment,method-assign]
Array.__eq__ = _ew.equal  # type: ignore[assignment,method-assign]
Array.__ne__ = _ew.not_equal  # type: ignore[assignment,method-assign]
Array.__neg__ = _ew.negative  # type: ignore[assignment,method-assign]
Array.__pos__ = _ew.positive  # type: ignore[assignment,method-assign]
Array.__abs__ = _ew.abs  # type: ignore[assignment,method-assign]
Array.__invert__ = _ew.bitwise_invert  # type: ignore[assignment,method-assign]
