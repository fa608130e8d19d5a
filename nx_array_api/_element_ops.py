"""The element-wise machinery: operands, the factories of the regular functions and of
their operators, and in-place writes.

``unary`` and ``binary`` make a function that validates, promotes (Python scalars by the
standard's rules), broadcasts, and makes one backend call. ``binary`` also makes the
function's operators (``OPERATORS[name]``: the forward and the reflected one), which differ
from the function in one way only, Python's: an operand of a type they do not know gives
``NotImplemented``, so that the other operand's reflected method runs (a wrapper type,
such as a masked or a labelled array, holding an nx array); the named function raises
TypeError instead.
"""

from __future__ import annotations

import inspect
import sys
from typing import Any, Callable

from nx_core.dtype import DType
from nx_core.errors import NxInvalidArgument, ScalarOverflowError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from . import _stale
from ._array_types import ARRAY_TYPES, DROPIN_TYPES, ArrayT

from ._messages import cannot_cast, not_an_array
from ._messages import not_allowed as _not_allowed  # (this module's not_allowed takes a category's dtypes)
from ._scalars import promote_pair, scalar_operand
from ._validation import BROADCAST_PAIRS, STRICT_WRITES, backend_of, broadcast_pair, broadcast_shapes, broadcast_tensor, core_message, gate

__all__ = ["unary", "binary", "OPERATORS", "operators_of", "inplace", "inplace_operator", "known_operand", "not_allowed", "gate"]

_CATS = _dt.CATEGORIES
_INEXACT = _dt.CATEGORIES["floating-point"]
_F64 = _dt.float64
_I64 = _dt.int64
_I64_MIN, _I64_MAX = -(1 << 63), (1 << 63) - 1
_EXACT = _dt.FLOAT64_EXACT_INT  # (the Python ints the fast paths hand on with a float64 array)
_PROMOTE = _dt.PROMOTE
_PROMOTION = _dt.PROMOTION
_PY_SCALARS = (bool, int, float, complex)
_ONLY = inspect.Parameter.POSITIONAL_ONLY
_METHOD_SIGNATURE = inspect.Signature([inspect.Parameter("self", _ONLY), inspect.Parameter("other", _ONLY)], return_annotation="Any")


def _operands(name: str, x1: Any, x2: Any, allowed: frozenset, prim: str | None, function: bool) -> tuple[Any, Any, DType]:
    """Validates and promotes two operands: (a, b, dtype), tensors of the promoted dtype
    broadcast to one shape, or a tensor and a Python scalar in the order given (the
    caller hands a scalar first to the primitive through ``_scalar_first``). Arrays live on the
    backend both share (ValueError when they live on two devices). When the
    backend's primitive ``prim`` broadcasts by itself ([EW2]), shapes that differ are
    checked to broadcast together and the tensors keep them. ``function``: called as a
    named function (where the standard takes Python scalars from version 2024.12 on),
    not as an operator.
    """
    c1, c2 = type(x1), type(x2)
    if c1 in ARRAY_TYPES and c2 is c1:
        t1, t2 = x1, x2
        B = t1.backend
        if t2.backend is not B:
            backend_of(name, t1, t2)  # raises: the arrays live on two devices
        d = t1.dtype
        if d is not t2.dtype:
            d = (_PROMOTE if c1 in DROPIN_TYPES else _PROMOTION).get((d, t2.dtype))
            if d is None:
                d = _dt.result_type_pair(t1.dtype, t2.dtype, name, True)  # raises, or records the strict refusal
            if t1.dtype is not d:
                t1 = B.cast(t1, dtype=d)
            if t2.dtype is not d:
                t2 = B.cast(t2, dtype=d)
        if d not in allowed:
            raise not_allowed(name, d, allowed, function)
        s1, s2 = t1.shape, t2.shape
        if s1 != s2:
            shape = broadcast_pair(name, s1, s2)
            if not _broadcasts(B, prim):
                t1 = broadcast_tensor(t1, shape)
                t2 = broadcast_tensor(t2, shape)
        return t1, t2, d
    if function and (c1 in ARRAY_TYPES or c2 in ARRAY_TYPES):
        ns = (x1 if c1 in ARRAY_TYPES else x2)._ns
        if ns.refused and c1 is not c2 and (c1 in _PY_SCALARS or c2 in _PY_SCALARS):
            ns.requires("2024.12", name, "a Python scalar operand")
    if c1 in ARRAY_TYPES and c2 not in ARRAY_TYPES:
        # x op scalar, the scalar kept second: promote_pair's branch written out, as the
        # array pair's is above (one call less on the path of x + 1).
        t = x1
        try:
            s, d = scalar_operand(name, x2, t.dtype, t.backend.device)
        except ScalarOverflowError as e:
            r = _beyond_range(prim, t, x2, False)
            if r is None:
                raise
            if t._ns.strict:
                t._ns.refuse("python scalar", e)
            return r
        if d not in allowed:
            raise not_allowed(name, d, allowed, function)
        return (t if t.dtype is d else t.backend.cast(t, dtype=d)), s, d
    try:
        a, b, d = promote_pair(name, x1, x2)  # a scalar first, or arrays of two namespaces
    except ScalarOverflowError as e:
        r = _beyond_range(prim, x2, x1, True) if type(x2) in ARRAY_TYPES else None
        if r is None:
            raise
        if x2._ns.strict:
            x2._ns.refuse("python scalar", e)
        return r
    if d not in allowed:
        raise not_allowed(name, d, allowed, function)
    if not isinstance(a, Tensor):  # a Python scalar first: the caller places it
        return a, b, d
    if isinstance(b, Tensor) and a.shape != b.shape:
        shape = broadcast_pair(name, a.shape, b.shape)
        if not _broadcasts(a.backend, prim):
            a = broadcast_tensor(a, shape)
            b = broadcast_tensor(b, shape)
    return a, b, d


