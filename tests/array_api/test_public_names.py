"""The public surface is explicit: the standard's names plus nx's documented extras.

array_api_strict exports exactly the standard's names, plus its flag functions; nx's
``__all__`` must be those names (without strict's flags) and the extras below, no more,
so that an import can never change the public API silently.
"""

from __future__ import annotations

import pytest

import nx_array_api as xp

array_api_strict = pytest.importorskip("array_api_strict")

#: array_api_strict's own additions, not the standard's.
STRICT_ONLY = {"ArrayAPIStrictFlags", "__version__", "get_array_api_strict_flags", "reset_array_api_strict_flags", "set_array_api_strict_flags"}

#: nx's documented extras (docs/beyond-the-standard.md and docs/devices.md).
NX_EXTRAS = {
    "Array",  # the array type itself
    "using_device",  # the default-device context manager
    "compiled",  # the modules the process runs compiled (the build)
    "Flags", "get_flags", "reset_flags", "set_flags",  # strict mode and array-api-strict's flags
    "random",  # Threefry counter-based random numbers
    "scatter", "threefry", "unfold", "fold", "pad", "persist",
    # Nx-style slicing and manipulation
    "slice", "get", "item", "A", "I", "L", "N", "R", "Rs",
    "dstack", "hstack", "vstack", "split", "swapaxes", "flatten", "unflatten", "unsqueeze",
}


def test_all_is_the_standard_plus_documented_extras():
    standard = set(array_api_strict.__all__) - STRICT_ONLY
    assert set(xp.__all__) == standard | NX_EXTRAS
    assert len(xp.__all__) == len(set(xp.__all__))


def test_every_public_name_exists():
    for name in xp.__all__:
        assert hasattr(xp, name), name


@pytest.mark.parametrize("sub", ["linalg", "fft"])
def test_extensions_cover_the_standard(sub):
    ours, theirs = getattr(xp, sub), getattr(array_api_strict, sub)
    assert set(theirs.__all__) <= set(ours.__all__)


# --------------------------------------------------- what dir() shows of each module
import nx_array_api.strict as sx  # noqa: E402

#: Every public module of both namespaces.
PUBLIC_MODULES = [xp, xp.linalg, xp.fft, xp.random, sx, sx.linalg, sx.fft]


@pytest.mark.parametrize("mod", PUBLIC_MODULES, ids=lambda m: m.__name__)
def test_dir_is_all_plus_dunders(mod):
    """A user's tab completion and the docs see the module's names, not the names its
    implementation imports (``Any``, ``Tensor``, ``check_array``, ``annotations``, ...)."""
    dunders = {n for n in vars(mod) if n.startswith("__") and n.endswith("__")}
    assert dir(mod) == sorted(set(mod.__all__) | dunders | {"__all__"})
    for name in mod.__all__:
        assert hasattr(mod, name), f"{mod.__name__}.{name}"


def test_dir_shows_the_extensions_the_flags_enable():
    assert {"linalg", "fft"} <= set(dir(xp)) and {"linalg", "fft"} <= set(dir(sx))
    with xp.Flags(enabled_extensions=("linalg",)):
        assert "linalg" in dir(xp) and "fft" not in dir(xp) and "fft" not in xp.__all__
    assert "fft" in dir(xp)


def test_the_strict_namespace_is_the_shared_names_plus_its_own():
    """Both namespaces' names come from one list (nx_array_api._SHARED); each adds its own."""
    shared = set(xp.__all__) & set(sx.__all__)
    assert set(sx.__all__) - shared == {"__version__", "ArrayAPIStrictFlags", "get_array_api_strict_flags", "reset_array_api_strict_flags", "set_array_api_strict_flags"}
    assert set(xp.__all__) - shared == NX_EXTRAS - {"Array", "Flags", "get_flags", "reset_flags", "set_flags"}
    assert set(sx.linalg.__all__) == set(xp.linalg.__all__) - {"eig", "eigvals"}
    assert sx.fft.__all__ == xp.fft.__all__
