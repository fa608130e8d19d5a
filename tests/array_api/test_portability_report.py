"""The portability report: record mode of the strict namespace and its pytest hooks
(``-p nx_array_api.strict._report_hooks --nx-portability-report=PATH``), run on a small
consumer of its own (a library module and its tests) in pytest processes of their own,
and each refusal's record and drop-in answer in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest

import nx_array_api as nx
import nx_array_api.strict as sx
from nx_array_api._flags import DROPIN, STRICT
from nx_array_api._portability import KINDS, Recorder
from nx_array_api.strict import _report_hooks

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
    return float(x[1])


def both_refuse(x, y):
    return x + y


def is_iterable(x):
    return np.iterable(x)
'''
LINES = {"halve": 6, "mixed": 10, "ratio": 14, "first_row": 18, "total": 22, "overwrite": 28, "is_iterable": 36}

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


def test_stale_read():
    assert mylib.overwrite(xp.zeros(3)) == 7.0


def test_numpy_probe():
    assert not mylib.is_iterable(xp.ones((2, 2)))


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

TWO_DEVICES = '''\
import array_api_strict as xp
import mylib


def test_two_devices():
    mylib.both_refuse(xp.ones(2), xp.ones(2, device=xp.Device("device1")))
'''

PLUGIN = ["-p", "nx_array_api.strict._report_hooks", "-p", "no:cacheprovider", "-p", "no:randomly"]


class Run(NamedTuple):
    returncode: int
    stdout: str
    report: dict | None


def _run(where: Path, *args: str) -> Run:
    """pytest in a process of its own on the consumer at ``where``."""
    report = where / "report.json"
    report.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(where), os.environ.get("PYTHONPATH", "")])}
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", *PLUGIN, *args], cwd=where, env=env, capture_output=True, text=True, timeout=600)
    return Run(p.returncode, p.stdout, json.loads(report.read_text()) if report.exists() else None)


def _outcomes(stdout: str) -> str:
    return stdout.strip().splitlines()[-1].split(" in ")[0]


@pytest.fixture(scope="module")
def consumer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("consumer")
    for name, text in (("mylib", LIBRARY), ("test_consumer", TESTS), ("test_devices", TWO_DEVICES), ("conftest", CONFTEST)):
        (where / f"{name}.py").write_text(text)
    return where


@pytest.fixture(scope="module")
def recorded(consumer: Path) -> Run:
    return _run(consumer, "--nx-portability-report=report.json")


def _expected() -> set[tuple[str, int, str, str]]:
    t = "test_consumer.py::"
    return {
        ("python scalar", LINES["halve"], "halve", t + "test_scalar"),
        ("dtype promotion", LINES["mixed"], "mixed", t + "test_promotion_and_divide"),
        ("dtype category", LINES["ratio"], "ratio", t + "test_promotion_and_divide"),
        ("index", LINES["first_row"], "first_row", t + "test_index_and_axis"),
        ("axis", LINES["total"], "total", t + "test_index_and_axis"),
        ("stale read", LINES["overwrite"], "overwrite", t + "test_stale_read"),
    }


def test_without_the_option_the_strict_namespace_refuses(consumer: Path) -> None:
    r = _run(consumer)
    assert _outcomes(r.stdout) == "5 failed, 2 passed", r.stdout
    assert r.report is None and "nx portability report" not in r.stdout


def test_record_mode_completes_the_run_and_records_each_kind_at_its_call_site(recorded: Run) -> None:
    # each call went on as the drop-in's; arrays of two devices: no namespace combines
    # them, so the drop-in refuses them too, and nothing is recorded for them
    assert _outcomes(recorded.stdout) == "1 failed, 6 passed", recorded.stdout
    assert "test_devices.py::test_two_devices" in recorded.stdout
    rep = recorded.report
    got = {(x["kind"], x["line"], x["function"], x["test"]) for x in rep["records"]}
    assert got == _expected()
    assert {x["file"] for x in rep["records"]} == {"mylib.py"}
    axis = [x for x in rep["records"] if x["kind"] == "axis"]
    assert axis[0]["count"] == 2 and axis[0]["exception"] == "TypeError"
    assert axis[0]["message"].startswith("sum: 'axis' must be None, an integer or a tuple of integers")
    # (the stale read counts twice: x[1] reads the stale element, and float() of the view)
    assert rep["total"] == 8 and rep["tests"] == 4
    # np.iterable(x) asks iter(x), which the strict namespace refuses on a 2-D x, and
    # catches the TypeError: raised as in strict mode, counted, not recorded
    assert rep["caught"] == 1


def test_the_json_schema(recorded: Run) -> None:
    rep = recorded.report
    assert rep["schema"] == "nx-portability-report/1"
    assert rep["namespace"] == "nx_array_api.strict"
    assert rep["kinds"] == KINDS
    assert set(rep) == {"schema", "namespace", "total", "tests", "caught", "kinds", "summary", "records"}
    for x in rep["records"]:
        assert set(x) == {"kind", "file", "line", "function", "test", "write", "count", "exception", "message"}
        assert x["kind"] in KINDS
        # a stale read's write site, as the report writes a file (the others have none)
        assert x["write"] == (f"mylib.py:{LINES['overwrite'] - 1}" if x["kind"] == "stale read" else "")
    for x in rep["summary"]:
        assert set(x) == {"kind", "file", "line", "function", "write", "count", "tests", "first_test", "exception", "message"}
    assert [x["count"] for x in rep["summary"]] == sorted((x["count"] for x in rep["summary"]), reverse=True)
    assert sum(x["count"] for x in rep["summary"]) == rep["total"]


def test_the_terminal_table(recorded: Run) -> None:
    lines = recorded.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "nx portability report" in line)
    assert lines[start + 1].startswith("8 uses nx's strict namespace refuses") and "in 4 tests, at 6 call sites" in lines[start + 1]
    assert lines[start + 2].startswith("1 more refusals were caught by the code that made them")
    assert lines[start + 3].split() == ["count", "tests", "kind", "call", "site"]
    assert lines[start + 4].split() == ["2", "1", "axis", "mylib.py:22", "(total)"]
    assert ["1", "1", "python", "scalar", "mylib.py:6", "(halve)"] in [line.split() for line in lines[start + 5 : start + 10]]
    assert lines[start + 10] == "JSON report: report.json"


def test_xdist_workers_records_are_merged(consumer: Path, recorded: Run) -> None:
    pytest.importorskip("xdist")
    r = _run(consumer, "--nx-portability-report=report.json", "-p", "xdist", "-n", "2")
    assert _outcomes(r.stdout) == "1 failed, 6 passed", r.stdout
    assert {(x["kind"], x["line"], x["function"], x["test"]) for x in r.report["records"]} == _expected()
    assert r.report["records"] == recorded.report["records"] and r.report["caught"] == 1


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


def _write_view(ns: Any) -> Any:
    x = ns.zeros(3)
    v = x[1:]
    v[0] = 7.0
    return float(x[1])  # x is stale where v wrote: the read is the refusal


def _float_into_int(ns: Any) -> Any:
    z = ns.zeros(3, dtype=ns.int64)
    z[0] = 2.7
    return z


def _float_array_into_int(ns: Any) -> Any:
    z = ns.zeros(2, dtype=ns.int64)
    z[...] = ns.asarray([0.5, 1.5])
    return z


def _gated(ns: Any) -> Any:
    x = ns.asarray([1.0, 4.0, 9.0])
    if ns is sx:
        with sx.ArrayAPIStrictFlags(api_version="2023.12"):
            return sx.diff(x)
    return ns.diff(x)


def _device1(ns: Any) -> Any:
    return np.asarray(ns.ones(2, device=ns.Device("device1") if ns is sx else "device1"))


#: (kind, the exception the strict namespace raises, a use of namespace ``ns``).
REFUSALS = [
    ("python scalar", TypeError, lambda ns: ns.asarray([1, 2]) * 0.5),
    ("python scalar", TypeError, lambda ns: ns.asarray([1, 2]) + True),
    ("python scalar", TypeError, lambda ns: ns.asarray([1.0, 2.0]) + np.float32(2)),
    ("python scalar", OverflowError, lambda ns: ns.asarray([1, 2], dtype=ns.uint8) < -1),
    ("python scalar", TypeError, _float_into_int),
    ("dtype promotion", TypeError, lambda ns: ns.asarray([1, 2]) + ns.asarray([0.5, 1.5])),
    ("dtype category", TypeError, lambda ns: ns.asarray([1, 2]) / ns.asarray([2, 2])),
    ("dtype category", TypeError, lambda ns: ns.imag(ns.asarray([1.0, 2.0]))),
    ("dtype category", TypeError, lambda ns: ns.logical_and(ns.asarray([0.0, 2.0]), ns.asarray([1.0, 1.0]))),
    ("dtype category", TypeError, lambda ns: ns.logical_not(ns.asarray([0.0, 2.0]))),
    ("index", IndexError, lambda ns: ns.reshape(ns.arange(6), (2, 3))[0]),
    ("index", IndexError, lambda ns: ns.arange(5)[1:10]),
    ("assignment dtype", TypeError, _float_array_into_int),
    ("axis", TypeError, lambda ns: ns.sum(ns.ones((2, 3)), axis=[0])),
    ("argument", TypeError, lambda ns: ns.asarray([ns.ones(2), ns.zeros(2)])),
    ("argument", TypeError, lambda ns: ns.clip(ns.asarray([1, 5, 9]), 0.5, 3)),
    ("argument", ValueError, lambda ns: ns.bitwise_left_shift(ns.asarray([1, 2]), -1)),
    ("argument", ValueError, lambda ns: ns.cumulative_sum(ns.asarray(5.0))),
    ("conversion", TypeError, lambda ns: float(ns.ones((1, 1)))),
    ("conversion", TypeError, lambda ns: len(ns.ones(3))),
    ("conversion", TypeError, lambda ns: [np.asarray(r) for r in ns.reshape(ns.arange(4), (2, 2))]),
    ("conversion", TypeError, lambda ns: format(ns.asarray(2.5), ".1f")),
    ("device", RuntimeError, _device1),
    ("stale read", ValueError, _write_view),
    ("flag-gated function", RuntimeError, _gated),
]


@pytest.mark.parametrize("kind, exc, use", REFUSALS, ids=[f"{k}-{i}" for i, (k, _, _) in enumerate(REFUSALS)])
def test_each_refusal_raises_or_is_recorded_and_gives_the_drop_ins_answer(kind: str, exc: type, use: Any) -> None:
    with pytest.raises(exc):
        use(sx)
    rec = Recorder()
    STRICT.recorder = rec
    try:
        got = use(sx)
    finally:
        STRICT.recorder = None
    want = use(nx)
    if isinstance(want, nx.Array):
        want, got = np.asarray(want), np.asarray(got)
    np.testing.assert_equal(got, want)
    assert {r["kind"] for r in rec.records()} == {kind}
    assert all(r["file"].endswith("test_portability_report.py") for r in rec.records())


def test_a_device_name_is_recorded_and_names_the_strict_namespaces_device() -> None:
    x = sx.ones(2, device=sx.Device("device1"))
    with pytest.raises(ValueError, match="^to_device: unsupported device 'cpu'"):
        x.to_device("cpu")
    rec = Recorder()
    STRICT.recorder = rec
    try:
        assert x.to_device("cpu").device == sx.Device() and sx.asarray([1.0], device="device1").device == x.device
        with pytest.raises(ValueError, match="unsupported device 'gpu'"):  # no device of that name
            sx.asarray([1.0], device="gpu")
    finally:
        STRICT.recorder = None
    assert [(r["kind"], r["count"]) for r in rec.records()] == [("device", 2)]


def _stale_read_of_a_view(v: Any) -> Any:
    w = v[0:1]
    v[0] = 1  # w is stale where v wrote
    return float(w)


@pytest.mark.parametrize("use", [_stale_read_of_a_view, lambda x: x[0:10], lambda x: x * 0.5, lambda x: sx.logical_not(x)], ids=["stale read", "index", "scalar", "logical"])
def test_a_raised_refusal_keeps_no_array_alive(use: Any) -> None:
    # the refusal's traceback holds the frames it passed through; no reference cycle
    # through them may keep their arrays alive until the garbage collector runs, or a
    # view among them would be marked stale by the next write
    import gc

    gc.disable()
    try:
        x = sx.zeros(4, dtype=sx.int64)
        v = x[1:3]
        with pytest.raises((TypeError, IndexError, ValueError)):
            use(v)
        del v
        x[0] = 2  # no view of x is left
    finally:
        gc.enable()
    assert int(x[0]) == 2


def _probe(x: Any) -> bool:
    try:
        np.asarray(x)
        return True
    except (TypeError, RuntimeError, ValueError):
        return False


def _probe_outside(x: Any) -> bool:
    try:
        return bool(np.asarray(x).size)
    except Exception:  # noqa: BLE001
        return False


def test_a_refusal_the_code_catches_is_raised_and_counted() -> None:
    x = sx.ones(2, device=sx.Device("device1"))
    rec = Recorder()
    STRICT.recorder = rec
    try:
        assert not _probe(x) and not _probe_outside(x)  # as in strict mode
        assert np.asarray(x).tolist() == [1.0, 1.0]  # nothing catches it: recorded, the drop-in's answer
        assert not np.iterable(sx.ones((2, 2)))  # NumPy's own try/except TypeError
        assert sx.logical_and(sx.ones(2), sx.ones(2)).dtype == sx.bool  # recorded once, as its kind
    finally:
        STRICT.recorder = None
    assert rec.caught == 3
    assert sorted((r["kind"], r["count"]) for r in rec.records()) == [("device", 1), ("dtype category", 1)]


def test_a_length_hint_is_no_len() -> None:
    # list(x) asks len(x) for a length hint and drops its TypeError, in C
    x = sx.ones(3)
    rec = Recorder()
    STRICT.recorder = rec
    try:
        assert [float(v) for v in list(x)] == [1.0, 1.0, 1.0]
        assert len(x) == 3  # a len(x) of the code's own: recorded
    finally:
        STRICT.recorder = None
    assert rec.caught == 1 and [(r["kind"], r["count"]) for r in rec.records()] == [("conversion", 1)]


def test_a_stale_read_is_recorded_even_where_the_code_catches_it_and_a_stale_recorder_records_nothing_else() -> None:
    # array-api-strict never refuses a stale read: no consumer's except clause is meant for it
    rec = Recorder(kinds=("stale read",))
    STRICT.recorder = rec
    try:
        x = sx.asarray([1.0, 2.0, 3.0])
        v = x[1:]
        v[0] = 5.0; line = sys._getframe().f_lineno  # noqa: E702
        try:
            read = float(x[1])
        except ValueError:
            read = None
        with pytest.raises(TypeError, match="^multiply: a Python float cannot be promoted"):
            sx.asarray([1, 2]) * 0.5  # another kind: raised, not recorded
    finally:
        STRICT.recorder = None
    assert read == 5.0 and rec.caught == 0
    assert [(r["kind"], r["count"], r["function"]) for r in rec.records()] == [("stale read", 2, "test_a_stale_read_is_recorded_even_where_the_code_catches_it_and_a_stale_recorder_records_nothing_else")]
    assert rec.records()[0]["write"].endswith(f"test_portability_report.py:{line}")
