"""The benchmarks' own parts: the random sources draw what they say, the scikit-learn
workloads give nx what they give NumPy, the page and the figures are written from a run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest

import nx_array_api as xp

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCH))

import page  # noqa: E402
import random_bench  # noqa: E402


@pytest.mark.parametrize("kind", random_bench.KINDS)
def test_random_sources_draw_the_kind(kind):
    n = 10_000
    draws = {g: np.asarray(random_bench.numpy_draw(gen, kind, n)) for g, gen in random_bench.generators(3).items()}
    draws["nx"] = np.asarray(random_bench.nx_draw(xp, xp.random.key(3), kind, (n,)))
    for label, a in draws.items():
        assert a.shape == (n,), label
        if kind == "integers":
            assert a.dtype == np.int64 and a.min() >= 0 and a.max() < random_bench.INT_HIGH, label
            assert abs(a.mean() - (random_bench.INT_HIGH - 1) / 2) < 15, label
        elif kind == "uniform":
            assert a.dtype == np.float64 and a.min() >= 0 and a.max() < 1 and abs(a.mean() - 0.5) < 0.02, label
        else:
            assert a.dtype == np.float64 and abs(a.mean()) < 0.05 and abs(a.std() - 1) < 0.05, label


def test_sklearn_workloads_agree_with_numpy():
    pytest.importorskip("sklearn")
    pytest.importorskip("scipy")
    if os.environ.get("SCIPY_ARRAY_API") != "1":
        pytest.skip("scikit-learn's array-API dispatch needs SCIPY_ARRAY_API=1 before SciPy loads")
    import sklearn

    from workloads import _sklearn

    with sklearn.config_context(array_api_dispatch=True):
        for group, name, make in _sklearn():
            if group != "sklearn small":
                continue
            want, got = make(np)(), make(xp)()
            if hasattr(want, "fit"):  # an estimator: its fitted arrays
                pairs = [(getattr(want, a), getattr(got, a)) for a in ("components_", "coef_", "mean_", "scale_", "classes_") if hasattr(want, a)]
                assert pairs, name
            else:
                pairs = [(want, got)]
            for w, g in pairs:
                # (atol: a distance of a row to itself is the square root of a rounding error)
                np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-7, atol=1e-6, err_msg=name)


def _run() -> dict:
    times = {"numpy": 1e-6, "nx": 1.5e-6, "nx-strict": 1.6e-6, "strict": 9e-6, "compat": 1.1e-6}
    sk = {"numpy": 1e-3, "nx": 1.1e-3, "nx-strict": 1.2e-3, "strict": 2e-3}
    return {
        "machine": page.machine(),
        "columns": ["numpy", "nx", "nx-strict", "strict", "compat"],
        "groups": {"tiny": [{"name": "add 8", "times": times}, {"name": "zeros 8", "times": times}],
                   "sklearn small": [{"name": "PCA full 200x8", "times": sk}],
                   "sklearn medium": [{"name": "PCA full 20000x32", "times": sk}]},
        "claims": [{"claim": "sklearn medium: nx / NumPy, geometric mean", "target": "<= 1.15", "measured": "1.10", "ok": True}],
        "memory": [],
        "random": [{"kind": k, "ns": {"nx": 20.0, "Generator(PCG64)": 5.0, "Generator(Philox)": 12.0, "RandomState": 16.0,
                                      "Threefry bits, uint64": 10.0, "Threefry bits, uint32": 10.0}} for k in random_bench.KINDS],
        "verdict": "all targets met",
    }


def test_page_and_figures(tmp_path):
    pytest.importorskip("matplotlib")
    import plots

    run = _run()
    figures = plots.performance_figures(run, tmp_path / "_static")
    for rel in figures.values():
        assert (tmp_path / rel).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = page.render(run, figures)
    assert "![Per-call ratios](_static/per-call-ratios.png)" in text
    assert "![scikit-learn ratios](_static/sklearn-ratios.png)" in text
    assert "| PCA full 20000x32 | 1.00 ms | 1.10 ms | 1.20 ms | 2.00 ms | 1.10 | 1.20 | 2.00 |" in text
    assert "| normal | 20.00 | 5.00 | 12.00 | 16.00 | 4.00 | 1.67 |" in text
    # A figure not drawn is not embedded.
    assert "![" not in page.render(run, {})
    samples = [(0.25 * i, 2e8, min(1.0, i / 100)) for i in range(120)]
    out = plots.out_of_core_figure(samples, 32.0, 1.0, tmp_path / "ooc.png")
    assert out.read_bytes()[:4] == b"\x89PNG"
    rows = [{"kind": "normal", "gigabytes": 2.0, "seconds": {"nx": 2.0, "Generator(PCG64)": 1.0, "RandomState": 1.5}}]
    assert plots.random_dask_figure(rows, tmp_path / "r.png").read_bytes()[:4] == b"\x89PNG"


def test_compiled_vs_pure_compiles_the_modules_it_names_in_a_copy(tmp_path):
    """benchmarks/compiled_vs_pure.py: setup.py's build compiles the module named by
    NX_COMPILE_MODULES (here the tensor module) in a copy of the checkout, which then
    runs it compiled, and the table times that build and the pure one; the checkout's
    own files are left as they were."""
    pytest.importorskip("Cython")
    import shutil
    import subprocess

    if shutil.which(os.environ.get("CC", "cc")) is None:
        pytest.skip("no C compiler")
    root = BENCH.parent
    before = sorted(p.name for p in (root / "nx_core").iterdir())
    proc = subprocess.run(
        [sys.executable, str(BENCH / "compiled_vs_pure.py"), "--modules", "nx_core.tensor", "--rounds", "1", "--filter", "add 8"],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "not compiled" not in proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "| workload | NumPy | pure | compiled all |"
    row = next(line for line in lines if line.startswith("| add 8 |"))
    assert row.count(" us") == 3
    assert any(line.startswith("compiled all: geometric mean") for line in lines)
    assert sorted(p.name for p in (root / "nx_core").iterdir()) == before
