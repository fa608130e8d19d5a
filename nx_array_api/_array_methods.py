"""The array types' operator table: the methods that are the namespace's functions.

The namespace's modules import the array types (``_array_object``) for their checks, so
the methods that are those modules' functions are bound here, at the top of the
package's imports, once the functions exist: the operators (one line each, each the
function's own operator from ``OPERATORS``: the same validation and messages, and
``NotImplemented`` for an operand type they do not know), indexing and ``to_device``.
Binding the functions themselves, rather than methods that call them, keeps a Python call
out of every operator. Each line's ignore comment is for type checkers, which read an
assignment to a method as an error.

The strict namespace's type (``StrictArray``) inherits all of them but indexing, which
checks its keys first.
"""

from __future__ import annotations

from typing import Any

from . import _devices
from . import _elementwise_functions as _ew
from . import _indexing as _ix
from . import _linear_algebra_functions as _la  # noqa: F401  (registers matmul's operators)
from ._array_object import Array, StrictArray
from ._compose import transfer
from ._element_ops import OPERATORS, inplace, operators_of
from ._validation import check_device_dtype

__all__: list[str] = []


def to_device(self: Array, device: Any, /, *, stream: Any = None) -> Array:
    """A copy of the array on ``device`` (the array itself when it is there already); a
    device of the array's namespace (``_devices.resolve``)."""
    if stream is not None:
        raise ValueError("to_device: nx has no streams; stream must be None")
    dst = _devices.resolve("to_device", device, self._ns, self)
    if dst is self.backend.device:
        return self
    check_device_dtype("to_device", dst, self.dtype)
    return transfer(self, dst)


Array.to_device = to_device  # type: ignore[method-assign]
Array.__getitem__ = _ix.getitem  # type: ignore[assignment,method-assign]
Array.__setitem__ = _ix.setitem  # type: ignore[assignment,method-assign]
StrictArray.__getitem__ = _ix.getitem_strict  # type: ignore[assignment,method-assign]
StrictArray.__setitem__ = _ix.setitem_strict  # type: ignore[assignment,method-assign]

OPERATORS["matmul"] = operators_of(_la.matmul)

Array.__add__, Array.__radd__ = OPERATORS["add"]  # type: ignore[assignment,method-assign]
Array.__sub__, Array.__rsub__ = OPERATORS["subtract"]  # type: ignore[assignment,method-assign]
Array.__mul__, Array.__rmul__ = OPERATORS["multiply"]  # type: ignore[assignment,method-assign]
Array.__truediv__, Array.__rtruediv__ = OPERATORS["divide"]  # type: ignore[assignment,method-assign]
Array.__floordiv__, Array.__rfloordiv__ = OPERATORS["floor_divide"]  # type: ignore[assignment,method-assign]
Array.__mod__, Array.__rmod__ = OPERATORS["remainder"]  # type: ignore[assignment,method-assign]
Array.__pow__, Array.__rpow__ = OPERATORS["pow"]  # type: ignore[assignment,method-assign]
Array.__matmul__, Array.__rmatmul__ = OPERATORS["matmul"]  # type: ignore[assignment,method-assign]
Array.__and__, Array.__rand__ = OPERATORS["bitwise_and"]  # type: ignore[assignment,method-assign]
Array.__or__, Array.__ror__ = OPERATORS["bitwise_or"]  # type: ignore[assignment,method-assign]
Array.__xor__, Array.__rxor__ = OPERATORS["bitwise_xor"]  # type: ignore[assignment,method-assign]
Array.__lshift__, Array.__rlshift__ = OPERATORS["bitwise_left_shift"]  # type: ignore[assignment,method-assign]
Array.__rshift__, Array.__rrshift__ = OPERATORS["bitwise_right_shift"]  # type: ignore[assignment,method-assign]
# Comparisons have no reflected forms: Python swaps them (x < y is y > x).
Array.__lt__ = OPERATORS["less"][0]  # type: ignore[assignment,method-assign]
Array.__le__ = OPERATORS["less_equal"][0]  # type: ignore[assignment,method-assign]
Array.__gt__ = OPERATORS["greater"][0]  # type: ignore[assignment,method-assign]
Array.__ge__ = OPERATORS["greater_equal"][0]  # type: ignore[assignment,method-assign]
Array.__eq__ = OPERATORS["equal"][0]  # type: ignore[assignment,method-assign]
Array.__ne__ = OPERATORS["not_equal"][0]  # type: ignore[assignment,method-assign]
Array.__neg__ = _ew.negative  # type: ignore[assignment,method-assign]
Array.__pos__ = _ew.positive  # type: ignore[assignment,method-assign]
Array.__abs__ = _ew.abs  # type: ignore[assignment,method-assign]
Array.__invert__ = _ew.bitwise_invert  # type: ignore[assignment,method-assign]


def _in_place(name: str, fn: Any) -> Any:
    prim = _ew.IN_PLACE.get(name)

    def method(self: Array, other: Any, /) -> Any:
        return inplace(fn, prim, self, other)

    method.__name__ = method.__qualname__ = name
    return method


Array.__iadd__ = _in_place("add", _ew.add)  # type: ignore[method-assign]
Array.__isub__ = _in_place("subtract", _ew.subtract)  # type: ignore[method-assign]
Array.__imul__ = _in_place("multiply", _ew.multiply)  # type: ignore[method-assign]
Array.__itruediv__ = _in_place("divide", _ew.divide)  # type: ignore[method-assign]
Array.__ifloordiv__ = _in_place("floor_divide", _ew.floor_divide)  # type: ignore[method-assign]
Array.__imod__ = _in_place("remainder", _ew.remainder)  # type: ignore[method-assign]
Array.__ipow__ = _in_place("pow", _ew.pow)  # type: ignore[method-assign]
Array.__imatmul__ = _in_place("matmul", _la.matmul)  # type: ignore[method-assign]
Array.__iand__ = _in_place("bitwise_and", _ew.bitwise_and)  # type: ignore[method-assign]
Array.__ior__ = _in_place("bitwise_or", _ew.bitwise_or)  # type: ignore[method-assign]
Array.__ixor__ = _in_place("bitwise_xor", _ew.bitwise_xor)  # type: ignore[method-assign]
Array.__ilshift__ = _in_place("bitwise_left_shift", _ew.bitwise_left_shift)  # type: ignore[method-assign]
Array.__irshift__ = _in_place("bitwise_right_shift", _ew.bitwise_right_shift)  # type: ignore[method-assign]