def _beyond_range(prim: str | None, x: Any, s: Any, scalar_first: bool) -> tuple[Any, Any, DType] | None:
    """The drop-in's comparison of an integer array ``x`` with a Python int ``s`` beyond
    its dtype's range, which NumPy 2 compares exactly (``uint8_x < -1`` is all False)
    where other operations refuse it: every element lies on the same side of ``s``, so
    the operands 0 (each element) and 1 or -1 (``s``, by its sign) give the comparison's
    answer, in the operands' order. None where this does not apply (the caller re-raises
    the refusal; the strict namespace's goes through its ``refuse``)."""
    if prim not in _COMPARES or type(s) is not int or x.dtype.kind not in "iu":
        return None
    B = x.backend
    rep = 1 if s > 0 else -1
    if scalar_first:
        return B.full(_dt.int64, x.shape, rep), 0, _dt.int64
    return B.full(_dt.int64, x.shape, 0), rep, _dt.int64


_COMPARES = frozenset(("cmpeq", "cmpne", "cmplt", "cmple"))


def _scalar_first(B: Any, prim: str | None, d: DType, value: Any, shape: tuple) -> Any:
    """A Python scalar that comes first to binary primitive ``prim``, for operands of
    dtype ``d``: the scalar itself where ``prim`` broadcasts its operands ([EW2]: such a
    primitive takes a scalar first, as it takes one second), else a 0-d tensor broadcast
    to ``shape`` (a stride-0 view of one element). No array of the other operand's shape
    is filled either way: ``1.0 - x`` costs what ``x - 1.0`` costs."""
    if _broadcasts(B, prim):
        return value
    return broadcast_tensor(B.full(d, (), value), shape)


def _broadcasts(B: Any, prim: str | None) -> bool:
    """Whether backend ``B``'s binary primitive ``prim`` broadcasts its operands itself
    (protocol [EW2]: its function carries a true ``broadcasts`` attribute, as NumPy's
    ufuncs do), so that the frontend checks their shapes and does not expand them."""
    if prim is None:
        return False
    k = (type(B), prim)
    r = _BROADCASTS.get(k)
    if r is None:
        r = _BROADCASTS[k] = getattr(getattr(k[0], prim, None), "broadcasts", False) is True
    return r


_BROADCASTS: dict[tuple[type, str], bool] = {}  # (backend class, primitive) -> _broadcasts


#: The method of each binary function's operator, named in its refusals as
#: array-api-strict names it ("Only floating-point dtypes are allowed in __truediv__").
DUNDER = {
    "add": "__add__", "subtract": "__sub__", "multiply": "__mul__", "divide": "__truediv__",
    "floor_divide": "__floordiv__", "remainder": "__mod__", "pow": "__pow__", "bitwise_and": "__and__",
    "bitwise_or": "__or__", "bitwise_xor": "__xor__", "bitwise_left_shift": "__lshift__",
    "bitwise_right_shift": "__rshift__", "equal": "__eq__", "not_equal": "__ne__", "less": "__lt__",
    "less_equal": "__le__", "greater": "__gt__", "greater_equal": "__ge__", "matmul": "__matmul__",
}


