"""Threefry-2x32 with 20 rounds (Random123 ``threefry2x32_20``), vectorised.

``threefry2x32(key, counter)``: ``key`` and ``counter`` have identical shapes whose last
dimension is 2; every position of the leading dimensions is one independent block.  All
arithmetic is on unsigned 32-bit words; int32 inputs are reinterpreted bit-for-bit and
the result has the dtype of ``counter``.

``random_bits(k0, k1, shape, dtype, tag, box)``: the counter-mode stream of one key, the
bits of ``nx_array_api.random``: element ``i`` (row-major in ``shape``) comes from the
counter ``(hi(i) | tag, lo(i))``, reduced to ``y0 ^ y1`` (uint32) or ``(y0 << 32) | y1``
(uint64); ``box`` picks a block of ``shape`` (a chunk computed on its own).

Speed: the words are mixed in slices of ``_BLOCK`` elements, small enough that the two
words and one temporary stay in the core's cache for the 20 rounds, and every step writes
into those buffers in place (a rotation is three in-place operations, no temporaries).
The key words of a stream are scalars, the high counter word of a slice is usually one
scalar too, and the two additions of each key injection are folded into one.  Working
through memory instead, as one whole-array operation per step, is several times slower.
"""

from __future__ import annotations

import math
import sys

import numpy as np

__all__ = ["threefry2x32", "random_bits"]

_ROT = (13, 15, 26, 6, 17, 29, 16, 24)
_PARITY = 0x1BD11BDA
_M32 = 0xFFFFFFFF
_WORD_DTYPES = (np.dtype(np.uint32), np.dtype(np.int32))
#: Elements mixed at a time: three uint32 buffers of 128 KiB each.
_BLOCK = 1 << 15
#: Which uint32 of a uint64 holds its high word.
_HI = 1 if sys.byteorder == "little" else 0


def _as_u32(a: np.ndarray, name: str) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype not in _WORD_DTYPES:
        raise ValueError(f"threefry: {name} must be int32 or uint32, got {a.dtype}")
    if a.dtype == np.int32:
        return a.view(np.uint32)  # the same bits, the same layout
    return a


def _mix(x0: np.ndarray | int, x1: np.ndarray, t: np.ndarray, ks: tuple, out0: np.ndarray) -> None:
    """The 20 rounds, in place. On entry ``x1`` holds the counter's second word plus the
    key's second word (modulo 2**32) and ``x0`` the first word plus the first key word:
    an array, or one Python int for every element. On return ``out0`` (``x0`` itself
    when it is an array) and ``x1`` hold the block's output. ``ks`` is the key schedule
    ``(k0, k1, k0 ^ k1 ^ parity)``: Python ints (one key for every element) or uint32
    arrays of the slice's length. ``t`` is a temporary of the slice's length."""
    scalar = type(ks[0]) is int
    np.add(x1, x0, out=out0)  # round 0's x0 += x1
    x0 = out0
    for r in range(20):
        if r:
            np.add(x0, x1, out=x0)
        rot = _ROT[r % 8]
        np.right_shift(x1, 32 - rot, out=t)
        np.left_shift(x1, rot, out=x1)
        np.bitwise_or(x1, t, out=x1)
        np.bitwise_xor(x1, x0, out=x1)
        if r % 4 == 3:
            s = (r + 1) // 4
            np.add(x0, ks[s % 3], out=x0)
            if scalar:
                np.add(x1, (ks[(s + 1) % 3] + s) & _M32, out=x1)
            else:
                np.add(x1, ks[(s + 1) % 3], out=x1)
                np.add(x1, s, out=x1)


