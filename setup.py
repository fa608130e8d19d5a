"""The build's one step beyond pyproject.toml: compiling the modules of ``COMPILED``.

Each is Cython's pure-Python mode: a ``.py`` source, the one definition of its
behaviour, compiled into a C extension module installed next to it where Cython and a C
compiler are at hand. Installing falls back to the pure-Python package, with a warning,
where either is missing or the compilation fails; ``NX_COMPILE=0`` in the environment
asks for the pure-Python package. ``nx_array_api.compiled()`` lists the modules a
process runs compiled.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The modules compiled where a compiler is at hand, each measured to pay
#: (docs/performance.md, "Compiled or pure Python"; benchmarks/compiled_vs_pure.py):
#: - threefry_loops: Threefry-2x32 and the Box-Muller normals element by element, without
#:   the GIL (float64 normals 3 times faster than the NumPy kernel, the same bits);
#: - _creation_functions and _manipulation_functions: calls that run long Python paths
#:   (asarray of a list, concat, stack, tile, permute_dims), 10-30% faster compiled,
#:   none measurably slower but reshape's (0.37 -> 0.41 us on 8 elements).
#: The other per-call modules are not here: the tensor module bought nothing measurable,
#: and the others made tiny calls slower compiled (the indexing and the NumPy backend by
#: 10-20%: the interpreter reaches an array's slots and its methods through specialised
#: bytecodes, compiled code through generic calls).
COMPILED: list[str] = ["nx_core.backend.kernels.threefry_loops", "nx_array_api._creation_functions", "nx_array_api._manipulation_functions"]

#: Every floating-point step of a compiled module is one IEEE operation in the source's
#: order, as the NumPy kernels compute it: no fused multiply-add, no reassociation
#: (-O3 implies neither; -ffp-contract=off forbids the first where the target has it).
CFLAGS = ["-O3", "-ffp-contract=off", "-fno-strict-aliasing"]


def _warn(message: str) -> None:
    print(f"nx: {message}; installing the pure-Python package", file=sys.stderr)


class OptionalBuildExt(build_ext):
    """build_ext that installs the pure-Python package when the C compilation fails."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, missing headers: the .py modules serve
            _warn(f"the compiled modules were not built ({e})")

    def build_extension(self, ext) -> None:  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as e:
            _warn(f"{ext.name} was not compiled ({e})")


def modules() -> list[str]:
    """``COMPILED``, or the modules ``NX_COMPILE_MODULES`` names (comma-separated): the
    candidates ``benchmarks/compiled_vs_pure.py`` compiles, in a copy of the checkout,
    to measure what each buys."""
    named = os.environ.get("NX_COMPILE_MODULES")
    return COMPILED if named is None else [m.strip() for m in named.split(",") if m.strip()]


def ext_modules() -> list:
    compiled = modules()
    if not compiled or os.environ.get("NX_COMPILE", "1") == "0":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _warn("Cython is not importable")
        return []
    flags = [] if sys.platform == "win32" else CFLAGS
    exts = [Extension(m, [m.replace(".", "/") + ".py"], extra_compile_args=flags) for m in compiled]
    # A module that imports cython types its variables by their annotations (Cython's
    # pure-Python mode); in any other the annotations are type hints, which Cython would
    # otherwise enforce as C types (a metaclass's instance refused as no `type`).
    typed = [e for e in exts if "import cython" in Path(e.sources[0]).read_text(encoding="utf-8")]
    plain = [e for e in exts if e not in typed]
    try:
        return cythonize(typed, compiler_directives={"language_level": 3}, quiet=True) + cythonize(
            plain, compiler_directives={"language_level": 3, "annotation_typing": False}, quiet=True
        )
    except BaseException as e:  # Cython could not translate a module
        _warn(f"Cython could not compile {compiled} ({e!r})")
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
