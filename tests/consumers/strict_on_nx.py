"""A pytest plugin that runs array-api-strict's own test suite (shipped in its wheel,
``array_api_strict/tests``) against nx's strict namespace, ``nx_array_api.strict``.

It only rewrites imports and maps array-api-strict's names onto nx's:

- ``array_api_strict`` is ``nx_array_api.strict`` (in ``sys.modules``), and the test
  modules' text is read with ``import array_api_strict ...`` lines pointing there, so
  that the code the tests run in subprocesses imports nx too;
- the private modules the tests import names from (``array_api_strict._flags``,
  ``._devices``, ``._creation_functions``, ...) are modules holding the strict
  namespace's public names of the same section; the tables of ``._dtypes``, which only
  list dtypes, are rebuilt from the standard's categories;
- the tests that read array-api-strict's internals (``x._array``, ``dtype._np_dtype``,
  ``Array._promote_scalar``, the layout of its private modules) are skipped, each with its
  reason, from the one list ``PRIVATE`` below. Nothing else is skipped or marked.

    PYTHONPATH=tests/consumers python -m pytest -p strict_on_nx --pyargs array_api_strict.tests

(``make consumers-strict`` does this.) With ``--strict-backend=array_api_strict`` the same
tests, with the same skips, run on array-api-strict itself, for comparison.
"""

from __future__ import annotations

import ast
import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

#: Tests that read array-api-strict's internals (node id patterns, matched with re.search),
#: with the reason each is skipped.
PRIVATE: dict[str, str] = {
    r"test_array_object\.py::test_operators\b": "compares with y._array, array-api-strict's private NumPy array",
    r"test_manipulation_functions\.py::test_reshape_copy\b": "reads x._array, array-api-strict's private NumPy array",
    r"test_searching_functions\.py::test_where_numpy_scalars\b": "reads x._array, array-api-strict's private NumPy array",
    r"test_elementwise_functions\.py::test_scalars\b": "calls Array._promote_scalar, array-api-strict's private scalar conversion",
    r"test_elementwise_functions\.py::test_elementwise_function_numpy_scalars\b": "reads dtype._np_dtype, array-api-strict's private NumPy dtype",
    r"test_elementwise_functions\.py::test_missing_functions\b": "reads the layout of array-api-strict's private module _elementwise_functions (inspect.getmodule)",
}

NX = "nx_array_api.strict"

# The standard's dtype categories, as array-api-strict's private ``_dtypes`` lists them.
_CATEGORIES = {
    "_boolean_dtypes": ("bool",),
    "_signed_integer_dtypes": ("int8", "int16", "int32", "int64"),
    "_unsigned_integer_dtypes": ("uint8", "uint16", "uint32", "uint64"),
    "_real_floating_dtypes": ("float32", "float64"),
    "_complex_floating_dtypes": ("complex64", "complex128"),
}
_CATEGORIES["_integer_dtypes"] = _CATEGORIES["_signed_integer_dtypes"] + _CATEGORIES["_unsigned_integer_dtypes"]
_CATEGORIES["_floating_dtypes"] = _CATEGORIES["_real_floating_dtypes"] + _CATEGORIES["_complex_floating_dtypes"]
_CATEGORIES["_integer_or_boolean_dtypes"] = _CATEGORIES["_boolean_dtypes"] + _CATEGORIES["_integer_dtypes"]
_CATEGORIES["_real_numeric_dtypes"] = _CATEGORIES["_integer_dtypes"] + _CATEGORIES["_real_floating_dtypes"]
_CATEGORIES["_numeric_dtypes"] = _CATEGORIES["_integer_dtypes"] + _CATEGORIES["_floating_dtypes"]
_CATEGORIES["_all_dtypes"] = _CATEGORIES["_boolean_dtypes"] + _CATEGORIES["_numeric_dtypes"]
#: The standard's category names (its tables' spelling) -> the list above.
_DTYPE_CATEGORIES = {
    "all": "_all_dtypes",
    "real numeric": "_real_numeric_dtypes",
    "numeric": "_numeric_dtypes",
    "integer": "_integer_dtypes",
    "integer or boolean": "_integer_or_boolean_dtypes",
    "boolean": "_boolean_dtypes",
    "real floating-point": "_real_floating_dtypes",
    "complex floating-point": "_complex_floating_dtypes",
    "floating-point": "_floating_dtypes",
}

