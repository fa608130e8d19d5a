"""What compiling the per-call path could give: a measured prototype, not nx's code.

    python benchmarks/compiled_prototype.py

nx's per-call floor is two Python frames and a result object (docs/performance.md,
"Compiled or pure Python"). Compiling nx's modules as they are did not lower it. This
script measures the design that docs/performance.md says compiling would need: the
array an extension type, whose ``__add__`` and the backend's ``add`` are typed and
compiled. It builds a minimal version of that with Cython, in a temporary folder, and
times ``x + y`` on 8 float64 elements in four ways:

* NumPy's own ``x + y``;
* the pure-Python equivalent: a class with ``__slots__``, an operator that checks the
  operands' dtype, backend and shape, and a backend method that calls NumPy's ufunc and
  fills a new instance (nx's shape of the call, without its other checks);
* the same with the class an extension type, its attributes public and the backend still
  interpreted;
* the extension type with both the operator and the backend's ``add`` typed and compiled.

It also times three attribute reads by interpreted code on a slot class and on the
extension type. Needs Cython and a C compiler (the test extra has Cython).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
import timeit

import numpy as np

_SOURCE = '''
import cython
import numpy as np

_add = np.add


@cython.cclass
class T:
    arr = cython.declare(object, visibility="public")
    dtype = cython.declare(object, visibility="public")
    backend = cython.declare(object, visibility="public")
    shape = cython.declare(object, visibility="public")
    __weakref__ = cython.declare(object)

    def __add__(self, other):
        if type(other) is type(self):
            s: T = self
            o: T = other
            if s.dtype is o.dtype and s.backend is o.backend and s.shape == o.shape:
                if type(s.backend) is B:
                    b: B = s.backend
                    return b.add(s, o)  # the compiled backend: a C call
                return s.backend.add(s, o)  # an interpreted backend: a method call
        return NotImplemented


@cython.cclass
class B:
    cls = cython.declare(object, visibility="public")

    def __init__(self, cls):
        self.cls = cls

    @cython.ccall
    def add(self, a: T, b: T):
        r: T = T.__new__(self.cls)
        r.arr = _add(a.arr, b.arr)
        r.dtype = a.dtype
        r.backend = self
        r.shape = a.shape
        return r
'''


def _build(folder: str) -> None:
    with open(os.path.join(folder, "proto.py"), "w") as f:
        f.write(_SOURCE)
    with open(os.path.join(folder, "setup.py"), "w") as f:
        f.write(textwrap.dedent('''
            from setuptools import setup
            from Cython.Build import cythonize
            setup(ext_modules=cythonize(["proto.py"], compiler_directives={"language_level": 3}, quiet=True))
        '''))
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=folder, check=True, capture_output=True)


class _Private(type):
    def __call__(cls, *args, **kwargs):  # as nx's array types: the constructor is private
        raise TypeError("private")


class _Slots:
    __slots__ = ("arr", "dtype", "backend", "shape", "__weakref__")


class _PyArray(_Slots, metaclass=_Private):
    __slots__ = ()

    def __add__(self, other):
        if other.__class__ is self.__class__:
            if self.dtype is other.dtype and self.backend is other.backend and self.shape == other.shape:
                return self.backend.add(self, other)
        return NotImplemented


class _PyBackend:
    def __init__(self, cls):
        self.make = type.__call__.__get__(cls)

    def add(self, a, b):
        r = self.make()
        r.arr = np.add(a.arr, b.arr)
        r.dtype = a.dtype
        r.backend = self
        r.shape = a.shape
        return r


def _array(make, backend, values):
    x = make()
    x.arr, x.dtype, x.backend, x.shape = values, "float64", backend, values.shape
    return x


def _best(stmt: str, env: dict, n: int = 200_000) -> float:
    return min(timeit.repeat(stmt, globals=env, number=n, repeat=7)) / n * 1e9


def main() -> int:
    values = np.arange(8.0)
    with tempfile.TemporaryDirectory() as folder:
        try:
            _build(folder)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"compiled_prototype: the prototype was not built ({e}); it needs Cython and a C compiler")
            return 1
        sys.path.insert(0, folder)
        import proto  # type: ignore[import-not-found]

        class ExtArray(proto.T, metaclass=_Private):
            __slots__ = ()

        py_b = _PyBackend(_PyArray)
        ext_py_b = _PyBackend(ExtArray)
        ext_c_b = proto.B(ExtArray)
        new = proto.T.__new__
        cases = {
            "NumPy": (values, values),
            "pure Python (slots, interpreted backend)": (_array(py_b.make, py_b, values),) * 2,
            "extension type, interpreted backend": (_array(lambda: new(ExtArray), ext_py_b, values),) * 2,
            "extension type, compiled backend (typed)": (_array(lambda: new(ExtArray), ext_c_b, values),) * 2,
        }
        base = None
        print("x + y on 8 float64 (ns, best of 7 rounds of 200,000):")
        for name, (x, y) in cases.items():
            t = _best("x + y", {"x": x, "y": y})
            base = base or t
            print(f"  {name:44s} {t:6.0f}  {t / base:4.2f} x NumPy")
        print("three attribute reads by interpreted code (x.shape; x.dtype; x.backend), ns:")
        for name in ("pure Python (slots, interpreted backend)", "extension type, compiled backend (typed)"):
            x = cases[name][0]
            print(f"  {name:44s} {_best('x.shape; x.dtype; x.backend', {'x': x}, 1_000_000):6.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
