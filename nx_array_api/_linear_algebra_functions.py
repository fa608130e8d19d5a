"""Linear algebra functions of the main namespace (the standard's "Linear Algebra
Functions" section): ``matmul``, ``matrix_transpose``, ``tensordot`` and ``vecdot``.

The ``linalg`` extension re-exports them. Each validates dtypes and shapes up front,
promotes its operands by the standard's lattice, broadcasts batch dimensions with
stride-0 views and makes one backend call.
"""

from __future__ import annotations

from typing import Any, Sequence, Tuple, Union

from nx_core.errors import AxisError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_types import ARRAY_TYPES, ArrayT

from ._messages import axis_out_of_bounds, not_allowed
from ._validation import as_int, backend_of, broadcast_shapes, broadcast_tensor, check_array, check_shape, core_message

__all__ = ["matmul", "matrix_transpose", "tensordot", "vecdot"]



def promote_operands(name: str, x1: ArrayT, x2: ArrayT, allowed: frozenset, what: str) -> tuple[ArrayT, ArrayT, Any]:
    """Both operands as tensors of their promoted dtype (TypeError outside ``allowed``),
    and the backend of their device (ValueError when they live on two devices)."""
    x1 = check_array(name, x1, "x1")
    x2 = check_array(name, x2, "x2")
    d1, d2 = x1.dtype, x2.dtype
    if d1 not in allowed or d2 not in allowed:
        raise not_allowed(name, what, d1, d2)
    B = backend_of(name, x1, x2)
    d = _dt.result_type_pair(d1, d2, name, x1._ns.strict)
    t1 = x1 if d1 is d else B.cast(x1, dtype=d)
    t2 = x2 if d2 is d else B.cast(x2, dtype=d)
    return t1, t2, B


def matmul(x1: ArrayT, x2: ArrayT, /) -> ArrayT:
    """Matrix product with NumPy's ``@`` semantics.

    A 1-D ``x1`` is promoted to a row ``(1, K)``, a 1-D ``x2`` to a column ``(K, 1)``, and
    the added axes are removed from the result; batch dimensions broadcast. 0-d
    operands and mismatched inner dimensions raise ValueError.
    """
    c = type(x1)
    if c in ARRAY_TYPES and type(x2) is c:  # the common call: two matrices alike
        t1, t2 = x1, x2
        s1, s2 = t1.shape, t2.shape
        B = t1.backend
        if len(s1) == 2 and len(s2) == 2 and s1[1] == s2[0] and t1.dtype is t2.dtype and t1.dtype in _dt.numeric and t2.backend is B:
            try:
                return B.matmul(t1, t2)
            except ValueError as e:  # a result size no array can have (NumPy's words)
                raise ValueError(core_message("matmul", e)) from None
    t1, t2, B = promote_operands("matmul", x1, x2, _dt.numeric, "numeric")
    s1, s2 = t1.shape, t2.shape
    if not s1 or not s2:
        raise ValueError(f"matmul: operands must have at least one dimension, got shapes {s1} and {s2}")
    v1, v2 = len(s1) == 1, len(s2) == 1
    if v1:
        t1 = B.reshape(t1, (1, s1[0]))
    if v2:
        t2 = B.reshape(t2, (s2[0], 1))
    a, b = t1.shape, t2.shape
    if a[-1] != b[-2]:
        raise ValueError(f"matmul: inner dimensions differ: shapes {s1} and {s2} ({a[-1]} != {b[-2]})")
    batch = broadcast_shapes("matmul", a[:-2], b[:-2])
    check_shape("matmul", batch + (a[-2], b[-1]), t1.dtype.itemsize)
    t1 = broadcast_tensor(t1, batch + a[-2:])
    t2 = broadcast_tensor(t2, batch + b[-2:])
    r = B.matmul(t1, t2)
    if v1 or v2:
        shape = batch + (() if v1 else (a[-2],)) + (() if v2 else (b[-1],))
        r = B.reshape(r, shape)
    return r


def matrix_transpose(x: ArrayT, /) -> ArrayT:
    """Transposes the last two axes: an O(1) view sharing ``x``'s buffer."""
    x = check_array("matrix_transpose", x)
    n = x.ndim
    if n < 2:
        raise ValueError(f"matrix_transpose: x must have at least 2 dimensions, got shape {x.shape}")
    return x.backend.permute(x, (*range(n - 2), n - 1, n - 2))


