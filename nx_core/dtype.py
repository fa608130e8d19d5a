"""Element types as facts: name, kind and item size. No promotion policy lives here.

``kind`` follows NumPy's one-letter codes: ``"b"`` boolean, ``"i"`` signed integer,
``"u"`` unsigned integer, ``"f"`` real floating point, ``"c"`` complex floating point.
"""

from __future__ import annotations

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
    "register_numpy_dtypes",
    "set_numpy_interop",
]

#: DType -> numpy.dtype, filled by the NumPy backend (``register_numpy_dtypes``).
_NUMPY_DTYPES: dict = {}
#: What loads the NumPy backend when NumPy asks before any nx array exists.
_NUMPY_LOADER: list = []
#: Whether NumPy may read nx dtypes (``set_numpy_interop``).
_NUMPY_INTEROP: list = [True]


def set_numpy_interop(enabled: bool) -> None:
    """Lets NumPy read nx dtypes through ``__numpy_dtype__`` (the default), or not: then
    nx dtypes are foreign to NumPy (``np.dtype(xp.float64)`` is NumPy's TypeError), as a
    strict namespace's are."""
    _NUMPY_INTEROP[0] = bool(enabled)


def register_numpy_dtypes(mapping: dict | None = None, *, loader: object = None) -> None:
    """Records NumPy's dtype for each DType (``mapping``, from the NumPy backend when it
    is imported) or the function that imports that backend (``loader``, from
    ``nx_core.backend``), for ``DType.__numpy_dtype__``. This module imports no engine."""
    if mapping:
        _NUMPY_DTYPES.update(mapping)
    if loader is not None:
        _NUMPY_LOADER[:] = [loader]


class DType:
    """An element type. Instances are singletons: compare them with ``is`` or ``==``."""

    __slots__ = ("name", "kind", "itemsize", "bits", "limits")

    name: str
    kind: str
    itemsize: int
    bits: int
    #: ``(min, max)``, the values an integer dtype holds; None for the other kinds.
    limits: tuple[int, int] | None

    def __init__(self, name: str, kind: str, itemsize: int) -> None:
        bits = itemsize * 8
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "itemsize", itemsize)
        object.__setattr__(self, "bits", bits)
        limits = None
        if kind == "i":
            limits = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
        elif kind == "u":
            limits = (0, (1 << bits) - 1)
        object.__setattr__(self, "limits", limits)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("DType is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (by_name, (self.name,))

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__

    @property
    def __numpy_dtype__(self) -> object:
        """NumPy's dtype for this one, for ``np.dtype(xp.float64)`` and
        ``ndarray.astype(xp.float64)`` (NumPy >= 2.4 reads this attribute): the one the
        NumPy backend registers (``register_numpy_dtypes``), loading that backend first
        if no nx array has yet. This module imports no engine."""
        if not _NUMPY_INTEROP[0]:
            raise AttributeError("__numpy_dtype__: NumPy interoperation is off (nx's strict mode)")
        if self not in _NUMPY_DTYPES and _NUMPY_LOADER:
            _NUMPY_LOADER[0]()  # NumPy asks, so NumPy is imported: load its backend
        try:
            return _NUMPY_DTYPES[self]
        except KeyError:
            raise AttributeError("__numpy_dtype__: the NumPy backend is not loaded") from None

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
