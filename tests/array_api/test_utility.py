"""all, any and diff against NumPy: values, dtypes, axes and errors."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_core.errors import AxisError
from nx_testing import N, same


RNG = np.random.default_rng(0)
SAMPLES = {
    "bool": RNG.random((3, 4, 2)) > 0.3,
    "int16": RNG.integers(-2, 3, (3, 4, 2)).astype(np.int16),
    "float64": np.where(RNG.random((3, 4, 2)) > 0.2, RNG.standard_normal((3, 4, 2)), 0.0),
    "complex64": (RNG.integers(0, 2, (3, 4, 2)) * 1j + RNG.integers(0, 2, (3, 4, 2))).astype(np.complex64),
}


@pytest.mark.parametrize("name", list(SAMPLES))
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2), (1,), ()])
@pytest.mark.parametrize("keepdims", [False, True])
def test_all_any(name, axis, keepdims):
    a = SAMPLES[name]
    x = xp.asarray(a)
    same(xp.all(x, axis=axis, keepdims=keepdims), np.all(a, axis=axis, keepdims=keepdims))
    same(xp.any(x, axis=axis, keepdims=keepdims), np.any(a, axis=axis, keepdims=keepdims))


def test_all_any_special_values():
    x = xp.asarray([float("nan"), float("inf"), -float("inf")])
    assert bool(xp.all(x)) is True
    e = xp.zeros((0, 3))
    same(xp.all(e), np.True_)
    same(xp.any(e), np.False_)
    same(xp.all(e, axis=0), np.ones(3, dtype=bool))
    same(xp.any(xp.asarray(0)), np.False_)


def test_all_any_errors():
    x = xp.ones((2, 3))
    with pytest.raises(AxisError, match="^all"):
        xp.all(x, axis=2)
    with pytest.raises(IndexError):
        xp.any(x, axis=-3)
    with pytest.raises(ValueError, match="^any"):
        xp.any(x, axis=(0, 0))
    with pytest.raises(TypeError, match="^all"):
        xp.all(np.ones(3))
    with pytest.raises(TypeError, match="^all"):
        xp.all(x, axis=1.0)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int64", "float32", "complex128", "bool"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 5])
def test_diff(dtype, axis, n):
    a = (np.arange(20) ** 2 % 7).reshape(4, 5).astype(dtype)
    x = xp.asarray(a)
    same(xp.diff(x, n=n, axis=axis), np.diff(a, n=n, axis=axis))
    same(xp.diff(x, axis=axis, n=n), np.diff(a, n=n, axis=axis))


def test_diff_positional_n_like_numpy():
    a = np.array([1, 4, 9, 16, 25])
    same(xp.diff(xp.asarray(a), 2), np.diff(a, 2))
    b = np.arange(12).reshape(3, 4) ** 2
    same(xp.diff(xp.asarray(b), 1, 0), np.diff(b, 1, 0))


def test_diff_prepend_append():
    a = np.arange(12.0).reshape(3, 4) ** 2
    x = xp.asarray(a)
    pre = np.full((3, 2), -1.0)
    app = np.ones((3, 1))
    same(
        xp.diff(x, n=2, axis=1, prepend=xp.asarray(pre), append=xp.asarray(app)),
        np.diff(a, n=2, axis=1, prepend=pre, append=app),
    )
    same(xp.diff(x, axis=0, prepend=0.0), np.diff(a, axis=0, prepend=0.0))
    same(xp.diff(x, append=xp.asarray(app)), np.diff(a, append=app))
    # a narrower dtype is promoted to x's dtype
    same(xp.diff(x, prepend=xp.asarray(pre, dtype=xp.float32)), np.diff(a, prepend=pre))


def test_diff_does_not_alias_input():
    x = xp.asarray([1, 2, 4])
    y = xp.diff(x, n=0)
    same(y, [1, 2, 4])
    assert not np.shares_memory(N(x), N(y))


def test_diff_errors():
    x = xp.asarray([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="^diff"):
        xp.diff(xp.asarray(1))
    with pytest.raises(ValueError, match="^diff"):
        xp.diff(x, n=-1)
    with pytest.raises(AxisError, match="^diff"):
        xp.diff(x, axis=2)
    with pytest.raises(ValueError, match="^diff"):
        xp.diff(x, axis=0, prepend=xp.ones((1, 3), dtype=xp.int64))
    with pytest.raises(TypeError, match="^diff"):
        xp.diff(x, prepend=xp.ones((2, 1)))
    with pytest.raises(TypeError, match="^diff"):
        xp.diff(x, prepend="a")
    with pytest.raises(TypeError, match="^diff"):
        xp.diff([1, 2, 3])
    with pytest.raises(TypeError, match="^diff"):
        xp.diff(x, 1.5)
