"""Unnormalised FFT kernels: contract vectors, DFT reference, dtypes and lengths."""

from __future__ import annotations

import numpy as np
import pytest

from nx_core.backend.kernels.fft import fft, ifft, irfft, rfft


def _dft_matrix(n, sign=-1):
    j = np.arange(n)
    return np.exp(sign * 2j * np.pi * np.outer(j, j) / n)


def _ref_dft(x, axes, sign=-1):
    r = np.asarray(x, dtype=np.complex128)
    for a in axes:
        m = _dft_matrix(r.shape[a], sign)
        r = np.moveaxis(np.tensordot(np.moveaxis(r, a, -1), m, axes=([-1], [0])), -1, a)
    return r


def _crand(rng, shape, dtype=np.complex128):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


TOL = {np.complex64: 1e-4, np.complex128: 1e-11, np.float32: 1e-4, np.float64: 1e-11}


# ---------------------------------------------------------------- contract vectors

@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_ones_and_delta(dtype):
    out = fft(np.array([1, 1, 1, 1], dtype=dtype), (0,))
    assert out.dtype == dtype
    np.testing.assert_allclose(out, [4, 0, 0, 0], atol=1e-6)
    out = fft(np.array([1, 0, 0, 0], dtype=dtype), (0,))
    np.testing.assert_allclose(out, [1, 1, 1, 1], atol=1e-6)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_ifft_fft_is_n_times(dtype):
    rng = np.random.default_rng(0)
    x = _crand(rng, (7,), dtype)
    r = ifft(fft(x, (0,)), (0,))
    assert r.dtype == dtype
    np.testing.assert_allclose(r, 7 * x, rtol=TOL[dtype], atol=TOL[dtype] * 10)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_2d_round_trip(dtype):
    rng = np.random.default_rng(1)
    x = _crand(rng, (3, 4), dtype)
    r = ifft(fft(x, (0, 1)), (0, 1))
    np.testing.assert_allclose(r, 12 * x, rtol=TOL[dtype], atol=TOL[dtype] * 10)


def test_parseval():
    rng = np.random.default_rng(2)
    x = _crand(rng, (5, 16))
    X = fft(x, (1,))
    np.testing.assert_allclose(np.sum(np.abs(X) ** 2, axis=1), 16 * np.sum(np.abs(x) ** 2, axis=1), rtol=1e-12)
    X = fft(x, (0, 1))
    np.testing.assert_allclose(np.sum(np.abs(X) ** 2), 80 * np.sum(np.abs(x) ** 2), rtol=1e-12)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_strided_axis(dtype):
    rng = np.random.default_rng(3)
    inter = _crand(rng, (17, 2), dtype)
    x = inter[:, 0]                      # every 2nd complex number
    assert not x.flags.c_contiguous
    out = fft(x, (0,))
    np.testing.assert_allclose(out, _ref_dft(x, (0,)), rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)
    assert np.array_equal(inter[:, 0], x)


def test_irfft_truncation():
    out = irfft(np.ones(9, dtype=np.complex128), (0,), s=[8])
    assert out.dtype == np.float64 and out.shape == (8,)
    np.testing.assert_allclose(out, [8, 0, 0, 0, 0, 0, 0, 0], atol=1e-12)


@pytest.mark.parametrize("dtype,rdt", [(np.complex64, np.float32), (np.complex128, np.float64)])
def test_irfft_zero_padding(dtype, rdt):
    out = irfft(np.ones(3, dtype=dtype), (0,), s=[8])
    assert out.dtype == rdt
    r2 = np.sqrt(2)
    np.testing.assert_allclose(out, [5, 1 + r2, -1, 1 - r2, 1, 1 - r2, -1, 1 + r2], rtol=TOL[dtype], atol=TOL[dtype])


# ---------------------------------------------------------------- behaviour

@pytest.mark.parametrize("axes", [(0,), (1,), (2,), (0, 2), (2, 0), (-1, -2), (0, 1, 2)])
def test_fft_ifft_against_dft(axes):
    rng = np.random.default_rng(4)
    base = _crand(rng, (6, 10, 8))
    x = base[::-2, ::2, ::-1]            # negative strides, shape (3, 5, 8)
    x0 = x.copy()
    out = fft(x, axes)
    assert out.flags.c_contiguous and out.shape == x.shape
    np.testing.assert_allclose(out, _ref_dft(x, [a % 3 for a in axes]), atol=1e-10)
    out = ifft(x, axes)
    np.testing.assert_allclose(out, _ref_dft(x, [a % 3 for a in axes], sign=+1), atol=1e-10)
    assert np.array_equal(x, x0)


def test_fft_stride0():
    x = np.broadcast_to(np.arange(4, dtype=np.complex128), (3, 4))
    np.testing.assert_allclose(fft(x, (1,)), _ref_dft(np.ascontiguousarray(x), (1,)), atol=1e-12)
    np.testing.assert_allclose(fft(x, (0,)), _ref_dft(np.ascontiguousarray(x), (0,)), atol=1e-12)


def test_fft_real_input_promotes():
    assert fft(np.ones(4, np.float32), (0,)).dtype == np.complex64
    assert fft(np.ones(4, np.float64), (0,)).dtype == np.complex128


def test_fft_empty_axes_and_empty_arrays():
    x = np.arange(6, dtype=np.complex64).reshape(2, 3)
    r = fft(x, ())
    assert np.array_equal(r, x) and r is not x
    assert fft(np.zeros((0, 4), np.complex128), (0,)).shape == (0, 4)
    assert ifft(np.zeros((2, 0), np.complex128), (1,)).shape == (2, 0)


