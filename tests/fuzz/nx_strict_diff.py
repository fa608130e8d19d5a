"""A differential driver: nx's strict namespace against array-api-strict, call for call.

Every public function of array-api-strict (its ``__all__``, ``linalg`` and ``fft``) and
every operator of its Array is called with a valid baseline call, then with one argument
replaced by a value a consumer passes by accident: a list where the standard says tuple,
``True`` for an int, a NumPy scalar or array, a string, ``None``, a Python scalar of
each kind. The same call is made on ``nx_array_api.strict`` and the *outcome classes*
are compared: accepted, or the standard exceptions the error is an instance of
(TypeError, ValueError, IndexError, RuntimeError), or another exception's name.

nx matches when it accepts what array-api-strict accepts, and raises, for what
array-api-strict refuses, an exception that is an instance of every standard class
array-api-strict's is (a consumer's ``pytest.raises`` passes on both). ``EXTRA_STRICT``
lists the documented differences (docs/strict-mode.md, "Where nx differs"); one of
them, a TypeError for a value outside the parameter's annotation, is told by reading
array-api-strict's own signatures (``outside_signature``).

    >>> from nx_strict_diff import cases, differences
    >>> differences(cases(long=False))          # doctest: +SKIP
    []

A plain module: the tests beside it (``test_strict_diff.py``) and a person at a prompt
use it the same way.
"""

from __future__ import annotations

import ast
import fnmatch
import inspect
import operator
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import array_api_strict as S
import numpy as np

import nx_array_api.strict as N

__all__ = ["Case", "cases", "outcome", "compare", "differences", "EXTRA_STRICT", "STANDARD"]

#: The exception classes the standard names; an outcome is the set of those an error is.
STANDARD = (TypeError, ValueError, IndexError, RuntimeError)


# ------------------------------------------------------------------ values
@dataclass(frozen=True)
class Arr:
    """An array to build in each namespace: ``dtype`` (a name) and ``values`` (nested
    lists, NumPy's conventions)."""

    dtype: str
    values: Any

    def make(self, xp: Any) -> Any:
        return xp.asarray(np.asarray(self.values).astype(self.dtype), dtype=getattr(xp, self.dtype))


@dataclass(frozen=True)
class Dt:
    """A dtype object of each namespace, by name."""

    name: str

    def make(self, xp: Any) -> Any:
        return getattr(xp, self.name)


@dataclass(frozen=True)
class Dev:
    """The namespace's default device."""

    def make(self, xp: Any) -> Any:
        return xp.asarray(0).device


def _make(v: Any, xp: Any) -> Any:
    if isinstance(v, (Arr, Dt, Dev)):
        return v.make(xp)
    if type(v) is tuple:
        return tuple(_make(e, xp) for e in v)
    if type(v) is list:
        return [_make(e, xp) for e in v]
    return v


_SPD = [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]
M = {d: Arr(d, _SPD if d != "bool" else [[True, False, True]] * 3) for d in ("float64", "float32", "int64", "uint8", "bool", "complex128")}
V = {d: Arr(d, [1, 2, 3] if d != "bool" else [True, False, True]) for d in ("float64", "float32", "int64", "uint8", "bool", "complex128")}
IDX = Arr("int64", [0, 2])

#: Values put in place of any argument: what a consumer passes by accident.
ACCIDENTS: list[Any] = [
    True, False, 0, 1, -1, 2, 1.5, 1.0, 1j, "a", "", None, b"x",
    np.int64(1), np.float64(1.0), np.bool_(True), np.float32(2.0), np.array([1.0, 2.0, 3.0]), np.array(1),
    [1, 2, 3], (1, 2, 3), [0], (0,), [], (), [1.0, 2.0, 3.0], object(),
    Dt("float64"), Dt("int64"), Dt("bool"), np.float64, float, int, "float64", np.dtype("float64"),
    V["float64"], V["int64"], V["bool"], V["complex128"], M["float64"], Arr("float64", 2.0), Arr("int64", 1),
]


def _like(v: Any) -> list[Any]:
    """Accidents shaped like the valid value ``v``: a tuple given as a list, its ints as
    bools, NumPy ints, floats or strings, an int as a bool, a NumPy int or a float."""
    out: list[Any] = []
    if type(v) is tuple and v and all(type(e) is int for e in v):
        out += [list(v), tuple(bool(e) or True for e in v), tuple(np.int64(e) for e in v), tuple(float(e) for e in v),
                tuple(str(e) for e in v), np.asarray(v), tuple(np.int32(e) for e in v), (*v[:-1], None)]
    if type(v) is int:
        out += [bool(v), np.int64(v), np.int32(v), float(v), str(v), (v,), [v], np.asarray(v), np.uint8(abs(v))]
    if type(v) is float:
        out += [int(v), np.float64(v), np.float32(v), True, complex(v), str(v)]
    if type(v) is bool:
        out += [int(v), np.bool_(v), "True", None, 1.0]
    if isinstance(v, Dt):
        out += [np.dtype(v.name), v.name, getattr(np, v.name), float]
    return out


