"""The portability report: record mode of the strict namespace and its pytest hooks
(``-p nx_array_api.strict._report_hooks --nx-portability-report=PATH``), run on a small
consumer of its own (a library module and its tests) in a pytest of its own."""

from __future__ import annotations

import json

import numpy as np
import pytest

import nx_array_api.strict as sx
from nx_array_api._flags import DROPIN, STRICT
from nx_array_api._portability import KINDS, Recorder
from nx_array_api.strict import _report_hooks

pytest_plugins = ["pytester"]

# A consumer library: each function makes one use the strict namespace refuses, on the
# line named in LINES (the report's call site), and returns what the drop-in gives.
LIBRARY = '''\
import numpy as np
import array_api_strict as xp


def halve(x):
    return x * 0.5


def mixed(x, y):
    return x + y


def ratio(x):
    return x / x


def first_row(x):
    return x[0]


def total(x):
    return xp.sum(x, axis=[0])


def overwrite(x):
    v = x[1:]
    v[0] = 7.0
    return x


def both_refuse(x, y):
    return x + y
'''
LINES = {"halve": 6, "mixed": 10, "ratio": 14, "first_row": 18, "total": 22, "overwrite": 27}

TESTS = '''\
import array_api_strict as xp
import mylib


def test_scalar():
    assert mylib.halve(xp.asarray([2, 4])).dtype == xp.float64


def test_promotion_and_divide():
    assert mylib.mixed(xp.asarray([1, 2]), xp.asarray([0.5, 0.5])).dtype == xp.float64
    assert mylib.ratio(xp.asarray([2, 4])).dtype == xp.float64


def test_index_and_axis():
    assert mylib.first_row(xp.ones((2, 3))).shape == (3,)
    assert mylib.total(xp.ones((2, 3))).shape == (3,)
    assert mylib.total(xp.ones((2, 3))).shape == (3,)


def test_shared_memory_write():
    assert float(mylib.overwrite(xp.zeros(3))[1]) == 7.0


def test_clean():
    assert float(xp.sum(xp.ones(3))) == 3.0
'''

# The consumer reaches nx's strict namespace as array_api_strict (as the consumer
# harnesses of tests/consumers do with --nx-namespace=strict).
CONFTEST = '''\
import sys
import nx_array_api.strict
sys.modules["array_api_strict"] = nx_array_api.strict
'''

PLUGIN = ["-p", "nx_array_api.strict._report_hooks", "-p", "no:cacheprovider"]


