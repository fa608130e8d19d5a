"""What the core tests share: the NumPy dtypes the kernels run on, integer wrapping, the
sampling of values by dtype kind, the layouts every kernel is run on, the direct-loop references of unfold and fold, and the
prime factors and reshape targets that random shapes are drawn from.

A plain module (pytest puts this folder on ``sys.path``): ``from core_testing import ...``.
"""

from __future__ import annotations

from math import prod
from typing import Callable, Iterator

import numpy as np
from hypothesis import strategies as st

SINTS = [np.int8, np.int16, np.int32, np.int64]
UINTS = [np.uint8, np.uint16, np.uint32, np.uint64]
INTS = SINTS + UINTS
FLOATS = [np.float16, np.float32, np.float64]
COMPLEX = [np.complex64, np.complex128]
ALL = [np.bool_] + INTS + FLOATS + COMPLEX
NAN = float("nan")
INF = float("inf")


def wrap(v: int, dt) -> int:
    """``v`` wrapped into the integer dtype ``dt``, as its arithmetic wraps."""
    info = np.iinfo(dt)
    bits = np.dtype(dt).itemsize * 8
    v %= 1 << bits
    if info.min < 0 and v > info.max:
        v -= 1 << bits
    return v


def sample_by_kind(dt, shape, seed: int, real: Callable[[np.random.Generator, np.dtype, int], np.ndarray]) -> np.ndarray:
    """An array of ``dt`` and ``shape``: ``real(rng, dt, n)`` draws the ``n`` values of a
    bool, integer or floating dtype (``rng = np.random.default_rng(seed)``); a complex
    dtype's real and imaginary parts are two such draws of its float dtype, from ``seed``
    and ``seed + 1``."""
    dt = np.dtype(dt)
    n = int(np.prod(shape))
    if dt.kind != "c":
        return real(np.random.default_rng(seed), dt, n).reshape(shape)
    ft = np.float32 if dt == np.complex64 else np.float64
    x = np.empty(n, dt)
    x.real = sample_by_kind(ft, (n,), seed, real)
    x.imag = sample_by_kind(ft, (n,), seed + 1, real)
    return x.reshape(shape)


def layouts(x: np.ndarray) -> Iterator[tuple[str, np.ndarray]]:
    """(name, view) pairs holding ``x``'s values (but 'empty'): contiguous, strided,
    flipped, offset, broadcast (stride 0) and empty."""
    yield "contig", x.copy()
    base = np.empty((2 * x.shape[0],) + x.shape[1:], x.dtype)
    base[::2] = x
    base[1::2] = x
    yield "strided", base[::2]
    yield "flipped", x[::-1].copy()[::-1]
    base = np.empty((x.shape[0] + 1,) + x.shape[1:], x.dtype)
    base[1:] = x
    base[:1] = x[:1]
    yield "offset", base[1:]
    yield "broadcast", np.broadcast_to(x[:1], x.shape)
    yield "empty", x[:0]


def windows_per_axis(sizes, k, s, d, p):
    """The number of windows along each axis (kernel k, stride s, dilation d, padding p)."""
    return tuple((n + a + b - (dd * (kd - 1) + 1)) // sd + 1
                 for n, kd, sd, dd, (a, b) in zip(sizes, k, s, d, p))


def ref_unfold(x, k, s, d, p):
    """``unfold`` by direct loops: (lead..., prod(k), windows)."""
    nk = len(k)
    lead, spatial = x.shape[: x.ndim - nk], x.shape[x.ndim - nk :]
    ls = windows_per_axis(spatial, k, s, d, p)
    out = np.zeros(lead + (prod(k), prod(ls)), dtype=x.dtype)
    for li in np.ndindex(*lead):
        for kf, q in enumerate(np.ndindex(*k)):
            for l_, b in enumerate(np.ndindex(*ls)):
                sp = tuple(bd * sd + qd * dd - pb for bd, sd, qd, dd, (pb, _) in zip(b, s, q, d, p))
                if all(0 <= c < n for c, n in zip(sp, spatial)):
                    out[li + (kf, l_)] = x[li + sp]
    return out


def ref_fold(y, osz, k, s, d, p):
    """``fold`` by direct loops: the windows of ``y`` summed into (lead..., *osz)."""
    nk = len(k)
    lead = y.shape[:-2]
    ls = windows_per_axis(osz, k, s, d, p)
    out = np.zeros(lead + tuple(osz), dtype=y.dtype)
    for li in np.ndindex(*lead):
        for kf, q in enumerate(np.ndindex(*k)):
            for l_, b in enumerate(np.ndindex(*ls)):
                sp = tuple(bd * sd + qd * dd - pb for bd, sd, qd, dd, (pb, _) in zip(b, s, q, d, p))
                if all(0 <= c < n for c, n in zip(sp, osz)):
                    out[li + sp] += y[li + (kf, l_)]
    return out


def prime_factors(n: int) -> list[int]:
    """The prime factors of ``n`` (n > 0), smallest first, with their multiplicities."""
    factors = []
    m, p = n, 2
    while m > 1 and p * p <= m:
        while m % p == 0:
            factors.append(p)
            m //= p
        p += 1
    if m > 1:
        factors.append(m)
    return factors


def reshape_target(n: int, draw) -> tuple:
    """A random shape with ``n`` elements, drawn with Hypothesis's ``draw``: for n > 0 the
    prime factors of ``n`` spread over 1 to 4 axes (0 to 3 for n == 1) with up to two
    size-1 axes inserted; for n == 0 one to three axes, one of them 0."""
    if n == 0:
        dims = draw(st.lists(st.integers(0, 3), min_size=1, max_size=3))
        dims[draw(st.integers(0, len(dims) - 1))] = 0
        return tuple(dims)
    factors = prime_factors(n)
    k = draw(st.integers(1, 4)) if factors else draw(st.integers(0, 3))
    slots = [1] * k
    for f in factors:
        slots[draw(st.integers(0, k - 1))] *= f
    for _ in range(draw(st.integers(0, 2))):
        slots.insert(draw(st.integers(0, len(slots))), 1)
    return tuple(slots)
