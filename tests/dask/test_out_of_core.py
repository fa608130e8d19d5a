"""The Dask device out of core: data that stays where it is (dask arrays, memory-mapped
files, Zarr stores), the memory budget that refuses what cannot fit, and the chunking of
new arrays, per rank or by a rule."""

from __future__ import annotations

import math
import os

import numpy as np
import pytest

import nx_array_api as xp

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")

from dask.callbacks import Callback  # noqa: E402

from nx_core.backend import dask as dask_backend  # noqa: E402
from nx_core.backend.dask import memory_budget, set_chunks, set_memory_budget  # noqa: E402

DASK = xp.Device("dask")


class Tasks(Callback):
    """Counts the computations started and the tasks run in this process."""

    def __init__(self) -> None:
        super().__init__()
        self.computations = 0
        self.tasks = 0

    def _start(self, dsk):  # noqa: ANN001
        self.computations += 1

    def _pretask(self, key, dsk, state):  # noqa: ANN001
        self.tasks += 1


@pytest.fixture
def budget():
    """Restores the default memory budget afterwards."""
    yield set_memory_budget
    set_memory_budget(None)


@pytest.fixture
def chunking():
    yield set_chunks
    set_chunks("auto")


# ------------------------------------------------------------------ data where it is
def test_a_dask_array_is_taken_as_it_is():
    d = da.arange(24.0, chunks=5).reshape(4, 6)
    with Tasks() as t:
        x = xp.asarray(d, device=DASK)
        y = xp.sum(xp.sqrt(x), axis=0)
    assert t.computations == 0 and x.arr is d
    np.testing.assert_allclose(np.asarray(y), np.sqrt(np.arange(24.0).reshape(4, 6)).sum(axis=0), rtol=1e-14)


