"""Symbolic dimensions: named size variables with bounds, and small expressions.

A :class:`Sym` is a named dimension with inclusive bounds ``[min, max]`` (``max``
``None`` means unbounded). ``Sym.bind(value)`` checks the bounds and returns a
*bound* symbol (same name and bounds, ``value`` set); a bound symbol is still
symbolic in a shape until the view is bound with :meth:`nx_core.view.View.bind`,
which substitutes every symbol (from the mapping given, else from the symbol's own
bound value).

Expressions are built with ``+``, ``-`` and ``*`` between symbols and ints and are
kept in a canonical form (constants folded, operands flattened and sorted), so
``3 * n == n * 3`` and ``n * m == m * n`` structurally. Every symbolic value is
immutable and hashable. ``subs(mapping)`` returns an ``int`` once no free symbol
remains, else a new expression.
"""

from __future__ import annotations

import math
import operator
from typing import Any

from .errors import NxInvalidArgument

__all__ = ["SymExpr", "Sym", "is_symbolic", "subs", "free_symbols", "bounds", "c_strides"]

_INF = math.inf


def _as_operand(x):
    if isinstance(x, SymExpr):
        return x
    if type(x) is int:
        return x
    if isinstance(x, bool):
        return int(x)
    try:
        return operator.index(x)
    except TypeError:
        return NotImplemented


def _arithmetic(combine, reflected=False):
    """The operator ``x op other`` (``other op x`` when ``reflected``) of a symbolic ``x``:
    ``combine`` of the two operands in that order; NotImplemented for an operand that is
    neither an integer nor symbolic."""

    def op(self, other):
        o = _as_operand(other)
        if o is NotImplemented:
            return NotImplemented
        return combine(o, self) if reflected else combine(self, o)

    return op


def _plus(a, b):
    return _add((a, b))


def _minus(a, b):
    return _add((a, -b))


def _times(a, b):
    return _mul((a, b))


