"""Where the time of one small call goes: the per-call profile of docs/design.md (Per-call cost: Where the time goes).

    python benchmarks/call_profile.py [--repeat 9]

For a few calls on a float64 vector of 8 elements, each row adds one layer to the one
above it: NumPy alone; NumPy plus the result's ``Array`` made by ``nx_core.tensor.native`` (the
object, its four slots, the ndarray's ``shape``); the backend primitive called directly;
the whole call through the namespace. Times are the best of ``--repeat`` timeit repeats,
in microseconds, with the cost of an empty call subtracted.
"""

from __future__ import annotations

import argparse
import timeit
from typing import Any

import numpy as np

import nx_array_api as xp
from nx_core.tensor import native


def _best(stmt: Any, repeat: int, number: int = 20000) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=repeat)) / number * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=9)
    args = ap.parse_args(argv)

    x = xp.asarray(np.arange(8.0))
    i = xp.asarray([0, 3, 1, 2])
    a, ia = np.arange(8.0), np.array([0, 3, 1, 2])
    B = x.backend
    dt = x.dtype
    shape = (8,)
    key = (slice(1, 5), Ellipsis)

    rows = {
        "x + x": (lambda: a + a, lambda: native((r := a + a), dt, B, r.shape), lambda: B.add(x, x), lambda: x + x),
        "x[1:5, ...]": (lambda: a[1:5, ...], lambda: native((r := a[1:5, ...]), dt, B, r.shape), lambda: B.basic_view(x, key), lambda: x[1:5, ...]),
        "zeros((8,))": (lambda: np.zeros(shape), lambda: native((r := np.zeros(shape)), dt, B, r.shape), lambda: B.full(dt, shape, 0), lambda: xp.zeros(shape)),
        "x[int array]": (lambda: a[ia], lambda: native((r := a[ia]), dt, B, r.shape), lambda: B.index_array(x, i), lambda: x[i]),
    }
    empty = _best(lambda: None, args.repeat)
    steps = ("NumPy alone", "... and the result's Array made by a function", "the backend primitive called directly", "the whole call through the namespace")
    print(f"{'step':<48}" + "".join(f"{name:>14}" for name in rows))
    for k, step in enumerate(steps):
        cells = [_best(fns[k], args.repeat) - empty for fns in rows.values()]
        print(f"{step:<48}" + "".join(f"{c:>11.2f} us" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