@pytest.fixture
def consumer(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(mylib=LIBRARY, test_consumer=TESTS, conftest=CONFTEST)
    pytester.syspathinsert()
    return pytester


def _run(pytester: pytest.Pytester, *args: str) -> tuple[pytest.RunResult, dict]:
    r = pytester.runpytest_subprocess(*PLUGIN, "--nx-portability-report=report.json", *args)
    return r, json.loads((pytester.path / "report.json").read_text())


def _expected() -> set[tuple[str, int, str, str]]:
    t = "test_consumer.py::"
    return {
        ("python scalar", LINES["halve"], "halve", t + "test_scalar"),
        ("dtype promotion", LINES["mixed"], "mixed", t + "test_promotion_and_divide"),
        ("dtype category", LINES["ratio"], "ratio", t + "test_promotion_and_divide"),
        ("index", LINES["first_row"], "first_row", t + "test_index_and_axis"),
        ("axis", LINES["total"], "total", t + "test_index_and_axis"),
        ("shared-memory write", LINES["overwrite"], "overwrite", t + "test_shared_memory_write"),
    }


def test_without_the_option_the_strict_namespace_refuses(consumer: pytest.Pytester) -> None:
    r = consumer.runpytest_subprocess(*PLUGIN)
    r.assert_outcomes(passed=1, failed=4)
    assert not (consumer.path / "report.json").exists()


def test_record_mode_completes_the_run_and_records_each_kind_at_its_call_site(consumer: pytest.Pytester) -> None:
    r, rep = _run(consumer)
    r.assert_outcomes(passed=5)  # each call went on as the drop-in's
    got = {(x["kind"], x["line"], x["function"], x["test"]) for x in rep["records"]}
    assert got == _expected()
    assert {x["file"] for x in rep["records"]} == {"mylib.py"}
    axis = [x for x in rep["records"] if x["kind"] == "axis"]
    assert axis[0]["count"] == 2 and axis[0]["exception"] == "TypeError"
    assert axis[0]["message"].startswith("sum: axis must be an int or a tuple of ints")
    assert rep["total"] == 7 and rep["tests"] == 4


def test_the_json_schema(consumer: pytest.Pytester) -> None:
    _, rep = _run(consumer)
    assert rep["schema"] == "nx-portability-report/1"
    assert rep["namespace"] == "nx_array_api.strict"
    assert rep["kinds"] == KINDS
    assert set(rep) == {"schema", "namespace", "total", "tests", "kinds", "summary", "records"}
    for x in rep["records"]:
        assert set(x) == {"kind", "file", "line", "function", "test", "count", "exception", "message"}
        assert x["kind"] in KINDS
    for x in rep["summary"]:
        assert set(x) == {"kind", "file", "line", "function", "count", "tests", "first_test", "exception", "message"}
    assert [x["count"] for x in rep["summary"]] == sorted((x["count"] for x in rep["summary"]), reverse=True)
    assert sum(x["count"] for x in rep["summary"]) == rep["total"]


def test_the_terminal_table(consumer: pytest.Pytester) -> None:
    r, _ = _run(consumer)
    r.stdout.fnmatch_lines(
        [
            "*= nx portability report =*",
            "7 uses nx's strict namespace refuses*in 4 tests, at 6 call sites*",
            "*count*tests*kind*call site",
            "*2*1*axis*mylib.py:22 (total)",
            "*1*1*python scalar*mylib.py:6 (halve)",
            "JSON report: report.json",
        ]
    )


def test_xdist_workers_records_are_merged(consumer: pytest.Pytester) -> None:
    pytest.importorskip("xdist")
    r, rep = _run(consumer, "-n", "2", "-p", "xdist")
    r.assert_outcomes(passed=5)
    assert {(x["kind"], x["line"], x["function"], x["test"]) for x in rep["records"]} == _expected()
    assert rep["total"] == 7


def test_a_refusal_the_drop_in_makes_too_is_not_recorded(consumer: pytest.Pytester) -> None:
    consumer.makepyfile(
        test_devices='''
import array_api_strict as xp
import mylib

def test_two_devices():
    mylib.both_refuse(xp.ones(2), xp.ones(2, device=xp.Device("device1")))
'''
    )
    r, rep = _run(consumer, "test_devices.py")
    r.assert_outcomes(failed=1)  # arrays of two devices: no namespace combines them
    assert rep["records"] == [] and rep["total"] == 0


def test_refuse_raises_unless_recording() -> None:
    assert STRICT.recorder is None and DROPIN.recorder is None
    with pytest.raises(TypeError, match="^multiply: a Python float cannot be promoted with an int64 array"):
        sx.asarray([1, 2]) * 0.5
    rec = Recorder()
    STRICT.recorder = rec
    try:
        y = sx.asarray([1, 2]) * 0.5
        with pytest.raises(ValueError):  # the drop-in's own refusals still raise
            DROPIN.refuse("argument", ValueError("f: refused"))
    finally:
        STRICT.recorder = None
    np.testing.assert_array_equal(np.asarray(y), [0.5, 1.0])
    (r,) = rec.records()
    assert r["kind"] == "python scalar" and r["file"].endswith("test_portability_report.py") and r["function"] == "test_refuse_raises_unless_recording"


def test_the_table_lists_the_first_rows_and_says_how_many_more() -> None:
    rec = Recorder()
    rec.add([{"kind": "index", "file": "a.py", "line": i, "function": "f", "test": "t", "count": i, "exception": "IndexError", "message": "m"} for i in range(1, 31)])
    lines = _report_hooks.table(rec, rows=3)
    assert lines[1].split() == ["30", "1", "index", "a.py:30", "(f)"]
    assert lines[-1] == "... 27 more rows in the JSON report"
