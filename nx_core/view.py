"""Strided views: how a linear buffer is read as an n-dimensional array.

A :class:`View` is immutable metadata: ``shape``, ``strides`` (in elements, may be
0 or negative), ``offset`` (may be negative while a mask hides the out-of-buffer
region) and an optional validity ``mask`` (one half-open ``(begin, end)`` interval
per axis). Element ``idx`` lives at buffer position
``offset + sum(idx[i] * strides[i])`` and is valid iff the mask admits it. Every
operation here is O(ndim) and never touches a buffer.

``c_flag`` is the offset-agnostic C-contiguity flag (no mask and C strides); it
drives :meth:`View.reshape`'s fast path. The public :meth:`View.is_c_contiguous`
additionally requires ``offset == 0``.

Symbolic dimensions (:mod:`nx_core._symbolic`) are supported on a few paths only
(create, expand, reshape of C-contiguous views, permute, bind); concrete views pay
nothing for it.
"""

from __future__ import annotations

import math
import operator
from functools import lru_cache
from typing import Any

from . import _symbolic, masks
from .errors import NxInvalidArgument
from .indexing import basic_geometry
from .shape import (
    _c_strides, _norm_ints, _norm_pairs, _shape_info, broadcast_strides, nocopy_strides, to_string,
)

__all__ = ["View", "create", "contiguous", "contiguous_of_ints"]

_prod = math.prod
_new = object.__new__