# The text of ``import array_api_strict ...`` lines, module code and code strings alike.
_REWRITES = [
    (re.compile(r"\bimport array_api_strict as (\w+)"), rf"import {NX} as \1"),
    (re.compile(r"\bfrom array_api_strict import "), f"from {NX} import "),
    (re.compile(r"\bimport array_api_strict\b(?![.\w])"), f"import {NX} as array_api_strict"),
]


def rewrite(source: str) -> str:
    """``source`` with its imports of ``array_api_strict`` pointing at nx's strict namespace."""
    for pattern, repl in _REWRITES:
        source = pattern.sub(repl, source)
    return source


def _section(name: str, names: Any, ns: Any) -> types.ModuleType:
    m = types.ModuleType(f"array_api_strict.{name}")
    for n in names:
        setattr(m, n, getattr(ns, n))
    return m


def _shims(ns: Any) -> dict[str, types.ModuleType]:
    """array-api-strict's private modules the tests import from, holding nx's names."""
    from nx_array_api import _creation_functions, _data_type_functions, _elementwise_functions, _manipulation_functions

    everything = [n for n in ns.__all__ if not n.startswith("__") and n not in ("linalg", "fft")]
    flags = _section("_flags", ["set_array_api_strict_flags", "get_array_api_strict_flags", "reset_array_api_strict_flags", "ArrayAPIStrictFlags"], ns)
    flags.ENVIRONMENT_VARIABLES = [  # type: ignore[attr-defined]
        "ARRAY_API_STRICT_API_VERSION",
        "ARRAY_API_STRICT_BOOLEAN_INDEXING",
        "ARRAY_API_STRICT_DATA_DEPENDENT_SHAPES",
        "ARRAY_API_STRICT_ENABLED_EXTENSIONS",
    ]
    devices = _section("_devices", ["Device"], ns)
    devices.CPU_DEVICE = ns.Device("CPU_DEVICE")  # type: ignore[attr-defined]
    devices.ALL_DEVICES = tuple(d for d in ns.__array_namespace_info__().devices() if d.name != "dask")  # type: ignore[attr-defined]
    dtypes = _section("_dtypes", [n for cat in _CATEGORIES["_all_dtypes"] for n in (cat,)], ns)
    for table, names in _CATEGORIES.items():
        setattr(dtypes, table, tuple(getattr(ns, n) for n in names))
    dtypes._dtype_categories = {k: getattr(dtypes, v) for k, v in _DTYPE_CATEGORIES.items()}  # type: ignore[attr-defined]
    out = {
        "_flags": flags,
        "_devices": devices,
        "_dtypes": dtypes,
        "_array_object": _section("_array_object", ["Array"], ns),
        "_info": _section("_info", ["__array_namespace_info__"], ns),
        "_linalg": ns.linalg,
        "_fft": ns.fft,
        "_creation_functions": _section("_creation_functions", _creation_functions.__all__, ns),
        "_data_type_functions": _section("_data_type_functions", _data_type_functions.__all__, ns),
        "_elementwise_functions": _section("_elementwise_functions", _elementwise_functions.__all__, ns),
        "_manipulation_functions": _section("_manipulation_functions", [n for n in _manipulation_functions.__all__ if n in everything], ns),
    }
    return out


