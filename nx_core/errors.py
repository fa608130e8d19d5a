"""The few exceptions nx defines. Everything else is a builtin exception."""

from __future__ import annotations

__all__ = ["NxInvalidArgument", "AxisError", "LinalgError", "ScalarOverflowError"]


class NxInvalidArgument(ValueError):
    """Raised by nx_core for invalid arguments; carries the spec's message text."""


class AxisError(ValueError, IndexError):
    """An axis argument is out of range (both a ValueError and an IndexError, as in NumPy)."""


class LinalgError(ValueError):
    """A linear-algebra routine failed (singular matrix, not positive definite, ...)."""


class ScalarOverflowError(OverflowError, ValueError):
    """A Python int does not fit the integer dtype it is combined with (also a ValueError)."""
