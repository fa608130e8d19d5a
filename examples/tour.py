"""A tour of nx in under a minute: run with `make demo`.

Each step says what it does, does real work, checks its result against NumPy, and
prints how long it took; the last line is the verdict, with the tour's wall and CPU
time. The Dask step reduces a modest file (0.5 GiB) from disk; `make demo-big`
(examples/out_of_core.py) runs the same pass at the size that beats memory.
"""

from __future__ import annotations

import os

# scikit-learn's array API support goes through SciPy's, and SciPy reads this switch
# once, when it is first imported: it must be set before either is imported (make demo
# sets it in the environment; this line covers `python examples/tour.py`).
os.environ.setdefault("SCIPY_ARRAY_API", "1")

import sys  # noqa: E402 - after the switch above
import time  # noqa: E402
import traceback  # noqa: E402

import numpy as np  # noqa: E402

import nx_array_api as xp  # noqa: E402
import nx_array_api.strict as sx  # noqa: E402

import out_of_core  # noqa: E402 - examples/out_of_core.py, beside this file

RESULTS: list[tuple[str, bool, str]] = []
STEPS = []


def step(title: str, what: str):
    """A step of the tour: prints its title and what it does, runs, and prints its
    outcome and time; a failure is reported and the tour goes on."""

    def deco(fn):
        def run() -> None:
            print(f"\n=== {len(RESULTS) + 1}/{len(STEPS)} {title} ===\n  {what}", flush=True)
            t0 = time.perf_counter()
            try:
                detail = fn() or ""
                ok = True
            except Exception:  # the tour reports every failure and goes on
                traceback.print_exc(limit=3)
                ok, detail = False, "failed"
            print(f"--- {title}: {'ok' if ok else 'FAILED'} in {time.perf_counter() - t0:.2f} s: {detail}", flush=True)
            RESULTS.append((title, ok, detail))

        STEPS.append(run)
        return run

    return deco


@step("views and copies", "slicing gives a view of the same memory; asarray(copy=True) and reshape(copy=...) say when a copy is made")
def views_and_copies() -> str:
    x = xp.reshape(xp.arange(12.0), (3, 4))
    v = x[:, ::-1].T  # a view: no element is copied
    v[0, 0] = 100.0
    print("  x = reshape(arange(12.), (3, 4)); v = x[:, ::-1].T; v[0, 0] = 100.0")
    print(f"  x[0] -> {x[0]!r}   (the write through the view is seen by x, as in NumPy)")
    assert float(x[0, 3]) == 100.0 and np.shares_memory(np.asarray(x), np.asarray(v))
    c = xp.asarray(x, copy=True)
    c[0, 0] = -1.0
    print(f"  c = asarray(x, copy=True); c[0, 0] = -1.0 -> x[0, 0] is still {float(x[0, 0])}")
    assert float(x[0, 0]) == 0.0
    flat = xp.reshape(x, (12,), copy=False)  # x is contiguous: a view
    assert np.shares_memory(np.asarray(flat), np.asarray(x))
    try:
        xp.reshape(v, (12,), copy=False)
        raise AssertionError("a reshape that needs a copy was allowed with copy=False")
    except ValueError as e:
        print(f"  reshape(x, (12,), copy=False) is a view; reshape(v, (12,), copy=False) -> ValueError: {e}")
    print("  the standard leaves writes through shared memory unspecified: the drop-in allows them, as NumPy;")
    print("  the strict namespace refuses them (step 4). Views are what nx's core is built on: underneath,")
    print(f"  v is {v.view} of x's 12-element buffer (metadata only, O(1))")
    return "views share memory, copies do not, and copy=False refuses what would need a copy"


@step("scikit-learn on nx arrays", "LinearDiscriminantAnalysis and PCA fitted on nx arrays, compared with the same fits on NumPy")
def sklearn_on_nx() -> str:
    print(f"  SCIPY_ARRAY_API={os.environ.get('SCIPY_ARRAY_API')}: scikit-learn's array API support goes through SciPy's,")
    print("  which SciPy turns on only when this variable is set before it is imported; without it, scikit-learn")
    print("  raises RuntimeError (\"scipy's own support is not enabled\") as soon as array_api_dispatch=True is used")
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
    print(f"  LinearDiscriminantAnalysis: training accuracy {acc:.3f}, the same predictions as on NumPy")
    print(f"  PCA(2): explained variance ratio {np.round(np.asarray(pca.explained_variance_ratio_), 3)}, the same projection as on NumPy")
    return f"scikit-learn {sklearn.__version__}, results returned as nx arrays"


@step("devices", "devices() lists where arrays can live; a result stays on its operands' device, and two devices do not mix")
def devices() -> str:
    info = xp.__array_namespace_info__()
    names = [d.name for d in info.devices()]
    print(f"  devices(): {names}; default {info.default_device().name}")
    X = np.random.default_rng(1).standard_normal((200, 4))
    Xd = xp.asarray(X, device="device1")
    Z = (Xd - xp.mean(Xd, axis=0)) / xp.std(Xd, axis=0)
    assert Z.device == Xd.device and np.allclose(np.asarray(Z), (X - X.mean(0)) / X.std(0))
    print(f"  standardised on {Z.device.name}: the result stays there")
    try:
        Xd + xp.asarray(X, device="device2")
        raise AssertionError("arrays on two devices were combined")
    except ValueError as e:
        print(f"  device1 + device2 -> ValueError: {e}")
    x32 = xp.asarray([1.5, 2.5], device="no_float64")
    assert x32.dtype == xp.float32
    print(f"  on no_float64 a list of Python floats becomes {x32.dtype} (no 64-bit floats there, as on Apple's MPS)")
    return "the virtual devices array-api-strict has, and dask (step 7)"


