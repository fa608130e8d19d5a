"""Strict mode's stale arrays: a write through shared memory is allowed, a read of what
it changed through another array is not.

Two arrays share memory when one is a view of the other (``x[1:3]``, ``x.T``,
``reshape``, ...). NumPy and PyTorch then see a write through one in the other; JAX has no
in-place writes and some libraries copy where nx views, so code that relies on either
outcome is not portable. In the strict namespace a write through an array (``x[k] = v``,
``x += y``) is allowed; each other live array whose elements it changed becomes *stale*
for those elements, and reading them (any operation: arithmetic, indexing, conversion,
``repr``, NumPy or DLPack export, a namespace function) is a ValueError naming the read
and the line of the write. Code that writes through a view and never reads the other
array again (``Vt = V.T; Vt *= s``), ``a[k] += v`` and ``x[1:] = x[:-1]`` stay allowed.

The rules:

* the write through ``w`` changes the elements of ``w`` it wrote (all of ``w`` for an
  in-place operator and a boolean-mask key); every other live array whose memory those
  elements are in becomes stale for its elements among them (``overlap``, by address);
* writing through a stale array itself re-defines the elements it writes: they are
  fresh again in it (and the arrays sharing them become stale in turn);
* an array made after the write, from a fresh array, is fresh; taking a view of stale
  elements is a read.

How: an array that becomes stale keeps its ``arr`` (the backend's array of its elements)
in a :class:`Stale` record that takes its place, so every read of its elements, which
goes through ``arr`` whatever the function, meets the record instead; a read of a part of
it (``x[i]``) is checked against the stale elements (``marks``). While nothing is stale
this costs nothing: no check runs on any read. The other live arrays are looked for in
the callers' variables (and one level into their lists, tuples, dicts and objects, not
into modules and functions), only when the backend says that another object shares the
written array's memory (``aliased``), and outwards only until the arrays found hold
every reference to it; an array held nowhere on the stack is not found, and so not
marked.

The raise goes through :func:`stale_read` and the namespace's ``refuse``: the portability
report's record mode, and nx served as array_api_strict (``strict._serve``: array-api-strict
does not check stale reads), record it there and let the read go on.
"""

from __future__ import annotations

import os
import sys
from types import BuiltinFunctionType, FrameType, FunctionType, MethodType, ModuleType
from typing import Any, Literal

import nx_core
from nx_core.dtype import uint8
from nx_core.tensor import Tensor

from ._array_types import STRICT_TYPES
from ._flags import STRICT
from ._portability import STALE_READ

__all__ = ["Stale", "stale_read", "open_for_write", "close", "written"]

#: The directories of nx's own code: frames there are not the user's.
_NX = (os.path.dirname(nx_core.__file__) + os.sep, os.path.dirname(__file__) + os.sep)
#: The modules of the engines, whose frames between nx's are nx's work, not the user's.
_ENGINES = ("numpy.", "dask.")
#: The most writes one array's marks tell apart; later ones share the last mark.
_MAX_SITES = 255
#: How many entries of a list, tuple, dict or object's attributes the search reads.
_MAX_ITEMS = 64
#: The names of nx's wrappers' code, which say nothing of the function.
_WRAPPERS = frozenset({"method", "f", "op", "fn", "wrapper", "inner", "forward", "reflected"})
#: What the search for live arrays does not look into: values that hold no array, and
#: modules (the modules a frame imported hold libraries, some 30 of them in a script; a
#: module's own variables are its frame's while its code runs) and functions.
_OPAQUE = frozenset({type(None), bool, int, float, complex, str, bytes, ModuleType, FunctionType, BuiltinFunctionType, MethodType})
#: The public names of nx functions whose code is named otherwise.
_PUBLIC = {"getitem": "__getitem__", "getitem_strict": "__getitem__", "setitem": "__setitem__", "setitem_strict": "__setitem__"}


def stale_read(name: str, site: str) -> None:
    """The read ``name`` of elements that the write at ``site`` changed through another
    array: the strict namespace's refusal, a ValueError. (In record mode, the portability
    report's or nx served as array_api_strict's, the refusal is recorded with the write's
    site and this returns: the read goes on with the elements as they are, as the drop-in
    namespace reads them.)"""
    STRICT.refuse(STALE_READ, ValueError(
        f"{name}: reading elements of an array that the write at {site} changed through another array "
        "sharing its memory; whether a write through a view is seen by its base (and the reverse) is not "
        "portable (strict mode: NumPy and PyTorch see it, JAX has no views). Read the array the write went "
        "through, or copy before writing (asarray(x, copy=True))"
    ), site)


