"""Inspection (``__array_namespace_info__``): capabilities, devices and dtypes of nx.

Each namespace has its own inspection object (``Info``), which answers for that
namespace: its flags, its devices, its default device. The inspection API is the 2023.12
standard's: under an earlier ``api_version`` flag, each method raises RuntimeError.
"""

from __future__ import annotations

from typing import Any

from nx_core.dtype import DType

from . import _dtypes as _dt
from ._array_object import Device
from ._devices import default_device_of, devices_of, resolve
from ._flags import DROPIN, Namespace
from ._validation import MAX_DIMS, default_dtype

__all__ = ["__array_namespace_info__", "Info"]

_CANONICAL = (
    _dt.bool,
    _dt.int8,
    _dt.int16,
    _dt.int32,
    _dt.int64,
    _dt.uint8,
    _dt.uint16,
    _dt.uint32,
    _dt.uint64,
    _dt.float32,
    _dt.float64,
    _dt.complex64,
    _dt.complex128,
)
_KINDS = {**_dt.KINDS, "real floating": _dt.real_floating, "complex floating": _dt.complex_floating}


class Info:
    """A namespace's inspection utilities (see ``__array_namespace_info__``)."""

    __slots__ = ("_ns",)

    def __init__(self, ns: Namespace) -> None:
        self._ns = ns

    def capabilities(self) -> dict[str, Any]:
        """What the namespace supports: boolean indexing, data-dependent shapes (as its
        flags say) and, from the 2024.12 standard on, up to 64 dimensions."""
        ns = self._ns
        ns.check("__array_namespace_info__")
        caps: dict[str, Any] = {"boolean indexing": ns.boolean_indexing, "data-dependent shapes": ns.data_dependent_shapes}
        if ns.at_least("2024.12"):
            caps["max dimensions"] = MAX_DIMS
        return caps

    def default_device(self) -> Device:
        """The default device: in the drop-in namespace ``cpu`` unless ``NX_DEFAULT_DEVICE``
        or ``using_device`` chose another; in the strict one ``CPU_DEVICE``."""
        self._ns.check("__array_namespace_info__")
        return default_device_of(self._ns)

    def devices(self) -> "DeviceTuple | list[Device]":
        """Every device of the namespace (see ``nx_core.device`` and ``_devices``).

        A tuple, as the 2025.12 standard says; it also concatenates with a list, as the
        earlier standards' list did (SciPy's test configuration writes
        ``devices() + [None]``); under the flag ``api_version`` before 2025.12, a list."""
        ns = self._ns
        ns.check("__array_namespace_info__")
        if not ns.at_least("2025.12"):
            return list(devices_of(ns))
        return DeviceTuple(devices_of(ns))

    def default_dtypes(self, *, device: Any = None) -> dict[str, DType]:
        """The default dtypes on ``device``: float64, complex128, int64 (also for
        indexing); float32 and complex64 on a device without 64-bit floats (and on the
        strict namespace's ``device2``), int32 on ``no_x64``."""
        self._ns.check("__array_namespace_info__")
        dev = _info_device("default_dtypes", device, self._ns)
        return {k: default_dtype(dev, k) for k in ("real floating", "complex floating", "integral", "indexing")}

    def dtypes(self, *, device: Any = None, kind: str | tuple[str, ...] | None = None) -> dict[str, DType]:
        """The supported dtypes by canonical name, all of them or those of ``kind``
        (a kind name as ``isdtype`` takes, or a tuple of kind names)."""
        self._ns.check("__array_namespace_info__")
        dev = _info_device("dtypes", device, self._ns)
        try:
            return dict(_DTYPES[dev, kind])  # (a copy: the caller may change its dict)
        except (KeyError, TypeError):  # (TypeError: a kind that is no key, refused below)
            pass
        found = self._dtypes(dev, kind)
        if len(_DTYPES) < 256:
            _DTYPES[dev, kind] = found
        return dict(found)

    @staticmethod
    def _dtypes(dev: Device, kind: str | tuple[str, ...] | None) -> dict[str, DType]:
        have = [d for d in _CANONICAL if dev.supports(d)]
        if kind is None:
            return {d.name: d for d in have}
        kinds = kind if isinstance(kind, tuple) else (kind,)
        chosen: set[DType] = set()
        for k in kinds:
            if not isinstance(k, str):
                raise TypeError(f"dtypes: kind must be a kind name or a tuple of kind names, got {k!r}")
            s = _KINDS.get(k)
            if s is None:
                raise ValueError(f"dtypes: unknown kind {k!r}; expected one of {sorted(_KINDS)}")
            chosen |= s
        return {d.name: d for d in have if d in chosen}

    def __repr__(self) -> str:
        return f"{self._ns.name}.__array_namespace_info__()"


def _info_device(name: str, device: Any, ns: Namespace) -> Device:
    """The device ``dtypes`` and ``default_dtypes`` answer for. The strict namespace's
    functions take Device objects only, but array-api-strict's inspection functions take
    any device argument (scikit-learn's tests pass the device's name, ``"device1"``), so
    here a name of one of the namespace's devices is that device."""
    if ns.strict and isinstance(device, str):
        for d in devices_of(ns):
            if d.name == device:
                return d
    return resolve(name, device, ns)


#: ``dtypes``' answers by device and kind (scikit-learn asks for its floating-point dtypes
#: a few times a fit); a device's dtypes are fixed when it is made.
_DTYPES: dict[tuple[Any, Any], dict[str, DType]] = {}

_INFO = Info(DROPIN)


def __array_namespace_info__() -> Info:
    """The namespace's inspection utilities: ``capabilities()``, ``default_device()``,
    ``devices()``, ``default_dtypes()`` and ``dtypes()``."""
    DROPIN.check("__array_namespace_info__")
    return _INFO


class DeviceTuple(tuple):
    """The tuple ``devices()`` returns; ``+`` also takes a list (see ``devices``)."""

    __slots__ = ()

    def __add__(self, other: Any) -> "DeviceTuple":
        return DeviceTuple(tuple.__add__(self, tuple(other) if isinstance(other, list) else other))
