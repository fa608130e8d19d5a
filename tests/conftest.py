"""Test-suite wide environment setup.

SciPy reads ``SCIPY_ARRAY_API`` once, at its first import, and scikit-learn refuses
``array_api_dispatch=True`` without it. Setting it here, before any test module is
imported, lets the integration tests (tests/integration/) run in the same process as
the rest of the suite. Running a consumer by hand needs the same variable:
``SCIPY_ARRAY_API=1 python script.py``.
"""

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")


# ---------------------------------------------------------------- Hypothesis
# No test asserts a time: the suite must pass on a machine other work loads as much as
# it likes. So no Hypothesis deadline (an example that takes 200 ms on a busy 2-core
# machine is no bug) and no health check on slow data generation, for every test that
# does not set its own; a call that never returns is caught by the fuzz suite's
# ``no_hang`` instead. Loaded here, before any test module makes its settings.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("nx", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("nx")


# ---------------------------------------------------------------- a second backend
# A second backend kind, registered the way a third-party engine would be: its own
# name, its own factory, its own device. It runs NumPy's kernels but counts every
# primitive it executes, so tests can tell that an nx array on its device computes on
# it (tests/core/test_second_backend.py), and the backend contract test
# (tests/core/test_backend_contract.py) runs every case against it too, because it
# parametrizes over ``available_backends()``.
import collections  # noqa: E402

from nx_core.backend import register_backend  # noqa: E402
from nx_core.backend.numpy import NumpyBackend  # noqa: E402
from nx_core.backend.protocol import Backend  # noqa: E402
from nx_core.device import register_device  # noqa: E402


def _counted(prim, fn):
    def run(self, *args, **kwargs):
        self.calls[prim] += 1
        return fn(self, *args, **kwargs)

    run.__name__ = prim
    run.__doc__ = fn.__doc__
    run.__wrapped__ = fn  # inspect.signature sees the primitive's own parameters
    return run


class CountingBackend(NumpyBackend):
    """NumPy's kernels under another backend kind, counting the primitives it runs."""

    name = "counting"

    def __init__(self, device=None):
        super().__init__(device)
        self.calls = collections.Counter()


for _prim in [n for n in dir(Backend) if not n.startswith("_") and callable(getattr(Backend, n))]:
    setattr(CountingBackend, _prim, _counted(_prim, getattr(NumpyBackend, _prim)))

register_backend("counting", CountingBackend)
register_device("counting0", backend="counting")
