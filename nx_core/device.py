"""Devices: where arrays live, and which backend computes there.

A :class:`Device` is a name, the backend that computes on it (a backend kind registered
with :func:`nx_core.backend.register_backend`) and the dtypes it lacks. Each device gets
its own backend instance, created on first use, and every Tensor made there carries that
instance: the device of a tensor is ``tensor.backend.device``, and two tensors are on the
same device exactly when they have the same backend object.

Devices are registered once, by name (:func:`register_device`); ``Device(name)`` looks
one up. The default device is the one named by the ``NX_DEFAULT_DEVICE`` environment
variable when this module is first imported (``"cpu"`` when unset), and
:func:`using_device` changes it for a block (per thread and per asyncio task).

nx registers these devices:

``cpu``
    the host CPU, computed by the NumPy backend (the default);
``device1``, ``device2``
    virtual devices on the same NumPy backend but distinct from ``cpu``, for testing
    that code passes ``device=`` everywhere (array-api-strict has the same two);
``no_float64``
    a virtual device without float64 and complex128, mimicking Apple's MPS: its default
    floating dtypes are float32 and complex64, and asking it for a 64-bit float fails.
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib.util
import os
import threading
from typing import Any, Iterator

from . import backend as _backend  # the backend kinds (engines load on first use)
from .dtype import DType, complex128, float64

__all__ = [
    "Device",
    "register_device",
    "devices",
    "default_device",
    "using_device",
    "DEFAULT_DEVICE_ENV",
]

#: The environment variable naming the default device, read when nx_core.device is imported.
DEFAULT_DEVICE_ENV = "NX_DEFAULT_DEVICE"

_registry: dict[str, "Device"] = {}
_lock = threading.Lock()


class Device:
    """A device: a name, the backend kind that computes there, the dtypes it lacks.

    ``Device("cpu")`` returns the registered device of that name (``ValueError`` for an
    unknown one); new devices are made by :func:`register_device`. Devices compare by
    identity and pickle by name.
    """

    __slots__ = ("name", "backend_kind", "unsupported", "options", "backend", "__weakref__")

    name: str
    backend_kind: str
    unsupported: frozenset[DType]
    options: dict[str, Any]
    #: The backend instance computing on this device: made on first use (see
    #: :class:`_Unmade`), then a plain slot, read on every array creation.
    backend: Any

    def __new__(cls, name: str = "cpu") -> "Device":
        d = _registry.get(name) if isinstance(name, str) else None
        if d is None:
            known = ", ".join(repr(n) for n in _registry)
            raise ValueError(f"Device: unknown device {name!r}; nx has {known}")
        return d

    @classmethod
    def _make(cls, name: str, backend_kind: str, unsupported: frozenset[DType], options: dict[str, Any]) -> "Device":
        d = object.__new__(_Unmade)  # a Device until its backend is made
        object.__setattr__(d, "name", name)
        object.__setattr__(d, "backend_kind", backend_kind)
        object.__setattr__(d, "unsupported", unsupported)
        object.__setattr__(d, "options", dict(options))
        return d

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Device is immutable")

    def supports(self, dtype: DType) -> bool:
        """Whether arrays of ``dtype`` can live on this device."""
        return dtype not in self.unsupported

    def __repr__(self) -> str:
        return f"Device({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Device, (self.name,))

    def __copy__(self) -> "Device":
        return self

    def __deepcopy__(self, memo: Any) -> "Device":
        return self


class _Unmade(Device):
    """A registered device whose backend is not made yet: the first read of ``backend``
    makes it (importing its engine then, not when nx is imported) and turns the device
    into a plain :class:`Device`.

    Device itself has no ``__getattr__``: a class with one cannot have its attribute reads
    specialised by CPython (3.11 onwards), and ``device.backend`` is read by every array
    creation."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        # Reached only while the ``backend`` slot is unset.
        if name != "backend":
            raise AttributeError(f"'Device' object has no attribute {name!r}")
        with _lock:
            try:
                return object.__getattribute__(self, "backend")
            except AttributeError:
                b = _backend.make_backend(self.backend_kind, self)
                object.__setattr__(self, "backend", b)
                object.__setattr__(self, "__class__", Device)
                return b


def register_device(
    name: str,
    *,
    backend: str = "numpy",
    unsupported: tuple[DType, ...] | frozenset[DType] = (),
    **options: Any,
) -> Device:
    """Registers (or returns the already registered) device ``name``, computed by the
    backend kind ``backend``; ``unsupported`` lists the dtypes it lacks. ``options`` are
    handed to the backend's factory (for example a chunk size)."""
    if not isinstance(name, str) or not name:
        raise TypeError("register_device: name must be a non-empty string")
    if not isinstance(backend, str) or not backend:
        raise TypeError("register_device: backend must be the name of a registered backend kind")
    with _lock:
        d = _registry.get(name)
        if d is not None:
            if d.backend_kind != backend or d.unsupported != frozenset(unsupported):
                raise ValueError(f"register_device: device {name!r} is already registered with another backend or dtypes")
            return d
        d = _registry[name] = Device._make(name, backend, frozenset(unsupported), options)
    return d


def devices() -> tuple[Device, ...]:
    """Every registered device, in the order of registration."""
    return tuple(_registry.values())


CPU = register_device("cpu")
register_device("device1")
register_device("device2")
register_device("no_float64", unsupported=(float64, complex128))
if importlib.util.find_spec("dask") is not None:  # Dask installed (nx-array-api[dask]): its lazy, chunked device
    register_device("dask", backend="dask")


def _env_default() -> Device:
    name = os.environ.get(DEFAULT_DEVICE_ENV, "").strip() or "cpu"
    try:
        return Device(name)
    except ValueError:
        raise ValueError(
            f"{DEFAULT_DEVICE_ENV}={name!r} names no device; nx has "
            + ", ".join(repr(d.name) for d in devices())
        ) from None


_default: contextvars.ContextVar[Device] = contextvars.ContextVar("nx_default_device", default=_env_default())


#: ``default_device()``: the device that creation functions use when given no
#: ``device`` (the context variable's own getter: it is read on every creation).
default_device = _default.get


@contextlib.contextmanager
def using_device(device: Device | str) -> Iterator[Device]:
    """Makes ``device`` (a Device or a device name) the default device inside the block."""
    d = device if isinstance(device, Device) else Device(device)
    token = _default.set(d)
    try:
        yield d
    finally:
        _default.reset(token)
