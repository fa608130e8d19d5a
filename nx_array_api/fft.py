"""The ``fft`` extension of the standard (2025.12).

The backend's transforms are unnormalised (``ifft(fft(x)) = n * x``); the ``norm``
modes are applied here with one multiply:

=============  =============================  ======================================
norm           forward transforms             inverse transforms
=============  =============================  ======================================
"backward"     1                              1/n
"ortho"        1/sqrt(n)                      1/sqrt(n)
"forward"      1/n                            1
=============  =============================  ======================================

(``hfft`` counts as a forward transform, ``ihfft`` as an inverse one; for the n-D
transforms ``n = prod(s)``.) Inputs are trimmed along a transformed axis with an O(1)
view and zero-padded with the backend's ``pad``. Single precision stays single
precision: complex64 in gives complex64 (or float32) out. Real floating-point inputs of
the complex transforms are cast to the complex dtype of their precision.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Literal, Optional, Sequence, TypeVar, Union

from nx_core.dtype import DType
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array, Device
from ._devices import namespace_of
from ._compose import padded
from ._flags import DROPIN, public_dir, register_extension
from ._messages import not_allowed
from ._validation import as_int, check_array, check_category, check_device, check_device_dtype, check_shape, default_dtype, extension, names_memory_errors, normalize_axes_in_order, normalize_axis

__all__ = [
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
]

_NORMS = ("backward", "ortho", "forward")
_Norm = Literal["backward", "ortho", "forward"]
_F = TypeVar("_F", bound=Callable[..., Any])


def _transform(fn: _F) -> _F:
    """A transform of the fft extension: gated by its flag (``extension``), its
    MemoryErrors named (``names_memory_errors``: the output's size comes from ``n``/``s``)."""
    return extension("fft")(names_memory_errors(fn))


# ------------------------------------------------------------------ helpers
def _complex_input(name: str, x: Any) -> Array:
    """x as a complex tensor (real floating-point inputs cast to their complex dtype)."""
    x = check_array(name, x)
    d = x.dtype
    if d in _dt.complex_floating:
        return x
    if d in _dt.real_floating and not x._ns.strict:  # array-api-strict: complex only
        t = x
        return t.backend.cast(t, dtype=_dt.REAL_TO_COMPLEX[d])
    raise not_allowed(name, "complex floating-point" if x._ns.strict else "floating-point", d)


def _real_input(name: str, x: Any) -> Array:
    x = check_array(name, x)
    check_category(name, x.dtype, "real floating-point")
    return x


def _check_norm(name: str, norm: Any, x: Array) -> Any:  # one of _NORMS
    """``norm`` when it is one of ``_NORMS``; else a ValueError, as NumPy's, but for a
    value that is no string in the strict namespace (x's): a TypeError, as
    array-api-strict's (the parameter is typed as one of three strings)."""
    if not isinstance(norm, str) and x._ns.strict:
        x._ns.refuse("argument", TypeError(f"{name}: norm must be 'backward', 'ortho' or 'forward', got {type(norm).__name__}"))
    if not isinstance(norm, str) or norm not in _NORMS:
        raise ValueError(f"{name}: norm must be 'backward', 'ortho' or 'forward', got {norm!r}")
    return norm


def _length(name: str, n: Any, arg: str = "n", strict: bool = False) -> int:
    v = as_int(name, n, arg, allow_bool=not strict)  # array-api-strict: a bool is no length
    if v < 1:
        raise ValueError(f"{name}: invalid number of data points {v} (must be at least 1)")
    return v


def _resize(name: str, t: Array, axis: int, n: int) -> Array:
    """t trimmed (a view) or zero-padded (a copy) to length ``n`` along ``axis``; a
    length whose complex result could not exist is a ValueError naming ``name``."""
    shape = t.shape
    m = shape[axis]
    if n > m:
        check_shape(name, shape[:axis] + (n,) + shape[axis + 1 :], _dt.REAL_TO_COMPLEX.get(t.dtype, t.dtype).itemsize)
    if n != m and 0 in shape[:axis] + shape[axis + 1 :]:
        return t.backend.buffer(t.dtype, shape[:axis] + (n,) + shape[axis + 1 :])
    if n < m:
        bounds = [(0, d) for d in shape]
        bounds[axis] = (0, n)
        return t.backend.shrink(t, bounds)
    if n > m:
        padding = [(0, 0)] * len(shape)
        padding[axis] = (0, n - m)
        return padded(t, padding, 0)
    return t


def _scale(t: Array, norm: str, n: int, inverse: bool) -> Array:
    if norm == "ortho":
        f = 1.0 / math.sqrt(n)
    elif (norm == "forward") != inverse:
        f = 1.0 / n
    else:
        return t
    return t.backend.mul(t, f)


def _axes(name: str, axes: Any, ndim: int) -> tuple[int, ...]:
    """``axes`` (None: all) as non-negative axes, in the given order; repeats raise ValueError."""
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (str, bytes)) or not isinstance(axes, Sequence):
        raise TypeError(f"{name}: axes must be a sequence of ints or None, got {type(axes).__name__}")
    return normalize_axes_in_order(name, axes, ndim)


