"""The array types as the modules below them check them: sets that ``_array_object`` fills.

The array types' operators, indexing and ``to_device`` are the namespace's functions
themselves, defined in the types' class bodies (``_array_object``), so the modules those
functions live in, and the helpers they use, sit below the array types and cannot import
them. They check an object's type against these sets instead, filled once by
``_array_object`` (``register``) as soon as the types exist, before any function runs:
``type(x) in ARRAY_TYPES`` costs what ``type(x) is Array`` costs (one comparison, no
call), and is true for the two types only (no other class derives from them: their
constructor is private). Their annotations name ``Array`` through an import that only a
type checker runs.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ARRAY_TYPES", "DROPIN_TYPES", "STRICT_TYPES", "register"]

#: ``{Array, StrictArray}``: an array of either namespace.
ARRAY_TYPES: set[Any] = set()  # (Any: what a check finds is an array, not an object)
#: ``{Array}``: an array of the drop-in namespace.
DROPIN_TYPES: set[Any] = set()  # (Any: what a check finds is an array, not an object)
#: ``{StrictArray}``: an array of the strict namespace.
STRICT_TYPES: set[Any] = set()  # (Any: what a check finds is an array, not an object)


def register(dropin: type, strict: type) -> None:
    """Records the two array types (``_array_object`` calls it once, after their class
    bodies)."""
    ARRAY_TYPES.update((dropin, strict))
    DROPIN_TYPES.add(dropin)
    STRICT_TYPES.add(strict)
