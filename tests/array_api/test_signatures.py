"""Every public function of the namespace (and of ``linalg`` and ``fft``), and every method
and property of ``Array``, has the standard's signature: the same parameter names, kinds
(positional-only, keyword-only) and defaults as the standard's stubs, and an annotation on
every parameter and on the return.

The stubs are read (with ``ast``, not imported) from the array-api checkout that
``make array-api-tests`` uses, at ``../shared/array-api-tests`` beside the project, or
where ``ARRAY_API_TESTS_DIR`` points.
"""

from __future__ import annotations

import ast
import inspect
import os
from pathlib import Path
from typing import Any

import pytest

import nx_array_api as xp

ROOT = Path(__file__).resolve().parents[2]
VERSION = "2025_12"


def _stubs_dir() -> Path | None:
    suites = [Path(os.environ["ARRAY_API_TESTS_DIR"])] if os.environ.get("ARRAY_API_TESTS_DIR") else []
    suites += [ROOT / "array-api-tests", ROOT.parent / "shared" / "array-api-tests"]
    for suite in suites:
        d = (ROOT / suite if not suite.is_absolute() else suite) / "array-api" / "src" / "array_api_stubs" / f"_{VERSION}"
        if d.is_dir():
            return d
    return None


STUBS = _stubs_dir()
pytestmark = pytest.mark.skipif(
    STUBS is None, reason=f"the standard's stubs (array-api-tests/array-api/src/array_api_stubs/_{VERSION}) are not checked out beside the project"
)

#: The stub files that hold functions, and the nx module that has them.
_FUNCTION_FILES = {
    "creation_functions": xp, "data_type_functions": xp, "elementwise_functions": xp,
    "indexing_functions": xp, "linear_algebra_functions": xp, "manipulation_functions": xp,
    "searching_functions": xp, "set_functions": xp, "sorting_functions": xp,
    "statistical_functions": xp, "utility_functions": xp, "linalg": xp.linalg, "fft": xp.fft,
}

#: The drop-in's documented departures from the standard's signature (docs/consumers.md):
#: each takes every call the standard's signature takes, and more.
DEPARTURES = {
    "nx_array_api.where": "where(condition) alone is nonzero(condition), as in NumPy (scikit-learn's roc_curve)",
    "nx_array_api.diff": "n and axis also positional, as in NumPy (scikit-learn's xp.diff(x, 2))",
    "nx_array_api.astype": "device's default is 'not given' (<unset>), as array-api-strict's, so that an api_version "
    "before 2023.12, which has no device argument, refuses device=None",
}

_KINDS = {"posonlyargs": inspect.Parameter.POSITIONAL_ONLY, "args": inspect.Parameter.POSITIONAL_OR_KEYWORD, "kwonlyargs": inspect.Parameter.KEYWORD_ONLY}


