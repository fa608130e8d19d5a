"""The array types' operator table: the methods that are the namespace's functions.

The namespace's modules import the array types (``_array_object``) for their checks, so
the methods that are those modules' functions are bound here, at the top of the
package's imports, once the functions exist: the operators (one line each, each the
function's own operator from ``OPERATORS``: the same validation and messages, and
``NotImplemented`` for an operand type they do not know), indexing and ``to_device``.
Binding the functions themselves, rather than methods that call them, keeps a Python call
out of every operator; the class body declares each of them with its type.

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


Array.to_device = to_device
Array.__getitem__ = _ix.getitem
Array.__setitem__ = _ix.setitem
StrictArray.__getitem__ = _ix.getitem_strict
StrictArray.__setitem__ = _ix.setitem_strict

OPERATORS["matmul"] = operators_of(_la.matmul)

Array.__add__, Array.__radd__ = OPERATORS["add"]
Array.__sub__, Array.__rsub__ = OPERATORS["subtract"]
Array.__mul__, Array.__rmul__ = OPERATORS["multiply"]
Array.__truediv__, Array.__rtruediv__ = OPERATORS["divide"]
Array.__floordiv__, Array.__rfloordiv__ = OPERATORS["floor_divide"]
Array.__mod__, Array.__rmod__ = OPERATORS["remainder"]
Array.__pow__, Array.__rpow__ = OPERATORS["pow"]
Array.__matmul__, Array.__rmatmul__ = OPERATORS["matmul"]
Array.__and__, Array.__rand__ = OPERATORS["bitwise_and"]
Array.__or__, Array.__ror__ = OPERATORS["bitwise_or"]
Array.__xor__, Array.__rxor__ = OPERATORS["bitwise_xor"]
Array.__lshift__, Array.__rlshift__ = OPERATORS["bitwise_left_shift"]
Array.__rshift__, Array.__rrshift__ = OPERATORS["bitwise_right_shift"]
# Comparisons have no reflected forms: Python swaps them (x < y is y > x).
Array.__lt__ = OPERATORS["less"][0]
Array.__le__ = OPERATORS["less_equal"][0]
Array.__gt__ = OPERATORS["greater"][0]
Array.__ge__ = OPERATORS["greater_equal"][0]
Array.__eq__ = OPERATORS["equal"][0]
Array.__ne__ = OPERATORS["not_equal"][0]
Array.__neg__ = _ew.negative
Array.__pos__ = _ew.positive
Array.__abs__ = _ew.abs
Array.__invert__ = _ew.bitwise_invert


def _in_place(name: str, fn: Any) -> Any:
    prim = _ew.IN_PLACE.get(name)

    def method(self: Array, other: Any, /) -> Any:
        return inplace(fn, prim, self, other)

    method.__name__ = method.__qualname__ = name
    return method


Array.__iadd__ = _in_place("add", _ew.add)
Array.__isub__ = _in_place("subtract", _ew.subtract)
Array.__imul__ = _in_place("multiply", _ew.multiply)
Array.__itruediv__ = _in_place("divide", _ew.divide)
Array.__ifloordiv__ = _in_place("floor_divide", _ew.floor_divide)
Array.__imod__ = _in_place("remainder", _ew.remainder)
Array.__ipow__ = _in_place("pow", _ew.pow)
Array.__imatmul__ = _in_place("matmul", _la.matmul)
Array.__iand__ = _in_place("bitwise_and", _ew.bitwise_and)
Array.__ior__ = _in_place("bitwise_or", _ew.bitwise_or)
Array.__ixor__ = _in_place("bitwise_xor", _ew.bitwise_xor)
Array.__ilshift__ = _in_place("bitwise_left_shift", _ew.bitwise_left_shift)
Array.__irshift__ = _in_place("bitwise_right_shift", _ew.bitwise_right_shift)
