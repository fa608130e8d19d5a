"""Side-by-side benchmarks: nx_array_api (drop-in) and nx_array_api.strict against NumPy, array_api_strict and array-api-compat.

    python benchmarks/run.py [--quick] [--group GROUP] [--filter TEXT] [--skip-random] [--page PATH]

GROUP is one of tiny, functions, throughput, pipeline, unique, "sklearn small", "sklearn medium" (the
option repeats). Every workload runs on the namespaces in one process, interleaved round
by round so that drifting machine speed cancels out; each time is the best round. The
table gives each time, its ratio to NumPy, and the geometric mean of the ratios per
group. The scikit-learn groups run estimators and metrics with
``array_api_dispatch=True`` on each namespace's arrays (array-api-compat's arrays are
NumPy's there, so it has no column). A random-numbers section times nx's normals,
uniforms and integers per element against NumPy's Generator (PCG64 and Philox) and
RandomState (``benchmarks/random_bench.py``). A memory section checks that a chain of
views allocates nothing and ``x + 1`` one array. ``--page PATH`` writes the run as
docs/performance.md's page and draws its figures (``make bench`` does, for a whole run,
in about 5 minutes on a quiet 2-core machine; ``--quick`` takes about 2); the run's
figures are also saved as JSON in ``.bench/last.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import warnings
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

# scikit-learn's array-API dispatch needs SciPy's array-API support, set before SciPy loads.
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import random_bench  # noqa: E402
from page import machine, render  # noqa: E402
from workloads import all_workloads  # noqa: E402

#: Geometric means of nx's ratios to NumPy, per group (None: reported, no target).
TARGETS: dict[str, float | None] = {"tiny": 1.4, "functions": None, "throughput": 1.0, "pipeline": 1.03, "unique": None, "sklearn small": 1.15, "sklearn medium": 1.15}
#: Groups whose workloads do not run on array-api-compat (its arrays are NumPy's).
NO_COMPAT = ("sklearn small", "sklearn medium")
#: The dearest workload, nx / NumPy, of the groups that bound each workload.
DEAREST_MAX = {"tiny": 2.5, "unique": 1.3}
#: The strict namespace's geometric mean against the drop-in's, per group.
STRICT_OVER_DROPIN = {"tiny": 1.2, "sklearn medium": 1.1}
#: The strict namespace against the drop-in on every workload of every group.
STRICT_DEAREST = 1.1


def namespaces() -> dict[str, Any]:
    import nx_array_api
    import nx_array_api.strict

    out: dict[str, Any] = {"numpy": np, "nx": nx_array_api, "nx-strict": nx_array_api.strict}
    try:
        import array_api_strict

        out["strict"] = array_api_strict
    except ImportError:
        print("(array_api_strict is not installed: its column is left out; pip install array-api-strict)")
    try:
        import array_api_compat.numpy

        out["compat"] = array_api_compat.numpy
    except ImportError:
        print("(array-api-compat is not installed: its column is left out; pip install array-api-compat)")
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


def _budgets(group: str, quick: bool) -> tuple[int, float]:
    """Rounds and seconds of calls per round for a group's workloads."""
    if group in ("tiny", "functions"):
        return (3, 0.02) if quick else (5, 0.05)
    if group == "sklearn medium":  # calls of 1-500 ms: a few rounds of one call or so
        return (2, 0.05) if quick else (3, 0.1)
    return (3, 0.05) if quick else (5, 0.1)


