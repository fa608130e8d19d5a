"""The strict namespace's stale reads (docs/strict-mode.md, "Writes through shared memory").

A write through an array that shares memory with other live arrays is allowed; each other
array whose elements it changed is stale for those elements, and reading them raises
ValueError naming the read and the line of the write. NumPy is the oracle for every value
read that is not refused; the drop-in namespace keeps NumPy's semantics.
"""

from __future__ import annotations

import pickle
import sys

import numpy as np
import pytest

import nx_array_api as nx
import nx_array_api.strict as xp
from nx_array_api import _stale

HERE = __file__.rsplit("/", 1)[-1]


def _line(fn) -> int:
    """The line of ``fn``'s body that reads "# the write"."""
    import inspect

    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, s in enumerate(lines) if "# the write" in s)


def stale(name: str, line: int | None = None) -> str:
    where = rf"{HERE}:{line}" if line else rf"{HERE}:\d+"
    return rf"^{name}: reading elements of an array that the write at .*{where} changed through another array"


# ------------------------------------------------------------------ what must raise
def test_reliance_on_a_view_write_raises_at_the_read():
    x = xp.asarray([0.0, 1.0, 2.0, 3.0])
    v = x[1:3]
    v[0] = 1.5  # the write
    line = _line(test_reliance_on_a_view_write_raises_at_the_read)
    with pytest.raises(ValueError, match=stale("__getitem__", line)):
        float(x[1])
    assert float(v[0]) == 1.5  # the array written through is fresh
    assert [float(x[i]) for i in (0, 2, 3)] == [0.0, 2.0, 3.0]  # x's other elements too


def _stale_pair():
    x = xp.asarray([[0.0, 1.0], [2.0, 3.0]])
    r = x[0, ...]
    r[...] = 5.0
    return x


READS = {
    "add": lambda x: x + 1.0,
    "radd": lambda x: 1.0 + x,
    "iadd": lambda x: x.__iadd__(1.0),
    "negative": lambda x: -x,
    "sin": lambda x: xp.sin(x),
    "sum": lambda x: xp.sum(x),
    "matmul": lambda x: x @ x,
    "equal": lambda x: x == 1.0,
    "where": lambda x: xp.where(xp.asarray(True), x, 0.0),
    "concat": lambda x: xp.concat([x, x]),
    "asarray": lambda x: xp.asarray(x, copy=True),
    "astype": lambda x: xp.astype(x, xp.float32),
    "reshape": lambda x: xp.reshape(x, (4,)),
    "permute_dims": lambda x: xp.permute_dims(x, (1, 0)),
    "T": lambda x: x.T,
    "__getitem__": lambda x: x[0, 0],
    "mask": lambda x: x[xp.asarray([[True, False], [False, True]])],
    "take": lambda x: xp.take(x, xp.asarray([0]), axis=0),
    "__repr__": repr,
    "__str__": str,
    "__array__": np.asarray,
    "__dlpack__": np.from_dlpack,
    "pickle": pickle.dumps,
    "to_device": lambda x: x.to_device(xp.Device("device1")),
    "linalg.inv": lambda x: xp.linalg.inv(x),
    "fft.fft": lambda x: xp.fft.fft(xp.astype(x, xp.complex128)),
}


@pytest.mark.parametrize("read", READS.values(), ids=READS.keys())
def test_every_read_of_a_stale_array_raises(read):
    x = _stale_pair()
    with pytest.raises(ValueError, match=r"reading elements of an array that the write at .*test_strict_stale.py:\d+ changed"):
        read(x)


@pytest.mark.parametrize(
    "convert", [float, int, bool, complex, lambda y: [0, 1][y], lambda y: y.__index__()], ids=["float", "int", "bool", "complex", "index", "__index__"]
)
def test_scalar_conversions_of_a_stale_element_raise(convert):
    x = xp.asarray([0, 1, 2])
    y = x[1]
    x[1] = 1  # the write: y's one element
    with pytest.raises(ValueError, match=r"reading elements of an array that the write"):
        convert(y)


