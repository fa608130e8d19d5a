"""Bad operands, keys and values for the Array object: operators, indexing, conversions.

Every bad call must raise TypeError, ValueError or IndexError (AxisError, BufferError
where the standard names it) with a message naming the operator or method; valid but
odd keys (basic and integer-array indices, empty and 0-d arrays) give NumPy's results.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import nx_array_api as xp
from nx_fuzz import CATEGORY, FUZZ, NP_OF, NX_DTYPES, expect_error, no_hang, np_values, ordered, refused_with

# operator -> (the namespace function whose name errors carry, dunder, category)
BINOPS = {
    "+": (operator.add, "add", "__add__", "numeric"),
    "-": (operator.sub, "subtract", "__sub__", "numeric"),
    "*": (operator.mul, "multiply", "__mul__", "numeric"),
    "/": (operator.truediv, "divide", "__truediv__", "numeric"),
    "//": (operator.floordiv, "floor_divide", "__floordiv__", "real numeric"),
    "%": (operator.mod, "remainder", "__mod__", "real numeric"),
    "**": (operator.pow, "pow", "__pow__", "numeric"),
    "&": (operator.and_, "bitwise_and", "__and__", "integer or boolean"),
    "|": (operator.or_, "bitwise_or", "__or__", "integer or boolean"),
    "^": (operator.xor, "bitwise_xor", "__xor__", "integer or boolean"),
    "<<": (operator.lshift, "bitwise_left_shift", "__lshift__", "integer"),
    ">>": (operator.rshift, "bitwise_right_shift", "__rshift__", "integer"),
    "<": (operator.lt, "less", "__lt__", "real numeric"),
    "<=": (operator.le, "less_equal", "__le__", "real numeric"),
    ">": (operator.gt, "greater", "__gt__", "real numeric"),
    ">=": (operator.ge, "greater_equal", "__ge__", "real numeric"),
    "==": (operator.eq, "equal", "__eq__", "all"),
    "!=": (operator.ne, "not_equal", "__ne__", "all"),
    "@": (operator.matmul, "matmul", "__matmul__", "numeric"),
}
INPLACE = {
    "+=": (operator.iadd, "add"), "-=": (operator.isub, "subtract"), "*=": (operator.imul, "multiply"),
    "/=": (operator.itruediv, "divide"), "//=": (operator.ifloordiv, "floor_divide"), "%=": (operator.imod, "remainder"),
    "**=": (operator.ipow, "pow"), "&=": (operator.iand, "bitwise_and"), "|=": (operator.ior, "bitwise_or"),
    "^=": (operator.ixor, "bitwise_xor"), "<<=": (operator.ilshift, "bitwise_left_shift"),
    ">>=": (operator.irshift, "bitwise_right_shift"), "@=": (operator.imatmul, "matmul"),
}
NOT_OPERANDS = [None, "ab", b"ab", object(), [1, 2], (1,), {}, xp.float64]


@pytest.mark.parametrize("sym", [pytest.param(s, id=s) for s in BINOPS])
@FUZZ
@given(data=st.data())
def test_operator_bad_operand(sym: str, data: Any) -> None:
    fn, name, dunder, cat = BINOPS[sym]
    d = data.draw
    dt = d(st.sampled_from(ordered(CATEGORY[cat])))
    shape = (2, 2) if sym == "@" else tuple(d(st.lists(st.integers(1, 3), max_size=2)))
    x = xp.asarray(np_values(dt, shape, d(st.integers(0, 99))))
    kind = d(st.sampled_from(["not-operand", "bad-dtype", "bad-shape", "bad-scalar"]))
    if kind == "not-operand":
        other = d(st.sampled_from(NOT_OPERANDS))
    elif kind == "bad-dtype":
        bad = refused_with(dt, cat, ints_to_float=sym == "/")
        assume(bad)
        other = xp.asarray(np_values(d(st.sampled_from(bad)), shape, 0))
    elif kind == "bad-shape":
        if sym == "@":
            other = xp.asarray(np_values(dt, (3, 5), 0))
        else:
            n, m = d(st.lists(st.sampled_from([0, 2, 3, 4]), min_size=2, max_size=2, unique=True))
            x, other = xp.asarray(np_values(dt, (n,), 1)), xp.asarray(np_values(dt, (m,), 2))
    else:
        k = NP_OF[dt].kind
        # (the drop-in's scalars of another kind are NumPy 2's: a number with bool gives
        # its default dtype, a bool with numbers the array's, a float or complex with
        # integers float64 or complex128; refused where that is outside the category)
        cands = {"b": [2**64], "i": [2**64], "u": [-(2**64), 2**64], "f": [10**400], "c": [10**400]}[k]
        if k in "iu" and name in ("less", "less_equal", "greater", "greater_equal", "equal", "not_equal"):
            cands = []  # a comparison compares an int beyond the range exactly, as NumPy 2
        if k in "iub":
            cands += [v for v, d in ((1, xp.int64), (1.5, xp.float64), (1j, xp.complex128)) if d not in CATEGORY[cat] and (k == "b" or v != 1)]
        if k == "f" and xp.complex128 not in CATEGORY[cat]:
            cands += [1j]
        if sym == "@":
            cands = [1, 1.5, True]
        if sym == "/" and k in "iu":
            cands = [10**400]  # nx divides integer arrays as float64 (documented), so any other number is fine
        assume(cands)
        other = d(st.sampled_from(cands))
    # `"ab" % x` is str formatting (x has __getitem__, so Python reads it as a mapping)
    swap = d(st.booleans()) and kind in ("not-operand", "bad-scalar") and not (sym == "%" and isinstance(other, (str, bytes)))
    a, b = (other, x) if swap else (x, other)
    if kind == "not-operand":
        # An operand of a type nx does not know: the operator gives NotImplemented, so
        # Python asks the other operand, and then raises its own TypeError (a comparison
        # falls back to identity, as for any two Python objects).
        if sym in ("==", "!="):
            assert (fn(a, b) is True) == (sym == "!="), f"{sym} with a {type(other).__name__}"
        else:
            # (a sequence times an integer array with one element is Python's repetition,
            # through __index__, as with NumPy's arrays)
            assume(not (sym == "*" and isinstance(other, (str, bytes, list, tuple)) and x.size == 1 and x.dtype.kind in "iu"))
            with pytest.raises(TypeError):
                fn(a, b)
        return
    rname = dunder.replace("__", "__r", 1) if swap else dunder
    # Python reflects a comparison to its mirror: `other < x` runs x.__gt__(other), i.e. greater.
    mirror = {"<": ("greater", "__gt__"), "<=": ("greater_equal", "__ge__"), ">": ("less", "__lt__"), ">=": ("less_equal", "__le__")}
    expect_error(fn, a, b, name=(name, dunder, rname) + (mirror.get(sym, ()) if swap else ()))


@pytest.mark.parametrize("sym", list(INPLACE))
@FUZZ
@given(data=st.data())
def test_inplace_operator_cannot_change_dtype_or_shape(sym: str, data: Any) -> None:
    """``x op= y`` may not change x's dtype or shape: TypeError/ValueError, and x is untouched."""
    fn, name = INPLACE[sym]
    d = data.draw
    kind = d(st.sampled_from(["dtype", "shape"]))
    if kind == "dtype":
        pairs = {"/=": (xp.int32, xp.float64), "&=": (xp.int8, xp.int16), "|=": (xp.bool, xp.int8), "^=": (xp.uint8, xp.int16),
                 "<<=": (xp.int8, xp.int32), ">>=": (xp.uint8, xp.uint16), "@=": (xp.float32, xp.float64)}
        dx, dy = pairs.get(sym, (xp.float32, xp.float64) if d(st.booleans()) else (xp.int16, xp.int32))
        if sym in ("//=", "%=") and dx.kind == "c":
            dx, dy = xp.float32, xp.float64
        shape = (2, 2)
        x, y = xp.asarray(np_values(dx, shape, 1)), xp.asarray(np_values(dy, shape, 2))
        if sym in ("<<=", ">>="):
            y = xp.abs(y)
    else:
        dt = {"&=": xp.int32, "|=": xp.int32, "^=": xp.int32, "<<=": xp.int32, ">>=": xp.int32}.get(sym, xp.float64)
        x = xp.asarray(np_values(dt, (2,) if sym != "@=" else (2, 2), 1))
        y = xp.asarray(np.abs(np_values(dt, (3, 2) if sym != "@=" else (2, 3), 2)))
    before = np.array(x)
    expect_error(fn, x, y, name=(name, sym))
    np.testing.assert_array_equal(np.asarray(x), before, err_msg=f"{sym}: a failed in-place operator changed x")


