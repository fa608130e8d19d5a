"""Linear algebra, statistical and utility functions compute on the device of their
inputs: results live there (whatever the default device), arrays on two devices in one
call are a ValueError naming both, and on ``no_float64`` float32 work stays float32."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import linalg as la

RNG = np.random.default_rng(2024)
M = RNG.standard_normal((3, 3)) + 3 * np.eye(3)  # well conditioned
SPD = M @ M.T
V = RNG.standard_normal(3)
X = RNG.standard_normal((2, 3, 4))


def on(a, device, dtype=None):
    return xp.asarray(np.asarray(a, dtype=dtype), device=device)


def check(r, expected, device, rtol=1e-10):
    """``r`` lives on ``device`` (its backend) and holds ``expected``."""
    assert r.device == xp.Device(device)
    assert r.backend is xp.Device(device).backend
    np.testing.assert_allclose(np.asarray(r), expected, rtol=rtol, atol=rtol)


# (function of the arrays, inputs, NumPy's result)
ONE_DEVICE = {
    # linalg
    "cholesky": (la.cholesky, (SPD,), np.linalg.cholesky(SPD)),
    "det": (la.det, (M,), np.linalg.det(M)),
    "inv": (la.inv, (M,), np.linalg.inv(M)),
    "svdvals": (la.svdvals, (M,), np.linalg.svd(M, compute_uv=False)),
    "eigvalsh": (la.eigvalsh, (SPD,), np.linalg.eigvalsh(SPD)),
    "slogdet.logabsdet": (lambda x: la.slogdet(x).logabsdet, (M,), np.linalg.slogdet(M)[1]),
    "pinv": (la.pinv, (M,), np.linalg.pinv(M)),
    "pinv-rtol": (lambda x, r: la.pinv(x, rtol=r), (M, np.float64(1e-3)), np.linalg.pinv(M, rcond=1e-3)),
    "matrix_rank": (la.matrix_rank, (M,), np.linalg.matrix_rank(M)),
    "matrix_power-0": (lambda x: la.matrix_power(x, 0), (M,), np.eye(3)),
    "matrix_power-3": (lambda x: la.matrix_power(x, 3), (M,), np.linalg.matrix_power(M, 3)),
    "matrix_power--1": (lambda x: la.matrix_power(x, -1), (M,), np.linalg.inv(M)),
    "solve": (la.solve, (M, V), np.linalg.solve(M, V)),
    "cross": (la.cross, (M, V), np.cross(M, V)),
    "outer": (la.outer, (V, V), np.outer(V, V)),
    "diagonal": (lambda x: la.diagonal(x, offset=1), (M,), np.diagonal(M, 1)),
    "trace": (la.trace, (M,), np.trace(M)),
    "vector_norm": (la.vector_norm, (X,), np.linalg.norm(X.ravel())),
    "vector_norm-inf-empty": (
        lambda x: la.vector_norm(x, axis=0, ord=float("inf")),
        (np.zeros((0, 2)),),
        np.zeros(2),
    ),
    "matrix_norm-fro": (la.matrix_norm, (M,), np.linalg.norm(M)),
    "matrix_norm-nuc": (lambda x: la.matrix_norm(x, ord="nuc"), (M,), np.linalg.norm(M, "nuc")),
    "matrix_norm-1": (lambda x: la.matrix_norm(x, ord=1, keepdims=True), (M,), np.linalg.norm(M, 1, keepdims=True)),
    # main-namespace linear algebra
    "matmul": (xp.matmul, (M, V), M @ V),
    "@": (lambda a, b: a @ b, (M, M), M @ M),
    "matrix_transpose": (xp.matrix_transpose, (X,), np.swapaxes(X, -1, -2)),
    "tensordot": (lambda a, b: xp.tensordot(a, b, axes=1), (M, M), np.tensordot(M, M, axes=1)),
    "vecdot": (xp.vecdot, (M, V), M @ V),
    # statistics
    "sum": (lambda x: xp.sum(x, axis=1), (X,), X.sum(axis=1)),
    "prod": (xp.prod, (X,), X.prod()),
    "max": (lambda x: xp.max(x, axis=(0, 2)), (X,), X.max(axis=(0, 2))),
    "min": (xp.min, (X,), X.min()),
    "mean": (lambda x: xp.mean(x, axis=-1), (X,), X.mean(axis=-1)),
    "var": (lambda x: xp.var(x, correction=1), (X,), X.var(ddof=1)),
    "var-nan": (lambda x: xp.var(x, axis=0, correction=2), (X,), np.full((3, 4), np.nan)),
    "std": (lambda x: xp.std(x, axis=0), (X,), X.std(axis=0)),
    "cumulative_sum": (
        lambda x: xp.cumulative_sum(x, axis=1, include_initial=True),
        (X,),
        np.concatenate([np.zeros((2, 1, 4)), X.cumsum(axis=1)], axis=1),
    ),
    "cumulative_prod": (lambda x: xp.cumulative_prod(x, axis=2), (X,), X.cumprod(axis=2)),
    # utilities
    "all": (lambda x: xp.all(x, axis=0), (X > 0,), (X > 0).all(axis=0)),
    "any": (xp.any, (X > 0,), (X > 0).any()),
    "diff": (lambda x: xp.diff(x, n=2, axis=1), (X,), np.diff(X, n=2, axis=1)),
    "diff-scalar-edges": (
        lambda x: xp.diff(x, prepend=0.0, append=1.0),
        (V,),
        np.diff(V, prepend=0.0, append=1.0),
    ),
    "diff-array-edges": (lambda x, p: xp.diff(x, prepend=p), (V, V[:1]), np.diff(V, prepend=V[:1])),
}


@pytest.mark.parametrize("default", [None, "device2"])
@pytest.mark.parametrize("case", sorted(ONE_DEVICE))
def test_results_live_on_the_inputs_device(case, default):
    """On device1 (the default device being cpu or device2) the result is on device1
    and equals NumPy's, including arrays the function creates (identity, fills)."""
    fn, args, expected = ONE_DEVICE[case]
    arrays = [on(a, "device1") for a in args]
    if default is None:
        r = fn(*arrays)
    else:
        with xp.using_device(default):
            r = fn(*arrays)
    check(r, expected, "device1")