# ------------------------------------------------------------------ the calls
@dataclass
class Case:
    """One call: ``name`` (``"reshape"``, ``"linalg.vector_norm"``, ``"operator.eq"``),
    ``call(xp, args, kwargs)``, the positional ``args`` and the ``kwargs`` (specs made in
    each namespace), and ``what`` (which argument was replaced, with what)."""

    name: str
    call: Callable[..., Any]
    args: tuple
    kwargs: dict
    what: str = "baseline"
    slot: Any = None  # the argument replaced: its position or keyword
    value: Any = None  # ... and what was put there

    @property
    def id(self) -> str:
        return f"{self.name}[{self.what}]"

    def run(self, xp: Any) -> Any:
        return self.call(xp, *_make(self.args, xp), **{k: _make(v, xp) for k, v in self.kwargs.items()})


def _function(qual: str) -> Callable[..., Any]:
    mod, _, name = qual.rpartition(".")

    def call(xp: Any, *args: Any, **kwargs: Any) -> Any:
        ns = getattr(xp, mod) if mod else xp
        return getattr(ns, name)(*args, **kwargs)

    return call


#: Valid baseline calls where the generic one (arrays of the signature's names) is not
#: one: name -> (args, kwargs).
BASELINES: dict[str, tuple[tuple, dict]] = {
    "arange": ((0,), {"stop": 5, "step": 1}),
    "asarray": (([1.0, 2.0],), {"dtype": Dt("float64"), "device": Dev(), "copy": None}),
    "astype": ((M["float64"], Dt("float32")), {"copy": True}),
    "broadcast_arrays": ((V["float64"], M["float64"]), {}),
    "broadcast_shapes": (((2, 3), (1, 3)), {}),
    "broadcast_to": ((V["float64"],), {"shape": (2, 3)}),
    "can_cast": ((Dt("int64"), Dt("float64")), {}),
    "clip": ((V["float64"],), {"min": 1.0, "max": 2.0}),
    "concat": (([V["float64"], V["float64"]],), {"axis": 0}),
    "cumulative_prod": ((V["float64"],), {"axis": 0, "dtype": None, "include_initial": False}),
    "cumulative_sum": ((V["float64"],), {"axis": 0, "dtype": None, "include_initial": False}),
    "diff": ((M["float64"],), {"axis": -1, "n": 1, "prepend": None, "append": None}),
    "empty": (((2, 3),), {"dtype": Dt("float64"), "device": Dev()}),
    "empty_like": ((M["float64"],), {"dtype": Dt("float32"), "device": Dev()}),
    "expand_dims": ((M["float64"],), {"axis": 0}),
    "eye": ((3, 4), {"k": 1, "dtype": Dt("float64"), "device": Dev()}),
    "finfo": ((Dt("float32"),), {}),
    "from_dlpack": ((M["float64"],), {}),
    "full": (((2, 3), 1.0), {"dtype": Dt("float64"), "device": Dev()}),
    "full_like": ((M["float64"],), {"fill_value": 2.0, "dtype": Dt("float64"), "device": Dev()}),
    "iinfo": ((Dt("int32"),), {}),
    "isdtype": ((Dt("float64"), "real floating"), {}),
    "isin": ((V["int64"], V["int64"]), {"invert": False}),
    "linspace": ((0.0, 1.0), {"num": 5, "dtype": Dt("float64"), "device": Dev(), "endpoint": True}),
    "meshgrid": ((V["float64"], V["float64"]), {"indexing": "xy"}),
    "moveaxis": ((M["float64"], 0, 1), {}),
    "ones": (((2, 3),), {"dtype": Dt("float64"), "device": Dev()}),
    "ones_like": ((M["float64"],), {"dtype": Dt("float32"), "device": Dev()}),
    "permute_dims": ((M["float64"],), {"axes": (1, 0)}),
    "repeat": ((V["float64"], 2), {"axis": 0}),
    "reshape": ((M["float64"],), {"shape": (9,), "copy": None}),
    "result_type": ((Dt("float32"), M["float64"]), {}),
    "roll": ((M["float64"],), {"shift": 1, "axis": 0}),
    "searchsorted": ((V["float64"], V["float64"]), {"side": "left", "sorter": None}),
    "squeeze": ((Arr("float64", [[1.0, 2.0]]),), {"axis": 0}),
    "stack": (([V["float64"], V["float64"]],), {"axis": 0}),
    "std": ((M["float64"],), {"axis": 0, "correction": 1.0, "keepdims": False}),
    "take": ((V["float64"], IDX), {"axis": 0}),
    "take_along_axis": ((M["float64"], Arr("int64", [[0], [1], [2]])), {"axis": -1}),
    "tensordot": ((M["float64"], M["float64"]), {"axes": 1}),
    "tile": ((V["float64"], (2,)), {}),
    "tril": ((M["float64"],), {"k": 0}),
    "triu": ((M["float64"],), {"k": 0}),
    "var": ((M["float64"],), {"axis": 0, "correction": 1.0, "keepdims": False}),
    "where": ((M["bool"], M["float64"], M["float64"]), {}),
    "zeros": (((2, 3),), {"dtype": Dt("float64"), "device": Dev()}),
    "zeros_like": ((M["float64"],), {"dtype": Dt("float32"), "device": Dev()}),
    "linalg.outer": ((V["float64"], V["float64"]), {}),
    "linalg.matrix_power": ((M["float64"], 2), {}),
    "linalg.matrix_norm": ((M["float64"],), {"keepdims": False, "ord": "fro"}),
    "linalg.matrix_rank": ((M["float64"],), {"rtol": None}),
    "linalg.pinv": ((M["float64"],), {"rtol": None}),
    "linalg.qr": ((M["float64"],), {"mode": "reduced"}),
    "linalg.svd": ((M["float64"],), {"full_matrices": True}),
    "linalg.tensordot": ((M["float64"], M["float64"]), {"axes": 1}),
    "linalg.trace": ((M["float64"],), {"offset": 0, "dtype": None}),
    "linalg.diagonal": ((M["float64"],), {"offset": 0}),
    "linalg.vector_norm": ((M["float64"],), {"axis": (0, 1), "keepdims": False, "ord": 2}),
    "linalg.cholesky": ((M["float64"],), {"upper": False}),
    "linalg.cross": ((M["float64"], M["float64"]), {"axis": -1}),
    "fft.fftfreq": ((4,), {"d": 1.0, "dtype": Dt("float64"), "device": Dev()}),
    "fft.rfftfreq": ((4,), {"d": 1.0, "dtype": Dt("float64"), "device": Dev()}),
    "fft.fftshift": ((M["float64"],), {"axes": 0}),
    "fft.ifftshift": ((M["float64"],), {"axes": 0}),
}
for _f in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
    BASELINES[f"fft.{_f}"] = ((M["complex128" if _f in ("fft", "ifft", "irfft", "hfft") else "float64"],), {"n": 4, "axis": -1, "norm": "backward"})
