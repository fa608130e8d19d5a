"""What compiling each per-call module buys: the per-call workloads compiled and pure, side by side.

    python benchmarks/compiled_vs_pure.py [--modules M,M,...] [--each] [--rounds 5]
                                          [--groups tiny,functions] [--filter TEXT]

The measurement behind docs/performance.md's "Compiled or pure Python" and setup.py's
``COMPILED``. It copies the checkout's two packages and ``setup.py`` into a temporary
folder and compiles there, with ``setup.py``'s own build (Cython's pure-Python mode,
``NX_COMPILE_MODULES`` naming the modules in place of ``COMPILED``), the candidate
modules (``--modules``; by default ``PER_CALL``, the modules a tiny call runs through)
all together, and with ``--each`` every one of them alone as well; the checkout is left
as it is. A module Cython cannot translate, and a build that does not import, are
reported and left out.

Each round runs every workload of the groups of ``workloads.py`` that ``--groups``
names (``tiny`` by default; ``--filter``: those whose name holds the text) on NumPy and
on nx, in a fresh process per build: the pure-Python package (a copy with
``NX_PURE_PYTHON=1``) and each compiled one, in turn, so that a drifting machine speed
reaches all of them. A time is the best of the rounds, a ratio is to NumPy's time in
the same process. It prints a table per workload, then each build's geometric mean and
dearest workload, as ``make bench`` reports a group.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

from run import geomean  # noqa: E402  (make bench's own; a script's folder is on its path)

#: The modules a tiny call runs through: the array type and its operators, indexing,
#: creation, the element-wise functions and their machinery, validation and promotion,
#: the tensor, and the NumPy backend.
PER_CALL = [
    "nx_array_api._array_object",
    "nx_array_api._element_ops",
    "nx_array_api._elementwise_functions",
    "nx_array_api._indexing",
    "nx_array_api._creation_functions",
    "nx_array_api._manipulation_functions",
    "nx_array_api._validation",
    "nx_array_api._scalars",
    "nx_core.tensor",
    "nx_core.backend.numpy.backend",
]


def _worker(groups: list[str], filter_: str) -> None:
    """One round in this process: ``{"compiled": [...], "times": {workload: [NumPy's
    time, nx's time]}}`` as the last line of its output."""
    import numpy as np

    import nx_array_api as xp
    from run import _budgets, measure
    from workloads import all_workloads

    out = {}
    for group, name, make in all_workloads():
        if group not in groups or filter_ not in name:
            continue
        rounds, budget = _budgets(group, quick=True)  # (this round is one of --rounds)
        best = measure({"numpy": make(np), "nx": make(xp)}, rounds, budget)
        out[name] = [best["numpy"], best["nx"]]
    print(json.dumps({"compiled": list(xp.compiled()), "times": out}))


def _build(modules: list[str], into: Path) -> list[str] | None:
    """A copy of the checkout's packages in ``into`` with ``modules`` compiled; the
    modules the copy runs compiled (those Cython translated), or None where the copy
    does not import (a module whose compilation changes its behaviour: said why)."""
    for pkg in ("nx_core", "nx_array_api"):
        shutil.copytree(ROOT / pkg, into / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    shutil.copy(ROOT / "setup.py", into / "setup.py")
    env = dict(os.environ, NX_COMPILE_MODULES=",".join(modules), NX_COMPILE="1")
    proc = subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"], cwd=into, env=env, capture_output=True, text=True)
    try:
        done = _run(into, {}, ["-c", "import json, nx_array_api as xp; print(json.dumps(list(xp.compiled())))"])
    except subprocess.CalledProcessError as e:
        print(f"with {', '.join(modules)} compiled, nx does not import; left out:\n{e.stderr[-2000:]}", file=sys.stderr)
        return None
    missing = [m for m in modules if m not in done]
    if missing:
        tail = "\n".join(line for line in proc.stderr.splitlines() if "nx:" in line or "Error" in line)[-2000:]
        print(f"not compiled: {', '.join(missing)}\n{tail}", file=sys.stderr)
    return done


def _environ(root: Path, env: dict) -> dict:
    """This process's environment for a build in ``root``: its packages first on the
    path, and ``NX_PURE_PYTHON`` only where ``env`` sets it (a compiled build runs
    compiled whatever the caller's environment says)."""
    out = {k: v for k, v in os.environ.items() if k != "NX_PURE_PYTHON"}
    return dict(out, PYTHONPATH=str(root), **env)


def _run(root: Path, env: dict, args: list[str]) -> Any:
    """The JSON a fresh Python prints last, run with ``args`` on the build in ``root``."""
    proc = subprocess.run([sys.executable, *args], cwd=root, env=_environ(root, env), capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modules", default=",".join(PER_CALL), help="the candidate modules, comma-separated (default: PER_CALL)")
    ap.add_argument("--each", action="store_true", help="also compile each candidate alone")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--groups", default="tiny", help="the groups of workloads.py, comma-separated (default: tiny; functions is the other per-call group)")
    ap.add_argument("--filter", default="")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        _worker(args.groups.split(","), args.filter)
        return 0
    modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    with tempfile.TemporaryDirectory(prefix="nx-compiled-") as tmp:
        # build name -> (folder, environment): the pure package, then each compiled one
        builds: dict[str, tuple[Path, dict]] = {}
        plans = [("all", modules)] + ([(m.rpartition(".")[2], [m]) for m in modules] if args.each and len(modules) > 1 else [])
        for label, mods in plans:
            folder = Path(tmp) / label
            folder.mkdir()
            print(f"compiling {label}: {', '.join(mods)}", file=sys.stderr, flush=True)
            done = _build(mods, folder)
            if done is None:
                continue
            builds[f"compiled {label}" if done else f"(nothing compiled) {label}"] = (folder, {})
            if "pure" not in builds:
                builds["pure"] = (folder, {"NX_PURE_PYTHON": "1"})
        if "pure" not in builds:
            print("no build imports", file=sys.stderr)
            return 1
        best: dict[str, dict[str, list[float]]] = {b: {} for b in builds}
        worker = [str(Path(__file__).resolve()), "--worker", "--groups", args.groups, "--filter", args.filter]
        for r in range(args.rounds):
            print(f"round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
            for b, (folder, env) in builds.items():
                for name, (t_np, t_nx) in _run(folder, env, worker)["times"].items():
                    cell = best[b].setdefault(name, [math.inf, math.inf])
                    cell[0], cell[1] = min(cell[0], t_np), min(cell[1], t_nx)
    names = list(best["pure"])
    t_np = {n: min(best[b][n][0] for b in best) for n in names}
    order = ["pure"] + [b for b in best if b != "pure"]
    print("| workload | NumPy | " + " | ".join(order) + " |")
    print("|---|---:|" + "---:|" * len(order))
    for n in names:
        cells = [f"{best[b][n][1] * 1e6:.2f} us ({best[b][n][1] / t_np[n]:.2f})" for b in order]
        print(f"| {n} | {t_np[n] * 1e6:.2f} us | " + " | ".join(cells) + " |")
    print()
    for b in order:
        rs = [best[b][n][1] / t_np[n] for n in names]
        worst = max(range(len(rs)), key=rs.__getitem__)
        print(f"{b}: geometric mean {geomean(rs):.2f}x NumPy, dearest {rs[worst]:.2f}x ({names[worst]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
