"""nx's flags: the mode (drop-in or strict) and array-api-strict's four flags.

By default nx is a **drop-in**: on top of the standard it accepts the non-portable uses
that real consumers rely on and NumPy 2 accepts (docs/consumers.md lists them). In
**strict** mode it refuses every non-portable use that array-api-strict refuses, and
one more: writing through an array whose memory another live array shares.

The four other flags are array-api-strict's and act in both modes:

- ``api_version``: "2023.12", "2024.12" or "2025.12" (the default). Functions added by a
  later version raise RuntimeError when called; ``__array_api_version__``,
  ``devices()`` (a list before 2025.12) and ``capabilities()`` follow the version.
- ``boolean_indexing``: when False, indexing with a boolean array raises RuntimeError.
- ``data_dependent_shapes``: when False, the functions whose output shape depends on
  the data (``unique_*``, ``nonzero``, ``repeat`` with array repeats) raise RuntimeError.
- ``enabled_extensions``: a subset of ("linalg", "fft"); the functions of the others
  raise RuntimeError and leave ``__all__``.

Flags are process-wide (as array-api-strict's are), read at import from the
environment variables ``NX_STRICT``, ``NX_API_VERSION``, ``NX_BOOLEAN_INDEXING``,
``NX_DATA_DEPENDENT_SHAPES`` and ``NX_ENABLED_EXTENSIONS`` (comma-separated), and set
with ``set_flags``, for a block with ``Flags(...)``, back to the defaults with
``reset_flags``.

The namespace reads ``STRICT`` and the other module globals at call time, so the
default mode pays one global lookup on the paths that have a strict branch, and the
promotion table and the version gates are swapped here when a flag changes instead of
being consulted on every call.
"""

from __future__ import annotations

import functools
import os
import sys
from types import TracebackType
from typing import Any, Callable, Collection

from nx_core import dtype as _core_dtype

from . import _dtypes as _dt

__all__ = ["set_flags", "get_flags", "reset_flags", "Flags"]

SUPPORTED_VERSIONS = ("2023.12", "2024.12", "2025.12")
DEFAULT_VERSION = "2025.12"
ALL_EXTENSIONS = ("linalg", "fft")

#: The functions each version added, as ``name`` or ``extension.name``.
ADDED_IN = {
    "2024.12": (
        "count_nonzero",
        "cumulative_prod",
        "diff",
        "nextafter",
        "reciprocal",
        "take_along_axis",
    ),
    "2025.12": ("broadcast_shapes", "isin", "linalg.eig", "linalg.eigvals"),
}

# The current values (read by the namespace at call time).
STRICT = False
API_VERSION = DEFAULT_VERSION
BOOLEAN_INDEXING = True
DATA_DEPENDENT_SHAPES = True
ENABLED_EXTENSIONS: tuple[str, ...] = ALL_EXTENSIONS

# name -> the original function while a stub that refuses it is in place.
_GATED: dict[tuple[Any, str], Callable[..., Any]] = {}


def set_flags(
    *,
    strict: bool | None = None,
    api_version: str | None = None,
    boolean_indexing: bool | None = None,
    data_dependent_shapes: bool | None = None,
    enabled_extensions: Collection[str] | None = None,
) -> None:
    """Sets the given flags (None leaves a flag as it is); see the module docstring.

    >>> import nx_array_api as xp
    >>> xp.set_flags(strict=True, api_version="2024.12")
    >>> xp.get_flags()["strict"], xp.__array_api_version__
    (True, '2024.12')
    >>> xp.reset_flags()
    """
    global STRICT, API_VERSION, BOOLEAN_INDEXING, DATA_DEPENDENT_SHAPES, ENABLED_EXTENSIONS
    if api_version is not None and api_version not in SUPPORTED_VERSIONS:
        raise ValueError(f"set_flags: unsupported api_version {api_version!r} (supported: {', '.join(SUPPORTED_VERSIONS)})")
    if enabled_extensions is not None:
        if isinstance(enabled_extensions, str):
            raise TypeError("set_flags: enabled_extensions must be a collection of names, not a string")
        for e in enabled_extensions:
            if e not in ALL_EXTENSIONS:
                raise ValueError(f"set_flags: unknown extension {e!r} (nx has {', '.join(ALL_EXTENSIONS)})")
    for name, v in (("strict", strict), ("boolean_indexing", boolean_indexing), ("data_dependent_shapes", data_dependent_shapes)):
        if v is not None and type(v) is not bool:
            raise TypeError(f"set_flags: {name} must be a bool, got {type(v).__name__}")
    if strict is not None:
        STRICT = strict
    if api_version is not None:
        API_VERSION = api_version
    if boolean_indexing is not None:
        BOOLEAN_INDEXING = boolean_indexing
    if data_dependent_shapes is not None:
        DATA_DEPENDENT_SHAPES = data_dependent_shapes
    if enabled_extensions is not None:
        ENABLED_EXTENSIONS = tuple(e for e in ALL_EXTENSIONS if e in enabled_extensions)
    _apply()


def get_flags() -> dict[str, Any]:
    """The current flags, as keyword arguments for ``set_flags``."""
    return {
        "strict": STRICT,
        "api_version": API_VERSION,
        "boolean_indexing": BOOLEAN_INDEXING,
        "data_dependent_shapes": DATA_DEPENDENT_SHAPES,
        "enabled_extensions": ENABLED_EXTENSIONS,
    }


