"""Data type functions (the standard's "Data Type Functions" section).

``astype`` is one backend conversion (``_compose.convert``); the rest answer questions about dtypes from the
promotion lattice of ``_dtypes`` and the IEEE 754 formats, which are facts about the
types, not array values. (``broadcast_arrays``/``broadcast_to`` live with manipulation.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nx_core.dtype import DType

from . import _dtypes as _dt
from ._array_object import _UNSET, Array, StrictArray
from ._compose import convert
from ._devices import CPU_DEVICE
from ._flags import DROPIN, Namespace
from ._messages import not_a_dtype
from ._scalars import scalar_dtype, scalar_kind
from ._validation import check_array, check_device, check_device_dtype

__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]



def _dtype_of(name: str, v: Any, arg: str) -> DType:
    if isinstance(v, Array):
        return v.dtype
    if type(v) is DType and v in _dt.all_dtypes:
        return v
    raise TypeError(f"{name}: {arg} must be a dtype or array of the namespace, got {v!r}")


def _namespace(args: Any, ns: Namespace) -> Namespace:
    """The namespace that governs a call of a data type function: the first array's
    among ``args``, else ``ns``, the namespace the function was reached through."""
    for a in args:
        if isinstance(a, Array):
            return a._ns
    return ns


def astype(x: Array, dtype: DType, /, *, copy: bool = True, device: Any = _UNSET) -> Array:
    """``x`` converted to ``dtype`` (a new array unless ``copy=False`` and the dtype matches).

    Booleans become 0/1, nonzero values become True; float to integer truncates toward
    zero, and NaN, infinities and values outside the integer dtype's range (which the
    standard leaves to the implementation) convert as NumPy's ``astype`` converts them
    on the CPU device, bit for bit (``astype(asarray([-10.0]), uint16)`` is ``[65526]``;
    see docs/consumers.md). Complex to a real numeric dtype is refused (take
    ``real``/``imag`` first); complex to bool is ``x != 0``. ``device`` is the 2023.12
    standard's.
    """
    c = x.__class__
    if (c is Array or c is StrictArray) and copy is True and device is _UNSET and dtype.__class__ is DType:
        # The common call, a new dtype for x where it lives: checks of its own, no device's.
        d = x.dtype
        if dtype is not d and dtype in _dt.all_dtypes and dtype not in x.backend.device.unsupported:
            return convert("astype", x, dtype)
    x = check_array("astype", x)
    if type(dtype) is not DType or dtype not in _dt.all_dtypes:
        raise not_a_dtype("astype", dtype, _dt.ALL)
    if type(copy) is not bool:
        raise TypeError(f"astype: copy must be a bool, got {type(copy).__name__}")
    if device is _UNSET:
        dev = x.backend.device
    else:
        x._ns.requires("2023.12", "astype", "the device argument")
        dev = check_device("astype", device, x)
    check_device_dtype("astype", dev, dtype)
    if dev is not x.backend.device:
        x, copy = x.to_device(dev), False
    t = x
    if dtype is t.dtype:
        return t.backend.copy(t) if copy else x
    return convert("astype", t, dtype)


def can_cast(from_: DType | Array, to: DType, /) -> bool:
    """Whether ``from_`` (a dtype or an array's dtype) promotes to ``to``: the standard's
    lattice and, in the drop-in namespace, the mixed-kind pairs, which agree with NumPy's
    "safe" casting."""
    return dtype_can_cast(DROPIN, from_, to)


def dtype_can_cast(ns: Namespace, from_: Any, to: Any) -> bool:
    """``can_cast`` of namespace ``ns``."""
    f = _dtype_of("can_cast", from_, "from_")
    if type(to) is not DType or to not in _dt.all_dtypes:
        raise TypeError(f"can_cast: to must be a dtype, got {to!r}")
    table = _dt.PROMOTION if _namespace((from_,), ns).strict else _dt.PROMOTE
    return f is to or table.get((f, to)) is to


@dataclass(frozen=True)
class finfo_object:
    """Machine limits of a real floating-point dtype (what ``finfo`` returns)."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: DType


@dataclass(frozen=True)
class iinfo_object:
    """Machine limits of an integer dtype (what ``iinfo`` returns)."""

    bits: int
    max: int
    min: int
    dtype: DType


@dataclass(frozen=True, eq=False)
class strict_finfo_object(finfo_object):
    """``finfo`` of the strict namespace: neither comparable (each result is only equal
    to itself) nor hashable, as the standard promises neither (code that relies on
    either is caught)."""

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = None  # type: ignore[assignment]  # unhashable, as array-api-strict's


@dataclass(frozen=True, eq=False)
class strict_iinfo_object(iinfo_object):
    """``iinfo`` of the strict namespace: neither comparable nor hashable."""

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = None  # type: ignore[assignment]  # unhashable, as array-api-strict's


def _ieee(dtype: DType, mantissa: int, emax: int) -> tuple:
    # IEEE 754 binary format: ``mantissa`` stored fraction bits, exponents in [1 - emax, emax].
    big = (2.0 - 2.0**-mantissa) * 2.0**emax
    return (dtype.bits, 2.0**-mantissa, big, -big, 2.0 ** (1 - emax), dtype)


_FINFO = {_dt.float32: _ieee(_dt.float32, 23, 127), _dt.float64: _ieee(_dt.float64, 52, 1023)}
_IINFO = {d: (d.bits, hi, lo, d) for d in sorted(_dt.integer, key=lambda d: (d.kind, d.bits)) for lo, hi in [d.limits or _dt.NO_LIMITS]}
_DROPIN_FINFO = {d: finfo_object(*v) for d, v in _FINFO.items()}
_DROPIN_IINFO = {d: iinfo_object(*v) for d, v in _IINFO.items()}


def finfo(type: DType | Array, /) -> finfo_object:  # noqa: A002 - the standard's name
    """Limits of a floating-point dtype (of its component type when complex):
    ``bits``, ``eps``, ``max``, ``min``, ``smallest_normal``, ``dtype``."""
    return dtype_finfo(DROPIN, type)


def dtype_finfo(ns: Namespace, type: Any) -> finfo_object:  # noqa: A002
    """``finfo`` of namespace ``ns``."""
    d = _dtype_of("finfo", type, "type")
    d = _dt.COMPLEX_TO_REAL.get(d, d)
    if d not in _FINFO:
        raise TypeError(f"finfo: needs a floating-point dtype, got {d.name}")
    return strict_finfo_object(*_FINFO[d]) if _namespace((type,), ns).strict else _DROPIN_FINFO[d]


def iinfo(type: DType | Array, /) -> iinfo_object:  # noqa: A002 - the standard's name
    """Limits of an integer dtype: ``bits``, ``max``, ``min``, ``dtype``."""
    return dtype_iinfo(DROPIN, type)


def dtype_iinfo(ns: Namespace, type: Any) -> iinfo_object:  # noqa: A002
    """``iinfo`` of namespace ``ns``."""
    d = _dtype_of("iinfo", type, "type")
    if d not in _IINFO:
        raise TypeError(f"iinfo: needs an integer dtype, got {d.name}")
    return strict_iinfo_object(*_IINFO[d]) if _namespace((type,), ns).strict else _DROPIN_IINFO[d]


def _is_kind(dtype: DType, kind: Any) -> bool:
    if type(kind) is DType:
        return dtype is kind
    if isinstance(kind, str):
        s = _dt.KINDS.get(kind)
        if s is None:
            raise ValueError(f"isdtype: unknown kind {kind!r}; expected one of {sorted(_dt.KINDS)}")
        return dtype in s
    raise TypeError(f"isdtype: kind must be a dtype, a kind name or a tuple of those, got {kind!r}")


def isdtype(dtype: DType, kind: DType | str | tuple[DType | str, ...]) -> bool:
    """Whether ``dtype`` is ``kind`` (a dtype), of ``kind`` (a name such as ``"integral"``),
    or either for some member of a tuple of those."""
    if type(dtype) is DType:
        try:
            return _ISDTYPE[dtype, kind]  # (scikit-learn asks the same questions again and again)
        except (KeyError, TypeError):  # (TypeError: an unhashable kind, refused below)
            pass
    if type(dtype) is not DType or dtype not in _dt.all_dtypes:
        raise not_a_dtype("isdtype", dtype, _dt.ALL)
    if isinstance(kind, tuple):
        r = any([_is_kind(dtype, k) for k in kind])
    else:
        r = _is_kind(dtype, kind)
    if len(_ISDTYPE) < 4096 and (type(kind) is str or type(kind) is DType or (type(kind) is tuple and all(type(k) is str or type(k) is DType for k in kind))):
        _ISDTYPE[dtype, kind] = r
    return r


#: ``isdtype``'s answers, by dtype and kind (names and dtypes only, as given).
_ISDTYPE: dict[tuple[DType, Any], bool] = {}


def result_type(*arrays_and_dtypes: Array | DType | bool | int | float | complex) -> DType:
    """The dtype the arguments promote to: the standard's rules, and NumPy 2's for two kinds
    the standard leaves undefined (an integer with a floating-point dtype, say).

    At least one argument must be an array or a dtype; Python scalars then join as in
    ``array <op> scalar`` (a complex scalar makes a real floating dtype complex), from the
    2024.12 standard on.
    """
    return dtypes_result_type(DROPIN, *arrays_and_dtypes)


def dtypes_result_type(ns: Namespace, *arrays_and_dtypes: Any) -> DType:
    """``result_type`` of namespace ``ns``."""
    ns = _namespace(arrays_and_dtypes, ns)
    dtypes: list[DType] = []
    kinds: list[int] = []
    for a in arrays_and_dtypes:
        if isinstance(a, Array):
            dtypes.append(a.dtype)
        elif type(a) is DType:
            if a not in _dt.all_dtypes:
                raise TypeError(f"result_type: {a!r} is not one of the namespace's dtypes")
            dtypes.append(a)
        else:
            k = scalar_kind(a)
            if k < 0 or (ns.strict and type(a) not in (bool, int, float, complex)):
                msg = f"result_type: expected arrays, dtypes or Python scalars, got {type(a).__name__}"
                if k < 0:
                    raise TypeError(msg)
                ns.refuse("python scalar", TypeError(msg))
            kinds.append(k)
    if not dtypes:
        raise ValueError("result_type: at least one array or dtype is required")
    d = dtypes[0]
    for o in dtypes[1:]:
        d = _dt.result_type_pair(d, o, "result_type", ns.strict)
    if kinds:
        ns.requires("2024.12", "result_type", "a Python scalar argument")
    for k in kinds:
        d = scalar_dtype("result_type", d, k, CPU_DEVICE if ns.strict else None)
    return d
