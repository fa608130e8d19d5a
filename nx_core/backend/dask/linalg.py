"""The Dask backend's products, linear algebra, FFTs and sliding windows: lazy.

- ``matmul``, ``tensordot``: operands of one chunk each are one task (the CPU device's
  kernel, bit for bit); otherwise Dask's blocked products, with the contracted axes
  made whole in each chunk when the right operand is a few chunks (one BLAS call per
  block, no partial sums) or for integers; floating-point results then agree with the
  CPU device's to rounding (BLAS rounds a block of rows as it likes);
- ``vecdot``: the contracted axis whole in each chunk, the kernel on each block: exact;
- factorisations and solvers: one task per matrix (batches cut between chunks, each
  matrix whole: the CPU device's kernel, bit for bit); a tall matrix larger than one
  chunk, in blocks of rows, takes Dask's tall-and-skinny QR (``qr``, thin ``svd``,
  ``svdvals``): a factorisation as exact, not the same bits;
- FFTs: the transformed axes whole in each chunk, the kernel on each block: exact;
- ``unfold``/``fold``: the window axes whole in each chunk, the kernel on each block.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Sequence

import dask.array as da
import numpy as np
from dask.base import tokenize

from ...dtype import DType
from ...tensor import Tensor
from ..numpy import FROM_NP as _FROM_NP
from ..numpy import NP as _NP
from . import steps
from .core import blocks_of, chunk_bytes, Host, layer, meta_of, nbytes, tensor, whole

__all__ = ["Linalg"]

#: matmul keeps its right operand whole when it is at most this many chunks in size.
_WHOLE_OPERAND = 4


def _fits(*ts: Tensor) -> bool:
    """Whether each tensor is one chunk no larger than ``array.chunk-size``."""
    return all(t.arr.npartitions == 1 and nbytes(t.shape, t.dtype.itemsize) <= chunk_bytes() for t in ts)


class Linalg(Host):
    """Products, linear algebra, FFTs and windows (mixed into ``DaskBackend``)."""

    # ------------------------------------------------------------ products
    def _one_task(self, name: str, args: tuple, kwargs: dict, dtype: DType, shape: tuple) -> Tensor:
        """The kernel ``name`` on whole one-chunk operands, as one task."""
        ts = [a for a in args if isinstance(a, Tensor)]
        kinds = tuple(a.dtype if isinstance(a, Tensor) else None for a in args)
        step = functools.partial(steps.kernel, name, kinds, kwargs)
        nd = _NP[dtype]
        key = "nx-" + name + "-" + tokenize(*(t.arr.name for t in ts), kwargs)
        ops = [(a.arr.name,) + (0,) * a.ndim if isinstance(a, Tensor) else a for a in args]
        arr = layer(key, {(key,) + (0,) * len(shape): (step, *ops)}, [t.arr for t in ts], tuple((n,) for n in shape), meta_of(nd, len(shape)))
        return tensor(arr, dtype, self)

    def matmul(self, a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
        """Dask's matmul. When ``b``'s matrices fit in a few chunks, the contracted axis
        is made one chunk in both operands: each task is then one BLAS call on a block of
        ``a``'s rows and all of ``b``, with no partial products to add up afterwards
        (Dask's own plan for a contracted axis in pieces, kept for a larger ``b``)."""
        if a.numel == 0 or b.numel == 0:
            return self._small("matmul", (a, b), {}, out)
        x, y = a.arr, b.arr
        if _fits(a, b):
            shape = tuple(np.broadcast_shapes(a.shape[:-2], b.shape[:-2])) + (a.shape[-2], b.shape[-1])
            return self._into(out, self._one_task("matmul", (a, b), {}, a.dtype, shape).arr, a.dtype)
        small = b.numel * b.dtype.itemsize <= _WHOLE_OPERAND * chunk_bytes()
        if a.dtype.kind not in "fc" or small:
            x = whole("matmul", x, (a.ndim - 1,), a.dtype.itemsize, "the contracted axis")
            y = whole("matmul", y, (b.ndim - 2, b.ndim - 1) if small else (b.ndim - 2,), b.dtype.itemsize, "the contracted axis")
        return self._into(out, da.matmul(x, y), a.dtype)

    def tensordot(self, a: Tensor, b: Tensor, *, axes: tuple[Sequence[int], Sequence[int]]) -> Tensor:
        ax, bx = tuple(axes[0]), tuple(axes[1])
        if a.numel == 0 or b.numel == 0:
            return self._small("tensordot", (a, b), {"axes": (ax, bx)}, None)
        free = tuple(n for i, n in enumerate(a.shape) if i not in ax) + tuple(n for i, n in enumerate(b.shape) if i not in bx)
        if _fits(a, b):
            return self._one_task("tensordot", (a, b), {"axes": (ax, bx)}, a.dtype, free)
        x, y = a.arr, b.arr
        if nbytes([a.shape[i] for i in ax], a.dtype.itemsize) <= chunk_bytes():
            x = whole("tensordot", x, ax, a.dtype.itemsize, "the contracted axes")
            y = whole("tensordot", y, bx, b.dtype.itemsize, "the contracted axes")
        return tensor(da.tensordot(x, y, axes=(ax, bx)), a.dtype, self)

    def vecdot(self, a: Tensor, b: Tensor, *, axis: int) -> Tensor:
        shape = tuple(np.broadcast_shapes(a.shape, b.shape))
        ax = axis % len(shape)
        if a.numel == 0 or b.numel == 0:
            return self._small("vecdot", (a, b), {"axis": axis}, None)
        x = whole("vecdot", da.broadcast_to(a.arr, shape), (ax,), a.dtype.itemsize, "the contracted axis")
        y = da.broadcast_to(b.arr, shape).rechunk(x.chunks)
        ind = tuple(range(len(shape)))
        kept = tuple(i for i in ind if i != ax)
        step = functools.partial(steps.kernel_whole, "vecdot", (a.dtype, b.dtype), {"axis": ax})
        nd = _NP[a.dtype]
        return tensor(da.blockwise(step, kept, x, ind, y, ind, dtype=nd, concatenate=False, meta=meta_of(nd, len(kept))), a.dtype, self)

    # ------------------------------------------------------------ one task per matrix
    @functools.lru_cache(maxsize=256)  # noqa: B019 - one backend per device, kept for the process
    def _matrix_dtypes(self, name: str, kinds: tuple, kw: tuple) -> tuple:
        """The result DTypes of the kernel ``name`` on small well-conditioned matrices."""
        blocks = [np.eye(2, dtype=_NP[d]) * 2 if core == 2 else np.ones((2,) * core, _NP[d]) for d, core in kinds]
        r = steps.kernel(name, tuple(d for d, _ in kinds), dict(kw), *blocks)
        return tuple(None if v is None else v.dtype for v in (r if type(r) is tuple else (r,)))

    def _per_matrix(self, name: str, operands: Sequence[tuple[Tensor, int]], kwargs: dict, cores: Sequence[tuple | None]) -> tuple:
        """The kernel ``name`` once per matrix: operands ``(tensor, core rank)`` with
        their batch axes broadcast together and cut between chunks, each matrix whole in
        one; ``cores``: the core shape of each result (None for a result that is None)."""
        batch = tuple(np.broadcast_shapes(*(t.shape[: t.ndim - c] for t, c in operands)))
        kw = tuple(sorted(kwargs.items()))
        dtypes = self._matrix_dtypes(name, tuple((t.dtype, c) for t, c in operands), kw)
        arrs: list = []
        for i, (t, c) in enumerate(operands):
            a = t.arr if t.shape[: t.ndim - c] == batch else da.broadcast_to(t.arr, batch + t.shape[t.ndim - c:])
            core_axes = tuple(range(len(batch), len(batch) + c))
            a = whole(name, a, core_axes, t.dtype.itemsize, "each matrix")
            if i and len(batch):
                a = a.rechunk(arrs[0].chunks[: len(batch)] + tuple((n,) for n in a.shape[len(batch):]))
            arrs.append(a)
        bchunks = arrs[0].chunks[: len(batch)] if batch else ()
        step = functools.partial(steps.kernel, name, tuple(t.dtype for t, _ in operands), kwargs)
        key = "nx-" + name + "-" + tokenize(*(a.name for a in arrs), kw)
        tasks: dict = {}
        ref = arrs[0] if batch else None
        ids_list = blocks_of(ref)[:] if ref is not None else [()]
        for full in ids_list:
            bid = full[: len(batch)]
            tasks[(key,) + bid] = (step, *[(a.name,) + bid + (0,) * (a.ndim - len(batch)) for a in arrs])
        outs: list = []
        for j, (core, dt) in enumerate(zip(cores, dtypes)):
            if core is None or dt is None:
                outs.append(None)
                continue
            okey = key + "-" + str(j)
            otasks = dict(tasks) if len(cores) > 1 else {}
            for full in ids_list:
                bid = full[: len(batch)]
                out_key = (okey,) + bid + (0,) * len(core)
                otasks[out_key] = (functools.partial(steps.part, j), (key,) + bid) if len(cores) > 1 else tasks[(key,) + bid]
            chunks = bchunks + tuple((n,) for n in core)
            arr = layer(okey, otasks, arrs, chunks, meta_of(dt, len(batch) + len(core)))
            outs.append(tensor(arr, _FROM_NP[np.dtype(dt)], self))
        return tuple(outs)

    def cholesky(self, a: Tensor, *, upper: bool = False) -> Tensor:
        if a.numel == 0:
            return self._small("cholesky", (a,), {"upper": upper}, None)
        return self._per_matrix("cholesky", [(a, 2)], {"upper": upper}, [a.shape[-2:]])[0]

    def _tall(self, a: Tensor) -> bool:
        """Whether ``a`` is a tall matrix larger than a chunk, in blocks of whole rows."""
        return a.ndim == 2 and a.shape[0] > a.shape[1] and not _fits(a) and nbytes((a.shape[1],) * 2, a.dtype.itemsize) <= chunk_bytes()

    def qr(self, a: Tensor, *, reduced: bool = True) -> tuple[Tensor, Tensor]:
        m, n = a.shape[-2:]
        if a.numel == 0:
            return self._small("qr", (a,), {"reduced": reduced}, None)
        if reduced and self._tall(a):
            q, r = da.linalg.tsqr(whole("qr", a.arr, (1,), a.dtype.itemsize, "the columns"))
            return tensor(q, a.dtype, self), tensor(r, a.dtype, self)
        k = min(m, n)
        q, r = self._per_matrix("qr", [(a, 2)], {"reduced": reduced}, [(m, k) if reduced else (m, m), (k, n) if reduced else (m, n)])
        return q, r

    def svd(self, a: Tensor, *, full_matrices: bool = True) -> tuple[Tensor, Tensor, Tensor]:
        m, n = a.shape[-2:]
        k = min(m, n)
        if a.numel == 0:
            return self._small("svd", (a,), {"full_matrices": full_matrices}, None)
        if not full_matrices and self._tall(a):
            u, s, vh = da.linalg.svd(whole("svd", a.arr, (1,), a.dtype.itemsize, "the columns"))
            sd = self._matrix_dtypes("svd", ((a.dtype, 2),), (("full_matrices", False),))[1]
            return tensor(u, a.dtype, self), tensor(s.astype(sd), _FROM_NP[np.dtype(sd)], self), tensor(vh, a.dtype, self)
        cores = [(m, m) if full_matrices else (m, k), (k,), (n, n) if full_matrices else (k, n)]
        u, s, vh = self._per_matrix("svd", [(a, 2)], {"full_matrices": full_matrices}, cores)
        return u, s, vh

    def svdvals(self, a: Tensor) -> Tensor:
        if a.numel == 0:
            return self._small("svdvals", (a,), {}, None)
        if self._tall(a):
            _, r = da.linalg.tsqr(whole("svdvals", a.arr, (1,), a.dtype.itemsize, "the columns"))
            a = tensor(r, a.dtype, self)
        return self._per_matrix("svdvals", [(a, 2)], {}, [(min(a.shape[-2:]),)])[0]

    def eig(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        return self._eigen("eig", a, vectors)

    def eigh(self, a: Tensor, *, vectors: bool = True) -> tuple[Tensor, Tensor | None]:
        return self._eigen("eigh", a, vectors)

    def _eigen(self, name: str, a: Tensor, vectors: bool) -> tuple[Tensor, Tensor | None]:
        """``eig`` or ``eigh`` (``name``): one task per matrix, the eigenvalues of shape
        ``(..., n)`` and, when ``vectors``, the eigenvectors ``(..., n, n)``."""
        if a.numel == 0:
            return self._small(name, (a,), {"vectors": vectors}, None)
        n = a.shape[-1]
        w, v = self._per_matrix(name, [(a, 2)], {"vectors": vectors}, [(n,), (n, n) if vectors else None])
        return w, v

    def triangular_solve(self, a: Tensor, b: Tensor, *, upper: bool, transpose: bool = False, unit_diag: bool = False) -> Tensor:
        kw = {"upper": upper, "transpose": transpose, "unit_diag": unit_diag}
        if a.numel == 0 or b.numel == 0:
            return self._small("triangular_solve", (a, b), kw, None)
        c = 1 if b.ndim == a.ndim - 1 else 2
        return self._per_matrix("triangular_solve", [(a, 2), (b, c)], kw, [b.shape[b.ndim - c:]])[0]

    def inv(self, a: Tensor) -> Tensor:
        if a.numel == 0:
            return self._small("inv", (a,), {}, None)
        return self._per_matrix("inv", [(a, 2)], {}, [a.shape[-2:]])[0]

    def det(self, a: Tensor) -> Tensor:
        if a.numel == 0:
            return self._small("det", (a,), {}, None)
        return self._per_matrix("det", [(a, 2)], {}, [()])[0]

    def slogdet(self, a: Tensor) -> tuple[Tensor, Tensor]:
        if a.numel == 0:
            return self._small("slogdet", (a,), {}, None)
        s, l = self._per_matrix("slogdet", [(a, 2)], {}, [(), ()])
        return s, l

    def solve(self, a: Tensor, b: Tensor) -> Tensor:
        if a.numel == 0 or b.numel == 0:
            return self._small("solve", (a, b), {}, None)
        c = 1 if b.ndim == 1 else 2
        return self._per_matrix("solve", [(a, 2), (b, c)], {}, [b.shape[b.ndim - c:]])[0]

    def _with_rtol(self, name: str, a: Tensor, rtol: Any, core: tuple) -> Tensor:
        if a.numel == 0 or (isinstance(rtol, Tensor) and rtol.numel == 0):
            return self._small(name, (a,), {"rtol": rtol}, None)
        if isinstance(rtol, Tensor):
            return self._per_matrix(name, [(a, 2), (rtol, 0)], {"rtol": steps.OPERAND}, [core])[0]
        return self._per_matrix(name, [(a, 2)], {"rtol": rtol}, [core])[0]

    def pinv(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        return self._with_rtol("pinv", a, rtol, (a.shape[-1], a.shape[-2]))

    def matrix_rank(self, a: Tensor, *, rtol: Any = None) -> Tensor:
        return self._with_rtol("matrix_rank", a, rtol, ())

    # ------------------------------------------------------------ fft
    def _fft(self, name: str, x: Tensor, axes: Sequence[int], s: Sequence[int] | None = None) -> Tensor:
        axes = tuple(axes)
        kw: dict = {"axes": axes} if s is None else {"axes": axes, "s": tuple(s)}
        if x.numel == 0 or not axes:
            return self._small(name, (x,), kw, None)
        shape = list(x.shape)
        if name == "rfft":
            shape[axes[-1]] = shape[axes[-1]] // 2 + 1
        elif name == "irfft":
            sizes = [x.shape[a] for a in axes[:-1]] + [2 * (x.shape[axes[-1]] - 1)]
            if s is not None:
                sizes = [n if v is None else int(v) for n, v in zip(sizes, s)]
            for a, n in zip(axes, sizes):
                shape[a] = n
        dtype, _ = self._result_dtype(name, ((steps.TENSOR, x.dtype),), tuple(sorted({"axes": (0,)}.items())))
        a = whole(name, x.arr, axes, max(x.dtype.itemsize, dtype.itemsize), "the transformed axes")
        chunks = tuple((n,) if i in axes else c for i, (n, c) in enumerate(zip(shape, a.chunks)))
        step = functools.partial(steps.kernel, name, (x.dtype,), kw)
        nd = _NP[dtype]
        return tensor(a.map_blocks(step, chunks=chunks, dtype=nd, meta=meta_of(nd, a.ndim)), dtype, self)

    def fft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._fft("fft", x, axes)

    def ifft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._fft("ifft", x, axes)

    def rfft(self, x: Tensor, *, axes: Sequence[int]) -> Tensor:
        return self._fft("rfft", x, axes)

    def irfft(self, x: Tensor, *, axes: Sequence[int], s: Sequence[int] | None = None) -> Tensor:
        return self._fft("irfft", x, axes, s)

    # ------------------------------------------------------------ windows
    def unfold(self, x: Tensor, *, kernel_size: Sequence[int], stride: Sequence[int], dilation: Sequence[int], padding: Sequence[tuple[int, int]]) -> Tensor:
        sizes, strides, dils = tuple(kernel_size), tuple(stride), tuple(dilation)
        pads = tuple((int(a), int(b)) for a, b in padding)
        kw: dict = {"kernel_size": sizes, "stride": strides, "dilation": dils, "padding": pads}
        k = len(sizes)
        lead = x.ndim - k
        windows = []
        for n, ks, st, dl, (pb, pa) in zip(x.shape[lead:], sizes, strides, dils, pads):
            span = n + pb + pa - (dl * (ks - 1) + 1)
            windows.append(span // st + 1 if span >= 0 else -1)
        if x.numel == 0 or min(windows, default=0) < 0 or 0 in windows:
            return self._small("unfold", (x,), kw, None)
        core = (math.prod(sizes), math.prod(windows))
        return self._windows("unfold", x, k, core, kw)

    def fold(self, x: Tensor, *, output_size: Sequence[int], kernel_size: Sequence[int], stride: Sequence[int], dilation: Sequence[int], padding: Sequence[tuple[int, int]]) -> Tensor:
        kw = {"output_size": tuple(output_size), "kernel_size": tuple(kernel_size), "stride": tuple(stride), "dilation": tuple(dilation), "padding": tuple(tuple(p) for p in padding)}
        if x.numel == 0 or 0 in kw["output_size"]:
            return self._small("fold", (x,), kw, None)
        return self._windows("fold", x, 2, kw["output_size"], kw)

    def _windows(self, name: str, x: Tensor, k: int, core: tuple, kw: dict) -> Tensor:
        lead = x.ndim - k
        a = whole(name, x.arr, tuple(range(lead, x.ndim)), x.dtype.itemsize, "the window axes")
        chunks = a.chunks[:lead] + tuple((n,) for n in core)
        step = functools.partial(steps.kernel, name, (x.dtype,), kw)
        nd = _NP[x.dtype]
        if len(core) == k:
            r = a.map_blocks(step, chunks=chunks, dtype=nd, meta=meta_of(nd, len(chunks)))
        else:
            ind = tuple(range(x.ndim))
            out_ind = ind[:lead] + tuple(range(x.ndim, x.ndim + len(core)))
            r = da.blockwise(step, out_ind, a, ind, new_axes={i: n for i, n in zip(out_ind[lead:], core)}, dtype=nd, concatenate=True, meta=meta_of(nd, len(out_ind)))
        return tensor(r, x.dtype, self)

