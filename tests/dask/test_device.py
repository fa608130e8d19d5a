"""The Dask device: lazy, chunked arrays that agree with the CPU device, the rule for
views, and real ``dask.distributed`` clusters (one with a worker killed mid-computation)."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")

DASK = xp.Device("dask")
CPU = xp.Device("cpu")


@pytest.fixture
def small_chunks():
    """Chunks of 64 KiB, so that small test arrays have several."""
    with dask.config.set({"array.chunk-size": "64KiB"}):
        yield


def both(make):
    """``make(device)`` on the Dask and the CPU device, as NumPy arrays."""
    return np.asarray(make(DASK)), np.asarray(make(CPU))


def test_arrays_are_lazy_dask_arrays(small_chunks):
    x = xp.reshape(xp.arange(100_000.0, device=DASK), (100, 1000))
    y = xp.sin(x) * 2.0 + 1.0
    assert isinstance(y.arr, da.Array) and y.arr.npartitions > 1
    assert y.device == DASK and y.shape == (100, 1000)
    s = xp.sum(y, axis=1)
    assert isinstance(s.arr, da.Array)  # nothing computed yet
    np.testing.assert_allclose(np.asarray(s), np.sum(np.sin(np.arange(100_000.0).reshape(100, 1000)) * 2 + 1, axis=1), rtol=1e-12)


@pytest.mark.parametrize(
    "make",
    [
        lambda d: xp.exp(xp.linspace(-3.0, 3.0, 5001, device=d)),
        lambda d: xp.astype(xp.arange(-300, 300, device=d), xp.int8),  # saturating? no: wrapping casts, exactly nx's
        lambda d: xp.arange(-7, 8, device=d) // xp.asarray(3, device=d),
        lambda d: xp.arange(-7, 8, device=d) % xp.asarray(-3, device=d),
        lambda d: xp.astype(xp.linspace(-1e10, 1e10, 7, device=d), xp.int32),
        lambda d: xp.sort(xp.asarray([3.0, float("nan"), -1.0, 2.0, float("nan"), 0.0], device=d)),
        lambda d: xp.argsort(xp.asarray([2, 1, 2, 1, 0], device=d), stable=True),
        lambda d: xp.reshape(xp.arange(24, device=d), (2, 3, 4))[1, ::-1, 1:3],
        lambda d: xp.permute_dims(xp.reshape(xp.arange(24, device=d), (2, 3, 4)), (2, 0, 1)),
        lambda d: xp.random.normal(xp.random.key(7, device=d), shape=(1000,)),
        lambda d: xp.random.uniform(xp.random.key(1, device=d), shape=(10, 10), dtype=xp.float32),
        lambda d: xp.random.integers(xp.random.key(3, device=d), 0, 100, shape=(50,)),
        lambda d: xp.cumulative_sum(xp.arange(10, device=d)),
        lambda d: xp.unique_values(xp.asarray([3, 1, 3, 2, 1], device=d)),
        lambda d: xp.nonzero(xp.asarray([0, 1, 0, 2], device=d))[0],
        lambda d: xp.asarray([1.0, 2.0, 3.0, 4.0], device=d)[xp.asarray([True, False, True, True], device=d)],
        lambda d: xp.take(xp.arange(10.0, device=d), xp.asarray([9, 0, 3], device=d)),
        lambda d: xp.linalg.inv(xp.asarray([[2.0, 1.0], [1.0, 3.0]], device=d)),
        lambda d: xp.fft.fft(xp.arange(8.0, device=d)),
        lambda d: xp.max(xp.asarray([1.0, float("nan"), 3.0], device=d)),
        lambda d: xp.concat([xp.ones(3, device=d), xp.zeros(2, device=d)]),
        lambda d: xp.where(xp.arange(6, device=d) > 2, xp.arange(6.0, device=d), -1.0),
    ],
)
def test_agrees_with_the_cpu_device_exactly(make, small_chunks):
    got, want = both(make)
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got, want)


def test_reductions_agree_to_rounding(small_chunks):
    got, want = both(lambda d: xp.stack([xp.sum(xp.linspace(0.0, 1.0, 100_001, device=d)), xp.mean(xp.linspace(-1.0, 3.0, 99_999, device=d))]))
    np.testing.assert_allclose(got, want, rtol=1e-13)
    got, want = both(lambda d: xp.matmul(xp.reshape(xp.linspace(0.0, 1.0, 400 * 300, device=d), (400, 300)), xp.reshape(xp.linspace(1.0, 2.0, 300 * 200, device=d), (300, 200))))
    np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("chunk_size", ["64KiB", "4KiB"])
def test_matmul_plans(chunk_size):
    """A right operand of a few chunks is kept whole along the contracted axis (one BLAS
    call per block of rows); a larger one keeps Dask's plan of partial products. Both
    agree with the CPU device to rounding, batched too."""
    a = np.random.default_rng(0).random((3, 120, 90))
    b = np.random.default_rng(1).random((90, 70))  # 49 KiB: whole at 64 KiB chunks, not at 4 KiB
    with dask.config.set({"array.chunk-size": chunk_size}):
        x, y = xp.asarray(a, device=DASK), xp.asarray(b, device=DASK)
        r = xp.matmul(x, y)
        partial_sums = any("chunk_sum" in str(name) for name in r.arr.dask.layers)
        np.testing.assert_allclose(np.asarray(r), a @ b, rtol=1e-12)
        np.testing.assert_allclose(np.asarray(xp.matmul(y.mT, x.mT)), (a @ b).transpose(0, 2, 1), rtol=1e-12)
    assert partial_sums == (chunk_size == "4KiB")


@pytest.mark.parametrize("axes", [(1,), (2,), (1, 2), (0,), (0, 2), None])
@pytest.mark.parametrize("f", [xp.sum, xp.prod, xp.max, xp.min, xp.any, xp.all])
def test_reductions_of_axes_a_chunk_holds_whole(axes, f):
    """A reduction over axes that lie whole in each chunk (blocks of rows, reduced along
    the rows) is one task per chunk, with no tree of partials, and gives the CPU device's
    values bit for bit; over an axis split between chunks it is Dask's tree."""
    a = np.random.default_rng(3).standard_normal((40, 6, 5))
    if f in (xp.any, xp.all):
        a = a > 0.8
    with dask.config.set({"array.chunk-size": "512B"}):
        x = xp.asarray(a, device=DASK)
    assert len(x.arr.chunks[0]) > 1 and len(x.arr.chunks[1]) == len(x.arr.chunks[2]) == 1
    r = f(x, axis=axes)
    expected = np.asarray(f(xp.asarray(a), axis=axes))
    assert r.shape == expected.shape and r.dtype == f(xp.asarray(a), axis=axes).dtype
    whole = axes is not None and 0 not in axes
    if whole:
        np.testing.assert_array_equal(np.asarray(r), expected)
    else:
        np.testing.assert_allclose(np.asarray(r), expected, rtol=1e-12)
    tasks = len(r.arr.__dask_graph__().layers[r.arr.name])
    assert (tasks == x.arr.npartitions) == whole


