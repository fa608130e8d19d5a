"""Threefry-2x32 with 20 rounds (Random123 ``threefry2x32_20``), vectorised.

``key`` and ``counter`` have identical shapes whose last dimension is 2; every
position of the leading dimensions is one independent block.  All arithmetic is on
unsigned 32-bit words; int32 inputs are reinterpreted bit-for-bit and the result has
the dtype of ``counter``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["threefry2x32"]

_ROT = (13, 15, 26, 6, 17, 29, 16, 24)
_PARITY = np.uint32(0x1BD11BDA)
_WORD_DTYPES = (np.dtype(np.uint32), np.dtype(np.int32))


def _as_u32(a: np.ndarray, name: str) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype not in _WORD_DTYPES:
        raise ValueError(f"threefry: {name} must be int32 or uint32, got {a.dtype}")
    if a.dtype == np.int32:
        # Reinterpret the bit pattern (astype wraps modulo 2^32, which is the same thing
        # for same-width integers, and works on any layout).
        return a.astype(np.uint32)
    return a


def _rotl(x: np.ndarray, r: int) -> np.ndarray:
    return (x << np.uint32(r)) | (x >> np.uint32(32 - r))


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
    res_dtype = counter.dtype
    k = _as_u32(key, "key")
    c = _as_u32(counter, "counter")

    # Fresh contiguous word arrays (copies, so inputs are never touched).
    k0 = np.array(k[..., 0], dtype=np.uint32, copy=True, ndmin=0)
    k1 = np.array(k[..., 1], dtype=np.uint32, copy=True, ndmin=0)
    ks = (k0, k1, np.bitwise_xor(np.bitwise_xor(k0, k1), _PARITY))
    x0 = np.array(c[..., 0], dtype=np.uint32, copy=True)
    x1 = np.array(c[..., 1], dtype=np.uint32, copy=True)
    with np.errstate(over="ignore"):
        x0 += k0
        x1 += k1
        for r in range(20):
            x0 += x1
            x1 = _rotl(x1, _ROT[r % 8])
            x1 ^= x0
            if (r + 1) % 4 == 0:
                s = (r + 1) // 4
                x0 += ks[s % 3]
                x1 += ks[(s + 1) % 3]
                x1 += np.uint32(s)

    if out is None:
        out = np.empty(counter.shape, dtype=res_dtype)
    res = out.view(np.uint32) if out.dtype == np.int32 else out
    res[..., 0] = x0
    res[..., 1] = x1
    return out
