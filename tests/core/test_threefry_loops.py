"""The compiled loops (``nx_core.backend.kernels.threefry_loops``) against the NumPy kernels
of ``threefry``: the same bits, over Random123's known answers and random keys and
counters, compiled and interpreted.

The loops' source is Cython's pure-Python mode. Each test runs it twice: as the module
the process imported (compiled where the install compiled it; skipped, saying so, where
it did not), and interpreted, loaded from its ``.py`` apart from the package (so the
source itself, not only its compilation, is pinned, whatever the build). The NumPy kernels
are the reference: ``threefry.COMPILED`` set to False makes ``threefry`` use them.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from threefry_reference import M, threefry_ref

from nx_core.backend.kernels import threefry as T
from nx_core.compiled import compiled_modules

K0, K1 = 0x12345678, 0x9ABCDEF0


def _interpreted():
    """The loops' source run by Python (Cython's ``cython`` module supplies the names
    of its declarations), under a name of its own."""
    pytest.importorskip("cython")
    path = Path(T.__file__).with_name("threefry_loops.py")
    spec = importlib.util.spec_from_file_location("threefry_loops_interpreted", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert not mod.COMPILED
    return mod


@pytest.fixture(params=["compiled", "interpreted"])
def loops(request):
    if request.param == "interpreted":
        return _interpreted()
    if not T.COMPILED:
        pytest.skip("threefry_loops is not compiled in this process (no C compiler at install, "
                    "NX_COMPILE=0 or NX_PURE_PYTHON=1); make compile builds it")
    assert "nx_core.backend.kernels.threefry_loops" in compiled_modules()
    return T._loops


@pytest.fixture
def numpy_kernels(monkeypatch):
    """``threefry``'s functions on its NumPy kernels, whatever the build."""
    monkeypatch.setattr(T, "COMPILED", False)
    return T


# Random123's known answers for threefry2x32_20 (key words, counter words) -> output words.
KATS = [
    ((0, 0, 0, 0), (0x6B200159, 0x99BA4EFE)),
    ((M, M, M, M), (0x1CB996FC, 0xBB002BE7)),
    ((0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3), (0xC4923A9C, 0x483DF7A0)),
]


def _blocks(loops, k0, k1, c0, c1):
    c0, c1 = np.asarray(c0, np.uint32), np.asarray(c1, np.uint32)
    y0, y1 = np.empty_like(c0), np.empty_like(c1)
    loops.blocks(k0, k1, c0, c1, y0, y1)
    return y0, y1


@pytest.mark.parametrize("inp,want", KATS)
def test_known_answers(loops, inp, want):
    k0, k1, c0, c1 = inp
    y0, y1 = _blocks(loops, k0, k1, [c0], [c1])
    assert (int(y0[0]), int(y1[0])) == want == threefry_ref(k0, k1, c0, c1)


def test_blocks_are_the_numpy_kernels(loops, numpy_kernels):
    rng = np.random.default_rng(20261128)
    n = 4096 if loops is T._loops else 256  # (interpreted: Python's pace)
    for _ in range(8):
        k0, k1 = (int(v) for v in rng.integers(0, 1 << 32, 2))
        c = rng.integers(0, 1 << 32, (n, 2), dtype=np.uint64).astype(np.uint32)
        want = numpy_kernels.threefry2x32(np.broadcast_to(np.array([k0, k1], np.uint32), c.shape), c)
        y0, y1 = _blocks(loops, k0, k1, c[:, 0], c[:, 1])
        np.testing.assert_array_equal(y0, want[:, 0])
        np.testing.assert_array_equal(y1, want[:, 1])


def test_threefry2x32_is_the_numpy_kernels(numpy_kernels):
    """The primitive on the loops (one key: broadcast, or a single block) and on NumPy,
    for counters read-only, strided and int32."""
    rng = np.random.default_rng(7)
    c = rng.integers(0, 1 << 32, (300, 2), dtype=np.uint64).astype(np.uint32)
    c.flags.writeable = False
    key = np.broadcast_to(np.array([K0, K1], np.uint32), c.shape)
    want = numpy_kernels.threefry2x32(key, c)
    numpy_kernels.COMPILED = T._loops is not None and T._loops.COMPILED
    np.testing.assert_array_equal(T.threefry2x32(key, c), want)
    np.testing.assert_array_equal(T.threefry2x32(key[::2].view(np.int32), c[::2].view(np.int32)), want[::2].view(np.int32))


