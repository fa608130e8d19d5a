"""Linear-algebra kernels: contract vectors, reconstructions, dtypes, errors."""

from __future__ import annotations

import numpy as np
import pytest

from nx_core.backend.kernels import linalg as la
from nx_core.errors import LinalgError

DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
TOL = {np.float32: 2e-4, np.complex64: 2e-4, np.float64: 1e-10, np.complex128: 1e-10}


def _rand(rng, shape, dtype):
    x = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _h(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _layouts(rng, shape, dtype):
    """The same logical matrix stack in several layouts: contiguous, transposed,
    strided (negative steps), and with a broadcast (stride-0) batch dim."""
    base = _rand(rng, shape, dtype)
    out = [("contiguous", base)]
    t = np.swapaxes(np.ascontiguousarray(np.swapaxes(base, -1, -2)), -1, -2)
    out.append(("transposed", t))
    big = np.zeros(tuple(2 * n for n in shape), dtype=dtype)
    big[tuple(slice(None, None, -2) for _ in shape)] = base
    out.append(("strided", big[tuple(slice(None, None, -2) for _ in shape)]))
    if len(shape) >= 3:
        out.append(("stride0", np.broadcast_to(base[:1], shape)))
    for _, v in out:
        assert v.shape == shape
    return out


def _spd(rng, shape, dtype):
    x = _rand(rng, shape, dtype)
    n = shape[-1]
    return (x @ _h(x) + n * np.eye(n)).astype(dtype)


# ---------------------------------------------------------------- contract vectors

def test_qr_shapes():
    a = np.random.default_rng(0).standard_normal((4, 3))
    q, r = la.qr(a, reduced=True)
    assert q.shape == (4, 3) and r.shape == (3, 3)
    q, r = la.qr(a, reduced=False)
    assert q.shape == (4, 4) and r.shape == (4, 3)


def test_svd_shapes():
    a = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
    u, s, vh = la.svd(a, full_matrices=True)
    assert u.shape == (4, 4) and s.shape == (3,) and vh.shape == (3, 3)
    assert s.dtype == np.float64 and u.dtype == np.float32 and vh.dtype == np.float32
    u, s, vh = la.svd(a, full_matrices=False)
    assert u.shape == (4, 3) and vh.shape == (3, 3)
    u, s, vh = la.svd(a.T, full_matrices=False)
    assert u.shape == (3, 3) and s.shape == (3,) and vh.shape == (3, 4)


def test_eigh_batch_shape():
    rng = np.random.default_rng(0)
    a = _spd(rng, (2, 3, 3), np.float64)
    w, v = la.eigh(a, vectors=True)
    assert w.shape == (2, 3) and v.shape == (2, 3, 3)
    w2, none = la.eigh(a, vectors=False)
    assert none is None and w2.shape == (2, 3)
    np.testing.assert_allclose(w, w2, rtol=1e-12)


def test_triangular_solve_contract():
    a = np.array([[2, 0, 0], [1, 3, 0], [-1, 2, 4]], dtype=np.float64)
    x = la.triangular_solve(a, np.array([2, 7, 15], dtype=np.float64), upper=False)
    assert x.shape == (3,)
    np.testing.assert_allclose(x, [1, 2, 3], rtol=1e-14)


def test_triangular_solve_batched_vectors():
    a = np.array([[[2, 0], [1, 3]], [[4, 0], [-2, 5]]], dtype=np.float64)
    b = np.array([[2, 7], [12, -11]], dtype=np.float64)
    x = la.triangular_solve(a, b, upper=False)
    assert x.shape == (2, 2)
    np.testing.assert_allclose(x, [[1, 2], [3, -1]], rtol=1e-14)


# ---------------------------------------------------------------- reconstructions

@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 4, 3), (2, 5, 2)])
def test_qr_reconstruction(dtype, shape):
    rng = np.random.default_rng(1)
    for name, a in _layouts(rng, shape, dtype):
        a0 = a.copy()
        for reduced in (True, False):
            q, r = la.qr(a, reduced)
            assert q.dtype == dtype and r.dtype == dtype, name
            assert q.flags.c_contiguous and r.flags.c_contiguous
            np.testing.assert_allclose(q @ r, a, atol=TOL[dtype] * 10, err_msg=name)
            np.testing.assert_allclose(_h(q) @ q, np.broadcast_to(np.eye(q.shape[-1]), _h(q).shape[:-1] + (q.shape[-1],)), atol=TOL[dtype] * 10)
            assert np.allclose(np.tril(r, -1), 0)
        assert np.array_equal(a, a0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 4, 4)])
