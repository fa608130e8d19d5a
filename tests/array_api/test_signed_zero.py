"""Signed zeros and NaN payloads survive every fill.

``-0.0 == 0.0`` and ``nan != nan``: a fast path that tests a fill value with ``==`` and
substitutes another value (``np.zeros`` for ``value == 0``) loses the sign of zero. These
tests pin ``-0.0`` and ``complex(-0.0, -0.0)`` through every function that takes a fill
value, and through ``asarray`` of Python scalars, with NumPy as the oracle.
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

import nx_array_api as xp

REAL = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
NEG_ZERO = -0.0
NEG_CZERO = complex(-0.0, -0.0)


def _signs(a) -> np.ndarray:
    """The sign bits of a real array, or of both parts of a complex one, stacked."""
    h = np.asarray(a)
    if h.dtype.kind == "c":
        return np.stack([np.signbit(h.real), np.signbit(h.imag)])
    return np.signbit(h)


def _value(dtype: str):
    return NEG_CZERO if dtype in COMPLEX else NEG_ZERO


@pytest.mark.parametrize("dtype", REAL + COMPLEX)
@pytest.mark.parametrize("shape", [(), (3,), (2, 0), (2, 3)])
def test_full_keeps_negative_zero(dtype, shape):
    a = xp.full(shape, _value(dtype), dtype=getattr(xp, dtype))
    assert a.shape == shape and a.dtype == getattr(xp, dtype)
    assert _signs(a).all()
    np.testing.assert_array_equal(_signs(a), _signs(np.full(shape, _value(dtype), dtype=dtype)))


@pytest.mark.parametrize("dtype", REAL + COMPLEX)
def test_full_like_keeps_negative_zero(dtype):
    x = xp.ones((2, 2), dtype=getattr(xp, dtype))
    assert _signs(xp.full_like(x, _value(dtype))).all()


def test_full_default_dtype_keeps_negative_zero():
    assert _signs(xp.full(4, -0.0)).all()
    assert _signs(xp.full((2,), complex(-0.0, -0.0))).all()
    # a positive zero stays positive
    assert not _signs(xp.full(4, 0.0)).any()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_full_keeps_nan_payload(dtype):
    bits = {"float32": ("<f", "<I", 0x7FC00123), "float64": ("<d", "<Q", 0x7FF8000000000123)}[dtype]
    fmt_f, fmt_i, payload = bits
    nan = struct.unpack(fmt_f, struct.pack(fmt_i, payload))[0]
    ref = np.full(3, nan, dtype=dtype)
    got = np.asarray(xp.full(3, nan, dtype=getattr(xp, dtype)))
    np.testing.assert_array_equal(got.view(ref.dtype.str.replace("f", "u")), ref.view(ref.dtype.str.replace("f", "u")))


@pytest.mark.parametrize("dtype", REAL + COMPLEX)
def test_pad_with_negative_zero(dtype):
    x = xp.ones((2,), dtype=getattr(xp, dtype))
    r = xp.pad(x, (1, 1), value=_value(dtype))
    np.testing.assert_array_equal(_signs(r)[..., [0, 3]] if dtype in COMPLEX else _signs(r)[[0, 3]], True)


@pytest.mark.parametrize(
    "obj", [-0.0, [-0.0, 0.0], [[-0.0], [-0.0]], complex(-0.0, -0.0), [complex(-0.0, -0.0), 0j]]
)
def test_asarray_of_python_scalars_keeps_negative_zero(obj):
    a = xp.asarray(obj)
    np.testing.assert_array_equal(_signs(a), _signs(np.asarray(obj)))


@pytest.mark.parametrize("dtype", REAL + COMPLEX)
def test_asarray_with_dtype_keeps_negative_zero(dtype):
    a = xp.asarray([_value(dtype), 1], dtype=getattr(xp, dtype))
    np.testing.assert_array_equal(_signs(a), _signs(np.asarray([_value(dtype), 1], dtype=dtype)))


def test_adding_zero_is_not_the_identity():
    """``-0.0 + 0.0 == +0.0`` and ``-0.0 - -0.0 == +0.0``: no scalar shortcut returns x."""
    x = xp.full(3, -0.0)
    assert not _signs(x + 0.0).any()
    assert not _signs(xp.add(x, 0.0)).any()
    assert not _signs(x - (-0.0)).any()
    assert _signs(x * 1.0).all() and _signs(x - 0.0).all()
    assert not _signs(0.0 + x).any()


def test_repeat_and_where_keep_negative_zero():
    x = xp.asarray([-0.0, 1.0])
    np.testing.assert_array_equal(_signs(xp.repeat(x, 2)), [True, True, False, False])
    w = xp.where(xp.asarray([True, False]), xp.asarray(-0.0), 0.0)
    np.testing.assert_array_equal(_signs(w), [True, False])


@pytest.mark.parametrize("dtype", REAL)
def test_arange_starts_at_start(dtype):
    """The first element is ``start`` itself: -0.0 + 0 * step would be +0.0."""
    d = getattr(xp, dtype)
    for args in [(-0.0, 3.0), (-0.0, -3.0, -1.0), (-0.0, 1.0, 0.25)]:
        np.testing.assert_array_equal(_signs(xp.arange(*args, dtype=d)), _signs(np.arange(*args, dtype=dtype)))


# ------------------------------------------- caches keyed by value (core shapes)
def test_shape_caches_do_not_confuse_equal_values_of_other_types():
    """The view and stride caches are keyed by value, and (3.0,) == (3,): a cached int
    shape must not let a float shape through validation, nor hand out a float caller's
    strides to an int caller."""
    from nx_core.shape import c_contiguous_strides
    from nx_core.view import View, contiguous

    assert contiguous((3,)).shape == (3,)
    View.create((4,))
    for bad in (
        lambda: contiguous((3.0,)),
        lambda: View.create((3.0,)),
        lambda: View.create((4,)).reshape((2.0, 2)),
        lambda: View.create((1,)).expand((3.0,)),
    ):
        with pytest.raises(TypeError):
            bad()
    c_contiguous_strides((7.0, 5.0))
    s = c_contiguous_strides((7, 5))
    assert s == (5, 1) and all(type(v) is int for v in s)
