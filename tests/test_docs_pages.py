"""The user guide's examples are real: every ``>>>`` session of the docs pages runs and
prints what the page says it prints."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
PAGES = sorted(p.name for p in DOCS.glob("*.md") if ">>> " in p.read_text(encoding="utf-8"))


def test_pages_found():
    assert {"getting-started.md", "views-and-copies.md", "indexing.md", "design.md"} <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_page_examples(page):
    if page == "consumers.md":
        pytest.importorskip("sklearn")
        pytest.importorskip("scipy")
    result = doctest.testfile(
        str(DOCS / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {page} failed"