class View:
    """Immutable strided view; build with :meth:`View.create` (or :func:`contiguous`)."""

    __slots__ = ("shape", "strides", "offset", "mask", "c_flag", "numel")
    # Dimensions (and mask bounds) are ints, or symbolic expressions on a _SymView.
    shape: tuple[Any, ...]
    strides: tuple[int, ...]
    offset: int
    mask: tuple[tuple[Any, Any], ...] | None
    c_flag: bool
    numel: Any

    def __init__(self, *args, **kwargs):
        raise TypeError("View is built with View.create(shape, offset=..., strides=..., mask=...)")

    def __setattr__(self, name, value):
        raise AttributeError("View is immutable")

    def __delattr__(self, name):
        raise AttributeError("View is immutable")

    # ----- construction ---------------------------------------------------
    @classmethod
    def _make(cls, shape, strides, offset, mask, c_flag):
        """Raw constructor without any validation or canonicalisation.

        ``shape``/``strides`` must be tuples of ints of equal length, ``mask`` None
        or a tuple of (begin, end) tuples that is not full coverage, ``c_flag`` the
        offset-agnostic flag (``mask is None and strides == C strides``). An instance of
        ``cls``: View, or the symbolic views' class (``_sym_make``).
        """
        self = _new(cls)
        _set_shape(self, shape)
        _set_strides(self, strides)
        _set_offset(self, offset)
        _set_mask(self, mask)
        _set_cflag(self, c_flag)
        _set_numel(self, _prod(shape))
        return self

    @classmethod
    def create(cls, shape, *, offset=0, strides=None, mask=None) -> "View":
        """A view over ``shape`` (spec §2.2).

        Zero-size shapes clamp negative dims to 0, force offset 0 and drop the
        mask. Explicit strides are kept verbatim (default: C strides). A mask that
        covers every axis fully is removed. Strides/mask lengths must equal the rank.
        """
        if type(shape) is not tuple:
            shape = tuple(shape)
        shape, cstr, zero = _shape_info(shape)
        if type(offset) is not int:
            offset = operator.index(offset)
        if cstr is None:
            return _create_symbolic(shape, offset, strides, mask)
        if strides is None and mask is None and not zero:
            if offset == 0:
                return contiguous(shape)
            return _make(shape, cstr, offset, None, True)
        strides, mask = _create_args(len(shape), strides, mask)
        return _build(shape, offset, strides, mask)

    # ----- accessors ------------------------------------------------------
    @property
    def ndim(self) -> int:
        return len(self.shape)

    def dim(self, axis: int) -> int:
        return self.shape[_axis(self, "dim", axis)]

    def stride(self, axis: int) -> int:
        return self.strides[_axis(self, "stride", axis)]

    def is_c_contiguous(self) -> bool:
        """No mask, C strides and offset 0."""
        return self.c_flag and self.offset == 0

    def is_symbolic(self) -> bool:
        return False

    def simplify(self) -> "View":
        """Remove a full-coverage mask (recomputing the flag); else return ``self``."""
        m = self.mask
        if m is None or not masks.covers(m, self.shape):
            return self
        return _build(self.shape, self.offset, self.strides, None)

    def strides_opt(self):
        """``strides`` unless a partial mask is present (then None)."""
        v = self.simplify()
        m = v.mask
        return v.strides if m is None or masks.covers(m, v.shape) else None

    def can_get_strides(self) -> bool:
        return self.strides_opt() is not None

    def is_materializable(self) -> bool:
        return self.strides_opt() is not None

    def bind(self, mapping=None) -> "View":
        """Substitute symbolic dimensions; a concrete view is returned unchanged."""
        return self

    # ----- indexing -------------------------------------------------------
    def linear_index(self, idx) -> int:
        """``offset + sum(idx[i] * strides[i])``; no bounds or mask checks."""
        st = self.strides
        if len(idx) != len(st):
            raise NxInvalidArgument(
                f"linear_index: rank mismatch: indices[{len(idx)}] vs ndim {len(st)}"
            )
        acc = self.offset
        for i, s in zip(idx, st):
            acc += i * s
        return acc

    def is_valid(self, idx) -> bool:
        """True iff ``idx`` lies in the mask (always True without a mask)."""
        m = self.mask
        if m is None:
            return True
        if len(idx) != len(m):
            return False
        for i, (b, e) in zip(idx, m):
            if i < b or i >= e:
                return False
        return True

    # ----- transformations ------------------------------------------------
    def reshape(self, new_shape) -> "View | None":
        """Reinterpret with ``new_shape`` without copying (spec §2.6).

        Raises NxInvalidArgument for an invalid reshape (element counts differ, bad
        dims, a non-contiguous symbolic view). Returns None for a valid reshape that no
        strided view can express (incompatible strides, a masked view): the caller
        copies (or refuses, when asked not to copy). Where the spec's reshape fails with
        "incompatible strides" or "cannot reshape views with masks", this returns None.

        Old and new axes are matched as NumPy's ``_attempt_nocopy_reshape`` matches them
        (``nx_core.shape.nocopy_strides``), so every reshape NumPy makes without a copy is a view here
        too, with negative and zero strides, and runs of axes that merge and split at
        once (a flipped ``[3, 4]`` as ``[4, 3]``). The spec's greedy matcher (§2.6) finds
        a subset of these: where its table says "error" for a reshape NumPy makes as a
        view (``V([4,2,3],[1,12,4])`` to ``[4,3,2]``), this returns the view.
        """
        new_shape, ncstr, nzero = _target(new_shape)
        shape = self.shape
        if new_shape == shape:
            return self
        if ncstr is None or type(self) is not View:
            if self.c_flag and self.mask is None:
                return View.create(new_shape, offset=self.offset)
            raise NxInvalidArgument(
                "reshape: cannot reshape symbolic non-contiguous view, "
                "bind all symbolic dimensions first"
            )
        on = self.numel
        nn = _prod(new_shape)
        if on != nn and on != 0 and nn != 0:
            raise NxInvalidArgument(f"reshape: cannot reshape {to_string(shape)} to {to_string(new_shape)}")
        if nzero or on == 0:
            return View.create(new_shape)
        if self.mask is not None:
            return None  # a masked (padded) view is read through a copy
        offset = self.offset
        if self.c_flag:
            if offset == 0:
                return contiguous(new_shape)
            return _make(new_shape, ncstr, offset, None, True)
        if not new_shape:
            return View.create((), offset=offset)
        strides = self.strides
        if not any(strides):
            zs = (0,) * len(new_shape)
            return _make(new_shape, zs, offset, None, zs == ncstr)
        matched = nocopy_strides(shape, strides, new_shape)
        if matched is not None:
            return _make(new_shape, matched, offset, None, matched == ncstr)
        return None  # valid, but these strides cannot express it: the caller copies

    def expand(self, new_shape) -> "View":
        """Broadcast singleton dims to ``new_shape`` with stride 0 (spec §2.7)."""
        new_shape, ncstr, nzero = _target(new_shape)
        shape = self.shape
        n = len(shape)
        if n == 0:
            return View.create(new_shape, offset=self.offset, strides=(0,) * len(new_shape))
        if len(new_shape) != n:
            raise NxInvalidArgument(
                f"expand: rank mismatch: {to_string(new_shape)} vs {to_string(shape)}"
            )
        if 0 in shape:
            return View.create(new_shape)
        if new_shape == shape:
            return self
        symbolic = ncstr is None or type(self) is not View
        old_strides = self.strides
        # a View whose type is not View is a _SymView (a type checker cannot narrow on type())
        sym_old = getattr(self, "sym_strides") if type(self) is not View else old_strides
        strides = []
        sym_strides = []
        grown = []
        for i in range(n):
            od = shape[i]
            nd = new_shape[i]
            if od == nd:
                strides.append(old_strides[i])
                sym_strides.append(sym_old[i])
            elif od == 1:
                strides.append(0)
                sym_strides.append(0)
                grown.append(i)
            elif symbolic and (type(od) is not int or type(nd) is not int):
                strides.append(old_strides[i])
                sym_strides.append(sym_old[i])
            else:
                raise NxInvalidArgument(
                    f"expand: dimension {i} (size {od}) cannot expand to size {nd}, "
                    "only singletons expand"
                )
        m = masks.expanded(self.mask, grown, new_shape)
        if symbolic:
            c_flag = False  # something was expanded (equal shapes returned early)
            return _sym_make(new_shape, tuple(strides), self.offset, m, c_flag, tuple(sym_strides))
        return _build(new_shape, self.offset, tuple(strides), m)

    def permute(self, axes) -> "View":
        """Reorder axes: ``new.shape[i] = shape[axes[i]]`` (spec §2.8)."""
        shape = self.shape
        n = len(shape)
        if len(axes) != n:
            raise NxInvalidArgument(f"permute: axes length {len(axes)} != ndim {n}")
        seen = [False] * n
        for ax in axes:
            if ax < 0 or ax >= n:
                raise NxInvalidArgument(f"permute: axis {ax} out of bounds for {n}D tensor")
            if seen[ax]:
                raise NxInvalidArgument(f"permute: duplicate axis {ax}")
            seen[ax] = True
        st = self.strides
        new_shape = tuple([shape[a] for a in axes])
        new_strides = tuple([st[a] for a in axes])
        m = self.mask
        new_mask = None if m is None else tuple([m[a] for a in axes])
        if type(self) is not View:
            ss = getattr(self, "sym_strides")  # a _SymView
            ident = all(a == i for i, a in enumerate(axes))
            return _sym_make(new_shape, new_strides, self.offset, new_mask,
                             self.c_flag and ident, tuple([ss[a] for a in axes]))
        return _build(new_shape, self.offset, new_strides, new_mask)

    def shrink(self, bounds) -> "View":
        """Restrict each axis to the half-open ``(begin, end)`` interval (spec §2.9)."""
        bounds = _axis_pairs(self, "shrink", "bounds", bounds)
        shape = self.shape
        if masks.covers(bounds, shape):
            return self
        for (b, e), d in zip(bounds, shape):
            if b < 0 or e < 0 or b > d or e > d or b >= e:
                raise NxInvalidArgument("shrink: bounds must be within shape and start < end")
        st = self.strides
        offset = self.offset
        for (b, _), s in zip(bounds, st):
            offset += b * s
        new_shape = tuple([e - b for b, e in bounds])
        return _build(new_shape, offset, st, masks.shrunk(self.mask, bounds, new_shape))

    def pad(self, padding) -> "View":
        """Virtually pad each axis by ``(before, after)``; records a mask (spec §2.10)."""
        padding = _axis_pairs(self, "pad", "padding", padding)
        if all(bf == 0 and af == 0 for bf, af in padding):
            return self
        for bf, af in padding:
            if bf < 0 or af < 0:
                raise NxInvalidArgument(
                    "pad: negative padding values, use shrink or slice instead"
                )
        st = self.strides
        new_shape, offset, new_mask = masks.padded(self.shape, st, self.offset, self.mask, padding)
        return _build(new_shape, offset, st, new_mask)

    def flip(self, flags) -> "View":
        """Reverse the flagged axes by negating strides (spec §2.11)."""
        _concrete(self, "flip", "flip")
        shape = self.shape
        n = len(shape)
        if len(flags) != n:
            raise NxInvalidArgument(f"flip: boolean array length {len(flags)} != ndim {n}")
        st, offset, new_mask = masks.flipped(shape, self.strides, self.offset, self.mask, flags)
        return _build(shape, offset, st, new_mask)

    def basic_index(self, key) -> "View":
        """The view ``x[key]`` for a basic key (the standard's basic indexing): ints,
        slices, ``None`` and one ``Ellipsis``, as :func:`nx_core.indexing.basic_geometry`
        reads them. A symbolic view raises NxInvalidArgument (bind it first)."""
        _concrete(self, "basic_index", "index")
        shape, strides, offset, mask = basic_geometry(self.shape, self.strides, self.offset, self.mask, key)
        return _build(shape, offset, strides, mask)

    def broadcast_to(self, new_shape) -> "View":
        """NumPy's ``broadcast_to``: leading unit axes added, unit axes expanded (stride 0).

        Right-aligned with ``new_shape``, each axis must equal the target's or be 1,
        else NxInvalidArgument. Masks follow: an added axis is valid everywhere, and an
        expanded unit axis is valid everywhere if its one element was, else nowhere.
        """
        new_shape, ncstr, nzero = _target(new_shape)
        shape = self.shape
        if new_shape == shape:
            return self
        n = len(shape)
        k = len(new_shape) - n
        if k < 0:
            raise NxInvalidArgument(
                f"broadcast_to: cannot broadcast {to_string(shape)} to {to_string(new_shape)} "
                f"(rank {n} > {len(new_shape)})"
            )
        if ncstr is None or type(self) is not View:
            return _broadcast_symbolic(self, new_shape, k)
        strides = broadcast_strides(shape, self.strides, new_shape)
        m = self.mask
        if m is None:
            return _make(new_shape, strides, 0 if nzero else self.offset, None, strides == ncstr)
        return _build(new_shape, self.offset, strides, masks.broadcast(m, shape, new_shape))

    def diagonal(self, offset: int = 0) -> "View":
        """The ``offset`` diagonal of the last two axes, shape ``(*batch, k)``.

        Element ``[..., i]`` is ``[..., i, i + offset]`` for ``offset >= 0`` and
        ``[..., i - offset, i]`` otherwise; ``k`` is the diagonal's length (0 when the
        offset lies outside the matrix, giving a fresh C view). A mask keeps the
        diagonal elements valid in both axes.
        """
        _concrete(self, "diagonal", "take the diagonal of")
        if type(offset) is not int:
            offset = operator.index(offset)
        shape = self.shape
        if len(shape) < 2:
            raise NxInvalidArgument(f"diagonal: needs at least 2 dimensions, got {len(shape)}")
        r0 = -offset if offset < 0 else 0
        c0 = offset if offset > 0 else 0
        k = min(shape[-2] - r0, shape[-1] - c0)
        batch = shape[:-2]
        new_shape = batch + (k if k > 0 else 0,)
        if k <= 0 or 0 in batch:
            return contiguous(new_shape)
        st = self.strides
        sm, sn = st[-2], st[-1]
        new_mask = masks.diagonal(self.mask, r0, c0, k)
        return _build(new_shape, self.offset + r0 * sm + c0 * sn, st[:-2] + (sm + sn,), new_mask)

    # ----- protocol -------------------------------------------------------
    def _key(self):
        return (self.shape, self.strides, self.offset, self.mask)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented if not isinstance(other, View) else False
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return (
            f"View(shape={self.shape!r}, strides={self.strides!r}, "
            f"offset={self.offset!r}, mask={self.mask!r})"
        )

    def __reduce__(self):
        return (_restore, (self.shape, self.strides, self.offset, self.mask, self.c_flag,
                           getattr(self, "sym_strides", None)))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