for _f in ("fftn", "ifftn", "rfftn", "irfftn"):
    BASELINES[f"fft.{_f}"] = ((M["complex128" if _f in ("fftn", "ifftn", "irfftn") else "float64"],), {"s": (3, 4), "axes": (0, 1), "norm": "backward"})
for _f in ("all", "any", "max", "min", "mean", "prod", "sum", "count_nonzero"):
    BASELINES[_f] = ((M["float64"],), {"axis": 0, "keepdims": False})
for _f in ("argmax", "argmin"):
    BASELINES[_f] = ((M["float64"],), {"axis": 0, "keepdims": False})
for _f in ("sort", "argsort"):
    BASELINES[_f] = ((M["float64"],), {"axis": -1, "descending": False, "stable": True})
for _f in ("flip",):
    BASELINES[_f] = ((M["float64"],), {"axis": 0})
for _f in ("unstack",):
    BASELINES[_f] = ((M["float64"],), {"axis": 0})
for _f in ("vecdot", "linalg.vecdot"):
    BASELINES[_f] = ((M["float64"], M["float64"]), {"axis": -1})

#: Not called: the flag functions change global state, ``__array_namespace_info__``
#: takes nothing.
SKIP = {"set_array_api_strict_flags", "get_array_api_strict_flags", "reset_array_api_strict_flags", "__array_namespace_info__"}

#: The dtypes tried, in order, for a function's generic baseline (the first one
#: array-api-strict accepts is used).
BASE_DTYPES = ("float64", "int64", "bool", "complex128")


def public_functions() -> list[str]:
    """array-api-strict's public functions, ``linalg.`` and ``fft.`` qualified."""
    out = []
    for mod, prefix in ((S, ""), (S.linalg, "linalg."), (S.fft, "fft.")):
        for n in sorted(mod.__all__):
            f = getattr(mod, n)
            if callable(f) and not isinstance(f, type) and n not in SKIP:
                out.append(prefix + n)
    return out


def _signature(qual: str) -> inspect.Signature:
    mod, _, name = qual.rpartition(".")
    return inspect.signature(getattr(getattr(S, mod) if mod else S, name))


def _generic(qual: str, dtype: str) -> tuple[tuple, dict]:
    args: list[Any] = []
    for p in _signature(qual).parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            args.append(M[dtype] if p.name != "condition" else M["bool"])
        elif p.kind is p.VAR_POSITIONAL:
            args += [M[dtype], M[dtype]]
    return tuple(args), {}


def _accepted(case: Case) -> bool:
    return outcome(lambda: case.run(S)) == "accepted"


def baseline(qual: str) -> Case:
    """A call of ``qual`` that array-api-strict accepts."""
    if qual in BASELINES:
        args, kwargs = BASELINES[qual]
        return Case(qual, _function(qual), args, kwargs)
    for d in BASE_DTYPES:
        c = Case(qual, _function(qual), *_generic(qual, d))
        if _accepted(c):
            return c
    raise LookupError(f"no baseline call of {qual} that array-api-strict accepts")


def _describe(v: Any) -> str:
    if isinstance(v, Arr):
        return f"{v.dtype} array{np.shape(v.values)}"
    if isinstance(v, Dt):
        return f"xp.{v.name}"
    if isinstance(v, np.ndarray):
        return f"np.ndarray{v.shape}"
    if isinstance(v, np.generic):
        return f"np.{type(v).__name__}({v})"
    if isinstance(v, type):
        return v.__name__
    if type(v) is object:
        return "object()"
    if isinstance(v, (str, bytes)):
        return repr(v)
    r = repr(v) if not isinstance(v, (list, tuple)) else type(v)(_describe(e) for e in v).__repr__()
    return r.replace("'", "") if not isinstance(v, (list, tuple)) else r


