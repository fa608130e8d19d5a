"""DType facts: the integer limits every range check of the namespace reads."""

import numpy as np
import pytest

from nx_core import dtype as D


@pytest.mark.parametrize("d", [d for d in D.ALL if d.kind in "iu"], ids=lambda d: d.name)
def test_integer_limits_are_numpys(d):
    info = np.iinfo(d.name)
    assert d.limits == (int(info.min), int(info.max))


@pytest.mark.parametrize("d", [d for d in D.ALL if d.kind not in "iu"], ids=lambda d: d.name)
def test_other_kinds_have_no_limits(d):
    assert d.limits is None


def test_numpy_reads_nx_dtypes_in_a_fresh_process():
    """NumPy (>= 2.4) reads an nx dtype even before any nx array exists: the NumPy
    backend is loaded on NumPy's first question."""
    import subprocess
    import sys

    if tuple(int(v) for v in np.__version__.split(".")[:2]) < (2, 4):
        pytest.skip("__numpy_dtype__ is NumPy 2.4's")
    code = "import numpy as np, nx_array_api as xp; print(np.dtype(xp.float64), np.ones(2).astype(xp.int8).dtype)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["float64", "int8"]
