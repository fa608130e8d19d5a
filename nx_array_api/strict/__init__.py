"""nx_array_api.strict: the strict namespace, a stand-in for array-api-strict.

    >>> import nx_array_api.strict as xp      # in place of: import array_api_strict as xp
    >>> x = xp.asarray([1, 2, 3])
    >>> x * 0.5
    Traceback (most recent call last):
    ...
    TypeError: multiply: a Python float cannot be promoted with an int64 array (strict mode: ...)

It has the standard's names (2025.12, with linalg and fft), on arrays of its own type
(``Array``) and devices (``Device``: ``CPU_DEVICE``, ``device1``, ``device2``,
``no_float64``, ``no_x64``, and nx's ``dask``), and array-api-strict's own names:
``set_array_api_strict_flags``, ``get_array_api_strict_flags``,
``reset_array_api_strict_flags``, ``ArrayAPIStrictFlags`` and the
``ARRAY_API_STRICT_*`` environment variables (nx's ``set_flags``, ``get_flags``,
``reset_flags`` and ``Flags`` are the same functions). It refuses every non-portable use
that array-api-strict refuses, and writes through an array whose memory another live
array shares (docs/strict-mode.md).

The strict and the drop-in namespaces live side by side in one process: each array
belongs to the namespace that made it (its ``__array_namespace__()``), each namespace has
its own flags, and arrays of the two never mix (they are on different devices).

``serve_as_array_api_strict()`` (and ``pytest -p nx_array_api.strict.pytest_plugin``)
makes ``import array_api_strict`` give this namespace, under that name, so that a test
suite written for array-api-strict runs on nx unchanged; it is not in ``__all__``, which
lists array-api-strict's names.
"""

from __future__ import annotations

from .. import __version__  # noqa: F401
from .._array_object import StrictArray as Array
from .._constants import *  # noqa: F401,F403
from .._constants import __all__ as _c
from .._creation_functions import empty_like, full_like, meshgrid, ones_like, tril, triu, zeros_like  # noqa: F401
from .._data_type_functions import astype, isdtype  # noqa: F401
from .._devices import StrictDevice as Device
from .._dtypes import (  # noqa: F401
    bool,
    complex64,
    complex128,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from .._elementwise_functions import *  # noqa: F401,F403
from .._elementwise_functions import __all__ as _ew
from .._flags import STRICT as _NS
from .._indexing_functions import *  # noqa: F401,F403
from .._indexing_functions import __all__ as _ix
from .._linear_algebra_functions import *  # noqa: F401,F403
from .._linear_algebra_functions import __all__ as _la
from .._manipulation_functions import broadcast_arrays, broadcast_to, concat, expand_dims, flip, moveaxis  # noqa: F401
from .._manipulation_functions import permute_dims, repeat, reshape, roll, squeeze, stack, tile, unstack  # noqa: F401
from .._searching_functions import *  # noqa: F401,F403
from .._searching_functions import __all__ as _sr
from .._set_functions import *  # noqa: F401,F403
from .._set_functions import __all__ as _st
from .._sorting_functions import *  # noqa: F401,F403
from .._sorting_functions import __all__ as _so
from .._statistical_functions import *  # noqa: F401,F403
from .._statistical_functions import __all__ as _sf
from .._utility_functions import *  # noqa: F401,F403
from .._utility_functions import __all__ as _uf
from ._bound import *  # noqa: F401,F403
from ._serve import serve_as_array_api_strict  # noqa: F401
from . import fft as _fft  # noqa: E402
from . import linalg as _linalg  # noqa: E402

_OWN = (
    "Array",
    "Device",
    "asarray",
    "arange",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
    "astype",
    "broadcast_arrays",
    "broadcast_shapes",
    "broadcast_to",
    "can_cast",
    "finfo",
    "iinfo",
    "isdtype",
    "result_type",
    "concat",
    "expand_dims",
    "flip",
    "moveaxis",
    "permute_dims",
    "repeat",
    "reshape",
    "roll",
    "squeeze",
    "stack",
    "tile",
    "unstack",
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "__array_api_version__",
    "__array_namespace_info__",
    "set_array_api_strict_flags",
    "get_array_api_strict_flags",
    "reset_array_api_strict_flags",
    "ArrayAPIStrictFlags",
    "set_flags",
    "get_flags",
    "reset_flags",
    "Flags",
    "__version__",
)
_ALL = sorted({*_OWN, *_c, *_ew, *_ix, *_la, *_sr, *_st, *_so, *_sf, *_uf})

# As in nx_array_api: the extensions, __array_api_version__ and __all__ follow the flags.
del fft, linalg  # the submodules' import bound them; __getattr__ answers for them
__getattr__, __dir__ = _NS.module_hooks(_ALL, {"linalg": _linalg, "fft": _fft}, globals())

_NS.set_from_environment("ARRAY_API_STRICT_")
