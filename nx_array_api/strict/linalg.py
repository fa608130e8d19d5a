"""The ``linalg`` extension of the strict namespace: nx_array_api.linalg's functions
(each works on its array's namespace).

``__all__`` is array-api-strict's own, name for name: as in array-api-strict 2.6,
``eig`` and ``eigvals`` (added by the 2025.12 standard) are attributes of the extension
but not listed in it, so that a test suite written against array-api-strict sees the same
extension here.
"""

from __future__ import annotations

from .. import linalg as _linalg
from .._flags import public_dir
# eig and eigvals: attributes of the extension, not listed (see above).
from ..linalg import cholesky as cholesky, cross as cross, det as det, diagonal as diagonal
from ..linalg import eig as eig, eigh as eigh, eigvals as eigvals, eigvalsh as eigvalsh, inv as inv
from ..linalg import matmul as matmul, matrix_norm as matrix_norm, matrix_power as matrix_power
from ..linalg import matrix_rank as matrix_rank, matrix_transpose as matrix_transpose
from ..linalg import outer as outer, pinv as pinv, qr as qr, slogdet as slogdet, solve as solve
from ..linalg import svd as svd, svdvals as svdvals, tensordot as tensordot, trace as trace
from ..linalg import vecdot as vecdot, vector_norm as vector_norm

#: What array-api-strict's extension does not list of the drop-in's.
_UNLISTED = ("eig", "eigvals")
__all__ = [n for n in _linalg.__all__ if n not in _UNLISTED]


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
