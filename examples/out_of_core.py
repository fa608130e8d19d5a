"""The Dask device out of core: a float32 array written to a ``.npy`` file, then reduced
from the file chunk by chunk (its mean and standard deviation, in one pass).

    python examples/out_of_core.py                    # the big run (make demo-big)
    python examples/out_of_core.py --gigabytes 0.5    # a modest size (part of make demo)

The big run's file is larger than this machine's free memory (1.1 times it, plus 1 GiB),
so that the reduction cannot be done in memory. Before writing anything the run prints
its plan (size, folder, expected time) and checks the folder's free disk: it refuses,
with exit status 2 and nothing written, when the file and 2 GiB to spare do not fit.
It shows progress while it writes and while it reduces, and removes its folder at the
end, also when it is interrupted (Ctrl-C: SIGINT, or SIGTERM; exit status 128 + the
signal's number).

The folder is the system's temporary folder unless ``--dir`` (or the environment
variable ``NX_DEMO_DIR``) names another; ``--gigabytes`` (or ``NX_DEMO_GIGABYTES``) sets
the size.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import resource
import shutil
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

import nx_array_api as xp

GiB = 2**30
SPARE = 2 * GiB  # free disk left over after the file, so that the run never fills a disk
COLS = 1 << 21  # rows of 8 MiB of float32
# The rates of a 2-core virtual machine with an SSD (docs/scaling-out.md, "Out of core"):
# 26.2 GiB written in 14 s, reduced from the file in 43 s. Other disks take longer.
WRITE_RATE = 1.8 * GiB
REDUCE_RATE = 0.6 * GiB


@dataclass
class Plan:
    """What a run writes: a (rows, COLS) float32 array in ``folder``, and what it expects."""

    rows: int
    folder: str
    free_memory: int
    free_disk: int

    @property
    def nbytes(self) -> int:
        return self.rows * COLS * 4

    @property
    def expected_seconds(self) -> float:
        return self.nbytes / WRITE_RATE + self.nbytes / REDUCE_RATE

    @property
    def fits(self) -> bool:
        return self.free_disk >= self.nbytes + SPARE

    def describe(self) -> str:
        return (
            f"plan: write a {self.rows}x{COLS} float32 array ({self.nbytes / GiB:.2f} GiB; this machine's free "
            f"memory: {self.free_memory / GiB:.1f} GiB) to a new folder in {self.folder} (free disk "
            f"{self.free_disk / GiB:.1f} GiB), then reduce it from disk; expected time about "
            f"{_seconds(self.expected_seconds)} (at {WRITE_RATE / GiB:.1f} GiB/s written and "
            f"{REDUCE_RATE / GiB:.1f} GiB/s read, a 2-core machine with an SSD); the folder is removed at the end"
        )

    def refusal(self) -> str:
        return (
            f"out_of_core: not enough free disk in {self.folder}: the run writes {self.nbytes / GiB:.2f} GiB and "
            f"keeps {SPARE / GiB:.0f} GiB free, so it needs {(self.nbytes + SPARE) / GiB:.2f} GiB, and "
            f"{self.free_disk / GiB:.2f} GiB are free; nothing was written. Point NX_DEMO_DIR at a folder on "
            f"a larger disk, or set NX_DEMO_GIGABYTES to a size that fits"
        )


def plan(gigabytes: float | None = None, folder: str | None = None) -> Plan:
    """The plan of a run of ``gigabytes`` (default: the size that beats memory) in
    ``folder`` (default: the system's temporary folder)."""
    folder = folder or tempfile.gettempdir()
    free = available_memory()
    nbytes = int(free * 1.1) + GiB if gigabytes is None else int(gigabytes * GiB)
    rows = max(1, -(-nbytes // (4 * COLS)))
    return Plan(rows, folder, free, shutil.disk_usage(folder).free)


def _seconds(s: float) -> str:
    return f"{s:.0f} s" if s < 120 else f"{s / 60:.0f} min"


class Interrupted(KeyboardInterrupt):
    """SIGTERM, raised as Ctrl-C is (a KeyboardInterrupt), so that the same cleanup runs."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Interrupted(signum)


def run(p: Plan, *, progress: float | None = 0.5, after_chunk: Callable[[], None] | None = None) -> dict:
    """Writes the array of plan ``p``, reduces it from disk, checks the result and
    removes the folder (also on KeyboardInterrupt and SIGTERM). ``progress``: show a
    progress bar for each pass that takes longer than that many seconds (None: none).
    ``after_chunk``: called after each chunk is written (a test's hook). Returns the
    figures of the run."""
    import dask
    import dask.array as da
    from dask.diagnostics import ProgressBar

    _keep_freed_chunks()

    def bar(what: str):
        if progress is None:
            return contextlib.nullcontext()
        print(f"  {what}", flush=True)
        return ProgressBar(minimum=progress, dt=0.25)

    on_term = signal.signal(signal.SIGTERM, _on_sigterm) if threading.current_thread() is threading.main_thread() else None
    folder = None
    try:
        folder = tempfile.mkdtemp(prefix="nx-demo-", dir=p.folder)
        path = os.path.join(folder, "signal.npy")
        with dask.config.set({"array.chunk-size": "16MiB"}):
            ramp = xp.linspace(0.0, 1.0, COLS, dtype=xp.float32, device="dask")
            shift = xp.reshape(xp.arange(p.rows, dtype=xp.float32, device="dask"), (p.rows, 1)) / 1000.0
            x = ramp + shift  # (rows, COLS): a graph, nothing computed yet
            t0 = time.perf_counter()
            # Past half the free memory the writes bypass the page cache (below): the file
            # is not to be read back from memory. A modest file goes through the cache.
            direct = p.nbytes > p.free_memory // 2
            with _RowWriter(path, x.shape, np.float32, direct, after_chunk) as out, bar(f"writing {path}"):
                # Each chunk is written at its place in the file as it is computed (x.arr:
                # the dask array behind an nx array on the dask device).
                da.store(x.arr, out, lock=False)
            written = time.perf_counter() - t0
            y = xp.asarray(np.load(path, mmap_mode="r"), device="dask")  # nothing read yet
        t0 = time.perf_counter()
        with bar("reading it back: mean and standard deviation in one pass"):
            mean, std = (float(v) for v in np.asarray(xp.stack([xp.mean(y), xp.std(y)])))
        reduced = time.perf_counter() - t0
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        if on_term is not None:
            signal.signal(signal.SIGTERM, on_term)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / GiB
    # The ramp's mean is 1/2 and its variance about 1/12; the shifts add (rows-1)/2000
    # and their own variance, (rows^2 - 1)/12e6.
    want_mean = 0.5 + (p.rows - 1) / 2000
    want_std = (1 / 12 * (COLS + 1) / (COLS - 1) + (p.rows * p.rows - 1) / 12e6) ** 0.5
    ok = abs(mean - want_mean) < 1e-5 * want_mean and abs(std - want_std) < 1e-4 * want_std
    return {"path": path, "gib": p.nbytes / GiB, "written_s": written, "reduced_s": reduced, "mean": mean,
            "std": std, "want_mean": want_mean, "want_std": want_std, "ok": ok, "peak_rss_gib": rss}


def report(r: dict) -> str:
    return (
        f"wrote {r['gib']:.2f} GiB in {r['written_s']:.1f} s, reduced it from disk in {r['reduced_s']:.1f} s "
        f"({r['gib'] * 1024 / max(r['reduced_s'], 1e-9):.0f} MiB/s): mean {r['mean']:.6f} (expected "
        f"{r['want_mean']:.6f}), std {r['std']:.6f} (expected {r['want_std']:.6f}); peak memory of this "
        f"process {r['peak_rss_gib']:.2f} GiB; removed {os.path.dirname(r['path'])}"
    )


class _RowWriter:
    """A .npy file of C-ordered ``shape`` whose blocks of whole rows are written at their
    place as they come (``os.pwrite``: threads may write at once), for
    ``dask.array.store``. With ``direct``, where the system allows it, the writes bypass
    the page cache (``O_DIRECT``, from aligned copies; the header is padded to 4 KiB for
    that): a file larger than memory, written once and read later, would only push
    everything else out of the cache.
    Closing waits for the writes under way, and a write after closing raises, so that an
    interrupted run never writes into a file descriptor the system has given to another
    file."""

    ALIGN = 4096

    def __init__(self, path: str, shape: tuple, dtype: type, direct: bool,
                 after_chunk: Callable[[], None] | None = None) -> None:
        self.shape, self.dtype, self.after_chunk = shape, np.dtype(dtype), after_chunk
        head = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (self.dtype.str, tuple(shape))
        head = head.ljust(self.ALIGN - 10 - 1) + "\n"  # magic (6), version (2), length (2), the dict, a newline
        with open(path, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + len(head).to_bytes(2, "little") + head.encode("latin1"))
            f.truncate(self.ALIGN + int(np.prod(shape)) * self.dtype.itemsize)
        self.direct = direct and hasattr(os, "O_DIRECT") and self.shape[1] * self.dtype.itemsize % self.ALIGN == 0
        try:
            self.fd = os.open(path, os.O_WRONLY | (os.O_DIRECT if self.direct else 0))
        except OSError:  # a file system without O_DIRECT
            self.direct, self.fd = False, os.open(path, os.O_WRONLY)
        self.busy = 0
        self.idle = threading.Condition()

    def __enter__(self) -> "_RowWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        with self.idle:
            self.idle.wait_for(lambda: self.busy == 0)
            os.close(self.fd)
            self.fd = -1

    def __setitem__(self, key: tuple, value: np.ndarray) -> None:
        rows, cols = key
        assert cols.indices(self.shape[1]) == (0, self.shape[1], 1), "blocks of whole rows"
        data = np.ascontiguousarray(value, self.dtype).view(np.uint8).reshape(-1)
        if self.direct:  # an aligned copy: O_DIRECT reads memory in whole blocks
            raw = np.empty(data.size + self.ALIGN, np.uint8)
            start = -raw.ctypes.data % self.ALIGN
            buf = raw[start : start + data.size]
            buf[...] = data
            data = buf
        with self.idle:
            if self.fd < 0:
                raise RuntimeError("out_of_core: the file was closed (the run was interrupted)")
            self.busy += 1
        try:
            os.pwrite(self.fd, memoryview(data), self.ALIGN + rows.start * self.shape[1] * self.dtype.itemsize)
        finally:
            with self.idle:
                self.busy -= 1
                self.idle.notify_all()
        if self.after_chunk is not None:
            self.after_chunk()


def _keep_freed_chunks() -> None:
    """Asks the C library to keep the memory of freed chunks for the next ones (Linux's
    glibc returns blocks of several MiB to the system when they are freed, and the
    next chunk then has all its pages faulted in afresh, which costs as much as reading
    it from disk on some virtual machines); elsewhere, nothing."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL("libc.so.6")
            libc.mallopt(-3, 1 << 30)  # M_MMAP_THRESHOLD: blocks up to 1 GiB from the heap
            libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD: keep up to 1 GiB of it when freed
        except (OSError, AttributeError):
            pass


def available_memory() -> int:
    """The memory the system can give now (Linux's MemAvailable), else all of it."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def dask_available() -> bool:
    return "dask" in [d.name for d in xp.__array_namespace_info__().devices()]


def main(argv: list[str] | None = None, *, after_chunk: Callable[[], None] | None = None) -> int:
    """The command line: prints the plan, checks the disk, runs; the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    env_size = os.environ.get("NX_DEMO_GIGABYTES")
    ap.add_argument("--gigabytes", type=float, default=float(env_size) if env_size else None,
                    help="the file's size in GiB (default: NX_DEMO_GIGABYTES, else 1.1 times the free memory plus 1 GiB)")
    ap.add_argument("--dir", default=os.environ.get("NX_DEMO_DIR") or None,
                    help="the folder to write in (default: NX_DEMO_DIR, else the system's temporary folder)")
    args = ap.parse_args(argv)
    if not dask_available():
        print("out_of_core: the Dask device is not installed: pip install 'nx-array-api[dask]'")
        return 2
    if args.dir is not None and not os.path.isdir(args.dir):
        print(f"out_of_core: the folder {args.dir} does not exist; NX_DEMO_DIR (or --dir) must name an existing folder")
        return 2
    p = plan(args.gigabytes, args.dir)
    print(p.describe(), flush=True)
    if not p.fits:
        print(p.refusal(), flush=True)
        return 2
    try:
        r = run(p, after_chunk=after_chunk)
    except KeyboardInterrupt as e:
        signum = e.args[0] if isinstance(e, Interrupted) else signal.SIGINT
        print(f"\nout_of_core: interrupted ({signal.Signals(signum).name}): its folder was removed", flush=True)
        return 128 + signum
    print(report(r))
    if not r["ok"]:
        print("out_of_core: the mean or the standard deviation is not the expected one")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
