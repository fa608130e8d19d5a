"""The backend protocol: tensors in and out of a backend: views, allocation, host and DLPack exchange, scalars, and the creation of ranges, identities and triangles.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from ...dtype import DType
from ...tensor import Tensor
from ...view import View
from ._types import Scalar

__all__ = ["CreationPrimitives"]


class CreationPrimitives(Protocol):
    """Tensors in and out of a backend: views, allocation, host and DLPack exchange, scalars, and the creation of ranges, identities and triangles."""

    # ----------------------------------------------------------- tensors
    def view(self, t: Tensor) -> View:
        """Seed 004: ``view t`` returns the strided view metadata describing t's
        logical layout (shape, strides, offset) over its underlying buffer.

        Frontend guarantees: nothing. Backend must: return ``t``'s View."""

    def dtype(self, t: Tensor) -> DType:
        """Seed 004: ``dtype t`` is t's element type.

        Frontend guarantees: nothing. Backend must: return t's element type."""

    def context(self, t: Tensor) -> Any:
        """Seed 004: ``context t`` is the backend execution context t belongs to:
        backend-specific state such as memory pools, device handles, command queues
        or computation graphs.

        Frontend guarantees: nothing. Backend must: return the execution context that
        owns ``t``: the backend object itself (one per device; it carries what the
        backend keeps: memory pools, device handles, queues, graphs)."""

    def layout(self, t: Tensor) -> tuple[Any, View]:
        """Frontend guarantees: ``t`` is native (``t.arr`` is the backend's array of its
        elements; ``Tensor.buffer``/``Tensor.view`` call this the first time they are
        read, then keep the answer). Backend must: return the buffer holding those
        elements and the View laying them out in it, sharing memory (no copy). This is
        the seed's ``to_host t`` read with ``view t``: t's storage and its layout."""

    def with_view(self, t: Tensor, view: View) -> Tensor:
        """Frontend guarantees: ``view`` stays inside ``t``'s buffer (the backend still
        checks on access). Backend must: return a Tensor over ``t``'s buffer laid out as
        ``view``, no copy."""

    def buffer(self, dtype: DType, shape: Sequence[int]) -> Tensor:
        """Seed 004: ``buffer ctx dtype shape`` allocates an uninitialized tensor whose
        view is C-contiguous (the frontend pre-allocates ``out`` with it).

        Frontend guarantees: non-negative dims. Backend must: allocate an
        uninitialised tensor whose view is ``View.create(shape)`` (C-contiguous, offset
        0). Used to pre-allocate ``out``."""

    def full(self, dtype: DType, shape: Sequence[int], value: Scalar) -> Tensor:
        """Seed 004: ``full ctx dtype shape value`` creates a C-contiguous tensor of
        the given shape and dtype with every element ``value``; for a scalar, shape
        is ``[||]``.

        Frontend guarantees: ``value`` is representable in ``dtype``. Backend must:
        return a fresh C-contiguous tensor with every element ``value``; ``shape=()``
        gives a scalar."""

    def from_host(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Seed 004: ``from_host ctx buf`` creates a tensor from a flat, C-contiguous
        host buffer (CPU backends may share it, zero-copy; GPU backends copy it to
        the device).

        Frontend guarantees: nothing. Backend must: a Tensor of the elements of host
        memory: an object with the Python buffer protocol or the array interface
        (``__array_interface__``, ``__array__``), or nested lists of scalars; its
        C-contiguous, native-byte-order, writable memory is shared unless ``copy`` is
        True (a backend that cannot share copies); ``copy=False`` raises
        NxInvalidArgument when a copy is needed; TypeError when unreadable or of a
        dtype nx does not have."""

    def to_host(self, t: Tensor) -> Any:
        """Seed 004: ``to_host t`` returns t's data as a flat, C-contiguous host
        buffer, read with ``view t`` (CPU backends may return a direct reference;
        GPU backends copy to the host). Here it has a different contract (see the
        protocol's notes): the seed's pair of buffer and View is ``layout``.

        Frontend guarantees: nothing. Backend must: return a host array of ``t``'s
        logical elements (buffer protocol / array interface), strided, sharing memory
        when ``t`` is unmasked and the backend's memory is the host's; a fresh array
        otherwise (masked positions read as 0)."""

    def from_dlpack(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Frontend guarantees: ``obj`` is a DLPack producer. Backend must: import it as
        ``from_host`` does (shared when C-contiguous, ``copy=True`` copies,
        ``copy=False`` raises NxInvalidArgument if a copy is needed); BufferError
        propagates; TypeError for unsupported dtypes."""

    def to_dlpack(self, t: Tensor, **kwargs: Any) -> Any:
        """Frontend guarantees: kwargs are the standard's ``__dlpack__`` keywords.
        Backend must: return a DLPack capsule of ``t``'s logical elements."""

    def dlpack_device(self, t: Tensor) -> tuple[int, int]:
        """Frontend guarantees: nothing. Backend must: return ``(device_type, id)``."""

    def persist(self, t: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: a tensor with t's values, computed
        now and kept where the backend keeps data (a lazy backend computes its graph; an
        eager one returns ``t``)."""

    def item(self, t: Tensor) -> Scalar:
        """Frontend guarantees: ``t`` has exactly one element. Backend must: return it
        as a Python scalar (bool, int, float or complex)."""

    def guard(self, t: Tensor, check: Callable[..., None], *values: Tensor) -> Tensor:
        """Frontend guarantees: ``values`` are 0-d tensors of this backend (computed by
        primitives); ``check`` is a module-level function, or a ``functools.partial`` of
        one, that takes their values as Python scalars and raises the frontend's error
        when they are bad. Backend must: return ``t`` (or a tensor of its values) such
        that no value of the result is ever given out unless ``check`` passed: an eager
        backend calls it before returning; a lazy one may call it when the result's
        values are computed, and raise its error there."""

    def to_list(self, t: Tensor) -> Any:
        """Frontend guarantees: nothing. Backend must: nested Python lists of scalars
        (a bare scalar for rank 0)."""

    def format(self, t: Tensor, *, separator: str = " ", prefix: str = "") -> str:
        """Frontend guarantees: ``separator`` and ``prefix`` are strings. Backend must:
        ``t``'s elements as text, nested in brackets by axis (``[[1, 2], [3, 4]]`` with
        ``separator=", "``), rows wrapped at 75 columns with continuation lines indented
        by ``len(prefix)`` (the text that will precede the first line); floats with up to
        8 significant digits, every element of a tensor in the same notation; a tensor of
        more than 1000 elements shows the first and last 3 along each axis around
        ``...``. A rank-0 tensor is its element alone."""

    # ---------------------------------------------------------- creation
    def arange(self, dtype: DType, start: Scalar, step: Scalar, num: int) -> Tensor:
        """Frontend guarantees: ``num >= 0`` (the frontend counts the elements).
        Backend must: ``out[i] = start + i*step`` for ``i < num``: exact modular
        arithmetic when ``start`` and ``step`` are ints and ``dtype`` is an integer,
        float64 arithmetic then a cast otherwise."""

    def from_sequence(self, values: Sequence[Any], shape: Sequence[int], dtype: DType) -> Tensor:
        """Frontend guarantees: ``len(values) == numel(shape)``, every value fits
        ``dtype``. Backend must: a fresh tensor of the flat row-major ``values``."""

    def linspace(self, dtype: DType, start: Scalar, stop: Scalar, num: int, endpoint: bool, precision: DType | None = None) -> Tensor:
        """Frontend guarantees: ``num >= 0``; ``precision`` None, or float32 or complex64
        (bounds given in that dtype). Backend must: ``num`` evenly spaced values from
        ``start`` to ``stop`` (included iff ``endpoint``), computed as NumPy's linspace
        computes them: from Python scalars, or with ``precision`` from bounds of that
        dtype (the spacing then computed in it)."""

    def eye(self, dtype: DType, n: int, m: int, k: int) -> Tensor:
        """Frontend guarantees: ``n, m >= 0``. Backend must: ``[n, m]`` with ones on
        diagonal ``k`` (positive: above the main diagonal), zeros elsewhere."""

    def tril(self, x: Tensor, k: int) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: a fresh copy of ``x`` with the
        elements above diagonal ``k`` of the last two axes zeroed."""

    def triu(self, x: Tensor, k: int) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: a fresh copy of ``x`` with the
        elements below diagonal ``k`` of the last two axes zeroed."""
