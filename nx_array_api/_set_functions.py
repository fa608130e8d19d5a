"""Set functions (the standard's "Set Functions" section).

The four ``unique_*`` functions split NumPy's polymorphic ``unique`` into named tuples
with the standard's field names. ``unique_all`` comes from the backend's ``unique``
primitive, the other three from primitives that compute only their own results (one
unstable sort, no stable argsort, no indices they do not return); all of them
over the flattened input, values sorted, NaNs distinct, signed zeros equal.
``inverse_indices`` has ``x``'s shape.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

from . import _dtypes as _dt
from ._array_object import Array
from ._messages import int_out_of_bounds
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


def _checked(name: str, x: Any) -> Array:
    x = check_array(name, x)
    x._ns.requires_data_dependent_shapes(name)
    return x


@names_memory_errors
def unique_all(x: Array, /) -> UniqueAllResult:
    """Unique values of the flattened ``x``, first-occurrence indices, inverse indices and counts."""
    x = _checked("unique_all", x)
    B = x.backend
    values, index, inverse, counts = B.unique(x)
    # The primitive's inverse is flat and fresh: viewing it with x's shape is O(1).
    return UniqueAllResult(values, index, B.reshape(inverse, x.shape), counts)


@names_memory_errors
def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Unique values of the flattened ``x`` and the number of times each occurs."""
    x = _checked("unique_counts", x)
    return UniqueCountsResult(*x.backend.unique_counts(x))


@names_memory_errors
def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Unique values of the flattened ``x`` and the indices (shape of ``x``) that rebuild ``x``."""
    x = _checked("unique_inverse", x)
    B = x.backend
    values, inverse = B.unique_inverse(x)
    return UniqueInverseResult(values, B.reshape(inverse, x.shape))


@names_memory_errors
def unique_values(x: Array, /) -> Array:
    """The unique values of the flattened ``x``, sorted; each NaN is its own value."""
    x = _checked("unique_values", x)
    return x.backend.unique_values(x)


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
                a._ns.refuse("dtype category", TypeError(f"{name}: {a.dtype.name} arrays are not portable here (strict mode): the standard's isin takes integers"))
                break
    a1, a2 = isinstance(x1, Array), isinstance(x2, Array)
    if a1 != a2:
        s = x2 if a1 else x1
        x: Any = x1 if a1 else x2  # the array
        if not isinstance(s, int) and (x._ns.strict or not isinstance(s, (float, complex))):
            msg = f"{name}: a scalar argument must be a Python int, got {type(s).__name__}"
            if not isinstance(s, (float, complex)):
                raise TypeError(msg)
            x._ns.refuse("python scalar", TypeError(msg))
        if type(s) is int and x.dtype.is_integer:
            lo, hi = x.dtype.limits or _dt.NO_LIMITS
            if not lo <= s <= hi:  # the drop-in: NumPy's, no element equals it
                if x._ns.strict:
                    x._ns.refuse("python scalar", int_out_of_bounds(name, s, x.dtype))
                B = x.backend
                return B.full(_dt.bool, x.shape if a1 else (), invert)
    t1, t2, _ = promote_pair_tensors(name, x1, x2)
    return t1.backend.isin(t1, t2, invert=invert)