# The slot descriptors' setters (View itself refuses attribute assignment), read from the
# class __dict__, which holds the very same descriptors (read off the class, a type
# checker would see the instance attribute types declared above instead).
_set_shape, _set_strides, _set_offset, _set_mask, _set_cflag, _set_numel = (
    View.__dict__[name].__set__ for name in View.__slots__
)
_make = View._make
create = View.create


def contiguous(shape: tuple) -> View:
    """Cached C-contiguous, offset-0, unmasked view of ``shape`` (a tuple)."""
    for d in shape:
        if type(d) is not int:  # the cache is keyed by value: (3.0,) would hit (3,)
            return _contiguous(shape)
    return _contiguous_ints(shape)


def _contiguous(shape: tuple) -> View:
    canon, cstr, zero = _shape_info(shape)
    if cstr is None or zero:
        return View.create(canon)
    return _make(canon, cstr, 0, None, True)


_contiguous_ints = lru_cache(maxsize=4096)(_contiguous)


def contiguous_of_ints(shape: tuple) -> View:
    """``contiguous`` for a tuple known to hold non-negative Python ints only (a NumPy
    array's shape): the cached view without the per-dimension type check."""
    return _contiguous_ints(shape)


def _axis(v: View, op: str, axis: int) -> int:
    """``axis`` if it is one of ``v``'s, else ``op``'s NxInvalidArgument."""
    n = len(v.shape)
    if axis < 0 or axis >= n:
        raise NxInvalidArgument(f"{op}: axis {axis} out of bounds for {n}D tensor")
    return axis


