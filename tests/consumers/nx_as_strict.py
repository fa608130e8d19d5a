"""``array_api_strict`` is ``nx_array_api.strict``: the swap the consumer plugins make
with ``--nx-namespace=strict``.

A consumer tests its portability on array-api-strict in two ways, and the swap covers
both:

- it imports array-api-strict and runs its tests on it: ``install`` makes
  ``import array_api_strict`` give nx's strict namespace for the whole run (it is
  ``sys.modules["array_api_strict"]``), so the consumer's own parametrizations over
  array_api_strict, its fixtures and the tests that import it directly run on nx. The
  test ids still say ``array_api_strict``: they are the consumer's, so a run on
  array-api-strict itself has the same ids, test for test;
- its library code recognises array-api-strict by name, to work around what
  array-api-strict refuses (to move an array to ``CPU_DEVICE`` before NumPy reads it, to
  cast integers before ``/``): array-api-compat's ``is_array_api_strict_namespace``
  compares ``xp.__name__`` with ``"array_api_strict"``. ``recognise`` makes such a test
  accept ``nx_array_api.strict`` too, as a consumer that swaps array-api-strict for nx
  would write it, since nx's strict namespace refuses what array-api-strict refuses.

The consumer's warning filters for array-api-strict's module (a ``filterwarnings`` mark
whose module is ``array_api_strict``: NumPy's warnings, raised from array-api-strict's
code) apply to nx's module that raises the same NumPy warnings, ``nx_core``
(``carry_warning_filters``). Nothing else of the consumer changes.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any, Callable

import nx_array_api.strict.pytest_plugin

NAME = "nx_array_api.strict"
STRICT = "array_api_strict"


def add_option(parser: Any, runs_on: str, dropin: str) -> None:
    """A consumer plugin's ``--nx-namespace`` option: which of nx's namespaces ``runs_on``
    (the consumer's tests, in words) on: the drop-in (``dropin`` says how it comes in)
    or the strict one (as ``array_api_strict``: the swap)."""
    parser.addoption(
        "--nx-namespace",
        default="dropin",
        choices=("dropin", "strict"),
        help=f"nx's namespace {runs_on} run on: the drop-in ({dropin}) or the strict one "
        "(nx_array_api.strict as array_api_strict)",
    )


def chosen(config: Any) -> bool:
    """Whether the run asked for the strict namespace (``--nx-namespace=strict``)."""
    return bool(config.known_args_namespace.nx_namespace == "strict")


def install() -> types.ModuleType:
    """Makes ``import array_api_strict`` import nx's strict namespace; returns it."""
    for name in [m for m in sys.modules if m == STRICT or m.startswith(STRICT + ".")]:
        del sys.modules[name]  # array-api-strict itself, if something imported it already
    ns = importlib.import_module(NAME)
    sys.modules[STRICT] = ns
    sys.modules[STRICT + ".linalg"] = importlib.import_module(NAME + ".linalg")
    sys.modules[STRICT + ".fft"] = importlib.import_module(NAME + ".fft")
    return ns


def _is_array_api_strict_namespace(xp: Any) -> bool:
    return xp.__name__ in ("array_api_strict", "nx_array_api.strict")


def _recognise_function(func: Callable[..., Any], replacement: Callable[..., Any]) -> None:
    """Gives ``func`` the code of ``replacement`` (same signature, no free names but its
    arguments and builtins): every module that bound ``func`` by name sees the change."""
    if func.__code__.co_varnames[: func.__code__.co_argcount] != replacement.__code__.co_varnames[: replacement.__code__.co_argcount]:
        raise RuntimeError(f"nx_as_strict: {func.__module__}.{func.__qualname__} has another signature than the one recognised")
    func.__code__ = replacement.__code__


def recognise(compat: str) -> None:
    """Makes ``is_array_api_strict_namespace`` of the array-api-compat at ``compat``
    (``"array_api_compat"``, or a copy vendored in a consumer) accept nx's strict
    namespace."""
    helpers = importlib.import_module(f"{compat}.common._helpers")
    _recognise_function(helpers.is_array_api_strict_namespace, _is_array_api_strict_namespace)


def recognise_function(func: Callable[..., Any], replacement: Callable[..., Any]) -> None:
    """The same for a consumer's own name test (scikit-learn's ``_is_xp_namespace``)."""
    _recognise_function(func, replacement)


#: The consumer's warning filters for array-api-strict's modules, carried to nx_core's.
carry_warning_filters = nx_array_api.strict.pytest_plugin.carry_warning_filters
