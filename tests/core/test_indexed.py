"""gather / scatter kernels: contract vectors, references and errors."""

from __future__ import annotations

import numpy as np
import pytest

from nx_core.backend.kernels.indexed import gather, scatter


def _target(c, idx, axis, n):
    """The position that index ``c`` of ``idx`` names along ``axis`` (of size ``n``)."""
    i = int(idx[c])
    t = list(c)
    t[axis] = i + n if i < 0 else i
    return tuple(t)


def _ref_gather(data, idx, axis):
    out = np.empty(idx.shape, dtype=data.dtype)
    for c in np.ndindex(*idx.shape):
        out[c] = data[_target(c, idx, axis, data.shape[axis])]
    return out


def _ref_scatter(template, idx, upd, axis, mode):
    out = template.copy()
    for c in np.ndindex(*idx.shape):
        t = _target(c, idx, axis, template.shape[axis])
        if mode == "set":
            out[t] = upd[c]
        else:
            out[t] += upd[c]
    return out


# ---------------------------------------------------------------- contract vectors

def test_gather_axis1():
    data = np.arange(12, dtype=np.float64).reshape(3, 4)
    out = gather(data, np.array([[3, 0], [1, 3], [0, 2]], dtype=np.int32), 1)
    assert out.dtype == np.float64 and out.shape == (3, 2)
    assert out.tolist() == [[3, 0], [5, 7], [8, 10]]


def test_gather_axis0():
    data = np.arange(12, dtype=np.float64).reshape(3, 4)
    out = gather(data, np.array([[2, 0, 1, 2], [0, 1, 2, 0]], dtype=np.int32), 0)
    assert out.tolist() == [[8, 1, 6, 11], [0, 5, 10, 3]]


def test_scatter_set():
    t = np.zeros((3, 4), np.float64)
    out = scatter(t, np.array([[0, 2], [1, 3], [0, 1]], np.int32),
                  np.array([[1, 2], [3, 4], [5, 6]], np.float64), 1)
    assert out.tolist() == [[1, 0, 2, 0], [0, 3, 0, 4], [5, 6, 0, 0]]
    assert np.all(t == 0)


def test_scatter_add():
    t = np.zeros((1, 4), np.float64)
    out = scatter(t, np.array([[1, 1, 2, 1]], np.int32), np.array([[10, 40, 20, 5]], np.float64), 1, mode="add")
    assert out.tolist() == [[0, 55, 20, 0]]


def test_scatter_add_onto_template():
    t = np.full((1, 4), 3.0)
    out = scatter(t, np.array([[1, 1, 2, 1]]), np.array([[10, 40, 20, 5]], np.float64), 1, mode="add")
    assert out.tolist() == [[3, 58, 23, 3]]
    assert np.all(t == 3)


def test_scatter_set_duplicates_last_wins():
    t = np.full((1, 4), 7.0)
    out = scatter(t, np.array([[1, 1, 3]], np.int32), np.array([[10, 40, 20]], np.float64), 1)
    assert out.tolist() == [[7, 40, 7, 20]]


def test_scatter_set_unique():
    t = np.full((1, 4), 5.0)
    for hint in (False, True):
        out = scatter(t, np.array([[0, 2, 3]], np.int32), np.array([[10, 20, 30]], np.float64), 1,
                      unique_indices=hint)
        assert out.tolist() == [[10, 5, 20, 30]]


# ---------------------------------------------------------------- behaviour

def test_gather_negative_indices():
    data = np.arange(12).reshape(3, 4)
    out = gather(data, np.array([[-1, 0], [-4, 3], [2, -2]]), 1)
    assert out.tolist() == [[3, 0], [4, 7], [10, 10]]


@pytest.mark.parametrize("bad", [4, -5, 100])
def test_gather_out_of_bounds(bad):
    data = np.arange(12).reshape(3, 4)
    idx = np.zeros((3, 2), np.int64)
    idx[1, 1] = bad
    with pytest.raises(IndexError, match="^gather: index out of bounds"):
        gather(data, idx, 1)


def test_gather_rank_mismatch():
    with pytest.raises(ValueError, match="^gather"):
        gather(np.arange(12).reshape(3, 4), np.array([0, 1]), 1)
    with pytest.raises(ValueError, match="^gather"):
        gather(np.arange(12).reshape(3, 4), np.array([[0.5]]), 1)


def test_gather_random_noncontiguous():
    rng = np.random.default_rng(0)
    base = rng.standard_normal((6, 10, 8))
    data = base[::-2, ::2, ::-1]          # negative and positive strides
    for axis in range(3):
        shape = list(data.shape)
        shape[axis] = 7
        idx = rng.integers(-data.shape[axis], data.shape[axis], size=shape)
        idx_view = np.asfortranarray(idx)
        d0 = data.copy()
        out = gather(data, idx_view, axis)
        assert out.flags.c_contiguous
        assert np.array_equal(out, _ref_gather(data, idx, axis))
        assert np.array_equal(data, d0)


