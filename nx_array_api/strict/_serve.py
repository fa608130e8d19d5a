"""nx's strict namespace served as ``array_api_strict``: a test suite written for
array-api-strict runs on nx unchanged.

``serve_as_array_api_strict()`` does it in the running process; the environment variable
``NX_SERVE_AS_ARRAY_API_STRICT=1`` with the folder ``SHIM`` on ``PYTHONPATH`` does it in
every Python process started with that environment (pytest-xdist's workers, the
subprocesses a test starts): the folder holds a package ``array_api_strict`` whose import
calls ``serve_as_array_api_strict()``, or, without the variable, imports the real
array-api-strict in its place. ``environment()`` gives both settings;
``nx_array_api.strict.pytest_plugin`` sets them for a pytest run.

Served, the strict namespace records a stale read (``nx_array_api._stale``), which
array-api-strict does not check, instead of raising it, unless ``NX_STALE_READS=raise``
(``serve_as_array_api_strict(stale_reads=...)``).
"""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

from nx_core.dtype import set_numpy_interop

from .._flags import STRICT
from .._portability import STALE_READ, Recorder

__all__ = ["serve_as_array_api_strict"]

#: The module name served.
NAME = "array_api_strict"
#: The environment variable that asks the shim package for nx's strict namespace.
ENV = "NX_SERVE_AS_ARRAY_API_STRICT"
#: The environment variable that says what a stale read does while nx is served:
#: ``record`` (the default: recorded, and the read goes on as NumPy's, as on
#: array-api-strict) or ``raise`` (a ValueError, as in ``nx_array_api.strict`` not served).
STALE_ENV = "NX_STALE_READS"
STALE_MODES = ("record", "raise")
#: The folder to put on ``PYTHONPATH``: it holds the shim package ``array_api_strict``.
SHIM = str(Path(__file__).resolve().parent / "_shim")
#: The array-api-strict release whose names and refusals the strict namespace follows:
#: the served module's ``__version__``, which consumers compare with the release they need
#: (SciPy's conftest skips array-api-strict before 2.3).
ARRAY_API_STRICT_VERSION = "2.6.1"

_STRICT = "nx_array_api.strict"
_SUBMODULES = ("linalg", "fft")


def _ours(module: types.ModuleType) -> bool:
    """Whether ``module`` is nx's strict namespace or the shim package importing it."""
    file = getattr(module, "__file__", None)
    return file is not None and Path(file).resolve().is_relative_to(Path(__file__).resolve().parent)


def serve_as_array_api_strict(stale_reads: str | None = None) -> types.ModuleType:
    """Makes ``import array_api_strict`` in this process give nx's strict namespace, and
    returns it.

    The module ``nx_array_api.strict`` is then also ``sys.modules["array_api_strict"]``,
    with ``__name__ == "array_api_strict"`` (array-api-compat's
    ``is_array_api_strict_namespace``, and the consumers that branch on that name, see
    array-api-strict), ``__version__`` the array-api-strict release it follows, and its
    extensions importable as ``array_api_strict.linalg`` and ``array_api_strict.fft``.
    Every array of the strict namespace answers ``__array_namespace__()`` with this one
    module. Calling it again does nothing more (but set ``stale_reads`` if given).

    ``stale_reads``: what a read of elements changed through shared memory does
    (``_stale``), which array-api-strict does not check: ``"record"`` (the default) records
    it (the strict namespace's ``recorder``; the pytest plugin lists them at the end of the
    run) and reads as NumPy does, so that what passes on array-api-strict passes;
    ``"raise"`` raises ValueError as ``nx_array_api.strict`` does when it is not served.
    None: the environment variable ``NX_STALE_READS``, else ``"record"``.

        >>> from nx_array_api.strict import serve_as_array_api_strict
        >>> xp = serve_as_array_api_strict()
        >>> import array_api_strict
        >>> array_api_strict is xp, xp.__name__
        (True, 'array_api_strict')

    Raises RuntimeError if the real array-api-strict is already imported in this process:
    its arrays and nx's would then both claim the name. Serve nx before anything imports
    it (``pytest -p nx_array_api.strict.pytest_plugin`` does, before the conftests).

    For the Python processes this one starts, set ``NX_SERVE_AS_ARRAY_API_STRICT=1`` and
    put ``nx_array_api/strict/_shim`` first on ``PYTHONPATH`` (the pytest plugin does
    both; docs/strict-mode.md, "Run your test suite on nx").
    """
    present = sys.modules.get(NAME)
    if present is not None and not _ours(present):
        where = getattr(present, "__file__", None) or repr(present)
        raise RuntimeError(
            f"serve_as_array_api_strict: the real array_api_strict ({where}) is already imported "
            "in this process, so nx's strict namespace cannot take its name without mixing the two; "
            "serve nx before anything imports array_api_strict (pytest -p nx_array_api.strict.pytest_plugin "
            f"does it before the conftests; a subprocess gets it from {ENV}=1 with the shim folder on PYTHONPATH)"
        )
    module = sys.modules[_STRICT]  # this module's package, imported before any call
    if present is not module or stale_reads is not None:  # (not served yet: absent, or the shim importing)
        set_stale_reads(stale_reads_mode(stale_reads))
    # NumPy cannot read the dtypes, as it cannot read array-api-strict's: np.dtype(xp.float64)
    # is a TypeError and NumPy's dtypes compare unequal to them (consumers such as
    # scikit-learn's _logsumexp branch on that comparison); the process's drop-in shares them
    set_numpy_interop(False)
    STRICT.name = NAME  # the namespace's name in its messages and reprs
    module.__name__ = NAME
    setattr(module, "__version__", ARRAY_API_STRICT_VERSION)  # (nx's own __version__ replaced)
    sys.modules[NAME] = module
    for sub in _SUBMODULES:
        ext = sys.modules[f"{_STRICT}.{sub}"]
        ext.__name__ = f"{NAME}.{sub}"
        sys.modules[f"{NAME}.{sub}"] = ext
    return module


def stale_reads_mode(stale_reads: str | None = None) -> str:
    """``stale_reads``, or the environment's ``NX_STALE_READS``, or ``"record"``: checked."""
    mode = stale_reads if stale_reads is not None else os.environ.get(STALE_ENV) or "record"
    if mode not in STALE_MODES:
        raise ValueError(f"serve_as_array_api_strict: stale_reads must be 'record' or 'raise', not {mode!r} ({STALE_ENV})")
    return mode


def set_stale_reads(mode: str) -> None:
    """Stale reads recorded (``"record"``: a recorder of stale reads alone as the strict
    namespace's, unless it has one) or raised (``"raise"``: that recorder removed; a
    portability report's, which records every kind, stays)."""
    rec = STRICT.recorder
    if mode == "record":
        if rec is None:
            STRICT.recorder = Recorder(kinds=(STALE_READ,))
    elif rec is not None and rec.kinds == {STALE_READ}:
        STRICT.recorder = None


def environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The settings (``NX_SERVE_AS_ARRAY_API_STRICT`` and ``PYTHONPATH``) that make the
    processes started with them import nx's strict namespace as ``array_api_strict``:
    ``environ`` (default ``os.environ``) with both added."""
    env = dict(os.environ if environ is None else environ)
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != SHIM]
    env["PYTHONPATH"] = os.pathsep.join([SHIM, *paths])
    env[ENV] = "1"
    return env
