"""Strict mode, side by side with array-api-strict: every non-portable use in the table is
refused by array-api-strict and by nx in strict mode, with the same exception type, and
accepted by nx in its default (drop-in) mode, where it computes what NumPy computes.

docs/strict-mode.md lists the same table.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx

from refusals import refusal

strict = pytest.importorskip("array_api_strict")


def _set(a, key, v):
    a[key] = v
    return a


def _iadd(a, v):
    a += v
    return a


#: (name, use, NumPy's result of the same use or None where it has none to compare).
#: ``use(ns)`` runs the use on the namespace ``ns``.
USES = [
    # promotion between kinds
    ("int array @ float array", lambda ns: ns.asarray([[1, 2]]) @ ns.asarray([[1.0], [2.0]]), np.asarray([[5.0]])),
    ("int array + float array", lambda ns: ns.asarray([1, 2]) + ns.asarray([0.5, 0.5]), np.asarray([1.5, 2.5])),
    ("bool array + int array", lambda ns: ns.asarray([True, False]) + ns.asarray([1, 1]), np.asarray([2, 1])),
    ("int8 array < float32 array", lambda ns: ns.asarray([1], dtype=ns.int8) < ns.asarray([1.5], dtype=ns.float32), np.asarray([True])),
    ("where with int and float arrays", lambda ns: ns.where(ns.asarray([True, False]), ns.asarray([1, 2]), ns.asarray([0.5, 0.5])), np.asarray([1.0, 0.5])),
    ("concat of int and float arrays", lambda ns: ns.concat([ns.asarray([1]), ns.asarray([0.5])]), np.asarray([1.0, 0.5])),
    ("stack of int and float arrays", lambda ns: ns.stack([ns.asarray([1]), ns.asarray([0.5])]), np.asarray([[1.0], [0.5]])),
    ("maximum of int and float arrays", lambda ns: ns.maximum(ns.asarray([1, 2]), ns.asarray([1.5, 1.5])), np.asarray([1.5, 2.0])),
    ("result_type(int64, float64)", lambda ns: ns.result_type(ns.int64, ns.float64), None),
    ("float array[...] = int array", lambda ns: _set(ns.zeros(2), 0, ns.asarray(5)), np.asarray([5.0, 0.0])),
    ("float array += int array", lambda ns: _iadd(ns.zeros(2), ns.asarray([1, 2])), np.asarray([1.0, 2.0])),
    ("int array[...] = float array", lambda ns: _set(ns.zeros(2, dtype=ns.int64), 0, ns.asarray(-2.5)), np.asarray([-2, 0])),
    ("int array[...] = 1.5", lambda ns: _set(ns.zeros(2, dtype=ns.int64), 1, 1.5), np.asarray([0, 1])),
    # Python scalars of another kind
    ("int array * 0.5", lambda ns: ns.asarray([1, 2]) * 0.5, np.asarray([0.5, 1.0])),
    ("int array < 1.5", lambda ns: ns.asarray([1, 2]) < 1.5, np.asarray([True, False])),
    ("int array + 1j", lambda ns: ns.asarray([1, 2]) + 1j, np.asarray([1 + 1j, 2 + 1j])),
    ("2.0 ** int array", lambda ns: 2.0 ** ns.asarray([1, 2]), np.asarray([2.0, 4.0])),
    ("where(c, int array, 0.5)", lambda ns: ns.where(ns.asarray([True, False]), ns.asarray([1, 2]), 0.5), np.asarray([1.0, 0.5])),
    ("int array / int array", lambda ns: ns.asarray([1, 3]) / ns.asarray([2, 2]), np.asarray([0.5, 1.5])),
    ("2 + bool array", lambda ns: 2 + ns.asarray([True, False]), np.asarray([3, 2])),
    ("bool array * 0.5", lambda ns: ns.asarray([True, False]) * 0.5, np.asarray([0.5, 0.0])),
    ("bool array / 2", lambda ns: ns.asarray([True, False]) / 2, np.asarray([0.5, 0.0])),
    ("full_like(x, 0-d array)", lambda ns: ns.full_like(ns.ones(2), ns.asarray(5.0)), np.asarray([5.0, 5.0])),
    ("where(c) with one argument", lambda ns: ns.where(ns.asarray([True, False, True]))[0], np.asarray([0, 2])),
    # NumPy scalars where the standard takes Python scalars
    ("float array + np.float64", lambda ns: ns.asarray([1.0, 2.0]) + np.float64(1), np.asarray([2.0, 3.0])),
    ("add(float array, np.float64)", lambda ns: ns.add(ns.asarray([1.0]), np.float64(1)), np.asarray([2.0])),
    ("int array + np.int64", lambda ns: ns.asarray([1, 2]) + np.int64(1), np.asarray([2, 3])),
    ("where(c, np.float64, float array)", lambda ns: ns.where(ns.asarray([True]), np.float64(1), ns.asarray([0.5])), np.asarray([1.0])),
    ("clip with a np.float64 bound", lambda ns: ns.clip(ns.asarray([1.0, 2.0]), np.float64(0), 1.5), np.asarray([1.0, 1.5])),
    # the logical functions on numbers
    ("logical_or of float arrays", lambda ns: ns.logical_or(ns.asarray([0.0, 1.0]), ns.asarray([0.0, 0.0])), np.asarray([False, True])),
    ("logical_not of an int array", lambda ns: ns.logical_not(ns.asarray([0, 2])), np.asarray([True, False])),
    ("isin on float arrays", lambda ns: ns.isin(ns.asarray([1.0, 2.0]), ns.asarray([1.0])), np.asarray([True, False])),
    # indexing
    ("x[np integer array]", lambda ns: ns.asarray([1.0, 2.0, 3.0])[np.asarray([0, 2])], np.asarray([1.0, 3.0])),
    ("x[np boolean array]", lambda ns: ns.asarray([1.0, 2.0, 3.0])[np.asarray([True, False, True])], np.asarray([1.0, 3.0])),
    ("x[list]", lambda ns: ns.asarray([1.0, 2.0, 3.0])[[0, 1]], np.asarray([1.0, 2.0])),
    ("x[True]", lambda ns: ns.asarray([1.0, 2.0])[True], np.asarray([[1.0, 2.0]])),
    ("x[0] on a 2-D x (implicit trailing axes)", lambda ns: ns.reshape(ns.arange(6), (2, 3))[0], np.asarray([0, 1, 2])),
    ("x[int array] on a 2-D x", lambda ns: ns.reshape(ns.arange(6), (2, 3))[ns.asarray([1])], np.asarray([[3, 4, 5]])),
    ("x[int array, 1:]", lambda ns: ns.reshape(ns.arange(6), (2, 3))[ns.asarray([0, 1]), 1:], np.asarray([[1, 2], [4, 5]])),
    ("x[int array, ...]", lambda ns: ns.reshape(ns.arange(6), (2, 3))[ns.asarray([1]), ...], np.asarray([[3, 4, 5]])),
    ("x[0, mask]", lambda ns: ns.reshape(ns.arange(6), (2, 3))[0, ns.asarray([True, False, True])], np.asarray([0, 2])),
    ("x[0:10] past the end", lambda ns: ns.asarray([1.0, 2.0])[0:10], np.asarray([1.0, 2.0])),
    ("x[-10:] before the start", lambda ns: ns.asarray([1.0, 2.0])[-10:], np.asarray([1.0, 2.0])),
    ("x[int array] = v", lambda ns: _set(ns.zeros(3), ns.asarray([0, 2]), 1.0), np.asarray([1.0, 0.0, 1.0])),
    ("x[np integer array] = v", lambda ns: _set(ns.zeros(3), np.asarray([0]), 1.0), np.asarray([1.0, 0.0, 0.0])),
    ("x[[0]] = v", lambda ns: _set(ns.zeros(2), [0], 1.0), np.asarray([1.0, 0.0])),
    # conversions and Python protocols
    ("bool(x) of a 1-element 1-D x", lambda ns: bool(ns.asarray([1.0])), None),
    ("float(x) of a 1-element 1-D x", lambda ns: float(ns.asarray([1.5])), None),
    ("len(x)", lambda ns: len(ns.asarray([1.0, 2.0])), None),
    ("format(x, '.2f') of a 0-d x", lambda ns: format(ns.asarray(1.5), ".2f"), None),
    ("asarray of a list of arrays", lambda ns: ns.asarray([ns.asarray(1.0), ns.asarray(2.0)]), np.asarray([1.0, 2.0])),
    ("sum(x, axis=[0])", lambda ns: ns.sum(ns.ones((2, 2)), axis=[0]), np.asarray([2.0, 2.0])),
    ("int array[...] = float array", lambda ns: _set(ns.zeros(2, dtype=ns.int64), slice(None), ns.asarray([0.5, 1.5])), np.asarray([0, 1])),
]
IDS = [u[0] for u in USES]


def test_both_namespaces_refuse_negative_integer_powers():
    """NumPy, array-api-strict and both of nx's namespaces: integers to negative integer
    powers are a ValueError (a silent 0 would be a wrong answer)."""
    for ns in (xp, sx, strict):
        with pytest.raises(ValueError, match="negative integer powers"):
            ns.asarray([2, 1]) ** -1
        with pytest.raises(ValueError, match="negative integer powers"):
            ns.pow(ns.asarray([2, 1]), ns.asarray([1, -1]))
    assert float(xp.asarray(2.0) ** -1) == 0.5


def test_numpy_reads_the_dtypes_of_both_namespaces():
    """One difference from array-api-strict, by design: the dtypes are nx_core's, shared
    by both namespaces, and NumPy reads them (array-api-strict's are a class of its own
    that NumPy does not know), so the drop-in namespace's NumPy interoperation holds
    (docs/strict-mode.md)."""
    assert np.dtype(sx.float64) == np.float64
    assert np.ones(2).astype(sx.float32).dtype == np.float32


@pytest.mark.parametrize("name,use,expected", USES, ids=IDS)
def test_array_api_strict_refuses(name, use, expected):
    assert refusal(lambda: use(strict)) is not None, f"array-api-strict now accepts {name}; drop it from the table"


@pytest.mark.parametrize("name,use,expected", USES, ids=IDS)
def test_strict_mode_refuses_like_array_api_strict(name, use, expected):
    theirs = refusal(lambda: use(strict))
    ours = refusal(lambda: use(sx))
    assert ours is not None, f"nx's strict mode accepts {name}"
    assert issubclass(ours, theirs) or (theirs in (KeyError, AttributeError) and ours is TypeError), (ours, theirs)


@pytest.mark.parametrize("name,use,expected", USES, ids=IDS)
def test_default_mode_accepts(name, use, expected):
    r = use(xp)
    if expected is not None:
        got = np.asarray(r)
        assert got.dtype == expected.dtype and got.shape == expected.shape, (got, expected)
        np.testing.assert_array_equal(got, expected)


def test_strict_and_drop_in_namespaces_side_by_side():
    """Each array belongs to the namespace that made it: the strict namespace's refuse
    what array-api-strict refuses, the drop-in's arrays go on accepting it, in one
    process, and the two never mix."""
    s, x = sx.asarray([1, 2]), xp.asarray([1, 2])
    with pytest.raises(TypeError, match="strict mode"):
        s * 0.5
    np.testing.assert_array_equal(np.asarray(x * 0.5), [0.5, 1.0])
    assert s.__array_namespace__() is sx and x.__array_namespace__() is xp
    assert isinstance(s, sx.Array) and not isinstance(x, sx.Array)
    with pytest.raises(ValueError, match="different devices"):
        s + x
    np.testing.assert_array_equal(np.asarray(sx.asarray(x) + s), [2, 4])  # asarray moves it


def test_strict_mode_keeps_the_standard():
    """The standard's own uses still work in strict mode, with the same values."""
    x = sx.reshape(sx.arange(12.0), (3, 4))
    np.testing.assert_array_equal(np.asarray(x[1, ...]), np.arange(4.0, 8.0))
    np.testing.assert_array_equal(np.asarray(x[sx.asarray([0, 2]), sx.asarray([1, 3])]), [1.0, 11.0])
    np.testing.assert_array_equal(np.asarray(x[x > 9.0]), [10.0, 11.0])
    np.testing.assert_array_equal(np.asarray(x[0:3, 1:2]), [[1.0], [5.0], [9.0]])
    np.testing.assert_array_equal(np.asarray(sx.asarray([1, 2]) + 1), [2, 3])
    np.testing.assert_array_equal(np.asarray(sx.asarray([1.0, 2.0]) * 2), [2.0, 4.0])
    assert float(sx.sum(x)) == 66.0 and bool(sx.asarray(True)) and len(str(x)) > 0
    assert sx.result_type(sx.int8, sx.int16) == sx.int16
    assert not sx.can_cast(sx.int64, sx.float64)


