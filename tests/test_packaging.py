"""The wheel ships both packages whole: every module and both ``py.typed`` markers.

The wheel is built with ``pip wheel --no-deps --no-build-isolation`` from a copy of the
project (so that the build leaves no ``build/`` or ``*.egg-info`` in the checkout, and no
stale file from an earlier build can slip into the wheel). Skipped where the build
tools are missing or ``NX_SKIP_PACKAGING_TEST`` is set.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("nx_core", "nx_array_api")


def _skip_reason() -> str | None:
    if os.environ.get("NX_SKIP_PACKAGING_TEST"):
        return "NX_SKIP_PACKAGING_TEST is set"
    if importlib.util.find_spec("pip") is None:
        return "pip is not importable"
    spec = importlib.util.find_spec("setuptools")
    if spec is None or not spec.submodule_search_locations:
        return "setuptools is not importable"
    try:
        major = int(importlib.metadata.version("setuptools").split(".")[0])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        major = 0
    if major < 64:
        return "setuptools >= 64 is needed (pyproject.toml [build-system])"
    # setuptools >= 70.1 builds wheels by itself; older ones need the `wheel` package.
    own_bdist_wheel = any(
        (Path(p) / "command" / "bdist_wheel.py").is_file()
        for p in spec.submodule_search_locations
    )
    if not own_bdist_wheel and importlib.util.find_spec("wheel") is None:
        return "wheel is not importable"
    return None


_REASON = _skip_reason()
pytestmark = pytest.mark.skipif(_REASON is not None, reason=_REASON or "")


def _expected_files() -> set[str]:
    """Every module of both packages, and their py.typed markers, as wheel paths."""
    out = set()
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*"):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or path.name == "py.typed":
                out.add(path.relative_to(ROOT).as_posix())
    return out


def _copy_project(dst: Path) -> None:
    """The top-level files (pyproject.toml, README.md, ...) and the two packages."""
    dst.mkdir()
    for entry in ROOT.iterdir():
        if entry.is_file():
            shutil.copy2(entry, dst / entry.name)
    for pkg in PACKAGES:
        shutil.copytree(
            ROOT / pkg, dst / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
        )


def test_wheel_contains_every_module_and_py_typed(tmp_path: Path) -> None:
    src = tmp_path / "src"
    wheels = tmp_path / "wheels"
    _copy_project(src)
    proc = subprocess.run(
        [
            sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
            "--no-index", "--disable-pip-version-check", "-q", "-w", str(wheels), str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PIP_NO_INPUT": "1"},
    )
    assert proc.returncode == 0, f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}"
    built = sorted(wheels.glob("nx-*.whl"))
    assert len(built) == 1, f"expected one nx wheel, got {[p.name for p in built]}"

    with zipfile.ZipFile(built[0]) as zf:
        names = set(zf.namelist())

    for pkg in PACKAGES:
        assert f"{pkg}/py.typed" in names, f"{pkg}/py.typed is missing from the wheel"
    expected = _expected_files()
    assert {f"{pkg}/py.typed" for pkg in PACKAGES} <= expected
    missing = sorted(expected - names)
    assert not missing, f"missing from the wheel: {missing}"
    # Nothing but the two packages and the wheel's metadata (no tests, benchmarks, ...).
    tops = {n.split("/", 1)[0] for n in names}
    stray = sorted(t for t in tops if t not in PACKAGES and not t.endswith(".dist-info"))
    assert not stray, f"unexpected top-level entries in the wheel: {stray}"
