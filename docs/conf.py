"""Sphinx configuration for the nx documentation.

Build with ``make docs``, or by hand:
``sphinx-build -W --keep-going -b html docs docs/_build/html``.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import os
import re
import sys

# Document the nx in this checkout, whether or not it is installed.
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

import nx_array_api  # noqa: E402

# -- Project -----------------------------------------------------------------
project = "nx"
author = "the nx developers"
copyright = "the nx developers"
# The one version, nx_array_api.__version__ (the distribution's metadata reads it too).
release = nx_array_api.__version__
version = ".".join(release.split(".")[:2])

# -- General -----------------------------------------------------------------
extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
myst_heading_anchors = 3
# {{ release }} in the pages' text (index.md) is the version.
myst_enable_extensions = ["substitution"]
myst_substitutions = {"release": release}

# The docstrings use reStructuredText; signatures keep their annotations.
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_preserve_defaults = True

# -- HTML --------------------------------------------------------------------
html_theme = "alabaster"
html_title = f"nx {release}"
html_static_path: list[str] = []
html_theme_options = {
    "description": "The Python Array API standard on a strided core",
    "fixed_sidebar": True,
    "page_width": "1100px",
}


# -- The API reference -------------------------------------------------------
# ``{nx-members} MODULE`` documents, as ``nx_array_api.NAME``, every name of MODULE's
# ``__all__`` that the namespace exports. The reference thus follows the modules (one per
# section of the standard) without a list to keep in step by hand. After reading,
# ``_check_api_complete`` warns (an error under ``-W``) about any public name of the
# namespace that no page documents.

from docutils import nodes  # noqa: E402
from docutils.parsers.rst import directives  # noqa: E402
from docutils.statemachine import StringList  # noqa: E402
from sphinx.util import logging  # noqa: E402
from sphinx.util.docutils import SphinxDirective  # noqa: E402

logger = logging.getLogger(__name__)
NAMESPACE = "nx_array_api"


def _shadows_builtin_type(name: str) -> bool:
    """``xp.bool`` and ``xp.slice``: indexed, they would capture every ``bool`` or
    ``slice`` of the signatures' annotations (resolved in the namespace first)."""
    return isinstance(getattr(builtins, name, None), type)


def _entry(name: str, obj: object) -> list[str]:
    """reST lines documenting ``nx_array_api.NAME``."""
    full = f"{NAMESPACE}.{name}"
    opts = ["   :no-index:"] if _shadows_builtin_type(name) else []
    if inspect.isclass(obj):
        return [f".. autoclass:: {full}", "   :members:", *opts, ""]
    if callable(obj):
        return [f".. autofunction:: {full}", *opts, ""]
    return [f".. py:data:: {name}", f"   :module: {NAMESPACE}", f"   :value: {obj!r}", *opts, ""]


def _parse_rst(directive: SphinxDirective, lines: list[str], source: str) -> list[nodes.Node]:
    """Parses reST ``lines`` where ``directive`` stands. The pages are Markdown (MyST),
    whose nested parsing reads Markdown, so the reST goes in an ``eval-rst`` fence."""
    fence = ["```{eval-rst}", *lines, "```"]
    node = nodes.Element()
    directive.state.nested_parse(StringList(fence, source=source), directive.content_offset, node)
    return node.children


class NxMembers(SphinxDirective):
    """``{nx-members} nx_array_api._creation_functions`` (``:optional:`` if it may be absent)."""

    required_arguments = 1
    option_spec = {"optional": directives.flag}

    def run(self) -> list[nodes.Node]:
        modname = self.arguments[0]
        optional = "optional" in self.options
        try:
            module = importlib.import_module(modname)
        except ImportError as e:
            if optional:
                return []
            logger.warning(f"nx-members: cannot import {modname}: {e}", location=self.get_location())
            return []
        self.env.note_dependency(inspect.getfile(module))
        ns = importlib.import_module(NAMESPACE)
        lines: list[str] = []
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name, None)
            if name in getattr(ns, "__all__", ()) and getattr(ns, name, None) is obj:
                lines.extend(_entry(name, obj))
                if _shadows_builtin_type(name):
                    _unindexed(self.env).setdefault(self.env.docname, set()).add(name)
        if not lines:
            if not optional:
                logger.warning(f"nx-members: {modname} exports nothing into {NAMESPACE}",
                               location=self.get_location())
            return []
        return _parse_rst(self, lines, modname)


class NxAutomodule(SphinxDirective):
    """``{nx-automodule} nx_array_api.random``: automodule with members, or nothing (and no
    warning) when the module cannot be imported."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        modname = self.arguments[0]
        try:
            importlib.import_module(modname)
        except ImportError:
            return []
        return _parse_rst(self, [f".. automodule:: {modname}", "   :members:", ""], modname)


# Docstrings write absolute values as |x| (plain text); reStructuredText would read that
# as a substitution reference and fail. Outside literals, |...| becomes a literal.
_LITERAL = re.compile(r"(``.+?``)")
_BARS = re.compile(r"(?<![|`\w])\|([^|`\s][^|`]*?)\|(?![|`\w])")


def _literal_bars(app, what, name, obj, options, lines: list[str]) -> None:
    for i, line in enumerate(lines):
        if "|" in line:
            parts = _LITERAL.split(line)
            lines[i] = "".join(p if p.startswith("``") else _BARS.sub(r"``|\1|``", p) for p in parts)


def _unindexed(env) -> dict[str, set[str]]:
    """Per page, the names documented without an index entry (``_shadows_builtin_type``)."""
    if not hasattr(env, "nx_unindexed"):
        env.nx_unindexed = {}
    return env.nx_unindexed


def _purge_unindexed(app, env, docname) -> None:
    _unindexed(env).pop(docname, None)


def _merge_unindexed(app, env, docnames, other) -> None:
    for docname in docnames:
        if docname in _unindexed(other):
            _unindexed(env)[docname] = _unindexed(other)[docname]


def _check_api_complete(app, env) -> None:
    ns = importlib.import_module(NAMESPACE)
    objects = env.get_domain("py").objects
    done = set().union(*_unindexed(env).values())
    missing = [n for n in getattr(ns, "__all__", ())
               if f"{NAMESPACE}.{n}" not in objects and n not in done]
    if missing:
        logger.warning(
            "the API reference does not document these public names of "
            f"{NAMESPACE}: {', '.join(sorted(missing))} (add them to docs/api.md)"
        )


def setup(app):
    app.add_directive("nx-members", NxMembers)
    app.add_directive("nx-automodule", NxAutomodule)
    app.connect("env-purge-doc", _purge_unindexed)
    app.connect("env-merge-info", _merge_unindexed)
    app.connect("env-check-consistency", _check_api_complete)
    app.connect("autodoc-process-docstring", _literal_bars)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