class SymExpr:
    """Base class of symbolic dimension values (a :class:`Sym` or an expression)."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    # ----- arithmetic -------------------------------------------------------
    __add__, __radd__ = _arithmetic(_plus), _arithmetic(_plus, reflected=True)
    __sub__, __rsub__ = _arithmetic(_minus), _arithmetic(_minus, reflected=True)
    __mul__, __rmul__ = _arithmetic(_times), _arithmetic(_times, reflected=True)

    def __neg__(self):
        return _mul((-1, self))

    # ----- queries (overridden) -------------------------------------------
    def _key(self):  # structural identity, used for ==, hash and ordering
        raise NotImplementedError

    def __eq__(self, other):
        if isinstance(other, SymExpr):
            return self._key() == other._key()
        return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self._key())

    def __bool__(self):
        return True

    def __int__(self):
        raise TypeError(
            f"symbolic dimension {self} has no concrete value, bind it first"
        )

    def free_symbols(self) -> frozenset:
        """Names of the symbols occurring in the expression."""
        raise NotImplementedError

    def subs(self, mapping=None):
        """Substitute symbols from ``mapping`` (name or Sym -> int).

        Bound symbols absent from ``mapping`` use their own value. Returns an int
        when nothing symbolic remains, else an expression.
        """
        raise NotImplementedError

    def bounds(self) -> tuple:
        """Inclusive (min, max) of the value; max may be ``math.inf``."""
        raise NotImplementedError

    def evaluate(self, mapping=None) -> int:
        """Like :meth:`subs` but raises if a symbol stays unbound."""
        r = self.subs(mapping)
        if type(r) is not int:
            names = ", ".join(sorted(r.free_symbols()))
            raise NxInvalidArgument(f"bind: unbound symbolic dimension(s) {names}")
        return r

    def __repr__(self):
        return str(self)


class Sym(SymExpr):
    """A named symbolic dimension with inclusive bounds ``[min, max]``."""

    __slots__ = ("name", "min", "max", "value")
    name: str
    min: int
    max: int | None
    value: int | None

    def __init__(self, name: str, min: int = 0, max: int | None = None, value: int | None = None):
        if not isinstance(name, str) or not name:
            raise NxInvalidArgument("Sym: name must be a non-empty string")
        if min < 0:
            raise NxInvalidArgument(f"Sym: min {min} must be >= 0")
        if max is not None and max < min:
            raise NxInvalidArgument(f"Sym: max {max} < min {min}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "min", int(min))
        object.__setattr__(self, "max", None if max is None else int(max))
        object.__setattr__(self, "value", None)
        if value is not None:
            object.__setattr__(self, "value", self._check(value))

    def _check(self, value) -> int:
        import operator

        try:
            v = operator.index(value)
        except TypeError:
            raise NxInvalidArgument(
                f"bind: value {value!r} for symbolic dimension {self.name} is not an integer"
            ) from None
        if v < self.min or (self.max is not None and v > self.max):
            hi = "inf" if self.max is None else self.max
            raise NxInvalidArgument(
                f"bind: value {v} out of bounds [{self.min}, {hi}] for symbolic dimension {self.name}"
            )
        return v

    @property
    def is_bound(self) -> bool:
        return self.value is not None

    def bind(self, value) -> "Sym":
        """Return a new bound symbol (same name and bounds) carrying ``value``."""
        return Sym(self.name, self.min, self.max, self._check(value))

    def unbind(self) -> "Sym":
        return Sym(self.name, self.min, self.max) if self.value is not None else self

    def _key(self):
        return ("sym", self.name, self.min, self.max, self.value)

    def __reduce__(self):
        return (Sym, (self.name, self.min, self.max, self.value))

    def free_symbols(self) -> frozenset:
        return frozenset((self.name,))

    def subs(self, mapping=None):
        if mapping:
            if self.name in mapping:
                return self._check(mapping[self.name])
            for k, v in mapping.items():
                if isinstance(k, Sym) and k.name == self.name:
                    return self._check(v)
        if self.value is not None:
            return self.value
        return self

    def bounds(self) -> tuple:
        if self.value is not None:
            return (self.value, self.value)
        return (self.min, _INF if self.max is None else self.max)

    def __str__(self):
        return self.name

    def __repr__(self):
        extra = "" if self.value is None else f", value={self.value}"
        return f"Sym({self.name!r}, {self.min}, {self.max}{extra})"


def _sort_key(x):
    return (1, x, "") if type(x) is int else (0, 0, repr(x._key()))


class _Op(SymExpr):
    """Sum or product of operands (ints and symbolic values), canonical form."""

    __slots__ = ("op", "args")
    op: str
    args: tuple[Any, ...]

    def __init__(self, op: str, args: tuple):
        object.__setattr__(self, "op", op)
        object.__setattr__(self, "args", args)

    def _key(self):
        return (self.op, tuple(a if type(a) is int else a._key() for a in self.args))

    def __reduce__(self):
        return (_Op, (self.op, self.args))

    def free_symbols(self) -> frozenset:
        out: frozenset[str] = frozenset()
        for a in self.args:
            if type(a) is not int:
                out = out | a.free_symbols()
        return out

    def subs(self, mapping=None):
        vals = tuple(a if type(a) is int else a.subs(mapping) for a in self.args)
        return _add(vals) if self.op == "+" else _mul(vals)

    def bounds(self) -> tuple:
        lo = hi = 0 if self.op == "+" else 1
        for a in self.args:
            alo, ahi = (a, a) if type(a) is int else a.bounds()
            if self.op == "+":
                lo, hi = lo + alo, hi + ahi
            else:
                cands = [_imul(x, y) for x in (lo, hi) for y in (alo, ahi)]
                lo, hi = min(cands), max(cands)
        return (lo, hi)

    def __str__(self):
        parts = []
        for a in self.args:
            s = str(a)
            if self.op == "*" and isinstance(a, _Op) and a.op == "+":
                s = f"({s})"
            parts.append(s)
        return ("+" if self.op == "+" else "*").join(parts)


def _imul(x, y):
    if x == 0 or y == 0:
        return 0
    return x * y


def _flatten(op: str, args):
    out: list[Any] = []
    for a in args:
        if isinstance(a, _Op) and a.op == op:
            out.extend(a.args)
        else:
            out.append(a)
    return out


def _add(args):
    const = 0
    terms = []
    for a in _flatten("+", args):
        if type(a) is int:
            const += a
        else:
            terms.append(a)
    if not terms:
        return const
    if const:
        terms.append(const)
    if len(terms) == 1:
        return terms[0]
    terms.sort(key=_sort_key)
    return _Op("+", tuple(terms))


def _mul(args):
    const = 1
    factors = []
    for a in _flatten("*", args):
        if type(a) is int:
            const *= a
        else:
            factors.append(a)
    if const == 0 or not factors:
        return const
    if const != 1:
        factors.append(const)
    if len(factors) == 1:
        return factors[0]
    factors.sort(key=_sort_key)
    return _Op("*", tuple(factors))


def is_symbolic(d) -> bool:
    """True for a symbolic dimension value (Sym or expression)."""
    return isinstance(d, SymExpr)


def subs(d, mapping=None):
    """Substitute into ``d`` (ints are returned unchanged)."""
    return d if type(d) is int else d.subs(mapping)


def free_symbols(values) -> frozenset:
    """Names of the symbols occurring in an iterable of dims."""
    out: frozenset[str] = frozenset()
    for d in values:
        if isinstance(d, SymExpr):
            out = out | d.free_symbols()
    return out


def bounds(d) -> tuple:
    return (d, d) if type(d) is int else d.bounds()


def c_strides(shape: tuple) -> tuple:
    """C strides of ``shape`` (in elements), as expressions where dimensions are symbolic."""
    out: list[Any] = [1] * len(shape)
    for i in range(len(shape) - 2, -1, -1):
        d = shape[i + 1]
        if type(d) is int:
            d = d if d > 1 else 1
        out[i] = out[i + 1] * d
    return tuple(out)
