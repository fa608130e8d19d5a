"""Wrapper types (masked arrays, arrays with units, labelled arrays) defer through nx's
operators: for an operand of a type it does not know, every binary operator, its
reflected form, its in-place form and every comparison return ``NotImplemented``, so
Python runs the other operand's method. The named functions still raise TypeError.

The wrapper here is what such a library does, reduced to its core: it holds an nx array,
computes through nx's own operators and wraps the result. Each case is checked against
NumPy on the same values, on the CPU and the Dask devices and in the strict namespace.
"""

from __future__ import annotations

import operator

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx

# (symbol, the stem of its special methods, named function): ``+`` is ``__add__``,
# ``__radd__`` and ``__iadd__``, and ``operator.__add__``, ``operator.__iadd__``
ARITHMETIC = [
    ("+", "add", "add"),
    ("-", "sub", "subtract"),
    ("*", "mul", "multiply"),
    ("/", "truediv", "divide"),
    ("//", "floordiv", "floor_divide"),
    ("%", "mod", "remainder"),
    ("**", "pow", "pow"),
    ("@", "matmul", "matmul"),
]
BITWISE = [  # integer operands only
    ("&", "and", "bitwise_and"),
    ("|", "or", "bitwise_or"),
    ("^", "xor", "bitwise_xor"),
    ("<<", "lshift", "bitwise_left_shift"),
    (">>", "rshift", "bitwise_right_shift"),
]
BINARY = ARITHMETIC + BITWISE
# (symbol, operator, its mirror (Python's reflection of it), named function)
COMPARISONS = [
    ("<", operator.lt, operator.gt, "less"),
    ("<=", operator.le, operator.ge, "less_equal"),
    (">", operator.gt, operator.lt, "greater"),
    (">=", operator.ge, operator.le, "greater_equal"),
    ("==", operator.eq, operator.eq, "equal"),
    ("!=", operator.ne, operator.ne, "not_equal"),
]


def _operators(stem):
    """The forward and the in-place operator of a BINARY row's ``stem``."""
    return getattr(operator, f"__{stem}__"), getattr(operator, f"__i{stem}__")


def _unwrap(v):
    return v.data if isinstance(v, Wrapped) else v


class Wrapped:
    """A wrapper library's array: an nx array inside, results wrapped again. Each method
    records which one ran, so the tests see that Python reached it through nx."""

    def __init__(self, data, via=None):
        self.data = data
        self.via = via


def _forward(op, name):
    def method(self, other):
        return Wrapped(op(self.data, _unwrap(other)), name)

    return method


def _reflected(op, name):
    def method(self, other):
        return Wrapped(op(_unwrap(other), self.data), name)

    return method


def _inplace(op, name):
    def method(self, other):
        self.data = op(self.data, _unwrap(other))
        self.via = name
        return self

    return method


for _sym, _d, _ in BINARY:
    _op = _operators(_d)[0]
    setattr(Wrapped, f"__{_d}__", _forward(_op, f"__{_d}__"))
    setattr(Wrapped, f"__r{_d}__", _reflected(_op, f"__r{_d}__"))
    setattr(Wrapped, f"__i{_d}__", _inplace(_op, f"__i{_d}__"))
for _sym, _op, _mirror, _ in COMPARISONS:
    setattr(Wrapped, f"__{_op.__name__}__", _forward(_op, f"__{_op.__name__}__"))

# The namespaces and devices: the drop-in on the CPU and the Dask devices, and the strict
# namespace on its CPU device.
PLACES = [
    pytest.param(xp, "cpu", id="cpu"),
    pytest.param(xp, "dask", id="dask"),
    pytest.param(sx, None, id="strict"),
]


def _operands(ns, device, sym, kind):
    """Two arrays for ``x sym y`` (2x2, so matmul has its shapes) and their NumPy twins."""
    if kind == "float":
        a, b = np.array([[1.5, 2.0], [-3.0, 4.25]]), np.array([[2.0, 0.5], [-1.0, 3.0]])
    else:  # int64: every operator is defined (shift counts and exponents >= 0, no division by 0)
        a, b = np.array([[1, 6], [-3, 4]]), np.array([[2, 1], [1, 3]])
    return ns.asarray(a, device=device), ns.asarray(b, device=device), a, b


def _kinds(sym, ns):
    if sym in [b[0] for b in BITWISE]:
        return ["int"]
    if sym == "/" and ns is sx:  # integer division to floats is the drop-in's (NumPy's)
        return ["float"]
    return ["int", "float"]


def _np(op, a, b):
    if op is operator.pow and a.dtype.kind == "i":
        return np.power(a, b)
    return op(a, b)


def _same(got, expected):
    g = np.asarray(got)
    assert g.dtype == expected.dtype and g.shape == expected.shape, (g, expected)
    np.testing.assert_array_equal(g, expected)


