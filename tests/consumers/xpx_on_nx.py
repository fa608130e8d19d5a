"""A pytest plugin that runs array-api-extra's own test suite with nx as one of its
backends.

array-api-extra ships its tests in its wheel (``array_api_extra.tests.main``). Its
conftest parametrizes the ``library`` and ``xp`` fixtures over the members of the enum
``array_api_extra._lib._backends.Backend``, and its tests name backends through that
enum in ``skip_xp_backend``/``xfail_xp_backend`` marks and ``library.like(...)``
branches. This plugin:

- replaces that enum, before the test modules are imported, by one with the same
  members plus ``NX`` (``nx_array_api`` on nx's default device, ``cpu``) and
  ``NX_DEVICE1`` (the same namespace with ``device1`` as the default device, through
  ``nx_array_api.using_device``). Both are nx's default (drop-in) mode, and neither is
  array_api_strict: the tests take their generic branches for nx, as for NumPy or CuPy;
- makes the conftest's ``device`` fixture, which asks for a device other than the
  default one where the backend has one, give nx ``device1`` (``device2`` under
  ``NX_DEVICE1``), as it gives array_api_strict ``device1``;
- copies array_api_strict's marks to nx where their reason holds for any library that
  has only the standard (``SHARED_WITH_STRICT``), and marks the tests that need a
  NumPy protocol the standard does not have (``NUMPY_SPECIFIC``);
- keeps only the tests that run on the backends of ``--xpx-backend`` (default
  ``nx,nx_device1``; the ids are the enum's names in lower case, ``array_api_strict``
  for the comparison run). Tests that use no backend are not run.

    python -m pytest -p xpx_on_nx --pyargs array_api_extra.tests.main -o xfail_strict=true
    python -m pytest -p xpx_on_nx --pyargs array_api_extra.tests.main --xpx-backend array_api_strict

(``make consumers-xpx`` runs the first, with this folder on ``PYTHONPATH``;
``make consumers-xpx ARGS="--xpx-backend array_api_strict"`` the second.)

With ``--nx-namespace=strict``, nx's strict namespace takes array_api_strict's place
(``nx_as_strict``): ``import array_api_strict`` gives ``nx_array_api.strict``, and
array-api-compat's ``is_array_api_strict_namespace`` accepts it. array-api-extra's own
array_api_strict backends then run on it unchanged, marks and branches included, with
their own ids: ``array_api_strict`` (api_version 2025.12, ``device1`` for the
``device`` fixture) and ``array_api_strictest`` (no boolean indexing, no data-dependent
shapes, no extensions); ``--xpx-backend`` defaults to these two.

    python -m pytest -p xpx_on_nx --pyargs array_api_extra.tests.main -o xfail_strict=true --nx-namespace=strict
"""

from __future__ import annotations

import enum
import importlib
from typing import Any, Iterator

import nx_as_strict
import pytest

NX = "nx_array_api"

# array_api_strict's marks that nx gets too, by their reason: it holds for any library
# that array-api-extra knows only through the standard, nx included (reason -> why).
# The other ones stay array_api_strict's: "device->host copy" (nx's devices convert to
# NumPy) and the ARRAY_API_STRICTEST marks (flags that nx's default mode leaves on).
SHARED_WITH_STRICT = {
    "array-agnostic fallback": (
        "array-api-extra delegates nunique to the native function of the libraries it "
        "knows; a library with only the standard's functions gets the array-agnostic "
        "fallback, which this test forbids"
    ),
}

# Tests that need a NumPy protocol beyond the standard, as array_api_strict's arrays do
# (nodeid suffix -> reason). They run and are expected to fail (xfail_strict).
NUMPY_SPECIFIC = {
    "test_testing.py::test_lazy_xp_function_cython_ufuncs": (
        "a SciPy Cython ufunc returns an nx array only for arrays with __array_ufunc__ "
        "(NumPy's dispatch protocol); nx, like array_api_strict, has none, so erf(x) is a "
        "NumPy array"
    ),
}


def _extended_backend(original: type[enum.Enum]) -> type[enum.Enum]:
    """``original`` (array-api-extra's Backend) with the same members and methods, plus
    ``NX`` and ``NX_DEVICE1``."""
    body = enum.EnumMeta.__prepare__("Backend", (enum.Enum,))
    for member in original:
        body[member.name] = member.value
    body["NX"] = NX
    body["NX_DEVICE1"] = f"{NX}:device1"
    for name, attr in vars(original).items():
        if name in ("modname", "like", "pytest_param", "__doc__"):
            body[name] = attr
    body["__module__"] = original.__module__
    body["__qualname__"] = original.__qualname__
    return enum.EnumMeta("Backend", (enum.Enum,), body)


