"""The array types as the modules below them see them: sets that ``_array_object`` fills,
and the names their annotations use.

The array types' operators, indexing and ``to_device`` are the namespace's functions
themselves, defined in the types' class bodies (``_array_object``), so the modules those
functions live in, and the helpers they use, sit below the array types and import
nothing of them, not even for annotations. They check an object's type against these
sets instead, filled once by ``_array_object`` (``register``) as soon as the types
exist, before any function runs: ``type(x) in ARRAY_TYPES`` costs what ``type(x) is
Array`` costs (one comparison, no call), and is true for the two types only (no other
class derives from them: their constructor is private).

Their annotations name ``ArrayT``, the standard stubs' ``array``: a type variable, so
that what a function returns has its argument's type (``matmul`` of two ``Array``s is an
``Array`` to a type checker, of two ``StrictArray``s a ``StrictArray``), bound to
``ArrayTensor``, the array types' base as type checkers see it: a Tensor whose class
names its namespace (``_ns``). At run time ``ArrayTensor`` is ``Tensor`` itself (an
array is its tensor, one object, with no class between them), and every tensor the
namespace's functions see is an array: backends make their results as the registered
tensor class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from nx_core.tensor import Tensor

from ._flags import Namespace

__all__ = ["ARRAY_TYPES", "ArrayT", "ArrayTensor", "DROPIN_TYPES", "STRICT_TYPES", "register"]

if TYPE_CHECKING:

    class ArrayTensor(Tensor):
        """The base of ``Array`` and ``StrictArray`` to a type checker: a Tensor of a
        namespace."""

        __slots__ = ()
        _ns: ClassVar[Namespace]  # the array type's namespace (its mode and flags)

else:
    ArrayTensor = Tensor  # (at run time: the arrays' base is Tensor, see above)

#: An array of either namespace (the standard stubs' ``array``), in the annotations of
#: the modules below the array types.
ArrayT = TypeVar("ArrayT", bound=ArrayTensor)

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
