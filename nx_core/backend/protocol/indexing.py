"""The backend protocol: sorting, searching and indexed access (gather, scatter, take, index, nonzero, unique).

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Literal, Protocol

from ...tensor import Tensor
from ._types import Scalar

__all__ = ["IndexingPrimitives"]


class IndexingPrimitives(Protocol):
    """Sorting, searching and indexed access (gather, scatter, take, index, nonzero, unique)."""

    # ----------------------------------------------------------- sorting
    def sort(self, x: Tensor, *, axis: int, descending: bool = False, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sort ~out ~axis ~descending x`` sorts elements along axis; NaN
        values are placed at the end regardless of the direction.

        Frontend guarantees: ``axis`` valid; ``out`` has x's shape and dtype. Backend
        must: sort along ``axis``, STABLE in both directions; NaN last in both
        directions; ``-0.0 == 0.0`` (original order kept); unsigned as unsigned;
        complex lexicographic (real, then imaginary), any NaN part last; rank 0 copies."""

    def argsort(self, x: Tensor, *, axis: int, descending: bool = False, stable: bool = True, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``argsort ~out ~axis ~descending x`` writes the int32 indices that
        would sort the elements along axis to out.

        Frontend guarantees: as ``sort``; ``out`` is an integer tensor of x's shape.
        Backend must: the permutation realising ``sort``'s order, ties by lower original
        index (``[3,1,2,1,3,2]`` ascending -> ``[1,3,2,5,0,4]``); int64 when
        allocating. With ``stable=False`` ties may come in any order (a faster sort)."""

    # ---------------------------------------------------- indexed access
    def gather(self, data: Tensor, indices: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``gather ~out data indices ~axis`` selects the elements of data
        along axis at indices and writes them to out (rank data = rank indices; out
        has indices' shape; indices in range).

        Frontend guarantees: rank >= 1, ``rank(indices) == rank(data)``, indices an
        integer tensor with ``indices.shape[d] <= data.shape[d]`` for ``d != axis``;
        ``out`` has indices' shape and data's dtype. Backend must: ``out[c] = data[c with
        c[axis] := indices[c]]``; a negative index gets ``data.shape[axis]`` added once;
        still out of range raises IndexError."""

    def scatter(
        self,
        template: Tensor,
        *,
        indices: Tensor,
        updates: Tensor,
        axis: int,
        mode: str = "set",
        unique_indices: bool = False,
    ) -> Tensor:
        """Seed 004: ``scatter ?mode ?unique_indices template ~indices ~updates ~axis``
        places updates into a tensor shaped like template along axis: Set (the
        default) keeps the last update of duplicate indices, Add accumulates; the
        result is allocated, initialized from template's data.

        Frontend guarantees: equal ranks, ``indices.shape == updates.shape``, non-axis
        dims fit the template; ``mode`` in {"set", "add"}. Backend must: allocate a COPY
        of ``template`` and, for every index ``c`` of ``indices`` in row-major order,
        write (``set``: the LAST duplicate wins) or add (``add``: onto the template value)
        ``updates[c]`` at ``c with c[axis] := indices[c]`` (negatives wrap once; out of
        range raises IndexError); ``unique_indices`` is only a hint."""

    def take(self, x: Tensor, indices: Tensor, *, axis: int) -> Tensor:
        """Frontend guarantees: integer ``indices``; ``axis`` in range. Backend must: NumPy
        ``take``: shape ``x.shape[:axis] + indices.shape + x.shape[axis+1:]``; a negative
        index counts from the end; one outside ``[-n, n)`` raises IndexError("take: index
        v is out of bounds for axis a with size n"), NumPy's words naming the lowest
        index below the range, else the highest above it (a lazy backend: when the
        values are computed)."""

    def index(self, x: Tensor, key: tuple) -> Tensor:
        """Frontend guarantees: ``key`` has an item per indexed axis of ``x`` (Ellipsis
        expanded; trailing axes may be left out): an int in range, a ``slice``, ``None``
        (a new unit axis), an integer Tensor, or a bool Tensor (a mask over as many axes
        as its rank, of their sizes); at least one Tensor. Backend must: a fresh tensor
        of the selected elements, by these rules. A mask stands for the integer
        coordinate tensors of its True elements, in row-major order. The integer tensors
        and the ints (as rank-0 tensors) broadcast together to one index shape ``I``;
        a negative value counts from the end of its axis, and a value outside ``[-n, n)``
        raises IndexError. The result's axes are ``I`` in place of the indexed axes when
        those are adjacent in the key, else ``I`` first; each slice keeps its axis with
        ``range(*s.indices(n))``, and each None adds a unit axis, in key order."""

    def index_array(self, x: Tensor, i: Tensor) -> Tensor:
        """Frontend guarantees: ``i`` is an integer tensor of rank >= 1 and ``x`` has
        rank >= 1, or ``i`` is a bool tensor whose shape is that of x's leading axes
        (x's shape itself, a mask of rows: ``X[y == k]``, or a 0-d bool). Backend must:
        ``index(x, (i,))`` (``x[i]``, the commonest advanced key, as one primitive:
        NumPy answers it in a tenth of a microsecond, so a backend should not spend more
        on taking the key apart); for a 0-d ``i``, a fresh tensor of x's elements with a
        new leading axis of 1 (True) or 0 (False), as NumPy's ``x[np.bool_(True)]``."""

    def index_put(self, x: Tensor, key: tuple, value: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: ``key`` as for ``index``; ``value`` broadcasts to the
        shape ``index`` would give; ``x`` is unmasked. Backend must: write ``value`` into
        the elements ``index`` would select, in place through x's view (when a position
        is selected twice, the last write in row-major order of the index wins; correct
        when ``value`` overlaps ``x``); return ``x``; raise IndexError, writing nothing,
        for an index value out of range."""

    def nonzero(self, x: Tensor) -> tuple[Tensor, ...]:
        """Frontend guarantees: rank >= 1. Backend must: one int64 1-D tensor per axis,
        the row-major coordinates of the non-zero elements (NaN is non-zero)."""

    def searchsorted(self, x1: Tensor, x2: Tensor, *, side: Literal["left", "right"]) -> Tensor:
        """Frontend guarantees: ``x1`` 1-D ascending (NaN last); ``side`` in {"left",
        "right"}. Backend must: int64 insertion points of every element of ``x2`` (x2's
        shape), as NumPy ``searchsorted``."""

    def unique(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        """Frontend guarantees: nothing. Backend must: over the flattened ``x``: sorted
        distinct values, int64 index of each value's first occurrence, int64 inverse
        indices (flat), int64 counts; every NaN is distinct."""

    # The standard's unique_values, unique_counts and unique_inverse need only part of
    # ``unique``'s results: each has its own primitive, beside ``unique``, so that an
    # engine can take its cheaper path (one unstable sort instead of a stable argsort,
    # no first-occurrence indices).
    def unique_values(self, x: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: ``unique``'s values (sorted,
        distinct, every NaN distinct)."""

    def unique_counts(self, x: Tensor) -> tuple[Tensor, Tensor]:
        """Frontend guarantees: nothing. Backend must: ``unique``'s values and int64
        counts."""

    def unique_inverse(self, x: Tensor) -> tuple[Tensor, Tensor]:
        """Frontend guarantees: nothing. Backend must: ``unique``'s values and int64
        inverse indices (flat)."""

    def isin(self, x1: Tensor, x2: Tensor, *, invert: bool = False) -> Tensor:
        """Frontend guarantees: comparable dtypes. Backend must: bool of x1's shape,
        whether each element equals some element of ``x2`` (negated when ``invert``)."""

    def repeat(self, x: Tensor, repeats: Tensor | int, *, axis: int) -> Tensor:
        """Frontend guarantees: non-negative ``repeats``, an int or a 1-D integer tensor
        of length ``x.shape[axis]``. Backend must: each element repeated consecutively."""
