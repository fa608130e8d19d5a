"""Each kind of refusal has one wording (``nx_array_api/_messages.py``), in both
namespaces: nx's form (the function's name first, then what failed) with the words that
consumers' tests match because NumPy's and array-api-strict's messages use them.
docs/errors.md lists them.
"""

from __future__ import annotations

import pytest

import nx_array_api as xp
import nx_array_api.strict as sx

NAMESPACES = [pytest.param(xp, id="drop-in"), pytest.param(sx, id="strict")]


def message(call):
    """The (type, message) of the exception ``call()`` raises."""
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the point is which one
        return type(e), str(e)
    raise AssertionError("no error")


def _set(x, k, v):
    x[k] = v


def _iadd(x, v):
    x += v


def _other_device(ns):
    return ns.Device("device1")


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_dtype_outside_the_category(ns):
    cases = [
        ("sin", lambda: ns.sin(ns.asarray([1], dtype=ns.int8)), "floating-point", "int8"),
        ("abs", lambda: ns.abs(ns.asarray([True])), "numeric", "bool"),
        ("bitwise_and", lambda: ns.bitwise_and(ns.asarray([1.5]), ns.asarray([2.5])), "integer or boolean", "float64"),
        ("sort", lambda: ns.sort(ns.asarray([1j])), "real numeric", "complex128"),
        # (the strict namespace transforms complex arrays only, as array-api-strict)
        ("fft", lambda: ns.fft.fft(ns.asarray([1, 2])), "complex floating-point" if ns is sx else "floating-point", "int64"),
        ("matmul", lambda: ns.matmul(ns.asarray([[True]]), ns.asarray([[True]])), "numeric", "bool and bool"),
    ]
    for name, call, category, got in cases:
        t, msg = message(call)
        assert t is TypeError
        assert msg == f"{name}: Only {category} dtypes are allowed in {name}, got {got}", msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_dtypes_that_do_not_promote(ns):
    t, msg = message(lambda: ns.asarray([1]) + ns.asarray([1], dtype=ns.uint64))
    assert t is TypeError and msg == "add: dtypes int64 and uint64 cannot be type promoted together"
    t, msg = message(lambda: ns.result_type(ns.int64, ns.uint64))
    assert t is TypeError and msg.startswith("result_type: dtypes int64 and uint64") and "promoted" in msg


def test_kinds_that_do_not_promote_in_strict_mode():
    t, msg = message(lambda: sx.asarray([1, 2]) * 0.5)
    assert t is TypeError and msg.startswith("multiply: a Python float cannot be promoted with an int64 array (strict mode")
    t, msg = message(lambda: sx.asarray([True]) + 1)
    assert t is TypeError and msg.startswith("add: a Python int cannot be promoted with a bool array")
    t, msg = message(lambda: _set(sx.asarray([1, 2]), 0, 1.5))
    assert t is TypeError and msg.startswith("__setitem__: a Python float cannot be promoted with an int64 array")
    t, msg = message(lambda: sx.asarray([1.5]) + sx.asarray([1]))
    assert t is TypeError and msg.startswith("add: dtypes float64 and int64 cannot be type promoted together (strict mode")


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_value_that_cannot_take_or_keep_a_dtype(ns):
    cases = [
        ("astype", lambda: ns.astype(ns.asarray([1j]), ns.float64), "complex complex128 values", "float64"),
        ("asarray", lambda: ns.asarray(ns.asarray([1j]), dtype=ns.int64), "complex complex128 values", "int64"),
        ("__setitem__", lambda: _set(ns.asarray([1, 2]), 0, ns.asarray(1j)), "a complex128 array", "int64"),
        ("add", lambda: _iadd(ns.asarray([1, 2], dtype=ns.int8), ns.asarray([1, 2], dtype=ns.int16)), "the result's int16", "int8"),
        ("sum", lambda: ns.sum(ns.asarray([1j]), dtype=ns.float64), "complex complex128 values", "float64"),
    ]
    for name, call, what, dtype in cases:
        t, msg = message(call)
        assert t is TypeError
        assert msg.startswith(f"{name}: cannot cast {what} to dtype {dtype}"), msg


def test_a_value_that_cannot_keep_a_dtype_drop_in_only():
    # (a Python scalar of a kind the array does not take is a promotion refusal in strict
    # mode, above; scatter and clip with a float bound: nx's extras, and the drop-in's rules)
    t, msg = message(lambda: _set(xp.asarray([1, 2]), 0, 1.5j))
    assert t is TypeError and msg.startswith("__setitem__: cannot cast a Python complex to dtype int64")
    t, msg = message(lambda: xp.scatter(xp.asarray([1, 2]), xp.asarray([0]), 1.5j, axis=0))
    assert t is TypeError and msg.startswith("scatter: cannot cast a Python complex to dtype int64")
    t, msg = message(lambda: sx.clip(sx.asarray([1, 2]), 0.5, None))  # (the drop-in: NumPy's float64)
    assert t is TypeError and msg.startswith("clip: cannot cast a Python float min to dtype int64")


