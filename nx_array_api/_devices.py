"""Each namespace's devices, their default dtypes, and the ``device=`` argument.

The drop-in namespace has nx_core's devices (``cpu``, ``device1``, ``device2``,
``no_float64`` and, with Dask installed, ``dask``; see ``nx_core.device``); a device
argument may be a Device or its name. The strict namespace has array-api-strict's
devices exactly, as objects of its own ``Device`` class (``StrictDevice``):

``CPU_DEVICE``
    the CPU (the default);
``device1``
    a virtual device: computes on the CPU, but its arrays refuse NumPy conversion and
    a DLPack export that does not ask for the CPU, and arrays of two devices never mix;
``device2``
    the same, with the default dtypes of a PyTorch CPU device: float32 and complex64;
``no_float64``
    a virtual device without float64 and complex128 (Apple's MPS), float32 defaults;
``no_x64``
    a virtual device without any 64-bit type (JAX without x64): int32 and float32
    defaults, int32 indices;

and ``dask`` (nx's own) when Dask is installed. Strict functions take Device objects
only: a name is a ValueError ("unsupported device"), as in array-api-strict.
"""

from __future__ import annotations

import importlib.util
from typing import Any, cast

from nx_core import device as _core
from nx_core.device import Device, default_device, lookup, register_device
from nx_core.dtype import DType, complex64, complex128, float32, float64, int32, int64, uint64

from ._flags import DROPIN, STRICT, Namespace

__all__ = ["StrictDevice", "CPU_DEVICE", "register_strict_devices", "namespace_of", "resolve", "check_device", "default_dtype", "devices_of", "default_device_of"]

#: The namespace names under which nx_core registers each namespace's devices.
_REALM = {DROPIN: "nx", STRICT: "strict"}


class StrictDevice(Device):
    """A device of the strict namespace (``nx_array_api.strict.Device``):
    ``Device()`` is ``CPU_DEVICE``, ``Device("device1")`` a virtual device; any other
    name is a ValueError, as in array-api-strict."""

    __slots__ = ()

    def __new__(cls, device: str = "CPU_DEVICE") -> "StrictDevice":
        try:
            return cast(StrictDevice, lookup("strict", device))  # registered as a StrictDevice
        except ValueError:
            names = ", ".join(repr(d.name) for d in _core.devices("strict"))
            raise ValueError(f"Device: unsupported device {device!r}; the strict namespace's devices are {names}") from None

    def __repr__(self) -> str:
        return f"{STRICT.name}.Device({self.name!r})"  # array_api_strict.Device(...) while served as array_api_strict


_STANDARD = {"real floating": float64, "complex floating": complex128, "integral": int64, "indexing": int64}
_SINGLE = {"real floating": float32, "complex floating": complex64, "integral": int64, "indexing": int64}
#: Default dtypes of the devices whose defaults are not the standard's.
_DEFAULTS: dict[Device, dict[str, DType]] = {lookup("nx", "no_float64"): _SINGLE}


def default_dtype(device: Device, kind: str) -> DType:
    """The default dtype of ``kind`` (``"real floating"``, ``"complex floating"``,
    ``"integral"``, ``"indexing"``) on ``device``."""
    return _DEFAULTS.get(device, _STANDARD)[kind]


#: device -> its default real floating dtype, for the devices whose default is not
#: float64 (``REAL_FLOATING.get(device, float64)``: the creation functions' hot path).
REAL_FLOATING: dict[Device, DType] = {d: v["real floating"] for d, v in _DEFAULTS.items()}

#: The strict namespace's CPU, its default device (``register_strict_devices`` makes it).
CPU_DEVICE: Device


