"""The backend protocol, part two: sorting, indexed access, windows, random, matrix,
FFT and linear algebra. The conventions and contract clauses are in ``protocol.py``.

Index results (argsort, nonzero, searchsorted, unique's indices) are int64 when the
backend allocates them; index inputs may be any integer dtype. FFT and linear-algebra
primitives always allocate (fresh C-contiguous results, batched over leading dims).
"""

from __future__ import annotations

from typing import Any, Literal, Protocol, Sequence

from ..tensor import Tensor

__all__ = ["ExtraPrimitives"]

Scalar = Any


class ExtraPrimitives(Protocol):
    """Sorting, indexed access, windows, random, matrix, FFT and linear algebra."""

    # ------------------------------------------------------------------ sorting
    def sort(self, x: Tensor, *, axis: int, descending: bool = False, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``axis`` valid; ``out`` has x's shape and dtype. Backend
        must: sort along ``axis``, STABLE in both directions; NaN last in both
        directions; ``-0.0 == 0.0`` (original order kept); unsigned as unsigned;
        complex lexicographic (real, then imaginary), any NaN part last; rank 0 copies."""

    def argsort(self, x: Tensor, *, axis: int, descending: bool = False, stable: bool = True, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: as ``sort``; ``out`` is an integer tensor of x's shape.
        Backend must: the permutation realising ``sort``'s order, ties by lower original
        index (``[3,1,2,1,3,2]`` ascending -> ``[1,3,2,5,0,4]``); int64 when
        allocating. With ``stable=False`` ties may come in any order (a faster sort)."""

    # ---------------------------------------------------------- indexed access
    def gather(self, data: Tensor, indices: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: rank >= 1, ``rank(indices) == rank(data)``, indices an
        integer tensor with ``indices.shape[d] <= data.shape[d]`` for ``d != axis``;
        ``out`` has indices' shape and data's dtype. Backend must: ``out[c] = data[c with
        c[axis] := indices[c]]``; a negative index gets ``data.shape[axis]`` added once;
        still out of range raises IndexError."""

    def scatter(
        self,
        template: Tensor,
        *,
        indices: Tensor,
        updates: Tensor,
        axis: int,
        mode: str = "set",
        unique_indices: bool = False,
    ) -> Tensor:
        """Frontend guarantees: equal ranks, ``indices.shape == updates.shape``, non-axis
        dims fit the template; ``mode`` in {"set", "add"}. Backend must: allocate a COPY
        of ``template`` and, for every index ``c`` of ``indices`` in row-major order,
        write (``set``: the LAST duplicate wins) or add (``add``: onto the template value)
        ``updates[c]`` at ``c with c[axis] := indices[c]`` (negatives wrap once; out of
        range raises IndexError); ``unique_indices`` is only a hint."""

    def take(self, x: Tensor, indices: Tensor, *, axis: int) -> Tensor:
        """Frontend guarantees: integer ``indices`` in ``[0, x.shape[axis])``. Backend
        must: NumPy ``take``: shape ``x.shape[:axis] + indices.shape + x.shape[axis+1:]``."""

    def index(self, x: Tensor, key: tuple) -> Tensor:
        """Frontend guarantees: ``key`` is normalised: ints, slices, None, Ellipsis and
        integer/bool Tensors; plain ints in range. Backend must: a fresh tensor ``x[key]``
        with NumPy semantics (integer arrays are paired and broadcast, negative values
        count from the end), and raise IndexError for an index array value out of range."""

    def index_put(self, x: Tensor, key: tuple, value: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: as ``index``; ``value`` broadcasts to ``x[key]``; ``x``
        is unmasked. Backend must: write ``value`` into ``x[key]`` in place through x's
        view (last write wins; correct when ``value`` overlaps ``x``); return ``x``; raise
        IndexError, writing nothing, for an index array value out of range."""

    def nonzero(self, x: Tensor) -> tuple[Tensor, ...]:
        """Frontend guarantees: rank >= 1. Backend must: one int64 1-D tensor per axis,
        the row-major coordinates of the non-zero elements (NaN is non-zero)."""

    def searchsorted(self, x1: Tensor, x2: Tensor, *, side: Literal["left", "right"]) -> Tensor:
        """Frontend guarantees: ``x1`` 1-D ascending (NaN last); ``side`` in {"left",
        "right"}. Backend must: int64 insertion points of every element of ``x2`` (x2's
        shape), as NumPy ``searchsorted``."""

    def unique(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        """Frontend guarantees: nothing. Backend must: over the flattened ``x``: sorted
        distinct values, int64 index of each value's first occurrence, int64 inverse
        indices (flat), int64 counts; every NaN is distinct."""

    def isin(self, x1: Tensor, x2: Tensor, *, invert: bool = False) -> Tensor:
        """Frontend guarantees: comparable dtypes. Backend must: bool of x1's shape,
        whether each element equals some element of ``x2`` (negated when ``invert``)."""

    def repeat(self, x: Tensor, repeats: Tensor | int, *, axis: int) -> Tensor:
        """Frontend guarantees: non-negative ``repeats``, an int or a 1-D integer tensor
        of length ``x.shape[axis]``. Backend must: each element repeated consecutively."""

    # ------------------------------------------------------------------ windows
    def unfold(
        self,
        x: Tensor,
        *,
        kernel_size: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[tuple[int, int]],
    ) -> Tensor:
        """Frontend guarantees: K = len(kernel_size) = len(stride) = len(dilation) =
        len(padding); sizes >= 1, padding >= 0; rank >= K. Backend must: allocate
        ``(lead..., prod(kernel_size), L)`` over the last K (spatial) dims: row ``kf``
        (kernel offsets row-major), column ``l`` (windows row-major),
        ``sp_d = b_d*stride_d + q_d*dil_d - pb_d``; outside the input reads 0.
        ``L_d = (in_d + pb + pa - (dil*(k-1)+1)) // stride + 1``; a negative numerator
        raises ValueError."""

    def fold(
        self,
        x: Tensor,
        *,
        output_size: Sequence[int],
        kernel_size: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        padding: Sequence[tuple[int, int]],
    ) -> Tensor:
        """Frontend guarantees: parameters as ``unfold`` with ``x`` of shape ``(lead...,
        prod(kernel_size), L)`` matching ``output_size``. Backend must: allocate
        ``(lead..., output_size...)`` starting from zeros and ADD each ``x[lead, kf, l]``
        at its spatial position (overlaps sum; contributions in the padding dropped)."""

    # ------------------------------------------------------------------- random
    def threefry(self, key: Tensor, counter: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``key`` and ``counter`` int32 (or uint32) of one shape
        whose last dim is 2 (else ValueError). Backend must: Threefry-2x32-20 (Random123
        ``threefry2x32_20``) of each counter pair under its key pair, on the uint32 bit
        patterns; result in counter's dtype and shape; pairs addressed through any
        last-axis stride."""

    # ------------------------------------------------------------------- matrix
    def matmul(self, a: Tensor, b: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``a[..., m, k]``, ``b[..., k, n]`` of one dtype, batch
        dims broadcastable (1-D handling is the frontend's). Backend must:
        ``out[..., m, n]``, any strides; integers wrap; complex supported."""

    def tensordot(self, a: Tensor, b: Tensor, *, axes: tuple[Sequence[int], Sequence[int]]) -> Tensor:
        """Frontend guarantees: paired axes of equal sizes, one dtype. Backend must: sum
        of products over the paired axes; free axes of ``a`` then of ``b``."""

    def vecdot(self, a: Tensor, b: Tensor, *, axis: int) -> Tensor:
        """Frontend guarantees: broadcast shapes, one dtype, negative ``axis`` allowed.
        Backend must: ``sum(conj(a) * b)`` along ``axis``."""

    # ---------------------------------------------------------------------- fft
    def fft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: valid, distinct axes; complex (real promoted). Backend
        must: UNNORMALISED forward DFT ``X[k] = sum_j x[j] exp(-2 pi i jk/n)`` along each
        axis; same shape and dtype (float32 -> complex64, else complex128)."""

    def ifft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: as ``fft``. Backend must: ``+`` sign and NO ``1/n``
        (``ifft(fft(x)) = n * x``)."""

    def rfft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: real input, non-empty axes. Backend must: real-input DFT
        (float32 -> complex64, float64 -> complex128); the last listed axis keeps
        ``n//2 + 1`` bins, the others are full transforms; unnormalised."""

    def irfft(self, x: Tensor, *, axes: Sequence[int], s: Sequence[int] | None = None) -> Tensor:
        """Frontend guarantees: complex input, non-empty axes, ``s`` one per axis or
        None. Backend must: unnormalised inverse of ``rfft`` (``irfft(rfft(x), s=[n]) =
        n*x``); last axis length ``s[-1]`` or ``2*(m-1)``, using the first ``n//2+1``
        bins (extra truncated, missing zero; imaginary parts of bin 0 and of bin n/2 for
        even n ignored); complex64 -> float32, complex128 -> float64."""

    # ------------------------------------------------------------------ linalg
    def cholesky(self, a: Tensor, *, upper: bool = False) -> Tensor:
        """Frontend guarantees: ``a[..., n, n]`` Hermitian. Backend must: lower ``L``
        with ``A = L L^H`` (or upper ``U``, ``A = U^H U``), a's dtype; not positive
        definite raises LinalgError."""

    def qr(self, a: Tensor, *, reduced: bool = True) -> tuple[Tensor, Tensor]:
        """Frontend guarantees: rank >= 2. Backend must: ``(Q, R)``, ``A = Q R``, Q with
        orthonormal columns, R upper triangular; ``k = min(m, n)``: reduced
        ``Q[..., m, k]``, ``R[..., k, n]``; complete ``Q[..., m, m]``, ``R[..., m, n]``."""

    def svd(self, a: Tensor, *, full_matrices: bool = True) -> tuple[Tensor, Tensor, Tensor]:
        """Frontend guarantees: rank >= 2. Backend must: ``(U, S, Vh)`` with ``A = U
        diag(S) Vh``; ``S`` float64, descending, >= 0; full ``U[..., m, m]``, ``Vh[..., n,
        n]``; thin ``U[..., m, k]``, ``Vh[..., k, n]``."""

    def svdvals(self, a: Tensor) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: singular values, descending, in
        the real dtype of a's precision."""

    def eig(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        """Frontend guarantees: square. Backend must: complex128 eigenvalues ``[..., n]``
        and eigenvectors ``[..., n, n]`` (columns, ``A V = V diag(w)``) or None."""

    def eigh(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        """Frontend guarantees: square, Hermitian (the lower triangle is read).
        Backend must: float64 eigenvalues ascending; eigenvectors (columns) in a's
        dtype, or None."""

    def triangular_solve(self, a: Tensor, b: Tensor, *, upper: bool, transpose: bool = False, unit_diag: bool = False) -> Tensor:
        """Frontend guarantees: ``a[..., n, n]`` (only its ``upper``/lower triangle is
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
