"""Sorting functions of nx_array_api, checked against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_testing import A, N



def _stable_desc_argsort(a, axis):
    # A stable descending reference: stably sort the reversed array, map indices back.
    n = a.shape[axis]
    r = np.flip(np.argsort(np.flip(a, axis=axis), axis=axis, kind="stable"), axis=axis)
    return n - 1 - r


DTYPES = [np.int8, np.uint8, np.int64, np.uint64, np.float32, np.float64]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("descending", [False, True])
def test_argsort_and_sort(dtype, axis, descending):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 5, size=(6, 7)).astype(dtype)  # many ties
    x = A(a)
    idx = xp.argsort(x, axis=axis, descending=descending)
    s = xp.sort(x, axis=axis, descending=descending)
    assert idx.dtype == xp.int64 and idx.shape == a.shape
    assert s.dtype == x.dtype and s.shape == a.shape
    if descending:
        e_idx = _stable_desc_argsort(a, axis)
    else:
        e_idx = np.argsort(a, axis=axis, kind="stable")
    np.testing.assert_array_equal(N(idx), e_idx)
    np.testing.assert_array_equal(N(s), np.take_along_axis(a, e_idx, axis=axis))


def test_sort_nan_last_both_directions():
    a = np.array([3.0, np.nan, -1.0, np.inf, np.nan, -np.inf])
    np.testing.assert_array_equal(N(xp.sort(A(a))), np.sort(a))
    np.testing.assert_array_equal(N(xp.sort(A(a), descending=True)), [np.inf, 3.0, -1.0, -np.inf, np.nan, np.nan])
    np.testing.assert_array_equal(N(xp.argsort(A(a), descending=True)), [3, 0, 2, 5, 1, 4])


@pytest.mark.parametrize("n", [2, 15, 16, 17, 64])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_of_signed_zeros_and_nans_is_stable_at_every_size(n, descending):
    """Signed zeros keep their order (stable: -0.0 before 0.0 where it came first) and
    NaNs go last, for arrays up to the size where the stable algorithm runs at once and
    beyond it, one row and along either axis of a matrix."""
    rng = np.random.default_rng(n)
    a = rng.choice(np.array([0.0, -0.0, 1.0, np.nan, -2.0]), size=n)
    rows = np.stack([a, a[::-1]])
    for x, axis in ((a, -1), (rows, 1), (rows.T.copy(), 0)):
        got = N(xp.sort(A(x), axis=axis, descending=descending))
        order = np.argsort(-x if descending else x, axis=axis, kind="stable")
        want = np.take_along_axis(x, order, axis=axis)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


def test_sort_extreme_integers_descending():
    a = np.array([np.iinfo(np.int64).min, 0, np.iinfo(np.int64).max, -1], dtype=np.int64)
    np.testing.assert_array_equal(N(xp.sort(A(a), descending=True)), np.sort(a)[::-1])


def test_sort_returns_a_copy():
    a = np.array([3, 1, 2])
    x = A(a)
    s = xp.sort(x)
    assert not np.shares_memory(N(s), N(x))
    np.testing.assert_array_equal(N(x), a)


def test_sort_strided_input():
    base = A(np.arange(12.0)[::-1].reshape(3, 4).copy())
    xt = xp.permute_dims(base, (1, 0))
    e = np.arange(12.0)[::-1].reshape(3, 4).T
    np.testing.assert_array_equal(N(xp.sort(xt, axis=0)), np.sort(e, axis=0))
    np.testing.assert_array_equal(N(xp.argsort(xt, axis=1)), np.argsort(e, axis=1, kind="stable"))


def test_stable_false_accepted():
    a = np.array([2, 1, 2, 1])
    np.testing.assert_array_equal(N(xp.sort(A(a), stable=False)), [1, 1, 2, 2])


def test_sorting_errors():
    with pytest.raises(TypeError, match="^sort"):
        xp.sort(A([1j, 2j]))
    with pytest.raises(TypeError, match="^argsort"):
        xp.argsort(A([True, False]))
    with pytest.raises(IndexError):
        xp.sort(A([1, 2]), axis=1)
    with pytest.raises(IndexError):
        xp.argsort(A(1.0))
    with pytest.raises(TypeError, match="^sort"):
        xp.sort(A([1, 2]), descending="yes")
    with pytest.raises(TypeError, match="^argsort"):
        xp.argsort([1, 2])