# ---------------------------------------------------------------- writes through views
# (the stale-read rules in full: tests/integration/test_strict_stale.py)
STALE = "reading elements of an array that the write at .*test_strict_mode.py:[0-9]+ changed"


def test_strict_mode_flags_the_stale_read_not_the_write():
    x = sx.zeros(6)
    v = x[1:3]
    one = x[1]
    v[0] = 1.0  # allowed: x's element 1 is stale, and so is one
    with pytest.raises(ValueError, match=f"__getitem__: {STALE}"):
        x[1]
    with pytest.raises(ValueError, match=f"__float__: {STALE}"):
        float(one)
    with pytest.raises(ValueError, match=f"add: {STALE}"):
        x + 1.0
    assert float(x[0]) == 0.0 and float(x[2]) == 0.0  # its other elements read as they are
    v += 1.0
    np.testing.assert_array_equal(np.asarray(v), [2.0, 1.0])
    x[...] = 5.0  # x written itself: fresh again, and v stale in turn
    np.testing.assert_array_equal(np.asarray(x), np.full(6, 5.0))
    with pytest.raises(ValueError, match=f"__array__: {STALE}"):
        np.asarray(v)


@pytest.mark.parametrize(
    "make_view",
    [
        lambda x: x.mT,
        lambda x: xp.reshape(x, (6,)),
        lambda x: xp.permute_dims(x, (1, 0)),
        lambda x: x[0, ...],
        lambda x: xp.expand_dims(x, axis=0),
        lambda x: xp.squeeze(xp.expand_dims(x, axis=0), axis=0),
    ],
    ids=["mT", "reshape", "permute_dims", "row", "expand_dims", "squeeze"],
)
def test_strict_mode_sees_every_view(make_view):
    x = sx.ones((2, 3))
    v = make_view(x)
    x[0, 0] = 5.0
    with pytest.raises(ValueError, match=STALE):
        sx.sum(v)
    v = make_view(x)  # made after the write: fresh
    assert float(sx.sum(v)) == float(sx.sum(make_view(sx.asarray(np.asarray(x)))))