def variations(base: Case, long: bool) -> Iterator[Case]:
    """``base`` with one argument replaced: every argument by its like-shaped accidents,
    and (``long``) by every accident. The brief run takes the like-shaped ones and a
    fixed sample of the others."""
    slots = [(i, v) for i, v in enumerate(base.args)] + list(base.kwargs.items())
    for slot, v in slots:
        pool = _like(v) + (ACCIDENTS if long else ACCIDENTS[::3])
        if type(v) in (list, tuple) and v and not all(type(e) is int for e in v):
            # a sequence of arrays: as a tuple, as a list, with an accident inside
            pool += [tuple(v), list(v), [v[0], 1.0], [v[0], np.ones(3)], [v[0], None]]
        for acc in pool:
            args, kwargs = list(base.args), dict(base.kwargs)
            if type(slot) is int:
                args[slot] = acc
            else:
                kwargs[slot] = acc
            yield Case(base.name, base.call, tuple(args), kwargs, f"{slot}={_describe(acc)}", slot, acc)
    for extra in ("axis", "dtype", "device", "copy", "keepdims"):
        # a keyword the function does not take
        if extra not in base.kwargs and base.name in BASELINES and extra not in _signature(base.name).parameters:
            kwargs = dict(base.kwargs, **{extra: None})
            yield Case(base.name, base.call, base.args, kwargs, f"{extra}=None (not a parameter)")


# ------------------------------------------------------------------ operators
BINARY = [
    "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_", "xor",
    "lshift", "rshift", "eq", "ne", "lt", "le", "gt", "ge",
]
INPLACE = ["iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow", "iand", "ior", "ixor", "ilshift", "irshift"]
UNARY = ["neg", "pos", "invert", "abs", "bool", "int", "float", "complex", "index", "len", "iter", "repr", "dlpack", "T", "mT", "shape", "size", "ndim", "device", "dtype"]
OPERANDS = ("float64", "int64", "bool", "complex128")
KEYS: list[Any] = [
    0, -1, 3, True, np.int64(0), 1.5, "a", None, Ellipsis, slice(None), slice(0, 2), slice(0.0, 2),
    (0, 0), [0, 1], (0, None), (Ellipsis, 0), (Ellipsis, Ellipsis), (slice(None), None, 0),
    np.array([0, 1]), np.array([True, False, True]), IDX, Arr("bool", [True, False, True]), M["bool"],
    Arr("int64", 0), Arr("float64", [0.0]), (IDX, IDX), (IDX, 0), [True, False, True], (0, 0, 0), (np.int64(0), slice(None)),
]


def _binary(op: str, reflected: bool) -> Callable[..., Any]:
    f = getattr(operator, op)

    def call(xp: Any, x: Any, other: Any) -> Any:
        return f(other, x) if reflected else f(x, other)

    return call


def _inplace(op: str) -> Callable[..., Any]:
    f = getattr(operator, op)

    def call(xp: Any, x: Any, other: Any) -> Any:
        return f(x, other)

    return call


def _unary(op: str) -> Callable[..., Any]:
    builtin = {"bool": bool, "int": int, "float": float, "complex": complex, "len": len, "repr": repr, "iter": lambda x: list(iter(x))}

    def call(xp: Any, x: Any) -> Any:
        if op in builtin:
            return builtin[op](x)
        if op == "index":
            return operator.index(x)
        if op == "dlpack":
            return x.__dlpack__()
        if hasattr(operator, op):
            return getattr(operator, op)(x)
        return getattr(x, op)

    return call


def _getitem(xp: Any, x: Any, key: Any) -> Any:
    return x[key]


def _setitem(xp: Any, x: Any, key: Any, value: Any) -> Any:
    x[key] = value


def operator_cases(long: bool) -> Iterator[Case]:
    """The Array's operators, each with every operand dtype on the left and every
    accident (``long``; a sample otherwise) on the right, and reflected."""
    others = ACCIDENTS if long else ACCIDENTS[::2]
    for d in OPERANDS:
        for op in BINARY:
            for other in others:
                yield Case(f"operator.{op}", _binary(op, False), (M[d], other), {}, f"{d} array, {_describe(other)}", 1, other)
                if not isinstance(other, (Arr, np.ndarray)):
                    yield Case(f"operator.r{op}", _binary(op, True), (M[d], other), {}, f"{_describe(other)}, {d} array", 1, other)
        for op in INPLACE:
            for other in others:
                yield Case(f"operator.{op}", _inplace(op), (M[d], other), {}, f"{d} array, {_describe(other)}", 1, other)
        for op in UNARY:
            for x in (M[d], Arr(d, 1), Arr(d, [1])):
                yield Case(f"operator.{op}", _unary(op), (x,), {}, f"{d} array{np.shape(x.values)}")
    for key in KEYS:
        yield Case("operator.getitem", _getitem, (M["float64"], key), {}, _describe(key))
        for value in ((1.0, "a", None, np.float64(1.0), V["float64"], 1j, True) if long else (1.0, "a")):
            yield Case("operator.setitem", _setitem, (M["float64"], key, value), {}, f"{_describe(key)}, {_describe(value)}")


