"""Write docs/conformance.md from a run of the official Array API test suite.

``make array-api-tests`` runs data-apis/array-api-tests against ``nx_array_api`` and
leaves a pytest JSON report (pytest-json-report) in ``.array-api-tests.json``;
``make conformance`` then runs this script. The page has the run's closing line, a
table per test file, the failed tests, and the expected failures listed in
``array-api-tests-xfails.txt``, each with the reason written in the comment above it.

Standard library only::

    python docs/make_conformance.py [--report R] [--xfails X] [--out O] [--suite-dir D]
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: pytest outcomes, in the order of pytest's closing line.
OUTCOMES = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")
HEADINGS = {"error": "errors"}  # table column headings that differ from the outcome


@dataclass
class Xfail:
    """One id of the xfails file, with the comment above it and what it matched."""

    id: str
    reason: str
    line: int
    outcomes: Counter = field(default_factory=Counter)


def parse_xfails(text: str) -> list[Xfail]:
    """The ids of an xfails file, each with its reason.

    Blank lines split the file into paragraphs. In a paragraph, the comment lines
    directly above some ids are those ids' reason; a comment that starts a new run of
    ids starts a new reason. A paragraph of comments alone (the file's header) is the
    reason of nothing. Id lines are kept verbatim, as the suite reads them.
    """
    entries: list[Xfail] = []
    comment: list[str] = []
    reason = ""
    prev = "blank"
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\n")
        if not line.strip():
            comment, reason, prev = [], "", "blank"
        elif line.startswith("#"):
            if prev == "id":
                comment = []
            comment.append(line[1:].strip())
            prev = "comment"
        else:
            if prev == "comment":
                reason = " ".join(c for c in comment if c)
            entries.append(Xfail(line, reason, n))
            prev = "id"
    return entries


def id_matches(nodeid: str, pattern: str) -> bool:
    """The suite's rule (``conftest.check_id_match``) for an xfails-file line."""
    nodeid = nodeid.removeprefix("array-api-tests/")
    return (
        nodeid == pattern
        or nodeid.startswith(pattern.removesuffix("/") + "/")
        or (pattern.endswith(".py") and nodeid.startswith(pattern))
        or nodeid.split("::", maxsplit=2)[0] == pattern
        or nodeid.split("[", maxsplit=2)[0] == pattern
    )


def file_of(nodeid: str) -> str:
    path = nodeid.removeprefix("array-api-tests/").split("::", 1)[0]
    return path.removeprefix("array_api_tests/")


def closing_line(counts: Counter) -> str:
    """pytest's closing line: ``1380 passed, 0 failed, 5 skipped, 28 xfailed``."""
    parts = [f"{counts[o]} {o}" for o in ("passed", "failed", "skipped", "xfailed")]
    if counts["xpassed"]:
        parts.append(f"{counts['xpassed']} xpassed")
    if counts["error"]:
        parts.append(f"{counts['error']} error{'' if counts['error'] == 1 else 's'}")
    return ", ".join(parts)


_CODE = re.compile(r"(`+)(.+?)\1")
_SPECIAL = re.compile(r"([\\*_\[\]<>|{}$])")


def md_text(s: str) -> str:
    """``s`` as Markdown text: code spans kept, other special characters escaped."""
    out, pos = [], 0
    for m in _CODE.finditer(s):
        out.append(_SPECIAL.sub(r"\\\1", s[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append(_SPECIAL.sub(r"\\\1", s[pos:]))
    return "".join(out)


def md_code(s: str, *, table: bool = False) -> str:
    """``s`` as an inline code span; in a table cell, pipes are escaped (GFM tables
    unescape them before the code span is read)."""
    ticks = "`"
    while ticks in s:
        ticks += "`"
    pad = " " if s.startswith("`") or s.endswith("`") else ""
    if table:
        s = s.replace("|", "\\|")
    return f"{ticks}{pad}{s}{pad}{ticks}"


def suite_commit(suite_dir: Path) -> str | None:
    try:
        r = subprocess.run(
            ["git", "-C", str(suite_dir), "rev-parse", "HEAD"],
            capture_output=True, text=True, check=True, timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() or None


def render(report: dict, xfails: list[Xfail], commit: str | None) -> str:
    tests = report.get("tests", [])
    counts: Counter = Counter(t["outcome"] for t in tests)
    per_file: dict[str, Counter] = {}
    for t in tests:
        per_file.setdefault(file_of(t["nodeid"]), Counter())[t["outcome"]] += 1
    # Each expected failure belongs to the first xfails line that matches it, as in the suite.
    for t in tests:
        if t["outcome"] in ("xfailed", "xpassed"):
            for x in xfails:
                if id_matches(t["nodeid"], x.id):
                    x.outcomes[t["outcome"]] += 1
                    break

    when = report.get("created")
    stamp = (
        _dt.datetime.fromtimestamp(when, _dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        if isinstance(when, (int, float)) else "an unknown date"
    )
    L: list[str] = ["# Conformance", ""]
    L.append(
        "nx runs the official test suite of the standard, "
        "[data-apis/array-api-tests](https://github.com/data-apis/array-api-tests), "
        "against `nx_array_api` at API version 2025.12, with the `linalg` and `fft` "
        "extensions. This page reports the latest run. It is generated: `make "
        "array-api-tests` runs the suite, and `make conformance` writes this page from "
        "the run's report."
    )
    L.append("")
    suite = f"commit `{commit}`" if commit else "the checkout in `array-api-tests/`"
    dur = report.get("duration")
    took = ""
    if isinstance(dur, (int, float)):
        took = f", in {dur:.0f} seconds" if dur < 120 else f", in {dur / 60:.0f} minutes"
    L.append(f"Run on {stamp} with the suite at {suite}{took}. Its closing line:")
    L.append("")
    L.append("```text")
    L.append(closing_line(counts))
    L.append("```")
    L.append("")

    L += ["## Per test file", ""]
    cols = [o for o in OUTCOMES if counts[o] or o in ("passed", "failed", "skipped", "xfailed")]
    L.append("| file | " + " | ".join(HEADINGS.get(c, c) for c in cols) + " | total |")
    L.append("|---|" + "---:|" * (len(cols) + 1))
    for f in sorted(per_file):
        c = per_file[f]
        L.append(f"| {md_code(f, table=True)} | " + " | ".join(str(c[o]) for o in cols) + f" | {sum(c.values())} |")
    L.append("| **all** | " + " | ".join(f"**{counts[o]}**" for o in cols) + f" | **{len(tests)}** |")
    L.append("")

    bad = [t["nodeid"] for t in tests if t["outcome"] in ("failed", "error")]
    if bad:
        L += ["## Failed tests", ""]
        L += [f"- {md_code(n)}" for n in sorted(bad)]
        L.append("")

    L += ["## Expected failures", ""]
    if not xfails:
        L.append("None: `array-api-tests-xfails.txt` lists no test.")
        L.append("")
    else:
        L.append(
            "`array-api-tests-xfails.txt` lists the tests nx is known not to pass, each "
            "under a comment saying why; the file only shrinks. An entry that *xpassed* "
            "passed in this run anyway, a candidate for removal."
        )
        L.append("")
        groups: dict[str, list[Xfail]] = {}
        for x in xfails:
            groups.setdefault(x.reason, []).append(x)
        for reason, xs in groups.items():
            L.append(f"- {md_text(reason) if reason else '(no reason given)'}")
            L.append("")
            for x in xs:
                got = ", ".join(f"{x.outcomes[o]} {o}" for o in ("xfailed", "xpassed") if x.outcomes[o])
                L.append(f"  - {md_code(x.id)}: {got or 'matched no test in this run'}")
            L.append("")
    return "\n".join(L).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", type=Path, default=ROOT / ".array-api-tests.json",
                    help="pytest JSON report of the suite (default: .array-api-tests.json)")
    ap.add_argument("--xfails", type=Path, default=ROOT / "array-api-tests-xfails.txt",
                    help="the xfails file given to the suite")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "conformance.md",
                    help="the page to write (default: docs/conformance.md)")
    ap.add_argument("--suite-dir", type=Path, default=ROOT / "array-api-tests",
                    help="the suite's checkout, for its commit (default: array-api-tests/)")
    args = ap.parse_args(argv)

    if not args.report.is_file():
        print(f"make_conformance: no report at {args.report}; run `make array-api-tests` first",
              file=sys.stderr)
        return 1
    try:
        report = json.loads(args.report.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"make_conformance: cannot read {args.report}: {e}", file=sys.stderr)
        return 1
    if not isinstance(report, dict) or not isinstance(report.get("tests"), list):
        print(f"make_conformance: {args.report} is not a pytest-json-report report "
              "(no 'tests' list)", file=sys.stderr)
        return 1
    xfails = parse_xfails(args.xfails.read_text(encoding="utf-8")) if args.xfails.is_file() else []
    page = render(report, xfails, suite_commit(args.suite_dir))
    args.out.write_text(page, encoding="utf-8")
    print(f"make_conformance: wrote {args.out} ({closing_line(Counter(t['outcome'] for t in report['tests']))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