def register_strict_devices(array_type: type) -> Device:
    """Registers the strict namespace's devices, which make arrays of ``array_type``
    (``StrictArray``: ``_array_object`` calls this once, as soon as the type exists),
    with their default dtypes; returns ``CPU_DEVICE``."""
    global CPU_DEVICE

    def strict(name: str, unsupported: tuple[DType, ...] = (), backend: str = "numpy", defaults: dict[str, DType] | None = None) -> Device:
        d = register_device(name, backend=backend, unsupported=unsupported, namespace="strict", device_class=StrictDevice, tensor_class=array_type)
        if defaults is not None:
            _DEFAULTS[d] = defaults
            REAL_FLOATING[d] = defaults["real floating"]
        return d

    CPU_DEVICE = strict("CPU_DEVICE")
    strict("device1")
    strict("device2", defaults=_SINGLE)
    strict("no_float64", (float64, complex128), defaults=_SINGLE)
    strict("no_x64", (float64, complex128, int64, uint64), defaults={"real floating": float32, "complex floating": complex64, "integral": int32, "indexing": int32})
    if importlib.util.find_spec("dask") is not None:
        strict("dask", backend="dask")
    return CPU_DEVICE


def namespace_of(device: Device) -> Namespace:
    """The namespace whose arrays live on ``device``."""
    cls: Any = device.tensor_class  # an array type of a namespace, or None: the drop-in's
    return DROPIN if cls is None else cls._ns


def devices_of(ns: Namespace) -> tuple[Device, ...]:
    """The devices of namespace ``ns``, in the order of registration."""
    return _core.devices(_REALM[ns])


def default_device_of(ns: Namespace) -> Device:
    """The device ``ns``'s creation functions use when given none: the drop-in's is
    ``NX_DEFAULT_DEVICE``'s or ``using_device``'s, the strict namespace's ``CPU_DEVICE``."""
    return default_device() if ns is DROPIN else CPU_DEVICE


def resolve(name: str, device: Any, ns: Namespace, like: Any = None) -> Device:
    """The device a function named ``name`` of namespace ``ns`` should use: ``device``
    (a Device of ``ns``; in the drop-in also a device name), else the device of ``like``
    (an array, for the ``*_like`` functions, ``astype``, ``to_device``), else ``ns``'s
    default device. Anything else is a ValueError naming ``ns``'s devices."""
    if device is None:
        return like.backend.device if like is not None else default_device_of(ns)
    if isinstance(device, Device):  # (a Device whose backend is not made yet is a subclass)
        if namespace_of(device) is ns:
            return device
        raise ValueError(f"{name}: unsupported device {device!r}: it is a device of another namespace than {ns.name}; {_known(ns)}")
    if isinstance(device, str) and not ns.strict:
        try:
            return lookup("nx", device)
        except ValueError:
            pass
    if not isinstance(device, str):
        raise ValueError(f"{name}: unsupported device {device!r} (a {type(device).__name__}); expected a Device; {_known(ns)}")
    if ns.strict:
        msg = f"{name}: unsupported device {device!r}: the strict namespace takes Device objects, not names; {_known(ns)}"
        try:  # the device of that name (the drop-in's "cpu": CPU_DEVICE)
            named = lookup(_REALM[ns], "CPU_DEVICE" if device == "cpu" else device)
        except ValueError:
            raise ValueError(msg) from None
        ns.refuse("device", ValueError(msg))  # record mode: that device, as the drop-in takes names
        return named
    raise ValueError(f"{name}: unknown device {device!r}; {_known(ns)}")


def check_device(name: str, device: Any, like: Any = None) -> Device:
    """The device a function should use: ``device``, else the device of ``like`` (an
    array: the ``*_like`` functions, ``astype``, ``to_device``), else the default device.

    With ``like``, the rules of like's namespace apply (:func:`resolve`: the strict
    namespace takes its own Device objects only). Without it, the call came through a
    namespace's function: a Device of any namespace is taken as it is (the strict
    namespace's functions resolve their ``device`` argument with :func:`resolve` before
    they get here), and a device name or None is the drop-in's."""
    if like is None:
        if device is None:
            return default_device()
        if isinstance(device, Device):  # (a Device whose backend is not made yet is a subclass)
            return device
        return resolve(name, device, DROPIN)
    return resolve(name, device, like._ns, like)


def _known(ns: Namespace) -> str:
    names = ", ".join(repr(d.name) for d in devices_of(ns))
    return f"{ns.name}'s devices are {names}"
