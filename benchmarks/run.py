"""Side-by-side benchmarks: nx_array_api (drop-in) and nx_array_api.strict against NumPy and array_api_strict.

    python benchmarks/run.py [--quick] [--group tiny|throughput|pipeline] [--filter TEXT] [--page PATH]

Every workload runs on the namespaces in one process, interleaved round by round
so that drifting machine speed cancels out; each time is the best round. The table gives
each time, its ratio to NumPy, and the geometric mean of the ratios per group. A memory
section checks that a chain of views allocates nothing and ``x + 1`` one array.
``--page PATH`` writes the run as docs/performance.md's page (``make bench`` does, for a
whole run); the run's figures are also saved as JSON in ``.bench/last.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from page import machine, render  # noqa: E402
from workloads import all_workloads  # noqa: E402

#: Geometric means of nx's ratios to NumPy, per group.
TARGETS = {"tiny": 1.5, "throughput": 1.0, "pipeline": 1.03}
#: The dearest tiny workload, nx / NumPy.
TINY_MAX = 3.0
#: The strict namespace's per-call geometric mean against the drop-in's.
STRICT_OVER_DROPIN = 1.2


def namespaces() -> dict[str, Any]:
    import nx_array_api
    import nx_array_api.strict

    out: dict[str, Any] = {"numpy": np, "nx": nx_array_api, "nx-strict": nx_array_api.strict}
    try:
        import array_api_strict

        out["strict"] = array_api_strict
    except ImportError:
        print("(array_api_strict is not installed: its column is left out; pip install array-api-strict)")
    return out


def calibrate(fn: Callable[[], Any], budget: float) -> int:
    """How many calls fill about ``budget`` seconds (at least 1)."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt >= budget / 4 or n >= 1 << 20:
            return max(1, int(n * budget / max(dt, 1e-9)))
        n *= 4


def measure(fns: dict[str, Callable[[], Any]], rounds: int, budget: float) -> dict[str, float]:
    counts = {}
    for k, f in fns.items():
        counts[k] = calibrate(f, budget)
    best = {k: math.inf for k in fns}
    for _ in range(rounds):
        for k, f in fns.items():  # interleaved: every namespace once per round
            n = counts[k]
            t0 = time.perf_counter()
            for _ in range(n):
                f()
            best[k] = min(best[k], (time.perf_counter() - t0) / n)
    return best


def fmt_time(t: float) -> str:
    if t < 1e-3:
        return f"{t * 1e6:8.2f} us"
    if t < 1:
        return f"{t * 1e3:8.2f} ms"
    return f"{t:8.2f} s "


def _pairs(rows: list, a: str, b: str) -> list[float]:
    """The ratios of column ``a``'s time to column ``b``'s, over the workloads both ran."""
    return [r["times"][a] / r["times"][b] for r in rows if a in r["times"] and b in r["times"]]


def geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def memory_checks() -> list[tuple[str, bool, str]]:
    import nx_array_api as xp

    x = xp.asarray(np.arange(10_000_000, dtype=np.float64))
    out = []
    tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(10):
        v = xp.reshape(x, (1000, 10000))
        v = xp.permute_dims(v, (1, 0))[::-1, 2:]
        v = xp.flip(v, axis=1)
        v = xp.expand_dims(v, axis=0)[0]
        v = xp.broadcast_to(v[None], (3, *v.shape))[1]
        v = xp.squeeze(v[:, :, None], axis=2)
    peak = tracemalloc.get_traced_memory()[1] - before
    out.append(("chain of 100 views over a 1e7 array", peak < 1_000_000, f"peak {peak / 1e3:.1f} kB"))
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    y = x + 1
    peak = tracemalloc.get_traced_memory()[1] - before
    ok = 80_000_000 <= peak < 81_000_000
    out.append(("x + 1 on 1e7 float64", ok, f"peak {peak / 1e6:.3f} MB (one array is 80.000 MB)"))
    del y
    tracemalloc.stop()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer rounds, shorter budgets")
    ap.add_argument("--group", choices=sorted(TARGETS), action="append")
    ap.add_argument("--filter", default="", help="only workloads whose name contains this")
    ap.add_argument("--page", default="", help="write the run as this page (docs/performance.md); a whole run only")
    args = ap.parse_args(argv)
    if args.page and (args.quick or args.group or args.filter):
        ap.error("--page needs a whole run (no --quick, --group or --filter)")
    rounds, budget = (3, 0.02) if args.quick else (7, 0.1)
    ns = namespaces()
    info = machine()
    print(f"nx benchmarks on {info['cpu']} ({info['cores']} cores) / Python {info['python']} / NumPy {info['numpy']}")
    cols = list(ns)
    header = f"{'workload':<34}" + "".join(f"{c:>13}" for c in cols) + "".join(f"{c + '/np':>13}" for c in cols if c != "numpy")
    ratios: dict[str, dict[str, list[float]]] = {}
    rows: dict[str, list[dict[str, Any]]] = {}
    group = None
    for g, name, make in all_workloads():
        if args.group and g not in args.group:
            continue
        if args.filter and args.filter not in name:
            continue
        if g != group:
            group = g
            print(f"\n[{g}]\n{header}")
        fns = {}
        for k, mod in ns.items():
            try:
                f = make(mod)
                f()
                fns[k] = f
            except Exception as e:  # a namespace lacking a function gets an empty cell
                print(f"  ({k}: {name} unavailable: {type(e).__name__}: {e})")
        if "numpy" not in fns:
            continue
        t = measure(fns, rounds, budget if g == "tiny" else budget * 5)
        rows.setdefault(g, []).append({"name": name, "times": t})
        line = f"{name:<34}" + "".join(f"{fmt_time(t[c]) if c in t else '-':>13}" for c in cols)
        for c in cols:
            if c == "numpy":
                continue
            if c in t:
                r = t[c] / t["numpy"]
                ratios.setdefault(g, {}).setdefault(c, []).append(r)
                line += f"{r:>13.2f}"
            else:
                line += f"{'-':>13}"
        print(line, flush=True)
    claims = []
    print("\ngeometric means of the ratios to NumPy:")
    for g, per in ratios.items():
        parts = ", ".join(f"{c} {geomean(v):.2f}" for c, v in per.items())
        nx = per.get("nx", [])
        gm = geomean(nx)
        ok = bool(nx) and gm <= TARGETS[g]
        claims.append({"claim": f"{g}: nx / NumPy, geometric mean", "target": f"<= {TARGETS[g]}", "measured": f"{gm:.2f}", "ok": ok})
        line = f"  {g:<11} {parts}   (target nx <= {TARGETS[g]}) {'ok' if ok else 'MISSED'}"
        if g == "tiny" and nx:
            names = [r["name"] for r in rows[g] if "nx" in r["times"]]
            worst = max(nx)
            ok_w = worst <= TINY_MAX
            claims.append({"claim": "tiny: nx / NumPy, the dearest workload", "target": f"<= {TINY_MAX}", "measured": f"{worst:.2f} (`{names[nx.index(worst)]}`)", "ok": ok_w})
            line += f"\n  {'':<11} worst nx {worst:.2f} (target <= {TINY_MAX}) {'ok' if ok_w else 'MISSED'}"
            # Workload by workload, over those both columns ran (the strict namespaces
            # refuse x[int array] on a 2-D x, as the standard leaves it out).
            rel_list = _pairs(rows[g], "nx-strict", "nx")
            if rel_list:
                rel = geomean(rel_list)
                ok_s = rel <= STRICT_OVER_DROPIN
                claims.append({"claim": "tiny: the strict namespace / the drop-in, geometric mean", "target": f"<= {STRICT_OVER_DROPIN}", "measured": f"{rel:.2f}", "ok": ok_s})
                line += f"\n  {'':<11} strict / drop-in {rel:.2f} (target <= {STRICT_OVER_DROPIN}) {'ok' if ok_s else 'MISSED'}"
            swap = _pairs(rows[g], "strict", "nx-strict")
            if swap:
                claims.append({"claim": "tiny: array_api_strict / the strict namespace, geometric mean", "target": "(the speed-up of the swap)", "measured": f"{geomean(swap):.2f}", "ok": True})
        print(line)
    memory = []
    if not args.group or "throughput" in (args.group or []):
        print("\nmemory:")
        for label, ok, detail in memory_checks():
            memory.append((label, ok, detail))
            print(f"  {label:<40} {detail:<40} {'ok' if ok else 'MISSED'}")
    verdict = all(c["ok"] for c in claims) and all(ok for _, ok, _ in memory)
    summary = "all targets met" if verdict else "some targets missed"
    print(f"\nbenchmarks: {summary}")
    run = {"machine": info, "columns": cols, "groups": rows, "claims": claims, "memory": memory, "verdict": summary}
    out = Path(__file__).resolve().parents[1] / ".bench"
    out.mkdir(exist_ok=True)
    (out / "last.json").write_text(json.dumps(run, indent=1))
    if args.page:
        Path(args.page).write_text(render(run))
        print(f"wrote {args.page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
