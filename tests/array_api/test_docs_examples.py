"""docs/beyond-the-standard.md: every ``python`` code block runs (in order, in one
namespace), and the page's conv2d / max_pool2d agree with direct Python loops."""

from __future__ import annotations

import itertools
import pathlib
import re

import numpy as np
import pytest

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "beyond-the-standard.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)


def _run_blocks(upto: int | None = None) -> dict:
    ns: dict = {"__name__": "docs_example"}
    for i, src in enumerate(BLOCKS[:upto]):
        try:
            exec(compile(src, f"{PAGE.name}[block {i}]", "exec"), ns)
        except Exception as e:  # pragma: no cover - the message names the block
            raise AssertionError(f"code block {i} of {PAGE.name} failed: {type(e).__name__}: {e}\n{src}") from e
    return ns


@pytest.fixture(scope="module")
def page_ns() -> dict:
    return _run_blocks()


def test_page_has_the_examples():
    assert len(BLOCKS) >= 12
    text = "\n".join(BLOCKS)
    for name in ("unfold", "fold", "threefry", "random.key", "random.split", "random.fold_in", "random.uniform",
                 "random.normal", "random.integers", "random.bits", "random.permutation", "random.choice",
                 "random.shuffle", "scatter", "flatten", "unflatten", "unsqueeze", "swapaxes", "split", "vstack",
                 "hstack", "dstack", "pad", "get", "item", "slice", "conv2d", "max_pool2d"):
        assert name in text, name


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_each_block_runs(i):
    _run_blocks(i + 1)


def ref_conv2d(x, w, stride, padding):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    ho = (h + 2 * padding - kh) // stride + 1
    wo = (wd + 2 * padding - kw) // stride + 1
    out = np.zeros((n, o, ho, wo))
    for b, oc, i, j in itertools.product(range(n), range(o), range(ho), range(wo)):
        s = 0.0
        for ic, di, dj in itertools.product(range(c), range(kh), range(kw)):
            r, q = i * stride + di - padding, j * stride + dj - padding
            if 0 <= r < h and 0 <= q < wd:
                s += x[b, ic, r, q] * w[oc, ic, di, dj]
        out[b, oc, i, j] = s
    return out


def ref_max_pool2d(x, k, stride):
    h, w = x.shape[-2:]
    ho, wo = (h - k) // stride + 1, (w - k) // stride + 1
    out = np.empty(x.shape[:-2] + (ho, wo), dtype=x.dtype)
    for lead in np.ndindex(*x.shape[:-2]):
        for i, j in itertools.product(range(ho), range(wo)):
            out[lead + (i, j)] = max(
                x[lead + (i * stride + di, j * stride + dj)] for di in range(k) for dj in range(k)
            )
    return out


@pytest.mark.parametrize(
    "xshape,wshape,stride,padding",
    [((2, 3, 7, 6), (4, 3, 3, 3), 1, 1), ((1, 2, 8, 8), (3, 2, 2, 2), 2, 0), ((3, 1, 5, 9), (2, 1, 3, 2), 2, 2)],
)
def test_conv2d_matches_loops(page_ns, xshape, wshape, stride, padding):
    xp = page_ns["xp"]
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal(xshape), rng.standard_normal(wshape)
    got = np.asarray(page_ns["conv2d"](xp.asarray(x), xp.asarray(w), stride=stride, padding=padding))
    assert np.allclose(got, ref_conv2d(x, w, stride, padding))


@pytest.mark.parametrize("shape,k,stride", [((2, 3, 6, 6), 2, None), ((1, 7, 9), 3, 1), ((4, 5), 2, 3)])
def test_max_pool2d_matches_loops(page_ns, shape, k, stride):
    xp = page_ns["xp"]
    x = np.random.default_rng(1).integers(-100, 100, size=shape).astype(np.int32)
    got = np.asarray(page_ns["max_pool2d"](xp.asarray(x), k, stride=stride))
    assert np.array_equal(got, ref_max_pool2d(x, k, k if stride is None else stride))
