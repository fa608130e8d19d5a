"""Data type functions and inspection against NumPy and the standard's tables."""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_array_api import _dtypes as _dt
from nx_testing import N, same


NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float32", "float64", "complex64", "complex128"]


# ------------------------------------------------------------------------ astype
@pytest.mark.parametrize("src", NAMES)
@pytest.mark.parametrize("dst", NAMES)
def test_astype_matches_numpy(src, dst):
    vals = [0, 1, 3, 100] if src != "bool" else [False, True, True, False]
    a = np.array(vals, dtype=src)
    x = xp.asarray(a)
    if src.startswith("complex") and not dst.startswith("complex") and dst != "bool":
        with pytest.raises(TypeError, match="^astype"):
            xp.astype(x, getattr(xp, dst))
        return
    y = xp.astype(x, getattr(xp, dst))
    same(y, a.astype(dst))
    assert not np.shares_memory(N(y), a)


def test_astype_bool_and_float_to_int():
    same(xp.astype(xp.asarray([True, False]), xp.complex64), np.array([1, 0], dtype=np.complex64))
    same(xp.astype(xp.asarray([0.0, -0.5, 2.0, float("nan")]), xp.bool), np.array([False, True, True, True]))
    same(xp.astype(xp.asarray([0j, 1j]), xp.bool), np.array([False, True]))
    same(xp.astype(xp.asarray([1.9, -1.9, 2.5]), xp.int32), np.array([1, -1, 2], dtype=np.int32))


def test_astype_copy_semantics():
    x = xp.asarray([1, 2, 3])
    assert xp.astype(x, xp.int64, copy=False) is x
    y = xp.astype(x, xp.int64)
    assert y is not x and not np.shares_memory(N(x), N(y))
    z = xp.astype(x, xp.float64, copy=False)
    same(z, np.array([1.0, 2.0, 3.0]))


def test_astype_errors():
    x = xp.asarray([1, 2])
    with pytest.raises(TypeError, match="^astype"):
        xp.astype(x, "float64")
    with pytest.raises(TypeError, match="^astype"):
        xp.astype([1, 2], xp.float64)
    with pytest.raises(ValueError, match="^astype"):
        xp.astype(x, xp.float64, device="gpu")
    same(xp.astype(x, xp.float32, device="cpu"), np.array([1, 2], dtype=np.float32))


# ------------------------------------------------------------- promotion queries
# The standard's promotion table, written out for the mixed-width cases.
STANDARD = {
    ("int8", "uint8"): "int16",
    ("int8", "uint16"): "int32",
    ("int16", "uint32"): "int64",
    ("uint8", "uint16"): "uint16",
    ("float32", "complex64"): "complex64",
    ("float32", "complex128"): "complex128",
    ("float64", "complex64"): "complex128",
    ("int64", "uint8"): "int64",
}


@pytest.mark.parametrize("pair", list(STANDARD))
def test_result_type_table(pair):
    a, b = (getattr(xp, n) for n in pair)
    r = getattr(xp, STANDARD[pair])
    assert xp.result_type(a, b) is r and xp.result_type(b, a) is r
    assert xp.result_type(xp.empty(1, dtype=a), b) is r


@pytest.mark.parametrize("bad", [("int64", "uint64"), ("int8", "uint64"), ("uint64", "int32")])
def test_result_type_signed_with_uint64_refused(bad):
    with pytest.raises(TypeError, match="^result_type: .*promote"):
        xp.result_type(*(getattr(xp, n) for n in bad))


MIXED_KINDS = [(a, b) for a in NAMES for b in NAMES
               if a != b and np.dtype(a).kind != np.dtype(b).kind and {np.dtype(a).kind, np.dtype(b).kind} != {"i", "u"}]


@pytest.mark.parametrize("a, b", MIXED_KINDS)
def test_result_type_mixed_kinds_as_numpy(a, b):
    # The standard leaves bool or integer with floating point undefined; nx follows NumPy 2.
    r = xp.result_type(getattr(xp, a), getattr(xp, b))
    assert r.name == np.result_type(a, b).name
    assert xp.result_type(xp.empty(1, dtype=getattr(xp, a)), getattr(xp, b)) is r