def test_factorisations_live_on_the_inputs_device():
    x = on(M, "device1")
    for parts in (la.qr(x), la.svd(x), la.eigh(on(SPD, "device1")), la.eig(x), la.slogdet(x)):
        for p in parts:
            assert p.device == xp.Device("device1")
            assert p.backend is x.backend
    w = la.eigvals(x)
    assert w.device == xp.Device("device1")
    np.testing.assert_allclose(np.sort_complex(np.asarray(w)), np.sort_complex(np.linalg.eigvals(M)))


# (function of two arrays, the two inputs): every function of these modules that
# takes two or more arrays.
TWO_DEVICES = {
    "matmul": (xp.matmul, M, M),
    "@": (lambda a, b: a @ b, M, M),
    "tensordot": (xp.tensordot, M, M),
    "vecdot": (xp.vecdot, M, V),
    "linalg.matmul": (la.matmul, M, M),
    "linalg.tensordot": (la.tensordot, M, M),
    "linalg.vecdot": (la.vecdot, M, V),
    "solve": (la.solve, M, V),
    "cross": (la.cross, M, V),
    "outer": (la.outer, V, V),
    "pinv": (lambda x, r: la.pinv(x, rtol=r), M, np.float64(1e-3)),
    "matrix_rank": (lambda x, r: la.matrix_rank(x, rtol=r), M, np.float64(1e-3)),
    "diff-prepend": (lambda x, p: xp.diff(x, prepend=p), V, V[:1]),
    "diff-append": (lambda x, p: xp.diff(x, append=p), V, V[:1]),
}


@pytest.mark.parametrize("case", sorted(TWO_DEVICES))
def test_arrays_on_two_devices_raise(case):
    fn, a, b = TWO_DEVICES[case]
    with pytest.raises(ValueError, match="'device1' and 'device2'"):
        fn(on(a, "device1"), on(b, "device2"))
    with pytest.raises(ValueError, match="'device2' and 'device1'"):
        fn(on(a, "device2"), on(b, "device1"))


