"""A pytest plugin that runs scikit-learn's own array-API tests with nx in place of
array_api_strict.

scikit-learn parametrizes its array-API tests with
``sklearn.utils._array_api.yield_namespace_device_dtype_combinations`` and builds the
namespace and device with ``sklearn.utils._testing._array_api_for_tests``. This plugin
replaces both before the test modules are imported, so that every such test runs on
``nx_array_api``: on the default device with float64 and on nx's ``device1`` with
float32, the two combinations scikit-learn uses for array_api_strict. The NumPy
namespace combinations are kept as scikit-learn's reference runs, and its conversions
between namespaces and devices run between NumPy and nx's devices.

    SCIPY_ARRAY_API=1 python -m pytest -p sklearn_on_nx --pyargs sklearn -k "array_api or array_namespace"

(``make consumers-sklearn`` does this, with this folder on ``PYTHONPATH``.)

With ``--nx-namespace=strict``, nx's strict namespace takes array_api_strict's place
instead (``nx_as_strict``): ``import array_api_strict`` gives ``nx_array_api.strict``, and
scikit-learn's tests of the name array_api_strict (its ``_is_xp_namespace`` and its
array-api-compat's ``is_array_api_strict_namespace``) accept it. scikit-learn's own
parametrizations then run on it unchanged (``CPU_DEVICE`` with float64, ``device1`` with
float32, with the ids scikit-learn gives them, ``array_api_strict-...``), and so do its
tests that import array_api_strict themselves. The same tests on array-api-strict itself,
for comparison, are scikit-learn's own run: the command above without ``-p
sklearn_on_nx``, ``-k array_api_strict`` for its array_api_strict runs only.
"""

from __future__ import annotations

import importlib
import re
from typing import Any, Iterator

import nx_as_strict
import pytest

NX = "nx_array_api"

#: scikit-learn's tests that fail on nx's strict namespace and pass on array-api-strict
#: (``module::test[params]`` pattern, matched with re.search, -> why); xfailed, strictly.
#: Each is a difference docs/strict-mode.md makes by design, or a test of scikit-learn's
#: that recognises array-api-strict by its module's name where nx cannot answer for it.
STRICT_KNOWN: dict[str, str] = {
    r"test_array_api::test_logsumexp_like_scipy_logsumexp\[.*-array_api_strict-CPU_DEVICE-": (
        "shared dtypes (by design): with array API dispatch off, _logsumexp keeps the array "
        "when its dtype is among NumPy's, which nx's dtypes are (array-api-strict's are not, "
        "so its array is converted to NumPy first), then compares it with a NumPy array"
    ),
    r"test_common::test_estimators\[(GridSearchCV|RandomizedSearchCV)\(.*check_array_api_input\(array_namespace=array_api_strict,device_name=CPU_DEVICE": (
        "scikit-learn skips this part of the check for array-api-strict by its module's name "
        "(estimator_checks._check_array_api_core: numpy_asarray_works = xp.__name__ != "
        "'array_api_strict'); on nx's strict namespace it runs and indexes an array with a "
        "NumPy array, which array-api-strict refuses too (IndexError)"
    ),
    r"test_gaussian_mixture::test_gaussian_mixture_array_api_compliance\[.*array_api_strict-.*-full-": (
        "a stale read (by design): _estimate_gaussian_covariances_full adds to the diagonal "
        "of covariances[k, :, :], a view (utils._array_api._add_to_diagonal), to change "
        "covariances, which _compute_precision_cholesky then reads"
    ),
}


def _combinations(include_numpy_namespaces: bool = True) -> Iterator[tuple[str, Any, Any]]:
    if include_numpy_namespaces:
        yield "numpy", None, None
    yield NX, None, "float64"
    yield NX, "device1", "float32"


def _namespaces(include_numpy_namespaces: bool = True) -> Iterator[str]:
    if include_numpy_namespaces:
        yield "numpy"
    yield NX


def _mixed(api: Any) -> Any:
    """scikit-learn's conversions between namespaces and devices, on nx's devices: NumPy
    to nx, nx to NumPy, and between two nx devices (scikit-learn's own list needs
    CuPy or PyTorch)."""

    def permutations() -> Iterator[tuple[Any, Any, str]]:
        nd = api.NamespaceAndDevice
        yield nd("numpy", None), nd(NX, "device1"), "numpy to nx device1"
        yield nd(NX, "device1"), nd("numpy", None), "nx device1 to numpy"
        yield nd(NX, "device1"), nd(NX, "device2"), "nx device1 to nx device2"

    return permutations


def pytest_addoption(parser: Any) -> None:
    nx_as_strict.add_option(
        parser, "scikit-learn's array-API tests", "nx_array_api, in place of array_api_strict's parametrizations"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    """Strict: ``array_api_strict`` is nx's strict namespace before scikit-learn's
    conftest imports anything."""
    if nx_as_strict.chosen(early_config):
        nx_as_strict.install()


def _is_xp_namespace(xp: Any, name: Any) -> bool:
    return xp.__name__ in (
        name,
        f"array_api_compat.{name}",
        f"sklearn.externals.array_api_compat.{name}",
    ) or (name == "array_api_strict" and xp.__name__ == "nx_array_api.strict")


def pytest_configure(config: Any) -> None:
    if nx_as_strict.chosen(config):
        api = importlib.import_module("sklearn.utils._array_api")
        nx_as_strict.recognise("sklearn.externals.array_api_compat")
        nx_as_strict.recognise_function(api._is_xp_namespace, _is_xp_namespace)
        return
    api = importlib.import_module("sklearn.utils._array_api")
    testing = importlib.import_module("sklearn.utils._testing")
    original = testing._array_api_for_tests

    def array_api_for_tests(array_namespace: str, device_name: Any = None, dtype_name: Any = None) -> Any:
        if array_namespace != NX:
            return original(array_namespace, device_name, dtype_name)
        xp, _ = original(array_namespace, None, dtype_name)  # skips as scikit-learn does
        import nx_array_api

        return xp, (None if device_name is None else nx_array_api.Device(device_name))

    api.yield_namespace_device_dtype_combinations = _combinations
    api.yield_namespaces = _namespaces
    api.yield_mixed_namespace_input_permutations = _mixed(api)
    testing._array_api_for_tests = array_api_for_tests


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if not nx_as_strict.chosen(config):
        return
    nx_as_strict.carry_warning_filters(items)
    patterns = [(re.compile(p), why) for p, why in STRICT_KNOWN.items()]
    for item in items:
        name = f"{getattr(getattr(item, 'module', None), '__name__', '')}::{item.name}"
        for p, why in patterns:
            if p.search(name):
                item.add_marker(pytest.mark.xfail(reason=f"nx's strict namespace: {why}", strict=True))
                break


def pytest_report_header(config: Any) -> str:
    if nx_as_strict.chosen(config):
        return "array_api_strict is nx_array_api.strict (sklearn_on_nx --nx-namespace=strict)"
    return "nx_array_api in place of array_api_strict (sklearn_on_nx)"
