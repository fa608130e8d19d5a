"""__getitem__ / __setitem__, take and take_along_axis against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_testing import A, N, same


def nxkey(k):
    """The NumPy key with its ndarrays turned into nx arrays."""
    conv = lambda i: A(i) if isinstance(i, np.ndarray) else i  # noqa: E731
    return tuple(conv(i) for i in k) if isinstance(k, tuple) else conv(k)


a24 = np.arange(24, dtype=np.int64).reshape(2, 3, 4)

BASIC = [
    0,
    -1,
    (1, 2),
    (1, 2, 3),
    (-2, -3, -4),
    slice(None),
    slice(None, None, -1),
    (slice(1, None), slice(None, None, 2)),
    (Ellipsis, 1),
    (0, Ellipsis),
    (0, Ellipsis, 0),
    (Ellipsis, None),
    (None, 0, None, slice(1, 3), slice(None, None, 2)),
    (slice(None), slice(2, 0, -1), slice(-1, None, -3)),
    (slice(10, -10, -1),),
    (slice(5, 1),),
    (slice(-100, 100, 3),),
    (),
    Ellipsis,
    None,
]


@pytest.mark.parametrize("key", BASIC, ids=repr)
def test_getitem_basic_is_view(key):
    x = A(a24)
    r = x[key]
    same(r, a24[key])
    if r.size:
        assert np.shares_memory(N(r), N(x))


def test_getitem_zero_d():
    x = A(np.float32(2.5))
    same(x[()], np.array(2.5, np.float32))
    same(x[...], np.array(2.5, np.float32))
    same(x[None], np.array([2.5], np.float32))
    with pytest.raises(IndexError):
        x[0]


def test_getitem_zero_d_int_arrays_are_ints():
    x = A(a24)
    same(x[A(np.int64(1)), A(np.int8(-1))], a24[1, -1])
    assert not np.shares_memory(N(x[A(np.int64(1))]), N(x))  # a copy, as NumPy's
    same(x[A(np.int32(1)): A(np.int32(2))], a24[1:2])


ADVANCED = [
    (np.array([0, 1, 1]),),
    (np.array([[0], [1]]), 0),
    (0, np.array([0, 2]), np.array([1, -1])),
    (np.array([0, 1]), slice(None), np.array([1, 2])),
    (slice(None), np.array([0, 2]), np.array([1, 3])),
    (slice(None), np.array([[0], [2]]), np.array([1, 3])),
    (0, None, np.array([1, 2])),
    (np.array([[0], [1]]), 0, np.array([1, 2, 3])),
    (Ellipsis, np.array([3, 0])),
    (np.array([], dtype=np.int64),),
    (np.array([1, 0], dtype=np.uint8), np.array([2, 0], dtype=np.uint64)),
    (a24 > 5,),
    (a24[:, :, 0] > 5,),
    (a24[:, 0, 0] > 5,),
    (slice(None), np.zeros(3, bool)),
    (np.array([True, False]), Ellipsis, 1),
    (True,),
    (False,),
    (True, 0, np.array([1, 2])),
    ([0, 1],),
    ([[0, 1], [1, 0]], [0, 1]),
    ([True, False],),
]


@pytest.mark.parametrize("key", ADVANCED, ids=repr)
def test_getitem_advanced(key):
    x = A(a24)
    r = x[nxkey(key)]
    same(r, a24[key])
    if r.size:
        assert not np.shares_memory(N(r), N(x))


def test_getitem_zero_d_bool_arrays():
    x = A(a24)
    same(x[A(np.bool_(True))], a24[np.bool_(True)])
    same(x[A(np.bool_(False))], a24[np.bool_(False)])


def test_getitem_empty_mask_axes():
    # The standard lets a mask dimension be 0 where the array's is not.
    x = A(np.arange(6).reshape(2, 3))
    assert x[A(np.zeros((0,), bool))].shape == (0, 3)
    assert x[A(np.zeros((2, 0), bool))].shape == (0,)
    assert x[A(np.zeros((0, 3), bool))].shape == (0,)


@pytest.mark.parametrize(
    "key",
    [
        1.5,
        "a",
        (0, 0, 0, 0),
        (Ellipsis, Ellipsis),
        [1.0],
        5,
        -3,
        (0, 3),
        (slice(0.5),),
        (slice(None, None, 0),),
        ([0, 5],),
        np.array([0, -3]),
        [[0, 1], [1]],
        [0, True],
        np.ones((2, 2), bool),
        np.ones((3,), bool),
        np.ones((2, 3, 4, 1), bool),
        np.array([0.0]),
        (np.array([0, 1]), np.array([0, 1, 2])),
        {0: 1},
        object(),
    ],
    ids=lambda k: "object()" if type(k) is object else repr(k),  # stable across xdist workers
)
def test_getitem_errors(key):
    x = A(a24)
    with pytest.raises(IndexError, match="^__getitem__"):
        x[nxkey(key)]


def test_iter_and_len():
    x = A(a24)
    rows = list(x)
    assert len(rows) == 2
    same(rows[1], a24[1])


# --------------------------------------------------------------------- setitem
SET = [
    (0, 5),
    ((1, 2, 3), -1),
    ((slice(None), 1), np.arange(4)),
    ((slice(None, None, -1), slice(None), slice(None, None, 2)), np.arange(12).reshape(2, 3, 2)),
    ((Ellipsis, 0), np.arange(3)),
    (None, 7),
    ((np.array([0, 1]), np.array([2, 0])), np.arange(8).reshape(2, 4)),
    ((slice(None), np.array([0, 2]), np.array([1, 3])), 0),
    (a24 % 3 == 0, -5),
    (a24 % 3 == 0, np.arange(8)),
    (np.array([0, 0]), np.arange(24).reshape(2, 3, 4)),  # duplicates: last write wins
    (True, np.arange(12).reshape(3, 4)),
    ([1], np.arange(12).reshape(1, 3, 4)),
    (slice(0, 1), np.arange(12).reshape(1, 1, 3, 4)),  # leading unit axes are dropped
]


@pytest.mark.parametrize("key,value", SET, ids=repr)
def test_setitem(key, value):
    a = a24.copy()
    x = A(a24)
    v = A(value) if isinstance(value, np.ndarray) else value
    x[nxkey(key)] = v
    a[key] = value
    same(x, a)


def test_setitem_through_views():
    a = a24.copy()
    x = A(a24)
    v = x[1]
    v[0, ::2] = 100
    a[1, 0, ::2] = 100
    same(x, a)
    w = xp.permute_dims(x, (2, 1, 0))
    w[0] = -1
    a.transpose(2, 1, 0)[0] = -1
    same(x, a)


def test_setitem_overlap():
    a = a24.copy()
    x = A(a24)
    x[1:, ::-1] = x[:1]
    a[1:, ::-1] = a[:1].copy()
    same(x, a)
    b = np.arange(10)
    y = A(b)
    y[1:] = y[:-1]
    b[1:] = b[:-1].copy()
    same(y, b)
    y[::-1] = y
    b[::-1] = b.copy()
    same(y, b)
    y[A(np.array([0, 1, 2]))] = y[A(np.array([2, 1, 0]))]
    b[[0, 1, 2]] = b[[2, 1, 0]]
    same(y, b)


def test_setitem_dtypes():
    x = A(np.zeros(3, np.float64))
    x[0] = 1  # int into float
    x[1] = A(np.float32(2.5))
    x[2] = 3.5
    same(x, np.array([1.0, 2.5, 3.5]))
    with pytest.raises(TypeError, match="^__setitem__"):
        x[0] = 1j
    with pytest.raises(TypeError):
        x[0] = A(np.complex64(1))
    i = A(np.zeros(2, np.int8))
    with pytest.raises(TypeError):
        i[0] = 1.5j  # a real float is truncated (tests/array_api/test_dropin.py)
    with pytest.raises(TypeError):
        i[0] = A(np.int16(1))
    with pytest.raises(TypeError):
        i[0] = "a"
    i[0] = A(np.int8(3))
    same(i, np.array([3, 0], np.int8))
    b = A(np.zeros(2, bool))
    b[1] = True
    same(b, np.array([False, True]))
    with pytest.raises(TypeError):
        b[0] = 1
    u = A(np.zeros(2, np.uint64))
    u[0] = 2**64 - 1
    same(u, np.array([2**64 - 1, 0], np.uint64))


def test_setitem_shape_errors():
    x = A(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="^__setitem__"):
        x[0] = A(np.ones(2))
    with pytest.raises(ValueError):
        x[A(np.array([0, 1]))] = A(np.ones((3, 3)))
    with pytest.raises(IndexError):
        x[5] = 1.0
    with pytest.raises(IndexError):
        x[0.5] = 1.0



@pytest.mark.parametrize("device", ["cpu", "dask"])
def test_setitem_mask_with_one_element_arrays(device):
    """``x[mask] = v`` with ``v`` of shape () or (1,) (scikit-learn's metrics write so):
    v broadcasts to whatever the mask selects, none included, as NumPy's."""
    if device == "dask":
        pytest.importorskip("dask")
    a = np.arange(6.0).reshape(2, 3)
    for mask in (np.array([True, False]), np.array([False, False]), a > 2):
        for v in (np.array([7.0]), np.array(8.0), np.array([9], np.int64)):
            x = xp.asarray(a.copy(), device=device)
            x[xp.asarray(mask, device=device)] = xp.asarray(v, device=device)
            want = a.copy()
            want[mask] = v
            np.testing.assert_array_equal(np.asarray(x), want)
    x = xp.asarray(a.copy(), device=device)
    with pytest.raises(ValueError, match="^__setitem__"):
        x[xp.asarray([True, True], device=device)] = xp.asarray([1.0, 2.0], device=device)

# ---------------------------------------------------------- indexing functions
def test_take():
    a = np.arange(12).reshape(3, 4)
    x = A(a)
    same(xp.take(x, A(np.array([2, 0, -1])), axis=0), np.take(a, [2, 0, -1], axis=0))
    same(xp.take(x, A(np.array([3, 3], np.uint8)), axis=-1), np.take(a, [3, 3], axis=1))
    same(xp.take(A(np.arange(5)), A(np.array([4, 0]))), np.array([4, 0]))
    same(xp.take(x, A(np.array([], np.int64)), axis=1), np.take(a, np.array([], np.int64), axis=1))
    with pytest.raises(ValueError):
        xp.take(x, A(np.array([0])))
    with pytest.raises(IndexError, match="^take"):
        xp.take(x, A(np.array([0, 3])), axis=0)
    with pytest.raises(IndexError):
        xp.take(x, A(np.array([-4])), axis=0)
    with pytest.raises(TypeError):
        xp.take(x, A(np.array([0.0])), axis=0)
    with pytest.raises(IndexError):
        xp.take(x, A(np.array([0])), axis=2)


def test_take_along_axis():
    a = np.array([[10, 30, 20], [60, 40, 50]])
    x = A(a)
    idx = np.argsort(a, axis=1)
    same(xp.take_along_axis(x, A(idx), axis=1), np.take_along_axis(a, idx, axis=1))
    same(xp.take_along_axis(x, A(idx)), np.take_along_axis(a, idx, axis=-1))
    i0 = np.array([[1, 0, -1]])
    same(xp.take_along_axis(x, A(i0), axis=0), np.take_along_axis(a, i0, axis=0))
    # broadcasting outside the axis
    i1 = np.array([[2], [0]])
    b = np.arange(3)[None, :] * np.ones((2, 1), int)
    same(xp.take_along_axis(A(np.arange(3)[None, :]), A(i1), axis=1), np.take_along_axis(b, i1, axis=1))
    with pytest.raises(IndexError, match="^take_along_axis"):
        xp.take_along_axis(x, A(np.array([[3]])), axis=1)
    with pytest.raises(ValueError):
        xp.take_along_axis(x, A(np.array([1])), axis=1)
    with pytest.raises(ValueError):
        xp.take_along_axis(x, A(np.zeros((3, 1), int)), axis=1)
    with pytest.raises(TypeError):
        xp.take_along_axis(x, A(np.zeros((2, 1))), axis=1)


class _Two:
    """An integer that is not an int: Python's slices take any object with __index__."""

    def __index__(self) -> int:
        return 2

    def __repr__(self) -> str:  # (a stable test id across xdist workers)
        return "_Two()"


@pytest.mark.parametrize("device", ["cpu", "dask"])
@pytest.mark.parametrize(
    "key, want",
    [
        (slice(np.int64(1), 3), slice(1, 3)),
        (slice(True, None, np.int8(2)), slice(1, None, 2)),
        (slice(_Two(), None), slice(2, None)),
        ((slice(None, _Two()), Ellipsis), (slice(None, 2), Ellipsis)),
        ((1, slice(np.int64(-2), None)), (1, slice(-2, None))),
        (slice(-(10**30), 10**30, -(10**20)), slice(-(10**30), 10**30, -(10**20))),
    ],
    ids=repr,
)
def test_slices_of_integers_that_are_not_ints(device, key, want):
    """Every path of ``x[key]`` (the fast ones included) takes a slice whose bounds are
    any integers, as NumPy does, and each device gets the same view."""
    base = np.arange(24.0).reshape(4, 6)
    x = xp.asarray(base, device=device)
    np.testing.assert_array_equal(np.asarray(x[key]), base[want])
    np.testing.assert_array_equal(np.asarray(x[xp.asarray(1):3]), base[1:3])  # a 0-d integer array


@pytest.mark.parametrize(
    "key, message",
    [
        (slice(1.0, 3), "a slice start must be an integer, got float"),
        ((slice(None, 2.5), Ellipsis), "a slice stop must be an integer, got float"),
        ((0, slice(None, None, 0)), "a slice step cannot be zero"),
        (slice(None, None, 0), "a slice step cannot be zero"),
        ((slice("a", None), Ellipsis), "a slice start must be an integer, got str"),
    ],
    ids=repr,
)
def test_bad_slices_get_the_general_paths_errors(key, message):
    x = A(a24)
    with pytest.raises(IndexError, match=f"^__getitem__: {message}"):
        x[key]
    with pytest.raises(IndexError, match="^__getitem__"):
        x[xp.asarray(1.5):3]
    with pytest.raises(IndexError, match="^__getitem__"):
        xp.asarray(1.0)[1:3]  # a 0-d array has no axis to slice


@pytest.mark.parametrize("device", ["cpu", "dask"])
def test_setitem_through_slices_of_integers_that_are_not_ints(device):
    x = xp.zeros((4, 6), device=device)
    x[np.int64(1) : 3, ...] = 1.0
    x[0, True : np.int8(4)] = 2.0
    x[_Two() :, ::_Two()] = 3.0
    want = np.zeros((4, 6))
    want[1:3] = 1.0
    want[0, 1:4] = 2.0
    want[2:, ::2] = 3.0
    np.testing.assert_array_equal(np.asarray(x), want)


@pytest.mark.parametrize("ns", ["nx_array_api", "nx_array_api.strict"])
def test_a_0d_integer_array_key_gives_a_copy_as_in_numpy(ns):
    """NumPy reads a 0-d integer array in a key as an index array: x[i] is then a copy,
    so a later write into x does not reach it (a view would be a silent wrong answer)."""
    import importlib

    m = importlib.import_module(ns)
    x = m.reshape(m.arange(6), (2, 3))
    a = np.arange(6).reshape(2, 3)
    row, item = x[m.asarray(1), ...], x[m.asarray(1), m.asarray(2)]
    arow, aitem = a[np.asarray(1), ...], a[np.asarray(1), np.asarray(2)]
    x[1, 0] = 9
    x[1, 2] = 7
    a[1, 0] = 9
    a[1, 2] = 7
    np.testing.assert_array_equal(np.asarray(row), arow)
    assert int(item) == int(aitem) == 5


def test_strict_fast_key_check_lets_through_only_what_the_full_check_takes():
    """The strict namespace's fast test of a tuple key (``_plain_strict``) says yes only
    to keys ``check_strict_key`` takes, for reading and for assignment, and then the
    view is NumPy's; it says yes to the common ones (``x[:4, :]``, ``x[1:3, 2]``)."""
    import itertools

    import nx_array_api.strict as sx
    from nx_array_api import _indexing

    parts = [0, 2, -3, 3, True, None, Ellipsis, slice(None), slice(1, 3), slice(-3, 3), slice(0, 4), slice(-4, None),
             slice(None, None, -1), slice(None, None, 0), slice(1.0, 2), slice(0, 3, 2)]
    a = np.arange(6.0).reshape(2, 3)
    x = sx.asarray(a)
    taken = 0
    for n in range(4):
        for key in itertools.product(parts, repeat=n):
            for setting in (False, True):
                if not _indexing._plain_strict(x.shape, key, setting):
                    continue
                taken += 1
                _indexing.check_strict_key("__getitem__", x, key, setting=setting)  # refuses nothing
                if not setting:
                    np.testing.assert_array_equal(np.asarray(x[key]), a[key])
    assert taken > 100
    assert _indexing._plain_strict((8, 8), (slice(None, 4), slice(None)))
    assert _indexing._plain_strict((8, 8), (slice(1, 3), 2))


@pytest.mark.parametrize("shape", [(3,), (2, 3)])
def test_strict_getitem_fast_paths_agree_with_the_full_check(shape):
    """Strict ``x[key]`` (its fast paths: ``x[a:b, ...]``, ``x[a:b, None]`` on 1-D,
    ``x[a:b, c:d]`` on 2-D, ...) does what the full check and the general path do, for
    every key of up to three parts: the same exception class, or NumPy's view."""
    import itertools

    import nx_array_api.strict as sx
    from nx_array_api import _indexing

    parts = [0, 2, -3, 3, True, None, Ellipsis, slice(None), slice(1, 3), slice(-3, 3), slice(0, 4), slice(-4, None),
             slice(None, None, -1), slice(None, None, 0), slice(1.0, 2), slice(0, 3, 2)]
    a = np.arange(float(np.prod(shape))).reshape(shape)
    x = sx.asarray(a)
    for n in range(1, 4):
        for key in itertools.product(parts, repeat=n):
            for k in (key, key[0]) if n == 1 else (key,):
                try:
                    _indexing.check_strict_key("__getitem__", x, k, setting=False)
                    _indexing.getitem(x, k)
                except (IndexError, TypeError, ValueError) as e:
                    with pytest.raises(type(e)):
                        x[k]
                    continue
                np.testing.assert_array_equal(np.asarray(x[k]), a[k])
    assert _indexing._plain_strict((8, 8), (slice(1, 3), 2))


@pytest.mark.parametrize("namespace", ["nx_array_api", "nx_array_api.strict"])
def test_a_0d_boolean_key_reads_and_writes_as_numpys(namespace):
    """``x[zeros] = v[zeros]`` with ``zeros`` 0-d (scikit-learn's variance update): x[True]
    is x with a new leading axis of 1 and x[False] one of 0, read (a copy) and written
    as NumPy does, and a value that does not broadcast to what the key selects is a
    ValueError naming __setitem__, whichever the key."""
    import importlib

    ns = importlib.import_module(namespace)
    for shape in ((3,), (2, 3), ()):
        a = np.arange(float(np.prod(shape))).reshape(shape)
        for keep in (True, False):
            x, k, kn = ns.asarray(a), ns.asarray(keep), np.asarray(keep)
            got, want = x[k], a[kn]
            assert got.shape == want.shape
            np.testing.assert_array_equal(np.asarray(got), want)
            for value in (5.0, np.full(shape, 7.0), np.full((1, *shape), 8.0), np.zeros((0, *shape)), np.ones((2, *shape))):
                x, n = ns.asarray(a), a.copy()
                v = value if type(value) is float else ns.asarray(value)
                try:
                    n[kn] = value
                except ValueError:
                    with pytest.raises(ValueError, match="^__setitem__: "):
                        x[k] = v
                    continue
                x[k] = v
                np.testing.assert_array_equal(np.asarray(x), n, err_msg=f"{shape} {keep} {np.shape(value)}")


@pytest.mark.parametrize("namespace", ["nx_array_api", "nx_array_api.strict"])
def test_a_new_leading_axis_is_a_view(namespace):
    """``x[None, ...]`` (a new leading axis, the fast path of a two-part key) is NumPy's
    shape and values on 0-d, 1-d and 2-d arrays: in the drop-in a view that sees later
    writes, in the strict namespace one whose read after a write is refused (stale)."""
    import importlib

    ns = importlib.import_module(namespace)
    for shape in ((), (3,), (2, 3)):
        a = np.arange(float(np.prod(shape))).reshape(shape)
        x = ns.asarray(a)
        v = x[None, ...]
        assert v.shape == a[None, ...].shape
        np.testing.assert_array_equal(np.asarray(v), a[None, ...])
        x[...] = -1.0
        if ns.__name__ == "nx_array_api":
            np.testing.assert_array_equal(np.asarray(v), np.full((1, *shape), -1.0))
        else:
            with pytest.raises(ValueError, match="changed through another array sharing its memory"):
                np.asarray(v)


def test_take_along_axis_indices_on_the_cpu_device():
    """The CPU device's gather is NumPy's take_along_axis: negative indices wrap once, an
    index still out of range is the function's IndexError (checked first, by value), and
    the backend itself refuses one too (its contract), for every axis of a 3-d array."""
    a = np.arange(60.0).reshape(3, 4, 5)
    x = A(a)
    for axis in range(3):
        n = a.shape[axis]
        idx = np.random.default_rng(axis).integers(-n, n, size=a.shape)
        same(xp.take_along_axis(x, A(idx), axis=axis), np.take_along_axis(a, idx, axis=axis))
        bad = idx.copy()
        bad.flat[0] = n
        with pytest.raises(IndexError, match="^take_along_axis"):
            xp.take_along_axis(x, A(bad), axis=axis)
        with pytest.raises(IndexError):
            x.backend.gather(x, A(bad), axis=axis)


@pytest.mark.parametrize("shape", [(8,), (8, 8), (2, 8, 8)])
def test_dropin_two_part_keys_are_numpys(shape):
    """Every key of two parts, from ints in and out of range, slices (with NumPy ints,
    out-of-range bounds, a zero step, a float bound), None, ``...``, a bool and a NumPy
    int: the drop-in gives NumPy's view (shape and values) for each key NumPy takes and
    refuses each one NumPy refuses (the fast paths of ``x[a:b, c:d]``, ``x[i, j]``,
    ``x[None, ...]`` and ``x[k, ...]`` among them)."""
    import itertools

    parts = [0, 1, -1, 7, 8, -8, -9, 100, slice(None), slice(1, 5), slice(-3, None), slice(None, None, -1),
             slice(2, 100), slice(-100, 3), slice(1, 5, 0), slice(1.0, 3), slice(np.int64(1), 3), None, Ellipsis, True, np.int64(2)]
    a = np.arange(float(np.prod(shape))).reshape(shape)
    x = xp.asarray(a)
    for k in itertools.product(parts, repeat=2):
        try:
            want = a[k]
        except (IndexError, TypeError, ValueError):
            with pytest.raises((IndexError, TypeError, ValueError)):
                x[k]
            continue
        got = x[k]
        assert got.shape == np.shape(want), k
        np.testing.assert_array_equal(np.asarray(got), want, err_msg=str(k))
