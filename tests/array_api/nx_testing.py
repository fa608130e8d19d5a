"""Helpers the namespace tests share: arrays in through the public API, NumPy out.

A plain module (pytest puts this folder on ``sys.path``): ``from nx_testing import A, N, same``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

import nx_array_api as xp


def A(a: Any, dtype: Any = None) -> Any:
    """An nx array holding a copy of ``a`` (anything ``np.array`` reads), made by ``asarray``."""
    return xp.asarray(np.array(a, dtype=dtype))


def N(x: Any) -> np.ndarray:
    """The NumPy array of an nx array's elements (the oracle's side of a comparison)."""
    return np.asarray(x)


def same(x: Any, expected: Any) -> None:
    """``x`` has exactly ``expected``'s shape, dtype and values (NaNs equal)."""
    e = np.asarray(expected)
    r = N(x)
    assert r.shape == e.shape, (r.shape, e.shape)
    assert r.dtype == e.dtype, (r.dtype, e.dtype)
    np.testing.assert_array_equal(r, e)
