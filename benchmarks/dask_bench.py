"""The Dask device, measured: out of core, and compute-bound work on every core.

    python benchmarks/dask_bench.py [--gigabytes 32] [--elements 1e8] [--chunk-size 64MiB] [--skip-out-of-core] [--skip-compute-bound]

1. Out of core: the mean and standard deviation of ``--gigabytes`` of float64 random
   normals drawn with ``nx_array_api.random`` on the Dask device (more than the
   machine's memory by default), computed together in one pass over the draws, with
   the process's peak resident memory, which must stay under 2 GiB (it runs first, so
   the peak is its own); then the same key's numbers on the CPU device, compared on
   slices.
2. Compute-bound: exp, sin, tanh, sqrt, a sum along each axis of ``--elements``
   float64 elements, and a 4000x4000 matmul, on the Dask device (Dask's threads, one per
   core) and with NumPy alone, side by side in one run; the geometric mean of the time
   ratios Dask/NumPy (each the best of ``--rounds``) must be at most 0.7. The rounds
   alternate, NumPy then Dask, so that a slow spell of the machine (page faults, a
   neighbour) falls on both sides alike; the ratio of the medians is printed too. The
   chunks are Dask's own ``array.chunk-size`` (128 MiB unless configured) unless
   ``--chunk-size`` says otherwise.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import sys
import time
from typing import Any, Callable

import numpy as np

RSS_LIMIT = 2 * 1024**3
RATIO_TARGET = 0.7


def peak_rss() -> int:
    """The process's peak resident set size, in bytes (Linux reports kB)."""
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r * 1024 if sys.platform != "darwin" else r


def out_of_core(gigabytes: float) -> bool:
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
        mean, std = (float(v) for v in np.asarray(xp.stack([xp.mean(x), xp.std(x)])))
        dt = time.perf_counter() - t0
    rss = peak_rss()
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
    ok = rss < RSS_LIMIT and same and abs(mean) < 1e-3 and abs(std - 1) < 1e-3
    return ok


def timed(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


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
    ap.add_argument("--elements", type=float, default=1e8, help="elements of the compute-bound arrays (default 1e8)")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--chunk-size", default=None, help="Dask's array.chunk-size for the compute-bound arrays (default: Dask's own, 128MiB)")
    ap.add_argument("--skip-out-of-core", action="store_true")
    ap.add_argument("--skip-compute-bound", action="store_true")
    args = ap.parse_args(argv)
    ok = True
    if not args.skip_out_of_core:  # first: the peak RSS it reports is its own
        ok = out_of_core(args.gigabytes)
    if not args.skip_compute_bound:
        ok = compute_bound(args.elements, args.rounds, args.chunk_size) and ok
    print(f"\ndask benchmarks: {'all targets met' if ok else 'some targets missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