def test_a_stale_array_as_an_operand_raises():
    x = _stale_pair()
    y = xp.ones((2, 2))
    with pytest.raises(ValueError, match=stale("add")):
        y + x
    with pytest.raises(ValueError, match=stale("__setitem__")):
        y[...] = x
    with pytest.raises(ValueError, match=stale("multiply")):
        y *= x


def test_the_read_is_named_by_the_function_called():
    x = _stale_pair()
    for name, read in [("sum", xp.sum), ("__float__", lambda x: float(x)), ("sin", xp.sin), ("__repr__", repr)]:
        y = x if name != "__float__" else _zero_d_stale()
        with pytest.raises(ValueError, match=f"^{name}: "):
            read(y)


def _zero_d_stale():
    x = xp.asarray([1.0, 2.0])
    y = x[0]
    x[0] = 3.0
    return y


# ------------------------------------------------------------------ precision
def test_only_the_elements_written_are_stale():
    x = xp.reshape(xp.arange(12.0), (3, 4))
    col = x[:, 1]
    col[...] = -1.0  # x's column 1 is stale
    np.testing.assert_array_equal(np.asarray(x[:, 0]), [0.0, 4.0, 8.0])
    np.testing.assert_array_equal(np.asarray(x[:, 2:]), [[2.0, 3.0], [6.0, 7.0], [10.0, 11.0]])
    for key in [(0, 1), (slice(None), 1), (slice(0, 2), ...), (2, ...)]:
        with pytest.raises(ValueError, match=stale("__getitem__")):
            x[key]
    every_other = xp.reshape(xp.arange(8.0), (8,))
    evens, odds = every_other[::2], every_other[1::2]
    evens[...] = 0.0  # interleaved with odds, not overlapping them
    np.testing.assert_array_equal(np.asarray(odds), [1.0, 3.0, 5.0, 7.0])
    with pytest.raises(ValueError):
        every_other[0:2]


def test_a_view_taken_after_the_write_is_fresh():
    x = xp.zeros(4)
    v = x[1:3]
    x[1] = 7.0  # the write: v[0] is stale
    with pytest.raises(ValueError):
        v[0]
    v = x[1:3]
    np.testing.assert_array_equal(np.asarray(v), [7.0, 0.0])


# ------------------------------------------------------------------ writes again
def test_writing_a_stale_array_refreshes_what_it_writes():
    x = xp.zeros(4)
    v = x[0:3]
    v[...] = 1.0  # x[0:3] stale
    x[0] = 2.0  # x re-defines its element 0 ...
    assert float(x[0]) == 2.0
    with pytest.raises(ValueError):
        x[1]  # ... and only that one
    with pytest.raises(ValueError):
        v[0]  # v's element 0 is stale now
    np.testing.assert_array_equal(np.asarray(v[1:]), [1.0, 1.0])
    x[0:3] = 3.0  # all of x fresh again
    np.testing.assert_array_equal(np.asarray(x), [3.0, 3.0, 3.0, 0.0])
    mask = xp.asarray([True, False, False, False])
    v = x[0:2]
    x[mask] = 4.0  # a mask key: all of x counts as written, so v is stale
    with pytest.raises(ValueError):
        np.asarray(v)
    assert float(x[0]) == 4.0


def test_a_stale_array_written_into_itself_is_read():
    x = _stale_pair()
    with pytest.raises(ValueError, match=stale("__setitem__")):
        x[...] = x


def test_the_latest_write_is_named():
    x = xp.zeros(3)
    v = x[0:2]
    v[0] = 1.0
    v[1] = 2.0  # the write
    line = _line(test_the_latest_write_is_named)
    with pytest.raises(ValueError, match=stale("__getitem__", line)):
        x[1]
    with pytest.raises(ValueError, match=stale("__getitem__", line - 1)):
        x[0]


