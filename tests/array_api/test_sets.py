"""Set functions of nx_array_api, checked against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_testing import A, N


CASES = [
    np.array([[3, 1, 2], [1, 3, 3]], dtype=np.int16),
    np.array([True, False, True]),
    np.array([2.0, np.nan, -0.0, 0.0, np.nan, 2.0], dtype=np.float32),
    np.array([1 + 1j, 1 + 1j, complex(np.nan, 0), 0j]),
    np.array(7, dtype=np.uint8),
    np.zeros((0, 2)),
]


@pytest.mark.parametrize("a", CASES, ids=lambda a: f"{a.dtype}{a.shape}")
def test_unique_all(a):
    r = xp.unique_all(A(a))
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    v, i, inv, c = np.unique(a.reshape(-1), return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
    assert r.values.dtype == A(a).dtype
    for got, exp in ((r.values, v), (r.indices, i), (r.counts, c)):
        np.testing.assert_array_equal(N(got), exp)
    for arr in (r.indices, r.inverse_indices, r.counts):
        assert arr.dtype == xp.int64
    assert r.inverse_indices.shape == a.shape
    np.testing.assert_array_equal(N(r.inverse_indices), inv.reshape(a.shape))
    # values[inverse_indices] rebuilds x (NaNs and signed zeros aside)
    rebuilt = N(r.values)[N(r.inverse_indices)]
    np.testing.assert_array_equal(rebuilt, a)


def test_unique_nans_distinct_signed_zeros_equal():
    a = np.array([np.nan, 0.0, -0.0, np.nan, 1.0])
    r = xp.unique_counts(A(a))
    assert r._fields == ("values", "counts")
    vals = N(r.values)
    assert np.isnan(vals).sum() == 2
    assert (vals == 0).sum() == 1
    np.testing.assert_array_equal(N(r.counts), [2, 1, 1, 1])
    assert int(xp.unique_values(A(a)).shape[0]) == 4


def test_unique_inverse_and_values():
    a = np.array([[5, 3], [3, 1]], dtype=np.int64)
    r = xp.unique_inverse(A(a))
    assert r._fields == ("values", "inverse_indices")
    np.testing.assert_array_equal(N(r.values), [1, 3, 5])
    np.testing.assert_array_equal(N(r.inverse_indices), [[2, 1], [1, 0]])
    u = xp.unique_values(A(a))
    assert u.shape == (3,) and u.dtype == xp.int64
    np.testing.assert_array_equal(N(u), [1, 3, 5])


_DATA = {
    "int64 few": np.random.default_rng(0).integers(0, 50, size=(40, 50)),
    "int64 distinct": np.random.default_rng(1).permutation(3000).astype(np.int64),
    "uint8": np.random.default_rng(2).integers(0, 256, size=700).astype(np.uint8),
    "float64 nan": np.array([3.0, np.nan, -0.0, 1.5, 0.0, np.nan, 3.0, -np.inf]),
    "bool": np.array([[True, False], [True, True]]),
}


@pytest.mark.parametrize("device", ["cpu", "device1"])
@pytest.mark.parametrize("name", list(_DATA))
def test_unique_partial_results_match_unique_all(name, device):
    # unique_values, unique_counts and unique_inverse take cheaper paths than unique_all:
    # the same distinct values (as a set; NaNs each their own), counts that add up per
    # value, and an inverse that rebuilds x.
    a = _DATA[name]
    x = xp.asarray(a, device=device)
    flat = a.reshape(-1)
    want = set(flat[~np.isnan(flat)].tolist()) if a.dtype.kind == "f" else set(flat.tolist())
    nans = int(np.isnan(flat).sum()) if a.dtype.kind == "f" else 0

    def as_set(v):
        v = N(v)
        assert v.dtype == a.dtype and v.ndim == 1
        if v.dtype.kind == "f":
            assert int(np.isnan(v).sum()) == nans
            v = v[~np.isnan(v)]
        assert len(set(v.tolist())) == v.size  # distinct
        return set(v.tolist())

    u = xp.unique_values(x)
    assert u.device == x.device and as_set(u) == want
    vc, cnt = xp.unique_counts(x)
    assert as_set(vc) == want and cnt.dtype == xp.int64 and vc.device == x.device
    for v, c in zip(N(vc).tolist(), N(cnt).tolist()):
        assert c == (1 if v != v else int((flat == v).sum()))
    vi, inv = xp.unique_inverse(x)
    assert as_set(vi) == want and inv.dtype == xp.int64 and inv.shape == a.shape
    np.testing.assert_array_equal(N(vi)[N(inv)], a)
    va, idx, inv_a, cnt_a = xp.unique_all(x)
    assert as_set(va) == want
    np.testing.assert_array_equal(N(va)[N(inv_a)], a)
    np.testing.assert_array_equal(flat[N(idx)], N(va))


def test_unique_errors():
    for fn in ("unique_all", "unique_counts", "unique_inverse", "unique_values"):
        with pytest.raises(TypeError, match=f"^{fn}"):
            getattr(xp, fn)([1, 2])


# --------------------------------------------------------------------------- isin
@pytest.mark.parametrize("invert", [False, True])
def test_isin(invert):
    x1 = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int16)
    x2 = np.array([2, 6, 100], dtype=np.int32)
    r = xp.isin(A(x1), A(x2), invert=invert)
    assert r.dtype == xp.bool and r.shape == x1.shape
    np.testing.assert_array_equal(N(r), np.isin(x1, x2, invert=invert))


def test_isin_promotion_does_not_wrap():
    # int8 and uint8 promote to int16: 255 must not match -1.
    r = xp.isin(A(np.int8([-1, 3])), A(np.uint8([255, 3])))
    np.testing.assert_array_equal(N(r), [False, True])


def test_isin_floats_nan():
    r = xp.isin(A([1.0, np.nan, -0.0]), A([np.nan, 0.0]))
    np.testing.assert_array_equal(N(r), [False, False, True])


def test_isin_scalars():
    r = xp.isin(3, A(np.uint8([1, 3])))
    assert r.shape == () and r.dtype == xp.bool and bool(r)
    r = xp.isin(A(np.int32([[1, 2], [3, 4]])), 4, invert=True)
    np.testing.assert_array_equal(N(r), [[True, True], [True, False]])
    assert not bool(xp.isin(2, A([1.5, 2.5])))


def test_isin_errors():
    with pytest.raises(TypeError, match="^isin"):
        xp.isin(1, 2)
    with pytest.raises(TypeError, match="^isin"):
        sx.isin(sx.asarray([1]), 1.5)  # the drop-in: NumPy's answer, False
    assert not bool(xp.isin(A([1]), 1.5)[0])
    with pytest.raises(TypeError, match="^isin"):
        xp.isin(A([1]), A(np.array([1], np.uint64)))
    with pytest.raises(TypeError, match="^isin"):
        xp.isin(A([1]), A([1]), invert=1)
    with pytest.raises(ValueError, match="^isin"):
        sx.isin(sx.asarray(np.int8([1])), 1000)  # the drop-in: NumPy's answer, False
    assert not bool(xp.isin(A(np.int8([1])), 1000)[0])