def _target(new_shape) -> tuple:
    """``(shape, C strides or None if symbolic, has a zero dim)`` of a movement's target."""
    return _shape_info(new_shape if type(new_shape) is tuple else tuple(new_shape))


def _concrete(v: View, op: str, verb: str) -> None:
    """``op``'s NxInvalidArgument if ``v`` is symbolic (it cannot ``verb`` such a view)."""
    if type(v) is not View:
        raise NxInvalidArgument(f"{op}: cannot {verb} symbolic shape, bind all symbolic dimensions first")


def _axis_pairs(v: View, op: str, what: str, pairs: Any) -> list:
    """``pairs``, one per axis of ``v``, as a list of tuples: ``op``'s checks that ``v`` is
    concrete and that there is a pair per axis."""
    _concrete(v, op, op)
    n = len(v.shape)
    if len(pairs) != n:
        raise NxInvalidArgument(f"{op}: {what} length {len(pairs)} != ndim {n}")
    return [tuple(p) for p in pairs]


def _create_args(n: int, strides, mask) -> tuple:
    """``create``'s ``strides`` and ``mask`` normalised, each None or of length ``n``."""
    if strides is not None:
        strides = _norm_ints(strides)
        if len(strides) != n:
            raise NxInvalidArgument(f"create: strides length {len(strides)} != shape length {n}")
    if mask is not None:
        mask = _norm_pairs(mask, "mask")
        if len(mask) != n:
            raise NxInvalidArgument(f"create: mask length {len(mask)} != shape length {n}")
    return strides, mask


