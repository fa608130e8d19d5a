"""Set functions (the standard's "Set Functions" section).

The four ``unique_*`` functions split NumPy's polymorphic ``unique`` into named tuples
with the standard's field names; all of them come from the backend's ``unique``
primitive (flattened input, values sorted, NaNs distinct, signed zeros equal).
``inverse_indices`` has ``x``'s shape.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Union

from . import _dtypes as _dt
from . import _flags
from ._array_object import Array
from ._scalars import scalar_operand
from ._validation import backend_of, check_array, check_bool

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]

_new = Array._new


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
    _flags.requires_data_dependent_shapes(name)
    x = check_array(name, x)
    B = x._t.backend
    values, index, inverse, counts = B.unique(x._t)
    # The primitive's inverse is flat and fresh: viewing it with x's shape is O(1).
    inverse = B.reshape(inverse, x.shape)
    return _new(values), _new(index), _new(inverse), _new(counts)


def unique_all(x: Array, /) -> UniqueAllResult:
    """Unique values of the flattened ``x``, first-occurrence indices, inverse indices and counts."""
    return UniqueAllResult(*_unique("unique_all", x))


def unique_counts(x: Array, /) -> UniqueCountsResult:
    """Unique values of the flattened ``x`` and the number of times each occurs."""
    values, _, _, counts = _unique("unique_counts", x)
    return UniqueCountsResult(values, counts)


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    """Unique values of the flattened ``x`` and the indices (shape of ``x``) that rebuild ``x``."""
    values, _, inverse, _ = _unique("unique_inverse", x)
    return UniqueInverseResult(values, inverse)


def unique_values(x: Array, /) -> Array:
    """The unique values of the flattened ``x``, sorted; each NaN is its own value."""
    _flags.requires_data_dependent_shapes("unique_values")
    x = check_array("unique_values", x)
    t = x._t
    return _new(t.backend.unique(t)[0])


def isin(x1: Union[Array, int], x2: Union[Array, int], /, *, invert: bool = False) -> Array:
    """For each element of ``x1``, whether it equals an element of ``x2`` (negated by ``invert``).

    The result is bool with ``x1``'s shape (0-d when ``x1`` is a Python int).
    """
    name = "isin"
    check_bool(name, invert, "invert")
    a1, a2 = isinstance(x1, Array), isinstance(x2, Array)
    if _flags.STRICT:
        for a in (x1, x2):
            if isinstance(a, Array) and a.dtype not in _dt.integer:
                raise TypeError(f"{name}: {a.dtype.name} arrays are not portable here (strict mode): the standard's isin takes integers")
    if a1 and a2:
        t1, t2 = x1._t, x2._t
        B = backend_of(name, t1, t2)
        d = _dt.result_type_pair(x1.dtype, x2.dtype, name)
    elif a1 or a2:
        arr, s = (x1, x2) if a1 else (x2, x1)
        if not isinstance(s, int):
            raise TypeError(f"{name}: a scalar argument must be a Python int, got {type(s).__name__}")
        v, d = scalar_operand(name, s, arr.dtype)
        B = arr._t.backend
        ts = B.full(d, (), v)
        t1, t2 = (arr._t, ts) if a1 else (ts, arr._t)
    else:
        raise TypeError(
            f"{name}: at least one of x1 and x2 must be an nx array, got {type(x1).__name__} and {type(x2).__name__}"
        )
    if t1.dtype is not d:
        t1 = B.cast(t1, dtype=d)
    if t2.dtype is not d:
        t2 = B.cast(t2, dtype=d)
    return _new(B.isin(t1, t2, invert=invert))
