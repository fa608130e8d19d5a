"""pytest hooks of the portability report, ``--nx-portability-report=PATH``, and of the
stale reads found while nx is served as array_api_strict.

With the option, the run is in record mode (``nx_array_api._portability``): every use
of nx's strict namespace that it refuses and the drop-in namespace accepts is recorded
with its kind, the consumer's call site and the test's id, and the call goes on as the
drop-in's would, so that the suite runs to its end. At the end the terminal shows a
table of the refusals by kind and call site, and ``PATH`` gets the JSON report::

    {"schema": "nx-portability-report/1", "namespace": "nx_array_api.strict",
     "total": <refusals>, "tests": <tests with a refusal (a refusal outside a test has test "")>,
     "caught": <refusals raised because the code caught them>, "kinds": {kind: meaning},
     "summary": [{"kind", "file", "line", "function", "write", "count", "tests",
                  "first_test", "exception", "message"}, ...],  # by kind, call site, write
     "records": [{"kind", "file", "line", "function", "test", "write", "count",
                  "exception", "message"}, ...]}    # by kind, call site, write and test

(``write``: a stale read's write site, ``file:line``; "" for the other kinds.)

With nx served as array_api_strict (``nx_array_api.strict.pytest_plugin``, whose option
``--nx-stale-reads`` is ``record`` by default) and no report, stale reads alone are
recorded, and read as NumPy reads them, as on array-api-strict, which does not check
them. Either way the terminal ends with the stale reads found, by write site and read
site, with their tests.

Under pytest-xdist each worker records its own tests and hands its records to the
controller (``workeroutput``), which merges them.

Load with ``-p nx_array_api.strict._report_hooks`` (the served plugin loads it).
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from .._flags import STRICT
from .._portability import KINDS, STALE_READ, Recorder

__all__ = [
    "pytest_addoption",
    "pytest_configure",
    "pytest_unconfigure",
    "pytest_runtest_logstart",
    "pytest_runtest_logfinish",
    "pytest_sessionfinish",
    "pytest_terminal_summary",
    "report",
    "stale_table",
    "table",
]

#: The workeroutput key a pytest-xdist worker hands its records over under.
_KEY = "nx_portability_records"
#: How many rows of the table the terminal shows (the JSON has them all).
ROWS = 25
#: How many test ids the stale reads' section lists for each write -> read site.
TESTS = 5


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("nx", "nx array library")
    group.addoption(
        "--nx-portability-report",
        metavar="PATH",
        dest="nx_portability_report",
        default=None,
        help="record mode: record each use nx's strict namespace refuses (kind, call site, test) "
        "instead of raising, let the call go on as the drop-in namespace's, and write a JSON report to PATH",
    )


#: The run's recorder, in the config's stash.
_RECORDER = pytest.StashKey["Recorder | None"]()


def _recorder(config: Any) -> Recorder | None:
    """The run's recorder (the strict namespace's): a run with the option records every
    kind; a run with nx served as array_api_strict (``--nx-stale-reads=record``, the
    served plugin's default), stale reads alone; None otherwise."""
    return config.stash.get(_RECORDER, None)


class _Controller:
    """pytest-xdist's controller: each worker's records join the controller's."""

    def __init__(self, rec: Recorder) -> None:
        self.rec = rec

    def pytest_testnodedown(self, node: Any, error: Any) -> None:
        out = getattr(node, "workeroutput", {}).get(_KEY)
        if out:
            self.rec.add(out["records"])
            self.rec.caught += out["caught"]


def pytest_configure(config: Any) -> None:
    stale = config.getoption("nx_stale_reads", None)  # (the served plugin's option)
    if config.getoption("nx_portability_report", None) is not None:
        rec = Recorder()
    elif stale == "record":
        rec = Recorder(kinds=(STALE_READ,))
    else:
        if stale == "raise":
            STRICT.recorder = None  # (serving set one up from the environment)
        return
    STRICT.recorder = config.stash[_RECORDER] = rec
    if config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput"):
        config.pluginmanager.register(_Controller(rec), "nx-portability-controller")


def pytest_unconfigure(config: Any) -> None:
    if _recorder(config) is not None:
        STRICT.recorder = None


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    """The id of the test about to run (its setup, call and teardown) goes with the records."""
    if STRICT.recorder is not None:
        STRICT.recorder.test = nodeid


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    if STRICT.recorder is not None:
        STRICT.recorder.test = ""


def pytest_sessionfinish(session: Any, exitstatus: Any) -> None:
    config = session.config
    rec = _recorder(config)
    if rec is None:
        return
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller writes the report
        workeroutput[_KEY] = {"records": rec.records(), "caught": rec.caught}
        return
    path = config.getoption("nx_portability_report", None)
    if path is None:
        return
    with open(os.path.join(str(config.invocation_params.dir), path), "w", encoding="utf-8") as f:
        json.dump(report(rec), f, indent=1)
        f.write("\n")


def report(rec: Recorder) -> dict[str, Any]:
    """The JSON report of the records of ``rec`` (see the module docstring)."""
    records = rec.records()
    return {
        "schema": "nx-portability-report/1",
        "namespace": STRICT.name,
        "total": sum(r["count"] for r in records),
        "tests": len({r["test"] for r in records if r["test"]}),
        "caught": rec.caught,
        "kinds": KINDS,
        "summary": [{k: v for k, v in r.items() if k != "test_ids"} for r in rec.summary()],
        "records": records,
    }


def table(rec: Recorder, rows: int = ROWS) -> list[str]:
    """The report's table, by kind and call site, most frequent first: its first ``rows``
    rows, and a line saying how many more the JSON holds."""
    summary = rec.summary()
    lines = [f"{'count':>7} {'tests':>6}  {'kind':<21} call site"]
    for r in summary[:rows]:
        lines.append(f"{r['count']:>7} {r['tests']:>6}  {r['kind']:<21} {r['file']}:{r['line']} ({r['function']})")
    if len(summary) > rows:
        lines.append(f"... {len(summary) - rows} more rows in the JSON report")
    return lines


def stale_table(rec: Recorder, tests: int = TESTS) -> list[str]:
    """The stale reads of ``rec``, by write site and read site (most frequent first): each
    with its count and the ids of its tests (the first ``tests`` of them, and how many more)."""
    summary = rec.summary(STALE_READ)
    lines = [f"{'count':>7} {'tests':>6}  write site -> read site (function)"]
    for r in summary:
        lines.append(f"{r['count']:>7} {r['tests']:>6}  {r['write'] or '?'} -> {r['file']}:{r['line']} ({r['function']})")
        ids = r["test_ids"]
        lines.extend(f"{'':>16}{t or '(outside a test)'}" for t in ids[:tests])
        if len(ids) > tests:
            lines.append(f"{'':>16}... {len(ids) - tests} more tests")
    return lines


def pytest_terminal_summary(terminalreporter: Any, exitstatus: Any, config: Any) -> None:
    rec = _recorder(config)
    if rec is None or getattr(config, "workeroutput", None) is not None:
        return
    tr = terminalreporter
    path = config.getoption("nx_portability_report", None)
    if path is not None:
        rep = report(rec)
        tr.write_sep("=", "nx portability report")
        tr.write_line(
            f"{rep['total']} uses nx's strict namespace refuses (array-api-strict's refusals and nx's own), "
            f"in {rep['tests']} tests, at {len(rep['summary'])} call sites; they ran as the drop-in namespace runs them"
        )
        tr.write_line(f"{rep['caught']} more refusals were caught by the code that made them (try/except) and raised, as in strict mode")
        for line in table(rec):
            tr.write_line(line)
        tr.write_line(f"JSON report: {path}")
    stale = rec.summary(STALE_READ)
    if stale:
        tr.write_sep("=", "stale reads nx found (array-api-strict does not check these)")
        tr.write_line(
            f"{sum(r['count'] for r in stale)} reads of elements that a write through another array sharing their memory "
            f"changed, at {len(stale)} write -> read sites; they read what NumPy reads "
            "(--nx-stale-reads=raise makes each a ValueError; docs/strict-mode.md, \"Writes through shared memory\")"
        )
        for line in stale_table(rec):
            tr.write_line(line)
