"""Concrete shape operations (row-major shapes as tuples of non-negative ints).

Every function is pure. Shapes may be given as tuples or lists; shapes and
indices are returned as tuples. Error messages follow the Nx ``Shape`` module
and are raised as :class:`nx_core.errors.NxInvalidArgument`.
"""

from __future__ import annotations

import math
import operator
import sys
from functools import lru_cache

from ._symbolic import SymExpr
from .errors import NxInvalidArgument

__all__ = [
    "numel",
    "c_contiguous_strides",
    "ravel_index",
    "unravel_index",
    "unravel_index_into",
    "resolve_neg_one",
    "broadcast",
    "broadcast_index",
    "broadcast_index_into",
    "to_string",
    "pp",
    "equal",
    "reduce_output_shape",
]

_prod = math.prod


def numel(shape) -> int:
    """Product of the dimensions; ``numel(()) == 1``, any zero dimension gives 0."""
    return _prod(shape)


@lru_cache(maxsize=4096)
def _c_strides(shape: tuple) -> tuple:
    n = len(shape)
    if n == 0:
        return ()
    s = [0] * n
    s[n - 1] = 0 if shape[n - 1] == 0 else 1
    for i in range(n - 2, -1, -1):
        d = shape[i + 1]
        s[i] = 0 if shape[i] == 0 else s[i + 1] * (d if d > 1 else 1)
    return tuple(s)


def c_contiguous_strides(shape) -> tuple:
    """Row-major strides (in elements).

    A zero-size dimension gets stride 0 and so does every dimension to its left;
    size-1 dimensions get the ordinary running product.
    """
    if type(shape) is not tuple:
        shape = tuple(shape)
    for d in shape:
        if type(d) is not int:
            # The cache is keyed by value ((2.0, 3.0) == (2, 3)): only int shapes use it,
            # so one caller's float or symbolic entries never leak into another's strides.
            return _c_strides.__wrapped__(shape)
    return _c_strides(shape)


def ravel_index(indices, strides) -> int:
    """``sum(indices[i] * strides[i])``; no bounds checks and no offset."""
    li, ls = len(indices), len(strides)
    if li != ls:
        raise NxInvalidArgument(
            f"ravel_index: indices[{li}] vs strides[{ls}], dimensions must match"
        )
    acc = 0
    for i, s in zip(indices, strides):
        acc += i * s
    return acc


def _unravel(name: str, k: int, shape, dst) -> None:
    n = len(shape)
    if n == 0:
        if k != 0:
            raise NxInvalidArgument(f"{name}: k={k} out of bounds for scalar")
        return
    if 0 in shape:
        if k != 0:
            raise NxInvalidArgument(f"{name}: k={k} out of bounds for zero-size shape")
        for i in range(n):
            dst[i] = 0
        return
    total = _prod(shape)
    if k < 0 or k >= total:
        raise NxInvalidArgument(f"{name}: k={k} out of bounds for shape (size {total})")
    for i in range(n - 1, 0, -1):
        d = shape[i]
        dst[i] = k % d
        k //= d
    dst[0] = k


def unravel_index(k: int, shape) -> tuple:
    """Multi-index of flat position ``k`` in a C-ordered layout of ``shape``."""
    dst = [0] * len(shape)
    _unravel("unravel_index", k, shape, dst)
    return tuple(dst)


def unravel_index_into(k: int, shape, dst) -> None:
    """Like :func:`unravel_index` but writes into the mutable sequence ``dst``.

    ``len(dst)`` is not checked; for a scalar shape ``dst`` is left untouched.
    """
    _unravel("unravel_index_into", k, shape, dst)


