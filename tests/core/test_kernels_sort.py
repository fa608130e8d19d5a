"""Sort / argsort kernels against a Python ``sorted`` reference (stable in both
directions, NaN last, -0.0 == 0.0, complex lexicographic), on every dtype and layout."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from core_testing import ALL, COMPLEX, FLOATS, INF, INTS, NAN, sample_by_kind
from core_testing import layouts as common_layouts

from nx_core.backend.kernels import sort as S

SHAPE = (5, 4, 9)


def sample(dt, shape=SHAPE, seed=0) -> np.ndarray:
    """Values with many ties (and -0.0/0.0, NaN, inf for floats)."""

    def real(rng, dt, n):
        if dt.kind == "b":
            return rng.random(n) < 0.5
        if dt.kind in "iu":
            info = np.iinfo(dt)
            pool = np.array([info.min, info.max, 0, 1, 2, 3, info.max // 2 + 1, info.min // 2], dtype=dt)
        else:
            pool = np.array([0.0, -0.0, NAN, INF, -INF, 1.5, -1.5, 2.0, -7.25, 3.0], dtype=dt)
        return pool[rng.integers(0, len(pool), n)]

    return sample_by_kind(dt, shape, seed, real)


def layouts(x: np.ndarray):
    yield from common_layouts(x)
    yield "transposed", np.ascontiguousarray(x.T).T
    yield "last-axis-flipped", x[..., ::-1].copy()[..., ::-1]


def _isnan(v) -> bool:
    return v != v


def _key(v, descending):
    """Sort key for ``sorted`` (itself stable): NaN group last, values in order."""
    if isinstance(v, complex):
        if _isnan(v.real) or _isnan(v.imag):
            return (1, 0.0, 0.0)
        s = -1 if descending else 1
        return (0, s * v.real + 0.0, s * v.imag + 0.0)
    if isinstance(v, float) and _isnan(v):
        return (1, 0)
    return (0, -v if descending else v)


def argsort_ref(x: np.ndarray, axis: int, descending: bool) -> np.ndarray:
    y = np.moveaxis(np.array(x), axis, -1)
    lead = y.shape[:-1]
    flat = y.reshape(int(np.prod(lead)), y.shape[-1])
    res = np.empty(flat.shape, np.int64)
    for i, row in enumerate(flat.tolist()):
        res[i] = sorted(range(len(row)), key=lambda j: _key(row[j], descending))
    return np.moveaxis(res.reshape(y.shape), -1, axis)


def sort_ref(x, axis, descending):
    x = np.array(x)
    return np.take_along_axis(x, argsort_ref(x, axis, descending), axis=axis)


def same_bits(got: np.ndarray, want: np.ndarray) -> None:
    """Equal including the sign of zeros and NaN placement."""
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
    if got.dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(got), np.signbit(want))
    if got.dtype.kind == "c":
        np.testing.assert_array_equal(np.signbit(got.real), np.signbit(want.real))
        np.testing.assert_array_equal(np.signbit(got.imag), np.signbit(want.imag))


def check(x, axis, descending):
    before = x.tobytes()
    want_i = argsort_ref(x, axis, descending)
    want_s = sort_ref(x, axis, descending)
    gi = S.argsort(x, axis, descending)
    assert gi.dtype == np.int64 and gi.flags.c_contiguous
    np.testing.assert_array_equal(gi, want_i)
    gs = S.sort(x, axis, descending)
    assert gs.flags.c_contiguous
    same_bits(gs, want_s)
    oi = np.full(x.shape, -5, np.int64)
    assert S.argsort(x, axis, descending, out=oi) is oi
    np.testing.assert_array_equal(oi, want_i)
    os_ = np.zeros(x.shape, x.dtype)
    assert S.sort(x, axis, descending, out=os_) is os_
    same_bits(os_, want_s)
    assert x.tobytes() == before


@pytest.mark.parametrize("dt", ALL)
@pytest.mark.parametrize("descending", [False, True])
def test_sort_argsort_layouts(dt, descending):
    x = sample(dt)
    for _, v in layouts(x):
        for axis in (0, 1, 2):
            check(v, axis, descending)


def test_vectors():
    assert S.sort(np.array([3, NAN, 1, 2, NAN]), 0, False).tolist()[:3] == [1, 2, 3]
    assert np.isnan(S.sort(np.array([3, NAN, 1, 2, NAN]), 0, False)[3:]).all()
    asc = S.sort(np.array([1, NAN, 2, NAN, 0]), 0, False)
    desc = S.sort(np.array([1, NAN, 2, NAN, 0]), 0, True)
    assert asc[:3].tolist() == [0, 1, 2] and np.isnan(asc[3:]).all()
    assert desc[:3].tolist() == [2, 1, 0] and np.isnan(desc[3:]).all()
    assert S.argsort(np.array([3, 1, 2, 1, 3, 2]), 0, False).tolist() == [1, 3, 2, 5, 0, 4]
    assert S.argsort(np.array([3, 1, 2, 1, 3, 2]), 0, True).tolist() == [0, 4, 2, 5, 1, 3]
    assert S.argsort(np.array([3, 1, 4, 1, 5]), 0, False).tolist() == [1, 3, 0, 2, 4]
    z = np.array([2 + 1j, 1 + 3j, 2 - 1j, 1 + 0j])
    assert S.sort(z, 0, False).tolist() == [1 + 0j, 1 + 3j, 2 - 1j, 2 + 1j]
    assert S.sort(z, 0, True).tolist() == [2 + 1j, 2 - 1j, 1 + 3j, 1 + 0j]
    assert S.argsort(np.array([1, NAN, 2, NAN, 0]), 0, True).tolist() == [2, 0, 4, 1, 3]
    # -0.0 and 0.0 tie: original order kept in both directions
    s = S.sort(np.array([0.0, -0.0, 1.0, -0.0]), 0, True)
    assert s.tolist() == [1.0, 0.0, -0.0, -0.0] and np.signbit(s).tolist() == [
        False, False, True, True]
    s = S.sort(np.array([-0.0, 0.0]), 0, False)
    assert np.signbit(s).tolist() == [True, False]
    # unsigned compare as unsigned; INT_MIN descending
    u = np.array([5, 0x80000000, 3], np.uint32)
    assert S.sort(u, 0, True).tolist() == [0x80000000, 5, 3]
    i = np.array([-128, 127, 0, -128], np.int8)
    assert S.argsort(i, 0, True).tolist() == [1, 2, 0, 3]
    # complex NaN elements last, in original order
    zn = np.array([complex(NAN, 1), 3 + 0j, complex(1, NAN), 1 + 0j])
    assert S.argsort(zn, 0, False).tolist() == [3, 1, 0, 2]
    assert S.argsort(zn, 0, True).tolist() == [1, 3, 0, 2]


def test_rank0_and_negative_axis():
    x = np.array(3.5)
    assert S.sort(x, 0, False).item() == 3.5 and S.argsort(x, 0, True).item() == 0
    m = np.array([[3, 1, 2], [0, 5, 4]])
    assert S.sort(m, -1, False).tolist() == [[1, 2, 3], [0, 4, 5]]
    assert S.argsort(m, -2, True).tolist() == [[0, 1, 1], [1, 0, 0]]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([np.float32, np.int8, np.uint16, np.float64]),
    st.booleans(),
    st.data(),
)
def test_hypothesis_1d(dt, descending, data):
    x = data.draw(hnp.arrays(dt, st.integers(0, 30)))
    np.testing.assert_array_equal(S.argsort(x, 0, descending), argsort_ref(x, 0, descending))
    same_bits(S.sort(x, 0, descending), sort_ref(x, 0, descending))


def test_sort_matches_argsort_gather():
    x = sample(np.complex128, (3, 50), seed=7)
    for d in (False, True):
        idx = S.argsort(x, 1, d)
        same_bits(S.sort(x, 1, d), np.take_along_axis(x, idx, axis=1))
    assert math.isnan(S.sort(x, 1, False)[0, -1].real) or np.isnan(S.sort(x, 1, False)[0, -1])
