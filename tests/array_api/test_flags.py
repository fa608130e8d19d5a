"""The flags: set_flags/get_flags/reset_flags/Flags, the environment variables, and what
api_version, boolean_indexing, data_dependent_shapes and enabled_extensions do."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import nx_array_api as xp


@pytest.fixture(autouse=True)
def _restore_flags():
    saved = xp.get_flags()
    yield
    xp.set_flags(**saved)


def test_defaults():
    assert xp.get_flags() == {
        "strict": False,
        "api_version": "2025.12",
        "boolean_indexing": True,
        "data_dependent_shapes": True,
        "enabled_extensions": ("linalg", "fft"),
    }
    assert xp.__array_api_version__ == "2025.12"


def test_set_get_reset():
    xp.set_flags(strict=True, api_version="2024.12", boolean_indexing=False, data_dependent_shapes=False, enabled_extensions=["fft"])
    assert xp.get_flags() == {
        "strict": True,
        "api_version": "2024.12",
        "boolean_indexing": False,
        "data_dependent_shapes": False,
        "enabled_extensions": ("fft",),
    }
    xp.reset_flags()
    assert xp.get_flags()["strict"] is False and xp.get_flags()["enabled_extensions"] == ("linalg", "fft")


@pytest.mark.parametrize(
    "kwargs,exc,match",
    [
        ({"api_version": "2022.12"}, ValueError, "unsupported api_version"),
        ({"enabled_extensions": ["sparse"]}, ValueError, "unknown extension"),
        ({"enabled_extensions": "linalg"}, TypeError, "collection"),
        ({"strict": 1}, TypeError, "strict must be a bool"),
        ({"boolean_indexing": "no"}, TypeError, "boolean_indexing must be a bool"),
    ],
)
def test_bad_flags(kwargs, exc, match):
    before = xp.get_flags()
    with pytest.raises(exc, match=f"set_flags: .*{match}|set_flags: {match}"):
        xp.set_flags(**kwargs)
    assert xp.get_flags() == before  # nothing half-set


def test_flags_context_manager_nests_and_restores_on_error():
    with xp.Flags(strict=True):
        with xp.Flags(api_version="2023.12"):
            assert xp.get_flags()["strict"] and xp.__array_api_version__ == "2023.12"
        assert xp.__array_api_version__ == "2025.12"
        with pytest.raises(ZeroDivisionError), xp.Flags(boolean_indexing=False):
            1 / 0
        assert xp.get_flags()["boolean_indexing"] is True
    assert xp.get_flags()["strict"] is False
    assert repr(xp.Flags(strict=True)) == "Flags(strict=True)"


def test_api_version_gates_later_functions():
    x = xp.asarray([1.0, 4.0, 9.0])
    with xp.Flags(api_version="2023.12"):
        for f, args in [(xp.diff, (x,)), (xp.reciprocal, (x,)), (xp.cumulative_prod, (x,)), (xp.count_nonzero, (x,)), (xp.isin, (xp.asarray([1]), xp.asarray([1])))]:
            with pytest.raises(RuntimeError, match=f"{f.__name__}: .*added in version 20"):
                f(*args)
        with pytest.raises(RuntimeError, match="2025.12"):
            xp.linalg.eigvals(xp.eye(2))
        assert isinstance(xp.__array_namespace_info__().devices(), list)
        assert "max dimensions" not in xp.__array_namespace_info__().capabilities()
        np.testing.assert_array_equal(np.asarray(xp.cumulative_sum(x)), [1.0, 5.0, 14.0])  # 2023.12 has it
    with xp.Flags(api_version="2024.12"):
        np.testing.assert_array_equal(np.asarray(xp.diff(x)), [3.0, 5.0])
        with pytest.raises(RuntimeError, match="broadcast_shapes: .*2025.12"):
            xp.broadcast_shapes((2, 1), (1, 3))
    assert xp.broadcast_shapes((2, 1), (1, 3)) == (2, 3)
    assert isinstance(xp.__array_namespace_info__().devices(), tuple)
    assert xp.__array_namespace_info__().capabilities()["max dimensions"] == 64


def test_enabled_extensions():
    with xp.Flags(enabled_extensions=["fft"]):
        assert "linalg" not in xp.__all__ and "fft" in xp.__all__
        with pytest.raises(RuntimeError, match="det: linalg.det belongs to the linalg extension"):
            xp.linalg.det(xp.eye(2))
        assert complex(xp.fft.fft(xp.ones(4))[0]) == 4.0
        assert xp.matmul(xp.eye(2), xp.eye(2)).shape == (2, 2)  # the main namespace's own
    with xp.Flags(enabled_extensions=[]):
        assert "fft" not in xp.__all__
        with pytest.raises(RuntimeError, match="fft extension"):
            xp.fft.fft(xp.ones(4))
    assert float(xp.linalg.det(xp.eye(2))) == 1.0
    assert "linalg" in xp.__all__ and "fft" in xp.__all__


def test_boolean_indexing_flag():
    x = xp.asarray([1.0, 2.0, 3.0])
    m = x > 1.5
    with xp.Flags(boolean_indexing=False):
        assert xp.__array_namespace_info__().capabilities()["boolean indexing"] is False
        with pytest.raises(RuntimeError, match="__getitem__: .*boolean_indexing flag is off"):
            x[m]
        with pytest.raises(RuntimeError, match="boolean_indexing"):
            x[m] = 0.0
        assert float(x[1]) == 2.0  # other keys are untouched
    np.testing.assert_array_equal(np.asarray(x[m]), [2.0, 3.0])


def test_data_dependent_shapes_flag():
    x = xp.asarray([3, 1, 3])
    with xp.Flags(data_dependent_shapes=False):
        assert xp.__array_namespace_info__().capabilities()["data-dependent shapes"] is False
        for f in (xp.unique_values, xp.unique_all, xp.unique_counts, xp.unique_inverse, xp.nonzero):
            with pytest.raises(RuntimeError, match=f"{f.__name__}: the output shape depends on the data"):
                f(x)
        with pytest.raises(RuntimeError, match="repeat"):
            xp.repeat(x, xp.asarray([1, 2, 1]))
        assert xp.repeat(x, 2).shape == (6,)  # an int count is not data-dependent
    np.testing.assert_array_equal(np.asarray(xp.unique_values(x)), [1, 3])


def test_strict_mode_turns_numpy_interop_off():
    assert np.dtype(xp.float64) == np.float64
    with xp.Flags(strict=True), pytest.raises(TypeError):
        np.dtype(xp.float64)
    assert np.dtype(xp.int8) == np.int8


def _run(env: dict, code: str) -> str:
    full = {**os.environ, **env}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, check=True)
    return r.stdout.strip()


def test_environment_variables():
    out = _run(
        {"NX_STRICT": "1", "NX_API_VERSION": "2024.12", "NX_BOOLEAN_INDEXING": "false", "NX_DATA_DEPENDENT_SHAPES": "0", "NX_ENABLED_EXTENSIONS": "linalg"},
        "import nx_array_api as xp; f = xp.get_flags(); print(f['strict'], f['api_version'], f['boolean_indexing'], f['data_dependent_shapes'], ','.join(f['enabled_extensions']), xp.__array_api_version__)",
    )
    assert out == "True 2024.12 False False linalg 2024.12"
    assert _run({"NX_ENABLED_EXTENSIONS": ""}, "import nx_array_api as xp; print(xp.get_flags()['enabled_extensions'])") == "()"


def test_bad_environment_variable_is_a_clear_error():
    with pytest.raises(subprocess.CalledProcessError) as e:
        subprocess.run([sys.executable, "-c", "import nx_array_api"], capture_output=True, text=True, env={**os.environ, "NX_STRICT": "maybe"}, check=True)
    assert "NX_STRICT='maybe' is not a boolean" in e.value.stderr
