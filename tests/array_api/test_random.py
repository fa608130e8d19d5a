"""nx_array_api.random: the documented derivation (rebuilt in pure Python/NumPy),
determinism, shapes and dtypes, bounds, statistical soundness and errors."""

from __future__ import annotations

import math

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import random as R
from nx_testing import N
from threefry_reference import M
from threefry_reference import threefry_ref as tf


def ref_bits(key, n, width=32):
    out = []
    for i in range(n):
        y0, y1 = tf(key[0], key[1], i >> 32, i & M)
        out.append(y0 ^ y1 if width == 32 else (y0 << 32) | y1)
    return np.array(out, dtype=np.uint32 if width == 32 else np.uint64)


KEY = R.key(1234)


# --------------------------------------------------------- the derivation
def test_key_words():
    assert N(R.key(0)).tolist() == [0, 0]
    assert N(R.key(42)).tolist() == [0, 42]
    assert N(R.key(2**40 + 5)).tolist() == [256, 5]
    assert N(R.key(2**64 - 1)).tolist() == [M, M]
    assert N(R.key(-1)).tolist() == [M, M]
    assert N(R.key(-(2**63))).tolist() == [0x80000000, 0]
    k = R.key(7)
    assert k.dtype == xp.uint32 and k.shape == (2,)
    assert N(R.key(np.int64(9))).tolist() == [0, 9]


def test_split_and_fold_in_follow_the_docstring():
    k = [0, 1234]
    s = N(R.split(KEY, 3))
    assert s.shape == (3, 2) and s.dtype == np.uint32
    for i in range(3):
        assert tuple(s[i]) == tf(*k, 0x80000000, i)
    assert tuple(N(R.fold_in(KEY, 5))) == tf(*k, 0x40000000, 5)
    assert tuple(N(R.fold_in(KEY, -1))) == tf(*k, 0x40000000, M)
    assert R.split(KEY).shape == (2, 2)
    assert R.split(KEY, 0).shape == (0, 2)


def test_bits_follow_the_docstring():
    k = [0, 1234]
    b = R.bits(KEY, (3, 5))
    assert b.dtype == xp.uint32 and b.shape == (3, 5)
    assert np.array_equal(N(b).ravel(), ref_bits(k, 15))
    b64 = R.bits(KEY, 7, dtype=xp.uint64)
    assert b64.dtype == xp.uint64 and b64.shape == (7,)
    assert np.array_equal(N(b64), ref_bits(k, 7, 64))
    assert R.bits(KEY).shape == ()
    assert R.bits(KEY, (0, 3)).shape == (0, 3)


def test_uniform_follows_the_docstring():
    k = [0, 1234]
    u32 = N(R.uniform(KEY, (6,), xp.float32))
    ref32 = ((ref_bits(k, 6) >> 9) | np.uint32(0x3F800000)).view(np.float32) - np.float32(1)
    assert u32.dtype == np.float32 and np.array_equal(u32, ref32)
    u64 = N(R.uniform(KEY, (6,)))
    ref64 = ((ref_bits(k, 6, 64) >> np.uint64(12)) | np.uint64(0x3FF0000000000000)).view(np.float64) - 1.0
    assert u64.dtype == np.float64 and np.array_equal(u64, ref64)


def test_integers_follow_the_docstring():
    b = ref_bits([0, 1234], 10, 64)
    r = N(R.integers(KEY, -5, 12, (10,)))
    assert r.dtype == np.int64
    assert r.tolist() == [int(v) % 17 - 5 for v in b]
    full = N(R.integers(KEY, 0, 2**64, (10,), dtype=xp.uint64))
    assert np.array_equal(full, b)


def test_permutation_follows_the_docstring():
    b = ref_bits([0, 1234], 20, 64)
    assert N(R.permutation(KEY, 20)).tolist() == np.argsort(b, kind="stable").tolist()


# ------------------------------------------------------------ determinism
@pytest.mark.parametrize(
    "f",
    [
        lambda k: R.bits(k, (4, 4)),
        lambda k: R.uniform(k, (100,)),
        lambda k: R.normal(k, (100,), xp.float32),
        lambda k: R.integers(k, 0, 10, (50,)),
        lambda k: R.permutation(k, 30),
        lambda k: R.choice(k, 10, (5,), replace=False),
        lambda k: R.choice(k, 4, (20,), p=xp.asarray([0.1, 0.2, 0.3, 0.4])),
        lambda k: R.shuffle(k, xp.reshape(xp.arange(12), (4, 3))),
    ],
)
def test_same_key_same_numbers_other_key_other_numbers(f):
    a, b = N(f(R.key(99))), N(f(R.key(99)))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, N(f(R.key(100))))


