"""``nx_core.compiled``: which modules a process runs compiled, told from the files beside
their sources."""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

from nx_core import compiled as nx_compiled


def _touch(path: Path, mtime: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("")
    os.utime(path, (mtime, mtime))


def test_compiled_modules_are_those_this_python_imports_each_named_once(tmp_path):
    """A module counts as compiled once, by the file this interpreter would import: a
    build for another Python beside it (``.cpython-313-...so`` under 3.11, as a checkout
    tested on two Pythons holds) is not one, nor is it compared with the source's time."""
    here, other = importlib.machinery.EXTENSION_SUFFIXES[0], ".cpython-29-elsewhere.so"
    pkg = tmp_path / "nx_core"
    _touch(pkg / "a.py", 100)
    _touch(pkg / ("a" + here), 200)
    _touch(pkg / ("a" + other), 50)  # (older than its source: stale, were it this Python's)
    _touch(pkg / "kernels" / "b.py", 300)
    _touch(pkg / "kernels" / ("b" + other), 400)
    _touch(tmp_path / "nx_array_api" / "c.py", 300)
    _touch(tmp_path / "nx_array_api" / ("c" + here), 200)  # older than its source
    _touch(tmp_path / "setup.py", 0)  # a checkout: file times count
    built, stale = nx_compiled._built(str(tmp_path))
    assert built == ["nx_array_api.c", "nx_core.a"]
    assert stale == [os.path.join("nx_array_api", "c.py")]
    (tmp_path / "setup.py").unlink()  # an install: its file times say nothing
    assert nx_compiled._built(str(tmp_path)) == (["nx_array_api.c", "nx_core.a"], [])


def test_this_process_names_each_compiled_module_once():
    names = nx_compiled.compiled_modules()
    assert len(names) == len(set(names)) and list(names) == sorted(names)