def test_random_numbers_are_the_cpu_devices_on_any_slice(small_chunks):
    """The same key draws the same numbers on the Dask device, chunk boundaries or not."""
    n = 300_000
    big = xp.random.normal(xp.random.key(42, device=DASK), shape=(n,))
    assert big.arr.npartitions > 1
    ref = np.asarray(xp.random.normal(xp.random.key(42), shape=(n,)))
    for sl in (slice(0, 10), slice(n // 2 - 5, n // 2 + 5), slice(n - 10, n)):
        np.testing.assert_array_equal(np.asarray(big[sl]), ref[sl])


@pytest.mark.parametrize(
    "draw",
    [
        lambda k: xp.random.normal(k, shape=(7, 33, 101)),
        lambda k: xp.random.uniform(k, shape=(50, 999), dtype=xp.float32, minval=-1.0, maxval=3.0),
        lambda k: xp.random.bits(k, shape=(301, 77), dtype=xp.uint64),
        lambda k: xp.random.bits(k, shape=(4, 5, 6, 7)),
        lambda k: xp.random.integers(k, -10, 10**12, shape=(123, 457)),
        lambda k: xp.random.split(k, 5000),
        lambda k: xp.random.normal(xp.random.fold_in(xp.random.split(k)[1], 9), shape=(3000,), dtype=xp.float32),
    ],
)
def test_random_numbers_agree_whatever_the_chunks_cut(draw):
    """Chunks of whole rows (the default), chunks that cut every axis (short runs of
    counters) or a few axes: each chunk's counters come from its position, and the
    numbers are the CPU device's exactly."""
    from nx_core.backend.dask import set_chunks

    want = np.asarray(draw(xp.random.key(2024)))
    for size, fixed in (("1KiB", "auto"), ("64KiB", "auto"), ("1KiB", 3), ("1KiB", {0: 2, 1: 300})):
        set_chunks(fixed)
        try:
            with dask.config.set({"array.chunk-size": size}):
                got = draw(xp.random.key(2024, device=DASK))
        finally:
            set_chunks("auto")
        assert got.arr.npartitions > 1 or size != "1KiB"
        assert np.asarray(got).dtype == want.dtype
        np.testing.assert_array_equal(np.asarray(got), want, err_msg=f"{size} {fixed}")


def _held_bytes(make, below=None):
    """The most bytes of chunk results Dask's local scheduler held at once while it
    computed ``make()``'s value (counting only values smaller than ``below`` bytes when
    given), and that value."""
    from dask.callbacks import Callback

    class Held(Callback):
        most = 0

        def _posttask(self, key, result, dsk, state, id):
            sizes = (getattr(v, "nbytes", 0) for v in state["cache"].values())
            self.most = max(self.most, sum(n for n in sizes if below is None or n < below))

    with Held() as h:
        value = np.asarray(make())
    return h.most, value


def test_random_normals_stream_through_their_mean_and_std():
    """The draws are computed chunk by chunk next to the reductions that consume them:
    the scheduler holds a few chunks at a time, never the array (100 chunks here), and
    the standard deviation reads each chunk once (one pass, not two)."""
    with dask.config.set({"array.chunk-size": "64KiB"}):
        x = xp.random.normal(xp.random.key(3, device=DASK), shape=(100, 8192))
    chunk = 8 * max(a * b for a in x.arr.chunks[0] for b in x.arr.chunks[1])
    assert x.arr.npartitions >= 100
    for stat in (xp.mean, xp.std, lambda a: xp.stack([xp.mean(a), xp.std(a)])):
        most, value = _held_bytes(lambda: stat(x))
        assert most <= 12 * chunk, f"held {most / chunk:.1f} chunks at once"
    cpu = np.asarray(xp.random.normal(xp.random.key(3), shape=(100, 8192)))
    np.testing.assert_allclose(value, [cpu.mean(), cpu.std()], rtol=1e-12)


def test_values_come_to_the_host_chunk_by_chunk():
    """np.asarray writes each chunk into the result as it is computed: Dask never holds
    all the chunks besides the result (as computing them, then concatenating, would)."""
    with dask.config.set({"array.chunk-size": "64KiB"}):
        x = xp.sin(xp.reshape(xp.arange(1_000_000.0, device=DASK), (1000, 1000))) * 2.0
    assert x.arr.npartitions > 50
    most, got = _held_bytes(lambda: x, below=x.size * 8)  # the chunks, not the result
    assert most <= 8 * 65536, f"held {most} bytes of chunks at once"
    np.testing.assert_array_equal(got, np.sin(np.arange(1_000_000.0).reshape(1000, 1000)) * 2.0)
    with dask.config.set(scheduler="synchronous"):
        np.testing.assert_array_equal(np.asarray(x[::7, 3]), got[::7, 3])
    assert np.asarray(xp.sum(x)).shape == ()


def test_one_operation_on_chunks_in_memory_skips_graph_optimisation(small_chunks):
    """A graph of one layer of tasks over chunks held in memory (persisted or host data)
    is computed as it is: every task is one of the result's chunks, so there is nothing
    to cull or fuse. Any other graph is optimised, so a slice of a lazy result computes
    only the chunks it needs."""
    from dask.callbacks import Callback

    from nx_core.backend.dask.backend import _compute_kw

    a = np.arange(100_000.0).reshape(100, 1000)
    x = xp.persist(xp.asarray(a, device=DASK))
    assert x.arr.npartitions > 4
    normals = xp.random.normal(xp.random.key(1, device=DASK), shape=(100, 1000))  # one layer, no inputs
    one = [xp.exp(x), xp.sum(x, axis=1), xp.exp(xp.asarray(a, device=DASK)), x + x, normals]
    assert all(_compute_kw(y.arr) == {"optimize_graph": False} for y in one)
    more = [xp.exp(xp.sin(x)), xp.exp(x)[:1], xp.sum(x, axis=0), xp.exp(xp.arange(10.0, device=DASK)), normals + 1.0]
    assert all(_compute_kw(y.arr) == {} for y in more)

    class Count(Callback):
        tasks = 0

        def _pretask(self, key, dsk, state):
            self.tasks += 1

    for make, expected in [(lambda: xp.exp(x), np.exp(a)), (lambda: xp.sum(x, axis=1), a.sum(axis=1)), (lambda: xp.exp(xp.sin(x))[:1], np.exp(np.sin(a[:1])))]:
        with Count() as c:
            got = xp.persist(make())
        np.testing.assert_array_equal(np.asarray(got), expected)
        assert c.tasks == x.arr.npartitions if got.shape[0] > 1 else c.tasks <= 3
    np.testing.assert_array_equal(np.asarray(xp.exp(x)), np.exp(a))
    assert float(xp.exp(x)[3, 4]) == float(np.exp(a[3, 4])) and float(xp.sum(x + x)) == 2 * a.sum()


@pytest.mark.parametrize("dtype", [xp.float32, xp.float64])
@pytest.mark.parametrize("block", [None, 1000])  # a chunk's squared deviations a block at a time (steps._VAR_BLOCK)
def test_variance_in_one_pass_agrees_to_rounding(dtype, block, small_chunks, monkeypatch):
    if block is not None:
        from nx_core.backend.dask import steps

        monkeypatch.setattr(steps, "_VAR_BLOCK", block)
    rng = np.random.default_rng(8)
    a = rng.standard_normal((40, 300, 7)) * 5.0 + 1e3  # a large mean: deviations must be merged with care
    a[3, 4, 5] = 1e5
    x, c = xp.asarray(a, dtype=dtype, device=DASK), xp.asarray(a, dtype=dtype)
    assert x.arr.npartitions > 4
    rtol = 1e-4 if dtype is xp.float32 else 1e-11
    for axis in (None, 0, 1, 2, (0, 2), (1, 2)):
        for correction in (0, 1, 2.5):
            for f in (xp.var, xp.std):
                got = f(x, axis=axis, correction=correction, keepdims=True)
                want = f(c, axis=axis, correction=correction, keepdims=True)
                assert got.shape == want.shape and got.dtype == want.dtype
                np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=rtol)
    s = x[::3, ::-2, 1:]  # a view whose chunks are uneven
    np.testing.assert_allclose(np.asarray(xp.var(s, axis=(0, 1))), np.asarray(xp.var(c[::3, ::-2, 1:], axis=(0, 1))), rtol=rtol)
    assert np.isnan(float(xp.var(x, correction=x.size)))  # M - correction <= 0
    b = np.array(a)
    b[0, 0, 0], b[1, 1, 1] = np.inf, np.nan
    got = np.asarray(xp.var(xp.asarray(b, dtype=dtype, device=DASK), axis=0))
    with np.errstate(invalid="ignore"):
        want = np.asarray(xp.var(xp.asarray(b, dtype=dtype), axis=0))
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))


