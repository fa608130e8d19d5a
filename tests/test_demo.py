"""make demo and make demo-big (examples/tour.py, examples/out_of_core.py), at small
sizes: the out-of-core run prints its plan and refuses a disk too small before writing
anything, and removes its file when it ends, also on SIGINT (Ctrl-C) and SIGTERM; the
tour runs every step."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GiB = 2**30


def _run(args: list[str], env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    e = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{EXAMPLES}", **(env or {}))
    return subprocess.run([sys.executable, *args], env=e, capture_output=True, text=True, timeout=600, **kw)


def test_refuses_a_disk_too_small_before_writing(tmp_path):
    """A size past the folder's free disk (NX_DEMO_GIGABYTES, NX_DEMO_DIR: what
    `make demo-big` reads): the plan, then the refusal; exit status 2, nothing written."""
    too_big = shutil.disk_usage(tmp_path).free // GiB + 2  # whole GiB: whole rows of 8 MiB
    r = _run([str(EXAMPLES / "out_of_core.py")], env={"NX_DEMO_DIR": str(tmp_path), "NX_DEMO_GIGABYTES": str(too_big)})
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("plan: write a ") and f"to a new folder in {tmp_path}" in lines[0]
    assert "expected time about" in lines[0]
    assert lines[1].startswith(f"out_of_core: not enough free disk in {tmp_path}: the run writes {too_big:.2f} GiB")
    assert "nothing was written" in lines[1] and "NX_DEMO_DIR" in lines[1] and "NX_DEMO_GIGABYTES" in lines[1]
    assert list(tmp_path.iterdir()) == []


def test_refuses_a_folder_that_does_not_exist(tmp_path):
    r = _run([str(EXAMPLES / "out_of_core.py"), "--dir", str(tmp_path / "nowhere"), "--gigabytes", "0.01"])
    assert r.returncode == 2 and r.stdout.startswith(f"out_of_core: the folder {tmp_path / 'nowhere'} does not exist")


def test_a_run_removes_its_file(tmp_path):
    r = _run([str(EXAMPLES / "out_of_core.py"), "--dir", str(tmp_path), "--gigabytes", "0.05"])
    assert r.returncode == 0, r.stdout + r.stderr
    out = r.stdout
    assert out.index("plan: write a 7x2097152 float32 array") < out.index("  writing ") < out.index("  reading it back")
    assert "wrote 0.05 GiB" in out and "removed " in out
    assert list(tmp_path.iterdir()) == []


# Run in a fresh interpreter: once a chunk is written, the run sends itself the signal
# (to its main thread, as a terminal's Ctrl-C reaches it); the hook says whether the
# file was there. A process inherits an ignored disposition and a blocked mask from its
# parent (a pytest-xdist worker that another test or library left so, now and then),
# where a terminal's foreground process has neither: the script starts as the latter.
_INTERRUPTED = """
import glob, os, signal, sys, threading
print("signals at start: SIGINT", signal.getsignal(signal.SIGINT), "blocked", sorted(signal.pthread_sigmask(signal.SIG_BLOCK, [])), flush=True)
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.signal(signal.SIGTERM, signal.SIG_DFL)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
import out_of_core

sent = []

def after_chunk():
    if not sent:
        sent.append(glob.glob(os.path.join(sys.argv[1], "nx-demo-*", "signal.npy")))
        print("file while writing:", sent[0], flush=True)
        signal.pthread_kill(threading.main_thread().ident, getattr(signal, sys.argv[2]))

sys.exit(out_of_core.main(["--dir", sys.argv[1], "--gigabytes", "0.1"], after_chunk=after_chunk))
"""


@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_an_interrupted_run_removes_its_file(tmp_path, sig):
    r = _run(["-c", _INTERRUPTED, str(tmp_path), sig])
    signum = getattr(signal, sig)
    assert r.returncode == 128 + signum, r.stdout + r.stderr
    assert f"file while writing: ['{tmp_path}" in r.stdout
    assert f"out_of_core: interrupted ({sig}): its folder was removed" in r.stdout
    assert "wrote " not in r.stdout
    assert list(tmp_path.iterdir()) == []


def test_the_tour_runs_every_step(tmp_path):
    pytest.importorskip("sklearn")
    r = _run([str(EXAMPLES / "tour.py")], env={"NX_DEMO_DIR": str(tmp_path), "NX_DEMO_GIGABYTES": "0.02",
                                               "SCIPY_ARRAY_API": "1"})
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    assert "nx tour: 7/7 steps ran and checked their results against NumPy" in r.stdout
    assert "every check passed" in r.stdout
    for title in ("views and copies", "scikit-learn on nx arrays", "devices", "the strict namespace",
                  "unfold and fold", "random numbers from Threefry keys", "the Dask device, out of core"):
        assert f"--- {title}: ok in " in r.stdout
    assert list(tmp_path.iterdir()) == []
