"""Set functions (the standard's "Set Functions" section).

The four ``unique_*`` functions split NumPy's polymorphic ``unique`` into named tuples
with the standard's field names; all of them come from the backend's ``unique``
primitive (flattened input, values sorted, NaNs distinct, signed zeros equal).
``inverse_indices`` has ``x``'s shape.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

from . import _dtypes as _dt
from ._array_object import Array
from ._scalars import promote_pair_tensors
from ._validation import check_array, check_bool, gate, names_memory_errors

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]



class UniqueAllResult(NamedTuple):
    """The result of ``unique_all``."""

    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    """The result of ``unique_counts``."""

    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    """The result of ``unique_inverse``."""

    values: Array
    inverse_indices: Array


def _unique(name: str, x: Any) -> tuple[Array, Array, Array, Array]:
    x = check_array(name, x)
    x._ns.requires_data_dependent_shapes(name)
    B = x.backend
    values, index, inverse, counts = B.unique(x)
    # The primitive's inverse is flat and fresh: viewing it with x's shape is O(1).
    inverse = B.reshape(inverse, x.shape)
    return values, index, inverse, counts


@names_memory_errors
def unique_all(x: Array, /) -> UniqueAllResult:
    """Unique values of the flattened ``x``, first-occurrence indices, inverse indices and counts."""
    return UniqueAllResult(*_unique("unique_all", x))


@names_memory_errors
def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Unique values of the flattened ``x`` and the number of times each occurs."""
    values, _, _, counts = _unique("unique_counts", x)
    return UniqueCountsResult(values, counts)


@names_memory_errors
def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Unique values of the flattened ``x`` and the indices (shape of ``x``) that rebuild ``x``."""
    values, _, inverse, _ = _unique("unique_inverse", x)
    return UniqueInverseResult(values, inverse)


@names_memory_errors
def unique_values(x: Array, /) -> Array:
    """The unique values of the flattened ``x``, sorted; each NaN is its own value."""
    x = check_array("unique_values", x)
    x._ns.requires_data_dependent_shapes("unique_values")
    t = x
    return t.backend.unique(t)[0]


def isin(x1: Union[Array, int], x2: Union[Array, int], /, *, invert: bool = False) -> Array:
    """For each element of ``x1``, whether it equals an element of ``x2`` (negated by ``invert``).

    The result is bool with ``x1``'s shape (0-d when ``x1`` is a Python int).
    """
    name = "isin"
    check_bool(name, invert, "invert")
    gate(name, x1, x2)
    if any(isinstance(a, Array) and a._ns.strict for a in (x1, x2)):
        for a in (x1, x2):
            if isinstance(a, Array) and a.dtype not in _dt.integer:
                raise TypeError(f"{name}: {a.dtype.name} arrays are not portable here (strict mode): the standard's isin takes integers")
    a1, a2 = isinstance(x1, Array), isinstance(x2, Array)
    if a1 != a2:
        s = x2 if a1 else x1
        x: Any = x1 if a1 else x2  # the array
        if not isinstance(s, int) and (x._ns.strict or not isinstance(s, (float, complex))):
            raise TypeError(f"{name}: a scalar argument must be a Python int, got {type(s).__name__}")
        if type(s) is int and x.dtype.is_integer and not x._ns.strict:
            lo, hi = x.dtype.limits or _dt.NO_LIMITS
            if not lo <= s <= hi:  # the drop-in: NumPy's, no element equals it
                B = x.backend
                return B.full(_dt.bool, x.shape if a1 else (), invert)
    t1, t2, _ = promote_pair_tensors(name, x1, x2)
    return t1.backend.isin(t1, t2, invert=invert)
