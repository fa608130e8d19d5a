"""The benchmark workloads, written once against the Array API and run on every namespace.

Each workload is ``(group, name, make)`` where ``make(xp)`` builds its inputs with
``xp`` (outside the timed region) and returns the zero-argument callable to time.
Inputs are built from the same NumPy data for every namespace.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

Workload = tuple[str, str, Callable[[Any], Callable[[], Any]]]

_rng = np.random.default_rng(0)
_DATA: dict[tuple, np.ndarray] = {}


def data(shape: tuple[int, ...], dtype: str = "float64") -> np.ndarray:
    key = (shape, dtype)
    if key not in _DATA:
        a = _rng.standard_normal(shape)
        _DATA[key] = a.astype(dtype)
    return _DATA[key]


def arr(xp: Any, shape: tuple[int, ...], dtype: str = "float64") -> Any:
    return xp.asarray(data(shape, dtype))


def _tiny() -> list[Workload]:
    w: list[Workload] = []
    for shape in ((8,), (16, 16)):
        s = "x".join(map(str, shape))

        def add(xp, shape=shape):
            x, y = arr(xp, shape), arr(xp, shape, "float64") * 2
            return lambda: x + y

        def mul(xp, shape=shape):
            x, y = arr(xp, shape), arr(xp, shape)
            return lambda: xp.multiply(x, y)

        def add_scalar(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: x + 1.0

        def exp(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: xp.exp(x)

        def total(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: xp.sum(x)

        def slicing(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: x[1:5, ...]

        def reshape(xp, shape=shape):
            x = arr(xp, shape)
            n = int(np.prod(shape))
            return lambda: xp.reshape(x, (n,))

        def permute(xp, shape=shape):
            x = arr(xp, shape)
            axes = tuple(reversed(range(len(shape))))
            return lambda: xp.permute_dims(x, axes)

        def astype(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: xp.astype(x, xp.float32)

        def where(xp, shape=shape):
            x, y = arr(xp, shape), arr(xp, shape)
            c = x > y
            return lambda: xp.where(c, x, y)

        def eq(xp, shape=shape):
            x, y = arr(xp, shape), arr(xp, shape)
            return lambda: x == y

        def zeros(xp, shape=shape):
            return lambda: xp.zeros(shape)

        def concat(xp, shape=shape):
            x, y = arr(xp, shape), arr(xp, shape)
            return lambda: xp.concat([x, y])

        def argsort(xp, shape=shape):
            x = arr(xp, shape)
            return lambda: xp.argsort(x)

        def int_index(xp, shape=shape):
            x = arr(xp, shape)
            i = xp.asarray([0, 3, 1, 2])
            return lambda: x[i]

        def bool_index(xp, shape=shape):
            x = arr(xp, shape)
            m = x > 0
            return lambda: x[m]

        for name, make in (
            ("add", add), ("multiply", mul), ("x + 1.0", add_scalar), ("exp", exp),
            ("sum", total), ("x[1:5, ...]", slicing), ("reshape", reshape), ("permute_dims", permute),
            ("astype", astype), ("where", where), ("==", eq), ("zeros", zeros),
            ("concat", concat), ("argsort", argsort), ("x[int array]", int_index),
            ("x[bool mask]", bool_index),
        ):
            w.append(("tiny", f"{name} {s}", make))

    def matmul(xp):
        x, y = arr(xp, (16, 16)), arr(xp, (16, 16))
        return lambda: x @ y

    def bcast(xp):
        x, y = arr(xp, (16, 16)), arr(xp, (16,))
        return lambda: x + y

    def from_list(xp):
        lst = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
        return lambda: xp.asarray(lst)

    w += [("tiny", "matmul 16x16", matmul), ("tiny", "broadcast add 16x16+16", bcast), ("tiny", "asarray(list of 8)", from_list)]
    return w


def _throughput() -> list[Workload]:
    w: list[Workload] = []
    n = 10_000_000
    for dt in ("float32", "float64"):
        for fname in ("add", "multiply", "exp", "sin", "sqrt"):
            def make(xp, fname=fname, dt=dt):
                x, y = xp.abs(arr(xp, (n,), dt)), arr(xp, (n,), dt)
                f = getattr(xp, fname)
                return (lambda: f(x, y)) if fname in ("add", "multiply") else (lambda: f(x))

            w.append(("throughput", f"{fname} 1e7 {dt}", make))
    big = (4000, 4000)

    def one(shape, op):
        """A workload on one float64 array of ``shape``: ``op(xp, x)``, timed."""
        def make(xp):
            x = arr(xp, shape)
            return lambda: op(xp, x)
        return make

    def mm(k):
        def make(xp):
            x, y = arr(xp, (k, k)), arr(xp, (k, k), "float64")
            return lambda: x @ y
        return make

    def transposed(xp):
        x, y = arr(xp, big), arr(xp, big)
        return lambda: x.T + y

    def bcast(xp):
        x, y = arr(xp, big), arr(xp, (4000,))
        return lambda: x + y

    def where(xp):
        x, y = arr(xp, (n,)), arr(xp, (n,), "float64") * 0.5
        c = x > 0
        return lambda: xp.where(c, x, y)

    w += [
        ("throughput", "sum 4000x4000", one(big, lambda xp, x: xp.sum(x))),
        ("throughput", "sum axis 0", one(big, lambda xp, x: xp.sum(x, axis=0))),
        ("throughput", "max axis 1", one(big, lambda xp, x: xp.max(x, axis=1))),
        ("throughput", "cumulative_sum 1e7", one((n,), lambda xp, x: xp.cumulative_sum(x))),
        ("throughput", "sort 1e6 stable", one((1_000_000,), lambda xp, x: xp.sort(x))),
        ("throughput", "sort 1e6", one((1_000_000,), lambda xp, x: xp.sort(x, stable=False))),
        ("throughput", "matmul 1000", mm(1000)), ("throughput", "matmul 2000", mm(2000)),
        ("throughput", "transposed x.T + y", transposed),
        ("throughput", "strided x[::2] * 2", one((2 * n,), lambda xp, x: x[::2] * 2.0)),
        ("throughput", "flipped flip(x) + 1", one((n,), lambda xp, x: xp.flip(x) + 1.0)),
        ("throughput", "broadcast 4000x4000 + 4000", bcast), ("throughput", "where 1e7", where),
        ("throughput", "astype f64->f32 1e7", one((n,), lambda xp, x: xp.astype(x, xp.float32))),
        ("throughput", "mean axis 0", one(big, lambda xp, x: xp.mean(x, axis=0))),
        ("throughput", "std", one(big, lambda xp, x: xp.std(x))),
        ("throughput", "var axis 1", one(big, lambda xp, x: xp.var(x, axis=1))),
    ]
    return w


def _pipeline() -> list[Workload]:
    def standardise_cov_eigh(xp):
        x = arr(xp, (200_000, 32))

        def run():
            z = (x - xp.mean(x, axis=0)) / xp.std(x, axis=0)
            c = (z.T @ z) / (z.shape[0] - 1)
            return xp.linalg.eigh(c)

        return run

    def softmax(xp):
        x = arr(xp, (20_000, 256))

        def run():
            e = xp.exp(x - xp.max(x, axis=1, keepdims=True))
            return e / xp.sum(e, axis=1, keepdims=True)

        return run

    return [("pipeline", "standardise+cov+eigh 200000x32", standardise_cov_eigh), ("pipeline", "row softmax 20000x256", softmax)]




# ------------------------------------------------------------------ scikit-learn
#: The sizes of the scikit-learn workloads: rows x features.
SKLEARN_SIZES = {"small": (200, 8), "medium": (20_000, 32)}
#: Rows of the left operand of the pairwise kernels (against all the rows).
PAIRWISE_ROWS = 200


def _sklearn_inputs(n: int, d: int) -> dict[str, np.ndarray]:
    """NumPy data for the estimators: features, 3 integer classes that the features
    separate somewhat, a regression target and its noisy prediction."""
    key = ("sklearn", n, d)
    if key not in _DATA:
        rng = np.random.default_rng(n + d)
        X = rng.standard_normal((n, d))
        cls = rng.integers(0, 3, n)
        X[:, 0] += cls  # the classes shift the first feature
        w = rng.standard_normal(d)
        y = X @ w + 0.1 * rng.standard_normal(n)
        flip = rng.random(n) < 0.1
        _DATA[key] = {"X": X, "cls": cls, "cls_pred": np.where(flip, (cls + 1) % 3, cls),
                      "y": y, "y_pred": y + 0.2 * rng.standard_normal(n)}
    return _DATA[key]


def _sklearn() -> list[Workload]:
    """scikit-learn estimators and metrics with ``array_api_dispatch=True`` (set by the
    caller, ``benchmarks/run.py``): each ``make`` converts NumPy's data with ``xp`` and
    returns the fit or the metric. NumPy's column is scikit-learn's NumPy path with the
    dispatch on, which is what a NumPy user of the dispatch runs."""
    from sklearn.decomposition import PCA
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import Ridge
    from sklearn.metrics import accuracy_score, mean_squared_error, r2_score
    from sklearn.metrics.pairwise import cosine_similarity, euclidean_distances, rbf_kernel
    from sklearn.preprocessing import LabelEncoder, MinMaxScaler, StandardScaler

    def fit(est: Callable[[], Any], target: str | None = None, method: str = "fit"):
        def make(xp, n, d):
            D = _sklearn_inputs(n, d)
            X = xp.asarray(D["X"])
            t = xp.asarray(D[target]) if target else None
            args = (X,) if t is None else (X, t)
            return lambda: getattr(est(), method)(*args)
        return make

    def label_encoder(xp, n, d):
        c = xp.asarray(_sklearn_inputs(n, d)["cls"])
        return lambda: LabelEncoder().fit_transform(c)

    def pairwise(fn):
        def make(xp, n, d):
            X = xp.asarray(_sklearn_inputs(n, d)["X"])
            A = X[:PAIRWISE_ROWS, ...]
            return lambda: fn(A, X)
        return make

    def metric(fn, a, b):
        def make(xp, n, d):
            D = _sklearn_inputs(n, d)
            u, v = xp.asarray(D[a]), xp.asarray(D[b])
            return lambda: fn(u, v)
        return make

    cases = [
        ("PCA full", fit(lambda: PCA(n_components=4, svd_solver="full"))),
        ("PCA covariance_eigh", fit(lambda: PCA(n_components=4, svd_solver="covariance_eigh"))),
        ("LinearDiscriminantAnalysis", fit(LinearDiscriminantAnalysis, "cls")),
        ("Ridge(solver='svd')", fit(lambda: Ridge(solver="svd"), "y")),
        ("StandardScaler", fit(StandardScaler, method="fit_transform")),
        ("MinMaxScaler", fit(MinMaxScaler, method="fit_transform")),
        ("LabelEncoder", label_encoder),
        ("euclidean_distances", pairwise(euclidean_distances)),
        ("rbf_kernel", pairwise(rbf_kernel)),
        ("cosine_similarity", pairwise(cosine_similarity)),
        ("r2_score", metric(r2_score, "y", "y_pred")),
        ("mean_squared_error", metric(mean_squared_error, "y", "y_pred")),
        ("accuracy_score", metric(accuracy_score, "cls", "cls_pred")),
    ]
    w: list[Workload] = []
    for size, (n, d) in SKLEARN_SIZES.items():
        for name, make in cases:
            w.append((f"sklearn {size}", f"{name} {n}x{d}", lambda xp, make=make, n=n, d=d: make(xp, n, d)))
    return w


def _on_device1(xp: Any, a: np.ndarray) -> Any:
    """``a`` in ``xp`` on its virtual device ``device1`` where it has one (nx, its strict
    namespace and array_api_strict), else on its only device."""
    info = getattr(xp, "__array_namespace_info__", None)
    devices = [d for d in info().devices() if "device1" in repr(d)] if info is not None else []
    return xp.asarray(a, device=devices[0]) if devices else xp.asarray(a)


def _unique() -> list[Workload]:
    """The four ``unique_*`` functions on 20000 elements, each against NumPy's function of
    the same name (NumPy 2.4 hashes integers for ``unique_values``; nx sorts), on the
    default device and on ``device1``: integer labels (100 distinct) and distinct floats."""
    rng = np.random.default_rng(7)
    inputs = {"int64 labels": rng.integers(0, 100, 20000), "float64": rng.standard_normal(20000)}
    w: list[Workload] = []
    for dev in ("cpu", "device1"):
        for what, a in inputs.items():
            for fname in ("unique_values", "unique_counts", "unique_inverse", "unique_all"):
                def make(xp, a=a, fname=fname, dev=dev):
                    x = _on_device1(xp, a) if dev == "device1" else xp.asarray(a)
                    f = getattr(xp, fname)
                    return lambda: f(x)

                w.append(("unique", f"{fname} 20000 {what}" + (" (device1)" if dev == "device1" else ""), make))
    return w


def _functions() -> list[Workload]:
    """More of the standard's functions, one call each on 8 elements or an 8 x 8 matrix,
    against NumPy's function of the same name: the per-call cost beyond the element-wise
    operators, indexing and creation of the tiny group (sorting and searching, reductions,
    manipulation, linalg, fft)."""
    v, m = data((8,)), data((8, 8))
    spd = m @ m.T + 8 * np.eye(8)  # symmetric positive definite: solve, inv, eigh
    idx = np.array([7, 0, 3, 3, 5, 1, 6, 2])
    calls: list[tuple[str, Callable[[Any, dict[str, Any]], Callable[[], Any]]]] = [
        ("sort 8", lambda xp, a: lambda: xp.sort(a["v"])),
        ("searchsorted 8", lambda xp, a: lambda: xp.searchsorted(a["sorted"], a["v"])),
        ("take 8x8", lambda xp, a: lambda: xp.take(a["m"], a["idx"], axis=0)),
        ("take_along_axis 8x8", lambda xp, a: lambda: xp.take_along_axis(a["m"], a["idx2"], axis=1)),
        ("count_nonzero 8x8", lambda xp, a: lambda: xp.count_nonzero(a["mask"])),
        ("nonzero 8x8", lambda xp, a: lambda: xp.nonzero(a["mask"])),
        ("cumulative_sum 8", lambda xp, a: lambda: xp.cumulative_sum(a["v"])),
        ("diff 8", lambda xp, a: lambda: xp.diff(a["v"])),
        ("mean axis 0 8x8", lambda xp, a: lambda: xp.mean(a["m"], axis=0)),
        ("var axis 0 8x8", lambda xp, a: lambda: xp.var(a["m"], axis=0)),
        ("max axis 1 8x8", lambda xp, a: lambda: xp.max(a["m"], axis=1)),
        ("argmax axis 1 8x8", lambda xp, a: lambda: xp.argmax(a["m"], axis=1)),
        ("clip 8x8", lambda xp, a: lambda: xp.clip(a["m"], -1.0, 1.0)),
        ("squeeze 1x8x8", lambda xp, a: lambda: xp.squeeze(a["m1"], axis=0)),
        ("expand_dims 8", lambda xp, a: lambda: xp.expand_dims(a["v"], axis=0)),
        ("x[None, ...] 8x8", lambda xp, a: lambda: a["m"][None, ...]),
        ("reshape(x.T, (-1,)) 8x8", lambda xp, a: lambda: xp.reshape(a["m"].T, (-1,))),
        ("stack 8", lambda xp, a: lambda: xp.stack([a["v"], a["v"]])),
        ("tile 8", lambda xp, a: lambda: xp.tile(a["v"], (2,))),
        ("repeat 8", lambda xp, a: lambda: xp.repeat(a["v"], 2)),
        ("flip 8x8", lambda xp, a: lambda: xp.flip(a["m"], axis=1)),
        ("float(x[0, 0]) 8x8", lambda xp, a: lambda: float(a["m"][0, 0])),
        ("vecdot 8x8", lambda xp, a: lambda: xp.vecdot(a["m"], a["m"])),
        ("linalg.outer 8", lambda xp, a: lambda: xp.linalg.outer(a["v"], a["v"])),
        ("linalg.diagonal 8x8", lambda xp, a: lambda: xp.linalg.diagonal(a["m"])),
        ("linalg.trace 8x8", lambda xp, a: lambda: xp.linalg.trace(a["m"])),
        ("linalg.vector_norm 8", lambda xp, a: lambda: xp.linalg.vector_norm(a["v"])),
        ("linalg.solve 8x8", lambda xp, a: lambda: xp.linalg.solve(a["spd"], a["col"])),
        ("linalg.inv 8x8", lambda xp, a: lambda: xp.linalg.inv(a["spd"])),
        ("linalg.eigh 8x8", lambda xp, a: lambda: xp.linalg.eigh(a["spd"])),
        ("linalg.svd 8x8", lambda xp, a: lambda: xp.linalg.svd(a["m"])),
        ("fft.fft 8", lambda xp, a: lambda: xp.fft.fft(a["v"])),
    ]

    def inputs(xp: Any) -> dict[str, Any]:
        return {"v": xp.asarray(v), "m": xp.asarray(m), "m1": xp.asarray(m[None]), "spd": xp.asarray(spd),
                "col": xp.asarray(v[:, None]), "sorted": xp.asarray(np.sort(v)), "idx": xp.asarray(idx),
                "idx2": xp.asarray(np.tile(idx, (8, 1))), "mask": xp.asarray(m > 0)}

    return [("functions", name, (lambda xp, call=call: call(xp, inputs(xp)))) for name, call in calls]


def all_workloads() -> list[Workload]:
    return _tiny() + _functions() + _throughput() + _pipeline() + _unique() + _sklearn()
