"""Linear algebra (main namespace and the linalg extension) against NumPy: values,
dtypes, shapes, views and errors."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import linalg as la
from nx_core.errors import LinalgError
from nx_testing import A, N

RNG = np.random.default_rng(1234)


def close(x, expected, rtol=1e-10, atol=1e-12):
    e = np.asarray(expected)
    r = N(x)
    assert r.shape == e.shape, (r.shape, e.shape)
    np.testing.assert_allclose(r, e, rtol=rtol, atol=atol)


def rand(*shape, dtype=np.float64):
    a = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * RNG.standard_normal(shape)
    return a.astype(dtype)


# ------------------------------------------------------------------------ matmul
@pytest.mark.parametrize(
    "s1, s2",
    [
        ((3, 4), (4, 5)),
        ((4,), (4, 5)),
        ((3, 4), (4,)),
        ((4,), (4,)),
        ((2, 1, 3, 4), (5, 4, 2)),
        ((4,), (2, 3, 4, 5)),
        ((2, 3, 4), (4,)),
        ((0, 3, 4), (4, 2)),
        ((3, 0), (0, 2)),
    ],
)
def test_matmul_shapes_and_values(s1, s2):
    a, b = rand(*s1), rand(*s2)
    r = xp.matmul(A(a), A(b))
    close(r, np.matmul(a, b))
    close(A(a) @ A(b), a @ b)
    close(la.matmul(A(a), A(b)), a @ b)


def test_matmul_promotion_and_integers():
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    b = np.arange(6, dtype=np.int16).reshape(3, 2)
    r = xp.matmul(A(a), A(b))
    assert r.dtype == xp.int16
    np.testing.assert_array_equal(N(r), a.astype(np.int16) @ b)
    c = xp.matmul(A(a, np.float32), A(b, np.complex64))
    assert c.dtype == xp.complex64


def test_matmul_errors():
    with pytest.raises(ValueError, match="^matmul:"):
        xp.matmul(A(rand(3, 4)), A(rand(5, 2)))
    with pytest.raises(ValueError, match="^matmul:"):
        xp.matmul(A(rand(3)), A(rand(4)))
    with pytest.raises(ValueError, match="^matmul:"):
        xp.matmul(A(np.float64(1.0)), A(rand(3)))
    with pytest.raises(ValueError, match="^matmul:"):
        xp.matmul(A(rand(2, 3, 4)), A(rand(3, 4, 2)))  # batch 2 vs 3
    with pytest.raises(TypeError, match="^matmul:"):
        xp.matmul(A([True, False]), A([True, False]))
    with pytest.raises(TypeError, match="^matmul:"):
        xp.matmul(A(np.ones(2, np.uint64)), A(np.ones(2, np.int64)))
    with pytest.raises(TypeError):
        A(rand(2, 2)) @ 2


def test_imatmul_in_place():
    a = rand(3, 3)
    x = A(a)
    x @= A(np.eye(3))
    close(x, a)


# -------------------------------------------------------------- matrix_transpose
def test_matrix_transpose_is_a_view():
    a = rand(2, 3, 4)
    x = A(a)
    t = xp.matrix_transpose(x)
    close(t, np.swapaxes(a, -1, -2))
    assert np.shares_memory(N(t), N(x))
    assert la.matrix_transpose(x).shape == (2, 4, 3)
    with pytest.raises(ValueError, match="^matrix_transpose:"):
        xp.matrix_transpose(A(rand(3)))


# --------------------------------------------------------------------- tensordot
@pytest.mark.parametrize(
    "s1, s2, axes",
    [
        ((3, 4, 5), (4, 5, 2), 2),
        ((3, 4), (4, 5), 1),
        ((3, 4), (5,), 0),
        ((3, 4, 5), (5, 3, 2), ([0, 2], [1, 0])),
        ((3, 4, 5), (5, 3, 2), ((-1, -3), (0, 1))),
        ((), (), 0),
    ],
)
def test_tensordot(s1, s2, axes):
    a, b = rand(*s1), rand(*s2)
    close(xp.tensordot(A(a), A(b), axes=axes), np.tensordot(a, b, axes=axes))
    close(la.tensordot(A(a), A(b), axes=axes), np.tensordot(a, b, axes=axes))


def test_tensordot_errors():
    with pytest.raises(ValueError, match="^tensordot:"):
        xp.tensordot(A(rand(3, 4)), A(rand(5, 4)), axes=1)
    with pytest.raises(ValueError, match="^tensordot:"):
        xp.tensordot(A(rand(3, 4)), A(rand(4, 4)), axes=3)
    with pytest.raises(ValueError, match="^tensordot:"):
        xp.tensordot(A(rand(3, 4)), A(rand(4, 4)), axes=-1)
    with pytest.raises(ValueError, match="^tensordot:"):
        xp.tensordot(A(rand(3, 4)), A(rand(4, 4)), axes=([0, 0], [0, 1]))
    with pytest.raises(ValueError, match="^tensordot:"):
        xp.tensordot(A(rand(3, 4)), A(rand(4, 4)), axes=([5], [0]))
    with pytest.raises(TypeError, match="^tensordot:"):
        xp.tensordot(A([True]), A([True]), axes=1)


# ------------------------------------------------------------------------ vecdot
def test_vecdot_values_and_broadcasting():
    a, b = rand(2, 1, 3), rand(4, 3)
    close(xp.vecdot(A(a), A(b)), np.sum(a * b, axis=-1))
    a, b = rand(3, 5), rand(2, 3, 5)
    close(xp.vecdot(A(a), A(b), axis=-2), np.sum(a * b, axis=-2))
    close(la.vecdot(A(a), A(b), axis=-2), np.sum(a * b, axis=-2))


def test_vecdot_conjugates_x1():
    x1 = A(np.array([1j, 2j, 3j]))
    x2 = A(np.array([1, 2j, 3]))
    assert complex(la.vecdot(x1, x2)) == pytest.approx(4 - 10j)


def test_vecdot_integers_keep_dtype():
    a = np.array([1, 2, 3], np.int8)
    r = xp.vecdot(A(a), A(a))
    assert r.dtype == xp.int8 and int(r) == 14


def test_vecdot_errors():
    with pytest.raises(ValueError, match="^vecdot:"):
        xp.vecdot(A(rand(3)), A(rand(4)))
    with pytest.raises(ValueError, match="^vecdot:"):
        xp.vecdot(A(rand(3, 4)), A(rand(4)), axis=-2)  # out of bounds for x2
    with pytest.raises(ValueError, match="^vecdot:"):
        xp.vecdot(A(rand(1, 3)), A(rand(4, 3)), axis=-2)  # the contracted axis never broadcasts


# -------------------------------------------------------------- factorisations
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, upper):
    m = rand(2, 4, 4, dtype=dtype)
    spd = m @ np.conj(np.swapaxes(m, -1, -2)) + 4 * np.eye(4)
    r = la.cholesky(A(spd.astype(dtype)), upper=upper)
    assert r.dtype == xp.asarray(spd.astype(dtype)).dtype
    f = N(r)
    tol = 1e-4 if dtype in (np.float32, np.complex64) else 1e-10
    recon = np.conj(np.swapaxes(f, -1, -2)) @ f if upper else f @ np.conj(np.swapaxes(f, -1, -2))
    np.testing.assert_allclose(recon, spd, rtol=tol, atol=tol)
    assert np.allclose(f, np.triu(f) if upper else np.tril(f))


def test_cholesky_not_positive_definite():
    with pytest.raises(LinalgError, match="^cholesky:"):
        la.cholesky(A(-np.eye(3)))
    with pytest.raises(ValueError, match="^cholesky:"):
        la.cholesky(A(rand(3, 4)))
    with pytest.raises(TypeError, match="^cholesky:"):
        la.cholesky(A(np.eye(3, dtype=np.int64)))


@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)])
def test_qr(mode, shape):
    a = rand(*shape)
    q, r = la.qr(A(a), mode=mode)
    eq, er = np.linalg.qr(a, mode=mode)
    assert q.shape == eq.shape and r.shape == er.shape
    close(xp.matmul(q, r), a, rtol=1e-10, atol=1e-10)
    res = la.qr(A(a), mode=mode)
    assert res.Q is res[0] and res.R is res[1]
    with pytest.raises(ValueError, match="^qr:"):
        la.qr(A(a), mode="full")


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_svd_and_svdvals(dtype):
    a = rand(2, 5, 3, dtype=dtype)
    u, s, vh = la.svd(A(a), full_matrices=False)
    real = np.float32 if dtype in (np.float32, np.complex64) else np.float64
    assert N(s).dtype == real and N(u).dtype == dtype and N(vh).dtype == dtype
    tol = 1e-4 if real == np.float32 else 1e-10
    close(s, np.linalg.svd(a, compute_uv=False), rtol=tol, atol=tol)
    recon = (N(u) * N(s)[..., None, :]) @ N(vh)
    np.testing.assert_allclose(recon, a, rtol=tol, atol=tol)
    full = la.svd(A(a))
    assert full.U.shape == (2, 5, 5) and full.Vh.shape == (2, 3, 3) and full.S.shape == (2, 3)
    sv = la.svdvals(A(a))
    assert N(sv).dtype == real
    close(sv, np.linalg.svd(a, compute_uv=False), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_eigh_and_eigvalsh(dtype):
    m = rand(3, 4, 4, dtype=dtype)
    h = (m + np.conj(np.swapaxes(m, -1, -2))) / 2
    w, v = la.eigh(A(h))
    real = np.float32 if dtype in (np.float32, np.complex64) else np.float64
    assert N(w).dtype == real and N(v).dtype == dtype
    tol = 1e-4 if real == np.float32 else 1e-10
    close(w, np.linalg.eigvalsh(h), rtol=tol, atol=tol)
    recon = (N(v) * N(w)[..., None, :]) @ np.conj(np.swapaxes(N(v), -1, -2))
    np.testing.assert_allclose(recon, h, rtol=tol, atol=tol)
    wv = la.eigvalsh(A(h))
    assert N(wv).dtype == real
    close(wv, np.linalg.eigvalsh(h), rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64, np.complex128])
def test_eig_and_eigvals(dtype):
    a = rand(2, 4, 4, dtype=dtype)
    res = la.eig(A(a))
    cplx = np.complex64 if dtype in (np.float32, np.complex64) else np.complex128
    assert N(res.eigenvalues).dtype == cplx and N(res.eigenvectors).dtype == cplx
    tol = 1e-3 if cplx == np.complex64 else 1e-9
    w, v = N(res.eigenvalues), N(res.eigenvectors)
    np.testing.assert_allclose(a @ v, v * w[..., None, :], rtol=tol, atol=tol)
    ev = la.eigvals(A(a))
    assert N(ev).dtype == cplx
    np.testing.assert_allclose(np.sort_complex(N(ev)), np.sort_complex(np.linalg.eigvals(a)), rtol=tol, atol=tol)
    with pytest.raises(ValueError, match="^eigvals:"):
        la.eigvals(A(rand(3, 4)))


# ------------------------------------------------------------------ solvers
def test_det_slogdet_inv():
    a = rand(3, 4, 4)
    close(la.det(A(a)), np.linalg.det(a))
    sign, logabs = la.slogdet(A(a))
    esign, elog = np.linalg.slogdet(a)
    close(sign, esign)
    close(logabs, elog)
    close(la.inv(A(a)), np.linalg.inv(a), rtol=1e-8, atol=1e-8)
    s = la.slogdet(A(np.zeros((2, 2))))
    assert float(s.sign) == 0.0 and float(s.logabsdet) == -np.inf
    c = rand(4, 4, dtype=np.complex64)
    assert la.slogdet(A(c)).logabsdet.dtype == xp.float32
    assert la.det(A(c)).dtype == xp.complex64


def test_inv_singular_raises_linalg_error():
    with pytest.raises(LinalgError, match="^inv:"):
        la.inv(A(np.zeros((3, 3))))
    with pytest.raises(ValueError, match="^inv:"):
        la.inv(A(rand(2, 3)))
    with pytest.raises(TypeError, match="^inv:"):
        la.inv(A(np.eye(2, dtype=np.int32)))


def test_solve():
    a = rand(2, 3, 3) + 3 * np.eye(3)
    b = rand(3)
    close(la.solve(A(a), A(b)), np.linalg.solve(a, b), rtol=1e-8)
    bm = rand(2, 3, 4)
    close(la.solve(A(a), A(bm)), np.linalg.solve(a, bm), rtol=1e-8)
    # broadcast batch dims
    b2 = rand(5, 1, 3, 2)
    close(la.solve(A(a), A(b2)), np.linalg.solve(a, b2), rtol=1e-8)
    r = la.solve(A(a.astype(np.float32)), A(b))
    assert r.dtype == xp.float64
    with pytest.raises(ValueError, match="^solve:"):
        la.solve(A(a), A(rand(4)))
    with pytest.raises(LinalgError, match="^solve:"):
        la.solve(A(np.zeros((2, 2))), A(rand(2)))
    with pytest.raises(TypeError, match="^solve:"):
        la.solve(A(a), A(np.ones(3, np.int64)))


def test_pinv_and_matrix_rank():
    a = rand(2, 5, 3)
    close(la.pinv(A(a)), np.linalg.pinv(a), rtol=1e-8, atol=1e-10)
    low = rand(4, 2) @ rand(2, 5)
    r = la.matrix_rank(A(low))
    assert r.dtype == xp.int64 and int(r) == 2
    assert int(la.matrix_rank(A(np.diag([1.0, 1e-3, 0.0])), rtol=1e-2)) == 1
    rt = A(np.array([1e-2, 1e-6]))
    stack = np.stack([np.diag([1.0, 1e-3]), np.diag([1.0, 1e-3])])
    np.testing.assert_array_equal(N(la.matrix_rank(A(stack), rtol=rt)), [1, 2])
    with pytest.raises(TypeError, match="^pinv:"):
        la.pinv(A(a), rtol="big")


@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5])
def test_matrix_power(n):
    a = rand(2, 3, 3) + 3 * np.eye(3)
    r = la.matrix_power(A(a), n)
    close(r, np.linalg.matrix_power(a, n), rtol=1e-8, atol=1e-8)
    assert not np.shares_memory(N(r), a)


def test_matrix_power_errors():
    with pytest.raises(TypeError, match="^matrix_power:"):
        la.matrix_power(A(np.eye(2)), 1.5)
    with pytest.raises(ValueError, match="^matrix_power:"):
        la.matrix_power(A(rand(2, 3)), 2)


# ---------------------------------------------------------------- products
def test_cross():
    a, b = rand(4, 3), rand(3)
    close(la.cross(A(a), A(b)), np.cross(a, b))
    a, b = rand(3, 2), rand(3, 2)
    close(la.cross(A(a), A(b), axis=-2), np.cross(a, b, axis=0))
    ai, bi = np.arange(6, dtype=np.int32).reshape(2, 3), np.array([1, 0, 2], np.int32)
    r = la.cross(A(ai), A(bi))
    assert r.dtype == xp.int32
    np.testing.assert_array_equal(N(r), np.cross(ai, bi))
    with pytest.raises(ValueError, match="^cross:"):
        la.cross(A(rand(4)), A(rand(4)))
    with pytest.raises(ValueError, match="^cross:"):
        la.cross(A(rand(3, 3)), A(rand(3)), axis=-2)


def test_outer():
    a, b = rand(3), rand(4)
    close(la.outer(A(a), A(b)), np.outer(a, b))
    r = la.outer(A(np.array([1, 2], np.int8)), A(np.array([3], np.int16)))
    assert r.dtype == xp.int16
    with pytest.raises(ValueError, match="^outer:"):
        la.outer(A(rand(2, 2)), A(b))


# ------------------------------------------------------- diagonal and trace
@pytest.mark.parametrize("offset", [-4, -1, 0, 1, 2, 7])
def test_diagonal_is_a_view(offset):
    a = rand(2, 3, 4)
    x = A(a)
    d = la.diagonal(x, offset=offset)
    close(d, np.diagonal(a, offset, -2, -1))
    if d.size:
        assert np.shares_memory(N(d), N(x))


def test_diagonal_of_a_strided_view_and_write_through():
    base = A(np.arange(36.0).reshape(6, 6))
    v = base[::2, 1::2]
    d = la.diagonal(v)
    np.testing.assert_array_equal(N(d), np.diagonal(np.arange(36.0).reshape(6, 6)[::2, 1::2]))
    d[0] = -1.0
    assert float(base[0, 1]) == -1.0


@pytest.mark.parametrize(
    "dtype, expected",
    [(np.int8, np.int64), (np.uint16, np.uint64), (np.float32, np.float32), (np.complex64, np.complex64)],
)
def test_trace_dtypes(dtype, expected):
    a = (np.arange(24) % 7).reshape(2, 3, 4).astype(dtype)
    r = la.trace(A(a), offset=1)
    assert N(r).dtype == expected
    np.testing.assert_allclose(N(r), np.trace(a, 1, -2, -1).astype(expected))
    if np.dtype(dtype).kind == "c":  # as sum: no accumulation of complex values in a real dtype
        with pytest.raises(TypeError, match=r"^trace: cannot cast complex complex64 values to dtype float64 \(accumulating"):
            la.trace(A(a), dtype=xp.float64)
    else:
        assert N(la.trace(A(a), dtype=xp.float64)).dtype == np.float64


def test_trace_errors():
    with pytest.raises(TypeError, match="^trace:"):
        la.trace(A(np.eye(2, dtype=bool)))
    with pytest.raises(ValueError, match="^trace:"):
        la.trace(A(rand(3)))


# -------------------------------------------------------------------- norms
@pytest.mark.parametrize("ord", [2, 1, 0, -1, -2, 3, 0.5, -2.5, np.inf, -np.inf])
@pytest.mark.parametrize("axis", [None, 0, (0, 2), -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_vector_norm(ord, axis, keepdims):
    a = rand(3, 4, 5)
    a[0, 0, 0] = 0.0
    r = la.vector_norm(A(a), axis=axis, keepdims=keepdims, ord=ord)
    with np.errstate(divide="ignore"):
        if axis is None:
            e = np.linalg.norm(a.ravel(), ord=ord)
            e = np.reshape(e, (1, 1, 1)) if keepdims else e
        elif isinstance(axis, tuple):
            moved = np.moveaxis(a, axis, (0, 1)).reshape(-1, 4)
            e = np.linalg.norm(moved, axis=0, ord=ord)
            if keepdims:
                e = e.reshape(1, 4, 1)
        else:
            e = np.linalg.norm(a, axis=axis, ord=ord, keepdims=keepdims)
    close(r, e, rtol=1e-10, atol=1e-12)


def test_vector_norm_complex_gives_real():
    c = rand(4, 3, dtype=np.complex64)
    r = la.vector_norm(A(c), axis=-1)
    assert r.dtype == xp.float32
    close(r, np.linalg.norm(c, axis=-1), rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError, match="^vector_norm:"):
        la.vector_norm(A(np.arange(3)))


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf])
@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32])
def test_matrix_norm(ord, dtype):
    a = rand(2, 3, 4, dtype=dtype)
    r = la.matrix_norm(A(a), ord=ord)
    real = np.float32 if dtype == np.float32 else np.float64
    assert N(r).dtype == real
    tol = 1e-5 if real == np.float32 else 1e-10
    close(r, np.linalg.norm(a, ord=ord, axis=(-2, -1)), rtol=tol, atol=tol)
    assert la.matrix_norm(A(a), ord=ord, keepdims=True).shape == (2, 1, 1)


def test_matrix_norm_errors():
    with pytest.raises(ValueError, match="^matrix_norm:"):
        la.matrix_norm(A(rand(3, 3)), ord=3)
    with pytest.raises(ValueError, match="^matrix_norm:"):
        la.matrix_norm(A(rand(3, 3)), ord="max")
    with pytest.raises(ValueError, match="^matrix_norm:"):
        la.matrix_norm(A(rand(3)))


def test_namespace_exports():
    for name in la.__all__:
        assert callable(getattr(la, name))
    assert {"eig", "eigvals"} <= set(la.__all__)
    # The main namespace's four are the extension's too, behind its gate.
    for name in ("matmul", "matrix_transpose", "tensordot", "vecdot"):
        assert getattr(la, name).__wrapped__ is getattr(xp, name)
