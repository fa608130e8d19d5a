"""Statistical functions of nx_array_api, checked against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_testing import A, N



AXES = [None, 0, -1, (0, 2), (-1, 0, 1), ()]

RNG = np.random.default_rng(7)
F64 = RNG.standard_normal((2, 3, 4))


# --------------------------------------------------------------------- sum / prod
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("fn", ["sum", "prod"])
def test_sum_prod_values(fn, axis, keepdims):
    a = F64
    r = getattr(xp, fn)(A(a), axis=axis, keepdims=keepdims)
    e = getattr(np, fn)(a, axis=axis, keepdims=keepdims)
    assert r.dtype == xp.float64 and r.shape == np.shape(e)
    np.testing.assert_allclose(N(r), e, rtol=1e-12)


@pytest.mark.parametrize(
    "dtype, expected",
    [
        (np.int8, xp.int64),
        (np.int32, xp.int64),
        (np.int64, xp.int64),
        (np.uint8, xp.uint64),
        (np.uint32, xp.uint64),
        (np.uint64, xp.uint64),
        (np.float32, xp.float32),
        (np.complex64, xp.complex64),
    ],
)
@pytest.mark.parametrize("fn", ["sum", "prod"])
def test_sum_prod_default_dtype(fn, dtype, expected):
    a = np.array([[100, 27], [3, 2]], dtype=dtype)
    r = getattr(xp, fn)(A(a))
    assert r.dtype == expected
    e = getattr(np, fn)(a.astype(np.dtype(expected.name)))
    np.testing.assert_allclose(N(r), e)


def test_sum_no_wrap_in_small_ints():
    assert int(xp.sum(A(np.int8([100, 100, 100])))) == 300
    assert int(xp.prod(A(np.uint8([200, 200])))) == 40000


def test_sum_dtype_argument():
    a = np.array([1.5, 2.5, 3.0])
    r = xp.sum(A(a), dtype=xp.float32)
    assert r.dtype == xp.float32 and float(r) == 7.0
    r = xp.sum(A(np.int64([1, 2, 3])), dtype=xp.int8, axis=0)
    assert r.dtype == xp.int8 and int(r) == 6
    r = xp.prod(A(np.float32([2, 3])), dtype=xp.complex128)
    assert r.dtype == xp.complex128 and complex(r) == 6
    r = xp.sum(A(np.int8([127, 1])), dtype=xp.int8)
    assert int(r) == -128  # accumulates in the asked dtype and wraps


def test_sum_prod_empty():
    z = A(np.zeros((2, 0)))
    np.testing.assert_array_equal(N(xp.sum(z, axis=1)), [0.0, 0.0])
    np.testing.assert_array_equal(N(xp.prod(z, axis=1)), [1.0, 1.0])
    assert xp.sum(z, axis=0).shape == (0,)
    assert int(xp.sum(A(np.zeros((0,), dtype=np.int16)))) == 0
    assert xp.sum(A(np.zeros((0,), dtype=np.int16))).dtype == xp.int64


def test_sum_0d_and_strided():
    assert float(xp.sum(A(2.5))) == 2.5
    base = A(F64)
    xt = xp.permute_dims(base, (2, 0, 1))
    np.testing.assert_allclose(N(xp.sum(xt, axis=(1,))), F64.transpose(2, 0, 1).sum(axis=1))


def test_sum_prod_errors():
    with pytest.raises(TypeError, match="^sum"):
        xp.sum(A([True, False]))
    with pytest.raises(TypeError, match="^prod"):
        xp.prod(A([1, 2]), dtype=xp.bool)
    with pytest.raises(TypeError, match="^sum"):
        xp.sum(A([1, 2]), dtype="int8")
    with pytest.raises(TypeError, match="^sum"):
        xp.sum(A([1j]), dtype=xp.float64)
    with pytest.raises(IndexError):
        xp.sum(A([1, 2]), axis=2)
    with pytest.raises(ValueError, match="^prod"):
        xp.prod(A([[1, 2]]), axis=(0, -2))
    with pytest.raises(TypeError, match="^sum"):
        xp.sum(A([1, 2]), keepdims=1)


# ------------------------------------------------------------------------ max / min
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("fn", ["max", "min"])
@pytest.mark.parametrize("dtype", [np.int16, np.uint64, np.float32])
def test_max_min(fn, axis, keepdims, dtype):
    a = RNG.integers(0, 100, size=(2, 3, 4)).astype(dtype)
    r = getattr(xp, fn)(A(a), axis=axis, keepdims=keepdims)
    e = getattr(np, fn)(a, axis=axis, keepdims=keepdims)
    assert r.dtype == A(a).dtype and r.shape == np.shape(e)
    np.testing.assert_array_equal(N(r), e)


def test_max_min_nan_propagates():
    a = np.array([[1.0, np.nan], [3.0, 2.0]])
    np.testing.assert_array_equal(N(xp.max(A(a), axis=1)), [np.nan, 3.0])
    np.testing.assert_array_equal(N(xp.min(A(a), axis=0)), [1.0, np.nan])


def test_max_min_errors():
    with pytest.raises(ValueError, match="^max"):
        xp.max(A(np.zeros((0, 3))))
    with pytest.raises(ValueError, match="^min"):
        xp.min(A(np.zeros((3, 0))), axis=1)
    # reducing only the non-empty axis is fine
    assert xp.min(A(np.zeros((3, 0))), axis=0).shape == (0,)
    with pytest.raises(TypeError, match="^max"):
        xp.max(A([1j]))
    with pytest.raises(TypeError, match="^min"):
        xp.min(A([True]))


# --------------------------------------------------------------- mean / var / std
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("keepdims", [False, True])
def test_mean(axis, keepdims):
    r = xp.mean(A(F64), axis=axis, keepdims=keepdims)
    e = np.mean(F64, axis=axis, keepdims=keepdims)
    assert r.dtype == xp.float64 and r.shape == np.shape(e)
    np.testing.assert_allclose(N(r), e, rtol=1e-12)


def test_mean_dtypes_and_empty():
    r = xp.mean(A(np.float32([1, 2, 4])))
    assert r.dtype == xp.float32 and float(r) == pytest.approx(7 / 3)
    r = xp.mean(A(np.array([1 + 2j, 3 + 4j], dtype=np.complex64)))
    assert r.dtype == xp.complex64 and complex(r) == 2 + 3j
    r = xp.mean(A(np.zeros((0, 2))), axis=0)
    assert np.isnan(N(r)).all() and r.shape == (2,)
    r = N(xp.mean(A(np.zeros((0,), dtype=np.complex128))))
    assert np.isnan(r.real) and np.isnan(r.imag)
    assert np.isnan(float(xp.mean(A([1.0, np.nan]))))
    with pytest.raises(TypeError, match="^mean"):
        xp.mean(A([1, 2]))
    with pytest.raises(TypeError, match="^mean"):
        xp.mean(A([True]))


@pytest.mark.parametrize("fn", ["var", "std"])
@pytest.mark.parametrize("axis", AXES[:-1])
@pytest.mark.parametrize("correction", [0, 1, 0.5])
@pytest.mark.parametrize("keepdims", [False, True])
def test_var_std(fn, axis, correction, keepdims):
    r = getattr(xp, fn)(A(F64), axis=axis, correction=correction, keepdims=keepdims)
    e = getattr(np, fn)(F64, axis=axis, ddof=correction, keepdims=keepdims)
    assert r.dtype == xp.float64 and r.shape == np.shape(e)
    np.testing.assert_allclose(N(r), e, rtol=1e-12)


def test_var_std_float32_and_special_cases():
    a = np.float32([1, 2, 3, 4])
    r = xp.var(A(a))
    assert r.dtype == xp.float32 and float(r) == pytest.approx(1.25)
    assert xp.std(A(a), correction=1).dtype == xp.float32
    # M - correction <= 0 gives NaN
    assert np.isnan(float(xp.var(A([1.0, 2.0]), correction=2)))
    assert np.isnan(float(xp.std(A([1.0, 2.0]), correction=3.5)))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(N(xp.var(A(np.zeros((0, 2))), axis=0))).all()
    assert np.isnan(float(xp.std(A([1.0, np.nan, 2.0]))))
    assert float(xp.var(A([5.0]))) == 0.0
    assert float(xp.var(A(5.0))) == 0.0 and np.isnan(float(xp.std(A(np.nan))))  # 0-d


def test_var_std_errors():
    for fn in ("var", "std"):
        with pytest.raises(TypeError, match=f"^{fn}"):
            getattr(xp, fn)(A([1, 2]))
        with pytest.raises(TypeError, match=f"^{fn}"):
            getattr(xp, fn)(A([1j, 2j]))
        with pytest.raises(TypeError, match=f"^{fn}"):
            getattr(xp, fn)(A([1.0, 2.0]), correction="1")
        with pytest.raises(IndexError):
            getattr(xp, fn)(A([1.0, 2.0]), axis=-2)


# ------------------------------------------------------------------ cumulative_*
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("include_initial", [False, True])
@pytest.mark.parametrize("fn, npfn, ident", [("cumulative_sum", np.cumsum, 0), ("cumulative_prod", np.cumprod, 1)])
def test_cumulative(fn, npfn, ident, axis, include_initial):
    a = RNG.integers(-3, 4, size=(3, 4)).astype(np.int32)
    r = getattr(xp, fn)(A(a), axis=axis, include_initial=include_initial)
    e = npfn(a, axis=axis, dtype=np.int64)
    if include_initial:
        shape = list(a.shape)
        shape[axis] = 1
        e = np.concatenate([np.full(shape, ident, dtype=np.int64), e], axis=axis)
    assert r.dtype == xp.int64 and r.shape == e.shape
    np.testing.assert_array_equal(N(r), e)


def test_cumulative_dtypes_and_1d():
    r = xp.cumulative_sum(A(np.uint8([200, 100])))
    assert r.dtype == xp.uint64
    np.testing.assert_array_equal(N(r), [200, 300])
    r = xp.cumulative_prod(A(np.float32([1.5, 2, 3])), include_initial=True)
    assert r.dtype == xp.float32
    np.testing.assert_array_equal(N(r), [1, 1.5, 3, 9])
    r = xp.cumulative_sum(A(np.int64([1, 2])), dtype=xp.float64)
    assert r.dtype == xp.float64
    np.testing.assert_array_equal(N(r), [1.0, 3.0])
    r = xp.cumulative_sum(A(np.array([1 + 1j, 2j])))
    np.testing.assert_array_equal(N(r), [1 + 1j, 1 + 3j])


def test_cumulative_empty():
    r = xp.cumulative_sum(A(np.zeros((0,))), include_initial=True)
    np.testing.assert_array_equal(N(r), [0.0])
    r = xp.cumulative_prod(A(np.zeros((2, 0))), axis=1)
    assert r.shape == (2, 0)
    r = xp.cumulative_prod(A(np.zeros((2, 0))), axis=1, include_initial=True)
    np.testing.assert_array_equal(N(r), [[1.0], [1.0]])


def test_cumulative_errors():
    for fn in ("cumulative_sum", "cumulative_prod"):
        f = getattr(xp, fn)
        with pytest.raises(ValueError, match=f"^{fn}"):
            f(A([[1, 2], [3, 4]]))
        with pytest.raises(ValueError, match=f"^{fn}"):
            getattr(sx, fn)(sx.asarray(1.0))  # the drop-in takes a 0-d x as NumPy does: [x]
        with pytest.raises(ValueError, match=f"^{fn}"):
            f(A(1.0), axis=1)
        with pytest.raises(IndexError):
            f(A([1, 2]), axis=1)
        with pytest.raises(TypeError, match=f"^{fn}"):
            f(A([True]))
        with pytest.raises(TypeError, match=f"^{fn}"):
            f(A([1, 2]), include_initial=None)
