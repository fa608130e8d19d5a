"""Backends: the registry, and the protocol every backend implements.

``get_backend()`` gives the NumPy CPU backend; other backends (a GPU one, say) plug in
with ``register_backend(name, factory)``. A backend is created once per name and shared.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from .protocol import Backend

__all__ = ["Backend", "get_backend", "register_backend", "available_backends"]

_factories: dict[str, Callable[[], Any]] = {}
_instances: dict[str, Any] = {}
_lock = threading.Lock()


def _numpy_factory() -> Any:
    from .numpy_cpu import NumpyBackend

    return NumpyBackend()


def register_backend(name: str, factory: Callable[[], Any]) -> None:
    """Makes ``factory()`` the backend called ``name`` (replacing any earlier one)."""
    if not isinstance(name, str) or not name:
        raise TypeError("register_backend: name must be a non-empty string")
    if not callable(factory):
        raise TypeError("register_backend: factory must be callable")
    with _lock:
        _factories[name] = factory
        _instances.pop(name, None)


def get_backend(name: str = "numpy") -> Any:
    """The backend called ``name``, created on first use."""
    b = _instances.get(name)
    if b is not None:
        return b
    with _lock:
        b = _instances.get(name)
        if b is None:
            try:
                factory = _factories[name]
            except KeyError:
                raise ValueError(
                    f"get_backend: unknown backend {name!r}; available: {sorted(_factories)}"
                ) from None
            b = _instances[name] = factory()
    return b


def available_backends() -> list[str]:
    return sorted(_factories)


register_backend("numpy", _numpy_factory)