class Stale:
    """What a stale array holds in place of its ``arr``: the backend array itself
    (``arr``), the array's stale elements (``marks``, a uint8 array of its shape: 0 for
    fresh, k for changed by the write at ``sites[k - 1]``; None while every element is
    the latest write's, made on first need by :meth:`mark_tensor` on ``backend``). Any
    use of it as the backend's array is a read (:func:`stale_read`), but indexing that
    selects fresh elements only (the backend's ``basic_view``: ``x[i]``, ``x[1:3]``)."""

    __slots__ = ("arr", "marks", "sites", "backend", "shape")

    def __init__(self, arr: Any, backend: Any, shape: tuple[int, ...]) -> None:
        self.arr = arr
        self.marks: Any = None  # (an Array, the tensor class, written by key)
        self.sites: list[str] = []
        self.backend = backend
        self.shape = shape

    def mark_tensor(self) -> Any:
        """``marks`` as a tensor (made here while it is None: all the latest write's)."""
        m = self.marks
        if m is None:
            m = self.marks = self.backend.full(uint8, self.shape, len(self.sites))
        return m

    def _read(self, region: Tensor | None = None) -> Any:
        if region is not None:
            k = _max(region)
        elif self.marks is None:
            k = len(self.sites) if all(self.shape) else 0  # (every element, where there is one)
        else:
            k = _max(self.marks)
        if k:
            stale_read(_reader(), self.sites[k - 1])
        return self.arr

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__") and attr.endswith("__") and attr not in _ARRAY_PROTOCOLS:
            raise AttributeError(attr)  # (copy, pickle and the like probing the record)
        return getattr(self._read(), attr)

    def __getitem__(self, key: Any) -> Any:
        if type(key) is not tuple:
            key = (key,)
        if all(k is None or k is Ellipsis or type(k) is int or type(k) is slice for k in key):
            m = self.mark_tensor()
            return self._read(m.backend.basic_view(m, key))[key]
        return self._read()[key]

    def __setitem__(self, key: Any, value: Any) -> None:
        self._read()[key] = value

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        return self._read().__array__(*args, **kwargs)

    def __len__(self) -> int:
        return len(self._read())

    def __iter__(self) -> Any:
        return iter(self._read())

    def __bool__(self) -> bool:
        return bool(self._read())

    def __float__(self) -> float:
        return float(self._read())

    def __int__(self) -> int:
        return int(self._read())

    def __index__(self) -> int:
        return self._read().__index__()

    def __complex__(self) -> complex:
        return complex(self._read())


#: The protocols by which an engine reads an object as an array (its ``__getattr__``
#: answers for them).
_ARRAY_PROTOCOLS = frozenset({"__array_interface__", "__array_struct__", "__dlpack__", "__dlpack_device__", "__cuda_array_interface__"})


def _max(m: Tensor) -> int:
    """The largest mark in ``m`` (0 when it is empty)."""
    if not m.numel:
        return 0
    B = m.backend
    return int(B.item(B.reduce_max(m, axes=tuple(range(m.ndim)))))


def _any(m: Tensor) -> bool:
    """Whether the bool tensor ``m`` has a True."""
    B = m.backend
    return bool(m.numel) and bool(B.item(B.reduce_any(m, axes=tuple(range(m.ndim)))))


def _reader() -> str:
    """The name of the nx function the user called: the outermost nx frame's ``name``
    variable, or its code's name, or, for a wrapper's code (``method``), the ``name`` of
    the outermost nx frame that has one."""
    frames = []
    f: FrameType | None = sys._getframe(1)
    while f is not None:
        if f.f_code.co_filename.startswith(_NX):
            frames.append(f)
        elif not str(f.f_globals.get("__name__")).startswith(_ENGINES):
            break
        f = f.f_back
    named = [n for n in (g.f_locals.get("name") for g in frames) if type(n) is str]
    outer = frames[-1].f_code.co_name if frames else "read"
    n = frames[-1].f_locals.get("name") if frames else None
    if type(n) is str:
        return n
    if outer in _WRAPPERS and named:
        return named[-1]
    return _PUBLIC.get(outer, outer)