def test_gather_stride0_data():
    data = np.broadcast_to(np.arange(4.0), (3, 4))
    idx = np.array([[3, 3], [0, 1], [2, 2]])
    assert gather(data, idx, 1).tolist() == [[3, 3], [0, 1], [2, 2]]


def test_gather_smaller_nonaxis_extent():
    data = np.arange(12).reshape(3, 4)
    idx = np.array([[1, 2, 3]])        # only row 0 addressed
    assert gather(data, idx, 1).tolist() == [[1, 2, 3]]


def test_gather_out_param():
    data = np.arange(12.0).reshape(3, 4)
    idx = np.array([[3, 0], [1, 3], [0, 2]])
    out = np.empty((3, 2))
    assert gather(data, idx, 1, out=out) is out
    assert out.tolist() == [[3, 0], [5, 7], [8, 10]]


def test_gather_empty():
    out = gather(np.arange(12).reshape(3, 4), np.zeros((3, 0), np.int32), 1)
    assert out.shape == (3, 0)
    out = gather(np.zeros((3, 0)), np.zeros((3, 0), np.int32), 1)
    assert out.shape == (3, 0)


@pytest.mark.parametrize("mode", ["set", "add"])
def test_scatter_random_against_reference(mode):
    rng = np.random.default_rng(3)
    for axis in range(3):
        tshape = (4, 5, 6)
        ishape = list(tshape)
        ishape[axis] = 9                  # more than the axis size: duplicates guaranteed
        idx = rng.integers(-tshape[axis], tshape[axis], size=ishape)
        upd = rng.standard_normal(ishape)
        base = rng.standard_normal((8, 5, 12))
        template = base[::2, :, ::-2]    # non-contiguous template
        t0 = template.copy()
        out = scatter(template, idx.T.copy().T, upd[::-1][::-1], axis, mode=mode)
        ref = _ref_scatter(t0, idx, upd, axis, mode)
        assert out.flags.c_contiguous
        np.testing.assert_allclose(out, ref, rtol=1e-12, atol=1e-12)
        assert np.array_equal(template, t0)


def test_scatter_set_last_wins_many_duplicates():
    idx = np.array([[0, 0, 0, 1, 0, 1, 2, 2]])
    upd = np.arange(1, 9, dtype=np.int32)[None, :]
    out = scatter(np.zeros((1, 3), np.int32), idx, upd, 1)
    assert out.tolist() == [[5, 6, 8]]


def test_scatter_int_add_wraps():
    t = np.array([[120, 0]], dtype=np.int8)
    out = scatter(t, np.array([[0, 0]]), np.array([[5, 5]], dtype=np.int8), 1, mode="add")
    assert out.dtype == np.int8
    assert out.tolist() == [[-126, 0]]


def test_scatter_errors():
    t = np.zeros((2, 3))
    with pytest.raises(IndexError, match="^scatter"):
        scatter(t, np.array([[3], [0]]), np.ones((2, 1)), 1)
    with pytest.raises(IndexError, match="^scatter"):
        scatter(t, np.array([[-4], [0]]), np.ones((2, 1)), 1)
    with pytest.raises(ValueError, match="^scatter: unknown mode"):
        scatter(t, np.array([[0], [0]]), np.ones((2, 1)), 1, mode="mul")
    with pytest.raises(ValueError, match="^scatter"):
        scatter(t, np.array([[0], [0]]), np.ones((2, 2)), 1)
    with pytest.raises(ValueError, match="^scatter"):
        scatter(t, np.array([0, 0]), np.ones(2), 1)


def test_scatter_empty_indices_returns_copy():
    t = np.arange(6.0).reshape(2, 3)
    out = scatter(t, np.zeros((2, 0), np.int64), np.zeros((2, 0)), 1)
    assert np.array_equal(out, t) and out is not t


# ------------------------------------------------------- broadcast indices (views)

@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint8, np.uint64])
def test_broadcast_indices_are_checked_and_wrapped_as_a_copy_would_be(dtype):
    """take_along_axis's indices come broadcast (stride 0): their distinct elements are
    checked and wrapped, and the result is the one of the materialised indices."""
    rng = np.random.default_rng(3)
    data = rng.standard_normal((4, 1, 6))
    low = 0 if np.dtype(dtype).kind == "u" else -6
    idx = rng.integers(low, 6, (3, 6)).astype(dtype)
    db, ib = np.broadcast_arrays(data, idx)
    got = gather(db, ib, axis=-1)
    assert got.flags.c_contiguous
    np.testing.assert_array_equal(got, _ref_gather(np.ascontiguousarray(db), np.array(ib), 2))
    upd = np.ones(ib.shape)
    got = scatter(np.zeros(ib.shape), ib, upd, axis=2, mode="add")
    np.testing.assert_array_equal(got, _ref_scatter(np.zeros(ib.shape), np.array(ib), upd, 2, "add"))


@pytest.mark.parametrize("bad", [6, -7])
def test_broadcast_index_out_of_range_raises(bad):
    idx = np.broadcast_to(np.array([[0, bad]]), (5, 2))
    with pytest.raises(IndexError, match="gather: index out of bounds for axis 1 of size 6"):
        gather(np.zeros((5, 6)), idx, axis=1)