# ------------------------------------------------------------------ indexing
@st.composite
def bad_keys(draw: Any, shape: tuple) -> Any:
    n = len(shape)
    kinds = ["float", "str", "too-many", "out-of-range", "two-ellipses", "step-zero", "float-array", "mask-shape",
             "int-array-oob", "huge", "ragged-list", "float-in-list", "bad-slice", "object", "nested-tuple"]
    k = draw(st.sampled_from(kinds))
    if k == "float":
        return draw(st.sampled_from([1.0, np.float64(0), 0.5, (0, 1.5)]))
    if k == "str":
        return draw(st.sampled_from(["a", ("a",), b"x"]))
    if k == "too-many":
        return (0,) * (n + 1) if draw(st.booleans()) else (slice(None),) * (n + 1)
    if k == "out-of-range":
        assume(n > 0)
        ax = draw(st.integers(0, n - 1))
        i = draw(st.one_of(st.integers(shape[ax], shape[ax] + 3), st.integers(-shape[ax] - 3, -shape[ax] - 1)))
        return (slice(None),) * ax + (i,)
    if k == "two-ellipses":
        return (Ellipsis, Ellipsis)
    if k == "step-zero":
        return slice(None, None, 0)
    if k == "float-array":
        return xp.asarray([0.0])
    if k == "mask-shape":
        assume(n > 0)
        return xp.asarray(np.ones((shape[0] + 1,), bool))
    if k == "int-array-oob":
        assume(n > 0)
        return xp.asarray([0, shape[0] + draw(st.integers(0, 5))]) if draw(st.booleans()) else [shape[0] + 1]
    if k == "huge":
        assume(n > 0)
        return draw(st.sampled_from([2**63, -(2**63) - 1, 2**70, [2**64], (slice(None),) * (n - 1) + (2**100,)]))
    if k == "ragged-list":
        return [[0], [0, 1]]
    if k == "float-in-list":
        return [0, 1.5]
    if k == "bad-slice":
        return draw(st.sampled_from([slice(0.5, 2), slice("a", None), slice(None, None, 1.0), slice(None, xp.asarray([1, 2]))]))
    if k == "object":
        return draw(st.sampled_from([object(), {0: 1}, {0}, 1j]))
    return ((0, 1), slice(None)) if n < 2 else ((0, 1.5),)


