"""unfold / fold: known vectors, a loop-built NumPy reference, adjointness and errors."""

from __future__ import annotations

import itertools
from math import prod

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api._extras_windows import fold, unfold
from nx_testing import A, N, same


def _norm(k, v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,) * k


def _pads(k, p):
    if isinstance(p, (tuple, list)):
        return tuple(tuple(e) if isinstance(e, (tuple, list)) else (e, e) for e in p)
    return ((p, p),) * k


def ref_unfold(x, ks, stride=1, dilation=1, padding=0):
    """Direct loops over windows and kernel offsets."""
    ks = tuple(ks) if isinstance(ks, (tuple, list)) else (ks,)
    k = len(ks)
    st, dl, pd = _norm(k, stride), _norm(k, dilation), _pads(k, padding)
    lead, sp = x.shape[: x.ndim - k], x.shape[x.ndim - k :]
    ls = [(n + a + b - (d * (kk - 1) + 1)) // s + 1 for n, kk, s, d, (a, b) in zip(sp, ks, st, dl, pd)]
    out = np.zeros(lead + (prod(ks), prod(ls)), dtype=x.dtype)
    for li in np.ndindex(*lead) if lead else [()]:
        for kf, q in enumerate(itertools.product(*[range(v) for v in ks])):
            for l, b in enumerate(itertools.product(*[range(v) for v in ls])):
                c = [bb * s + qq * d - a for bb, qq, s, d, (a, _) in zip(b, q, st, dl, pd)]
                if all(0 <= cc < n for cc, n in zip(c, sp)):
                    out[li + (kf, l)] = x[li + tuple(c)]
    return out


def ref_fold(y, osz, ks, stride=1, dilation=1, padding=0):
    ks = tuple(ks) if isinstance(ks, (tuple, list)) else (ks,)
    k = len(ks)
    osz = _norm(k, osz)
    st, dl, pd = _norm(k, stride), _norm(k, dilation), _pads(k, padding)
    lead = y.shape[:-2]
    ls = [(n + a + b - (d * (kk - 1) + 1)) // s + 1 for n, kk, s, d, (a, b) in zip(osz, ks, st, dl, pd)]
    out = np.zeros(lead + osz, dtype=y.dtype)
    for li in np.ndindex(*lead) if lead else [()]:
        for kf, q in enumerate(itertools.product(*[range(v) for v in ks])):
            for l, b in enumerate(itertools.product(*[range(v) for v in ls])):
                c = [bb * s + qq * d - a for bb, qq, s, d, (a, _) in zip(b, q, st, dl, pd)]
                if all(0 <= cc < n for cc, n in zip(c, osz)):
                    out[li + tuple(c)] += y[li + (kf, l)]
    return out


# --------------------------------------------------------------- known vectors
def test_spec_1d_basic():
    r = unfold(A(np.arange(10).reshape(2, 5)), (2,))
    assert r.shape == (2, 2, 4)
    assert N(r).tolist() == [[[0, 1, 2, 3], [1, 2, 3, 4]], [[5, 6, 7, 8], [6, 7, 8, 9]]]


def test_spec_1d_dilation_padding():
    r = unfold(A([[1, 2, 3, 4, 5]]), (2,), dilation=2, padding=[(1, 1)])
    assert N(r).tolist() == [[[0, 1, 2, 3, 4], [2, 3, 4, 5, 0]]]


def test_spec_stride_roundtrip():
    x = A(np.arange(1, 13).reshape(2, 6))
    r = unfold(x, 2, stride=2)
    assert N(r).tolist() == [[[1, 3, 5], [2, 4, 6]], [[7, 9, 11], [8, 10, 12]]]
    assert N(fold(r, 6, 2, stride=2)).tolist() == N(x).tolist()


def test_spec_overlap_coverage():
    x = A(np.arange(1, 9).reshape(1, 8))
    assert N(fold(unfold(x, 3), (8,), (3,))).tolist() == [[1, 4, 9, 12, 15, 18, 14, 8]]


@pytest.mark.parametrize("lead,n", [(4, 8), (64, 32), (1, 2048)])
def test_spec_contract_sizes(lead, n):
    x = (np.arange(lead * n) % 13 + 1).reshape(lead, n).astype(np.float64)
    cov = np.array([sum(1 for w in range(n - 2) if w <= i < w + 3) for i in range(n)], dtype=np.float64)
    assert np.array_equal(N(fold(unfold(A(x), 3), n, 3)), x * cov)


def test_spec_2d():
    r = unfold(A(np.arange(9).reshape(1, 3, 3)), (2, 2))
    assert N(r).tolist() == [[[0, 1, 3, 4], [1, 2, 4, 5], [3, 4, 6, 7], [4, 5, 7, 8]]]
    assert N(fold(r, (3, 3), (2, 2))).ravel().tolist() == [0, 2, 2, 6, 16, 10, 6, 14, 8]


def test_spec_2d_stride():
    x = A(np.arange(1, 17).reshape(1, 1, 4, 4))
    r = unfold(x, (2, 2), stride=(2, 2))
    assert N(r)[0, 0].tolist() == [[1, 3, 9, 11], [2, 4, 10, 12], [5, 7, 13, 15], [6, 8, 14, 16]]
    assert np.array_equal(N(fold(r, (4, 4), (2, 2), stride=2)), N(x))


def test_spec_2d_padding():
    x = A(np.arange(1, 10).reshape(3, 3))
    r = unfold(x, (2, 2), stride=2, padding=[(1, 0), (0, 1)])
    assert N(r).tolist() == [[0, 0, 4, 6], [0, 0, 5, 0], [1, 3, 7, 9], [2, 0, 8, 0]]
    assert np.array_equal(N(fold(r, (3, 3), (2, 2), stride=2, padding=[(1, 0), (0, 1)])), N(x))


# ------------------------------------------------------------- reference sweep
CASES = [
    ((2, 7), (3,), 1, 1, 0),
    ((3, 9), (2,), 2, 2, 1),
    ((2, 3, 5, 6), (2, 3), (1, 2), (2, 1), [(1, 0), (2, 1)]),
    ((4, 5), (4, 2), 1, 1, [1, 0]),
    ((1, 2, 4, 4, 5), (2, 2, 2), (2, 1, 2), 1, 1),
    ((6,), 6, 1, 1, 0),
    ((2, 2, 3, 3), (1, 1), 1, 1, 0),
    ((2, 5, 5), (3, 3), 3, 1, 2),
]


@pytest.mark.parametrize("shape,ks,st,dl,pd", CASES)
def test_unfold_matches_reference(shape, ks, st, dl, pd):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape)
    r = unfold(A(x), ks, stride=st, dilation=dl, padding=pd)
    ref = ref_unfold(x, ks, st, dl, pd)
    assert r.shape == ref.shape and r.dtype == xp.float64
    assert np.array_equal(N(r), ref)


@pytest.mark.parametrize("shape,ks,st,dl,pd", CASES)
def test_fold_matches_reference_and_is_adjoint(shape, ks, st, dl, pd):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape)
    k = len(ks) if isinstance(ks, tuple) else 1
    osz = shape[len(shape) - k :]
    u = ref_unfold(x, ks, st, dl, pd)
    y = rng.standard_normal(u.shape)
    f = fold(A(y), osz, ks, stride=st, dilation=dl, padding=pd)
    assert np.allclose(N(f), ref_fold(y, osz, ks, st, dl, pd))
    # <unfold(x), y> == <x, fold(y)>
    assert np.isclose(np.sum(u * y), np.sum(x * N(f)))


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.uint8, np.int64, np.complex64])
def test_dtypes_kept(dtype):
    x = (np.arange(24) % 7).reshape(2, 3, 4).astype(dtype)
    r = unfold(A(x), (2, 2), padding=1)
    assert N(r).dtype == dtype
    assert np.array_equal(N(r), ref_unfold(x, (2, 2), 1, 1, 1))
    f = fold(r, (3, 4), (2, 2), padding=1)
    assert N(f).dtype == dtype
    assert np.array_equal(N(f), ref_fold(ref_unfold(x, (2, 2), 1, 1, 1), (3, 4), (2, 2), 1, 1, 1))


