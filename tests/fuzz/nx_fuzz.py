"""Shared machinery of the fuzz suite: hypothesis profiles, the error contract, timeouts.

A plain module the fuzz tests import (``from nx_fuzz import ...``: pytest puts this
folder on ``sys.path``); ``conftest.py`` beside it holds the suite's fixture.

The number of examples per test comes from ``NX_FUZZ_EXAMPLES`` (``make fuzz`` sets it
to 5000); without it the suite stays bounded so that ``make test`` runs it quickly.
"""

from __future__ import annotations

import os
import re
import signal
import threading
from contextlib import contextmanager
from typing import Any, Callable

import numpy as np
from hypothesis import HealthCheck, Phase, settings

import nx_array_api as xp

# ------------------------------------------------------------------ profiles
DEFAULT_EXAMPLES = 12
EXAMPLES = int(os.environ.get("NX_FUZZ_EXAMPLES", DEFAULT_EXAMPLES))
#: Per example: no deadline (the machines running the suite are shared, and loaded by
#: other work: an example's time says nothing about nx), and a hard per-call timeout
#: (``no_hang``) for calls that never return at all: minutes, as a call that hangs
#: never returns however long it is given, while a slow one on a busy machine does.
HANG_S = 120

_common = dict(
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    print_blob=True,
)
# The bounded profile does not shrink (known failures are xfail-marked and must stay cheap)
# and stops at the first bug of a test; the long one shrinks to minimal reproducers.
# (Hypothesis' pytest plugin re-wraps the settings of a parametrized test once per case,
# and with database=None, which derandomize implies, looking the database up walks that
# whole chain: past ~1000 cases of one test function it overflows the stack. So no test
# function here has more than MAX_CASES parametrized cases.)
MAX_CASES = 400
settings.register_profile(
    "nx-fuzz", max_examples=EXAMPLES, derandomize=True, database=None, report_multiple_bugs=False,
    phases=(Phase.explicit, Phase.reuse, Phase.generate), **_common,
)
settings.register_profile("nx-fuzz-long", max_examples=EXAMPLES, **_common)
FUZZ = settings.get_profile("nx-fuzz" if EXAMPLES <= DEFAULT_EXAMPLES else "nx-fuzz-long")
#: Tests whose examples are expensive (threads, whole-buffer comparisons) run fewer.
FEW = settings(FUZZ, max_examples=max(4, EXAMPLES // 10) if EXAMPLES > DEFAULT_EXAMPLES else 4)
#: The per-(function, parameter) tests: over a thousand of them, each over a small space
#: of bad values, so they get a twentieth of a long run's examples.
PER_CASE = settings(FUZZ, max_examples=max(DEFAULT_EXAMPLES, EXAMPLES // 20) if EXAMPLES > DEFAULT_EXAMPLES else min(EXAMPLES, 8))


# ------------------------------------------------------------- the contract
#: What a bad argument may raise. MemoryError is allowed for shapes that are valid but
#: too large to allocate; BufferError only where the standard names it (DLPack).
CONTRACT = (TypeError, ValueError, IndexError, MemoryError)


class Hang(BaseException):
    """A call ran past ``HANG_S`` seconds (BaseException: nothing in nx may swallow it)."""


@contextmanager
def no_hang(seconds: float = HANG_S):
    """Fails the test with ``Hang`` if the block runs longer than ``seconds`` (main thread only)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def _alarm(signum: int, frame: Any) -> None:
        raise Hang(f"call did not return within {seconds} s")

    old = signal.signal(signal.SIGALRM, _alarm)
    # Again every 0.5 s after the first: a Hang raised while Python runs a callback of
    # its own (a garbage collector's callback, a __del__) is printed and dropped, and
    # the call would run on.
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


#: Address space a capped block may add to the process (``memory_cap``).
CAP_BYTES = 2 << 30


@contextmanager
def memory_cap(extra: int = CAP_BYTES):
    """Caps the process's address space at its present size plus ``extra`` bytes for the
    block (the soft ``RLIMIT_AS``, restored after it), so that an allocation a bug would
    make fails with MemoryError instead of taking the machine's memory, whatever the
    system's overcommit policy. Where the limit cannot be read (not Linux), no cap."""
    try:
        import resource

        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * resource.getpagesize()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, OSError, ValueError):
        yield
        return
    cap = size + extra
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _names(name: str | tuple[str, ...]) -> tuple[str, ...]:
    return (name,) if isinstance(name, str) else tuple(name)


def expect_error(fn: Callable[..., Any], *args: Any, name: str | tuple[str, ...], allow: tuple = (), **kwargs: Any) -> BaseException:
    """Calls ``fn`` expecting a contract error whose message starts with (one of) ``name``.

    Returns the exception. Fails on success, on any other exception type and on a
    message that does not name the function.
    """
    try:
        with no_hang():
            r = fn(*args, **kwargs)
    except CONTRACT + tuple(allow) as e:
        msg = str(e)
        names = _names(name)
        assert any(re.match(rf"\s*{re.escape(n)}\b", msg) for n in names), (
            f"{type(e).__name__} message does not start with {names}: {msg!r}"
        )
        return e
    except Hang:
        raise
    except BaseException as e:  # noqa: BLE001 - the point is to catch the wrong ones
        raise AssertionError(f"{names_str(name)} raised {type(e).__module__}.{type(e).__name__}: {e}") from e
    raise AssertionError(f"{names_str(name)}: no error for a bad argument; returned {short(r)}")


def names_str(name: str | tuple[str, ...]) -> str:
    return "/".join(_names(name))


def short(r: Any) -> str:
    try:
        s = repr(r)
    except Exception as e:  # noqa: BLE001
        s = f"<unprintable {type(r).__name__}: {e}>"
    return s if len(s) < 200 else s[:200] + "..."


# ------------------------------------------------------------- array helpers
NX_DTYPES = [
    xp.bool, xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32, xp.uint64,
    xp.float32, xp.float64, xp.complex64, xp.complex128,
]
NP_OF = {d: np.dtype(d.name) for d in NX_DTYPES}

CATEGORY = {
    "all": set(NX_DTYPES),
    "bool": {xp.bool},
    "integer": {xp.int8, xp.int16, xp.int32, xp.int64, xp.uint8, xp.uint16, xp.uint32, xp.uint64},
    "real floating-point": {xp.float32, xp.float64},
    "complex floating-point": {xp.complex64, xp.complex128},
}
CATEGORY["integer or boolean"] = CATEGORY["integer"] | CATEGORY["bool"]
CATEGORY["floating-point"] = CATEGORY["real floating-point"] | CATEGORY["complex floating-point"]
CATEGORY["real numeric"] = CATEGORY["integer"] | CATEGORY["real floating-point"]
CATEGORY["numeric"] = CATEGORY["real numeric"] | CATEGORY["complex floating-point"]


def ordered(ds: set) -> list:
    return [d for d in NX_DTYPES if d in ds]


def promoted(a: Any, b: Any) -> Any:
    """The dtype nx promotes ``a`` and ``b`` to, or None: NumPy 2's result, except a
    signed integer with uint64 (NumPy's float64), which nx refuses."""
    if {NP_OF[a].kind, NP_OF[b].kind} == {"i", "u"} and xp.uint64 in (a, b):
        return None
    r = np.result_type(NP_OF[a], NP_OF[b])
    return next(d for d in NX_DTYPES if NP_OF[d] == r)


def refused_with(dtype: Any, category: str, ints_to_float: bool = False) -> list:
    """The dtypes that do not promote with ``dtype`` into ``category`` (with
    ``ints_to_float``, integers count as float64 first, as divide takes them)."""
    def f(d: Any) -> Any:
        return xp.float64 if ints_to_float and NP_OF[d].kind in "iu" else d

    return [b for b in NX_DTYPES if promoted(f(dtype), f(b)) not in CATEGORY[category]]


def np_values(dtype: Any, shape: tuple[int, ...], seed: int) -> np.ndarray:
    """Small, well-behaved values of ``dtype`` (no overflow in sums, no NaN)."""
    rng = np.random.default_rng(seed)
    nd = NP_OF[dtype]
    if nd.kind == "b":
        return rng.random(shape) > 0.5
    if nd.kind in "iu":
        return rng.integers(0 if nd.kind == "u" else -3, 4, shape).astype(nd)
    if nd.kind == "f":
        return (rng.integers(-8, 9, shape) / 4).astype(nd)
    return ((rng.integers(-8, 9, shape) + 1j * rng.integers(-8, 9, shape)) / 4).astype(nd)