@pytest.mark.parametrize("ns", NAMESPACES)
def test_arrays_on_two_devices(ns):
    dev = ns.asarray([1.0]).device
    other = _other_device(ns)
    a, b = ns.asarray([1.0, 2.0]), ns.asarray([1.0, 2.0], device=other)
    for name, call in [("add", lambda: a + b), ("where", lambda: ns.where(a > 0, a, b)), ("matmul", lambda: a @ b),
                       ("take", lambda: ns.take(a, ns.asarray([0], device=other)))]:
        t, msg = message(call)
        assert t is ValueError
        assert msg.startswith(f"{name}: cannot combine Arrays from two different devices, {dev.name!r} and {other.name!r}"), msg
    t, msg = message(lambda: a[ns.asarray([0], device=other)])
    assert t is ValueError and msg.startswith("__getitem__: cannot combine Arrays from two different devices")
    assert "Array indexing is only allowed when" in msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_an_index_out_of_bounds(ns):
    x = ns.asarray([1.0, 2.0, 3.0])
    for name, call in [("__getitem__", lambda: x[5]), ("__setitem__", lambda: _set(x, -4, 1.0)),
                       ("take", lambda: ns.take(x, ns.asarray([5])))]:
        t, msg = message(call)
        assert t is IndexError
        assert msg.startswith(f"{name}: index ") and msg.endswith("is out of bounds for axis 0 with size 3"), msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_an_axis_out_of_bounds(ns):
    x = ns.ones((2, 2))
    for name, call, axis in [("sum", lambda: ns.sum(x, axis=2), 2), ("moveaxis", lambda: ns.moveaxis(x, -3, 0), -3),
                             ("concat", lambda: ns.concat([x, x], axis=5), 5)]:
        t, msg = message(call)
        assert issubclass(t, ValueError) and issubclass(t, IndexError)
        assert msg == f"{name}: axis {axis} is out of bounds for array of dimension 2", msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_python_int_out_of_a_dtypes_range(ns):
    for name, call in [("add", lambda: ns.asarray([1], dtype=ns.int8) + 300), ("full", lambda: ns.full(2, 300, dtype=ns.int8)),
                       ("__setitem__", lambda: _set(ns.asarray([1], dtype=ns.int8), 0, 300))]:
        t, msg = message(call)
        assert issubclass(t, OverflowError) and issubclass(t, ValueError)
        assert msg == f"{name}: Python int 300 is out of bounds for int8", msg
    t, msg = message(lambda: ns.asarray([1.0]) + 10**400)
    assert issubclass(t, OverflowError) and issubclass(t, ValueError)
    assert msg == "add: Python int of 1329 bits is too large to convert to float64", msg


# ------------------------------------------------- messages that say what to do
# Each keeps the words above (the function's name, then what failed) and adds the way
# out after them.


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_dtype_given_by_name_or_as_numpys_says_which_to_use(ns):
    np = pytest.importorskip("numpy")
    error = TypeError if ns is xp else ValueError  # the strict namespace: array-api-strict's ValueError
    cases = [
        (lambda: ns.zeros(3, dtype="float32"), error, "zeros", "'float32'", "xp.float32", "a string"),
        (lambda: ns.zeros(3, dtype=np.float32), error, "zeros", "<class 'numpy.float32'>", "xp.float32", "NumPy's"),
        (lambda: ns.asarray([1], dtype=np.dtype("int16")), error, "asarray", "dtype('int16')", "xp.int16", "NumPy's"),
        (lambda: ns.ones(2, dtype=float), error, "ones", "<class 'float'>", "xp.float64", "a Python type"),
        (lambda: ns.astype(ns.ones(3), "uint8"), TypeError, "astype", "'uint8'", "xp.uint8", "a string"),
        (lambda: ns.isdtype(np.complex64, "complex floating"), TypeError, "isdtype", "<class 'numpy.complex64'>",
         "xp.complex64", "NumPy's"),
    ]
    for call, t_want, name, got, use, instead in cases:
        t, msg = message(call)
        assert t is t_want, msg
        assert msg == (f"{name}: dtype must be one of the namespace's dtypes, got {got}; use {use}, the namespace's "
                       f"dtype object, not {instead}"), msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_dtype_that_names_none_lists_them(ns):
    t, msg = message(lambda: ns.zeros(3, dtype="f4"))
    assert msg.startswith("zeros: dtype must be one of the namespace's dtypes, got 'f4'; they are xp.bool, xp.int8, ")
    assert msg.endswith("xp.float32, xp.float64, xp.complex64, xp.complex128") and "float16" not in msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_host_data_where_an_array_is_needed_says_to_convert_it(ns):
    np = pytest.importorskip("numpy")
    hint = "; convert it with xp.asarray() first"
    cases = [
        (lambda: ns.sin(np.ones(3)), "sin: x must be an nx Array, got ndarray"),
        (lambda: ns.matmul(ns.ones((2, 2)), np.ones(2)), "matmul: x2 must be an nx Array, got ndarray"),
        (lambda: ns.mean([1.0, 2.0]), "mean: x must be an nx Array, got list"),
        (lambda: ns.abs(np.ones(2)), "abs: x must be an nx Array, got ndarray"),
        (lambda: ns.add(ns.ones(2), np.ones(2)), "add: Expected Array or Python scalar operand, got numpy.ndarray"),
    ]
    for call, want in cases:
        t, msg = message(call)
        assert t is TypeError and msg == want + hint, msg
    t, msg = message(lambda: ns.sin(None))  # nothing asarray takes: no hint
    assert t is TypeError and msg == "sin: x must be an nx Array, got NoneType"


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_ragged_list_says_where(ns):
    lengths = "asarray: ragged nested sequence (sequences of different lengths at one depth): "
    mixed = "asarray: ragged nested sequence (sequences and scalars mixed at one depth): "
    cases = [
        ([[1, 2], [3]], ValueError, lengths + "the sequence at [1] has length 1 and the one at [0] length 2 (depth 1)"),
        ([[1], [2], [3, 4]], ValueError, lengths + "the sequence at [2] has length 2 and the one at [0] length 1 (depth 1)"),
        ([[[1, 2], [3, 4]], [[1, 2], [3]]], ValueError,
         lengths + "the sequence at [1][1] has length 1 and the one at [0][0] length 2 (depth 2)"),
        ([[1, 2], 3], ValueError, mixed + "the item at [1] is a scalar and the one at [0] a sequence (depth 1)"),
        ([1.0, (2.0,)], ValueError, mixed + "the item at [1] is a sequence and the one at [0] a scalar (depth 1)"),
    ]
    for obj, t_want, want in cases:
        t, msg = message(lambda: ns.asarray(obj))
        assert t is t_want and msg == want, msg


