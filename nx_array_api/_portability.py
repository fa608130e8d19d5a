"""Record mode: the strict namespace's refusals recorded instead of raised.

Every refusal the strict namespace makes and the drop-in does not (a promotion across
kinds, a non-standard index, a flag-gated function, a write through shared memory, ...)
goes through one method, ``Namespace.refuse(kind, exc)`` (``_flags``): it raises ``exc``,
or, while a ``Recorder`` is the strict namespace's ``recorder``, records the
refusal and returns, and the caller goes on as the drop-in namespace would. Nothing is
checked on the path of a call the strict namespace accepts: record mode costs nothing
while it is off, and nothing but the recording while it is on.

A refusal that code between it and the test catches (``try: np.asarray(x) except
RuntimeError:``, ``np.iterable(x)``, nx's own fallbacks) is raised as in strict mode and
only counted: the code handles it, as it handles array-api-strict's (``caught``).

A record is the refusal's kind (``KINDS``), the consumer's call site (the first frame
outside nx, NumPy, pytest, pluggy and the standard library: its file, line and function), the
current test (``Recorder.test``, which a test runner sets) and the first message; the
same refusal at the same site in the same test is counted, not repeated.

This module uses the standard library alone; the pytest hooks that drive it are
``nx_array_api.strict._report_hooks``.
"""

from __future__ import annotations

import builtins
import dis
import os
import sys
import sysconfig
from typing import Any, Collection

__all__ = ["KINDS", "STALE_READ", "Recorder", "call_site", "caught", "short_site"]

#: The kinds of refusal, each with what it means (the report's legend).
KINDS = {
    "dtype promotion": "two dtypes of different kinds (int and float, signed and unsigned beyond the table) promoted together",
    "python scalar": "a Python scalar of another kind than the array's (int array * 0.5, True + x), a NumPy scalar taken as one, an int out of the dtype's range in a comparison or isin",
    "dtype category": "a dtype outside the category the standard gives the function (the drop-in takes it, as NumPy does)",
    "index": "an index the standard does not specify (a list, a NumPy array, an out-of-bounds slice, a key without ...)",
    "assignment dtype": "a value whose dtype an assignment would change (a float into an integer array)",
    "axis": "an axis given as a list where the standard says tuple, or a positive axis where it says negative (vecdot, cross)",
    "argument": "an argument of a type or form the standard does not specify (a 0-d array for a scalar, a list of arrays)",
    "device": "a device given by name, or NumPy or DLPack export of an array on a virtual device (device1, ...)",
    "conversion": "float(x), int(x), bool(x) of an array that is not 0-d, len(x), iteration over an array that is not 1-D, a format spec, x.__array__() (Python 3.12 and later)",
    "flag-gated function": "a function the api_version or enabled_extensions flag turns off",
    "flag-gated behaviour": "a behaviour a later version of the standard added, or the boolean_indexing/data_dependent_shapes flag turns off",
    "stale read": "a read of elements that a write through another array sharing their memory changed (whether a write through a view is seen by its base is not portable)",
}

#: The kind of a read of elements changed through shared memory: array-api-strict does not
#: check it, so a recorder takes it whatever code catches it (``Namespace.refuse``).
STALE_READ = "stale read"

#: Modules whose frames are never a consumer's call site (the first parts of their names):
#: nx's, the test runner's, and NumPy's (``np.asarray(x)``, ``np.iterable(x)``: the call
#: site is the consumer's line that handed the array to NumPy).
_NOT_CONSUMER = ("nx_array_api", "nx_core", "array_api_strict", "_pytest", "pytest", "pluggy", "xdist", "execnet", "numpy")
#: co_filename -> its path relative to its sys.path entry ("sklearn/utils/_x.py"), or ""
#: for the standard library's files (filled as frames are met).
_FILES: dict[str, str] = {}


def _relative(filename: str) -> str:
    """``_FILES[filename]``, computed."""
    paths = sysconfig.get_paths()
    stdlib = {os.path.realpath(paths["stdlib"]), os.path.realpath(paths["platstdlib"])}
    real = os.path.realpath(filename)
    if filename.startswith("<frozen") or (any(real.startswith(p + os.sep) for p in stdlib) and "site-packages" not in real):
        return ""
    for p in sorted({os.path.realpath(p) for p in sys.path if p}, key=len, reverse=True):
        if real.startswith(p + os.sep) and p not in stdlib:
            return real[len(p) + 1 :].replace(os.sep, "/")
    return filename


