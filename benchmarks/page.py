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
LABELS = {"numpy": "NumPy", "nx": "nx", "nx-strict": "nx strict", "strict": "array_api_strict", "compat": "array-api-compat"}
GROUPS = {
    "tiny": "Per call: shapes (8,) and (16, 16)",
    "functions": "Per call, more functions: 8 elements, 8 x 8",
    "throughput": "Throughput: 1e7 elements, 4000x4000",
    "pipeline": "Pipelines",
    "unique": "unique_values, unique_counts, unique_inverse, unique_all: 20000 elements",
    "sklearn small": "scikit-learn, small data (200x8)",
    "sklearn medium": "scikit-learn, medium data (20000x32)",
}
#: What the page says under a group's heading.
INTROS = {
    "tiny": ["![Per-call ratios](_static/per-call-ratios.png)", "",
             "The figure: each namespace's time over NumPy's for the calls of the table, on a",
             "log scale (1 is NumPy's time). array-api-compat hands back NumPy's own arrays, so its",
             "cost is its wrappers' alone."],
    "functions": ["One call of each function against NumPy's function of the same name, beyond the",
                  "tiny group's operators, indexing and creation: sorting and searching, reductions,",
                  "manipulation, linalg, fft. No target: the figures say what a call costs over NumPy's,",
                  "where nx validates, promotes and normalises arguments and reaches NumPy through its",
                  "backend (linalg and fft through its kernels, which make the results' dtypes and",
                  "errors the standard's)."],
    "unique": ["Each function against NumPy's function of the same name, on the default device and on",
               "the virtual `device1`: integer labels (100 distinct values) and distinct floats. The",
               "standard leaves the order of `unique_*`'s results unspecified; NumPy 2.4's",
               "`unique_values` fills a hash set for integers, an element at a time. nx sorts: on these",
               "inputs the sort is the faster, and its results come out sorted (tests compare them with",
               "NumPy's as sets, and the inverse by reconstruction)."],
    "sklearn small": ["![scikit-learn ratios](_static/sklearn-ratios.png)", "",
                      "The figure: each namespace's time over NumPy's for the scikit-learn workloads",
                      "below, small data on the left, medium on the right (log scale).",
                      "",
                      "Each workload is an estimator's fit (or `fit_transform`) or a metric, called",
                      "with `sklearn.set_config(array_api_dispatch=True)` on each namespace's arrays;",
                      "NumPy's column is scikit-learn's NumPy path with the dispatch on. The pairwise",
                      "kernels take 200 rows against all the rows. In nx strict,",
                      "`PCA(svd_solver=\"covariance_eigh\")` pays for a write through shared memory:",
                      "scikit-learn's `svd_flip` multiplies `Vt = eigenvecs.T` in place while `eigenvecs`",
                      "is live, and the strict namespace looks for the arrays the write makes stale",
                      "({doc}`strict-mode`): about 25 us a fit on 200x8, the search (from the write's",
                      "line it reads first the variable that held the other array last time:",
                      "`eigenvecs`, one frame up), the reference counts that tell it found every",
                      "array sharing the memory, and the marking of `eigenvecs`. At the medium size its time, whatever",
                      "the namespace, swings with OpenBLAS's threads in `eigh` of the 32 x 32 covariance",
                      "(85 us on one thread; from 87 us to 3.6 ms on two, from one array of the data to",
                      "another, on this 2-core machine).",
                      "",
                      "scikit-learn takes paths for non-NumPy namespaces that cost more, whatever the",
                      "namespace: `MinMaxScaler`'s minimum and maximum ignoring NaNs are `isnan`,",
                      "`where`, `min` and `all` (a mask, a copy of the data and two reductions) where",
                      "NumPy's path is one `nanmin`; `euclidean_distances` (and `rbf_kernel` through it)",
                      "squares the data into a temporary of its size and sums that (`multiply`, `sum`)",
                      "where NumPy's path calls `einsum`, takes `maximum` and `sqrt` (`exp` in",
                      "`rbf_kernel`) into fresh arrays of the result's size where NumPy's path writes in",
                      "place, and sets the diagonal of X against itself element by element; fresh arrays",
                      "of megabytes would be fresh pages on each call (the C allocator gives such memory",
                      "back to the system between calls: some 1,800 page faults a call), so the CPU",
                      "device writes results of 4 MiB and more into the memory of dead ones ({doc}`design`,",
                      "\"Large results in recycled memory\"), and what is left is the extra pass over memory",
                      "that writing into a second array costs; `accuracy_score`'s label checks call `unique_values` five times where",
                      "NumPy's path calls it twice. nx's side of each is NumPy's own call at NumPy's",
                      "speed, with no copy of its own: the in-place operators write into the array (`+=`,",
                      "`-=`, `*=`, and `/=` and `**=` on floating-point arrays, which `StandardScaler` and",
                      "`normalize` use), a column or row operand unexpanded; a minimum, maximum, `all`",
                      "or `any` over the leading axis of a tall array with few columns reduces groups of",
                      "rows as long rows (exact: each result is one of the elements), twice as fast as",
                      "NumPy's row-at-a-time reduction on 20000x32 (`all`: ten times), so that",
                      "`MinMaxScaler`'s four passes cost about one and a half `nanmin`; and its",
                      "`unique_values` sorts where NumPy's hashes (a hash set filled an element at a",
                      "time, four to fifteen times slower than the sort on integer labels)."],
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
        out["build"] = ", ".join(m.rpartition(".")[2] for m in nx_array_api.compiled()) or "pure Python"
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


def render(run: dict[str, Any], figures: dict[str, str] | None = None) -> str:
    """The page for one run: ``run`` is what benchmarks/run.py records (machine, columns,
    per-group rows of times, targets, random numbers, memory checks, verdicts);
    ``figures`` the figures drawn from it (``benchmarks/plots.py``), which the page embeds."""
    m = run["machine"]
    figures = figures or {}
    lines = [
        "# Performance",
        "",
        "nx puts a layer of Python over NumPy's kernels. This page says what that layer costs,",
        "measured by `make bench` (`benchmarks/run.py`), which also writes this page and draws",
        "its figures: every workload runs on NumPy, on nx's two namespaces (the drop-in",
        "`nx_array_api` and the strict `nx_array_api.strict`), on array_api_strict and on",
        "array-api-compat's NumPy namespace (both wrap NumPy) in one process, interleaved round",
        "by round so that a drifting machine speed cancels out; each time is the best of the",
        "rounds, and each ratio is to NumPy's time in the same run. The workloads run from",
        "single calls on tiny arrays to scikit-learn estimators end to end.",
        "Small-array times move by 10-20% from run to run on a shared virtual machine; the ratios",
        "move less.",
        "",
        "The run on this page:",
        "",
        "| | |",
        "|---|---|",
        f"| machine | {m.get('cpu', '?')}, {m.get('cores', '?')} cores, {m.get('memory', '?')}, {m.get('os', '')} |",
        f"| versions | Python {m.get('python', '?')}, NumPy {m.get('numpy', '?')}, nx {m.get('nx', '?')}, array_api_strict {m.get('array_api_strict', '-')} |",
        f"| build | {'compiled: ' if m.get('build', 'pure Python') != 'pure Python' else ''}{m.get('build', 'pure Python')} |",
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
        cols = [c for c in run["columns"] if any(c in r["times"] for r in rows)]
        others = [c for c in cols if c != "numpy"]
        lines += ["", f"## {GROUPS.get(g, g)}", ""]
        intro = INTROS.get(g, [])
        if intro and intro[0].startswith("![") and not any(f in intro[0] for f in figures.values()):
            intro = intro[2:]  # its figure was not drawn
        if intro:
            lines += intro + [""]
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
    if run.get("random"):
        lines += _random_section(run["random"])
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
        "- The Dask device's figures are `make bench-dask`'s, in {doc}`scaling-out`, with its",
        "  random numbers against raw Dask's on the same chunks.",
        "",
        "## Compiled or pure Python",
        "",
        "An install compiles the modules that `setup.py` names (`COMPILED`) with Cython, from",
        "their own Python sources (Cython's pure-Python mode), where a C compiler is at hand;",
        "`nx_array_api.compiled()` lists those a process runs compiled, the `build` row above",
        "those of this run. Elsewhere, and with `NX_COMPILE=0` at install time, it is the",
        "pure-Python package, with the same results bit for bit; `NX_PURE_PYTHON=1` runs the",
        "pure-Python modules of a compiled install. Three modules are compiled. One is",
        "`threefry_loops`, the Threefry blocks and the float64 normals element by element",
        "without the GIL, in place of the NumPy kernels' passes over arrays (the random-number",
        "figures above). The two others are per-call modules that",
        "`benchmarks/compiled_vs_pure.py` measured to pay: it compiles candidate modules in a",
        "copy of the checkout, each alone and all together, and times the per-call workloads",
        "on each build and on the pure-Python package in alternating processes. On the tiny",
        "group, nx / NumPy, Python 3.11, best of 3 rounds:",
        "",
        "| compiled | geometric mean | dearest workload |",
        "|---|---:|---|",
        "| nothing (the pure-Python package) | 1.82 | 3.38 (`zeros 8`) |",
        "| the ten per-call modules together | 1.81 | 4.12 (`x[int array] 8`) |",
        "| `_indexing` alone | 1.85 | 3.95 (`x[int array] 8`) |",
        "| the NumPy backend alone | 1.90 | 3.79 (`x[int array] 8`) |",
        "| `_element_ops`, `_validation`, `_scalars`, `_array_object`, `_elementwise_functions`, each alone | 1.81-1.82 | 3.35-3.45 |",
        "| `_creation_functions` alone | 1.80 | 3.32 (`x[int array] 8`) |",
        "| `_manipulation_functions` alone | 1.78 | 3.35 (`zeros 8`) |",
        "| `nx_core.tensor` alone | 1.79 | 3.39 (`zeros 8`) |",
        "",
        "`_creation_functions` and `_manipulation_functions` are compiled. With the tensor module",
        "too, in a run of 5 rounds,",
        "the tiny group's geometric mean went from 1.81 to 1.75 and the functions group's",
        "from 2.58 to 2.52, with `asarray` of a list of 8 floats 0.86 us against 0.62 pure,",
        "`concat` 1.08 against 0.95, `permute_dims` 0.49 against 0.42, `tile` 6.15 against",
        "5.29, and `reshape` of 8 elements the one call measurably slower (0.41 against",
        "0.37); the tensor module alone, in another run of 5 rounds, left both groups where",
        "they were (1.79-1.80 and 2.56-2.58), so it is not compiled. The two modules' calls run",
        "long Python paths of their own (walking a list, working out a joined shape). The modules of the functions group's other calls (searching,",
        "statistics, sorting, the indexing functions, linear algebra, `linalg`, `fft`),",
        "each compiled alone, left that group's geometric mean where it was (2.58-2.61",
        "against 2.59 pure, 3 rounds). The other per-call modules are slower compiled: the interpreter reaches an array's",
        "slots and its methods through specialised bytecodes, and compiled code reaches them",
        "through generic attribute reads and calls, so a module whose calls are mostly such",
        "reads (indexing, the backend's primitives, the operators) loses more than it gains.",
        "For compiling to pay there, the array type and the backend would likely have to be",
        "compiled classes too: operators and indexing as methods of the class body, no",
        "metaclass and no allocation through `type.__call__`, backend primitives as methods",
        "rather than closures of factories, and tests that patch no class attribute.",
        "`benchmarks/compiled_prototype.py` measures a minimal version of that design (the",
        "array an extension type whose `__add__` and the backend's `add` are typed and compiled",
        "with Cython) against its pure-Python equivalent: `x + y` on 8 float64 is 1.49 times",
        "NumPy's, against 2.00 pure (2.31 with the backend left interpreted). That is the best",
        "a compiled operator does with only its four checks, so the tiny group's 1.4 would",
        "need about every call compiled that way. And interpreted code reads an extension type's",
        "attributes three times slower (44 ns for three reads against 14 ns for a slot class's):",
        "every module left interpreted, scikit-learn's calls among them, would pay for it.",
        "",
    ]
    return "\n".join(lines)


def _random_section(rows: list[dict[str, Any]]) -> list[str]:
    """The random numbers' table (``benchmarks/random_bench.py``) and where nx's time goes."""
    gens = [k for k in rows[0]["ns"] if k.startswith(("Generator", "RandomState"))]
    lines = [
        "",
        "## Random numbers, per element on one core",
        "",
        "nx's generator is counter-based (Threefry-2x32, 20 rounds, `nx_array_api.random`):",
        "any element can be computed on its own, so the numbers are the same on every device",
        "and in every chunking. NumPy users draw from `np.random.default_rng` (PCG64),",
        "`Generator(Philox)` (NumPy's own counter-based generator) or the legacy",
        "`RandomState`; each draws the same number of float64 normals, float64 uniforms and",
        "int64 integers in [0, 1000), in alternating rounds; nanoseconds per element, best round.",
        "",
        "| kind | nx | " + " | ".join(gens) + " | nx / PCG64 | nx / Philox |",
        "|---|" + "---:|" * (len(gens) + 3),
    ]
    for r in rows:
        t = r["ns"]
        lines.append(f"| {r['kind']} | {t['nx']:.2f} | " + " | ".join(f"{t[g]:.2f}" for g in gens)
                     + f" | {t['nx'] / t['Generator(PCG64)']:.2f} | {t['nx'] / t['Generator(Philox)']:.2f} |")
    t = rows[0]["ns"]
    b64, b32 = t.get("Threefry bits, uint64"), t.get("Threefry bits, uint32")
    if b64 is not None:
        lines += [
            "",
            "Where nx's time goes (this run's build: see \"Compiled or pure Python\"): the",
            f"Threefry bits alone (`random.bits`) take {b64:.2f} ns per uint64 element and {b32:.2f} per uint32 (one block of 20 rounds",
            "each: a uint32 is the two words of a block folded together). A float64 uniform is",
            "one uint64's top 52 bits, made into a float in the same pass (the bits' slice is",
            "still in cache), so it costs about the bits. A float64 normal takes two uniforms",
            "of 52 bits, one block each, for a pair of normals (Box-Muller: a logarithm, a square",
            f"root and a sine and cosine, all by polynomials, in cache): {t['nx'] - b64:.2f} ns an element over the bits.",
            "An integer is a uint64 reduced modulo the range (a division an element). NumPy's",
            "PCG64 makes 64 bits in a few instructions and its normals by a ziggurat (one",
            "table look-up for most draws): a counter-based generator pays for its blocks,",
            "as NumPy's Philox does too.",
        ]
    return lines
