"""A tour of nx: run with `make demo`.

Each section does real work, checks its result against NumPy, and says what it did.
The last line is the verdict.
"""

from __future__ import annotations

import sys
import time
import traceback

import numpy as np

import nx_array_api as xp
from nx_core.backend import get_backend
from nx_core.view import View

B = get_backend()
RESULTS: list[tuple[str, bool, str]] = []


def section(title: str):
    def deco(fn):
        def run() -> None:
            print(f"\n=== {title} ===")
            t0 = time.perf_counter()
            try:
                detail = fn() or ""
                ok = True
            except Exception:  # the tour reports every failure and goes on
                traceback.print_exc(limit=3)
                ok, detail = False, "failed"
            print(f"--- {title}: {'ok' if ok else 'FAILED'} ({time.perf_counter() - t0:.2f} s) {detail}")
            RESULTS.append((title, ok, detail))

        return run

    return deco


def show(label: str, v: View) -> None:
    print(f"  {label:<28} shape={v.shape} strides={v.strides} offset={v.offset} mask={v.mask}")


@section("nx_core: one buffer, many views")
def core_views() -> str:
    t = B.from_host(np.arange(24.0))
    base = t.buffer
    show("buffer [24]", t.view)
    r = B.reshape(t, (2, 3, 4))
    show("reshape (2, 3, 4)", r.view)
    p = B.permute(r, (2, 0, 1))
    show("permute (2, 0, 1)", p.view)
    s = B.shrink(p, ((1, 3), (0, 2), (1, 3)))
    show("shrink [1:3, 0:2, 1:3]", s.view)
    f = B.flip(s, (True, False, False))
    show("flip axis 0", f.view)
    e = B.broadcast_to(B.shrink(t, ((0, 4),)), (3, 4))
    show("expand (1, 4) -> (3, 4)", e.view)
    pd = B.pad_view(B.reshape(B.shrink(t, ((0, 6),)), (2, 3)), ((1, 1), (0, 1)))
    show("pad ((1, 1), (0, 1))", pd.view)
    expect = np.arange(24.0).reshape(2, 3, 4).transpose(2, 0, 1)[1:3, 0:2, 1:3][::-1]
    got = B.to_host(f)
    assert np.array_equal(got, expect)
    assert np.shares_memory(got, base), "a view copied its elements"
    padded = B.to_host(pd)
    assert np.array_equal(padded, np.pad(np.arange(6.0).reshape(2, 3), ((1, 1), (0, 1))))
    print("  every view reads the same 24-element buffer: no element was copied;")
    print("  the padded view reads zeros where its mask says the data ends.")
    return "6 views, 0 copies"


@section("arrays and zero-copy views")
def array_views() -> str:
    x = xp.reshape(xp.arange(12.0), (3, 4))
    v = x[:, ::-1].T
    v[0, 0] = 100.0
    print(f"  x = reshape(arange(12.), (3, 4)); v = x[:, ::-1].T; v[0, 0] = 100\n  x[0] -> {x[0]!r}")
    assert float(x[0, 3]) == 100.0
    assert np.shares_memory(np.asarray(x), np.asarray(v))
    y = xp.sum(x * 2, axis=0)
    assert np.allclose(np.asarray(y), (np.asarray(x) * 2).sum(axis=0))
    return "a write through a transposed, flipped view is seen by its base"


