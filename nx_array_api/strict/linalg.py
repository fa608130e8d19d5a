"""The ``linalg`` extension of the strict namespace: nx_array_api.linalg's functions
(each works on its array's namespace).

``__all__`` is array-api-strict's own, name for name: as in array-api-strict 2.6,
``eig`` and ``eigvals`` (added by the 2025.12 standard) are attributes of the extension
but not listed in it, so that a test suite written against array-api-strict sees the same
extension here.
"""

from __future__ import annotations

from ..linalg import (  # noqa: F401
    cholesky,
    cross,
    det,
    diagonal,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    matmul,
    matrix_norm,
    matrix_power,
    matrix_rank,
    matrix_transpose,
    outer,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
    tensordot,
    trace,
    vecdot,
    vector_norm,
)

__all__ = [
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eigh",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
]