def test_each_element_names_its_latest_write_after_a_whole_write():
    """A write through a view of all of x (all of x stale at once), then a write of part
    of x through another view: each element names the write that changed it last."""
    x = xp.zeros(4)
    whole, tail = x[0:4], x[2:4]
    whole *= 2.0  # all of x (and of tail) stale
    tail[0:1] = 5.0  # the write: tail's element 0 fresh again, x's element 2 changed
    second = _line(test_each_element_names_its_latest_write_after_a_whole_write)
    first = second - 1
    with pytest.raises(ValueError, match=stale("__getitem__", second)):
        x[2]
    for i in (0, 1, 3):
        with pytest.raises(ValueError, match=stale("__getitem__", first)):
            x[i]
    assert float(tail[0]) == 5.0
    with pytest.raises(ValueError, match=stale("__getitem__", first)):
        tail[1]
    assert x[0:0].shape == (0,)  # no element: nothing stale read


# ------------------------------------------------------------------ what stays allowed
def test_augmented_assignment_to_an_item():
    a = xp.reshape(xp.arange(6.0), (2, 3))
    a[1, 1] += 10.0
    a[0, ...] *= 2.0
    a[:, 2] -= xp.asarray([1.0, 1.0])
    np.testing.assert_array_equal(np.asarray(a), [[0.0, 2.0, 3.0], [3.0, 14.0, 4.0]])


def test_a_view_written_and_dropped():
    """scikit-learn's PCA(svd_solver="covariance_eigh"): Vt = eigenvecs.T; Vt *= signs;
    eigenvecs is stale and never read again."""
    eigenvecs = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    Vt = eigenvecs.T
    Vt *= xp.asarray([[1.0], [-1.0]])
    np.testing.assert_array_equal(np.asarray(Vt), [[1.0, 3.0], [-2.0, -4.0]])
    y = xp.asarray([1.0, 2.0, 3.0])
    z = y[0]
    z[...] = 5.0  # array-api-extra's test_gh134: y = x[0]; at(y).set(1)
    del z
    assert float(y[1]) == 2.0


def test_overlapping_self_assignment_has_copy_semantics():
    x = xp.arange(5.0)
    x[1:] = x[:-1]
    np.testing.assert_array_equal(np.asarray(x), [0.0, 0.0, 1.0, 2.0, 3.0])
    x[:-1] = x[1:]
    np.testing.assert_array_equal(np.asarray(x), [0.0, 1.0, 2.0, 3.0, 3.0])


def test_memory_a_numpy_array_shares_is_written_as_in_numpy():
    a = np.zeros(3)
    x = xp.asarray(a)
    x[0] = 1.0
    assert a[0] == 1.0 and float(x[0]) == 1.0


def test_the_drop_in_namespace_keeps_numpy_semantics():
    x = nx.asarray([0.0, 1.0, 2.0, 3.0])
    v = x[1:3]
    v[0] = 1.5
    assert float(x[1]) == 1.5
    x[...] = 0.0
    np.testing.assert_array_equal(np.asarray(v), [0.0, 0.0])


# ------------------------------------------------------------------ recording instead
def test_a_replaced_stale_read_lets_the_read_go_on(monkeypatch):
    """A reporting mode replaces ``_stale.stale_read``: the read then goes on with the
    elements as they are (NumPy's values)."""
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(_stale, "stale_read", lambda name, site: seen.append((name, site)))
    x = xp.asarray([0.0, 1.0, 2.0])
    v = x[0:2]
    v[1] = 5.0  # the write
    line = _line(test_a_replaced_stale_read_lets_the_read_go_on)
    np.testing.assert_array_equal(np.asarray(x + 1.0), [1.0, 6.0, 3.0])
    assert float(x[1]) == 5.0
    assert {n for n, _ in seen} == {"add", "__getitem__"}
    assert all(s.endswith(f"{HERE}:{line}") for _, s in seen)