def _prologue(name: str, x: Any, n: Any, axis: Any, norm: Any, *, real: bool, half: bool) -> tuple[Array, int, int, Any]:
    """What every 1-D transform checks first: (x's tensor, the axis, the length ``n``,
    ``norm``). ``real``: x must be real floating-point (rfft, ihfft); else it is taken
    as complex. ``half``: ``n`` counts the real outputs of a Hermitian pair (irfft,
    hfft), ``2*(M-1)`` by default; else it defaults to x's length M along the axis."""
    t = _real_input(name, x) if real else _complex_input(name, x)
    norm = _check_norm(name, norm, t)
    if t.ndim == 0:
        raise ValueError(f"{name}: x must have at least one dimension")
    ax = normalize_axis(name, axis, t.ndim)
    if n is not None:
        return t, ax, _length(name, n, strict=t._ns.strict), norm
    m = t.shape[ax]
    n = 2 * (m - 1) if half else m
    if n < 1:
        if half:
            raise ValueError(f"{name}: invalid number of output points {n} (x has {m} along axis {ax})")
        raise ValueError(f"{name}: invalid number of data points {n} (must be at least 1)")
    return t, ax, n, norm


def _sizes(name: str, t: Array, s: Any, axes: Any, last_half: bool = False) -> tuple[tuple[int, ...], list[int]]:
    """(axes, output lengths) of an n-D transform; ``s[i] == -1`` keeps the default.

    With ``last_half`` (irfftn) the default length of the last axis is ``2*(M-1)``.
    """
    shape = t.shape
    if s is not None and axes is None:
        raise ValueError(f"{name}: axes must be given when s is given")
    ax = _axes(name, axes, len(shape))
    default = [shape[a] for a in ax]
    if last_half and ax:
        default[-1] = 2 * (shape[ax[-1]] - 1)
    if s is None:
        sizes = default
    else:
        if isinstance(s, (str, bytes)) or not isinstance(s, Sequence):
            raise TypeError(f"{name}: s must be a sequence of ints or None, got {type(s).__name__}")
        if len(s) != len(ax):
            raise ValueError(f"{name}: s has {len(s)} entries but axes has {len(ax)}")
        sizes = []
        for v, dflt in zip(s, default):
            v = as_int(name, v, "s", allow_bool=not t._ns.strict)
            sizes.append(dflt if v == -1 else v)
    for v in sizes:
        if v < 1:
            raise ValueError(f"{name}: invalid number of data points {v} (must be at least 1)")
    return ax, sizes


# ------------------------------------------------------ complex transforms
def _c2c(name: str, x: Any, n: Any, axis: int, norm: str, inverse: bool) -> Array:
    t, ax, n, norm = _prologue(name, x, n, axis, norm, real=False, half=False)
    t = _resize(name, t, ax, n)
    B = t.backend
    r = (B.ifft if inverse else B.fft)(t, axes=(ax,))
    return _scale(r, norm, n, inverse)


def _c2cn(name: str, x: Any, s: Any, axes: Any, norm: str, inverse: bool) -> Array:
    t = _complex_input(name, x)
    norm = _check_norm(name, norm, t)
    ax, sizes = _sizes(name, t, s, axes)
    for a, v in zip(ax, sizes):
        t = _resize(name, t, a, v)
    B = t.backend
    if not ax:
        return B.copy(t)
    r = (B.ifft if inverse else B.fft)(t, axes=tuple(ax))
    return _scale(r, norm, math.prod(sizes), inverse)


