"""Compares two runs of one test suite, test id by test id: the suite on array-api-strict
and the same suite on nx's strict namespace served as array_api_strict
(``pytest -p nx_array_api.strict.pytest_plugin``).

Each run is pytest's JUnit XML report (``--junitxml=FILE``; ``make consumers-*-as-strict``
writes them under ``.consumers/``). The script prints each run's passed, failed, skipped
and xfailed counts and wall time, the tests that fail on nx and pass on array-api-strict
(the nx-only failures, with the first line of their message), the reverse, and the ids
that only one run has; with ``--row NAME`` a Markdown table row for docs/strict-mode.md (the last two cells: the
runs' wall times, and the tests' own durations summed).

    python tests/consumers/compare_ids.py .consumers/xpx-strict.xml .consumers/xpx-nx.xml

Exits 1 when there is an nx-only failure (with ``--allow FILE``: one not listed in FILE,
a file of test ids, one a line, ``#`` comments).
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

OUTCOMES = ("passed", "failed", "skipped", "xfailed")


@dataclass
class Run:
    """One JUnit XML report: outcome and message per test id, and the wall time."""

    outcomes: dict[str, str] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)
    durations: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0

    def counts(self) -> Counter[str]:
        return Counter(self.outcomes.values())

    def test_seconds(self) -> float:
        """The tests' own durations, summed (setup, call and teardown; no collection)."""
        return sum(self.durations.values())

    def restricted(self, ids: set[str]) -> "Run":
        """The same run, counting only the tests of ``ids``."""
        keep = [t for t in self.outcomes if t in ids]
        return Run(
            {t: self.outcomes[t] for t in keep},
            {t: self.messages[t] for t in keep},
            {t: self.durations.get(t, 0.0) for t in keep},
            self.seconds,
        )


def _outcome(case: ET.Element) -> tuple[str, str]:
    for child in case:
        if child.tag in ("failure", "error"):
            return "failed", (child.get("message") or child.text or "").strip()
        if child.tag == "skipped":
            kind = "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
            return kind, (child.get("message") or "").strip()
    return "passed", ""


def read(path: str | Path) -> Run:
    """The outcomes of the JUnit XML report at ``path``, keyed ``classname::name``."""
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    run = Run(seconds=sum(float(s.get("time") or 0.0) for s in suites))
    for case in root.iter("testcase"):
        module = case.get("classname", "").rpartition("site-packages.")[2]  # --pyargs: from the venv
        tid = f"{module}::{case.get('name', '')}"
        outcome, message = _outcome(case)
        if run.outcomes.get(tid) == "failed":
            continue  # a test's error in teardown after its pass: keep the failure
        run.outcomes[tid] = outcome
        run.messages[tid] = message
        run.durations[tid] = run.durations.get(tid, 0.0) + float(case.get("time") or 0.0)
    return run


def nx_only_failures(reference: Run, nx: Run) -> list[str]:
    """The ids that fail on nx and pass on the reference."""
    return sorted(t for t, o in nx.outcomes.items() if o == "failed" and reference.outcomes.get(t) == "passed")


def _line(run: Run) -> str:
    c = run.counts()
    return ", ".join(f"{c[o]} {o}" for o in OUTCOMES) + f"; {run.seconds:.0f} s ({run.test_seconds():.0f} s in the tests)"


def _first_line(message: str) -> str:
    return message.splitlines()[0][:160] if message else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", help="JUnit XML of the run on array-api-strict")
    parser.add_argument("nx", help="JUnit XML of the run on nx (served as array_api_strict)")
    parser.add_argument("--allow", help="a file of nx-only failures that do not fail the comparison")
    parser.add_argument("--row", metavar="NAME", help="also print a Markdown table row for the suite NAME")
    parser.add_argument("--json", metavar="FILE", help="also write the comparison as JSON")
    parser.add_argument(
        "--common", action="store_true", help="count only the tests both runs have (one run selected more)"
    )
    args = parser.parse_args(argv)
    ref, nx = read(args.reference), read(args.nx)
    if args.common:
        both = set(ref.outcomes) & set(nx.outcomes)
        ref, nx = ref.restricted(both), nx.restricted(both)
    only_nx = nx_only_failures(ref, nx)
    only_ref = nx_only_failures(nx, ref)
    missing = sorted(set(ref.outcomes) - set(nx.outcomes))
    extra = sorted(set(nx.outcomes) - set(ref.outcomes))
    print(f"array-api-strict: {_line(ref)}")
    print(f"nx:               {_line(nx)}")
    print(f"nx-only failures: {len(only_nx)}")
    for t in only_nx:
        print(f"  {t}: {_first_line(nx.messages[t])}")
    print(f"failures on array-api-strict only: {len(only_ref)}")
    for t in only_ref:
        print(f"  {t}: {_first_line(ref.messages[t])}")
    if missing or extra:
        print(f"ids only on array-api-strict: {len(missing)}; only on nx: {len(extra)}")
        for t in (missing + extra)[:20]:
            print(f"  {t}")
    if args.row:
        r, n = ref.counts(), nx.counts()
        cells = [
            args.row,
            f"{r['passed']} / {r['failed']} / {r['skipped'] + r['xfailed']}",
            f"{n['passed']} / {n['failed']} / {n['skipped'] + n['xfailed']}",
            str(len(only_nx)),
            f"{ref.seconds:.0f} s / {nx.seconds:.0f} s",
            f"{ref.test_seconds():.0f} s / {nx.test_seconds():.0f} s",
        ]
        print("| " + " | ".join(cells) + " |")
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "array_api_strict": {**ref.counts(), "seconds": ref.seconds},
                    "nx": {**nx.counts(), "seconds": nx.seconds},
                    "nx_only_failures": {t: _first_line(nx.messages[t]) for t in only_nx},
                    "array_api_strict_only_failures": only_ref,
                },
                indent=1,
            )
        )
    allowed: set[str] = set()
    if args.allow:
        lines = Path(args.allow).read_text().splitlines()
        allowed = {ln.split("#")[0].strip() for ln in lines} - {""}
    return 1 if set(only_nx) - allowed else 0


if __name__ == "__main__":
    sys.exit(main())