def resolve_neg_one(current_shape, spec) -> tuple:
    """Resolve at most one ``-1`` in ``spec`` from ``numel(current_shape)``."""
    spec = tuple(spec)
    count = spec.count(-1)
    if count > 1:
        raise NxInvalidArgument("reshape: multiple -1 dimensions, can only infer one")
    if count == 0:
        return spec
    total = _prod(current_shape)
    known = _prod(d for d in spec if d != -1)
    if known == 0:
        if total == 0:
            fill = 0
        else:
            raise NxInvalidArgument(
                "reshape: cannot infer -1 from shape with 0-size dimensions"
            )
    elif total % known != 0:
        raise NxInvalidArgument(
            f"reshape: cannot reshape {total} elements into shape with {known} elements"
        )
    else:
        fill = total // known
    return tuple(fill if d == -1 else d for d in spec)


def broadcast(a, b) -> tuple:
    """NumPy broadcast of two shapes (right-aligned; equal or one of them 1)."""
    la, lb = len(a), len(b)
    n = la if la > lb else lb
    pa = (1,) * (n - la) + tuple(a)
    pb = (1,) * (n - lb) + tuple(b)
    out = []
    for i in range(n):
        x, y = pa[i], pb[i]
        if x == y:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        else:
            raise NxInvalidArgument(
                f"broadcast: cannot broadcast {to_string(a)} with {to_string(b)} "
                f"(dim {i}: {x}\u2260{y})"
            )
    return tuple(out)


def broadcast_index_into(target_idx, source_shape, dst) -> None:
    """Write into ``dst`` the source index that broadcast target index maps to.

    Positions of ``source_shape`` with no counterpart in ``target_idx`` are left
    untouched.
    """
    tn, sn = len(target_idx), len(source_shape)
    for i in range(sn):
        tp = tn - sn + i
        if tp < 0:
            continue
        dst[i] = 0 if source_shape[i] == 1 else target_idx[tp]


def broadcast_index(target_idx, source_shape) -> tuple:
    """Source index (tuple) corresponding to a broadcast result index."""
    dst = [0] * len(source_shape)
    broadcast_index_into(target_idx, source_shape, dst)
    return tuple(dst)


def to_string(shape) -> str:
    """``[2,3,4]`` (no spaces); ``[]`` for a scalar."""
    return "[" + ",".join(str(d) for d in shape) + "]"


def pp(shape, file=None) -> None:
    """Write :func:`to_string` of ``shape`` to ``file`` (default stdout), no newline."""
    (sys.stdout if file is None else file).write(to_string(shape))


def equal(a, b) -> bool:
    """Structural equality of two shapes (lists and tuples compare alike)."""
    return tuple(a) == tuple(b)


def reduce_output_shape(shape, axes, keepdims: bool = False) -> tuple:
    """Shape of a reduction of ``shape`` over ``axes``.

    With ``keepdims`` the reduced axes become 1, otherwise they are removed (order
    of the others preserved). Negative axes wrap once; out-of-range axes raise.
    """
    n = len(shape)
    red = set()
    for a in axes:
        ax = a + n if a < 0 else a
        if ax < 0 or ax >= n:
            raise NxInvalidArgument(
                f"reduce_output_shape: axis {a} out of bounds for {n}D tensor"
            )
        red.add(ax)
    if keepdims:
        return tuple(1 if i in red else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in red)


# ----- canonical shapes for View (dimensions may be symbolic) ----------------------


def _norm_dim(d):
    if type(d) is int:
        return d
    if isinstance(d, SymExpr):
        return d
    try:
        return operator.index(d)
    except TypeError:
        raise TypeError(
            f"shape entries must be integers or symbolic dimensions, got {type(d).__name__}"
        ) from None


def _shape_info(shape: tuple):
    """(canonical shape, C strides or None if symbolic, has a zero dim).

    Only all-int shapes use the cache: it is keyed by value, and ``(3.0,) == (3,)``
    (or a symbolic dim equal to an int) would otherwise hit the entry of another
    shape and skip the validation of its entries."""
    for d in shape:
        if type(d) is not int:
            return _shape_info_uncached(shape)
    return _shape_info_ints(shape)


