"""xarray's ``DataArray`` wrapping nx arrays: xarray keeps any array with
``__array_namespace__`` as its data, and its arithmetic reaches nx through Python's
operator protocol. With an nx array on the left (``x + da``), nx's operator gives
``NotImplemented`` and Python runs the DataArray's reflected one, so the result is a
DataArray whose data is still an nx array, on the CPU and the Dask devices.
"""

from __future__ import annotations

import operator

import numpy as np
import pytest

import nx_array_api as xp

xr = pytest.importorskip("xarray")

OPS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.floordiv, operator.mod, operator.pow,
       operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]
INT_OPS = [operator.and_, operator.or_, operator.xor]
# (DataArray has no reflected shifts, __rlshift__ and __rrshift__: `x << da` is Python's
# TypeError whatever x is, a Python int included (NumPy arrays reach DataArray through
# __array_ufunc__ instead); `da << x` works)
SHIFTS = [operator.lshift, operator.rshift]
IN_PLACE = [operator.iadd, operator.isub, operator.imul, operator.itruediv, operator.ipow]


def _check(r, expected, device):
    assert isinstance(r, xr.DataArray) and r.dims == ("a", "b")
    assert isinstance(r.data, xp.Array) and r.data.device == xp.Device(device)
    np.testing.assert_array_equal(np.asarray(r.data), expected)


@pytest.mark.parametrize("device", ["cpu", "dask"])
def test_dataarray_of_nx_arrays_with_nx_operands(device):
    a, b = np.array([[1.0, 2.0], [3.0, 4.5]]), np.array([[2.0, 0.5], [1.0, 3.0]])
    x = xp.asarray(a, device=device)
    da = xr.DataArray(xp.asarray(b, device=device), dims=("a", "b"))
    assert isinstance(da.data, xp.Array)
    for op in OPS:
        _check(op(x, da), op(a, b), device)  # nx on the left: the DataArray's reflected operator
        _check(op(da, x), op(b, a), device)
        _check(op(da, 2.0), op(b, 2.0), device)
        _check(op(2.0, da), op(2.0, b), device)
    for op in IN_PLACE:
        z = x
        z = op(z, da)  # x op= da: the name becomes the DataArray; x is untouched
        _check(z, op(a.copy(), b), device)
        np.testing.assert_array_equal(np.asarray(x), a)
    ia, ib = np.array([[1, 6], [3, 4]]), np.array([[2, 1], [1, 3]])
    ix, ida = xp.asarray(ia, device=device), xr.DataArray(xp.asarray(ib, device=device), dims=("a", "b"))
    for op in INT_OPS:
        _check(op(ix, ida), op(ia, ib), device)
        _check(op(ida, ix), op(ib, ia), device)
    for op in SHIFTS:
        _check(op(ida, ix), op(ib, ia), device)
        with pytest.raises(TypeError, match="unsupported operand"):
            op(ix, ida)


def test_dataarray_reductions_and_alignment_keep_nx_arrays():
    da = xr.DataArray(xp.asarray([[1.0, 2.0], [3.0, 4.0]]), dims=("a", "b"), coords={"a": [10, 20]})
    s = da.sum("a")
    assert isinstance(s.data, xp.Array)
    np.testing.assert_array_equal(np.asarray(s.data), [4.0, 6.0])
    # broadcasting by dimension name: (a, b) with (b,) gives (a, b)
    row = xr.DataArray(xp.asarray([10.0, 20.0]), dims=("b",))
    r = da + row
    assert r.dims == ("a", "b") and isinstance(r.data, xp.Array)
    np.testing.assert_array_equal(np.asarray(r.data), [[11.0, 22.0], [13.0, 24.0]])
