"""The backend protocol: every primitive a backend executes, with its contract.

A backend is any object with the methods below (``typing.Protocol``: structural, no
inheritance needed). The NumPy CPU backend (``numpy_cpu.NumpyBackend``) is the
reference implementation; ``register_backend`` plugs in others. This module holds
tensors, creation, element-wise, reduction, scan, movement and conversion primitives;
``_protocol_extra`` holds sorting, indexed access, windows, random, matrix, FFT and
linear algebra. ``Backend`` inherits both.

Conventions (they hold for every primitive unless its docstring says otherwise):

* Tensors in, Tensors out. A ``Tensor`` is ``(buffer, view, dtype, backend)``;
  the buffer belongs to the backend, the ``View`` says where each logical element
  lives in it (in elements, never bytes).
* Inputs may be ANY View: C-contiguous, strided, broadcast (stride 0), flipped
  (negative stride), offset (a shrunk window of a larger buffer), permuted, empty, or
  masked (``View.pad``, virtual padding: positions outside the mask read as zero, and
  only the valid box is ever addressed). A backend never reads or writes outside its
  buffer, whatever the View.
* ``out`` (keyword-only) is either None -- the backend allocates a fresh, dense result
  of the dtype the contract implies and returns it -- or a pre-allocated
  C-contiguous, offset-0, unmasked Tensor of the right shape and dtype, into which the
  backend writes exactly ``numel(out)`` elements and which it returns (the same object).
  The frontend never passes an ``out`` that overlaps an input, except to ``add``,
  ``sub`` and ``mul``: their ``out`` may be (or overlap) an input, and the result must be
  as if every input were read before ``out`` is written. That saves a temporary in
  ``x += y`` and in compositions such as the variance (``mul(d, d, out=d)``).
* Allocating primitives return fresh, writable buffers: a result never aliases an input
  (movement primitives, ``with_view``, ``contiguous`` on a C-contiguous tensor and
  ``from_host`` are the stated exceptions). "Dense" means offset 0, unmasked, and the
  elements fill the buffer exactly once: C order, or a permutation of it (a backend
  may keep the order of transposed inputs, as NumPy does, to save a copy); where a
  docstring says C-contiguous it means exactly that.
* Binary element-wise primitives accept a Python scalar (bool, int, float, complex) as
  their second operand; the frontend has checked it is representable in the dtype.
* The frontend has validated everything it can: axes are non-negative, in range and
  deduplicated; shapes are broadcast (via ``expand``) and compatible; dtypes are
  promoted; ``axis`` arguments are ints in ``[0, ndim)``.

Named contract clauses used in the docstrings:

[EW2] Frontend guarantees: ``a`` and ``b`` have the same shape and dtype (broadcast
  already done with ``expand``), or ``b`` is a Python scalar; ``out``, if given, has
  that shape and the result dtype. Backend must: compute element ``i`` from ``a[i]`` and
  ``b[i]`` read through their views, write every element of the result, return it.
[EW1] Frontend guarantees: ``out``, if given, has ``x``'s shape and the result dtype
  (``x``'s unless stated). Backend must: as [EW2] with one operand.
[RED] Frontend guarantees: ``axes`` are valid, non-negative and unique (``()`` means no
  reduction: a copy); ``out``, if given, has the reduced shape (the reduced axes
  removed). Backend must: reduce every element of each reduced extent, whatever the
  input layout; the result dtype is ``x``'s unless stated. (``keepdims`` is the
  frontend's: it views the result with the reduced axes as size 1.)
[MOV] Frontend guarantees: arguments validated (``View`` raises ``NxInvalidArgument``
  otherwise). Backend must: return a new Tensor over the SAME buffer whose view is the
  corresponding ``View`` operation of ``t.view``; no copy, no element touched.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence, runtime_checkable

from ..dtype import DType
from ..tensor import Tensor
from ..view import View
from ._protocol_extra import ExtraPrimitives

__all__ = ["Backend", "CorePrimitives", "ExtraPrimitives", "Scalar"]

Scalar = Any  # bool | int | float | complex


class CorePrimitives(Protocol):
    """Tensors, creation, element-wise, reductions, scans, movement, conversion."""

    name: str

    # ------------------------------------------------------------------ tensors
    def view(self, t: Tensor) -> View:
        """Frontend guarantees: nothing. Backend must: return ``t``'s View."""

    def with_view(self, t: Tensor, view: View) -> Tensor:
        """Frontend guarantees: ``view`` stays inside ``t``'s buffer (the backend still
        checks on access). Backend must: return a Tensor over ``t``'s buffer laid out as
        ``view``, no copy."""

    def buffer(self, dtype: DType, shape: Sequence[int]) -> Tensor:
        """Frontend guarantees: non-negative dims. Backend must: allocate an
        uninitialised tensor whose view is ``View.create(shape)`` (C-contiguous, offset
        0). Used to pre-allocate ``out``."""

    def full(self, dtype: DType, shape: Sequence[int], value: Scalar) -> Tensor:
        """Frontend guarantees: ``value`` is representable in ``dtype``. Backend must:
        return a fresh C-contiguous tensor with every element ``value``; ``shape=()``
        gives a scalar."""

    def from_host(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Frontend guarantees: nothing. Backend must: a Tensor of the elements of host
        memory: an object with the Python buffer protocol or the array interface
        (``__array_interface__``, ``__array__``), or nested lists of scalars; its
        C-contiguous, native-byte-order, writable memory is shared unless ``copy`` is
        True (a backend that cannot share copies); ``copy=False`` raises
        NxInvalidArgument when a copy is needed; TypeError when unreadable or of a
        dtype nx does not have."""

    def to_host(self, t: Tensor) -> Any:
        """Frontend guarantees: nothing. Backend must: return a host array of ``t``'s
        logical elements (buffer protocol / array interface), strided, sharing memory
        when ``t`` is unmasked and the backend's memory is the host's; a fresh array
        otherwise (masked positions read as 0)."""

    def from_dlpack(self, obj: Any, *, copy: bool | None = None) -> Tensor:
        """Frontend guarantees: ``obj`` is a DLPack producer. Backend must: import it as
        ``from_host`` does (shared when C-contiguous, ``copy=True`` copies,
        ``copy=False`` raises NxInvalidArgument if a copy is needed); BufferError
        propagates; TypeError for unsupported dtypes."""

    def to_dlpack(self, t: Tensor, **kwargs: Any) -> Any:
        """Frontend guarantees: kwargs are the standard's ``__dlpack__`` keywords.
        Backend must: return a DLPack capsule of ``t``'s logical elements."""

    def dlpack_device(self, t: Tensor) -> tuple[int, int]:
        """Frontend guarantees: nothing. Backend must: return ``(device_type, id)``."""

    def item(self, t: Tensor) -> Scalar:
        """Frontend guarantees: ``t`` has exactly one element. Backend must: return it
        as a Python scalar (bool, int, float or complex)."""

    def to_list(self, t: Tensor) -> Any:
        """Frontend guarantees: nothing. Backend must: nested Python lists of scalars
        (a bare scalar for rank 0)."""

    def format(self, t: Tensor, **kwargs: Any) -> str:
        """Frontend guarantees: kwargs are ``numpy.array2string`` options. Backend must:
        the elements as text."""

    # ----------------------------------------------------------------- creation
    def arange(self, dtype: DType, start: Scalar, step: Scalar, num: int) -> Tensor:
        """Frontend guarantees: ``num >= 0`` (the frontend counts the elements).
        Backend must: ``out[i] = start + i*step`` for ``i < num``: exact modular
        arithmetic when ``start`` and ``step`` are ints and ``dtype`` is an integer,
        float64 arithmetic then a cast otherwise."""

    def from_sequence(self, values: Sequence[Any], shape: Sequence[int], dtype: DType) -> Tensor:
        """Frontend guarantees: ``len(values) == numel(shape)``, every value fits
        ``dtype``. Backend must: a fresh tensor of the flat row-major ``values``."""

    def linspace(self, dtype: DType, start: Scalar, stop: Scalar, num: int, endpoint: bool) -> Tensor:
        """Frontend guarantees: ``num >= 0``. Backend must: ``num`` evenly spaced values
        from ``start`` to ``stop`` (included iff ``endpoint``)."""

    def eye(self, dtype: DType, n: int, m: int, k: int) -> Tensor:
        """Frontend guarantees: ``n, m >= 0``. Backend must: ``[n, m]`` with ones on
        diagonal ``k`` (positive: above the main diagonal), zeros elsewhere."""

    def tril(self, x: Tensor, k: int) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: a fresh copy of ``x`` with the
        elements above diagonal ``k`` of the last two axes zeroed."""

    def triu(self, x: Tensor, k: int) -> Tensor:
        """Frontend guarantees: rank >= 2. Backend must: a fresh copy of ``x`` with the
        elements below diagonal ``k`` of the last two axes zeroed."""

    # ------------------------------------------------------- elementwise binary
    def add(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: ``a + b``; integers wrap; bool is or."""

    def sub(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not bool. Backend must: ``a - b``; integers wrap."""

    def mul(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: ``a * b``; integers wrap; bool is and."""

    def div(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: floats/complex IEEE division
        (``1/0=inf``, ``0/0=nan``); integers C division truncating toward zero
        (``-7/2=-3``), ``x/0 = 0``, ``INT_MIN/-1 = INT_MIN``; bool ``a and b``."""

    def pow(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: floats C ``pow``, complex ``cpow``;
        integers exact repeated multiplication with wrap, ``x^0 = 1`` (``0^0`` too), a
        negative exponent gives 1 for base 1, +-1 by parity for base -1, else 0; bool
        ``a or not b``."""

    def atan2(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``atan2(a, b)`` in
        (-pi, pi], all quadrants and signed zeros as C."""

    def max(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: element-wise maximum, NaN
        propagating; unsigned compare as unsigned; bool is or."""

    def min(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]. Backend must: element-wise minimum, NaN
        propagating; unsigned compare as unsigned; bool is and."""

    def cmpeq(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]; ``out`` is bool. Backend must: bool ``a == b``
        (NaN compares unequal to everything)."""

    def cmpne(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2]; ``out`` is bool. Backend must: bool ``a != b``
        (True for NaN)."""

    def cmplt(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex; ``out`` is bool. Backend must: bool
        ``a < b``; False with NaN; unsigned compare as unsigned."""

    def cmple(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex; ``out`` is bool. Backend must: bool
        ``a <= b``; False with NaN."""

    def bitwise_and(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise and
        (logical on bool)."""

    def bitwise_or(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise or."""

    def bitwise_xor(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise xor."""

    def floor_divide(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex. Backend must: floor of the quotient
        (Array API); integer ``x//0 = 0``; floats as IEEE ``floor(a/b)`` with NumPy's
        special cases; bool ``a and b``."""

    def remainder(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex. Backend must: remainder with the sign
        of the divisor (Array API); integer ``x%0 = 0``; bool False."""

    def hypot(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``sqrt(a*a + b*b)``
        without undue overflow; ``hypot(inf, nan) = inf``."""

    def logaddexp(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``log(exp(a) +
        exp(b))`` without undue overflow."""

    def nextafter(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: the next
        representable value after ``a`` towards ``b`` (``a`` if equal; NaN in, NaN out)."""

    def copysign(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``|a|`` with the
        sign bit of ``b``."""

    def bitwise_left_shift(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer, ``b >= 0``. Backend must: ``a << b``
        wrapping; a count >= the bit width gives 0."""

    def bitwise_right_shift(self, a: Tensor, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer, ``b >= 0``. Backend must: ``a >> b``,
        arithmetic for signed; a count >= the width gives 0 (-1 for negative ``a``)."""

    # -------------------------------------------------------- elementwise unary
    def neg(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: ``-x``; integers wrap
        (``-INT_MIN = INT_MIN``, unsigned modulo 2^bits); bool identity."""

    def recip(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: ``1/x``; floats IEEE; integers
        truncate (only +-1 survive), ``1/0 = 0``; bool identity."""

    def abs(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: ``|x|``; ``abs(INT_MIN) = INT_MIN``;
        unsigned and bool identity; complex gives ``|z|`` (+0j when allocating or into a
        complex ``out``, the modulus into a real ``out``)."""

    def sign(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: -1/0/1; unsigned and bool 0 if zero
        else 1; float NaN -> NaN, +-0 -> 0; complex ``z/|z|``, 0 -> 0."""

    def sqrt(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: square root
        (IEEE: ``sqrt(-1) = nan``; complex principal branch)."""

    def exp(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: ``e**x``."""

    def log(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: natural log
        (``log(0) = -inf``, negative -> nan)."""

    def sin(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: sine (radians)."""

    def cos(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: cosine."""

    def tan(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: tangent."""

    def asin(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: arc sine in
        [-pi/2, pi/2] (nan outside [-1, 1] for reals)."""

    def acos(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: arc cosine in
        [0, pi]."""

    def atan(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: arc tangent in
        [-pi/2, pi/2]."""

    def sinh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic sine."""

    def cosh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic cosine."""

    def tanh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic
        tangent."""

    def trunc(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: round toward zero; identity (a
        copy) on integers and bool; TypeError on complex."""

    def ceil(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: round up; identity on integers and
        bool; TypeError on complex."""

    def floor(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: round down; identity on integers and
        bool; TypeError on complex."""

    def erf(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], real floating. Backend must: the error function
        ``2/sqrt(pi) * integral_0^x exp(-t^2) dt``, in x's dtype."""

    def asinh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic sine."""

    def acosh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic cosine (nan below 1 for reals)."""

    def atanh(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic tangent (+-inf at +-1)."""

    def log1p(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: ``log(1 + x)``,
        accurate near 0."""

    def expm1(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: ``exp(x) - 1``,
        accurate near 0."""

    def log2(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: base-2 log."""

    def log10(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: base-10 log."""

    def square(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], numeric (not bool). Backend must: ``x * x``;
        integers wrap."""

    def positive(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: a fresh copy of ``x``."""

    def round(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: round half to EVEN (the standard's
        ``round``: 2.5 -> 2, -0.5 -> -0); complex rounds each part; integers and bool
        identity."""

    def signbit(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], real floating; ``out`` is bool. Backend must:
        whether the sign bit is set (True for -0.0 and negative NaN)."""

    def isnan(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is NaN
        (complex: either part); False for integers and bool."""

    def isinf(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is +-inf
        (complex: either part infinite)."""

    def isfinite(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is neither
        NaN nor infinite (complex: both parts finite); True for integers and bool."""

    def real(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` has the real dtype of x's precision.
        Backend must: a fresh array of the real parts (a copy of ``x`` for real ``x``)."""

    def imag(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` has the real dtype of x's precision.
        Backend must: a fresh (writable) array of the imaginary parts (zeros for real ``x``)."""

    def conj(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: complex conjugate (a copy for reals)."""

    def bitwise_invert(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], integer or bool. Backend must: ``~x`` (logical
        not on bool)."""

    def logical_not(self, x: Tensor, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], bool; ``out`` is bool. Backend must: ``not x``."""

    # ------------------------------------------------------------------ ternary
    def where(self, cond: Tensor, a: Tensor | Scalar, b: Tensor | Scalar, *, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``cond`` is bool; ``cond``, ``a``, ``b`` (and ``out``)
        have one shape; ``a`` and ``b`` one dtype (a scalar operand takes the other's
        dtype; pass ``out`` when both are scalars). Backend must: ``a[i] if cond[i]
        else b[i]``."""

    # --------------------------------------------------------------- reductions
    def reduce_sum(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: the sum; empty extent gives 0;
        integers wrap (accumulate in x's dtype); float16 accumulates in float32 and
        rounds once; bool sum is ``any``."""

    def reduce_prod(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: the product; empty extent gives 1;
        integers wrap; float16 accumulates in float32; bool prod is ``all``."""

    def reduce_max(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: the maximum; any NaN gives NaN;
        unsigned as unsigned; bool is any; an empty reduced extent raises ValueError."""

    def reduce_min(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: the minimum; any NaN gives NaN;
        bool is all; an empty reduced extent raises ValueError."""

    def reduce_any(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: bool result, whether any element is
        non-zero (NaN is non-zero; complex: either part); empty extent gives False."""

    def reduce_all(self, x: Tensor, *, axes: Sequence[int], out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [RED]. Backend must: bool result, whether every element
        is non-zero; empty extent gives True."""

    def argmax(self, x: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: ``axis`` valid; ``out``, if given, an integer tensor of
        the reduced shape. Backend must: index of the FIRST maximum along ``axis`` (the
        first NaN wins); int64 when allocating; rank 0 gives 0; an empty axis raises
        ValueError."""

    def argmin(self, x: Tensor, *, axis: int, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: as ``argmax``. Backend must: index of the FIRST minimum
        (the first NaN wins); int64 when allocating; an empty axis raises ValueError."""

    def associative_scan(self, x: Tensor, *, axis: int, op: str, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: rank >= 1, ``axis`` valid, ``op`` in {"sum", "prod",
        "max", "min"}; ``out`` has x's shape and dtype. Backend must: inclusive prefix
        scan ``out[0] = x[0]``, ``out[k] = op(out[k-1], x[k])``; integers wrap; max/min
        propagate NaN; float16 sum/prod accumulate in float32; a zero-length axis gives
        an empty result; rank 0 or an unknown op raises ValueError."""

    # ----------------------------------------------------------------- movement
    def broadcast_to(self, t: Tensor, shape: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``t``'s shape broadcasts to ``shape`` (right-aligned; its
        axes equal the target's or are 1). Backend must: an O(1) view over t's buffer laid
        out as ``View.broadcast_to`` (stride 0 on the added and expanded axes; masked
        views too)."""

    def reshape(self, t: Tensor, shape: Sequence[int]) -> Tensor | None:
        """Frontend guarantees: [MOV], same numel. Backend must: ``View.reshape``; return
        None when no strided view can express it (never copy: the frontend copies)."""

    def permute(self, t: Tensor, axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: [MOV], a permutation. Backend must: ``View.permute``."""

    def shrink(self, t: Tensor, bounds: Sequence[tuple[int, int]]) -> Tensor:
        """Frontend guarantees: [MOV], ``0 <= start < stop <= dim``. Backend must:
        ``View.shrink`` (offset moves, strides kept)."""

    def flip(self, t: Tensor, flags: Sequence[bool]) -> Tensor:
        """Frontend guarantees: [MOV]. Backend must: ``View.flip`` (negated strides)."""

    def basic_view(self, t: Tensor, key: Sequence[Any]) -> Tensor:
        """Frontend guarantees: ``t`` is unmasked; ``key`` has one item per axis: an
        in-range, non-negative int, or a ``(start, stop, step)`` triple as
        ``slice.indices`` returns it, plus any ``None`` (a new unit axis). Backend must:
        an O(1) view over t's buffer laid out as ``View.basic_index(key)`` (int axes
        dropped, each triple's range taken; an axis of 0 or 1 elements keeps its
        stride)."""

    def pad_view(self, t: Tensor, padding: Sequence[tuple[int, int]]) -> Tensor:
        """Frontend guarantees: [MOV], non-negative pairs. Backend must: ``View.pad``:
        virtual padding, no copy; padded positions read as zero everywhere."""

    def roll(self, t: Tensor, shifts: Sequence[int], axes: Sequence[int]) -> Tensor:
        """Frontend guarantees: ``len(shifts) == len(axes)``, axes valid. Backend must:
        allocate ``t`` rolled by ``shifts[i]`` along ``axes[i]`` (NumPy ``roll``: element
        ``j`` moves to ``(j + shift) mod n``; repeated axes add up)."""

    def cat(self, tensors: Sequence[Tensor], *, axis: int, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: a non-empty list of one dtype and rank, equal shapes
        except along ``axis``; ``out`` has the joined shape. Backend must: concatenate
        along ``axis``, any input layouts (empty inputs contribute nothing)."""

    # ------------------------------------------------------ conversion, memory
    def cast(self, x: Tensor, *, out: Tensor | None = None, dtype: DType | None = None) -> Tensor:
        """Frontend guarantees: ``out`` (of x's shape) or ``dtype`` given. Backend must:
        convert to out's dtype (or ``dtype``): float -> int truncates toward zero and
        saturates (``300.0 -> 255`` for uint8, ``+-inf`` -> max/min), NaN -> 0; int ->
        int wraps; any -> bool is ``x != 0``; bool -> number 0/1; complex -> real takes
        the real part; real -> complex has imaginary 0; float -> float rounds (overflow
        to inf). Same dtype without ``out``: a fresh copy. Neither: NxInvalidArgument."""

    def bitcast(self, x: Tensor, dtype: DType) -> Tensor:
        """Frontend guarantees: same itemsize. Backend must: a fresh C-contiguous tensor
        holding x's logical elements' bits reinterpreted as ``dtype``."""

    def contiguous(self, t: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: ``t`` itself if its view is
        C-contiguous, offset 0, unmasked, no zero stride and spans the whole buffer;
        otherwise a fresh C-contiguous copy of the logical elements."""

    def copy(self, t: Tensor) -> Tensor:
        """Frontend guarantees: nothing. Backend must: ALWAYS a fresh C-contiguous
        buffer with t's logical elements (masked positions as 0)."""

    def assign(self, dst: Tensor, src: Tensor | Scalar) -> Tensor:
        """Frontend guarantees: ``src`` has dst's shape and dtype, or is a scalar; dst's
        view addresses each buffer element at most once (no stride 0). Backend must:
        write src's logical elements through dst's view into dst's buffer (every other
        buffer element untouched), correct even when ``src`` overlaps ``dst``; return
        ``dst``. A masked or broadcast (stride 0 on an axis longer than 1) ``dst``
        raises NxInvalidArgument, writing nothing; a ``dst`` with no elements is a
        no-op, whatever its strides."""


@runtime_checkable
class Backend(CorePrimitives, ExtraPrimitives, Protocol):
    """A backend: every primitive of ``CorePrimitives`` and ``ExtraPrimitives``."""
