"""The backend protocol: reductions over axes (``keepdims`` is the frontend's), arg-reductions and scans.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ...dtype import DType
from ...tensor import Tensor

__all__ = ["ReductionPrimitives"]


class ReductionPrimitives(Protocol):
    """Reductions over axes (``keepdims`` is the frontend's), arg-reductions and scans."""

    # -------------------------------------------------------- reductions
    def reduce_sum(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``reduce_sum ~out ~axes ~keepdims x`` sums elements along axes;
        the reduced axes are removed, or kept as size-1 dimensions with keepdims.

        Frontend guarantees: [RED]. Backend must: the sum; empty extent gives 0;
        integers wrap (accumulate in x's dtype); float16 accumulates in float32 and
        rounds once; bool sum is ``any``."""

    def reduce_prod(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``reduce_prod ~out ~axes ~keepdims x`` multiplies elements along
        axes.

        Frontend guarantees: [RED]. Backend must: the product; empty extent gives 1;
        integers wrap; float16 accumulates in float32; bool prod is ``all``."""

    def reduce_max(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``reduce_max ~out ~axes ~keepdims x`` finds the maximum along
        axes.

        Frontend guarantees: [RED]. Backend must: the maximum; any NaN gives NaN;
        unsigned as unsigned; bool is any; an empty reduced extent raises ValueError."""

    def reduce_min(self, x: Tensor, *, axes: Sequence[int], keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``reduce_min ~out ~axes ~keepdims x`` finds the minimum along
        axes.

        Frontend guarantees: [RED]. Backend must: the minimum; any NaN gives NaN;
        bool is all; an empty reduced extent raises ValueError."""

    def reduce_any(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: bool result, whether any element is
        non-zero (NaN is non-zero; complex: either part); empty extent gives False."""

    def reduce_all(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: bool result, whether every element
        is non-zero; empty extent gives True."""

    def count_nonzero(self, x: Tensor, *, axes: Sequence[int], dtype: DType) -> Tensor:
        """Frontend guarantees: [RED]; ``dtype`` an integer dtype that holds the count.
        Backend must: how many elements along ``axes`` are non-zero (NaN is non-zero;
        complex: either part), as ``dtype``; empty extent gives 0; no temporary of x's
        shape wider than bool (the count of a large mask is no array of int64 first)."""

    def reduce_var(self, x: Tensor, *, axes: Sequence[int], correction: float, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]; ``x`` real floating; ``correction`` an int or a
        float. Backend must: the variance, the sum of squared deviations from the mean
        over ``M - correction`` (``M`` the number of elements reduced), NaN where that is
        <= 0 or the extent is empty; x's dtype. The reference (NumPy) computes it in two
        passes, as NumPy's ``var``; a backend may take one pass over the data (per-block
        counts, means and sums of squared deviations, merged), which agrees to rounding."""

    def argmax(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``argmax ~out ~axis ~keepdims x`` writes the int32 indices of the
        maximum values along axis to out; for ties, the first occurrence.

        Frontend guarantees: ``axis`` valid; ``out``, if given, an integer tensor of
        the reduced shape (``axis`` kept as size 1 when ``keepdims``). Backend must: index of the FIRST maximum along ``axis`` (the
        first NaN wins); int64 when allocating; rank 0 gives 0; an empty axis raises
        ValueError."""

    def argmin(self, x: Tensor, *, axis: int, keepdims: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``argmin ~out ~axis ~keepdims x`` writes the int32 indices of the
        minimum values along axis to out; for ties, the first occurrence.

        Frontend guarantees: as ``argmax``. Backend must: index of the FIRST minimum
        (the first NaN wins); int64 when allocating; an empty axis raises ValueError."""

    def associative_scan(self, x: Tensor, *, axis: int, op: str, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``associative_scan ~out ~axis ~op x`` computes an inclusive prefix
        scan along axis: Sum (cumulative sum), Prod (cumulative product), Max or Min
        (running maximum or minimum).

        Frontend guarantees: rank >= 1, ``axis`` valid, ``op`` in {"sum", "prod",
        "max", "min"}; ``out`` has x's shape and dtype. Backend must: inclusive prefix
        scan ``out[0] = x[0]``, ``out[k] = op(out[k-1], x[k])``; integers wrap; max/min
        propagate NaN; float16 sum/prod accumulate in float32; a zero-length axis gives
        an empty result; rank 0 or an unknown op raises ValueError."""
