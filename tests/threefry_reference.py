"""Threefry-2x32-20 in plain Python ints: the specification's pseudo-code, the reference
the kernel, the backends' primitive and nx_array_api.random are checked against.

A plain module beside tests/conftest.py (pytest puts this folder on ``sys.path``):
``from threefry_reference import M, ROT, threefry_ref``.
"""

from __future__ import annotations

#: The 32-bit word mask.
M = 0xFFFFFFFF
#: The rotation constants of Threefry-2x32, one per round (mod 8).
ROT = [13, 15, 26, 6, 17, 29, 16, 24]


def rotl(x: int, r: int) -> int:
    """``x`` rotated left by ``r`` bits, as a 32-bit word."""
    return ((x << r) | (x >> (32 - r))) & M


def threefry_ref(k0: int, k1: int, c0: int, c1: int) -> tuple[int, int]:
    """The block of key ``(k0, k1)`` and counter ``(c0, c1)`` (each taken mod 2**32)."""
    k0, k1, c0, c1 = (v & M for v in (k0, k1, c0, c1))
    ks = [k0, k1, (0x1BD11BDA ^ k0 ^ k1) & M]
    x0, x1 = (c0 + ks[0]) & M, (c1 + ks[1]) & M
    for r in range(20):
        x0 = (x0 + x1) & M
        x1 = rotl(x1, ROT[r % 8]) ^ x0
        if (r + 1) % 4 == 0:
            s = (r + 1) // 4
            x0 = (x0 + ks[s % 3]) & M
            x1 = (x1 + ks[(s + 1) % 3] + s) & M
    return x0, x1
