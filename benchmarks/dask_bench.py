"""The Dask device, measured: out of core, against raw dask.array, and against NumPy.

    python benchmarks/dask_bench.py [--gigabytes 32] [--scale 1] [--rounds 5]
        [--random-gigabytes 2 8] [--skip-out-of-core] [--skip-raw] [--skip-random]
        [--skip-compute-bound] [--only NAME ...] [--figures DIR]

A whole run takes about 7 minutes on a quiet 2-core machine; ``--gigabytes 4 --scale
0.25 --random-gigabytes 0.5 2`` about 2.

1. Out of core: the mean and standard deviation of ``--gigabytes`` of float64 random
   normals drawn with ``nx_array_api.random`` on the Dask device (more than the
   machine's memory by default), computed together in one pass over the draws, with
   the process's peak resident memory, which must stay under 1 GiB (it runs first, so
   the peak is its own); then the same key's numbers on the CPU device, compared on
   slices. The resident memory and the throughput are sampled as it runs and drawn in
   ``--figures`` (docs/_static/out-of-core.png).
2. Against raw ``dask.array``, in this process, on the same chunks: the workloads of
   the Dask device's performance issue, each written once with nx and once with Dask's
   own functions: the mean of ``sqrt(arange(n))``, a row-wise cumulative sum,
   ``argmax`` along rows, ``x[int array]`` with 1e6 indices and a tall-and-skinny QR.
   Each timing is the call plus the computation of its result (kept as chunks:
   ``persist``, or brought back when it is small); the rounds alternate, raw Dask then
   nx, so that a slow spell of the machine falls on both alike; the table shows the best
   of each, their ratio and the ratio of the medians. Target: nx within 1.3x of raw Dask.
3. Random numbers against raw Dask: the mean and standard deviation of
   ``--random-gigabytes`` of float64 normals (and, at the first size, of float64
   uniforms and of integers in [0, 1000) as float64), drawn by nx's Threefry and by
   Dask's ``da.random`` on NumPy's ``Generator`` (PCG64: ``da.random.default_rng``), on
   ``Generator(Philox)`` and on the legacy ``RandomState`` (what ``da.random.normal``
   draws with), on the same chunks, in alternating rounds (each source once a round),
   best round each (drawn in docs/_static/random-dask.png). Target: nx's normals within
   1.5x of ``RandomState``'s; the Generators' ratios are reported.
4. Compute-bound: exp, sin, tanh, sqrt, a sum along each axis of ``--elements``
   float64 elements, and a 4000x4000 matmul, on the Dask device (Dask's threads, one per
   core) and with NumPy alone; the geometric mean of the time ratios Dask/NumPy must be
   at most 0.7.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import random_bench  # noqa: E402

RSS_LIMIT = 1 * 1024**3
RATIO_TARGET = 0.7
RAW_TARGET, NORMAL_TARGET = 1.3, 1.5


def peak_rss() -> int:
    """The process's peak resident set size, in bytes (Linux reports kB)."""
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r * 1024 if sys.platform != "darwin" else r


