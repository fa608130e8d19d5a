"""The standard's dtypes, their categories and the type-promotion lattice.

The namespace's dtype objects are nx_core's DType singletons: ``xp.float32 is
nx_core.dtype.float32``. Promotion is derived from a lattice of "immediate successor"
edges (the standard's promotion graph); the full table is computed once at import and
checked against the standard's table in the tests. ``MIXED`` adds the pairs of two kinds
the standard leaves undefined, by NumPy 2's rules (a boolean or integer with a
floating-point dtype), and ``PROMOTE`` is the table the functions use: both together.
"""

from __future__ import annotations

import builtins
from typing import Callable

from nx_core import dtype as _d
from nx_core.dtype import DType

from ._flags import STRICT
from ._messages import not_promotable

#: The standard's dtypes, nx_core's DType singletons (``xp.float32 is nx_core.dtype.float32``).
ALL = (_d.bool_, _d.int8, _d.int16, _d.int32, _d.int64, _d.uint8, _d.uint16, _d.uint32, _d.uint64, _d.float32, _d.float64, _d.complex64, _d.complex128)
# ``bool`` is the standard's name (nx_core's is ``bool_``).
bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, complex64, complex128 = ALL  # noqa: A001
#: What an integer range reads as where a dtype has none (``DType.limits`` is None
#: except for integers): no value fits.
NO_LIMITS: tuple[int, int] = (0, -1)
#: The standard's dtype names, in the order of ``ALL``.
NAMES = tuple(d.name for d in ALL)
__all__ = ["DType", *NAMES]

boolean = frozenset({bool})
signed_integer = frozenset({int8, int16, int32, int64})
unsigned_integer = frozenset({uint8, uint16, uint32, uint64})
integer = signed_integer | unsigned_integer
real_floating = frozenset({float32, float64})
complex_floating = frozenset({complex64, complex128})
floating = real_floating | complex_floating
numeric = integer | floating
real_numeric = integer | real_floating
integer_or_boolean = integer | boolean
all_dtypes = frozenset(ALL)

#: The category names the elementwise factories use, as the standard's tables spell them.
CATEGORIES: dict[str, frozenset[DType]] = {
    "all": all_dtypes,
    "bool": boolean,
    "integer": integer,
    "integer or boolean": integer_or_boolean,
    "real numeric": real_numeric,
    "numeric": numeric,
    "floating-point": floating,
    "real floating-point": real_floating,
    "complex floating-point": complex_floating,
    "signed integer": signed_integer,
    "unsigned integer": unsigned_integer,
}

#: isdtype's kind names.
KINDS: dict[str, frozenset[DType]] = {
    "bool": boolean,
    "signed integer": signed_integer,
    "unsigned integer": unsigned_integer,
    "integral": integer,
    "real floating": real_floating,
    "complex floating": complex_floating,
    "numeric": numeric,
}

# The standard's promotion graph: each edge goes to the immediate successor.
_EDGES = {
    int8: (int16,),
    int16: (int32,),
    int32: (int64,),
    uint8: (uint16, int16),
    uint16: (uint32, int32),
    uint32: (uint64, int64),
    float32: (float64, complex64),
    float64: (complex128,),
    complex64: (complex128,),
}


def _ancestors(d: DType) -> set[DType]:
    seen = {d}
    stack = [d]
    while stack:
        for n in _EDGES.get(stack.pop(), ()):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def _join(a: DType, b: DType) -> DType | None:
    common = _ancestors(a) & _ancestors(b)
    # The least upper bound: the common successor every other common successor follows.
    for c in common:
        if all(o in _ancestors(c) for o in common):
            return c
    return None


def _table(rule: Callable[[DType, DType], "DType | None"]) -> dict[tuple[DType, DType], DType]:
    """``(a, b) -> rule(a, b)`` over every pair of dtypes the rule promotes."""
    return {(a, b): j for a in ALL for b in ALL if (j := rule(a, b)) is not None}


#: (a, b) -> promoted dtype, for every pair the standard allows.
PROMOTION: dict[tuple[DType, DType], DType] = _table(_join)


def _mixed(a: DType, b: DType) -> DType | None:
    """NumPy 2's promotion of a bool or integer ``a`` with a numeric ``b`` of another kind."""
    if a.kind == "b":
        return b if b.kind != "b" else None
    if a.kind in "iu" and b.kind in "fc":
        # float32 and complex64 hold every 8- and 16-bit integer exactly; wider ones need 64 bits.
        if b in (float32, complex64) and a.bits > 16:
            return float64 if b is float32 else complex128
        return b
    return None


#: (a, b) -> promoted dtype for the pairs of two kinds the standard leaves undefined,
#: by NumPy 2's rules: bool with a numeric dtype gives that dtype, an integer with a
#: floating-point dtype gives the floating-point dtype, widened to 64 bits for integers
#: wider than 16 bits. (int64 with uint64, NumPy's float64, is not among them.)
MIXED: dict[tuple[DType, DType], DType] = _table(_mixed)
MIXED.update({(b, a): j for (a, b), j in list(MIXED.items())})

#: The table the drop-in namespace promotes with: the standard's and the mixed-kind
#: pairs. The strict namespace promotes with PROMOTION alone.
PROMOTE: dict[tuple[DType, DType], DType] = {**PROMOTION, **MIXED}

REAL_TO_COMPLEX = {float32: complex64, float64: complex128}
COMPLEX_TO_REAL = {complex64: float32, complex128: float64}

DEFAULT_INT = int64
DEFAULT_FLOAT = float64
DEFAULT_COMPLEX = complex128
DEFAULT_INDEX = int64
#: The Python ints float64 holds exactly (|i| <= 2**53), which NumPy converts to it as they are.
FLOAT64_EXACT_INT = 1 << 53


def result_type_pair(a: DType, b: DType, name: str, strict: builtins.bool = False) -> DType:
    """The promoted dtype of ``a`` and ``b`` (by the standard's table alone when
    ``strict``), or TypeError naming ``name``."""
    if a is b:
        return a
    r = (PROMOTION if strict else PROMOTE).get((a, b))
    if r is None:
        r = PROMOTE.get((a, b)) if strict else None
        if r is None:
            raise not_promotable(name, a, b)
        STRICT.refuse("dtype promotion", not_promotable(name, a, b, r))
    return r
