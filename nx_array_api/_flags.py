"""The two namespaces' modes and flags, and the gates that read them.

nx has two namespaces on one core (docs/strict-mode.md):

- ``nx_array_api``, the **drop-in**: on top of the standard it accepts the non-portable
  uses that real consumers rely on and NumPy 2 accepts (docs/consumers.md lists them);
- ``nx_array_api.strict``, the **strict** namespace: it refuses every non-portable use
  that array-api-strict refuses, with array-api-strict's names, flags and devices, and one
  more: writing through an array whose memory another live array shares.

Each is a :class:`Namespace` (``DROPIN`` and ``STRICT`` below): its mode, which never
changes, and its own copy of array-api-strict's four flags:

- ``api_version``: one of ``SUPPORTED_VERSIONS`` (2021.12 and the draft warn). Functions
  added by a later version, and the behaviours a later version added (Python scalars in
  the element-wise functions and ``result_type``, complex ``mean``, ...), raise when used;
  ``__array_api_version__``, ``devices()`` and ``capabilities()`` follow the version;
- ``boolean_indexing``: when False, indexing with a boolean array raises RuntimeError;
- ``data_dependent_shapes``: when False, the functions whose output shape depends on the
  data (``unique_*``, ``nonzero``, ``repeat`` with array repeats) raise RuntimeError;
- ``enabled_extensions``: a subset of ("linalg", "fft"); the others' functions raise
  RuntimeError, and they are no attribute of the namespace and leave its ``__all__``.

An array belongs to the namespace of its device (its class's ``_ns``), and the flags of
that namespace govern every call on it: the gates are checked when a function is called
(``check``), never by rebinding names, so a function taken before a flag changes obeys
the new flag. A call with no array (a creation function, ``result_type`` of dtypes) is
governed by the namespace it was reached through.

The flags are read from the environment when a namespace is first imported (the
drop-in: ``NX_API_VERSION``, ``NX_BOOLEAN_INDEXING``, ``NX_DATA_DEPENDENT_SHAPES``,
``NX_ENABLED_EXTENSIONS``; the strict namespace: array-api-strict's ``ARRAY_API_STRICT_*``)
and set with ``set_flags`` (``set_array_api_strict_flags``), for a block with ``Flags``
(``ArrayAPIStrictFlags``), back to the defaults with ``reset_flags``.

Every refusal the strict namespace makes and the drop-in does not goes through
``Namespace.refuse``: it raises, or, in record mode (a ``Recorder`` as the namespace's
``recorder``, see ``_portability``), records the refusal and returns, and the caller
goes on as the drop-in does.

This module is at the bottom of the namespace's imports: it knows no array type.
"""

from __future__ import annotations

import os
import sys
import warnings
from types import TracebackType
from typing import Any, Collection

from ._portability import STALE_READ, Recorder, caught

__all__ = ["set_flags", "get_flags", "reset_flags", "Flags", "public_dir"]

SUPPORTED_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12", "2026.12")
DRAFT_VERSION = "2026.12"
DEFAULT_VERSION = "2025.12"
#: The versions that ``set`` warns about, and what it says of each (after the setter's name).
_WARNINGS = {
    "2021.12": "api_version 2021.12 was requested; the namespace is version 2022.12 without the fft extension",
    DRAFT_VERSION: f"api_version {DRAFT_VERSION} is a draft of the standard; nx implements what 2025.12 specifies",
}
ALL_EXTENSIONS = ("linalg", "fft")
#: The version of the standard that added each extension.
EXTENSION_SINCE = {"linalg": "2021.12", "fft": "2022.12"}

