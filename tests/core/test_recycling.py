"""The NumPy backend's recycling of large results (``nx_core/backend/numpy/recycling.py``):
a result of at least ``MIN_BYTES`` is written into the memory of a dead one of its dtype
and shape, and never into memory that anything can still reach."""

from __future__ import annotations

import subprocess
import sys
import threading

import numpy as np
import pytest

import nx_array_api as xp
from nx_core.backend.dask import DaskBackend
from nx_core.backend.numpy import NumpyBackend
from nx_core.backend.numpy.recycling import MIN_BYTES, Recycler, default_limit

N = MIN_BYTES // 8  # float64 elements of a recycled result
rng = np.random.default_rng(0)
A = rng.standard_normal(N)


def _address(x) -> int:
    return np.asarray(x).__array_interface__["data"][0]


def test_a_dead_results_memory_makes_the_next_result():
    x = xp.asarray(A)
    r = xp.exp(x)
    where = _address(r)
    del r
    s = xp.sin(x)
    assert _address(s) == where
    np.testing.assert_array_equal(np.asarray(s), np.sin(A))


@pytest.mark.parametrize(
    "op, ref",
    [
        (lambda x, y: x + y, lambda a, b: a + b),
        (lambda x, y: -2 * x, lambda a, b: -2 * a),
        (lambda x, y: x * 3.0, lambda a, b: a * 3.0),
        (lambda x, y: xp.maximum(x, y), np.maximum),
        (lambda x, y: x < y, lambda a, b: a < b),
        (lambda x, y: xp.exp(x), lambda a, b: np.exp(a)),
        (lambda x, y: xp.isnan(x), lambda a, b: np.isnan(a)),
        (lambda x, y: x + y[:1], lambda a, b: a + b[:1]),
    ],
)
def test_recycled_results_have_numpys_values_and_dtype(op, ref):
    B = rng.standard_normal(N)
    x, y = xp.asarray(A), xp.asarray(B)
    for _ in range(3):  # the first call allocates, the next ones recycle
        r = op(x, y)
        expected = ref(A, B)
        assert r.dtype == xp.asarray(expected).dtype
        np.testing.assert_array_equal(np.asarray(r), expected)
        del r


