"""The Nx operations beyond the standard, checked against NumPy, with view semantics
and the spec's error messages."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api._extras_nx import (
    A,
    I,
    L,
    N,
    R,
    Rs,
    dstack,
    flatten,
    get,
    hstack,
    item,
    pad,
    slice as nslice,
    split,
    swapaxes,
    unflatten,
    unsqueeze,
    vstack,
)


def X(a, dtype=None):
    return xp.asarray(np.asarray(a, dtype=dtype))


def H(a):
    return np.asarray(a)


def shares(a, b):
    return np.shares_memory(H(a), H(b))


# ------------------------------------------------------------------ flatten
def test_flatten():
    base = np.arange(24).reshape(2, 3, 4)
    x = X(base)
    assert flatten(x).shape == (24,)
    assert flatten(x, 1).shape == (2, 12)
    assert flatten(x, start_dim=0, end_dim=1).shape == (6, 4)
    assert flatten(x, -2, -1).shape == (2, 12)
    assert flatten(x, 1, 1).shape == (2, 3, 4)
    assert np.array_equal(H(flatten(x, 1)), base.reshape(2, 12))
    assert shares(flatten(x), x)
    assert flatten(X(5.0)).shape == (1,)
    # a transposed array cannot be flattened as a view: a copy with the right values
    t = xp.permute_dims(x, (2, 1, 0))
    assert np.array_equal(H(flatten(t)), base.transpose(2, 1, 0).ravel())
    with pytest.raises(ValueError, match="^flatten: "):
        flatten(x, 2, 1)
    with pytest.raises(ValueError):
        flatten(x, 3)
    with pytest.raises(TypeError, match="^flatten: "):
        flatten(base)


def test_unflatten():
    base = np.arange(24).reshape(2, 12)
    x = X(base)
    r = unflatten(x, 1, (3, 4))
    assert r.shape == (2, 3, 4) and np.array_equal(H(r), base.reshape(2, 3, 4)) and shares(r, x)
    assert unflatten(x, -1, [2, -1, 3]).shape == (2, 2, 2, 3)
    assert unflatten(x, 0, (1, 2)).shape == (1, 2, 12)
    with pytest.raises(ValueError, match="^unflatten: "):
        unflatten(x, 1, (5, 3))
    with pytest.raises(ValueError, match="^unflatten: "):
        unflatten(x, 1, (-1, -1))
    with pytest.raises(ValueError, match="^unflatten: "):
        unflatten(x, 1, (5, -1))
    with pytest.raises(ValueError):
        unflatten(x, 2, (1, 2))
    with pytest.raises(TypeError, match="^unflatten: "):
        unflatten(x, 1, 12)


# ---------------------------------------------------------------- unsqueeze
def test_unsqueeze():
    y = X([1.0, 2.0, 3.0])
    assert unsqueeze(y, [0, 2]).shape == (1, 3, 1)
    assert unsqueeze(y, 0).shape == (1, 3)
    assert unsqueeze(y, -1).shape == (3, 1)
    assert unsqueeze(X(np.zeros((2, 3))), 1).shape == (2, 1, 3)
    assert unsqueeze(X(np.zeros((2, 3))), (-1, 0)).shape == (1, 2, 3, 1)
    r = unsqueeze(y, (0,))
    assert shares(r, y) and np.array_equal(H(r), H(y)[None])
    with pytest.raises(ValueError, match=r"^unsqueeze: axis 2, out of bounds for output rank 2, valid range is \[-2, 2\)$"):
        unsqueeze(y, 2)
    with pytest.raises(ValueError, match="^unsqueeze: "):
        unsqueeze(y, (0, 0))
    with pytest.raises(ValueError, match="^unsqueeze: "):
        unsqueeze(y, (0, -3))  # both mean axis 0 of the rank-3 result


# ----------------------------------------------------------------- swapaxes
def test_swapaxes():
    base = np.arange(24).reshape(2, 3, 4)
    r = swapaxes(X(base), 0, 2)
    assert r.shape == (4, 3, 2)
    assert H(r).ravel().tolist() == [0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23]
    assert np.array_equal(H(swapaxes(X(base), -1, 1)), np.swapaxes(base, -1, 1))
    x = X(base)
    assert shares(swapaxes(x, 0, 1), x)
    with pytest.raises(ValueError, match=r"^swapaxes: axes \(2, 0\), out of bounds for shape \[2,2\]$"):
        swapaxes(X(np.zeros((2, 2))), 2, 0)


# -------------------------------------------------------------------- split
def test_split_even():
    x = X(np.arange(12))
    parts = split(x, 3)
    assert [H(p).tolist() for p in parts] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    assert all(shares(p, x) for p in parts)
    base = np.arange(24).reshape(4, 6)
    for got, ref in zip(split(X(base), 2, axis=1), np.split(base, 2, axis=1)):
        assert np.array_equal(H(got), ref)
    with pytest.raises(
        ValueError,
        match=r"^split: cannot divide evenly axis 0 \(size 10\) to 3 sections, 10 % 3 = 1, use array_split for uneven division$",
    ):
        split(X(np.arange(10)), 3)
    with pytest.raises(ValueError, match="^split: "):
        split(x, 0)
    with pytest.raises(ValueError, match="^split: "):
        split(X(1.0), 1)


@pytest.mark.parametrize("cuts", [[2, 5], [0, 3, 3, 9], [-3], [4, 2], [20], []])
def test_split_indices(cuts):
    base = np.arange(27).reshape(9, 3)
    x = X(base)
    got = split(x, cuts)
    ref = np.split(base, cuts)
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        assert g.shape == r.shape and np.array_equal(H(g), r)
        if r.size:
            assert shares(g, x)


def test_split_write_through_view():
    x = X(np.zeros(6))
    a, b = split(x, 2)
    b[0] = 5.0
    assert H(x).tolist() == [0, 0, 0, 5, 0, 0]


# -------------------------------------------------------------- v/h/dstack
def test_stacks():
    a, b = np.array([[1, 2], [3, 4]]), np.array([[5, 6]])
    assert np.array_equal(H(vstack([X(a), X(b)])), np.vstack([a, b]))
    assert np.array_equal(H(vstack((X([1, 2]), X([3, 4])))), np.vstack([[1, 2], [3, 4]]))
    assert np.array_equal(H(vstack([X(1), X(2)])), np.vstack([1, 2]))
    assert np.array_equal(H(hstack([X(a), X([[5], [6]])])), np.hstack([a, [[5], [6]]]))
    assert np.array_equal(H(hstack([X([1, 2]), X([3]), X(4)])), np.hstack([[1, 2], [3], 4]))
    d1 = dstack([X([1, 2]), X([3, 4])])
    assert d1.shape == (1, 2, 2) and H(d1).ravel().tolist() == [1, 3, 2, 4]
    d2 = dstack([X([[1, 2], [3, 4]]), X([[5, 6], [7, 8]])])
    assert H(d2).ravel().tolist() == [1, 5, 2, 6, 3, 7, 4, 8]
    assert np.array_equal(H(dstack([X(np.ones((2, 2, 1))), X(np.zeros((2, 2, 2)))])), np.dstack([np.ones((2, 2, 1)), np.zeros((2, 2, 2))]))
    assert dstack([X(1), X(2)]).shape == (1, 1, 2)
    # a copy, with the standard's promotion
    x = X(a)
    v = vstack([x])
    assert not shares(v, x)
    assert vstack([X(a, np.int32), X(b, np.int64)]).dtype == xp.int64
    assert vstack([X(a, np.int32), X(b, np.float32)]).dtype == xp.float64  # NumPy 2's mixed-kind rule
    with pytest.raises(TypeError, match="^vstack: "):
        vstack([X(a, np.int32), X(b, np.uint64)])
    with pytest.raises(ValueError, match="^vstack: "):
        vstack([])
    with pytest.raises(TypeError, match="^hstack: "):
        hstack(X(a))
    with pytest.raises(ValueError, match="^vstack: "):
        vstack([X(a), X([[1, 2, 3]])])


# ---------------------------------------------------------------------- pad
def test_pad_constant():
    a = np.array([[1, 2], [3, 4]])
    r = pad(X(a), [(1, 1), (0, 1)])
    assert r.shape == (4, 3) and H(r).ravel().tolist() == [0, 0, 0, 1, 2, 0, 3, 4, 0, 0, 0, 0]
    r = pad(X(a), [(1, 0), (0, 2)], -1)
    assert H(r).ravel().tolist() == [-1, -1, -1, -1, 1, 2, -1, -1, 3, 4, -1, -1]
    assert np.array_equal(H(pad(X(a), 2, 7)), np.pad(a, 2, constant_values=7))
    assert np.array_equal(H(pad(X(a), (1, 2))), np.pad(a, (1, 2)))
    assert np.array_equal(H(pad(X(a), [(2, 0)])), np.pad(a, [(2, 0)]))
    f = pad(X(a, np.float32), 1, value=0.5)
    assert f.dtype == xp.float32 and np.array_equal(H(f), np.pad(a.astype(np.float32), 1, constant_values=0.5))
    assert H(pad(X([True]), 1)).tolist() == [False, True, False]
    assert H(pad(X([True]), 1, True)).tolist() == [True, True, True]
    assert H(pad(X([1.0]), 1, X(2.0))).tolist() == [2, 1, 2]
    x = X(a)
    assert not shares(pad(x, 0), x)
    with pytest.raises(ValueError, match="^pad: padding values, negative values not allowed, use shrink or slice to remove elements$"):
        pad(X(a), [(1, -1), (0, 0)])
    with pytest.raises(TypeError, match="^pad: "):
        pad(X(a), 1, 0.5)  # float fill for an int array
    with pytest.raises(ValueError, match="^pad: "):
        pad(X(a), [(1, 1), (1, 1), (1, 1)])
    with pytest.raises(ValueError, match="^pad: "):
        pad(X(a), 1, mode="median")
    with pytest.raises(ValueError, match="^pad: "):
        pad(X(a), [(1, 1, 1), (0, 0)])


@pytest.mark.parametrize("mode", ["edge", "reflect", "symmetric", "wrap"])
@pytest.mark.parametrize("width", [1, (2, 5), [(0, 3), (4, 1)], [(7, 9), (3, 8)]])
def test_pad_modes_match_numpy(mode, width):
    a = np.arange(12.0).reshape(3, 4)
    assert np.array_equal(H(pad(X(a), width, mode=mode)), np.pad(a, width, mode=mode))


@pytest.mark.parametrize("mode", ["edge", "reflect", "symmetric", "wrap"])
def test_pad_modes_small_axes(mode):
    a = np.array([[5.0, 6.0]])  # an axis of size 1
    assert np.array_equal(H(pad(X(a), 3, mode=mode)), np.pad(a, 3, mode=mode))
    with pytest.raises(ValueError, match="^pad: "):
        pad(X(np.zeros((0, 2))), 1, mode=mode)


# --------------------------------------------------------------- get / item
def test_get_and_item():
    base = np.array([[1, 2, 3], [4, 5, 6]])
    x = X(base)
    row = get(x, [1])
    assert H(row).tolist() == [4, 5, 6] and shares(row, x)
    assert H(get(x, 0)).tolist() == [1, 2, 3]
    assert H(get(x, (-1, -1))).tolist() == 6 and get(x, [1, 2]).shape == ()
    assert get(x, []).shape == (2, 3)
    row[0] = 40
    assert H(x)[1, 0] == 40
    assert item(x, [1, 2]) == 6 and type(item(x, [1, 2])) is int
    assert item(X(np.arange(9).reshape(3, 3)), [-1, -1]) == 8
    assert item(X(2.5), []) == 2.5
    assert item(X([True]), [0]) is True
    with pytest.raises(ValueError, match="^item: need 2 indices for 2-d tensor, got 1$"):
        item(x, [1])
    with pytest.raises(IndexError, match="^item: "):
        item(x, [2, 0])
    with pytest.raises(IndexError, match="^get: "):
        get(x, [0, 3])
    with pytest.raises(IndexError, match="^get: "):
        get(x, [0, 0, 0])
    with pytest.raises(TypeError, match="^get: "):
        get(x, [0.0])


# -------------------------------------------------------------------- slice
def test_slice_spec_examples():
    x = X(np.arange(1, 10).reshape(3, 3))
    assert H(nslice(x, [R(0, 2), A])).tolist() == [[1, 2, 3], [4, 5, 6]]
    assert H(nslice(x, [A, I(1)])).tolist() == [2, 5, 8]
    assert H(nslice(x, [L([0, 2]), L([0, 2])])).tolist() == [[1, 3], [7, 9]]
    v = X([1, 2, 3, 4, 5])
    assert H(nslice(v, [R(1, 4)])).tolist() == [2, 3, 4]
    assert H(nslice(v, [R(-3, -1)])).tolist() == [3, 4]
    assert nslice(v, [R(3, 3)]).shape == (0,)
    assert H(nslice(X(np.arange(10)), [Rs(1, 8, 2)])).tolist() == [1, 3, 5, 7]
    m = X(np.arange(1, 13).reshape(3, 4))
    assert H(nslice(m, [R(1, 3), R(1, 3)])).tolist() == [[6, 7], [10, 11]]
    assert H(nslice(X([10, 20, 30, 40, 50]), [L([0, 2, 4])])).tolist() == [10, 30, 50]
    c = X(np.arange(60).reshape(3, 4, 5))
    assert H(nslice(c, [I(1), L([0, 2]), A])).tolist() == [list(range(20, 25)), list(range(30, 35))]
    assert nslice(X(np.zeros((3, 4))), [A, N, A]).shape == (3, 1, 4)
    assert H(nslice(X([10, 20, 30]), [L([0, 1, 1, 0, 2])])).tolist() == [10, 20, 20, 10, 30]
    assert H(nslice(X([[1, 2], [3, 4], [5, 6]]), [L([1, 2, 0]), A])).tolist() == [[3, 4], [5, 6], [1, 2]]
    assert H(nslice(X(np.arange(12).reshape(3, 4)), [I(-1)])).tolist() == [8, 9, 10, 11]


@pytest.mark.parametrize(
    "specs",
    [
        [I(0)],
        [A, I(-1), A],
        [R(1, 3), Rs(3, 0, -1), A],
        [Rs(-1, -4, -1)],
        [Rs(0, 4, 3), L([2, -1, 0]), I(1)],
        [N, A, N, I(2)],
        [L([1]), L([3, 3]), L([0, 4, 2])],
        [Rs(2, 100, 1), A, Rs(-100, 3, 2)],
    ],
)
def test_slice_matches_numpy(specs):
    base = np.arange(3 * 4 * 5).reshape(3, 4, 5)
    got = nslice(X(base), specs)
    out = base
    cur = 0
    for s in specs:
        if s is N:
            out = np.expand_dims(out, cur)
            cur += 1
        elif s is A:
            cur += 1
        elif isinstance(s, I):
            out = np.take(out, s.i, axis=cur)
        elif isinstance(s, L):
            out = np.take(out, list(s.indices), axis=cur)
            cur += 1
        else:
            idx = [slice(None)] * out.ndim
            idx[cur] = slice(s.start, s.stop, s.step)
            out = out[tuple(idx)]
            cur += 1
    assert got.shape == out.shape
    assert np.array_equal(H(got), out)


def test_slice_views_and_copies():
    x = X(np.arange(20.0).reshape(4, 5))
    for specs in ([I(1)], [R(1, 3), A], [Rs(3, 0, -1)], [A, N, Rs(4, -6, -1)], [N], [A, A], []):
        assert shares(nslice(x, specs), x), specs
    for specs in ([L([0, 1])], [Rs(0, 4, 2)], [A, L([2])], [R(2, 2)]):
        assert not shares(nslice(x, specs), x), specs
    v = nslice(x, [Rs(3, 0, -1), I(0)])
    v[0] = -1.0
    assert H(x)[3, 0] == -1.0


def test_slice_errors_and_specs():
    x = X(np.arange(9).reshape(3, 3))
    with pytest.raises(IndexError, match="^slice: too many indices$"):
        nslice(x, [A, A, A])
    with pytest.raises(IndexError, match=r"^slice: index 3 out of bounds \[0, 3\)$"):
        nslice(x, [I(3)])
    with pytest.raises(IndexError, match=r"^slice: index -4 out of bounds \[0, 3\)$"):
        nslice(x, [A, L([0, -4])])
    with pytest.raises(IndexError, match="^slice: "):
        nslice(x, [L(xp.asarray([0, 5]))])
    with pytest.raises(ValueError):
        Rs(0, 3, 0)
    with pytest.raises(TypeError, match="^slice: "):
        nslice(x, [0])
    with pytest.raises(TypeError):
        I(1.5)
    with pytest.raises(TypeError):
        L("ab")
    assert nslice(x, [N, N, A, N, A, N]).shape == (1, 1, 3, 1, 3, 1)
    assert H(nslice(x, I(2))).tolist() == [6, 7, 8]
    assert H(nslice(x, [L(xp.asarray([-1, 0]))])).tolist() == [[6, 7, 8], [0, 1, 2]]
    assert repr(I(1)) == "I(1)" and repr(R(0, 2)) == "R(0, 2)" and repr(Rs(0, 4, 2)) == "Rs(0, 4, 2)"
    assert repr(A) == "A" and repr(N) == "N" and R(0, 2) == R(0, 2) and I(1) != I(2)
    assert nslice(X(np.zeros((0, 3))), [A, R(0, 2)]).shape == (0, 2)