def test_strict_mode_writes_into_memory_numpy_shares():
    """A NumPy array sharing the memory is NumPy's: it sees the write, as in NumPy."""
    a = np.zeros(3)
    x = sx.asarray(a)  # shares a's memory
    x[0] = 1.0
    assert a[0] == 1.0 and float(x[0]) == 1.0


def test_strict_mode_lets_a_write_read_its_own_source():
    """x[1:] = x[:-1]: the value is an operand of the write, not a bystander."""
    x = sx.arange(4.0)
    x[1:4] = x[0:3]
    np.testing.assert_array_equal(np.asarray(x), [0.0, 0.0, 1.0, 2.0])


def test_strict_mode_allows_augmented_assignment_to_an_item():
    """a[k] += v runs as tmp = a[k]; tmp += v; a[k] = tmp: a view or a copy, a ends the
    same, so the idiom is portable; a named view written in place leaves a stale."""
    a = sx.reshape(sx.arange(6.0), (2, 3))
    a[1, 1] += 10.0
    a[0, ...] *= 2.0
    a[:, 2] -= sx.asarray([1.0, 1.0])
    np.testing.assert_array_equal(np.asarray(a), [[0.0, 2.0, 3.0], [3.0, 14.0, 4.0]])
    row = a[0, ...]
    row *= 2.0
    with pytest.raises(ValueError, match=f"__getitem__: {STALE}"):
        a[0, 1]
    np.testing.assert_array_equal(np.asarray(a[1, ...]), [3.0, 14.0, 4.0])
    x = sx.asarray([1.0, 2.0])
    x += 1.0  # nothing shares x
    np.testing.assert_array_equal(np.asarray(x), [2.0, 3.0])


