"""The ``fft`` extension of the strict namespace: the transforms of ``nx_array_api.fft``
(each works on its array's namespace) and this namespace's frequency functions."""

from __future__ import annotations

from .. import fft as _fft
from .._flags import public_dir
from ..fft import fft as fft, fftn as fftn, fftshift as fftshift, hfft as hfft, ifft as ifft
from ..fft import ifftn as ifftn, ifftshift as ifftshift, ihfft as ihfft, irfft as irfft
from ..fft import irfftn as irfftn, rfft as rfft, rfftn as rfftn
from ._bound import fftfreq as fftfreq
from ._bound import rfftfreq as rfftfreq

#: The drop-in's names: the frequency functions are this namespace's own.
__all__ = list(_fft.__all__)


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
