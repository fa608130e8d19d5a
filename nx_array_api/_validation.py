"""Input validation shared by the namespace: messages start with the function's name."""

from __future__ import annotations

import operator
from typing import Any, Sequence

from nx_core import shape as _shape
from nx_core.backend import get_backend
from nx_core.dtype import DType
from nx_core.errors import AxisError, NxInvalidArgument, ScalarOverflowError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array

__all__ = [
    "check_array",
    "check_category",
    "normalize_axis",
    "normalize_axes",
    "broadcast_shapes",
    "broadcast_tensor",
    "as_int",
    "py_scalar",
    "ScalarOverflowError",
]

_B = get_backend()


def check_array(name: str, x: Any, arg: str = "x") -> Array:
    if type(x) is not Array:
        if isinstance(x, Array):
            return x
        raise TypeError(f"{name}: {arg} must be an nx array, got {type(x).__name__}")
    return x


def check_category(name: str, dtype: DType, category: str) -> None:
    if dtype not in _dt.CATEGORIES[category]:
        raise TypeError(f"{name}: only {category} dtypes are allowed, got {dtype.name}")


def as_int(name: str, value: Any, arg: str, *, allow_bool: bool = True) -> int:
    """``value`` as a Python int via ``operator.index``: Python and NumPy integers and
    0-d integer arrays (nx or NumPy) are accepted; floats, complex numbers, strings,
    arrays that are not 0-d or not of an integer dtype are a TypeError. A Python bool
    is accepted as 0/1 unless ``allow_bool`` is False."""
    if isinstance(value, bool):
        if allow_bool:
            return int(value)
        raise TypeError(f"{name}: {arg} must be an integer, got bool")
    if isinstance(value, Array) and value.ndim != 0:
        raise TypeError(f"{name}: {arg} must be an integer, got an array of shape {value.shape}")
    try:
        return operator.index(value)
    except TypeError:
        kind = f"an array of dtype {value.dtype.name}" if isinstance(value, Array) else type(value).__name__
        raise TypeError(f"{name}: {arg} must be an integer, got {kind}") from None


def normalize_axis(name: str, axis: Any, ndim: int) -> int:
    a = as_int(name, axis, "axis")
    if not -ndim <= a < ndim:
        raise AxisError(f"{name}: axis {a} is out of bounds for an array of dimension {ndim}")
    return a + ndim if a < 0 else a


def normalize_axes(name: str, axis: Any, ndim: int) -> tuple[int, ...]:
    """``axis`` (None, an int or a sequence of ints) as sorted unique non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = tuple(normalize_axis(name, a, ndim) for a in axis)
        if len(set(axes)) != len(axes):
            raise ValueError(f"{name}: repeated axis in {tuple(axis)}")
        return tuple(sorted(axes))
    return (normalize_axis(name, axis, ndim),)


def broadcast_shapes(name: str, *shapes: Sequence[int]) -> tuple[int, ...]:
    if not shapes:
        return ()
    out = tuple(shapes[0])
    for s in shapes[1:]:
        s = tuple(s)
        if s != out:
            try:
                out = tuple(_shape.broadcast(out, s))
            except NxInvalidArgument as e:
                raise ValueError(f"{name}: shapes {out} and {s} cannot be broadcast together ({e})") from None
    return out


def broadcast_tensor(t: Tensor, shape: tuple[int, ...]) -> Tensor:
    """``t`` viewed with ``shape`` (stride-0 expansion, no copy); shapes already checked."""
    if t.view.shape == shape:
        return t
    return _B.broadcast_to(t, shape)


def py_scalar(v: Any) -> Any:
    """``v`` as a plain Python scalar when it is a scalar in disguise, else ``v`` itself.

    NumPy scalars (``np.float64(2.0)``, ``np.int32(3)``, ``np.bool_(True)``), subclasses
    of the Python scalar types and 0-d nx arrays count as scalars, as consumers such as
    scikit-learn and SciPy pass them where the standard writes ``int | float``.
    """
    t = type(v)
    if t is bool or t is int or t is float or t is complex:
        return v
    if t is Array:
        return _B.item(v._t) if not v._t.view.shape else v
    if isinstance(v, bool):
        return bool(v)
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        return float(v)
    if isinstance(v, complex):
        return complex(v)
    item = getattr(v, "item", None)
    if item is not None and getattr(v, "shape", None) == () and type(v).__module__ == "numpy":
        r = item()
        if type(r) in (bool, int, float, complex):
            return r
    return v