def test_prefix_consistency_of_bits():
    # element i only depends on (key, i): a bigger request extends a smaller one
    assert np.array_equal(N(R.bits(KEY, (10,))), N(R.bits(KEY, (25,)))[:10])


# -------------------------------------------------------- shapes and dtypes
@pytest.mark.parametrize("dtype", [None, xp.float32, xp.float64])
@pytest.mark.parametrize("shape", [(), 3, (2, 3), (0,), [4, 1]])
def test_float_shapes_dtypes(shape, dtype):
    exp_shape = (shape,) if isinstance(shape, int) else tuple(shape)
    for f in (R.uniform, R.normal):
        r = f(KEY, shape, dtype)
        assert r.shape == exp_shape
        assert r.dtype == (dtype or xp.float64)


@pytest.mark.parametrize("dtype", [xp.int8, xp.uint8, xp.int16, xp.uint16, xp.int32, xp.uint32, xp.int64, xp.uint64])
def test_integers_dtypes_and_full_ranges(dtype):
    info = np.iinfo(np.dtype(dtype.name))
    r = N(R.integers(KEY, int(info.min), int(info.max) + 1, (4000,), dtype))
    assert r.dtype == np.dtype(dtype.name)
    assert r.min() >= info.min and r.max() <= info.max
    if info.bits <= 8:
        assert r.min() == info.min and r.max() == info.max  # every value is reachable
    r = N(R.integers(KEY, 3, 7, (1000,), dtype))
    assert set(r.tolist()) == {3, 4, 5, 6}


# ------------------------------------------------------------------ bounds
def test_uniform_bounds_and_never_maxval():
    u = N(R.uniform(KEY, (100000,), xp.float32))
    assert u.min() >= 0.0 and u.max() < 1.0
    v = N(R.uniform(KEY, (100000,), xp.float64, -3.0, 5.5))
    assert v.min() >= -3.0 and v.max() < 5.5
    # a narrow float32 interval where u*(max-min)+min would round to maxval
    w = N(R.uniform(KEY, (100000,), xp.float32, 1.0, float(np.nextafter(np.float32(1), np.float32(2)) + 0)))
    assert w.max() < np.nextafter(np.float32(1), np.float32(2)) and w.min() >= 1.0
    hi = np.float32(16777216.0)  # ulp(hi) = 2: values round up to hi often
    z = N(R.uniform(KEY, (10000,), xp.float32, 16777214.0, float(hi)))
    assert z.max() < hi and z.min() >= 16777214.0


def test_uniform_array_bounds():
    lo = xp.asarray([0.0, 10.0, -5.0])
    hi = xp.asarray([1.0, 20.0, -4.0])
    r = N(R.uniform(KEY, (1000, 3), xp.float64, lo, hi))
    assert (r >= N(lo)).all() and (r < N(hi)).all()


# ------------------------------------------------------------- soundness
def test_uniform_moments_and_chi_square():
    for dt in (xp.float32, xp.float64):
        u = N(R.uniform(R.key(2024), (100000,), dt)).astype(np.float64)
        assert abs(u.mean() - 0.5) < 0.005  # sd of the mean ~ 0.0009
        assert abs(u.var() - 1 / 12) < 0.002
        counts = np.bincount((u * 16).astype(int), minlength=16)
        chi2 = ((counts - 100000 / 16) ** 2 / (100000 / 16)).sum()
        assert chi2 < 44.26  # chi2.isf(1e-4, 15): p > 1e-4


def test_bits_chi_square_per_byte():
    b = N(R.bits(R.key(5), (40000,)))
    for shift in (0, 8, 16, 24):
        counts = np.bincount((b >> shift) & 0xFF, minlength=256)
        chi2 = ((counts - 40000 / 256) ** 2 / (40000 / 256)).sum()
        assert chi2 < 347.65  # chi2.isf(1e-4, 255)


@pytest.mark.parametrize("dt", [xp.float32, xp.float64])
def test_normal_moments(dt):
    z = N(R.normal(R.key(31), (100000,), dt)).astype(np.float64)
    assert abs(z.mean()) < 0.02  # sd of the mean ~ 0.003
    assert abs(z.var() - 1) < 0.03
    assert abs((z**3).mean()) < 0.06
    assert abs((z**4).mean() - 3) < 0.15
    assert np.isfinite(z).all()
    # fraction within one sigma
    assert abs(np.mean(np.abs(z) < 1) - 0.6827) < 0.01


