"""A tour of nx: run with `make demo`.

Each section does real work, checks its result against NumPy, and says what it did.
The last line is the verdict.
"""

from __future__ import annotations

import sys
import time
import traceback

import numpy as np

import nx_array_api as xp
from nx_core.backend import get_backend
from nx_core.view import View

B = get_backend()
RESULTS: list[tuple[str, bool, str]] = []


def section(title: str):
    def deco(fn):
        def run() -> None:
            print(f"\n=== {title} ===")
            t0 = time.perf_counter()
            try:
                detail = fn() or ""
                ok = True
            except Exception:  # the tour reports every failure and goes on
                traceback.print_exc(limit=3)
                ok, detail = False, "failed"
            print(f"--- {title}: {'ok' if ok else 'FAILED'} ({time.perf_counter() - t0:.2f} s) {detail}")
            RESULTS.append((title, ok, detail))

        return run

    return deco


def show(label: str, v: View) -> None:
    print(f"  {label:<28} shape={v.shape} strides={v.strides} offset={v.offset} mask={v.mask}")


@section("nx_core: one buffer, many views")
def core_views() -> str:
    t = B.from_host(np.arange(24.0))
    base = t.buffer
    show("buffer [24]", t.view)
    r = B.reshape(t, (2, 3, 4))
    show("reshape (2, 3, 4)", r.view)
    p = B.permute(r, (2, 0, 1))
    show("permute (2, 0, 1)", p.view)
    s = B.shrink(p, ((1, 3), (0, 2), (1, 3)))
    show("shrink [1:3, 0:2, 1:3]", s.view)
    f = B.flip(s, (True, False, False))
    show("flip axis 0", f.view)
    e = B.expand(B.reshape(B.shrink(t, ((0, 4),)), (1, 4)), (3, 4))
    show("expand (1, 4) -> (3, 4)", e.view)
    pd = B.pad_view(B.reshape(B.shrink(t, ((0, 6),)), (2, 3)), ((1, 1), (0, 1)))
    show("pad ((1, 1), (0, 1))", pd.view)
    expect = np.arange(24.0).reshape(2, 3, 4).transpose(2, 0, 1)[1:3, 0:2, 1:3][::-1]
    got = B.host_view(f)
    assert np.array_equal(got, expect)
    assert np.shares_memory(got, base), "a view copied its elements"
    padded = B.to_host(pd)
    assert np.array_equal(padded, np.pad(np.arange(6.0).reshape(2, 3), ((1, 1), (0, 1))))
    print("  every view reads the same 24-element buffer: no element was copied;")
    print("  the padded view reads zeros where its mask says the data ends.")
    return "6 views, 0 copies"


@section("arrays and zero-copy views")
def array_views() -> str:
    x = xp.reshape(xp.arange(12.0), (3, 4))
    v = x[:, ::-1].T
    v[0, 0] = 100.0
    print(f"  x = reshape(arange(12.), (3, 4)); v = x[:, ::-1].T; v[0, 0] = 100\n  x[0] -> {x[0]!r}")
    assert float(x[0, 3]) == 100.0
    assert np.shares_memory(np.asarray(x), np.asarray(v))
    y = xp.sum(x * 2, axis=0)
    assert np.allclose(np.asarray(y), (np.asarray(x) * 2).sum(axis=0))
    return "a write through a transposed, flipped view is seen by its base"


def main() -> int:
    for run in (core_views, array_views):
        run()
    passed = sum(ok for _, ok, _ in RESULTS)
    verdict = "every check passed" if passed == len(RESULTS) else "SOME SECTIONS FAILED"
    print(f"\nnx tour: {passed}/{len(RESULTS)} sections ran and checked their results against NumPy: {verdict}.")
    return 0 if passed == len(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
