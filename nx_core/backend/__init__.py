"""Backends: the registry of backend kinds, and the protocol every backend implements.

A backend kind is registered by name with a factory: ``register_backend(name, factory)``,
where ``factory(device)`` returns a backend computing on ``device`` (an
:class:`nx_core.device.Device`). Each device gets its own backend instance, made on first
use, whose ``device`` attribute is that device; ``get_backend(device)`` returns it.
"""

from __future__ import annotations

import importlib.util
import threading
from typing import TYPE_CHECKING, Any, Callable

from .. import dtype as _dtype
from ..tensor import tensor_maker
from .protocol import Backend

if TYPE_CHECKING:
    from ..device import Device

__all__ = [
    "Backend",
    "get_backend",
    "register_backend",
    "available_backends",
    "make_backend",
    "backend_of_kind",
]

_factories: dict[str, Callable[["Device"], Any]] = {}
_lock = threading.Lock()


def _numpy_factory(device: "Device") -> Any:
    from .numpy_cpu import NumpyBackend

    return NumpyBackend(device)


def register_backend(name: str, factory: Callable[["Device"], Any]) -> None:
    """Registers the backend kind ``name``: ``factory(device)`` makes its backend for a device.

    Devices that name the kind (``nx_core.device.register_device(..., backend=name)``)
    compute on it. Registering a kind again replaces its factory for devices whose
    backend has not been made yet.
    """
    if not isinstance(name, str) or not name:
        raise TypeError("register_backend: name must be a non-empty string")
    if not callable(factory):
        raise TypeError("register_backend: factory must be callable")
    with _lock:
        _factories[name] = factory


def make_backend(kind: str, device: "Device") -> Any:
    """A new backend of kind ``kind`` computing on ``device`` (the device layer calls this once per device)."""
    try:
        factory = _factories[kind]
    except KeyError:
        raise ValueError(f"make_backend: unknown backend {kind!r}; available: {sorted(_factories)}") from None
    b = factory(device)
    if getattr(b, "device", None) is not device:
        raise TypeError(f"make_backend: the factory of {kind!r} must return a backend whose .device is the device it was given")
    # What the backend calls to make each tensor: the device's tensor class, allocated
    # by type's own call (protocol: ``make_tensor``).
    b.make_tensor = tensor_maker(device)
    return b


def get_backend(device: Any = None) -> Any:
    """The backend computing on ``device`` (a Device or a device name; the default device when None)."""
    from ..device import Device, default_device

    if device is None:
        return default_device().backend
    return (device if isinstance(device, Device) else Device(device)).backend


def backend_of_kind(kind: str) -> Any:
    """The backend of the first registered device that computes on backend kind ``kind``.

    Contract tests use it to run every registered kind; ``ValueError`` when no device
    names the kind (register one with ``nx_core.device.register_device``).
    """
    from ..device import devices_of_every_namespace

    for d in devices_of_every_namespace():
        if d.backend_kind == kind:
            return d.backend
    raise ValueError(f"backend_of_kind: no registered device computes on backend {kind!r}")


def available_backends() -> list[str]:
    """The registered backend kinds."""
    return sorted(_factories)


def _dask_factory(device: "Device") -> Any:
    from .dask_array import DaskBackend

    return DaskBackend(device)


register_backend("numpy", _numpy_factory)
if importlib.util.find_spec("dask") is not None:  # Dask installed (nx-array-api[dask])
    register_backend("dask", _dask_factory)


def _load_numpy_backend() -> None:
    from . import numpy_cpu  # noqa: F401  (it registers NumPy's dtypes for nx's)


_dtype.register_numpy_dtypes(loader=_load_numpy_backend)
