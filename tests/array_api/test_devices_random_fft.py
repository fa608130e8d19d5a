"""Devices in random, fft, sorting, sets, scatter/threefry and unfold/fold: results live
on the device of their inputs (or the one asked for) with the values of the cpu or of
NumPy, arrays on two devices in one call are a ValueError naming both, and a device
without float64 defaults to float32/complex64 and refuses float64."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import fft as F
from nx_array_api import random as R

RNG = np.random.default_rng(11)
D1, D2, F32 = "device1", "device2", "no_float64"


def on(a, device=D1, dtype=None):
    return xp.asarray(np.asarray(a), device=device, dtype=dtype)


def check(r, expected, device=D1):
    """``r`` lives on ``device`` and equals ``expected`` (an nx array on the cpu or NumPy's)."""
    assert r.device == xp.Device(device)
    e = np.asarray(expected)
    got = np.asarray(r)
    assert got.dtype == e.dtype
    np.testing.assert_allclose(got, e, rtol=1e-12, atol=1e-12)


def mixed(fn, *args, **kwargs):
    with pytest.raises(ValueError, match=r"'device1'.*'device2'|'device2'.*'device1'"):
        fn(*args, **kwargs)


# ------------------------------------------------------------------ random
SAMPLERS = {
    "split": lambda k: R.split(k, 3),
    "fold_in": lambda k: R.fold_in(k, 7),
    "bits": lambda k: R.bits(k, (4,), xp.uint64),
    "uniform": lambda k: R.uniform(k, (5,)),
    "uniform_bounds": lambda k: R.uniform(k, (5,), minval=-2.0, maxval=3.0),
    "normal": lambda k: R.normal(k, (2, 3)),
    "integers": lambda k: R.integers(k, -5, 9, (6,)),
    "permutation": lambda k: R.permutation(k, 8),
    "choice": lambda k: R.choice(k, 10, (4,), replace=False),
}


@pytest.mark.parametrize("name", sorted(SAMPLERS))
def test_random_draws_on_the_key_device_with_the_cpu_values(name):
    f = SAMPLERS[name]
    k1 = R.key(1234, device=D1)
    assert k1.device == xp.Device(D1)
    check(f(k1), f(R.key(1234)))


def test_random_key_device_as_device_object_and_default():
    assert R.key(5, device=xp.Device(D2)).device == xp.Device(D2)
    assert R.key(5).device == xp.Device("cpu")
    with xp.using_device(D1):
        assert R.key(5).device == xp.Device(D1)
    with pytest.raises(ValueError, match="key: "):
        R.key(5, device="nowhere")


def test_random_array_arguments_on_the_key_device():
    k = R.key(9, device=D1)
    x = RNG.standard_normal((5, 2))
    check(R.shuffle(k, on(x)), np.asarray(R.shuffle(R.key(9), xp.asarray(x))))
    check(R.permutation(k, on(x), axis=1), np.asarray(R.permutation(R.key(9), xp.asarray(x), axis=1)))
    check(R.choice(k, on(x), (3,)), np.asarray(R.choice(R.key(9), xp.asarray(x), (3,))))
    p = np.array([0.1, 0.2, 0.3, 0.4])
    for replace in (True, False):
        check(R.choice(k, 4, (2,), replace=replace, p=on(p)), R.choice(R.key(9), 4, (2,), replace=replace, p=xp.asarray(p)))
    lo, hi = np.array([0.0, 1.0, 2.0]), np.array([1.0, 5.0, 2.5])
    check(R.uniform(k, (3,), minval=on(lo), maxval=on(hi)), R.uniform(R.key(9), (3,), minval=xp.asarray(lo), maxval=xp.asarray(hi)))


def test_random_mixed_devices_raise():
    k = R.key(3, device=D1)
    x = on([1.0, 2.0, 3.0], D2)
    mixed(R.shuffle, k, x)
    mixed(R.permutation, k, x)
    mixed(R.choice, k, x)
    mixed(R.choice, k, 3, p=on([0.5, 0.25, 0.25], D2))
    mixed(R.uniform, k, (3,), minval=x)
    mixed(R.uniform, k, (3,), maxval=on([4.0, 5.0, 6.0], D2))


def test_random_no_float64_device():
    k = R.key(21, device=F32)
    for f in (R.uniform, R.normal):
        r = f(k, (4,))
        assert r.dtype == xp.float32 and r.device == xp.Device(F32)
        with pytest.raises(ValueError, match="float64"):
            f(k, (4,), dtype=xp.float64)
    # Explicit float32 gives the same numbers on every device.
    check(R.uniform(k, (4,)), R.uniform(R.key(21), (4,), dtype=xp.float32), F32)
    check(R.normal(k, (4,)), R.normal(R.key(21), (4,), dtype=xp.float32), F32)
    assert R.integers(k, 0, 5, (3,)).dtype == xp.int64


# --------------------------------------------------------------------- fft
def _c(*shape):
    return RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)


