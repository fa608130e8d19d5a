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
import threading
from typing import Any, Callable

import numpy as np

_loops: Any
try:  # the element-by-element loops, where the install compiled them (setup.py)
    from . import threefry_loops as _loops
except ImportError:  # (interpreted, they need Cython's pure-Python mode: not used then)
    _loops = None

__all__ = ["threefry2x32", "random_bits", "uniform", "normal", "COMPILED"]

#: Whether float64 normals are made by the compiled loops of ``threefry_loops`` (the same
#: bits as this module's NumPy kernel, faster): where the install compiled them and the
#: process does not run the pure-Python package (``nx_core.compiled``).
COMPILED = bool(_loops is not None and _loops.COMPILED)

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
    arrays of the slice's length. ``t`` is a temporary of the slice's length. (One key,
    compiled: ``threefry_loops.mix``, the same words.)"""
    scalar = type(ks[0]) is int
    if scalar and COMPILED:
        if type(x0) is int:
            _loops.mix(ks[0], ks[1], None, x0, x1, out0)
        else:
            _loops.mix(ks[0], ks[1], x0, 0, x1, out0)
        return
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
        if COMPILED:
            _loops.blocks(k0, k1, c[:, 0], c[:, 1], res[:, 0], res[:, 1])
            return out
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
    finish: Callable[[np.ndarray], None] | None = None,
) -> np.ndarray:
    """The bits of element ``i`` of ``shape`` under the key ``(k0, k1)`` (see the module),
    for the elements in ``box`` (``(start, stop)`` per axis; all of ``shape`` when None),
    as a fresh C-contiguous array of ``box``'s extents and ``dtype`` (uint32 or uint64).
    ``finish``, when given, transforms each slice of the result in place as soon as its
    bits are written, while the slice is still in the core's cache."""
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
        if finish is not None:
            finish(flat[s : s + m])
    return out


#: Per float dtype: the bits a uniform takes, the shift that leaves its mantissa's width
#: of them and the exponent of 1.0 (floats in [1, 2)).
_MANTISSA = {np.dtype(np.float64): (np.uint64, 12, 0x3FF0000000000000), np.dtype(np.float32): (np.uint32, 9, 0x3F800000)}


def uniform(
    k0: int,
    k1: int,
    shape: tuple[int, ...],
    dtype: np.dtype | type,
    tag: int = 0,
    box: tuple[tuple[int, int], ...] | None = None,
) -> np.ndarray:
    """Uniform floats in [0, 1) of ``dtype`` (float32 or float64) for the elements of
    ``shape`` in ``box``: ``f - 1`` for the float ``f`` in [1, 2) whose mantissa is the top
    bits of ``random_bits``'s uint64 (float64) or uint32 (float32) element. The bits are
    made into floats slice by slice in cache, in the memory of the result: no pass over
    memory but the one that writes the bits."""
    dtype = np.dtype(dtype)
    bits, shift, one = _MANTISSA[dtype]
    sh: Any = bits(shift)  # (the dtype's unsigned integer scalars)
    on: Any = bits(one)
    unit = dtype.type(1)

    def finish(b: np.ndarray) -> None:
        np.right_shift(b, sh, out=b)
        np.bitwise_or(b, on, out=b)
        f = b.view(dtype)
        np.subtract(f, unit, out=f)

    return random_bits(k0, k1, shape, bits, tag, box, finish).view(dtype)


# ------------------------------------------------------------------ normals
#: The counter tags of the two streams of ``normal`` (the high bits of the first counter
#: word, as ``split`` (0x80000000) and ``fold_in`` (0x40000000) have theirs): pair ``p``
#: of normals takes its first uniform from counter ``(hi(p) | NORMAL_TAGS[0], lo(p))``
#: and its second from ``NORMAL_TAGS[1]``'s. Below 2**61 pairs ``hi(p)`` stays under
#: 2**29, so the two streams, and the streams of ``bits`` (tag 0, high words under
#: 2**30), never share a counter.
NORMAL_TAGS = (0xC0000000, 0xE0000000)
#: Pairs of normals made at a time (the buffers of ``_workspace``, kept by each thread).
#: Each block is about 190 NumPy calls, each of which lets go of the GIL and takes
#: it back; smaller blocks made two threads (Dask's, one per core) queue on the GIL
#: between short calls (normals mean+std on the Dask device against raw Dask, with kept
#: buffers and each tag's blocks mixed on their own: 1.31 with 1 << 16, 1.18 with
#: 1 << 17; both tags' blocks mixed together, at 1 << 17: medians 1.12-1.17 against
#: 1.22-1.32).
_PAIRS = 1 << 17