def test_writes_give_the_array_new_contents_and_never_reach_other_views():
    """Dask arrays are immutable: x[k] = v and x += y change x; a view taken from x
    before keeps its values, and writing into a view leaves x alone."""
    x = xp.zeros((3, 4), device=DASK)
    row = x[0, ...]
    x[0, 1] = 5.0
    x[1, ...] = xp.arange(4.0, device=DASK)
    x += 1.0
    np.testing.assert_array_equal(np.asarray(x), [[1.0, 6.0, 1.0, 1.0], [1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]])
    np.testing.assert_array_equal(np.asarray(row), np.zeros(4))  # taken before the writes
    row[0] = 9.0
    np.testing.assert_array_equal(np.asarray(row), [9.0, 0.0, 0.0, 0.0])
    assert float(x[0, 0]) == 1.0  # the write did not reach x
    x[xp.asarray([True, False, True], device=DASK), ...] = -1.0  # advanced keys too
    np.testing.assert_array_equal(np.asarray(x[:, 0]), [-1.0, 1.0, -1.0])


@pytest.mark.parametrize(
    "shape,key,value",
    [
        ((), "T", 1.0),  # x[True] = v on a 0-d array writes it
        ((), "F", 1.0),  # x[False] = v writes nothing
        ((2, 2), ("T", "m"), 9.0),  # a 0-d boolean next to a mask
        ((2, 3), (Ellipsis, "T", "i"), 7.0),  # next to an integer array
        ((3,), ("F", Ellipsis), 4.0),
    ],
)
def test_writes_with_0d_boolean_keys_reach_the_array(shape, key, value):
    """0-d booleans index a unit axis that the frontend inserts into x: the write must
    still reach x on a device with immutable buffers (the official suite's
    test_setitem_masking draws these)."""

    def run(d):
        x = xp.reshape(xp.arange(float(np.prod(shape, dtype=int)), device=d), shape)
        parts = {"T": xp.asarray(True, device=d), "F": xp.asarray(False, device=d),
                 "m": xp.asarray([False, True, True][: shape[-1]] if shape else True, device=d),
                 "i": xp.asarray([2, 0], device=d)}
        x[tuple(parts.get(k, k) if isinstance(k, str) else k for k in key) if isinstance(key, tuple) else parts[key]] = value
        return x

    got, want = both(run)
    np.testing.assert_array_equal(got, want)