def test_a_large_matrix_product_is_recycled_with_numpys_values():
    a, b = rng.standard_normal((200, 32)), rng.standard_normal((32, N // 200))
    x, y = xp.asarray(a), xp.asarray(b)
    first = x @ y
    where = _address(first)
    del first
    again = x @ y
    assert _address(again) == where
    np.testing.assert_allclose(np.asarray(again), a @ b)


def test_a_live_result_is_never_overwritten():
    x = xp.asarray(A)
    r = xp.exp(x)
    s = xp.sin(x)
    assert _address(r) != _address(s)
    np.testing.assert_array_equal(np.asarray(r), np.exp(A))


@pytest.mark.parametrize(
    "hold",
    [
        lambda r: r[1:],  # a view of it (nx)
        lambda r: r.mT if r.ndim == 2 else xp.reshape(r, (2, -1)),  # a reshaped view
        lambda r: np.asarray(r),  # NumPy's array over its memory
        lambda r: memoryview(np.asarray(r)),  # an exported buffer
        lambda r: r.__dlpack__(),  # a DLPack capsule
    ],
    ids=["view", "reshape", "asarray", "memoryview", "dlpack"],
)
def test_memory_anything_can_still_reach_is_never_reused(hold):
    x = xp.asarray(A)
    r = xp.exp(x)
    kept = hold(r)
    where = _address(r)
    del r
    for _ in range(3):
        s = xp.exp(x + 1.0)
        assert _address(s) != where
        del s
    expected = np.exp(A)
    if isinstance(kept, memoryview):
        np.testing.assert_array_equal(np.frombuffer(kept, dtype=np.float64), expected)
    elif not type(kept).__name__ == "PyCapsule":
        np.testing.assert_array_equal(np.asarray(kept).ravel()[-3:], expected[-3:])


def test_a_recycled_result_is_not_reported_as_shared():
    """The recycler's own reference is not an alias: the strict namespace's checks of
    writes through shared memory see a fresh result as unshared."""
    x = xp.asarray(A)
    r = xp.exp(x)
    B = r.backend
    assert B.recycler.holds(r.arr)
    assert not B.aliased(r)
    v = r[1:]
    assert B.aliased(r)
    del v
    assert not B.aliased(r)


def test_writing_in_place_into_a_recycled_result_in_the_strict_namespace():
    from nx_array_api import strict as sx

    x = sx.asarray(A)
    r = sx.exp(x)
    r += 1.0  # no array shares r's memory: allowed, nothing goes stale
    np.testing.assert_array_equal(np.from_dlpack(r), np.exp(A) + 1.0)


def test_small_results_are_left_to_the_allocator():
    x = xp.asarray(A[:1000])
    B = x.backend
    before = repr(B.recycler)
    _ = xp.exp(x)
    assert repr(B.recycler) == before


def test_the_limit_bounds_what_is_kept_and_release_lets_go():
    rc = Recycler(limit=3 * MIN_BYTES)
    kept = [rc.take((N,), np.dtype(np.float64)) for _ in range(5)]  # all alive: five fresh arrays
    assert len({a.__array_interface__["data"][0] for a in kept}) == 5
    assert "3 arrays" in repr(rc)
    del kept
    a = rc.take((N,), np.dtype(np.float64))
    assert rc.holds(a)
    rc.release()
    assert not rc.holds(a) and "0 arrays" in repr(rc)


def test_an_array_of_another_dtype_or_shape_is_not_taken():
    rc = Recycler(limit=1 << 30)
    a = rc.take((N,), np.dtype(np.float64))
    where = a.__array_interface__["data"][0]
    del a
    b = rc.take((N // 2, 2), np.dtype(np.float64))
    c = rc.take((N,), np.dtype(np.int64))
    assert where not in (b.__array_interface__["data"][0], c.__array_interface__["data"][0])
    del b, c
    assert rc.take((N,), np.dtype(np.float64)).__array_interface__["data"][0] == where


def test_threads_never_share_a_result():
    x = xp.asarray(A)
    errors: list[BaseException] = []

    def work(k: float) -> None:
        try:
            for _ in range(20):
                r = x * k
                s = x + k
                np.testing.assert_array_equal(np.asarray(r), A * k)
                np.testing.assert_array_equal(np.asarray(s), A + k)
        except BaseException as e:  # noqa: BLE001 (reported by the main thread)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(float(k),)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_the_limit_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("NX_RECYCLE_BYTES", "0")
    assert default_limit() == 0 and NumpyBackend().recycler is None
    monkeypatch.setenv("NX_RECYCLE_BYTES", str(1 << 20))
    assert NumpyBackend().recycler.limit == 1 << 20
    monkeypatch.setenv("NX_RECYCLE_BYTES", "lots")
    with pytest.raises(ValueError, match="NX_RECYCLE_BYTES: expected a number of bytes, got 'lots'"):
        default_limit()
    monkeypatch.delenv("NX_RECYCLE_BYTES")
    assert default_limit() == 1 << 28


def test_recycling_off_gives_the_same_values():
    code = "import numpy as np, nx_array_api as xp; a = np.arange(1 << 20, dtype=np.float64); x = xp.asarray(a); print(float(xp.sum(xp.sqrt(x * x))) == float(np.sum(np.sqrt(a * a))), x.backend.recycler)"
    out = subprocess.run([sys.executable, "-c", code], env={"NX_RECYCLE_BYTES": "0", "PATH": ""}, capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "None"]


def test_the_dask_backends_chunks_are_not_recycled():
    """Dask accounts for its chunks' memory and frees it: no hidden reference keeps a
    chunk alive."""
    assert DaskBackend().np.recycler is None


def test_an_array_held_by_a_weak_reference_is_never_reused():
    import weakref

    x = xp.asarray(A)
    r = xp.exp(x)
    ref = weakref.ref(np.asarray(r))
    where = _address(r)
    del r
    s = xp.sin(x)
    assert _address(s) != where
    np.testing.assert_array_equal(ref(), np.exp(A))  # alive in the recycler, its values unchanged


def test_a_take_inside_a_take_never_gets_the_same_array():
    """A collection inside ``take`` may run a finalizer that makes a large result: the
    nested ``take`` neither deadlocks nor hands out the array the outer one returns."""
    rc = Recycler(limit=1 << 30)
    dead = [rc.take((N,), np.dtype(np.float64)) for _ in range(2)]
    del dead  # two dead arrays of the shape
    nested: list[np.ndarray] = []

    class Shape(tuple):
        def __eq__(self, other):  # the comparison allocates: here a finalizer makes a result
            if not nested:
                nested.append(rc.take((N,), np.dtype(np.float64)))
            return tuple.__eq__(self, other)

        __hash__ = tuple.__hash__

    outer = rc.take(Shape((N,)), np.dtype(np.float64))
    assert nested and nested[0] is not outer
    again = rc.take((N,), np.dtype(np.float64))  # both alive: a fresh one
    assert again is not outer and again is not nested[0]
