"""Python scalars meeting nx dtypes: the one home of these rules.

The standard's rules: a Python bool goes with bool arrays, an int with integer and
floating-point arrays (range-checked against an integer dtype), a float with floating-
point arrays, a complex with complex ones and, as a complex, with real floating-point
ones (giving their complex dtype). Where the standard is silent, NumPy 2's: a float or a
complex with an integer array gives the device's default floating dtype, an int, a
float or a complex with a bool array the device's default dtype of the scalar's kind
(``2 + bool_x`` is int64), and a bool with a numeric array that array's dtype
(``int_x + True``); the strict namespace refuses them.

``scalar_kind`` classifies a value, ``scalar_dtype`` gives the dtype an array of
``dtype`` takes with a scalar of a kind, ``scalar_operand`` does both for one value,
with its conversion, and ``check_values`` checks that scalars can be stored in a dtype.
``promote_pair`` and ``promote_pair_tensors`` promote two operands of which one may be
a Python scalar (the element-wise functions, ``where``, ``searchsorted``, ``isin``).
"""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet
from typing import Any

from nx_core.device import Device, default_device
from nx_core.dtype import DType
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_types import ARRAY_TYPES
from ._compose import cast
from ._devices import namespace_of
from ._messages import asarray_hint, cannot_cast, int_out_of_bounds, int_too_large, scalar_not_promotable
from ._validation import backend_of, default_dtype, py_scalar

__all__ = [
    "BOOL",
    "INT",
    "FLOAT",
    "COMPLEX",
    "KIND_OF",
    "scalar_kind",
    "kind_default",
    "scalar_dtype",
    "scalar_operand",
    "check_values",
    "promote_pair",
    "promote_pair_tensors",
]

#: Python scalar kinds, ordered as the standard's inference orders them.
BOOL, INT, FLOAT, COMPLEX = 0, 1, 2, 3
#: The kind of each Python scalar type (its subclasses aside).
KIND_OF = {bool: BOOL, int: INT, float: FLOAT, complex: COMPLEX}
_KIND_NAME = ("bool", "int", "float", "complex")
_DEFAULT_OF = ("bool", "integral", "real floating", "complex floating")


def scalar_kind(v: Any) -> int:
    """The Python scalar kind of ``v`` (BOOL, INT, FLOAT, COMPLEX; subclasses too), or -1."""
    k = KIND_OF.get(type(v))
    if k is not None:
        return k
    for t, k in KIND_OF.items():
        if isinstance(v, t):
            return k
    return -1


def kind_default(device: Device, kind: int) -> DType:
    """The dtype ``device`` gives a Python scalar of ``kind`` on its own."""
    return _dt.bool if kind == BOOL else default_dtype(device, _DEFAULT_OF[kind])


def scalar_dtype(name: str, dtype: DType, kind: int, device: Device | None = None) -> DType:
    """The dtype of an array of ``dtype`` combined with a Python scalar of ``kind``
    (TypeError naming ``name`` where the two do not go together)."""
    k = dtype.kind
    if kind == BOOL or k == "b":
        if kind == BOOL and k == "b":
            return dtype
        # A bool with a numeric array, a number with a bool array: the standard leaves
        # them undefined and strict mode refuses them; the drop-in gives NumPy 2's
        # answer, the array's dtype (int_x + True) or the number's default dtype
        # (2 + bool_x is int64).
        device = device or default_device()
        ns = namespace_of(device)
        if not ns.strict or ns.refuse("python scalar", scalar_not_promotable(name, _KIND_NAME[kind], dtype)):
            return dtype if kind == BOOL else kind_default(device, kind)
        ok = False
    elif kind == INT:
        ok = True
    elif kind == FLOAT:
        if k in "iu":
            device = device or default_device()
            _strict_refuses(name, kind, dtype, device)
            return kind_default(device, FLOAT)
        ok = k in "fc"
    else:
        if k == "f":
            return _dt.REAL_TO_COMPLEX[dtype]
        if k in "iu":
            device = device or default_device()
            _strict_refuses(name, kind, dtype, device)
            return kind_default(device, COMPLEX)
        ok = k == "c"
    if not ok:
        raise scalar_not_promotable(name, _KIND_NAME[kind], dtype)
    return dtype


def _strict_refuses(name: str, kind: int, dtype: DType, device: Device) -> None:
    ns = namespace_of(device)
    if ns.strict:
        ns.refuse(
            "python scalar",
            scalar_not_promotable(
            name, _KIND_NAME[kind], dtype, f"strict mode: the standard leaves an integer array with a Python {_KIND_NAME[kind]} undefined"
            ),
        )