@pytest.mark.parametrize("dtype,cdt", [(np.float32, np.complex64), (np.float64, np.complex128)])
@pytest.mark.parametrize("n", [1, 7, 8])
def test_rfft(dtype, cdt, n):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((3, n)).astype(dtype)
    out = rfft(x, (1,))
    assert out.dtype == cdt and out.shape == (3, n // 2 + 1)
    np.testing.assert_allclose(out, _ref_dft(x, (1,))[:, : n // 2 + 1], rtol=TOL[dtype], atol=TOL[dtype] * 10)


def test_rfft_multi_axis_last_listed_is_halved():
    rng = np.random.default_rng(6)
    x = rng.standard_normal((4, 6, 5))[:, ::-1]
    out = rfft(x, (2, 0))
    assert out.shape == (3, 6, 5)
    ref = _ref_dft(x, (2, 0))[:3]
    np.testing.assert_allclose(out, ref, atol=1e-10)
    out = rfft(x, (0, 2))
    assert out.shape == (4, 6, 3)
    np.testing.assert_allclose(out, _ref_dft(x, (0, 2))[:, :, :3], atol=1e-10)


def test_rfft_rejects_complex():
    with pytest.raises(ValueError, match="^rfft"):
        rfft(np.ones(4, np.complex64), (0,))
    with pytest.raises(ValueError, match="^rfft"):
        rfft(np.ones(4), ())


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 2, 7, 8])
def test_irfft_rfft_round_trip(dtype, n):
    rng = np.random.default_rng(7)
    x = rng.standard_normal((2, n)).astype(dtype)
    r = irfft(rfft(x, (1,)), (1,), s=[n])
    assert r.dtype == dtype and r.shape == (2, n)
    np.testing.assert_allclose(r, n * x, rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10)


def test_irfft_default_length():
    x = np.random.default_rng(8).standard_normal(10)
    r = irfft(rfft(x, (0,)), (0,))
    assert r.shape == (10,)
    np.testing.assert_allclose(r, 10 * x, atol=1e-10)


@pytest.mark.parametrize("n", [6, 7])
def test_irfft_ignores_imag_of_dc_and_nyquist(n):
    rng = np.random.default_rng(9)
    X = rfft(rng.standard_normal(n), (0,))
    Y = X.copy()
    Y[0] += 3j
    if n % 2 == 0:
        Y[n // 2] += 5j
    np.testing.assert_allclose(irfft(Y, (0,), s=[n]), irfft(X, (0,), s=[n]), atol=1e-12)


def test_irfft_matches_hermitian_reference():
    # irfft(X)[t] = sum over the Hermitian extension of the first n//2+1 bins
    rng = np.random.default_rng(10)
    for n, m in [(8, 3), (8, 9), (7, 4), (5, 2)]:
        X = _crand(rng, (m,))
        k = n // 2 + 1
        Xk = np.zeros(k, np.complex128)
        Xk[: min(k, m)] = X[: min(k, m)]
        Xk[0] = Xk[0].real
        if n % 2 == 0:
            Xk[-1] = Xk[-1].real
        full = np.concatenate([Xk, np.conj(Xk[1 : (n + 1) // 2][::-1])])
        ref = _ref_dft(full, (0,), sign=+1).real
        np.testing.assert_allclose(irfft(X, (0,), s=[n]), ref, atol=1e-10)


def test_irfft_multi_axis_and_other_s():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((4, 6))
    X = rfft(x, (0, 1))
    assert X.shape == (4, 4)
    r = irfft(X, (0, 1), s=[4, 6])
    np.testing.assert_allclose(r, 24 * x, atol=1e-10)
    r = irfft(X, (0, 1), s=[None, 6])
    np.testing.assert_allclose(r, 24 * x, atol=1e-10)
    # other-axis entry honoured: truncate to 3 rows / zero-pad to 5 rows before the inverse
    for rows in (3, 5):
        r = irfft(X, (0, 1), s=[rows, 6])
        assert r.shape == (rows, 6)
        Xs = np.zeros((rows, 4), np.complex128)
        Xs[: min(rows, 4)] = X[: min(rows, 4)]
        ref = irfft(ifft(Xs, (0,)), (1,), s=[6])
        np.testing.assert_allclose(r, ref, atol=1e-10)


def test_irfft_complex64_preserved_and_strided():
    rng = np.random.default_rng(12)
    X = _crand(rng, (5, 10), np.complex64)[:, ::2]
    r = irfft(X, (1,), s=[8])
    assert r.dtype == np.float32 and r.shape == (5, 8) and r.flags.c_contiguous
    np.testing.assert_allclose(r, irfft(X.astype(np.complex128), (1,), s=[8]), rtol=1e-4, atol=1e-4)


def test_irfft_errors():
    with pytest.raises(ValueError, match="^irfft"):
        irfft(np.ones(4, np.complex128), (0,), s=[4, 4])
    with pytest.raises(ValueError, match="^irfft"):
        irfft(np.ones(4, np.complex128), ())
    with pytest.raises(ValueError, match="^fft"):
        fft(np.ones(4, np.complex128), (1,))
    with pytest.raises(ValueError, match="^fft"):
        fft(np.ones((4, 4), np.complex128), (0, -2))
