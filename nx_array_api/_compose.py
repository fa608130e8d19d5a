"""Compositions of backend primitives that several namespace modules share.

The backend protocol keeps one primitive per capability; what a frontend can build from
them lives here, once: a cast only when the dtype changes, a reshape that copies only
when no view can give the shape, the reduced axes kept as size 1 (``keepdims``), and
padding with a fill value (a fresh tensor filled, then the data written into its middle).
"""

from __future__ import annotations

from typing import Any, Sequence

from nx_core.dtype import DType
from nx_core.tensor import Tensor

from ._array_types import ArrayT
from ._validation import check_device_dtype
from ._messages import cannot_cast


__all__ = ["cast", "convert", "flat", "kept", "padded", "reshaped", "transfer"]


def cast(t: ArrayT, d: DType, name: str | None = None) -> ArrayT:
    """``t`` in dtype ``d``: ``t`` itself when it has it, else a cast copy.

    ``name``: where ``d`` comes from the caller (``sum(x, dtype=...)``), the device of
    ``t`` must support it: a ValueError naming ``name`` otherwise. Without it, ``d`` is
    one the arrays of the call already imply (a promoted dtype, the real dtype of a
    complex one), which their device supports.
    """
    if t.dtype is d:
        return t
    if name is not None:
        check_device_dtype(name, t.backend.device, d)
    return t.backend.cast(t, dtype=d)


def convert(name: str, t: ArrayT, d: DType) -> ArrayT:
    """``t``'s values converted to dtype ``d`` as ``astype`` converts them (also
    ``asarray(x, dtype=...)`` and ``x[k] = v``): a floating-point tensor into an integer
    dtype by the engine's own conversion (the backend's ``engine_cast``: NumPy's
    ``astype``, whose values for NaN, infinities and values out of range are the ones
    users and their tests know; also ``sum(x, dtype=...)``), anything else by ``cast``;
    ``t`` itself when it has ``d``. ``d`` is a dtype of t's device (the caller checks). Complex values to a real dtype are refused (TypeError naming ``name``): the
    standard asks for ``real`` or ``imag`` first, where NumPy drops the imaginary part."""
    if t.dtype is d:
        return t
    if t.dtype.kind == "c" and d.kind in "iuf":
        raise cannot_cast(name, f"complex {t.dtype.name} values", d, f"The Array API standard stipulates that casting {t.dtype.name} to {d.name} should not be permitted; take real() or imag() first")
    if t.dtype.kind == "f" and d.kind in "iu":
        return t.backend.engine_cast(t, d)
    return t.backend.cast(t, dtype=d)


def transfer(t: ArrayT, device: Any) -> ArrayT:
    """A copy of ``t`` on ``device`` (of any namespace: ``asarray`` moves arrays between
    them), through the host: a host array of a copy of the elements, taken up by the
    destination's backend, so that the two devices never share memory. ``device``
    supports t's dtype (checked by the caller)."""
    src = t.backend
    return device.backend.from_host(src.to_host(src.copy(t)))


def reshaped(t: ArrayT, shape: tuple[int, ...]) -> ArrayT:
    """``t`` with ``shape`` (same element count): a view when its strides allow one
    (``View.reshape``), else a reshaped copy."""
    if t.shape == shape:
        return t
    B = t.backend
    r = B.reshape(t, shape)
    return r if r is not None else B.reshape(B.copy(t), shape)


def flat(t: ArrayT) -> ArrayT:
    """``t`` as a 1-D tensor: a view when possible, else a copy."""
    return reshaped(t, (t.numel,))


def kept(r: ArrayT, shape: tuple[int, ...], axes: Sequence[int], keepdims: bool) -> ArrayT:
    """The reduction ``r`` of a tensor of ``shape`` over ``axes``, with the reduced axes
    kept as size 1 when ``keepdims``: ``keepdims`` is the frontend's alone, backends
    reduce the axes away. A view of ``r``, or a copy when its layout needs one."""
    if not keepdims or not axes:
        return r
    return reshaped(r, tuple(1 if i in axes else d for i, d in enumerate(shape)))


def padded(t: ArrayT, padding: Sequence[tuple[int, int]], fill: Any) -> ArrayT:
    """A fresh tensor: ``t`` with ``(before, after)`` elements of ``fill`` around each
    axis (``fill`` already representable in t's dtype)."""
    return t.backend.pad(t, tuple(padding), fill)  # the seed's pad: one primitive