def test_integers_uniformity_chi_square():
    r = N(R.integers(R.key(8), 0, 10, (100000,)))
    counts = np.bincount(r, minlength=10)
    chi2 = ((counts - 10000) ** 2 / 10000).sum()
    assert chi2 < 33.72  # chi2.isf(1e-4, 9)
    r = N(R.integers(R.key(8), -(2**62), 2**62, (100000,)))
    assert abs(r.astype(np.float64).mean()) < 0.02 * 2**62


def test_split_keys_independent():
    k1, k2 = R.split(R.key(77))
    a = N(R.uniform(k1, (100000,)))
    b = N(R.uniform(k2, (100000,)))
    assert abs(np.corrcoef(a, b)[0, 1]) < 0.015  # sd ~ 0.003
    c = N(R.uniform(R.fold_in(R.key(77), 0), (100000,)))
    assert abs(np.corrcoef(a, c)[0, 1]) < 0.015
    d = N(R.uniform(R.key(77), (100000,)))
    assert abs(np.corrcoef(a, d)[0, 1]) < 0.015
    # and the split keys differ from one another and from the parent
    ks = N(R.split(R.key(77), 1000))
    assert len({tuple(r) for r in ks.tolist()}) == 1000


def test_lag_one_autocorrelation():
    u = N(R.uniform(R.key(3), (100000,)))
    assert abs(np.corrcoef(u[:-1], u[1:])[0, 1]) < 0.015


# ----------------------------------------------- permutation / shuffle / choice
def test_permutation_is_a_permutation_and_uniform():
    p = N(R.permutation(KEY, 50))
    assert p.dtype == np.int64 and sorted(p.tolist()) == list(range(50))
    assert R.permutation(KEY, 0).shape == (0,)
    # position of element 0 over many keys is uniform over 5 places
    pos = [N(R.permutation(R.key(s), 5)).tolist().index(0) for s in range(2000)]
    counts = np.bincount(pos, minlength=5)
    assert ((counts - 400) ** 2 / 400).sum() < 23.5  # chi2.isf(1e-4, 4)


def test_permutation_and_shuffle_of_arrays():
    x = xp.reshape(xp.arange(12), (4, 3))
    p = N(R.permutation(KEY, x))
    assert p.shape == (4, 3)
    assert sorted(map(tuple, p.tolist())) == sorted(map(tuple, N(x).tolist()))
    s = R.shuffle(KEY, x, axis=1)
    perm = N(R.permutation(KEY, 3))
    assert np.array_equal(N(s), N(x)[:, perm])
    assert not np.shares_memory(N(s), N(x))
    assert np.array_equal(N(R.shuffle(KEY, x)), N(x)[N(R.permutation(KEY, 4))])


def test_choice_without_p():
    c = N(R.choice(KEY, 10, (3, 4)))
    assert c.shape == (3, 4) and c.min() >= 0 and c.max() < 10
    d = N(R.choice(KEY, 10, (10,), replace=False))
    assert sorted(d.tolist()) == list(range(10))
    a = xp.asarray([[1, 2], [3, 4], [5, 6]])
    e = N(R.choice(KEY, a, (2,), replace=False))
    assert e.shape == (2, 2) and len({tuple(r) for r in e.tolist()}) == 2
    f = N(R.choice(KEY, a, (5,), axis=1))
    assert f.shape == (3, 5)
    assert R.choice(KEY, 3, (0,)).shape == (0,)
    assert R.choice(KEY, 0, (0,)).shape == (0,)


def test_choice_with_p_frequencies():
    p = np.array([0.1, 0.0, 0.6, 0.3])
    c = N(R.choice(R.key(11), 4, (100000,), p=xp.asarray(p)))
    counts = np.bincount(c, minlength=4)
    assert counts[1] == 0
    exp = p * 100000
    chi2 = sum((counts[i] - exp[i]) ** 2 / exp[i] for i in (0, 2, 3))
    assert chi2 < 18.43  # chi2.isf(1e-4, 2)
    c32 = N(R.choice(R.key(11), 4, (1000,), p=xp.asarray(p.astype(np.float32))))
    assert set(c32.tolist()) <= {0, 2, 3}