def test_values_are_computed_on_demand():
    x = xp.arange(10.0, device=DASK) * 2.0
    assert float(x[3]) == 6.0 and int(xp.sum(xp.astype(x, xp.int64))) == 90
    assert "18." in repr(x)
    np.testing.assert_array_equal(np.from_dlpack(x), np.arange(10.0) * 2)
    c = x.to_device(CPU)
    assert c.device == CPU and float(c[9]) == 18.0
    p = xp.persist(x)
    assert p.device == DASK and float(p[1]) == 2.0


def test_errors_that_depend_on_values_keep_their_type():
    x = xp.arange(5.0, device=DASK)
    with pytest.raises(IndexError, match="take"):
        np.asarray(xp.take(x, xp.asarray([7], device=DASK)))
    with pytest.raises(ValueError, match="two devices|device"):
        x + xp.ones(5)


#: Seconds the cluster's processes may take to start, connect and answer: a guard for a
#: machine loaded by other work (Dask's defaults, 30 s and less, are for quiet ones).
_PATIENCE = 300


@pytest.fixture(scope="module")
def cluster():
    distributed = pytest.importorskip("distributed")
    patient = {"distributed.comm.timeouts.connect": f"{_PATIENCE}s", "distributed.comm.timeouts.tcp": f"{_PATIENCE}s"}
    with dask.config.set(patient), distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, timeout=_PATIENCE) as c, distributed.Client(c, timeout=_PATIENCE) as client:
        client.wait_for_workers(2, timeout=_PATIENCE)
        yield c, client


