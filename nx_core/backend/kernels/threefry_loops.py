# cython: boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Threefry-2x32-20 and the Box-Muller normals, element by element, for compiling.

This module is Cython's pure-Python mode: an install with a C compiler compiles it
(``setup.py``) into loops that run without the GIL, and interpreted it runs as the
Python it reads as (slowly: the tests run it on a few hundred pairs as a third
reference). ``nx_core.backend.kernels.threefry`` uses it where it runs compiled
(``COMPILED``) and its own NumPy kernels elsewhere; both give the same bits, pinned by
the same known-answer vectors and by tests over random keys and counters:

- the words are the same exact integer arithmetic, modulo 2**32;
- every floating-point step is one IEEE operation (``+``, ``-``, ``*``, ``/``,
  ``sqrt``, ``floor``, ``frexp``) in the NumPy kernel's order; the logarithm and the
  sine and cosine are polynomials (the coefficients are the NumPy kernel's, passed in),
  not the platform's ``log``, ``sin`` and ``cos``; the build turns off the contraction
  of a product and a sum into one fused operation.
"""

from __future__ import annotations

import cython
from cython.cimports.libc.math import frexp, sqrt  # (interpreted: the math module's)

#: Whether this module runs compiled (Cython sets it when it compiles the module).
COMPILED = cython.compiled

u32 = cython.typedef(cython.uint)
u64 = cython.typedef(cython.ulonglong)

#: Pairs made at a time: their bits, then their normals, while ``z``'s part stays in cache.
_BATCH = cython.declare(cython.Py_ssize_t, 2048)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _u32(x: u64) -> u32:
    """``x`` modulo 2**32: C's unsigned arithmetic, compiled; a mask, interpreted."""
    if cython.compiled:
        return cython.cast(u32, x)
    else:
        return x & 0xFFFFFFFF


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _rotl(x: u32, r: cython.int) -> u32:
    return _u32(x << r) | (x >> (32 - r))


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _four(x0: u32, x1: u32, ra: cython.int, rb: cython.int, rc: cython.int, rd: cython.int) -> tuple[u32, u32]:
    """Four rounds, with the rotations ``ra`` .. ``rd``."""
    x0 = _u32(x0 + x1)
    x1 = _rotl(x1, ra) ^ x0
    x0 = _u32(x0 + x1)
    x1 = _rotl(x1, rb) ^ x0
    x0 = _u32(x0 + x1)
    x1 = _rotl(x1, rc) ^ x0
    x0 = _u32(x0 + x1)
    x1 = _rotl(x1, rd) ^ x0
    return x0, x1


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _rounds(k0: u32, k1: u32, k2: u32, x0: u32, x1: u32) -> tuple[u32, u32]:
    """The 20 rounds of the words ``x0``, ``x1`` (the counter's, plus the key's), under
    the key schedule ``(k0, k1, k2 = k0 ^ k1 ^ parity)``: Random123's rotations (13, 15,
    26, 6, then 17, 29, 16, 24), and after every fourth round the schedule injected,
    with the injection's number."""
    x0, x1 = _four(x0, x1, 13, 15, 26, 6)
    x0, x1 = _four(_u32(x0 + k1), _u32(x1 + k2 + 1), 17, 29, 16, 24)
    x0, x1 = _four(_u32(x0 + k2), _u32(x1 + k0 + 2), 13, 15, 26, 6)
    x0, x1 = _four(_u32(x0 + k0), _u32(x1 + k1 + 3), 17, 29, 16, 24)
    x0, x1 = _four(_u32(x0 + k1), _u32(x1 + k2 + 4), 13, 15, 26, 6)
    return _u32(x0 + k2), _u32(x1 + k0 + 5)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def block(k0: u32, k1: u32, k2: u32, c0: u32, c1: u32) -> tuple[u32, u32]:
    """Threefry-2x32-20 of the counter ``(c0, c1)`` under the key schedule ``(k0, k1,
    k2)``."""
    return _rounds(k0, k1, k2, _u32(c0 + k0), _u32(c1 + k1))


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _float12(k0: u32, k1: u32, k2: u32, c0: u32, c1: u32) -> u64:
    """The bits of the float in [1, 2) whose 52 mantissa bits are the top bits of the
    block's ``(y0 << 32) | y1``."""
    y0: u32
    y1: u32
    y0, y1 = block(k0, k1, k2, c0, c1)
    return ((cython.cast(u64, y0) << 20) | (y1 >> 12)) | (cython.cast(u64, 0x3FF) << 52)


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _horner(x: cython.double, c: cython.const[cython.double][::1]) -> cython.double:
    """``c[0] x^(n-1) + ... + c[n-1]``, as the NumPy kernel's ``_horner`` evaluates it."""
    p: cython.double = x * c[0] + c[1]
    k: cython.Py_ssize_t
    for k in range(2, c.shape[0]):
        p = p * x + c[k]
    return p


@cython.cfunc
@cython.inline
@cython.nogil
@cython.exceptval(check=False)
def _log(u: cython.double, lp: cython.const[cython.double][::1], lq: cython.const[cython.double][::1]) -> cython.double:
    """``log(u)`` for ``u`` in (0, 1] by Cephes's ``log`` (``lp``: P, ``lq``: Q without
    its leading 1), as the NumPy kernel's ``_log`` computes it."""
    e: cython.int
    m: cython.double
    if cython.compiled:
        m = frexp(u, cython.address(e))
    else:
        m, e = frexp(u)
    lt: cython.double = m < 0.70710678118654752440  # sqrt(1/2); a blend, not a branch
    fe: cython.double = e - lt  # the exponent of m in [sqrt(1/2), sqrt(2))
    x: cython.double = (m * (1.0 + lt)) - 1.0  # 2 m - 1 or m - 1: exact
    z: cython.double = x * x
    num: cython.double = lp[0]
    k: cython.Py_ssize_t
    for k in range(1, lp.shape[0]):
        num = num * x + lp[k]
    den: cython.double = x + lq[0]
    for k in range(1, lq.shape[0]):
        den = den * x + lq[k]
    y: cython.double = x * ((z * num) / den)
    y = y - fe * 2.121944400546905827679e-4
    y = y - z * 0.5
    return (x + y) + fe * 0.693359375


def normal_pairs(
    k0: u32,
    k1: u32,
    tags: tuple,
    p: cython.const[cython.ulonglong][::1],
    z: cython.double[::1],
    zbits: cython.ulonglong[::1],
    lp: cython.const[cython.double][::1],
    lq: cython.const[cython.double][::1],
    sin_c: cython.const[cython.double][::1],
    cos_c: cython.const[cython.double][::1],
) -> None:
    """The float64 normals of the pairs ``p`` into ``z`` (``2 * len(p)``, each pair's
    two side by side; ``zbits`` is ``z``'s memory as uint64), as the NumPy kernel's
    ``_pairs``: the floats ``f1``, ``f2`` in [1, 2) whose mantissas are the top 52 bits
    of the blocks of counters ``(hi(p) | tag, lo(p))``, one tag each, ``u1 = 2 - f1``
    in (0, 1] and ``u2 = f2 - 1`` in [0, 1), then ``r = sqrt(-2 log u1)`` and
    ``(r cos 2 pi u2, r sin 2 pi u2)`` with the angle reduced to an octant. A batch of
    pairs at a time: the blocks first (a loop the C compiler vectorises), into ``z``,
    then the normals over them."""
    t0: u32 = tags[0]
    t1: u32 = tags[1]
    k2: u32 = k0 ^ k1 ^ 0x1BD11BDA
    n: cython.Py_ssize_t = p.shape[0]
    b: cython.Py_ssize_t
    e: cython.Py_ssize_t
    i: cython.Py_ssize_t
    q: u64
    hi: u32
    lo: u32
    a: cython.double
    c: cython.double
    s: cython.double
    zz: cython.double
    oi: cython.int
    sw: cython.int
    b = 0
    with cython.nogil:
        while b < n:
            e = min(b + _BATCH, n)
            for i in range(b, e):
                q = cython.cast(u64, p[i])  # (interpreted: an int)
                hi = _u32(q >> 32)
                lo = _u32(q)
                zbits[2 * i] = _float12(k0, k1, k2, hi | t0, lo)
                zbits[2 * i + 1] = _float12(k0, k1, k2, hi | t1, lo)
            for i in range(b, e):
                u1: cython.double = 2.0 - z[2 * i]  # exact
                u2: cython.double = z[2 * i + 1] - 1.0  # exact
                r: cython.double = sqrt(_log(u1, lp, lq) * -2.0)
                t: cython.double = u2 * 8.0  # exact
                oi = cython.cast(cython.int, t)  # its floor (t >= 0): the octant
                f: cython.double = t - cython.cast(cython.double, oi)  # exact
                odd: cython.double = oi & 1
                a = (((f * -2.0) + 1.0) * odd) + f  # f, or 1 - f in odd octants: exact
                a = a * 0.7853981633974483  # pi / 4
                zz = a * a
                # The octant's swap and signs as blends, not branches (random, they
                # would be mispredicted half the time): the pair through z, then
                # multiplications by -1 or 1, exact.
                z[2 * i] = ((zz * -0.5) + 1.0) + ((_horner(zz, cos_c) * zz) * zz)  # cos a
                z[2 * i + 1] = ((_horner(zz, sin_c) * zz) * a) + a  # sin a
                sw = ((oi + 1) >> 1) & 1  # octants 1, 2, 5, 6
                c = z[2 * i + sw] * (1.0 - 2.0 * (((oi + 2) >> 2) & 1))  # octants 2 to 5
                s = z[2 * i + 1 - sw] * (1.0 - 2.0 * ((oi >> 2) & 1))  # octants 4 to 7
                z[2 * i] = c * r
                z[2 * i + 1] = s * r
            b = e


def blocks(
    k0: u32,
    k1: u32,
    c0: cython.const[cython.uint][:],
    c1: cython.const[cython.uint][:],
    y0: cython.uint[:],
    y1: cython.uint[:],
) -> None:
    """Threefry-2x32-20 of the counters ``(c0[i], c1[i])`` under the key ``(k0, k1)``
    into ``(y0[i], y1[i])`` (uint32 arrays of one length; ``y0``, ``y1`` may be ``c0``,
    ``c1``): the NumPy kernel's ``threefry2x32`` for one key."""
    k2: u32 = k0 ^ k1 ^ 0x1BD11BDA
    n: cython.Py_ssize_t = c0.shape[0]
    i: cython.Py_ssize_t
    a: u32
    b: u32
    with cython.nogil:
        for i in range(n):
            a, b = block(k0, k1, k2, cython.cast(u32, c0[i]), cython.cast(u32, c1[i]))  # (interpreted: ints)
            y0[i] = a
            y1[i] = b


def mix(
    k0: u32,
    k1: u32,
    x0: cython.const[cython.uint][:] | None,
    c0: u32,
    x1: cython.uint[:],
    out0: cython.uint[:],
) -> None:
    """The NumPy kernel's ``_mix`` for one key ``(k0, k1)``: the rounds of the words
    ``(x0[i], x1[i])`` (a counter's plus the key's; ``c0`` for every ``x0[i]`` where
    ``x0`` is None), the output words into ``out0[i]`` (which may be ``x0``) and
    ``x1[i]``."""
    k2: u32 = k0 ^ k1 ^ 0x1BD11BDA
    n: cython.Py_ssize_t = x1.shape[0]
    i: cython.Py_ssize_t
    a: u32
    b: u32
    if x0 is None:
        with cython.nogil:
            for i in range(n):
                a, b = _rounds(k0, k1, k2, c0, cython.cast(u32, x1[i]))
                out0[i] = a
                x1[i] = b
    else:
        with cython.nogil:
            for i in range(n):
                a, b = _rounds(k0, k1, k2, cython.cast(u32, x0[i]), cython.cast(u32, x1[i]))
                out0[i] = a
                x1[i] = b
