"""The backend protocol: counter-based random bits: the Threefry-2x32 block function and its counter-mode stream.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ...dtype import DType
from ...tensor import Tensor

__all__ = ["RandomPrimitives"]


class RandomPrimitives(Protocol):
    """Counter-based random bits: the Threefry-2x32 block function and its counter-mode stream."""

    # ------------------------------------------------------------ random
    def threefry(self, key: Tensor, counter: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``threefry ~out key counter`` applies the Threefry-2x32 hash
        function to int32 key and counter tensors; out has counter's shape.

        Frontend guarantees: ``key`` and ``counter`` int32 (or uint32) of one shape
        whose last dim is 2 (else ValueError). Backend must: Threefry-2x32-20 (Random123
        ``threefry2x32_20``) of each counter pair under its key pair, on the uint32 bit
        patterns; result in counter's dtype and shape; pairs addressed through any
        last-axis stride."""

    def random_bits(self, key: Tensor, *, shape: Sequence[int], dtype: DType, tag: int = 0) -> Tensor:
        """Frontend guarantees: ``key`` uint32 of shape ``(2,)``; ``shape`` non-negative
        ints with fewer than 2**62 elements; ``dtype`` uint32 or uint64; ``tag`` an int in
        ``[0, 2**32)``. Backend must: a fresh C-contiguous tensor of ``shape`` and
        ``dtype`` whose element ``i`` (row-major) is, with ``(y0, y1)`` the Threefry-2x32-20
        block of the counter ``((i >> 32) | tag, i mod 2**32)`` under ``key`` (as
        ``threefry`` computes it), ``y0 ^ y1`` for uint32 and ``(y0 << 32) | y1`` for
        uint64: the same bits whatever the backend, and whatever part of the result is
        computed first or alone (a lazy backend computes any block on its own)."""

    def random_uniform(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        """Frontend guarantees: as ``random_normal``. Backend must: a fresh C-contiguous
        tensor of uniforms in [0, 1) whose element ``i`` is ``f - 1``, ``f`` the float in
        [1, 2) whose mantissa is the top 52 (float64) or 23 (float32) bits of element
        ``i`` of ``random_bits`` in uint64 (float64) or uint32 (float32), tag 0
        (``nx_core.backend.kernels.threefry.uniform`` is the reference): the same values whatever
        the backend, and whatever part of the result is computed first or alone."""

    def random_normal(self, key: Tensor, *, shape: Sequence[int], dtype: DType) -> Tensor:
        """Frontend guarantees: ``key`` uint32 of shape ``(2,)``; ``shape`` non-negative
        ints with fewer than 2**62 elements; ``dtype`` float32 or float64. Backend must: a
        fresh C-contiguous tensor of standard normals whose element ``i`` (row-major) is
        the first (``i`` even) or second (``i`` odd) normal of pair ``p = i // 2``, by
        Box-Muller: ``(r cos t, r sin t)``, ``r = sqrt(-2 log u1)``, ``t = 2 pi u2``, from
        uniforms made as ``uniform`` makes them: float64: ``u1 = 2 - f1``, ``u2 = f2 - 1``,
        ``f1``/``f2`` the floats in [1, 2) of the uint64 Threefry bits of the counters
        ``(hi(p) | 0xC0000000, lo(p))`` and ``(hi(p) | 0xE0000000, lo(p))``; float32: the
        top 23 bits of the two words ``y0``, ``y1`` of the first counter, arithmetic in
        float32 (``nx_core.backend.kernels.threefry.normal`` is the reference): the same values
        whatever the backend, and whatever part of the result is computed first or alone."""

