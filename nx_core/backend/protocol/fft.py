"""The backend protocol: discrete Fourier transforms along one axis (fresh C-contiguous results).

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ...tensor import Tensor

__all__ = ["FFTPrimitives"]


class FFTPrimitives(Protocol):
    """Discrete Fourier transforms along one axis (fresh C-contiguous results)."""

    # --------------------------------------------------------------- fft
    def fft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Seed 004: ``fft t ~axes`` computes the forward DFT along axes.

        Frontend guarantees: valid, distinct axes; complex (real promoted). Backend
        must: UNNORMALISED forward DFT ``X[k] = sum_j x[j] exp(-2 pi i jk/n)`` along each
        axis; same shape and dtype (float32 -> complex64, else complex128)."""

    def ifft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Seed 004: ``ifft t ~axes`` computes the inverse DFT along axes.

        Frontend guarantees: as ``fft``. Backend must: ``+`` sign and NO ``1/n``
        (``ifft(fft(x)) = n * x``)."""

    def rfft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Seed 004: ``rfft t ~dtype ~axes`` computes the real-input DFT along axes,
        returning only the non-redundant half of the spectrum along the last
        transformed axis (conjugate symmetry).

        Frontend guarantees: real input, non-empty axes. Backend must: real-input DFT
        (float32 -> complex64, float64 -> complex128); the last listed axis keeps
        ``n//2 + 1`` bins, the others are full transforms; unnormalised."""

    def irfft(self, x: Tensor, *, axes: Sequence[int], s: Sequence[int] | None = None) -> Tensor:
        """Seed 004: ``irfft ?s t ~dtype ~axes`` computes the inverse real-input DFT
        along axes: conjugate-symmetric complex input, real output; s gives the
        output sizes (None infers them).

        Frontend guarantees: complex input, non-empty axes, ``s`` one per axis or
        None. Backend must: unnormalised inverse of ``rfft`` (``irfft(rfft(x), s=[n]) =
        n*x``); last axis length ``s[-1]`` or ``2*(m-1)``, using the first ``n//2+1``
        bins (extra truncated, missing zero; imaginary parts of bin 0 and of bin n/2 for
        even n ignored); complex64 -> float32, complex128 -> float64."""
