"""Beyond the standard: the Nx array operations the standard lacks, and Nx slicing.

Views (O(1), sharing the buffer): ``flatten``/``unflatten`` (when the strides allow it,
else a copy, like ``reshape``), ``unsqueeze``, ``swapaxes``, ``get``, the parts of
``split``, and ``slice`` with only ``I``/``A``/``N``/``R``/``Rs`` of step 1 or -1.
Copies: ``vstack``/``hstack``/``dstack``, ``pad``, and ``slice`` with an ``L`` spec, a
step other than +-1, or an empty result.

Nx slicing: ``slice(x, [I(1), R(0, 3), N, L([2, 0])])`` takes one spec per axis of
``x`` from the left (``N`` takes none and inserts a unit axis; missing trailing specs
are ``A``). ``I(i)`` picks one index and drops the axis; ``R(start, stop)`` and
``Rs(start, stop, step)`` are Python ranges (negative bounds count from the end, then
clamped); ``L([...])`` gathers the listed indices; ``A`` keeps the axis. Several ``L``
act independently per axis (outer indexing, not NumPy's paired indexing).
"""

from __future__ import annotations

import builtins
import functools
from math import prod
from typing import Any, Sequence

from nx_core.errors import AxisError
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array
from ._compose import padded
from ._indexing import basic_view
from ._creation_functions import asarray
from ._scalars import scalar_operand
from ._manipulation_functions import concat, expand_dims, permute_dims, reshape
from ._messages import index_out_of_bounds
from ._validation import backend_of, check_array, check_arrays, check_shape, core_message, int_no_bool, ints_no_bool, names_memory_errors, normalize_axis

__all__ = [
    "flatten",
    "unflatten",
    "unsqueeze",
    "swapaxes",
    "split",
    "vstack",
    "hstack",
    "dstack",
    "pad",
    "get",
    "item",
    "slice",
    "I",
    "R",
    "Rs",
    "L",
    "A",
    "N",
]



# --------------------------------------------------------------------- shapes
def flatten(x: Array, /, start_dim: int = 0, end_dim: int = -1) -> Array:
    """Merges axes ``start_dim..end_dim`` (inclusive) into one; a 0-d array becomes shape (1,)."""
    x = check_array("flatten", x)
    if x.ndim == 0:
        if int_no_bool("flatten", start_dim, "start_dim") not in (0, -1) or int_no_bool("flatten", end_dim, "end_dim") not in (0, -1):
            raise AxisError("flatten: start_dim and end_dim must be 0 or -1 for a 0-d array")
        return reshape(x, (1,))
    s = normalize_axis("flatten", start_dim, x.ndim)
    e = normalize_axis("flatten", end_dim, x.ndim)
    if s > e:
        raise ValueError(f"flatten: start_dim {start_dim} comes after end_dim {end_dim} for a {x.ndim}-d array")
    sh = x.shape
    return reshape(x, sh[:s] + (prod(sh[s : e + 1]),) + sh[e + 1 :])


