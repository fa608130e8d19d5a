"""The normal sampler's kernel (``nx_core.backend.kernels.threefry.normal``): its derivation
from the Threefry stream, the same values whatever block of the array is computed, and
both backends' ``random_normal`` on it."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nx_core.backend.kernels import threefry as T
from nx_core.backend import available_backends, backend_of_kind
from nx_core.backend.numpy import NumpyBackend

K0, K1 = 0x12345678, 0x9ABCDEF0


def _block(k0: int, k1: int, c0: int, c1: int) -> tuple[int, int]:
    key = np.array([k0, k1], np.uint32)
    y = T.threefry2x32(key.reshape(1, 2), np.array([[c0, c1]], np.uint32))[0]
    return int(y[0]), int(y[1])


def _reference(k0: int, k1: int, i: int, dtype: type) -> float:
    """Element ``i`` of the normals, by the protocol's words, one at a time in Python."""
    p = i // 2
    if dtype is np.float64:
        y0, y1 = _block(k0, k1, (p >> 32) | T.NORMAL_TAGS[0], p & 0xFFFFFFFF)
        u1 = 2.0 - (1.0 + (((y0 << 32) | y1) >> 12) / 2.0**52)
        y0, y1 = _block(k0, k1, (p >> 32) | T.NORMAL_TAGS[1], p & 0xFFFFFFFF)
        u2 = (1.0 + (((y0 << 32) | y1) >> 12) / 2.0**52) - 1.0
    else:
        y0, y1 = _block(k0, k1, (p >> 32) | T.NORMAL_TAGS[0], p & 0xFFFFFFFF)
        u1 = 2.0 - (1.0 + (y0 >> 9) / 2.0**23)
        u2 = (1.0 + (y1 >> 9) / 2.0**23) - 1.0
    r = math.sqrt(-2.0 * math.log(u1))
    t = 2.0 * math.pi * u2
    return r * (math.cos(t) if i % 2 == 0 else math.sin(t))


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_derivation(dtype):
    got = T.normal(K0, K1, (64,), dtype)
    want = np.array([_reference(K0, K1, i, dtype) for i in range(64)])
    tol = 4e-15 if dtype is np.float64 else 4e-6  # the polynomials and float32 arithmetic, against libm in float64
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
    assert got.dtype == dtype


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_pairs_past_2_to_the_32(dtype):
    """A block whose pairs' counters cross 2**32, where the high counter word changes
    inside the block (``_words``'s array of high words), and blocks past it."""
    start = (1 << 33) - 40  # element numbers: pair 2**32 - 20 onwards
    got = T.normal(K0, K1, (1 << 34,), dtype, box=((start, start + 80),))
    want = np.array([_reference(K0, K1, i, dtype) for i in range(start, start + 80)])
    tol = 4e-15 if dtype is np.float64 else 4e-6
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize(
    "shape,box",
    [
        ((37, 1001), ((3, 20), (0, 1001))),  # whole rows from an odd start
        ((37, 1001), ((0, 37), (5, 900))),  # many short runs, odd and even starts
        ((37, 1001), ((1, 2), (999, 1001))),
        ((7, 5, 3), ((2, 5), (1, 4), (0, 3))),
        ((3, 70_001), ((0, 3), (17, 70_000))),  # runs longer than a block of pairs
        ((200_003,), ((1, 200_002),)),
    ],
)
@pytest.mark.parametrize("pairs", [None, 1 << 10])  # the kernel's blocks, and small ones: runs over many blocks
def test_any_block_is_the_whole_arrays(dtype, shape, box, pairs, monkeypatch):
    whole = T.normal(K0, K1, shape, dtype)
    if pairs is not None:
        monkeypatch.setattr(T, "_PAIRS", pairs)
    got = T.normal(K0, K1, shape, dtype, box=box)
    np.testing.assert_array_equal(got, whole[tuple(slice(a, b) for a, b in box)])


def test_the_kept_buffers_change_nothing():
    """Each thread keeps its buffers from call to call (``_workspace``): a large call, a
    small one, a box, in one thread and in two at once, give the values of a fresh thread."""
    import threading

    sizes = [(300_001,), (10,), (3, 70_001), (1,), (5_000,)]
    fresh = {}
    for s in sizes:  # each in a new thread: nothing kept
        th = threading.Thread(target=lambda s=s: fresh.__setitem__(s, T.normal(K0, K1, s, np.float64)))
        th.start()
        th.join()
    got: dict = {}

    def draw(tag: int) -> None:
        for s in sizes + sizes[::-1]:
            got[tag, s] = T.normal(K0, K1, s, np.float64)

    threads = [threading.Thread(target=draw, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(got) == 2 * len(sizes)
    for (_, s), v in got.items():
        np.testing.assert_array_equal(v, fresh[s])
    kept = T._workspace(1, np.dtype(np.float64))  # this thread's, reused when large enough
    assert T._workspace(1, np.dtype(np.float64)) is kept


def test_moments_and_the_circle():
    z = T.normal(1, 2, (1 << 20,), np.float64)
    assert abs(z.mean()) < 5e-3 and abs(z.std() - 1) < 5e-3 and abs((z**4).mean() - 3) < 5e-2
    # both normals of a pair share their radius: z0^2 + z1^2 = -2 log u1 > 0
    pairs = z.reshape(-1, 2)
    r2 = (pairs**2).sum(axis=1)
    assert (r2 > 0).all() and abs(r2.mean() - 2) < 2e-2


@pytest.mark.parametrize("kind", available_backends())
def test_every_backend_gives_the_kernels_values(kind):
    from nx_core import dtype as D

    be = backend_of_kind(kind)
    key = be.from_host(np.array([K0, K1], np.uint32))
    for d, nd in ((D.float64, np.float64), (D.float32, np.float32)):
        got = np.asarray(be.to_host(be.random_normal(key, shape=(5, 301), dtype=d)))
        np.testing.assert_array_equal(got, T.normal(K0, K1, (5, 301), nd))
    assert isinstance(NumpyBackend().random_normal(NumpyBackend().from_host(np.array([1, 2], np.uint32)), shape=(0, 3), dtype=D.float64).shape, tuple)