def test_strict_mode_reads_numpy_scalars_where_array_api_strict_does():
    a = sx.zeros(2)
    a[0] = np.float64(2.5)
    assert float(a[0]) == 2.5
    np.testing.assert_array_equal(np.asarray(sx.arange(np.int64(3))), [0, 1, 2])
    assert refusal(lambda: strict.arange(np.int64(3))) is None


def test_default_mode_writes_through_views_as_numpy_does():
    x = xp.zeros(4)
    v = x[1:3]
    v[0] = 7.0
    x += 1.0
    np.testing.assert_array_equal(np.asarray(x), [1.0, 8.0, 1.0, 1.0])
    np.testing.assert_array_equal(np.asarray(v), [8.0, 1.0])


def test_numpy_on_the_left_is_numpy_s_operation_as_with_array_api_strict():
    """``np.float64(1) + x``, ``np_a == x``: NumPy computes them from x's memory for the
    strict namespace's arrays, as for array-api-strict's (NumPy scalars and arrays do not
    defer to either), and refuses the export on a virtual device; the drop-in's arrays
    take such operations over and give nx arrays for NumPy scalars (and refuse NumPy
    arrays). (SciPy's tests compare NumPy scalars with 0-d arrays so: ``a[i, j] == c[i, j]``.)"""
    scalars = [lambda x: np.float64(1.5) + x, lambda x: np.float32(2.0) * x, lambda x: np.int64(1) == x, lambda x: np.float64(2.0) == x[0]]
    arrays = [lambda x: np.asarray([2.0, 1.0]) < x, lambda x: np.asarray([2.0, 1.0]) - x]
    for use in scalars + arrays:
        theirs, ours = use(strict.asarray([1.5, 2.0])), use(sx.asarray([1.5, 2.0]))
        assert type(ours) is type(theirs) and type(ours).__module__ == "numpy", (type(ours), type(theirs))
        np.testing.assert_array_equal(ours, theirs)
        if use in scalars:
            dropin = use(xp.asarray([1.5, 2.0]))
            assert isinstance(dropin, xp.Array)
            np.testing.assert_array_equal(np.asarray(dropin), theirs)
        else:
            with pytest.raises(TypeError, match="convert it with xp.asarray"):
                use(xp.asarray([1.5, 2.0]))
    with pytest.raises(RuntimeError, match="virtual device 'device1'"):
        np.float64(1.0) + sx.ones(2, device=sx.Device("device1"))
    with pytest.raises(RuntimeError, match="device1"):
        np.float64(1.0) + strict.ones(2, device=strict.Device("device1"))


