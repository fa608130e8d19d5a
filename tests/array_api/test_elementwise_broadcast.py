"""Binary element-wise functions on operands of different shapes.

Some backend primitives broadcast by themselves (protocol [EW2]: NumPy's ufuncs carry a
true ``broadcasts`` attribute) and get their operands unexpanded; the others get stride-0
views made by the frontend. Both must give NumPy's values, and shapes that do not
broadcast are a ValueError naming the function either way.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import _element_ops as ew
from nx_core.backend.numpy import NumpyBackend

SHAPES = [((3, 1, 4), (2, 4)), ((4,), (3, 4)), ((), (3,)), ((3, 1), ()), ((0, 4), (4,)), ((2, 1), (1, 3))]

# (nx name, NumPy function, operand kind)
FUNCS = [
    ("add", np.add, "f"),
    ("subtract", np.subtract, "f"),
    ("multiply", np.multiply, "f"),
    ("divide", np.divide, "f"),
    ("pow", np.power, "f"),
    ("atan2", np.arctan2, "f"),
    ("hypot", np.hypot, "f"),
    ("copysign", np.copysign, "f"),
    ("logaddexp", np.logaddexp, "f"),
    ("maximum", np.maximum, "f"),
    ("equal", np.equal, "f"),
    ("not_equal", np.not_equal, "f"),
    ("less", np.less, "f"),
    ("greater", np.greater, "f"),
    ("greater_equal", np.greater_equal, "f"),
    ("bitwise_and", np.bitwise_and, "i"),
    ("bitwise_xor", np.bitwise_xor, "i"),
    ("floor_divide", np.floor_divide, "i"),
    ("remainder", np.remainder, "i"),
]


def operands(kind: str, s1: tuple, s2: tuple) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    if kind == "f":
        return rng.uniform(0.5, 3.0, s1), rng.uniform(0.5, 3.0, s2)
    return rng.integers(1, 50, s1), rng.integers(1, 9, s2)


@pytest.mark.parametrize("name,ref,kind", FUNCS, ids=[f[0] for f in FUNCS])
@pytest.mark.parametrize("s1,s2", SHAPES, ids=str)
def test_broadcasting_binary_functions_agree_with_numpy(name, ref, kind, s1, s2):
    a, b = operands(kind, s1, s2)
    f = getattr(xp, name)
    for p, q in ((a, b), (b, a)):
        got = f(xp.asarray(p), xp.asarray(q))
        want = ref(p, q)
        assert got.shape == want.shape
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-15)


def test_strided_and_reversed_operands_broadcast_too():
    a = np.arange(24.0).reshape(4, 6)
    x = xp.asarray(a)
    row = x[1, ::-2]  # a reversed, strided view of shape (3,)
    col = x[::2, :1]  # (2, 1), strided
    np.testing.assert_array_equal(np.asarray(x[:, ::2] + row), a[:, ::2] + a[1, ::-2])
    np.testing.assert_array_equal(np.asarray(col * row), a[::2, :1] * a[1, ::-2])


def test_incompatible_shapes_are_a_value_error_naming_the_function():
    x, y = xp.ones((3, 4)), xp.ones((5,))
    for name in ("add", "divide", "greater", "maximum"):
        with pytest.raises(ValueError, match=rf"^{name}: "):
            getattr(xp, name)(x, y)


def test_numpy_primitives_say_they_broadcast_and_are_given_unexpanded_operands(monkeypatch):
    """Every binary primitive of the NumPy backend broadcasts ([EW2]): ufuncs by
    themselves, kernels (integer division, shifts, integer powers) through stride-0 views
    of their natives; the frontend makes no broadcast view for any of them."""
    B = NumpyBackend
    be = xp.ones(1).backend
    for prim in ("add", "cmplt", "div", "pow", "mod_", "floor_divide", "remainder", "bitwise_left_shift", "atan2"):
        assert ew._broadcasts(be, prim), prim

    def refuse(self, t, shape):
        raise AssertionError("broadcast_to called for a primitive that broadcasts")

    x, row = xp.ones((2, 3)), xp.arange(3.0)
    i, irow = xp.full((2, 3), 7), xp.asarray([1, 2, 3])
    monkeypatch.setattr(B, "broadcast_to", refuse)
    np.testing.assert_array_equal(np.asarray(x + row), np.ones((2, 3)) + np.arange(3.0))
    np.testing.assert_array_equal(np.asarray(row < x), np.arange(3.0) < np.ones((2, 3)))
    np.testing.assert_array_equal(np.asarray(i // irow), np.full((2, 3), 7) // [1, 2, 3])
    np.testing.assert_array_equal(np.asarray(irow % i), [1, 2, 3] % np.full((2, 3), 7))
    np.testing.assert_array_equal(np.asarray(irow << i), np.left_shift([1, 2, 3], np.full((2, 3), 7)))
    np.testing.assert_array_equal(np.asarray(7 // irow), 7 // np.asarray([1, 2, 3]))
    np.testing.assert_array_equal(np.asarray(2 ** irow), 2 ** np.asarray([1, 2, 3]))


def test_inplace_operator_with_a_broadcast_operand():
    a = np.arange(6.0).reshape(2, 3)
    x = xp.asarray(a.copy())
    x += xp.asarray([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(np.asarray(x), a + [1.0, 2.0, 3.0])
    with pytest.raises(ValueError):
        y = xp.asarray([1.0, 2.0, 3.0])
        y += xp.ones((2, 3))  # the result's shape is not y's



@pytest.mark.parametrize("dtype", ["float32", "float64", "complex128"])
def test_inplace_divide_and_pow_write_into_the_array(dtype):
    """``x /= y`` and ``x **= y`` on a floating-point array write into x's memory (a view
    taken before sees the values) and give NumPy's values, with a column operand, the
    array itself, one of its rows and a Python scalar."""
    a = (np.arange(12.0).reshape(3, 4) + 1).astype(dtype)
    x = xp.asarray(a.copy())
    view = x[1:, ...]
    want = a.copy()
    for other, ref in ((xp.asarray(a[:, :1] + 1), a[:, :1] + 1), (2, 2)):
        x /= other
        want /= ref
        x **= other
        want **= ref
    x /= x[0, ...]
    want /= want[0].copy()
    x **= x
    want **= want.copy()
    np.testing.assert_allclose(np.asarray(x), want, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(view), want[1:], rtol=1e-6)
    i = xp.asarray([1, 2, 3])
    i **= 2  # integers: pow's general path
    np.testing.assert_array_equal(np.asarray(i), [1, 4, 9])
    with pytest.raises(TypeError):
        i /= 2  # the result would be float64

#: Views that are no dense buffer: a transpose, a flip, a column block, a stepped slice.
NON_DENSE = {
    "T": lambda v: v.T,
    "flip": lambda v: xp.flip(v, axis=1),
    "block": lambda v: v[:, 1:3],
    "step": lambda v: v[::2, ...],
}


@pytest.mark.parametrize("view", NON_DENSE, ids=list(NON_DENSE))
@pytest.mark.parametrize("op", ["+=", "-=", "*=", "/=", "**="])
def test_inplace_operator_on_a_non_dense_view(view, op):
    """``v op= y`` through a view that is no dense buffer (svd_flip's ``Vt *= signs`` on
    ``eigenvecs.T``) writes NumPy's values through the view and leaves the rest of the
    base alone, with a row, a scalar and an operand that overlaps the view itself; the
    backend works on one dense copy of the view, made by ``contiguous``, which works out
    no layout, and the frontend allocates no other result."""
    a = np.arange(1.0, 17.0).reshape(4, 4) / 4
    x = xp.asarray(a.copy())
    v = NON_DENSE[view](x)
    ref = np.asarray(v).copy()
    want_base = a.copy()
    want_view = NON_DENSE[view](want_base) if view != "flip" else want_base[:, ::-1]
    row = np.linspace(0.5, 1.5, ref.shape[-1])
    B = x.backend
    copies = []
    real_copy = type(B).copy
    type(B).copy = lambda self, t: copies.append(t.shape) or real_copy(self, t)  # type: ignore[method-assign]
    try:
        for other, nother in ((xp.asarray(row), row), (0.75, 0.75)):
            copies.clear()
            exec(f"v {op} other")
            exec(f"want_view {op} nother")
            assert copies == [ref.shape], copies  # one dense copy of the view, nothing else
    finally:
        type(B).copy = real_copy  # type: ignore[method-assign]
    assert getattr(v, "_view", None) is None  # contiguous worked out no layout
    np.testing.assert_allclose(np.asarray(v), want_view)
    np.testing.assert_allclose(np.asarray(x), want_base)  # the rest of the base untouched
    if ref.shape[0] == ref.shape[1]:
        exec(f"v {op} v.T")  # an operand that overlaps the view: read before the write
        exec(f"want_view {op} want_view.T.copy()")
        np.testing.assert_allclose(np.asarray(x), want_base)


def test_inplace_operator_on_a_read_only_view_leaves_it_unchanged():
    """A broadcast view is read-only: ``v += 1`` is the function's ValueError, whether or
    not the view is dense, and the base is unchanged."""
    x = xp.asarray([1.0, 2.0, 3.0])
    v = xp.broadcast_to(x, (2, 3))
    for w in (v, v.T):
        with pytest.raises(ValueError, match="^add"):
            w += 1.0
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0, 3.0])


SCALAR_FIRST = [("f", 2.5), ("f", -0.0), ("f", float("nan")), ("i", 3), ("i", 0)]


@pytest.mark.parametrize("device", ["cpu", "dask"])
@pytest.mark.parametrize("name,ref,kind", FUNCS, ids=[f[0] for f in FUNCS])
def test_a_python_scalar_first_gives_numpys_values(name, ref, kind, device):
    """``f(scalar, x)`` (``1.0 - x``, ``2 ** x`` and ``3 > x`` among them): a scalar first
    reaches a primitive that broadcasts as the Python scalar itself (the CPU device), and
    one that does not as a stride-0 view of one element (the Dask device); the values are
    NumPy's either way, for every layout of ``x``."""
    if device == "dask":
        pytest.importorskip("dask")
    a, _ = operands(kind, (3, 4), ())
    f = getattr(xp, name)
    for k, s in SCALAR_FIRST:
        if k != kind:
            continue
        for view in (lambda v: v, lambda v: v[::-1, 1::2], lambda v: v[1]):
            x = view(xp.asarray(a, device=device))
            want = ref(np.asarray(s, dtype=a.dtype), view(a))
            got = f(s, x)
            assert got.shape == want.shape and got.device == x.device
            np.testing.assert_array_equal(np.asarray(got), want)