def unflatten(x: Array, /, dim: int, sizes: Sequence[int]) -> Array:
    """Replaces axis ``dim`` by axes of ``sizes`` (one may be -1); their product must be its size."""
    x = check_array("unflatten", x)
    d = normalize_axis("unflatten", dim, x.ndim)
    if not isinstance(sizes, (list, tuple)):
        raise TypeError(f"unflatten: sizes must be a tuple or list of ints, got {type(sizes).__name__}")
    sz = ints_no_bool("unflatten", sizes, "sizes")
    n = x.shape[d]
    if not sz:
        raise ValueError("unflatten: sizes must not be empty")
    if sz.count(-1) > 1 or any(v < -1 for v in sz):
        raise ValueError(f"unflatten: sizes may hold one -1 and otherwise non-negative sizes, got {sz}")
    known = prod(v for v in sz if v != -1)
    if -1 in sz:
        if known == 0 or n % known:
            raise ValueError(f"unflatten: cannot split axis {d} of size {n} into {sz}")
        sz = tuple(n // known if v == -1 else v for v in sz)
    elif known != n:
        raise ValueError(f"unflatten: sizes {sz} have product {known}, but axis {d} has size {n}")
    return reshape(x, check_shape("unflatten", x.shape[:d] + sz + x.shape[d + 1 :], x.dtype.itemsize))


def unsqueeze(x: Array, /, axes: int | Sequence[int]) -> Array:
    """Inserts unit axes at ``axes``, positions in the result (negatives count from its end); a view."""
    x = check_array("unsqueeze", x)
    ax = ints_no_bool("unsqueeze", axes, "axes")
    r = x.ndim + len(ax)
    check_shape("unsqueeze", (1,) * r)
    pos = []
    for a in ax:
        if not -r <= a < r:
            raise AxisError(f"unsqueeze: axis {a}, out of bounds for output rank {r}, valid range is [-{r}, {r})")
        pos.append(a + r if a < 0 else a)
    if len(set(pos)) != len(pos):
        raise ValueError(f"unsqueeze: repeated axis in {ax}")
    return expand_dims(x, tuple(pos)) if pos else x


def swapaxes(x: Array, /, axis1: int, axis2: int) -> Array:
    """Exchanges two axes; a view."""
    x = check_array("swapaxes", x)
    a, b = int_no_bool("swapaxes", axis1, "axis1"), int_no_bool("swapaxes", axis2, "axis2")
    n = x.ndim
    if not (-n <= a < n and -n <= b < n):
        sh = "[" + ",".join(map(str, x.shape)) + "]"
        raise AxisError(f"swapaxes: axes ({a}, {b}), out of bounds for shape {sh}")
    a, b = a % n, b % n
    perm = list(range(n))
    perm[a], perm[b] = perm[b], perm[a]
    return permute_dims(x, tuple(perm))


# ------------------------------------------------------------------ splitting
def _part(x: Array, ax: int, a: int, b: int) -> Array:
    """``x[..., a:b, ...]`` along ``ax`` (0 <= a <= b <= size): a view, or a fresh empty array."""
    shape = x.shape[:ax] + (b - a,) + x.shape[ax + 1 :]
    B = x.backend
    if prod(shape) == 0:
        return B.full(x.dtype, shape, 0)
    bounds = tuple((a, b) if i == ax else (0, n) for i, n in enumerate(x.shape))
    return B.shrink(x, bounds)


def split(x: Array, /, sections: int | Sequence[int], axis: int = 0) -> list[Array]:
    """Splits ``x`` along ``axis`` into views: ``sections`` equal parts (an int that must
    divide the axis), or at the given indices (as NumPy's ``split``)."""
    x = check_array("split", x)
    if x.ndim == 0:
        raise ValueError("split: x must have at least one dimension")
    ax = normalize_axis("split", axis, x.ndim)
    size = x.shape[ax]
    if isinstance(sections, (list, tuple)):
        cuts = [builtins.slice(int_no_bool("split", c, "sections"), None).indices(size)[0] for c in sections]
        edges = [0, *cuts, size]
        return [_part(x, ax, a, max(a, b)) for a, b in zip(edges[:-1], edges[1:])]
    n = int_no_bool("split", sections, "sections")
    if n < 1:
        raise ValueError(f"split: sections must be >= 1, got {n}")
    if size % n:
        raise ValueError(
            f"split: cannot divide evenly axis {ax} (size {size}) to {n} sections, "
            f"{size} % {n} = {size % n}, use array_split for uneven division"
        )
    k = size // n
    return [_part(x, ax, i * k, (i + 1) * k) for i in range(n)]


# -------------------------------------------------------------------- joining
def _join(name: str, xs: list[Array], axis: int) -> Array:
    try:
        return concat(xs, axis=axis)
    except (TypeError, ValueError) as e:
        raise type(e)(core_message(name, e)) from None


def vstack(arrays: Sequence[Array], /) -> Array:
    """Joins along axis 0 after viewing 0-d arrays as (1, 1) and 1-d ``(n,)`` as ``(1, n)``."""
    xs = check_arrays("vstack", arrays)
    return _join("vstack", [x if x.ndim >= 2 else reshape(x, (1, x.size)) for x in xs], 0)


def hstack(arrays: Sequence[Array], /) -> Array:
    """Joins along axis 1; arrays of at most 1 dimension are joined along axis 0 instead."""
    xs = check_arrays("hstack", arrays)
    if all(x.ndim <= 1 for x in xs):
        return _join("hstack", [reshape(x, (x.size,)) for x in xs], 0)
    return _join("hstack", [x if x.ndim >= 2 else reshape(x, (x.size, 1)) for x in xs], 1)


def dstack(arrays: Sequence[Array], /) -> Array:
    """Joins along axis 2 after viewing 0-d as (1, 1, 1), ``(n,)`` as ``(1, n, 1)`` and ``(a, b)`` as ``(a, b, 1)``."""
    xs = check_arrays("dstack", arrays)
    out = []
    for x in xs:
        if x.ndim == 0:
            x = reshape(x, (1, 1, 1))
        elif x.ndim == 1:
            x = reshape(x, (1, x.shape[0], 1))
        elif x.ndim == 2:
            x = reshape(x, x.shape + (1,))
        out.append(x)
    return _join("dstack", out, 2)


# ------------------------------------------------------------------------ pad
_PAD_MODES = ("constant", "edge", "reflect", "symmetric", "wrap")


def _pad_width(x: Array, pad_width: Any) -> tuple[tuple[int, int], ...]:
    n = x.ndim
    if not isinstance(pad_width, (list, tuple)):
        v = int_no_bool("pad", pad_width, "pad_width")
        pads = ((v, v),) * n
    elif len(pad_width) == 2 and not any(isinstance(p, (list, tuple)) for p in pad_width):
        pads = ((int_no_bool("pad", pad_width[0], "pad_width"), int_no_bool("pad", pad_width[1], "pad_width")),) * n
    else:
        rows = []
        for p in pad_width:
            if not isinstance(p, (list, tuple)) or len(p) != 2:
                raise ValueError(f"pad: pad_width entries must be (before, after) pairs, got {p!r}")
            rows.append((int_no_bool("pad", p[0], "pad_width"), int_no_bool("pad", p[1], "pad_width")))
        if len(rows) == 1:
            rows = rows * n
        if len(rows) != n:
            raise ValueError(f"pad: pad_width has {len(rows)} pairs, but x has {n} dimensions")
        pads = tuple(rows)
    if any(a < 0 or b < 0 for a, b in pads):
        raise ValueError("pad: padding values, negative values not allowed, use shrink or slice to remove elements")
    return pads


def _pad_index(B: Any, mode: str, n: int, before: int, after: int) -> Array:
    """int64 source indices on backend ``B`` along one axis for the non-constant modes."""
    i = B.arange(_dt.int64, -before, 1, n + after + before)
    if mode == "edge":
        return B.max(B.min(i, n - 1), 0)
    if mode == "wrap":
        return B.remainder(i, n)
    if mode == "reflect":
        if n == 1:
            return B.full(_dt.int64, (before + n + after,), 0)
        period = 2 * (n - 1)
        m = B.remainder(i, period)
        return B.where(B.cmplt(m, n), m, B.add(B.neg(m), period))
    m = B.remainder(i, 2 * n)  # symmetric
    return B.where(B.cmplt(m, n), m, B.add(B.neg(m), 2 * n - 1))


@names_memory_errors
def pad(
    x: Array,
    /,
    pad_width: int | Sequence[int] | Sequence[Sequence[int]],
    value: bool | int | float | complex = 0,
    *,
    mode: str = "constant",
) -> Array:
    """A padded copy of ``x``. ``pad_width``: an int, one ``(before, after)`` pair for every
    axis, or one pair per axis. ``mode``: "constant" (fill with ``value``), "edge",
    "reflect" (mirror without the edge), "symmetric" (mirror with the edge) or "wrap"."""
    x = check_array("pad", x)
    if not isinstance(mode, str) or mode not in _PAD_MODES:
        raise ValueError(f"pad: mode must be one of {_PAD_MODES}, got {mode!r}")
    pads = _pad_width(x, pad_width)
    check_shape("pad", tuple(n + a + b for n, (a, b) in zip(x.shape, pads)), x.dtype.itemsize)
    B = x.backend
    if mode == "constant":
        if isinstance(value, Array):
            if value.ndim != 0:
                raise ValueError(f"pad: value must be a scalar, got shape {value.shape}")
            value = value.backend.item(value)
        if x.dtype.is_bool and type(value) is int and value in (0, 1):
            value = bool(value)  # the default 0 pads a bool array with False
        v, d = scalar_operand("pad", value, x.dtype)
        if d is not x.dtype:
            raise TypeError(f"pad: a {type(value).__name__} value cannot fill a {x.dtype.name} array")
        return padded(x, pads, v)
    t = x
    for ax, (a, b) in enumerate(pads):
        if a == 0 and b == 0:
            continue
        n = x.shape[ax]
        if n == 0:
            raise ValueError(f"pad: cannot pad the empty axis {ax} with mode {mode!r}")
        t = B.take(t, _pad_index(B, mode, n, a, b), axis=ax)
    return t if t is not x else B.copy(t)


# ------------------------------------------------------------------- indexing
def _index(name: str, i: Any, n: int, ax: int) -> int:
    i = int_no_bool(name, i, "index")
    if not -n <= i < n:
        raise index_out_of_bounds(name, i, ax, n)
    return i + n if i < 0 else i


def _pick(x: Array, idx: list[int]) -> Array:
    """The sub-tensor at the leading indices ``idx`` (already normalised): a view."""
    t = x
    return t.backend.basic_view(t, tuple(idx))


def get(x: Array, /, indices: int | Sequence[int]) -> Array:
    """The sub-array at a prefix of indices, from the outermost axis inward; a view."""
    x = check_array("get", x)
    raw = ints_no_bool("get", indices, "indices")
    if len(raw) > x.ndim:
        raise IndexError(f"get: too many indices ({len(raw)}) for a {x.ndim}-d array")
    if not raw:
        return x
    return _pick(x, [_index("get", i, x.shape[a], a) for a, i in enumerate(raw)])


def item(x: Array, /, indices: Sequence[int] = ()) -> bool | int | float | complex:
    """The element at ``indices`` (exactly one per axis) as a Python scalar."""
    x = check_array("item", x)
    raw = ints_no_bool("item", indices, "indices")
    if len(raw) != x.ndim:
        raise ValueError(f"item: need {x.ndim} indices for {x.ndim}-d tensor, got {len(raw)}")
    t = _pick(x, [_index("item", i, x.shape[a], a) for a, i in enumerate(raw)])
    return t.backend.item(t)


# -------------------------------------------------------------------- slicing
class I:  # noqa: E742 - the Nx name
    """``I(i)``: the single index ``i`` (negative counts from the end); drops the axis."""

    __slots__ = ("i",)

    def __init__(self, i: int) -> None:
        self.i = int_no_bool("I", i, "i")

    def __repr__(self) -> str:
        return f"I({self.i})"

    def __eq__(self, other: object) -> bool:
        return type(other) is I and other.i == self.i

    def __hash__(self) -> int:
        return hash(("I", self.i))


class Rs:
    """``Rs(start, stop, step)``: the Python range ``start:stop:step`` along the axis."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, start: int, stop: int, step: int) -> None:
        name = type(self).__name__
        self.start = int_no_bool(name, start, "start")
        self.stop = int_no_bool(name, stop, "stop")
        self.step = int_no_bool(name, step, "step")
        if self.step == 0:
            raise ValueError(f"{name}: step cannot be zero")

    def __repr__(self) -> str:
        return f"Rs({self.start}, {self.stop}, {self.step})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (other.start, other.stop, other.step) == (self.start, self.stop, self.step)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.start, self.stop, self.step))


class R(Rs):
    """``R(start, stop)``: the half-open range ``start:stop`` (step 1) along the axis."""

    __slots__ = ()

    def __init__(self, start: int, stop: int) -> None:
        super().__init__(start, stop, 1)

    def __repr__(self) -> str:
        return f"R({self.start}, {self.stop})"


class L:
    """``L([i, ...])``: gathers the listed indices (repeats allowed) along the axis; a copy."""

    __slots__ = ("indices",)
    indices: tuple[int, ...] | Array

    def __init__(self, indices: Sequence[int] | Array) -> None:
        if isinstance(indices, Array):
            if indices.dtype not in _dt.integer or indices.ndim != 1:
                raise TypeError(f"L: an index array must be 1-d with an integer dtype, got {indices.dtype.name} {indices.shape}")
            self.indices = indices
        elif isinstance(indices, (list, tuple)):
            self.indices = tuple(int_no_bool("L", i, "indices") for i in indices)
        else:
            raise TypeError(f"L: indices must be a list of ints or a 1-d integer array, got {type(indices).__name__}")

    def __repr__(self) -> str:
        return f"L({list(self.indices) if isinstance(self.indices, tuple) else self.indices!r})"


class _Spec:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return self._name

    def __reduce__(self) -> str:
        return self._name


A = _Spec("A")  #: the whole axis
N = _Spec("N")  #: a new unit axis


def _list_in_bounds(n: int, lo: int, hi: int) -> None:
    if lo < -n or hi >= n:
        raise IndexError(f"slice: index {lo if lo < -n else hi} out of bounds [0, {n})")


def _list_index(x: Array, spec: L, n: int) -> tuple[Array, int]:
    """The int64 indices of ``spec`` normalised into [0, n), on ``x``'s device, and their count."""
    if isinstance(spec.indices, tuple):
        for i in spec.indices:
            if not -n <= i < n:
                raise IndexError(f"slice: index {i} out of bounds [0, {n})")
        idx = [i + n if i < 0 else i for i in spec.indices]
        return asarray(idx, dtype=_dt.int64, device=x.backend.device), len(idx)
    t = spec.indices
    B = backend_of("slice", x, t)
    k = spec.indices.shape[0]
    if k:
        t = B.guard(t, functools.partial(_list_in_bounds, n), B.reduce_min(t, axes=(0,)), B.reduce_max(t, axes=(0,)))
        if t.dtype is not _dt.int64:
            t = B.cast(t, dtype=_dt.int64)
        t = B.where(B.cmplt(t, 0), B.add(t, n), t)
    return t, k


def slice(x: Array, /, specs: Sequence[Any]) -> Array:  # noqa: A001 - the Nx name
    """Nx slicing: one spec (``I``, ``R``, ``Rs``, ``L``, ``A``, ``N``) per axis from the left.

    A view when only ``I``/``A``/``N``/``R``/``Rs`` with step +-1 are used, else a copy.
    """
    x = check_array("slice", x)
    if isinstance(specs, (I, Rs, L, _Spec)):
        specs = [specs]
    if not isinstance(specs, (list, tuple)):
        raise TypeError(f"slice: specs must be a list of I, R, Rs, L, A or N, got {type(specs).__name__}")
    for s in specs:
        if not isinstance(s, (I, Rs, L, _Spec)):
            raise TypeError(f"slice: specs must be I, R, Rs, L, A or N, got {s!r}")
    if sum(1 for s in specs if s is not N) > x.ndim:
        raise IndexError("slice: too many indices")
    # The specs as a basic key (I: an int, R/Rs of step +-1: a slice, A: a full slice,
    # N: None) for the view that x[key] makes; an L or another step keeps the axis whole
    # in the view and is taken from it afterwards (a copy).
    t = x
    B = t.backend
    key: list[Any] = []
    takes: list[tuple[int, Array]] = []
    out_shape: list[int] = []
    ax = 0
    for s in specs:
        if s is N:
            key.append(None)
            out_shape.append(1)
            continue
        n = x.shape[ax]
        if isinstance(s, I):
            if not -n <= s.i < n:
                raise IndexError(f"slice: index {s.i} out of bounds [0, {n})")
            key.append(s.i)
        elif s is A:
            key.append(_ALL)
            out_shape.append(n)
        elif isinstance(s, Rs):
            r = range(*builtins.slice(s.start, s.stop, s.step).indices(n))
            out_shape.append(len(r))
            if s.step in (1, -1):
                key.append(builtins.slice(s.start, s.stop, s.step))
            else:
                key.append(_ALL)
                if r:
                    takes.append((len(out_shape) - 1, B.arange(_dt.int64, r.start, r.step, len(r))))
        else:  # L
            idx, k = _list_index(t, s, n)
            key.append(_ALL)
            out_shape.append(k)
            takes.append((len(out_shape) - 1, idx))
        ax += 1
    out_shape.extend(x.shape[ax:])
    if prod(out_shape) == 0:
        return B.full(x.dtype, tuple(out_shape), 0)
    t = basic_view("slice", t, tuple(key))
    for a, idx in takes:
        t = B.take(t, idx, axis=a)
    return t


_ALL = builtins.slice(None)