@FUZZ
@given(data=st.data())
def test_getitem_bad_key(data: Any) -> None:
    shape = tuple(data.draw(st.lists(st.integers(1, 3), min_size=0, max_size=3)))
    x = xp.asarray(np_values(xp.float64, shape, 0))
    key = data.draw(bad_keys(shape))
    expect_error(operator.getitem, x, key, name="__getitem__")


@FUZZ
@given(data=st.data())
def test_setitem_bad_key_leaves_array_untouched(data: Any) -> None:
    shape = tuple(data.draw(st.lists(st.integers(1, 3), min_size=0, max_size=3)))
    a = np_values(xp.float64, shape, 0)
    x = xp.asarray(a.copy())
    key = data.draw(bad_keys(shape))
    expect_error(operator.setitem, x, key, 1.0, name="__setitem__")
    np.testing.assert_array_equal(np.asarray(x), a)


@FUZZ
@given(data=st.data())
def test_setitem_bad_value_leaves_array_untouched(data: Any) -> None:
    d = data.draw
    dt = d(st.sampled_from([xp.bool, xp.int8, xp.uint8, xp.int64, xp.float32, xp.complex64]))
    a = np_values(dt, (2, 3), 0)
    x = xp.asarray(a.copy())
    k = NP_OF[dt].kind
    # a real float into integers is truncated, as NumPy does; NaN, infinities and
    # out-of-range values are refused
    nan, inf = float("nan"), float("inf")
    # (True into a numeric array is 1, as in NumPy)
    wrong_scalars = {"b": [1, 1.5, 1j], "i": [nan, -inf, 1j, 2**63, 300 if dt == xp.int8 else 2**64],
                     "u": [-1, -1.5, nan, inf, 2**64], "f": [1j, 10**400], "c": [10**400]}[k]
    wrong_arrays = [b for b in NX_DTYPES if not np.can_cast(NP_OF[b], NP_OF[dt], "safe")
                    and not (NP_OF[b].kind == "f" and k in "iu")]
    kind = d(st.sampled_from(["scalar", "array-dtype", "array-shape", "not-value"]))
    if kind == "scalar":
        v, exp = d(st.sampled_from(wrong_scalars)), (TypeError, ValueError)
    elif kind == "array-dtype":
        assume(wrong_arrays)
        v, exp = xp.asarray(np_values(d(st.sampled_from(wrong_arrays)), (3,), 1)), (TypeError,)
    elif kind == "array-shape":
        v, exp = xp.asarray(np_values(dt, d(st.sampled_from([(2,), (4,), (3, 3), (2, 2, 3)])), 1)), (ValueError,)
    else:
        v, exp = d(st.sampled_from(["a", None, object(), [1, 2, 3], np.ones(3)])), (TypeError,)
    key = d(st.sampled_from([Ellipsis, (slice(None), slice(0, 3)), 0 if kind != "array-shape" else Ellipsis, xp.asarray([True, False])]))
    e = expect_error(operator.setitem, x, key, v, name="__setitem__")
    assert isinstance(e, exp), f"x[{key!r}] = {v!r}: {type(e).__name__}: {e}"
    np.testing.assert_array_equal(np.asarray(x), a, err_msg="a rejected write changed the array")