@pytest.mark.skipif(sys.version_info < (3, 12), reason="a Python class's buffer protocol (PEP 688) is Python 3.12's")
def test_numpy_reads_strict_arrays_through_the_buffer_protocol_as_array_api_strict_s():
    """On Python 3.12 and later array-api-strict's arrays give NumPy their memory through
    ``__buffer__`` alone and refuse ``__array__`` (TypeError, "not supported"); so do the
    strict namespace's: ``np.asarray(x)`` and ``memoryview(x)`` share x's memory, in each
    layout and dtype, and ``x.__array__()`` is refused. A stale array's read through
    NumPy is still the stale read's ValueError (NumPy drops the buffer's error and tries
    ``__array__``). The drop-in's arrays keep ``__array__``."""
    import array_api_strict as aas

    for ns in (sx, aas):
        x = ns.reshape(ns.arange(6.0), (2, 3))
        n = np.asarray(x)
        n[0, 0] = 7.0
        assert float(x[0, 0]) == 7.0  # a view of x's memory
        with pytest.raises(TypeError, match="not supported"):
            x.__array__()
    base = np.arange(12.0).reshape(3, 4)
    x = sx.asarray(base)
    for view, want in ((x.T, base.T), (sx.flip(x, axis=1), base[:, ::-1]), (x[::2, 1:], base[::2, 1:]),
                       (sx.broadcast_to(x[0, ...], (2, 4)), np.broadcast_to(base[0], (2, 4))), (x[1, 2], base[1, 2])):
        np.testing.assert_array_equal(np.asarray(view), want)
    for dt in ("bool", "int8", "uint64", "float32", "complex64", "complex128"):
        a = np.asarray(sx.ones(3, dtype=getattr(sx, dt)))
        assert a.dtype == np.dtype(dt) and a.tolist() == np.ones(3, dtype=dt).tolist()
    assert memoryview(x).shape == (3, 4) and memoryview(x).format == "d"
    assert xp.asarray([1.0]).__array__().tolist() == [1.0]
    v = x[1:2, ...]
    v[0, ...] = 0.0  # x's row 1 changed through v
    with pytest.raises(ValueError, match=f"__array__: {STALE}"):
        np.asarray(x)
    with pytest.raises(ValueError, match=f"__buffer__: {STALE}"):
        memoryview(x)


