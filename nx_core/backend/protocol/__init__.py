"""The backend protocol: every primitive a backend executes, with its contract.

A backend is any object with the methods below (``typing.Protocol``: structural, no
inheritance needed). The NumPy CPU backend (``nx_core.backend.numpy.NumpyBackend``) is the
reference implementation; ``register_backend`` plugs in others. The primitives are
grouped by concern, one module each: ``creation`` (tensors in and out, ranges),
``elementwise``, ``reductions``, ``movement``, ``indexing`` (sorting, searching,
gather/scatter), ``linalg``, ``fft``, ``random`` and ``windows``. ``Backend`` inherits
them all.

Conventions (they hold for every primitive unless its docstring says otherwise):

* Tensors in, Tensors out. A ``Tensor`` is ``(buffer, view, dtype, backend)``;
  the buffer belongs to the backend, the ``View`` says where each logical element
  lives in it (in elements, never bytes).
* Inputs may be ANY View: C-contiguous, strided, broadcast (stride 0), flipped
  (negative stride), offset (a shrunk window of a larger buffer), permuted, empty, or
  masked (``View.pad``, virtual padding: positions outside the mask read as zero, and
  only the valid box is ever addressed). A backend never reads or writes outside its
  buffer, whatever the View.
* ``out`` (passed by keyword; after the operands, and optional) is either None -- the
  backend allocates a fresh, dense result
  of the dtype the contract implies and returns it -- or a pre-allocated
  C-contiguous, offset-0, unmasked Tensor of the right shape and dtype, into which the
  backend writes exactly ``numel(out)`` elements and which it returns (the same object).
  The frontend never passes an ``out`` that overlaps an input, except to ``add``,
  ``sub`` and ``mul``, and to ``div`` and ``pow`` on floating-point dtypes: their ``out``
  may be (or overlap) an input, and the result must be as if every input were read
  before ``out`` is written. That saves a temporary in ``x += y``, ``x /= y`` and
  ``x **= 2`` and in compositions such as the variance (``mul(d, d, out=d)``).
* Allocating primitives return fresh, writable buffers: a result never aliases an input
  (movement primitives, ``with_view``, ``contiguous`` on a C-contiguous tensor and
  ``from_host`` are the stated exceptions). "Dense" means offset 0, unmasked, and the
  elements fill the buffer exactly once: C order, or a permutation of it (a backend
  may keep the order of transposed inputs, as NumPy does, to save a copy); where a
  docstring says C-contiguous it means exactly that.
* Binary element-wise primitives accept a Python scalar (bool, int, float, complex) as
  their second operand, and those that broadcast ([EW2]) as their first operand too;
  the frontend has checked it is representable in the dtype.
* The frontend has validated everything it can: axes are non-negative, in range and
  deduplicated; shapes are broadcast (via ``expand``) and compatible; dtypes are
  promoted; ``axis`` arguments are ints in ``[0, ndim)``.

Named contract clauses used in the docstrings:

[EW2] Frontend guarantees: ``a`` and ``b`` have the same shape and dtype (broadcast
  already done with ``expand``), or ``b`` is a Python scalar; ``out``, if given, has
  that shape and the result dtype. Backend must: compute element ``i`` from ``a[i]`` and
  ``b[i]`` read through their views, write every element of the result, return it.
  A backend whose binary primitive broadcasts by itself (NumPy's ufuncs do) may say so
  with a true ``broadcasts`` attribute on the method's function; the frontend then
  checks that the operands' shapes broadcast together and hands them over unexpanded
  (``x + row`` makes no stride-0 view first), and takes a Python scalar as its first
  operand as it takes one second (``1.0 - x`` is ``sub(1.0, x)``: the result has the
  tensor's shape and dtype; no array of the scalar is made). ``out`` then has the
  broadcast shape. For a primitive that does not broadcast, the frontend gives a scalar
  first as a stride-0 view of one element (``expand`` of a 0-d tensor).
[EW1] Frontend guarantees: ``out``, if given, has ``x``'s shape and the result dtype
  (``x``'s unless stated). Backend must: as [EW2] with one operand.
[RED] Frontend guarantees: ``axes`` are valid, non-negative and unique (``()`` means no
  reduction: a copy); ``out``, if given, has the reduced shape (the reduced axes
  removed, or kept as size 1 when the primitive takes ``keepdims`` and it is True).
  Backend must: reduce every element of each reduced extent, whatever the input
  layout; the result dtype is ``x``'s unless stated; with ``keepdims`` (the seed's
  reductions take it) the reduced axes stay in the result as size 1.
[MOV] Frontend guarantees: arguments validated (``View`` raises ``NxInvalidArgument``
  otherwise). Backend must: return a new Tensor over the SAME buffer whose view is the
  corresponding ``View`` operation of ``t.view``; no copy, no element touched.
[ALIAS] Two names of one primitive, the seed's and the standard's (``and_`` and
  ``bitwise_and``, ``or_`` and ``bitwise_or``, ``xor`` and ``bitwise_xor``): a backend
  implements the primitive once, under either name, and binds the other name to it;
  both names are protocol methods with one contract, and the frontend may call either.

The seed's primitives. ``SEED_PRIMITIVES`` lists every primitive of the backend
interface of Nx (``Make_frontend.B``, the project's seed 004), under the seed's name and
with the seed's semantics; the first sentence of each one's docstring ("Seed 004: ...")
is the seed's own contract, and what follows makes it precise where the seed is silent
(the spec's recommendations). A backend written from the seed therefore fits: its
``mod_`` (C's ``%``, ``fmod``), ``expand`` (stride-0 broadcast of singleton axes),
``pad`` (a copy with a fill value), ``round`` (half away from zero), ``and_``/``or_``/
``xor`` and the ``keepdims`` of its reductions are the ones the protocol asks for. What
the standard needs beside them has its own names: ``remainder`` (floor remainder),
``round_half_even``, ``broadcast_to`` (leading axes too), ``pad_view`` (virtual
padding). Where the Python protocol departs from the OCaml signature, it does so in form
only: ``out`` is optional and passed by keyword (None allocates), the execution context is
the backend object itself, and index results are int64 when the backend allocates them
(the seed's int32 ``out`` is accepted). One seed name has a different contract here:
the seed's ``to_host`` returns t's flat buffer, to be read with ``view t``; here
``to_host`` returns t's logical elements, and the seed's pair (buffer and View) is
``layout``, whose docstring says so.

Index results (argsort, nonzero, searchsorted, unique's indices) are int64 when the
backend allocates them; index inputs may be any integer dtype. FFT and linear-algebra
primitives always allocate (fresh C-contiguous results, batched over leading dims).

The element-wise primitives (and ``matmul``, ``threefry``) take ``out`` as an ordinary
parameter with a default rather than a keyword-only one: CPython fills a missing
keyword-only argument from a dictionary of defaults, a lookup (about 25 ns) on every call
that leaves ``out`` out, the commonest call of all.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from .creation import CreationPrimitives
from .elementwise import ElementwisePrimitives
from .reductions import ReductionPrimitives
from .movement import MovementPrimitives
from .indexing import IndexingPrimitives
from .windows import WindowPrimitives
from .random import RandomPrimitives
from .linalg import LinalgPrimitives
from .fft import FFTPrimitives
from ._types import Scalar

__all__ = ["Backend", "CONCERNS", "SEED_PRIMITIVES", "Scalar", "CreationPrimitives", "ElementwisePrimitives", "ReductionPrimitives", "MovementPrimitives", "IndexingPrimitives", "WindowPrimitives", "RandomPrimitives", "LinalgPrimitives", "FFTPrimitives"]

#: Every primitive of seed 004 (Nx's ``Make_frontend.B``), by the seed's name: each is a
#: protocol method whose docstring opens with the seed's contract ("Seed 004: ..."), and
#: the contract test checks each one on every registered backend.
SEED_PRIMITIVES = (
    # tensors and creation
    "view", "dtype", "context", "to_host", "buffer", "full", "from_host",
    # element-wise binary
    "add", "sub", "mul", "div", "mod_", "pow", "atan2", "cmpeq", "cmpne", "cmplt", "cmple",
    "max", "min", "xor", "or_", "and_",
    # element-wise unary
    "neg", "recip", "abs", "sqrt", "exp", "log", "sign", "sin", "cos", "tan", "asin", "acos",
    "atan", "sinh", "cosh", "tanh", "trunc", "ceil", "floor", "round", "erf",
    # ternary
    "where",
    # reductions and scans
    "reduce_sum", "reduce_prod", "reduce_max", "reduce_min", "argmax", "argmin", "associative_scan",
    # sorting
    "sort", "argsort",
    # movement
    "expand", "reshape", "permute", "shrink", "flip", "pad", "cat",
    # conversion and memory
    "cast", "contiguous", "copy", "assign",
    # random
    "threefry",
    # indexed access
    "gather", "scatter",
    # windows
    "unfold", "fold",
    # matrix, Fourier, linear algebra
    "matmul", "fft", "ifft", "rfft", "irfft",
    "cholesky", "qr", "svd", "eig", "eigh", "triangular_solve",
)

#: The protocol's concerns, one class each; ``Backend`` inherits them all.
CONCERNS = (CreationPrimitives, ElementwisePrimitives, ReductionPrimitives, MovementPrimitives, IndexingPrimitives, WindowPrimitives, RandomPrimitives, LinalgPrimitives, FFTPrimitives)


@runtime_checkable
class Backend(CreationPrimitives, ElementwisePrimitives, ReductionPrimitives, MovementPrimitives, IndexingPrimitives, WindowPrimitives, RandomPrimitives, LinalgPrimitives, FFTPrimitives, Protocol):
    """A backend: every primitive of every concern."""

    name: str
    #: True when tensors are views into shared buffers, laid out by their View's strides
    #: (NumPy's); False when each tensor holds its own values and reports a C-order View
    #: of them (Dask's, whose arrays are immutable).
    strided: bool
