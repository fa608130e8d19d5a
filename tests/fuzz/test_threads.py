"""The namespace used from 8 threads at once gives the serial results.

Each task is a small pure computation over shared, read-only inputs (lazily built host
views, cached on Tensors, are the shared state under test), or writes into an array only
its own task owns. Every task runs once serially for the reference, then all of them
run many times, interleaved, on 8 threads; every result must equal its reference.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nx_array_api as xp
from nx_fuzz import FEW, HANG_S

THREADS = 8

_rng = np.random.default_rng(1)
_A = _rng.standard_normal((24, 24))
_I = _rng.integers(-50, 50, (500,)).astype(np.int32)


def _shared() -> dict[str, Any]:
    """Fresh shared inputs (so that their host-view caches are built under contention)."""
    base = xp.asarray(_A)
    return {
        "a": base,
        "view": base[::-2, 1::3],  # a strided view: its NumPy view is made lazily
        "spd": xp.asarray(_A @ _A.T + 24 * np.eye(24)),
        "ints": xp.asarray(_I),
        "c": xp.asarray(_A[:8, :8] + 1j * _A[8:16, :8]),
    }


def _tasks(sh: dict[str, Any]) -> dict[str, Callable[[], Any]]:
    a, v, spd, ints, c = sh["a"], sh["view"], sh["spd"], sh["ints"], sh["c"]
    t: dict[str, Callable[[], Any]] = {
        "creation": lambda: (xp.arange(0, 100, 3, dtype=xp.int64), xp.linspace(0.0, 1.0, 33), xp.eye(7, k=1), xp.full((3, 4), 2.5),
                             xp.asarray([[1, 2], [3, 4]], dtype=xp.int16), xp.zeros_like(v), xp.meshgrid(xp.arange(3), xp.arange(4))),
        "elementwise": lambda: (xp.exp(xp.sin(v) * 2.0) - xp.sqrt(xp.abs(v) + 1.0), xp.where(a > 0, a, -a), ints // 7, ints % 5,
                                xp.atan2(v, v + 1.0), c * xp.conj(c)),
        "reductions": lambda: (xp.sum(a, axis=0), xp.mean(v), xp.std(a, axis=1, correction=1), xp.max(ints), xp.argmin(a, axis=1),
                               xp.cumulative_sum(ints), xp.prod(v[:2, :2]), xp.any(a > 3.0), xp.count_nonzero(ints > 0)),
        "sorting": lambda: (xp.sort(ints), xp.argsort(a, axis=0, descending=True), xp.unique_values(ints), xp.unique_counts(ints),
                            xp.searchsorted(xp.sort(ints), xp.asarray([0, 5], dtype=xp.int32))),
        "linalg": lambda: (xp.linalg.inv(spd), xp.linalg.cholesky(spd), xp.linalg.solve(spd, a[:, :3]), xp.matmul(a, a.T),
                           xp.linalg.det(spd[:5, :5]), xp.linalg.svdvals(a[:6, :6]), xp.linalg.eigvalsh(spd[:6, :6]), xp.linalg.qr(a[:5, :4]),
                           xp.tensordot(a, v, axes=1) if v.shape[0] == a.shape[1] else xp.vecdot(a, a)),
        "fft": lambda: (xp.fft.fft(c), xp.fft.rfftn(a[:8, :8]), xp.fft.fftshift(a[:4, :4])),
        "manipulation": lambda: (xp.concat([a, v], axis=None), xp.stack([v, v]), xp.flip(v), xp.reshape(v, (-1,)), xp.tile(v[:2, :2], (2, 3)),
                                 xp.roll(ints, 7), xp.permute_dims(a, (1, 0))[::3], xp.take(ints, xp.asarray([0, 4, 9]))),
        "indexing-reads": lambda: (a[3], a[::-3, 2:9:2], v[..., None], ints[ints > 10], a[xp.asarray([0, 5, 5]), 2:4]),
    }
    try:
        rnd = importlib.import_module("nx_array_api.random")
    except ImportError:  # pragma: no cover - the module is optional
        rnd = None
    if rnd is not None and hasattr(rnd, "key"):
        t["random"] = lambda: (rnd.uniform(rnd.key(7), shape=(5, 3)), rnd.normal(rnd.split(rnd.key(3), num=4)[2], shape=(9,)),
                               rnd.integers(rnd.fold_in(rnd.key(1), 42), 0, 100, shape=(20,)), rnd.permutation(rnd.key(5), 10))

    def writes(seed: int) -> Callable[[], Any]:
        def run() -> Any:
            x = xp.zeros((16, 16), dtype=xp.int64)  # owned by this call only
            for k in range(16):
                x[k, ::2] = seed + k
                x[:, k] += 1
                x[k, 1::2] = x[k, ::2] * 2
            x[xp.asarray([1, 3, 5])] = xp.ones((3, 16), dtype=xp.int64)
            x[x > 40] = -1
            return x

        return run

    for s in range(3):
        t[f"writes-{s}"] = writes(10 * s)
    return t


def _np(r: Any) -> Any:
    if isinstance(r, xp.Array):
        return np.array(r)  # a copy: later writes cannot change a reference
    if isinstance(r, (tuple, list)):
        return [_np(i) for i in r]
    return r


def _same(a: Any, b: Any, what: str) -> None:
    if isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), what
        for i, (p, q) in enumerate(zip(a, b)):
            _same(p, q, f"{what}[{i}]")
        return
    if isinstance(a, np.ndarray):
        assert a.shape == b.shape and a.dtype == b.dtype, f"{what}: {b.shape} {b.dtype} vs serial {a.shape} {a.dtype}"
        np.testing.assert_array_equal(b, a, err_msg=f"{what}: threaded result differs from the serial one")
        return
    assert a == b, what


@FEW
@given(order=st.permutations(list(range(40))), rounds=st.integers(2, 4))
def test_threaded_results_equal_serial(order: list[int], rounds: int) -> None:
    reference = {k: _np(f()) for k, f in _tasks(_shared()).items()}
    tasks = _tasks(_shared())  # new shared inputs: their caches are built by the threads
    names = sorted(tasks)
    jobs = [names[i % len(names)] for i in order for _ in range(rounds)]
    with cf.ThreadPoolExecutor(max_workers=THREADS) as pool:
        futures = [(n, pool.submit(lambda f=tasks[n]: _np(f()))) for n in jobs]
        for n, fut in futures:
            _same(reference[n], fut.result(timeout=HANG_S), n)


def test_concurrent_writes_to_disjoint_views_of_one_array() -> None:
    """8 threads writing disjoint rows of one shared array: every row ends as written."""
    x = xp.zeros((THREADS * 4, 64), dtype=xp.int32)

    def work(t: int) -> None:
        rows = x[t::THREADS]  # a strided view owned (row-wise) by this thread
        for k in range(50):
            rows[...] = t * 1000 + k
            rows[:, ::3] += 1

    with cf.ThreadPoolExecutor(max_workers=THREADS) as pool:
        list(pool.map(work, range(THREADS)))
    got = np.asarray(x)
    exp = np.zeros((THREADS * 4, 64), np.int32)
    for t in range(THREADS):
        exp[t::THREADS] = t * 1000 + 49
        exp[t::THREADS, ::3] += 1
    np.testing.assert_array_equal(got, exp)


@pytest.mark.parametrize("name", ["sum", "sort", "matmul"])
def test_same_array_from_many_threads(name: str) -> None:
    """One fresh strided view read by 8 threads at once (its cached host view is built once or consistently)."""
    for _ in range(5):
        base = xp.asarray(_A)
        v = base[1::2, ::-1]
        fn = {"sum": lambda: xp.sum(v, axis=0), "sort": lambda: xp.sort(v, axis=1), "matmul": lambda: v @ v.T}[name]
        with cf.ThreadPoolExecutor(max_workers=THREADS) as pool:
            rs = [f.result(timeout=HANG_S) for f in [pool.submit(lambda: np.array(fn())) for _ in range(THREADS * 2)]]
        ref = {"sum": lambda a: a.sum(axis=0), "sort": lambda a: np.sort(a, axis=1), "matmul": lambda a: a @ a.T}[name](_A[1::2, ::-1])
        for r in rs:
            np.testing.assert_allclose(r, ref, rtol=1e-12, atol=1e-12)
