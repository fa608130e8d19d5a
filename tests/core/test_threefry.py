"""Threefry-2x32-20 kernel: Random123 known answers and the contract vectors."""

from __future__ import annotations

import numpy as np
import pytest

from threefry_reference import M, ROT
from threefry_reference import threefry_ref as _ref

from nx_core.backend.kernels.threefry import threefry2x32


def _i32(v):
    return np.array(v, dtype=np.int64).astype(np.int32)


def _run_pair(k0, k1, c0, c1, dtype=np.int32):
    key = np.array([k0 & M, k1 & M], dtype=np.uint32).astype(dtype)
    ctr = np.array([c0 & M, c1 & M], dtype=np.uint32).astype(dtype)
    return threefry2x32(key, ctr)


KATS = [
    ((0, 0, 0, 0), (1797259609, -1715843330)),
    ((-1, -1, -1, -1), (481924860, -1157616665)),
    ((0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3), (-997049700, 1212020640)),
    ((0, 0, 0, 1), (928981903, -841280227)),
    ((0, 0, 1, 0), (1351547692, -1059176654)),
    ((1, 2, 3, 4), (1576285164, -2045306482)),
    ((42, 0, 0, 0), (-562432839, 1332528664)),
]


@pytest.mark.parametrize("inp,expected", KATS)
def test_kats_int32(inp, expected):
    out = _run_pair(*inp, dtype=np.int32)
    assert out.dtype == np.int32
    assert out.shape == (2,)
    assert out.tolist() == list(expected)


@pytest.mark.parametrize("inp,expected", KATS)
def test_kats_uint32(inp, expected):
    out = _run_pair(*inp, dtype=np.uint32)
    assert out.dtype == np.uint32
    assert out.tolist() == [e & M for e in expected]


def test_kat_hex():
    out = _run_pair(0, 0, 0, 0, dtype=np.uint32)
    assert out.tolist() == [0x6B200159, 0x99BA4EFE]
    out = _run_pair(-1, -1, -1, -1, dtype=np.uint32)
    assert out.tolist() == [0x1CB996FC, 0xBB002BE7]
    out = _run_pair(0x13198A2E, 0x03707344, 0x243F6A88, 0x85A308D3, dtype=np.uint32)
    assert out.tolist() == [0xC4923A9C, 0x483DF7A0]


def test_reference_transcription_matches_kats():
    for inp, expected in KATS:
        assert _ref(*inp) == tuple(e & M for e in expected)


def _lcg_words(n, seed=0x243F6A88):
    s = seed
    words = []
    for _ in range(n):
        s = (s * 1103515245 + 12345) & M
        words.append(s)
    return words


LCG_KEY = [-1364853727, 1376032838, -562144761, -1549490380, 1581594973, 904000210,
           -375615581, -1501625696, 1050742361, 1858628126, -320961793, -1226725172,
           -112511211, -15922646, 404901915, -1964603976]
LCG_COUNTER = [-2060111983, -2025218314, 1896600311, -1638251164, -51629107, -974605182,
               -912218221, -1154985008, -1667940407, -2089707826, -2069616145, -1668883204,
               -1549201531, -141274662, 1135834635, -1729966872]
LCG_OUT = [30974378, 2022053847, -1415858350, 1517200050, 945023789, 1002622311,
           1327100919, -1504015674, 2064661389, 1789737763, 213123847, 654715678,
           2029888249, -835209653, -1466300050, 230984230]


def test_lcg_words_match_listed_vectors():
    words = _lcg_words(32)
    assert _i32(words[:16]).tolist() == LCG_KEY
    assert _i32(words[16:]).tolist() == LCG_COUNTER


def test_reference_agreement_vector():
    key = np.array(LCG_KEY, dtype=np.int32).reshape(8, 2)
    ctr = np.array(LCG_COUNTER, dtype=np.int32).reshape(8, 2)
    out = threefry2x32(key, ctr)
    assert out.shape == (8, 2) and out.dtype == np.int32
    assert out.ravel().tolist() == LCG_OUT
    # And the scalar transcription agrees position by position.
    for p in range(8):
        r = _ref(*(int(v) for v in (key[p, 0], key[p, 1], ctr[p, 0], ctr[p, 1])))
        assert tuple(int(v) & M for v in out[p]) == r


def test_strided_permuted_input():
    key = np.array([[1, 2], [-1, 0]], dtype=np.int32).T
    ctr = np.array([[3, 4], [123, 456]], dtype=np.int32).T
    assert not key.flags.c_contiguous
    expected = [[87518042, 1546382566], [1023420513, 1124216007]]
    out = threefry2x32(key, ctr)
    assert out.tolist() == expected
    assert out.flags.c_contiguous
    assert threefry2x32(np.ascontiguousarray(key), np.ascontiguousarray(ctr)).tolist() == expected