# ------------------------------------------------------------------ running
def cases(long: bool = False) -> list[Case]:
    """Every case: each public function's baseline and variations, then the operators."""
    out: list[Case] = []
    for qual in public_functions():
        base = baseline(qual)
        out.append(base)
        out.extend(variations(base, long))
    out.extend(operator_cases(long))
    return out


def outcome(fn: Callable[[], Any]) -> Any:
    """``"accepted"``, the frozenset of standard exception classes the error is an
    instance of, or (none of them) the error's class name."""
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            fn()
    except Exception as e:  # noqa: BLE001 - every outcome is compared
        std = frozenset(c.__name__ for c in STANDARD if isinstance(e, c))
        return std or type(e).__name__
    return "accepted"


def compare(case: Case) -> tuple[Any, Any]:
    """The outcomes of ``case`` on array-api-strict and on nx's strict namespace."""
    return outcome(lambda: case.run(S)), outcome(lambda: case.run(N))


def matches(ref: Any, got: Any) -> bool:
    """nx's outcome ``got`` is as good as array-api-strict's ``ref`` for a consumer."""
    if ref == "accepted" or got == "accepted" or isinstance(got, str):
        return ref == got
    if isinstance(ref, str):
        return False
    return ref <= got


@dataclass
class Extra:
    """A documented difference: cases whose id matches ``pattern`` (fnmatch: ``[[]`` is a
    literal ``[``) where
    array-api-strict's outcome is ``ref`` and nx's is ``got``."""

    pattern: str
    ref: Any
    got: Any
    reason: str = field(default="")


def _fs(*names: str) -> frozenset:
    return frozenset(names)