def scalar_operand(name: str, s: Any, dtype: DType, device: Device | None = None) -> tuple[Any, DType]:
    """A Python scalar (or a scalar in disguise, see ``py_scalar``) combined with an array
    of ``dtype``: (the scalar as the result dtype takes it, the result dtype). An int out
    of an integer dtype's range is a ScalarOverflowError; an nx array passes through."""
    k = KIND_OF.get(type(s))
    if k is None:
        if type(s) in ARRAY_TYPES:
            return s, s.dtype
        ns = None if device is None else namespace_of(device)
        p = py_scalar(s, strict=ns is not None and ns.strict)
        if p is s and ns is not None and ns.strict:
            p = py_scalar(s)  # a NumPy scalar: the drop-in takes it as a Python scalar
            if p is not s:
                ns.refuse("python scalar", _not_operand(name, s))
        if p is not s:
            return scalar_operand(name, p, dtype, device)
        raise _not_operand(name, s)
    d = scalar_dtype(name, dtype, k, device)
    if k == BOOL:
        if d.kind != "b":  # the drop-in's True with a numeric array: 1 of its dtype
            s = _AS_NUMBER[d.kind](s)
        return s, d
    if k == INT:
        kind = d.kind
        if kind in "iu":
            lo, hi = d.limits or _dt.NO_LIMITS
            if not lo <= s <= hi:
                raise int_out_of_bounds(name, s, d)
        else:
            try:
                s = float(s) if kind == "f" else complex(s)
            except OverflowError:  # NumPy: "int too large to convert to float"
                raise int_too_large(name, s, d) from None
    return s, d


_AS_NUMBER = {"i": int, "u": int, "f": float, "c": complex}


def _not_operand(name: str, s: Any) -> TypeError:
    return TypeError(f"{name}: Expected Array or Python scalar operand, got {_type_name(s)}{asarray_hint(s)}")


def _type_name(v: Any) -> str:
    """The name of v's type, with its module where it is not a builtin (numpy.int64)."""
    t = type(v)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"


def check_values(name: str, values: list[Any], kinds: AbstractSet[int], dtype: DType) -> None:
    """Checks that Python scalars of ``kinds`` can be stored as ``dtype``."""
    k = dtype.kind
    if k == "b":
        return
    if COMPLEX in kinds and k != "c":
        raise cannot_cast(name, "a complex value", dtype, "the imaginary part would be lost")
    if k in "iu":
        lo, hi = dtype.limits or _dt.NO_LIMITS
        for v in values:
            if type(v) is not int:
                if isinstance(v, float):
                    if not math.isfinite(v):
                        raise ValueError(f"{name}: cannot store {v} in a {dtype.name} array")
                    v = int(v)
                elif isinstance(v, int):
                    v = int(v)
                else:
                    continue
            if not lo <= v <= hi:
                raise int_out_of_bounds(name, v, dtype)
    elif INT in kinds:
        for v in values:
            if isinstance(v, int) and not isinstance(v, bool):
                try:
                    float(v)
                except OverflowError:
                    raise int_too_large(name, v, dtype) from None


def promote_pair(name: str, x1: Any, x2: Any) -> tuple[Any, Any, DType]:
    """Two operands, at least one an nx array and the other an nx array or a Python
    scalar (or one in disguise, see ``py_scalar``), promoted: (a1, a2, dtype), where an
    array's operand is its tensor cast to dtype and a scalar's is the scalar as dtype
    takes it (``scalar_operand``: its kind and range checked against the array). Two
    arrays must live on one device (ValueError naming both). Nothing is broadcast.
    """
    # type() rather than isinstance: isinstance through the array types' metaclass costs
    # a Python-level check on a scalar.
    c1, c2 = type(x1), type(x2)
    if c1 in ARRAY_TYPES:
        t1 = x1
        if c2 in ARRAY_TYPES:
            t2 = x2
            if t2.backend is not t1.backend:
                backend_of(name, t1, t2)  # raises: the arrays live on two devices
            d = _dt.result_type_pair(t1.dtype, t2.dtype, name, t1._ns.strict)
            return cast(t1, d), cast(t2, d), d
        s, d = scalar_operand(name, x2, t1.dtype, t1.backend.device)
        return (t1 if t1.dtype is d else t1.backend.cast(t1, dtype=d)), s, d
    if c2 in ARRAY_TYPES:
        t2 = x2
        s, d = scalar_operand(name, x1, t2.dtype, t2.backend.device)
        return s, (t2 if t2.dtype is d else t2.backend.cast(t2, dtype=d)), d
    raise TypeError(f"{name}: at least one of x1 and x2 must be an nx Array, got {type(x1).__name__} and {type(x2).__name__}")


def promote_pair_tensors(name: str, x1: Any, x2: Any) -> tuple[Tensor, Tensor, DType]:
    """``promote_pair`` with a scalar made a 0-d tensor on the other operand's device."""
    a1, a2, d = promote_pair(name, x1, x2)
    if not isinstance(a1, Tensor):
        a1 = a2.backend.full(d, (), a1)
    elif not isinstance(a2, Tensor):
        a2 = a1.backend.full(d, (), a2)
    return a1, a2, d