# ------------------------------------------------------------------ cost
def _calls_into_stale(fn) -> list[str]:
    """The ``_stale`` functions ``fn()`` runs (Python's profiler hook sees every call)."""
    seen: list[str] = []

    def hook(frame, event, arg):
        if event == "call" and frame.f_code.co_filename == _stale.__file__:
            seen.append(frame.f_code.co_name)

    sys.setprofile(hook)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return seen


def test_reads_run_no_staleness_code_while_nothing_is_stale():
    x = xp.reshape(xp.arange(8.0), (2, 4))
    v = x[0, ...]  # an alias is live: reads still run no check
    mask = x > 2.0
    for read in (lambda: x[0:1, ...], lambda: x + v, lambda: float(x[1, 2]), lambda: xp.sum(x), lambda: x[mask], lambda: np.asarray(v), lambda: repr(x)):
        assert _calls_into_stale(read) == []


def test_a_write_nothing_shares_runs_the_bookkeeping_only():
    x = xp.zeros(4)
    assert _calls_into_stale(lambda: x.__setitem__(0, 1.0)) == ["open_for_write", "written"]

    def add_one():
        y = x
        y += 1.0

    assert _calls_into_stale(add_one) == ["written"]


def _arrays_searched(monkeypatch) -> list:
    """The arrays the search for live arrays weighs (each one it finds in a frame it
    reads, but those it was handed), in order."""
    searched = []
    B = type(xp.zeros(1).backend)
    real = B.overlap

    def spy(self, t, region):
        searched.append(t)
        return real(self, t, region)

    monkeypatch.setattr(B, "overlap", spy)
    return searched


def test_the_search_stops_once_every_sharer_is_found(monkeypatch):
    """The callers' frames are read outwards until the arrays found hold every reference
    to the written memory: a caller further out is not read."""
    searched = _arrays_searched(monkeypatch)
    outermost_marker = xp.ones(3)

    def outer():
        middle()

    def middle():
        eigenvecs = xp.reshape(xp.arange(4.0), (2, 2))
        inner(eigenvecs.T)
        with pytest.raises(ValueError, match="__getitem__: reading elements"):
            eigenvecs[0, ...]

    def inner(vt):
        vt *= 2.0

    outer()
    assert len(searched) == 1  # eigenvecs, two frames up
    assert not any(t is outermost_marker for t in searched)


def test_a_sharer_held_far_out_is_found(monkeypatch):
    """Where a frame's arrays do not account for every reference, the search goes on
    outwards: an alias held three frames up is stale after the write."""
    searched = _arrays_searched(monkeypatch)
    base = xp.reshape(xp.arange(6.0), (2, 3))

    def one(v):
        two(v)

    def two(v):
        three(v)

    def three(v):
        v[0, ...] = -1.0

    one(base[1:2, ...])
    assert any(t is base for t in searched)
    with pytest.raises(ValueError, match="reading elements"):
        base[1, ...]
    assert xp.asarray(base[0, ...], copy=True).shape == (3,)  # the rows not written stay fresh


def test_a_write_site_weighs_where_its_last_search_found_the_sharer_first(monkeypatch):
    """A search from a write site it ran from before weighs first the variable where it
    found the array that completed the count last (svd_flip's ``v *= signs`` over
    ``Vt = eigenvecs.T``): the frame in between is not read again."""
    searched = _arrays_searched(monkeypatch)

    def caller():
        eigenvecs = xp.reshape(xp.arange(4.0), (2, 2))
        between(eigenvecs.T)
        with pytest.raises(ValueError, match="reading elements"):
            eigenvecs[0, ...]

    def between(vt):
        unrelated = xp.ones(2)  # weighed by the first search, not by the next ones
        writer(vt, unrelated)

    def writer(vt, unrelated):
        vt *= 2.0

    caller()
    assert len(searched) == 2  # unrelated (in between), then eigenvecs
    searched.clear()
    caller()
    assert len(searched) == 1 and searched[0].shape == (2, 2)