def _contraction_axes(name: str, axes: Any, n1: int, n2: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(axes, (tuple, list)):
        if len(axes) != 2:
            raise ValueError(f"{name}: axes must be an int or a pair of sequences, got {axes!r}")
        out = []
        for seq, n, arg in ((axes[0], n1, "x1"), (axes[1], n2, "x2")):
            if not isinstance(seq, Sequence) or isinstance(seq, str):
                seq = (seq,)
            norm = []
            for a in seq:
                i = as_int(name, a, "axes")
                if not -n <= i < n:
                    raise axis_out_of_bounds(name, i, n, arg)
                norm.append(i + n if i < 0 else i)
            if len(set(norm)) != len(norm):
                raise ValueError(f"{name}: repeated axis in {tuple(seq)} for {arg}")
            out.append(tuple(norm))
        if len(out[0]) != len(out[1]):
            raise ValueError(f"{name}: axes sequences differ in length: {out[0]} and {out[1]}")
        return out[0], out[1]
    k = as_int(name, axes, "axes")
    if k < 0:
        raise ValueError(f"{name}: axes must be non-negative, got {k}")
    if k > n1 or k > n2:
        raise ValueError(f"{name}: cannot contract {k} axes of arrays of dimension {n1} and {n2}")
    return tuple(range(n1 - k, n1)), tuple(range(k))


def tensordot(
    x1: ArrayT,
    x2: ArrayT,
    /,
    *,
    axes: Union[int, Tuple[Sequence[int], Sequence[int]]] = 2,
) -> ArrayT:
    """Tensor contraction over ``axes`` (an int N: the last N of x1 with the first N of
    x2; or a pair of axis sequences). Contracted sizes must match exactly."""
    t1, t2, B = promote_operands("tensordot", x1, x2, _dt.numeric, "numeric")
    s1, s2 = t1.shape, t2.shape
    a1, a2 = _contraction_axes("tensordot", axes, len(s1), len(s2))
    for i, j in zip(a1, a2):
        if s1[i] != s2[j]:
            raise ValueError(
                f"tensordot: contracted axis {i} of x1 (size {s1[i]}) and axis {j} of x2 (size {s2[j]}) differ"
            )
    free = tuple(d for i, d in enumerate(s1) if i not in a1) + tuple(d for j, d in enumerate(s2) if j not in a2)
    check_shape("tensordot", free, t1.dtype.itemsize)
    return B.tensordot(t1, t2, axes=(list(a1), list(a2)))


def vecdot(x1: ArrayT, x2: ArrayT, /, *, axis: int = -1) -> ArrayT:
    """Dot products of the vectors along ``axis``: ``sum(conj(x1) * x2)``.

    From the 2023.12 standard on, ``axis`` counts from the end (the drop-in namespace
    also takes a non-negative axis of two inputs of one rank); before, it is an axis of
    the broadcast shape. The contracted axis must have the same size in both inputs (it
    is never broadcast), the other axes broadcast.
    """
    t1, t2, B = promote_operands("vecdot", x1, x2, _dt.numeric, "numeric")
    s1, s2 = t1.shape, t2.shape
    ax = as_int("vecdot", axis, "axis")
    n = max(len(s1), len(s2))
    lo = min(len(s1), len(s2))
    ns = x1._ns
    if ns.at_least("2023.12"):
        if ax >= 0:
            if ns.strict or len(s1) != len(s2) or ax >= n:
                msg = f"vecdot: axis must be negative, in [-{lo}, -1], got {ax}"
                if len(s1) != len(s2) or ax >= n:
                    raise ValueError(msg)
                ns.refuse("axis", ValueError(msg))
            ax -= n
        if lo == 0 or not -lo <= ax <= -1:
            raise ValueError(f"vecdot: axis {ax} is out of bounds for shapes {s1} and {s2}")
    else:  # the 2022.12 standard's: an axis of the broadcast shape
        if not -n <= ax < n:
            raise AxisError(f"vecdot: axis {ax} is out of bounds for the broadcast shape of {s1} and {s2}")
        ax = ax - n if ax >= 0 else ax
    p1, p2 = (1,) * (n - len(s1)) + s1, (1,) * (n - len(s2)) + s2
    if p1[ax] != p2[ax]:
        raise ValueError(f"vecdot: x1 and x2 must have the same size along axis {ax}, got {p1[ax]} and {p2[ax]}")
    shape = broadcast_shapes("vecdot", s1, s2)
    t1 = broadcast_tensor(t1, shape)
    t2 = broadcast_tensor(t2, shape)
    return B.vecdot(t1, t2, axis=ax + n)
