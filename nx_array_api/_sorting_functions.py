"""Sorting functions (the standard's "Sorting Functions" section).

The backend's ``sort``/``argsort`` primitives are stable in both directions (equal
elements keep their original relative order, also when ``descending``) and put NaNs
last. ``argsort(stable=False)`` lets the backend use a faster sort whose ties come in
any order; ``sort`` values are the same either way.
"""

from __future__ import annotations

from typing import Any

from . import _dtypes as _dt
from ._array_object import Array, StrictArray
from ._validation import check_array, check_bool, check_category, normalize_axis

__all__ = ["argsort", "sort"]

_REAL = _dt.CATEGORIES["real numeric"]


def _prepare(name: str, x: Any, axis: Any, descending: Any, stable: Any) -> tuple[Array, int]:
    x = check_array(name, x)
    check_bool(name, descending, "descending")
    check_bool(name, stable, "stable")
    check_category(name, x.dtype, "real numeric")
    return x, normalize_axis(name, axis, x.ndim, not x._ns.strict)  # array-api-strict: no bool axis


def argsort(x: Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Array:
    """Indices (int64) that sort ``x`` along ``axis``; ties keep their order; NaNs last."""
    c = x.__class__
    if (c is Array or c is StrictArray) and axis.__class__ is int and descending.__class__ is bool and stable.__class__ is bool and x.dtype in _REAL:
        nd = len(x.shape)
        if -nd <= axis < nd:  # _prepare's checks, passed: the common call in one step
            return x.backend.argsort(x, axis=axis % nd, descending=descending, stable=stable)
    x, a = _prepare("argsort", x, axis, descending, stable)
    return x.backend.argsort(x, axis=a, descending=descending, stable=stable)


def sort(x: Array, /, *, axis: int = -1, descending: bool = False, stable: bool = True) -> Array:
    """A sorted copy of ``x`` along ``axis``; ties keep their order; NaNs last."""
    c = x.__class__
    if (c is Array or c is StrictArray) and axis.__class__ is int and descending.__class__ is bool and stable.__class__ is bool and x.dtype in _REAL:
        nd = len(x.shape)
        if -nd <= axis < nd:  # _prepare's checks, passed: the common call in one step (as argsort's)
            return x.backend.sort(x, axis=axis % nd, descending=descending)
    x, a = _prepare("sort", x, axis, descending, stable)
    return x.backend.sort(x, axis=a, descending=descending)