def test_result_type_with_scalars():
    assert xp.result_type(xp.int8, 1) is xp.int8
    assert xp.result_type(xp.float32, 1, 1.0) is xp.float32
    assert xp.result_type(xp.float32, 1j) is xp.complex64
    assert xp.result_type(1j, xp.float64) is xp.complex128
    assert xp.result_type(xp.bool, True) is xp.bool
    assert xp.result_type(xp.int8, xp.int16, 3) is xp.int16
    assert xp.result_type(xp.int8, 1.0) is xp.float64  # NumPy 2's default float
    assert xp.result_type(xp.uint16, 1j) is xp.complex128
    # a bool with a number, a number with bool: the standard leaves them undefined; the
    # drop-in gives NumPy 2's dtypes, the strict namespace refuses them
    assert xp.result_type(xp.bool, 1.0) is xp.float64 and np.result_type(np.bool_, 1.0) == np.float64
    assert xp.result_type(xp.bool, 1) is xp.int64 and np.result_type(np.bool_, 1) == np.int64
    assert xp.result_type(xp.int8, True) is xp.int8 and np.result_type(np.int8, True) == np.int8
    for args in ((sx.bool, 1.0), (sx.bool, 1), (sx.int8, True)):
        with pytest.raises(TypeError, match="^result_type"):
            sx.result_type(*args)
    with pytest.raises(ValueError, match="^result_type"):
        xp.result_type(1, 2.0)
    with pytest.raises(ValueError, match="^result_type"):
        xp.result_type()
    with pytest.raises(TypeError, match="^result_type"):
        xp.result_type(xp.int8, "int8")


@pytest.mark.parametrize("a", NAMES)
@pytest.mark.parametrize("b", NAMES)
def test_can_cast_is_the_promotion_table(a, b):
    da, db = getattr(xp, a), getattr(xp, b)
    expect = da is db or _dt.PROMOTE.get((da, db)) is db
    assert xp.can_cast(da, db) is expect
    assert xp.can_cast(xp.empty(1, dtype=da), db) is expect
    # the standard's lattice says yes wherever it defines a promotion to b
    if _dt.PROMOTION.get((da, db)) is db:
        assert expect
    # and the whole table is NumPy's "safe" casting
    assert expect is np.can_cast(a, b, casting="safe")


def test_can_cast_errors():
    with pytest.raises(TypeError, match="^can_cast"):
        xp.can_cast("int8", xp.int16)
    with pytest.raises(TypeError, match="^can_cast"):
        xp.can_cast(xp.int8, None)


# ------------------------------------------------------------------- finfo, iinfo
@pytest.mark.parametrize("name", ["float32", "float64", "complex64", "complex128"])
def test_finfo_matches_numpy(name):
    d = getattr(xp, name)
    for arg in (d, xp.asarray(1, dtype=d)):
        f = xp.finfo(arg)
        n = np.finfo(name)
        assert f.bits == n.bits
        for attr in ("eps", "max", "min", "smallest_normal"):
            v = getattr(f, attr)
            assert type(v) is float and v == float(getattr(n, attr)), attr
        assert f.dtype is _dt.COMPLEX_TO_REAL.get(d, d)


