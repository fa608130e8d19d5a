"""The fuzz suite's fixture; its helpers are the plain module ``nx_fuzz`` beside it."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture(autouse=True)
def _fuzz_errstate():
    """NumPy warnings are not errors here: only what nx raises counts."""
    with np.errstate(all="ignore"):
        yield
