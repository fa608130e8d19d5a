"""nx_array_api: the Python Array API standard (2025.12, with linalg and fft) on nx_core.

    >>> import nx_array_api as xp
    >>> x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    >>> (x @ x.T).shape
    (2, 2)

Every value is computed by an nx_core backend; this package validates, promotes,
broadcasts and normalises axes. Beyond the standard it offers ``unfold``/``fold``,
Threefry random numbers (``nx_array_api.random``), ``scatter`` and Nx-style slicing.
"""

from __future__ import annotations

__version__ = "0.1.0"

from nx_core.device import using_device

from ._array_object import Array, Device
from ._flags import DROPIN as _NS
from ._flags import Flags, get_flags, reset_flags, set_flags
from ._constants import *  # noqa: F401,F403
from ._constants import __all__ as _c
from ._creation_functions import *  # noqa: F401,F403
from ._creation_functions import __all__ as _cr
from ._data_type_functions import *  # noqa: F401,F403
from ._data_type_functions import __all__ as _dtf
from ._dtypes import (
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
from ._elementwise_functions import *  # noqa: F401,F403
from ._elementwise_functions import __all__ as _ew
from ._indexing_functions import *  # noqa: F401,F403
from ._indexing_functions import __all__ as _ix
from ._info import __array_namespace_info__
from ._linear_algebra_functions import *  # noqa: F401,F403
from ._linear_algebra_functions import __all__ as _la
from ._manipulation_functions import *  # noqa: F401,F403
from ._manipulation_functions import __all__ as _mf
from ._searching_functions import *  # noqa: F401,F403
from ._searching_functions import __all__ as _sr
from ._set_functions import *  # noqa: F401,F403
from ._set_functions import __all__ as _st
from ._sorting_functions import *  # noqa: F401,F403
from ._sorting_functions import __all__ as _so
from ._statistical_functions import *  # noqa: F401,F403
from ._statistical_functions import __all__ as _sf
from ._utility_functions import *  # noqa: F401,F403
from ._utility_functions import __all__ as _uf
from ._extras_scatter import *  # noqa: F401,F403
from ._extras_scatter import __all__ as _xs
from ._extras_windows import *  # noqa: F401,F403
from ._extras_windows import __all__ as _xw
from ._extras_lazy import *  # noqa: F401,F403
from ._extras_lazy import __all__ as _xl
from . import _array_methods  # noqa: E402,F401  (the array type's operators and indexing)
from . import fft as _fft, linalg as _linalg, random  # noqa: E402

# Last: the Nx operations define `slice`, which shadows the builtin in this module.
from ._extras_nx import *  # noqa: F401,F403,E402
from ._extras_nx import __all__ as _xn  # noqa: E402

_ALL = sorted(
    {
        "__array_api_version__",
        "__array_namespace_info__",
        "Array",
        "Device",
        "using_device",
        "Flags",
        "get_flags",
        "reset_flags",
        "set_flags",
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
        "random",
        *_c,
        *_cr,
        *_dtf,
        *_ew,
        *_ix,
        *_la,
        *_mf,
        *_sr,
        *_st,
        *_so,
        *_sf,
        *_uf,
        *_xs,
        *_xw,
        *_xl,
        *_xn,
    }
)

# The extensions, __array_api_version__ and __all__ follow the flags (Namespace.module_hooks).
del fft, linalg  # the submodules' import bound them; __getattr__ answers for them
__getattr__, __dir__ = _NS.module_hooks(_ALL, {"linalg": _linalg, "fft": _fft}, globals())


# The flags, from the environment (NX_API_VERSION, ...).
from ._flags import set_flags_from_environment as _flags_from_environment  # noqa: E402

_flags_from_environment()