#: nx's documented extra strictness (docs/strict-mode.md, "Where nx differs from
#: array-api-strict"): what array-api-strict accepts or crashes on and nx refuses.
EXTRA_STRICT: list[Extra] = [
    Extra("*", "AttributeError", _fs("TypeError"),
          "a value that is no array where the function reads an array's attributes: array-api-strict "
          "crashes with its own AttributeError ('int' object has no attribute 'dtype'); nx names the "
          "function and the argument in a TypeError"),
]
EXTRA_STRICT += [
    Extra("(a value outside the parameter's annotation)", "accepted, ValueError or IndexError", _fs("TypeError"),
          "a value of a type the signature does not allow (a list for a tuple, True or 1.5 for an int, a "
          "NumPy scalar or array for a Python scalar, a string or bytes for a number, None inside a shape): "
          "array-api-strict hands it on to NumPy, which accepts some and refuses others with ValueError; nx "
          "refuses it with TypeError, the standard's exception for a wrong type (checked against "
          "array-api-strict's own annotations by ``outside_signature``)"),
]
EXTRA_STRICT += [
    Extra(f"{f}[[][01]=int64 array*", "accepted", _fs("TypeError"),
          "an integer and a floating-point array in a linear-algebra product: array-api-strict lets NumPy "
          "promote them; nx refuses mixed kinds as it does in every other binary function (the standard "
          "leaves mixed-kind promotion undefined)")
    for f in ("matmul", "vecdot", "tensordot", "linalg.matmul", "linalg.vecdot", "linalg.tensordot", "linalg.cross", "linalg.outer")
] + [
    Extra(f"{f}[[]{slot}={value}]", "accepted", _fs("TypeError"),
          "a complex fill value or bound for a real dtype: array-api-strict lets NumPy drop the imaginary "
          "part (with a ComplexWarning); nx refuses to lose it")
    for f, slot in (("full", 1), ("full_like", "fill_value"), ("linspace", 0), ("linspace", 1))
    for value in ("*j)", "1j")  # a Python complex: (1+0j); 1j in the long table
] + [Extra("linspace[[]0=0j]", "accepted", _fs("TypeError"), "as above")]
EXTRA_STRICT += [
    Extra(f"operator.{op}[[]float64 array, 1j]", "accepted", _fs("TypeError"),
          "an ordering comparison of a real array with a complex scalar: array-api-strict lets NumPy order "
          "complex numbers; the standard's comparisons are for real numbers")
    for op in ("lt", "le", "gt", "ge")
] + [
    Extra(f"operator.r{op}[[]1j, float64 array]", "accepted", _fs("TypeError"), "as above")
    for op in ("lt", "le", "gt", "ge")
]
EXTRA_STRICT += [
    Extra("searchsorted[[]sorter=*", "accepted", _fs("ValueError"),
          "a sorter holding an index out of x1's bounds: array-api-strict lets NumPy read with it; nx "
          "refuses it"),
]
EXTRA_STRICT += [
    Extra("asarray[[]0=*", _fs("ValueError"), _fs("TypeError"),
          "a string, or a list holding a string or an array, with a numeric dtype: array-api-strict lets NumPy try "
          "to parse it and fail with ValueError; nx refuses the object's type with TypeError"),
    Extra("asarray[[]0=[[]*None*", "accepted", _fs("TypeError"),
          "None inside a list: array-api-strict lets NumPy read it as NaN; nx refuses it (None is no number)"),
    Extra("asarray[[]0=b*", _fs("ValueError"), "accepted",
          "bytes are a buffer (the standard's SupportsBufferProtocol): nx reads their bytes; array-api-strict "
          "lets NumPy parse them as a string"),
    Extra("diff[[]prepend=*", _fs("IndexError", "ValueError"), _fs("ValueError"),
          "a prepend or append of the wrong shape: array-api-strict fails inside NumPy's concatenate with "
          "AxisError; nx says which shape it needs in a ValueError"),
    Extra("fft.*fftn[[]axes=*", "accepted", _fs("ValueError"),
          "a repeated axis ((1, 1), or (True, True)) in an n-D transform: array-api-strict lets NumPy transform "
          "that axis twice; nx refuses it, as a repeated axis is a mistake"),
    Extra("finfo[[]0=*", _fs("ValueError"), _fs("TypeError"),
          "a dtype or array outside the function's category (finfo of an integer one, iinfo of a floating-point "
          "one): array-api-strict lets NumPy raise ValueError; nx raises TypeError, the standard's exception for "
          "a dtype outside a function's category"),
    Extra("iinfo[[]0=*", _fs("ValueError"), _fs("TypeError"), "as above"),
    Extra("take_along_axis[[]1=float64 array*", _fs("IndexError"), _fs("TypeError"), "as above: floating-point indices"),
    Extra("linalg.matrix_rank[[]0=int64 array*", _fs("ValueError"), _fs("TypeError"),
          "a 1-D integer array: array-api-strict reports the dimension (NumPy's LinAlgError); nx checks the dtype "
          "first (the standard's linalg functions take floating-point arrays)"),
    Extra("linalg.matrix_rank[[]rtol=int64 array*", "accepted", _fs("TypeError"),
          "an integer rtol array: the standard's rtol is real floating-point; array-api-strict lets NumPy promote it"),
    Extra("linalg.pinv[[]rtol=int64 array*", _fs("ValueError"), _fs("TypeError"), "as above (array-api-strict fails broadcasting it)"),
    Extra("meshgrid[[][01]=float64 array(3, 3)]", "accepted", _fs("ValueError"),
          "an input that is not 1-D: the standard's meshgrid takes 1-D arrays; array-api-strict lets NumPy flatten it"),
    Extra("operator.setitem[[]('Ellipsis', 'Ellipsis'), 'a']", "AttributeError", _fs("IndexError"),
          "an invalid key and an invalid value at once: array-api-strict crashes on the value with its own "
          "AttributeError; nx reports the key first, with the standard's IndexError"),
    Extra("roll[[]shift=()]", "accepted", _fs("ValueError"),
          "an empty shift tuple with axis=None: array-api-strict lets NumPy roll by nothing; nx asks for the one "
          "integer shift the standard specifies there"),
    Extra("*tensordot[[]axes=np.uint8(1)]", _fs("ValueError"), "accepted",
          "a NumPy unsigned integer axes count: array-api-strict fails inside NumPy (-axes overflows in uint8); nx "
          "reads it as the count it is"),
] + [
    Extra(f"{f}[[]{slot}=np.ndarray()]", ref, "accepted",
          "a NumPy 0-d integer array where an int belongs: nx reads it with operator.index, as it reads NumPy "
          "integers (which array-api-strict accepts there too); array-api-strict fails inside NumPy")
    for f, slot, ref in (("unstack", "axis", _fs("TypeError")), ("fft.fftshift", "axes", _fs("TypeError")),
                         ("fft.ifftshift", "axes", _fs("TypeError")), ("fft.fftfreq", 0, _fs("ValueError")),
                         ("fft.rfftfreq", 0, _fs("ValueError")))
]
# (the long table's: ``make fuzz``)
_AXIS_OF_0D = ("all", "any", "argmax", "argmin", "argsort", "count_nonzero", "max", "min", "prod", "repeat", "squeeze", "sum")
EXTRA_STRICT += [
    Extra(f"{f}[[]0=*64 array()]", "accepted", _fs("IndexError", "ValueError"),
          "axis=0 or axis=-1 on a 0-d array: NumPy (and array-api-strict) take it, a legacy exception; the "
          "standard's axes are in [-ndim, ndim), none for a 0-d array, and nx raises AxisError")
    for f in _AXIS_OF_0D
] + [
    Extra("cumulative_sum[[]0=*64 array()]", "accepted", _fs("ValueError"), "as above: a 0-d array with axis=0"),
    Extra("diff[[]*pend=*64 array()]", "accepted", _fs("ValueError"),
          "a 0-d prepend or append: NumPy broadcasts it; the standard's has x's shape but along axis"),
    Extra("*", _fs("IndexError", "ValueError"), _fs("ValueError"),
          "an array with too few dimensions for the function (rfft of a 0-d array, matrix_norm of a 1-D one): "
          "array-api-strict lets NumPy raise its AxisError (both IndexError and ValueError); nx raises "
          "ValueError saying how many dimensions the function needs"),
    Extra("*tensordot[[][01]=*64 array()]", _fs("IndexError"), _fs("ValueError"),
          "a 0-d operand of tensordot: array-api-strict fails inside NumPy with IndexError; nx says the axes "
          "exceed its dimensions (ValueError), or refuses an integer one mixed with a floating-point one first"),
    Extra("*tensordot[[][01]=int64 array()]", _fs("IndexError"), _fs("TypeError"), "as above"),
    Extra("*tensordot[[]axes=-1]", "accepted", _fs("ValueError"),
          "a negative axes count: the standard's is a non-negative int; NumPy reads -1 as a contraction of none"),
] + [
    Extra(f"{f}[[][01]=int64 array()]", _fs("ValueError"), _fs("TypeError"),
          "an integer 0-d array with a floating-point one in a product: nx refuses the mixed kinds before "
          "array-api-strict's shape error")
    for f in ("matmul", "vecdot", "linalg.matmul", "linalg.vecdot", "linalg.cross", "linalg.outer")
] + [
    Extra(f"{f}[[]{slot}=int64 array()]", ref, "accepted",
          "a 0-d integer array where an int belongs: nx reads it with operator.index, as NumPy integers; "
          "array-api-strict refuses it or fails inside NumPy")
    for f, slot, ref in (("arange", 0, _fs("TypeError")), ("arange", "stop", _fs("TypeError")), ("arange", "step", _fs("TypeError")),
                         ("tril", "k", _fs("TypeError")), ("triu", "k", _fs("TypeError")), ("fft.fftshift", "axes", _fs("TypeError")),
                         ("fft.ifftshift", "axes", _fs("TypeError")), ("fft.fftfreq", 0, _fs("ValueError")),
                         ("fft.rfftfreq", 0, _fs("ValueError")))
] + [
    Extra(f"{f}", "ZeroDivisionError", _fs("ValueError"),
          "a zero step, length or spacing: array-api-strict lets Python's ZeroDivisionError out of NumPy; nx "
          "names the function and the argument in a ValueError")
    for f in ("arange[[]step=*", "fft.*fftfreq[[]0=0]", "fft.*fftfreq[[]d=0]")
] + [
    Extra("fft.rfftfreq[[]0=-1]", "accepted", _fs("ValueError"),
          "a negative length: array-api-strict returns an empty array; nx refuses it, as fftfreq does"),
    Extra("fft.*fftfreq[[]dtype=*", _fs("ValueError"), _fs("TypeError"),
          "an integer or bool dtype for the frequencies: the standard's is real floating-point; nx raises the "
          "standard's TypeError for a dtype outside the category"),
] + [
    Extra(f"{f}[[]dtype=xp.bool]", "accepted", _fs("TypeError"),
          "dtype=bool for a sum, product or trace: the standard's dtype there is numeric "
          "(array-api-strict lets NumPy compute in bool)")
    for f in ("cumulative_sum", "cumulative_prod", "linalg.trace")
] + [
    Extra("asarray[[]0=None]", "accepted", _fs("TypeError"), "None is no array: NumPy reads it as NaN (with a float dtype)"),
    Extra("asarray[[]0=complex128 array*", "accepted", _fs("TypeError"),
          "a complex array with a real dtype: array-api-strict lets NumPy drop the imaginary part; nx refuses to "
          "lose it"),
    Extra("linalg.matrix_rank[[]0=* array(3,)]", _fs("ValueError"), _fs("TypeError"),
          "a 1-D array of another dtype than floating-point: nx checks the dtype first (above)"),
    Extra("linalg.matrix_rank[[]rtol=* array*", "accepted", _fs("TypeError"),
          "an rtol array that is not real floating-point (above)"),
    Extra("linalg.pinv[[]rtol=* array*", _fs("ValueError"), _fs("TypeError"), "as above"),
    Extra("linalg.pinv[[]rtol=int64 array()]", "accepted", _fs("TypeError"), "as above"),
    Extra("linalg.trace[[]0=bool array(3,)]", _fs("TypeError"), _fs("ValueError"),
          "a 1-D bool array, two errors at once: nx reports the dimensions first (trace needs a matrix)"),
    Extra("take_along_axis[[]1=* array*", _fs("IndexError"), _fs("TypeError"),
          "indices of a dtype that is not integer (above)"),
    Extra("meshgrid[[][01]=float64 array()]", "accepted", _fs("ValueError"), "an input that is not 1-D (above)"),
    Extra("operator.setitem[[]('Ellipsis', 'Ellipsis'), *]", _fs("TypeError"), _fs("IndexError"),
          "an invalid key and an invalid value at once: nx reports the key first (above)"),
    Extra("operator.setitem[[]('Ellipsis', 'Ellipsis'), *]", "AttributeError", _fs("IndexError"), "as above"),
    Extra("roll[[]shift=*", "accepted", _fs("ValueError"),
          "a shift tuple with axis=None: NumPy rolls the flattened array by their sum; the standard's shift is "
          "one int there"),
    Extra("searchsorted[[]sorter=int64 array()]", _fs("TypeError"), _fs("ValueError"),
          "a 0-d sorter: the standard's sorter is 1-D as x1; nx says so in a ValueError (array-api-strict fails "
          "inside NumPy)"),
    Extra("clip[[]m*=*", _fs("ValueError"), "accepted",
          "an array bound that exceeds the other somewhere: array-api-strict compares them element by element "
          "(a computation of the values); nx gives NumPy's answer (max where min > max), and refuses min > max "
          "for Python scalars as array-api-strict does"),
    Extra("clip[[]m*=int64 array()]", _fs("TypeError"), "accepted",
          "a 0-d integer array bound of a floating-point x: nx reads it as a Python int, which the standard "
          "allows as a bound"),
]
#: The keyword arguments the standard types ``bool``: nx takes True and False alone.
BOOL_KEYWORDS = ("keepdims", "descending", "stable", "copy", "include_initial", "endpoint", "invert", "upper", "full_matrices")
EXTRA_STRICT += [
    Extra(f"*[[]{k}=*", "accepted", _fs("TypeError"),
          f"{k} given something else than True or False (None, 1, 'no', a NumPy bool): array-api-strict "
          "passes it on to NumPy, which reads its truth value; nx refuses it (a caller's mistake, and "
          "`keepdims=None` would silently mean False)")
    for k in BOOL_KEYWORDS
]


