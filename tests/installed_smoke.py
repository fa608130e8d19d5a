"""A short check of an installed nx: the namespace on the CPU device, the strict namespace and the
Dask device (on the local scheduler and on an in-process dask.distributed cluster).

``tests/test_packaging.py`` runs it in a fresh virtual environment into which the wheel
was installed with the ``dask`` extra, from outside any checkout; it runs the same in any
environment where ``nx-array-api[dask]`` is installed::

    python tests/installed_smoke.py

It prints one line per part and exits non-zero, with the reason, at the first failure.
"""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys

import numpy as np

import nx_array_api as xp

DIST = "nx-array-api"


def fail(what: str) -> None:
    raise SystemExit(f"installed_smoke: {what}")


def installed() -> str:
    """The version is the distribution's; where the two packages are imported from."""
    version = importlib.metadata.version(DIST)
    if xp.__version__ != version:
        fail(f"nx_array_api.__version__ is {xp.__version__!r}, the {DIST} distribution {version!r}")
    import nx_core

    where = sorted({os.path.dirname(os.path.dirname(m.__file__ or "")) for m in (xp, nx_core)})
    return f"{DIST} {version} from {', '.join(where)}"


def build() -> str:
    """The modules the install runs compiled (``nx_array_api.compiled()``), or none."""
    names = xp.compiled()
    return f"compiled {', '.join(names)}" if names else "pure Python"


def cpu() -> str:
    """The namespace on the default (CPU) device: views, writes through them, linalg, fft."""
    x = xp.reshape(xp.arange(12.0), (3, 4))
    if x.device != xp.Device("cpu") or xp.__array_namespace_info__().default_device() != x.device:
        fail(f"the default device is {x.device!r}, not Device('cpu')")
    v = x[:, ::-1].T  # a view ...
    v[0, 0] = 100.0  # ... so the write is seen by x
    expect = np.arange(12.0).reshape(3, 4)
    expect[0, 3] = 100.0
    if not np.array_equal(np.asarray(x), expect):
        fail(f"a write through a view: {np.asarray(x)!r}")
    a = xp.asarray([[2.0, 1.0], [1.0, 3.0]])
    if not np.allclose(np.asarray(xp.linalg.inv(a) @ a), np.eye(2)):
        fail("linalg.inv(a) @ a is not the identity")
    if not np.allclose(np.asarray(xp.fft.fft(xp.asarray([1.0, 0.0, 0.0, 0.0]))), np.ones(4)):
        fail("fft of a unit impulse")
    if xp.__array_api_version__ != "2025.12":
        fail(f"__array_api_version__ is {xp.__array_api_version__!r}")
    return f"{float(xp.sum(x)):g} = sum of {x.shape} on {x.device.name}"


def strict() -> str:
    """The strict namespace refuses a non-portable use that the drop-in accepts, in one
    process, and reads array-api-strict's environment variables."""
    import nx_array_api.strict as sx

    x = xp.asarray([1, 2, 3])
    if not np.array_equal(np.asarray(x * 0.5), [0.5, 1.0, 1.5]):
        fail("the drop-in's int64 array * 0.5")
    try:
        sx.asarray([1, 2, 3]) * 0.5
    except TypeError:
        pass
    else:
        fail("the strict namespace accepted an int64 array * 0.5")
    code = "import nx_array_api.strict as sx; print(sx.__array_api_version__, hasattr(sx, 'fft'))"
    env = {**os.environ, "ARRAY_API_STRICT_API_VERSION": "2023.12", "ARRAY_API_STRICT_ENABLED_EXTENSIONS": "linalg"}
    proc = subprocess.run([sys.executable, "-I", "-c", code], env=env, capture_output=True, text=True)
    if proc.returncode != 0 or proc.stdout.split() != ["2023.12", "False"]:
        fail(f"the strict namespace did not read ARRAY_API_STRICT_*:\n{proc.stdout}{proc.stderr}")
    return "an int64 array * 0.5 refused by nx_array_api.strict, ARRAY_API_STRICT_* read"


def dask() -> str:
    """The Dask device: a lazy result, computed by Dask's local scheduler and on an
    in-process dask.distributed cluster, with the CPU device's values."""
    names = [d.name for d in xp.__array_namespace_info__().devices()]
    if "dask" not in names:
        fail(f"no 'dask' device with the dask extra installed (devices: {names})")
    x = xp.reshape(xp.arange(12.0, device="dask"), (3, 4))
    y = xp.sum(xp.sqrt(x), axis=1)
    if y.device != xp.Device("dask"):
        fail(f"sum of a Dask array is on {y.device!r}")
    expect = np.sqrt(np.arange(12.0).reshape(3, 4)).sum(axis=1)
    if not np.allclose(np.asarray(y), expect, rtol=1e-13):
        fail(f"the Dask device's sum: {np.asarray(y)!r}, expected {expect!r}")
    from distributed import Client

    with Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None):
        k = xp.random.key(7, device="dask")
        a = xp.random.normal(k, shape=(1000,))
        b = xp.random.normal(xp.random.key(7), shape=(1000,))
        if not np.array_equal(np.asarray(a), np.asarray(b)):
            fail("random.normal on a cluster differs from the CPU device's")
    return "sum(sqrt(x), axis=1) and random.normal as on the CPU device, locally and on a cluster"


def main() -> None:
    for part in (installed, build, cpu, strict, dask):
        print(f"{part.__name__}: {part()}", flush=True)


if __name__ == "__main__":
    main()
