"""Writes whose source overlaps the destination give NumPy's results.

NumPy (since 1.13) computes ``dst op= src`` and ``dst[...] = src`` as if ``src`` were
copied first when the two overlap; nx must do the same: ``x[1:] += x[:-1]``,
``x[::-1] = x``, ``x[...] = x.T``, ``x[idx] = x[idx2]``, and random pairs of overlapping
strided views of one buffer, for every in-place operator.

The model for random overlaps copies the source first: NumPy's own ``__setitem__``
skips that copy for 1-D views whose strides have the same sign (``a[0:6:2] = a[0:3]``
reads elements it has already overwritten), which no user means.

In the strict namespace, the same writes through one of several live views of a buffer
leave the others stale exactly where the write changed them (the model: each view's
positions in the buffer): reading such an element raises, every other element reads as
in NumPy.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_fuzz import FUZZ, no_hang

INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "//=": operator.ifloordiv, "%=": operator.imod,
    "&=": operator.iand, "|=": operator.ior, "^=": operator.ixor, "<<=": operator.ilshift, ">>=": operator.irshift,
    "**=": operator.ipow, "/=": operator.itruediv,
}
FLOAT_OPS = {"+=", "-=", "*=", "/=", "//=", "%=", "**="}


def _vals(shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    n = int(np.prod(shape))
    a = (np.arange(n) * 7 % 11 + 1).reshape(shape)
    return a.astype(dtype)


def _check(x: Any, m: np.ndarray, what: str) -> None:
    got = np.asarray(x)
    if m.dtype.kind == "f":
        np.testing.assert_allclose(got, m, rtol=1e-12, err_msg=what, equal_nan=True)
    else:
        np.testing.assert_array_equal(got, m, err_msg=what)


# ------------------------------------------------------------ the named cases
def _named_cases() -> dict[str, Any]:
    def shift_add(x, A):
        x[1:] += x[:-1]

    def shift_add_back(x, A):
        x[:-1] += x[1:]

    def reverse_assign(x, A):
        x[::-1] = x

    def reverse_assign_slice(x, A):
        x[...] = x[::-1]

    def transpose_assign(x, A):
        x[...] = x.T

    def transpose_iadd(x, A):
        x += x.T

    def mT_isub(x, A):
        x -= x.mT

    def shift_assign(x, A):
        x[1:] = x[:-1]

    def shift_assign_back(x, A):
        x[:-1] = x[1:]

    def strided_assign(x, A):
        x[::2] = x[1::2] if x.shape[0] % 2 == 0 else x[::2]

    def fancy_assign(x, A):
        x[A([0, 2, 1])] = x[A([1, 0, 2])]

    def fancy_iadd_repeated(x, A):
        x[A([0, 0, 1])] += x[A([1, 2, 3])]

    def mask_assign(x, A):
        x[x > 5] = x[x < 100][: int(np.count_nonzero(np.asarray(x) > 5))]

    def shifted_fancy_iadd(x, A):
        x[A([1, 2, 3])] += x[A([0, 1, 2])]

    def matmul_self(x, A):
        x @= x

    def row_into_col(x, A):
        x[:, 0] = x[0, :]

    def self_iadd(x, A):
        x += x

    def overlapping_2d_blocks(x, A):
        x[1:, 1:] *= x[:-1, :-1]

    return {k: v for k, v in locals().items() if callable(v)}


NAMED = _named_cases()


@pytest.mark.parametrize("case", sorted(NAMED))
@pytest.mark.parametrize("dtype", [np.int64, np.float64])
def test_named_overlapping_writes_match_numpy(case: str, dtype: Any) -> None:
    shape = (4, 4) if case in ("transpose_assign", "transpose_iadd", "mT_isub", "matmul_self", "row_into_col", "overlapping_2d_blocks") else (8,)
    m = _vals(shape, dtype)
    x = xp.asarray(m.copy())
    fn = NAMED[case]
    with no_hang():
        fn(x, xp.asarray)
    fn(m, np.asarray)  # the NumPy model: the same statement on an ndarray
    _check(x, m, case)


# ----------------------------------------------------------- random overlaps
@st.composite
def overlapping_views(draw: Any) -> tuple[tuple[int, ...], Any, Any]:
    """A base shape and two keys selecting equally-shaped, usually overlapping, views."""
    nd = draw(st.integers(1, 2))
    shape = tuple(draw(st.lists(st.integers(2, 7), min_size=nd, max_size=nd)))
    k = [draw(st.integers(1, d)) for d in shape]

    def key() -> tuple:
        out = []
        for d, n in zip(shape, k):
            step = draw(st.sampled_from([1, -1, 2, -2, 3]))
            span = (n - 1) * abs(step)
            assume(span < d)
            start = draw(st.integers(0, d - 1 - span))
            if step < 0:
                start = start + span
            stop = start + n * step
            out.append(slice(start, stop if stop >= 0 else None, step))
        return tuple(out)

    return shape, key(), key()


@FUZZ
@given(data=st.data())
def test_random_overlapping_views_match_numpy(data: Any) -> None:
    d = data.draw
    shape, kd, ks = d(overlapping_views())
    sym = d(st.sampled_from(["="] + list(INPLACE)))
    dtype = np.float64 if sym in FLOAT_OPS and d(st.booleans()) else np.int64
    if sym in ("&=", "|=", "^=", "<<=", ">>="):
        dtype = np.int64
    if sym == "/=":
        dtype = np.float64
    m = _vals(shape, dtype)
    if sym in ("<<=", ">>="):
        m %= 8
    if sym == "**=":
        m %= 3
    x = xp.asarray(m.copy())
    transpose = len(shape) == 2 and d(st.booleans())
    src_n, src_x = m[ks], x[ks]
    if transpose:
        # a transposed source of the same shape: needs a square selection
        assume(src_n.shape[0] == src_n.shape[1])
        src_n, src_x = src_n.T, src_x.T
    dst_n, dst_x = m[kd], x[kd]
    what = f"x{kd} {sym} x{ks}{'.T' if transpose else ''} on {shape}"
    with no_hang():
        if sym == "=":
            x[kd] = src_x
        else:
            r = INPLACE[sym](dst_x, src_x)
            x[kd] = r  # what Python does for `x[kd] op= src`
    src_n = src_n.copy()  # the as-if-copied semantics (NumPy's own 1-D setitem skips the copy, see above)
    if sym == "=":
        m[kd] = src_n
    else:
        m[kd] = INPLACE[sym](dst_n, src_n)
    _check(x, m, what)


@FUZZ
@given(data=st.data())
def test_advanced_key_self_assignment_matches_numpy(data: Any) -> None:
    d = data.draw
    n = d(st.integers(1, 8))
    m = _vals((n, 3), np.int64)
    x = xp.asarray(m.copy())
    i1 = np.asarray(d(st.lists(st.integers(-n, n - 1), min_size=1, max_size=6)), dtype=np.int64)
    i2 = np.asarray(d(st.lists(st.integers(-n, n - 1), min_size=len(i1), max_size=len(i1))), dtype=np.int64)
    op = d(st.sampled_from(["=", "+=", "*="]))
    with no_hang():
        if op == "=":
            x[xp.asarray(i1)] = x[xp.asarray(i2)]
        elif op == "+=":
            x[xp.asarray(i1)] += x[xp.asarray(i2)]
        else:
            x[xp.asarray(i1)] *= x[xp.asarray(i2), ::-1]
    if op == "=":
        m[i1] = m[i2]
    elif op == "+=":
        m[i1] += m[i2]
    else:
        m[i1] *= m[i2, ::-1]
    _check(x, m, f"x[{i1.tolist()}] {op} x[{i2.tolist()}]")


# ------------------------------------------------------------ the strict namespace
def _slices(n: int) -> Any:
    """Slices of an axis of n within the strict namespace's bounds, of either direction."""
    bound = st.one_of(st.none(), st.integers(0, n))
    return st.builds(slice, bound, bound, st.sampled_from([None, 1, 2, 3, -1, -2]))


