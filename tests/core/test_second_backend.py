"""A second registered backend computes nx arrays through the namespace.

tests/conftest.py registers the backend kind ``counting`` (NumPy's kernels, counting
the primitives it runs) and its device ``counting0``, as a third-party engine would.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
from nx_core.backend import available_backends, backend_of_kind, get_backend
from nx_core.device import Device


@pytest.fixture
def dev():
    d = Device("counting0")
    d.backend.calls.clear()
    return d


def test_registered_kind_and_device(dev):
    assert "counting" in available_backends()
    assert dev in xp.__array_namespace_info__().devices()
    assert dev.backend is get_backend("counting0") is backend_of_kind("counting")
    assert type(dev.backend).__name__ == "CountingBackend" and dev.backend.device is dev


def test_namespace_computes_on_the_second_backend(dev):
    calls = dev.backend.calls
    x = xp.reshape(xp.arange(12.0, device=dev), (3, 4))
    y = xp.sum(x * 2.0 + 1.0, axis=0)
    z = xp.linalg.matmul(x, xp.ones((4, 2), device=dev))
    s = xp.sort(-x, axis=1)
    for a in (x, y, z, s):
        assert a.device is dev
    ref = np.arange(12.0).reshape(3, 4)
    np.testing.assert_array_equal(np.asarray(y), (ref * 2 + 1).sum(axis=0))
    np.testing.assert_array_equal(np.asarray(z), ref @ np.ones((4, 2)))
    np.testing.assert_array_equal(np.asarray(s), np.sort(-ref, axis=1))
    assert calls["mul"] and calls["add"] and calls["reduce_sum"] and calls["matmul"] and calls["sort"]


def test_default_device_is_untouched(dev):
    x = xp.arange(5)
    assert x.device == xp.__array_namespace_info__().default_device()
    assert sum(dev.backend.calls.values()) == 0


def test_mixing_with_the_default_device_fails(dev):
    a = xp.ones(3, device=dev)
    b = xp.ones(3)
    with pytest.raises(ValueError, match=r"counting0.*cpu|cpu.*counting0"):
        a + b
    c = xp.asarray(a, device="cpu")
    np.testing.assert_array_equal(np.asarray(xp.add(c, b)), np.full(3, 2.0))
    assert c.to_device(dev).device is dev


def test_a_device_makes_its_backend_on_first_use():
    """A registered device holds no backend until one is asked for (its engine loads
    then); from that moment it is a plain Device, whose attribute reads are fast."""
    from nx_core.device import register_device

    d = register_device("counting_lazy", backend="counting")
    assert isinstance(d, Device) and Device("counting_lazy") is d
    with pytest.raises(AttributeError):
        object.__getattribute__(d, "backend")  # not made yet
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        d.nonsense
    x = xp.arange(4.0, device=d)  # a Device object before its backend exists is accepted
    assert x.device is d and type(d) is Device
    assert "__getattr__" not in vars(Device)  # (a class with one has no specialised attribute reads)
    assert d.backend is x.backend and d.backend.device is d
    np.testing.assert_array_equal(np.asarray(xp.asarray([1.0, 2.0], device="counting_lazy") + x[:2]), [1.0, 3.0])
    assert repr(d) == "Device('counting_lazy')"


def test_take_is_one_primitive_whose_bounds_are_the_backends(dev):
    """take hands its indices to the backend's take as they are (its contract checks the
    bounds, NumPy's take does), so the common call runs that one primitive: no
    reductions of the indices first; out-of-range indices, signed or unsigned (2**64 - 1
    would wrap to -1 in NumPy), are the IndexError naming take and the index."""
    calls = dev.backend.calls
    x = xp.reshape(xp.arange(12.0, device=dev), (3, 4))
    i = xp.asarray([3, 0, -1], device=dev)
    calls.clear()
    r = xp.take(x, i, axis=1)
    assert dict(calls) == {"take": 1}
    np.testing.assert_array_equal(np.asarray(r), np.take(np.arange(12.0).reshape(3, 4), [3, 0, -1], axis=1))
    for bad, named in (([4], 4), ([-5, 2], -5), (np.array([2**64 - 1], np.uint64), 2**64 - 1), (np.array([1, 7], np.uint8), 7)):
        with pytest.raises(IndexError, match=rf"^take: index {named} is out of bounds for axis 1 with size 4$"):
            xp.take(x, xp.asarray(bad, device=dev), axis=1)