def test_svd_reconstruction(dtype, shape):
    rng = np.random.default_rng(2)
    k = min(shape[-2:])
    for name, a in _layouts(rng, shape, dtype):
        u, s, vh = la.svd(a, full_matrices=False)
        assert s.dtype == np.float64 and u.dtype == dtype and vh.dtype == dtype
        assert np.all(s >= 0) and np.all(np.diff(s, axis=-1) <= 0)
        rec = (u * s[..., None, :].astype(dtype)) @ vh
        np.testing.assert_allclose(rec, a, atol=TOL[dtype] * 10, err_msg=name)
        uf, sf, vhf = la.svd(a, full_matrices=True)
        assert uf.shape[-2:] == (shape[-2], shape[-2]) and vhf.shape[-2:] == (shape[-1], shape[-1])
        np.testing.assert_allclose(sf, s, rtol=1e-5)
        sv = la.svdvals(a)
        assert sv.shape == shape[:-2] + (k,)
        assert sv.dtype == (np.float32 if dtype in (np.float32, np.complex64) else np.float64)
        np.testing.assert_allclose(sv, s, rtol=TOL[dtype] * 10, atol=TOL[dtype])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 5, 5)])
def test_cholesky_reconstruction(dtype, shape):
    rng = np.random.default_rng(3)
    spd = _spd(rng, shape, dtype)
    layouts = [("contiguous", spd), ("transposed", np.swapaxes(np.ascontiguousarray(np.swapaxes(spd, -1, -2)), -1, -2)),
               ("strided", np.flip(np.flip(spd, -1), -2)[..., ::-1, ::-1])]
    for name, a in layouts:
        l_ = la.cholesky(a, upper=False)
        assert l_.dtype == dtype and l_.flags.c_contiguous
        assert np.allclose(np.triu(l_, 1), 0)
        np.testing.assert_allclose(l_ @ _h(l_), a, rtol=TOL[dtype] * 10, atol=TOL[dtype] * 50, err_msg=name)
        u = la.cholesky(a, upper=True)
        assert np.allclose(np.tril(u, -1), 0)
        np.testing.assert_allclose(_h(u) @ u, a, rtol=TOL[dtype] * 10, atol=TOL[dtype] * 50, err_msg=name)


def test_cholesky_not_positive_definite():
    with pytest.raises(LinalgError, match="^cholesky"):
        la.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(LinalgError, match="^cholesky"):
        la.cholesky(np.stack([np.eye(2), -np.eye(2)]).astype(np.float32))


@pytest.mark.parametrize("dtype", DTYPES)
def test_eig(dtype):
    rng = np.random.default_rng(4)
    for name, a in _layouts(rng, (2, 3, 4, 4), dtype):
        w, v = la.eig(a, vectors=True)
        assert w.dtype == np.complex128 and v.dtype == np.complex128
        assert w.shape == (2, 3, 4) and v.shape == (2, 3, 4, 4)
        np.testing.assert_allclose(a @ v, v * w[..., None, :], atol=TOL[dtype] * 100, err_msg=name)
        w2, none = la.eig(a, vectors=False)
        assert none is None and w2.dtype == np.complex128
        np.testing.assert_allclose(np.sort_complex(w2.ravel()), np.sort_complex(w.ravel()), atol=TOL[dtype] * 100)