@section("scikit-learn on nx arrays")
def sklearn_on_nx() -> str:
    import os

    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    try:
        import sklearn
        from sklearn.decomposition import PCA
        from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    except ImportError:
        print("  scikit-learn is not installed: skipped (make demo installs it)")
        return "skipped"
    rng = np.random.default_rng(0)
    X = rng.standard_normal((300, 6))
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(np.int64)
    Xn, yn = xp.asarray(X), xp.asarray(y)
    with sklearn.config_context(array_api_dispatch=True):
        lda = LinearDiscriminantAnalysis().fit(Xn, yn)
        pred = lda.predict(Xn)
        pca = PCA(n_components=2, svd_solver="full").fit(Xn)
        Z = pca.transform(Xn)
    ref_pred = LinearDiscriminantAnalysis().fit(X, y).predict(X)
    ref_Z = PCA(n_components=2, svd_solver="full").fit(X).transform(X)
    assert type(pred) is xp.Array and type(Z) is xp.Array, "scikit-learn did not return nx arrays"
    assert np.array_equal(np.asarray(pred), ref_pred)
    assert np.allclose(np.abs(np.asarray(Z)), np.abs(ref_Z), atol=1e-10)
    acc = float(xp.mean(xp.astype(pred == yn, xp.float64)))
    print(f"  LinearDiscriminantAnalysis fitted on nx arrays: training accuracy {acc:.3f}, same predictions as on NumPy")
    print(f"  PCA(2) explained variance ratio {np.round(np.asarray(pca.explained_variance_ratio_), 3)}, same projection as on NumPy")
    return f"scikit-learn {sklearn.__version__}, results returned as nx arrays"


@section("an image convolved with unfold")
def convolution() -> str:
    img = xp.asarray(np.add.outer(np.arange(32.0), np.arange(32.0)) % 7)
    kernel = xp.asarray([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]])  # a Laplacian
    cols = xp.unfold(img, (3, 3), padding=1)          # (9, 32*32): one column per window
    out = xp.reshape(xp.reshape(kernel, (1, 9)) @ cols, (32, 32))
    a, k = np.pad(np.asarray(img), 1), np.asarray(kernel)
    ref = np.zeros((32, 32))
    for i in range(32):
        for j in range(32):
            ref[i, j] = (a[i : i + 3, j : j + 3] * k).sum()
    assert np.allclose(np.asarray(out), ref)
    pooled = xp.max(xp.unfold(img, (2, 2), stride=2), axis=0)
    print(f"  32x32 image, 3x3 Laplacian as unfold + matmul: matches a direct loop; edge energy {float(xp.sum(out ** 2)):.1f}")
    print(f"  2x2 max-pooling as unfold + max: shape {tuple(xp.reshape(pooled, (16, 16)).shape)}")
    return "unfold + matmul == direct convolution"


@section("random numbers from Threefry keys")
def random_numbers() -> str:
    from nx_array_api import random as xr

    key = xr.key(42)
    k1, k2 = xr.split(key)
    u = xr.uniform(k1, (100_000,))
    n = xr.normal(k2, (100_000,))
    again = xr.uniform(xr.split(xr.key(42))[0], (100_000,))
    assert bool(xp.all(u == again)), "the same key gave different numbers"
    mu, sd = float(xp.mean(n)), float(xp.std(n))
    assert abs(mu) < 0.02 and abs(sd - 1) < 0.02
    print(f"  key(42) split in two: uniform mean {float(xp.mean(u)):.4f} (0.5), normal mean {mu:.4f} sd {sd:.4f}")
    print(f"  the same key gives the same numbers, bit for bit; perm of 10: {[int(i) for i in xr.permutation(k1, 10)]}")
    return "Threefry-2x32, counter-based"


@section("devices: a model fitted where its data lives")
def devices() -> str:
    import os

    os.environ.setdefault("SCIPY_ARRAY_API", "1")
    info = xp.__array_namespace_info__()
    names = [d.name for d in info.devices()]
    print(f"  devices: {names}; default {info.default_device().name}")
    X = np.random.default_rng(1).standard_normal((200, 4))
    Xd = xp.asarray(X, device="device1")
    Z = (Xd - xp.mean(Xd, axis=0)) / xp.std(Xd, axis=0)
    assert Z.device == Xd.device and np.allclose(np.asarray(Z), (X - X.mean(0)) / X.std(0))
    print(f"  standardised on {Z.device.name}: the result stays there")
    try:
        import sklearn
        from sklearn.decomposition import PCA

        with sklearn.config_context(array_api_dispatch=True):
            P = PCA(n_components=2).fit_transform(Xd)
        assert P.device == Xd.device
        print(f"  scikit-learn's PCA on device1 data returns device1 arrays {tuple(P.shape)}")
    except ImportError:
        pass
    try:
        Xd + xp.asarray(X, device="device2")
        raise AssertionError("arrays on two devices were combined")
    except ValueError as e:
        print(f"  device1 + device2 -> ValueError: {e}")
    x32 = xp.asarray([1.5, 2.5], device="no_float64")
    assert x32.dtype == xp.float32
    print(f"  on no_float64 a Python float list becomes {x32.dtype} (no 64-bit floats there)")
    return "the virtual devices array-api-strict has, on nx"