def test_runs_on_a_local_cluster(cluster):
    _, client = cluster
    x = xp.reshape(xp.arange(200_000.0, device=DASK), (200, 1000))
    s = xp.sum(xp.sqrt(x), axis=0)
    with dask.config.set({"array.chunk-size": "128KiB"}):
        r = xp.random.normal(xp.random.key(5, device=DASK), shape=(100_000,))
    np.testing.assert_allclose(np.asarray(s), np.sum(np.sqrt(np.arange(200_000.0).reshape(200, 1000)), axis=0), rtol=1e-12)
    np.testing.assert_array_equal(np.asarray(r), np.asarray(xp.random.normal(xp.random.key(5), shape=(100_000,))))
    client.wait_for_workers(2, timeout=_PATIENCE)  # (one test_a_killed_worker_loses_nothing killed may still be restarting)
    assert len(client.scheduler_info()["workers"]) == 2
    # One operation on host data is optimised on a cluster too (culling keeps the host
    # chunks no task reads from being shipped); persisted there, its chunks are futures.
    from nx_core.backend.dask.backend import _compute_kw

    with dask.config.set({"array.chunk-size": "64KiB"}):
        h = xp.asarray(np.arange(100_000.0).reshape(100, 1000), device=DASK)
    assert h.arr.npartitions > 1 and _compute_kw(xp.exp(h).arr) == {}
    p = xp.persist(xp.exp(h))
    assert _compute_kw((p + 1.0).arr) == {}
    np.testing.assert_array_equal(np.asarray(p[:3] + 1.0), np.exp(np.arange(3000.0).reshape(3, 1000)) + 1.0)


