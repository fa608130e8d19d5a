"""The ``fft`` extension of the strict namespace: the transforms of ``nx_array_api.fft``
(each works on its array's namespace) and this namespace's frequency functions."""

from __future__ import annotations

from ..fft import fft, fftn, fftshift, hfft, ifft, ifftn, ifftshift, ihfft, irfft, irfftn, rfft, rfftn
from ._bound import fftfreq, rfftfreq

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
