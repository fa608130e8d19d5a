"""Manipulation functions against NumPy: values, dtypes, views and errors."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_testing import A, N, same


def shares(a, b):
    return np.shares_memory(N(a), N(b))


a24 = np.arange(24, dtype=np.int32).reshape(2, 3, 4)


# ------------------------------------------------------------------- broadcast
def test_broadcast_to_view():
    x = A(np.arange(3.0))
    y = xp.broadcast_to(x, (4, 3))
    same(y, np.broadcast_to(np.arange(3.0), (4, 3)))
    assert shares(x, y)
    assert y.view.strides == (0, 1)
    same(xp.broadcast_to(A(5), (2, 2)), np.full((2, 2), 5))
    same(xp.broadcast_to(A(np.ones((1, 0))), (3, 0)), np.ones((3, 0)))


@pytest.mark.parametrize("shape", [(2,), (4, 2), (3, 1, 1)])
def test_broadcast_to_errors(shape):
    with pytest.raises(ValueError, match="^broadcast_to"):
        xp.broadcast_to(A(np.ones((3, 3))), shape)


def test_broadcast_arrays_and_shapes():
    a, b = np.arange(3), np.arange(4).reshape(4, 1)
    xa, xb = A(a), A(b)
    ra, rb = xp.broadcast_arrays(xa, xb)
    ea, eb = np.broadcast_arrays(a, b)
    same(ra, ea)
    same(rb, eb)
    assert shares(ra, xa) and shares(rb, xb)
    assert isinstance(xp.broadcast_arrays(A(a)), tuple)
    assert xp.broadcast_shapes() == ()
    assert xp.broadcast_shapes((2, 1), (3,), (1, 1, 1)) == (1, 2, 3)
    assert xp.broadcast_shapes((0,), (1,)) == (0,)
    with pytest.raises(ValueError):
        xp.broadcast_shapes((2,), (3,))
    with pytest.raises(ValueError):
        xp.broadcast_arrays(A(np.ones(2)), A(np.ones(3)))


# ---------------------------------------------------------------------- concat
def test_concat():
    a, b = np.arange(6).reshape(2, 3), np.arange(9).reshape(3, 3)
    same(xp.concat([A(a), A(b)]), np.concatenate([a, b]))
    same(xp.concat((A(a), A(b[:2].T[:2].T)), axis=-1), np.concatenate([a, b[:2, :2]], axis=1))
    same(xp.concat([A(a), A(b)], axis=None), np.concatenate([a.ravel(), b.ravel()]))
    same(xp.concat([A(np.float32(1.5)), A(np.arange(2, dtype=np.float32))], axis=None), np.array([1.5, 0, 1], np.float32))
    # promotion
    r = xp.concat([A(np.ones(2, np.int8)), A(np.ones(1, np.int16))])
    assert r.dtype == xp.int16
    r = xp.concat([A(np.ones(2, np.uint8)), A(np.ones(1, np.int8))])
    assert r.dtype == xp.int16
    # two kinds: NumPy 2's promotion
    r = xp.concat([A(np.array([1, -2], np.int8)), A(np.array([0.5], np.float32))])
    same(r, np.concatenate([np.array([1, -2], np.int8), np.array([0.5], np.float32)]))
    with pytest.raises(TypeError, match="^concat: .*promote"):
        xp.concat([A(np.ones(2, np.int8)), A(np.ones(1, np.uint64))])
    with pytest.raises(ValueError):
        xp.concat([A(a), A(b)], axis=1)
    with pytest.raises(ValueError):
        xp.concat([A(a), A(np.ones(3, a.dtype))])
    with pytest.raises(ValueError):
        xp.concat([A(1), A(2)])
    with pytest.raises(ValueError):
        xp.concat([])
    with pytest.raises(TypeError):
        xp.concat(A(a))
    with pytest.raises(IndexError):
        xp.concat([A(a), A(a)], axis=2)
    xa = A(a)
    r = xp.concat([xa])
    same(r, a)
    assert not shares(r, xa)


def test_stack():
    a, b = np.arange(6).reshape(2, 3), np.arange(6, 12).reshape(2, 3)
    for ax in (0, 1, 2, -1, -3):
        same(xp.stack([A(a), A(b)], axis=ax), np.stack([a, b], axis=ax))
    same(xp.stack([A(1.0), A(2.0)]), np.array([1.0, 2.0]))
    assert xp.stack([A(np.ones(2, np.float32)), A(np.ones(2, np.float64))]).dtype == xp.float64
    with pytest.raises(ValueError):
        xp.stack([A(a), A(np.ones(3, a.dtype))])
    with pytest.raises(IndexError):
        xp.stack([A(a)], axis=3)
    same(xp.stack([A(np.array([True, False])), A(np.array([3, 4], np.int8))]),
         np.stack([np.array([True, False]), np.array([3, 4], np.int8)]))
    with pytest.raises(TypeError):
        xp.stack([A(np.ones(2, np.int64)), A(np.ones(2, np.uint64))])


# ------------------------------------------------------------------ axis moves
def test_expand_dims():
    x = A(a24)
    for ax in (0, 1, 3, -1, -4):
        r = xp.expand_dims(x, axis=ax)
        same(r, np.expand_dims(a24, ax))
        assert shares(r, x)
    for axes in ((0, 1), (0, -1), (4, 1), (-5, 2)):
        same(xp.expand_dims(x, axis=axes), np.expand_dims(a24, axes))
    same(xp.expand_dims(A(3), axis=()), np.array(3))
    for bad in (4, -5):
        with pytest.raises(IndexError, match="^expand_dims"):
            xp.expand_dims(x, axis=bad)
    with pytest.raises((IndexError, ValueError)):
        xp.expand_dims(x, axis=(0, 0))
    with pytest.raises((IndexError, ValueError)):
        xp.expand_dims(x, axis=(0, -5))
    with pytest.raises(TypeError):
        xp.expand_dims(x, axis=1.0)


def test_squeeze():
    a = np.arange(6).reshape(1, 2, 1, 3, 1)
    x = A(a)
    for ax in (0, 2, -1, (0, 2), (0, 2, 4), ()):
        r = xp.squeeze(x, axis=ax)
        same(r, np.squeeze(a, axis=ax))
        assert shares(r, x)
    with pytest.raises(ValueError, match="^squeeze"):
        xp.squeeze(x, axis=1)
    with pytest.raises(IndexError):
        xp.squeeze(x, axis=5)
    with pytest.raises(ValueError):
        xp.squeeze(x, axis=(0, 0))
    with pytest.raises(TypeError):
        xp.squeeze(x)  # axis is required
    with pytest.raises(TypeError, match="^squeeze"):
        xp.squeeze(x, axis=True)  # a bool is no axis (the common call's path takes ints only)
    with pytest.raises(IndexError):
        xp.squeeze(x, axis=-6)


def test_flip():
    x = A(a24)
    for ax in (None, 0, 1, -1, (0, 2), (), (0, 1, 2)):
        r = xp.flip(x, axis=ax)
        same(r, np.flip(a24, axis=ax))
        assert shares(r, x)
    with pytest.raises(IndexError):
        xp.flip(x, axis=3)
    same(xp.flip(A(np.zeros((0, 3)))), np.zeros((0, 3)))
    same(xp.flip(A(2.5)), np.array(2.5))


def test_permute_moveaxis():
    x = A(a24)
    for axes in ((0, 1, 2), (2, 0, 1), (-1, 0, 1), (1, -1, -3)):
        r = xp.permute_dims(x, axes)
        same(r, np.transpose(a24, axes))
        assert shares(r, x)
    for bad in ((0, 1), (0, 0, 1), (0, 1, 3)):
        with pytest.raises((ValueError, IndexError)):
            xp.permute_dims(x, bad)
    for s, d in ((0, 2), (-1, 0), ((0, 1), (2, 0)), ((0, 2), (-1, -3))):
        r = xp.moveaxis(x, s, d)
        same(r, np.moveaxis(a24, s, d))
        assert shares(r, x)
    with pytest.raises(ValueError):
        xp.moveaxis(x, (0, 1), 2)
    with pytest.raises(ValueError):
        xp.moveaxis(x, (0, 0), (1, 2))
    with pytest.raises(IndexError):
        xp.moveaxis(x, 3, 0)


# --------------------------------------------------------------------- reshape
def test_reshape_view_and_copy():
    x = A(a24)
    r = xp.reshape(x, (4, -1))
    same(r, a24.reshape(4, -1))
    assert shares(r, x)
    same(xp.reshape(x, (24,)), a24.ravel())
    same(xp.reshape(A(7), (1, 1)), np.full((1, 1), 7))
    same(xp.reshape(A(np.ones((1,))), ()), np.array(1.0))
    # a transposed array cannot be flattened as a view
    t = xp.permute_dims(x, (2, 1, 0))
    r = xp.reshape(t, (-1,))
    same(r, a24.T.reshape(-1))
    assert not shares(r, x)
    with pytest.raises(ValueError, match="^reshape"):
        xp.reshape(t, (-1,), copy=False)
    r = xp.reshape(x, (6, 4), copy=True)
    same(r, a24.reshape(6, 4))
    assert not shares(r, x)
    r = xp.reshape(x, (6, 4), copy=False)
    assert shares(r, x)
    # slices keep views when the strides allow it
    s = A(np.arange(12).reshape(3, 4))[:, :2]
    assert shares(xp.reshape(s, (3, 2, 1)), s)


def test_the_backends_reshape_is_a_view_or_none():
    """The NumPy backend's reshape: a view where the strides allow one, None (the caller
    copies) where they do not."""
    a = np.arange(24.0).reshape(4, 6)
    x = A(a)
    B = x.backend
    v = B.reshape(x[:, :4], (2, 2, 4))
    same(v, a[:, :4].reshape(2, 2, 4))
    assert shares(v, x)
    assert B.reshape(x.T, (24,)) is None
    assert B.reshape(xp.flip(x, axis=0), (24,)) is None
    same(xp.reshape(x.T, (-1,)), a.T.reshape(-1))


def test_reshape_that_needs_a_copy_makes_one():
    """A layout only a copy can reshape (a transpose flattened) makes exactly one copy,
    in the common call and with ``copy=None`` spelt out; one that a view can reshape (a
    block of columns split) makes none and shares memory."""
    x = A(np.arange(64.0).reshape(8, 8))
    B = type(x.backend)
    real = B.copy
    made = []
    B.copy = lambda self, t: made.append(t.shape) or real(self, t)
    try:
        for kw in ({}, {"copy": None}):
            made.clear()
            r = xp.reshape(x.T, (-1,), **kw)
            same(r, np.arange(64.0).reshape(8, 8).T.reshape(-1))
            assert made == [(8, 8)], made
        made.clear()
        r = xp.reshape(x[:, :4], (2, 4, 4))
        same(r, np.arange(64.0).reshape(8, 8)[:, :4].reshape(2, 4, 4))
        assert made == [] and shares(r, x)
    finally:
        B.copy = real
    # The backend says None for such a layout without making (and dropping) a copy itself.
    import tracemalloc

    big = A(np.ones((512, 256))).T
    tracemalloc.start()
    try:
        assert big.backend.reshape(big, (512 * 256,)) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 64 << 10, peak  # the copy would be 1 MiB


def test_reshape_errors():
    x = A(a24)
    for bad in ((5, 5), (-1, -1), (-2, 12), (7, -1)):
        with pytest.raises(ValueError, match="^reshape"):
            xp.reshape(x, bad)
    z = A(np.zeros((0, 3)))
    same(xp.reshape(z, (3, 0)), np.zeros((3, 0)))
    with pytest.raises(ValueError):
        xp.reshape(z, (2, 2))
    with pytest.raises(ValueError):
        xp.reshape(z, (0, -1))
    with pytest.raises(ValueError):
        xp.reshape(A(np.zeros(4)), (0,))
    with pytest.raises(TypeError):
        xp.reshape(x, (2.0, 12))


# ------------------------------------------------------------ copying functions
def test_repeat():
    a = np.arange(6).reshape(2, 3)
    x = A(a)
    same(xp.repeat(x, 2), np.repeat(a, 2))
    same(xp.repeat(x, 2, axis=1), np.repeat(a, 2, axis=1))
    same(xp.repeat(x, A(np.array([1, 0, 3])), axis=-1), np.repeat(a, [1, 0, 3], axis=1))
    same(xp.repeat(x, A(np.array([2], np.uint8)), axis=0), np.repeat(a, 2, axis=0))
    same(xp.repeat(x, A(np.array([1, 2, 0, 1, 0, 1], np.uint64))), np.repeat(a, [1, 2, 0, 1, 0, 1]))
    same(xp.repeat(A(5), 3), np.array([5, 5, 5]))
    same(xp.repeat(x, 0), np.zeros(0, a.dtype))
    with pytest.raises(ValueError):
        xp.repeat(x, -1)
    with pytest.raises(ValueError):
        xp.repeat(x, A(np.array([1, -1, 1])), axis=1)
    with pytest.raises(ValueError):
        xp.repeat(x, A(np.array([1, 2])), axis=1)
    with pytest.raises(TypeError):
        xp.repeat(x, A(np.array([1.0])), axis=1)
    with pytest.raises(IndexError):
        xp.repeat(x, 2, axis=2)


def test_roll():
    x = A(a24)
    same(xp.roll(x, 5), np.roll(a24, 5))
    same(xp.roll(x, -1, axis=1), np.roll(a24, -1, axis=1))
    same(xp.roll(x, (1, 2), axis=(0, 2)), np.roll(a24, (1, 2), axis=(0, 2)))
    same(xp.roll(x, 1, axis=(0, 1)), np.roll(a24, 1, axis=(0, 1)))
    same(xp.roll(x, (1, 1), axis=(1, 1)), np.roll(a24, (1, 1), axis=(1, 1)))
    same(xp.roll(A(np.zeros((0, 2))), 3), np.zeros((0, 2)))
    r = xp.roll(x, 0)
    assert not shares(r, x)
    with pytest.raises(ValueError):
        xp.roll(x, (1, 2), axis=0)
    with pytest.raises(ValueError):
        xp.roll(x, (1, 2))
    with pytest.raises(IndexError):
        xp.roll(x, 1, axis=3)


def test_tile():
    a = np.arange(6).reshape(2, 3)
    x = A(a)
    for reps in ((2,), (2, 1), (1, 2), (2, 3, 1), (0, 2), ()):
        same(xp.tile(x, reps), np.tile(a, reps))
    same(xp.tile(A(4), (3,)), np.tile(4, 3))
    with pytest.raises(ValueError):
        xp.tile(x, (-1,))
    with pytest.raises(TypeError):
        xp.tile(x, 2)


def test_unstack():
    x = A(a24)
    for ax in (0, 1, 2, -1):
        parts = xp.unstack(x, axis=ax)
        assert isinstance(parts, tuple)
        expected = [np.take(a24, i, axis=ax) for i in range(a24.shape[ax])]
        assert len(parts) == len(expected)
        for p, e in zip(parts, expected):
            same(p, e)
            assert shares(p, x)
    assert xp.unstack(A(np.zeros((0, 3)))) == ()
    with pytest.raises(IndexError):
        xp.unstack(x, axis=3)
    with pytest.raises(ValueError):
        xp.unstack(A(1))


def test_type_errors():
    with pytest.raises(TypeError, match="^flip"):
        xp.flip(np.ones(3))
    with pytest.raises(TypeError, match="^reshape"):
        xp.reshape([1, 2], (2,))


# ------------------------------------------------------- integer-like arguments
def test_zero_d_integer_arrays_are_ints():
    """Integer arguments go through ``operator.index``: 0-d integer arrays (nx or
    NumPy) and NumPy integers behave like Python ints, as in NumPy."""
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    x = A(a)
    n = xp.asarray(3)
    same(xp.reshape(x, (n - 1, -1)), a.reshape(2, -1))
    same(xp.reshape(x, n * 4), a.reshape(12))
    same(xp.reshape(x, (np.int64(4), np.array(3))), a.reshape(4, 3))
    same(xp.tile(x, (n,)), np.tile(a, (3,)))
    same(xp.tile(x, (xp.asarray(2, dtype=xp.uint8), np.int32(1))), np.tile(a, (2, 1)))
    same(xp.roll(x, n), np.roll(a, 3))
    same(xp.roll(x, (n, n - 2), axis=(xp.asarray(0), 1)), np.roll(a, (3, 1), axis=(0, 1)))
    same(xp.expand_dims(x, axis=n - 3), np.expand_dims(a, 0))
    same(xp.expand_dims(x, axis=(n - 4, np.int8(0))), np.expand_dims(a, (-1, 0)))
    same(xp.repeat(x, n - 1, axis=xp.asarray(1)), np.repeat(a, 2, axis=1))
    same(xp.flip(x, axis=n - 2), np.flip(a, 1))
    same(xp.moveaxis(x, n - 3, np.int64(1)), np.moveaxis(a, 0, 1))
    same(xp.permute_dims(x, (n - 2, n - 3)), a.T)
    same(xp.squeeze(A(a[None]), axis=n - 3), a)
    same(xp.concat([x, x], axis=n - 2), np.concatenate([a, a], axis=1))
    same(xp.stack([x, x], axis=n - 1), np.stack([a, a], axis=2))
    assert [N(p).tolist() for p in xp.unstack(x, axis=n - 2)] == [list(r) for r in a.T]
    same(xp.broadcast_to(A(np.arange(4)), (n, np.int64(4))), np.broadcast_to(np.arange(4), (3, 4)))


@pytest.mark.parametrize(
    "call",
    [
        lambda x: xp.reshape(x, (xp.asarray(2.0), -1)),
        lambda x: xp.reshape(x, (True, -1)),
        lambda x: xp.reshape(x, (xp.asarray(True), -1)),
        lambda x: xp.reshape(x, (xp.asarray([2]), -1)),
        lambda x: xp.reshape(x, (2.0, -1)),
        lambda x: xp.tile(x, (xp.asarray(2.0),)),
        lambda x: xp.tile(x, (np.float64(2),)),
        lambda x: xp.roll(x, xp.asarray(1.0)),
        lambda x: xp.roll(x, np.array(1.5)),
        lambda x: xp.expand_dims(x, axis=xp.asarray(0.0)),
        lambda x: xp.expand_dims(x, axis=np.True_),
        lambda x: xp.repeat(x, xp.asarray(2.0)),
        lambda x: xp.flip(x, axis=(True,)),
        lambda x: xp.stack([x, x], axis=False),
        lambda x: xp.concat([x, x], axis=xp.asarray(0.0)),
    ],
)
def test_non_integer_arguments_are_type_errors(call):
    x = A(np.arange(12.0).reshape(3, 4))
    with pytest.raises(TypeError, match="^(reshape|tile|roll|expand_dims|repeat|flip|stack|concat): .* must be an integer"):
        call(x)
