"""The backend protocol: movement: O(1) views laid out by ``View`` methods, and the copies that materialise them.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Literal, Protocol, Sequence

from ...tensor import Tensor
from ._types import Scalar

__all__ = ["MovementPrimitives"]


class MovementPrimitives(Protocol):
    """Movement: O(1) views laid out by ``View`` methods, and the copies that materialise them."""

    # ------------------------------------------------------------- views
    def expand(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """Seed 004: ``expand t shape`` broadcasts the dimensions of size 1 to match
        shape by setting their stride to 0; non-singleton dimensions must already
        match. Zero-copy.

        Frontend guarantees: [MOV]; ``shape`` has t's rank, and each of its axes equals
        t's or t's is 1. Backend must: ``View.expand``: an O(1) view over t's buffer with
        stride 0 on the expanded axes (masked views too, their unit axes' validity
        expanded with them); NxInvalidArgument, as ``View.expand`` raises it, for a rank
        that differs or an axis that is not a singleton (``[2,3] -> [4,3]``), a zero-size
        axis included (``0 -> 5``)."""

    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``t``'s shape broadcasts to ``shape`` (right-aligned; its
        axes equal the target's or are 1). Backend must: an O(1) view over t's buffer laid
        out as ``View.broadcast_to`` (stride 0 on the added and expanded axes; masked
        views too). Writes through the result, and through any view taken from it, raise
        (``assign``): NumPy's broadcast arrays are read-only too. Beyond the seed:
        ``expand`` after leading unit axes are added (NumPy's ``broadcast_to``), which
        the frontend's broadcasting uses; a backend implements both."""

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor | None:
        """Seed 004: ``reshape t shape`` changes the logical shape, preserving the
        element count: zero-copy when t is C-contiguous or the reshape is compatible
        with the current strides (it may copy otherwise; here the frontend copies).

        Frontend guarantees: [MOV], same numel. Backend must: ``View.reshape``; return
        None when no strided view can express it (never copy: the frontend copies)."""

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        """Seed 004: ``permute t axes`` reorders the dimensions by axes, a permutation
        of ``[0, ..., ndim-1]``. Zero-copy.

        Frontend guarantees: [MOV], a permutation. Backend must: ``View.permute``."""

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        """Seed 004: ``shrink t ranges`` extracts a contiguous slice, ``ranges.(i) =
        (start, stop)`` with an exclusive stop. Zero-copy (adjusts offset and
        shape).

        Frontend guarantees: [MOV], ``0 <= start < stop <= dim``. Backend must:
        ``View.shrink`` (offset moves, strides kept)."""

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        """Seed 004: ``flip t axes`` reverses the dimensions where ``axes.(i)`` is true
        by negating strides. Zero-copy.

        Frontend guarantees: [MOV]. Backend must: ``View.flip`` (negated strides)."""

    def basic_view(self, t: Tensor, key: tuple) -> Tensor:
        """Frontend guarantees: ``key`` is a tuple of at most one item per axis of
        ``t``: ints in range (negative ones count from the end), Python slices that
        ``slice.indices`` takes (start, stop and step None or integers: ints, or other
        objects with ``__index__``; a non-zero step), plus any ``None`` (a
        new unit axis) and at most one ``Ellipsis`` (full slices for the axes the other
        items leave; missing trailing items are full slices too). Backend must: an O(1)
        view laid out as ``View.basic_index(key)`` over t's buffer (int axes dropped,
        each slice's range taken as ``slice.indices`` gives it; an axis of 0 or 1
        elements keeps its stride); a masked ``t`` gives a masked view of its buffer (a
        write through it raises as through ``t``), or, for one padded position alone
        (no 0-d View is masked), a read-only 0-d tensor of 0. A slice that
        ``slice.indices`` refuses (a bound or step that is no integer, a zero step) is
        refused as ``slice.indices`` refuses it (TypeError, ValueError), before any
        effect: the namespaces' fast paths for ``x[a:b, ...]`` and ``x[a:b]`` leave
        the bounds' type and the step to this call."""

    def pad(self, t: Tensor, padding: Sequence[tuple[int, int]], fill_value: Scalar) -> Tensor:
        """Seed 004: ``pad t padding fill_value`` extends t with ``fill_value``,
        ``padding.(i) = (before, after)`` for dimension i; the backend allocates a
        new buffer and copies the data.

        Frontend guarantees: one ``(before, after)`` pair of non-negative ints per
        axis; ``fill_value`` is representable in t's dtype. Backend must: ALLOCATE a
        fresh C-contiguous tensor of shape ``dim + before + after`` per axis, every
        element ``fill_value`` except t's elements, copied at offset ``before`` (a masked
        t's padded positions copied as 0). ``[[1,2],[3,4]]``, ``((1,0),(0,2))``, fill -1
        -> ``[[-1,-1,-1,-1],[1,2,-1,-1],[3,4,-1,-1]]``. (``pad_view`` is the virtual,
        zero-copy padding.)"""

    def pad_view(self, t: Tensor, padding: Sequence[tuple[int, int]]) -> Tensor:
        """Frontend guarantees: [MOV], non-negative pairs. Backend must: ``View.pad``:
        virtual padding, no copy; padded positions read as zero everywhere. Beyond the
        seed (whose ``pad`` copies): the windows' zero padding reads through it."""

    def roll(self, t: Tensor, shifts: Sequence[int], axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``len(shifts) == len(axes)``, axes valid. Backend must:
        allocate ``t`` rolled by ``shifts[i]`` along ``axes[i]`` (NumPy ``roll``: element
        ``j`` moves to ``(j + shift) mod n``; repeated axes add up)."""

    def cat(self, tensors: Sequence[Tensor], axis: int, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cat ~out tensors ~axis`` concatenates tensors along axis into
        out (a non-empty list of one shape except along axis).

        Frontend guarantees: a non-empty list of one dtype and rank, equal shapes
        except along ``axis``; ``out`` has the joined shape. Backend must: concatenate
        along ``axis``, any input layouts (empty inputs contribute nothing)."""

    # ------------------------------------------------------------ memory
    def contiguous(self, t: Tensor) -> Tensor:
        """Seed 004: ``contiguous t`` returns a C-contiguous version of t: t unchanged
        if already C-contiguous, otherwise a fresh copy.

        Frontend guarantees: nothing. Backend must: ``t`` itself if its view is
        C-contiguous, offset 0, unmasked, no zero stride and spans the whole buffer;
        otherwise a fresh C-contiguous copy of the logical elements."""

    def copy(self, t: Tensor) -> Tensor:
        """Seed 004: ``copy t`` creates an independent copy with its own buffer, always
        allocated, even when t is already contiguous.

        Frontend guarantees: nothing. Backend must: ALWAYS a fresh C-contiguous
        buffer with t's logical elements (masked positions as 0)."""

    def aliased(self, t: Tensor, exempt: Sequence[Tensor] = ()) -> bool:
        """Frontend guarantees: ``t`` and the tensors in ``exempt`` are this backend's.
        Backend must: True when a write through ``t`` could be seen through another
        live object: a tensor that views t's memory or whose memory t views, or a host
        or DLPack array sharing it; what the tensors in ``exempt`` hold does not count.
        Never False for two live tensors one of which a movement primitive made from
        the other; True where it cannot tell is allowed. A backend whose buffers are
        never written in place answers False."""

    def overlap(self, t: Tensor, region: Tensor) -> Tensor | Literal[True] | None:
        """Frontend guarantees: ``t`` and ``region`` are this backend's, neither masked.
        Backend must: a bool tensor of t's shape, True where t's element shares memory
        with an element of ``region`` (after a write through ``region``, the elements
        of ``t`` it changed); or, where it can tell at once without a tensor, None for
        all False (the memory of the two does not meet: a bounds test) and True for all
        True (region's elements cover all of t's memory). A backend whose buffers are
        never written in place answers None."""

    def assign_at(self, dst: Tensor, key: tuple, src: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: ``key`` is a basic key as ``basic_view`` takes it, with
        ints in range; ``src`` has the shape of ``basic_view(dst, key)`` and dst's dtype,
        or is a scalar. Backend must: what ``assign(basic_view(dst, key), src)`` does,
        and ``dst`` shows the written elements afterwards even where buffers are never
        written in place (such a backend gives ``dst`` new contents; views taken from
        ``dst`` earlier keep the old ones). Returns ``dst``. A ``dst`` that ``assign``
        refuses is refused whatever the key: one element of a broadcast view stands at
        many positions."""

    def assign(self, dst: Tensor, src: Tensor | Scalar) -> Tensor:
        """Seed 004: ``assign dst src`` copies the elements of src into dst in place
        (matching shapes and dtypes), respecting both tensors' strides.

        Frontend guarantees: ``src`` has dst's shape and dtype, or is a scalar; dst's
        view addresses each buffer element at most once (no stride 0). Backend must:
        write src's logical elements through dst's view into dst's buffer (every other
        buffer element untouched), correct even when ``src`` overlaps ``dst``; return
        ``dst``. A masked, broadcast (stride 0 on an axis longer than 1) or read-only
        ``dst`` (a view taken from a broadcast view, read-only host memory) raises
        NxInvalidArgument, writing nothing; a ``dst`` with no elements is a no-op,
        whatever its strides."""