def _words(ks: tuple, tags: tuple, p: np.ndarray, bufs: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The two output words of the blocks of counters ``(hi(p) | tag, lo(p))`` (``p``
    uint64) under the key schedule ``ks``, for each tag of ``tags``, one tag's blocks
    after the other's, in the buffers ``bufs`` (three uint32 arrays). The tags are mixed
    together: half the NumPy calls for two tags, each of which lets go of the GIL and
    takes it back."""
    m = p.size
    x0, x1, t = (b[: len(tags) * m] for b in bufs)
    first, last = int(p[0]), int(p[-1])
    for j in range(len(tags)):
        np.copyto(x1[j * m : (j + 1) * m], p, casting="unsafe")  # the low words
    np.add(x1, ks[1], out=x1)
    if len(tags) == 1 and first >> 32 == last >> 32:
        _mix((((first >> 32) | tags[0]) + ks[0]) & _M32, x1, t, ks, x0)
        return x0, x1
    for j, tag in enumerate(tags):
        h = x0[j * m : (j + 1) * m]
        if first >> 32 == last >> 32:
            h.fill((((first >> 32) | tag) + ks[0]) & _M32)
        else:
            np.copyto(h, p >> np.uint64(32), casting="unsafe")
            np.bitwise_or(h, tag, out=h)
            np.add(h, ks[0], out=h)
    _mix(x0, x1, t, ks, x0)
    return x0, x1


def _uniform52(y0: np.ndarray, y1: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Floats in [1, 2) whose 52 mantissa bits are the top bits of ``(y0 << 32) | y1``
    (as ``uniform`` takes them from ``bits``), in ``m`` (uint64)."""
    np.copyto(m, y0, casting="unsafe")
    np.left_shift(m, np.uint64(20), out=m)
    np.right_shift(y1, np.uint32(12), out=y1)
    np.bitwise_or(m, y1, out=m, casting="unsafe")
    np.bitwise_or(m, np.uint64(0x3FF0000000000000), out=m)
    return m.view(np.float64)


# sin and cos on [0, pi/4] by the polynomials of Cephes (S. Moshier's sin.c and sinf.c):
# within an ulp, and the same bits on every platform (multiplications and additions
# only), faster than NumPy's sin and cos on arrays (9.6 ns a pair against 16.3 on a 2-core AMD EPYC).
_SIN = {8: (1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
            -1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1),
        4: (-1.9515295891e-4, 8.3321608736e-3, -1.6666654611e-1)}
_COS = {8: (-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
            2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2),
        4: (2.443315711809948e-5, -1.388731625493765e-3, 4.166664568298827e-2)}


# log on (0, 1] by Cephes's log (S. Moshier's log.c): u = m 2**e with m in [sqrt(1/2),
# sqrt(2)) by an exact reduction, then log(1 + x) = x - x^2 / 2 + x^3 P(x) / Q(x) and
# e log 2 in two parts; within an ulp, and the same bits on every platform and in the
# compiled loops (threefry_loops), as NumPy's log, which some machines take from the
# C library and others from SIMD code of their own, is not.
_LOG_P = (1.01875663804580931796e-4, 4.97494994976747001425e-1, 4.70579119878881725854e0,
          1.44989225341610930846e1, 1.79368678507819816313e1, 7.70838733755885391666e0)
_LOG_Q = (1.12873587189167450590e1, 4.52279145837532221105e1, 8.29875266912776603211e1,
          7.11544750618563894466e1, 2.31251620126765340583e1)  # (Q's leading 1 left out)
_SQRTH = 0.70710678118654752440
#: The coefficients as the compiled loops take them.
_COEF = {k: np.array(v, np.float64) for k, v in (("log_p", _LOG_P), ("log_q", _LOG_Q), ("sin", _SIN[8]), ("cos", _COS[8]))}


def _log(u: np.ndarray, w: dict) -> np.ndarray:
    """``log(u)`` in place for float64 ``u`` in (0, 1], in the scratch of ``w``: each
    step one IEEE operation, in the order of ``threefry_loops._log``."""
    m, e = np.frexp(u, out=(w["t"], w["e"]))  # exact
    lt = w["o"]
    np.copyto(lt, np.less(m, _SQRTH, out=w["m1"].view(bool)))
    fe = np.subtract(e, lt, out=w["c"])  # the exponent, one less where m < sqrt(1/2)
    np.add(lt, 1.0, out=lt)
    x = np.multiply(m, lt, out=m)
    np.subtract(x, 1.0, out=x)  # 2 m - 1 or m - 1: exact
    z = np.multiply(x, x, out=w["s"])
    num = _horner(x, _LOG_P, w["sign"])
    den = np.add(x, _LOG_Q[0], out=w["d"])
    for q in _LOG_Q[1:]:
        np.multiply(den, x, out=den)
        np.add(den, q, out=den)
    np.multiply(z, num, out=num)
    np.divide(num, den, out=num)
    y = np.multiply(x, num, out=num)
    np.subtract(y, np.multiply(fe, 2.121944400546905827679e-4, out=den), out=y)
    np.subtract(y, np.multiply(z, 0.5, out=z), out=y)
    np.add(x, y, out=y)
    return np.add(y, np.multiply(fe, 0.693359375, out=fe), out=u)


def _horner(zz: np.ndarray, coef: tuple, p: np.ndarray) -> np.ndarray:
    dt = zz.dtype.type
    np.multiply(zz, dt(coef[0]), out=p)
    np.add(p, dt(coef[1]), out=p)
    for k in coef[2:]:
        np.multiply(p, zz, out=p)
        np.add(p, dt(k), out=p)
    return p


def _sincos_2pi(u: np.ndarray, c: np.ndarray, s: np.ndarray, w: dict) -> tuple[np.ndarray, np.ndarray]:
    """``(cos(2 pi u), sin(2 pi u))`` for ``u`` in [0, 1) (``c`` and ``s`` are scratch of
    ``u``'s dtype): the angle is reduced exactly to its octant (``8 u`` splits into the
    octant ``o`` and a fraction ``f``; odd octants take ``g = 1 - f``, exact too, as
    ``f + odd * (1 - 2 f)``), ``a = g pi / 4`` lies in [0, pi/4], where ``sin`` and
    ``cos`` are Cephes's polynomials (``_SIN``, ``_COS``); the octant then swaps them
    (octants 1, 2, 5, 6) and flips their sign bits (cos in octants 2-5, sin in 4-7).
    Masked ufuncs (``where=``) and ``np.where`` branch element by element, slow on
    random masks, so the masks are arithmetic or blends of bits."""
    dt = u.dtype.type
    size = u.dtype.itemsize
    bits = np.uint64 if size == 8 else np.uint32
    t = np.multiply(u, dt(8), out=w["t"])  # exact
    o = np.floor(t, out=w["o"])
    np.subtract(t, o, out=t)  # f, exact
    oi = w["oi"]
    np.copyto(oi, o, casting="unsafe")
    odd = w["o"]
    np.copyto(odd, np.bitwise_and(oi, 1, out=w["m1"]), casting="unsafe")
    g = np.multiply(t, dt(-2), out=c)
    np.add(g, dt(1), out=g)  # 1 - 2 f, exact
    np.multiply(g, odd, out=g)
    a = np.add(g, t, out=t)  # f, or 1 - f in odd octants
    np.multiply(a, dt(math.pi / 4), out=a)
    zz = np.multiply(a, a, out=w["o"])
    p = _horner(zz, _SIN[size], w["sign"])  # sin a = a + a zz P(zz)
    np.multiply(p, zz, out=p)
    np.multiply(p, a, out=p)
    np.add(p, a, out=s)
    q = _horner(zz, _COS[size], w["sign"])  # cos a = (1 - zz / 2) + zz zz Q(zz)
    np.multiply(q, zz, out=q)
    np.multiply(q, zz, out=q)
    np.multiply(zz, dt(-0.5), out=zz)
    np.add(zz, dt(1), out=zz)
    np.add(zz, q, out=c)
    # The swap as a blend of the bits, (c ^ s) & mask: np.where on a random mask took
    # half of this function's time.
    sw = np.right_shift(np.add(oi, 1, out=w["m1"]), 1, out=w["m1"])
    np.bitwise_and(sw, 1, out=sw)  # 1 in octants 1, 2, 5 and 6
    mask = w["o"].view(np.int64 if size == 8 else np.int32)  # (zz is spent)
    np.copyto(mask, sw, casting="unsafe")
    np.negative(mask, out=mask)  # all ones where the octant swaps
    d = w["t"].view(bits)  # (a is spent)
    np.bitwise_xor(c.view(bits), s.view(bits), out=d)
    np.bitwise_and(d, mask.view(bits), out=d)
    cos, sin = c, s
    np.bitwise_xor(cos.view(bits), d, out=cos.view(bits))
    np.bitwise_xor(sin.view(bits), d, out=sin.view(bits))
    sign = w["sign"].view(bits)
    shift = bits(8 * size - 3)  # bit 2 of the octant to the sign bit
    np.copyto(sign, np.bitwise_and(np.add(oi, 2, out=w["m1"]), 4, out=w["m1"]), casting="unsafe")
    np.left_shift(sign, shift, out=sign)
    np.bitwise_xor(cos.view(bits), sign, out=cos.view(bits))
    np.copyto(sign, np.bitwise_and(oi, 4, out=w["m1"]), casting="unsafe")
    np.left_shift(sign, shift, out=sign)
    np.bitwise_xor(sin.view(bits), sign, out=sin.view(bits))
    return cos, sin


_LOCAL = threading.local()


def _workspace(n: int, dtype: np.dtype) -> dict:
    """The buffers ``_pairs`` works in, for up to ``n`` pairs at a time, and ``z`` (two
    normals a pair): this thread's, kept from its last call when they are large enough.
    A Dask worker thread draws chunk after chunk, and fresh buffers of a few MB each time
    cost page faults; kept, they are at most ``2 * _PAIRS`` pairs' (about 24 MB) a thread."""
    by_dtype: dict = _LOCAL.__dict__.setdefault("workspaces", {})
    kept = by_dtype.get(dtype)
    if kept is not None and kept["t"].size >= n:
        return kept
    w = {
        "bufs": (np.empty(2 * n, np.uint32), np.empty(2 * n, np.uint32), np.empty(2 * n, np.uint32)),  # two tags
        "w1": np.empty(n, np.uint64), "w2": np.empty(n, np.uint64),
        "t": np.empty(n, dtype), "o": np.empty(n, dtype), "c": np.empty(n, dtype), "s": np.empty(n, dtype),
        "oi": np.empty(n, np.int8), "m1": np.empty(n, np.int8), "sign": np.empty(n, dtype),
        "d": np.empty(n, dtype), "e": np.empty(n, np.int32),
    }
    w["z"] = np.empty(2 * n, dtype)
    by_dtype[dtype] = w
    return w


def _pairs(ks: tuple, p: np.ndarray, dtype: np.dtype, w: dict, z: np.ndarray) -> None:
    """The normals of the pairs ``p`` into ``z`` (``2 * len(p)`` of ``dtype``, the pair's
    two normals side by side): Box-Muller, ``r = sqrt(-2 log u1)``, ``t = 2 pi u2``,
    ``(r cos t, r sin t)``, with ``u1`` in (0, 1] and ``u2`` in [0, 1)."""
    m = p.size
    if dtype == np.float64 and COMPILED:
        _loops.normal_pairs(ks[0], ks[1], NORMAL_TAGS, p, z, z.view(np.uint64), _COEF["log_p"], _COEF["log_q"], _COEF["sin"], _COEF["cos"])
        return
    bufs = w["bufs"]
    if dtype == np.float64:
        y0, y1 = _words(ks, NORMAL_TAGS, p, bufs)  # both uniforms' blocks, mixed together
        f1 = _uniform52(y0[:m], y1[:m], w["w1"][:m])
        f2 = _uniform52(y0[m:], y1[m:], w["w2"][:m])
    else:  # float32: the two words of one block, 23 mantissa bits each
        y0, y1 = _words(ks, NORMAL_TAGS[:1], p, bufs)
        np.right_shift(y0, np.uint32(9), out=y0)
        np.bitwise_or(y0, np.uint32(0x3F800000), out=y0)
        np.right_shift(y1, np.uint32(9), out=y1)
        np.bitwise_or(y1, np.uint32(0x3F800000), out=y1)
        f1, f2 = y0.view(np.float32), y1.view(np.float32)
    u1 = np.subtract(dtype.type(2), f1, out=f1)  # (0, 1]
    sub = {k: v[:m] for k, v in w.items() if k != "bufs" and k != "z"}
    r = _log(u1, sub) if dtype == np.float64 else np.log(u1, out=u1)
    np.multiply(r, dtype.type(-2), out=r)
    np.sqrt(r, out=r)
    u2 = np.subtract(f2, dtype.type(1), out=f2)  # [0, 1)
    c, s = _sincos_2pi(u2, sub["c"], sub["s"], sub)
    pair = z.reshape(m, 2)
    np.multiply(c, r, out=pair[:, 0])
    np.multiply(s, r, out=pair[:, 1])


def normal(
    k0: int,
    k1: int,
    shape: tuple[int, ...],
    dtype: np.dtype | type,
    tag: int = 0,
    box: tuple[tuple[int, int], ...] | None = None,
) -> np.ndarray:
    """Standard normals of ``dtype`` (float32 or float64) for the elements of ``shape``
    in ``box`` (all of ``shape`` when None) under the key ``(k0, k1)``: element ``i``
    (row-major) is the first normal of pair ``i // 2`` when ``i`` is even, its second
    when odd (``_pairs``). Each chunk is made in blocks of ``_PAIRS`` pairs, in cache.
    (``tag`` is unused: the streams have theirs, ``NORMAL_TAGS``.)"""
    dtype = np.dtype(dtype)
    if box is None:
        box = tuple((0, n) for n in shape)
    out = np.empty(tuple(b - a for a, b in box), dtype)
    if out.size == 0:
        return out
    flat = out.reshape(-1)
    k0, k1 = k0 & _M32, k1 & _M32
    ks = (k0, k1, k0 ^ k1 ^ _PARITY)
    starts, length = _runs(tuple(shape), box)
    w = _workspace(min(2 * _PAIRS, flat.size + 2), dtype)  # (a block of short runs may span one pair more per run)
    z = w["z"]
    if len(starts) == 1 or length >= 4 * _PAIRS:
        # Runs of consecutive elements: the pairs they span, a block at a time.
        pos = 0
        for s in (int(v) for v in starts):
            end = s + length
            for b in range(s & ~1, end, 2 * _PAIRS):
                lo, hi = max(b, s), min(b + 2 * _PAIRS, end)
                p = np.arange(b >> 1, (hi + 1) >> 1, dtype=np.uint64)
                if lo == b and hi - lo == 2 * p.size:  # whole pairs: straight into the output
                    _pairs(ks, p, dtype, w, flat[pos : pos + hi - lo])
                else:
                    _pairs(ks, p, dtype, w, z[: 2 * p.size])
                    flat[pos : pos + hi - lo] = z[lo - b : hi - b]
                pos += hi - lo
        return out
    # Many short runs: the distinct pairs of a block of elements, then each element.
    idx = (starts[:, None] + np.arange(length, dtype=np.uint64)).reshape(-1)
    for at in range(0, idx.size, 2 * _PAIRS):
        e = idx[at : at + 2 * _PAIRS]
        pe = e >> np.uint64(1)
        new = np.empty(pe.size, bool)
        new[0] = True
        np.not_equal(pe[1:], pe[:-1], out=new[1:])
        ps = pe[new]
        _pairs(ks, ps, dtype, w, z[: 2 * ps.size])
        flat[at : at + e.size] = z[2 * (np.cumsum(new) - 1) + (e & np.uint64(1)).astype(np.int64)]
    return out
