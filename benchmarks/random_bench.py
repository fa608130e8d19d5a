"""Random numbers per element on one core: nx's against what NumPy users run today.

    python benchmarks/random_bench.py [--quick] [--elements N]

For normals, uniforms and integers (float64, float64, int64 in [0, 1000)), nx's
counter-based Threefry stream (``nx_array_api.random`` on the CPU device) against NumPy's
``Generator`` on PCG64 (``np.random.default_rng``), NumPy's ``Generator`` on Philox (its
own counter-based generator) and the legacy ``RandomState`` (MT19937), all drawing the
same number of elements in one process, in alternating rounds (each source once a round),
best round each, in nanoseconds per element. Where nx's time goes: the Threefry bits
alone (``random.bits``, uint64 and uint32: the block function, 20 rounds a block) and
what the transform adds to them. ``benchmarks/run.py`` (``make bench``) runs this as its
random-numbers section; ``benchmarks/dask_bench.py`` compares the same sources on the
Dask device.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable

import numpy as np

#: The sources: label -> a function of the number of elements and the kind.
KINDS = ("normal", "uniform", "integers")
#: Integers are drawn in [0, INT_HIGH).
INT_HIGH = 1000


def numpy_draw(gen: Any, kind: str, n: int) -> Any:
    """``n`` elements of ``kind`` from a NumPy Generator or RandomState."""
    if kind == "normal":
        return gen.standard_normal(n)
    if kind == "uniform":
        return gen.random(n) if isinstance(gen, np.random.Generator) else gen.random_sample(n)
    if isinstance(gen, np.random.Generator):
        return gen.integers(0, INT_HIGH, n)
    return gen.randint(0, INT_HIGH, n, dtype=np.int64)


def nx_draw(xp: Any, key: Any, kind: str, shape: Any) -> Any:
    """``kind`` of ``shape`` from nx's Threefry stream under ``key``."""
    if kind == "normal":
        return xp.random.normal(key, shape)
    if kind == "uniform":
        return xp.random.uniform(key, shape)
    return xp.random.integers(key, 0, INT_HIGH, shape)


def generators(seed: int = 0) -> dict[str, Any]:
    """NumPy's generators, by the labels the tables use."""
    return {
        "Generator(PCG64)": np.random.default_rng(seed),
        "Generator(Philox)": np.random.Generator(np.random.Philox(seed)),
        "RandomState": np.random.RandomState(seed),
    }


def _best(fns: dict[str, Callable[[], Any]], rounds: int) -> dict[str, float]:
    best = {k: float("inf") for k in fns}
    for _ in range(rounds):
        for k, f in fns.items():  # alternating: each source once a round
            t0 = time.perf_counter()
            f()
            best[k] = min(best[k], time.perf_counter() - t0)
    return best


def per_element(quick: bool = False, elements: int | None = None) -> list[dict[str, Any]]:
    """The rows of the section: one per kind, ns per element of each source, printed."""
    import nx_array_api as xp

    n = elements or (1 << 20 if quick else 1 << 22)
    rounds = 3 if quick else 5
    key = xp.random.key(2026)
    gens = generators()
    print(f"\nrandom numbers, per element on one core ({n:,} elements a call, best of {rounds} alternating rounds; ns/element):")
    print(f"  {'kind':<10}{'nx':>10}" + "".join(f"{g:>20}" for g in gens) + f"{'nx / PCG64':>12}{'nx / Philox':>13}")
    rows = []
    parts = {
        "Threefry bits, uint64": lambda: xp.random.bits(key, (n,), dtype=xp.uint64),
        "Threefry bits, uint32": lambda: xp.random.bits(key, (n,), dtype=xp.uint32),
    }
    for kind in KINDS:
        fns = {"nx": lambda kind=kind: nx_draw(xp, key, kind, (n,))}
        fns.update({g: (lambda gen=gen, kind=kind: numpy_draw(gen, kind, n)) for g, gen in gens.items()})
        if kind == "normal":
            fns.update(parts)
        t = {k: v / n * 1e9 for k, v in _best(fns, rounds).items()}
        row = {"kind": kind, "ns": t}
        rows.append(row)
        print(f"  {kind:<10}{t['nx']:>10.2f}" + "".join(f"{t[g]:>20.2f}" for g in gens)
              + f"{t['nx'] / t['Generator(PCG64)']:>12.2f}{t['nx'] / t['Generator(Philox)']:>13.2f}")
    t = rows[0]["ns"]
    print(f"  where nx's normals go: Threefry bits {t['Threefry bits, uint64']:.2f} ns per 64 bits "
          f"({t['Threefry bits, uint32']:.2f} per 32); a float64 normal takes 64 bits (52 of them used), "
          f"the transform (Box-Muller) adds {t['nx'] - t['Threefry bits, uint64']:.2f}")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--elements", type=int, default=None)
    args = ap.parse_args(argv)
    per_element(args.quick, args.elements)
    return 0


if __name__ == "__main__":
    sys.exit(main())