def test_bool_unfold():
    x = np.array([[True, False, True, True]])
    assert np.array_equal(N(unfold(A(x), 2)), ref_unfold(x, 2))


def test_strided_input_same_as_contiguous():
    base = np.arange(30.0).reshape(5, 6)
    xt = xp.permute_dims(A(base), (1, 0))  # a transposed view
    assert np.array_equal(N(unfold(xt, (2, 3), stride=(2, 1))), ref_unfold(base.T, (2, 3), (2, 1)))
    flipped = xp.flip(A(base), axis=1)
    assert np.array_equal(N(unfold(flipped, 3, dilation=2)), ref_unfold(base[:, ::-1], 3, 1, 2))


def test_result_is_fresh():
    x = A(np.arange(6.0).reshape(2, 3))
    r = unfold(x, (1, 1))
    assert not np.shares_memory(N(r), N(x))
    assert N(r).tolist() == [[0, 1, 2, 3, 4, 5]]


def test_empty_leading_and_padding_forms():
    r = unfold(A(np.zeros((0, 3, 5))), (2, 2))
    assert r.shape == (0, 4, 8)
    x = np.arange(12.0).reshape(3, 4)
    for p in (1, (1, 1), [(1, 1), (1, 1)], [1, (1, 1)]):
        assert np.array_equal(N(unfold(A(x), (2, 2), padding=p)), ref_unfold(x, (2, 2), 1, 1, 1))


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "kw",
    [
        dict(kernel_size=(6,)),  # larger than the input
        dict(kernel_size=(3,), dilation=3),  # dilated span 7 > 5
        dict(kernel_size=(0,)),
        dict(kernel_size=(2,), stride=0),
        dict(kernel_size=(2,), stride=-1),
        dict(kernel_size=(2,), dilation=0),
        dict(kernel_size=(2,), padding=-1),
        dict(kernel_size=(2,), stride=(1, 1)),
        dict(kernel_size=(2,), padding=[(1, 1, 1)]),
        dict(kernel_size=(2, 2, 2)),  # more spatial axes than x has
        dict(kernel_size=()),
    ],
)
def test_unfold_value_errors(kw):
    ks = kw.pop("kernel_size")
    with pytest.raises(ValueError, match="^unfold: "):
        unfold(A(np.zeros((2, 5))), ks, **kw)


