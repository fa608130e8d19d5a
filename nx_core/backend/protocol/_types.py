"""Types the protocol modules share."""

from typing import Any

__all__ = ["Scalar"]

Scalar = Any  # bool | int | float | complex