@pytest.mark.parametrize("one_word", [False, True])  # x0 an array, or one int for every element
def test_mix_is_the_numpy_kernels(loops, numpy_kernels, one_word):
    rng = np.random.default_rng(3)
    n = 4096 if loops is T._loops else 256
    for _ in range(6):
        k0, k1 = (int(v) for v in rng.integers(0, 1 << 32, 2))
        ks = (k0, k1, k0 ^ k1 ^ T._PARITY)
        x0 = int(rng.integers(0, 1 << 32)) if one_word else rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
        x1 = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
        want0, want1 = np.empty(n, np.uint32), x1.copy()
        numpy_kernels._mix(x0 if one_word else x0.copy(), want1, np.empty(n, np.uint32), ks, want0)
        got0, got1 = np.empty(n, np.uint32), x1.copy()
        loops.mix(k0, k1, None if one_word else x0, x0 if one_word else 0, got1, got0)
        np.testing.assert_array_equal(got0, want0)
        np.testing.assert_array_equal(got1, want1)


def _need_compiled() -> None:
    if not (T._loops is not None and T._loops.COMPILED):
        pytest.skip("threefry_loops is not compiled in this process")


def _random_cases(seed: int, n: int, rows: int, cols: int):
    """``n`` random keys, each with a shape of at most ``rows`` x ``cols`` and a box in it."""
    rng = np.random.default_rng(seed)
    for _ in range(n):
        k0, k1 = (int(v) for v in rng.integers(0, 1 << 32, 2))
        shape = (int(rng.integers(1, rows)), int(rng.integers(1, cols)))
        box = tuple((int(a), int(b) + 1) for a, b in (sorted(rng.integers(0, s, 2)) for s in shape))
        yield k0, k1, shape, box


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
def test_bits_and_uniforms_over_random_keys_and_boxes(numpy_kernels, dtype):
    """``random_bits`` and ``uniform`` on the loops and on NumPy, bit for bit."""
    _need_compiled()
    for k0, k1, shape, box in _random_cases(5, 8, 30, 70_000):
        fdt = np.float64 if dtype is np.uint64 else np.float32
        numpy_kernels.COMPILED = False
        want = T.random_bits(k0, k1, shape, dtype, 0, box), T.uniform(k0, k1, shape, fdt, 0, box)
        numpy_kernels.COMPILED = True
        got = T.random_bits(k0, k1, shape, dtype, 0, box), T.uniform(k0, k1, shape, fdt, 0, box)
        np.testing.assert_array_equal(got[0], want[0])
        np.testing.assert_array_equal(got[1].view(dtype), want[1].view(dtype))


def _pairs_by_numpy(p: np.ndarray) -> np.ndarray:
    z = np.empty(2 * p.size)
    ks = (K0, K1, K0 ^ K1 ^ T._PARITY)
    T._pairs(ks, p, np.dtype(np.float64), T._workspace(p.size, np.dtype(np.float64)), z)
    return z


@pytest.mark.parametrize("first", [0, 12345, (1 << 32) - 100, (1 << 60) + 7])  # past 2**32: the high counter word
def test_normal_pairs_are_the_numpy_kernels(loops, numpy_kernels, first):
    n = 5000 if loops is T._loops else 300
    p = np.arange(first, first + n, dtype=np.uint64)
    want = _pairs_by_numpy(p)
    z = np.empty(2 * n)
    C = T._COEF
    loops.normal_pairs(K0, K1, T.NORMAL_TAGS, p, z, z.view(np.uint64), C["log_p"], C["log_q"], C["sin"], C["cos"])
    np.testing.assert_array_equal(z.view(np.uint64), want.view(np.uint64))


def test_normal_over_random_keys_and_boxes(numpy_kernels):
    """``normal`` on the loops and on NumPy, bit for bit, over random keys, shapes and
    boxes (whole pairs, a pair cut at either end, short runs)."""
    _need_compiled()
    for k0, k1, shape, box in _random_cases(11, 12, 40, 3000):
        numpy_kernels.COMPILED = False
        want = T.normal(k0, k1, shape, np.float64, box=box)
        numpy_kernels.COMPILED = True
        got = T.normal(k0, k1, shape, np.float64, box=box)
        np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))


#: The first float64 normals of the key (K0, K1), as the build gives them, compiled or not
#: (``normal``'s values since the logarithm became Cephes's: CHANGELOG).
FIRST = ["-0x1.2502de62dcdf6p+0", "-0x1.13a182652d64fp-1", "0x1.53013800808dcp-3", "-0x1.4ba2906d1224bp-1"]


@pytest.mark.parametrize("compiled", [True, False])
def test_known_normals(compiled, monkeypatch):
    if compiled:
        _need_compiled()
    monkeypatch.setattr(T, "COMPILED", compiled)
    got = [float(v).hex() for v in T.normal(K0, K1, (4,), np.float64)]
    assert got == FIRST