def test_a_killed_worker_loses_nothing(cluster):
    """A worker process dies mid-computation; Dask recomputes what it held and the
    result is still exact."""
    import time

    c, client = cluster
    with dask.config.set({"array.chunk-size": "256KiB"}):
        x = xp.random.uniform(xp.random.key(11, device=DASK), shape=(2_000_000,))
    y = xp.sum(xp.exp(x) * xp.cos(x))  # many chunks, all through the NumPy kernels
    fut = client.compute(y.arr)
    time.sleep(0.2)
    victim = sorted(client.scheduler_info()["workers"])[0]
    try:
        client.run(lambda: __import__("os")._exit(1), workers=[victim])  # the process dies
    except Exception:  # noqa: BLE001 - its connection dies with it
        pass
    got = fut.result(timeout=_PATIENCE)
    want = np.asarray(xp.sum(xp.exp(xp.random.uniform(xp.random.key(11), shape=(2_000_000,))) * xp.cos(xp.random.uniform(xp.random.key(11), shape=(2_000_000,)))))
    np.testing.assert_allclose(float(got), float(want), rtol=1e-12)
    c.scale(2)
    client.wait_for_workers(2, timeout=_PATIENCE)  # the killed one restarted


@pytest.mark.parametrize(
    "key",
    [
        (0, slice(1, None, -1)),  # an int next to a reversed slice (the official suite's test_setitem drew it)
        (1, None, 2, slice(None, None, -3)),
        (Ellipsis, 1),
        (1, slice(0, 0)),
        (slice(None, None, -1), 0, slice(3, 0, -2)),
        (-1,),  # a negative int (test_setitem drew x[-1] = v too)
        (-2, slice(None), -1),
    ],
)
def test_writes_through_basic_keys(key):
    """x[key] = v for basic keys: ints, reversed slices, None and Ellipsis, on chunks
    that the key cuts, as on the CPU device."""

    def run(d):
        with dask.config.set({"array.chunk-size": "64B"}):
            x = xp.reshape(xp.arange(24.0, device=d), (2, 3, 4))
        shape = x[key].shape
        x[key] = xp.reshape(xp.arange(float(np.prod(shape, dtype=int)), device=d), shape) - 100.0
        return x

    got, want = both(run)
    np.testing.assert_array_equal(got, want)
