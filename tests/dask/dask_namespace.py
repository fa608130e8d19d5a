"""How every public function of ``nx_array_api`` runs on the Dask device: the one table.

``HOW`` maps each public function (``nx_array_api.__all__``, ``linalg``, ``fft``,
``random``, and the array's operators and indexing) to how it runs there:

- ``lazy``: it builds a graph; nothing is computed when it is called;
- ``rechunk``: it builds a graph that first makes an axis (or a matrix) whole in each
  chunk, which must fit in memory;
- ``key``: a random function: it computes its key's two words (8 bytes), nothing else;
- ``computes``: its output's shape depends on the values (or it returns Python values):
  it computes what it needs, and only that, when it is called.

``CALLS`` holds a valid call of each on small arrays (``operands(device)``: on the Dask
device, of several chunks); ``tests/dask/test_laziness.py`` counts the Dask computations each call
triggers and checks them against ``HOW``, and that docs/scaling-out.md's table is
``table()``, and that each call gives the CPU device's values. After a change,
``python tests/dask/dask_namespace.py`` rewrites that table.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import numpy as np

import nx_array_api as xp

D = "dask"

LAZY, RECHUNK, KEY, COMPUTES = "lazy", "rechunk", "key", "computes"

#: Not functions of arrays: dtypes, constants, classes, flags, device helpers.
NOT_ARRAY_FUNCTIONS = {
    "Array", "Device", "Flags", "get_flags", "reset_flags", "set_flags", "using_device", "compiled", "__array_api_version__",
    "__array_namespace_info__", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128", "e", "inf", "nan", "newaxis", "pi", "fft", "linalg", "random",
    "finfo", "iinfo", "isdtype", "result_type", "can_cast", "broadcast_shapes", "A", "N", "I", "L", "R", "Rs",
}

#: What each function does on the Dask device, with a note where it needs one.
HOW: dict[str, tuple[str, str]] = {}


def _how(kind: str, names: str, note: str = "") -> None:
    for n in names.split():
        assert n not in HOW, n
        HOW[n] = (kind, note)


_how(LAZY, "abs acos acosh add asin asinh atan atan2 atanh bitwise_and bitwise_invert bitwise_left_shift bitwise_or "
     "bitwise_right_shift bitwise_xor ceil conj copysign cos cosh divide equal exp expm1 floor floor_divide greater "
     "greater_equal hypot imag isfinite isinf isnan less less_equal log log10 log1p log2 logaddexp logical_and "
     "logical_not logical_or logical_xor maximum minimum multiply negative nextafter not_equal positive pow real "
     "reciprocal remainder round sign signbit sin sinh sqrt square subtract tan tanh trunc clip where astype",
     "chunk by chunk")
_how(LAZY, "sum prod max min mean var std all any count_nonzero linalg.vector_norm linalg.matrix_norm linalg.trace",
     "a tree of partial results (one task per chunk where each chunk holds the reduced axes whole)")
_how(LAZY, "argmax argmin", "a tree of (value, index) pairs; one task per chunk where the axis is whole")
_how(LAZY, "cumulative_sum cumulative_prod", "each chunk scanned from the previous chunk's last value, in order")
_how(LAZY, "arange asarray empty empty_like eye from_dlpack full full_like linspace meshgrid ones ones_like "
     "zeros zeros_like tril triu fft.fftfreq fft.rfftfreq", "each chunk made from its position (host data cut into chunks)")
_how(LAZY, "broadcast_arrays broadcast_to concat expand_dims flip moveaxis permute_dims reshape squeeze stack "
     "matrix_transpose unstack tile roll repeat pad diff flatten unflatten unsqueeze swapaxes split vstack hstack dstack get slice "
     "linalg.matrix_transpose linalg.diagonal fft.fftshift fft.ifftshift", "Dask's slicing, reshapes, concatenation and rolls")
_how(LAZY, "x[index] take take_along_axis scatter", "indices in memory: Dask's own selection; lazy indices: "
     "checked when computed")
_how(LAZY, "x[k]=v x[mask]=v x[index]=v", "the array gets a new graph; the views taken before keep theirs")
_how(LAZY, "matmul tensordot vecdot linalg.matmul linalg.tensordot linalg.vecdot linalg.outer linalg.cross",
     "blocks of products; the contracted axes whole in a chunk when the operands allow it")
_how(LAZY, "isin searchsorted", "each chunk against every chunk of the other operand")
_how(LAZY, "linalg.qr linalg.svd linalg.svdvals", "one task per matrix, or Dask's tall-and-skinny QR for a tall "
     "matrix in blocks of rows")
_how(RECHUNK, "linalg.cholesky linalg.det linalg.eig linalg.eigh linalg.eigvals linalg.eigvalsh linalg.inv "
     "linalg.matrix_power linalg.matrix_rank linalg.pinv linalg.slogdet linalg.solve", "one task per matrix")
_how(RECHUNK, "sort argsort", "the sorted axis whole in each chunk")
_how(RECHUNK, "fft.fft fft.ifft fft.fftn fft.ifftn fft.rfft fft.irfft fft.rfftn fft.irfftn fft.hfft fft.ihfft",
     "the transformed axes whole in each chunk")
_how(RECHUNK, "unfold fold", "the window axes whole in each chunk")
_how(KEY, "random.bits random.uniform random.normal random.integers random.split random.fold_in random.permutation "
     "random.shuffle random.choice", "each chunk drawn from its position")
_how(LAZY, "random.key threefry", "each chunk from its counters")
_how(COMPUTES, "unique_all unique_counts unique_inverse unique_values nonzero x[mask]",
     "the output's shape depends on the values")
_how(COMPUTES, "repeat(array)", "the counts are computed (not x)")
_how(COMPUTES, "item persist", "returns values / computes by design")


def operands(D: str = D) -> SimpleNamespace:
    """Small arrays on device ``D`` (the Dask device's of several chunks, when the caller
    sets ``array.chunk-size`` small), the same values on every device."""
    o = SimpleNamespace()
    o.x = xp.reshape(xp.arange(48 * 40, dtype=xp.float64, device=D), (48, 40)) / 100.0
    o.sq = o.x[:40, :] + 100.0 * xp.eye(40, device=D)
    o.v = xp.linspace(0.0, 1.0, 40, device=D)
    o.i = xp.asarray([3, 1, 2, 39, -1], device=D)
    o.ix = xp.astype(xp.argmax(o.x, axis=0), xp.int64)  # a lazy index: values not known at call time
    o.m = o.x > 5.0
    o.z = xp.astype(o.x, xp.complex128)
    o.k = xp.random.key(3, device=D)
    o.r = xp.asarray([1, 2, 0] * 16, device=D)
    return o


def _set(k: Any, v: Any) -> Callable[[Any], Any]:
    def run(o: Any) -> Any:
        y = o.x
        y[k(o) if callable(k) else k] = v
        return y

    return run


CALLS: dict[str, Callable[[Any], Any]] = {
    # elementwise
    **{n: (lambda f: lambda o: f(o.x))(getattr(xp, n)) for n in
       "abs acos acosh asin asinh atan atanh ceil conj cos cosh exp expm1 floor imag isfinite isinf isnan log log10 "
       "log1p log2 negative positive real reciprocal round sign signbit sin sinh sqrt square tan tanh trunc".split()},
    **{n: (lambda f: lambda o: f(o.x, o.x + 1.0))(getattr(xp, n)) for n in
       "add atan2 copysign divide equal floor_divide greater greater_equal hypot less less_equal logaddexp maximum "
       "minimum multiply nextafter not_equal pow remainder subtract".split()},
    **{n: (lambda f: lambda o: f(o.m, o.x < 3.0))(getattr(xp, n)) for n in "logical_and logical_or logical_xor".split()},
    "logical_not": lambda o: xp.logical_not(o.m),
    **{n: (lambda f: lambda o: f(xp.astype(o.x, xp.int64), 3))(getattr(xp, n)) for n in
       "bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift".split()},
    "bitwise_invert": lambda o: xp.bitwise_invert(xp.astype(o.x, xp.int64)),
    "clip": lambda o: xp.clip(o.x, 1.0, 5.0),
    "where": lambda o: xp.where(o.m, o.x, -o.x),
    "astype": lambda o: xp.astype(o.x, xp.float32),
    # reductions and statistics
    **{n: (lambda f: lambda o: f(o.x, axis=0))(getattr(xp, n)) for n in "sum prod max min mean var std all any count_nonzero argmax argmin".split()},
    "linalg.vector_norm": lambda o: xp.linalg.vector_norm(o.x, axis=1),
    "linalg.matrix_norm": lambda o: xp.linalg.matrix_norm(o.x),
    "linalg.trace": lambda o: xp.linalg.trace(o.x),
    "cumulative_sum": lambda o: xp.cumulative_sum(o.x, axis=0),
    "cumulative_prod": lambda o: xp.cumulative_prod(o.x, axis=1),
    # creation
    "arange": lambda o: xp.arange(1000, device=o.x.device),
    "asarray": lambda o: xp.asarray(o.x),
    "empty": lambda o: xp.empty((30, 30), device=o.x.device),
    "empty_like": lambda o: xp.empty_like(o.x),
    "eye": lambda o: xp.eye(50, 60, k=2, device=o.x.device),
    "from_dlpack": lambda o: xp.from_dlpack(np.arange(5.0), device=o.x.device),
    "full": lambda o: xp.full((30, 30), 2.0, device=o.x.device),
    "full_like": lambda o: xp.full_like(o.x, 2.0),
    "linspace": lambda o: xp.linspace(0.0, 1.0, 1001, device=o.x.device),
    "meshgrid": lambda o: xp.meshgrid(o.v, o.v),
    "ones": lambda o: xp.ones((30, 30), device=o.x.device),
    "ones_like": lambda o: xp.ones_like(o.x),
    "zeros": lambda o: xp.zeros((30, 30), device=o.x.device),
    "zeros_like": lambda o: xp.zeros_like(o.x),
    "tril": lambda o: xp.tril(o.x, k=1),
    "triu": lambda o: xp.triu(o.x, k=-1),
    "fft.fftfreq": lambda o: xp.fft.fftfreq(100, device=o.x.device),
    "fft.rfftfreq": lambda o: xp.fft.rfftfreq(100, device=o.x.device),
    # manipulation
    "broadcast_arrays": lambda o: xp.broadcast_arrays(o.x, o.v),
    "broadcast_to": lambda o: xp.broadcast_to(o.v, (3, 40)),
    "concat": lambda o: xp.concat([o.x, o.x], axis=1),
    "expand_dims": lambda o: xp.expand_dims(o.x, axis=1),
    "flip": lambda o: xp.flip(o.x, axis=0),
    "moveaxis": lambda o: xp.moveaxis(o.x, 0, 1),
    "permute_dims": lambda o: xp.permute_dims(o.x, (1, 0)),
    "reshape": lambda o: xp.reshape(o.x, (40, 48)),
    "squeeze": lambda o: xp.squeeze(o.x[:1], axis=0),
    "stack": lambda o: xp.stack([o.x, o.x]),
    "unstack": lambda o: xp.unstack(o.x[:3]),
    "tile": lambda o: xp.tile(o.x, (2, 1)),
    "roll": lambda o: xp.roll(o.x, 5, axis=0),
    "repeat": lambda o: xp.repeat(o.x, 2, axis=0),
    "repeat(array)": lambda o: xp.repeat(o.x, o.r, axis=0),
    "pad": lambda o: xp.pad(o.x, ((1, 2), (3, 4))),
    "diff": lambda o: xp.diff(o.x, axis=0),
    "flatten": lambda o: xp.flatten(o.x),
    "unflatten": lambda o: xp.unflatten(o.x, 1, (4, 10)),
    "unsqueeze": lambda o: xp.unsqueeze(o.x, 0),
    "swapaxes": lambda o: xp.swapaxes(o.x, 0, 1),
    "split": lambda o: xp.split(o.x, 4),
    "vstack": lambda o: xp.vstack([o.x, o.x]),
    "hstack": lambda o: xp.hstack([o.x, o.x]),
    "dstack": lambda o: xp.dstack([o.x, o.x]),
    "get": lambda o: xp.get(o.x, [3]),
    "slice": lambda o: xp.slice(o.x, [xp.R(1, 9), xp.L([3, 0, 2])]),
    "linalg.matrix_transpose": lambda o: xp.linalg.matrix_transpose(o.x),
    "matrix_transpose": lambda o: xp.matrix_transpose(o.x),
    "linalg.diagonal": lambda o: xp.linalg.diagonal(o.x),
    "fft.fftshift": lambda o: xp.fft.fftshift(o.x),
    "fft.ifftshift": lambda o: xp.fft.ifftshift(o.x),
    # indexing, searching, sets
    "x[index]": lambda o: o.x[o.i],
    "take": lambda o: xp.take(o.x, o.i, axis=1),
    "take_along_axis": lambda o: xp.take_along_axis(o.x, xp.reshape(o.ix, (1, 40)), axis=0),
    "scatter": lambda o: xp.scatter(o.x, xp.reshape(o.ix[:5], (1, 5)), 0.0, axis=0),
    "x[k]=v": _set((slice(0, 2), slice(None, None, 3)), 1.0),
    "x[mask]=v": _set(lambda o: o.m, 0.0),
    "x[index]=v": _set(lambda o: o.ix, 0.0),
    "isin": lambda o: xp.isin(o.x, o.v),
    "searchsorted": lambda o: xp.searchsorted(o.v, o.x),
    "sort": lambda o: xp.sort(o.x, axis=0),
    "argsort": lambda o: xp.argsort(o.x, axis=1),
    "unique_all": lambda o: xp.unique_all(o.x),
    "unique_counts": lambda o: xp.unique_counts(o.x),
    "unique_inverse": lambda o: xp.unique_inverse(o.x),
    "unique_values": lambda o: xp.unique_values(o.x),
    "nonzero": lambda o: xp.nonzero(o.m),
    "x[mask]": lambda o: o.x[o.m],
    # linear algebra
    "matmul": lambda o: xp.matmul(o.x, o.sq),
    "linalg.matmul": lambda o: xp.linalg.matmul(o.x, o.sq),
    "tensordot": lambda o: xp.tensordot(o.x, o.sq, axes=1),
    "linalg.tensordot": lambda o: xp.linalg.tensordot(o.x, o.x, axes=([0], [0])),
    "vecdot": lambda o: xp.vecdot(o.x, o.x),
    "linalg.vecdot": lambda o: xp.linalg.vecdot(o.x, o.x, axis=0),
    "linalg.outer": lambda o: xp.linalg.outer(o.v, o.v),
    "linalg.cross": lambda o: xp.linalg.cross(o.x[:, :3], o.x[:, 3:6]),
    "linalg.qr": lambda o: xp.linalg.qr(o.x),
    "linalg.svd": lambda o: xp.linalg.svd(o.x, full_matrices=False),
    "linalg.svdvals": lambda o: xp.linalg.svdvals(o.x),
    "linalg.cholesky": lambda o: xp.linalg.cholesky(o.sq @ o.sq.mT),
    "linalg.det": lambda o: xp.linalg.det(o.sq),
    "linalg.eig": lambda o: xp.linalg.eig(o.sq),
    "linalg.eigh": lambda o: xp.linalg.eigh(o.sq),
    "linalg.eigvals": lambda o: xp.linalg.eigvals(o.sq),
    "linalg.eigvalsh": lambda o: xp.linalg.eigvalsh(o.sq),
    "linalg.inv": lambda o: xp.linalg.inv(o.sq),
    "linalg.matrix_power": lambda o: xp.linalg.matrix_power(o.sq, 3),
    "linalg.matrix_rank": lambda o: xp.linalg.matrix_rank(o.x),
    "linalg.pinv": lambda o: xp.linalg.pinv(o.x),
    "linalg.slogdet": lambda o: xp.linalg.slogdet(o.sq),
    "linalg.solve": lambda o: xp.linalg.solve(o.sq, o.x[:40]),
    # fft
    **{f"fft.{n}": (lambda f: lambda o: f(o.x, axis=0))(getattr(xp.fft, n)) for n in "fft ifft rfft ihfft".split()},
    "fft.irfft": lambda o: xp.fft.irfft(o.z, axis=0),
    "fft.hfft": lambda o: xp.fft.hfft(o.z, axis=1),
    "fft.fftn": lambda o: xp.fft.fftn(o.x),
    "fft.ifftn": lambda o: xp.fft.ifftn(o.z),
    "fft.rfftn": lambda o: xp.fft.rfftn(o.x),
    "fft.irfftn": lambda o: xp.fft.irfftn(o.z),
    # windows
    "unfold": lambda o: xp.unfold(o.x, (3, 3)),
    "fold": lambda o: xp.fold(xp.unfold(o.x, (3, 3)), (48, 40), (3, 3)),
    # random
    "random.key": lambda o: xp.random.key(5, device=o.k.device),
    "threefry": lambda o: xp.threefry(xp.reshape(xp.tile(o.k, (10,)), (10, 2)), xp.reshape(xp.astype(xp.arange(20, device=o.x.device), xp.uint32), (10, 2))),
    "random.bits": lambda o: xp.random.bits(o.k, (100, 30)),
    "random.uniform": lambda o: xp.random.uniform(o.k, (100, 30)),
    "random.normal": lambda o: xp.random.normal(o.k, (100, 30)),
    "random.integers": lambda o: xp.random.integers(o.k, 0, 10, (100, 30)),
    "random.split": lambda o: xp.random.split(o.k, 4),
    "random.fold_in": lambda o: xp.random.fold_in(o.k, 7),
    "random.permutation": lambda o: xp.random.permutation(o.k, 1000),
    "random.shuffle": lambda o: xp.random.shuffle(o.k, o.x),
    "random.choice": lambda o: xp.random.choice(o.k, o.x, (10,), p=xp.ones(48, device=o.x.device) / 48.0),
    # values
    "item": lambda o: xp.item(o.x, (1, 2)),
    "persist": lambda o: xp.persist(o.x),
}


def public_names() -> list[str]:
    """Every public function, as ``HOW`` names them (the submodules' with their prefix)."""
    names = [n for n in xp.__all__ if n not in NOT_ARRAY_FUNCTIONS]
    names += [f"linalg.{n}" for n in xp.linalg.__all__]
    names += [f"fft.{n}" for n in xp.fft.__all__]
    names += [f"random.{n}" for n in xp.random.__all__]
    return names


# ------------------------------------------------------------------ the docs table
_TITLES = {LAZY: "lazy", RECHUNK: "lazy, with a rechunk", KEY: "lazy (computes the key's 8 bytes)",
           COMPUTES: "computes when called"}
BEGIN, END = "<!-- table: tests/dask/dask_namespace.py -->", "<!-- end of table -->"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "scaling-out.md"


def table() -> str:
    """The docs table: one row per kind and note, the functions in code font."""
    rows: dict[tuple[str, str], list[str]] = {}
    for n, (kind, note) in HOW.items():
        rows.setdefault((kind, note), []).append(n)
    order = [LAZY, RECHUNK, KEY, COMPUTES]
    lines = ["| functions | how they run | |", "|---|---|---|"]
    for (kind, note), names in sorted(rows.items(), key=lambda kv: (order.index(kv[0][0]), kv[0][1])):
        lines.append(f"| {', '.join(f'`{n}`' for n in sorted(names))} | {_TITLES[kind]} | {note} |")
    return "\n".join(lines)


def docs_table() -> str | None:
    """The table in docs/scaling-out.md, between its markers."""
    m = re.search(re.escape(BEGIN) + r"\n(.*?)\n?" + re.escape(END), DOCS.read_text(encoding="utf-8"), re.S)
    return m.group(1).rstrip("\n") if m else None


def write_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    new = re.sub(re.escape(BEGIN) + r"\n.*?" + re.escape(END), lambda _: f"{BEGIN}\n{table()}\n{END}", text, flags=re.S)
    DOCS.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    write_docs()
    sys.exit(0)