def short_site(site: str) -> str:
    """``file:line`` with the file as the report writes it (relative to its ``sys.path``
    entry)."""
    filename, _, line = site.rpartition(":")
    if not filename:
        return site
    short = _FILES.get(filename)
    if short is None:
        short = _FILES[filename] = _relative(filename)
    return f"{short or filename}:{line}"


def call_site(frame: Any) -> tuple[str, int, str]:
    """(file, line, function) of the first consumer frame at or above ``frame``: the first
    outside the modules of ``_NOT_CONSUMER`` and the standard library; ("?", 0, "?") where
    there is none."""
    while frame is not None:
        if frame.f_globals.get("__name__", "").partition(".")[0] not in _NOT_CONSUMER:
            code = frame.f_code
            short = _FILES.get(code.co_filename)
            if short is None:
                short = _FILES[code.co_filename] = _relative(code.co_filename)
            if short:
                return short, frame.f_lineno, code.co_name
        frame = frame.f_back
    return "?", 0, "?"


_MISSING = object()
_RUNNER = ("_pytest", "pytest", "pluggy")
#: code object -> (its instructions, offset -> index, its exception table)
_CODE: dict[Any, tuple[list[Any], dict[int, int], list[Any]]] = {}


def _code(code: Any) -> tuple[list[Any], dict[int, int], list[Any]]:
    info = _CODE.get(code)
    if info is None:
        bc = dis.Bytecode(code)
        ins = list(bc)
        info = _CODE[code] = (ins, {op.offset: k for k, op in enumerate(ins)}, list(getattr(bc, "exception_entries", ())))
    return info


def _load(frame: Any, op: Any, stack: list[Any]) -> Any:
    """The value instruction ``op`` of an except clause's type expression pushes, or _MISSING."""
    name = op.opname
    if name in ("LOAD_GLOBAL", "LOAD_NAME"):
        v = frame.f_globals.get(op.argval, _MISSING)
        return getattr(builtins, op.argval, _MISSING) if v is _MISSING else v
    if name in ("LOAD_FAST", "LOAD_DEREF", "LOAD_CLASSDEREF"):
        return frame.f_locals.get(op.argval, _MISSING)
    if name == "LOAD_ATTR" and stack:
        return getattr(stack.pop(), op.argval, _MISSING)
    if name == "LOAD_CONST":
        return op.argval
    if name == "BUILD_TUPLE" and len(stack) >= op.argval:
        v = tuple(stack[len(stack) - op.argval :])
        del stack[len(stack) - op.argval :]
        return v
    return _MISSING


def _handler_catches(frame: Any, target: int, exc: BaseException) -> bool | None:
    """Whether the handler at offset ``target`` of ``frame``'s code is an ``except``
    whose clauses catch ``exc``: True or False; None where it is no except handler this
    can read (a ``with`` block's, a ``finally``'s, a cleanup), so that the next handler out
    decides."""
    ins, index, _ = _code(frame.f_code)
    k = index.get(target)
    if k is None or ins[k].opname != "PUSH_EXC_INFO":
        return None
    k += 1
    if ins[k].opname == "POP_TOP":
        return True  # a bare except
    while True:
        stack: list[Any] = []
        while ins[k].opname != "CHECK_EXC_MATCH":
            v = _load(frame, ins[k], stack)
            if v is _MISSING:
                return None
            stack.append(v)
            k += 1
        try:
            if len(stack) == 1 and isinstance(exc, stack[0]):
                return True
        except TypeError:  # not a type: no clause this can read
            return None
        jump = ins[k + 1]
        if not jump.opname.startswith("POP_JUMP") or jump.argval not in index:
            return False
        k = index[jump.argval]
        if ins[k].opname == "RERAISE":
            return False  # no clause matched


def _length_hint(frame: Any) -> bool:
    """Whether ``frame`` is an array's ``__len__`` that CPython called for a length hint
    (``list(x)``, ``tuple(x)``: their C code asks ``len`` and drops a TypeError): its
    caller's line calls no ``len``."""
    caller = frame.f_back
    if frame.f_code.co_name != "__len__" or caller is None:
        return False
    ins, _, _ = _code(caller.f_code)
    line = caller.f_lineno
    return not any(op.argval == "len" and op.positions is not None and op.positions.lineno == line for op in ins)