def test_choice_with_p_without_replacement():
    p = xp.asarray([0.5, 0.0, 0.25, 0.25])
    firsts = []
    for s in range(3000):
        c = N(R.choice(R.key(s), 4, (3,), replace=False, p=p)).tolist()
        assert sorted(c) == [0, 2, 3]
        firsts.append(c[0])
    counts = np.bincount(firsts, minlength=4)
    assert abs(counts[0] / 3000 - 0.5) < 0.05 and counts[1] == 0
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 4, (4,), replace=False, p=p)


# ------------------------------------------------------------------ errors
def test_bad_keys():
    for f in (lambda k: R.bits(k, 3), lambda k: R.uniform(k), lambda k: R.split(k), lambda k: R.fold_in(k, 1),
              lambda k: R.normal(k), lambda k: R.integers(k, 0, 3), lambda k: R.permutation(k, 3)):
        with pytest.raises(TypeError):
            f(xp.asarray([0, 1], dtype=xp.int32))
        with pytest.raises(TypeError):
            f([0, 1])
        with pytest.raises(ValueError):
            f(xp.asarray([0, 1, 2], dtype=xp.uint32))
        with pytest.raises(ValueError):
            f(R.split(KEY))


def test_bad_arguments():
    with pytest.raises(ValueError, match="^key: "):
        R.key(2**64)
    with pytest.raises(TypeError, match="^key: "):
        R.key(1.5)
    with pytest.raises(ValueError, match="^bits: "):
        R.bits(KEY, (-1, 2))
    with pytest.raises(TypeError, match="^bits: "):
        R.bits(KEY, (2.0,))
    with pytest.raises(TypeError, match="^bits: "):
        R.bits(KEY, 3, dtype=xp.int32)
    with pytest.raises(ValueError, match="^uniform: "):
        R.uniform(KEY, -3)
    with pytest.raises(TypeError, match="^uniform: "):
        R.uniform(KEY, 3, dtype=xp.int32)
    with pytest.raises(ValueError, match="^uniform: "):
        R.uniform(KEY, 3, minval=1.0, maxval=1.0)
    with pytest.raises(ValueError, match="^uniform: "):
        R.uniform(KEY, 3, minval=0.0, maxval=math.inf)
    with pytest.raises(TypeError, match="^normal: "):
        R.normal(KEY, 3, dtype=xp.complex128)
    with pytest.raises(ValueError, match="^integers: "):
        R.integers(KEY, 5, 5)
    with pytest.raises(ValueError, match="^integers: "):
        R.integers(KEY, 0, 300, dtype=xp.uint8)
    with pytest.raises(ValueError, match="^integers: "):
        R.integers(KEY, -1, 3, dtype=xp.uint8)
    with pytest.raises(TypeError, match="^integers: "):
        R.integers(KEY, 0, 3, dtype=xp.float64)
    with pytest.raises(TypeError, match="^integers: "):
        R.integers(KEY, 0.0, 3)
    with pytest.raises(ValueError, match="^permutation: "):
        R.permutation(KEY, -1)
    with pytest.raises(ValueError, match="^shuffle: "):
        R.shuffle(KEY, xp.asarray(1.0))
    with pytest.raises(ValueError, match="^split: "):
        R.split(KEY, -1)
    with pytest.raises(ValueError, match="^fold_in: "):
        R.fold_in(KEY, 2**32)
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 3, (4,), replace=False)
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 3, p=xp.asarray([0.5, 0.5, 0.5]))
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 3, p=xp.asarray([1.2, -0.1, -0.1]))
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 3, p=xp.asarray([0.5, 0.5]))
    with pytest.raises(TypeError, match="^choice: "):
        R.choice(KEY, 3, p=[0.2, 0.3, 0.5])
    with pytest.raises(TypeError, match="^choice: "):
        R.choice(KEY, 2, p=xp.asarray([0, 1]))
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, 0, (2,))
    with pytest.raises(ValueError, match="^choice: "):
        R.choice(KEY, xp.asarray(3), (2,))


def test_integer_arguments_read_as_in_the_rest_of_the_namespace():
    # 0-d integer arrays count as ints; bools and arrays of other shapes do not
    assert R.split(KEY, xp.asarray(3)).shape == R.split(KEY, 3).shape
    with pytest.raises(TypeError, match="^split: num must be an integer, got bool$"):
        R.split(KEY, True)
    with pytest.raises(TypeError, match=r"^split: num must be an integer, got an array of shape \(1,\)$"):
        R.split(KEY, xp.asarray([3]))
    with pytest.raises(TypeError, match=r"^bits: shape must be an integer, got float \(shape\[1\] is 2.0\)$"):
        R.bits(KEY, (2, 2.0))
