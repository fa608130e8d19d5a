"""``import array_api_strict`` in a process whose ``PYTHONPATH`` starts with this folder's
parent (``nx_array_api/strict/_shim``; ``nx_array_api.strict.pytest_plugin`` puts it
there for the xdist workers and the subprocesses of a test run).

With ``NX_SERVE_AS_ARRAY_API_STRICT`` set (and not ``0``) it gives nx's strict namespace
(``nx_array_api.strict.serve_as_array_api_strict``); without it, the real array-api-strict,
found on the rest of ``sys.path``, as if this folder were not there.
"""

import importlib.machinery
import importlib.util
import os
import sys

if os.environ.get("NX_SERVE_AS_ARRAY_API_STRICT", "") not in ("", "0"):
    from nx_array_api.strict import serve_as_array_api_strict

    serve_as_array_api_strict()
else:
    _here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    _path = [p for p in sys.path if os.path.abspath(p or os.curdir) != _here]
    _spec = importlib.machinery.PathFinder.find_spec(__name__, _path)
    if _spec is None or _spec.loader is None:
        raise ModuleNotFoundError(f"No module named {__name__!r}", name=__name__)
    _module = importlib.util.module_from_spec(_spec)
    sys.modules[__name__] = _module
    _spec.loader.exec_module(_module)
