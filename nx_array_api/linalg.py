"""The ``linalg`` extension of the standard (2025.12, with ``eig`` and ``eigvals``).

Factorisations and solvers are single backend calls after validation; norms, traces,
``cross``, ``outer`` and ``matrix_power`` are compositions of backend primitives.
Results keep the input's precision: a float32 (complex64) input gives float32
(complex64) results, and real-valued results of complex inputs (singular values,
eigenvalues of Hermitian matrices, norms) have the matching real dtype.
Functions the standard defines for floating-point inputs raise TypeError for others.
Numerical failures (a singular matrix, a matrix that is not positive definite) raise
``nx_core.errors.LinalgError``, a ValueError, whose message names the function.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Literal, NamedTuple, Optional, Tuple, Union

from nx_core import shape as _shape
from nx_core.dtype import DType
from nx_core.errors import AxisError, LinalgError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array
from . import _linear_algebra_functions as _main
from ._flags import public_dir, register_extension
from ._linear_algebra_functions import promote_operands
from ._compose import cast, kept
from ._elementwise_functions import multiply
from ._statistical_functions import accumulation_dtype
from ._validation import as_int, backend_of, broadcast_shapes, broadcast_tensor, check_array, check_bool, check_category, check_device_dtype, check_shape, default_dtype, extension, normalize_axes

__all__ = [
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
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

_INF = float("inf")


class EighResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    Q: Array
    R: Array


class SlogdetResult(NamedTuple):
    sign: Array
    logabsdet: Array


class SVDResult(NamedTuple):
    U: Array
    S: Array
    Vh: Array


# ------------------------------------------------------------------ helpers
def _floating(name: str, x: Any, arg: str = "x") -> Array:
    x = check_array(name, x, arg)
    check_category(name, x.dtype, "floating-point")
    return x


def _matrix(name: str, x: Any, *, square: bool = False, floating: bool = True) -> Array:
    """``x``'s tensor after checking dtype (floating-point), rank >= 2 and squareness."""
    x = _floating(name, x) if floating else check_array(name, x)
    s = x.shape
    if len(s) < 2:
        raise ValueError(f"{name}: x must have at least 2 dimensions, got shape {s}")
    if square and s[-1] != s[-2]:
        raise ValueError(f"{name}: the last two dimensions must be square, got shape {s}")
    return x


def _real(d: DType) -> DType:
    return _dt.COMPLEX_TO_REAL.get(d, d)


def _complex(d: DType) -> DType:
    return _dt.REAL_TO_COMPLEX.get(d, d)