def test_eig_real_eigenvalues_still_complex128():
    w, v = la.eig(np.diag([1.0, 2.0]).astype(np.float32))
    assert w.dtype == np.complex128 and v.dtype == np.complex128
    np.testing.assert_allclose(np.sort(w.real), [1, 2])


@pytest.mark.parametrize("dtype", DTYPES)
def test_eigh(dtype):
    rng = np.random.default_rng(5)
    a = _spd(rng, (3, 4, 4), dtype) - 3 * np.eye(4).astype(dtype)
    for name, x in [("contiguous", a), ("transposed", np.swapaxes(np.ascontiguousarray(np.swapaxes(a, -1, -2)), -1, -2))]:
        w, v = la.eigh(x, vectors=True)
        assert w.dtype == np.float64 and v.dtype == dtype
        assert np.all(np.diff(w, axis=-1) >= 0)
        np.testing.assert_allclose(x @ v, v * w[..., None, :].astype(dtype), atol=TOL[dtype] * 100, err_msg=name)


def test_eigh_reads_lower_triangle():
    a = np.array([[2.0, 100.0], [1.0, 2.0]])
    w, _ = la.eigh(a)
    np.testing.assert_allclose(w, [1.0, 3.0])


# ---------------------------------------------------------------- triangular_solve

def _tri(rng, shape, dtype):
    a = _rand(rng, shape, dtype)
    n = shape[-1]
    a = a + (3 * n) * np.eye(n).astype(dtype)
    return a  # caller picks the triangle; the other one holds junk that must be ignored


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("transpose", [False, True])
@pytest.mark.parametrize("unit_diag", [False, True])
def test_triangular_solve_against_dense(dtype, upper, transpose, unit_diag):
    rng = np.random.default_rng(6)
    a = _tri(rng, (2, 3, 5, 5), dtype)
    t = np.triu(a) if upper else np.tril(a)
    if unit_diag:
        t = t.copy()
        idx = np.arange(5)
        t[..., idx, idx] = 1
    eff = _h(t) if transpose else t
    b = _rand(rng, (2, 3, 5, 4), dtype)
    for name, av in [("contiguous", a), ("transposed", np.swapaxes(np.ascontiguousarray(np.swapaxes(a, -1, -2)), -1, -2)),
                     ("strided", np.flip(np.flip(a, -1), -2)[..., ::-1, ::-1])]:
        a0 = av.copy()
        x = la.triangular_solve(av, b[..., ::-1, :][..., ::-1, :], upper=upper, transpose=transpose, unit_diag=unit_diag)
        assert x.dtype == dtype and x.shape == b.shape and x.flags.c_contiguous
        np.testing.assert_allclose(eff @ x, b, atol=TOL[dtype] * 10, err_msg=name)
        assert np.array_equal(av, a0)
        # batch of vectors
        xv = la.triangular_solve(av, b[..., 0], upper=upper, transpose=transpose, unit_diag=unit_diag)
        assert xv.shape == (2, 3, 5) and xv.flags.c_contiguous
        np.testing.assert_allclose(xv, x[..., 0], rtol=TOL[dtype], atol=TOL[dtype])


def test_triangular_solve_transpose_is_conjugate():
    a = np.array([[2, 0], [1j, 1]], dtype=np.complex128)
    b = np.array([1, 2], dtype=np.complex128)
    x = la.triangular_solve(a, b, upper=False, transpose=True)
    np.testing.assert_allclose(_h(a) @ x, b, atol=1e-14)


def test_triangular_solve_broadcast_batch():
    rng = np.random.default_rng(7)
    a = np.tril(rng.standard_normal((3, 3))) + 4 * np.eye(3)
    b = rng.standard_normal((4, 3, 2))
    x = la.triangular_solve(a, b)
    assert x.shape == (4, 3, 2)
    np.testing.assert_allclose(a @ x, b, atol=1e-12)
    x1 = la.triangular_solve(a, b[0, :, 0])      # 1-D b with 2-D a: a vector
    assert x1.shape == (3,)
    np.testing.assert_allclose(x1, x[0, :, 0], rtol=1e-12)


