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
that array-api-strict refuses, and reads of elements that a write through another array
sharing their memory changed (docs/strict-mode.md).

The strict and the drop-in namespaces live side by side in one process: each array
belongs to the namespace that made it (its ``__array_namespace__()``), each namespace has
its own flags, and arrays of the two never mix (they are on different devices).

``serve_as_array_api_strict()`` (and ``pytest -p nx_array_api.strict.pytest_plugin``)
makes ``import array_api_strict`` give this namespace, under that name, so that a test
suite written for array-api-strict runs on nx unchanged; it is not in ``__all__``, which
lists array-api-strict's names.
"""

from __future__ import annotations

from .. import _SHARED
from .. import __version__ as __version__
from .._array_object import StrictArray as Array
from .._devices import StrictDevice as Device
from .._flags import STRICT as _NS
from .._constants import e as e, inf as inf, nan as nan, newaxis as newaxis, pi as pi
from .._creation_functions import empty_like as empty_like, full_like as full_like
from .._creation_functions import meshgrid as meshgrid, ones_like as ones_like, tril as tril
from .._creation_functions import triu as triu, zeros_like as zeros_like
from .._data_type_functions import astype as astype, isdtype as isdtype
from .._elementwise_functions import abs as abs, acos as acos, acosh as acosh, add as add
from .._elementwise_functions import asin as asin, asinh as asinh, atan as atan, atan2 as atan2
from .._elementwise_functions import atanh as atanh, bitwise_and as bitwise_and
from .._elementwise_functions import bitwise_invert as bitwise_invert
from .._elementwise_functions import bitwise_left_shift as bitwise_left_shift
from .._elementwise_functions import bitwise_or as bitwise_or
from .._elementwise_functions import bitwise_right_shift as bitwise_right_shift
from .._elementwise_functions import bitwise_xor as bitwise_xor, ceil as ceil, clip as clip
from .._elementwise_functions import conj as conj, copysign as copysign, cos as cos, cosh as cosh
from .._elementwise_functions import divide as divide, equal as equal, exp as exp, expm1 as expm1
from .._elementwise_functions import floor as floor, floor_divide as floor_divide
from .._elementwise_functions import greater as greater, greater_equal as greater_equal
from .._elementwise_functions import hypot as hypot, imag as imag, isfinite as isfinite
from .._elementwise_functions import isinf as isinf, isnan as isnan, less as less
from .._elementwise_functions import less_equal as less_equal, log as log, log10 as log10
from .._elementwise_functions import log1p as log1p, log2 as log2, logaddexp as logaddexp
from .._elementwise_functions import logical_and as logical_and, logical_not as logical_not
from .._elementwise_functions import logical_or as logical_or, logical_xor as logical_xor
from .._elementwise_functions import maximum as maximum, minimum as minimum, multiply as multiply
from .._elementwise_functions import negative as negative, nextafter as nextafter
from .._elementwise_functions import not_equal as not_equal, positive as positive, pow as pow
from .._elementwise_functions import real as real, reciprocal as reciprocal, remainder as remainder
from .._elementwise_functions import round as round, sign as sign, signbit as signbit, sin as sin
from .._elementwise_functions import sinh as sinh, sqrt as sqrt, square as square
from .._elementwise_functions import subtract as subtract, tan as tan, tanh as tanh, trunc as trunc
from .._dtypes import bool as bool, int8 as int8, int16 as int16, int32 as int32, int64 as int64
from .._dtypes import uint8 as uint8, uint16 as uint16, uint32 as uint32, uint64 as uint64
from .._dtypes import float32 as float32, float64 as float64, complex64 as complex64
from .._dtypes import complex128 as complex128
from .._indexing_functions import take as take, take_along_axis as take_along_axis
from .._linear_algebra_functions import matmul as matmul, matrix_transpose as matrix_transpose
from .._linear_algebra_functions import tensordot as tensordot, vecdot as vecdot
from .._manipulation_functions import broadcast_arrays as broadcast_arrays
from .._manipulation_functions import broadcast_to as broadcast_to, concat as concat
from .._manipulation_functions import expand_dims as expand_dims, flip as flip, moveaxis as moveaxis
from .._manipulation_functions import permute_dims as permute_dims, repeat as repeat
from .._manipulation_functions import reshape as reshape, roll as roll, squeeze as squeeze
from .._manipulation_functions import stack as stack, tile as tile, unstack as unstack
from .._searching_functions import argmax as argmax, argmin as argmin
from .._searching_functions import count_nonzero as count_nonzero, nonzero as nonzero
from .._searching_functions import searchsorted as searchsorted, where as where
from .._set_functions import isin as isin, unique_all as unique_all, unique_counts as unique_counts
from .._set_functions import unique_inverse as unique_inverse, unique_values as unique_values
from .._sorting_functions import argsort as argsort, sort as sort
from .._statistical_functions import cumulative_prod as cumulative_prod
from .._statistical_functions import cumulative_sum as cumulative_sum, max as max, mean as mean
from .._statistical_functions import min as min, prod as prod, std as std, sum as sum, var as var
from .._utility_functions import all as all, any as any, diff as diff
from . import fft as _fft
from . import linalg as _linalg
from ._bound import ArrayAPIStrictFlags as ArrayAPIStrictFlags, Flags as Flags
from ._bound import __array_namespace_info__ as __array_namespace_info__, arange as arange
from ._bound import asarray as asarray, broadcast_shapes as broadcast_shapes, can_cast as can_cast
from ._bound import empty as empty, eye as eye, finfo as finfo, from_dlpack as from_dlpack
from ._bound import full as full, get_array_api_strict_flags as get_array_api_strict_flags
from ._bound import get_flags as get_flags, iinfo as iinfo, linspace as linspace, ones as ones
from ._bound import reset_array_api_strict_flags as reset_array_api_strict_flags
from ._bound import reset_flags as reset_flags, result_type as result_type
from ._bound import set_array_api_strict_flags as set_array_api_strict_flags, set_flags as set_flags
from ._bound import zeros as zeros
# (not in __all__: array-api-strict has no such name; docs/strict-mode.md)
from ._serve import serve_as_array_api_strict as serve_as_array_api_strict

#: array-api-strict's own names, beside those the drop-in namespace shares.
_OWN = frozenset(
    {
        "__version__",
        "ArrayAPIStrictFlags",
        "get_array_api_strict_flags",
        "reset_array_api_strict_flags",
        "set_array_api_strict_flags",
    }
)

# As in nx_array_api: the extensions, __array_api_version__ and __all__ follow the flags,
# and dir() shows the public names only.
del globals()["fft"], globals()["linalg"]  # bound by the submodules' import; __getattr__ answers
__getattr__, __dir__ = _NS.module_hooks(sorted(_SHARED | _OWN), {"linalg": _linalg, "fft": _fft}, globals())

_NS.set_from_environment("ARRAY_API_STRICT_")