def _call(name: str, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Runs a backend kernel; its ValueErrors (LinalgError included) carry ``name``."""
    try:
        return fn(*args, **kwargs)
    except ValueError as e:
        msg = str(e)
        if msg.startswith(f"{name}:"):
            raise
        head, sep, rest = msg.partition(": ")
        if sep and head.isidentifier():
            msg = rest
        cls = LinalgError if isinstance(e, LinalgError) else ValueError
        raise cls(f"{name}: {msg}") from None


def _abs(t: Array) -> Array:
    """|t| with the real dtype of t's precision."""
    B = t.backend
    if t.dtype.is_complex:
        return B.abs(t, out=B.buffer(_real(t.dtype), t.shape))
    return B.abs(t)


def _extreme(t: Array, axes: tuple[int, ...], keepdims: bool, largest: bool) -> Array:
    """max/min over ``axes`` of non-negative values; an empty extent gives 0 (max) or inf (min)."""
    B = t.backend
    shape = t.shape
    if any(shape[a] == 0 for a in axes):
        return B.full(t.dtype, _shape.reduce_output_shape(shape, axes, keepdims), 0.0 if largest else _INF)
    op = B.reduce_max if largest else B.reduce_min
    return kept(op(t, axes=axes), shape, axes, keepdims)


def _rtol(name: str, rtol: Any, t: Array) -> Any:
    """``rtol`` for the matrices ``t``: None, a float, or a tensor on t's device."""
    if rtol is None:
        return None
    if isinstance(rtol, Array):
        if rtol.dtype not in _dt.real_floating:
            raise TypeError(f"{name}: rtol must have a real floating-point dtype, got {rtol.dtype.name}")
        broadcast_shapes(name, t.shape[:-2], rtol.shape)
        backend_of(name, t, rtol)
        return rtol
    if type(rtol) in (int, float):
        return float(rtol)
    raise TypeError(f"{name}: rtol must be None, a float or a real floating-point array, got {type(rtol).__name__}")


def _diag_tensor(t: Array, offset: int) -> Array:
    """The ``offset`` diagonals of the last two axes as a strided view over t's buffer."""
    B = t.backend
    if t.masked or t.view.is_symbolic():
        t = B.copy(t)
    return B.with_view(t, t.view.diagonal(offset))


# --------------------------------------------------------- factorisations
@extension("linalg")
def cholesky(x: Array, /, *, upper: bool = False) -> Array:
    """Cholesky factor of Hermitian positive-definite matrices: lower ``L`` with
    ``x = L L^H``, or upper ``U`` with ``x = U^H U`` when ``upper``."""
    t = _matrix("cholesky", x, square=True)
    upper = check_bool("cholesky", upper, "upper")
    return _call("cholesky", t.backend.cholesky, t, upper=upper)


@extension("linalg")
def qr(x: Array, /, *, mode: Literal["reduced", "complete"] = "reduced") -> Tuple[Array, Array]:
    """QR decomposition: namedtuple ``(Q, R)``; ``mode`` is "reduced" or "complete"."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    t = _matrix("qr", x)
    q, r = _call("qr", t.backend.qr, t, reduced=mode == "reduced")
    return QRResult(q, r)


@extension("linalg")
def svd(x: Array, /, *, full_matrices: bool = True) -> Tuple[Array, Array, Array]:
    """Singular value decomposition: namedtuple ``(U, S, Vh)``, S descending, in the
    real dtype of x's precision."""
    t = _matrix("svd", x)
    full_matrices = check_bool("svd", full_matrices, "full_matrices")
    u, s, vh = _call("svd", t.backend.svd, t, full_matrices=full_matrices)
    return SVDResult(u, cast(s, _real(t.dtype)), vh)


@extension("linalg")
def svdvals(x: Array, /) -> Array:
    """Singular values, descending, in the real dtype of x's precision."""
    t = _matrix("svdvals", x)
    return cast(_call("svdvals", t.backend.svdvals, t), _real(t.dtype))


def _eigen(name: str, x: Array, general: bool, vectors: bool) -> tuple[Array, Any]:
    """The eigenvalues of the square matrices ``x`` (and, when ``vectors``, the
    eigenvectors; else None) by the backend's ``eig`` (``general``) or ``eigh``: the
    eigenvalues in the complex (eig) or real (eigh) dtype of x's precision, eig's
    eigenvectors in that complex dtype, eigh's in x's dtype."""
    t = _matrix(name, x, square=True)
    w, v = _call(name, t.backend.eig if general else t.backend.eigh, t, vectors=vectors)
    if not general:
        return cast(w, _real(t.dtype)), v
    c = _complex(t.dtype)
    return cast(w, c), v if v is None else cast(v, c)


@extension("linalg")
def eigh(x: Array, /) -> Tuple[Array, Array]:
    """Eigen-decomposition of Hermitian matrices: namedtuple ``(eigenvalues,
    eigenvectors)``; eigenvalues ascending, in the real dtype of x's precision."""
    return EighResult(*_eigen("eigh", x, False, True))


@extension("linalg")
def eigvalsh(x: Array, /) -> Array:
    """Eigenvalues of Hermitian matrices, ascending, in the real dtype of x's precision."""
    return _eigen("eigvalsh", x, False, False)[0]


@extension("linalg")
def eig(x: Array, /) -> Tuple[Array, Array]:
    """Eigen-decomposition of general matrices: namedtuple ``(eigenvalues,
    eigenvectors)``, both in the complex dtype of x's precision; eigenvectors are
    the columns."""
    return EigResult(*_eigen("eig", x, True, True))


@extension("linalg")
def eigvals(x: Array, /) -> Array:
    """Eigenvalues of general matrices, in the complex dtype of x's precision."""
    return _eigen("eigvals", x, True, False)[0]


# ----------------------------------------------------------------- solvers
@extension("linalg")
def det(x: Array, /) -> Array:
    """Determinants of square matrices (shape ``x.shape[:-2]``, x's dtype)."""
    t = _matrix("det", x, square=True)
    return _call("det", t.backend.det, t)


@extension("linalg")
def slogdet(x: Array, /) -> Tuple[Array, Array]:
    """namedtuple ``(sign, logabsdet)`` of the determinants; a singular matrix gives
    ``(0, -inf)``."""
    t = _matrix("slogdet", x, square=True)
    s, l = _call("slogdet", t.backend.slogdet, t)
    return SlogdetResult(s, cast(l, _real(t.dtype)))


@extension("linalg")
def inv(x: Array, /) -> Array:
    """Inverses of square matrices; a singular matrix raises LinalgError."""
    t = _matrix("inv", x, square=True)
    return _call("inv", t.backend.inv, t)


@extension("linalg")
def solve(x1: Array, x2: Array, /) -> Array:
    """Solves ``x1 @ X = x2``. ``x2`` is one vector iff it is 1-D (shape ``(M,)``), else a
    stack of ``(M, K)`` matrices whose batch dimensions broadcast with x1's."""
    _floating("solve", x1, "x1")
    _floating("solve", x2, "x2")
    a, b, B = promote_operands("solve", x1, x2, _dt.floating, "floating-point")
    sa, sb = a.shape, b.shape
    if len(sa) < 2 or sa[-1] != sa[-2]:
        raise ValueError(f"solve: x1 must be a stack of square matrices, got shape {sa}")
    m = sa[-1]
    if len(sb) == 0:
        raise ValueError("solve: x2 must have at least one dimension")
    if len(sb) == 1:
        if sb[0] != m:
            raise ValueError(f"solve: x2 of shape {sb} does not match x1 of shape {sa}")
    else:
        if sb[-2] != m:
            raise ValueError(f"solve: x2 of shape {sb} does not match x1 of shape {sa}")
        broadcast_shapes("solve", sa[:-2], sb[:-2])
    return _call("solve", B.solve, a, b)


@extension("linalg")
def pinv(x: Array, /, *, rtol: Optional[Union[float, Array]] = None) -> Array:
    """Moore-Penrose pseudo-inverse (shape ``(..., N, M)``); singular values at most
    ``rtol * max(S)`` count as zero (default ``rtol``: ``max(M, N) * eps``)."""
    t = _matrix("pinv", x)
    r = _rtol("pinv", rtol, t)
    return _call("pinv", t.backend.pinv, t, rtol=r)


@extension("linalg")
def matrix_rank(x: Array, /, *, rtol: Optional[Union[float, Array]] = None) -> Array:
    """Number of singular values above ``rtol * max(S)`` (default int dtype)."""
    t = _matrix("matrix_rank", x)
    r = _rtol("matrix_rank", rtol, t)
    return cast(_call("matrix_rank", t.backend.matrix_rank, t, rtol=r), default_dtype(t.backend.device, "integral"))


@extension("linalg")
def matrix_power(x: Array, n: int, /) -> Array:
    """``x`` raised to the integer power ``n`` (n < 0: of the inverse; n = 0: identity)."""
    t = _matrix("matrix_power", x, square=True)
    B = t.backend
    if isinstance(n, bool) or not isinstance(n, int):
        n = as_int("matrix_power", n, "n")
    shape = t.shape
    if n == 0:
        eye = B.eye(t.dtype, shape[-1], shape[-1], 0)
        return B.copy(broadcast_tensor(eye, shape))
    if n < 0:
        t = _call("matrix_power", B.inv, t)
        n = -n
    result: Any = None  # an Array once the first factor is in
    base = t
    while True:
        if n & 1:
            result = base if result is None else B.matmul(result, base)
        n >>= 1
        if not n:
            break
        base = B.matmul(base, base)
    return B.copy(result) if result is x else result


# ---------------------------------------------------------------- products
@extension("linalg")
def cross(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    """Cross products of the 3-element vectors along ``axis``; the other axes broadcast.

    From the 2023.12 standard on, ``axis`` is negative, counted from the end of both
    inputs (the drop-in namespace also takes a non-negative axis of two inputs of one
    rank). Before, as in NumPy, each input's own ``axis`` holds its vectors (a
    non-negative axis is applied before broadcasting).
    """
    a, b, B = promote_operands("cross", x1, x2, _dt.numeric, "numeric")
    sa, sb = a.shape, b.shape
    ax = as_int("cross", axis, "axis")
    ns = x1._ns
    if not sa or not sb:
        raise ValueError(f"cross: x1 and x2 must have at least one dimension, got shapes {sa} and {sb}")
    if not -len(sa) <= ax < len(sa):
        raise AxisError(f"cross: axis {ax} is out of bounds for x1 of shape {sa}")
    lo = min(len(sa), len(sb))
    if ns.at_least("2023.12"):
        if ax >= 0 and len(sa) == len(sb):
            if ns.strict:
                ns.refuse("axis", ValueError(f"cross: axis must be negative, in [-{lo}, -1], got {ax}"))
            ax -= len(sa)
        if ax >= 0:
            raise ValueError(f"cross: axis must be negative, in [-{lo}, -1], got {ax}")
        if ax < -lo:
            raise ValueError(f"cross: axis {ax} is out of bounds for shapes {sa} and {sb} (must be in [-{lo}, -1])")
    if not -len(sb) <= ax < len(sb):
        raise AxisError(f"cross: axis {ax} is out of bounds for x2 of shape {sb}")
    if sa[ax] != 3 or sb[ax] != 3:
        raise ValueError(f"cross: the vectors along axis {ax} must have 3 elements, got shapes {sa} and {sb}")
    # Each input with its vectors last; the rest broadcast; the result's vectors go to
    # axis (of the result's rank).
    a, b = _vectors_last(a, ax), _vectors_last(b, ax)
    lead = broadcast_shapes("cross", a.shape[:-1], b.shape[:-1])
    shape = lead + (3,)
    if 0 in shape:
        r = B.buffer(a.dtype, shape)
    else:
        a = broadcast_tensor(a, shape)
        b = broadcast_tensor(b, shape)
        full = [(0, d) for d in lead]

        def comp(t: Array, i: int) -> Array:
            return B.shrink(t, full + [(i, i + 1)])

        a0, a1, a2 = comp(a, 0), comp(a, 1), comp(a, 2)
        b0, b1, b2 = comp(b, 0), comp(b, 1), comp(b, 2)
        c0 = B.sub(B.mul(a1, b2), B.mul(a2, b1))
        c1 = B.sub(B.mul(a2, b0), B.mul(a0, b2))
        c2 = B.sub(B.mul(a0, b1), B.mul(a1, b0))
        r = B.cat([c0, c1, c2], axis=len(lead))
    n = len(shape)
    k = ax if ax >= 0 else ax + n
    if not 0 <= k < n:
        raise AxisError(f"cross: axis {ax} is out of bounds for the result of shape {shape}")
    order = list(range(n - 1))
    order.insert(k, n - 1)
    return r if k == n - 1 else B.permute(r, tuple(order))


def _vectors_last(t: Array, ax: int) -> Array:
    """``t`` with its axis ``ax`` moved last (a view)."""
    n = len(t.shape)
    k = ax % n
    return t if k == n - 1 else t.backend.permute(t, tuple(i for i in range(n) if i != k) + (k,))


@extension("linalg")
def outer(x1: Array, x2: Array, /) -> Array:
    """Outer product of two 1-D arrays: shape ``(N, M)``."""
    a, b, B = promote_operands("outer", x1, x2, _dt.numeric, "numeric")
    sa, sb = a.shape, b.shape
    if len(sa) != 1 or len(sb) != 1:
        raise ValueError(f"outer: x1 and x2 must be 1-D, got shapes {sa} and {sb}")
    check_shape("outer", (sa[0], sb[0]), a.dtype.itemsize)
    # a column times a row (multiply broadcasts them, unexpanded where the backend's
    # primitive broadcasts by itself)
    return multiply(B.reshape(a, (sa[0], 1)), B.reshape(b, (1, sb[0])))


@extension("linalg")
def diagonal(x: Array, /, *, offset: int = 0) -> Array:
    """The ``offset`` diagonals of the last two axes: a view sharing x's buffer."""
    t = _matrix("diagonal", x, floating=False)
    return _diag_tensor(t, as_int("diagonal", offset, "offset"))


@extension("linalg")
def trace(x: Array, /, *, offset: int = 0, dtype: Optional[DType] = None) -> Array:
    """Sums of the ``offset`` diagonals. Without ``dtype``, integer inputs accumulate in
    the default integer (int64, or uint64 for unsigned inputs); others keep x's dtype."""
    t = _matrix("trace", x, floating=False)
    check_category("trace", t.dtype, "numeric")
    d = accumulation_dtype("trace", t.dtype, dtype, t)  # sum's rule (widening before 2023.12)
    check_device_dtype("trace", t.backend.device, d)
    diag = cast(_diag_tensor(t, as_int("trace", offset, "offset")), d)
    return t.backend.reduce_sum(diag, axes=(len(diag.shape) - 1,))


# ------------------------------------------------------------------- norms
@extension("linalg")
def vector_norm(
    x: Array,
    /,
    *,
    axis: Optional[Union[int, Tuple[int, ...]]] = None,
    keepdims: bool = False,
    ord: Union[int, float] = 2,
) -> Array:
    """Vector p-norms over ``axis`` (None: all elements), in the real dtype of x's
    precision. ``ord``: any real number, ``inf`` or ``-inf``; 0 counts non-zeros."""
    x = _floating("vector_norm", x)
    if isinstance(ord, bool) or type(ord) not in (int, float):
        raise TypeError(f"vector_norm: ord must be an int or a float, got {type(ord).__name__}")
    if math.isnan(ord):
        raise ValueError("vector_norm: ord must not be NaN")
    axes = normalize_axes("vector_norm", axis, x.ndim, x._ns.strict)
    keepdims = check_bool("vector_norm", keepdims, "keepdims")
    t = x
    B = t.backend
    rd = _real(t.dtype)
    if ord == 0:
        nz = B.cast(B.cmpne(t, 0), dtype=rd)
        return kept(B.reduce_sum(nz, axes=axes), t.shape, axes, keepdims)
    a = _abs(t)
    if ord == _INF or ord == -_INF:
        return _extreme(a, axes, keepdims, ord > 0)
    if ord == 1:
        return kept(B.reduce_sum(a, axes=axes), t.shape, axes, keepdims)
    if ord == 2:
        return B.sqrt(kept(B.reduce_sum(B.mul(a, a), axes=axes), t.shape, axes, keepdims))
    p = float(ord)
    s = kept(B.reduce_sum(B.pow(a, p), axes=axes), t.shape, axes, keepdims)
    return B.pow(s, 1.0 / p)


@extension("linalg")
def matrix_norm(
    x: Array,
    /,
    *,
    keepdims: bool = False,
    ord: Optional[Union[int, float, Literal["fro", "nuc"]]] = "fro",
) -> Array:
    """Matrix norms of the last two axes, in the real dtype of x's precision.

    ``ord``: "fro" (default; also None), "nuc", 1 / -1 (max / min column sum of
    |x|), inf / -inf (max / min row sum), 2 / -2 (largest / smallest singular value).
    """
    t = _matrix("matrix_norm", x)
    B = t.backend
    nd = len(t.shape)
    last = (nd - 2, nd - 1)
    keepdims = check_bool("matrix_norm", keepdims, "keepdims")
    if ord is None or (isinstance(ord, str) and ord == "fro"):
        a = _abs(t)
        return B.sqrt(kept(B.reduce_sum(B.mul(a, a), axes=last), t.shape, last, keepdims))
    if isinstance(ord, str):
        if ord != "nuc":
            raise ValueError(f"matrix_norm: invalid ord {ord!r}")
        r = B.reduce_sum(svdvals(x), axes=(nd - 2,))
    elif isinstance(ord, bool) or type(ord) not in (int, float):
        raise TypeError(f"matrix_norm: ord must be a number, 'fro' or 'nuc', got {type(ord).__name__}")
    elif ord in (2, -2):
        r = _extreme(svdvals(x), (nd - 2,), False, ord > 0)
    elif ord in (1, -1, _INF, -_INF):
        # 1: column sums (over the rows axis); inf: row sums (over the columns axis).
        over, then = (nd - 2, nd - 2) if abs(ord) == 1 else (nd - 1, nd - 2)
        sums = B.reduce_sum(_abs(t), axes=(over,))
        r = _extreme(sums, (then,), False, ord > 0)
    else:
        raise ValueError(f"matrix_norm: invalid ord {ord!r} (expected 'fro', 'nuc', 1, -1, 2, -2, inf or -inf)")
    if keepdims:
        r = B.reshape(r, (*r.shape, 1, 1))
    return r


# The main namespace's linear algebra functions, as members of the extension: gated by
# it (the main namespace's own stay available when the extension is off).
matmul = extension("linalg")(_main.matmul)
matrix_transpose = extension("linalg")(_main.matrix_transpose)
tensordot = extension("linalg")(_main.tensordot)
vecdot = extension("linalg")(_main.vecdot)

register_extension("linalg", __all__)


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
