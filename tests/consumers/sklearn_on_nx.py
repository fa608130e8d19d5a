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
"""

from __future__ import annotations

import importlib
from typing import Any, Iterator

NX = "nx_array_api"


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


def pytest_configure(config: Any) -> None:
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
