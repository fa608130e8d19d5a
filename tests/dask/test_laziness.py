"""The whole namespace on the Dask device: nothing is computed when a function is called
unless its output's shape depends on the values, and every call gives the CPU device's
values.

The table of how each public function runs (``dask_namespace.HOW``) is checked three
ways: it covers every public function and the array's indexing; each function's call
triggers as many Dask computations as its kind allows (none; a random function one,
for its key's 8 bytes; a function whose shape depends on the values at least one); and
docs/scaling-out.md shows exactly that table.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp

dask = pytest.importorskip("dask")

import dask_namespace as ns  # noqa: E402  (tests/dask/, beside this file)
from dask.callbacks import Callback  # noqa: E402

CHUNK = "2KiB"  # a 48x40 float64 array in 8 chunks


class Computations(Callback):
    """Counts the computations Dask's schedulers in this process start."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def _start(self, dsk):  # noqa: ANN001 - Dask's hook
        self.count += 1


def test_the_table_covers_the_namespace():
    names = ns.public_names()
    assert sorted(set(names) - set(ns.HOW)) == [], "public functions the table leaves out"
    extra = {n for n in ns.HOW if n not in names and "[" not in n and "(" not in n}
    assert extra == set(), "names in the table that are not public functions"
    assert set(ns.CALLS) == set(ns.HOW), "every entry has a call, and every call an entry"


def test_the_docs_show_the_table():
    """docs/scaling-out.md's table is the table (``python tests/dask/dask_namespace.py``
    rewrites it)."""
    assert ns.docs_table() == ns.table()


def _run(name: str, device: str):
    with dask.config.set({"array.chunk-size": CHUNK}):
        o = ns.operands(device)
        with Computations() as c:
            r = ns.CALLS[name](o)
    return r, c.count


@pytest.mark.parametrize("name", sorted(ns.CALLS))
def test_calls_compute_only_what_their_kind_allows(name):
    kind = ns.HOW[name][0]
    _, count = _run(name, "dask")
    if kind in (ns.LAZY, ns.RECHUNK):
        assert count == 0, f"{name} computed {count} times when called"
    elif kind == ns.KEY:
        assert count <= 1, f"{name} computed {count} times when called (its key once at most)"
    else:
        assert count >= 1, f"{name} is listed as computing, but it built a graph: list it as lazy"


def _values(r):
    if isinstance(r, (tuple, list)):
        return [v for x in r for v in _values(x)]
    if isinstance(r, xp.Array):
        return [np.asarray(r)]
    return [np.asarray(r)]


# Results that agree with the CPU device's to rounding rather than bit for bit: trees of
# partial sums, blocked products, and factorisations of a tall matrix in blocks of rows
# (Dask's TSQR: another valid factorisation; compared by what defines it).
TO_ROUNDING = {
    "sum", "prod", "mean", "var", "std", "linalg.vector_norm", "linalg.matrix_norm", "linalg.trace", "matmul",
    "linalg.matmul", "tensordot", "linalg.tensordot", "linalg.matrix_power", "linalg.cholesky", "fold",
    "linalg.solve",
}
FACTORISATIONS = {"linalg.qr", "linalg.svd", "linalg.svdvals", "linalg.pinv", "linalg.matrix_rank"}


@pytest.mark.parametrize("name", sorted(n for n in ns.CALLS if n not in ("persist", "empty", "empty_like")))
def test_calls_give_the_cpu_devices_values(name):
    got, _ = _run(name, "dask")
    want, _ = _run(name, "cpu")
    g, w = _values(got), _values(want)
    assert len(g) == len(w)
    if name in FACTORISATIONS:
        o = ns.operands("cpu")
        a = np.asarray(o.x)
        if name == "linalg.qr":
            q, r = g
            np.testing.assert_allclose(q @ r, a, atol=1e-10)
            np.testing.assert_allclose(q.T @ q, np.eye(q.shape[1]), atol=1e-10)
        elif name == "linalg.svd":
            u, s, vh = g
            np.testing.assert_allclose((u * s) @ vh, a, atol=1e-10)
            np.testing.assert_allclose(s, w[1], rtol=1e-10)
        else:
            np.testing.assert_allclose(g[0], w[0], rtol=1e-9, atol=1e-12)
        return
    for a, b in zip(g, w):
        assert a.shape == b.shape and a.dtype == b.dtype, name
        if name in TO_ROUNDING:
            np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)
        else:
            np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------------ errors found late
def _lazy_index(device: str, values: list) -> xp.Array:
    """An index whose values the Dask device computes only when they are needed."""
    i = xp.asarray(values, device=device)
    return i + 0 if device == "dask" else i


def _set(y: xp.Array, key: tuple, v: float) -> xp.Array:
    y[key] = v
    return y


LATE: dict = {
    "getitem": lambda d: xp.arange(10.0, device=d)[_lazy_index(d, [1, 12])],
    "getitem-2d": lambda d: xp.reshape(xp.arange(10.0, device=d), (2, 5))[_lazy_index(d, [0]), _lazy_index(d, [-7])],
    "setitem": lambda d: _set(xp.arange(10.0, device=d), (_lazy_index(d, [1, 12]),), 5.0),
    "setitem-2d": lambda d: _set(xp.reshape(xp.arange(10.0, device=d), (2, 5)), (_lazy_index(d, [0]), _lazy_index(d, [9])), 5.0),
    "take": lambda d: xp.take(xp.arange(10.0, device=d), _lazy_index(d, [1, 12])),
    "take-axis1": lambda d: xp.take(xp.reshape(xp.arange(10.0, device=d), (2, 5)), _lazy_index(d, [1, -6]), axis=1),
    "take_along_axis": lambda d: xp.take_along_axis(xp.arange(10.0, device=d), _lazy_index(d, [1, 12]), axis=0),
    "scatter": lambda d: xp.scatter(xp.arange(10.0, device=d), _lazy_index(d, [1, 12]), 5.0, axis=0),
    "scatter-add": lambda d: xp.scatter(xp.arange(10.0, device=d), _lazy_index(d, [1, -11]), 5.0, axis=0, mode="add"),
    "inv": lambda d: xp.linalg.inv(xp.zeros((3, 3), device=d) + 0.0),
    "inv-batched": lambda d: xp.linalg.inv(xp.zeros((2, 3, 3), device=d) + 0.0),
    "solve": lambda d: xp.linalg.solve(xp.zeros((3, 3), device=d) + 0.0, xp.ones((3,), device=d)),
    "solve-matrix": lambda d: xp.linalg.solve(xp.zeros((3, 3), device=d) + 0.0, xp.ones((3, 2), device=d)),
}


def _raised(fn) -> BaseException:  # noqa: ANN001
    try:
        np.asarray(fn())
    except Exception as e:  # noqa: BLE001 - compared below
        return e
    raise AssertionError("no error")


@pytest.mark.parametrize("case", sorted(LATE))
def test_errors_found_when_computed_name_their_function(case):
    """A value-dependent error that the Dask device finds only when it computes the
    result (an index out of range in a lazily computed index, a singular matrix) is the
    CPU device's error: same type, same message, the public function's name first."""
    cpu = _raised(lambda: LATE[case]("cpu"))
    with Computations() as c:
        r = LATE[case]("dask")  # nothing computed yet: the error is in the graph
    assert c.count == 0
    dask_error = _raised(lambda: r)
    assert type(dask_error) is type(cpu)
    assert str(dask_error) == str(cpu)
    name = case.split("-")[0].replace("getitem", "__getitem__").replace("setitem", "__setitem__")
    assert str(cpu).startswith(name + ": ")
