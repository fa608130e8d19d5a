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

from nx_core.compiled import compiled_modules as compiled
from nx_core.device import using_device as using_device

from . import _array_object  # noqa: F401  (first: the array types, which the functions check types against)
from . import _constants, _creation_functions, _data_type_functions, _dtypes, _elementwise_functions
from . import _extras_lazy, _extras_nx, _extras_scatter, _extras_windows, _indexing_functions
from . import _linear_algebra_functions, _manipulation_functions, _searching_functions, _set_functions
from . import _sorting_functions, _statistical_functions, _utility_functions
from . import fft as _fft
from . import linalg as _linalg
from . import random as random
from ._array_object import Array as Array
from ._array_object import Device as Device
from ._flags import DROPIN as _NS
from ._flags import Flags as Flags
from ._flags import get_flags as get_flags
from ._flags import reset_flags as reset_flags
from ._flags import set_flags as set_flags
from ._info import __array_namespace_info__ as __array_namespace_info__
from ._constants import e as e, inf as inf, nan as nan, newaxis as newaxis, pi as pi
from ._creation_functions import arange as arange, asarray as asarray, empty as empty
from ._creation_functions import empty_like as empty_like, eye as eye, from_dlpack as from_dlpack
from ._creation_functions import full as full, full_like as full_like, linspace as linspace
from ._creation_functions import meshgrid as meshgrid, ones as ones, ones_like as ones_like
from ._creation_functions import tril as tril, triu as triu, zeros as zeros
from ._creation_functions import zeros_like as zeros_like
from ._data_type_functions import astype as astype, can_cast as can_cast, finfo as finfo
from ._data_type_functions import iinfo as iinfo, isdtype as isdtype, result_type as result_type
from ._elementwise_functions import abs as abs, acos as acos, acosh as acosh, add as add
from ._elementwise_functions import asin as asin, asinh as asinh, atan as atan, atan2 as atan2
from ._elementwise_functions import atanh as atanh, bitwise_and as bitwise_and
from ._elementwise_functions import bitwise_invert as bitwise_invert
from ._elementwise_functions import bitwise_left_shift as bitwise_left_shift
from ._elementwise_functions import bitwise_or as bitwise_or
from ._elementwise_functions import bitwise_right_shift as bitwise_right_shift
from ._elementwise_functions import bitwise_xor as bitwise_xor, ceil as ceil, clip as clip
from ._elementwise_functions import conj as conj, copysign as copysign, cos as cos, cosh as cosh
from ._elementwise_functions import divide as divide, equal as equal, exp as exp, expm1 as expm1
from ._elementwise_functions import floor as floor, floor_divide as floor_divide, greater as greater
from ._elementwise_functions import greater_equal as greater_equal, hypot as hypot, imag as imag
from ._elementwise_functions import isfinite as isfinite, isinf as isinf, isnan as isnan
from ._elementwise_functions import less as less, less_equal as less_equal, log as log
from ._elementwise_functions import log10 as log10, log1p as log1p, log2 as log2
from ._elementwise_functions import logaddexp as logaddexp, logical_and as logical_and
from ._elementwise_functions import logical_not as logical_not, logical_or as logical_or
from ._elementwise_functions import logical_xor as logical_xor, maximum as maximum
from ._elementwise_functions import minimum as minimum, multiply as multiply, negative as negative
from ._elementwise_functions import nextafter as nextafter, not_equal as not_equal
from ._elementwise_functions import positive as positive, pow as pow, real as real
from ._elementwise_functions import reciprocal as reciprocal, remainder as remainder, round as round
from ._elementwise_functions import sign as sign, signbit as signbit, sin as sin, sinh as sinh
from ._elementwise_functions import sqrt as sqrt, square as square, subtract as subtract, tan as tan
from ._elementwise_functions import tanh as tanh, trunc as trunc
from ._dtypes import bool as bool, int8 as int8, int16 as int16, int32 as int32, int64 as int64
from ._dtypes import uint8 as uint8, uint16 as uint16, uint32 as uint32, uint64 as uint64
from ._dtypes import float32 as float32, float64 as float64, complex64 as complex64
from ._dtypes import complex128 as complex128
from ._indexing_functions import take as take, take_along_axis as take_along_axis
from ._linear_algebra_functions import matmul as matmul, matrix_transpose as matrix_transpose
from ._linear_algebra_functions import tensordot as tensordot, vecdot as vecdot
from ._manipulation_functions import broadcast_arrays as broadcast_arrays
from ._manipulation_functions import broadcast_shapes as broadcast_shapes
from ._manipulation_functions import broadcast_to as broadcast_to, concat as concat
from ._manipulation_functions import expand_dims as expand_dims, flip as flip, moveaxis as moveaxis
from ._manipulation_functions import permute_dims as permute_dims, repeat as repeat
from ._manipulation_functions import reshape as reshape, roll as roll, squeeze as squeeze
from ._manipulation_functions import stack as stack, tile as tile, unstack as unstack
from ._searching_functions import argmax as argmax, argmin as argmin, count_nonzero as count_nonzero
from ._searching_functions import nonzero as nonzero, searchsorted as searchsorted, where as where
from ._set_functions import isin as isin, unique_all as unique_all, unique_counts as unique_counts
from ._set_functions import unique_inverse as unique_inverse, unique_values as unique_values
from ._sorting_functions import argsort as argsort, sort as sort
from ._statistical_functions import cumulative_prod as cumulative_prod
from ._statistical_functions import cumulative_sum as cumulative_sum, max as max, mean as mean
from ._statistical_functions import min as min, prod as prod, std as std, sum as sum, var as var
from ._utility_functions import all as all, any as any, diff as diff
from ._extras_scatter import threefry as threefry, scatter as scatter
from ._extras_windows import unfold as unfold, fold as fold
from ._extras_lazy import persist as persist
# Last: the Nx operations define `slice`, which shadows the builtin in this module.
from ._extras_nx import flatten as flatten, unflatten as unflatten, unsqueeze as unsqueeze
from ._extras_nx import swapaxes as swapaxes, split as split, vstack as vstack, hstack as hstack
from ._extras_nx import dstack as dstack, pad as pad, get as get, item as item, slice as slice
from ._extras_nx import I as I, R as R, Rs as Rs, L as L, A as A, N as N

