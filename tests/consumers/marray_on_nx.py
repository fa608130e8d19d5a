"""A pytest plugin that runs marray's own test suite (shipped in its wheel,
``marray.tests``) on nx.

marray (a masked-array wrapper over any array-API namespace) parametrizes its tests
over ``xps = [numpy, array_api_strict]``, and matches refusals by NumPy's and
array-api-strict's messages (``pass_exceptions(allowed=[...])``). With
``--marray-backend``:

- ``nx`` (the default): ``import array_api_strict`` gives nx's drop-in namespace,
  ``nx_array_api``, before marray's test module is imported, so its array_api_strict
  parametrization runs on the drop-in; only those tests are kept;
- ``nx_strict``: the same with nx's strict namespace, ``nx_array_api.strict``;
- ``numpy`` and ``array_api_strict``: marray's own parametrizations, for comparison.

Tests that take no ``xp`` are not run. The test ids are marray's own (``xp1`` is the
array_api_strict place), so two runs compare test for test.

    python -m pytest -p marray_on_nx --pyargs marray.tests
    python -m pytest -p marray_on_nx --pyargs marray.tests --marray-backend numpy

(``make consumers-marray`` runs the first, with this folder on ``PYTHONPATH``.)
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import pytest

_BACKENDS = {"nx": "nx_array_api", "nx_strict": "nx_array_api.strict", "numpy": "numpy", "array_api_strict": "array_api_strict"}


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--marray-backend", default="nx", choices=sorted(_BACKENDS), help="the namespace marray's tests run on (default: nx's drop-in)")


def pytest_configure(config: Any) -> None:
    backend = config.getoption("--marray-backend")
    if backend.startswith("nx"):
        ns = importlib.import_module(_BACKENDS[backend])
        for name in [m for m in sys.modules if m == "array_api_strict" or m.startswith("array_api_strict.")]:
            del sys.modules[name]
        sys.modules["array_api_strict"] = ns
    config._marray_namespace = importlib.import_module("array_api_strict" if backend.startswith("nx") else _BACKENDS[backend])


def pytest_collection_modifyitems(config: Any, items: list) -> None:
    ns = config._marray_namespace
    keep, drop = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        (keep if params.get("xp") is ns else drop).append(item)
    items[:] = keep
    config.hook.pytest_deselected(items=drop)