@step("the strict namespace", "nx_array_api.strict refuses what is not portable, as array-api-strict does, and catches reads of stale data")
def strict_namespace() -> str:
    print(f"  drop-in: asarray([1, 2, 3]) * 0.5 -> {xp.asarray([1, 2, 3]) * 0.5!r} (NumPy 2's answer)")
    try:
        sx.asarray([1, 2, 3]) * 0.5
        raise AssertionError("the strict namespace accepted an int array times a Python float")
    except TypeError as e:
        print(f"  strict:  asarray([1, 2, 3]) * 0.5 -> TypeError: {e}")
    x = sx.asarray([0.0, 1.0, 2.0, 3.0])
    v = x[1:3]  # shares x's memory
    print("  x = asarray([0., 1., 2., 3.]); v = x[1:3]; v[0] = 1.0; float(x[1])")
    doing = "v[0] = 1.0"
    try:
        v[0] = 1.0
        doing = "float(x[1])"
        value = float(x[1])
    except ValueError as e:
        print(f"  {doing} -> ValueError: {e}")
        return f"refused at {doing}: a write through shared memory is not portable"
    raise AssertionError(f"the strict namespace let the write through shared memory go unnoticed (x[1] = {value})")


@step("unfold and fold", "an image convolved as unfold + matmul (im2col), max-pooled, and put back together with fold")
def unfold_fold() -> str:
    img = xp.asarray(np.add.outer(np.arange(32.0), np.arange(32.0)) % 7)
    kernel = xp.asarray([[0.0, 1.0, 0.0], [1.0, -4.0, 1.0], [0.0, 1.0, 0.0]])  # a Laplacian
    cols = xp.unfold(img, (3, 3), padding=1)  # (9, 32*32): one column per window
    out = xp.reshape(xp.reshape(kernel, (1, 9)) @ cols, (32, 32))
    a, k = np.pad(np.asarray(img), 1), np.asarray(kernel)
    ref = np.array([[(a[i : i + 3, j : j + 3] * k).sum() for j in range(32)] for i in range(32)])
    assert np.allclose(np.asarray(out), ref)
    print(f"  32x32 image, 3x3 Laplacian as unfold + matmul: matches a direct loop; edge energy {float(xp.sum(out ** 2)):.1f}")
    tiles = xp.unfold(img, (2, 2), stride=2)  # (4, 256): non-overlapping 2x2 tiles
    pooled = xp.reshape(xp.max(tiles, axis=0), (16, 16))
    assert np.array_equal(np.asarray(pooled), np.asarray(img).reshape(16, 2, 16, 2).max(axis=(1, 3)))
    back = xp.fold(tiles, (32, 32), (2, 2), stride=2)  # fold is unfold's adjoint: tiles that do not overlap come back whole
    assert bool(xp.all(back == img))
    overlap = xp.fold(cols, (32, 32), (3, 3), padding=1)  # overlapping windows add up: each pixel counted once per window
    counts = xp.fold(xp.ones_like(cols), (32, 32), (3, 3), padding=1)
    assert bool(xp.all(overlap == img * counts))
    print(f"  2x2 max-pooling as unfold + max: shape {tuple(pooled.shape)}; fold(unfold(img)) gives img back for tiles,")
    print(f"  and img times the number of windows over each pixel ({int(xp.min(counts))} to {int(xp.max(counts))}) for 3x3 windows")
    return "unfold + matmul == direct convolution; fold is its adjoint"


@step("random numbers from Threefry keys", "counter-based random numbers: a key, split in two, draws the same numbers every time, on every device")
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
    print(f"  the same key gives the same numbers, bit for bit; permutation of 10: {[int(i) for i in xr.permutation(k1, 10)]}")
    return "Threefry-2x32"


@step("the Dask device, out of core", "an array written to a .npy file, then reduced from the file chunk by chunk on the dask device")
def dask_out_of_core() -> str:
    if not out_of_core.dask_available():
        print("  (Dask is not installed: pip install 'nx-array-api[dask]')")
        return "skipped"
    gigabytes = float(os.environ.get("NX_DEMO_GIGABYTES") or 0.5)
    p = out_of_core.plan(gigabytes, os.environ.get("NX_DEMO_DIR") or None)
    print(f"  {p.describe()}")
    if not p.fits:
        print(f"  {p.refusal()}")
        return "skipped: not enough free disk"
    r = out_of_core.run(p)
    print(f"  {out_of_core.report(r)}")
    assert r["ok"], r
    print("  a modest size, which the system may keep in memory: `make demo-big` writes more than this machine's free")
    print(f"  memory ({p.free_memory / 2**30:.1f} GiB), after checking the disk, and reduces it with the same few chunks in memory")
    return f"{r['gib']:.2f} GiB from disk, mean and std as expected"


def main() -> int:
    t0, c0 = time.perf_counter(), time.process_time()
    for run in STEPS:
        run()
    passed = sum(ok for _, ok, _ in RESULTS)
    verdict = "every check passed" if passed == len(RESULTS) else "SOME STEPS FAILED"
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"\nnx tour: {passed}/{len(RESULTS)} steps ran and checked their results against NumPy in {wall:.1f} s "
          f"(CPU time {cpu:.1f} s): {verdict}.")
    return 0 if passed == len(RESULTS) else 1


if __name__ == "__main__":
    sys.exit(main())
