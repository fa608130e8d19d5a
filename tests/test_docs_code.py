"""The docs run as written: every fenced code block of README.md and docs/*.md either
runs in ``make test`` or says, by its language tag or a marker, why it does not.

- ``pycon`` blocks (and any block that opens with ``>>>``) are doctests:
  tests/test_docs_pages.py runs each page's sessions (here: every page that has one is
  among the pages it runs).
- ``python`` blocks run as a script: a page's blocks, in order, as one file run by a
  fresh interpreter (``python page.py``), each block at its own line number, so that a
  traceback names the page's line. A script, not ``exec`` in the test process: the
  LocalCluster example of docs/scaling-out.md starts worker processes, which import the
  script's main module again (its ``if __name__ == "__main__":`` guard is what a reader
  needs too).
- Every other tag is skipped for the reason ``SKIPPED`` gives; a block with no tag fails
  the test (say what it is). A ``python`` block that is deliberately partial is marked
  with ``<!-- not run: why -->`` on the line before its fence.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
FENCE = re.compile(r"^```([^`\n]*)\n(.*?)^```[ \t]*$", re.S | re.M)
NOT_RUN = re.compile(r"<!--\s*not run:\s*(.+?)\s*-->")

SKIPPED = {
    "sh": "shell commands (installing, make targets): the targets have their own tests",
    "text": "program output or a directory layout, not code",
    "{eval-rst}": "Sphinx directives of the API reference: `make docs` builds them (warnings are errors)",
    "{nx-members}": "a Sphinx directive of the API reference: `make docs` builds it",
    "{nx-automodule}": "a Sphinx directive of the API reference: `make docs` builds it",
    "{toctree}": "the Sphinx table of contents: `make docs` builds it",
}
DOCTEST = "pycon"
SCRIPT = "python"


def blocks(page: Path) -> list[tuple[int, str, str, str | None]]:
    """(line of the first line of code, tag, code, the reason it is not run or None) of
    each fenced block of ``page``."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 2
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        marker = NOT_RUN.search(before)
        tag = (m.group(1).split() or [""])[0]  # the info string's first word ("{nx-members} module": the directive)
        out.append((line, tag, m.group(2), marker.group(1) if marker else None))
    return out


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _is_session(tag: str, code: str) -> bool:
    return tag == DOCTEST or code.lstrip().startswith(">>> ")


def test_pages_found():
    names = {_name(p) for p in PAGES}
    assert {"README.md", "docs/getting-started.md", "docs/scaling-out.md", "docs/errors.md"} <= names


BLOCKS = [(page, line, tag, code, why) for page in PAGES for line, tag, code, why in blocks(page)]


@pytest.mark.parametrize("page,line,tag,code,why", BLOCKS, ids=[f"{_name(b[0])}:{b[1]}" for b in BLOCKS])
def test_every_block_runs_or_says_why_not(page, line, tag, code, why):
    """Each block: run (a doctest session by tests/test_docs_pages.py, a python block by
    the script test below), or skipped with its reason (``pytest -rs`` lists them)."""
    if _is_session(tag, code):
        assert page.parent.name == "docs" and ">>> " in page.read_text(encoding="utf-8"), (
            f"{_name(page)}:{line}: a session outside docs/ is not run"
        )
    elif tag == SCRIPT:
        if why is not None:
            pytest.skip(f"{_name(page)}:{line}: {why}")
        assert page in SCRIPT_PAGES
    elif tag in SKIPPED:
        pytest.skip(f"{_name(page)}:{line}: ```{tag}: {SKIPPED[tag]}")
    else:
        pytest.fail(f"{_name(page)}:{line}: a block tagged {tag!r} neither runs nor says why not: tag it python, "
                    "pycon, sh or text (or mark a partial python block with <!-- not run: why -->)")


SCRIPT_PAGES = [p for p in PAGES if any(t == SCRIPT and not _is_session(t, c) and w is None for _, t, c, w in blocks(p))]


def script(page: Path) -> str:
    """The page's ``python`` blocks as one script, each block at its line of the page."""
    src: list[str] = []
    for line, tag, code, why in blocks(page):
        if tag != SCRIPT or why is not None or _is_session(tag, code):
            continue
        src.extend([""] * (line - 1 - len(src)))
        src.extend(code.rstrip("\n").split("\n"))
    return "\n".join(src) + "\n"


@pytest.mark.parametrize("page", SCRIPT_PAGES, ids=_name)
def test_python_blocks_run_as_a_script(page, tmp_path):
    if "distributed" in script(page):
        pytest.importorskip("distributed")
    path = tmp_path / (page.name + ".py")
    path.write_text(script(page), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, str(path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, (
        f"the python blocks of {_name(page)}, run as a script, failed (line numbers are the page's):\n"
        f"{r.stdout[-3000:]}\n{r.stderr[-6000:]}"
    )