def _stub_params(fn: ast.FunctionDef, skip_self: bool) -> list[tuple[str, inspect._ParameterKind, str | None]]:
    """(name, kind, default's source or None) of each parameter of a stub's ``def``."""
    a = fn.args
    positional = [(p, "posonlyargs") for p in a.posonlyargs] + [(p, "args") for p in a.args]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(a.defaults)) + list(a.defaults)
    out = [(p.arg, _KINDS[k], None if d is None else ast.unparse(d)) for (p, k), d in zip(positional, defaults)]
    if a.vararg:
        out.append((a.vararg.arg, inspect.Parameter.VAR_POSITIONAL, None))
    out += [(p.arg, _KINDS["kwonlyargs"], None if d is None else ast.unparse(d)) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    if a.kwarg:
        out.append((a.kwarg.arg, inspect.Parameter.VAR_KEYWORD, None))
    return out[1:] if skip_self else out


def _default_source(value: object) -> str | None:
    if value is inspect.Parameter.empty:
        return None
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    return repr(value)


def _same_default(stub: str | None, ours: object) -> bool:
    if stub is None or ours is inspect.Parameter.empty:
        return stub is None and ours is inspect.Parameter.empty
    if stub in ("inf", "-inf"):
        return ours == float(stub)
    try:
        return ast.literal_eval(stub) == ours and type(ast.literal_eval(stub)) is type(ours)
    except ValueError:
        return False


def _takes_the_standards_calls(stub: list, ours: list) -> bool:
    """Whether a signature ``ours`` takes every call that the standard's ``stub`` takes:
    its parameters in order with a kind that accepts the standard's way of passing them
    (a keyword-only one may also be positional, a positional-only one keyword too), and
    the standard's defaults (or one where the standard asks for the argument)."""
    by_name = {n: (k, d) for n, k, d in ours}
    P = inspect.Parameter
    takes = {P.POSITIONAL_ONLY: {P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD}, P.KEYWORD_ONLY: {P.KEYWORD_ONLY, P.POSITIONAL_OR_KEYWORD}}
    positional = [n for n, k, _ in stub if k is P.POSITIONAL_ONLY]
    if [n for n, _, _ in ours[: len(positional)]] != positional:
        return False
    for n, k, d in stub:
        if n not in by_name or by_name[n][0] not in takes.get(k, {k}):
            return False
        if d is not None and not _same_default(d, by_name[n][1]) and not (d == "None" and repr(by_name[n][1]) == "<unset>"):
            return False
    return all(n in {s for s, _, _ in stub} or d is not P.empty for n, _, d in ours)


def _compare(where: str, stub: list, fn: Any, skip_self: bool) -> list[str]:
    """What differs between a stub's parameters and ``fn``'s signature, in words."""
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())[1 if skip_self else 0 :]
    problems = []
    ours = [(p.name, p.kind, p.default) for p in params]
    if where in DEPARTURES:
        if not _takes_the_standards_calls(stub, ours):
            problems.append(f"{where}: parameters {_show(ours)} do not take every call of the standard's {_show(stub)}")
    elif [(n, k) for n, k, _ in stub] != [(n, k) for n, k, _ in ours]:
        problems.append(f"{where}: parameters {_show(ours)}, the standard's {_show(stub)}")
    else:
        for (n, _, d), (_, _, od) in zip(stub, ours):
            if not _same_default(d, od):
                problems.append(f"{where}: {n}'s default {_default_source(od)}, the standard's {d or 'none'}")
    for p in params:
        if p.annotation is inspect.Parameter.empty:
            problems.append(f"{where}: parameter {p.name} has no annotation")
    if sig.return_annotation is inspect.Signature.empty:
        problems.append(f"{where}: no return annotation")
    return problems


def _show(params: list) -> str:
    marks = {inspect.Parameter.POSITIONAL_ONLY: "/", inspect.Parameter.KEYWORD_ONLY: "*"}
    return "(" + ", ".join(f"{marks.get(k, '')}{n}" for n, k, _ in params) + ")"


def _stub_functions() -> list[tuple[str, object, ast.FunctionDef]]:
    if STUBS is None:
        return []
    out = []
    for stem, module in _FUNCTION_FILES.items():
        tree = ast.parse((STUBS / f"{stem}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                out.append((f"{module.__name__}.{node.name}", module, node))
    return out


def _stub_array_members() -> dict[str, ast.FunctionDef]:
    if STUBS is None:
        return {}
    tree = ast.parse((STUBS / "array_object.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "_array")
    return {n.name: n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"}


FUNCTIONS = _stub_functions()


@pytest.mark.parametrize("where, module, stub", FUNCTIONS, ids=[w for w, _, _ in FUNCTIONS])
def test_function_has_the_standards_signature(where, module, stub):
    fn = getattr(module, stub.name, None)
    assert fn is not None, f"{where}: missing"
    problems = _compare(where, _stub_params(stub, False), fn, False)
    assert not problems, "\n".join(problems)


MEMBERS = _stub_array_members()


@pytest.mark.parametrize("name", sorted(MEMBERS))
def test_array_member_has_the_standards_signature(name):
    stub = MEMBERS[name]
    cls_attr = inspect.getattr_static(xp.Array, name)
    is_property = any(isinstance(d, ast.Name) and d.id == "property" for d in stub.decorator_list)
    if is_property:
        # a property, or one of the Tensor's slots (dtype, shape)
        assert isinstance(cls_attr, property) or inspect.ismemberdescriptor(cls_attr) or inspect.isgetsetdescriptor(cls_attr), f"Array.{name}: not a property"
        if isinstance(cls_attr, property):
            assert "return" in inspect.get_annotations(cls_attr.fget), f"Array.{name}: no return annotation"
        return
    problems = _compare(f"Array.{name}", _stub_params(stub, True), getattr(xp.Array, name), True)
    assert not problems, "\n".join(problems)


def test_the_stubs_are_read():
    """The lists above are the standard's: nothing is skipped silently."""
    assert len(FUNCTIONS) > 150 and {"__add__", "__getitem__", "to_device", "mT"} <= set(MEMBERS)