def test_triangular_solve_singular():
    a = np.array([[1.0, 0.0], [2.0, 0.0]])
    with pytest.raises(LinalgError, match="^triangular_solve"):
        la.triangular_solve(a, np.ones(2))
    # unit_diag ignores the zero
    x = la.triangular_solve(a, np.array([1.0, 4.0]), unit_diag=True)
    np.testing.assert_allclose(x, [1.0, 2.0])


def test_triangular_solve_shape_errors():
    with pytest.raises(ValueError, match="^triangular_solve"):
        la.triangular_solve(np.eye(3), np.ones(4))
    with pytest.raises(ValueError, match="^triangular_solve"):
        la.triangular_solve(np.eye(3), np.ones((2, 3)))


def test_triangular_solve_mixed_precision():
    a = np.array([[2.0, 0.0], [1.0, 1.0]], dtype=np.float32)
    x = la.triangular_solve(a, np.array([2.0, 3.0], dtype=np.float32))
    assert x.dtype == np.float32
    x = la.triangular_solve(a, np.array([2.0, 3.0], dtype=np.float64))
    assert x.dtype == np.float64


# ---------------------------------------------------------------- Array API extras

@pytest.mark.parametrize("dtype", DTYPES)
def test_inv_det_slogdet(dtype):
    rng = np.random.default_rng(8)
    for name, a in _layouts(rng, (2, 3, 4, 4), dtype):
        ai = la.inv(a)
        assert ai.dtype == dtype and ai.flags.c_contiguous
        np.testing.assert_allclose(a @ ai, np.broadcast_to(np.eye(4), a.shape), atol=TOL[dtype] * 50, err_msg=name)
        d = la.det(a)
        assert d.dtype == dtype and d.shape == (2, 3)
        sign, logabs = la.slogdet(a)
        assert sign.dtype == dtype
        assert logabs.dtype == (np.float32 if dtype in (np.float32, np.complex64) else np.float64)
        np.testing.assert_allclose(sign * np.exp(logabs), d, rtol=TOL[dtype] * 50)