def _build(shape: tuple, offset: int, strides, mask) -> View:
    """``create`` semantics for canonical concrete inputs (lengths already match)."""
    if 0 in shape:
        if any(d < 0 for d in shape):
            shape = tuple([d if d > 0 else 0 for d in shape])
        cstr = _c_strides(shape)
        if strides is None:
            strides = cstr
        return _make(shape, strides, 0, None, strides == cstr)
    cstr = _c_strides(shape)
    if strides is None:
        strides = cstr
    if mask is not None and not masks.covers(mask, shape):
        return _make(shape, strides, offset, mask, False)
    return _make(shape, strides, offset, None, strides == cstr)


# ----- symbolic views ------------------------------------------------------

class _SymView(View):
    """A view whose shape holds symbolic dimensions.

    ``strides`` are placeholders (1 per axis from ``create``, 0 where expanded);
    ``sym_strides`` tracks the true strides as symbolic expressions so that
    :meth:`bind` can produce the right concrete view.
    """

    __slots__ = ("sym_strides",)
    sym_strides: tuple[Any, ...]

    def is_symbolic(self) -> bool:
        return True

    def simplify(self):
        return self

    def is_materializable(self) -> bool:
        return False

    def _key(self):
        return (self.shape, self.strides, self.offset, self.mask, self.c_flag, self.sym_strides)

    def bind(self, mapping=None) -> View:
        """Substitute symbols (from ``mapping`` {name or Sym: int}, else their bound
        value). Returns a concrete View once every dimension is known, otherwise a
        (partially bound) symbolic view."""
        sub = _symbolic.subs
        shape = tuple([sub(d, mapping) for d in self.shape])
        sstr = tuple([sub(s, mapping) for s in self.sym_strides])
        m = self.mask
        if m is not None:
            m = tuple([(sub(b, mapping), sub(e, mapping)) for b, e in m])
        if all(type(d) is int for d in shape) and all(type(s) is int for s in sstr) and (
            m is None or all(type(b) is int and type(e) is int for b, e in m)
        ):
            if 0 in shape:
                return View.create(shape)
            return View.create(shape, offset=self.offset, strides=sstr, mask=m)
        return _sym_make(shape, self.strides, self.offset, m, self.c_flag, sstr)