@FUZZ
@given(data=st.data())
def test_valid_basic_and_array_keys_match_numpy(data: Any) -> None:
    """Odd but valid keys (empty axes, 0-d, negative steps, None, Ellipsis) read and write as in NumPy."""
    d = data.draw
    shape = tuple(d(st.lists(st.integers(0, 4), max_size=3)))
    a = np_values(xp.int32, shape, d(st.integers(0, 99)))
    if d(st.booleans()) or not shape or 0 in shape:
        key = d(hnp.basic_indices(shape, allow_newaxis=True, allow_ellipsis=True))
        nkey = key
    else:
        idx = d(hnp.integer_array_indices(shape, result_shape=hnp.array_shapes(min_dims=0, max_dims=2, max_side=3)))
        key = tuple(xp.asarray(i.astype(np.int64)) for i in idx)
        nkey = idx
    x = xp.asarray(a.copy())
    with no_hang():
        r = x[key]
    e = a[nkey]
    assert r.shape == e.shape, (key, r.shape, e.shape)
    np.testing.assert_array_equal(np.asarray(r), e)
    # the same key written: NumPy's model, whole array compared
    m = a.copy()
    v = np.arange(e.size, dtype=np.int32).reshape(e.shape) + 100
    m[nkey] = v
    with no_hang():
        x[key] = xp.asarray(v)
    np.testing.assert_array_equal(np.asarray(x), m, err_msg=f"x[{key!r}] = v")


