"""The NumPy CPU backend (``backend``): every primitive of the contract on NumPy arrays,
computed by the shared kernels (``nx_core.backend.kernels``).

Its public names, for the engines built on it (the Dask backend computes each chunk
with it): the backend class, NumPy's dtype for each DType and back, a tensor's elements
as an ndarray and a tensor over an ndarray.
"""

from .backend import _FROM_NP as FROM_NP  # NumPy's dtype -> DType
from .backend import _NP as NP  # DType -> NumPy's dtype
from .backend import NumpyBackend as NumpyBackend
from .backend import _native as native  # a tensor over an ndarray of its elements
from .backend import _nd as ndarray_of  # the ndarray of a tensor's elements
from .backend import arange_values as arange_values
from .backend import check_expand as check_expand
from .backend import from_numpy_dtype as from_numpy_dtype
from .backend import to_numpy_dtype as to_numpy_dtype

__all__ = ["NumpyBackend", "NP", "FROM_NP", "native", "ndarray_of", "arange_values", "check_expand", "to_numpy_dtype", "from_numpy_dtype"]
