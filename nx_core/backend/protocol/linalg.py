"""The backend protocol: matrix products and linear algebra (batched over leading dimensions; fresh C-contiguous results).

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from ...tensor import Tensor

__all__ = ["LinalgPrimitives"]


class LinalgPrimitives(Protocol):
    """Matrix products and linear algebra (batched over leading dimensions; fresh C-contiguous results)."""

    # ------------------------------------------------------------ matrix
    def matmul(self, a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``matmul ~out a b`` computes the matrix product ``a x b`` on the
        last two dimensions, batched over the others with broadcasting via strides;
        a and b may be non-contiguous.

        Frontend guarantees: ``a[..., m, k]``, ``b[..., k, n]`` of one dtype, batch
        dims broadcastable (1-D handling is the frontend's). Backend must:
        ``out[..., m, n]``, any strides; integers wrap; complex supported."""

    def tensordot(self, a: Tensor, b: Tensor, *, axes: tuple[Sequence[int], Sequence[int]]) -> Tensor:
        """Frontend guarantees: paired axes of equal sizes, one dtype. Backend must: sum
        of products over the paired axes; free axes of ``a`` then of ``b``."""

    def vecdot(self, a: Tensor, b: Tensor, *, axis: int) -> Tensor:
        """Frontend guarantees: broadcast shapes, one dtype, negative ``axis`` allowed.
        Backend must: ``sum(conj(a) * b)`` along ``axis``."""

    # ------------------------------------------------------------ linalg
    def cholesky(self, a: Tensor, *, upper: bool = False) -> Tensor:
        """Seed 004: ``cholesky ~upper t`` computes the Cholesky factorization of a
        positive-definite matrix: L (lower) or U (upper) with ``A = L L^T`` or ``A =
        U^T U``; batched over leading dimensions.

        Frontend guarantees: ``a[..., n, n]`` Hermitian. Backend must: lower ``L``
        with ``A = L L^H`` (or upper ``U``, ``A = U^H U``), a's dtype; not positive
        definite raises LinalgError."""

    def qr(self, a: Tensor, *, reduced: bool = True) -> tuple[Tensor, Tensor]:
        """Seed 004: ``qr ~reduced t`` returns ``(Q, R)``, Q orthogonal and R upper
        triangular; reduced gives the economy-size factorization.

        Frontend guarantees: rank >= 2. Backend must: ``(Q, R)``, ``A = Q R``, Q with
        orthonormal columns, R upper triangular; ``k = min(m, n)``: reduced
        ``Q[..., m, k]``, ``R[..., k, n]``; complete ``Q[..., m, m]``, ``R[..., m, n]``."""

    def svd(self, a: Tensor, *, full_matrices: bool = True) -> tuple[Tensor, Tensor, Tensor]:
        """Seed 004: ``svd ~full_matrices t`` returns ``(U, S, Vh)``, S a float64
        vector of singular values in descending order; full_matrices false gives the
        thin SVD.

        Frontend guarantees: rank >= 2. Backend must: ``(U, S, Vh)`` with ``A = U
        diag(S) Vh``; ``S`` float64, descending, >= 0; full ``U[..., m, m]``, ``Vh[..., n,
        n]``; thin ``U[..., m, k]``, ``Vh[..., k, n]``."""

    def svdvals(self, a: Tensor) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: singular values, descending, in
        the real dtype of a's precision."""

    def eig(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        """Seed 004: ``eig ~vectors t`` computes the eigenvalues (and optionally the
        eigenvectors) of a square matrix, as complex results.

        Frontend guarantees: square. Backend must: complex128 eigenvalues ``[..., n]``
        and eigenvectors ``[..., n, n]`` (columns, ``A V = V diag(w)``) or None."""

    def eigh(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        """Seed 004: ``eigh ~vectors t`` computes the eigenvalues (float64) and
        optionally the eigenvectors of a symmetric or Hermitian matrix.

        Frontend guarantees: square, Hermitian (the lower triangle is read).
        Backend must: float64 eigenvalues ascending; eigenvectors (columns) in a's
        dtype, or None."""

    def triangular_solve(self, a: Tensor, b: Tensor, *, upper: bool, transpose: bool = False, unit_diag: bool = False) -> Tensor:
        """Seed 004: ``triangular_solve ~upper ~transpose ~unit_diag a b`` solves ``A x
        = b`` or ``A^T x = b`` for a triangular A; unit_diag assumes a diagonal of
        ones.

        Frontend guarantees: ``a[..., n, n]`` (only its ``upper``/lower triangle is
        read); ``b[..., n, k]``, or a batch of vectors iff ``rank(b) == rank(a) - 1``.
        Backend must: ``x`` with ``op(A) x = b`` (``op``: conjugate transpose when
        ``transpose``), b's shape; ``unit_diag`` ignores the stored diagonal; a zero on
        the diagonal raises LinalgError."""

    def inv(self, a: Tensor) -> Tensor:
        """Frontend guarantees: square. Backend must: the inverse; singular raises
        LinalgError."""

    def det(self, a: Tensor) -> Tensor:
        """Frontend guarantees: square. Backend must: the determinant (batch shape)."""

    def slogdet(self, a: Tensor) -> tuple[Tensor, Tensor]:
        """Frontend guarantees: square. Backend must: ``(sign, logabsdet)``: sign in a's
        dtype (0 when singular), logabsdet real (-inf when singular)."""

    def solve(self, a: Tensor, b: Tensor) -> Tensor:
        """Frontend guarantees: square ``a``; ``b`` one vector iff 1-D, else ``[..., n,
        k]`` with broadcastable batch dims. Backend must: ``x`` with ``A x = b``;
        singular raises LinalgError."""

    def pinv(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: the Moore-Penrose
        pseudo-inverse ``[..., n, m]``, zeroing singular values ``<= rtol * max(S)``
        (default ``max(m, n) * eps``)."""

    def matrix_rank(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: int64 count of singular values
        ``> rtol * max(S)`` per matrix (default ``max(m, n) * eps``)."""
