"""threefry (Random123 known answers, through the namespace) and scatter (vs NumPy)."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api._extras_scatter import scatter, threefry
from nx_testing import A, N
from threefry_reference import M
from threefry_reference import threefry_ref as ref_threefry


# ------------------------------------------------------------------ threefry
KATS = [
    ((0, 0, 0, 0), (0x6B200159, 0x99BA4EFE)),
    ((M, M, M, M), (0x1CB996FC, 0xBB002BE7)),
    ((0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3), (0xC4923A9C, 0x483DF7A0)),
    ((0, 0, 0, 1), (928981903, -841280227 & M)),
    ((0, 0, 1, 0), (1351547692, -1059176654 & M)),
    ((1, 2, 3, 4), (1576285164, -2045306482 & M)),
    ((42, 0, 0, 0), (-562432839 & M, 1332528664)),
]


@pytest.mark.parametrize("inp,out", KATS)
def test_threefry_random123_vectors_uint32(inp, out):
    k0, k1, c0, c1 = inp
    r = threefry(A([k0, k1], np.uint32), A([c0, c1], np.uint32))
    assert r.dtype == xp.uint32 and r.shape == (2,)
    assert N(r).tolist() == list(out)
    assert ref_threefry(*inp) == out


@pytest.mark.parametrize("inp,out", KATS)
def test_threefry_random123_vectors_int32(inp, out):
    k0, k1, c0, c1 = (np.uint32(v).view(np.int32) for v in inp)
    r = threefry(A([k0, k1], np.int32), A([c0, c1], np.int32))
    assert r.dtype == xp.int32
    assert N(r).view(np.uint32).tolist() == list(out)


def _lcg_words(n, s=0x243F6A88):
    out = []
    for _ in range(n):
        s = (s * 1103515245 + 12345) & M
        out.append(s)
    return out


def test_threefry_reference_agreement_block():
    w = _lcg_words(32)
    key = np.array(w[:16], dtype=np.uint32).view(np.int32).reshape(8, 2)
    ctr = np.array(w[16:], dtype=np.uint32).view(np.int32).reshape(8, 2)
    assert key.ravel().tolist()[:2] == [-1364853727, 1376032838]
    expect = [30974378, 2022053847, -1415858350, 1517200050, 945023789, 1002622311, 1327100919, -1504015674,
              2064661389, 1789737763, 213123847, 654715678, 2029888249, -835209653, -1466300050, 230984230]
    r = threefry(A(key), A(ctr))
    assert N(r).ravel().tolist() == expect


def test_threefry_strided_inputs():
    key = xp.permute_dims(A([[1, 2], [-1, 0]], np.int32), (1, 0))
    ctr = xp.permute_dims(A([[3, 4], [123, 456]], np.int32), (1, 0))
    r = threefry(key, ctr)
    assert N(r).tolist() == [[87518042, 1546382566], [1023420513, 1124216007]]


def test_threefry_broadcasts_key_against_counter():
    rng = np.random.default_rng(3)
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    ctr = rng.integers(0, 2**32, size=(3, 4, 2), dtype=np.uint32)
    r = N(threefry(A(key), A(ctr)))
    assert r.shape == (3, 4, 2)
    for idx in np.ndindex(3, 4):
        assert tuple(r[idx]) == ref_threefry(int(key[0]), int(key[1]), int(ctr[idx][0]), int(ctr[idx][1]))
    keys = rng.integers(0, 2**32, size=(5, 1, 2), dtype=np.uint32)
    r2 = N(threefry(A(keys), A(ctr[0])))  # (5,1,2) with (4,2) -> (5,4,2)
    assert r2.shape == (5, 4, 2)
    assert tuple(r2[3, 2]) == ref_threefry(int(keys[3, 0, 0]), int(keys[3, 0, 1]), int(ctr[0, 2, 0]), int(ctr[0, 2, 1]))


def test_threefry_errors():
    k = A([0, 0], np.uint32)
    with pytest.raises(ValueError, match="^threefry: "):
        threefry(A([0, 0, 0], np.uint32), k)
    with pytest.raises(ValueError, match="^threefry: "):
        threefry(k, A(np.uint32(0)))
    with pytest.raises(ValueError, match="^threefry: "):
        threefry(A(np.zeros((3, 2), np.uint32)), A(np.zeros((4, 2), np.uint32)))
    with pytest.raises(TypeError, match="^threefry: "):
        threefry(A([0, 0], np.int64), k)
    with pytest.raises(TypeError, match="^threefry: "):
        threefry(k, A([0.0, 1.0]))
    with pytest.raises(TypeError, match="^threefry: "):
        threefry([0, 0], k)


# ------------------------------------------------------------------- scatter
def ref_scatter(x, idx, upd, axis, mode):
    out = x.copy()
    for c in np.ndindex(*idx.shape):
        t = list(c)
        i = int(idx[c])
        t[axis] = i + x.shape[axis] if i < 0 else i
        if mode == "set":
            out[tuple(t)] = upd[c]
        else:
            out[tuple(t)] += upd[c]
    return out


def test_scatter_spec_vectors():
    r = scatter(A(np.zeros((3, 4))), A([[0, 2], [1, 3], [0, 1]]), A([[1.0, 2], [3, 4], [5, 6]]), axis=1)
    assert N(r).tolist() == [[1, 0, 2, 0], [0, 3, 0, 4], [5, 6, 0, 0]]
    r = scatter(A(np.zeros((1, 4))), A([[1, 1, 2, 1]]), A([[10.0, 40, 20, 5]]), axis=1, mode="add")
    assert N(r).tolist() == [[0, 55, 20, 0]]
    r = scatter(A(np.full((1, 4), 7.0)), A([[1, 1, 3]]), A([[10.0, 40, 20]]), axis=1)
    assert N(r).tolist() == [[7, 40, 7, 20]]
    r = scatter(A(np.full((1, 4), 5.0)), A([[0, 2, 3]]), A([[10.0, 20, 30]]), axis=1, unique_indices=True)
    assert N(r).tolist() == [[10, 5, 20, 30]]


@pytest.mark.parametrize("mode", ["set", "add"])
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
def test_scatter_matches_reference(mode, axis):
    rng = np.random.default_rng(7)
    x = rng.integers(-50, 50, size=(4, 5, 3)).astype(np.int32)
    ax = axis % 3
    ishape = list(x.shape)
    ishape[ax] = 6  # more updates than the axis: duplicates for sure
    ishape[(ax + 1) % 3] -= 1  # a smaller non-axis extent is allowed
    idx = rng.integers(-x.shape[ax], x.shape[ax], size=ishape)
    upd = rng.integers(-9, 9, size=ishape).astype(np.int32)
    r = scatter(A(x), A(idx), A(upd), axis=axis, mode=mode)
    assert r.dtype == xp.int32
    assert np.array_equal(N(r), ref_scatter(x, idx, upd, ax, mode))


def test_scatter_returns_new_array_and_keeps_x():
    x = A(np.arange(5.0))
    r = scatter(x, A([0]), A([9.0]), axis=0)
    assert N(x).tolist() == [0, 1, 2, 3, 4]
    assert N(r).tolist() == [9, 1, 2, 3, 4]
    assert not np.shares_memory(N(x), N(r))


def test_scatter_strided_operands():
    base = np.arange(12.0).reshape(3, 4)
    xt = xp.permute_dims(A(base), (1, 0))  # (4, 3) view
    idx = np.array([[2, 0, 1], [0, 0, 0]])
    upd = np.arange(6.0).reshape(2, 3) * 10
    r = scatter(xt, A(idx), A(upd), axis=0, mode="add")
    assert np.array_equal(N(r), ref_scatter(base.T, idx, upd, 0, "add"))


def test_scatter_updates_promote_and_broadcast():
    x = A(np.zeros((2, 3), np.float64))
    r = scatter(x, A([[0], [2]]), A([1.5], np.float32), axis=1)  # float32 -> float64, broadcast (1,) -> (2,1)
    assert r.dtype == xp.float64 and N(r).tolist() == [[1.5, 0, 0], [0, 0, 1.5]]
    r = scatter(A(np.zeros(3, np.int16)), A([1, 1]), 2, axis=0, mode="add")
    assert r.dtype == xp.int16 and N(r).tolist() == [0, 4, 0]
    r = scatter(A(np.zeros(3, np.int64)), A([2]), A([7], np.int8), axis=0)
    assert r.dtype == xp.int64 and N(r).tolist() == [0, 0, 7]
    r = scatter(A(np.zeros(3, bool)), A([2]), True, axis=0)
    assert N(r).tolist() == [False, False, True]


def test_scatter_uint64_indices_and_empty():
    r = scatter(A(np.zeros(3)), A(np.array([2], np.uint64)), A([1.0]), axis=0)
    assert N(r).tolist() == [0, 0, 1]
    r = scatter(A(np.ones(3)), A(np.zeros(0, np.int64)), A(np.zeros(0)), axis=0)
    assert N(r).tolist() == [1, 1, 1]


def test_scatter_errors():
    x = A(np.zeros((2, 3)))
    i = A([[0, 1], [1, 2]])
    u = A([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(IndexError, match="^scatter: "):
        scatter(x, A([[0, 3], [0, 0]]), u, axis=1)
    with pytest.raises(IndexError, match="^scatter: "):
        scatter(x, A([[0, -4], [0, 0]]), u, axis=1)
    with pytest.raises(ValueError, match="^scatter: mode"):
        scatter(x, i, u, axis=1, mode="mul")
    with pytest.raises(ValueError, match="^scatter: "):
        scatter(x, i, u, axis=2)
    with pytest.raises(ValueError, match="^scatter: "):
        scatter(x, A([0, 1]), A([1.0, 2.0]), axis=1)  # rank mismatch
    with pytest.raises(ValueError, match="^scatter: "):
        scatter(x, A([[0, 1], [1, 2], [0, 0]]), A(np.zeros((3, 2))), axis=1)  # too long off-axis
    with pytest.raises(ValueError, match="^scatter: "):
        scatter(x, i, A([1.0, 2.0, 3.0]), axis=1)  # updates do not broadcast
    with pytest.raises(ValueError, match="^scatter: "):
        scatter(A(np.float64(0)), A(np.int64(0)), 1.0, axis=0)
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(A(np.zeros((2, 3), np.float32)), i, u, axis=1)  # float64 into float32
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(A(np.zeros((2, 2), np.int32)), A([[0, 1], [1, 0]]), A([[1.0, 2.0], [3.0, 4.0]]), axis=1)
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(A(np.zeros(3, np.int32)), A([0]), 1.5, axis=0)
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(x, A([[0.0, 1.0], [1.0, 2.0]]), u, axis=1)  # float indices
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(A(np.zeros(3, bool)), A([0]), True, axis=0, mode="add")
    with pytest.raises(TypeError, match="^scatter: "):
        scatter(np.zeros(3), A([0]), 1.0, axis=0)
    with pytest.raises(TypeError):
        scatter(x, i, u)  # axis is required