def annotation(case: Case) -> str | None:
    """array-api-strict's annotation of the parameter ``case`` replaced (None when the
    case replaced none, or the function has no signature there)."""
    if case.slot is None:
        return None
    if case.name.startswith("operator."):
        return None if case.slot != 1 else "Array" if "matmul" in case.name else "Array | complex"
    params = list(_signature(case.name).parameters.values())
    if type(case.slot) is str:
        p = next((p for p in params if p.name == case.slot), None)
    else:
        positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
        p = positional[min(case.slot, len(positional) - 1)] if positional else None
        if p is not None and p.kind is not p.VAR_POSITIONAL and case.slot >= len(positional):
            p = None
    if p is None or p.annotation is inspect.Parameter.empty:
        return None
    a = p.annotation if isinstance(p.annotation, str) else inspect.formatannotation(p.annotation)
    a = a.replace("NoneType", "None")
    if a.startswith(("Union[", "Optional[")) and a.endswith("]"):
        alts = _split(a[a.index("[") + 1:-1], ",")
        a = " | ".join(alts + (["None"] if a.startswith("Optional[") else []))
    return a.replace("array_api_strict._array_object.", "").replace("array_api_strict._dtypes.", "").replace("array_api_strict._devices.", "").replace("collections.abc.", "").replace("typing.", "")