def reset_flags() -> None:
    """Every flag back to its default (the drop-in mode, the 2025.12 standard, both
    extensions), whatever the environment said at import."""
    set_flags(strict=False, api_version=DEFAULT_VERSION, boolean_indexing=True, data_dependent_shapes=True, enabled_extensions=ALL_EXTENSIONS)


class Flags:
    """A context manager that sets flags for a block and restores them after it.

    >>> import nx_array_api as xp
    >>> with xp.Flags(strict=True):
    ...     xp.asarray([1, 2]) * 0.5
    Traceback (most recent call last):
    ...
    TypeError: multiply: a Python float cannot be combined with a int64 array in strict mode (...)
    >>> xp.asarray([1, 2]) * 0.5
    Array([0.5, 1. ], dtype=float64)
    """

    __slots__ = ("_kwargs", "_saved")

    def __init__(
        self,
        *,
        strict: bool | None = None,
        api_version: str | None = None,
        boolean_indexing: bool | None = None,
        data_dependent_shapes: bool | None = None,
        enabled_extensions: Collection[str] | None = None,
    ) -> None:
        self._kwargs = {
            "strict": strict,
            "api_version": api_version,
            "boolean_indexing": boolean_indexing,
            "data_dependent_shapes": data_dependent_shapes,
            "enabled_extensions": enabled_extensions,
        }
        self._saved: list[dict[str, Any]] = []

    def __enter__(self) -> "Flags":
        self._saved.append(get_flags())
        set_flags(**self._kwargs)
        return self

    def __exit__(self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None) -> None:
        set_flags(**self._saved.pop())

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self._kwargs.items() if v is not None)
        return f"Flags({given})"


def requires_data_dependent_shapes(name: str) -> None:
    """RuntimeError naming ``name`` when the data_dependent_shapes flag is off."""
    if not DATA_DEPENDENT_SHAPES:
        raise RuntimeError(f"{name}: the output shape depends on the data, and the data_dependent_shapes flag is off")


def requires_boolean_indexing(name: str) -> None:
    """RuntimeError naming ``name`` when the boolean_indexing flag is off."""
    if not BOOLEAN_INDEXING:
        raise RuntimeError(f"{name}: indexing with a boolean array, and the boolean_indexing flag is off")


# ------------------------------------------------------------------ applying flags
def _apply() -> None:
    """Makes the namespace follow the flags: the promotion table, NumPy's view of nx
    dtypes, ``Array.__getitem__`` (strict mode's checks its keys), the version and
    extension gates, ``__array_api_version__`` and ``__all__``."""
    _dt.set_mixed_promotion(not STRICT)
    _core_dtype.set_numpy_interop(not STRICT)
    pkg = sys.modules.get(__package__)
    if pkg is None or not hasattr(pkg, "__all__"):
        return  # during the package's import: it calls _apply once it is complete
    from . import _indexing

    _indexing.bind(STRICT)
    pkg.__array_api_version__ = API_VERSION
    wanted: dict[tuple[Any, str], str] = {}
    for version, names in ADDED_IN.items():
        if version > API_VERSION:
            for qual in names:
                wanted[_place(pkg, qual)] = f"{qual} was added in version {version} of the standard, and the api_version flag is {API_VERSION}"
    for ext in ALL_EXTENSIONS:
        if ext not in ENABLED_EXTENSIONS:
            mod = getattr(pkg, ext)
            for n in mod.__all__:
                wanted.setdefault((mod, n), f"{ext}.{n} belongs to the {ext} extension, which the enabled_extensions flag leaves out")
    for place in list(_GATED):
        if place not in wanted:
            setattr(place[0], place[1], _GATED.pop(place))
    for place, why in wanted.items():
        if place not in _GATED:
            _GATED[place] = getattr(*place)
            setattr(*place, _refusal(_GATED[place], why))
    extras = set(pkg.__all__) - set(ALL_EXTENSIONS)
    pkg.__all__[:] = sorted(extras | set(ENABLED_EXTENSIONS))


def _place(pkg: Any, qual: str) -> tuple[Any, str]:
    mod, _, name = qual.rpartition(".")
    return (getattr(pkg, mod) if mod else pkg), name


def _refusal(f: Callable[..., Any], why: str) -> Callable[..., Any]:
    @functools.wraps(f)
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{f.__name__}: {why}")

    refused.__nx_refused__ = why  # type: ignore[attr-defined]
    return refused


def _env_bool(name: str) -> bool | None:
    v = os.environ.get(name)
    if v is None or v == "":
        return None
    low = v.strip().lower()
    if low in ("1", "true", "yes", "on"):
        return True
    if low in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"nx_array_api: environment variable {name}={v!r} is not a boolean (use 1/0 or true/false)")


def set_flags_from_environment() -> None:
    """Reads NX_STRICT, NX_API_VERSION, NX_BOOLEAN_INDEXING, NX_DATA_DEPENDENT_SHAPES and
    NX_ENABLED_EXTENSIONS (called once, when the package is imported)."""
    ext = os.environ.get("NX_ENABLED_EXTENSIONS")
    set_flags(
        strict=_env_bool("NX_STRICT"),
        api_version=os.environ.get("NX_API_VERSION") or None,
        boolean_indexing=_env_bool("NX_BOOLEAN_INDEXING"),
        data_dependent_shapes=_env_bool("NX_DATA_DEPENDENT_SHAPES"),
        enabled_extensions=None if ext is None else [e.strip() for e in ext.split(",") if e.strip()],
    )
