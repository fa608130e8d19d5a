"""Import layering rules, checked statically with ``ast``.

* ``nx_core`` never imports ``nx_array_api``.
* ``numpy`` is imported only under ``nx_core/backend/``.
* ``shape.py``, ``view.py``, ``indexing.py``, ``masks.py``, ``dtype.py`` and ``_symbolic.py`` import
  the standard library, ``nx_core.errors`` and each other only.
* ``nx_array_api`` never looks a backend up by itself: an array computes on the
  backend its tensor carries, a creation function on its device's.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "nx_core"
API = ROOT / "nx_array_api"

LEAF_MODULES = {"shape", "view", "indexing", "masks", "dtype", "_symbolic"}
LEAF_ALLOWED = LEAF_MODULES | {"errors"}


def _py_files(pkg: Path):
    if not pkg.is_dir():
        return []
    return sorted(p for p in pkg.rglob("*.py") if "__pycache__" not in p.parts)


def _module_name(path: Path) -> str:
    if not path.is_relative_to(ROOT):  # a probe written elsewhere: a top-level module
        return path.stem
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path):
    """Absolute dotted names imported by ``path`` (relative imports resolved), wherever
    the import stands: at module level, inside a function, under ``if TYPE_CHECKING:``
    (a type checker's import is an import to every reader of the code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    mod = _module_name(path)
    is_pkg = path.name == "__init__.py"
    pkg_parts = mod.split(".") if is_pkg else mod.split(".")[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg_parts[: len(pkg_parts) - (node.level - 1)]
                prefix = ".".join(base)
                if node.module:
                    full = f"{prefix}.{node.module}" if prefix else node.module
                    out.append(full)
                else:  # from . import x, y
                    out.extend(f"{prefix}.{a.name}" for a in node.names)
            elif node.module:
                out.append(node.module)
                # "from nx_core import view" names submodules too
                out.extend(f"{node.module}.{a.name}" for a in node.names)
    return out


CORE_FILES = _py_files(CORE)
API_FILES = _py_files(API)


def test_core_exists():
    assert (CORE / "shape.py").is_file() and (CORE / "view.py").is_file()


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_never_imports_array_api(path):
    bad = [m for m in _imports(path) if m.split(".")[0] == "nx_array_api"]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_numpy_only_in_backend(path):
    rel = path.relative_to(CORE)
    if rel.parts[0] == "backend":
        return
    bad = [m for m in _imports(path) if m.split(".")[0] == "numpy"]
    assert not bad, f"{path.relative_to(ROOT)} imports numpy outside nx_core/backend/"


@pytest.mark.parametrize("name", sorted(LEAF_MODULES))
def test_leaf_modules_stdlib_only(name):
    path = CORE / f"{name}.py"
    if not path.is_file():
        pytest.skip(f"nx_core/{name}.py not written yet")
    stdlib = sys.stdlib_module_names
    for m in _imports(path):
        top = m.split(".")[0]
        if top == "nx_core":
            parts = m.split(".")
            assert len(parts) >= 2 and parts[1] in LEAF_ALLOWED, (
                f"nx_core/{name}.py imports {m}; only {sorted(LEAF_ALLOWED)} are allowed"
            )
        elif top == "__future__":
            continue
        else:
            assert top in stdlib, f"nx_core/{name}.py imports non-stdlib module {m}"


def test_array_api_may_be_absent():
    # nothing to check when the package is not there yet; when it is, it must parse
    for path in API_FILES:
        ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", API_FILES, ids=lambda p: p.name)
def test_array_api_reads_no_global_backend(path):
    """No ``get_backend``/``backend_of_kind`` in the namespace, and no module-level
    name bound to a backend (``_B = ...``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "nx_core.backend":
            names = {a.name for a in node.names}
            assert not names & {"get_backend", "backend_of_kind", "make_backend"}, f"{path.name} imports {names}"
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            f = node.value.func
            fname = getattr(f, "id", getattr(f, "attr", ""))
            assert "backend" not in fname, f"{path.name}:{node.lineno} binds a backend at import"


# The namespace reaches engines only through the backends its arrays carry: it imports
# the standard library, itself and these core modules, nothing else (no numpy, no
# nx_core.backend).
API_MAY_IMPORT = {"nx_core", "nx_core.compiled", "nx_core.device", "nx_core.dtype", "nx_core.errors", "nx_core.shape", "nx_core.tensor", "nx_core.view"}
#: ... and a pytest plugin (the served one, the portability report's hooks), which only pytest loads, imports pytest.
PLUGINS = {"pytest_plugin.py", "_report_hooks.py"}


def _foreign_imports(path: Path) -> list[str]:
    """What ``path`` imports beyond the standard library, itself and API_MAY_IMPORT."""
    stdlib = sys.stdlib_module_names
    bad = []
    for m in _imports(path):
        top = m.split(".")[0]
        if top in ("__future__", "nx_array_api") or top in stdlib or (top == "pytest" and path.name in PLUGINS):
            continue
        parts = m.split(".")
        if not (top == "nx_core" and ".".join(parts[:2]) in API_MAY_IMPORT and (len(parts) <= 2 or parts[1] != "backend")):
            bad.append(m)
    return bad


@pytest.mark.parametrize("path", API_FILES, ids=lambda p: p.name)
def test_array_api_imports_no_engine(path):
    bad = _foreign_imports(path)
    assert not bad, (
        f"{path.relative_to(ROOT)} imports {bad}: the namespace may import only the standard "
        f"library and {sorted(API_MAY_IMPORT)}"
    )


def test_layering_check_catches_an_engine_import(tmp_path):
    """The rule above fails when broken: a module importing NumPy or a backend is caught."""
    probe = tmp_path / "probe.py"
    probe.write_text("import numpy as np\nfrom nx_core.backend import get_backend\nfrom nx_core.dtype import DType\n", encoding="utf-8")
    assert _foreign_imports(probe) == ["numpy", "nx_core.backend", "nx_core.backend.get_backend"]


def test_core_surface_is_named():
    """``nx_core``'s public names are exactly its ``__all__`` (submodules aside)."""
    import types

    import nx_core

    public = {n for n, v in vars(nx_core).items() if not n.startswith("_") and not isinstance(v, types.ModuleType)}
    assert public == set(nx_core.__all__)


# ------------------------------------------------- the namespace's own import order
#: The namespace's helper modules: they sit below its functions and import none of them.
API_HELPERS = {"_flags", "_dtypes", "_constants", "_array_types", "_devices", "_validation", "_compose", "_scalars", "_element_ops", "_messages", "_stale", "_portability"}


def _api_graph() -> dict[str, set[str]]:
    """nx_array_api's modules -> the nx_array_api modules each imports (anywhere in it)."""
    names = {_module_name(p) for p in API_FILES}
    return {_module_name(p): {m for m in _imports(p) if m in names and m != _module_name(p)} for p in API_FILES}


def test_array_api_imports_run_in_one_direction():
    """No cycle among nx_array_api's modules: helpers below the functions, the functions
    whose operators the array types are below the array types (``_array_object``), the
    namespaces' packages on top."""
    graph = _api_graph()
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(d):] + [d]))
            if d not in state:
                visit(d)
        path.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