def test_negative_and_zero_strides():
    rng = np.random.default_rng(0)
    key = rng.integers(0, 2**32, size=(5, 3, 2), dtype=np.uint32)
    ctr = rng.integers(0, 2**32, size=(5, 3, 2), dtype=np.uint32)
    kv, cv = key[::-1, :, ::-1], ctr[:, ::-2][::-1]
    cv = np.broadcast_to(ctr[:1, :1], (5, 3, 2))
    out = threefry2x32(kv, cv)
    exp = threefry2x32(kv.copy(), cv.copy())
    assert np.array_equal(out, exp)
    for idx in np.ndindex(5, 3):
        r = _ref(int(kv[idx][0]), int(kv[idx][1]), int(cv[idx][0]), int(cv[idx][1]))
        assert tuple(int(v) for v in out[idx]) == r


def test_batched_against_reference():
    rng = np.random.default_rng(1)
    key = rng.integers(-(2**31), 2**31, size=(4, 6, 2), dtype=np.int64).astype(np.int32)
    ctr = rng.integers(-(2**31), 2**31, size=(4, 6, 2), dtype=np.int64).astype(np.int32)
    out = threefry2x32(key, ctr)
    for idx in np.ndindex(4, 6):
        r = _ref(*(int(v) for v in (key[idx][0], key[idx][1], ctr[idx][0], ctr[idx][1])))
        assert tuple(int(v) & M for v in out[idx]) == r


def test_mixed_dtypes_result_follows_counter():
    key = np.array([1, 2], dtype=np.uint32)
    ctr = np.array([3, 4], dtype=np.int32)
    out = threefry2x32(key, ctr)
    assert out.dtype == np.int32
    assert out.tolist() == [1576285164, -2045306482]


def test_inputs_not_mutated():
    key = np.array(LCG_KEY, dtype=np.int32).reshape(8, 2)
    ctr = np.array(LCG_COUNTER, dtype=np.int32).reshape(8, 2)
    k0, c0 = key.copy(), ctr.copy()
    threefry2x32(key, ctr)
    assert np.array_equal(key, k0) and np.array_equal(ctr, c0)


def test_out_parameter():
    key = np.array(LCG_KEY, dtype=np.int32).reshape(8, 2)
    ctr = np.array(LCG_COUNTER, dtype=np.int32).reshape(8, 2)
    out = np.zeros((8, 2), dtype=np.int32)
    res = threefry2x32(key, ctr, out=out)
    assert res is out
    assert out.ravel().tolist() == LCG_OUT


def test_empty():
    out = threefry2x32(np.zeros((0, 2), np.int32), np.zeros((0, 2), np.int32))
    assert out.shape == (0, 2) and out.dtype == np.int32


@pytest.mark.parametrize("shape", [(3,), (2, 3), (2,) * 0])
def test_last_dim_must_be_2(shape):
    a = np.zeros(shape, dtype=np.int32)
    with pytest.raises(ValueError, match="^threefry: last dimension must be 2"):
        threefry2x32(a, a)


def test_shape_mismatch():
    with pytest.raises(ValueError, match="^threefry"):
        threefry2x32(np.zeros((3, 2), np.int32), np.zeros((4, 2), np.int32))
    with pytest.raises(ValueError, match="^threefry: output shape"):
        threefry2x32(np.zeros((3, 2), np.int32), np.zeros((3, 2), np.int32),
                     out=np.zeros((4, 2), np.int32))


# ------------------------------------------------- long inputs, the counter-mode stream
from nx_core.backend.kernels import threefry as _threefry  # noqa: E402
from nx_core.backend.kernels.threefry import random_bits  # noqa: E402


def _whole_array(key, ctr):
    """The specification on whole uint32 arrays, one NumPy operation per step."""
    k0, k1 = key[..., 0].astype(np.uint32), key[..., 1].astype(np.uint32)
    ks = [k0, k1, k0 ^ k1 ^ np.uint32(0x1BD11BDA)]
    x0, x1 = ctr[..., 0] + ks[0], ctr[..., 1] + ks[1]
    for r in range(20):
        x0 = x0 + x1
        x1 = ((x1 << np.uint32(ROT[r % 8])) | (x1 >> np.uint32(32 - ROT[r % 8]))) ^ x0
        if (r + 1) % 4 == 0:
            s = (r + 1) // 4
            x0 = x0 + ks[s % 3]
            x1 = x1 + ks[(s + 1) % 3] + np.uint32(s)
    return np.stack([x0, x1], axis=-1)


