"""The backend protocol: counter-based random bits: the Threefry-2x32 block function.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol

from ...tensor import Tensor

__all__ = ["RandomPrimitives"]


class RandomPrimitives(Protocol):
    """Counter-based random bits: the Threefry-2x32 block function."""

    # ------------------------------------------------------------ random
    def threefry(self, key: Tensor, counter: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``key`` and ``counter`` int32 (or uint32) of one shape
        whose last dim is 2 (else ValueError). Backend must: Threefry-2x32-20 (Random123
        ``threefry2x32_20``) of each counter pair under its key pair, on the uint32 bit
        patterns; result in counter's dtype and shape; pairs addressed through any
        last-axis stride."""
