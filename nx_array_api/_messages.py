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
not one of the            "dtype must be one of the namespace's dtypes", then what to
namespace's dtypes        use ("use xp.float32" for "float32" or NumPy's float32)
not an nx array           "x must be an nx Array", then "convert it with xp.asarray"
========================  ==========================================================

Where a refusal has a way out, the message says it after the words above, so that what
consumers match stays where it was.

The sentences are nx's own: these functions keep them consistent, and the tests
(``tests/array_api/test_messages.py``) hold each kind to its words in both namespaces.
"""

from __future__ import annotations

from typing import Any, Iterable

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
    "not_a_dtype",
    "not_an_array",
    "asarray_hint",
    "article",
]


def _name(d: Any) -> str:
    return getattr(d, "name", str(d))


def not_allowed(name: str, category: str, *got: Any, where: str | None = None) -> TypeError:
    """A dtype (or dtypes) outside ``category`` (the standard's name for a set of dtypes:
    "floating-point", "real numeric", "integer or boolean", ...), in array-api-strict's
    words ("Only floating-point dtypes are allowed in sin"; ``where``: the operator's
    method, ``__truediv__``, where an operator was used)."""
    words = _CATEGORY_WORDS.get(category, category)
    return TypeError(f"{name}: Only {words} dtypes are allowed in {where or name}, got {' and '.join(_name(d) for d in got)}")


#: The categories array-api-strict spells otherwise than the tables of dtypes name them.
_CATEGORY_WORDS = {"bool": "boolean"}


def not_promotable(name: str, a: Any, b: Any, dropin: Any = None) -> TypeError:
    """Two dtypes the promotion rules have no common dtype for, in array-api-strict's
    words; ``dropin``: the dtype the drop-in namespace promotes them to, when only the
    strict namespace refuses them."""
    note = ""
    if dropin is not None:
        note = (f" (strict mode: the standard does not promote {_name(a)} with {_name(b)}; the drop-in namespace, "
                f"nx_array_api, gives {_name(dropin)}, as NumPy does; astype() one of them to be portable)")
    return TypeError(f"{name}: dtypes {_name(a)} and {_name(b)} cannot be type promoted together{note}")


def article(word: str) -> str:
    """``word`` with its indefinite article: "an int64", "an ndarray", "a uint8", "a list"."""
    return f"an {word}" if word[:1].lower() in "aeio" or word.startswith("nd") else f"a {word}"


def _a(dtype: Any) -> str:
    """The dtype's name with its article ("an int64", "a uint8")."""
    return article(_name(dtype))


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


_PYTHON_TYPES = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def not_a_dtype(name: str, dtype: Any, dtypes: Iterable[Any], error: type = TypeError) -> Exception:
    """A ``dtype`` argument that is not one of the namespace's ``dtypes`` (``error``: the
    exception's type), with the dtype to use where ``dtype`` names one: a string
    ("float32"), NumPy's (``np.float32``, ``np.dtype("float32")``) or a Python type;
    else the list of them."""
    names = [_name(d) for d in dtypes]
    use: Any
    if isinstance(dtype, str):
        use, instead = dtype, "a string"
    elif isinstance(dtype, type) and dtype in _PYTHON_TYPES:
        use, instead = _PYTHON_TYPES[dtype], "a Python type"
    else:
        use = getattr(dtype, "name", None) or getattr(dtype, "__name__", None)
        module = getattr(dtype, "__module__", None) or type(dtype).__module__
        instead = "NumPy's" if str(module).split(".")[0] == "numpy" else f"{article(type(dtype).__name__)}"
    if use in names:
        hint = f"; use xp.{use}, the namespace's dtype object, not {instead}"
    else:
        hint = f"; they are {', '.join('xp.' + n for n in names)}"
    return error(f"{name}: dtype must be one of the namespace's dtypes, got {dtype!r}{hint}")


_CONVERTIBLE = (list, tuple, bool, int, float, complex)


def asarray_hint(x: Any) -> str:
    """"; convert it with xp.asarray() first" for data that ``asarray`` takes (a NumPy
    array, another library's, a list, a Python scalar); "" for anything else."""
    t = type(x)
    if isinstance(x, _CONVERTIBLE) or any(hasattr(t, a) for a in ("__array__", "__array_interface__", "__dlpack__")):
        return "; convert it with xp.asarray() first"
    return ""


def not_an_array(name: str, arg: str, x: Any) -> TypeError:
    """``x``, given as ``arg``, is not an nx array (with ``asarray_hint``)."""
    return TypeError(f"{name}: {arg} must be an nx Array, got {type(x).__name__}{asarray_hint(x)}")
