"""nx's strict namespace served as ``array_api_strict``: ``serve_as_array_api_strict()`` in
a process, ``pytest -p nx_array_api.strict.pytest_plugin`` in a test run, its xdist
workers and its subprocesses; the real array-api-strict without the flag.

Serving renames a module for the rest of its process, so each case runs in a fresh Python
process of its own (the test suite itself keeps comparing nx with the real
array-api-strict).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from nx_array_api.strict import _serve

NX_STRICT = str(Path(_serve.__file__).resolve().parent)


def _env(**extra: str) -> dict[str, str]:
    # (this run's own xdist worker's variables too: the inner run is a pytest of its own)
    env = {k: v for k, v in os.environ.items() if k not in (_serve.ENV, _serve.STALE_ENV, "PYTHONPATH", "PYTEST_ADDOPTS") and not k.startswith("PYTEST_XDIST")}
    env.update(extra)
    return env


def _python(code: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env or _env(), cwd=cwd, timeout=300
    )


def _json(code: str, env: dict[str, str] | None = None) -> dict:
    done = _python(code, env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


_DESCRIBE = """
    import json, sys
    import array_api_strict as xp
    import array_api_strict.linalg, array_api_strict.fft
    import array_api_compat
    x = xp.asarray([1.0, 2.0])
    print(json.dumps({
        "name": xp.__name__, "file": xp.__file__, "version": xp.__version__,
        "public": sorted(n for n in dir(xp) if not n.startswith("_")),
        "all": sorted(xp.__all__),
        "linalg": sorted(xp.linalg.__all__),
        "fft": sorted(xp.fft.__all__),
        "submodules": [sys.modules["array_api_strict.linalg"] is xp.linalg, sys.modules["array_api_strict.fft"] is xp.fft],
        "namespace_of_array": x.__array_namespace__() is xp,
        "recognised": array_api_compat.is_array_api_strict_namespace(array_api_compat.array_namespace(x)),
        "device": repr(xp.Device("device1")),
        "repr": [repr(xp.asarray(1)), repr(xp.asarray([1.5], device=xp.Device("device1")))],
    }))
"""

_REAL = """
    import json
    import array_api_strict as xp
    print(json.dumps({
        "file": xp.__file__, "version": xp.__version__,
        "public": sorted(n for n in dir(xp) if not n.startswith("_")),
        "all": sorted(xp.__all__),
        "linalg": sorted(xp.linalg.__all__),
        "fft": sorted(xp.fft.__all__),
    }))
"""

#: array-api-strict's public names that are not its API: ``types.ModuleType``, which its
#: ``__init__`` imports to annotate and leaves in its namespace.
NOT_API = {"ModuleType"}


def _served(description: dict) -> None:
    assert description["name"] == "array_api_strict"
    assert Path(description["file"]).resolve().parent == Path(NX_STRICT)
    assert description["submodules"] == [True, True]
    assert description["namespace_of_array"] and description["recognised"]
    # as array-api-strict writes them (marray's test_repr compares them)
    assert description["device"] == "array_api_strict.Device('device1')"
    assert description["repr"] == [
        "Array(1, dtype=array_api_strict.int64)",
        "Array([1.5], dtype=array_api_strict.float64, device=array_api_strict.Device('device1'))",
    ]


def test_serve_in_process_has_every_public_name_of_array_api_strict() -> None:
    real = _json(_REAL)
    assert real["version"].startswith("2.6")
    served = _json("from nx_array_api.strict import serve_as_array_api_strict\nserve_as_array_api_strict()\n" + textwrap.dedent(_DESCRIBE))
    _served(served)
    assert served["version"] == real["version"] == _serve.ARRAY_API_STRICT_VERSION
    assert set(real["public"]) - NOT_API <= set(served["public"])
    # nx's __all__ adds Array and its own names of the flag functions (Flags, set_flags, ...)
    assert set(real["all"]) <= set(served["all"])
    for ext in ("linalg", "fft"):
        assert set(real[ext]) <= set(served[ext]), ext


def test_served_dtypes_are_foreign_to_numpy_as_array_api_strict_s() -> None:
    code = """
        import json, warnings
        import numpy as np
        from nx_array_api.strict import serve_as_array_api_strict
        xp = serve_as_array_api_strict()
        try:
            np.dtype(xp.float64)
            read = True
        except TypeError:
            read = False
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            equal = bool(np.dtype("float64") == xp.float64)
        x = xp.asarray([1.0, 2.0])
        print(json.dumps({"read": read, "equal": equal, "sum": float(xp.sum(xp.astype(x, xp.float32)))}))
    """
    assert _json(code) == {"read": False, "equal": False, "sum": 3.0}
    real = _json(code.replace("from nx_array_api.strict import serve_as_array_api_strict", "import array_api_strict").replace(
        "xp = serve_as_array_api_strict()", "xp = array_api_strict"))
    assert real == {"read": False, "equal": False, "sum": 3.0}


def test_serve_twice_is_the_same_module_and_nx_name_is_the_same_module() -> None:
    out = _json(
        """
        import json
        import nx_array_api.strict as nxs
        from nx_array_api.strict import serve_as_array_api_strict
        a = serve_as_array_api_strict()
        b = serve_as_array_api_strict()
        import array_api_strict
        print(json.dumps([a is b is array_api_strict is nxs, float(array_api_strict.sum(nxs.ones(3)))]))
        """
    )
    assert out == [True, 3.0]


def test_serve_after_the_real_package_is_imported_is_refused() -> None:
    done = _python(
        """
        import array_api_strict
        from nx_array_api.strict import serve_as_array_api_strict
        serve_as_array_api_strict()
        """
    )
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("RuntimeError: serve_as_array_api_strict: the real array_api_strict (")
    assert "is already imported in this process" in last


def test_nothing_changes_without_the_flag() -> None:
    real = _json(_REAL)
    assert Path(real["file"]).resolve().parent != Path(NX_STRICT)
    out = _json(
        """
        import json, sys
        import nx_array_api.strict as s
        print(json.dumps([s.__name__, "array_api_strict" in sys.modules, repr(s.asarray(1)), repr(s.Device("device1"))]))
        """
    )
    assert out == ["nx_array_api.strict", False, "Array(1, dtype=int64)", "nx_array_api.strict.Device('device1')"]


def test_shim_on_the_path_without_the_variable_gives_the_real_package() -> None:
    real = _json(_REAL)
    with_shim = _json(_REAL, _env(PYTHONPATH=_serve.SHIM))
    assert with_shim["file"] == real["file"]
    assert with_shim["public"] == real["public"]


def test_environment_serves_a_subprocess() -> None:
    served = _json(_DESCRIBE, _serve.environment(_env()))
    _served(served)


_INNER_CONFTEST = """
import array_api_strict  # imported by the conftest, before any test: nx's already