def caught(exc: BaseException, frame: Any) -> bool:
    """Whether a ``try``/``except`` active in ``frame`` or a frame above it, below the test
    runner's, catches ``exc`` (the handlers' types evaluated as each frame sees them), or
    CPython's C code does (a length hint, ``_length_hint``)."""
    if _length_hint(frame):
        return True
    while frame is not None:
        if frame.f_globals.get("__name__", "").partition(".")[0] in _RUNNER:
            return False
        _, _, entries = _code(frame.f_code)
        at = frame.f_lasti
        for _ in range(16):
            entry = next((e for e in entries if e.start <= at < e.end), None)
            if entry is None:
                break
            if _handler_catches(frame, entry.target, exc):
                return True
            at = entry.target
        frame = frame.f_back
    return False


class Recorder:
    """The refusals recorded in record mode: ``counts`` maps (kind, file, line,
    function, test, write) to [count, exception type, first message]. ``kinds``: the
    kinds it records (the others raise); None, every kind."""

    def __init__(self, kinds: Collection[str] | None = None) -> None:
        self.counts: dict[tuple[str, str, int, str, str, str], list[Any]] = {}
        self.kinds = None if kinds is None else frozenset(kinds)
        #: The refusals raised because code between them and the test caught them.
        self.caught = 0
        #: The id of the test running now ("" outside a test); a test runner sets it.
        self.test = ""

    def takes(self, kind: str) -> bool:
        """Whether refusals of ``kind`` are recorded rather than raised."""
        return self.kinds is None or kind in self.kinds

    def record(self, kind: str, exc: BaseException, frame: Any, write: str = "") -> None:
        """Records refusal ``exc`` of ``kind``, made in a call whose innermost frame is
        ``frame``; ``write``: a stale read's write site (``file:line``)."""
        key = (kind, *call_site(frame), self.test, short_site(write) if write else "")
        entry = self.counts.get(key)
        if entry is None:
            self.counts[key] = [1, type(exc).__name__, str(exc).partition("\n")[0]]
        else:
            entry[0] += 1

    def records(self) -> list[dict[str, Any]]:
        """The records, as the JSON report lists them (most frequent first)."""
        out = [
            {"kind": k, "file": f, "line": ln, "function": fn, "test": t, "write": w, "count": c, "exception": e, "message": m}
            for (k, f, ln, fn, t, w), (c, e, m) in self.counts.items()
        ]
        out.sort(key=lambda r: (-r["count"], r["kind"], r["file"], r["line"], r["write"], r["test"]))
        return out

    def add(self, records: list[dict[str, Any]]) -> None:
        """Adds records in ``records()``'s form (another process's: a pytest-xdist worker's)."""
        for r in records:
            key = (r["kind"], r["file"], r["line"], r["function"], r["test"], r.get("write", ""))
            entry = self.counts.get(key)
            if entry is None:
                self.counts[key] = [r["count"], r["exception"], r["message"]]
            else:
                entry[0] += r["count"]

    def summary(self, kind: str | None = None) -> list[dict[str, Any]]:
        """The records (of ``kind``, or all) by kind, call site and write site, over all
        tests: each with its count, the tests it occurred in (their number, the first,
        and all of them in ``test_ids``, sorted) and the first message (most frequent first)."""
        rows: dict[tuple[str, str, int, str, str], dict[str, Any]] = {}
        for r in sorted(self.records(), key=lambda r: r["test"]):
            if kind is not None and r["kind"] != kind:
                continue
            key = (r["kind"], r["file"], r["line"], r["function"], r["write"])
            row = rows.get(key)
            if row is None:
                rows[key] = row = {
                    "kind": r["kind"],
                    "file": r["file"],
                    "line": r["line"],
                    "function": r["function"],
                    "write": r["write"],
                    "count": 0,
                    "tests": 0,
                    "first_test": r["test"],
                    "test_ids": [],
                    "exception": r["exception"],
                    "message": r["message"],
                }
            row["count"] += r["count"]
            row["tests"] += 1
            row["test_ids"].append(r["test"])
        return sorted(rows.values(), key=lambda r: (-r["count"], -r["tests"], r["kind"], r["file"], r["line"], r["write"]))