def current_rss() -> int:
    """The process's resident set size now, in bytes (Linux's /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


class Sampler:
    """Samples (seconds, resident bytes, fraction of the draws' chunks done) every
    ``every`` seconds while a Dask computation runs: a Dask callback counts the finished
    tasks of the draws' layer (``name``), a thread reads the resident memory."""

    def __init__(self, name: str, chunks: int, every: float = 0.25) -> None:
        self.name, self.chunks, self.every = name, chunks, every
        self.done = 0
        self.samples: list[tuple[float, float, float]] = []
        self._stop = threading.Event()

    def _posttask(self, key: Any, result: Any, dsk: Any, state: Any, id: Any) -> None:
        if isinstance(key, tuple) and key and key[0] == self.name:
            self.done += 1

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append((time.perf_counter() - self.t0, current_rss(), self.done / self.chunks))

    def __enter__(self) -> "Sampler":
        from dask.callbacks import Callback

        self._cb = Callback(posttask=self._posttask)
        self._cb.__enter__()
        self.t0 = time.perf_counter()
        self.samples.append((0.0, current_rss(), 0.0))
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join()
        self._cb.__exit__(*exc)
        self.samples.append((time.perf_counter() - self.t0, current_rss(), self.done / self.chunks))


def out_of_core(gigabytes: float, figure: str) -> bool:
    import dask

    import nx_array_api as xp

    n = int(gigabytes * 1e9 // 8)
    side = 1 << 20
    shape = (n // side, side)  # ~8 MiB rows
    print(f"\n[out of core] {shape[0] * shape[1]:,} float64 normals = {shape[0] * shape[1] * 8 / 1e9:.1f} GB "
          f"(machine memory {os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 1e9:.1f} GB)")
    with dask.config.set({"array.chunk-size": "16MiB"}):
        x = xp.random.normal(xp.random.key(2026, device="dask"), shape=shape)
        t0 = time.perf_counter()
        # One computation: each chunk of draws feeds both reductions, then is dropped.
        with Sampler(x.arr.name, x.arr.npartitions) as sampler:
            mean, std = (float(v) for v in np.asarray(xp.stack([xp.mean(x), xp.std(x)])))
        dt = time.perf_counter() - t0
    rss = peak_rss()
    if figure:
        import plots

        path = plots.out_of_core_figure(sampler.samples, shape[0] * shape[1] * 8 / 1e9, RSS_LIMIT / 2**30, Path(figure))
        print(f"  resident memory and throughput over time ({len(sampler.samples)} samples): {path}")
    chunks = x.arr.chunksize
    print(f"  mean {mean:+.6f}  std {std:.6f}  in {dt:.1f} s ({shape[0] * shape[1] / dt / 1e6:.1f} M normals/s; "
          f"chunks of {chunks[0]}x{chunks[1]})")
    print(f"  peak RSS {rss / 2**30:.2f} GiB (limit {RSS_LIMIT / 2**30:.0f} GiB) {'ok' if rss < RSS_LIMIT else 'MISSED'}")
    # The same key on the CPU device: its first rows are the first rows of the big array
    # (the same row-major element numbers); compared where chunk boundaries fall.
    cpu = np.asarray(xp.random.normal(xp.random.key(2026), shape=(4, side)))
    w = min(3 * chunks[1] // 2, side)
    cols = [slice(0, side)] if w == side else [slice(0, w), slice(side - w, side)]
    same = all(np.array_equal(cpu[:, c], np.asarray(x[0:4, c])) for c in cols)
    print(f"  rows 0-3 ({'whole' if w == side else f'first and last {w} columns'}) equal to the CPU device's: {same}")
    return rss < RSS_LIMIT and same and abs(mean) < 1e-3 and abs(std - 1) < 1e-3


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


# ------------------------------------------------------------------ against raw Dask
def raw_workloads(scale: float) -> dict[str, tuple[Callable[[], Any], Callable[[], Any], float, str]]:
    """name -> (raw Dask, nx, target, sizes): each a function that builds the graph and
    computes its result. Both sides read the same chunks: nx's arrays are the raw ones
    (``xp.asarray`` takes a dask array as it is), or made from scratch with the chunks
    Dask chose for the raw ones."""
    import dask
    import dask.array as da

    import nx_array_api as xp

    rng = np.random.default_rng(0)
    n = int(4e8 * scale)
    rows = da.from_array(rng.random((int(8000 * scale), 5000)), chunks=(max(1, int(800 * scale)), 5000)).persist()
    rows_nx = xp.asarray(rows, device="dask")
    tall = da.from_array(rng.random((int(4e6 * scale), 16)), chunks=(int(2.5e5 * scale), 16)).persist()
    tall_nx = xp.asarray(tall, device="dask")
    idx = rng.integers(0, tall.shape[0], size=1_000_000)
    idx_nx = xp.asarray(idx, device="dask")
    qr = da.from_array(rng.random((int(2e6 * scale), 20)), chunks=(int(2.5e5 * scale), 20)).persist()
    qr_nx = xp.asarray(qr, device="dask")
    with dask.config.set({"array.chunk-size": "16MiB"}):
        ramp = xp.arange(n, dtype=xp.float64, device="dask")
    ramp_chunks = ramp.arr.chunks

    def nx_ramp():
        with dask.config.set({"array.chunk-size": "16MiB"}):
            return float(xp.mean(xp.sqrt(xp.arange(n, dtype=xp.float64, device="dask"))))

    return {
        "mean(sqrt(arange))": (lambda: float(da.sqrt(da.arange(n, dtype=np.float64, chunks=ramp_chunks)).mean().compute()),
                               nx_ramp, RAW_TARGET, f"n={n:.0e}"),
        "cumulative_sum rows": (lambda: da.cumsum(rows, axis=1).persist(), lambda: xp.persist(xp.cumulative_sum(rows_nx, axis=1)),
                                RAW_TARGET, f"{rows.shape[0]}x{rows.shape[1]}"),
        "argmax rows": (lambda: da.argmax(rows, axis=1).compute(), lambda: np.asarray(xp.argmax(rows_nx, axis=1)),
                        RAW_TARGET, f"{rows.shape[0]}x{rows.shape[1]}"),
        "x[1e6 indices]": (lambda: tall[idx].persist(), lambda: xp.persist(tall_nx[idx_nx]), RAW_TARGET,
                           f"{tall.shape[0]}x{tall.shape[1]}"),
        "tall-skinny qr (Q)": (lambda: da.linalg.qr(qr)[0].persist(), lambda: xp.persist(xp.linalg.qr(qr_nx)[0]),
                           RAW_TARGET, f"{qr.shape[0]}x{qr.shape[1]}"),
    }


def against_raw(scale: float, rounds: int, only: list[str] | None) -> bool:
    print(f"\n[against raw dask.array] same chunks, in this process; {os.cpu_count()} cores; best of {rounds}, "
          f"raw and nx rounds alternating")
    work = raw_workloads(scale)
    ok = True
    print(f"  {'workload':<22}{'sizes':>12}{'raw dask':>11}{'nx':>11}{'ratio':>8}{'medians':>9}{'target':>8}")
    for name, (raw, nx, target, sizes) in work.items():
        if only and not any(o in name for o in only):
            continue
        nx(), raw()  # warm: imports, caches
        tr, tn = [], []
        for _ in range(rounds):
            tr.append(timed(raw))
            tn.append(timed(nx))
        r = min(tn) / min(tr)
        med = statistics.median(tn) / statistics.median(tr)
        good = r <= target
        ok = ok and good
        print(f"  {name:<22}{sizes:>12}{min(tr) * 1e3:>9.0f}ms{min(tn) * 1e3:>9.0f}ms{r:>8.2f}{med:>9.2f}{target:>7.1f}x"
              f" {'ok' if good else 'MISSED'}")
    return ok


# ------------------------------------------------------------------ random numbers
def _dask_generators(seed: int) -> dict[str, Any]:
    """Dask's random samplers on NumPy's generators, by random_bench's labels."""
    import dask.array as da

    return {
        "Generator(PCG64)": da.random.default_rng(seed),
        "Generator(Philox)": da.random.Generator(np.random.Philox(seed)),
        "RandomState": da.random.RandomState(seed),
    }


def _dask_draw(gen: Any, kind: str, n: int, chunks: Any) -> Any:
    """``n`` elements of ``kind`` from a dask Generator or RandomState, on ``chunks``,
    as float64 (integers are converted, as nx's are)."""
    import dask.array as da

    if kind == "normal":
        return gen.standard_normal(n, chunks=chunks)
    if kind == "uniform":
        return gen.random(n, chunks=chunks) if isinstance(gen, da.random.Generator) else gen.random_sample(n, chunks=chunks)
    if isinstance(gen, da.random.Generator):
        x = gen.integers(0, random_bench.INT_HIGH, n, chunks=chunks)
    else:
        x = gen.randint(0, random_bench.INT_HIGH, n, chunks=chunks, dtype=np.int64)
    return x.astype(np.float64)


def against_dask_random(sizes: list[float], rounds: int) -> tuple[bool, list[dict[str, Any]]]:
    """The mean and standard deviation of random numbers on the Dask device, nx's against
    raw Dask's on NumPy's generators, on the same chunks (16 MiB)."""
    import dask

    import nx_array_api as xp

    gens = list(_dask_generators(0))
    print(f"\n[random numbers against raw dask.array] mean and std of float64 draws, chunks of 16 MiB, "
          f"best of {rounds} alternating rounds")
    print(f"  {'kind':<10}{'size':>7}{'nx':>10}" + "".join(f"{g:>19}" for g in gens)
          + "".join(f"{'nx/' + g.split('(')[-1].rstrip(')'):>16}" for g in gens) + f"{'target':>8}")
    ok = True
    rows = []
    for at, gb in enumerate(sizes):
        n = int(gb * 1e9 // 8)
        with dask.config.set({"array.chunk-size": "16MiB"}):
            chunks = xp.random.normal(xp.random.key(0, device="dask"), shape=(n,)).arr.chunks
        for kind in random_bench.KINDS if at == 0 else ("normal",):
            def nx_run(kind: str = kind) -> Any:
                with dask.config.set({"array.chunk-size": "16MiB"}):
                    x = random_bench.nx_draw(xp, xp.random.key(1, device="dask"), kind, (n,))
                    if kind == "integers":
                        x = xp.astype(x, xp.float64)
                return np.asarray(xp.stack([xp.mean(x), xp.std(x)]))

            def raw_run(label: str, kind: str = kind) -> Any:
                x = _dask_draw(_dask_generators(1)[label], kind, n, chunks)
                return dask.compute(x.mean(), x.std())

            fns = {"nx": nx_run, **{g: (lambda g=g: raw_run(g)) for g in gens}}
            best = {k: math.inf for k in fns}
            for _ in range(rounds):
                for k, f in fns.items():
                    best[k] = min(best[k], timed(f))
            target = NORMAL_TARGET if kind == "normal" else None
            good = target is None or best["nx"] / best["RandomState"] <= target
            ok = ok and good
            rows.append({"kind": kind, "gigabytes": gb, "seconds": best})
            print(f"  {kind:<10}{gb:>5g}GB{best['nx']:>9.2f}s" + "".join(f"{best[g]:>18.2f}s" for g in gens)
                  + "".join(f"{best['nx'] / best[g]:>16.2f}" for g in gens)
                  + (f"{target:>7.1f}x {'ok' if good else 'MISSED'}" if target else f"{'-':>8}"), flush=True)
    return ok, rows


# ------------------------------------------------------------------ against NumPy
def compute_bound(elements: float, rounds: int, chunk_size: str | None) -> bool:
    import dask

    import nx_array_api as xp

    chunk_size = chunk_size or dask.config.get("array.chunk-size")
    side = int(math.isqrt(int(elements)))
    a = np.random.default_rng(0).random((side, side))
    m = np.random.default_rng(1).random((4000, 4000))
    with dask.config.set({"array.chunk-size": chunk_size}):
        xa = xp.persist(xp.asarray(a, device="dask"))
        xm = xp.persist(xp.asarray(m, device="dask"))
    print(f"\n[compute-bound] {side}x{side} float64 ({side * side / 1e6:.0f} M elements, {len(xa.arr.chunks[0])} chunks), "
          f"matmul 4000x4000 ({len(xm.arr.chunks[0])} chunks); {os.cpu_count()} cores, chunks of {chunk_size}; "
          f"best of {rounds}, NumPy and Dask rounds alternating")
    work = {
        "exp": (lambda: np.exp(a), lambda: xp.exp(xa)),
        "sin": (lambda: np.sin(a), lambda: xp.sin(xa)),
        "tanh": (lambda: np.tanh(a), lambda: xp.tanh(xa)),
        "sqrt": (lambda: np.sqrt(a), lambda: xp.sqrt(xa)),
        "sum axis 0": (lambda: np.sum(a, axis=0), lambda: xp.sum(xa, axis=0)),
        "sum axis 1": (lambda: np.sum(a, axis=1), lambda: xp.sum(xa, axis=1)),
        "matmul 4000": (lambda: m @ m, lambda: xp.matmul(xm, xm)),
    }
    ratios = []
    print(f"  {'workload':<14}{'numpy':>12}{'nx dask':>12}{'ratio':>8}{'medians':>9}")
    for name, (np_fn, nx_fn) in work.items():
        tn, td = [], []
        for _ in range(rounds):
            tn.append(timed(np_fn))
            td.append(timed(lambda: xp.persist(nx_fn())))  # computed, kept as chunks
        bn, bd = min(tn), min(td)
        ratios.append(bd / bn)
        print(f"  {name:<14}{bn * 1e3:>10.1f}ms{bd * 1e3:>10.1f}ms{bd / bn:>8.2f}{statistics.median(td) / statistics.median(tn):>9.2f}")
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"  geometric mean of Dask/NumPy: {g:.2f} (target <= {RATIO_TARGET}) {'ok' if g <= RATIO_TARGET else 'MISSED'}")
    return g <= RATIO_TARGET


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gigabytes", type=float, default=32.0, help="size of the out-of-core array (default 32)")
    ap.add_argument("--scale", type=float, default=1.0, help="size of the workloads against raw Dask (default 1)")
    ap.add_argument("--elements", type=float, default=1e8, help="elements of the compute-bound arrays (default 1e8)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--chunk-size", default=None, help="Dask's array.chunk-size for the compute-bound arrays (default: Dask's own, 128MiB)")
    ap.add_argument("--only", nargs="*", default=None, help="run the workloads against raw Dask whose names contain these")
    ap.add_argument("--skip-out-of-core", action="store_true")
    ap.add_argument("--skip-raw", action="store_true")
    ap.add_argument("--skip-compute-bound", action="store_true")
    ap.add_argument("--skip-random", action="store_true")
    ap.add_argument("--random-gigabytes", type=float, nargs="+", default=[2.0, 8.0],
                    help="sizes of the random numbers against raw Dask (default 2 8; uniforms and integers at the first)")
    ap.add_argument("--random-rounds", type=int, default=3)
    ap.add_argument("--figures", default=str(Path(__file__).resolve().parents[1] / "docs" / "_static"),
                    help="the folder of the figures (out-of-core.png, random-dask.png; '' for none)")
    args = ap.parse_args(argv)
    ok = True
    if not args.skip_out_of_core:  # first: the peak RSS it reports is its own
        ok = out_of_core(args.gigabytes, str(Path(args.figures) / "out-of-core.png") if args.figures else "")
    if not args.skip_raw:
        ok = against_raw(args.scale, args.rounds, args.only) and ok
    if not args.skip_random:
        good, rows = against_dask_random(args.random_gigabytes, args.random_rounds)
        ok = good and ok
        if args.figures:
            import plots

            print(f"  figure: {plots.random_dask_figure(rows, Path(args.figures) / 'random-dask.png')}")
    if not args.skip_compute_bound:
        ok = compute_bound(args.elements, args.rounds, args.chunk_size) and ok
    print(f"\ndask benchmarks: {'all targets met' if ok else 'some targets missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
