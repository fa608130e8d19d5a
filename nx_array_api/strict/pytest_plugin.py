"""A pytest plugin that runs a test suite written for array-api-strict on nx's strict
namespace, unchanged:

    python -m pytest -p nx_array_api.strict.pytest_plugin ...

Before pytest reads the conftests, ``import array_api_strict`` is made to give
``nx_array_api.strict`` under the name ``array_api_strict``
(``nx_array_api.strict.serve_as_array_api_strict``), and the environment of the run gets
``NX_SERVE_AS_ARRAY_API_STRICT=1`` and the shim folder first on ``PYTHONPATH``, so that
pytest-xdist's workers and the Python subprocesses a test starts import nx's strict
namespace as ``array_api_strict`` too. The tests' warning filters for array-api-strict's
modules (``filterwarnings`` marks whose module field is ``array_api_strict...``: NumPy's
warnings, which array-api-strict's code raises) get the same filter for ``nx_core``, the
package whose code calls NumPy in nx. Without ``-p nx_array_api.strict.pytest_plugin``
nothing changes. docs/strict-mode.md, "Run your test suite on nx", says what differs from
array-api-strict.

A read of elements that a write through another array sharing their memory changed (a
stale read, which ``nx_array_api.strict`` refuses and array-api-strict does not check) is
recorded, not raised, and read as NumPy reads it; the run ends with a section listing
them by write site and read site. ``--nx-stale-reads=raise`` (or
``NX_STALE_READS=raise`` in the environment) makes each a ValueError instead.

The plugin also brings the portability report's option, ``--nx-portability-report=PATH``
(``nx_array_api.strict._report_hooks``): the suite then runs in record mode, and the
report lists every use the strict namespace refuses, by kind and call site.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from ._serve import ENV, NAME, STALE_ENV, STALE_MODES, environment, serve_as_array_api_strict, stale_reads_mode

pytest_plugins = ["nx_array_api.strict._report_hooks"]


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    """Serves nx as ``array_api_strict`` in this process and in the processes it starts,
    before a conftest can import anything."""
    os.environ.update(environment())
    serve_as_array_api_strict()


def pytest_addoption(parser: Any) -> None:
    parser.getgroup("nx", "nx array library").addoption(
        "--nx-stale-reads",
        choices=STALE_MODES,
        dest="nx_stale_reads",
        default=stale_reads_mode(),
        help="what a read of elements changed through shared memory does while nx is served as array_api_strict: "
        f"record (the default: listed at the end, read as NumPy reads it) or raise (a ValueError); default from {STALE_ENV}",
    )


def pytest_configure(config: Any) -> None:
    """The stale reads' mode goes to the processes the run starts (the recorder itself:
    ``_report_hooks``)."""
    os.environ[STALE_ENV] = config.getoption("nx_stale_reads")


def carry_warning_filters(items: list[Any]) -> None:
    """Adds to each test whose ``filterwarnings`` marks name array-api-strict's modules
    the same filters for ``nx_core``, where nx calls NumPy."""
    for item in items:
        for mark in list(item.iter_markers("filterwarnings")):
            for arg in mark.args:
                parts = arg.split(":")
                if len(parts) >= 4 and parts[3].strip().startswith(NAME):
                    parts[3] = "nx_core"
                    item.add_marker(pytest.mark.filterwarnings(":".join(parts)))


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    carry_warning_filters(items)


def pytest_report_header(config: Any) -> str:
    module = serve_as_array_api_strict()
    return f"{NAME} is nx's strict namespace ({module.__file__}; {ENV}=1)"