@FUZZ
@given(data=st.data())
def test_strict_views_are_stale_exactly_where_writes_changed_them(data: Any) -> None:
    """One to four writes in turn, each through any of a buffer's live views (a stale one
    too: it is fresh again where it writes): each element of each view is stale exactly
    where a write through another view changed it after it was last written through this
    one, and reads as the buffer holds it elsewhere."""
    d = data.draw
    n = d(st.integers(1, 10))
    keys = d(st.lists(_slices(n), min_size=1, max_size=3))
    buffer = np.arange(n, dtype=np.float64)
    base = sx.asarray(buffer.copy())
    arrays = [base] + [base[k] for k in keys]
    where = [np.arange(n)] + [np.arange(n)[k] for k in keys]  # each element's position in the buffer
    stale = [np.zeros(len(p), bool) for p in where]
    writes = []
    for t in range(d(st.integers(1, 4))):
        w = d(st.integers(0, len(arrays) - 1))
        sub = d(_slices(len(where[w])))
        written = where[w][sub]
        vals = 100.0 * (t + 1) + np.arange(written.size)
        with no_hang():
            arrays[w][sub] = sx.asarray(vals)
        writes.append(f"a{w}[{sub}]")
        buffer[written] = vals
        for i, pos in enumerate(where):
            hit = np.isin(pos, written)
            if i == w:
                stale[i][np.arange(len(pos))[sub]] = False  # written through: fresh again there
            else:
                stale[i] |= hit
    what = f"writes {writes} with views base[{keys}]"
    for i, (a, pos) in enumerate(zip(arrays, where)):
        for j in range(len(pos)):
            if stale[i][j]:
                with pytest.raises(ValueError, match=r"^__getitem__: reading elements of an array that the write at"):
                    a[j]
            else:
                assert float(a[j]) == buffer[pos[j]], f"{what}: array {i}, element {j}"