# ------------------------------------------------------- conversions, methods
_M = xp.ones((2, 2))
_V = xp.ones((3,))
_Z = xp.asarray(1 + 2j)
METHOD_CASES = {
    "int-of-matrix": (lambda: int(_M), ("__int__", "int")),
    "float-of-vector": (lambda: float(_V), ("__float__", "float")),
    "bool-of-empty": (lambda: bool(xp.zeros((0,))), ("__bool__", "bool")),
    "float-of-complex": (lambda: float(_Z), ("__float__", "float")),
    "int-of-complex": (lambda: int(_Z), ("__int__", "int")),
    "index-of-float": (lambda: operator.index(xp.asarray(1.0)), ("__index__", "index")),
    "index-of-bool": (lambda: operator.index(xp.asarray(True)), ("__index__", "index")),
    "complex-of-vector": (lambda: complex(xp.ones((2,))), ("__complex__", "complex")),
    "len-of-0d": (lambda: len(xp.asarray(1.0)), ("__len__", "len")),
    "iter-of-0d": (lambda: list(xp.asarray(1.0)), ("__iter__", "iter", "iteration")),
    "T-of-1d": (lambda: _V.T, ("T",)),
    "T-of-0d": (lambda: xp.asarray(1.0).T, ("T",)),
    "mT-of-1d": (lambda: _V.mT, ("mT",)),
    "to_device-str": (lambda: _M.to_device("gpu"), ("to_device",)),
    "to_device-Device": (lambda: _M.to_device("gpu"), ("to_device",)),
    "to_device-object": (lambda: _M.to_device(object()), ("to_device",)),
    "to_device-stream": (lambda: _M.to_device("cpu", stream=1), ("to_device",)),
    "namespace-version": (lambda: _M.__array_namespace__(api_version="1999.01"), ("__array_namespace__",)),
    "namespace-version-int": (lambda: _M.__array_namespace__(api_version=2025), ("__array_namespace__",)),
    "dlpack-stream": (lambda: _M.__dlpack__(stream=5), ("__dlpack__",)),
    "dlpack-max_version": (lambda: _M.__dlpack__(max_version="1.0"), ("__dlpack__",)),
    "array-copy-false-cast": (lambda: _M.__array__(dtype=np.int8, copy=False), ("__array__",)),
    "hash": (lambda: hash(_M), ("unhashable",)),
}
METHOD_XFAIL: dict[str, str] = {}


@pytest.mark.parametrize("case", [pytest.param(k, marks=[pytest.mark.xfail(reason=METHOD_XFAIL[k], strict=False)] if k in METHOD_XFAIL else [])
                                  for k in METHOD_CASES])
def test_conversions_and_methods_reject_bad_input(case: str) -> None:
    fn, names = METHOD_CASES[case]
    expect_error(fn, name=names, allow=(BufferError,))


def test_dlpack_export_to_other_device_is_buffer_error() -> None:
    m = xp.ones((2,))
    e = expect_error(m.__dlpack__, dl_device=(2, 0), name="__dlpack__", allow=(BufferError,))
    assert isinstance(e, (BufferError, ValueError))


def test_array_constructor_is_private() -> None:
    expect_error(xp.Array, name="Array")


@FUZZ
@given(data=st.data())
def test_scalar_operands_on_0d_and_empty_match_numpy(data: Any) -> None:
    """Python scalars with 0-d and empty arrays: NumPy's values (NEP 50: the array's dtype wins)."""
    d = data.draw
    dt = d(st.sampled_from([xp.int8, xp.int64, xp.uint8, xp.float32, xp.float64, xp.complex64]))
    shape = d(st.sampled_from([(), (0,), (2, 0), (1,)]))
    a = np_values(dt, shape, 4)
    x = xp.asarray(a)
    k = NP_OF[dt].kind
    s = d(st.sampled_from([0, 1, 3] if k in "iu" else [0.5, -2.0, 3]))
    sym = d(st.sampled_from(["+", "-", "*", "==", "<"] if k != "c" else ["+", "-", "*", "=="]))
    fn = BINOPS[sym][0]
    swap = d(st.booleans())
    with no_hang():
        r = fn(s, x) if swap else fn(x, s)
    ns = NP_OF[dt].type(s)
    e = fn(ns, a) if swap else fn(a, ns)
    r = np.asarray(r)
    assert r.shape == np.shape(e)
    np.testing.assert_allclose(r.astype(np.complex128), np.asarray(e).astype(np.complex128), rtol=1e-6)


# ------------------------------------------------------ docs/errors.md examples
def test_errors_doc_examples_run() -> None:
    """Every ``python`` block of docs/errors.md runs, in order, in one namespace."""
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "errors.md"
    if not page.exists():
        pytest.skip("docs/errors.md is not in this checkout")
    blocks = re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert len(blocks) >= 5
    ns: dict = {"__name__": "errors_doc"}
    for i, src in enumerate(blocks):
        try:
            exec(compile(src, f"errors.md[block {i}]", "exec"), ns)
        except Exception as e:
            raise AssertionError(f"block {i} of docs/errors.md failed: {type(e).__name__}: {e}\n{src}") from e
