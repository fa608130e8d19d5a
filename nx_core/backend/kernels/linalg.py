"""Linear-algebra kernels, batched over leading dimensions.

Inputs may be float32, float64, complex64 or complex128 in any layout (integer and
bool inputs are computed in float64).  Results keep the input precision, except
where the specification fixes float64 / complex128 (``svd``'s singular values,
``eig``, ``eigh``'s eigenvalues).  Every result is a fresh C-contiguous array.
Numerical failures (singular matrix, not positive definite, non-finite input that
LAPACK rejects) raise :class:`nx_core.errors.LinalgError`.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from nx_core.errors import LinalgError

__all__ = [
    "cholesky",
    "qr",
    "svd",
    "svdvals",
    "eig",
    "eigh",
    "triangular_solve",
    "inv",
    "det",
    "slogdet",
    "solve",
    "pinv",
    "matrix_rank",
]

_SUPPORTED = tuple(np.dtype(t) for t in (np.float32, np.float64, np.complex64, np.complex128))


def _compute_dtype(name: str, dt: np.dtype) -> np.dtype:
    if dt in _SUPPORTED:
        return dt
    if dt.kind in "biu":
        return np.dtype(np.float64)
    raise ValueError(f"{name}: unsupported dtype {dt} (expected float32, float64, complex64 or complex128)")


def _prep(name: str, a: Any, square: bool = False) -> np.ndarray:
    a = np.asarray(a)
    if a.ndim < 2:
        raise ValueError(f"{name}: input must have rank >= 2, got shape {list(a.shape)}")
    if square and a.shape[-1] != a.shape[-2]:
        raise ValueError(f"{name}: last two dimensions must be square, got shape {list(a.shape)}")
    return a.astype(_compute_dtype(name, a.dtype), copy=False)


def _real_dtype(dt: np.dtype) -> np.dtype:
    return np.dtype(np.float32) if dt in (np.float32, np.complex64) else np.dtype(np.float64)


def _fresh(x: Any, dtype: Any = None) -> np.ndarray:
    # asarray(order="C") keeps 0-d results 0-d (ascontiguousarray would make them 1-d).
    return np.asarray(x, dtype=dtype, order="C")


def _lapack(name: str, what: str, fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except np.linalg.LinAlgError as e:
        raise LinalgError(f"{name}: {what} ({e})") from None


# ---------------------------------------------------------------- factorisations

def cholesky(a: np.ndarray, upper: bool = False) -> np.ndarray:
    """Lower ``L`` with ``A = L L^H`` (or upper ``U`` with ``A = U^H U``); reads one triangle."""
    a = _prep("cholesky", a, square=True)
    r = _lapack("cholesky", "matrix is not positive definite", np.linalg.cholesky, a, upper=bool(upper))
    return _fresh(r, a.dtype)


def qr(a: np.ndarray, reduced: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``(Q, R)``: reduced ``Q[...,m,k]``, ``R[...,k,n]``; complete ``Q[...,m,m]``, ``R[...,m,n]``."""
    a = _prep("qr", a)
    q, r = _lapack("qr", "factorisation failed", np.linalg.qr, a, mode="reduced" if reduced else "complete")
    return _fresh(q, a.dtype), _fresh(r, a.dtype)