def test_det_scalar_result_is_0d():
    d = la.det(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
    assert isinstance(d, np.ndarray) and d.shape == () and d.dtype == np.float32
    np.testing.assert_allclose(d, -2.0, rtol=1e-6)
    s, l_ = la.slogdet(np.zeros((2, 2)))
    assert s.shape == () and s == 0 and l_ == -np.inf


def test_inv_solve_singular():
    sing = np.array([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(LinalgError, match="^inv"):
        la.inv(sing)
    with pytest.raises(LinalgError, match="^solve"):
        la.solve(sing, np.ones(2))


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve(dtype):
    rng = np.random.default_rng(9)
    a = _rand(rng, (2, 4, 4), dtype) + 4 * np.eye(4).astype(dtype)
    b = _rand(rng, (2, 4, 3), dtype)
    x = la.solve(np.swapaxes(np.ascontiguousarray(np.swapaxes(a, -1, -2)), -1, -2), b[:, ::-1][:, ::-1])
    assert x.dtype == dtype and x.shape == (2, 4, 3)
    np.testing.assert_allclose(a @ x, b, atol=TOL[dtype] * 10)


def test_solve_vector_rule():
    rng = np.random.default_rng(10)
    a = rng.standard_normal((2, 3, 3)) + 3 * np.eye(3)
    # 1-D b: one vector, broadcast over the batch
    v = rng.standard_normal(3)
    x = la.solve(a, v)
    assert x.shape == (2, 3)
    np.testing.assert_allclose(np.einsum("bij,bj->bi", a, x), np.broadcast_to(v, (2, 3)), atol=1e-12)
    # 2-D b with batched a: a single matrix, broadcast (NOT a batch of vectors)
    m = rng.standard_normal((3, 3))
    x = la.solve(a, m)
    assert x.shape == (2, 3, 3)
    np.testing.assert_allclose(a @ x, np.broadcast_to(m, (2, 3, 3)), atol=1e-12)
    # 2-D b that would only make sense as a batch of vectors is an error
    with pytest.raises(ValueError, match="^solve"):
        la.solve(a, rng.standard_normal((2, 3))[:, :2])
    # broadcasting batch dims
    x = la.solve(a[None], rng.standard_normal((4, 1, 3, 2)))
    assert x.shape == (4, 2, 3, 2)


def test_solve_promotes():
    a = np.eye(2, dtype=np.float32)
    assert la.solve(a, np.ones(2, np.float32)).dtype == np.float32
    assert la.solve(a, np.ones(2, np.float64)).dtype == np.float64
    assert la.solve(a, np.ones(2, np.complex64)).dtype == np.complex64


@pytest.mark.parametrize("dtype", DTYPES)
def test_pinv(dtype):
    rng = np.random.default_rng(11)
    for name, a in _layouts(rng, (2, 5, 3), dtype):
        p = la.pinv(a)
        assert p.dtype == dtype and p.shape == (2, 3, 5)
        np.testing.assert_allclose(a @ p @ a, a, atol=TOL[dtype] * 50, err_msg=name)


def test_pinv_rtol_and_empty():
    a = np.diag([1.0, 1e-3])
    np.testing.assert_allclose(la.pinv(a), np.diag([1.0, 1e3]))
    np.testing.assert_allclose(la.pinv(a, rtol=1e-2), np.diag([1.0, 0.0]))
    assert la.pinv(np.zeros((2, 0, 3))).shape == (2, 3, 0)


def test_matrix_rank():
    a = np.array([[1.0, 2.0], [2.0, 4.0]])
    r = la.matrix_rank(a)
    assert r.shape == () and r.dtype == np.int64 and int(r) == 1
    b = np.stack([np.eye(3), np.diag([1.0, 1.0, 0.0]), np.zeros((3, 3))]).astype(np.float32)
    assert la.matrix_rank(b).tolist() == [3, 2, 0]
    d = np.diag([1.0, 1e-3, 1e-8])
    assert int(la.matrix_rank(d)) == 3
    assert int(la.matrix_rank(d, rtol=1e-5)) == 2
    assert la.matrix_rank(np.stack([d, d]), rtol=np.array([1e-5, 1e-2])).tolist() == [2, 1]
    assert la.matrix_rank(np.zeros((2, 0, 3))).tolist() == [0, 0]
    # float32 default tolerance uses float32 eps
    e = np.diag([1.0, 1e-9]).astype(np.float32)
    assert int(la.matrix_rank(e)) == 1


def test_integer_input_is_float64():
    q, r = la.qr(np.array([[1, 2], [3, 4]], dtype=np.int32))
    assert q.dtype == np.float64


def test_rejects_bad_input():
    with pytest.raises(ValueError, match="^cholesky"):
        la.cholesky(np.ones(3))
    with pytest.raises(ValueError, match="^inv"):
        la.inv(np.ones((2, 3)))
    with pytest.raises(ValueError, match="^qr"):
        la.qr(np.ones((2, 2), dtype=np.float16))


def test_empty_batches():
    assert la.cholesky(np.zeros((0, 3, 3))).shape == (0, 3, 3)
    q, r = la.qr(np.zeros((0, 4, 3)))
    assert q.shape == (0, 4, 3) and r.shape == (0, 3, 3)
    assert la.inv(np.zeros((2, 0, 0))).shape == (2, 0, 0)
    w, v = la.eigh(np.zeros((0, 2, 2)))
    assert w.shape == (0, 2) and v.shape == (0, 2, 2)
    assert la.triangular_solve(np.zeros((0, 2, 2)), np.zeros((0, 2))).shape == (0, 2)
