"""Reduction, arg-reduction and scan kernels against Python-built references, on every
dtype and on contiguous, strided, flipped, offset, broadcast, transposed and empty inputs."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from core_testing import ALL, COMPLEX, FLOATS, INF, INTS, NAN, SINTS, UINTS, sample_by_kind, wrap
from core_testing import layouts as common_layouts

from nx_core.backend.kernels import reduce as R

SHAPE = (4, 3, 5)
AXES = [(), (0,), (1,), (2,), (0, 2), (1, 2), (0, 1, 2)]


def sample(dt, shape=SHAPE, seed=0, nan=True) -> np.ndarray:
    """Shuffled values: the integer extremes and 0, floats to one decimal with a NaN and a
    -0.0 (unless ``nan`` is False)."""

    def real(rng, dt, n):
        if dt.kind == "b":
            x = rng.random(n) < 0.7
        elif dt.kind in "iu":
            info = np.iinfo(dt)
            x = rng.integers(info.min, info.max, size=n, endpoint=True, dtype=dt)
            x[: min(n, 3)] = [info.min, info.max, 0][: min(n, 3)]
        else:
            x = np.round(rng.normal(0, 3, size=n), 1).astype(dt)
            if nan and n > 7:
                x[5] = NAN
                x[7] = -0.0
        rng.shuffle(x)
        return x

    return sample_by_kind(dt, shape, seed, real)


def layouts(x: np.ndarray):
    yield from common_layouts(x)
    if x.ndim >= 2:
        yield "transposed", np.ascontiguousarray(x.T).T


def rows(x: np.ndarray, axes):
    """Move ``axes`` last and flatten them: (kept..., reduced)."""
    keep = [i for i in range(x.ndim) if i not in axes]
    y = np.transpose(x, keep + list(axes))
    kept_shape = tuple(x.shape[i] for i in keep)
    n = int(np.prod([x.shape[i] for i in axes])) if axes else 1
    return y.reshape(kept_shape + (n,)), kept_shape


def reduce_ref(x, axes, keepdims, fn, dt):
    r, kept = rows(np.array(x), axes)
    flat = r.reshape(int(np.prod(kept)), r.shape[-1])
    vals = [fn(row.tolist()) for row in flat]
    with np.errstate(over="ignore"):
        res = np.array(vals, dtype=dt).reshape(kept)
    if keepdims:
        res = res.reshape(tuple(1 if i in axes else n for i, n in enumerate(x.shape)))
    return res


def check(kernel, x, ref, rtol=0, atol=0, **kw):
    before = x.tobytes()
    want = ref()
    got = kernel(x, **kw)
    assert got.flags.c_contiguous and got.dtype == want.dtype and got.shape == want.shape
    out = np.full(want.shape, 1, dtype=want.dtype)
    got2 = kernel(x, out=out, **kw)
    assert got2 is out
    for g in (got, got2):
        if rtol or atol:
            np.testing.assert_allclose(g, want, rtol=rtol, atol=atol)
        else:
            np.testing.assert_array_equal(g, want)
    assert x.tobytes() == before


# ---------------------------------------------------------------------- sum / prod


def _isum(dt):
    return lambda row: wrap(sum(row), dt)


def _iprod(dt):
    return lambda row: wrap(functools.reduce(lambda a, b: a * b, row, 1), dt)


@pytest.mark.parametrize("dt", INTS + [np.bool_])
def test_int_sum_prod(dt):
    x = sample(dt)
    is_b = np.dtype(dt).kind == "b"
    fs = (lambda r: any(r)) if is_b else _isum(dt)
    fp = (lambda r: all(r)) if is_b else _iprod(dt)
    for _, v in layouts(x):
        for axes in AXES:
            for kd in (False, True):
                check(R.reduce_sum, v, lambda: reduce_ref(v, axes, kd, fs, dt), axes=axes,
                      keepdims=kd)
                check(R.reduce_prod, v, lambda: reduce_ref(v, axes, kd, fp, dt), axes=axes,
                      keepdims=kd)


@pytest.mark.parametrize("dt", FLOATS + COMPLEX)
def test_float_sum_prod(dt):
    x = sample(dt)
    tol = {np.float16: 2e-3, np.float32: 2e-5, np.complex64: 2e-5}.get(dt, 1e-12)
    for _, v in layouts(x):
        for axes in AXES:
            for kd in (False, True):
                check(R.reduce_sum, v, lambda: reduce_ref(v, axes, kd, sum, dt), rtol=tol,
                      atol=tol * 20, axes=axes, keepdims=kd)
                prod = lambda r: functools.reduce(lambda a, b: a * b, r, 1.0)
                check(R.reduce_prod, v, lambda: reduce_ref(v, axes, kd, prod, dt), rtol=tol,
                      atol=tol, axes=axes, keepdims=kd)


def test_sum_prod_vectors():
    assert R.reduce_sum(np.ones(4096, np.float16), (0,)).item() == 4096
    assert R.reduce_sum(np.ones(4096, np.float16), (0,)).dtype == np.float16
    x = np.array([[1, 2, 3], [2, 2, 2]])
    assert R.reduce_prod(x, (1,)).tolist() == [6, 8]
    assert R.reduce_sum(np.zeros((0, 3), np.int8), (0,)).tolist() == [0, 0, 0]
    assert R.reduce_prod(np.zeros((2, 0), np.float32), (1,)).tolist() == [1.0, 1.0]
    assert R.reduce_sum(np.array([100, 100], np.int8), (0,)).item() == -56
    assert R.reduce_prod(np.array([2**16, 2**16], np.int32), (0,)).item() == 0
    s = R.reduce_sum(np.array(5.0), ())
    assert s.shape == () and s.item() == 5.0


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.int16, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5)), st.data())
def test_int_sum_hypothesis(x, data):
    axes = tuple(sorted(data.draw(st.sets(st.integers(0, x.ndim - 1)))))
    np.testing.assert_array_equal(R.reduce_sum(x, axes), reduce_ref(x, axes, False,
                                                                   _isum(np.int16), np.int16))


# ----------------------------------------------------------------------- max / min


def _fmax(row):
    if any(v != v for v in row):
        return NAN
    return max(row)


def _fmin(row):
    if any(v != v for v in row):
        return NAN
    return min(row)


@pytest.mark.filterwarnings("error")  # (NaN and infinities raise no warning, as in NumPy's max)
@pytest.mark.parametrize("dt", [np.bool_] + INTS + FLOATS)
def test_max_min(dt):
    x = sample(dt)
    for name, v in layouts(x):
        for axes in AXES:
            if name == "empty" and 0 in axes:
                for k in (R.reduce_max, R.reduce_min):
                    with pytest.raises(ValueError, match="^" + k.__name__):
                        k(v, axes)
                continue
            for kd in (False, True):
                check(R.reduce_max, v, lambda: reduce_ref(v, axes, kd, _fmax, dt), axes=axes,
                      keepdims=kd)
                check(R.reduce_min, v, lambda: reduce_ref(v, axes, kd, _fmin, dt), axes=axes,
                      keepdims=kd)


@pytest.mark.filterwarnings("error")
def test_max_min_vectors():
    x = np.array([1, NAN, 3, 2])
    assert np.isnan(R.reduce_max(x, (0,))) and np.isnan(R.reduce_min(x, (0,)))
    b = np.array([[True, True, False], [True, True, True]])
    assert R.reduce_min(b, (1,)).tolist() == [False, True]
    assert R.reduce_max(b, (1,)).tolist() == [True, True]
    assert R.reduce_max(np.array([5, 0x80000000, 3], np.uint32), (0,)).item() == 0x80000000
    for k, name in ((R.reduce_max, "reduce_max"), (R.reduce_min, "reduce_min")):
        with pytest.raises(ValueError, match="^" + name):
            k(np.zeros((0, 3)), (0,))
    assert R.reduce_max(np.zeros((0, 3)), (1,)).shape == (0,)
    z = np.array([1 + 1j, complex(0, NAN), 2 + 0j])
    assert np.isnan(R.reduce_max(z, (0,))) and np.isnan(R.reduce_min(z, (0,)))


# ------------------------------------------------------------------------ any / all


@pytest.mark.parametrize("dt", ALL)
def test_any_all(dt):
    x = sample(dt)
    if np.dtype(dt).kind != "b":
        x.ravel()[::3] = 0
    for _, v in layouts(x):
        for axes in AXES:
            for kd in (False, True):
                check(R.reduce_any, v, lambda: reduce_ref(v, axes, kd, any, np.bool_),
                      axes=axes, keepdims=kd)
                check(R.reduce_all, v, lambda: reduce_ref(v, axes, kd, all, np.bool_),
                      axes=axes, keepdims=kd)


# ------------------------------------------------------------------- argmax / argmin


def _arg(better):
    def f(row):
        if not row:
            raise AssertionError
        for i, v in enumerate(row):
            if v != v:
                return i
        best = 0
        for i, v in enumerate(row):
            if better(v, row[best]):
                best = i
        return best

    return f


_ARGMAX = _arg(lambda a, b: a > b)
_ARGMIN = _arg(lambda a, b: a < b)


@pytest.mark.parametrize("dt", [np.bool_] + INTS + FLOATS)
def test_argmax_argmin(dt):
    x = sample(dt)
    if np.dtype(dt).kind in "iu":
        x = x % 4 if np.dtype(dt).kind == "u" else np.abs(x % 5).astype(dt)  # many ties
    for name, v in layouts(x):
        for axis in (0, 1, 2, None):
            if name == "empty" and axis in (0, None):
                with pytest.raises(ValueError, match="^argmax"):
                    R.argmax(v, axis)
                with pytest.raises(ValueError, match="^argmin"):
                    R.argmin(v, axis)
                continue
            for kd in (False, True):
                axes = tuple(range(v.ndim)) if axis is None else (axis,)

                def ref(f):
                    return lambda: reduce_ref(v, axes, kd, f, np.int64)

                check(R.argmax, v, ref(_ARGMAX), axis=axis, keepdims=kd)
                check(R.argmin, v, ref(_ARGMIN), axis=axis, keepdims=kd)


def test_arg_vectors():
    assert R.argmin(np.array([3, 1, 4, 1, 5]), 0).item() == 1
    assert R.argmax(np.array([NAN, 1, 2]), 0).item() == 0
    assert R.argmin(np.array([NAN, 1, 2]), 0).item() == 0
    assert R.argmax(np.array([1, NAN, 2, NAN]), 0).item() == 1
    assert R.argmin(np.array([0, 2, NAN, NAN], np.float16), 0).item() == 2
    m = np.array([[3, 1, 2], [5, 9, 4]], np.int32)
    assert R.argmax(m, 1).tolist() == [0, 1] and R.argmin(m, 1).tolist() == [1, 2]
    assert R.argmax(np.array([5, 0x80000000, 3], np.uint32), 0).item() == 1
    r = R.argmax(np.array([1.0, 3.0]), 0)
    assert r.dtype == np.int64 and r.shape == ()
    assert R.argmax(np.array(7.0), None).item() == 0
    assert R.argmax(m, None).item() == 4 and R.argmax(m, None, True).shape == (1, 1)
    with pytest.raises(ValueError, match="^argmax"):
        R.argmax(np.zeros((0, 3)), 0)
    assert R.argmax(np.zeros((0, 3)), 1).shape == (0,)


# --------------------------------------------------------------------------- scans


def _scan_ref(x, axis, op, dt):
    """Sequential inclusive scan in the dtype's own arithmetic (float16 sums and
    products accumulate in float32)."""
    x = np.moveaxis(np.array(x), axis, -1)
    flat = x.reshape(-1, x.shape[-1]) if x.size else x.reshape(0, x.shape[-1])
    res = np.empty(flat.shape, dt)
    kind = np.dtype(dt).kind
    acc_t = np.float32 if dt == np.float16 and op in ("sum", "prod") else np.dtype(dt).type
    for i, row in enumerate(flat):
        acc = None
        for j, v in enumerate(row.tolist()):
            if acc is None:
                acc = v
            elif op in ("max", "min"):
                if kind in "fc" and (acc != acc or v != v):
                    acc = complex(NAN, 0) if kind == "c" else NAN
                else:
                    acc = max(acc, v) if op == "max" else min(acc, v)
            elif kind in "iu":
                acc = wrap(acc + v if op == "sum" else acc * v, dt)
            elif kind == "b":
                acc = (acc or v) if op == "sum" else (acc and v)
            else:
                a, b = acc_t(acc), acc_t(v)
                with np.errstate(all="ignore"):
                    acc = (a + b if op == "sum" else a * b).item()
            res[i, j] = acc
    return np.moveaxis(res.reshape(x.shape), -1, axis)


@pytest.mark.parametrize("dt", [np.bool_] + INTS + FLOATS + COMPLEX)
def test_scan(dt):
    x = sample(dt)
    ops = ("sum", "prod") if np.dtype(dt).kind == "c" else ("sum", "prod", "max", "min")
    for _, v in layouts(x):
        for axis in (0, 1, 2):
            for op in ops:
                # ulp-level differences are allowed only for complex products
                tol = 1e-5 if np.dtype(dt).kind == "c" and op == "prod" else 0
                check(R.associative_scan, v, lambda: _scan_ref(v, axis, op, dt), rtol=tol,
                      axis=axis, op=op)


def test_scan_vectors():
    x = np.array([[1, 2, 3], [2, 2, 2]])
    assert R.associative_scan(x, 1, "prod").tolist() == [[1, 2, 6], [2, 4, 8]]
    assert R.associative_scan(x, 0, "sum").tolist() == [[1, 2, 3], [3, 4, 5]]
    r = R.associative_scan(np.array([1, NAN, 3, 0]), 0, "max")
    assert r[0] == 1 and np.isnan(r[1:]).all()
    assert R.associative_scan(np.array([100, 100], np.int8), 0, "sum").tolist() == [100, -56]
    assert R.associative_scan(np.zeros((2, 0)), 1, "sum").shape == (2, 0)
    with pytest.raises(ValueError, match="associative_scan: requires rank >= 1"):
        R.associative_scan(np.array(1.0), 0, "sum")
    with pytest.raises(ValueError, match="associative_scan"):
        R.associative_scan(np.ones(3), 0, "mean")
    s = R.associative_scan(np.ones(4096, np.float16), 0, "sum")
    assert s.dtype == np.float16 and s[-1] == 4096


# ------------------------------------------------------------------------ variance
def _var_from_primitives(be, x, axes, correction):
    """The variance composed from the backend's own primitives, in two passes: the mean
    (reduce_sum over the count), then the squared deviations from it, summed."""
    shape = x.shape
    n = int(np.prod([shape[a] for a in axes]))
    keep = tuple(1 if i in axes else d for i, d in enumerate(shape))
    s = be.reshape(be.reduce_sum(x, axes=axes), keep)
    m = be.full(x.dtype, keep, NAN) if n == 0 else be.div(s, float(n))
    dev = be.sub(x, be.broadcast_to(m, shape))
    ss = be.reduce_sum(be.mul(dev, dev, out=dev), axes=axes)
    return be.full(x.dtype, ss.shape, NAN) if n - correction <= 0 else be.div(ss, float(n - correction))


@pytest.mark.parametrize("dt", FLOATS)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided", "broadcast", "empty"])
def test_reduce_var_is_the_two_passes_of_the_primitives_exactly(dt, layout):
    """The NumPy backend's reduce_var is, bit for bit, the two-pass composition of its
    reduce_sum, div, sub and mul (NumPy's own var on contiguous inputs)."""
    from nx_core.backend.numpy import NumpyBackend

    be = NumpyBackend()
    rng = np.random.default_rng(2)
    base = (rng.standard_normal((6, 7, 8)) * 3 + 1e3).astype(dt)
    x = be.from_host(base if layout != "empty" else base[:0])
    if layout == "transposed":
        x = be.permute(x, (2, 0, 1))
    elif layout == "strided":
        x = be.flip(be.shrink(x, ((0, 6), (1, 7), (2, 8))), (False, True, False))
    elif layout == "broadcast":
        x = be.broadcast_to(be.shrink(x, ((0, 1), (0, 7), (0, 8))), (6, 7, 8))
    with np.errstate(all="ignore"):
        for axes in AXES:
            for correction in (0, 1, 2.5, 1000):
                got = be.to_host(be.reduce_var(x, axes=axes, correction=correction))
                want = be.to_host(_var_from_primitives(be, x, axes, correction))
                np.testing.assert_array_equal(got, want, err_msg=f"{layout} {axes} {correction}")
                assert got.dtype == dt
    if layout == "contiguous" and dt != np.float16:
        for axes in AXES[1:]:
            np.testing.assert_array_equal(R.reduce_var(base, axes, 1), np.var(base, axis=axes, ddof=1))


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize(
    "shape, axes, blocked",
    [
        ((40, 300), (1,), True),  # runs shorter than a block: a block of rows at a time
        ((40, 300), (0, 1), True),  # one long run: subtrees of NumPy's pairwise sum
        ((3, 2001), (1,), True),  # long runs, one per row, of an odd length
        ((5, 6, 70), (1, 2), True),
        ((4, 5, 66), (2,), True),
        ((12001,), (0,), True),
        ((40, 300), (0,), False),  # a leading axis: the whole array of deviations, as before
        ((40, 300), (), True),
    ],
)
def test_reduce_var_in_blocks_is_numpys_var_bit_for_bit(monkeypatch, dt, shape, axes, blocked):
    """A large variance's second pass runs in cache-sized blocks (``_BLOCK`` elements,
    made small here so that small arrays take every path) and gives NumPy's var exactly."""
    monkeypatch.setattr(R, "_BLOCK", 256)
    assert R._numpy_splits_as_pairwise()  # this NumPy sums runs as the blocks assume
    rng = np.random.default_rng(len(shape) * 100 + sum(shape))
    x = (rng.standard_normal(shape) * 7 + 300).astype(dt)
    for correction in (0, 1):
        got = R.reduce_var(x, axes, correction)
        assert got.dtype == dt
        np.testing.assert_array_equal(got, np.var(x, axis=axes, ddof=correction))
    x[(0,) * len(shape)] = np.nan
    np.testing.assert_array_equal(R.reduce_var(x, axes, 1), np.var(x, axis=axes, ddof=1))
    m = np.zeros([1 if i in axes else n for i, n in enumerate(shape)], dt)
    assert (R._blocked_squared_deviations(x, m, axes) is not None) == blocked


def test_reduce_var_blocks_only_large_contiguous_floats(monkeypatch):
    monkeypatch.setattr(R, "_BLOCK", 256)
    big = np.ones((40, 300))
    zeros = np.zeros((40, 1))
    assert R._blocked_squared_deviations(big, zeros, (1,)) is not None
    assert R._blocked_squared_deviations(big[:, ::2], zeros, (1,)) is None  # strided
    assert R._blocked_squared_deviations(big[:3], zeros[:3], (1,)) is None  # small
    assert R._blocked_squared_deviations(big.astype(np.float16), zeros, (1,)) is None  # float32 sums
    assert R._blocked_squared_deviations(big.T.copy(), np.zeros((1, 40)), (0,)) is None  # leading axis


@pytest.mark.parametrize("dt", [np.bool_, np.int8, np.uint64, np.float32, np.float64, np.complex128])
@pytest.mark.parametrize(
    "shape,axes,grouped",
    [
        ((2003, 7), (0,), True),  # groups of rows, and rows left over
        ((40, 50, 3), (0, 1), True),  # two leading axes
        ((600, 2, 2), (0,), True),
        ((2003, 1), (0,), False),  # one kept element: NumPy's own single run
        ((30, 700), (0,), False),  # long kept runs
        ((50, 40), (1,), False),  # a trailing axis
        ((200, 10), (), False),
    ],
)
def test_extremes_and_truth_over_leading_axes_in_groups_of_rows(monkeypatch, dt, shape, axes, grouped):
    """max, min, all and any over the leading axes of a C-contiguous array with short
    kept runs reduce groups of rows as long rows (``_GROUP`` elements, small here so that
    small arrays take the path) and give NumPy's own reduction, NaN included."""
    monkeypatch.setattr(R, "_GROUP", 64)
    monkeypatch.setattr(R, "_GROUP_MIN", 256)
    calls = []
    real = R._grouped
    monkeypatch.setattr(R, "_grouped", lambda *a: calls.append(real(*a)) or calls[-1])
    x = sample(dt, shape, seed=sum(shape))
    if np.dtype(dt).kind in "fc":
        x[tuple(n - 1 for n in shape)] = NAN  # in the rows left over
        x[(3,) + (0,) * (len(shape) - 1)] = NAN
    t = x != 0
    for kd in (False, True):
        for k, ufunc, v in ((R.reduce_max, np.maximum, x), (R.reduce_min, np.minimum, x),
                            (R.reduce_all, np.logical_and, t), (R.reduce_any, np.logical_or, t)):
            want = ufunc.reduce(v, axis=axes, keepdims=kd)
            np.testing.assert_array_equal(k(v, axes, kd), want)
            out = np.empty(np.shape(want), want.dtype)
            assert k(v, axes, kd, out=out) is out
            np.testing.assert_array_equal(out, want)
    assert any(calls) == grouped
    strided = x[..., ::-1] if x.ndim > 1 else x[::-1]
    np.testing.assert_array_equal(R.reduce_min(strided, axes), np.minimum.reduce(strided, axis=axes))


@pytest.mark.parametrize("dt", [np.dtype(t) for t in (np.bool_, np.int8, np.uint64, np.int64, np.float32, np.float64)], ids=str)
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "flipped", "broadcast"])
def test_the_backends_whole_array_max_and_min_agree_with_the_kernels(dt, layout):
    """The NumPy backend answers the max and min of every element of a small array with
    NumPy's reduce at once: the kernels' answer (NaN propagates, the integer extremes,
    the sign of a zero), bit for bit, on each layout."""
    from nx_core.backend.numpy import NumpyBackend, from_numpy_dtype
    from nx_core.tensor import native

    B = NumpyBackend()
    for seed in range(4):
        a = sample(dt, seed=seed)
        a = {"contiguous": a, "transposed": a.T, "flipped": a[::-1, :, ::-2], "broadcast": np.broadcast_to(a[:1], (6, 3, 5))}[layout]
        t = native(a, from_numpy_dtype(a.dtype), B, a.shape)
        axes = tuple(range(a.ndim))
        for prim, kernel in ((B.reduce_max, R.reduce_max), (B.reduce_min, R.reduce_min)):
            got, want = np.asarray(prim(t, axes=axes).arr), kernel(a, axes)
            assert got.shape == want.shape == () and got.dtype == want.dtype
            assert got.tobytes() == want.tobytes() or (np.isnan(got) and np.isnan(want)), (prim.__name__, a, got, want)
