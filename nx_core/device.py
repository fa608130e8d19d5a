"""Devices: where arrays live, and which backend computes there.

This module is the one registry of devices and of backend kinds. A backend kind is
registered by name with a factory (:func:`register_backend`; ``nx_core.backend``
registers NumPy's and Dask's): ``factory(device)`` returns a backend computing on
``device``. A :class:`Device` is a name, the backend kind that computes on it and the
dtypes it lacks. Each device gets
its own backend instance, created on first use, and every Tensor made there carries that
instance: the device of a tensor is ``tensor.backend.device``, and two tensors are on the
same device exactly when they have the same backend object.

Devices are registered once, by name, in a *namespace* (:func:`register_device`): the
array namespaces built on nx_core each offer their own devices, and two namespaces may
both have a device called ``device1`` without sharing it. nx_core interprets a namespace
only as a part of the registry; a device also names the class its tensors are made as
(``tensor_class``: a namespace's array type), so that an array knows its namespace.
``Device(name)`` looks a device up in the default namespace, ``"nx"``.

The default device is the one named by the ``NX_DEFAULT_DEVICE`` environment variable
when this module is first imported (``"cpu"`` when unset), and :func:`using_device`
changes it for a block (per thread and per asyncio task).

nx registers these devices in its namespace:

``cpu``
    the host CPU, computed by the NumPy backend (the default);
``device1``, ``device2``
    virtual devices on the same NumPy backend but distinct from ``cpu``, for testing
    that code passes ``device=`` everywhere (array-api-strict has the same two);
``no_float64``
    a virtual device without float64 and complex128, mimicking Apple's MPS: its default
    floating dtypes are float32 and complex64, and asking it for a 64-bit float fails;
``dask``
    lazy, chunked arrays computed by Dask, when Dask is installed.
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib.util
import os
import threading
from typing import Any, Iterator

from typing import Callable

from .dtype import DType, complex128, float64
from .tensor import check_tensor_class, follow_tensor_class

__all__ = [
    "Device",
    "register_device",
    "devices",
    "default_device",
    "using_device",
    "DEFAULT_DEVICE_ENV",
    "DEFAULT_NAMESPACE",
    "register_backend",
    "make_backend",
    "get_backend",
    "backend_of_kind",
    "available_backends",
    "devices_of_every_namespace",
    "lookup",
]

#: The environment variable naming the default device, read when nx_core.device is imported.
DEFAULT_DEVICE_ENV = "NX_DEFAULT_DEVICE"
#: The namespace ``Device(name)``, ``register_device`` and ``devices`` use by default.
DEFAULT_NAMESPACE = "nx"

_registry: dict[tuple[str, str], "Device"] = {}
_factories: dict[str, Callable[[Any], Any]] = {}
_lock = threading.Lock()


def register_backend(name: str, factory: Callable[[Any], Any]) -> None:
    """Registers the backend kind ``name``: ``factory(device)`` makes its backend for a device.

    Devices that name the kind (``register_device(..., backend=name)``) compute on it.
    Registering a kind again replaces its factory for devices whose backend has not been
    made yet.
    """
    if not isinstance(name, str) or not name:
        raise TypeError("register_backend: name must be a non-empty string")
    if not callable(factory):
        raise TypeError("register_backend: factory must be callable")
    with _lock:
        _factories[name] = factory


def available_backends() -> list[str]:
    """The registered backend kinds."""
    return sorted(_factories)


def make_backend(kind: str, device: "Device") -> Any:
    """A new backend of kind ``kind`` computing on ``device`` (made once per device, on its
    first use)."""
    try:
        factory = _factories[kind]
    except KeyError:
        raise ValueError(f"make_backend: unknown backend {kind!r}; available: {sorted(_factories)}") from None
    b = factory(device)
    if getattr(b, "device", None) is not device:
        raise TypeError(f"make_backend: the factory of {kind!r} must return a backend whose .device is the device it was given")
    # What the backend calls to make each tensor: the device's tensor class, allocated
    # by type's own call (protocol: ``make_tensor``).
    follow_tensor_class(b, device)
    return b


class Device:
    """A device: a name, the backend kind that computes there, the dtypes it lacks.

    ``Device("cpu")`` returns the registered device of that name in the default
    namespace (``ValueError`` for an unknown one); new devices are made by
    :func:`register_device`. Devices compare by identity and pickle by namespace and name.
    """

    __slots__ = ("name", "namespace", "backend_kind", "unsupported", "tensor_class", "options", "backend", "__weakref__")

    name: str
    #: The part of the registry the device belongs to (see the module docstring).
    namespace: str
    backend_kind: str
    unsupported: frozenset[DType]
    #: The class the backend makes this device's tensors as; None: the class
    #: ``nx_core.tensor.set_tensor_class`` registered (Tensor until a namespace registers one).
    tensor_class: type | None
    options: dict[str, Any]
    #: The backend instance computing on this device: made on first use (see
    #: :func:`_unmade`), then a plain slot, read on every array creation.
    backend: Any

    def __new__(cls, name: str = "cpu") -> "Device":
        return lookup(DEFAULT_NAMESPACE, name, "Device")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Device is immutable")

    def supports(self, dtype: DType) -> bool:
        """Whether arrays of ``dtype`` can live on this device."""
        return dtype not in self.unsupported

    def __repr__(self) -> str:
        return f"Device({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (lookup, (self.namespace, self.name))

    def __copy__(self) -> "Device":
        return self

    def __deepcopy__(self, memo: Any) -> "Device":
        return self


def lookup(namespace: str, name: Any, caller: str = "lookup") -> Device:
    """The device registered as ``name`` in ``namespace``; ValueError naming ``caller``
    and the namespace's devices for an unknown name."""
    d = _registry.get((namespace, name)) if isinstance(name, str) else None
    if d is None:
        known = ", ".join(repr(n) for (ns, n) in _registry if ns == namespace)
        raise ValueError(f"{caller}: unknown device {name!r}; the {namespace!r} namespace has {known}")
    return d