def _claims(g: str, per: dict[str, list[float]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The claims of one group: nx's geometric mean against NumPy, the dearest tiny call,
    the strict namespace against the drop-in, array_api_strict against the strict namespace."""
    out = []
    nx = per.get("nx", [])
    gm = geomean(nx)
    target = TARGETS.get(g)
    if target is not None:
        out.append({"claim": f"{g}: nx / NumPy, geometric mean", "target": f"<= {target}", "measured": f"{gm:.2f}", "ok": bool(nx) and gm <= target})
    elif nx:
        out.append({"claim": f"{g}: nx / NumPy, geometric mean", "target": "(reported)", "measured": f"{gm:.2f}", "ok": True})
    if g in DEAREST_MAX and nx:
        names = [r["name"] for r in rows if "nx" in r["times"]]
        worst = max(nx)
        out.append({"claim": f"{g}: nx / NumPy, the dearest workload", "target": f"<= {DEAREST_MAX[g]}", "measured": f"{worst:.2f} (`{names[nx.index(worst)]}`)", "ok": worst <= DEAREST_MAX[g]})
    # Workload by workload, over those both columns ran (the strict namespaces refuse
    # x[int array] on a 2-D x, as the standard leaves it out).
    rel_list = _pairs(rows, "nx-strict", "nx")
    if rel_list and g in STRICT_OVER_DROPIN:
        rel = geomean(rel_list)
        t = STRICT_OVER_DROPIN[g]
        out.append({"claim": f"{g}: the strict namespace / the drop-in, geometric mean", "target": f"<= {t}", "measured": f"{rel:.2f}", "ok": rel <= t})
    if rel_list:
        names = [r["name"] for r in rows if "nx" in r["times"] and "nx-strict" in r["times"]]
        worst = max(rel_list)
        out.append({"claim": f"{g}: the strict namespace / the drop-in, the dearest workload", "target": f"<= {STRICT_DEAREST}",
                    "measured": f"{worst:.2f} (`{names[rel_list.index(worst)]}`)", "ok": worst <= STRICT_DEAREST})
    swap = _pairs(rows, "strict", "nx-strict")
    if swap and g in ("tiny", "sklearn medium"):
        out.append({"claim": f"{g}: array_api_strict / the strict namespace, geometric mean", "target": "(the speed-up of the swap)", "measured": f"{geomean(swap):.2f}", "ok": True})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer rounds, shorter budgets")
    ap.add_argument("--group", choices=sorted(TARGETS), action="append")
    ap.add_argument("--filter", default="", help="only workloads whose name contains this")
    ap.add_argument("--skip-random", action="store_true", help="leave out the random numbers' section")
    ap.add_argument("--page", default="", help="write the run as this page (docs/performance.md) and draw its figures; a whole run only")
    args = ap.parse_args(argv)
    if args.page and (args.quick or args.group or args.filter or args.skip_random):
        ap.error("--page needs a whole run (no --quick, --group, --filter or --skip-random)")
    import sklearn

    # NumPy's own warnings (a zero variance's division in a scaler) are the same on every
    # column; they would drown the table.
    warnings.simplefilter("ignore", RuntimeWarning)
    sklearn.set_config(array_api_dispatch=True)
    ns = namespaces()
    info = machine()
    print(f"nx benchmarks on {info['cpu']} ({info['cores']} cores) / Python {info['python']} / NumPy {info['numpy']}")
    cols = list(ns)
    ratios: dict[str, dict[str, list[float]]] = {}
    rows: dict[str, list[dict[str, Any]]] = {}
    group = None
    for g, name, make in all_workloads():
        if args.group and g not in args.group:
            continue
        if args.filter and args.filter not in name:
            continue
        gcols = [c for c in cols if not (c == "compat" and g in NO_COMPAT)]
        if g != group:
            group = g
            header = f"{'workload':<38}" + "".join(f"{c:>11}" for c in gcols) + "".join(f"{c + '/np':>13}" for c in gcols if c != "numpy")
            print(f"\n[{g}]\n{header}")
        fns = {}
        for k in gcols:
            try:
                f = make(ns[k])
                f()
                fns[k] = f
            except Exception as e:  # a namespace refusing a call gets an empty cell
                print(f"  ({k}: {name} unavailable: {type(e).__name__}: {str(e)[:160]})")
        if "numpy" not in fns:
            continue
        rounds, budget = _budgets(g, args.quick)
        t = measure(fns, rounds, budget)
        rows.setdefault(g, []).append({"name": name, "times": t})
        line = f"{name:<38}" + "".join(f"{fmt_time(t[c]) if c in t else '-':>11}" for c in gcols)
        for c in gcols:
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
        print(f"  {g:<15} {parts}")
        for c in _claims(g, per, rows[g]):
            claims.append(c)
            print(f"  {'':<15} {c['claim']}: {c['measured']} (target {c['target']}) {'ok' if c['ok'] else 'MISSED'}")
    randoms: list[dict[str, Any]] = []
    if not args.skip_random and not args.group and not args.filter:
        randoms = random_bench.per_element(quick=args.quick)
    memory = []
    if not args.group or "throughput" in (args.group or []):
        print("\nmemory:")
        for label, ok, detail in memory_checks():
            memory.append((label, ok, detail))
            print(f"  {label:<40} {detail:<40} {'ok' if ok else 'MISSED'}")
    verdict = all(c["ok"] for c in claims) and all(ok for _, ok, _ in memory)
    summary = "all targets met" if verdict else "some targets missed"
    print(f"\nbenchmarks: {summary}")
    run = {"machine": info, "columns": cols, "groups": rows, "claims": claims, "memory": memory, "random": randoms, "verdict": summary}
    out = Path(__file__).resolve().parents[1] / ".bench"
    out.mkdir(exist_ok=True)
    (out / "last.json").write_text(json.dumps(run, indent=1))
    if args.page:
        import plots

        figures = plots.performance_figures(run, Path(args.page).resolve().parent / "_static")
        Path(args.page).write_text(render(run, figures))
        print(f"wrote {args.page} and {', '.join(str(f) for f in figures.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