# ------------------------------------------------------------------ writes
def open_for_write(x: Any) -> Stale | None:
    """Before a write through ``x``: a stale ``x`` gets its array back for the write
    (returned: its record, for :func:`written` or :func:`close`)."""
    rec = x.arr
    if rec.__class__ is not Stale:
        return None
    x.arr, rec.arr = rec.arr, None
    return rec


def close(x: Any, rec: Stale | None) -> None:
    """After a write through ``x`` that failed: ``x`` as it was."""
    if rec is not None:
        rec.arr, x.arr = x.arr, rec


def written(x: Any, key: Any, operand: Any, rec: Stale | None) -> None:
    """After the write ``x[key] = operand`` (``key`` ``...`` for all of x, as an in-place
    operator writes): the elements it wrote are fresh in ``x``; each other live array
    sharing them is stale for them. The operand, read before the write, does not count
    (``x[1:] = x[:-1]``; ``a[k] = tmp`` closing ``a[k] += v``)."""
    B = x.backend
    exempt = (operand,) if isinstance(operand, Tensor) and operand is not x else ()
    if B.aliased(x, exempt):
        w = x if key is Ellipsis or _is_mask(key) else x[key]
        where, found = _sharers(x, w, exempt)
        for c, m in found:
            if m is True or _any(m):
                _mark(c, m, where)
    if rec is not None:
        marks = rec.mark_tensor()
        marks[key] = 0
        if _max(marks):
            rec.arr, x.arr = x.arr, rec
        # (otherwise x is fresh: it keeps its array, and the record goes)


def _is_mask(key: Any) -> bool:
    return isinstance(key, Tensor) or (type(key) is tuple and any(isinstance(k, Tensor) for k in key))


def _overlap_stale(c: Any, w: Any) -> Tensor | Literal[True] | None:
    rec = c.arr
    c.arr = rec.arr
    try:
        return c.backend.overlap(c, w)
    finally:
        c.arr = rec


def _mark(c: Any, m: Tensor | Literal[True], where: str) -> None:
    """Marks the elements of ``c`` where ``m`` is True (all of them for True) stale, as
    changed at ``where``."""
    B = c.backend
    rec = c.arr
    if rec.__class__ is not Stale:
        rec = Stale(rec, B, c.shape)
        c.arr = rec
        if getattr(c, "_view", None) is not None:  # (cached with _buffer: the two are set together)
            del c._buffer, c._view  # the layout is worked out from arr again: a read
        before = None if m is True else B.full(uint8, c.shape, 0)
    else:
        before = None if m is True else rec.mark_tensor()
    if len(rec.sites) < _MAX_SITES:
        rec.sites.append(where)
    else:
        rec.sites[-1] = where
    rec.marks = None if m is True else B.where(m, len(rec.sites), before)  # (None: all this write's)


