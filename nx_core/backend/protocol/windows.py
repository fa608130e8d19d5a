"""The backend protocol: sliding windows: ``unfold`` and its adjoint ``fold``.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ...tensor import Tensor

__all__ = ["WindowPrimitives"]


class WindowPrimitives(Protocol):
    """Sliding windows: ``unfold`` and its adjoint ``fold``."""

    # ----------------------------------------------------------- windows
    def unfold(
        self,
        x: Tensor,
        *,
        kernel_size: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[tuple[int, int]],
    ) -> Tensor:
        """Seed 004: ``unfold t ~kernel_size ~stride ~dilation ~padding`` extracts
        sliding windows from the last K spatial dimensions: ``(leading...,
        spatial...)`` gives ``(leading..., prod(kernel_size), L)``, L the number of
        windows; allocated.

        Frontend guarantees: K = len(kernel_size) = len(stride) = len(dilation) =
        len(padding); sizes >= 1, padding >= 0; rank >= K. Backend must: allocate
        ``(lead..., prod(kernel_size), L)`` over the last K (spatial) dims: row ``kf``
        (kernel offsets row-major), column ``l`` (windows row-major),
        ``sp_d = b_d*stride_d + q_d*dil_d - pb_d``; outside the input reads 0.
        ``L_d = (in_d + pb + pa - (dil*(k-1)+1)) // stride + 1``; a negative numerator
        raises ValueError."""

    def fold(
        self,
        x: Tensor,
        *,
        output_size: Sequence[int],
        kernel_size: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[tuple[int, int]],
    ) -> Tensor:
        """Seed 004: ``fold t ~output_size ~kernel_size ~stride ~dilation ~padding``
        combines sliding windows, the inverse of unfold: overlapping values are
        summed; allocated.

        Frontend guarantees: parameters as ``unfold`` with ``x`` of shape ``(lead...,
        prod(kernel_size), L)`` matching ``output_size``. Backend must: allocate
        ``(lead..., output_size...)`` starting from zeros and ADD each ``x[lead, kf, l]``
        at its spatial position (overlaps sum; contributions in the padding dropped)."""
