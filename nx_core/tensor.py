"""Tensor: a buffer owned by a backend, a View over it and a DType.

A Tensor is a record of four facts: its ``dtype``, its ``backend``, its ``shape``, and
where its elements live: a ``buffer`` (which object that is belongs to the backend;
the NumPy CPU backend uses a C-contiguous ``numpy.ndarray`` read as a flat run of
elements) and a ``view`` saying how the logical elements are laid out in it, in
elements, never bytes.

``shape`` is a plain attribute because every call reads it. ``buffer`` and ``view`` are
properties: this base class stores them, and a backend whose native array already
encodes its layout (NumPy's ndarray does) subclasses Tensor and reports them on demand
instead of building a View on every call. What else a backend keeps per tensor is its
own business: the core knows nothing of it.
"""

from __future__ import annotations

from math import prod
from typing import Any

from .dtype import DType
from .view import View

__all__ = ["Tensor"]


class Tensor:
    __slots__ = ("_buffer", "_view", "dtype", "backend", "shape")

    dtype: DType
    backend: Any
    shape: tuple

    def __init__(self, buffer: Any, view: View, dtype: DType, backend: Any) -> None:
        self._buffer = buffer
        self._view = view
        self.dtype = dtype
        self.backend = backend
        self.shape = view.shape

    @property
    def buffer(self) -> Any:
        """The backend's storage that ``view`` addresses."""
        return self._buffer

    @property
    def view(self) -> View:
        """The layout of the logical elements in ``buffer``."""
        return self._view

    @property
    def masked(self) -> bool:
        """Whether the view is masked (virtually padded): no strided layout reads it."""
        return self.view.mask is not None

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def numel(self) -> int:
        """The number of logical elements."""
        return prod(self.shape)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(dtype={self.dtype.name}, view={self.view!r}, backend={type(self.backend).__name__})"