def pytest_addoption(parser: Any) -> None:
    parser.addoption(
        "--xpx-backend",
        default=None,
        help="comma-separated backends of array-api-extra's tests to run (ids as the "
        "enum's names in lower case: nx, nx_device1, array_api_strict, numpy, ...); "
        "default: nx,nx_device1, or array_api_strict,array_api_strictest with "
        "--nx-namespace=strict",
    )
    nx_as_strict.add_option(parser, "array-api-extra's tests", "nx_array_api, as two more backends")


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    """Strict: ``array_api_strict`` is nx's strict namespace before anything imports it."""
    if nx_as_strict.chosen(early_config):
        nx_as_strict.install()


def pytest_configure(config: Any) -> None:
    if nx_as_strict.chosen(config):
        nx_as_strict.recognise("array_api_compat")
    backends = importlib.import_module("array_api_extra._lib._backends")
    if not hasattr(backends.Backend, "NX"):
        backends.Backend = _extended_backend(backends.Backend)
    for line in (
        "skip_xp_backend(library, /, *, reason=None): Skip test for a specific backend",
        "xfail_xp_backend(library, /, *, reason=None, strict=None): Xfail test for a specific backend",
        "thread_unsafe: the test monkey-patches module globals",
    ):
        config.addinivalue_line("markers", line)


def _backend() -> Any:
    return importlib.import_module("array_api_extra._lib._backends").Backend


def _is_conftest(plugin: Any) -> bool:
    return getattr(plugin, "__name__", "").endswith("array_api_extra.tests.main.conftest")


@pytest.hookimpl(tryfirst=True)
def pytest_plugin_registered(plugin: Any, manager: Any) -> None:
    """The conftest's ``device`` fixture returns ``get_device(xp.empty(0))`` for every
    backend but array_api_strict; for nx arrays, answer with a device that is not the
    default one."""
    if not _is_conftest(plugin) or getattr(plugin.get_device, "_nx", False):
        return
    original = plugin.get_device

    def get_device(x: Any) -> Any:
        dev = original(x)
        if type(x).__module__.startswith(NX) and not _is_strict_array(x):
            import nx_array_api

            return nx_array_api.Device("device2" if dev == nx_array_api.Device("device1") else "device1")
        return dev

    get_device._nx = True  # type: ignore[attr-defined]
    plugin.get_device = get_device


def _is_strict_array(x: Any) -> bool:
    import nx_array_api.strict

    return isinstance(x, nx_array_api.strict.Array)


def _item_backends(item: Any) -> Iterator[Any]:
    backend = _backend()
    for value in getattr(getattr(item, "callspec", None), "params", {}).values():
        if isinstance(value, backend):
            yield value


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    backend = _backend()
    chosen = config.getoption("--xpx-backend") or ("array_api_strict,array_api_strictest" if nx_as_strict.chosen(config) else "nx,nx_device1")
    wanted = {name.strip().lower() for name in chosen.split(",")}
    keep, drop = [], []
    for item in items:
        used = list(_item_backends(item))
        if used and all(b.name.lower() in wanted for b in used):
            keep.append(item)
        else:
            drop.append(item)
            continue
        nx = [b for b in used if b.like(backend.NX)]
        if not nx:
            continue
        for name in ("skip_xp_backend", "xfail_xp_backend"):
            for mark in list(item.iter_markers(name)):
                reason = mark.kwargs.get("reason")
                if mark.args and mark.args[0] is backend.ARRAY_API_STRICT and reason in SHARED_WITH_STRICT:
                    item.add_marker(getattr(pytest.mark, name)(nx[0], **mark.kwargs))
        for suffix, reason in NUMPY_SPECIFIC.items():
            if item.nodeid.split("[")[0].endswith(suffix):
                item.add_marker(pytest.mark.xfail_xp_backend(nx[0], reason=reason, strict=True))
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    if nx_as_strict.chosen(config):
        nx_as_strict.carry_warning_filters(items)


@pytest.fixture(autouse=True)
def _nx_default_device(request: Any) -> Iterator[None]:
    """``NX_DEVICE1``: the whole test, fixtures included, with ``device1`` as nx's
    default device."""
    backend = _backend()
    if backend.NX_DEVICE1 in _item_backends(request.node):
        import nx_array_api

        with nx_array_api.using_device("device1"):
            yield
    else:
        yield


def pytest_report_header(config: Any) -> str:
    if nx_as_strict.chosen(config):
        return "array_api_strict is nx_array_api.strict (xpx_on_nx --nx-namespace=strict)"
    return "nx_array_api as array-api-extra's backends nx and nx_device1 (xpx_on_nx)"