#: The functions each version of the standard added, as ``name`` or ``extension.name``
#: (array-api-strict gates the same ones). ``__array_namespace_info__`` gates its methods too.
ADDED_IN = {
    "2023.12": (
        "__array_namespace_info__",
        "clip",
        "copysign",
        "cumulative_sum",
        "hypot",
        "maximum",
        "minimum",
        "moveaxis",
        "repeat",
        "searchsorted",
        "signbit",
        "tile",
        "unstack",
    ),
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
_SINCE = {name: version for version, names in ADDED_IN.items() for name in names}


class Namespace:
    """A namespace's mode (``strict``, fixed) and flags (see the module docstring).

    ``refused`` maps each function name the flags turn off (``"diff"``,
    ``"linalg.cholesky"``) to the reason; it is empty under the default flags, so that
    ``check`` costs one test then."""

    __slots__ = (
        "name",
        "strict",
        "api_version",
        "boolean_indexing",
        "data_dependent_shapes",
        "enabled_extensions",
        "refused",
        "extension_names",
        "recorder",
        "_setter",
    )

    def __init__(self, name: str, *, strict: bool, setter: str) -> None:
        self.name = name  # the module's name: "nx_array_api" or "nx_array_api.strict"
        self.strict = strict
        self._setter = setter  # the name of the function that sets the flags, for messages
        self.api_version = DEFAULT_VERSION
        self.boolean_indexing = True
        self.data_dependent_shapes = True
        self.enabled_extensions: tuple[str, ...] = ALL_EXTENSIONS
        self.refused: dict[str, str] = {}
        #: extension -> the names of its functions (filled by the extension modules).
        self.extension_names: dict[str, tuple[str, ...]] = {}
        #: Record mode: the Recorder that ``refuse`` gives its refusals to; None raises them.
        self.recorder: Recorder | None = None

    def __repr__(self) -> str:
        return f"<namespace {self.name} ({'strict' if self.strict else 'drop-in'})>"

    # ----------------------------------------------------------------- flags
    def set(
        self,
        *,
        api_version: str | None = None,
        boolean_indexing: bool | None = None,
        data_dependent_shapes: bool | None = None,
        enabled_extensions: Collection[str] | None = None,
    ) -> None:
        """Sets the given flags (None leaves a flag as it is); every value is checked
        before any is set."""
        if (api_version.__class__ is str and api_version == self.api_version and api_version not in _WARNINGS
                and boolean_indexing is None and data_dependent_shapes is None and enabled_extensions is None):
            return  # the api_version it has, set again (scikit-learn's get_namespace does on every call)
        name = self._setter
        version = self.api_version if api_version is None else api_version
        if api_version is not None:
            if not isinstance(api_version, str) or api_version not in SUPPORTED_VERSIONS:
                raise ValueError(f"{name}: unsupported api_version {api_version!r} (supported: {', '.join(SUPPORTED_VERSIONS)})")
            if api_version in _WARNINGS:
                warnings.warn(f"{name}: {_WARNINGS[api_version]}", UserWarning, stacklevel=3)
        for flag, v in (("boolean_indexing", boolean_indexing), ("data_dependent_shapes", data_dependent_shapes)):
            if v is not None and type(v) is not bool:
                raise TypeError(f"{name}: {flag} must be a bool, got {type(v).__name__}")
        if enabled_extensions is not None:
            if isinstance(enabled_extensions, str):
                raise TypeError(f"{name}: enabled_extensions must be a collection of names, not a string")
            for e in enabled_extensions:
                if e not in ALL_EXTENSIONS:
                    raise ValueError(f"{name}: unknown extension {e!r} (nx has {', '.join(ALL_EXTENSIONS)})")
                if EXTENSION_SINCE[e] > version:
                    raise ValueError(f"{name}: the {e} extension requires api_version {EXTENSION_SINCE[e]} or later, got {version}")
            extensions = tuple(e for e in ALL_EXTENSIONS if e in enabled_extensions)
        else:
            extensions = tuple(e for e in self.enabled_extensions if EXTENSION_SINCE[e] <= version)
        self.api_version = version
        if boolean_indexing is not None:
            self.boolean_indexing = boolean_indexing
        if data_dependent_shapes is not None:
            self.data_dependent_shapes = data_dependent_shapes
        self.enabled_extensions = extensions
        self._refresh()

    def module(self) -> Any:
        """The namespace's module, by its name, once it is imported (None before): this
        module sits below the namespaces' packages and imports none of them."""
        return sys.modules.get(self.name)

    def get(self) -> dict[str, Any]:
        """The current flags, as keyword arguments for ``set``."""
        return {
            "api_version": self.api_version,
            "boolean_indexing": self.boolean_indexing,
            "data_dependent_shapes": self.data_dependent_shapes,
            "enabled_extensions": self.enabled_extensions,
        }

    def reset(self) -> None:
        """Every flag back to its default (the 2025.12 standard, both extensions),
        whatever the environment said at import."""
        self.api_version = DEFAULT_VERSION
        self.boolean_indexing = True
        self.data_dependent_shapes = True
        self.enabled_extensions = ALL_EXTENSIONS
        self._refresh()

    def set_from_environment(self, prefix: str) -> None:
        """Sets the flags from ``{prefix}API_VERSION``, ``{prefix}BOOLEAN_INDEXING``,
        ``{prefix}DATA_DEPENDENT_SHAPES`` and ``{prefix}ENABLED_EXTENSIONS``
        (comma-separated; empty for none)."""
        ext = os.environ.get(prefix + "ENABLED_EXTENSIONS")
        self.set(
            api_version=os.environ.get(prefix + "API_VERSION") or None,
            boolean_indexing=_env_bool(prefix + "BOOLEAN_INDEXING"),
            data_dependent_shapes=_env_bool(prefix + "DATA_DEPENDENT_SHAPES"),
            enabled_extensions=None if ext is None else [e.strip() for e in ext.split(",") if e.strip()],
        )

    def _refresh(self) -> None:
        refused = {}
        for qual, version in _SINCE.items():
            if version > self.api_version:
                refused[qual] = f"added in version {version} of the standard (requires API version {version} or later), and the api_version flag is {self.api_version}"
        for ext in ALL_EXTENSIONS:
            if ext not in self.enabled_extensions:
                for n in self.extension_names.get(ext, ()):
                    refused.setdefault(f"{ext}.{n}", f"the {ext} extension is disabled (enabled_extensions flag is {self.enabled_extensions})")
        self.refused = refused

    # ----------------------------------------------------------------- gates
    def refuse(self, kind: str, exc: BaseException, write: str = "") -> bool:
        """A refusal of this namespace that the drop-in does not make (``kind``: one of
        ``_portability.KINDS``; ``write``: a stale read's write site): raises ``exc``; in
        record mode, where the recorder takes ``kind``, records it, with the caller's call
        site, and returns True, and the caller goes on as the drop-in, unless code between
        the refusal and the test catches ``exc`` (then it is raised; not for a stale read,
        which array-api-strict never raises, so no code of a consumer's handles it).

        Called on the refusal's path only, so a call the namespace accepts pays nothing.
        (A caller keeps no reference to ``exc`` in a local: the raised exception's
        traceback holds the caller's frame, and the cycle would keep its arrays alive, and
        views of them would count as live in the next write's aliasing check.)"""
        rec = self.recorder
        if rec is not None and rec.takes(kind):
            if kind == STALE_READ or not caught(exc, sys._getframe(1)):
                rec.record(kind, exc, sys._getframe(1), write)
                return True
            rec.caught += 1  # the code that called handles the refusal: raised, as in strict mode
        try:
            raise exc
        finally:
            del exc  # (no cycle through this frame)

    def check(self, qual: str) -> None:
        """RuntimeError when the flags turn function ``qual`` (``"diff"``,
        ``"linalg.cholesky"``) off."""
        if self.refused:
            why = self.refused.get(qual)
            if why is not None:
                self.refuse("flag-gated function", RuntimeError(f"{qual.rpartition('.')[2]}: {why}"))

    def at_least(self, version: str) -> bool:
        """Whether the api_version flag is ``version`` or later."""
        return self.api_version >= version

    def requires(self, version: str, name: str, what: str, exc: type[Exception] = TypeError) -> None:
        """``exc`` naming ``name`` when a behaviour (``what``) needs a later version."""
        if self.api_version < version:
            self.refuse("flag-gated behaviour", exc(f"{name}: {what} requires API version {version} or later, and the api_version flag is {self.api_version}"))

    def requires_data_dependent_shapes(self, name: str) -> None:
        """RuntimeError naming ``name`` when the data_dependent_shapes flag is off."""
        if not self.data_dependent_shapes:
            self.refuse("flag-gated behaviour", RuntimeError(f"{name}: the output shape depends on the data, and the data_dependent_shapes flag is off (no data-dependent shapes)"))

    def requires_boolean_indexing(self, name: str) -> None:
        """RuntimeError naming ``name`` when the boolean_indexing flag is off."""
        if not self.boolean_indexing:
            self.refuse("flag-gated behaviour", RuntimeError(f"{name}: indexing with a boolean array, and the boolean_indexing flag is off"))

    def has_extension(self, ext: str) -> bool:
        return ext in self.enabled_extensions

    def module_hooks(self, names: Collection[str], extensions: dict[str, Any], module_globals: dict[str, Any]) -> tuple[Any, Any]:
        """The namespace module's ``__getattr__`` and ``__dir__`` (PEP 562): the extensions
        (``extensions``: name -> submodule) are attributes only while the flags enable
        them (as the standard says to detect one: ``hasattr(xp, "linalg")``), and
        ``__array_api_version__`` and ``__all__`` (``names`` and the enabled extensions)
        follow the flags: read when asked, so that nothing is rebound when a flag changes."""

        def __getattr__(name: str) -> Any:
            if name == "__array_api_version__":
                return self.api_version
            if name == "__all__":
                return sorted([*names, *self.enabled_extensions])
            ext = extensions.get(name)
            if ext is not None:
                if name in self.enabled_extensions:
                    return ext
                raise AttributeError(f"module {self.name!r} has no attribute {name!r}: the {name} extension is disabled ({self._setter}(enabled_extensions=...))")
            raise AttributeError(f"module {self.name!r} has no attribute {name!r}")

        def __dir__() -> list[str]:
            return public_dir(module_globals, [*names, "__all__", *self.enabled_extensions])

        return __getattr__, __dir__


def public_dir(module_globals: dict[str, Any], names: Collection[str]) -> list[str]:
    """What ``dir()`` of a public module shows (its ``__dir__``, PEP 562): its public
    ``names`` and its dunders, not the names its implementation imports or keeps."""
    return sorted({*names, *(n for n in module_globals if n.startswith("__") and n.endswith("__"))})


def register_extension(ext: str, names: Collection[str]) -> None:
    """Records the function names of extension ``ext`` (its module calls this), so that
    turning the extension off refuses them in every namespace."""
    for ns in NAMESPACES:
        ns.extension_names[ext] = tuple(names)
        ns._refresh()


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


#: The drop-in namespace, ``nx_array_api``.
DROPIN = Namespace("nx_array_api", strict=False, setter="set_flags")
#: The strict namespace, ``nx_array_api.strict``.
STRICT = Namespace("nx_array_api.strict", strict=True, setter="set_array_api_strict_flags")
NAMESPACES = (DROPIN, STRICT)


# --------------------------------------------------- the flag functions, per namespace
class Flags:
    """A context manager that sets a namespace's flags for a block and restores them
    after it (the drop-in's; ``nx_array_api.strict.ArrayAPIStrictFlags`` is the strict
    namespace's).

    >>> import nx_array_api as xp
    >>> with xp.Flags(api_version="2023.12"):
    ...     xp.__array_api_version__
    '2023.12'
    >>> xp.__array_api_version__
    '2025.12'
    """

    __slots__ = ("_kwargs", "_saved")
    _ns: Namespace = DROPIN

    def __init__(
        self,
        *,
        api_version: str | None = None,
        boolean_indexing: bool | None = None,
        data_dependent_shapes: bool | None = None,
        enabled_extensions: Collection[str] | None = None,
    ) -> None:
        self._kwargs: dict[str, Any] = {
            "api_version": api_version,
            "boolean_indexing": boolean_indexing,
            "data_dependent_shapes": data_dependent_shapes,
            "enabled_extensions": enabled_extensions,
        }
        self._saved: list[dict[str, Any]] = []

    def __enter__(self) -> "Flags":
        self._saved.append(self._ns.get())
        self._ns.set(**self._kwargs)
        return self

    def __exit__(self, t: type[BaseException] | None, v: BaseException | None, tb: TracebackType | None) -> None:
        self._ns.set(**self._saved.pop())

    def __repr__(self) -> str:
        given = ", ".join(f"{k}={v!r}" for k, v in self._kwargs.items() if v is not None)
        return f"{type(self).__name__}({given})"


def set_flags(
    *,
    api_version: str | None = None,
    boolean_indexing: bool | None = None,
    data_dependent_shapes: bool | None = None,
    enabled_extensions: Collection[str] | None = None,
    strict: None = None,
) -> None:
    """Sets the drop-in namespace's flags (None leaves a flag as it is); see the module
    docstring. Strict mode is a namespace of its own: ``import nx_array_api.strict``.

    >>> import nx_array_api as xp
    >>> xp.set_flags(api_version="2024.12")
    >>> xp.get_flags()["api_version"], xp.__array_api_version__
    ('2024.12', '2024.12')
    >>> xp.reset_flags()
    """
    if strict is not None:
        raise TypeError(
            "set_flags: strict mode is a namespace of its own, not a flag: use "
            "`import nx_array_api.strict as xp` (its arrays refuse what array-api-strict refuses)"
        )
    DROPIN.set(
        api_version=api_version,
        boolean_indexing=boolean_indexing,
        data_dependent_shapes=data_dependent_shapes,
        enabled_extensions=enabled_extensions,
    )


def get_flags() -> dict[str, Any]:
    """The drop-in namespace's flags, as keyword arguments for ``set_flags``."""
    return DROPIN.get()


def reset_flags() -> None:
    """The drop-in namespace's flags back to their defaults (the 2025.12 standard, both
    extensions), whatever the environment said at import."""
    DROPIN.reset()


def set_flags_from_environment() -> None:
    """Reads the drop-in's NX_API_VERSION, NX_BOOLEAN_INDEXING, NX_DATA_DEPENDENT_SHAPES
    and NX_ENABLED_EXTENSIONS (called once, when the package is imported). NX_STRICT,
    the switch of an earlier design, is refused rather than ignored."""
    if os.environ.get("NX_STRICT", "").strip() not in ("", "0"):
        raise ValueError(
            "nx_array_api: NX_STRICT is no longer read; strict mode is the namespace "
            "nx_array_api.strict (`import nx_array_api.strict as xp`, or "
            "ARRAY_API_TESTS_MODULE=nx_array_api.strict for the conformance suite)"
        )
    DROPIN.set_from_environment("NX_")