#: The names both namespaces have: the standard's (its functions, constants, dtypes and
#: inspection) and the array and device types and the flags' functions. The strict
#: namespace's names are these and array-api-strict's own (nx_array_api.strict).
_SHARED = frozenset(
    {
        "__array_api_version__",
        "__array_namespace_info__",
        "Array",
        "Device",
        "Flags",
        "get_flags",
        "reset_flags",
        "set_flags",
        *_dtypes.NAMES,
        *_constants.__all__,
        *_creation_functions.__all__,
        *_data_type_functions.__all__,
        *_elementwise_functions.__all__,
        *_indexing_functions.__all__,
        *_linear_algebra_functions.__all__,
        *_manipulation_functions.__all__,
        *_searching_functions.__all__,
        *_set_functions.__all__,
        *_sorting_functions.__all__,
        *_statistical_functions.__all__,
        *_utility_functions.__all__,
    }
)
#: The drop-in's own: nx's extras (docs/beyond-the-standard.md) and the default device.
_OWN = frozenset({"using_device", "compiled", "random", *_extras_scatter.__all__, *_extras_windows.__all__, *_extras_lazy.__all__, *_extras_nx.__all__})

# The extensions, __array_api_version__ and __all__ follow the flags (Namespace.module_hooks);
# dir() shows the public names only.
del globals()["fft"], globals()["linalg"]  # bound by the submodules' import; __getattr__ answers
__getattr__, __dir__ = _NS.module_hooks(sorted(_SHARED | _OWN), {"linalg": _linalg, "fft": _fft}, globals())


# The flags, from the environment (NX_API_VERSION, ...).
from ._flags import set_flags_from_environment as _flags_from_environment  # noqa: E402

_flags_from_environment()