IMPORTED_BY_CONFTEST = array_api_strict
"""

_INNER_TEST = """
import os, subprocess, sys
import pytest

import array_api_strict as xp
from conftest import IMPORTED_BY_CONFTEST


def test_served_here():
    assert xp.__name__ == "array_api_strict" and "nx_array_api" in xp.__file__
    assert IMPORTED_BY_CONFTEST is xp
    assert os.environ.get("PYTEST_XDIST_WORKER", "main") == os.environ["EXPECT_WORKER"]


def test_served_in_a_subprocess():
    code = "import array_api_strict as xp; print(xp.__name__, xp.__file__, float(xp.sum(xp.ones(2))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    name, file, total = out.split()
    assert name == "array_api_strict" and "nx_array_api" in file and total == "2.0"


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning:array_api_strict")
def test_warning_filter_for_array_api_strict_holds():
    x = xp.asarray([xp.inf])
    assert bool(xp.isnan(x - x)[0])
"""


@pytest.mark.parametrize("workers", [None, "1"], ids=["in-process", "xdist-worker"])
def test_pytest_plugin(tmp_path: Path, workers: str | None) -> None:
    (tmp_path / "conftest.py").write_text(_INNER_CONFTEST)
    (tmp_path / "test_inner.py").write_text(_INNER_TEST)
    args = [sys.executable, "-m", "pytest", "-p", "nx_array_api.strict.pytest_plugin", "-p", "no:cacheprovider", "-W", "error"]
    args += ["-n", workers] if workers else ["-p", "no:xdist"]
    env = _env(EXPECT_WORKER="gw0" if workers else "main")
    done = subprocess.run([*args, "test_inner.py"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 passed" in done.stdout
    assert "array_api_strict is nx's strict namespace" in done.stdout


def test_pytest_plugin_refuses_when_a_plugin_imported_the_real_package(tmp_path: Path) -> None:
    (tmp_path / "early.py").write_text("import array_api_strict\n")
    (tmp_path / "test_inner.py").write_text("def test_x():\n    pass\n")
    args = [sys.executable, "-m", "pytest", "-p", "early", "-p", "nx_array_api.strict.pytest_plugin", "-p", "no:xdist", "test_inner.py"]
    done = subprocess.run(args, capture_output=True, text=True, env=_env(PYTHONPATH=str(tmp_path)), cwd=tmp_path, timeout=300)
    assert done.returncode != 0
    assert "serve_as_array_api_strict: the real array_api_strict (" in done.stdout + done.stderr


# ---------------------------------------------------------------- stale reads while served
_STALE_TEST = """\
import os, subprocess, sys
import array_api_strict as xp


def overwrite(x):
    v = x[1:3]
    v[0] = 5.0
    return float(x[1])