@pytest.mark.parametrize("n", [8, 1_000_000])
def test_operators_with_a_scalar_first_make_no_array_of_the_operands_shape(n, monkeypatch):
    """``1.0 - x`` allocates its result only, on any size: the primitive takes the Python
    scalar first ([EW2]); no array is filled with it and no view broadcasts it, for the
    ufuncs and for the kernels (integer division, remainders, shifts, integer powers)."""
    import tracemalloc

    a = np.linspace(0.0, 1.0, n)
    ka = np.arange(1, n + 1) % 97 + 1
    x, k = xp.asarray(a), xp.asarray(ka)
    ufuncs = (
        (lambda: 1.0 - x, 1.0 - a), (lambda: 2.0 * x, 2.0 * a), (lambda: 0.5 < x, 0.5 < a),
        (lambda: xp.greater(0.5, x), 0.5 > a), (lambda: 1.0 / x, 1.0 / a), (lambda: 2.0 ** x, 2.0 ** a),
    )
    kernels = ((lambda: 7 // k, 7 // ka), (lambda: 7 % k, 7 % ka), (lambda: 1 << k, np.left_shift(1, ka) * (ka < 64)), (lambda: 3**k, 3**ka))

    def refuse(*args, **kwargs):
        raise AssertionError("an array of the scalar was made")

    monkeypatch.setattr(NumpyBackend, "full", refuse)
    monkeypatch.setattr(NumpyBackend, "broadcast_to", refuse)
    for op, want in ufuncs + kernels:
        np.testing.assert_array_equal(np.asarray(op()), want)
    for op, _ in ufuncs:
        tracemalloc.start()
        r = op()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert peak < r.size * r.dtype.itemsize + 64 * 1024, f"peak {peak} bytes"


@pytest.mark.parametrize("dtype", ["float32", "float64", "complex64", "complex128"])
def test_pow_of_floats_is_numpys_power_bit_for_bit(dtype):
    """Floating-point ``pow`` is NumPy's ufunc itself (C ``pow``, ``cpow``): arrays,
    scalar exponents (``x ** 2``, ``x ** 0.5``, ``x ** -1``), a scalar base, special
    values and strided operands give ``np.power``'s bits, on both devices."""
    rng = np.random.default_rng(11)
    a = rng.uniform(-3.0, 3.0, (4, 5)).astype(dtype)
    b = rng.uniform(-2.0, 2.0, (4, 5)).astype(dtype)
    a[0, :3] = [np.nan, np.inf, -0.0]
    b[1, :3] = [0.0, np.nan, -np.inf]
    devices = ["cpu", "dask"] if _have_dask() else ["cpu"]
    for device in devices:
        x, y = xp.asarray(a, device=device), xp.asarray(b, device=device)
        with np.errstate(all="ignore"):
            cases = [
                (xp.pow(x, y), np.power(a, b)),
                (x[::2, ::-1] ** y[1::2, ::-1], np.power(a[::2, ::-1], b[1::2, ::-1])),
                (x ** 2, np.power(a, a.dtype.type(2))),
                (x ** 0.5, np.power(a, a.dtype.type(0.5))),
                (x ** -1, np.power(a, a.dtype.type(-1))),
                (2.0 ** x, np.power(a.dtype.type(2.0), a)),
            ]
            for got, want in cases:
                got = np.asarray(got)
                assert got.dtype == want.dtype and got.shape == want.shape
                assert got.tobytes() == np.ascontiguousarray(want).tobytes()  # NaNs' bits too


def _have_dask() -> bool:
    try:
        import dask.array  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.parametrize("op", ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "lt", "le", "eq", "ne", "gt", "ge"])
def test_a_python_int_with_a_float64_array_is_numpys_after_the_fast_path(op):
    """``x op 8`` on a float64 array takes the path ``x op 8.0`` takes once a call has
    primed it: the same values as NumPy's for ints float64 holds exactly, and past 2**53
    (the slow path, which converts the int as NumPy does) too; first call and later
    ones alike."""
    import operator

    f = getattr(operator, op)
    n = np.array([-2.5, -0.0, 0.0, 1.5, 3.0, 7.0, 1e300])
    x = xp.asarray(n)
    with np.errstate(all="ignore"):
        for v in (3, -2, 0, 2**53, -(2**53), 2**53 + 1, 10**20, 1, 3):
            if (op in ("floordiv", "mod", "truediv") and v == 0) or (op == "pow" and abs(v) > 4):
                continue
            want = f(n, v)
            got = np.asarray(f(x, v))
            np.testing.assert_array_equal(got, want, err_msg=f"{op}(x, {v})")
            assert got.dtype == want.dtype
            want, got = f(v, n), np.asarray(f(v, x))  # the int first: 200 - x
            np.testing.assert_array_equal(got, want, err_msg=f"{op}({v}, x)")
            assert got.dtype == want.dtype


@pytest.mark.parametrize("op", ["add", "sub", "mul", "floordiv", "mod", "lt", "le", "eq", "ne", "gt", "ge", "and_", "or_", "xor"])
def test_a_python_int_with_an_int64_array_is_numpys_after_the_fast_path(op):
    """``y == 1``, ``i + 8`` on an int64 array take a remembered path after the first
    call: NumPy's values (integers wrap) for ints int64 holds, the first call and later
    ones alike; an int past int64 takes the full path: OverflowError as NumPy's, or for
    a comparison NumPy's answer."""
    import operator

    f = getattr(operator, op)
    n = np.array([-(2**63), -7, -1, 0, 1, 5, 2**63 - 1])
    x = xp.asarray(n)
    with np.errstate(all="ignore"):
        for v in (3, -2, 2**63 - 1, -(2**63), 1, 3, 7):
            if op in ("floordiv", "mod") and v == 0:
                continue
            want = f(n, v)
            got = np.asarray(f(x, v))
            np.testing.assert_array_equal(got, want, err_msg=f"{op}(x, {v})")
            assert got.dtype == want.dtype
    for v in (2**63, -(2**63) - 1):  # past int64: NumPy's outcome, through the full path
        if op in ("lt", "le", "eq", "ne", "gt", "ge"):  # (NumPy 2 compares such ints exactly)
            np.testing.assert_array_equal(np.asarray(f(x, v)), f(n, v))
            continue
        with pytest.raises(OverflowError):
            f(n, v)
        with pytest.raises(OverflowError):
            f(x, v)


@pytest.mark.parametrize("ns", [xp, pytest.param(None, id="strict")])
def test_operators_on_shapes_that_broadcast_take_the_remembered_path_and_stay_numpys(ns):
    """After a first call, ``X - mean`` and ``x > y[:, None]`` on arrays of one dtype go
    straight to the primitive when the pair of shapes is one already seen to broadcast:
    NumPy's values, in either order, and a pair that does not broadcast is still the
    function's ValueError, before and after."""
    import operator

    import nx_array_api.strict as sx

    ns = ns or sx
    rng = np.random.default_rng(3)
    pairs = [((5, 3), (3,)), ((3,), (5, 3)), ((), (4,)), ((4,), ()), ((4, 1), (1, 3)), ((2, 3), (2, 3))]
    for op, name in ((operator.add, "add"), (operator.sub, "subtract"), (operator.mul, "multiply"), (operator.truediv, "divide"),
                     (operator.pow, "pow"), (operator.gt, "greater"), (operator.ge, "greater_equal"), (operator.lt, "less"), (operator.eq, "equal")):
        for _ in range(2):  # (the first round primes the paths, the second takes them)
            for s1, s2 in pairs:
                a, b = rng.uniform(0.5, 2.0, s1), rng.uniform(0.5, 2.0, s2)
                got, want = op(ns.asarray(a), ns.asarray(b)), op(a, b)
                assert got.shape == want.shape
                np.testing.assert_array_equal(np.asarray(got), want, err_msg=f"{name} {s1} {s2}")
            with pytest.raises(ValueError, match=rf"^{name}: "):
                op(ns.ones((3, 4)), ns.ones((5,)))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_comparisons_with_a_python_float_first_to_the_primitive_are_numpys(dtype):
    """``x > 0.1`` is ``0.1 < x`` to the primitive (the backend has cmplt only), which
    takes the float as it is after a first call: NumPy's answers, 0.1 read in the
    array's dtype (NEP 50: float32's 0.1 equals 0.1 as a float32)."""
    n = np.asarray([0.0, 0.1, 0.2, np.nan, -np.inf, np.inf], dtype=dtype)
    x = xp.asarray(n)
    for _ in range(2):
        for v in (0.1, -0.0, 0.2, float("nan"), float("inf"), 3, 0):
            np.testing.assert_array_equal(np.asarray(x > v), n > v, err_msg=f"x > {v}")
            np.testing.assert_array_equal(np.asarray(x >= v), n >= v, err_msg=f"x >= {v}")
            np.testing.assert_array_equal(np.asarray(xp.greater(x, v)), n > v, err_msg=f"greater(x, {v})")


def test_divide_and_pow_operators_on_floats_go_straight_to_the_functions_and_stay_numpys():
    """``/`` and ``**`` on floating-point arrays (with an array, a Python float or int)
    skip the integer checks their functions make: NumPy's values; integer operands still
    take them (true division to float64, an integer to a negative power refused)."""
    a, b = np.asarray([1.5, -2.0, 0.25]), np.asarray([2.0, 4.0, -0.5])
    x, y = xp.asarray(a), xp.asarray(b)
    with np.errstate(all="ignore"):
        for got, want in ((x / y, a / b), (x / 2, a / 2), (3 / x, 3 / a), (x / 0.5, a / 0.5), (2.5 / x, 2.5 / a), (x ** y, a ** b),
                          (x ** 2, a ** 2), (2 ** x, 2 ** a), (x ** -1, a ** -1.0), (1.5 ** x, 1.5 ** a)):
            np.testing.assert_array_equal(np.asarray(got), want)
            assert np.asarray(got).dtype == want.dtype
    i = xp.asarray([1, 2, 3])
    np.testing.assert_array_equal(np.asarray(i / 2), np.asarray([1, 2, 3]) / 2)
    with pytest.raises(ValueError, match="^pow: Integers to negative integer powers"):
        i ** -1