@pytest.mark.parametrize("n", [_threefry._BLOCK - 1, _threefry._BLOCK, 2 * _threefry._BLOCK + 17])
def test_longer_than_a_slice(n):
    """Inputs longer than the slices the kernel mixes at a time, with one key per block
    or one key for all (broadcast), agree with the whole-array transcription."""
    rng = np.random.default_rng(n)
    key = rng.integers(0, 2**32, size=(n, 2), dtype=np.uint64).astype(np.uint32)
    ctr = rng.integers(0, 2**32, size=(n, 2), dtype=np.uint64).astype(np.uint32)
    np.testing.assert_array_equal(threefry2x32(key, ctr), _whole_array(key, ctr))
    one = np.broadcast_to(key[:1], key.shape)
    np.testing.assert_array_equal(threefry2x32(one, ctr), _whole_array(one, ctr))
    for p in (0, n // 2, n - 1):
        assert tuple(int(v) for v in threefry2x32(one, ctr)[p]) == _ref(int(key[0, 0]), int(key[0, 1]), int(ctr[p, 0]), int(ctr[p, 1]))


def _stream(k0, k1, start, n, tag=0):
    """The (y0, y1) words of the counters (hi(i) | tag, lo(i)), i in [start, start + n)."""
    i = np.arange(start, start + n, dtype=np.uint64)
    ctr = np.stack([(i >> np.uint64(32)).astype(np.uint32) | np.uint32(tag), i.astype(np.uint32)], axis=1)
    return threefry2x32(np.broadcast_to(np.array([k0, k1], np.uint32), ctr.shape), ctr)


def _combine(y, dtype):
    if dtype == np.uint32:
        return y[:, 0] ^ y[:, 1]
    return (y[:, 0].astype(np.uint64) << np.uint64(32)) | y[:, 1]


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
@pytest.mark.parametrize("tag", [0, 0x80000000])
@pytest.mark.parametrize("shape", [(), (1,), (7,), (3 * _threefry._BLOCK + 5,), (3, 40_001), (5, 6, 7)])
def test_random_bits_is_the_counter_stream(shape, tag, dtype):
    k0, k1 = 0x9E3779B9, 0xFFFFFFFF
    n = int(np.prod(shape))
    got = random_bits(k0, k1, shape, dtype, tag)
    assert got.shape == shape and got.dtype == dtype and got.flags.c_contiguous
    np.testing.assert_array_equal(got.reshape(-1), _combine(_stream(k0, k1, 0, n, tag), dtype))


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
def test_random_bits_of_a_box_are_those_of_the_whole(dtype):
    """Any block of the array, computed on its own, has the whole array's bits there:
    boxes that keep whole rows, that cut every axis (short runs) and single elements."""
    shape = (6, 9, 4000)
    whole = random_bits(3, 4, shape, dtype)
    for box in [((2, 3), (0, 9), (0, 4000)), ((1, 5), (0, 9), (0, 4000)), ((1, 4), (2, 7), (10, 3990)),
                ((0, 6), (0, 9), (100, 117)), ((5, 6), (8, 9), (3999, 4000)), ((0, 6), (3, 4), (0, 4000))]:
        got = random_bits(3, 4, shape, dtype, 0, box)
        np.testing.assert_array_equal(got, whole[tuple(slice(a, b) for a, b in box)], err_msg=str(box))


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64])
def test_random_bits_across_the_high_word(dtype):
    """Counters whose high word changes inside a slice: rows 511 and 512 of a (2**20,
    2**13) array straddle element 2**32."""
    shape = (1 << 20, 1 << 13)
    want = _combine(_stream(1, 2, 511 << 13, 2 << 13, 0x40000000), dtype).reshape(2, -1)
    np.testing.assert_array_equal(random_bits(1, 2, shape, dtype, 0x40000000, ((511, 513), (0, 1 << 13))), want)
    np.testing.assert_array_equal(random_bits(1, 2, shape, dtype, 0x40000000, ((511, 513), (8000, 8100))), want[:, 8000:8100])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(7,), (3 * _threefry._BLOCK + 5,), (6, 9, 4000)])
def test_uniform_is_the_mantissa_of_the_bits(shape, dtype):
    """``uniform`` (the floats made slice by slice as the bits are written) equals the
    transform of the whole ``random_bits``: the top 52 or 23 bits as the mantissa of a
    float in [1, 2), minus 1; a box of it is the whole's there."""
    wide = dtype == np.float64
    b = random_bits(11, 12, shape, np.uint64 if wide else np.uint32)
    f = ((b >> np.uint64(12)) | np.uint64(0x3FF0000000000000)) if wide else ((b >> np.uint32(9)) | np.uint32(0x3F800000))
    want = f.view(dtype) - dtype(1)
    got = _threefry.uniform(11, 12, shape, dtype)
    assert got.shape == shape and got.dtype == dtype and got.flags.c_contiguous
    np.testing.assert_array_equal(got, want)
    assert got.min() >= 0 and got.max() < 1
    box = tuple((n // 3, n - n // 4) for n in shape)
    np.testing.assert_array_equal(_threefry.uniform(11, 12, shape, dtype, 0, box), want[tuple(slice(a, b) for a, b in box)])
