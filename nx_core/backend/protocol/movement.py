"""The backend protocol: movement: O(1) views laid out by ``View`` methods, and the copies that materialise them.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ...tensor import Tensor
from ._types import Scalar

__all__ = ["MovementPrimitives"]


class MovementPrimitives(Protocol):
    """Movement: O(1) views laid out by ``View`` methods, and the copies that materialise them."""

    # ------------------------------------------------------------- views
    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``t``'s shape broadcasts to ``shape`` (right-aligned; its
        axes equal the target's or are 1). Backend must: an O(1) view over t's buffer laid
        out as ``View.broadcast_to`` (stride 0 on the added and expanded axes; masked
        views too)."""

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor | None:
        """Frontend guarantees: [MOV], same numel. Backend must: ``View.reshape``; return
        None when no strided view can express it (never copy: the frontend copies)."""

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: [MOV], a permutation. Backend must: ``View.permute``."""

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        """Frontend guarantees: [MOV], ``0 <= start < stop <= dim``. Backend must:
        ``View.shrink`` (offset moves, strides kept)."""

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        """Frontend guarantees: [MOV]. Backend must: ``View.flip`` (negated strides)."""

    def basic_view(self, t: Tensor, key: tuple) -> Tensor:
        """Frontend guarantees: ``key`` is a tuple of at most one item per axis of
        ``t``: ints in range (negative ones count from the end), Python slices that
        ``slice.indices`` takes (start, stop and step None or integers: ints, or other
        objects with ``__index__``; a non-zero step), plus any ``None`` (a
        new unit axis) and at most one ``Ellipsis`` (full slices for the axes the other
        items leave; missing trailing items are full slices too). Backend must: an O(1)
        view laid out as ``View.basic_index(key)`` over t's buffer (int axes dropped,
        each slice's range taken as ``slice.indices`` gives it; an axis of 0 or 1
        elements keeps its stride); a masked ``t`` gives a view of a fresh copy of its
        elements."""

    def pad_view(self, t: Tensor, padding: Sequence[tuple[int, int]]) -> Tensor:
        """Frontend guarantees: [MOV], non-negative pairs. Backend must: ``View.pad``:
        virtual padding, no copy; padded positions read as zero everywhere."""

    def roll(self, t: Tensor, shifts: Sequence[int], axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``len(shifts) == len(axes)``, axes valid. Backend must:
        allocate ``t`` rolled by ``shifts[i]`` along ``axes[i]`` (NumPy ``roll``: element
        ``j`` moves to ``(j + shift) mod n``; repeated axes add up)."""

    def cat(self, tensors: Sequence[Tensor], *, axis: int, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: a non-empty list of one dtype and rank, equal shapes
        except along ``axis``; ``out`` has the joined shape. Backend must: concatenate
        along ``axis``, any input layouts (empty inputs contribute nothing)."""

    # ------------------------------------------------------------ memory
    def contiguous(self, t: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: ``t`` itself if its view is
        C-contiguous, offset 0, unmasked, no zero stride and spans the whole buffer;
        otherwise a fresh C-contiguous copy of the logical elements."""

    def copy(self, t: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: ALWAYS a fresh C-contiguous
        buffer with t's logical elements (masked positions as 0)."""

    def aliased(self, t: Tensor, exempt: Sequence[Tensor] = ()) -> bool:
        """Frontend guarantees: ``t`` and the tensors in ``exempt`` are this backend's.
        Backend must: True when a write through ``t`` could be seen through another
        live object: a tensor that views t's memory or whose memory t views, or a host
        or DLPack array sharing it; what the tensors in ``exempt`` hold does not count.
        Never False for two live tensors one of which a movement primitive made from
        the other; True where it cannot tell is allowed. A backend whose buffers are
        never written in place answers False."""

    def assign_at(self, dst: Tensor, key: tuple, src: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: ``key`` is a basic key as ``basic_view`` takes it, with
        ints in range; ``src`` has the shape of ``basic_view(dst, key)`` and dst's dtype,
        or is a scalar. Backend must: what ``assign(basic_view(dst, key), src)`` does,
        and ``dst`` shows the written elements afterwards even where buffers are never
        written in place (such a backend gives ``dst`` new contents; views taken from
        ``dst`` earlier keep the old ones). Returns ``dst``."""

    def assign(self, dst: Tensor, src: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: ``src`` has dst's shape and dtype, or is a scalar; dst's
        view addresses each buffer element at most once (no stride 0). Backend must:
        write src's logical elements through dst's view into dst's buffer (every other
        buffer element untouched), correct even when ``src`` overlaps ``dst``; return
        ``dst``. A masked or broadcast (stride 0 on an axis longer than 1) ``dst``
        raises NxInvalidArgument, writing nothing; a ``dst`` with no elements is a
        no-op, whatever its strides."""
