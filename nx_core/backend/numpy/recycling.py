"""Large results written into the memory of arrays that are already dead.

Why: the C allocator hands large blocks back to the system when they are freed, so a
fresh result of megabytes is fresh pages, and each page faults (and is zeroed by the
system) on its first write. Code written for any array namespace makes such results
where NumPy code writes in place: scikit-learn's ``euclidean_distances`` takes
``maximum`` and ``sqrt`` into fresh arrays of the result's size on every namespace but
NumPy's (``out=``). On 200x20000 float64 the page faults alone cost about as much as the
two operations. A ``Recycler`` keeps the NumPy backend's large results, and gives the
memory of one that has died to the next result of its dtype and shape: the pages are
resident, and the operation costs what it costs writing in place.

Dead means what it means to NumPy's own ``ndarray.resize`` check: CPython's reference
count of the array is the recycler's own reference and nothing else. Everything that
can reach an array's memory holds a reference to the array: a tensor's slot, a view's
``base``, an exported buffer (``memoryview``, ``np.frombuffer``), a DLPack capsule, the
array ``np.asarray`` returns (the array itself). So a dead array's memory is memory the
allocator could have given out again, and reusing it is what ``malloc`` does. An array
someone holds a weak reference to is never reused (the reference would find it alive,
with other values).

Bounds: only results of at least ``MIN_BYTES`` are kept (the allocator reuses smaller
blocks itself), at most ``limit`` bytes in all (``NX_RECYCLE_BYTES``, 256 MiB by default;
0 turns recycling off), the oldest let go first; ``release()`` lets all of them go. Held
live arrays cost nothing (their memory is in use anyway); dead ones are memory the
process keeps, at most ``limit`` bytes, as a caching allocator does. Thread-safe: a dead
array is claimed under a lock, so two threads never take the same one.
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any
from weakref import getweakrefcount

import numpy as np

__all__ = ["MIN_BYTES", "Recycler", "default_limit"]

#: Results smaller than this are left to the allocator (4 MiB: NumPy asks the system for
#: huge pages from this size on, and the C allocator maps blocks of its own from 128 KiB).
MIN_BYTES = 1 << 22


def default_limit() -> int:
    """The bytes a recycler may keep: ``NX_RECYCLE_BYTES`` if set (0 turns recycling
    off), else 256 MiB."""
    v = os.environ.get("NX_RECYCLE_BYTES", "")
    try:
        return max(0, int(v)) if v.strip() else 1 << 28
    except ValueError:
        raise ValueError(f"NX_RECYCLE_BYTES: expected a number of bytes, got {v!r}") from None


def _dead_refs() -> int:
    """The reference count ``take`` sees for an array only the recycler holds (measured,
    so that it holds on any CPython)."""
    kept = [np.empty(1)]
    for a in kept:
        return sys.getrefcount(a)
    raise AssertionError  # (unreachable: kept has one array)


_DEAD = _dead_refs()


class Recycler:
    """The large results of one NumPy backend, and their memory once they die.

    ``take(shape, dtype)`` is an ndarray for a result: the memory of a dead array of the
    same dtype and shape if there is one (its old values still in it: the caller
    overwrites every element), else a new one (``np.empty``), kept from then on."""

    __slots__ = ("limit", "_kept", "_bytes", "_lock")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._kept: list[np.ndarray] = []
        self._bytes = 0
        self._lock = threading.RLock()  # (re-entrant: a finalizer that a collection runs inside take may make a result)

    def __repr__(self) -> str:
        return f"Recycler(limit={self.limit}, kept={len(self._kept)} arrays, {self._bytes} bytes)"

    def take(self, shape: tuple, dtype: np.dtype) -> np.ndarray:
        with self._lock:
            kept = self._kept
            for a in reversed(kept):  # the most recently used first: the likeliest still in cache
                # The reference count last: a collection that runs a finalizer inside
                # ``take`` (an allocation can start one) may make a result, and claim an
                # array, before this one checks it; once it is checked, this frame's ``a``
                # holds it, so no later ``take`` claims it.
                if a.shape == shape and a.dtype == dtype and not getweakrefcount(a) and sys.getrefcount(a) == _DEAD:
                    if a is not kept[-1]:  # (now the most recently used: the last to go)
                        kept[:] = [k for k in kept if k is not a] + [a]
                    return a
            a = np.empty(shape, dtype)
            n = a.nbytes
            if n <= self.limit:
                kept.append(a)
                self._bytes += n
                while self._bytes > self.limit:
                    self._bytes -= kept.pop(0).nbytes
            return a

    def holds(self, a: Any) -> bool:
        """Whether ``a`` is one of the arrays kept here (one reference to it is the
        recycler's: the alias checks count it as theirs)."""
        return any(k is a for k in self._kept)

    def release(self) -> None:
        """Lets every kept array go: the dead ones' memory goes back to the allocator."""
        with self._lock:
            self._kept.clear()
            self._bytes = 0
