"""The array types' operator table: the methods that are the namespace's functions.

The namespace's modules import the array types (``_array_object``) for their checks, so
the methods that are those modules' functions are bound here, at the top of the
package's imports, once the functions exist: the operators (one table entry each, each
the function's own operator from ``OPERATORS``: the same validation and messages, and
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

# The binary operators, their reflected and in-place forms: (the dunder's stem, the function).
_BINARY = (
    ("add", _ew.add), ("sub", _ew.subtract), ("mul", _ew.multiply), ("truediv", _ew.divide),
    ("floordiv", _ew.floor_divide), ("mod", _ew.remainder), ("pow", _ew.pow), ("matmul", _la.matmul),
    ("and", _ew.bitwise_and), ("or", _ew.bitwise_or), ("xor", _ew.bitwise_xor),
    ("lshift", _ew.bitwise_left_shift), ("rshift", _ew.bitwise_right_shift),
)
# Comparisons have no reflected forms: Python swaps them (x < y is y > x).
_COMPARISONS = (("lt", _ew.less), ("le", _ew.less_equal), ("gt", _ew.greater), ("ge", _ew.greater_equal), ("eq", _ew.equal), ("ne", _ew.not_equal))
_UNARY = (("neg", _ew.negative), ("pos", _ew.positive), ("abs", _ew.abs), ("invert", _ew.bitwise_invert))


def _in_place(name: str, fn: Any) -> Any:
    prim = _ew.IN_PLACE.get(name)

    def method(self: Array, other: Any, /) -> Any:
        return inplace(fn, prim, self, other)

    method.__name__ = method.__qualname__ = name
    return method


for _stem, _fn in _BINARY:
    _name = _fn.__name__
    setattr(Array, f"__{_stem}__", OPERATORS[_name][0])
    setattr(Array, f"__r{_stem}__", OPERATORS[_name][1])
    setattr(Array, f"__i{_stem}__", _in_place(_name, _fn))
for _stem, _cmp in _COMPARISONS:
    setattr(Array, f"__{_stem}__", OPERATORS[_cmp.__name__][0])
for _stem, _unary in _UNARY:
    setattr(Array, f"__{_stem}__", _unary)
del _stem, _fn, _name, _cmp, _unary
