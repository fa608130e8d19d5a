"""nx_core: the strided core under the nx namespace.

Its public surface, by module:

* ``nx_core.shape``: shape arithmetic (``numel``, ``broadcast``, ``c_contiguous_strides``,
  index raveling, ``reduce_output_shape``), standard library only;
* ``nx_core.view``: ``View``, a shape, strides and offset in elements and an optional
  validity mask, with every layout operation (``permute``, ``expand``, ``shrink``,
  ``flip``, ``pad``, ``reshape``, ``basic_index``, ``broadcast_to``, ``diagonal``);
* ``nx_core.indexing``: basic indexing, a key as the geometry of the view it selects;
* ``nx_core.dtype``: ``DType`` and the dtypes;
* ``nx_core.tensor``: ``Tensor``, what a backend computes on;
* ``nx_core.device``: ``Device``, ``register_device``, ``devices``, ``default_device``,
  ``using_device``;
* ``nx_core.backend``: ``register_backend``, ``get_backend``, ``available_backends`` and
  the backend contract (``nx_core.backend.protocol``); engines are imported only there;
* ``nx_core.errors``: the exceptions the core raises.

The names below are re-exported for convenience; nothing here imports an engine.
``nx_core.compiled`` comes first: it says which modules run compiled, and with
``NX_PURE_PYTHON=1`` makes every module load from its ``.py`` source.
"""

from . import compiled as compiled  # first: NX_PURE_PYTHON must act before any other import
from . import backend as backend  # registers the engines' backend kinds
from .device import Device, default_device, devices, register_device, using_device
from .dtype import DType
from .errors import AxisError, LinalgError, NxInvalidArgument, ScalarOverflowError
from .tensor import Tensor
from .view import View

__all__ = [
    "AxisError",
    "DType",
    "Device",
    "LinalgError",
    "NxInvalidArgument",
    "ScalarOverflowError",
    "Tensor",
    "View",
    "default_device",
    "devices",
    "register_device",
    "using_device",
]