@lru_cache(maxsize=4096)
def _shape_info_ints(shape: tuple):
    return (shape, _c_strides(shape), 0 in shape)


def _shape_info_uncached(shape: tuple):
    canon = tuple([d if type(d) is int else _norm_dim(d) for d in shape])
    for d in canon:
        if type(d) is not int:
            return (canon, None, any(type(x) is int and x == 0 for x in canon))
    return (canon, _c_strides(canon), 0 in canon)


def _norm_pairs(pairs, what: str):
    out = []
    for p in pairs:
        b, e = p
        out.append((b if type(b) is int else _norm_dim(b), e if type(e) is int else _norm_dim(e)))
    return tuple(out)


def _norm_ints(seq) -> tuple:
    if type(seq) is tuple:
        for s in seq:
            if type(s) is not int:
                break
        else:
            return seq
    return tuple([s if type(s) is int else _norm_dim(s) for s in seq])


def nocopy_strides(shape: tuple, strides: tuple, new_shape: tuple) -> tuple | None:
    """The strides that lay ``new_shape`` out over the elements a view of ``shape`` and
    ``strides`` addresses, in the same C order, or None when no strides can.

    NumPy's ``_attempt_nocopy_reshape`` (C order), transcribed: the size-1 axes of the
    old shape are dropped; the old and new axes are then cut into the shortest runs of
    equal element counts (a run of old axes may merge into a run of new ones, or split,
    or both: ``(3, 4)`` viewed as ``(4, 3)`` is one run of 12 elements on each side); a
    run of old axes must be contiguous in itself (each axis steps over the next one
    whole: ``stride[k] == dim[k+1] * stride[k+1]``), whatever the sign or size of its
    strides, and the new axes of a run step from its innermost old stride outwards. So it
    finds every view NumPy finds, negative and zero strides included. Size-1 axes of
    ``new_shape`` get stride 0 (spec 2.6); their stride is never used to address.
    Both shapes have the same, non-zero, number of elements.
    """
    old = [(d, st) for d, st in zip(shape, strides) if d != 1]
    lo, ln = len(old), len(new_shape)
    out = [0] * ln
    oi = ni = 0
    while ni < ln and oi < lo:
        nj, oj = ni + 1, oi + 1
        np_, op = new_shape[ni], old[oi][0]
        while np_ != op:
            if np_ < op:
                np_ *= new_shape[nj]
                nj += 1
            else:
                op *= old[oj][0]
                oj += 1
        for k in range(oi, oj - 1):  # the run of old axes must be contiguous in itself
            if old[k][1] != old[k + 1][0] * old[k + 1][1]:
                return None
        st = old[oj - 1][1]  # the innermost old stride, then outwards
        for k in range(nj - 1, ni - 1, -1):
            d = new_shape[k]
            out[k] = 0 if d == 1 else st
            st *= d
        ni, oi = nj, oj
    # (the new axes left over are trailing 1s: stride 0 already)
    return tuple(out)


def broadcast_strides(shape: tuple, strides: tuple, new_shape: tuple) -> tuple:
    """The strides that read a view of ``shape`` and ``strides`` as ``new_shape`` (NumPy's
    ``broadcast_to``): leading axes and expanded unit axes get stride 0. Right-aligned,
    each axis must equal the target's or be 1, else NxInvalidArgument."""
    k = len(new_shape) - len(shape)
    for nd in new_shape[:k]:
        if nd < 0:
            raise NxInvalidArgument(f"broadcast_to: negative dimension in {to_string(new_shape)}")
    out = [0] * k
    for i, d in enumerate(shape):
        nd = new_shape[k + i]
        if d == nd:
            out.append(strides[i])
        elif d == 1 and nd >= 0:
            out.append(0)
        else:
            raise NxInvalidArgument(
                f"broadcast_to: cannot broadcast {to_string(shape)} to {to_string(new_shape)} "
                f"(dim {k + i}: {d}\u2260{nd})"
            )
    return tuple(out)
