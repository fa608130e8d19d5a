"""Views never reach outside their buffer, and writes through views touch only the view.

Random chains of public view operations (strided slicing, flip, permute_dims, reshape,
broadcast_to, expand_dims, squeeze, matrix_transpose, moveaxis, .T/.mT) are applied to
an nx array and, in parallel, to a NumPy model. For every intermediate result:

* the NumPy array the backend makes for it (``np.asarray(y)``) lies inside the Tensor's
  buffer (``y.buffer``): its lowest and highest byte, from the data pointer, shape and
  strides, are within ``[buffer start, buffer start + nbytes)``;
* its values are the model's.

Then random writes ``y[key] = v`` through the view are done to both, and the whole base
(and, for arrays adopted from foreign NumPy memory, guard zones around it) is compared.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import nx_array_api as xp
from nx_fuzz import FEW, FUZZ, no_hang


# -------------------------------------------------------------- the invariant
def _span(start: int, shape: tuple[int, ...], strides: tuple[int, ...]) -> tuple[int, int]:
    """The lowest and highest positions (bytes or elements, as ``strides``) that a
    non-empty layout from ``start`` addresses; written here again, not taken from the
    kernels, so that the invariant does not trust the code it checks."""
    reach = [(d - 1) * s for d, s in zip(shape, strides)]  # from an axis' first element to its last
    return start + sum(r for r in reach if r < 0), start + sum(r for r in reach if r > 0)


def _byte_extent(a: np.ndarray) -> tuple[int, int]:
    """[lo, hi) byte addresses a non-empty array addresses."""
    lo, hi = _span(a.__array_interface__["data"][0], a.shape, a.strides)
    return lo, hi + a.itemsize


def assert_inside_buffer(y: Any, what: str) -> None:
    buf = y.buffer
    assert isinstance(buf, np.ndarray), f"{what}: the NumPy backend's buffer is an ndarray"
    h = np.asarray(y)
    if h.size == 0:
        return
    b0 = buf.__array_interface__["data"][0]
    b1 = b0 + buf.nbytes
    lo, hi = _byte_extent(h)
    if np.shares_memory(h, buf):
        assert b0 <= lo and hi <= b1, f"{what}: host view [{lo - b0}, {hi - b0}) escapes its buffer of {buf.nbytes} bytes"
    # The View itself, in elements, must also be inside the buffer.
    v = y.view
    if getattr(v, "mask", None) is None and v.numel:
        elo, ehi = _span(v.offset, v.shape, v.strides)
        assert 0 <= elo and ehi < buf.size, f"{what}: View {v!r} addresses [{elo}, {ehi}] of a {buf.size}-element buffer"


# ------------------------------------------------------------ random view ops
def _factor_shape(draw: Any, n: int) -> tuple[int, ...]:
    """A random shape with ``n`` elements (and maybe a -1)."""
    if n == 0:
        return draw(st.sampled_from([(0,), (0, 3), (2, 0, 1), (0, 2)]))
    out = []
    rest = n
    for p in (2, 3, 5, 7):
        while rest % p == 0 and draw(st.booleans()):
            out.append(p)
            rest //= p
    out.append(rest)
    out = draw(st.permutations(out))
    if draw(st.booleans()):
        out.insert(draw(st.integers(0, len(out))), 1)
    if draw(st.booleans()) and out:
        out[draw(st.integers(0, len(out) - 1))] = -1
    return tuple(out)


@st.composite
def view_op(draw: Any, shape: tuple[int, ...]) -> tuple[str, Any]:
    n = len(shape)
    ops = ["slice", "flip", "permute", "reshape", "broadcast", "expand", "T"]
    if 1 in shape:
        ops.append("squeeze")
    if n >= 2:
        ops += ["mT", "moveaxis"]
    op = draw(st.sampled_from(ops))
    if op == "slice":
        key = []
        for d in shape:
            if draw(st.booleans()) and d:
                key.append(draw(st.integers(-d, d - 1)) if draw(st.integers(0, 4)) == 0 else
                           slice(draw(st.one_of(st.none(), st.integers(-d - 2, d + 2))), draw(st.one_of(st.none(), st.integers(-d - 2, d + 2))),
                                 draw(st.sampled_from([None, 1, 2, 3, -1, -2, -3]))))
            else:
                key.append(slice(None, None, draw(st.sampled_from([None, -1, 2, -2]))))
        return op, tuple(key)
    if op == "flip":
        return op, draw(st.one_of(st.none(), st.lists(st.integers(0, n - 1), unique=True).map(tuple) if n else st.none()))
    if op == "permute":
        return op, tuple(draw(st.permutations(range(n))))
    if op == "reshape":
        return op, _factor_shape(draw, int(np.prod(shape)))
    if op == "broadcast":
        lead = tuple(draw(st.lists(st.integers(1, 3), max_size=2)))
        return op, lead + tuple(draw(st.sampled_from([d, 2])) if d == 1 else d for d in shape)
    if op == "expand":
        return op, draw(st.integers(-n - 1, n))
    if op == "squeeze":
        return op, tuple(i for i, d in enumerate(shape) if d == 1 and draw(st.booleans())) or (shape.index(1),)
    if op == "moveaxis":
        return op, (draw(st.integers(-n, n - 1)), draw(st.integers(-n, n - 1)))
    return op, None


def apply(op: str, arg: Any, y: Any, m: np.ndarray) -> tuple[Any, np.ndarray]:
    """The op on the nx array ``y`` and on the NumPy model ``m``."""
    if op == "slice":
        return y[arg], m[arg]
    if op == "flip":
        return xp.flip(y, axis=arg), np.flip(m, axis=arg)
    if op == "permute":
        return xp.permute_dims(y, arg), np.transpose(m, arg)
    if op == "reshape":
        return xp.reshape(y, arg), np.reshape(m, arg)
    if op == "broadcast":
        return xp.broadcast_to(y, arg), np.broadcast_to(m, arg)
    if op == "expand":
        return xp.expand_dims(y, axis=arg), np.expand_dims(m, arg)
    if op == "squeeze":
        return xp.squeeze(y, axis=arg), np.squeeze(m, axis=arg)
    if op == "moveaxis":
        return xp.moveaxis(y, *arg), np.moveaxis(m, *arg)
    if op == "mT":
        return y.mT, np.swapaxes(m, -1, -2)
    # "T": .T of a 2-D array, matrix_transpose otherwise (when possible), else identity
    if y.ndim == 2:
        return y.T, m.T
    if y.ndim > 2:
        return xp.matrix_transpose(y), np.swapaxes(m, -1, -2)
    return y, m


def _base(draw: Any) -> tuple[Any, np.ndarray, Any]:
    """(nx base, NumPy model of it, a check for memory around it or None).

    Either a fresh nx array, or one adopted from (C-contiguous, shared) interior memory of
    a bigger NumPy array with guard zones, or one made from a foreign strided / negative-
    stride NumPy view (asarray or from_dlpack; nx copies those).
    """
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=1, max_size=4)))
    n = int(np.prod(shape))
    dtype = draw(st.sampled_from([np.int8, np.int32, np.float64, np.complex64, np.bool_]))
    vals = (np.arange(n) % 97 + 1).astype(dtype).reshape(shape)
    src = draw(st.sampled_from(["fresh", "guarded", "strided", "negative"]))
    via = draw(st.sampled_from(["asarray", "from_dlpack"]))
    make = (lambda a: xp.asarray(a)) if via == "asarray" else (lambda a: xp.from_dlpack(a))
    if src == "fresh":
        return xp.asarray(vals.copy()), vals.copy(), None
    if src == "guarded":
        g = draw(st.integers(1, 5))
        big = np.zeros(n + 2 * g, dtype=dtype)
        big[:g] = big[g + n:] = np.array(55).astype(dtype)
        inner = big[g:g + n].reshape(shape)
        inner[...] = vals
        guard = big.copy()
        x = make(inner)

        def check() -> None:
            np.testing.assert_array_equal(big[:g], guard[:g], err_msg="write before the adopted memory")
            np.testing.assert_array_equal(big[g + n:], guard[g + n:], err_msg="write after the adopted memory")

        return x, vals.copy(), check
    big = np.zeros(tuple(2 * s + 1 for s in shape), dtype=dtype)
    sl = tuple(slice(1, 2 * s + 1, 2) for s in shape)
    if src == "negative":
        sl = tuple(slice(2 * s - 1, None, -2) if s else slice(0, 0) for s in shape)
    view = big[sl]
    view[...] = vals
    snapshot = big.copy()
    try:
        x = make(view)
    except (BufferError, ValueError, TypeError) as e:  # an importer may refuse strided memory, with a named error
        assert str(e).startswith(("from_dlpack", "asarray")), e
        assume(False)
    x_np = np.asarray(x)
    if np.shares_memory(x_np, big):
        # shared strided memory: writes go to `view`, the guard is the rest of `big`
        def check() -> None:
            rest = big.copy()
            rest[sl] = snapshot[sl]
            np.testing.assert_array_equal(rest, snapshot, err_msg="write outside the strided foreign view")

        return x, vals.copy(), check

    def check_untouched() -> None:
        np.testing.assert_array_equal(big, snapshot, err_msg="a copy still wrote into the foreign array")

    return x, vals.copy(), check_untouched


@FUZZ
@given(data=st.data())
def test_views_stay_inside_their_buffer(data: Any) -> None:
    d = data.draw
    x, m, _ = _base(d)
    assert_inside_buffer(x, "base")
    y, ym = x, m
    trail = []
    for _ in range(d(st.integers(1, 6))):
        op, arg = d(view_op(ym.shape))
        trail.append((op, arg))
        with no_hang():
            y, ym = apply(op, arg, y, ym)
        what = " -> ".join(f"{o}({a})" for o, a in trail)
        assert_inside_buffer(y, what)
        assert y.shape == ym.shape, f"{what}: shape {y.shape}, NumPy {ym.shape}"
        np.testing.assert_array_equal(np.asarray(y), ym, err_msg=what)


@st.composite
def _write_key(draw: Any, shape: tuple[int, ...]) -> Any:
    if draw(st.booleans()) or 0 in shape or not shape:
        return draw(hnp.basic_indices(shape, allow_ellipsis=True, allow_newaxis=False, min_dims=0))
    return draw(st.sampled_from([Ellipsis, (slice(None, None, -1),), (slice(None, None, 2),)]))


@FEW
@given(data=st.data())
def test_writes_through_views_touch_only_the_view(data: Any) -> None:
    d = data.draw
    x, m, guard_check = _base(d)
    base_nx, base_model = x, m
    y, ym = x, m
    trail = []
    for _ in range(d(st.integers(0, 5))):
        op, arg = d(view_op(ym.shape))
        if op == "broadcast":
            continue  # writes through stride-0 views are not defined
        y2, ym2 = apply(op, arg, y, ym)
        # follow only ops that are views on both sides (NumPy and nx may differ on reshape)
        shares_nx = y2.size == 0 or np.shares_memory(np.asarray(y2), np.asarray(base_nx))
        shares_np = ym2.size == 0 or np.shares_memory(ym2, base_model)
        if not (shares_nx and shares_np):
            break
        y, ym = y2, ym2
        trail.append((op, arg))
    what = " -> ".join(f"{o}({a})" for o, a in trail) or "base"
    for _ in range(d(st.integers(1, 3))):
        key = d(_write_key(ym.shape))
        target = ym[key]
        v = (np.arange(target.size) % 5 + 2).astype(ym.dtype).reshape(target.shape)
        value = xp.asarray(v) if d(st.booleans()) or v.ndim else v.item()
        with no_hang():
            y[key] = value
        ym[key] = v
        np.testing.assert_array_equal(np.asarray(base_nx), base_model, err_msg=f"{what}; y[{key!r}] = ...: the base differs from NumPy's")
        np.testing.assert_array_equal(np.asarray(y), ym, err_msg=f"{what}; y[{key!r}]")
        assert_inside_buffer(y, what)
    buf = base_nx.buffer
    assert buf.size >= base_nx.size
    if guard_check is not None:
        guard_check()


def test_write_into_empty_view() -> None:
    """Writing into an empty array or view is a no-op, as in NumPy."""
    x = xp.zeros((2, 0))
    x[...] = 1.0
    x[0:2] = xp.zeros((2, 0))
    x += 1.0
    assert x.shape == (2, 0)