def test_a_memory_mapped_file_is_read_chunk_by_chunk(tmp_path):
    """A memmap of 4 GiB (a sparse file: no disk is written) becomes an array at once;
    a slice of it reads only the chunks it needs."""
    path = tmp_path / "big.dat"
    n = 1 << 29
    mm = np.memmap(path, mode="w+", dtype=np.float64, shape=(n // 1024, 1024))
    mm[3, :4] = [1.0, 2.0, 3.0, 4.0]
    mm.flush()
    ro = np.memmap(path, mode="r", dtype=np.float64, shape=(n // 1024, 1024))
    with dask.config.set({"array.chunk-size": "8MiB"}):
        with Tasks() as t:
            x = xp.asarray(ro, device=DASK)
        assert t.computations == 0 and x.shape == ro.shape and x.arr.npartitions >= 512
        with Tasks() as t:
            got = np.asarray(x[2:5, :6])
        assert t.tasks <= 4, f"{t.tasks} tasks for a slice of one chunk"
    np.testing.assert_array_equal(got, np.asarray(ro[2:5, :6]))
    assert float(xp.max(x[:4])) == 4.0


def test_a_zarr_array_is_read_by_its_own_chunks(tmp_path):
    zarr = pytest.importorskip("zarr")
    z = zarr.open_array(str(tmp_path / "a.zarr"), mode="w", shape=(600, 50), chunks=(64, 50), dtype="f4")
    values = np.random.default_rng(0).standard_normal((600, 50)).astype(np.float32)
    z[:] = values
    with dask.config.set({"array.chunk-size": "32KiB"}):
        with Tasks() as t:
            x = xp.asarray(z, device=DASK)
        assert t.computations == 0 and x.dtype == xp.float32
        assert all(c % 64 == 0 for c in x.arr.chunks[0][:-1]), "whole chunks of the store in each task"
    np.testing.assert_array_equal(np.asarray(x), values)
    np.testing.assert_allclose(np.asarray(xp.mean(x, axis=0)), np.asarray(xp.mean(xp.asarray(values), axis=0)), rtol=1e-5, atol=1e-7)
    c = xp.asarray(z, device=DASK, copy=True)  # read now: later writes to the store do not reach it
    z[0, 0] = 100.0
    assert float(c[0, 0]) == values[0, 0] and float(xp.asarray(z, device=DASK)[0, 0]) == 100.0


@pytest.mark.parametrize("dtype", [np.float16, "S2", "U3"])
def test_store_dtypes_the_namespace_lacks_are_refused_as_on_the_cpu_device(tmp_path, dtype):
    mm = np.memmap(tmp_path / "f.dat", mode="w+", dtype=dtype, shape=(4,))
    for device in (DASK, xp.Device("cpu")):
        with pytest.raises(TypeError, match="^asarray: "):
            xp.asarray(mm, device=device)


def test_views_of_memmaps_and_other_orders_are_read_too(tmp_path):
    """A view of a memmap, or one in Fortran order, is not the file's C-ordered rows:
    it is sliced as NumPy slices it."""
    a = np.arange(600.0).reshape(20, 30)
    mm = np.memmap(tmp_path / "a.dat", mode="w+", dtype=np.float64, shape=(20, 30))
    mm[:] = a
    f = np.memmap(tmp_path / "f.dat", mode="w+", dtype=np.float64, shape=(20, 30), order="F")
    f[:] = a
    with dask.config.set({"array.chunk-size": "1KiB"}):
        for src, want in [(mm[3:17:2, ::-3], a[3:17:2, ::-3]), (f, a), (mm, a)]:
            x = xp.asarray(src, device=DASK)
            np.testing.assert_array_equal(np.asarray(x), want)
            np.testing.assert_array_equal(np.asarray(x[1:4, 2]), want[1:4, 2])


# ------------------------------------------------------------------ the memory budget
def test_the_budget_is_half_the_machine_by_default_and_can_be_set(budget, monkeypatch):
    monkeypatch.delenv("NX_DASK_MEMORY_BUDGET", raising=False)
    machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert memory_budget() == machine // 2
    monkeypatch.setenv("NX_DASK_MEMORY_BUDGET", "3MiB")
    assert memory_budget() == 3 << 20
    monkeypatch.setenv("NX_DASK_MEMORY_BUDGET", "10%")
    assert memory_budget() == int(0.1 * machine)
    budget(12345)
    assert memory_budget() == 12345  # set_memory_budget wins over the environment
    budget("1GB")
    assert memory_budget() == 10**9
    budget(None)
    assert memory_budget() == int(0.1 * machine)
    for bad, err in [(0, ValueError), (-5, ValueError), ("lots", ValueError), (1.5, TypeError), (True, TypeError)]:
        with pytest.raises(err, match="^set_memory_budget: "):
            budget(bad)


@pytest.mark.parametrize(
    "call,name",
    [
        (lambda x: xp.unique_values(x), "unique_values"),
        (lambda x: xp.nonzero(x > 0.5), "nonzero"),
        (lambda x: x[x > 0.5], "__getitem__"),
        (lambda x: np.asarray(x), "to_host"),
        (lambda x: xp.persist(x), "persist"),
        (lambda x: xp.sort(xp.reshape(x, (-1,))), "sort"),
        (lambda x: xp.linalg.inv(xp.reshape(x[:, :100], (100, 100))), "inv"),
    ],
)
def test_what_must_come_into_memory_is_refused_past_the_budget(budget, call, name):
    """A MemoryError naming the function, the size and the way out, at call time,
    instead of the operating system's kill."""
    with dask.config.set({"array.chunk-size": "16KiB"}):
        x = xp.random.uniform(xp.random.key(0, device=DASK), shape=(100, 1000))  # 800 kB
    budget("64KiB")
    with pytest.raises(MemoryError, match=rf"^{name}: .* needs [0-9.]+ [kMG]i?B in memory at once, more than the Dask device's memory budget of 64\.00 kiB; .*set_memory_budget"):
        call(x)
    budget(None)
    call(x)  # within the default budget


def test_within_the_budget_nothing_is_refused(budget):
    budget("4MiB")
    x = xp.reshape(xp.arange(10_000.0, device=DASK), (100, 100))
    assert np.asarray(xp.unique_values(x)).size == 10_000
    assert np.asarray(xp.sort(x, axis=0)).shape == (100, 100)


# ------------------------------------------------------------------ chunks per rank
@pytest.mark.parametrize("rank", [0, 1, 2, 3, 4])
def test_set_chunks_per_rank(chunking, rank):
    """A tuple of chunks applies to the arrays of its rank; the others keep the
    automatic chunking (a tuple used to reach every rank, and Dask refused it)."""
    chunking((2, 4))
    shape = (7, 9, 3, 2)[:rank]
    a = np.random.default_rng(rank).standard_normal(shape)
    x = xp.asarray(a, device=DASK)
    if rank == 2:
        assert x.arr.chunks == ((2, 2, 2, 1), (4, 4, 1))
    else:
        assert x.arr.npartitions == 1
    c = xp.asarray(a)
    for f in (lambda t: xp.argmax(t, axis=0) if t.ndim else xp.argmax(t), lambda t: xp.cumulative_sum(t, axis=0) if t.ndim else t + 1,
              lambda t: xp.sort(t, axis=-1) if t.ndim else t, lambda t: xp.sum(t * 2.0), lambda t: xp.flip(t)):
        np.testing.assert_allclose(np.asarray(f(x)), np.asarray(f(c)), rtol=1e-13)
    if rank == 1:
        s = xp.sort(x)
        np.testing.assert_array_equal(np.asarray(xp.searchsorted(s, x)), np.asarray(xp.searchsorted(xp.sort(c), c)))


def test_set_chunks_takes_ints_dicts_and_rules(chunking):
    a = np.arange(7 * 9 * 4.0).reshape(7, 9, 4)
    chunking(3)
    assert xp.asarray(a, device=DASK).arr.chunks == ((3, 3, 1), (3, 3, 3), (3, 1))
    chunking({0: 2})
    assert xp.asarray(a, device=DASK).arr.chunks[0] == (2, 2, 2, 1)
    assert xp.asarray(a[0, 0], device=DASK).arr.chunks == ((2, 2),)
    chunking(lambda shape, itemsize: tuple(max(1, n // 2) for n in shape))
    assert xp.asarray(a, device=DASK).arr.chunks == ((3, 3, 1), (4, 4, 1), (2, 2))
    assert xp.asarray(a[:, 0, 0], device=DASK).arr.chunks == ((3, 3, 1),)
    np.testing.assert_array_equal(np.asarray(xp.argmax(xp.asarray(a, device=DASK), axis=1)), np.argmax(a, axis=1))
    for bad in ("tiny", 1.5, True, object()):
        with pytest.raises(TypeError, match="^set_chunks: "):
            chunking(bad)


def test_a_large_array_prints_without_computing_all_of_it():
    """repr computes the corners NumPy shows, not the array."""
    with dask.config.set({"array.chunk-size": "64KiB"}):
        x = xp.reshape(xp.arange(1_000_000.0, device=DASK), (1000, 1000)) * 0.5
        with Tasks() as t:
            text = repr(x)
    ref = np.arange(1_000_000.0).reshape(1000, 1000) * 0.5
    assert text == "Array(" + np.array2string(ref, separator=", ", prefix="Array(") + ", dtype=float64, device='dask')" or np.array2string(ref, separator=", ") in text
    assert t.tasks < 40, f"{t.tasks} tasks to print (the array has {x.arr.npartitions} chunks)"
    small = xp.arange(5.0, device=DASK)
    assert "[0., 1., 2., 3., 4.]" in repr(small)


def test_the_budget_module_is_public():
    assert dask_backend.set_memory_budget is set_memory_budget and callable(dask_backend.memory_budget)
    assert math.isfinite(memory_budget())