def _sharers(x: Any, w: Any, exempt: tuple) -> tuple[str, list[tuple[Any, Tensor | Literal[True]]]]:
    """``file:line`` of the innermost frame outside nx (where the user's code wrote), and
    the strict arrays other than ``x``, ``w`` and those in ``exempt`` on x's backend
    whose memory meets ``w``'s, each with its elements there (``overlap``), as the
    callers' frames (outside nx, up to the test runner's) hold them: in a variable, or
    one level into a list, tuple, dict or object's attributes (not a module's or a
    function's: ``_OPAQUE``), each container read once.

    The search goes out frame by frame, a frame's variables before what they hold, and
    stops as soon as the arrays found account for every reference to x's memory and to
    the sharers' own engine arrays (the backend's ``aliased``, with them exempt): the
    arrays that share x's memory are then all found. (Without that, in ``Vt = V.T;
    svd_flip(U, Vt)``, it would read every frame up to the outermost for one V two
    frames up.) A search from a write site it ran from before weighs first the variable
    where the last one from there completed the count (``_SITES``): svd_flip's frame
    is then not read at all while ``V`` alone accounts for the memory."""
    B = x.backend
    held: dict[int, Any] = {id(x): x, id(w): w}
    for e in exempt:
        held[id(e)] = e
    seen: set[int] = set()
    out: list[tuple[Any, Tensor | Literal[True]]] = []
    countable = True  # (a stale array holds its memory through its record: not counted)

    def found_all(arrays: Any) -> bool:
        """Weighs ``arrays``, and stops as soon as every reference to x's memory is
        accounted for: then whether it is."""
        nonlocal countable
        for v in arrays:
            if id(v) in held or v.backend is not B or v.arr is None:
                continue
            held[id(v)] = v
            if v.arr.__class__ is Stale:
                countable = False
                m = _overlap_stale(v, w)
            else:
                m = B.overlap(v, w)
            if m is not None:  # (None: the memory of the two does not meet)
                out.append((v, m))
                if countable:
                    h = tuple(held.values())
                    # x's memory, and each sharer's own array (two arrays may wrap one
                    # engine array), held by the arrays found alone
                    if B.aliased(x, h):
                        continue
                    for c, _ in out:
                        if B.aliased(c, h):
                            break
                    else:
                        return True
        return False

    # nx's own frames (the write's machinery) up to the user's that wrote
    f: FrameType | None = sys._getframe(1)
    while f is not None and _kind_of(f) == _NX_CODE:
        f = f.f_back
    if f is None:
        return "an unknown line", out
    first = f
    code = first.f_code
    at = (id(code), first.f_lasti)  # (a code object's own hash reads its whole bytecode)
    site = _SITES.get(at)
    if site is None:
        if len(_SITES) >= _MAX_SITES_KEPT:
            _SITES.clear()
        site = _SITES[at] = [f"{code.co_filename}:{first.f_lineno}", 0, None, code]
    where, depth, name, _ = site
    if name is not None:  # the variable where the search from this write found its sharers last
        for _ in range(depth):
            if f is None:
                break
            f = f.f_back
        if f is not None and _kind_of(f) == _USER:
            v = f.f_locals.get(name)
            if type(v) in STRICT_TYPES and found_all((v,)):
                return where, out
    depth = 0
    f = first
    while f is not None:
        kind = _kind_of(f)
        if kind == _RUNNER:
            break
        if kind == _USER:
            local = f.f_locals
            names = local.values()
            # (the names bound last first: the arrays a caller made, a view of which it
            # handed on to the write, before its arguments)
            if found_all([v for v in reversed(names) if type(v) in STRICT_TYPES]):
                last = out[-1][0]
                site[1:3] = depth, next(k for k, v in local.items() if v is last)
                break
            inner = []
            for v in names:
                c = type(v)
                if c in STRICT_TYPES or c in _OPAQUE or id(v) in seen:
                    continue
                seen.add(id(v))
                if c is list or c is tuple:
                    items = v[:_MAX_ITEMS]
                elif c is dict:
                    items = list(v.values())[:_MAX_ITEMS]
                else:
                    try:  # (any object: its __getattr__ may do anything)
                        d = object.__getattribute__(v, "__dict__")
                    except Exception:  # noqa: BLE001 - an object without attributes to look in
                        continue
                    if type(d) is not dict:
                        continue
                    items = list(d.values())[:_MAX_ITEMS]
                inner += [e for e in items if type(e) in STRICT_TYPES]
            if inner and found_all(inner):
                break
        f = f.f_back
        depth += 1
    return where, out


#: The frames of each source file, as the search for live arrays takes them: nx's own,
#: the user's, or the test runner's (where it stops).
_NX_CODE, _USER, _RUNNER = 0, 1, 2
_KIND: dict[Any, int] = {}
_MAX_KINDS = 4096


#: Each write site (its code and instruction) the search started from: its ``file:line``,
#: and where the search found the array that completed its count there last (frames out
#: from the write's, and the variable's name; None for none), which the next search from
#: that site weighs first. (Weighing first changes no answer: the count stops the search
#: only once every reference to the memory is held by the arrays found.)
_SITES: dict[tuple[int, int], list] = {}  # (the code object's id, pinned: the entry holds the code)
_MAX_SITES_KEPT = 4096


def _kind_of(f: FrameType) -> int:
    """The kind of ``f``'s code (``_KIND``, kept by source file)."""
    name = f.f_code.co_filename
    kind = _KIND.get(name)
    if kind is None:
        if len(_KIND) >= _MAX_KINDS:
            _KIND.clear()
        kind = _KIND[name] = _kind(f)
    return kind


def _kind(f: FrameType) -> int:
    if f.f_code.co_filename.startswith(_NX):
        return _NX_CODE
    if str(f.f_globals.get("__name__")).startswith(("_pytest", "pluggy")):
        return _RUNNER
    return _USER