def test_helpers_import_no_function_module():
    graph = _api_graph()
    short = {m: m.split(".")[-1] for m in graph}
    for m, deps in graph.items():
        if short[m] in API_HELPERS:
            bad = [d for d in deps if short[d] not in API_HELPERS]
            assert not bad, f"{m} is a helper but imports {bad}"


ARRAY_OBJECT = "nx_array_api._array_object"


def _below(graph: dict[str, set[str]], top: str) -> set[str]:
    """The modules ``top`` imports, directly or through others: those below it."""
    seen: set[str] = set()
    todo = [top]
    while todo:
        for d in graph[todo.pop()] - seen:
            seen.add(d)
            todo.append(d)
    return seen


def _importers_of_array_object_below_it(graph: dict[str, set[str]]) -> list[str]:
    return sorted(m for m in _below(graph, ARRAY_OBJECT) if ARRAY_OBJECT in graph[m])


def test_no_module_below_the_array_types_imports_them():
    """The modules the array types' class bodies use (the functions that are their
    operators, and the helpers of those) import nothing of ``_array_object``, not even
    for annotations under ``if TYPE_CHECKING:``: they annotate with ``_array_types``'
    names. Only the modules above it (the namespaces, the other functions' modules)
    import the array types."""
    bad = _importers_of_array_object_below_it(_api_graph())
    assert not bad, f"{bad} sit below _array_object (it imports them) and import it"


def test_array_object_check_catches_a_type_only_import(tmp_path):
    """The rule above fails when broken: a helper of the operators that takes ``Array``
    from ``_array_object`` under ``if TYPE_CHECKING:`` is caught."""
    probe = tmp_path / "probe.py"
    probe.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from nx_array_api._array_object import Array\n", encoding="utf-8")
    assert ARRAY_OBJECT in _imports(probe)
    graph = _api_graph()
    graph["nx_array_api._validation"] = graph["nx_array_api._validation"] | {ARRAY_OBJECT}
    assert _importers_of_array_object_below_it(graph) == ["nx_array_api._validation"]


