"""docs/performance.md, written from one run of ``benchmarks/run.py`` (``make bench``).

The page states the present: the machine and versions of the run, one table per claim
(the targets, each group's workloads, the strict namespace against the drop-in, the
memory checks), all from the same run. Nothing on it is typed by hand but the prose
below, which says how the figures are taken; the history of the figures is in the
commit messages of the runs.
"""

from __future__ import annotations

import datetime
import math
import os
import platform
from typing import Any

#: The columns of a run: the namespaces, as benchmarks/run.py names them.
LABELS = {"numpy": "NumPy", "nx": "nx", "nx-strict": "nx strict", "strict": "array_api_strict"}
GROUPS = {
    "tiny": "Per call: shapes (8,) and (16, 16)",
    "throughput": "Throughput: 1e7 elements, 4000x4000",
    "pipeline": "Pipelines",
}


def geomean(xs: list[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def machine() -> dict[str, str]:
    """The machine and the versions of a run."""
    import numpy as np

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
        mem = f"{pages * size / 2**30:.1f} GiB"
    except (ValueError, OSError, AttributeError):
        pass
    out = {
        "cpu": cpu,
        "cores": str(os.cpu_count()),
        "memory": mem,
        "os": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "numpy": np.__version__,
        "date": datetime.date.today().isoformat(),
    }
    try:
        import nx_array_api

        out["nx"] = nx_array_api.__version__
    except ImportError:
        pass
    try:
        import array_api_strict

        out["array_api_strict"] = array_api_strict.__version__
    except ImportError:
        pass
    return out


def _time(t: float | None) -> str:
    if t is None:
        return "-"
    if t < 1e-3:
        return f"{t * 1e6:.2f} us"
    if t < 1:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.2f} s"


def render(run: dict[str, Any]) -> str:
    """The page for one run: ``run`` is what benchmarks/run.py records (machine, columns,
    per-group rows of times, targets, memory checks, verdicts)."""
    m = run["machine"]
    cols = run["columns"]
    others = [c for c in cols if c != "numpy"]
    lines = [
        "# Performance",
        "",
        "nx puts a layer of Python over NumPy's kernels. This page says what that layer costs,",
        "measured by `make bench` (`benchmarks/run.py`), which also writes this page: every",
        "workload runs on NumPy, on nx's two namespaces (the drop-in `nx_array_api` and the",
        "strict `nx_array_api.strict`) and on array_api_strict (which also wraps NumPy) in one",
        "process, interleaved round by round so that a drifting machine speed cancels out; each",
        "time is the best of the rounds, and each ratio is to NumPy's time in the same run.",
        "Small-array times move by 10-20% from run to run on a shared virtual machine; the ratios",
        "move less.",
        "",
        "The run on this page:",
        "",
        "| | |",
        "|---|---|",
        f"| machine | {m.get('cpu', '?')}, {m.get('cores', '?')} cores, {m.get('memory', '?')}, {m.get('os', '')} |",
        f"| versions | Python {m.get('python', '?')}, NumPy {m.get('numpy', '?')}, nx {m.get('nx', '?')}, array_api_strict {m.get('array_api_strict', '-')} |",
        f"| date | {m.get('date', '?')} |",
        f"| verdict | **{run['verdict']}** |",
        "",
        "## Targets",
        "",
        "Each row is one claim, with the target it is held to and this run's figure.",
        "",
        "| claim | target | this run | met |",
        "|---|---|---|---|",
    ]
    for claim in run["claims"]:
        lines.append(f"| {claim['claim']} | {claim['target']} | {claim['measured']} | {'yes' if claim['ok'] else '**no**'} |")
    for g, rows in run["groups"].items():
        lines += ["", f"## {GROUPS.get(g, g)}", ""]
        head = "| workload | " + " | ".join(LABELS.get(c, c) for c in cols) + " | " + " | ".join(f"{LABELS.get(c, c)} / NumPy" for c in others) + " |"
        lines.append(head)
        lines.append("|---|" + "---:|" * (len(cols) + len(others)))
        per: dict[str, list[float]] = {c: [] for c in others}
        for row in rows:
            t = row["times"]
            cells = [_time(t.get(c)) for c in cols]
            ratios = []
            for c in others:
                if c in t and "numpy" in t:
                    r = t[c] / t["numpy"]
                    per[c].append(r)
                    ratios.append(f"{r:.2f}")
                else:
                    ratios.append("-")
            lines.append(f"| {row['name']} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
        lines.append("| **geometric mean** | " + " | ".join("" for _ in cols) + " | " + " | ".join(f"**{geomean(per[c]):.2f}**" if per[c] else "-" for c in others) + " |")
    if run.get("memory"):
        lines += ["", "## Memory", "", "Measured with `tracemalloc` around the call.", "", "| claim | this run | met |", "|---|---|---|"]
        for label, ok, detail in run["memory"]:
            lines.append(f"| {label} | {detail} | {'yes' if ok else '**no**'} |")
    lines += [
        "",
        "## Reading the figures",
        "",
        "- A tiny workload's time is mostly the fixed cost of a call, in Python; {doc}`design`",
        "  says where nx's goes and what keeps it small. Throughput and pipelines are NumPy's",
        "  kernels' time, where nx adds nothing measurable.",
        "- The strict namespace checks what the drop-in accepts; its claim row compares the",
        "  two in the same run. array_api_strict's column is the reference it replaces.",
        "- The Dask device's figures are `make bench-dask`'s, in {doc}`scaling-out`.",
        "",
    ]
    return "\n".join(lines)
