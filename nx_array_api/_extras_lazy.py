"""Beyond the standard: ``persist``, for devices whose arrays are lazy (Dask's).

Arrays on the Dask device are graphs of chunked computations; their values are computed
when something needs them (a Python scalar, a NumPy array, DLPack, ``repr``,
``to_device``). ``persist(x)`` computes them now and keeps the chunks (in memory, or on
the cluster of an active ``dask.distributed`` client), so that later uses of the result
start from them. On the other devices it returns ``x``.
"""

from __future__ import annotations

from ._array_object import Array
from ._validation import check_array

__all__ = ["persist"]


def persist(x: Array, /) -> Array:
    """``x`` with its values computed now and kept on its device (``x`` itself where
    arrays are always computed)."""
    x = check_array("persist", x)
    t = x
    r = t.backend.persist(t)
    return x if r is t else r