@pytest.mark.parametrize("ns", NAMESPACES)
def test_a_shape_entry_that_is_not_an_int_says_which(ns):
    cases = [
        (lambda: ns.zeros((2, 3.0)), "zeros: shape entries must be an integer, got float (shape[1] is 3.0)"),
        (lambda: ns.ones([4, 5, "6"]), "ones: shape entries must be an integer, got str (shape[2] is '6')"),
        (lambda: ns.reshape(ns.ones(6), (2.5, 3)), "reshape: shape entry must be an integer, got float (shape[0] is 2.5)"),
        (lambda: ns.broadcast_to(ns.ones(3), (2, 3.5)),
         "broadcast_to: shape entry must be an integer, got float (shape[1] is 3.5)"),
        (lambda: ns.zeros(3.0), "zeros: shape must be an integer, got float"),  # not a sequence: nothing to point at
    ]
    for call, want in cases:
        t, msg = message(call)
        assert t is TypeError and msg == want, msg


def test_a_promotion_only_the_strict_namespace_refuses_says_so():
    for call in (lambda: sx.asarray([1]) + sx.asarray([1.5]), lambda: sx.add(sx.asarray([1]), sx.asarray([1.5]))):
        t, msg = message(call)
        assert t is TypeError and msg == (
            "add: dtypes int64 and float64 cannot be type promoted together (strict mode: the standard does not promote "
            "int64 with float64; the drop-in namespace, nx_array_api, gives float64, as NumPy does; astype() one of "
            "them to be portable)"
        ), msg
    t, msg = message(lambda: sx.result_type(sx.uint8, sx.complex64))
    assert t is TypeError and msg.startswith("result_type: dtypes uint8 and complex64 cannot be type promoted together (strict")
    assert "gives complex64" in msg
    assert xp.result_type(xp.uint8, xp.complex64) == xp.complex64  # what the drop-in does
    # Refused by both: no note.
    t, msg = message(lambda: sx.asarray([1]) + sx.asarray([1], dtype=sx.uint64))
    assert msg == "add: dtypes int64 and uint64 cannot be type promoted together"


@pytest.mark.parametrize("ns", NAMESPACES)
def test_an_unknown_device_lists_the_devices(ns):
    t, msg = message(lambda: ns.zeros(3, device="gpu"))
    assert t is ValueError and msg.startswith("zeros: ")
    names = [d.name if ns is xp else repr(d).split("'")[1] for d in ns.__array_namespace_info__().devices()]
    assert msg.endswith(f"{ns.__name__}'s devices are " + ", ".join(repr(n) for n in names)), msg


def test_an_ndarray_index_has_its_article():
    np = pytest.importorskip("numpy")
    t, msg = message(lambda: sx.ones(3)[np.asarray([0])])
    assert t is IndexError and msg.startswith("__getitem__: an ndarray index is not portable (strict mode)")
    t, msg = message(lambda: sx.ones(3)[[0, 1]])
    assert t is IndexError and msg.startswith("__getitem__: a list index is not portable (strict mode)")