def test_unfold_kernel_fits_only_with_padding():
    assert unfold(A(np.zeros((1, 3))), 5, padding=1).shape == (1, 5, 1)
    with pytest.raises(ValueError, match="unfold: kernel size larger than padded input"):
        unfold(A(np.zeros((1, 3))), 5)


def test_unfold_type_errors():
    with pytest.raises(TypeError, match="^unfold: "):
        unfold(np.zeros((2, 5)), 2)
    with pytest.raises(TypeError, match="^unfold: "):
        unfold(A(np.zeros((2, 5))), 2.0)
    with pytest.raises(TypeError, match="^unfold: "):
        unfold(A(np.zeros((2, 5))), 2, stride=True)


def test_fold_errors():
    y = A(np.zeros((1, 2, 4)))
    with pytest.raises(ValueError, match="^fold: .*windows"):
        fold(y, 6, 2)  # L would be 5
    with pytest.raises(ValueError, match="^fold: .*rows"):
        fold(y, 5, 3)  # prod(kernel) 3 != 2 (L = 3 != 4 is checked after)
    with pytest.raises(ValueError, match="fold: kernel size larger than padded output"):
        fold(y, 1, 2)
    with pytest.raises(ValueError, match="^fold: "):
        fold(y, (5, 5), 2)
    with pytest.raises(ValueError, match="^fold: "):
        fold(A(np.zeros(4)), 5, 2)
    with pytest.raises(ValueError, match="^fold: "):
        fold(y, -1, 2)
    with pytest.raises(TypeError, match="^fold: "):
        fold(A(np.zeros((1, 2, 4), dtype=bool)), 5, 2)
    with pytest.raises(TypeError, match="^fold: "):
        fold([[0.0]], 1, 1)


def test_geometry_integers_read_as_in_the_rest_of_the_namespace():
    # 0-d integer arrays count as ints, as for the Nx operations; bools do not
    x = A(np.arange(10.0).reshape(2, 5))
    same(unfold(x, xp.asarray(2), stride=(xp.asarray(1),)), N(unfold(x, 2)))
    with pytest.raises(TypeError, match="^unfold: kernel_size must be an integer, got bool$"):
        unfold(x, True)
    with pytest.raises(TypeError, match=r"^unfold: padding must be an integer, got an array of shape \(1,\)$"):
        unfold(x, 2, padding=xp.asarray([1]))