_set_sym_strides = _SymView.__dict__["sym_strides"].__set__


def _sym_make(shape, strides, offset, mask, c_flag, sym_strides) -> View:
    self = _SymView._make(shape, strides, offset, mask, c_flag)
    _set_sym_strides(self, sym_strides)
    return self


def _create_symbolic(shape, offset, strides, mask) -> View:
    n = len(shape)
    zero = any(type(d) is int and d == 0 for d in shape)
    if zero:
        shape = tuple([d if type(d) is not int or d > 0 else 0 for d in shape])
        offset = 0
        mask = None
    strides, mask = _create_args(n, strides, mask)
    if mask is not None and masks.covers(mask, shape):
        mask = None
    if strides is not None:
        return _sym_make(shape, strides, offset, mask, False, strides)
    # true C strides as expressions; public strides are unit placeholders
    c_flag = offset == 0 and mask is None
    return _sym_make(shape, (1,) * n, offset, mask, c_flag, _symbolic.c_strides(shape))


def _broadcast_symbolic(v: View, new_shape: tuple, k: int) -> View:
    """``broadcast_to`` where a side is symbolic: ``k`` leading unit axes, then ``expand``."""
    if k:
        z = (0,) * k
        m = v.mask
        m = None if m is None else ((0, 1),) * k + m
        if type(v) is View:
            v = _build((1,) * k + v.shape, v.offset, z + v.strides, m)
        else:
            ss = getattr(v, "sym_strides")  # a _SymView
            v = _sym_make((1,) * k + v.shape, z + v.strides, v.offset, m, v.c_flag, z + ss)
    return v.expand(new_shape)


def _restore(shape, strides, offset, mask, c_flag, sym_strides):
    if sym_strides is None:
        return _make(shape, strides, offset, mask, c_flag)
    return _sym_make(shape, strides, offset, mask, c_flag, sym_strides)