_UNMADE: dict[type, type] = {}


def _unmade(cls: type) -> type:
    """The stand-in class of a registered device of class ``cls`` whose backend is not
    made yet: the first read of ``backend`` makes it (importing its engine then, not when
    nx is imported) and turns the device into a plain ``cls``.

    Device itself has no ``__getattr__``: a class with one cannot have its attribute reads
    specialised by CPython (3.11 onwards), and ``device.backend`` is read by every array
    creation."""
    u = _UNMADE.get(cls)
    if u is None:

        def __getattr__(self: Any, name: str) -> Any:
            # Reached only while the ``backend`` slot is unset.
            if name != "backend":
                raise AttributeError(f"'{cls.__name__}' object has no attribute {name!r}")
            with _lock:
                try:
                    return object.__getattribute__(self, "backend")
                except AttributeError:
                    b = make_backend(self.backend_kind, self)
                    object.__setattr__(self, "backend", b)
                    object.__setattr__(self, "__class__", cls)
                    return b

        u = _UNMADE[cls] = type(cls.__name__, (cls,), {"__slots__": (), "__getattr__": __getattr__, "__module__": cls.__module__})
    return u


def register_device(
    name: str,
    *,
    backend: str = "numpy",
    unsupported: tuple[DType, ...] | frozenset[DType] = (),
    namespace: str = DEFAULT_NAMESPACE,
    device_class: type = Device,
    tensor_class: type | None = None,
    **options: Any,
) -> Device:
    """Registers (or returns the already registered) device ``name`` of ``namespace``,
    computed by the backend kind ``backend``; ``unsupported`` lists the dtypes it lacks.

    ``device_class``: Device or a subclass of it without state (``__slots__ = ()``), the
    class the device object is (a namespace's own ``Device`` type); ``tensor_class``: the
    class its tensors are made as (see ``nx_core.tensor.set_tensor_class``; None: the
    registered default). ``options`` are handed to the backend's factory (for example a
    chunk size)."""
    if not isinstance(name, str) or not name:
        raise TypeError("register_device: name must be a non-empty string")
    if not isinstance(namespace, str) or not namespace:
        raise TypeError("register_device: namespace must be a non-empty string")
    if not isinstance(backend, str) or not backend:
        raise TypeError("register_device: backend must be the name of a registered backend kind")
    if device_class is not Device and not (
        isinstance(device_class, type) and issubclass(device_class, Device) and device_class.__dict__.get("__slots__", None) == ()
    ):
        raise TypeError("register_device: device_class must be Device or a subclass of it with __slots__ = ()")
    if tensor_class is not None:
        check_tensor_class("register_device", tensor_class)
    with _lock:
        d = _registry.get((namespace, name))
        if d is not None:
            if d.backend_kind != backend or d.unsupported != frozenset(unsupported) or d.tensor_class is not tensor_class:
                raise ValueError(f"register_device: device {name!r} of namespace {namespace!r} is already registered with another backend, dtypes or tensor class")
            return d
        d = object.__new__(_unmade(device_class))  # a Device until its backend is made
        for slot, value in (
            ("name", name),
            ("namespace", namespace),
            ("backend_kind", backend),
            ("unsupported", frozenset(unsupported)),
            ("tensor_class", tensor_class),
            ("options", dict(options)),
        ):
            object.__setattr__(d, slot, value)
        _registry[namespace, name] = d
    return d


def devices(namespace: str = DEFAULT_NAMESPACE) -> tuple[Device, ...]:
    """Every device registered in ``namespace``, in the order of registration."""
    return tuple(d for (ns, _), d in _registry.items() if ns == namespace)


def devices_of_every_namespace() -> tuple[Device, ...]:
    """Every registered device, of every namespace, in the order of registration."""
    return tuple(_registry.values())


def get_backend(device: Any = None) -> Any:
    """The backend computing on ``device`` (a Device or a device name; the default device when None)."""
    if device is None:
        return default_device().backend
    return (device if isinstance(device, Device) else Device(device)).backend


def backend_of_kind(kind: str) -> Any:
    """The backend of the first registered device that computes on backend kind ``kind``.

    Contract tests use it to run every registered kind; ``ValueError`` when no device
    names the kind (register one with :func:`register_device`).
    """
    for d in devices_of_every_namespace():
        if d.backend_kind == kind:
            return d.backend
    raise ValueError(f"backend_of_kind: no registered device computes on backend {kind!r}")


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
