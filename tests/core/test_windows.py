"""unfold / fold kernels: contract vectors and a direct-loop reference."""

from __future__ import annotations

import itertools
from math import prod

import numpy as np
import pytest

from core_testing import ref_fold as _ref_fold
from core_testing import ref_unfold as _ref_unfold

from nx_core.backend.kernels.windows import fold, unfold


# ---------------------------------------------------------------- contract vectors

def test_unfold_basic_1d():
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    u = unfold(x, (2,), (1,), (1,), ((0, 0),))
    assert u.shape == (2, 2, 4) and u.dtype == np.float32
    assert u.tolist() == [[[0, 1, 2, 3], [1, 2, 3, 4]], [[5, 6, 7, 8], [6, 7, 8, 9]]]
    assert u.flags.c_contiguous


def test_unfold_dilation_padding():
    x = np.array([[1, 2, 3, 4, 5]], dtype=np.float32)
    u = unfold(x, (2,), (1,), (2,), ((1, 1),))
    assert u.shape == (1, 2, 5)
    assert u.tolist() == [[[0, 1, 2, 3, 4], [2, 3, 4, 5, 0]]]


def test_unfold_stride_and_fold_back():
    x = np.arange(1, 13, dtype=np.float64).reshape(2, 6)
    u = unfold(x, (2,), (2,), (1,), ((0, 0),))
    assert u.tolist() == [[[1, 3, 5], [2, 4, 6]], [[7, 9, 11], [8, 10, 12]]]
    f = fold(u, (6,), (2,), (2,), (1,), ((0, 0),))
    assert np.array_equal(f, x)


def _coverage(i, n, k=3):
    return sum(1 for w in range(0, n - k + 1) if w <= i < w + k)


def test_fold_overlap_small():
    x = np.arange(1, 9, dtype=np.float32).reshape(1, 8)
    f = fold(unfold(x, (3,), (1,), (1,), ((0, 0),)), (8,), (3,), (1,), (1,), ((0, 0),))
    assert f.tolist() == [[1, 4, 9, 12, 15, 18, 14, 8]]


@pytest.mark.parametrize("lead,n", [(4, 8), (64, 32), (1, 2048)])
def test_fold_overlap_contract_sizes(lead, n):
    x = ((np.arange(lead * n) % 13) + 1).astype(np.float32).reshape(lead, n)
    f = fold(unfold(x, (3,), (1,), (1,), ((0, 0),)), (n,), (3,), (1,), (1,), ((0, 0),))
    cov = np.array([_coverage(i, n) for i in range(n)], dtype=np.float32)
    assert np.array_equal(f, x * cov)


def test_unfold_fold_2d_derived():
    x = np.arange(9, dtype=np.float64).reshape(1, 3, 3)
    u = unfold(x, (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0)))
    assert u.shape == (1, 4, 4)
    assert u[0].tolist() == [[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]
    f = fold(u, (3, 3), (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0)))
    assert f.ravel().tolist() == [0, 2, 2, 6, 16, 10, 6, 14, 8]


def test_unfold_fold_stride2_derived():
    x = np.arange(1, 17, dtype=np.float32).reshape(1, 1, 4, 4)
    u = unfold(x, (2, 2), (2, 2), (1, 1), ((0, 0), (0, 0)))
    assert u.shape == (1, 1, 4, 4)
    assert u[0, 0].tolist() == [[1, 3, 9, 11], [2, 4, 10, 12], [5, 7, 13, 15], [6, 8, 14, 16]]
    assert np.array_equal(fold(u, (4, 4), (2, 2), (2, 2), (1, 1), ((0, 0), (0, 0))), x)


def test_unfold_fold_padding_derived():
    x = np.arange(1, 10, dtype=np.float64).reshape(3, 3)
    p = ((1, 0), (0, 1))
    u = unfold(x, (2, 2), (2, 2), (1, 1), p)
    assert u.shape == (4, 4)
    assert u.tolist() == [[0, 0, 4, 6], [0, 0, 5, 0], [1, 3, 7, 9], [2, 0, 8, 0]]
    assert np.array_equal(fold(u, (3, 3), (2, 2), (2, 2), (1, 1), p), x)


# ---------------------------------------------------------------- errors

def test_unfold_kernel_too_large():
    x = np.zeros((1, 3), np.float32)
    with pytest.raises(ValueError, match="^unfold: kernel size larger than padded input"):
        unfold(x, (4,), (1,), (1,), ((0, 0),))
    with pytest.raises(ValueError, match="^unfold: kernel size larger than padded input"):
        unfold(x, (2,), (1,), (3,), ((0, 0),))
    # padding makes it fit
    assert unfold(x, (4,), (1,), (1,), ((1, 0),)).shape == (1, 4, 1)


def test_fold_kernel_too_large():
    with pytest.raises(ValueError, match="^fold: kernel size larger than padded output"):
        fold(np.zeros((1, 4, 1), np.float32), (3,), (4,), (1,), (1,), ((0, 0),))


def test_fold_checks_L():
    with pytest.raises(ValueError, match="^fold"):
        fold(np.zeros((1, 2, 5), np.float32), (5,), (2,), (1,), (1,), ((0, 0),))
    with pytest.raises(ValueError, match="^fold"):
        fold(np.zeros((1, 3, 4), np.float32), (5,), (2,), (1,), (1,), ((0, 0),))