@pytest.mark.parametrize("ns, device", PLACES)
@pytest.mark.parametrize("sym, d, name", BINARY, ids=[b[0] for b in BINARY])
def test_binary_operators_defer_to_the_wrapper(ns, device, sym, d, name):
    op, iop = _operators(d)
    for kind in _kinds(sym, ns):
        x, y, a, b = _operands(ns, device, sym, kind)
        expected = _np(op, a, b)
        # x op w: nx's operator gives NotImplemented, Python runs the wrapper's reflected one
        r = op(x, Wrapped(y))
        assert type(r) is Wrapped and r.via == f"__r{d}__", sym
        _same(r.data, expected)
        # w op x: the wrapper's own operator, computing with nx's
        r = op(Wrapped(x), y)
        assert type(r) is Wrapped and r.via == f"__{d}__"
        _same(r.data, expected)
        # x op= w: nx's in-place and forward operators both give NotImplemented, so the
        # name is rebound to the wrapper's reflected result and x itself is untouched
        z = x
        z = iop(z, Wrapped(y))
        assert type(z) is Wrapped and z.via == f"__r{d}__"
        _same(z.data, expected)
        _same(x, a)
        # w op= x: the wrapper's in-place operator
        w = Wrapped(x)
        w2 = iop(w, y)
        assert w2 is w and w.via == f"__i{d}__"
        _same(w.data, expected)


@pytest.mark.parametrize("ns, device", PLACES)
@pytest.mark.parametrize("sym, op, mirror, name", COMPARISONS, ids=[c[0] for c in COMPARISONS])
def test_comparisons_defer_to_the_wrapper(ns, device, sym, op, mirror, name):
    for kind in ("int", "float"):
        x, y, a, b = _operands(ns, device, sym, kind)
        # x < w: nx gives NotImplemented, Python runs the wrapper's mirror (w > x)
        r = op(x, Wrapped(y))
        assert type(r) is Wrapped and r.via == f"__{mirror.__name__}__", sym
        _same(r.data, op(a, b))
        r = op(Wrapped(x), y)
        assert type(r) is Wrapped and r.via == f"__{op.__name__}__"
        _same(r.data, op(a, b))


@pytest.mark.parametrize("ns, device", PLACES)
@pytest.mark.parametrize("name", [b[2] for b in BINARY] + [c[3] for c in COMPARISONS])
def test_named_functions_still_refuse_the_wrapper(ns, device, name):
    x, y, _, _ = _operands(ns, device, "+", "int")
    fn = getattr(ns, name)
    with pytest.raises(TypeError, match=f"^{name}: "):
        fn(x, Wrapped(y))
    with pytest.raises(TypeError, match=f"^{name}: "):
        fn(Wrapped(x), y)


class Opaque:
    """A type that knows nothing of nx: Python raises its own TypeError after both sides
    give NotImplemented; == and != fall back to identity, as for any two objects."""


@pytest.mark.parametrize("ns, device", PLACES)
def test_an_unknown_type_gets_pythons_own_refusal(ns, device):
    x, _, a, _ = _operands(ns, device, "+", "int")
    for _, d, _ in BINARY:
        op, iop = _operators(d)
        with pytest.raises(TypeError, match="unsupported operand"):
            op(x, Opaque())
        with pytest.raises(TypeError, match="unsupported operand"):
            op(Opaque(), x)
        z = x
        with pytest.raises(TypeError, match="unsupported operand"):
            iop(z, Opaque())
    for sym, op, _, _ in COMPARISONS[:4]:
        with pytest.raises(TypeError, match="not supported between instances"):
            op(x, Opaque())
    assert (x == Opaque()) is False and (x != Opaque()) is True
    _same(x, a)


def test_numpy_arrays_keep_their_interoperation():
    """No ``__array_ufunc__ = None``: NumPy's functions still read nx arrays through
    ``__array__`` (SciPy's compiled ufuncs and scikit-learn's NumPy paths rely on it),
    ``np.asarray(x)`` shares memory, NumPy arrays still index nx arrays, and NumPy's
    binary operators defer to nx's (``__array_priority__``), which refuse a NumPy array
    operand rather than turn the result into one."""
    x = xp.asarray([1.0, 2.0, 3.0])
    n = np.asarray(x)
    assert np.shares_memory(n, np.asarray(x))
    np.testing.assert_array_equal(np.exp(x), np.exp([1.0, 2.0, 3.0]))
    _same(x[np.asarray([2, 0])], np.array([3.0, 1.0]))
    for op in (operator.add, operator.lt, operator.mul):
        with pytest.raises(TypeError, match="Expected Array or Python scalar"):
            op(np.ones(3), x)
        with pytest.raises(TypeError, match="Expected Array or Python scalar"):
            op(x, np.ones(3))
