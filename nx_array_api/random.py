"""Counter-based random numbers with explicit keys (Threefry-2x32), in the style of JAX.

There is no global state: every function takes a ``key`` (a uint32 array of shape
``(2,)``) and returns the same numbers for the same key on every platform and every
device. Results live on the key's device (``key(seed, device=...)``), and arrays passed
with a key must live there too; floating results default to the device's default real
floating dtype. Use a key once; derive fresh keys with ``split`` or ``fold_in``::

    >>> import nx_array_api as xp
    >>> from nx_array_api import random
    >>> k = random.key(42)
    >>> k1, k2 = random.split(k)
    >>> x = random.uniform(k1, (3,))
    >>> bool(xp.all((x >= 0.0) & (x < 1.0)))
    True

Exact derivation (``T(k, (c0, c1))`` is ``threefry(k, [c0, c1])``, Random123's
``threefry2x32_20``; ``hi(i)``/``lo(i)`` are the high/low 32-bit words of ``i``):

* ``key(seed)`` is ``[hi(s), lo(s)]`` with ``s = seed mod 2**64``.
* ``split(key, num)[i] = T(key, (0x80000000, i))`` for ``0 <= i < num``.
* ``fold_in(key, data) = T(key, (0x40000000, data mod 2**32))``.
* ``bits(key, shape)``: element ``i`` (row-major) is ``(y0, y1) = T(key, (hi(i), lo(i)))``
  reduced to ``y0 ^ y1`` for uint32 and to ``(y0 << 32) | y1`` for uint64. The three
  uses are told apart by the top bits of the first counter word (below 2**62 elements).
* ``uniform``: the top 23 (float32) or 52 (float64) bits of ``bits`` are the mantissa
  of a float in ``[1, 2)``; subtracting 1 gives ``[0, 1)`` on an even grid. For other
  bounds ``u * (maxval - minval) + minval``; a value that rounds up to ``maxval`` is
  replaced by the float just below it, so ``maxval`` never occurs.
* ``normal``: Box-Muller, both normals of each pair: element ``i`` is the first
  (``i`` even) or second (``i`` odd) of ``(r cos t, r sin t)`` for the pair ``p = i // 2``,
  ``r = sqrt(-2 log u1)``, ``t = 2 pi u2``, ``u1`` in ``(0, 1]`` and ``u2`` in ``[0, 1)``
  made as ``uniform`` makes its numbers: float64 from the uint64 bits of the counters
  ``(hi(p) | 0xC0000000, lo(p))`` (``u1 = 2 - f``) and ``(hi(p) | 0xE0000000, lo(p))``
  (``u2 = f - 1``); float32 from the top 23 bits of the two words of the first, in
  float32 arithmetic. These counter tags keep the streams apart from ``bits``'s.
* ``integers(key, low, high)``: ``low + (bits64 mod (high - low))`` with uint64 bits.
  The bias is at most ``(high - low) / 2**64`` (below ``2**-32`` for spans up to
  ``2**32``): negligible for every practical span.
* ``permutation``/``shuffle``: a stable argsort of uint64 ``bits(key, (n,))``. Ties (a
  probability below ``n**2 / 2**65``) keep index order.
* ``choice``: with replacement and no ``p``, ``integers``; without replacement and no
  ``p``, the first elements of ``permutation``; with ``p`` and replacement, inverse
  CDF: ``searchsorted(cumsum(p), (1 - uniform) * sum(p), side="left")``; with ``p`` and
  no replacement, the ``k`` largest keys ``log(1 - uniform) / p`` (Efraimidis-Spirakis).

Everything above is integer arithmetic or IEEE-754 basic arithmetic, so it is bit-exact
across platforms; ``normal`` and weighted ``choice`` without replacement also call
``log``/``sqrt``/``cos``, which are bit-exact wherever the math library is (and within
an ulp elsewhere). Every value comes from backend primitives.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Sequence

from nx_core.dtype import DType
from nx_core.tensor import Tensor

from . import _dtypes as _dt
from ._array_object import Array, Device
from ._flags import public_dir
from ._messages import not_an_array
from ._validation import (
    check_bool,
    backend_of,
    broadcast_shapes,
    broadcast_tensor,
    check_array,
    check_device,
    check_device_dtype,
    check_shape,
    default_dtype,
    int_no_bool,
    ints_no_bool,
    names_memory_errors,
    normalize_axis,
    py_scalar,
)

__all__ = [
    "key",
    "split",
    "fold_in",
    "bits",
    "uniform",
    "normal",
    "integers",
    "permutation",
    "shuffle",
    "choice",
]

_u32, _u64, _i64 = _dt.uint32, _dt.uint64, _dt.int64
_M32 = 0xFFFFFFFF
_SPLIT_TAG = 0x80000000
_FOLD_TAG = 0x40000000
_P_ATOL = {_dt.float32: 3.5e-4, _dt.float64: 1.5e-8}  # ~ sqrt(eps), as NumPy's choice


# ------------------------------------------------------------------ validation
def _key(name: str, key: Any) -> Array:
    if not isinstance(key, Array):
        raise TypeError(f"{name}: key must be an nx array made by random.key, got {type(key).__name__}")
    if key.dtype is not _u32:
        raise TypeError(f"{name}: key must have dtype uint32, got {key.dtype.name}")
    if key.shape != (2,):
        raise ValueError(f"{name}: key must have shape (2,), got {key.shape}")
    return key


def _shape(name: str, shape: Any) -> tuple[int, ...]:
    out = ints_no_bool(name, shape, "shape")
    if any(d < 0 for d in out):
        raise ValueError(f"{name}: shape must not have negative dimensions, got {out}")
    # 8 bytes an element: the uint64 counters and bits every sampler makes first.
    return check_shape(name, out, 8)


def _bound_arg(name: str, v: Any, arg: str) -> Any:
    """A bound as given: an nx array, or a Python int or float (NumPy scalars and 0-d
    arrays read as such); anything else is a TypeError."""
    if isinstance(v, Array) and v.ndim:
        return v
    v = py_scalar(v)
    if isinstance(v, Array) or (type(v) in (int, float)):
        return v
    raise TypeError(f"{name}: {arg} must be a real number or an nx array, got {type(v).__name__}")


def _float_dtype(name: str, dtype: Any, device: Device) -> DType:
    """``dtype`` (the default real floating dtype of ``device`` when None), one the device supports."""
    if dtype is None:
        return default_dtype(device, "real floating")
    if dtype not in _dt.real_floating:
        raise TypeError(f"{name}: dtype must be float32 or float64, got {dtype!r}")
    return check_device_dtype(name, device, dtype)


# ------------------------------------------------------------------ hashing
def _hash(kt: Array, counters: Array) -> Array:
    B = kt.backend
    n = counters.shape[0]
    return B.threefry(B.broadcast_to(B.reshape(kt, (1, 2)), (n, 2)), counters)


def _bits(kt: Array, shape: tuple[int, ...], dtype: DType, tag: int = 0) -> Array:
    """``bits``: the backend's counter-mode Threefry stream (``random_bits``), which a
    chunked backend computes chunk by chunk from the key alone."""
    return kt.backend.random_bits(kt, shape=shape, dtype=dtype, tag=tag)


def _split(kt: Array, n: int) -> Array:
    """``split``: the (n, 2) words ``(y0, y1)`` of the counters ``(0x80000000, i)``, taken
    from the uint64 bits ``(y0 << 32) | y1``."""
    B = kt.backend
    b = _bits(kt, (n,), _u64, _SPLIT_TAG)
    hi = B.cast(B.bitwise_right_shift(b, 32), dtype=_u32)
    lo = B.cast(B.bitwise_and(b, _M32), dtype=_u32)
    return B.cat([B.reshape(hi, (n, 1)), B.reshape(lo, (n, 1))], axis=1)


def _unit(kt: Array, shape: tuple[int, ...], dtype: DType) -> Array:
    """Uniform [0, 1) of ``dtype`` from the top mantissa bits of ``bits`` (the backend's
    ``random_uniform``, which makes the floats as it makes the bits)."""
    return kt.backend.random_uniform(kt, shape=shape, dtype=dtype)


def _unit_open(kt: Array, shape: tuple[int, ...], dtype: DType) -> Array:
    """``1 - uniform``, in (0, 1] (exact: a uniform is a multiple of the mantissa's last
    bit)."""
    B = kt.backend
    n = B.neg(_unit(kt, shape, dtype))
    return B.add(n, 1.0, out=n)


# ------------------------------------------------------------------ keys
def key(seed: int, /, *, device: Device | str | None = None) -> Array:
    """A key from an integer seed in ``[-2**63, 2**64)``: ``[hi(s), lo(s)]``, ``s = seed mod 2**64``.

    The key lives on ``device`` (the default device when None); everything drawn with it
    is computed there, and the values are the same on every device."""
    s = int_no_bool("key", seed, "seed")
    if not -(1 << 63) <= s < (1 << 64):
        raise ValueError(f"key: seed must fit in 64 bits, got {s}")
    B = check_device("key", device).backend
    s &= (1 << 64) - 1
    return B.cat([B.full(_u32, (1,), s >> 32), B.full(_u32, (1,), s & _M32)], axis=0)


@names_memory_errors
def split(key: Array, /, num: int = 2) -> Array:
    """``num`` new keys, shape ``(num, 2)``; row ``i`` is ``threefry(key, [0x80000000, i])``."""
    kt = _key("split", key)
    n = int_no_bool("split", num, "num")
    if not 0 <= n <= (1 << 32):
        raise ValueError(f"split: num must be in [0, 2**32], got {n}")
    if n == 0:
        return kt.backend.full(_u32, (0, 2), 0)
    return _split(kt, n)


def fold_in(key: Array, data: int, /) -> Array:
    """A new key that mixes the 32-bit integer ``data`` into ``key``."""
    kt = _key("fold_in", key)
    d = int_no_bool("fold_in", data, "data")
    if not -(1 << 31) <= d < (1 << 32):
        raise ValueError(f"fold_in: data must fit in 32 bits, got {d}")
    B = kt.backend
    c = B.cat([B.full(_u32, (1, 1), _FOLD_TAG), B.full(_u32, (1, 1), d & _M32)], axis=1)
    return B.reshape(_hash(kt, c), (2,))


# ------------------------------------------------------------------ samplers
@names_memory_errors
def bits(key: Array, /, shape: int | Sequence[int] = (), dtype: DType = _dt.uint32) -> Array:
    """Uniformly distributed random bits: uint32 (default) or uint64 of ``shape``."""
    kt = _key("bits", key)
    sh = _shape("bits", shape)
    dtype = _u32 if dtype is None else dtype
    if dtype not in (_u32, _u64):
        raise TypeError(f"bits: dtype must be uint32 or uint64, got {dtype!r}")
    return _bits(kt, sh, dtype)


def _bound(B: Any, name: str, v: Any, arg: str, shape: tuple[int, ...], dtype: DType) -> tuple[Array, float | None]:
    if isinstance(v, Array):
        if v.dtype not in _dt.real_numeric:
            raise TypeError(f"{name}: {arg} must be real, got {v.dtype.name}")
        if broadcast_shapes(name, v.shape, shape) != shape:
            raise ValueError(f"{name}: {arg} of shape {v.shape} does not broadcast to shape {shape}")
        t = v if v.dtype is dtype else B.cast(v, dtype=dtype)
        return broadcast_tensor(t, shape), None
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"{name}: {arg} must be a real number or an nx array, got {type(v).__name__}")
    if not math.isfinite(v):
        raise ValueError(f"{name}: {arg} must be finite, got {v}")
    return B.full(dtype, shape, float(v)), float(v)


@names_memory_errors
def uniform(
    key: Array,
    /,
    shape: int | Sequence[int] = (),
    dtype: DType | None = None,
    minval: float | Array = 0.0,
    maxval: float | Array = 1.0,
) -> Array:
    """Uniform floats in ``[minval, maxval)`` (``maxval`` never occurs); float64 by
    default (float32 on a device without float64)."""
    kt = _key("uniform", key)
    sh = _shape("uniform", shape)
    dt = _float_dtype("uniform", dtype, kt.backend.device)
    minval = _bound_arg("uniform", minval, "minval")
    maxval = _bound_arg("uniform", maxval, "maxval")
    B = backend_of("uniform", kt, *(v for v in (minval, maxval) if isinstance(v, Array)))
    u = _unit(kt, sh, dt)
    if not isinstance(minval, Array) and not isinstance(maxval, Array) and (minval, maxval) == (0.0, 1.0):
        return u
    lo, lov = _bound(B, "uniform", minval, "minval", sh, dt)
    hi, hiv = _bound(B, "uniform", maxval, "maxval", sh, dt)
    if lov is not None and hiv is not None and not lov < hiv:
        raise ValueError(f"uniform: minval must be less than maxval, got {minval} and {maxval}")
    r = B.add(B.mul(u, B.sub(hi, lo)), lo)
    below = B.nextafter(hi, lo)
    r = B.where(B.cmplt(r, hi), r, below)
    return B.max(r, lo)


@names_memory_errors
def normal(key: Array, /, shape: int | Sequence[int] = (), dtype: DType | None = None) -> Array:
    """Standard normal floats (Box-Muller, both normals of each pair); float64 by
    default (float32 on a device without float64)."""
    kt = _key("normal", key)
    sh = _shape("normal", shape)
    B = kt.backend
    dt = _float_dtype("normal", dtype, B.device)
    return B.random_normal(kt, shape=sh, dtype=dt)


@names_memory_errors
def integers(
    key: Array,
    /,
    low: int,
    high: int,
    shape: int | Sequence[int] = (),
    dtype: DType | None = None,
) -> Array:
    """Integers uniform in ``[low, high)``; int64 by default (bias below ``(high-low)/2**64``)."""
    kt = _key("integers", key)
    lo = int_no_bool("integers", low, "low")
    hi = int_no_bool("integers", high, "high")
    sh = _shape("integers", shape)
    dt = _i64 if dtype is None else dtype
    if dt not in _dt.integer:
        raise TypeError(f"integers: dtype must be an integer dtype, got {dt!r}")
    if not lo < hi:
        raise ValueError(f"integers: low must be less than high, got low={lo}, high={hi}")
    dmin, dmax = dt.limits or _dt.NO_LIMITS
    if lo < dmin or hi > dmax + 1:
        raise ValueError(f"integers: [{lo}, {hi}) does not fit {dt.name} [{dmin}, {dmax}]")
    return _integers(kt, lo, hi, sh, dt)


def _integers(kt: Array, lo: int, hi: int, sh: tuple[int, ...], dt: DType) -> Array:
    span = hi - lo
    r = _bits(kt, sh, _u64)  # fresh: the steps below write into it
    B = kt.backend
    if span != 1 << 64:
        B.remainder(r, span, out=r)
    if lo:
        B.add(r, lo & ((1 << 64) - 1), out=r)  # wraps modulo 2**64: low + offset in two's complement
    return r if dt is _u64 else B.cast(r, dtype=dt)


def _perm(kt: Array, n: int) -> Array:
    B = kt.backend
    p = B.argsort(_bits(kt, (n,), _u64), axis=0)
    return p if p.dtype is _i64 else B.cast(p, dtype=_i64)


@names_memory_errors
def shuffle(key: Array, x: Array, /, axis: int = 0) -> Array:
    """A new array: ``x`` with its slices along ``axis`` in random order."""
    kt = _key("shuffle", key)
    x = check_array("shuffle", x)
    if x.ndim == 0:
        raise ValueError("shuffle: x must have at least one dimension")
    ax = normalize_axis("shuffle", axis, x.ndim)
    B = backend_of("shuffle", kt, x)
    return B.take(x, _perm(kt, x.shape[ax]), axis=ax)


@names_memory_errors
def permutation(key: Array, n_or_x: int | Array, /, axis: int = 0) -> Array:
    """A random permutation of ``range(n)`` (int64), or a shuffled copy of an array along ``axis``."""
    if isinstance(n_or_x, Array):
        return shuffle(key, n_or_x, axis)
    kt = _key("permutation", key)
    n = int_no_bool("permutation", n_or_x, "n_or_x")
    if n < 0:
        raise ValueError(f"permutation: n must be >= 0, got {n}")
    return _perm(kt, n)


@names_memory_errors
def choice(
    key: Array,
    a: int | Array,
    /,
    shape: int | Sequence[int] = (),
    replace: bool = True,
    p: Array | None = None,
    axis: int = 0,
) -> Array:
    """Random elements of ``a`` (an array, along ``axis``) or of ``range(a)`` (an int).

    ``p``: optional 1-D probabilities (real floating, non-negative, summing to 1).
    """
    kt = _key("choice", key)
    sh = _shape("choice", shape)
    k = math.prod(sh)
    if isinstance(a, Array):
        if a.ndim == 0:
            raise ValueError("choice: a must have at least one dimension")
        ax = normalize_axis("choice", axis, a.ndim)
        n = a.shape[ax]
        B = backend_of("choice", kt, a)
    else:
        B = kt.backend
        n = int_no_bool("choice", a, "a")
        if n < 0:
            raise ValueError(f"choice: a must be >= 0, got {n}")
    check_bool("choice", replace, "replace")
    if p is not None:
        pt = _probabilities(p, n, kt)
    if k > 0 and n == 0:
        raise ValueError("choice: cannot choose from an empty population")
    if p is None:
        if replace:
            idx = _integers(kt, 0, n, sh, _i64) if k else B.full(_i64, sh, 0)
        else:
            if k > n:
                raise ValueError(f"choice: cannot take {k} samples from {n} without replacement")
            idx = B.reshape(B.shrink(_perm(kt, n), ((0, k),)), sh) if k else B.full(_i64, sh, 0)
    elif replace:
        total = B.reduce_sum(pt, axes=(0,))
        cdf = B.associative_scan(pt, axis=0, op="sum")
        u = B.mul(_unit_open(kt, (k,), pt.dtype), total)  # (0, total]
        idx = B.searchsorted(cdf, u, side="left")
        idx = B.reshape(idx if idx.dtype is _i64 else B.cast(idx, dtype=_i64), sh)
    else:
        nonzero = B.reduce_sum(B.cast(B.cmpne(pt, 0.0), dtype=_i64), axes=(0,))
        pt = B.guard(pt, functools.partial(_enough_nonzero, k), nonzero)
        u = _unit_open(kt, (n,), pt.dtype)  # (0, 1]
        keys = B.where(B.cmpne(pt, 0.0), B.div(B.log(u), pt), -math.inf)
        order = B.argsort(keys, axis=0, descending=True)
        idx = B.shrink(order, ((0, k),)) if k else B.full(_i64, (0,), 0)
        idx = B.reshape(idx if idx.dtype is _i64 else B.cast(idx, dtype=_i64), sh)
    if isinstance(a, Array):
        return B.take(a, idx, axis=ax)
    return idx


def _probabilities(p: Any, n: int, kt: Array) -> Array:
    """``p`` validated: on the device of the key ``kt``, non-negative, summing to 1."""
    if not isinstance(p, Array):
        raise not_an_array("choice", "p", p)
    if p.dtype not in _dt.real_floating:
        raise TypeError(f"choice: p must have a real floating dtype, got {p.dtype.name}")
    if p.shape != (n,):
        raise ValueError(f"choice: p must have shape ({n},), got {p.shape}")
    B = backend_of("choice", kt, p)
    if n == 0:
        return p
    negative, nan = B.reduce_any(B.cmplt(p, 0.0), axes=(0,)), B.reduce_any(B.isnan(p), axes=(0,))
    return B.guard(p, functools.partial(_valid_probabilities, _P_ATOL[p.dtype]), negative, nan, B.reduce_sum(p, axes=(0,)))


# The checks of choice's values, run by the backend's guard (now, or where the values
# are computed lazily, when they are).
def _valid_probabilities(tol: float, negative: bool, nan: bool, total: float) -> None:
    if negative or nan:
        raise ValueError("choice: probabilities must be non-negative")
    if not abs(total - 1.0) <= tol:
        raise ValueError(f"choice: probabilities must sum to 1, got {total}")


def _enough_nonzero(k: int, nonzero: int) -> None:
    if k > nonzero:
        raise ValueError(f"choice: cannot take {k} samples without replacement from {nonzero} non-zero probabilities")


def __dir__() -> list[str]:
    return public_dir(globals(), __all__)