def test_the_operators_are_the_array_types_own():
    """The operators and indexing are attributes of the class bodies (``vars``), each the
    namespace's function itself (one Python call per operator), not bound afterwards."""
    from nx_array_api import _element_ops, _indexing
    from nx_array_api._array_object import Array, StrictArray

    own = vars(Array)
    assert own["__add__"] is _element_ops.OPERATORS["add"][0] and own["__rsub__"] is _element_ops.OPERATORS["subtract"][1]
    assert own["__lt__"] is _element_ops.OPERATORS["less"][0] and own["__getitem__"] is _indexing.getitem
    assert vars(StrictArray)["__getitem__"] is _indexing.getitem_strict and "__add__" not in vars(StrictArray)
    source = (API / "_array_object.py").read_text(encoding="utf-8")
    assert "setattr(" not in source


# ------------------------------------------------- cycles and private names, both packages
def _import_nodes(path: Path):
    """``(module, names)`` for every import of ``path``, wherever it stands (module level,
    inside a function, under ``if TYPE_CHECKING``): ``module`` is the absolute dotted name
    imported from and ``names`` what is taken from it (empty for ``import m``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    mod = _module_name(path)
    pkg_parts = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                prefix = ".".join(pkg_parts[: len(pkg_parts) - (node.level - 1)])
                base = f"{prefix}.{node.module}" if node.module else prefix
            else:
                base = node.module or ""
            yield base, tuple(a.name for a in node.names)


def _package_graph(files) -> dict[str, set[str]]:
    """Module -> the modules of the same files it imports (``from p import m`` names the
    submodule ``p.m`` when there is one, the package ``p`` otherwise)."""
    names = {_module_name(p) for p in files}
    graph: dict[str, set[str]] = {}
    for p in files:
        me = _module_name(p)
        deps = set()
        for base, taken in _import_nodes(p):
            subs = [f"{base}.{n}" for n in taken if f"{base}.{n}" in names]
            if subs:
                deps.update(subs)
            if len(subs) < len(taken) or not taken:
                if base in names:
                    deps.add(base)
        deps.discard(me)
        graph[me] = deps
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` (its modules in order, the first repeated last), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                return path[path.index(d):] + [d]
            if d not in state:
                found = visit(d)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


@pytest.mark.parametrize("files", [CORE_FILES, API_FILES, CORE_FILES + API_FILES], ids=["nx_core", "nx_array_api", "both"])
def test_no_import_cycle(files):
    """No import cycle among the modules of nx_core or nx_array_api, counting every import:
    at module level, inside functions and under ``if TYPE_CHECKING`` (which never runs,
    but ties the modules together to a type checker and to a reader)."""
    found = _cycle(_package_graph(files))
    assert found is None, "import cycle: " + " -> ".join(found)


def test_cycle_check_catches_a_cycle_inside_a_function():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_imports(path: Path) -> list[str]:
    """The private names ``path`` imports from outside their package: a private module
    ``p._m`` belongs to package ``p``, a private name ``_x`` of module ``p.m`` to ``p`` (of
    package ``p``, to ``p``). The package and its subpackages may import it, nobody else."""
    me = _module_name(path)
    my_pkg = me if path.name == "__init__.py" else me.rpartition(".")[0]

    def inside(owner: str) -> bool:
        return my_pkg == owner or my_pkg.startswith(owner + ".")

    bad = []
    for base, taken in _import_nodes(path):
        parts = base.split(".")
        if parts[0] not in ("nx_core", "nx_array_api"):
            continue
        for i in range(1, len(parts)):
            if _is_private(parts[i]) and not inside(".".join(parts[:i])):
                bad.append(base)
                break
        is_pkg = (ROOT.joinpath(*parts) / "__init__.py").is_file()
        owner = base if is_pkg else base.rpartition(".")[0]
        bad.extend(f"{base}.{n}" for n in taken if _is_private(n) and not inside(owner))
    return bad


@pytest.mark.parametrize("path", CORE_FILES + API_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_private_names_stay_in_their_package(path):
    bad = _private_imports(path)
    assert not bad, f"{path.relative_to(ROOT)} imports private names of another package: {bad}"


def test_private_name_check_catches_one(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from nx_core.backend.numpy.backend import _NP\nfrom nx_array_api._flags import Flags\n", encoding="utf-8")
    assert _private_imports(probe) == ["nx_core.backend.numpy.backend._NP", "nx_array_api._flags"]


@pytest.mark.parametrize("path", CORE_FILES + API_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_star_import(path):
    """Re-exports are explicit (``from m import name as name``): a reader, a linter and a
    type checker see every name a module binds."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    stars = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names)]
    assert not stars, f"{path.relative_to(ROOT)}: import * on lines {stars}"