def not_allowed(name: str, d: DType, allowed: frozenset, function: bool = True) -> TypeError:
    """The TypeError of a dtype outside a function's category (``function``: False for
    its operator)."""
    return _not_allowed(name, _category_name(allowed), d, where=None if function else DUNDER.get(name))


def _category_name(allowed: frozenset) -> str:
    for k, v in _CATS.items():
        if v == allowed:
            return k
    return "other"


def known_operand(x: Any, other: Any) -> bool:
    """Whether an operator of array ``x`` handles ``other`` itself: an nx array, a Python
    scalar (or an instance of a subclass of one), or one of NumPy's objects (its scalars,
    which the drop-in namespace takes as Python scalars, and its arrays, which the
    operator refuses with TypeError rather than let NumPy's reflected operator turn the
    result into a NumPy array), and in the strict namespace any built-in type (a string,
    None, a list) and nx's dtypes, which array-api-strict's operators refuse. For any
    other type the operator gives ``NotImplemented``, so that Python asks the other
    operand (a wrapper type holding nx arrays)."""
    c = type(other)
    if c in ARRAY_TYPES or c in _PY_SCALARS:
        return True
    if x._ns.strict and c.__module__.partition(".")[0] in ("builtins", "nx_core"):
        return True  # a str, None, a list, a dtype: no wrapper; array-api-strict refuses them (TypeError)
    return isinstance(other, _PY_SCALARS) or c.__module__.partition(".")[0] == "numpy"


#: name -> (operator, reflected operator) of each binary function (``binary`` fills it).
OPERATORS: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {}


def operators_of(
    fn: Callable[[Any, Any], Any], direct: Callable[[Any, Any], Any] | None = None, kinds: str = ""
) -> tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]:
    """The operators of the binary function ``fn`` that is not ``binary``'s own (``pow``,
    ``divide``, which check more): ``fn`` itself, with ``NotImplemented`` for an operand
    of a type they do not know. ``direct``: the ``binary`` function that ``fn`` hands
    the operands on to, unchanged, when the array's dtype kind is in ``kinds`` and the
    other operand is a Python float or int, or an array of its class whose dtype kind is
    in ``kinds`` too (``x / y``, ``x ** 2`` on floating-point arrays): called at once."""

    def op(x: Any, other: Any, /) -> Any:
        c = other.__class__
        if direct is not None and x.dtype.kind in kinds:
            if c is float or c is int or (c is x.__class__ and other.dtype.kind in kinds):
                return direct(x, other)
        if c is not x.__class__ and not known_operand(x, other):  # (an array of its class: known)
            return NotImplemented
        return fn(x, other)

    def reflected(x: Any, other: Any, /) -> Any:
        if direct is not None and x.dtype.kind in kinds:
            c = other.__class__
            if c is float or c is int:
                return direct(other, x)
        if not known_operand(x, other):
            return NotImplemented
        return fn(other, x)

    op.__name__ = op.__qualname__ = reflected.__name__ = reflected.__qualname__ = fn.__name__
    return op, reflected


