"""Tensor: a buffer owned by a backend, a View over it and a DType.

A Tensor is a plain record. Which object ``buffer`` is belongs to the backend (the NumPy
CPU backend uses a C-contiguous ``numpy.ndarray``, read as a flat run of elements); the
View says how the logical elements are laid out in it, in elements, never bytes.
A backend that keeps more per tensor (a cache of what it derives from the buffer and
view) subclasses Tensor with slots of its own; the core knows nothing of them.
"""

from __future__ import annotations

from typing import Any

from .dtype import DType
from .view import View

__all__ = ["Tensor"]


class Tensor:
    __slots__ = ("buffer", "view", "dtype", "backend")

    buffer: Any
    view: View
    dtype: DType
    backend: Any

    def __init__(self, buffer: Any, view: View, dtype: DType, backend: Any) -> None:
        self.buffer = buffer
        self.view = view
        self.dtype = dtype
        self.backend = backend

    @property
    def shape(self) -> tuple[int, ...]:
        return self.view.shape

    @property
    def ndim(self) -> int:
        return len(self.view.shape)

    def __repr__(self) -> str:
        return f"Tensor(dtype={self.dtype.name}, view={self.view!r}, backend={type(self.backend).__name__})"