@section("dask: an array on disk larger than memory, reduced chunk by chunk")
def bigger_than_memory() -> str:
    """Writes a float32 array to a .npy file on disk, more than this machine's free
    memory (a signal: each row a ramp from 0 to 1, shifted by the row's number over a
    thousand, so that its mean and spread are known), then opens it as a NumPy memmap,
    puts it on the dask device without reading it, and reduces it in one pass: the
    process never holds more than a few chunks (its peak memory is printed). The file
    goes in the system's temporary folder (NX_DEMO_DIR to choose another), and is
    removed afterwards."""
    import os
    import resource
    import shutil
    import tempfile

    if "dask" not in [d.name for d in xp.__array_namespace_info__().devices()]:
        print("  (Dask is not installed: pip install 'nx-array-api[dask]')")
        return "skipped"
    import dask
    import dask.array as da

    _keep_freed_chunks()
    free = _available_memory()
    where = os.environ.get("NX_DEMO_DIR") or tempfile.gettempdir()
    n_bytes = int(free * 1.1) + (1 << 30)  # past the free memory, by a tenth and a GiB
    if os.environ.get("NX_DEMO_GIGABYTES"):  # a smaller file, to try the section quickly
        n_bytes = int(float(os.environ["NX_DEMO_GIGABYTES"]) * 2**30)
    if shutil.disk_usage(where).free < n_bytes + (2 << 30):
        print(f"  (not enough free disk in {where} for {n_bytes / 2**30:.0f} GiB: set NX_DEMO_DIR)")
        return "skipped"
    cols = 1 << 21  # rows of 8 MiB of float32
    rows = -(-n_bytes // (4 * cols))
    size = rows * cols * 4
    folder = tempfile.mkdtemp(prefix="nx-demo-", dir=where)
    path = os.path.join(folder, "signal.npy")
    try:
        with dask.config.set({"array.chunk-size": "16MiB"}):
            ramp = xp.linspace(0.0, 1.0, cols, dtype=xp.float32, device="dask")
            shift = xp.reshape(xp.arange(rows, dtype=xp.float32, device="dask"), (rows, 1)) / 1000.0
            x = ramp + shift  # (rows, cols): a graph, nothing computed yet
            t0 = time.perf_counter()
            # Each chunk written at its place in the file as it is computed (x.arr: the
            # dask array behind an nx array on the dask device).
            with _RowWriter(path, x.shape, np.float32) as out:
                da.store(x.arr, out, lock=False)
            written = time.perf_counter() - t0
        print(f"  wrote a {rows}x{cols} float32 array ({size / 2**30:.1f} GiB; free memory "
              f"{free / 2**30:.1f} GiB) to {path} in {written:.0f} s")
        with dask.config.set({"array.chunk-size": "16MiB"}):
            y = xp.asarray(np.load(path, mmap_mode="r"), device="dask")  # nothing read yet
        t0 = time.perf_counter()
        mean, std = (float(v) for v in np.asarray(xp.stack([xp.mean(y), xp.std(y)])))
        dt = time.perf_counter() - t0
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
        print(f"  read it back and reduced it in one pass: mean {mean:.6f}, std {std:.6f} in {dt:.0f} s "
              f"({size / 2**20 / dt:.0f} MiB/s); peak memory of this process {rss:.2f} GiB")
        # The ramp's mean is 1/2 and its variance about 1/12; the shifts add (rows-1)/2000
        # and their own variance, (rows^2 - 1)/12e6.
        want_mean = 0.5 + (rows - 1) / 2000
        want_std = (1 / 12 * (cols + 1) / (cols - 1) + (rows * rows - 1) / 12e6) ** 0.5
        assert abs(mean - want_mean) < 1e-5 * want_mean and abs(std - want_std) < 1e-4 * want_std and rss < 2, (mean, std, rss)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return f"{size / 2**30:.0f} GiB from disk with {rss:.2f} GiB of memory"


class _RowWriter:
    """A .npy file of C-ordered ``shape`` whose blocks of whole rows are written at their
    place as they come (``os.pwrite``: threads may write at once), for
    ``dask.array.store``. Where the system allows it the writes bypass the page cache
    (``O_DIRECT``, from aligned copies; the header is padded to 4 KiB for that): written
    once and read later, the data would only push everything else out of the cache."""

    ALIGN = 4096

    def __init__(self, path: str, shape: tuple, dtype: type) -> None:
        import os

        self.shape, self.dtype = shape, np.dtype(dtype)
        head = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (self.dtype.str, tuple(shape))
        head = head.ljust(self.ALIGN - 10 - 1) + "\n"  # magic (6), version (2), length (2), the dict, a newline
        with open(path, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00" + len(head).to_bytes(2, "little") + head.encode("latin1"))
            f.truncate(self.ALIGN + int(np.prod(shape)) * self.dtype.itemsize)
        self.direct = hasattr(os, "O_DIRECT") and self.shape[1] * self.dtype.itemsize % self.ALIGN == 0
        try:
            self.fd = os.open(path, os.O_WRONLY | (os.O_DIRECT if self.direct else 0))
        except OSError:  # a file system without O_DIRECT
            self.direct, self.fd = False, os.open(path, os.O_WRONLY)

    def __enter__(self) -> "_RowWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        import os

        os.close(self.fd)

    def __setitem__(self, key: tuple, value: np.ndarray) -> None:
        import os

        rows, cols = key
        assert cols.indices(self.shape[1]) == (0, self.shape[1], 1), "blocks of whole rows"
        data = np.ascontiguousarray(value, self.dtype).view(np.uint8).reshape(-1)
        if self.direct:  # an aligned copy: O_DIRECT reads memory in whole blocks
            raw = np.empty(data.size + self.ALIGN, np.uint8)
            start = -raw.ctypes.data % self.ALIGN
            buf = raw[start : start + data.size]
            buf[...] = data
            data = buf
        os.pwrite(self.fd, memoryview(data), self.ALIGN + rows.start * self.shape[1] * self.dtype.itemsize)


def _keep_freed_chunks() -> None:
    """Asks the C library to keep the memory of freed chunks for the next ones (Linux's
    glibc returns blocks of several MiB to the system when they are freed, and the
    next chunk then has all its pages faulted in afresh, which costs as much as reading
    it from disk on some virtual machines); elsewhere, nothing."""
    import ctypes
    import sys

    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL("libc.so.6")
            libc.mallopt(-3, 1 << 30)  # M_MMAP_THRESHOLD: blocks up to 1 GiB from the heap
            libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD: keep up to 1 GiB of it when freed
        except (OSError, AttributeError):
            pass


def _available_memory() -> int:
    """The memory the system can give now (Linux's MemAvailable), else all of it."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import os

    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")


def main() -> int:
    for run in (core_views, array_views, sklearn_on_nx, devices, convolution, random_numbers, bigger_than_memory):
        run()
    passed = sum(ok for _, ok, _ in RESULTS)
    verdict = "every check passed" if passed == len(RESULTS) else "SOME SECTIONS FAILED"
    print(f"\nnx tour: {passed}/{len(RESULTS)} sections ran and checked their results against NumPy: {verdict}.")
    return 0 if passed == len(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
