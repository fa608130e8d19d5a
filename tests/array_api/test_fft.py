"""The fft extension against numpy.fft: values for every norm mode, n/s trimming and
padding, dtypes (single precision stays single), frequencies, shifts and errors."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import fft as F
from nx_testing import A, N

RNG = np.random.default_rng(7)
NORMS = ["backward", "ortho", "forward"]


def crand(*shape, dtype=np.complex128):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def rrand(*shape, dtype=np.float64):
    return RNG.standard_normal(shape).astype(dtype)


def close(x, expected, single=False):
    e = np.asarray(expected)
    r = N(x)
    assert r.shape == e.shape, (r.shape, e.shape)
    tol = 1e-4 if single else 1e-10
    np.testing.assert_allclose(r, e, rtol=tol, atol=tol)


# ----------------------------------------------------------- 1-D transforms
@pytest.mark.parametrize("name", ["fft", "ifft"])
@pytest.mark.parametrize("n", [None, 1, 4, 6, 11])
@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("axis", [0, -1])
def test_c2c(name, n, norm, axis):
    z = crand(6, 5)
    r = getattr(F, name)(A(z), n=n, axis=axis, norm=norm)
    assert r.dtype == xp.complex128
    close(r, getattr(np.fft, name)(z, n=n, axis=axis, norm=norm))


def test_roundtrip_and_single_precision():
    z = crand(4, 8, dtype=np.complex64)
    f = F.fft(A(z))
    assert f.dtype == xp.complex64
    close(F.ifft(f), z, single=True)
    for norm in NORMS:
        close(F.ifft(F.fft(A(z), norm=norm), norm=norm), z, single=True)


def test_real_input_is_cast_to_complex():
    r = rrand(8, dtype=np.float32)
    f = F.fft(A(r))
    assert f.dtype == xp.complex64
    close(f, np.fft.fft(r), single=True)
    assert F.ifftn(A(rrand(2, 3))).dtype == xp.complex128


# rfft and ihfft take real input to complex, their inverses irfft and hfft complex to real
@pytest.mark.parametrize("from_real, to_real", [("rfft", "irfft"), ("ihfft", "hfft")])
@pytest.mark.parametrize("n", [None, 2, 3, 7, 8, 9, 10, 13])
@pytest.mark.parametrize("norm", NORMS)
def test_real_and_hermitian(from_real, to_real, n, norm):
    r, z = rrand(3, 8), crand(3, 5)
    f = getattr(F, from_real)(A(r), n=n, norm=norm)
    assert f.dtype == xp.complex128
    close(f, getattr(np.fft, from_real)(r, n=n, norm=norm))
    i = getattr(F, to_real)(A(z), n=n, norm=norm)
    assert i.dtype == xp.float64
    close(i, getattr(np.fft, to_real)(z, n=n, norm=norm))
    assert getattr(F, from_real)(A(r.astype(np.float32)), n=n).dtype == xp.complex64
    assert getattr(F, to_real)(A(z.astype(np.complex64)), n=n).dtype == xp.float32


def test_irfft_inverts_rfft_odd_length():
    r = rrand(2, 7, dtype=np.float32)
    f = F.rfft(A(r), axis=1)
    assert f.dtype == xp.complex64
    back = F.irfft(f, n=7, axis=1)
    assert back.dtype == xp.float32
    close(back, r, single=True)


# ----------------------------------------------------------- n-D transforms
@pytest.mark.parametrize(
    "s, axes",
    [(None, None), (None, [1]), ([2, 6], [2, 0]), ([3, 3, 3], [0, 1, 2]), ([-1, 7], [0, 2]), (None, [])],
)
@pytest.mark.parametrize("norm", NORMS)
def test_fftn_ifftn(s, axes, norm):
    z = crand(3, 4, 5)
    expected_s = None if s is None else [z.shape[a] if v == -1 else v for v, a in zip(s, axes)]
    for name in ("fftn", "ifftn"):
        r = getattr(F, name)(A(z), s=s, axes=axes, norm=norm)
        if axes == []:
            close(r, z)
        else:
            close(r, getattr(np.fft, name)(z, s=expected_s, axes=axes, norm=norm))


@pytest.mark.parametrize("s, axes", [(None, None), (None, [0, 2]), ([2, 6], [2, 0]), ([4, 4, 9], [0, 1, 2])])
@pytest.mark.parametrize("norm", NORMS)
def test_rfftn_irfftn(s, axes, norm):
    r = rrand(3, 4, 6)
    close(F.rfftn(A(r), s=s, axes=axes, norm=norm), np.fft.rfftn(r, s=s, axes=axes, norm=norm))
    z = crand(3, 4, 5)
    close(F.irfftn(A(z), s=s, axes=axes, norm=norm), np.fft.irfftn(z, s=s, axes=axes, norm=norm))


def test_irfftn_inverts_rfftn():
    r = rrand(4, 5, 7)
    back = F.irfftn(F.rfftn(A(r)), s=[4, 5, 7], axes=[0, 1, 2])
    close(back, r)


def test_empty_batch_with_padding():
    z = np.zeros((0, 4), np.complex128)
    r = F.fft(A(z), n=6)
    assert r.shape == (0, 6)
    assert F.fftn(A(z), s=[3], axes=[1]).shape == (0, 3)


# ---------------------------------------------------------------- errors
def test_errors():
    z = A(crand(4))
    with pytest.raises(ValueError, match="^fft:"):
        F.fft(z, norm="none")
    with pytest.raises(ValueError, match="^fft:"):
        F.fft(z, n=0)
    with pytest.raises(TypeError, match="^fft:"):
        F.fft(z, n=2.5)
    with pytest.raises(IndexError):
        F.fft(z, axis=1)
    with pytest.raises(TypeError, match="^fft:"):
        F.fft(A(np.arange(4)))
    with pytest.raises(TypeError, match="^rfft:"):
        F.rfft(z)
    with pytest.raises(TypeError, match="^ihfft:"):
        F.ihfft(z)
    with pytest.raises(ValueError, match="^irfft:"):
        F.irfft(A(crand(1)))  # default n = 2*(1-1) = 0
    with pytest.raises(ValueError, match="^fftn:"):
        F.fftn(A(crand(2, 3)), s=[2, 3])  # s without axes
    with pytest.raises(ValueError, match="^fftn:"):
        F.fftn(A(crand(2, 3)), s=[2], axes=[0, 1])
    with pytest.raises(ValueError, match="^fftn:"):
        F.fftn(A(crand(2, 3)), axes=[0, 0])
    with pytest.raises(TypeError):
        F.fft([1.0, 2.0])


# ------------------------------------------------------------ frequencies
@pytest.mark.parametrize("n", [1, 2, 5, 8, 11])
@pytest.mark.parametrize("d", [1.0, 0.25, 3])
def test_fftfreq_rfftfreq(n, d):
    f = F.fftfreq(n, d=d)
    assert f.dtype == xp.float64
    np.testing.assert_array_equal(N(f), np.fft.fftfreq(n, d))
    rf = F.rfftfreq(n, d=d)
    np.testing.assert_array_equal(N(rf), np.fft.rfftfreq(n, d))
    f32 = F.fftfreq(n, d=d, dtype=xp.float32)
    assert f32.dtype == xp.float32
    np.testing.assert_allclose(N(f32), np.fft.fftfreq(n, d), rtol=1e-6)
    assert F.rfftfreq(n, dtype=xp.float32, device=xp.asarray(0.0).device).dtype == xp.float32


def test_fftfreq_errors():
    with pytest.raises(ValueError, match="^fftfreq:"):
        F.fftfreq(0)
    with pytest.raises(TypeError, match="^fftfreq:"):
        F.fftfreq(4, dtype=xp.int64)
    with pytest.raises(ValueError, match="^rfftfreq:"):
        F.rfftfreq(4, d=0.0)
    with pytest.raises(ValueError, match="^rfftfreq:"):
        F.rfftfreq(4, device="gpu")


# ------------------------------------------------------------------ shifts
@pytest.mark.parametrize("axes", [None, 0, 1, (1,), (0, 1), (-1, 0)])
@pytest.mark.parametrize("shape", [(4, 6), (5, 7), (1, 3)])
def test_shifts(axes, shape):
    a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    s = F.fftshift(A(a), axes=axes)
    np.testing.assert_array_equal(N(s), np.fft.fftshift(a, axes=axes))
    i = F.ifftshift(A(a), axes=axes)
    np.testing.assert_array_equal(N(i), np.fft.ifftshift(a, axes=axes))
    np.testing.assert_array_equal(N(F.ifftshift(s, axes=axes)), a)


def test_shift_returns_a_new_array():
    x = A(np.array([[1.0]]))
    s = F.fftshift(x)
    assert not np.shares_memory(N(s), N(x))
    assert F.fftshift(A(np.zeros((0, 3)))).shape == (0, 3)
    with pytest.raises(IndexError):
        F.fftshift(x, axes=2)


def test_exports():
    assert sorted(F.__all__) == sorted(
        ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
         "fftfreq", "rfftfreq", "fftshift", "ifftshift"]
    )
    assert xp.fft is F
