"""UNNORMALISED discrete Fourier transforms along a tuple of axes.

``fft``: ``X[k] = sum_j x[j] exp(-2 pi i jk/n)`` along every listed axis.  ``ifft`` uses
the ``+`` sign and no ``1/n`` (``ifft(fft(x)) = n * x``).  ``rfft`` is the real-input
transform (the last listed axis keeps ``n//2 + 1`` bins); ``irfft`` is its unnormalised
inverse.  Single precision stays single precision (float32 <-> complex64).
The frontend applies any normalisation.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["fft", "ifft", "rfft", "irfft"]


def _axes(name: str, axes: Sequence[int], ndim: int) -> tuple[int, ...]:
    out = []
    for a in axes:
        a = int(a)
        if not -ndim <= a < ndim:
            raise ValueError(f"{name}: axis {a} out of bounds for rank {ndim}")
        out.append(a + ndim if a < 0 else a)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: repeated axis in {list(axes)}")
    return tuple(out)


def _complex_dtype(dt: np.dtype) -> np.dtype:
    if dt in (np.complex64, np.complex128):
        return dt
    if dt in (np.float32, np.float16):
        return np.dtype(np.complex64)
    if dt.kind in "biuf":
        return np.dtype(np.complex128)
    raise ValueError(f"unsupported dtype {dt}")


def _real_dtype(dt: np.dtype) -> np.dtype:
    if dt in (np.float32, np.float16, np.complex64):
        return np.dtype(np.float32)
    if dt.kind in "biufc":
        return np.dtype(np.float64)
    raise ValueError(f"unsupported dtype {dt}")


def _fresh(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    return np.asarray(x, dtype=dtype, order="C")


def _c2c(name: str, x: np.ndarray, axes: Sequence[int], inverse: bool) -> np.ndarray:
    x = np.asarray(x)
    try:
        cdt = _complex_dtype(x.dtype)
    except ValueError as e:
        raise ValueError(f"{name}: {e}") from None
    ax = _axes(name, axes, x.ndim)
    xc = x.astype(cdt, copy=False)
    if not ax or any(x.shape[a] == 0 for a in ax):
        # no transform / an empty transformed axis: the result is the (empty) input
        return np.array(xc, dtype=cdt, order="C", copy=True)
    # (one axis: NumPy's 1-D transform, which its n-D one calls per axis, without the
    # n-D one's argument handling)
    if inverse:  # "forward": the inverse is unscaled
        r = np.fft.ifft(xc, axis=ax[0], norm="forward") if len(ax) == 1 else np.fft.ifftn(xc, axes=ax, norm="forward")
    else:
        r = np.fft.fft(xc, axis=ax[0], norm="backward") if len(ax) == 1 else np.fft.fftn(xc, axes=ax, norm="backward")
    return _fresh(r, cdt)


def _real_transform(name: str, x: np.ndarray, axes: Sequence[int]) -> tuple[np.dtype, np.dtype, tuple[int, ...]]:
    """``(real dtype, complex dtype, axes)`` of ``name``, a transform between real and
    complex ``x`` over ``axes`` (normalised, at least one): ValueError otherwise."""
    try:
        rdt = _real_dtype(x.dtype)
    except ValueError as e:
        raise ValueError(f"{name}: {e}") from None
    ax = _axes(name, axes, x.ndim)
    if not ax:
        raise ValueError(f"{name}: axes must be non-empty")
    return rdt, _complex_dtype(rdt), ax


def fft(x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """Unnormalised forward DFT along ``axes``; complex in, same dtype and shape out
    (real input is promoted: float32 -> complex64, otherwise complex128)."""
    return _c2c("fft", x, axes, inverse=False)


def ifft(x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """Unnormalised inverse DFT (``+`` sign, no ``1/n``) along ``axes``."""
    return _c2c("ifft", x, axes, inverse=True)


def rfft(x: np.ndarray, axes: Sequence[int]) -> np.ndarray:
    """Real-input DFT: float32 -> complex64, float64 -> complex128.  The LAST listed
    axis of length ``n`` gives ``n//2 + 1`` bins; the other listed axes are full complex
    transforms."""
    x = np.asarray(x)
    if x.dtype.kind == "c":
        raise ValueError(f"rfft: input must be real, got {x.dtype}")
    rdt, cdt, ax = _real_transform("rfft", x, axes)
    last = ax[-1]
    out_shape = list(x.shape)
    out_shape[last] = x.shape[last] // 2 + 1
    if any(x.shape[a] == 0 for a in ax) or x.size == 0:
        # Sums over nothing are 0 (an empty last axis still has its one DC bin).
        return np.zeros(out_shape, dtype=cdt)
    xr = x.astype(rdt, copy=False)
    r = np.fft.rfft(xr, axis=last, norm="backward") if len(ax) == 1 else np.fft.rfftn(xr, axes=ax, norm="backward")
    return _fresh(r, cdt)


def irfft(x: np.ndarray, axes: Sequence[int], s: Sequence[int | None] | None = None) -> np.ndarray:
    """Unnormalised inverse of :func:`rfft` (``irfft(rfft(x), s=[n]) = n * x``).

    The output length along the last listed axis is ``s[-1]`` if given, else
    ``2*(m-1)`` (``m`` its input length); it uses the first ``n//2 + 1`` bins (extra bins
    truncated, missing bins zero; the imaginary parts of bin 0 and, for even ``n``, of bin
    ``n/2`` are ignored).  Along the other listed axes ``s[i]`` (when given and not None)
    is the length the input is truncated / zero-padded to before the complex inverse;
    otherwise the input size is kept.  complex64 -> float32, complex128 -> float64."""
    x = np.asarray(x)
    rdt, cdt, ax = _real_transform("irfft", x, axes)
    if s is None:
        sizes = [x.shape[a] for a in ax[:-1]] + [2 * (x.shape[ax[-1]] - 1)]
    else:
        s = list(s)
        if len(s) != len(ax):
            raise ValueError(f"irfft: s has {len(s)} entries, expected {len(ax)} (one per axis)")
        sizes = [x.shape[a] if v is None else int(v) for a, v in zip(ax[:-1], s[:-1])]
        sizes.append(2 * (x.shape[ax[-1]] - 1) if s[-1] is None else int(s[-1]))
    if any(n < 0 for n in sizes):
        raise ValueError(f"irfft: invalid output lengths {sizes}")
    out_shape = list(x.shape)
    for a, n in zip(ax, sizes):
        out_shape[a] = n
    xc = x.astype(cdt, copy=False)
    if 0 in out_shape:
        return np.zeros(out_shape, dtype=rdt)
    if x.shape[ax[-1]] == 0 or any(x.shape[a] == 0 for a in ax[:-1]):
        # every bin missing: all zero
        return np.zeros(out_shape, dtype=rdt)
    if len(ax) == 1:
        r = np.fft.irfft(xc, n=sizes[0], axis=ax[0], norm="forward")
    else:
        r = np.fft.irfftn(xc, s=sizes, axes=ax, norm="forward")
    return _fresh(r, rdt)