class _RewritingLoader(importlib.machinery.SourceFileLoader):
    """Loads array-api-strict's test modules with ``rewrite`` applied to their text, and
    pytest's assertion rewriting, as pytest would have applied it."""

    config: Any = None

    def source_to_code(self, data: Any, path: Any, *, _optimize: int = -1) -> Any:  # type: ignore[override]
        text = rewrite(data.decode("utf-8") if isinstance(data, bytes) else data)
        tree = ast.parse(text, filename=str(path))
        try:
            from _pytest.assertion.rewrite import rewrite_asserts

            rewrite_asserts(tree, text.encode("utf-8"), str(path), self.config)
        except Exception:  # noqa: BLE001 - pytest's internals moved: plain asserts still test
            pass
        return compile(tree, str(path), "exec", dont_inherit=True)

    def get_data(self, path: str) -> bytes:
        if path.endswith((".pyc", ".pyo")):
            raise OSError("no cached bytecode for rewritten modules")
        return super().get_data(path)


class _TestsFinder(importlib.abc.MetaPathFinder):
    """Finds ``array_api_strict.tests`` and its modules in array-api-strict's wheel."""

    def __init__(self, tests_dir: Path) -> None:
        self.tests_dir = tests_dir

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != "array_api_strict.tests" and not fullname.startswith("array_api_strict.tests."):
            return None
        rel = fullname.split(".")[2:]
        if not rel:
            origin = self.tests_dir / "__init__.py"
            loader = _RewritingLoader(fullname, str(origin))
            return importlib.util.spec_from_file_location(fullname, origin, loader=loader, submodule_search_locations=[str(self.tests_dir)])
        origin = self.tests_dir.joinpath(*rel).with_suffix(".py")
        if not origin.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, origin, loader=_RewritingLoader(fullname, str(origin)))


def pytest_addoption(parser: Any) -> None:
    parser.addoption(
        "--strict-backend",
        default="nx",
        choices=("nx", "array_api_strict"),
        help="run array-api-strict's tests on nx's strict namespace (default) or on array-api-strict itself",
    )


def pytest_configure(config: Any) -> None:
    if config.getoption("--strict-backend") != "nx":
        return
    spec = importlib.util.find_spec("array_api_strict")
    if spec is None or not spec.submodule_search_locations:
        raise pytest.UsageError("strict_on_nx: array-api-strict is not installed")
    tests_dir = Path(list(spec.submodule_search_locations)[0]) / "tests"
    ns = importlib.import_module(NX)
    _RewritingLoader.config = config
    for name in [m for m in sys.modules if m == "array_api_strict" or m.startswith("array_api_strict.")]:
        del sys.modules[name]
    pkg = sys.modules["array_api_strict"] = _package(ns)
    for name in _shims(ns):
        sys.modules[f"array_api_strict.{name}"] = getattr(pkg, name)
    sys.meta_path.insert(0, _TestsFinder(tests_dir))


def _package(ns: Any) -> types.ModuleType:
    """The package the test modules' relative imports (``from .. import asarray``,
    ``from .._flags import ...``) resolve in: nx's strict namespace's names, read from it
    when asked (so they follow its flags), and the private modules of ``_shims`` as
    submodules. (``import array_api_strict`` lines are rewritten to import
    ``nx_array_api.strict`` itself.)"""
    pkg = types.ModuleType("array_api_strict")
    pkg.__path__ = []  # a package: its submodules are found by _TestsFinder or are shims
    pkg.__getattr__ = lambda name: getattr(ns, name)  # type: ignore[attr-defined]
    for name, module in _shims(ns).items():
        setattr(pkg, name, module)
    return pkg


def pytest_collection_modifyitems(config: Any, items: list) -> None:
    patterns = [(re.compile(p), why) for p, why in PRIVATE.items()]
    for item in items:
        for p, why in patterns:
            if p.search(item.nodeid):
                item.add_marker(pytest.mark.skip(reason=f"private to array-api-strict: {why}"))
                break


def pytest_report_header(config: Any) -> str:
    return f"array-api-strict's own tests on {'nx_array_api.strict' if config.getoption('--strict-backend') == 'nx' else 'array_api_strict'}"
