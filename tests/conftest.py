"""Test-suite wide environment setup.

SciPy reads ``SCIPY_ARRAY_API`` once, at its first import, and scikit-learn refuses
``array_api_dispatch=True`` without it. Setting it here, before any test module is
imported, lets the integration tests (tests/integration/) run in the same process as
the rest of the suite. Running a consumer by hand needs the same variable:
``SCIPY_ARRAY_API=1 python script.py``.
"""

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")