# ---------------------------------------------------------------- virtual devices
@pytest.mark.parametrize("name", ["device1", "device2", "no_float64", "no_x64"])
def test_virtual_devices_export_to_the_host_only_when_asked(name):
    """An array on a virtual device: NumPy conversion is refused (RuntimeError, as
    array-api-strict's); a DLPack export is a transfer, made as a copy to a consumer that
    asks for the CPU (np.from_dlpack(x, device="cpu"), as scikit-learn's move_to does)
    and refused with BufferError otherwise, which consumers catch to move the array
    themselves; nx's own from_dlpack onto the array's device moves nothing."""
    x = sx.asarray([1.0, 2.0], dtype=sx.float32, device=sx.Device(name))
    with pytest.raises(RuntimeError, match=f"__array__: the array is on the virtual device '{name}'"):
        np.asarray(x)
    with pytest.raises(BufferError, match=f"__dlpack__: the array is on the virtual device '{name}'.*device='cpu'"):
        np.from_dlpack(x)
    with pytest.raises(BufferError, match="needs a copy, but copy=False"):
        np.from_dlpack(x, device="cpu", copy=False)
    host = np.from_dlpack(x, device="cpu")
    np.testing.assert_array_equal(host, np.asarray([1.0, 2.0], dtype=np.float32))
    host[0] = 9.0  # a copy: x is untouched
    np.testing.assert_array_equal(np.asarray(x.to_device(sx.Device("CPU_DEVICE"))), [1.0, 2.0])
    same = sx.from_dlpack(x)
    assert same.device == x.device
    np.testing.assert_array_equal(np.asarray(sx.from_dlpack(x, device=sx.Device("CPU_DEVICE"))), [1.0, 2.0])
    with sx.ArrayAPIStrictFlags(api_version="2022.12"):
        with pytest.raises(ValueError, match="2023.12"):
            x.__dlpack__(dl_device=(1, 0))
    # array-api-strict's own arrays: np.asarray refused, DLPack exported (without asking)
    y = strict.asarray([1.0, 2.0], device=strict.Device(name))
    with pytest.raises(RuntimeError):
        np.asarray(y)
    np.testing.assert_array_equal(np.from_dlpack(y, device="cpu"), [1.0, 2.0])


def test_cpu_device_exports_without_asking():
    x = sx.asarray([1.0, 2.0])
    np.testing.assert_array_equal(np.from_dlpack(x), [1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0])


def test_strict_writes_from_threads_into_one_array():
    """Threads filling disjoint slices of one array (scikit-learn's pairwise kernels with
    n_jobs=2 do): the write check of one thread does not see the views another thread's
    write holds while it writes."""
    import sys
    import threading

    out = sx.empty((8, 64)).T  # a view of an array nothing else holds
    errors: list[BaseException] = []

    def fill(i: int) -> None:
        try:
            for _ in range(300):
                out[:, 2 * i : 2 * i + 2] = sx.full((64, 2), float(i))
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=fill, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors[0]
    np.testing.assert_array_equal(np.asarray(out), np.repeat(np.arange(4.0), 2)[None, :] * np.ones((64, 1)))
    v = out[:, 0:2]  # a view that stays alive is still seen
    out[:, 2:4] = sx.zeros((64, 2))  # not v's elements: v stays fresh
    np.testing.assert_array_equal(np.asarray(v), np.zeros((64, 2)))
    out[:, 1:3] = sx.ones((64, 2))
    with pytest.raises(ValueError, match="__array__: reading elements of an array"):
        np.asarray(v)


def test_strict_messages_have_the_terms_consumers_match():
    """nx's messages (function name first, what failed) with the standard's and
    array-api-strict's key terms, which consumers' test suites match: array-api-extra's
    matches "cast|promote|dtype" for a refused promotion and "data-dependent shapes" for
    the flag."""
    with pytest.raises(TypeError, match=r"^add: a Python float cannot be promoted with an int64 array \(strict mode"):
        sx.asarray([1, 2]) + 0.5
    with sx.ArrayAPIStrictFlags(data_dependent_shapes=False):
        with pytest.raises(RuntimeError, match=r"^unique_values: .*data_dependent_shapes flag is off \(no data-dependent shapes\)"):
            sx.unique_values(sx.asarray([1, 2]))