def svd(a: np.ndarray, full_matrices: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(U, S, Vh)``; ``S`` float64, descending; full ``U[...,m,m]``/``Vh[...,n,n]``, thin
    ``U[...,m,k]``/``Vh[...,k,n]``."""
    a = _prep("svd", a)
    u, s, vh = _lapack("svd", "did not converge", np.linalg.svd, a, full_matrices=bool(full_matrices))
    return _fresh(u, a.dtype), _fresh(s, np.float64), _fresh(vh, a.dtype)


def svdvals(a: np.ndarray) -> np.ndarray:
    """Singular values, descending, real dtype of the input's precision (Array API rule)."""
    a = _prep("svdvals", a)
    s = _lapack("svdvals", "did not converge", np.linalg.svd, a, compute_uv=False)
    return _fresh(s, _real_dtype(a.dtype))


def eig(a: np.ndarray, vectors: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """General eigen-decomposition; eigenvalues ``[...,n]`` and eigenvectors ``[...,n,n]``
    (columns), both complex128.  ``vectors=False`` gives ``(w, None)``."""
    return _eigen("eig", a, vectors, np.linalg.eig, np.linalg.eigvals, np.complex128, np.complex128)


def eigh(a: np.ndarray, vectors: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """Hermitian eigen-decomposition from the lower triangle; eigenvalues float64
    ascending, eigenvectors (columns) in the input dtype or None."""
    return _eigen("eigh", a, vectors, np.linalg.eigh, np.linalg.eigvalsh, np.float64, None)


def _eigen(name: str, a: np.ndarray, vectors: bool, both: Callable, values: Callable,
           w_dtype: Any, v_dtype: Any) -> tuple[np.ndarray, np.ndarray | None]:
    """``name``'s eigenvalues (``w_dtype``) and, when ``vectors``, eigenvectors (``v_dtype``,
    None for the input's dtype) by NumPy's ``both`` or ``values``."""
    a = _prep(name, a, square=True)
    if vectors:
        w, v = _lapack(name, "did not converge", both, a)
        return _fresh(w, w_dtype), _fresh(v, a.dtype if v_dtype is None else v_dtype)
    return _fresh(_lapack(name, "did not converge", values, a), w_dtype), None


# ---------------------------------------------------------------- triangular solve

def triangular_solve(
    a: np.ndarray,
    b: np.ndarray,
    upper: bool = False,
    transpose: bool = False,
    unit_diag: bool = False,
) -> np.ndarray:
    """Solve ``op(A) x = b`` with ``A`` triangular (only its ``upper``/lower triangle is
    read); ``op`` is the (conjugate, for complex) transpose when ``transpose``.
    ``a[..., n, n]``; ``b[..., n, k]``, or a batch of vectors ``b[..., n]`` iff
    ``b.ndim == a.ndim - 1``.  Batch dims broadcast."""
    name = "triangular_solve"
    a = _prep(name, a, square=True)
    b = np.asarray(b)
    n = a.shape[-1]
    vec = b.ndim == a.ndim - 1
    if b.ndim < 1:
        raise ValueError(f"{name}: b must have rank >= 1")
    if vec:
        if b.shape[-1] != n:
            raise ValueError(f"{name}: b shape {list(b.shape)} incompatible with a shape {list(a.shape)}")
        bm = b[..., None]
    else:
        if b.ndim < 2 or b.shape[-2] != n:
            raise ValueError(f"{name}: b shape {list(b.shape)} incompatible with a shape {list(a.shape)}")
        bm = b
    dt = np.result_type(a.dtype, _compute_dtype(name, b.dtype))
    a = a.astype(dt, copy=False)
    try:
        batch = np.broadcast_shapes(a.shape[:-2], bm.shape[:-2])
    except ValueError:
        raise ValueError(
            f"{name}: batch dims of a {list(a.shape)} and b {list(b.shape)} do not broadcast"
        ) from None
    k = bm.shape[-1]

    # Effective matrix and orientation.
    m = np.swapaxes(a, -1, -2) if transpose else a
    if transpose and dt.kind == "c":
        m = np.conj(m)
    lower = (not upper) if not transpose else bool(upper)  # transposing flips the triangle
    m = np.broadcast_to(m, batch + (n, n))

    if unit_diag:
        diag = None
    else:
        diag = np.diagonal(m, axis1=-2, axis2=-1)
        if np.any(diag == 0):
            raise LinalgError(f"{name}: singular matrix (zero on the diagonal)")

    x = np.array(np.broadcast_to(bm, batch + (n, k)), dtype=dt, copy=True, order="C")
    order = range(n) if lower else range(n - 1, -1, -1)
    for i in order:
        if lower:
            if i:
                x[..., i : i + 1, :] -= m[..., i : i + 1, :i] @ x[..., :i, :]
        elif i < n - 1:
            x[..., i : i + 1, :] -= m[..., i : i + 1, i + 1 :] @ x[..., i + 1 :, :]
        if diag is not None:
            x[..., i, :] /= diag[..., i, None]
    return _fresh(x[..., 0]) if vec else x


# ---------------------------------------------------------------- Array API extras

def inv(a: np.ndarray) -> np.ndarray:
    a = _prep("inv", a, square=True)
    r = _lapack("inv", "singular matrix", np.linalg.inv, a)
    return _fresh(r, a.dtype)


def det(a: np.ndarray) -> np.ndarray:
    a = _prep("det", a, square=True)
    r = _lapack("det", "failed", np.linalg.det, a)
    return _fresh(r, a.dtype)


def slogdet(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(sign, logabsdet)``: sign in the input dtype (0 for singular), logabsdet in the
    real dtype of the input precision (-inf for singular)."""
    a = _prep("slogdet", a, square=True)
    sign, logabs = _lapack("slogdet", "failed", np.linalg.slogdet, a)
    return _fresh(sign, a.dtype), _fresh(logabs, _real_dtype(a.dtype))


def solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Solve ``A x = b``.  ``b`` is one vector iff ``b.ndim == 1`` (Array API 2025.12),
    otherwise a stack of matrices ``[..., n, k]``; batch dims broadcast."""
    a = _prep("solve", a, square=True)
    b = np.asarray(b)
    bdt = _compute_dtype("solve", b.dtype)
    dt = np.result_type(a.dtype, bdt)
    n = a.shape[-1]
    if b.ndim == 0:
        raise ValueError("solve: b must have rank >= 1")
    if b.ndim == 1:
        if b.shape[0] != n:
            raise ValueError(f"solve: b shape {list(b.shape)} incompatible with a shape {list(a.shape)}")
    else:
        if b.shape[-2] != n:
            raise ValueError(f"solve: b shape {list(b.shape)} incompatible with a shape {list(a.shape)}")
        try:
            np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        except ValueError:
            raise ValueError(
                f"solve: batch dims of a {list(a.shape)} and b {list(b.shape)} do not broadcast"
            ) from None
    r = _lapack("solve", "singular matrix", np.linalg.solve, a.astype(dt, copy=False), b.astype(dt, copy=False))
    return _fresh(r, dt)


def pinv(a: np.ndarray, rtol: Any = None) -> np.ndarray:
    """Moore-Penrose pseudo-inverse; singular values ``<= rtol * max(S)`` are zeroed.
    ``rtol=None`` means ``max(m, n) * eps`` of the input precision."""
    a = _prep("pinv", a)
    m, n = a.shape[-2:]
    if a.size == 0:
        return np.zeros(a.shape[:-2] + (n, m), dtype=a.dtype)
    if rtol is not None:
        rtol = np.asarray(rtol, dtype=np.float64)
    r = _lapack("pinv", "did not converge", np.linalg.pinv, a, rtol=rtol)
    return _fresh(r, a.dtype)


def matrix_rank(a: np.ndarray, rtol: Any = None) -> np.ndarray:
    """Number of singular values ``> rtol * max(S)`` per matrix (int64, batch shape).
    ``rtol=None`` means ``max(m, n) * eps`` of the input precision; an array ``rtol``
    broadcasts against the batch dims."""
    a = _prep("matrix_rank", a)
    m, n = a.shape[-2:]
    batch = a.shape[:-2]
    if m == 0 or n == 0:
        return np.zeros(batch, dtype=np.int64)
    s = _lapack("matrix_rank", "did not converge", np.linalg.svd, a, compute_uv=False)
    if rtol is None:
        rtol_arr = np.asarray(max(m, n) * np.finfo(_real_dtype(a.dtype)).eps, dtype=np.float64)
    else:
        rtol_arr = np.asarray(rtol, dtype=np.float64)
    tol = s.max(axis=-1).astype(np.float64) * rtol_arr
    rank = np.count_nonzero(s > tol[..., None], axis=-1)
    return _fresh(rank, np.int64)
