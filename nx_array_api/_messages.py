"""The wording of the namespace's refusals: one home for each kind.

Each function returns the exception its caller raises (``raise not_allowed(...)``), in
nx's form, the function's name first and then what failed, with the words that
consumers' tests match, because NumPy's and array-api-strict's messages use them:

========================  ==========================================================
refusal                   words
========================  ==========================================================
a dtype outside the       "Only floating-point dtypes are allowed in sin" (array-api-
function's category       strict's words; ``__truediv__`` for the operator ``/``)
two dtypes with no        "dtypes ... cannot be type promoted together" (array-api-
common dtype              strict's words)
a value that cannot       "cannot cast ... to dtype ..." (NumPy: "Cannot cast", array-
take or keep a dtype      api-extra's tests: ``cast|promote|dtype``)
arrays on two devices     "different devices" (array-api-strict: "Arrays from two
                          different devices")
an index out of range     "index i is out of bounds for axis a with size n" (NumPy's)
an axis out of range      "axis a is out of bounds for array of dimension n" (NumPy's)
a Python int out of a     "Python int v is out of bounds for int8"
dtype's range
========================  ==========================================================

The sentences are nx's own: these functions keep them consistent, and the tests
(``tests/array_api/test_messages.py``) hold each kind to its words in both namespaces.
"""

from __future__ import annotations

from typing import Any

from nx_core.errors import AxisError, ScalarOverflowError

__all__ = [
    "not_allowed",
    "not_promotable",
    "scalar_not_promotable",
    "cannot_cast",
    "different_devices",
    "index_out_of_bounds",
    "axis_out_of_bounds",
    "int_out_of_bounds",
    "int_too_large",
]


def _name(d: Any) -> str:
    return getattr(d, "name", str(d))


def not_allowed(name: str, category: str, *got: Any, where: str | None = None) -> TypeError:
    """A dtype (or dtypes) outside ``category`` (the standard's name for a set of dtypes:
    "floating-point", "real numeric", "integer or boolean", ...), in array-api-strict's
    words ("Only floating-point dtypes are allowed in sin"; ``where``: the operator's
    method, ``__truediv__``, where an operator was used)."""
    return TypeError(f"{name}: Only {category} dtypes are allowed in {where or name}, got {' and '.join(_name(d) for d in got)}")


def not_promotable(name: str, a: Any, b: Any) -> TypeError:
    """Two dtypes the promotion rules have no common dtype for."""
    return TypeError(f"{name}: dtypes {_name(a)} and {_name(b)} cannot be type promoted together")


def _a(dtype: Any) -> str:
    """The dtype's name with its article ("an int64", "a uint8")."""
    n = _name(dtype)
    return f"an {n}" if n.startswith("i") else f"a {n}"


def scalar_not_promotable(name: str, kind: str, dtype: Any, why: str = "") -> TypeError:
    """A Python scalar of ``kind`` ("bool", "int", "float", "complex") that does not
    promote with an array of ``dtype`` (``why``: a note in parentheses)."""
    note = f" ({why})" if why else ""
    return TypeError(f"{name}: a Python {kind} cannot be promoted with {_a(dtype)} array{note}")


def cannot_cast(name: str, what: str, dtype: Any, why: str = "") -> TypeError:
    """``what`` (a description: "complex128 values", "a Python float", "a float64
    array") cannot be cast to ``dtype`` (``why``: a note in parentheses)."""
    note = f" ({why})" if why else ""
    return TypeError(f"{name}: cannot cast {what} to dtype {_name(dtype)}{note}")


def different_devices(name: str, a: Any, b: Any, why: str = "") -> ValueError:
    """Arrays of one call on two devices (``a``, ``b``: the devices' names; ``why``: a
    note in parentheses)."""
    note = f" ({why})" if why else ""
    return ValueError(f"{name}: cannot combine Arrays from two different devices, {a!r} and {b!r}{note}; move one with to_device()")


def index_out_of_bounds(name: str, index: Any, axis: Any, size: int) -> IndexError:
    """An index outside an axis (NumPy's words); ``index`` may describe several."""
    return IndexError(f"{name}: index {index} is out of bounds for axis {axis} with size {size}")


def axis_out_of_bounds(name: str, axis: int, ndim: int, what: str = "array") -> AxisError:
    """An axis outside ``[-ndim, ndim)`` (NumPy's words; ``what``: whose dimension)."""
    return AxisError(f"{name}: axis {axis} is out of bounds for {what} of dimension {ndim}")


def _int_text(v: int) -> str:
    """``v`` in digits, or its size where the digits would be too many to read."""
    if not isinstance(v, int):
        return repr(v)
    n = v.bit_length()
    return str(v) if n <= 128 else f"of {n} bits"


def int_out_of_bounds(name: str, value: int, dtype: Any, what: str = "Python int") -> ScalarOverflowError:
    """A Python int (``what``: or another value) outside an integer dtype's range (an
    OverflowError, as NumPy's, and a ValueError)."""
    return ScalarOverflowError(f"{name}: {what} {_int_text(value)} is out of bounds for {_name(dtype)}")


def int_too_large(name: str, value: int, dtype: Any) -> ScalarOverflowError:
    """A Python int too large for a floating-point dtype (NumPy: "int too large to
    convert to float")."""
    return ScalarOverflowError(f"{name}: Python int {_int_text(value)} is too large to convert to {_name(dtype)}")
