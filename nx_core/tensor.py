"""Tensor: the backend's native array, its DType and shape, and a View reported on demand.

A Tensor is a record of what every primitive reads: its ``dtype``, its ``backend``, its
``shape``, and its elements. Where the elements live is the backend's business, in one
of two forms:

* **native** (the common case): ``arr`` holds the backend's own array of the logical
  elements (a NumPy ndarray, a dask array), which already encodes the layout. The
  ``buffer`` and the ``View`` are worked out from it by the backend
  (``backend.layout(t)``) the first time someone asks (masked reads, the View oracle,
  diagonals, ``repr`` of the tensor), and kept;
* **explicit**: a ``buffer`` and a ``View`` over it, for a layout the native array cannot
  express (a masked, virtually padded View) or a backend that has no native array;
  ``arr`` may then hold the backend's array of the View's elements, or None.

``shape`` and ``dtype`` are plain attributes because every call reads them.

One object per array. Backends make their tensors as :func:`tensor_class`, which is
Tensor itself until a namespace registers its array type with :func:`set_tensor_class`:
nx_array_api registers its ``Array``, a subclass that adds the standard's methods and
no state, so the object a primitive returns is already the user's array (PyTorch's
core makes its Python ``Tensor`` class the same way). nx_core never imports the
namespace; it only makes instances of the class it was given.
"""

from __future__ import annotations

from math import prod
from typing import Any

from .dtype import DType
from .view import View

__all__ = [
    "Tensor",
    "MADE",
    "native",
    "explicit",
    "tensor_class",
    "set_tensor_class",
    "check_tensor_class",
    "tensor_maker",
    "follow_tensor_class",
]


class Tensor:
    __slots__ = ("arr", "dtype", "backend", "shape", "_buffer", "_view", "__weakref__")

    arr: Any
    dtype: DType
    backend: Any
    shape: tuple
    _buffer: Any
    _view: View

    # No __init__ (nor __new__): tensors are made by ``native`` and ``explicit`` below
    # (and by backends' inlined copies of ``native``) through ``MADE.make``, the
    # cheapest allocation Python has, which needs object's own constructor.

    @property
    def buffer(self) -> Any:
        """The backend's storage that ``view`` addresses."""
        try:
            return self._buffer
        except AttributeError:
            self._buffer, self._view = self.backend.layout(self)
            return self._buffer

    @property
    def view(self) -> View:
        """The layout of the logical elements in ``buffer``."""
        try:
            return self._view
        except AttributeError:
            self._buffer, self._view = self.backend.layout(self)
            return self._view

    @property
    def masked(self) -> bool:
        """Whether the view is masked (virtually padded): no strided layout reads it."""
        return self.arr is None and self._view.mask is not None

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def numel(self) -> int:
        """The number of logical elements."""
        return prod(self.shape)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(dtype={self.dtype.name}, view={self.view!r}, backend={type(self.backend).__name__})"


class _Made:
    """``MADE.cls`` is the class backends make tensors as, and ``MADE.make()`` makes an
    empty instance of it (its slots unset); :func:`set_tensor_class` sets both.

    ``make`` is type's own call bound to the class: the allocation of ``cls()`` (about
    20 ns cheaper than ``object.__new__(cls)``, which unpacks its arguments in Python's
    generic way), past any ``__call__`` of the class's metaclass, so that a namespace can
    keep its array's constructor private (nx_array_api's Array does) at no cost here.
    """

    __slots__ = ("cls", "make")

    def __init__(self) -> None:
        self.cls: type = Tensor
        self.make: Any = _type_call.__get__(Tensor)


_type_call = type.__call__
MADE = _Made()


def tensor_class() -> type:
    """The class backends make their tensors as on a device that names none
    (:func:`set_tensor_class`)."""
    return MADE.cls


def check_tensor_class(caller: str, cls: Any) -> None:
    """TypeError naming ``caller`` unless ``cls`` can be a tensor class: Tensor or a
    subclass of it that adds methods and no state (``__slots__ = ()``), so that its
    instances have Tensor's layout, and keeps object's own ``__new__`` and ``__init__``
    (a private constructor belongs in a metaclass's ``__call__``, which tensor-making
    steps past)."""
    if not (isinstance(cls, type) and issubclass(cls, Tensor)):
        raise TypeError(f"{caller}: needs Tensor or a subclass of it, got {cls!r}")
    for c in cls.__mro__[: cls.__mro__.index(Tensor)]:
        if c.__dict__.get("__slots__", None) != ():
            raise TypeError(f"{caller}: {c.__name__} must declare __slots__ = () (Tensor's layout, no state of its own)")
    if cls.__new__ is not object.__new__ or cls.__init__ is not object.__init__:
        raise TypeError(f"{caller}: {cls.__name__} must keep object's __new__ and __init__ (refuse public construction in a metaclass's __call__)")


#: The backends that make their tensors as the registered class (those of devices that
#: name none): :func:`set_tensor_class` gives them the new class's maker.
_FOLLOWERS: list[Any] = []


def set_tensor_class(cls: type) -> None:
    """Makes backends create their tensors as ``cls`` (see :func:`check_tensor_class`) on
    every device that names no class of its own (``register_device(tensor_class=...)``),
    those whose backend is already made included. Tensors made before keep their class."""
    check_tensor_class("set_tensor_class", cls)
    MADE.make = _type_call.__get__(cls)
    MADE.cls = cls
    for b in _FOLLOWERS:
        b.make_tensor = MADE.make


def follow_tensor_class(backend: Any, device: Any) -> None:
    """Sets ``backend.make_tensor`` to the maker of ``device``'s tensor class
    (:func:`tensor_maker`), and when the device names none, keeps it following
    :func:`set_tensor_class` (the device layer calls this once per backend it makes)."""
    backend.make_tensor = tensor_maker(device)
    if device is not None and device.tensor_class is None:
        _FOLLOWERS.append(backend)


def tensor_maker(device: Any) -> Any:
    """What a backend computing on ``device`` calls to make an empty tensor (its slots
    unset) of the device's tensor class: type's own call bound to the class (see
    :class:`_Made`). :func:`follow_tensor_class` sets it as the backend's
    ``make_tensor``. A backend made with no device (a test's) gets a maker that reads
    the registered class on every call, so that it follows ``set_tensor_class``."""
    if device is None:
        return _registered_class
    cls = device.tensor_class
    return MADE.make if cls is None else _type_call.__get__(cls)


def _registered_class() -> Tensor:
    return MADE.make()


def native(arr: Any, dtype: DType, backend: Any, shape: tuple) -> Tensor:
    """A tensor whose logical elements are the backend's native array ``arr`` (of
    ``shape``); its buffer and View are worked out when someone asks."""
    make = backend.make_tensor
    t = make()
    t.arr = arr
    t.dtype = dtype
    t.backend = backend
    t.shape = shape
    return t


def explicit(buffer: Any, view: View, dtype: DType, backend: Any, arr: Any = None) -> Tensor:
    """A tensor laid out as ``view`` in ``buffer``; ``arr`` is the backend's array of
    its elements when the backend has one for that layout (None for a masked View)."""
    make = backend.make_tensor
    t = make()
    t.arr = arr
    t._buffer = buffer
    t._view = view
    t.dtype = dtype
    t.backend = backend
    t.shape = view.shape
    return t
