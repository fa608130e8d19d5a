"""The backend protocol: element-wise primitives: binary, unary, ``where``, and dtype conversion.

The conventions and the named contract clauses ([EW1], [EW2], [RED], [MOV]) are in
``nx_core.backend.protocol``.
"""

from __future__ import annotations

from typing import Protocol

from ...dtype import DType
from ...tensor import Tensor
from ._types import Scalar

__all__ = ["ElementwisePrimitives"]


class ElementwisePrimitives(Protocol):
    """Element-wise primitives: binary, unary, ``where``, and dtype conversion."""

    # ------------------------------------------------------------ binary
    def add(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``add ~out a b`` computes ``out.{i} <- a.{i} + b.{i}``, respecting
        the strides of a and b (non-contiguous or broadcast).

        Frontend guarantees: [EW2]. Backend must: ``a + b``; integers wrap; bool is or."""

    def sub(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sub ~out a b`` computes ``out.{i} <- a.{i} - b.{i}``.

        Frontend guarantees: [EW2], not bool. Backend must: ``a - b``; integers wrap."""

    def mul(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``mul ~out a b`` computes ``out.{i} <- a.{i} * b.{i}``.

        Frontend guarantees: [EW2]. Backend must: ``a * b``; integers wrap; bool is and."""

    def div(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``div ~out a b`` computes ``out.{i} <- a.{i} / b.{i}``: integer
        dtypes truncate toward zero (C division), floating-point dtypes use IEEE 754
        division.

        Frontend guarantees: [EW2]. Backend must: floats/complex IEEE division
        (``1/0=inf``, ``0/0=nan``); integers C division truncating toward zero
        (``-7/2=-3``), ``x/0 = 0``, ``INT_MIN/-1 = INT_MIN``; bool ``a and b``."""

    def mod_(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``mod_ ~out a b`` computes the remainder of a / b: integers use
        C's ``%`` operator (truncated division), floats use ``fmod``; the sign of
        the result follows the dividend a.

        Frontend guarantees: [EW2], not complex. Backend must: the remainder of C
        division, with the sign of the dividend: integers C ``%`` (``-7 % 2 = -1``,
        ``7 % -2 = 1``), ``x % 0 = 0``, ``INT_MIN % -1 = 0``; floats C ``fmod``
        (``fmod(-7.5, 2) = -1.5``, ``fmod(7, 3) = 1``; ``fmod(x, 0)`` and ``fmod(+-inf,
        y)`` are NaN, ``fmod(x, +-inf) = x``); bool False; TypeError on complex. (The
        standard's floor remainder, with the sign of the divisor, is ``remainder``.)"""

    def pow(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``pow ~out base exponent`` computes ``out.{i} <- base.{i} ^
        exponent.{i}``.

        Frontend guarantees: [EW2]. Backend must: floats C ``pow``, complex ``cpow``;
        integers exact repeated multiplication with wrap, ``x^0 = 1`` (``0^0`` too), a
        negative exponent gives 1 for base 1, +-1 by parity for base -1, else 0; bool
        ``a or not b``."""

    def atan2(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``atan2 ~out y x`` computes ``atan2(y.{i}, x.{i})``, the angle in
        radians in (-pi, pi], handling all quadrants.

        Frontend guarantees: [EW2], real floating. Backend must: ``atan2(a, b)`` in
        (-pi, pi], all quadrants and signed zeros as C."""

    def max(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``max ~out a b`` computes ``out.{i} <- max(a.{i}, b.{i})``.

        Frontend guarantees: [EW2]. Backend must: element-wise maximum, NaN
        propagating; unsigned compare as unsigned; bool is or."""

    def min(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``min ~out a b`` computes ``out.{i} <- min(a.{i}, b.{i})``.

        Frontend guarantees: [EW2]. Backend must: element-wise minimum, NaN
        propagating; unsigned compare as unsigned; bool is and."""

    def cmpeq(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cmpeq ~out a b`` computes ``out.{i} <- (a.{i} = b.{i})`` into a
        bool tensor.

        Frontend guarantees: [EW2]; ``out`` is bool. Backend must: bool ``a == b``
        (NaN compares unequal to everything)."""

    def cmpne(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cmpne ~out a b`` computes ``out.{i} <- (a.{i} <> b.{i})`` into a
        bool tensor.

        Frontend guarantees: [EW2]; ``out`` is bool. Backend must: bool ``a != b``
        (True for NaN)."""

    def cmplt(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cmplt ~out a b`` computes ``out.{i} <- (a.{i} < b.{i})`` into a
        bool tensor.

        Frontend guarantees: [EW2], not complex; ``out`` is bool. Backend must: bool
        ``a < b``; False with NaN; unsigned compare as unsigned."""

    def cmple(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cmple ~out a b`` computes ``out.{i} <- (a.{i} <= b.{i})`` into a
        bool tensor.

        Frontend guarantees: [EW2], not complex; ``out`` is bool. Backend must: bool
        ``a <= b``; False with NaN."""

    def and_(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``and_ ~out a b``: bitwise and on the binary representation of
        integer and boolean dtypes (for booleans, logical and).

        Frontend guarantees: [EW2], integer or bool. Backend must: bitwise and
        (logical on bool). [ALIAS] ``bitwise_and``."""

    def or_(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``or_ ~out a b``: bitwise or on the binary representation of
        integer and boolean dtypes (for booleans, logical or).

        Frontend guarantees: [EW2], integer or bool. Backend must: bitwise or
        (logical on bool). [ALIAS] ``bitwise_or``."""

    def xor(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``xor ~out a b``: bitwise exclusive or on the binary
        representation of integer and boolean dtypes (for booleans, logical xor).

        Frontend guarantees: [EW2], integer or bool. Backend must: bitwise xor
        (logical on bool). [ALIAS] ``bitwise_xor``."""

    def bitwise_and(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise and
        (logical on bool): ``and_`` under the standard's name. [ALIAS] ``and_``."""

    def bitwise_or(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise or:
        ``or_`` under the standard's name. [ALIAS] ``or_``."""

    def bitwise_xor(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer or bool. Backend must: bitwise xor:
        ``xor`` under the standard's name. [ALIAS] ``xor``."""

    def floor_divide(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex. Backend must: floor of the quotient
        (Array API); integer ``x//0 = 0``; floats as IEEE ``floor(a/b)`` with NumPy's
        special cases; bool ``a and b``."""

    def remainder(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], not complex. Backend must: remainder with the sign
        of the divisor (Array API); integer ``x%0 = 0``; bool False."""

    def hypot(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``sqrt(a*a + b*b)``
        without undue overflow; ``hypot(inf, nan) = inf``."""

    def logaddexp(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``log(exp(a) +
        exp(b))`` without undue overflow."""

    def nextafter(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: the next
        representable value after ``a`` towards ``b`` (``a`` if equal; NaN in, NaN out)."""

    def copysign(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], real floating. Backend must: ``|a|`` with the
        sign bit of ``b``."""

    def bitwise_left_shift(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer, ``b >= 0``. Backend must: ``a << b``
        wrapping; a count >= the bit width gives 0."""

    def bitwise_right_shift(self, a: Tensor, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW2], integer, ``b >= 0``. Backend must: ``a >> b``,
        arithmetic for signed; a count >= the width gives 0 (-1 for negative ``a``)."""

    # ------------------------------------------------------------- unary
    def neg(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``neg ~out x`` computes ``out.{i} <- -x.{i}``, respecting the
        strides of x.

        Frontend guarantees: [EW1]. Backend must: ``-x``; integers wrap
        (``-INT_MIN = INT_MIN``, unsigned modulo 2^bits); bool identity."""

    def recip(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``recip ~out x`` computes ``out.{i} <- 1 / x.{i}``.

        Frontend guarantees: [EW1]. Backend must: ``1/x``; floats IEEE; integers
        truncate (only +-1 survive), ``1/0 = 0``; bool identity."""

    def abs(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``abs ~out x`` computes ``out.{i} <- |x.{i}|``.

        Frontend guarantees: [EW1]. Backend must: ``|x|``; ``abs(INT_MIN) = INT_MIN``;
        unsigned and bool identity; complex gives ``|z|`` (+0j when allocating or into a
        complex ``out``, the modulus into a real ``out``)."""

    def sign(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sign ~out x`` computes the sign function: -1 for negative, 0 for
        zero, 1 for positive; NaN for a floating-point NaN.

        Frontend guarantees: [EW1]. Backend must: -1/0/1; unsigned and bool 0 if zero
        else 1; float NaN -> NaN, +-0 -> 0; complex ``z/|z|``, 0 -> 0."""

    def sqrt(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sqrt ~out x`` computes the square root of each element.

        Frontend guarantees: [EW1], floating or complex. Backend must: square root
        (IEEE: ``sqrt(-1) = nan``; complex principal branch)."""

    def exp(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``exp ~out x`` computes ``e`` raised to each element.

        Frontend guarantees: [EW1], floating or complex. Backend must: ``e**x``."""

    def log(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``log ~out x`` computes the natural logarithm of each element.

        Frontend guarantees: [EW1], floating or complex. Backend must: natural log
        (``log(0) = -inf``, negative -> nan)."""

    def sin(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sin ~out x`` computes the sine; inputs in radians.

        Frontend guarantees: [EW1], floating or complex. Backend must: sine (radians)."""

    def cos(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cos ~out x`` computes the cosine; inputs in radians.

        Frontend guarantees: [EW1], floating or complex. Backend must: cosine."""

    def tan(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``tan ~out x`` computes the tangent; inputs in radians.

        Frontend guarantees: [EW1], floating or complex. Backend must: tangent."""

    def asin(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``asin ~out x`` computes ``arcsin(x.{i})``, in [-pi/2, pi/2].

        Frontend guarantees: [EW1], floating or complex. Backend must: arc sine in
        [-pi/2, pi/2] (nan outside [-1, 1] for reals)."""

    def acos(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``acos ~out x`` computes ``arccos(x.{i})``, in [0, pi].

        Frontend guarantees: [EW1], floating or complex. Backend must: arc cosine in
        [0, pi]."""

    def atan(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``atan ~out x`` computes ``arctan(x.{i})``, in [-pi/2, pi/2].

        Frontend guarantees: [EW1], floating or complex. Backend must: arc tangent in
        [-pi/2, pi/2]."""

    def sinh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``sinh ~out x`` computes the hyperbolic sine.

        Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic sine."""

    def cosh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``cosh ~out x`` computes the hyperbolic cosine.

        Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic cosine."""

    def tanh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``tanh ~out x`` computes the hyperbolic tangent.

        Frontend guarantees: [EW1], floating or complex. Backend must: hyperbolic
        tangent."""

    def trunc(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``trunc ~out x`` rounds toward zero; for integer dtypes, all
        rounding operations are the identity.

        Frontend guarantees: [EW1]. Backend must: round toward zero; identity (a
        copy) on integers and bool; TypeError on complex."""

    def ceil(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``ceil ~out x`` rounds up; the identity on integer dtypes.

        Frontend guarantees: [EW1]. Backend must: round up; identity on integers and
        bool; TypeError on complex."""

    def floor(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``floor ~out x`` rounds down; the identity on integer dtypes.

        Frontend guarantees: [EW1]. Backend must: round down; identity on integers and
        bool; TypeError on complex."""

    def erf(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``erf ~out x`` computes the error function ``erf(x) = 2/sqrt(pi) *
        integral_0^x exp(-t^2) dt``.

        Frontend guarantees: [EW1], real floating. Backend must: the error function
        ``2/sqrt(pi) * integral_0^x exp(-t^2) dt``, in x's dtype."""

    def asinh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic sine."""

    def acosh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic cosine (nan below 1 for reals)."""

    def atanh(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: inverse
        hyperbolic tangent (+-inf at +-1)."""

    def log1p(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: ``log(1 + x)``,
        accurate near 0."""

    def expm1(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: ``exp(x) - 1``,
        accurate near 0."""

    def log2(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: base-2 log."""

    def log10(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], floating or complex. Backend must: base-10 log."""

    def square(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], numeric (not bool). Backend must: ``x * x``;
        integers wrap."""

    def positive(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: a fresh copy of ``x``."""

    def round(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``round ~out x`` rounds to the nearest integer, half away from
        zero (C's ``round``); the identity on integer dtypes.

        Frontend guarantees: [EW1]. Backend must: round half AWAY FROM ZERO (C's
        ``round``): ``2.5 -> 3``, ``-2.5 -> -3``, ``0.5 -> 1``, ``3.7 -> 4``, ``-3.7 ->
        -4``, ``-0.3 -> -0.0``, ``0.49999999999999994 -> 0``; NaN and +-inf unchanged;
        identity (a copy) on integers and bool; TypeError on complex. (The standard's
        ``round``, half to even, is ``round_half_even``.)"""

    def round_half_even(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: round half to EVEN (the standard's
        ``round``: 2.5 -> 2, -0.5 -> -0); complex rounds each part; integers and bool
        identity. (The seed's ``round`` rounds halves away from zero.)"""

    def signbit(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], real floating; ``out`` is bool. Backend must:
        whether the sign bit is set (True for -0.0 and negative NaN)."""

    def isnan(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is NaN
        (complex: either part); False for integers and bool."""

    def isinf(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is +-inf
        (complex: either part infinite)."""

    def isfinite(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` is bool. Backend must: ``x`` is neither
        NaN nor infinite (complex: both parts finite); True for integers and bool."""

    def real(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` has the real dtype of x's precision.
        Backend must: a fresh array of the real parts (a copy of ``x`` for real ``x``)."""

    def imag(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]; ``out`` has the real dtype of x's precision.
        Backend must: a fresh (writable) array of the imaginary parts (zeros for real ``x``)."""

    def conj(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1]. Backend must: complex conjugate (a copy for reals)."""

    def bitwise_invert(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], integer or bool. Backend must: ``~x`` (logical
        not on bool)."""

    def logical_not(self, x: Tensor, out: Tensor | None = None) -> Tensor:
        """Frontend guarantees: [EW1], bool; ``out`` is bool. Backend must: ``not x``."""

    # ----------------------------------------------------------- ternary
    def where(self, cond: Tensor, a: Tensor | Scalar, b: Tensor | Scalar, out: Tensor | None = None) -> Tensor:
        """Seed 004: ``where ~out cond if_true if_false`` selects ``if_true.{i}`` where
        ``cond.{i}`` is true, ``if_false.{i}`` otherwise (all four of one shape;
        cond bool).

        Frontend guarantees: ``cond`` is bool; ``cond``, ``a``, ``b`` (and ``out``)
        have one shape; ``a`` and ``b`` one dtype (a scalar operand takes the other's
        dtype; pass ``out`` when both are scalars). Backend must: ``a[i] if cond[i]
        else b[i]``."""

    # ------------------------------------------------------------- casts
    def cast(self, x: Tensor, *, out: Tensor | None = None, dtype: DType | None = None) -> Tensor:
        """Seed 004: ``cast ~out x`` converts the elements of x to the dtype of out:
        float to int truncates toward zero; int to float may lose precision for
        large values.

        Frontend guarantees: ``out`` (of x's shape) or ``dtype`` given. Backend must:
        convert to out's dtype (or ``dtype``): float -> int truncates toward zero and
        saturates (``300.0 -> 255`` for uint8, ``+-inf`` -> max/min), NaN -> 0; int ->
        int wraps; any -> bool is ``x != 0``; bool -> number 0/1; complex -> real takes
        the real part; real -> complex has imaginary 0; float -> float rounds (overflow
        to inf). Same dtype without ``out``: a fresh copy. Neither: NxInvalidArgument."""

    def engine_cast(self, x: Tensor, dtype: DType) -> Tensor:
        """Frontend guarantees: ``dtype`` is not x's. Backend must: a fresh tensor of x's
        elements converted to ``dtype`` by the engine's own conversion, the one its users
        know (NumPy's ``astype``). Where ``cast`` defines the value, and
        its definition is not a choice between conversions (every conversion but a
        floating-point or complex value that is NaN, infinite or outside an integer
        dtype's range), the result is ``cast``'s; for those values it is the engine's,
        which the backend documents. ``cast`` keeps the seed's saturation for nx_core's
        own users; the namespace's ``astype`` (a conversion the standard leaves
        implementation-defined there) asks for this one, so that its values are those of
        the engine users compare with."""

    def bitcast(self, x: Tensor, dtype: DType) -> Tensor:
        """Frontend guarantees: same itemsize. Backend must: a fresh C-contiguous tensor
        holding x's logical elements' bits reinterpreted as ``dtype``."""