@_transform
def fft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """One-dimensional discrete Fourier transform along ``axis`` (length ``n``)."""
    return _c2c("fft", x, n, axis, norm, False)


@_transform
def ifft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """One-dimensional inverse discrete Fourier transform along ``axis`` (length ``n``)."""
    return _c2c("ifft", x, n, axis, norm, True)


@_transform
def fftn(
    x: Array, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: _Norm = "backward"
) -> Array:
    """n-dimensional discrete Fourier transform over ``axes`` (all by default), with
    lengths ``s``."""
    return _c2cn("fftn", x, s, axes, norm, False)


@_transform
def ifftn(
    x: Array, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: _Norm = "backward"
) -> Array:
    """n-dimensional inverse discrete Fourier transform over ``axes`` (all by default)."""
    return _c2cn("ifftn", x, s, axes, norm, True)


# --------------------------------------------------------- real transforms
@_transform
def rfft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """One-dimensional transform of real input: ``n//2 + 1`` non-negative frequency bins."""
    t, ax, n, norm = _prologue("rfft", x, n, axis, norm, real=True, half=False)
    r = t.backend.rfft(_resize("rfft", t, ax, n), axes=(ax,))
    return _scale(r, norm, n, False)


@_transform
def irfft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """Inverse of ``rfft``: ``n`` real outputs (default ``2*(M-1)``) from the first
    ``n//2 + 1`` bins of x."""
    t, ax, n, norm = _prologue("irfft", x, n, axis, norm, real=False, half=True)
    r = t.backend.irfft(_resize("irfft", t, ax, n // 2 + 1), axes=(ax,), s=(n,))
    return _scale(r, norm, n, True)


@_transform
def rfftn(
    x: Array, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: _Norm = "backward"
) -> Array:
    """n-dimensional transform of real input; the last of ``axes`` keeps ``s[-1]//2 + 1``
    bins."""
    t = _real_input("rfftn", x)
    norm = _check_norm("rfftn", norm, t)
    ax, sizes = _sizes("rfftn", t, s, axes)
    if not ax:
        raise ValueError("rfftn: at least one axis must be transformed")
    for a, v in zip(ax, sizes):
        t = _resize("rfftn", t, a, v)
    r = t.backend.rfft(t, axes=tuple(ax))
    return _scale(r, norm, math.prod(sizes), False)


@_transform
def irfftn(
    x: Array, /, *, s: Optional[Sequence[int]] = None, axes: Optional[Sequence[int]] = None, norm: _Norm = "backward"
) -> Array:
    """Inverse of ``rfftn``: real output of lengths ``s`` (default: x's lengths, and
    ``2*(M-1)`` along the last of ``axes``)."""
    t = _complex_input("irfftn", x)
    norm = _check_norm("irfftn", norm, t)
    ax, sizes = _sizes("irfftn", t, s, axes, last_half=True)
    if not ax:
        raise ValueError("irfftn: at least one axis must be transformed")
    for a, v in zip(ax[:-1], sizes[:-1]):
        t = _resize("irfftn", t, a, v)
    t = _resize("irfftn", t, ax[-1], sizes[-1] // 2 + 1)
    r = t.backend.irfft(t, axes=tuple(ax), s=tuple(sizes))
    return _scale(r, norm, math.prod(sizes), True)


@_transform
def hfft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """Transform of a Hermitian-symmetric signal given by its first half: ``n`` real
    outputs (default ``2*(M-1)``)."""
    t, ax, n, norm = _prologue("hfft", x, n, axis, norm, real=False, half=True)
    B = t.backend
    r = B.irfft(B.conj(_resize("hfft", t, ax, n // 2 + 1)), axes=(ax,), s=(n,))
    return _scale(r, norm, n, False)


@_transform
def ihfft(x: Array, /, *, n: Optional[int] = None, axis: int = -1, norm: _Norm = "backward") -> Array:
    """Inverse of ``hfft`` for real input: ``n//2 + 1`` complex outputs."""
    t, ax, n, norm = _prologue("ihfft", x, n, axis, norm, real=True, half=False)
    B = t.backend
    r = B.conj(B.rfft(_resize("ihfft", t, ax, n), axes=(ax,)))
    return _scale(r, norm, n, True)


# -------------------------------------------------------------- frequencies
def _freq_args(name: str, n: Any, d: Any, dtype: Any, device: Any) -> tuple[int, float, DType, DType, Any]:
    """(n, d, dtype, working dtype, backend) of a frequency function, validated. The
    frequencies are computed in float64 and cast to dtype afterwards, or in dtype on a
    device without float64."""
    dev = check_device(name, device)
    n = _length(name, n, strict=namespace_of(dev).strict)
    if isinstance(d, bool) or type(d) not in (int, float):
        raise TypeError(f"{name}: d must be a float, got {type(d).__name__}")
    if d == 0:
        raise ValueError(f"{name}: d must be non-zero")
    if dtype is None:
        dtype = default_dtype(dev, "real floating")
    elif not isinstance(dtype, DType) or dtype not in _dt.real_floating:
        raise TypeError(f"{name}: dtype must be a real floating-point dtype, got {dtype!r}")
    check_device_dtype(name, dev, dtype)
    check_shape(name, (n,), 8)
    work = _dt.float64 if dev.supports(_dt.float64) else dtype
    return n, float(d), dtype, work, dev.backend


@names_memory_errors
def fftfreq(
    n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None
) -> Array:
    """Sample frequencies of an ``n``-point transform with spacing ``d``:
    ``[0, 1, ..., -(n//2), ..., -1] / (d*n)``."""
    DROPIN.check("fft.fftfreq")
    return frequencies(n, d=d, dtype=dtype, device=device)


@names_memory_errors
def rfftfreq(
    n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None
) -> Array:
    """Sample frequencies of ``rfft``: ``[0, 1, ..., n//2] / (d*n)``."""
    DROPIN.check("fft.rfftfreq")
    return real_frequencies(n, d=d, dtype=dtype, device=device)


def frequencies(n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None) -> Array:
    """``fftfreq`` without the flags' gate (each namespace gates its own)."""
    n, d, dtype, work, B = _freq_args("fftfreq", n, d, dtype, device)
    k = B.cat([B.arange(work, 0, 1, (n - 1) // 2 + 1), B.arange(work, -(n // 2), 1, n // 2)], axis=0)
    return B.cast(B.mul(k, 1.0 / (n * d)), dtype=dtype)


def real_frequencies(n: int, /, *, d: float = 1.0, dtype: Optional[DType] = None, device: Optional[Device] = None) -> Array:
    """``rfftfreq`` without the flags' gate (each namespace gates its own)."""
    n, d, dtype, work, B = _freq_args("rfftfreq", n, d, dtype, device)
    k = B.arange(work, 0, 1, n // 2 + 1)
    return B.cast(B.mul(k, 1.0 / (n * d)), dtype=dtype)


# ------------------------------------------------------------------- shifts
def _shift(name: str, x: Any, axes: Any, inverse: bool) -> Array:
    x = check_array(name, x)
    if x._ns.strict:  # as array-api-strict's
        check_category(name, x.dtype, "floating-point")
    t = x
    B = t.backend
    nd = t.ndim
    if axes is None:
        ax = list(range(nd))
    elif isinstance(axes, Sequence) and not isinstance(axes, (str, bytes)):
        ax = [normalize_axis(name, a, nd) for a in axes]
    else:
        ax = [normalize_axis(name, axes, nd)]
    if 0 in t.shape:
        ax = []  # nothing to move
    for a in ax:
        shape = t.shape
        m = shape[a]
        k = (-(m // 2) if inverse else m // 2) % m if m else 0
        if k == 0:
            continue
        # roll by k: out = cat(t[m-k:], t[:m-k]) along axis a
        head = [(0, d) for d in shape]
        tail = list(head)
        head[a] = (m - k, m)
        tail[a] = (0, m - k)
        t = B.cat([B.shrink(t, head), B.shrink(t, tail)], axis=a)
    return B.copy(t) if t is x else t


@extension("fft")
def fftshift(x: Array, /, *, axes: Optional[Union[int, Sequence[int]]] = None) -> Array:
    """Moves the zero-frequency bin to the centre of each axis in ``axes`` (all by default)."""
    return _shift("fftshift", x, axes, False)


@extension("fft")
def ifftshift(x: Array, /, *, axes: Optional[Union[int, Sequence[int]]] = None) -> Array:
    """Inverse of ``fftshift`` (they differ by one sample for odd lengths)."""
    return _shift("ifftshift", x, axes, True)


register_extension("fft", __all__)


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