# ------------------------------------------------------------------ no_float64
F32 = {
    "inv": (la.inv, (M,)),
    "det": (la.det, (M,)),
    "cholesky": (la.cholesky, (SPD,)),
    "svdvals": (la.svdvals, (M,)),
    "eigvalsh": (la.eigvalsh, (SPD,)),
    "slogdet.logabsdet": (lambda x: la.slogdet(x).logabsdet, (M,)),
    "pinv": (la.pinv, (M,)),
    "solve": (la.solve, (M, V)),
    "matrix_power-0": (lambda x: la.matrix_power(x, 0), (M,)),
    "matrix_power-2": (lambda x: la.matrix_power(x, 2), (M,)),
    "trace": (la.trace, (M,)),
    "cross": (la.cross, (M, V)),
    "outer": (la.outer, (V, V)),
    "matmul": (xp.matmul, (M, V)),
    "tensordot": (xp.tensordot, (M, M)),
    "vecdot": (xp.vecdot, (M, V)),
    "vector_norm": (la.vector_norm, (X,)),
    "vector_norm-0": (lambda x: la.vector_norm(x, ord=0), (X,)),
    "vector_norm-3": (lambda x: la.vector_norm(x, ord=3), (X,)),
    "matrix_norm-fro": (la.matrix_norm, (M,)),
    "matrix_norm-2": (lambda x: la.matrix_norm(x, ord=2), (M,)),
    "matrix_norm-inf": (lambda x: la.matrix_norm(x, ord=float("inf")), (M,)),
    "sum": (xp.sum, (X,)),
    "prod": (lambda x: xp.prod(x, axis=0), (X,)),
    "max": (xp.max, (X,)),
    "mean": (xp.mean, (X,)),
    "var": (lambda x: xp.var(x, axis=1), (X,)),
    "var-nan": (lambda x: xp.var(x, axis=0, correction=5), (X,)),
    "std": (xp.std, (X,)),
    "cumulative_sum": (lambda x: xp.cumulative_sum(x, axis=0, include_initial=True), (X,)),
    "cumulative_prod": (lambda x: xp.cumulative_prod(x, axis=1), (X,)),
    "diff": (lambda x: xp.diff(x, prepend=0.5), (X,)),
}


@pytest.mark.parametrize("case", sorted(F32))
def test_no_float64_float32_stays_float32(case):
    fn, args = F32[case]
    arrays = [on(a, "no_float64", np.float32) for a in args]
    r = fn(*arrays)
    assert r.dtype == xp.float32
    assert r.backend is xp.Device("no_float64").backend
    expected = fn(*[on(a, "cpu", np.float32) for a in args])
    np.testing.assert_allclose(np.asarray(r), np.asarray(expected), rtol=1e-6, equal_nan=True)


def test_no_float64_complex64_gives_float32_and_complex64():
    c = on(M + 1j * M.T, "no_float64", np.complex64)
    for r in (la.vector_norm(c), la.matrix_norm(c), la.svdvals(c), xp.linalg.matrix_norm(c, ord="nuc")):
        assert r.dtype == xp.float32 and r.device == xp.Device("no_float64")
    assert la.eigvals(on(M, "no_float64", np.float32)).dtype == xp.complex64
    assert xp.sum(c).dtype == xp.complex64
    assert la.vecdot(c, on(V, "no_float64", np.float32)).dtype == xp.complex64


@pytest.mark.parametrize(
    "fn",
    [
        lambda x: xp.sum(x, dtype=xp.float64),
        lambda x: xp.prod(x, dtype=xp.float64),
        lambda x: xp.cumulative_sum(x, axis=0, dtype=xp.float64),
        lambda x: xp.cumulative_prod(x, axis=0, dtype=xp.complex128),
        lambda x: la.trace(x, dtype=xp.float64),
    ],
)
def test_no_float64_rejects_64_bit_accumulation(fn):
    with pytest.raises(ValueError, match="Device\\('no_float64'\\) does not support dtype (float64|complex128)"):
        fn(on(M, "no_float64", np.float32))


def test_no_float64_integer_defaults():
    i = on([[1, 2], [3, 4]], "no_float64", np.int32)
    assert xp.sum(i).dtype == xp.int64
    assert la.trace(i).dtype == xp.int64
    assert la.matrix_rank(on(M, "no_float64", np.float32)).dtype == xp.int64
