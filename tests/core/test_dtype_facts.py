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