def binary(
    name: str, category: str, prim: str, doc: str, swap: bool = False, since: str | None = None, operators: bool = True
) -> Callable[[ArrayT | complex, ArrayT | complex], ArrayT]:
    """The function ``name(x1, x2)``: ``prim(x1, x2)``, or ``prim(x2, x1)`` when ``swap``
    (greater is cmplt with its operands swapped), computed on the backend of the
    operands; validation and messages are name's. Its operators go into ``OPERATORS``.
    ``since``: the version of the standard that added the function (a gate, see _flags);
    ``operators``: False for a helper whose operators are another function's."""
    allowed = _CATS[category]
    gated = since is not None
    # The checks the common calls need, remembered (each cell replaced whole, so threads
    # see one consistent tuple): (backend, dtype, backend's bound primitive, whether it
    # broadcasts by itself) of the last call on two arrays of one dtype, and (backend,
    # dtype, bound primitive) of the last call on an array and a Python float.
    pair: tuple = (None, None, None, False)
    with_float: tuple = (None, None, None)
    # ... and of the last call on a Python float first and an array whose dtype is the
    # result's, where the primitive takes the scalar first itself ([EW2]: 1.0 - x).
    float_first: tuple = (None, None, None)
    # ... and of the last call on an int64 array and a Python int it holds, passed on as
    # it is.
    with_int: tuple = (None, None, None)
    # ... and, for a swapped function (greater), of the last call on a floating-point
    # array and a Python float, which the primitive takes first (x > 0.5 is 0.5 < x).
    swapped_float: tuple = (None, None, None)

    def primitive(B: Any, d: DType, scalar: bool) -> Any:
        """B's primitive, for operands of dtype ``d`` (checked to be allowed), and the
        cell of the case remembered."""
        nonlocal pair, with_float
        k = pair
        op = k[2] if k[0] is B else getattr(B, prim)
        if scalar:
            if d in _INEXACT:
                with_float = (B, d, op)
        else:
            pair = (B, d, op, _broadcasts(B, prim))
        return op

    def make(function: bool) -> Callable[[Any, Any], Any]:
        def f(x1: Any, x2: Any, /) -> Any:
            nonlocal float_first, with_int
            c = x1.__class__  # (cheaper than type(x1))
            if c in ARRAY_TYPES and x2.__class__ is c:
                k = pair
                d = x1.dtype
                B = x1.backend
                if k[1] is d and k[0] is B and x2.backend is B and x2.dtype is d:
                    s1 = x1.shape
                    s2 = x2.shape
                    # (two shapes that broadcast together, met before: X - mean, x + y[:, None])
                    if s1 == s2 or (k[3] and (s1, s2) in BROADCAST_PAIRS):
                        if gated:
                            gate(name, x1, x2)
                        return k[2](x1, x2)
                a, b, d = _operands(name, x1, x2, allowed, prim, function)
                op = primitive(a.backend, d, False)
            elif c in ARRAY_TYPES and (x2.__class__ is float or (x2.__class__ is int and x1.dtype is _F64 and -_EXACT <= x2 <= _EXACT)):
                k = with_float
                if k[1] is x1.dtype and k[0] is x1.backend and not (function and x1._ns.refused):
                    if gated:
                        gate(name, x1, x2)
                    # x op 1.0 on a floating-point array, or x op 8 on a float64 one (an
                    # int float64 holds exactly, as _operands hands it on): its dtype is
                    # the result's
                    return k[2](x1, x2 if x2.__class__ is float else float(x2))
                a, b, d = _operands(name, x1, x2, allowed, prim, function)
                op = primitive(a.backend, d, b is x2 or b.__class__ is float)
            elif c in ARRAY_TYPES and x2.__class__ is int and x1.dtype is _I64 and _I64_MIN <= x2 <= _I64_MAX:
                k = with_int
                if k[0] is x1.backend and not (function and x1._ns.refused):
                    if gated:
                        gate(name, x1, x2)
                    return k[2](x1, x2)  # y == 1, i + 8 on an int64 array: as _operands hands them on
                a, b, d = _operands(name, x1, x2, allowed, prim, function)
                op = primitive(a.backend, d, b is x2)
                if a is x1 and b is x2 and d is _I64:
                    with_int = (a.backend, d, op)
            else:
                if x2.__class__ in ARRAY_TYPES and (c is float or (c is int and x2.dtype is _F64 and -_EXACT <= x1 <= _EXACT)):
                    k = float_first  # 1.0 - x (and 200 - x on a float64 x): as x - 1.0 above
                    if k[1] is x2.dtype and k[0] is x2.backend and not (function and x2._ns.refused):
                        if gated:
                            gate(name, x1, x2)
                        return k[2](x1 if c is float else float(x1), x2)
                elif not function and not known_operand(x1, x2):
                    return NotImplemented
                a, b, d = _operands(name, x1, x2, allowed, prim, function)
                if isinstance(a, Tensor):
                    op = primitive(a.backend, d, not isinstance(b, Tensor))
                else:  # a Python scalar first ([EW2])
                    B = b.backend
                    a = _scalar_first(B, prim, d, a, b.shape)
                    op = primitive(B, d, False)
                    if ((a is x1 and c is float) or (c is int and a.__class__ is float)) and x2.dtype is d and d in _INEXACT:
                        float_first = (B, d, op)
            if gated:
                gate(name, x1, x2)
            return op(a, b)

        def swapped(x1: Any, x2: Any, /) -> Any:
            nonlocal swapped_float
            c = x1.__class__
            if c in ARRAY_TYPES and x2.__class__ is c:
                k = pair
                d = x1.dtype
                B = x1.backend
                if k[1] is d and k[0] is B and x2.backend is B and x2.dtype is d:
                    s1 = x1.shape
                    s2 = x2.shape
                    if s1 == s2 or (k[3] and (s1, s2) in BROADCAST_PAIRS):
                        if gated:
                            gate(name, x1, x2)
                        return k[2](x2, x1)
            elif c in ARRAY_TYPES and (x2.__class__ is float or (x2.__class__ is int and x1.dtype is _F64 and -_EXACT <= x2 <= _EXACT)):
                k = swapped_float
                if k[1] is x1.dtype and k[0] is x1.backend and not (function and x1._ns.refused):
                    if gated:
                        gate(name, x1, x2)
                    return k[2](x2 if x2.__class__ is float else float(x2), x1)  # x > 0: as _operands hands it on
            elif not function and not known_operand(x1, x2):
                return NotImplemented
            a, b, d = _operands(name, x1, x2, allowed, prim, function)
            if not isinstance(a, Tensor):  # greater(0.5, x): the scalar comes second to prim
                op = primitive(b.backend, d, True)
            else:
                B = a.backend
                if not isinstance(b, Tensor):
                    b = _scalar_first(B, prim, d, b, a.shape)
                op = primitive(B, d, False)
                if a is x1 and b.__class__ is float and (x2.__class__ is float or x2.__class__ is int) and d in _INEXACT:
                    swapped_float = (B, d, op)  # (the float itself, first: prim broadcasts)
            if gated:
                gate(name, x1, x2)
            return op(b, a)

        g = swapped if swap else f
        g.__name__ = g.__qualname__ = name
        g.__doc__ = doc
        if not function:  # the method's parameters, as the standard names them: (self, other, /)
            try:
                g.__code__ = g.__code__.replace(co_varnames=("self", "other", *g.__code__.co_varnames[2:]))
            except AttributeError:  # compiled (Cython's functions keep their code): the signature says them
                g.__signature__ = _METHOD_SIGNATURE  # type: ignore[attr-defined]
            g.__annotations__ = {"self": "Any", "other": "Any", "return": "Any"}
        return g

    def reflected_of(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """The reflected operator (``1.0 - x`` is ``x.__rsub__(1.0)``): ``op(other, x)``,
        with the case of a Python float first on an array of a floating-point dtype
        answered from ``float_first`` as ``x - 1.0`` is from ``with_float``."""

        def reflected(x: Any, other: Any, /) -> Any:
            c = other.__class__
            if c is float or (c is int and x.dtype is _F64 and -_EXACT <= other <= _EXACT):
                k = float_first
                if k[1] is x.dtype and k[0] is x.backend:
                    if gated:
                        gate(name, other, x)
                    return k[2](other if c is float else float(other), x)  # 200 - x on float64: as 200.0 - x
            elif not known_operand(x, other):
                return NotImplemented
            return op(other, x)

        reflected.__name__ = reflected.__qualname__ = name
        return reflected

    fn = make(True)
    if operators:
        op = make(False)
        OPERATORS[name] = (op, operators_of(fn)[1] if swap else reflected_of(op))
    return fn


def unary(name: str, category: str, prim: str, doc: str, since: str | None = None) -> Callable[[ArrayT], ArrayT]:
    """The function ``name(x)``: ``prim(x)`` on the backend of ``x``, for dtypes of
    ``category``; ``since``: the version of the standard that added it (a gate)."""
    allowed = _CATS[category]
    gated = since is not None
    # (backend, dtype, backend's bound primitive) of the last call that passed the checks
    # (one tuple, replaced whole).
    seen: tuple = (None, None, None)

    def f(x: ArrayT, /) -> ArrayT:
        nonlocal seen
        c = x.__class__
        if c in ARRAY_TYPES:
            k = seen
            if k[1] is x.dtype and k[0] is x.backend:
                if gated and x._ns.refused:
                    x._ns.check(name)
                return k[2](x)
        else:
            raise not_an_array(name, "x", x)
        d = x.dtype
        if d not in allowed:
            raise _not_allowed(name, category, d)
        if gated and x._ns.refused:
            x._ns.check(name)
        B = x.backend
        op = getattr(B, prim)
        seen = (B, d, op)
        return op(x)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


#: The in-place operators whose backend primitive (by name) may write into an operand
#: (protocol), with the dtypes it may do so for.
IN_PLACE = {"add": ("add", _dt.numeric), "subtract": ("sub", _dt.numeric), "multiply": ("mul", _dt.numeric),
            "divide": ("div", _dt.floating), "pow": ("pow", _dt.floating)}


def inplace_operator(fn: Callable[[Any, Any], ArrayT]) -> Callable[[Any, Any], Any]:
    """The in-place operator of the binary function ``fn`` (``x += y``): :func:`inplace`."""
    in_place = IN_PLACE.get(fn.__name__)

    def method(self: Any, other: Any, /) -> Any:
        return inplace(fn, in_place, self, other)

    method.__name__ = method.__qualname__ = fn.__name__
    return method


def inplace(fn: Callable[[Any, Any], ArrayT], in_place: tuple[str, frozenset] | None, x: ArrayT, other: Any) -> Any:
    """``x op= other``: computes ``fn(x, other)`` and writes it back into ``x``;
    ``NotImplemented`` for an operand of a type the operators do not know.

    The result must keep ``x``'s dtype and shape (the standard forbids in-place
    operators that would change either). ``in_place``: the backend primitive that may
    write into an operand itself (protocol: add, sub, mul; div and pow on floating-point
    dtypes) and the dtypes it may do so for, for a dense ``x``.
    """
    if not known_operand(x, other):
        return NotImplemented
    if x._ns.strict and sys.getrefcount(x) > _TEMPORARY_REFS:
        with STRICT_WRITES:
            _inplace(fn, in_place, x, other)
            _stale.written(x, ..., other, None)
        return x
    return _inplace(fn, in_place, x, other)


def _inplace(fn: Callable[[Any, Any], ArrayT], in_place: tuple[str, frozenset] | None, x: ArrayT, other: Any) -> ArrayT:
    name = fn.__name__
    if in_place is not None:
        # add/subtract/multiply (divide, pow: floating): the backend writes straight into
        # a dense x's buffer (NumPy's `x += y`, no temporary), or into the dense copy of
        # any other x that ``contiguous`` makes, which is then assigned to x (the copy is
        # the one temporary the general path would make too); anything else takes the
        # general path.
        t = x
        B = t.backend
        d = t.dtype
        prim, dtypes = in_place
        if d in dtypes:
            o: Any = None
            c = type(other)
            if c in ARRAY_TYPES:
                ot = other
                if ot.backend is B and ot.dtype is d and broadcast_pair(name, t.shape, ot.shape) == t.shape:
                    # (unexpanded where the primitive broadcasts: NumPy's ufunc reads a
                    # (n, 1) column faster than its stride-0 expansion)
                    o = ot if _broadcasts(B, prim) else broadcast_tensor(ot, t.shape)
            elif c in (int, float, complex):
                s, rd = scalar_operand(name, other, d, B.device)
                if rd is d:
                    o = s
            if o is not None:
                dst = B.contiguous(t)  # (t itself when dense)
                try:
                    getattr(B, prim)(dst, o, out=dst)
                    if dst is not t:
                        B.assign(t, dst)
                except NxInvalidArgument as e:  # read-only memory, a broadcast view: x is left unchanged
                    raise ValueError(core_message(name, e)) from None
                return x
    r = fn(x, other)
    if r.dtype is not x.dtype:
        raise cannot_cast(name, f"the result's {r.dtype.name}", x.dtype, "x's dtype, which an in-place operator keeps")
    if r.shape != x.shape:
        raise ValueError(f"{name}: in-place result shape {r.shape} differs from {x.shape}")
    try:
        x.backend.assign(x, r)
    except NxInvalidArgument as e:  # a broadcast or padded view: x is left unchanged
        raise ValueError(core_message(name, e)) from None
    return x


def _temporary_refs() -> int:
    """How many references ``inplace`` sees to an array nothing names: the ``tmp`` of
    ``a[i] += v``, which Python runs as ``tmp = a[i]; tmp += v; a[i] = tmp``. Measured
    once, on a stand-in with the same call path, so that it holds on any CPython.

    Strict mode keeps no staleness books for such writes (``_stale``): whether ``a[i]``
    is a view or a copy, the final ``a[i] = tmp`` re-defines ``a[i]``, so the idiom is
    portable."""
    seen = []

    def probe(fn: Any, x: Any, other: Any) -> None:
        seen.append(sys.getrefcount(x))

    class Stand:
        def __iadd__(self, other: Any) -> "Stand":  # as Array.__iadd__ calls inplace
            probe(None, self, other)
            return self

    class Box:
        def __getitem__(self, key: Any) -> Stand:
            return Stand()

        def __setitem__(self, key: Any, value: Any) -> None:
            pass

    box = Box()
    box[0] += 1
    return seen[0]


_TEMPORARY_REFS = _temporary_refs()
