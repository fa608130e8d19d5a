"""Integration tests: nx arrays given to real Array API consumers.

The consumers (scikit-learn, SciPy, array-api-extra, array-api-compat) are optional
test dependencies (the ``test`` extra); a test module whose consumer is missing skips.

SciPy reads ``SCIPY_ARRAY_API`` once, when it is first imported, and scikit-learn's
``array_api_dispatch=True`` refuses to run without it. tests/conftest.py sets it for
the whole suite; this file sets it again for runs of this folder alone (both before
any test module imports SciPy). A script that uses nx with SciPy or scikit-learn must
do the same: ``SCIPY_ARRAY_API=1 python script.py``. If SciPy was imported without it
(by a plugin, say), the SciPy and scikit-learn tests skip and say so.

The test folders are not packages, so each test module keeps its own small helpers;
the shared fixture is ``array_api_dispatch``.
"""

from __future__ import annotations

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")

import pytest  # noqa: E402


@pytest.fixture
def array_api_dispatch():
    """scikit-learn's array API dispatch, on for the duration of the test."""
    sklearn = pytest.importorskip("sklearn")
    with sklearn.config_context(array_api_dispatch=True):
        yield


def pytest_configure(config):
    # scikit-learn's metric test helpers, imported by test_sklearn.py, carry this mark
    config.addinivalue_line("markers", "thread_unsafe: scikit-learn's own mark (unused here)")