def test_one():
    assert overwrite(xp.asarray([1.0, 2.0, 3.0])) == 5.0


def test_two():
    assert overwrite(xp.asarray([0.0, 1.0, 2.0, 3.0])) == 5.0


def test_in_a_subprocess():
    code = "import array_api_strict as xp; x = xp.asarray([1.0, 2.0]); v = x[1:]; v[0] = 7.0; print(float(x[1]))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if os.environ["NX_STALE_READS"] == "raise":
        assert "ValueError: __getitem__: reading elements of an array that the write at <string>:1" in done.stderr
    else:
        assert done.returncode == 0 and done.stdout.strip() == "7.0", done.stderr
"""
#: The lines of _STALE_TEST's write and read.
_WRITE, _READ = (_STALE_TEST.splitlines().index(f"    {s}") + 1 for s in ("v[0] = 5.0", "return float(x[1])"))
_SECTION = "stale reads nx found (array-api-strict does not check these)"


def _run_stale(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_stale.py").write_text(_STALE_TEST)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "nx_array_api.strict.pytest_plugin", "-p", "no:cacheprovider", *args, "test_stale.py"]
    return subprocess.run(cmd, capture_output=True, text=True, env=_env(**env), cwd=tmp_path, timeout=300)


@pytest.mark.parametrize("workers", [None, "2"], ids=["in-process", "xdist-workers"])
def test_served_stale_reads_are_recorded_and_listed_at_the_end(tmp_path: Path, workers: str | None) -> None:
    done = _run_stale(tmp_path, *(["-n", workers] if workers else ["-p", "no:xdist"]))
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    assert "3 passed" in out.splitlines()[-1]
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if _SECTION in line)
    assert lines[start + 1].startswith("4 reads of elements that a write through another array sharing their memory changed, at 1 write -> read sites")
    assert lines[start + 2].split() == ["count", "tests", "write", "site", "->", "read", "site", "(function)"]
    # each test reads twice: x[1] (a stale element) and float() of it; the workers' merged
    assert lines[start + 3].split() == ["4", "2", f"test_stale.py:{_WRITE}", "->", f"test_stale.py:{_READ}", "(overwrite)"]
    assert [line.strip() for line in lines[start + 4 : start + 6]] == ["test_stale.py::test_one", "test_stale.py::test_two"]


@pytest.mark.parametrize("how", ["option", "environment"])
def test_served_stale_reads_raise_on_request(tmp_path: Path, how: str) -> None:
    if how == "option":
        done = _run_stale(tmp_path, "-p", "no:xdist", "--nx-stale-reads=raise")
    else:
        done = _run_stale(tmp_path, "-n", "1", **{_serve.STALE_ENV: "raise"})
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    assert "2 failed, 1 passed" in out.splitlines()[-1]
    assert "ValueError: __getitem__: reading elements of an array that the write at" in out
    assert _SECTION not in out


def test_serve_as_array_api_strict_records_stale_reads_and_raises_on_request() -> None:
    code = """
        import json
        from nx_array_api._flags import STRICT
        from nx_array_api.strict import serve_as_array_api_strict

        def overwrite(xp):
            x = xp.asarray([1.0, 2.0, 3.0])
            v = x[1:]
            v[0] = 5.0
            return float(x[1])

        xp = serve_as_array_api_strict()
        read = overwrite(xp)
        (r,) = STRICT.recorder.records()
        serve_as_array_api_strict(stale_reads="raise")
        try:
            overwrite(xp)
            raised = None
        except ValueError as e:
            raised = str(e).partition(":")[0]
        print(json.dumps([read, r["kind"], r["count"], r["write"], r["function"], raised, STRICT.recorder is None]))
    """
    # (x[1] reads the stale element, float() reads it again)
    assert _json(code) == [5.0, "stale read", 2, "<string>:9", "overwrite", "__getitem__", True]
    # the environment's default
    assert _json(code, _env(**{_serve.STALE_ENV: "record"}))[0] == 5.0
    done = _python("from nx_array_api.strict import serve_as_array_api_strict; serve_as_array_api_strict()", _env(**{_serve.STALE_ENV: "maybe"}))
    assert "ValueError: serve_as_array_api_strict: stale_reads must be 'record' or 'raise', not 'maybe'" in done.stderr


def test_not_served_a_stale_read_raises() -> None:
    done = _python(
        """
        import nx_array_api.strict as xp
        x = xp.asarray([1.0, 2.0, 3.0])
        v = x[1:]
        v[0] = 5.0
        float(x[1])
        """,
        _env(**{_serve.STALE_ENV: "record"}),  # (read while served only)
    )
    assert done.returncode == 1
    assert "ValueError: __getitem__: reading elements of an array that the write at <string>:5 changed" in done.stderr
