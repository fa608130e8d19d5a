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
