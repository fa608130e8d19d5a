"""Backends: the engines, their registration, and the protocol every backend implements.

A backend kind is registered by name with a factory: ``register_backend(name, factory)``,
where ``factory(device)`` returns a backend computing on ``device`` (an
:class:`nx_core.device.Device`). The registry itself is ``nx_core.device``'s; this package
registers the engines it holds (NumPy; Dask when installed) and re-exports the registry's
functions. Each device gets its own backend instance, made on first use, whose ``device``
attribute is that device; ``get_backend(device)`` returns it.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from .. import dtype as _dtype
from ..device import Device
from ..device import available_backends as available_backends
from ..device import backend_of_kind as backend_of_kind
from ..device import get_backend as get_backend
from ..device import make_backend as make_backend
from ..device import register_backend as register_backend
from .protocol import Backend as Backend

__all__ = [
    "Backend",
    "get_backend",
    "register_backend",
    "available_backends",
    "make_backend",
    "backend_of_kind",
]


# The engines' factories import their engine when a device first computes on it, not when
# nx is imported.
def _numpy_factory(device: Device) -> Any:
    from .numpy import NumpyBackend

    return NumpyBackend(device)


def _dask_factory(device: Device) -> Any:
    from .dask import DaskBackend

    return DaskBackend(device)


register_backend("numpy", _numpy_factory)
if importlib.util.find_spec("dask") is not None:  # Dask installed (nx-array-api[dask])
    register_backend("dask", _dask_factory)


def _load_numpy_backend() -> None:
    from . import numpy  # noqa: F401  (it registers NumPy's dtypes for nx's)


_dtype.register_numpy_dtypes(loader=_load_numpy_backend)
