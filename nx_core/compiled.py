"""Which of nx's modules run compiled, and the switch that runs them all interpreted.

An install compiles a few modules with Cython (their sources are its pure-Python mode)
where a C compiler is at hand (``setup.py`` names them: ``COMPILED``); each compiled
module sits next to its ``.py`` source, which stays the one definition of its behaviour. ``compiled_modules()``
lists those that the running process imported compiled.

``NX_PURE_PYTHON=1`` in the environment (read once, when ``nx_core`` is first imported)
makes this process import the ``.py`` source of every module of ``nx_core`` and
``nx_array_api`` even where a compiled one sits next to it: the pure-Python package,
from the same checkout or install. A checkout whose sources changed after their
compilation (a compiled module older than its ``.py``) runs the same way, with a
warning, until ``make compile`` builds them again: the source is what runs, or what was
compiled from it, never an older copy.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from typing import Any, Sequence

__all__ = ["compiled_modules", "PURE_PYTHON"]

_PACKAGES = ("nx_core", "nx_array_api")

#: Whether NX_PURE_PYTHON asked for the interpreted modules only.
PURE_PYTHON = os.environ.get("NX_PURE_PYTHON", "") not in ("", "0")


def compiled_modules() -> tuple[str, ...]:
    """The modules of nx_core and nx_array_api that this process runs compiled, sorted:
    those installed compiled next to their sources, unless ``NX_PURE_PYTHON=1`` asked
    for the pure-Python modules (or the compiled ones are older than their sources);
    empty for the pure-Python package."""
    return () if PURE_PYTHON else _BUILT


class _SourceOnly:
    """A finder ahead of Python's path finder that hands back the ``.py`` source's spec
    for a module of the two packages that the path finder would load compiled."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        if name.partition(".")[0] not in _PACKAGES:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or not isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            return spec
        source = os.path.join(os.path.dirname(spec.origin or ""), name.rpartition(".")[2] + ".py")
        if not os.path.isfile(source):
            return spec
        return importlib.util.spec_from_file_location(name, source)


def _built(root: str) -> tuple[list[str], list[str]]:
    """The modules of the two packages under ``root`` installed compiled, for this
    interpreter, next to their ``.py`` sources, and, in a checkout (``setup.py`` beside
    the packages; an install's file times say nothing), the sources among them changed
    after their compilation."""
    checkout = os.path.isfile(os.path.join(root, "setup.py"))
    built, stale = [], []
    for pkg in _PACKAGES:
        for folder, _, files in os.walk(os.path.join(root, pkg)):
            for f in sorted(files):
                stem, dot, suffix = f.partition(".")
                source = os.path.join(folder, stem + ".py")
                rel = os.path.relpath(source, root)
                name = rel[:-3].replace(os.sep, ".")
                # ("." + suffix: only the names this interpreter would import; a build
                # for another Python beside it, x.cpython-313-....so under 3.11, is none)
                if dot and "." + suffix in _SUFFIXES and stem + ".py" in files and name not in built:
                    built.append(name)
                    if checkout and os.path.getmtime(source) > os.path.getmtime(os.path.join(folder, f)):
                        stale.append(rel)
    return sorted(built), stale


_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
_names, _old = _built(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_BUILT = tuple(_names)

if not PURE_PYTHON:
    if _old:
        warnings.warn(
            f"nx: {', '.join(_old)} changed after the compilation; running the pure-Python "
            "modules (make compile builds them again)", RuntimeWarning, stacklevel=2,
        )
        PURE_PYTHON = True

if PURE_PYTHON and not any(f is _SourceOnly for f in sys.meta_path):
    sys.meta_path.insert(0, _SourceOnly)