def test_a_remembered_sharer_that_no_longer_accounts_for_all_is_not_the_end(monkeypatch):
    """Where the variable a write site's last search ended at holds one sharer of several
    now (or no array), the search goes on as it would have: every sharer is found."""

    def caller(extra: bool):
        base = xp.reshape(xp.arange(6.0), (2, 3))
        other = base[1:2, ...] if extra else None  # a second sharer, in another variable
        writer(base.T)
        with pytest.raises(ValueError, match="reading elements"):
            base[1, ...]
        if extra:
            with pytest.raises(ValueError, match="reading elements"):
                other[0, ...]

    def writer(v):
        v += 1.0

    caller(False)
    caller(True)  # base alone leaves a reference to the memory unaccounted for

    def renamed():
        base = 1.0  # the remembered name holds no array now
        arrays = xp.reshape(xp.arange(6.0), (2, 3))
        writer(arrays.T)
        with pytest.raises(ValueError, match="reading elements"):
            arrays[0, ...]
        return base

    renamed()


def test_two_arrays_on_one_numpy_view_are_both_found():
    """Two strict arrays made from one NumPy view (``asarray``, no copy) hold one engine
    array: a write through a third array sharing its memory makes both stale, wherever
    the search finds the first."""
    n = np.arange(6.0)
    part = n[2:]
    first, second = xp.asarray(part), xp.asarray(part)
    del part
    whole = xp.asarray(n)
    del n
    whole[...] = -1.0
    for a in (first, second):
        with pytest.raises(ValueError, match="reading elements"):
            a[0]


# ------------------------------------------------------------------ the consumers
def test_scikit_learn_pca_covariance_eigh(array_api_dispatch):
    """PCA's covariance_eigh solver: Vt = eigenvecs.T, then svd_flip multiplies Vt in
    place; eigenvecs is stale and never read again."""
    from sklearn.decomposition import PCA

    X = np.random.default_rng(0).standard_normal((30, 6))
    got = PCA(n_components=3, svd_solver="covariance_eigh").fit(xp.asarray(X))
    want = PCA(n_components=3, svd_solver="covariance_eigh").fit(X)
    np.testing.assert_allclose(np.asarray(got.components_), want.components_, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(np.asarray(got.explained_variance_), want.explained_variance_, rtol=1e-10)


def test_scipy_moment_lmoment_and_mode_of_an_empty_input():
    """stats.moment divides order[i], a view, in place; lmoment divides lmoms[2:] by
    lmoms[1] through at(); mode of an empty input writes into count while mode, a view of
    the same array, is alive. None reads what it changed."""
    stats = pytest.importorskip("scipy.stats")
    data = [1.0, 2.0, 4.0, 7.0, 11.0, 3.0]
    x = xp.asarray(data)
    np.testing.assert_allclose(np.asarray(stats.moment(x, order=xp.asarray([1, 2, 3]))), stats.moment(np.asarray(data), order=[1, 2, 3]))
    np.testing.assert_allclose(np.asarray(stats.lmoment(x)), stats.lmoment(np.asarray(data)), atol=1e-12)
    with pytest.warns(Warning):
        res = stats.mode(xp.asarray([]))
    assert np.isnan(float(res.mode)) and float(res.count) == 0.0


def test_array_api_extra_at_on_a_view():
    """array-api-extra's test_gh134: y = x[0]; at(y).set(1) writes into y in place."""
    xpx = pytest.importorskip("array_api_extra")
    x = xp.asarray([1.0, 2.0, 3.0])
    y = x[0]
    z = xpx.at(y)[()].set(4.0)
    assert z is y and float(z) == 4.0  # written in place (the array is writeable)
    assert float(x[1]) == 2.0  # x's other elements read as they are
    with pytest.raises(ValueError, match=r"^__getitem__: reading elements of an array that the write at .*array_api_extra"):
        x[0]  # the write's line is array-api-extra's, the first outside nx