def _buffers(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    m = min(n, _BLOCK)
    return np.empty(m, np.uint32), np.empty(m, np.uint32), np.empty(m, np.uint32)


def threefry2x32(key: np.ndarray, counter: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Threefry-2x32-20 of ``counter`` under ``key`` (same shape, last dim 2).

    Returns a fresh C-contiguous array of counter's dtype, or writes into ``out`` (a
    C-contiguous array of counter's shape) and returns it.
    """
    key = np.asarray(key)
    counter = np.asarray(counter)
    if key.ndim == 0 or counter.ndim == 0 or key.shape[-1] != 2 or counter.shape[-1] != 2:
        raise ValueError("threefry: last dimension must be 2")
    if key.shape != counter.shape:
        raise ValueError(
            f"threefry: key shape {list(key.shape)} != counter shape {list(counter.shape)}"
        )
    if out is not None and out.shape != counter.shape:
        raise ValueError(
            f"threefry: output shape {list(out.shape)} != counter shape {list(counter.shape)}"
        )
    k = _as_u32(key, "key").reshape(-1, 2)
    c = _as_u32(counter, "counter").reshape(-1, 2)
    if out is None:
        out = np.empty(counter.shape, dtype=counter.dtype)
    res = (out.view(np.uint32) if out.dtype == np.int32 else out).reshape(-1, 2)
    n = c.shape[0]
    if n == 0:
        return out
    one_key = n == 1 or k.strides[0] == 0  # a broadcast key: its words are scalars
    if one_key:
        k0, k1 = int(k[0, 0]), int(k[0, 1])
        ks: tuple = (k0, k1, k0 ^ k1 ^ _PARITY)
    else:
        kb0, kb1, kb2 = _buffers(n)
    x0b, x1b, tb = _buffers(n)
    for s in range(0, n, _BLOCK):
        e = min(s + _BLOCK, n)
        m = e - s
        x0, x1, t = x0b[:m], x1b[:m], tb[:m]
        if not one_key:
            np.copyto(kb0[:m], k[s:e, 0])
            np.copyto(kb1[:m], k[s:e, 1])
            np.bitwise_xor(kb0[:m], kb1[:m], out=kb2[:m])
            np.bitwise_xor(kb2[:m], _PARITY, out=kb2[:m])
            ks = (kb0[:m], kb1[:m], kb2[:m])
        np.add(c[s:e, 0], ks[0], out=x0)
        np.add(c[s:e, 1], ks[1], out=x1)
        _mix(x0, x1, t, ks, x0)
        res[s:e, 0] = x0
        res[s:e, 1] = x1
    return out


def _runs(shape: tuple[int, ...], box: tuple[tuple[int, int], ...]) -> tuple[np.ndarray, int]:
    """The box's elements as runs of consecutive row-major indices of ``shape``: the
    first index of each run (uint64, in the box's C order) and the common run length."""
    j = len(shape) - 1  # the last axis the box does not span whole
    while j >= 0 and box[j] == (0, shape[j]):
        j -= 1
    if j < 0:
        return np.zeros(1, np.uint64), math.prod(shape)
    stride = 1
    for n in shape[j + 1 :]:
        stride *= n
    length = (box[j][1] - box[j][0]) * stride
    starts = np.asarray([box[j][0] * stride], np.uint64)
    for a in range(j - 1, -1, -1):
        stride *= shape[a + 1]
        lo, hi = box[a]
        starts = (np.arange(lo, hi, dtype=np.uint64)[:, None] * np.uint64(stride) + starts).reshape(-1)
    return starts, length


def random_bits(
    k0: int,
    k1: int,
    shape: tuple[int, ...],
    dtype: np.dtype | type,
    tag: int = 0,
    box: tuple[tuple[int, int], ...] | None = None,
) -> np.ndarray:
    """The bits of element ``i`` of ``shape`` under the key ``(k0, k1)`` (see the module),
    for the elements in ``box`` (``(start, stop)`` per axis; all of ``shape`` when None),
    as a fresh C-contiguous array of ``box``'s extents and ``dtype`` (uint32 or uint64)."""
    dtype = np.dtype(dtype)
    if box is None:
        box = tuple((0, n) for n in shape)
    out = np.empty(tuple(b - a for a, b in box), dtype)
    if out.size == 0:
        return out
    flat = out.reshape(-1)
    wide = dtype == np.uint64
    words = flat.view(np.uint32).reshape(-1, 2) if wide else None
    k0, k1 = k0 & _M32, k1 & _M32
    ks = (k0, k1, k0 ^ k1 ^ _PARITY)
    starts, length = _runs(tuple(shape), box)
    x0, x1b, tb = _buffers(flat.size)
    first, last = int(starts[0]), int(starts[-1]) + length - 1
    if first >> 32 == last >> 32:
        # One high word for the whole box (always, below 2**32 elements): the low words
        # are the indices modulo 2**32, from one run or from short runs side by side.
        c0: int | None = (((first >> 32) | tag) + k0) & _M32
        lo: np.ndarray
        if len(starts) == 1:
            lo = np.arange(min(length, _BLOCK), dtype=np.uint32)

            def step(s: int, m: int) -> np.ndarray:
                return np.add(lo[:m], (first + s + k1) & _M32, out=x1b[:m])

        else:
            lo = (np.asarray(starts & np.uint64(_M32), np.uint32)[:, None] + np.arange(length, dtype=np.uint32)).reshape(-1)

            def step(s: int, m: int) -> np.ndarray:
                return np.add(lo[s : s + m], k1, out=x1b[:m])

    else:  # the high word changes inside the box: both words of every index
        idx = (starts[:, None] + np.arange(length, dtype=np.uint64)).reshape(-1)
        c0 = None

        def step(s: int, m: int) -> np.ndarray:
            i = idx[s : s + m]
            np.copyto(x0[:m], i >> np.uint64(32), casting="unsafe")
            np.bitwise_or(x0[:m], tag, out=x0[:m])
            np.add(x0[:m], k0, out=x0[:m])
            np.copyto(x1b[:m], i, casting="unsafe")  # the low words (modulo 2**32)
            return np.add(x1b[:m], k1, out=x1b[:m])

    for s in range(0, flat.size, _BLOCK):
        m = min(_BLOCK, flat.size - s)
        x1 = step(s, m)
        _mix(x0[:m] if c0 is None else c0, x1, tb[:m], ks, x0[:m])
        if words is not None:  # wide: the two words of each element
            words[s : s + m, _HI] = x0[:m]
            words[s : s + m, 1 - _HI] = x1
        else:
            np.bitwise_xor(x0[:m], x1, out=flat[s : s + m])
    return out
