"""Devices in the elementwise, manipulation, searching, indexing and Nx extra functions.

Results live on the device of their inputs (values as NumPy's), arrays of two devices
in one call are a ValueError naming both, and Python scalars combine with any device.
On ``no_float64`` the default floating dtype is float32.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_array_api import using_device
from nx_array_api._extras_nx import L, R, slice as nx_slice
from nx_core.device import Device

D1, D2 = Device("device1"), Device("device2")

f = np.array([[3.0, -1.5, 2.0], [0.5, 4.0, -2.0]])
i = np.array([[4, 1, 3], [2, 0, 5]], dtype=np.int64)
v = np.array([5, 1, 4, 1, 3], dtype=np.int64)


def on(a, device=D1):
    return xp.asarray(a, device=device)


def check(r, expected, device=D1):
    rs = r if isinstance(r, (tuple, list)) else (r,)
    es = expected if isinstance(expected, (tuple, list)) else (expected,)
    assert len(rs) == len(es)
    for a, e in zip(rs, es):
        assert a.device is device
        e = np.asarray(e)
        got = np.asarray(a)
        assert got.shape == e.shape and got.dtype == e.dtype, (got.shape, got.dtype, e.shape, e.dtype)
        np.testing.assert_array_equal(got, e)


# ------------------------------------------------------- (a) results on device1
SAME_DEVICE = {
    # elementwise
    "add": (lambda: xp.add(on(f), on(f)), lambda: f + f),
    "a + b": (lambda: on(f) + on(f[:1]), lambda: f + f[:1]),
    "a * scalar": (lambda: on(f) * 2, lambda: f * 2),
    "scalar - a": (lambda: 1.5 - on(f), lambda: 1.5 - f),
    "a > b": (lambda: on(f) > on(f.T.copy().T), lambda: f > f),
    "greater scalar": (lambda: xp.greater(0.0, on(f)), lambda: 0.0 > f),
    "promote": (lambda: on(f) + on(f.astype(np.float32)), lambda: f + f.astype(np.float32)),
    "sin": (lambda: xp.sin(on(f)), lambda: np.sin(f)),
    "abs complex": (lambda: xp.abs(on(f + 1j)), lambda: np.abs(f + 1j)),
    "real": (lambda: xp.real(on(f)), lambda: f),
    "imag": (lambda: xp.imag(on(f)), lambda: np.zeros_like(f)),
    "int / int": (lambda: on(i) / on(i + 1), lambda: i / (i + 1)),
    "clip": (lambda: xp.clip(on(f), on(f[0] - 2), 2.5), lambda: np.clip(f, f[0] - 2, 2.5)),
    # manipulation
    "concat": (lambda: xp.concat([on(f), on(f)], axis=1), lambda: np.concatenate([f, f], axis=1)),
    "concat None": (lambda: xp.concat([on(f), on(f[0])], axis=None), lambda: np.concatenate([f.ravel(), f[0]])),
    "stack": (lambda: xp.stack([on(f), on(f)], axis=-1), lambda: np.stack([f, f], axis=-1)),
    "reshape": (lambda: xp.reshape(on(f).mT, (3, 2)), lambda: f.T.reshape(3, 2)),
    "permute_dims": (lambda: xp.permute_dims(on(f), (1, 0)), lambda: f.T),
    "flip": (lambda: xp.flip(on(f), axis=0), lambda: np.flip(f, axis=0)),
    "roll": (lambda: xp.roll(on(f), 2), lambda: np.roll(f, 2)),
    "repeat array": (lambda: xp.repeat(on(v), on(v)), lambda: np.repeat(v, v)),
    "tile": (lambda: xp.tile(on(f), (2, 1)), lambda: np.tile(f, (2, 1))),
    "unstack": (lambda: xp.unstack(on(f)), lambda: tuple(f)),
    "broadcast_arrays": (lambda: xp.broadcast_arrays(on(f), on(f[0])), lambda: np.broadcast_arrays(f, f[0])),
    "squeeze": (lambda: xp.squeeze(on(f[:1]), 0), lambda: f[0]),
    # searching
    "argmax": (lambda: xp.argmax(on(f), axis=1), lambda: np.argmax(f, axis=1)),
    "count_nonzero": (lambda: xp.count_nonzero(on(i)), lambda: np.count_nonzero(i)),
    "nonzero": (lambda: xp.nonzero(on(i)), lambda: np.nonzero(i)),
    "where": (lambda: xp.where(on(f > 0), on(f), 0.0), lambda: np.where(f > 0, f, 0.0)),
    "where scalar first": (lambda: xp.where(on(f > 0), 1.0, on(f)), lambda: np.where(f > 0, 1.0, f)),
    "searchsorted": (lambda: xp.searchsorted(on(np.sort(v)), on(v)), lambda: np.searchsorted(np.sort(v), v)),
    "searchsorted sorter": (
        lambda: xp.searchsorted(on(v), 3, sorter=on(np.argsort(v))),
        lambda: np.searchsorted(v, 3, sorter=np.argsort(v)),
    ),
    # indexing functions
    "take": (lambda: xp.take(on(f), on(np.array([2, 0])), axis=1), lambda: np.take(f, [2, 0], axis=1)),
    "take_along_axis": (
        lambda: xp.take_along_axis(on(f), on(np.argsort(f, axis=1)), axis=1),
        lambda: np.take_along_axis(f, np.argsort(f, axis=1), axis=1),
    ),
    # Nx extras
    "split": (lambda: xp.split(on(f), 3, axis=1), lambda: np.split(f, 3, axis=1)),
    "vstack": (lambda: xp.vstack([on(f), on(f[0])]), lambda: np.vstack([f, f[0]])),
    "pad constant": (lambda: xp.pad(on(f), 1, 9.0), lambda: np.pad(f, 1, constant_values=9.0)),
    "pad reflect": (lambda: xp.pad(on(f), (1, 2), mode="reflect"), lambda: np.pad(f, (1, 2), mode="reflect")),
    "get": (lambda: xp.get(on(f), [1]), lambda: f[1]),
    "slice list": (lambda: nx_slice(on(f), [R(0, 2), L([2, -3])]), lambda: f[0:2][:, [2, 0]]),
    "slice array": (lambda: nx_slice(on(f), [L(on(np.array([1, -2])))]), lambda: f[[1, 0]]),
    # getitem
    "x[basic]": (lambda: on(f)[1, ::-1], lambda: f[1, ::-1]),
    "x[None, ...]": (lambda: on(f)[None, ..., 0], lambda: f[None, ..., 0]),
    "x[int array]": (lambda: on(f)[on(np.array([1, 0, 1]))], lambda: f[[1, 0, 1]]),
    "x[mask]": (lambda: on(f)[on(f > 0)], lambda: f[f > 0]),
    "x[list]": (lambda: on(f)[:, [2, 0]], lambda: f[:, [2, 0]]),
    "x[0-d bool]": (lambda: on(f)[True], lambda: f[True]),
    "x[arrays, slice]": (lambda: on(i)[on(np.array([1, 0])), 1:], lambda: i[[1, 0], 1:]),
}


@pytest.mark.parametrize("case", sorted(SAME_DEVICE))
def test_results_live_on_the_input_device(case):
    fn, expected = SAME_DEVICE[case]
    check(fn(), expected())


def test_item_reads_from_the_input_device():
    assert xp.item(on(f), [1, 2]) == -2.0


@pytest.mark.parametrize(
    "key, value",
    [
        ((0, slice(None)), 7.0),
        ((slice(None), 1), np.array([8.0, 9.0])),
        ((np.array([1, 0]),), np.array([1.0, 2.0, 3.0])),
        ((f > 0,), 0.0),
    ],
)
def test_setitem_on_device1(key, value):
    x = on(f.copy())
    nkey = tuple(on(k) if isinstance(k, np.ndarray) else k for k in key)
    x[nkey] = on(value) if isinstance(value, np.ndarray) else value
    e = f.copy()
    e[key] = value
    check(x, e)


def test_inplace_operators_on_device1():
    x = on(f.copy())
    x += on(f)
    x *= 2.0
    x -= on(f[0])
    check(x, (f + f) * 2.0 - f[0])


def test_constants_follow_the_input_not_the_default_device():
    with using_device(D2):
        check(nx_slice(on(f), [L([1, 0])]), f[[1, 0]])
        check(on(f)[[1, 0]], f[[1, 0]])
        check(xp.pad(on(f), 1, mode="wrap"), np.pad(f, 1, mode="wrap"))
        check(xp.where(on(f > 0), 1.0, 2.0 * on(f)), np.where(f > 0, 1.0, 2.0 * f))


# ------------------------------------------- (b) two devices in one call
def a1(a=f):
    return on(a, D1)


def a2(a=f):
    return on(a, D2)


def _setitem_array():
    x = a1()
    x[0] = a2(f[1])


def _setitem_index_array():
    x = a1()
    x[a2(np.array([1, 0]))] = 0.0


def _iadd():
    x = a1()
    x += a2()


MIXED = {
    "add": lambda: xp.add(a1(), a2()),
    "a + b": lambda: a1() + a2(),
    "a * b broadcast": lambda: a1() * a2(f[0]),
    "a < b": lambda: a1() < a2(),
    "a > b": lambda: a1() > a2(),
    "promote": lambda: a1() + a2(f.astype(np.float32)),
    "a += b": _iadd,
    "divide int": lambda: a1(i) / a2(i),
    "clip": lambda: xp.clip(a1(), a2(f[0])),
    "where condition": lambda: xp.where(a2(f > 0), a1(), 0.0),
    "where x1 x2": lambda: xp.where(a1(f > 0), a1(), a2()),
    "concat": lambda: xp.concat([a1(), a2()]),
    "concat None": lambda: xp.concat([a1(), a2()], axis=None),
    "stack": lambda: xp.stack([a1(), a2()]),
    "broadcast_arrays": lambda: xp.broadcast_arrays(a1(), a2()),
    "repeat": lambda: xp.repeat(a1(v), a2(v)),
    "take": lambda: xp.take(a1(v), a2(np.array([0, 1]))),
    "take_along_axis": lambda: xp.take_along_axis(a1(), a2(np.argsort(f, axis=1)), axis=1),
    "searchsorted": lambda: xp.searchsorted(a1(v), a2(v)),
    "searchsorted sorter": lambda: xp.searchsorted(a1(v), 3, sorter=a2(np.argsort(v))),
    "vstack": lambda: xp.vstack([a1(), a2()]),
    "slice L array": lambda: nx_slice(a1(), [L(a2(np.array([1, 0])))]),
    "x[int array]": lambda: a1()[a2(np.array([1, 0]))],
    "x[mask]": lambda: a1()[a2(f > 0)],
    "x[array, slice]": lambda: a1()[a2(np.array([1, 0])), 1:],
    "setitem array value": _setitem_array,
    "setitem index array": _setitem_index_array,
}


@pytest.mark.parametrize("case", sorted(MIXED))
def test_two_devices_in_one_call_raise(case):
    with pytest.raises(ValueError, match=r"(?s)'device1'.*'device2'|'device2'.*'device1'"):
        MIXED[case]()


def test_python_scalars_combine_with_any_device():
    check(2 * a2(), 2 * f, D2)
    check(xp.maximum(a2(), 0.0), np.maximum(f, 0.0), D2)
    check(xp.where(a2(f > 0), 1.0, -1.0 * a2()), np.where(f > 0, 1.0, -1.0 * f), D2)


# --------------------------------------------- (c) no_float64: float32 defaults
NF = Device("no_float64")


def test_float32_with_python_scalars_stays_float32_on_no_float64():
    x = on(f.astype(np.float32), NF)
    check(x + 1.5, f.astype(np.float32) + np.float32(1.5), NF)
    check(x * 2, f.astype(np.float32) * np.float32(2), NF)
    check(1 - x, np.float32(1) - f.astype(np.float32), NF)
    check(xp.where(x > 0, x, 0.5), np.where(f > 0, f, 0.5).astype(np.float32), NF)
    check(xp.pad(x, 1, 0.25), np.pad(f.astype(np.float32), 1, constant_values=0.25), NF)


def test_integer_true_division_gives_float32_on_no_float64():
    x, y = on(i, NF), on(i + 1, NF)
    assert (x / y).dtype == xp.float32
    check(x / y, (i / (i + 1)).astype(np.float32), NF)
    check(x / 2.0, (i / 2.0).astype(np.float32), NF)
    check(3 / y, (3 / (i + 1)).astype(np.float32), NF)
    assert (on(i) / on(i + 1)).dtype == xp.float64  # the cpu keeps float64