@pytest.mark.parametrize("name", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_iinfo_matches_numpy(name):
    d = getattr(xp, name)
    for arg in (d, xp.asarray(1, dtype=d)):
        i = xp.iinfo(arg)
        n = np.iinfo(name)
        assert (i.bits, i.min, i.max) == (n.bits, int(n.min), int(n.max))
        assert type(i.max) is int and i.dtype is d


def test_info_errors():
    with pytest.raises(TypeError, match="^finfo"):
        xp.finfo(xp.int32)
    with pytest.raises(TypeError, match="^iinfo"):
        xp.iinfo(xp.float32)
    with pytest.raises(TypeError, match="^iinfo"):
        xp.iinfo("int8")


# ------------------------------------------------------------------------ isdtype
KIND_MEMBERS = {
    "bool": {"bool"},
    "signed integer": {"int8", "int16", "int32", "int64"},
    "unsigned integer": {"uint8", "uint16", "uint32", "uint64"},
    "integral": {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"},
    "real floating": {"float32", "float64"},
    "complex floating": {"complex64", "complex128"},
    "numeric": set(NAMES) - {"bool"},
}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("kind", list(KIND_MEMBERS))
def test_isdtype(name, kind):
    d = getattr(xp, name)
    assert xp.isdtype(d, kind) is (name in KIND_MEMBERS[kind])
    assert xp.isdtype(d, d) is True
    assert xp.isdtype(d, (kind, d)) is True
    assert xp.isdtype(d, (kind,)) is (name in KIND_MEMBERS[kind])


def test_isdtype_errors():
    with pytest.raises(ValueError, match="^isdtype"):
        xp.isdtype(xp.int8, "integer")
    with pytest.raises(TypeError, match="^isdtype"):
        xp.isdtype(xp.int8, 3)
    with pytest.raises(TypeError, match="^isdtype"):
        xp.isdtype("int8", "integral")
    assert xp.isdtype(xp.int8, ()) is False


# -------------------------------------------------------------------- inspection
def test_namespace_info():
    info = xp.__array_namespace_info__()
    caps = info.capabilities()
    assert caps == {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}
    assert [d.name for d in info.devices()][:4] == ["cpu", "device1", "device2", "no_float64"]
    assert info.default_device() in info.devices()
    assert info.default_dtypes() == {
        "real floating": xp.float64,
        "complex floating": xp.complex128,
        "integral": xp.int64,
        "indexing": xp.int64,
    }
    assert info.default_dtypes(device="cpu") == info.default_dtypes(device=info.default_device())
    all_d = info.dtypes()
    assert list(all_d) == NAMES and all(all_d[n] is getattr(xp, n) for n in NAMES)
    for kind, members in KIND_MEMBERS.items():
        assert set(info.dtypes(kind=kind)) == members
    assert set(info.dtypes(kind=("bool", "complex floating"))) == {"bool", "complex64", "complex128"}


def test_namespace_info_dtypes_are_the_callers_to_change():
    """``dtypes`` answers the same question from what it worked out before: each call
    gets a dict of its own, which the caller may change; each device its own dtypes;
    bad kinds refused every time."""
    info = xp.__array_namespace_info__()
    first = info.dtypes(kind="real floating")
    first.clear()
    first["mine"] = xp.int8
    assert info.dtypes(kind="real floating") == {"float32": xp.float32, "float64": xp.float64}
    assert info.dtypes(device="no_float64", kind="real floating") == {"float32": xp.float32}
    assert info.dtypes(kind="real floating") == {"float32": xp.float32, "float64": xp.float64}
    for _ in range(2):
        with pytest.raises(ValueError, match="^dtypes"):
            info.dtypes(kind="integer")
        with pytest.raises(TypeError, match="^dtypes"):
            info.dtypes(kind=[xp.int8])


def test_namespace_info_errors():
    info = xp.__array_namespace_info__()
    with pytest.raises(ValueError, match="^dtypes"):
        info.dtypes(kind="integer")
    with pytest.raises(TypeError, match="^dtypes"):
        info.dtypes(kind=(xp.int8,))
    with pytest.raises(ValueError, match="^dtypes"):
        info.dtypes(device="gpu")
    with pytest.raises(ValueError, match="^default_dtypes"):
        info.default_dtypes(device="gpu")


def test_strict_namespace_info_reads_its_device_names():
    """The strict namespace's functions take Device objects only, but its dtypes() and
    default_dtypes() read the name of one of its devices as that device, as
    array-api-strict's take any device argument there (scikit-learn's tests pass the
    name): the answer is that device's."""
    import nx_array_api.strict as sx

    info = sx.__array_namespace_info__()
    assert info.dtypes(device="no_float64", kind="real floating") == {"float32": sx.float32}
    assert info.dtypes(device="device1") == info.dtypes(device=sx.Device("device1"))
    assert info.default_dtypes(device="device2")["real floating"] is sx.float32
    assert info.default_dtypes(device="no_x64")["indexing"] is sx.int32
    with pytest.raises(ValueError, match="^dtypes: unsupported device 'cpu'"):
        info.dtypes(device="cpu")  # the drop-in's device name
    with pytest.raises(ValueError, match="^asarray: unsupported device 'device1'"):
        sx.asarray([1.0], device="device1")  # a name anywhere else: refused


def test_isdtype_answers_again_as_the_first_time():
    """``isdtype`` remembers the answers to names and dtypes; asked again it answers the
    same, and what it refuses it refuses every time (a list, a NumPy dtype, a bad name)."""
    for _ in range(3):
        assert xp.isdtype(xp.float64, "real floating") is True
        assert xp.isdtype(xp.float64, ("integral", "complex floating")) is False
        assert xp.isdtype(xp.int8, xp.int8) is True and xp.isdtype(xp.int8, xp.int16) is False
        for bad in (["real floating"], np.float64, "floating"):
            with pytest.raises((TypeError, ValueError), match="^isdtype"):
                xp.isdtype(xp.float64, bad)
        with pytest.raises(TypeError, match="^isdtype"):
            xp.isdtype(np.dtype("float64"), "real floating")