def test_bad_params():
    x = np.zeros((2, 5), np.float32)
    with pytest.raises(ValueError, match="^unfold"):
        unfold(x, (2,), (0,), (1,), ((0, 0),))
    with pytest.raises(ValueError, match="^unfold"):
        unfold(x, (2,), (1,), (1,), ((-1, 0),))
    with pytest.raises(ValueError, match="^unfold"):
        unfold(x, (2, 2), (1,), (1,), ((0, 0),))
    with pytest.raises(ValueError, match="^unfold"):
        unfold(np.zeros(5), (2, 2), (1, 1), (1, 1), ((0, 0), (0, 0)))


# ---------------------------------------------------------------- reference on random shapes

CASES = [
    # (shape, k, s, d, p)
    ((3, 7), (3,), (2,), (1,), ((1, 2),)),
    ((2, 2, 9), (2,), (3,), (2,), ((0, 1),)),
    ((11,), (4,), (1,), (3,), ((2, 2),)),
    ((2, 5, 6), (2, 3), (1, 2), (2, 1), ((1, 0), (2, 1))),
    ((1, 3, 4, 5), (3, 2), (2, 1), (1, 2), ((1, 1), (0, 2))),
    ((4, 4), (4, 4), (1, 1), (1, 1), ((0, 0), (0, 0))),
    ((2, 4, 5, 3), (2, 2, 2), (1, 2, 1), (1, 1, 2), ((0, 1), (1, 1), (1, 0))),
    ((1, 3, 3, 3), (3, 1, 2), (2, 1, 3), (1, 1, 1), ((1, 1), (0, 0), (2, 2))),
]


@pytest.mark.parametrize("shape,k,s,d,p", CASES)
def test_against_loop_reference(shape, k, s, d, p):
    rng = np.random.default_rng(abs(hash((shape, k))) % 2**32)
    x = rng.standard_normal(shape)
    u = unfold(x, k, s, d, p)
    ref = _ref_unfold(x, k, s, d, p)
    assert u.shape == ref.shape
    assert np.array_equal(u, ref)
    y = rng.standard_normal(u.shape)
    osz = shape[len(shape) - len(k) :]
    f = fold(y, osz, k, s, d, p)
    fr = _ref_fold(y, osz, k, s, d, p)
    assert f.shape == fr.shape
    np.testing.assert_allclose(f, fr, rtol=1e-12, atol=1e-12)
    # adjointness: <unfold(x), y> == <x, fold(y)>
    np.testing.assert_allclose(np.sum(u * y), np.sum(x * f), rtol=1e-10)


@pytest.mark.parametrize("shape,k,s,d,p", CASES[:5])
def test_noncontiguous_inputs(shape, k, s, d, p):
    rng = np.random.default_rng(7)
    base = rng.standard_normal(tuple(2 * n for n in shape))
    x = base[tuple(slice(None, None, -2) for _ in shape)]  # negative strides
    assert x.shape == shape
    x0 = x.copy()
    u = unfold(x, k, s, d, p)
    assert np.array_equal(u, _ref_unfold(x0, k, s, d, p))
    assert np.array_equal(x, x0)
    assert u.flags.c_contiguous
    # transposed y (non-contiguous) for fold
    yt = np.ascontiguousarray(np.swapaxes(u, -1, -2))
    y = np.swapaxes(yt, -1, -2)
    osz = shape[len(shape) - len(k) :]
    f = fold(y, osz, k, s, d, p)
    assert f.flags.c_contiguous
    np.testing.assert_allclose(f, _ref_fold(u, osz, k, s, d, p), rtol=1e-12, atol=1e-12)


def test_stride0_input():
    x = np.broadcast_to(np.arange(5.0), (3, 5))
    u = unfold(x, (2,), (1,), (1,), ((1, 1),))
    assert np.array_equal(u, _ref_unfold(np.ascontiguousarray(x), (2,), (1,), (1,), ((1, 1),)))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.complex64, np.bool_])
def test_dtype_preserved(dtype):
    x = (np.arange(12).reshape(2, 6) % 3).astype(dtype)
    u = unfold(x, (3,), (1,), (1,), ((1, 1),))
    assert u.dtype == dtype
    assert np.array_equal(u, _ref_unfold(x, (3,), (1,), (1,), ((1, 1),)))
    if dtype is not np.bool_:
        f = fold(u, (6,), (3,), (1,), (1,), ((1, 1),))
        assert f.dtype == dtype
        assert np.array_equal(f, _ref_fold(u, (6,), (3,), (1,), (1,), ((1, 1),)))


def test_empty_leading():
    x = np.zeros((0, 5), np.float32)
    u = unfold(x, (2,), (1,), (1,), ((0, 0),))
    assert u.shape == (0, 2, 4)
    assert fold(u, (5,), (2,), (1,), (1,), ((0, 0),)).shape == (0, 5)


def test_fold_does_not_mutate():
    y = np.ones((1, 2, 4), np.float32)
    y0 = y.copy()
    fold(y, (5,), (2,), (1,), (1,), ((0, 0),))
    assert np.array_equal(y, y0)


def test_unfold_result_is_fresh():
    x = np.arange(6.0).reshape(2, 3)
    u = unfold(x, (1,), (1,), (1,), ((0, 0),))
    assert u.shape == (2, 1, 3)
    assert not np.may_share_memory(u, x)
    u[...] = -1
    assert x[0, 0] == 0
