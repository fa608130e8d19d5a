"""nx arrays as array-api-compat, NumPy and PyTorch see them.

array-api-compat must resolve nx arrays to ``nx_array_api`` itself (no wrapper
namespace); DLPack exchange works both ways with NumPy (and PyTorch when installed),
sharing memory where the protocol allows; ``np.asarray`` reads any nx view; and
``nx.asarray`` takes NumPy arrays of any layout (negative, zero and Fortran strides,
read-only, unaligned, non-native byte order) with their values intact.
"""

from __future__ import annotations

import numpy as np
import pytest

import nx_array_api as nx

aac = pytest.importorskip("array_api_compat")

ALL_DTYPES = [
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "complex64", "complex128",
]


def _sample(dtype: str, shape=(3, 4)) -> np.ndarray:
    n = int(np.prod(shape))
    if dtype == "bool":
        return (np.arange(n) % 3 == 0).reshape(shape)
    a = np.arange(n).reshape(shape) - (0 if dtype.startswith("uint") else n // 2)
    a = a.astype(dtype)
    if dtype.startswith("complex"):
        a = a + 1j * a[::-1]
    return a


# ------------------------------------------------------------------ array-api-compat
def test_array_namespace_is_nx():
    x = nx.asarray([[1.0, 2.0], [3.0, 4.0]])
    assert aac.array_namespace(x) is nx
    assert aac.array_namespace(x, x.mT, 1.0, None) is nx
    assert x.__array_namespace__() is nx
    assert aac.is_array_api_obj(x)
    assert not aac.is_numpy_array(x)
    assert not aac.is_lazy_array(x)
    assert aac.is_writeable_array(x)


@pytest.mark.parametrize("version", ["2021.12", "2022.12", "2023.12", "2024.12", "2025.12", None])
def test_array_namespace_api_versions(version):
    x = nx.asarray(1.0)
    assert x.__array_namespace__(api_version=version) is nx


def test_array_namespace_rejects_unknown_version():
    with pytest.raises(ValueError):
        nx.asarray(1.0).__array_namespace__(api_version="2099.01")


def test_compat_helpers():
    x = nx.asarray(np.arange(12.0).reshape(3, 4))
    assert aac.device(x) == x.device
    assert aac.size(x) == 12
    assert aac.size(nx.zeros((0, 3))) == 0
    y = aac.to_device(x, x.device)
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
    assert x.to_device(x.device).shape == x.shape


def test_mixing_with_numpy_is_refused():
    """array-api-compat refuses to pick a namespace for nx and NumPy arrays together."""
    with pytest.raises(TypeError):
        aac.array_namespace(nx.asarray([1.0]), np.ones(1))


def test_namespace_info():
    info = nx.__array_namespace_info__()
    d = info.default_dtypes()
    assert d["real floating"] == nx.float64 and d["indexing"] == nx.int64
    assert nx.asarray(1.0).device in info.devices()
    caps = info.capabilities()
    assert caps["boolean indexing"] is True and caps["data-dependent shapes"] is True


# ------------------------------------------------------------------ DLPack with NumPy
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dlpack_nx_to_numpy(dtype):
    a = _sample(dtype)
    x = nx.asarray(a)
    b = np.from_dlpack(x)
    assert b.dtype == a.dtype and b.shape == a.shape
    np.testing.assert_array_equal(b, a)
    assert np.shares_memory(b, np.asarray(x))  # zero-copy export


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dlpack_numpy_to_nx(dtype):
    a = _sample(dtype)
    x = nx.from_dlpack(a)
    assert isinstance(x, nx.Array)
    assert np.asarray(x).dtype == a.dtype
    np.testing.assert_array_equal(np.asarray(x), a)


def test_dlpack_numpy_to_nx_shares_memory():
    a = np.arange(6.0)
    x = nx.from_dlpack(a)
    a[0] = 100.0
    assert float(x[0]) == 100.0


@pytest.mark.parametrize(
    "view",
    [
        lambda a: a[::-1],
        lambda a: a[:, ::-2],
        lambda a: a.T,
        lambda a: a[1:, 1:3],
        lambda a: a[::2, ::-3],
    ],
    ids=["rev", "rev-step", "T", "slice", "step-rev"],
)
def test_dlpack_strided_views(view):
    a = np.arange(24.0).reshape(4, 6)
    # nx view -> NumPy
    xv = _nx_view(nx.asarray(a), view)
    np.testing.assert_array_equal(np.from_dlpack(xv), view(a))
    # NumPy view -> nx
    np.testing.assert_array_equal(np.asarray(nx.from_dlpack(view(a))), view(a))


def _nx_view(x, view):
    """The nx counterpart of a NumPy view function (``.T`` is ``.mT`` for nx)."""
    class _T:
        def __init__(self, arr):
            self.arr = arr

        def __getitem__(self, k):
            return _T(self.arr[k])

        @property
        def T(self):
            return _T(self.arr.mT)

    return view(_T(x)).arr


def test_dlpack_zero_d_empty_and_broadcast():
    np.testing.assert_array_equal(np.from_dlpack(nx.asarray(3.5)), np.asarray(3.5))
    assert np.from_dlpack(nx.zeros((0, 3))).shape == (0, 3)
    b = nx.broadcast_to(nx.asarray([1.0, 2.0]), (3, 2))
    np.testing.assert_array_equal(np.from_dlpack(b), np.broadcast_to([1.0, 2.0], (3, 2)))
    np.testing.assert_array_equal(np.asarray(nx.from_dlpack(np.broadcast_to(np.arange(3.0), (2, 3)))),
                                  np.broadcast_to(np.arange(3.0), (2, 3)))


def test_dlpack_readonly_numpy_is_not_written():
    a = np.arange(3.0)
    a.setflags(write=False)
    x = nx.from_dlpack(a)
    x[0] = 7.0
    assert a[0] == 0.0


def test_dlpack_protocol_arguments():
    x = nx.asarray(np.arange(4.0))
    dev = x.__dlpack_device__()
    assert tuple(int(v) for v in dev) == (1, 0)  # kDLCPU, device 0
    x.__dlpack__(max_version=(1, 0))
    x.__dlpack__(dl_device=dev)
    c = np.from_dlpack(x, copy=True)
    c[0] = -1.0
    assert float(x[0]) == 0.0
    y = nx.from_dlpack(np.arange(3.0), copy=True)
    np.testing.assert_array_equal(np.asarray(y), [0.0, 1.0, 2.0])
    nx.from_dlpack(np.arange(3.0), device=x.device)
    with pytest.raises(BufferError):
        x.__dlpack__(dl_device=(2, 0))  # CUDA


def test_from_dlpack_nx_to_nx():
    x = nx.asarray([1.0, 2.0])
    y = nx.from_dlpack(x)
    assert np.shares_memory(np.asarray(x), np.asarray(y))


def test_from_dlpack_rejects_non_dlpack_objects():
    with pytest.raises(TypeError, match="^from_dlpack"):
        nx.from_dlpack([1.0, 2.0])


# ------------------------------------------------------------------ DLPack with PyTorch
def test_dlpack_torch():
    torch = pytest.importorskip("torch")
    t = torch.arange(12, dtype=torch.float64).reshape(3, 4)
    x = nx.from_dlpack(t)
    np.testing.assert_array_equal(np.asarray(x), t.numpy())
    t[0, 0] = 99.0
    assert float(x[0, 0]) == 99.0  # shared
    x2 = nx.asarray(np.arange(6.0).reshape(2, 3))[:, ::-1]
    t2 = torch.from_dlpack(x2)
    np.testing.assert_array_equal(t2.numpy(), np.arange(6.0).reshape(2, 3)[:, ::-1])
    for dt in (torch.float32, torch.int32, torch.bool, torch.complex64, torch.uint8):
        src = torch.ones(3, dtype=dt)
        np.testing.assert_array_equal(np.asarray(nx.from_dlpack(src)), src.numpy())
        np.testing.assert_array_equal(torch.from_dlpack(nx.from_dlpack(src)).numpy(), src.numpy())


# ------------------------------------------------------------------ np.asarray(x)
@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_np_asarray_of_nx(dtype):
    a = _sample(dtype)
    x = nx.asarray(a)
    b = np.asarray(x)
    assert b.dtype == a.dtype
    np.testing.assert_array_equal(b, a)
    np.testing.assert_array_equal(np.asarray(x[::-1, ::2]), a[::-1, ::2])
    np.testing.assert_array_equal(np.asarray(x.mT), a.T)
    np.testing.assert_array_equal(np.array(x, copy=True), a)
    if dtype != "bool":
        np.testing.assert_array_equal(np.asarray(x, dtype=np.complex128), a.astype(np.complex128))


def test_np_asarray_zero_d_and_empty():
    assert np.asarray(nx.asarray(2.5)).shape == ()
    assert float(np.asarray(nx.asarray(2.5))) == 2.5
    assert np.asarray(nx.zeros((0, 4))).shape == (0, 4)
    assert np.asarray(nx.broadcast_to(nx.asarray(1.0), (2, 3))).shape == (2, 3)


# ------------------------------------------------------------------ nx.asarray(numpy)
def _ro(a):
    a = a.copy()
    a.setflags(write=False)
    return a


def _unaligned():
    raw = np.zeros(8 * 6 + 1, dtype=np.uint8)
    a = raw[1:].view(np.float64)
    a[:] = np.arange(6.0)
    return a


def _base() -> np.ndarray:
    return np.arange(60.0).reshape(5, 12)


LAYOUTS = {
    "contiguous": lambda: _base(),
    "reversed": lambda: _base()[::-1],
    "reversed-both": lambda: _base()[::-1, ::-1],
    "neg-step": lambda: _base()[::-2, ::-3],
    "step": lambda: _base()[1::2, 2::5],
    "transposed": lambda: _base().T,
    "fortran": lambda: np.asfortranarray(_base()),
    "broadcast-zero-stride": lambda: np.broadcast_to(np.arange(4.0), (3, 4)),
    "broadcast-0d": lambda: np.broadcast_to(np.float64(5.0), (2, 3)),
    "readonly": lambda: _ro(_base()),
    "unaligned": _unaligned,
    "big-endian": lambda: _base().astype(">f8"),
    "big-endian-int": lambda: np.arange(6).astype(">i4"),
    "0d": lambda: np.array(2.5),
    "empty": lambda: np.zeros((0, 3)),
    "empty-strided": lambda: np.zeros((4, 0))[::-1],
    "3d-swapped": lambda: np.arange(24.0).reshape(2, 3, 4).swapaxes(0, 2)[::-1],
    "int-neg": lambda: np.arange(20).reshape(4, 5)[:, ::-1],
    "bool-neg": lambda: (np.arange(12) % 2 == 0).reshape(3, 4)[::-1],
    "complex-neg": lambda: (np.arange(6) + 1j).reshape(2, 3)[:, ::-2],
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_nx_asarray_numpy_layouts(layout):
    a = LAYOUTS[layout]()
    x = nx.asarray(a)
    b = np.asarray(x)
    assert b.shape == a.shape
    assert b.dtype == a.dtype.newbyteorder("=")
    np.testing.assert_array_equal(b, a)
    # the nx result is usable by the namespace
    if a.dtype.kind in "fi" and a.size and a.ndim:
        np.testing.assert_allclose(np.asarray(nx.sum(x, axis=0)), a.sum(axis=0))
        np.testing.assert_array_equal(np.asarray(x[..., ::-1]), a[..., ::-1])


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_nx_asarray_numpy_copy_true_is_independent(layout):
    a = LAYOUTS[layout]()
    if not a.flags.writeable:
        a = a.copy()  # (broadcast and read-only sources cannot be written to)
    expected = a.copy()
    x = nx.asarray(a, copy=True)
    a[...] = 0
    np.testing.assert_array_equal(np.asarray(x), expected)


def test_nx_asarray_numpy_sharing():
    a = np.arange(6.0)
    assert np.shares_memory(np.asarray(nx.asarray(a)), a)  # copy=None: no copy needed
    assert np.shares_memory(np.asarray(nx.asarray(a, copy=False)), a)
    assert not np.shares_memory(np.asarray(nx.asarray(a, copy=True)), a)
    with pytest.raises(ValueError):
        nx.asarray(a[::-1].astype(np.float32), dtype=nx.float64, copy=False)


def test_nx_asarray_readonly_numpy_is_not_written():
    a = _ro(np.arange(3.0))
    x = nx.asarray(a)
    x[0] = 5.0
    assert a[0] == 0.0


def test_nx_asarray_numpy_scalars_and_lists():
    assert nx.asarray(np.float32(2.5)).dtype == nx.float32
    assert nx.asarray(np.int16(3)).dtype == nx.int16
    assert nx.asarray([np.float32(1), np.float32(2)]).dtype == nx.float32
    x = nx.asarray([np.ones(2), np.zeros(2)])
    np.testing.assert_array_equal(np.asarray(x), [[1.0, 1.0], [0.0, 0.0]])
    x = nx.asarray(memoryview(np.arange(3.0)))
    np.testing.assert_array_equal(np.asarray(x), [0.0, 1.0, 2.0])


@pytest.mark.parametrize(
    "a",
    [np.zeros(3, dtype=[("f", "f8")]), np.array([1, None], dtype=object), np.array(["a"]),
     np.array(["2020-01-01"], dtype="M8[D]"), np.ones(3, dtype=np.float16)],
    ids=["structured", "object", "str", "datetime", "float16"],
)
def test_nx_asarray_rejects_non_standard_numpy_dtypes(a):
    with pytest.raises(TypeError):
        nx.asarray(a)


# ------------------------------------------------------------------ NumPy-flavoured callers
# Consumers hand nx functions values that came out of NumPy code (np.float64 results of
# np.mean, np.int64 sizes) and 0-d nx arrays where an int is expected (``n = x.shape
# ...`` reductions). These are the minimal forms of the failures seen in SciPy and
# scikit-learn; see the tests of those libraries for the end-to-end cases.
def test_numpy_float64_scalars_are_python_floats():
    x = nx.asarray([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(np.asarray(x + np.float64(2.0)), [3.0, 4.0, 5.0])
    np.testing.assert_array_equal(np.asarray(np.float64(2.0) * x), [2.0, 4.0, 6.0])
    np.testing.assert_array_equal(np.asarray(x < np.float64(2.5)), [True, True, False])
    np.testing.assert_array_equal(np.asarray(nx.where(x > 1.5, x, np.float64(0.0))), [0.0, 2.0, 3.0])
    np.testing.assert_array_equal(np.asarray(nx.clip(x, np.float64(1.5), None)), [1.5, 2.0, 3.0])
    x[nx.asarray([True, False, False])] = np.float64(0.0)  # scikit-learn's _prf_divide
    np.testing.assert_array_equal(np.asarray(x), [0.0, 2.0, 3.0])


def test_numpy_non_python_scalars_in_operators():
    x = nx.asarray([1.0, 2.0])
    np.testing.assert_array_equal(np.asarray(x * np.float32(2.0)), [2.0, 4.0])
    np.testing.assert_array_equal(np.asarray(x + np.int64(1)), [2.0, 3.0])


@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_copy_and_pickle(how):
    import copy
    import pickle

    x = nx.asarray(np.arange(6.0).reshape(2, 3))[:, ::-1]
    f = {"copy": copy.copy, "deepcopy": copy.deepcopy,
         "pickle": lambda a: pickle.loads(pickle.dumps(a))}[how]
    y = f(x)
    assert isinstance(y, nx.Array) and y.dtype == x.dtype
    np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
    if how != "copy":
        y[0, 0] = -1.0
        assert float(x[0, 0]) == 2.0


_ZERO_D_INT_CALLS = {
    "arange": lambda n: nx.arange(1, n + 1),
    "arange-float": lambda n: nx.arange(nx.asarray(2.5)),
    "linspace": lambda n: nx.linspace(0.0, nx.asarray(2.0), 5),
    "reshape": lambda n: nx.reshape(nx.arange(6), (n - 1, -1)),
    "tile": lambda n: nx.tile(nx.arange(2), (n,)),
    "roll": lambda n: nx.roll(nx.arange(4), n),
    "expand_dims": lambda n: nx.expand_dims(nx.arange(4), axis=n - 3),
    "zeros": lambda n: nx.zeros((n, 2)),
    "eye": lambda n: nx.eye(n),
    "index": lambda n: nx.arange(5)[n],
    "slice": lambda n: nx.arange(5)[:n],
}

# The same calls in NumPy with n = 3 (a plain int there).
_ZERO_D_INT_EXPECTED = {
    "arange": np.arange(1, 4),
    "arange-float": np.arange(2.5),
    "linspace": np.linspace(0.0, 2.0, 5),
    "reshape": np.arange(6).reshape(2, -1),
    "tile": np.tile(np.arange(2), (3,)),
    "roll": np.roll(np.arange(4), 3),
    "expand_dims": np.expand_dims(np.arange(4), axis=0),
    "zeros": np.zeros((3, 2)),
    "eye": np.eye(3),
    "index": np.arange(5)[3],
    "slice": np.arange(5)[:3],
}


@pytest.mark.parametrize("call", sorted(_ZERO_D_INT_CALLS))
def test_zero_d_arrays_where_python_numbers_are_expected(call):
    """A 0-d integer array has __index__: NumPy, PyTorch and array-api-strict accept it
    wherever an int is expected (SciPy's cramervonmises calls xp.arange(1, n + 1))."""
    n = nx.asarray(3)
    out = _ZERO_D_INT_CALLS[call](n)
    np.testing.assert_array_equal(np.asarray(out), _ZERO_D_INT_EXPECTED[call])


def test_diff_keyword_and_positional_n():
    """nx's diff is ``diff(x, /, n=1, axis=-1, *, prepend=None, append=None)``: the
    standard's keyword calls work unchanged, and ``n`` may also be passed positionally
    as in NumPy (scikit-learn calls ``xp.diff(x, 2)``)."""
    a = np.array([[1.0, 4.0, 9.0, 16.0], [2.0, 3.0, 7.0, 0.0]])
    x = nx.asarray(a)
    np.testing.assert_array_equal(np.asarray(nx.diff(x, axis=0, n=1)), np.diff(a, n=1, axis=0))
    np.testing.assert_array_equal(np.asarray(nx.diff(x, axis=-1, n=2)), np.diff(a, n=2, axis=-1))
    np.testing.assert_array_equal(np.asarray(nx.diff(x, n=3)), np.diff(a, n=3))
    np.testing.assert_array_equal(np.asarray(nx.diff(x, 2)), np.diff(a, 2))
    np.testing.assert_array_equal(np.asarray(nx.diff(x, 1, 0)), np.diff(a, 1, 0))
    p = nx.asarray([[0.0], [0.0]])
    np.testing.assert_array_equal(np.asarray(nx.diff(x, axis=1, prepend=p)),
                                  np.diff(a, axis=1, prepend=np.zeros((2, 1))))


@pytest.mark.skipif(tuple(int(v) for v in np.__version__.split(".")[:2]) < (2, 4), reason="__numpy_dtype__ is NumPy 2.4's")
@pytest.mark.parametrize("name", ["bool", "int8", "uint16", "int64", "uint64", "float32", "float64", "complex64", "complex128"])
def test_numpy_interprets_nx_dtypes(name):
    """Interop, not the standard: NumPy reads an nx dtype through ``__numpy_dtype__``
    (scikit-learn's RidgeCV hands X.dtype to ndarray.astype without dispatch)."""
    d = getattr(nx, name)
    assert np.dtype(d) == np.dtype(name)
    a = np.zeros(2).astype(d)
    assert a.dtype == np.dtype(name)
    assert np.asarray([1, 0], dtype=d).dtype == np.dtype(name)
    assert not hasattr(d, "dtype")  # no `.dtype`: consumers take objects with one for arrays


def test_indexing_with_numpy_index_arrays():
    """Interop, not the standard: NumPy integer and boolean arrays index nx arrays, as in
    PyTorch, JAX and CuPy (array-api-strict rejects them); other dtypes are an IndexError."""
    x = nx.asarray([10.0, 11.0, 12.0])
    np.testing.assert_array_equal(np.asarray(x[np.array([0, 2])]), [10.0, 12.0])
    np.testing.assert_array_equal(np.asarray(x[np.array([True, False, True])]), [10.0, 12.0])
    with pytest.raises(IndexError, match="^__getitem__: .*integer or boolean"):
        x[np.array([0.0, 2.0])]
    with pytest.raises(IndexError, match="^__getitem__: .*out of bounds"):
        x[np.array([0, 3])]
    np.testing.assert_array_equal(np.asarray(x[nx.asarray([0, 2])]), [10.0, 12.0])
    np.testing.assert_array_equal(np.asarray(x[nx.asarray([True, False, True])]), [10.0, 12.0])
