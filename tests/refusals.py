"""What the tests that compare refusals share (a plain module: pytest puts this folder on
``sys.path``): ``from refusals import refusal``."""

from __future__ import annotations

from typing import Any, Callable


def refusal(use: Callable[[], Any]) -> type[BaseException] | None:
    """The type of the exception ``use()`` raises, or None when it returns."""
    try:
        use()
    except Exception as e:  # noqa: BLE001 - the point is which one
        return type(e)
    return None