def _split(a: str, sep: str) -> list[str]:
    """``a`` split at the ``sep`` outside brackets."""
    out, depth, cur = [], 0, ""
    for ch in a:
        depth += ch == "["
        depth -= ch == "]"
        if ch == sep and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def conforms(v: Any, a: str) -> bool:
    """Whether ``v`` is a value of the annotation ``a`` as the standard reads it: an int
    is a Python int (not a bool, not a NumPy integer), a float a Python int or float, a
    tuple a tuple; an annotation this reader does not know takes anything."""
    for alt in _split(a, "|"):
        head, _, inner = alt.partition("[")
        inner = inner[:-1]
        if alt == "None" and v is None:
            return True
        if alt in ("int", "float", "complex", "bool", "str") and type(v) in {
            "int": (int,), "float": (int, float), "complex": (int, float, complex), "bool": (bool,), "str": (str,),
        }[alt]:
            return True
        if alt in ("Array", "'Array'") and isinstance(v, Arr):
            return True
        if alt == "DType" and isinstance(v, Dt):
            return True
        if alt == "Device" and isinstance(v, Dev):
            return True
        if head == "Literal" and type(v) is str and v in ast.literal_eval(f"({inner},)"):
            return True
        if head in ("tuple", "list", "Sequence") and type(v) in {"tuple": (tuple,), "list": (list,), "Sequence": (tuple, list)}[head]:
            parts = _split(inner, ",")
            if len(parts) == 2 and parts[1] == "...":
                if all(conforms(e, parts[0]) for e in v):
                    return True
            elif len(parts) == len(v) and all(conforms(e, q) for e, q in zip(v, parts)):
                return True
        if alt not in ("None", "int", "float", "complex", "bool", "str", "Array", "'Array'", "DType", "Device", "Undef") and head not in ("Literal", "tuple", "list", "Sequence"):
            return True  # NestedSequence, SupportsBufferProtocol, ...: not checked here
    return False


def outside_signature(case: Case) -> bool:
    """Whether the value ``case`` put in its slot is outside array-api-strict's
    annotation of that parameter (a list for a tuple, True or 1.5 for an int, a NumPy
    scalar for a Python one, a string for a number, ...)."""
    a = annotation(case)
    return a is not None and not conforms(case.value, a)


def documented(case: Case, ref: Any, got: Any) -> bool:
    if got == _fs("TypeError") and ref != "AttributeError" and outside_signature(case):
        return True  # EXTRA_STRICT's "outside the signature" row
    return any(fnmatch.fnmatchcase(case.id, e.pattern) and e.ref == ref and e.got == got for e in EXTRA_STRICT)


def differences(all_cases: list[Case]) -> list[str]:
    """One line per case whose outcomes differ and are not documented."""
    out = []
    for c in all_cases:
        ref, got = compare(c)
        if not matches(ref, got) and not documented(c, ref, got):
            out.append(f"{c.id}: array-api-strict {_show(ref)}, nx {_show(got)}")
    return out


def _show(o: Any) -> str:
    return "/".join(sorted(o)) if isinstance(o, frozenset) else o
