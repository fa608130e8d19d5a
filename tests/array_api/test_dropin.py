"""What nx accepts beyond the standard because consumers rely on it, against NumPy 2.

Each case is one row of the table in docs/consumers.md: the standard leaves it undefined
(or refuses it), NumPy 2 accepts it, and scikit-learn, SciPy or array-api-extra use it.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_testing import same

NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float32", "float64", "complex64", "complex128"]


def values(name, n=4):
    if name == "bool":
        return np.array([True, False, True, True][:n])
    return np.array([1, 2, 0, 3][:n], dtype=name)


# ---------------------------------------------------- mixed-kind promotion (NumPy 2's)
# Two kinds (bool, integer, floating-point, complex) other than signed with unsigned integers.
MIXED = [(a, b) for a in NAMES for b in NAMES
         if np.dtype(a).kind != np.dtype(b).kind and {np.dtype(a).kind, np.dtype(b).kind} != {"i", "u"}]


@pytest.mark.parametrize("a, b", MIXED)
def test_mixed_kind_arithmetic_and_comparison(a, b):
    na, nb = values(a), values(b)
    x, y = xp.asarray(na), xp.asarray(nb)
    same(x * y, na * nb)
    same(x + y, na + nb)
    same(x == y, na == nb)
    if "complex" not in a + b:
        same(x < y, na < nb)
        same(xp.maximum(x, y), np.maximum(na, nb))


def test_mixed_kind_matmul_where_concat():
    # scikit-learn multiplies integer data with floating-point coefficients
    same(xp.asarray([[1, 2]]) @ xp.asarray([[1.0], [2.0]]), np.asarray([[1, 2]]) @ np.asarray([[1.0], [2.0]]))
    a16, f32 = np.array([[1, 2], [3, 4]], np.int16), np.array([[0.5], [0.25]], np.float32)
    same(xp.asarray(a16) @ xp.asarray(f32), a16 @ f32)
    a32 = a16.astype(np.int32)
    same(xp.matmul(xp.asarray(a32), xp.asarray(f32)), a32 @ f32)  # float64, as NumPy
    c = np.array([True, False])
    same(xp.where(xp.asarray(c), xp.asarray([1, 2]), xp.asarray([0.5, 0.5])), np.where(c, [1, 2], [0.5, 0.5]))
    same(xp.concat([xp.asarray(c), xp.asarray([3, 4], dtype=xp.uint8)]), np.concatenate([c, np.array([3, 4], np.uint8)]))
    same(xp.vecdot(xp.asarray([1, 2]), xp.asarray([0.5, 2.0])), np.vecdot([1, 2], [0.5, 2.0]))


def test_mixed_kind_in_place_keeps_the_dtype():
    x = xp.asarray([1.0, 2.0])
    x += xp.asarray([1, 2])
    same(x, np.array([2.0, 4.0]))
    i = xp.asarray([1, 2])
    with pytest.raises(TypeError, match="^add: .*dtype"):
        i += xp.asarray([1.0, 2.0])
    same(i, np.array([1, 2]))


@pytest.mark.parametrize("a", NAMES)
@pytest.mark.parametrize("b", NAMES)
def test_result_type_and_can_cast_agree_with_numpy(a, b):
    da, db = getattr(xp, a), getattr(xp, b)
    if {np.dtype(a).kind, np.dtype(b).kind} == {"i", "u"} and "uint64" in (a, b) and a != b:
        with pytest.raises(TypeError, match="^result_type: .*promote"):
            xp.result_type(da, db)
    else:
        assert xp.result_type(da, db).name == np.result_type(a, b).name
    assert xp.can_cast(da, db) is np.can_cast(a, b, casting="safe")


def test_still_refused():
    b = xp.asarray([True, False])
    with pytest.raises(TypeError, match="^add: Only numeric dtypes are allowed in add, got bool$"):
        xp.add(b, b)
    with pytest.raises(TypeError, match="^sin: Only floating-point dtypes are allowed in sin, got int64$"):
        xp.sin(xp.asarray([1, 2]))
    with pytest.raises(TypeError, match="^bitwise_and: Only integer or boolean dtypes are allowed in (bitwise_and|__and__), got float64"):
        xp.bitwise_and(xp.asarray([1.0]), xp.asarray([1.0]))
    with pytest.raises(TypeError, match="^bitwise_and: Only integer or boolean dtypes are allowed in (bitwise_and|__and__), got float64"):
        xp.bitwise_and(xp.asarray([1]), xp.asarray([1.0]))
    with pytest.raises(TypeError, match="^add: .*promote"):
        xp.asarray([1]) + xp.asarray([1], dtype=xp.uint64)


# ----------------------------------------- a Python float or complex with integers
@pytest.mark.parametrize("name", ["int8", "uint8", "int16", "int32", "int64", "uint32", "uint64"])
@pytest.mark.parametrize("s", [0.5, -2.25, 1.5j, 2 - 1j])
def test_python_float_or_complex_with_integers(name, s):
    a = values(name)
    x = xp.asarray(a)
    same(x * s, a * s)
    same(s - x, s - a)
    same(x + s, a + s)
    same(x == s, a == s)
    if type(s) is float:
        same(x < s, a < s)
        same(xp.maximum(x, s), np.maximum(a, s))
        same(x**s if s > 0 else x * s, a**s if s > 0 else a * s)
        same(xp.where(xp.asarray(a > 1), x, s), np.where(a > 1, a, s))
    assert xp.result_type(x, s).name == np.result_type(a, s).name


def test_python_float_with_integers_on_a_device_without_float64():
    x = xp.asarray([1, 2], device="no_float64")
    assert (x * 0.5).dtype == xp.float32 and (x * 1j).dtype == xp.complex64
    same(x * 0.5, np.array([0.5, 1.0], np.float32))


def test_python_float_with_integers_in_place_refused():
    x = xp.asarray([1, 2])
    with pytest.raises(TypeError, match="^add: .*dtype"):
        x += 0.5
    same(x, np.array([1, 2]))
    b = xp.asarray([True])
    with pytest.raises(TypeError, match="^add: .*dtype"):
        b += 0.5  # float64 (NumPy's bool_x + 0.5) would change b's dtype
    same(b, np.array([True]))
    with pytest.raises(TypeError, match="^bitwise_and: Only integer or boolean dtypes are allowed in (bitwise_and|__and__), got float64"):
        xp.asarray([1]) & 1.5


# ------------------------------------- a floating-point value assigned into integers
@pytest.mark.parametrize("name", ["int8", "int16", "int64", "uint8", "uint32"])
def test_float_assigned_into_an_integer_array_is_truncated(name):
    a = np.array([5, 5, 5, 5, 5], dtype=name)
    x = xp.asarray(a)
    for target in (a, x):
        target[0] = 1.7
        target[1] = -0.9
        target[2] = np.float64(2.5)
    x[3:] = xp.asarray([3.9, 4.2], dtype=xp.float32)
    a[3:] = np.array([3.9, 4.2], dtype=np.float32)
    same(x, a)
    same(x, np.array([1, 0, 2, 3, 4], dtype=name))
    m = xp.asarray([True, False, False, False, True])
    x[m] = 7.99
    same(x, np.array([7, 0, 2, 3, 7], dtype=name))
    x[xp.asarray([1, 2])] = xp.asarray([9.5, 8.5])
    same(x, np.array([7, 9, 8, 3, 7], dtype=name))


def test_float_assigned_into_integers_errors_as_numpy():
    x = xp.asarray([1, 2], dtype=xp.int8)
    with pytest.raises(ValueError, match="^__setitem__: .*NaN"):
        x[0] = float("nan")
    with pytest.raises(OverflowError, match="^__setitem__: .*infinity"):
        x[0] = float("inf")
    with pytest.raises(OverflowError, match="^__setitem__: .*out of bounds"):
        x[0] = 300.5
    with pytest.raises(OverflowError):
        xp.asarray([1, 2], dtype=xp.uint8)[0] = -1.5
    same(x, np.array([1, 2], np.int8))
    # complex into integers or floats, and floats into bool, stay refused (NumPy: TypeError or a warning)
    with pytest.raises(TypeError, match="^__setitem__: .*cast"):
        x[0] = 1.5j
    with pytest.raises(TypeError, match="^__setitem__: .*dtype"):
        x[:] = xp.asarray([0.5j, 1.0])
    with pytest.raises(TypeError, match="^__setitem__"):
        xp.asarray([True])[0] = 0.5
    with pytest.raises(TypeError, match="^__setitem__: .*dtype"):
        xp.asarray([True])[:] = xp.asarray([0.5])


def test_float_assigned_into_integers_on_devices_and_through_at():
    import array_api_extra as xpx

    d = xp.asarray([2, 4, 6], device="device1")
    d[1] = 4.5
    d[xp.asarray([2], device="device1")] = xp.asarray([6.5], device="device1")
    same(d, np.array([2, 4, 6]))
    assert d.device == xp.Device("device1") and d.dtype == xp.int64
    x = xp.asarray([2, 4, 6])
    same(xpx.at(x)[0].set(-3.7, copy=True), np.array([-3, 4, 6]))
    same(xpx.at(x)[1:].min(5.5, copy=True), np.array([2, 4, 5]))
    same(xpx.at(x)[xp.asarray([True, False, True])].max(4.9, copy=True), np.array([4, 4, 6]))
    same(x, np.array([2, 4, 6]))
    with pytest.raises(TypeError, match="dtype"):
        xpx.at(x)[0].add(1.1, copy=True)  # as x += 1.1, refused: float64 is not int64


def test_float_assigned_into_integers_refused_in_strict_mode():
    x = sx.asarray([1, 2])
    with pytest.raises(TypeError):
        x[0] = 0.5
    with pytest.raises(TypeError, match="dtype"):
        x[:] = sx.asarray([0.5, 1.5])
    same(x, np.array([1, 2]))


# ------------------------------------------------ the logical functions on numbers
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("fn", ["logical_and", "logical_or", "logical_xor"])
def test_logical_functions_on_numeric_arrays(name, fn):
    a = np.array([0, 1, 2, 0], dtype=name) if name != "bool" else np.array([False, True, True, False])
    b = np.array([0, 0, 3, 1], dtype="float64")
    if name.startswith(("float", "complex")):
        a = a.astype(name)
        a[1] = np.nan  # NaN is nonzero: True
    f, g = getattr(xp, fn), getattr(np, fn)
    same(f(xp.asarray(a), xp.asarray(b)), g(a, b))
    same(f(xp.asarray(b), xp.asarray(a)), g(b, a))
    same(f(xp.asarray(a), 0.5), g(a, 0.5))
    same(f(0, xp.asarray(a)), g(0, a))
    same(xp.logical_not(xp.asarray(a)), np.logical_not(a))


def test_logical_or_as_roc_curve_uses_it():
    # sklearn.metrics.roc_curve: optimal_idxs = logical_or(diff(fps, 2), diff(tps, 2))
    fps, tps = np.array([0.0, 1.0, 1.0, 2.0, 3.0]), np.array([1.0, 1.0, 2.0, 2.0, 2.0])
    r = xp.logical_or(xp.diff(xp.asarray(fps), n=2), xp.diff(xp.asarray(tps), n=2))
    same(r, np.logical_or(np.diff(fps, 2), np.diff(tps, 2)))


def test_logical_functions_still_refuse_non_arrays():
    with pytest.raises(TypeError, match="^logical_and"):
        xp.logical_and(xp.asarray([1.0]), "a")
    with pytest.raises(TypeError, match="^logical_not"):
        xp.logical_not([1])


# ------------------------------------------ other libraries' index arrays as keys
class _DLPackOnly:
    """A DLPack producer with neither __array__ nor the buffer protocol."""

    def __init__(self, a):
        self._a = a

    def __dlpack__(self, **kw):
        return self._a.__dlpack__(**kw)

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


@pytest.mark.parametrize("wrap", [np.asarray, memoryview, _DLPackOnly], ids=["numpy", "buffer", "dlpack"])
def test_foreign_index_arrays_get_and_set(wrap):
    a = np.arange(12.0).reshape(4, 3)
    i = np.array([0, 2, -1])
    m = np.array([True, False, True, False])
    x = xp.asarray(a)
    same(x[wrap(i), ...], a[i, ...])
    same(x[wrap(i)], a[i])
    same(x[1, wrap(np.array([2, 0]))], a[1, [2, 0]])
    if wrap is not memoryview:  # a memoryview of bools has format '?', which NumPy reads as bool too
        same(x[wrap(m)], a[m])
    y, b = xp.asarray(a), a.copy()
    y[wrap(i)] = -1.0
    b[i] = -1.0
    same(y, b)


def test_foreign_index_scalars_and_errors():
    a = np.arange(6).reshape(2, 3)
    x = xp.asarray(a)
    same(x[np.int64(1)], a[np.int64(1)])
    same(x[np.asarray(1), np.asarray([0, 2])], a[1, [0, 2]])
    with pytest.raises(IndexError, match="^__getitem__: .*integer or boolean"):
        x[np.array([0.5])]
    with pytest.raises(IndexError, match="^__getitem__: .*out of bounds"):
        x[np.array([2])]
    with pytest.raises(IndexError, match="^__setitem__: .*out of bounds"):
        x[np.array([0, 2])] = 1
    with pytest.raises(IndexError, match="^__getitem__: .*does not match"):
        x[np.array([True, False, True])]


# ------------------------------------------------------------ format, arange
@pytest.mark.parametrize("value, dtype", [(1.5, "float64"), (0.1, "float32"), (3, "int64"), (200, "uint8"), (2.5 + 1j, "complex128")])
@pytest.mark.parametrize("spec", ["g", ".3f", "10.2e", ">8"])
def test_format_0d_like_the_python_scalar(value, dtype, spec):
    # SciPy formats results into messages this way (f"{x:g}")
    a = np.asarray(value, dtype=dtype)
    if spec in (".3f", "10.2e") and dtype.startswith(("int", "uint")):
        spec = "05d"
    assert format(xp.asarray(a), spec) == format(a.item(), spec)
    assert f"{xp.asarray(a):{spec}}" == f"{a.item():{spec}}"
    if spec == "g":
        assert format(xp.asarray(a), spec) == format(a[()], spec)  # NumPy's scalar agrees
    assert format(xp.asarray(a), "") == str(xp.asarray(a))


def test_format_nd_needs_an_empty_spec():
    a = np.array([1.0, 2.5])
    assert format(xp.asarray(a), "") == str(xp.asarray(a))
    with pytest.raises(TypeError, match="^__format__"):
        format(xp.asarray(a), "g")
    with pytest.raises(TypeError):
        format(a, "g")  # NumPy refuses too


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("args", [(27,), (1, 2, 0.25), (5, -3, -2)])
def test_arange_complex(dtype, args):
    same(xp.arange(*args, dtype=getattr(xp, dtype)), np.arange(*args, dtype=dtype))


def test_arange_bool_still_refused():
    with pytest.raises(TypeError, match="^arange"):
        xp.arange(3, dtype=xp.bool)


# ------------------------------------------- messages in the words consumers match
def test_messages_name_what_failed():
    import array_api_extra as xpx

    x = xp.asarray([2, 4])
    # array-api-extra's at() tests match r"cast|promote|dtype" when an update cannot keep
    # x's dtype (set, min and max of a float truncate it, as NumPy's x[k] = v does)
    for op in ("add", "subtract", "multiply", "divide", "power"):
        for idx in (slice(None), xp.asarray([True, False])):
            with pytest.raises(TypeError, match=r"cast|promote|dtype"):
                getattr(xpx.at(x, idx), op)(1.1, copy=True)
    same(x, np.array([2, 4]))
    with pytest.raises(TypeError, match="^__setitem__: .*dtype"):
        x[:] = xp.asarray([0.5j, 1.5j])
    with pytest.raises(TypeError, match="^__setitem__: .*cast"):
        x[0] = 1.5j
    with pytest.raises(TypeError, match="^scatter: .*cast"):
        xp.scatter(x, xp.asarray([0]), 1.5, axis=0)
    with pytest.raises(TypeError, match="^scatter: .*dtype"):
        xp.scatter(x, xp.asarray([0]), xp.asarray([1.5]), axis=0)
    with pytest.raises(TypeError, match="^add: .*promote"):
        x + xp.asarray([1, 2], dtype=xp.uint64)
    with pytest.raises(IndexError, match="^__getitem__: .*out of bounds"):
        x[xp.asarray([5])]
    with pytest.raises(IndexError, match="^__setitem__: .*out of bounds"):
        x[2] = 1
    with pytest.raises(IndexError, match="^take: .*out of bounds"):
        xp.take(x, xp.asarray([5]))
    # SciPy's tests match NumPy's "axis 10 is out of bounds for array" (stats' axis checks)
    with pytest.raises(ValueError, match="^moveaxis: axis 10 is out of bounds for array of dimension 1$"):
        xp.moveaxis(xp.asarray([1.0, 2.0]), 10, 0)
    with pytest.raises(IndexError, match="^sum: axis -3 is out of bounds for array of dimension 2$"):
        xp.sum(xp.ones((2, 2)), axis=-3)


# ------------------------------------------------ sums of strided arrays, as NumPy's
def test_sums_of_strided_arrays_add_in_numpys_order():
    # NumPy adds up a strided array (an integer-array indexing result, a transpose) in an
    # order that follows its layout, so each row's sum is the same whatever the other
    # rows: SciPy's bootstrap compares jackknife means computed in batches of any size.
    rng = np.random.default_rng(0)
    base = rng.random((10, 11, 12))
    i = np.arange(110).reshape(11, 10) % 11
    na = np.moveaxis(base, 1, -1)[..., i]  # strides (96, 8, 9600, 960): the index axes outermost
    x = xp.moveaxis(xp.asarray(base), 1, -1)[..., xp.asarray(i)]
    same(xp.sum(x, axis=-1), np.sum(na, axis=-1))
    same(xp.mean(x, axis=-1), np.mean(na, axis=-1))
    same(xp.mean(x[..., :1, :], axis=-1), xp.mean(x, axis=-1)[..., :1])
    same(xp.mean(x[..., 10:, :], axis=-1), xp.mean(x, axis=-1)[..., 10:])
    same(xp.prod(x, axis=(0, 3)), np.prod(na, axis=(0, 3)))
    t = xp.asarray(rng.random((7, 300))).mT
    same(xp.sum(t, axis=0), np.sum(np.asarray(t), axis=0))
    same(xp.sum(t, axis=(0, 1)), np.sum(np.asarray(t), axis=(0, 1)))
