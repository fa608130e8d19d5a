"""The flags of the two namespaces: set/get/reset, the context managers, the environment
variables, and what api_version, boolean_indexing, data_dependent_shapes and
enabled_extensions do. Each namespace (the drop-in ``nx_array_api`` and the strict
``nx_array_api.strict``) has flags of its own; the gates are checked when a function is
called, so a function taken before a flag changes obeys the new flag."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

import nx_array_api as xp
import nx_array_api.strict as sx
from nx_array_api._flags import STRICT

DEFAULTS = {
    "api_version": "2025.12",
    "boolean_indexing": True,
    "data_dependent_shapes": True,
    "enabled_extensions": ("linalg", "fft"),
}


@pytest.fixture(autouse=True)
def _restore_flags():
    saved, saved_strict = xp.get_flags(), sx.get_array_api_strict_flags()
    yield
    xp.set_flags(**saved)
    sx.set_array_api_strict_flags(**saved_strict)


def test_defaults():
    assert xp.get_flags() == DEFAULTS
    assert sx.get_array_api_strict_flags() == DEFAULTS
    assert xp.__array_api_version__ == sx.__array_api_version__ == "2025.12"


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_set_get_reset(ns):
    ns.set_flags(api_version="2024.12", boolean_indexing=False, data_dependent_shapes=False, enabled_extensions=["fft"])
    assert ns.get_flags() == {"api_version": "2024.12", "boolean_indexing": False, "data_dependent_shapes": False, "enabled_extensions": ("fft",)}
    assert ns.__array_api_version__ == "2024.12"
    ns.reset_flags()
    assert ns.get_flags() == DEFAULTS


def test_the_two_namespaces_have_their_own_flags():
    sx.set_array_api_strict_flags(api_version="2023.12", enabled_extensions=())
    assert xp.get_flags() == DEFAULTS and xp.__array_api_version__ == "2025.12"
    assert float(xp.linalg.det(xp.eye(2))) == 1.0 and hasattr(xp, "fft")
    assert not hasattr(sx, "linalg") and sx.__array_api_version__ == "2023.12"
    with pytest.raises(RuntimeError):
        sx.diff(sx.asarray([1, 2]))
    assert xp.diff(xp.asarray([1, 2])).shape == (1,)


def test_array_api_strict_names_are_the_strict_namespaces_flags():
    assert sx.set_flags is sx.set_array_api_strict_flags and sx.Flags is sx.ArrayAPIStrictFlags
    with sx.ArrayAPIStrictFlags(api_version="2024.12", boolean_indexing=False):
        assert sx.get_array_api_strict_flags()["api_version"] == "2024.12"
        assert xp.get_flags()["api_version"] == "2025.12"
    assert sx.get_array_api_strict_flags() == DEFAULTS


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"api_version": "2020.12"}, ValueError, "unsupported api_version"),
        ({"enabled_extensions": ["sparse"]}, ValueError, "unknown extension"),
        ({"enabled_extensions": "linalg"}, TypeError, "collection"),
        ({"boolean_indexing": "no"}, TypeError, "boolean_indexing must be a bool"),
        ({"api_version": "2021.12", "enabled_extensions": ("linalg", "fft")}, ValueError, "fft extension requires api_version 2022.12"),
    ],
)
def test_bad_flags(kwargs, exc, match):
    before = xp.get_flags()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc, match=f"set_flags: .*{match}|set_flags: {match}"):
            xp.set_flags(**kwargs)
    assert xp.get_flags() == before  # nothing half-set


def test_strict_is_a_namespace_not_a_flag():
    with pytest.raises(TypeError, match="nx_array_api.strict"):
        xp.set_flags(strict=True)


@pytest.mark.parametrize("version,warns", [("2021.12", "2022.12"), ("2022.12", None), ("2023.12", None), ("2026.12", "draft")])
def test_every_version_array_api_strict_accepts(version, warns):
    for _ in range(2):  # (the second time: the version it has, as scikit-learn sets it on every call)
        if warns:
            with pytest.warns(UserWarning, match=warns):
                sx.set_array_api_strict_flags(api_version=version)
        else:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                sx.set_array_api_strict_flags(api_version=version)
        assert sx.__array_api_version__ == version
        assert (sx.get_array_api_strict_flags()["enabled_extensions"] == ("linalg",)) == (version == "2021.12")
        assert ("fft.fft" in STRICT.refused) == (version == "2021.12")


def test_flags_context_manager_nests_and_restores_on_error():
    with xp.Flags(api_version="2024.12"):
        with xp.Flags(api_version="2023.12"):
            assert xp.__array_api_version__ == "2023.12"
        assert xp.__array_api_version__ == "2024.12"
        with pytest.raises(ZeroDivisionError), xp.Flags(boolean_indexing=False):
            1 / 0
        assert xp.get_flags()["boolean_indexing"] is True
    assert xp.__array_api_version__ == "2025.12"
    assert repr(xp.Flags(api_version="2024.12")) == "Flags(api_version='2024.12')"


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_api_version_gates_later_functions(ns):
    x = ns.asarray([1.0, 4.0, 9.0])
    with ns.Flags(api_version="2023.12"):
        for f, args in [(ns.diff, (x,)), (ns.reciprocal, (x,)), (ns.cumulative_prod, (x,)), (ns.count_nonzero, (x,)), (ns.isin, (ns.asarray([1]), ns.asarray([1])))]:
            with pytest.raises(RuntimeError, match=f"{f.__name__}: .*added in version 20"):
                f(*args)
        with pytest.raises(RuntimeError, match="2025.12"):
            ns.linalg.eigvals(ns.eye(2))
        assert isinstance(ns.__array_namespace_info__().devices(), list)
        assert "max dimensions" not in ns.__array_namespace_info__().capabilities()
        np.testing.assert_array_equal(np.asarray(ns.cumulative_sum(x)), [1.0, 5.0, 14.0])  # 2023.12 has it
    with ns.Flags(api_version="2022.12"):
        for f in (lambda: ns.maximum(x, x), lambda: ns.clip(x, 1.0, 2.0), lambda: ns.tile(x, (2,)), lambda: ns.__array_namespace_info__()):
            with pytest.raises(RuntimeError, match="added in version 2023.12"):
                f()
    with ns.Flags(api_version="2024.12"):
        np.testing.assert_array_equal(np.asarray(ns.diff(x)), [3.0, 5.0])
        with pytest.raises(RuntimeError, match="broadcast_shapes: .*2025.12"):
            ns.broadcast_shapes((2, 1), (1, 3))
    assert ns.broadcast_shapes((2, 1), (1, 3)) == (2, 3)
    assert isinstance(ns.__array_namespace_info__().devices(), tuple)
    assert ns.__array_namespace_info__().capabilities()["max dimensions"] == 64


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_a_function_taken_before_a_flag_changes_obeys_it(ns):
    cholesky, diff, maximum, fftfreq = ns.linalg.cholesky, ns.diff, ns.maximum, ns.fft.fftfreq
    info = ns.__array_namespace_info__()
    ns.set_flags(enabled_extensions=())
    with pytest.raises(RuntimeError, match="cholesky: the linalg extension is disabled"):
        cholesky(ns.eye(2))
    with pytest.raises(RuntimeError, match="fftfreq: the fft extension is disabled"):
        fftfreq(4)
    ns.set_flags(api_version="2022.12")
    with pytest.raises(RuntimeError, match="diff"):
        diff(ns.asarray([1, 2]))
    with pytest.raises(RuntimeError, match="maximum"):
        maximum(ns.asarray([1]), ns.asarray([2]))
    with pytest.raises(RuntimeError, match="__array_namespace_info__"):
        info.devices()
    ns.reset_flags()
    assert float(cholesky(ns.eye(2))[1, 1]) == 1.0 and diff(ns.asarray([1, 3])).shape == (1,)


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_enabled_extensions(ns):
    with ns.Flags(enabled_extensions=["fft"]):
        assert "linalg" not in ns.__all__ and "fft" in ns.__all__
        assert not hasattr(ns, "linalg") and hasattr(ns, "fft")
        assert complex(ns.fft.fft(ns.ones(4, dtype=ns.complex128))[0]) == 4.0
        assert ns.matmul(ns.eye(2), ns.eye(2)).shape == (2, 2)  # the main namespace's own
        ns_all: dict = {}
        exec(f"from {ns.__name__} import *", ns_all)
        assert "fft" in ns_all and "linalg" not in ns_all
    with ns.Flags(enabled_extensions=[]):
        assert "fft" not in ns.__all__ and not hasattr(ns, "fft")
        with pytest.raises(AttributeError, match="fft extension is disabled"):
            ns.fft
    assert float(ns.linalg.det(ns.eye(2))) == 1.0
    assert "linalg" in ns.__all__ and "fft" in ns.__all__


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_boolean_indexing_flag(ns):
    x = ns.asarray([1.0, 2.0, 3.0])
    m = x > 1.5
    with ns.Flags(boolean_indexing=False):
        assert ns.__array_namespace_info__().capabilities()["boolean indexing"] is False
        with pytest.raises(RuntimeError, match="__getitem__: .*boolean_indexing flag is off"):
            x[m]
        with pytest.raises(RuntimeError, match="boolean_indexing"):
            x[m] = 0.0
        assert float(x[1]) == 2.0  # other keys are untouched
    np.testing.assert_array_equal(np.asarray(x[m]), [2.0, 3.0])


@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_data_dependent_shapes_flag(ns):
    x = ns.asarray([3, 1, 3])
    with ns.Flags(data_dependent_shapes=False):
        assert ns.__array_namespace_info__().capabilities()["data-dependent shapes"] is False
        for f in (ns.unique_values, ns.unique_all, ns.unique_counts, ns.unique_inverse, ns.nonzero):
            with pytest.raises(RuntimeError, match=f"{f.__name__}: the output shape depends on the data"):
                f(x)
        with pytest.raises(RuntimeError, match="repeat"):
            ns.repeat(x, ns.asarray([1, 2, 1]))
        assert ns.repeat(x, 2).shape == (6,)  # an int count is not data-dependent
    np.testing.assert_array_equal(np.asarray(ns.unique_values(x)), [1, 3])


# ------------------------------------------------------------- versioned behaviours
@pytest.mark.parametrize("ns", [xp, sx], ids=["drop-in", "strict"])
def test_behaviours_later_versions_added(ns):
    z = ns.asarray([1 + 1j, 3 + 1j])
    f32 = ns.asarray([1.0, 2.0], dtype=ns.float32)
    with ns.Flags(api_version="2023.12"):
        with pytest.raises(TypeError, match="result_type: a Python scalar argument requires API version 2024.12"):
            ns.result_type(ns.int16, 3)
        with pytest.raises(TypeError, match="mean: a complex array"):
            ns.mean(z)
        with pytest.raises(TypeError, match="add: a Python scalar operand requires API version 2024.12"):
            ns.add(f32, 1.0)
        assert (f32 + 1.0).dtype == ns.float32  # the operators always took Python scalars
        assert ns.sum(f32).dtype == ns.float32
    with ns.Flags(api_version="2022.12"):
        assert ns.sum(f32).dtype == ns.float64  # before 2023.12, sum widens float32
        with pytest.raises(TypeError, match="astype: the device argument"):
            ns.astype(f32, ns.float64, device=None)
    assert ns.result_type(ns.int16, 3) == ns.int16
    assert complex(ns.mean(z)) == 2 + 1j
    assert ns.add(f32, 1.0).dtype == ns.float32


def test_dtypes_are_shared_and_numpy_reads_them():
    """Both namespaces' dtypes are nx_core's DType objects, and NumPy reads them
    (``np.dtype(xp.float64)``) whichever namespace they are reached through."""
    assert sx.float64 is xp.float64
    if tuple(int(p) for p in np.__version__.split(".")[:2]) < (2, 4):
        pytest.skip("NumPy reads __numpy_dtype__ from 2.4 on")
    assert np.dtype(sx.float64) == np.float64 and np.dtype(xp.int8) == np.int8


# ------------------------------------------------------------------ environment
def _run(env: dict, code: str) -> str:
    full = {**os.environ, **env}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, check=True)
    return r.stdout.strip()


def test_environment_variables():
    out = _run(
        {"NX_API_VERSION": "2024.12", "NX_BOOLEAN_INDEXING": "false", "NX_DATA_DEPENDENT_SHAPES": "0", "NX_ENABLED_EXTENSIONS": "linalg"},
        "import nx_array_api as xp; f = xp.get_flags(); print(f['api_version'], f['boolean_indexing'], f['data_dependent_shapes'], ','.join(f['enabled_extensions']), xp.__array_api_version__)",
    )
    assert out == "2024.12 False False linalg 2024.12"
    assert _run({"NX_ENABLED_EXTENSIONS": ""}, "import nx_array_api as xp; print(xp.get_flags()['enabled_extensions'])") == "()"
    strict = _run(
        {"ARRAY_API_STRICT_API_VERSION": "2023.12", "ARRAY_API_STRICT_ENABLED_EXTENSIONS": "fft"},
        "import nx_array_api.strict as sx, nx_array_api as xp; print(sx.__array_api_version__, sx.get_flags()['enabled_extensions'], hasattr(sx, 'linalg'), xp.__array_api_version__)",
    )
    assert strict == "2023.12 ('fft',) False 2025.12"


def test_bad_environment_variable_is_a_clear_error():
    with pytest.raises(subprocess.CalledProcessError) as e:
        subprocess.run([sys.executable, "-c", "import nx_array_api"], capture_output=True, text=True, env={**os.environ, "NX_BOOLEAN_INDEXING": "maybe"}, check=True)
    assert "NX_BOOLEAN_INDEXING='maybe' is not a boolean" in e.value.stderr


def test_nx_strict_is_refused_with_the_way_out():
    with pytest.raises(subprocess.CalledProcessError) as e:
        subprocess.run([sys.executable, "-c", "import nx_array_api"], capture_output=True, text=True, env={**os.environ, "NX_STRICT": "1"}, check=True)
    assert "nx_array_api.strict" in e.value.stderr
