"""Element types as facts: name, kind and item size. No promotion policy lives here.

``kind`` follows NumPy's one-letter codes: ``"b"`` boolean, ``"i"`` signed integer,
``"u"`` unsigned integer, ``"f"`` real floating point, ``"c"`` complex floating point.
"""

from __future__ import annotations

import sys

__all__ = [
    "DType",
    "bool_",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
    "ALL",
    "by_name",
]


class DType:
    """An element type. Instances are singletons: compare them with ``is`` or ``==``."""

    __slots__ = ("name", "kind", "itemsize", "bits")

    name: str
    kind: str
    itemsize: int
    bits: int

    def __init__(self, name: str, kind: str, itemsize: int) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "itemsize", itemsize)
        object.__setattr__(self, "bits", itemsize * 8)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("DType is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (by_name, (self.name,))

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    @property
    def __numpy_dtype__(self) -> object:
        """NumPy's dtype of this name, for ``np.dtype(xp.float64)`` and
        ``ndarray.astype(xp.float64)`` (NumPy >= 2.4 reads this attribute). Only asked by
        NumPy, so it is read from the NumPy already imported; AttributeError otherwise."""
        np = sys.modules.get("numpy")
        if np is None:
            raise AttributeError("__numpy_dtype__: NumPy is not imported")
        return np.dtype(self.name)

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    @property
    def is_integer(self) -> bool:
        return self.kind in "iu"

    @property
    def is_signed(self) -> bool:
        return self.kind in "ifc"

    @property
    def is_floating(self) -> bool:
        return self.kind in "fc"

    @property
    def is_complex(self) -> bool:
        return self.kind == "c"


bool_ = DType("bool", "b", 1)
int8 = DType("int8", "i", 1)
int16 = DType("int16", "i", 2)
int32 = DType("int32", "i", 4)
int64 = DType("int64", "i", 8)
uint8 = DType("uint8", "u", 1)
uint16 = DType("uint16", "u", 2)
uint32 = DType("uint32", "u", 4)
uint64 = DType("uint64", "u", 8)
float16 = DType("float16", "f", 2)
float32 = DType("float32", "f", 4)
float64 = DType("float64", "f", 8)
complex64 = DType("complex64", "c", 8)
complex128 = DType("complex128", "c", 16)

ALL: tuple[DType, ...] = (
    bool_,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
    float16,
    float32,
    float64,
    complex64,
    complex128,
)

_BY_NAME = {d.name: d for d in ALL}


def by_name(name: str) -> DType:
    """The DType called ``name`` (``"bool"``, ``"int32"``, ...); KeyError if unknown."""
    return _BY_NAME[name]
