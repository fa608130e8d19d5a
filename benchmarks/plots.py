"""The figures of docs/performance.md and docs/scaling-out.md, drawn from a benchmark run.

``performance_figures(run, folder)`` draws what ``benchmarks/run.py`` measured (the
per-call ratios of each namespace to NumPy, the scikit-learn end-to-end ratios);
``out_of_core_figure(samples, path)`` draws the out-of-core run of
``benchmarks/dask_bench.py`` (resident memory and throughput over time). Each returns
the files it wrote; matplotlib (the ``bench`` extra) draws them without a display.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.ticker

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

#: Colours and labels of the namespaces, as benchmarks/run.py names its columns.
STYLE = {
    "nx": ("#1f77b4", "nx"),
    "nx-strict": ("#17becf", "nx strict"),
    "strict": ("#d62728", "array_api_strict"),
    "compat": ("#7f7f7f", "array-api-compat"),
}


def _ratio_bars(ax: Any, rows: list[dict[str, Any]], cols: list[str]) -> None:
    """Horizontal bars, one group per workload, of each column's time over NumPy's (log scale)."""
    names = [r["name"] for r in rows]
    k = len(cols)
    h = 0.8 / k
    for j, c in enumerate(cols):
        colour, label = STYLE[c]
        ys = [i + (j - (k - 1) / 2) * h for i in range(len(rows))]
        xs = [r["times"][c] / r["times"]["numpy"] if c in r["times"] else 0 for r in rows]
        ax.barh(ys, xs, height=h, color=colour, label=label)
    ax.axvline(1.0, color="black", lw=0.8)
    ax.set_xscale("log")
    ax.xaxis.set_major_locator(matplotlib.ticker.FixedLocator([0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500]))
    ax.xaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%g"))
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    ax.set_yticks(range(len(rows)), names, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("time / NumPy's time (log scale; 1 = NumPy)")
    ax.grid(axis="x", which="both", alpha=0.3)


def performance_figures(run: dict[str, Any], folder: Path) -> dict[str, str]:
    """The figures of docs/performance.md into ``folder``: name -> the file's path
    relative to the page (``_static/...``)."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, str] = {}
    groups = run["groups"]
    if "tiny" in groups:
        rows = groups["tiny"]
        cols = [c for c in ("nx", "nx-strict", "strict", "compat") if any(c in r["times"] for r in rows)]
        fig, ax = plt.subplots(figsize=(8, 0.28 * len(rows) * len(cols) / 2 + 1.5))
        _ratio_bars(ax, rows, cols)
        ax.set_title("Per call, small arrays: each namespace's time over NumPy's")
        ax.legend(fontsize=8, loc="lower right")
        fig.tight_layout()
        fig.savefig(folder / "per-call-ratios.png", dpi=110)
        plt.close(fig)
        out["per-call"] = "_static/per-call-ratios.png"
    sk = [g for g in ("sklearn small", "sklearn medium") if g in groups]
    if sk:
        fig, axes = plt.subplots(1, len(sk), figsize=(6 * len(sk), 5.5), squeeze=False)
        for ax, g in zip(axes[0], sk):
            rows = groups[g]
            cols = [c for c in ("nx", "nx-strict", "strict") if any(c in r["times"] for r in rows)]
            _ratio_bars(ax, rows, cols)
            ax.set_title(f"scikit-learn, {g.split()[1]} data")
        axes[0][0].legend(fontsize=8, loc="lower right")
        fig.tight_layout()
        fig.savefig(folder / "sklearn-ratios.png", dpi=110)
        plt.close(fig)
        out["sklearn"] = "_static/sklearn-ratios.png"
    return out


def out_of_core_figure(samples: list[tuple[float, float, float]], total_gb: float, limit_gib: float, path: Path) -> Path:
    """Resident memory (GiB) and throughput (GB of normals a second, over the last
    ``window`` seconds: 5% of the run, at least 1 s, so that chunks finishing one at a
    time do not make a comb) of the out-of-core run, from ``samples`` of (seconds, RSS
    bytes, fraction done)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    t = [s[0] for s in samples]
    rss = [s[1] / 2**30 for s in samples]
    window = max(1.0, 0.05 * t[-1])
    rate, j = [], 0
    for i, (ti, _, fi) in enumerate(samples):
        while t[j] < ti - window:
            j += 1
        rate.append(total_gb * (fi - samples[j][2]) / (ti - t[j]) if ti > t[j] else 0.0)
    fig, ax = plt.subplots(figsize=(8, 3.6))
    ax.plot(t, rss, color="#1f77b4", label="resident memory (GiB)")
    ax.axhline(limit_gib, color="#1f77b4", ls="--", lw=0.8, label=f"limit {limit_gib:g} GiB")
    ax.set_xlabel("seconds")
    ax.set_ylabel("GiB resident", color="#1f77b4")
    ax.set_ylim(0, max(limit_gib * 1.2, max(rss) * 1.1))
    ax2 = ax.twinx()
    ax2.plot(t, rate, color="#ff7f0e", label=f"throughput (GB/s, over {window:.0f} s)")
    ax2.set_ylabel("GB of normals a second", color="#ff7f0e")
    ax2.set_ylim(0, max(rate) * 1.6 if max(rate) > 0 else 1)  # (room for the legend)
    ax.set_title(f"Out of core: mean and std of {total_gb:.0f} GB of normals on the Dask device")
    lines = ax.get_legend_handles_labels()
    lines2 = ax2.get_legend_handles_labels()
    ax.legend(lines[0] + lines2[0], lines[1] + lines2[1], fontsize=8, loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def random_dask_figure(rows: list[dict[str, Any]], path: Path) -> Path:
    """nx's time over each raw Dask source's (``benchmarks/dask_bench.py``'s random
    numbers: rows of kind, gigabytes and seconds per source), one group of bars per
    kind and size."""
    path.parent.mkdir(parents=True, exist_ok=True)
    sources = [k for k in rows[0]["seconds"] if k != "nx"]
    colours = ["#2ca02c", "#9467bd", "#8c564b"]
    fig, ax = plt.subplots(figsize=(7, 3.4))
    w = 0.8 / len(sources)
    for j, src in enumerate(sources):
        xs = [i + (j - (len(sources) - 1) / 2) * w for i in range(len(rows))]
        ax.bar(xs, [r["seconds"]["nx"] / r["seconds"][src] for r in rows], width=w, color=colours[j % 3], label=f"nx / {src}")
    ax.axhline(1.0, color="black", lw=0.8)
    ax.set_xticks(range(len(rows)), [f"{r['kind']}\n{r['gigabytes']:g} GB" for r in rows], fontsize=8)
    ax.set_ylabel("nx's time / raw Dask's")
    ax.set_title("Mean and std of random numbers on the Dask device, same chunks")
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