FFTS = [
    (F.fft, np.fft.fft, _c(8), {"n": 6}),
    (F.ifft, np.fft.ifft, _c(3, 5), {"norm": "ortho"}),
    (F.fftn, np.fft.fftn, _c(4, 3), {}),
    (F.ifftn, np.fft.ifftn, _c(4, 3), {"axes": (0,), "s": (6,)}),
    (F.rfft, np.fft.rfft, RNG.standard_normal(9), {}),
    (F.irfft, np.fft.irfft, _c(5), {"n": 9}),
    (F.rfftn, np.fft.rfftn, RNG.standard_normal((4, 6)), {"norm": "forward"}),
    (F.irfftn, np.fft.irfftn, _c(4, 4), {}),
    (F.hfft, np.fft.hfft, _c(5), {}),
    (F.ihfft, np.fft.ihfft, RNG.standard_normal(8), {}),
    (F.fftshift, np.fft.fftshift, RNG.standard_normal((3, 4)), {}),
    (F.ifftshift, np.fft.ifftshift, RNG.standard_normal(5), {}),
]


@pytest.mark.parametrize("f, ref, x, kw", FFTS, ids=[f.__name__ for f, *_ in FFTS])
def test_fft_on_device(f, ref, x, kw):
    check(f(on(x), **kw), ref(x, **kw))


@pytest.mark.parametrize("f, ref", [(F.fftfreq, np.fft.fftfreq), (F.rfftfreq, np.fft.rfftfreq)])
def test_fft_frequencies_on_device(f, ref):
    check(f(7, d=0.5, device=D1), ref(7, d=0.5))
    check(f(6, device=xp.Device(D2)), ref(6), D2)
    with xp.using_device(D1):
        assert f(4).device == xp.Device(D1)


@pytest.mark.parametrize("f, ref", [(F.fftfreq, np.fft.fftfreq), (F.rfftfreq, np.fft.rfftfreq)])
def test_fft_frequencies_no_float64(f, ref):
    r = f(10, d=0.1, device=F32)
    assert r.dtype == xp.float32 and r.device == xp.Device(F32)
    np.testing.assert_allclose(np.asarray(r), ref(10, d=0.1), rtol=1e-6)
    with pytest.raises(ValueError, match=f"{f.__name__}: .*no_float64.*float64"):
        f(10, dtype=xp.float64, device=F32)


def test_fft_no_float64_stays_single_precision():
    x = xp.asarray(RNG.standard_normal(8).tolist(), device=F32)
    assert x.dtype == xp.float32
    for r in (F.fft(x), F.rfft(x), F.ihfft(x)):
        assert r.dtype == xp.complex64 and r.device == xp.Device(F32)
    np.testing.assert_allclose(np.asarray(F.fft(x)), np.fft.fft(np.asarray(x)), rtol=1e-5, atol=1e-5)
    assert F.irfft(F.rfft(x)).dtype == xp.float32


# --------------------------------------------------- sorting and set functions
def test_sorting_on_device():
    x = RNG.integers(0, 5, (4, 6)).astype(np.float64)
    check(xp.sort(on(x), axis=0), np.sort(x, axis=0, kind="stable"))
    check(xp.argsort(on(x), descending=True), xp.argsort(xp.asarray(x), descending=True))


def test_set_functions_on_device():
    x = np.array([[3, 1, 3], [2, 1, 7]])
    values, index, inverse, counts = np.unique(x, return_index=True, return_inverse=True, return_counts=True)
    r = xp.unique_all(on(x))
    for got, e in zip(r, (values, index, inverse.reshape(x.shape), counts)):
        check(got, e)
    check(xp.unique_counts(on(x)).counts, counts)
    check(xp.unique_inverse(on(x)).inverse_indices, inverse.reshape(x.shape))
    check(xp.unique_values(on(x)), values)
    check(xp.isin(on(x), on([1, 7])), np.isin(x, [1, 7]))
    check(xp.isin(on(x), 3, invert=True), ~np.isin(x, 3))
    check(xp.isin(2, on(x)), np.isin(2, x))


def test_isin_mixed_devices_raise():
    mixed(xp.isin, on([1, 2]), on([2], D2))


# ------------------------------------------------------- scatter and threefry
def test_threefry_on_device():
    k, c = np.array([1, 2], dtype=np.uint32), np.array([[0, 1], [2, 3]], dtype=np.uint32)
    cpu = xp.threefry(xp.asarray(k), xp.asarray(c))
    check(xp.threefry(on(k), on(c)), cpu)
    mixed(xp.threefry, on(k), on(c, D2))


def test_scatter_on_device():
    x = np.zeros((3, 4))
    idx = np.array([[0, 2], [1, 1], [3, 0]])
    upd = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    e = x.copy()
    np.put_along_axis(e, idx, upd, axis=1)
    check(xp.scatter(on(x), on(idx), on(upd), axis=1), e)
    e = x.copy()
    np.put_along_axis(e, idx, 2.5, axis=1)
    check(xp.scatter(on(x), on(idx), 2.5, axis=1), e)
    mixed(xp.scatter, on(x), on(idx, D2), on(upd), axis=1)
    mixed(xp.scatter, on(x), on(idx), on(upd, D2), axis=1, mode="add")
    mixed(xp.scatter, on(x), on(idx, D2), 1.0, axis=1)


# ---------------------------------------------------------- unfold and fold
def test_unfold_fold_on_device():
    x = RNG.standard_normal((2, 5, 6))
    for pad in (0, 1):
        cols = xp.unfold(on(x), (2, 3), stride=(1, 2), padding=pad)
        check(cols, xp.unfold(xp.asarray(x), (2, 3), stride=(1, 2), padding=pad))
        back = xp.fold(cols, (5, 6), (2, 3), stride=(1, 2), padding=pad)
        check(back, xp.fold(xp.asarray(np.asarray(cols)), (5, 6), (2, 3), stride=(1, 2), padding=pad))
