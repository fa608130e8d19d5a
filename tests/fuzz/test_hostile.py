"""What a careless or hostile caller must not be able to do, on the CPU and Dask devices.

Four families, each a Hypothesis test over a table of calls, plus the cases that found
them (``test_issue_*``):

* memory bombs: sizes near ``2**63``, broadcasts of huge shapes materialised, reshapes
  whose sizes overflow;
* hostile Python objects: ``__index__``, ``__len__``, ``__float__``, ``__array__`` and
  ``__dlpack__`` that raise or lie;
* integer indices of every dtype at and past the bounds, ``uint64`` above ``2**63``
  and Python ints past ``int64``;
* writes through every kind of view: each lands where NumPy's would (every view of
  the buffer sees it) or raises, and is never lost.

Every call ends within seconds (``no_hang``), under a cap on the process's address
space (``memory_cap``: an allocation a bug would make fails instead of taking the
machine's memory), in an exception of the contract whose message starts with the
function's name, in the exception the hostile object itself raised, or in NumPy's
result. ``make fuzz`` runs many more examples (``NX_FUZZ_EXAMPLES``).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from nx_fuzz import CONTRACT, FEW, FUZZ, Hang, memory_cap, no_hang

import nx_array_api as xp

DEVICES = ["cpu", "dask"]
CALL_S = 60  # seconds a call may take before it counts as a hang (a guard, not a bound)


class Boom(Exception):
    """What a hostile hook raises: nx passes it on (Python's rule), or names its own error."""


def _named(e: BaseException, names: tuple[str, ...]) -> bool:
    return any(re.match(rf"\s*{re.escape(n)}\b", str(e)) for n in names)


def outcome(fn: Callable[[], Any], names: tuple[str, ...], *, memory_named: bool = False) -> tuple[str, Any]:
    """Runs ``fn`` under the guards: ("ok", result), ("raised", exception), or a failure
    for anything outside the contract (a hang, an unnamed or foreign exception)."""
    try:
        with no_hang(CALL_S), memory_cap():
            return "ok", fn()
    except Hang:
        raise
    except Boom as e:
        return "raised", e
    except MemoryError as e:
        assert not memory_named or _named(e, names), f"MemoryError not naming {names}: {e!r}"
        return "raised", e
    except CONTRACT as e:
        assert _named(e, names), f"{type(e).__name__} not naming {names}: {e!r}"
        return "raised", e
    except BaseException as e:  # noqa: BLE001 - the point is to catch the wrong ones
        raise AssertionError(f"{names}: {type(e).__module__}.{type(e).__name__} outside the contract: {e!r}") from e


def host(a: Any) -> np.ndarray:
    return np.asarray(xp.asarray(a, device="cpu") if a.device != xp.Device("cpu") else a)


# ================================================================ the issue's cases
@pytest.mark.parametrize("device", DEVICES)
def test_issue_take_of_a_broadcast_index_fails_at_once(device):
    def calls(n: int) -> list:
        idx = xp.broadcast_to(xp.asarray([0], device=device), (n,))
        return [(lambda: xp.take(xp.ones(3, device=device), idx), "take"),
                (lambda: xp.take_along_axis(xp.ones(3, device=device), idx, axis=0), "take_along_axis")]

    for fn, name in calls(2**40):
        kind, e = outcome(fn, (name,), memory_named=True)
        if device == "cpu":
            assert kind == "raised" and isinstance(e, MemoryError) and str(e).startswith(name + ":")
        else:  # the Dask device takes lazily: an 8 TiB result in at most MAX_CHUNKS chunks
            from nx_core.backend.dask import MAX_CHUNKS

            assert kind == "ok" and e.shape == (2**40,)
            assert e.arr.npartitions <= MAX_CHUNKS and max(e.arr.chunks[0]) <= 2**40 // MAX_CHUNKS
    if device == "dask":  # an element computes its chunk: at 512 GiB, one of array.chunk-size
        for fn, name in calls(2**36):
            e = fn()
            assert max(e.arr.chunks[0]) * 8 <= 2**27 and float(e[5]) == 1.0


@pytest.mark.parametrize("device", DEVICES)
def test_issue_asarray_of_a_list_of_arrays_costs_a_stack(device):
    x = xp.ones(10**6, device=device)
    r = xp.asarray([x, x])
    assert r.shape == (2, 10**6) and r.device == x.device
    assert float(xp.sum(r)) == 2 * 10**6
    b = xp.broadcast_to(xp.ones(1, device=device), (2**40,))
    if device == "cpu":  # (the Dask device stacks lazily: a 16 TiB lazy array is fine there)
        kind, e = outcome(lambda: xp.asarray([b, b]), ("asarray",), memory_named=True)
        assert kind == "raised" and isinstance(e, MemoryError) and str(e).startswith("asarray: ")


def test_issue_asarray_of_nested_lists_of_arrays():
    a = xp.reshape(xp.arange(6), (2, 3))
    got = xp.asarray([[a, a.T.mT], [a, a]], dtype=xp.float32)
    want = np.asarray([[np.arange(6).reshape(2, 3)] * 2] * 2, dtype=np.float32)
    assert got.dtype == xp.float32 and np.array_equal(np.asarray(got), want)
    mixed = xp.asarray([xp.asarray(1, dtype=xp.int8), xp.asarray(2.5, dtype=xp.float32)])
    assert mixed.dtype == xp.float32 and np.asarray(mixed).tolist() == [1.0, 2.5]
    with pytest.raises(ValueError, match="^asarray: "):
        xp.asarray([a, a], copy=False)


@pytest.mark.parametrize("device", DEVICES)
def test_issue_uint64_indices_do_not_wrap(device):
    y = xp.arange(10, device=device)
    big = xp.asarray([2**64 - 5], dtype=xp.uint64, device=device)
    with pytest.raises(IndexError, match="^__getitem__: index 18446744073709551611 is out of bounds"):
        y[big]
    with pytest.raises(IndexError, match="^__setitem__: "):
        y[xp.asarray([2**64 - 1], dtype=xp.uint64, device=device)] = 100
    assert host(y).tolist() == list(range(10))  # nothing written, y[9] included
    with pytest.raises(IndexError, match="^take: "):
        xp.take(y, big)
    assert host(y[xp.asarray([9, 0], dtype=xp.uint64, device=device)]).tolist() == [9, 0]


def test_issue_uint64_indices_in_strict_mode():
    import nx_array_api.strict as sx

    y = sx.arange(10)
    with pytest.raises(IndexError, match="^__getitem__: "):
        y[sx.asarray([2**64 - 5], dtype=sx.uint64)]


def test_issue_write_through_a_slice_of_a_padded_view_raises():
    x = xp.arange(10.0)
    B = x.backend
    m = B.pad_view(B.basic_view(x, (slice(2, 6),)), ((3, 3),))
    with pytest.raises(ValueError, match="^__setitem__: "):
        m[2:8][...] = -1.0
    with pytest.raises(ValueError, match="^__setitem__: "):
        m[4] = 5.0
    with pytest.raises(ValueError, match="^__setitem__: "):
        m[0][...] = 5.0  # a padded position alone
    assert np.asarray(x).tolist() == list(map(float, range(10)))
    inner = m[4:6]  # inside the data: a plain view of x, so the write lands in x
    inner[...] = -2.0
    assert np.asarray(x).tolist() == [0, 1, 2, -2, -2, 5, 6, 7, 8, 9]
    assert np.asarray(m).tolist() == [0, 0, 0, 2, -2, -2, 5, 0, 0, 0]  # m sees it too


@pytest.mark.parametrize(
    "fn, name",
    [
        (lambda: xp.unfold(xp.ones((1, 3)), (2,), padding=2**62), "unfold"),
        (lambda: xp.fold(xp.ones((1, 2, 1)), (2**62,), (2,), stride=2**62), "fold"),
    ],
)
def test_issue_window_sizes_are_named(fn, name):
    with pytest.raises(ValueError, match=f"^{name}: "):
        fn()


def _self_referential() -> list:
    s = [1.0]
    s.append(s)  # [1.0, [...]]
    return s


def _holds_itself_inside() -> list:
    s = [1.0]
    s.append([1.0, s])  # [1.0, [1.0, [...]]]
    return s


def _holds_itself_first() -> list:
    s: list = []
    s.append(s)  # [[...]]: its first item, at every depth, is itself
    s.append(s)
    return s


def _deep(kind: type) -> Any:
    s: Any = kind([1.0])
    for _ in range(10**5):
        s = kind([s])
    return s


NESTINGS = {
    "self-referential": _self_referential,
    "holds-itself-inside": _holds_itself_inside,
    "holds-itself-first": _holds_itself_first,
    "deep-list": lambda: _deep(list),
    "deep-tuple": lambda: _deep(tuple),
}


@pytest.mark.parametrize("namespace", ["nx_array_api", "nx_array_api.strict"])
@pytest.mark.parametrize("device", ["cpu", "device1", "dask"])
@pytest.mark.parametrize("nesting", sorted(NESTINGS))
def test_issue_asarray_of_hostile_nesting(nesting, device, namespace):
    """A list or tuple that holds itself, or nests 10**5 deep: a ValueError naming
    asarray at once (NumPy's and array-api-strict's refusal), with no recursion and no
    memory growing with the nesting (the walk stops at the first sequence met again, or
    at the most dimensions an array may have)."""
    import importlib
    import tracemalloc

    ns = importlib.import_module(namespace)
    dev = ns.Device("CPU_DEVICE" if device == "cpu" else device) if namespace.endswith("strict") else device
    obj = NESTINGS[nesting]()
    tracemalloc.start()
    try:
        with no_hang(CALL_S), pytest.raises(ValueError, match=r"^asarray: (the nested sequence contains itself|ragged|at most \d+ dimensions)"):
            ns.asarray(obj, device=dev)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, f"asarray of {nesting} traced {peak} bytes"


class _LyingList(list):
    def __len__(self):
        return 5


def test_issue_asarray_of_a_list_whose_len_lies():
    assert np.asarray(xp.asarray(_LyingList([1.0, 2.0]))).tolist() == [1.0, 2.0]
    assert np.asarray(xp.asarray([_LyingList([1, 2]), [3, 4]])).tolist() == [[1, 2], [3, 4]]


class _Producer:
    """A DLPack producer whose ``__dlpack__`` gives ``cap``."""

    def __init__(self, cap: Any) -> None:
        self.cap = cap

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.cap

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


def test_issue_from_dlpack_of_junk_or_a_consumed_capsule():
    used = np.arange(3.0).__dlpack__()
    np.from_dlpack(_Producer(used))  # consumed now
    for obj in [_Producer(42), _Producer(used), _Producer("capsule")]:
        for fn, name in [(xp.from_dlpack, "from_dlpack"), (xp.asarray, "asarray")]:
            with pytest.raises((TypeError, ValueError), match=f"^{name}: "):
                fn(obj)


@pytest.mark.parametrize("device", DEVICES)
def test_issue_writes_into_broadcast_views(device):
    base = xp.asarray([1, 2, 3], device=device)
    rows = xp.broadcast_to(base, (2, 3))
    if device == "cpu":  # one element of a broadcast view is many positions: refused
        for key in [(1, 0), (Ellipsis,), (0, slice(None))]:
            with pytest.raises(ValueError, match="^__setitem__: cannot write through a broadcast view"):
                rows[key] = 50
        with pytest.raises(ValueError, match="^__setitem__: cannot write through a read-only view"):
            rows[1][...] = 50
        with pytest.raises(ValueError, match="^multiply: "):
            rows *= 2
        assert host(rows).tolist() == [[1, 2, 3], [1, 2, 3]] and host(base).tolist() == [1, 2, 3]
    else:  # arrays hold their own values: the write lands in rows alone
        rows[1, 0] = 50
        assert host(rows).tolist() == [[1, 2, 3], [50, 2, 3]] and host(base).tolist() == [1, 2, 3]


# ================================================================ memory bombs
SIZES = [2**40, 2**47, 2**59, 2**62, 2**63 - 1, 2**63, 2**64 + 3]


def _b(device: str, n: int, dtype: Any = None) -> Any:
    return xp.broadcast_to(xp.ones(1, dtype=dtype or xp.float64, device=device), (n,))


# name: (call(device, n), names its errors may carry, whether a MemoryError must be named)
BOMBS: dict[str, tuple[Callable[[str, int], Any], tuple[str, ...], bool]] = {
    "zeros": (lambda d, n: xp.zeros((n,), device=d), ("zeros",), True),
    "zeros-2d": (lambda d, n: xp.zeros((n, n), device=d), ("zeros",), True),
    "ones-empty-axis": (lambda d, n: xp.ones((0, n, n), device=d), ("ones",), True),
    "full": (lambda d, n: xp.full((2, n), 1.5, device=d), ("full",), True),
    "empty": (lambda d, n: xp.empty((n, 3), device=d), ("empty",), True),
    "arange": (lambda d, n: xp.arange(n, device=d), ("arange",), True),
    "linspace": (lambda d, n: xp.linspace(0.0, 1.0, n, device=d), ("linspace",), True),
    "eye": (lambda d, n: xp.eye(n, device=d), ("eye",), True),
    "broadcast_to": (lambda d, n: _b(d, n), ("broadcast_to",), True),
    "materialise-add": (lambda d, n: _b(d, n) + 1.0, ("broadcast_to", "add"), False),
    "materialise-copy": (lambda d, n: xp.asarray(_b(d, n), copy=True), ("broadcast_to", "asarray"), False),
    "materialise-astype": (lambda d, n: xp.astype(_b(d, n), xp.float32), ("broadcast_to", "astype"), False),
    "materialise-sort": (lambda d, n: xp.sort(_b(d, n)), ("broadcast_to", "sort"), False),
    "materialise-cumsum": (lambda d, n: xp.cumulative_sum(_b(d, n)), ("broadcast_to", "cumulative_sum"), False),
    "materialise-roll": (lambda d, n: xp.roll(_b(d, n), 1), ("broadcast_to", "roll"), False),
    "materialise-concat": (lambda d, n: xp.concat([_b(d, n), _b(d, n)]), ("broadcast_to", "concat"), False),
    "materialise-stack": (lambda d, n: xp.stack([_b(d, n), _b(d, n)]), ("broadcast_to", "stack"), False),
    "materialise-where": (lambda d, n: xp.where(_b(d, n, xp.bool), _b(d, n), 0.0), ("broadcast_to", "where"), False),
    "asarray-list": (lambda d, n: xp.asarray([_b(d, n), _b(d, n)]), ("broadcast_to", "asarray"), True),
    "take-broadcast-index": (lambda d, n: xp.take(xp.ones(3, device=d), xp.broadcast_to(xp.asarray([1], device=d), (n,))), ("broadcast_to", "take"), True),
    "take_along_axis": (lambda d, n: xp.take_along_axis(xp.ones(3, device=d), xp.broadcast_to(xp.asarray([2], device=d), (n,)), axis=0), ("broadcast_to", "take_along_axis"), True),
    "getitem-broadcast-index": (lambda d, n: xp.ones(3, device=d)[xp.broadcast_to(xp.asarray([1], device=d), (n,))], ("broadcast_to", "__getitem__"), False),
    "tile": (lambda d, n: xp.tile(xp.ones(2, device=d), (n,)), ("tile",), True),
    "repeat": (lambda d, n: xp.repeat(xp.ones(2, device=d), n), ("repeat",), True),
    "reshape-overflow": (lambda d, n: xp.reshape(xp.ones(6, device=d), (n, n)), ("reshape",), True),
    "reshape-infer": (lambda d, n: xp.reshape(xp.ones(6, device=d), (n, -1)), ("reshape",), True),
    "reshape-broadcast": (lambda d, n: xp.reshape(_b(d, n), (2, -1) if n % 2 == 0 else (-1, 1)), ("broadcast_to", "reshape"), True),
    "expand-and-broadcast": (lambda d, n: xp.broadcast_to(xp.expand_dims(xp.ones(3, device=d), axis=0), (n, 3)), ("broadcast_to",), True),
    "meshgrid": (lambda d, n: xp.meshgrid(_b(d, n), _b(d, n)), ("broadcast_to", "meshgrid"), True),
    "matmul-outer": (lambda d, n: xp.matmul(xp.reshape(_b(d, n), (-1, 1)), xp.reshape(_b(d, n), (1, -1))), ("broadcast_to", "reshape", "matmul"), False),
    "tensordot-outer": (lambda d, n: xp.tensordot(_b(d, n), _b(d, n), axes=0), ("broadcast_to", "tensordot"), False),
    "linalg-outer": (lambda d, n: xp.linalg.outer(_b(d, n), _b(d, n)), ("broadcast_to", "outer"), False),
    "fft-n": (lambda d, n: xp.fft.fft(xp.ones(4, device=d), n=n), ("fft",), True),
    "unfold-padding": (lambda d, n: xp.unfold(xp.ones((1, 3), device=d), (2,), padding=n), ("unfold",), True),
    "fold-output": (lambda d, n: xp.fold(xp.ones((1, 2, 1), device=d), (n,), (2,), stride=n), ("fold",), True),
    "random-normal": (lambda d, n: xp.random.normal(xp.random.key(0, device=d) if _has_key_device() else xp.random.key(0), (n,)), ("normal",), True),
}


def _has_key_device() -> bool:
    import inspect

    return "device" in inspect.signature(xp.random.key).parameters


@pytest.mark.parametrize("device", DEVICES)
@FUZZ
@given(case=st.sampled_from(sorted(BOMBS)), n=st.sampled_from(SIZES))
def test_memory_bombs(device, case, n):
    """Each call raises a named ValueError (a size no array can have) or a MemoryError (a
    size the machine cannot hold; named where the function sizes the result from its
    arguments) at once, or returns without allocating what it would need: a view, or
    on the Dask device a lazy array, computed by nothing here."""
    fn, names, named = BOMBS[case]
    kind, r = outcome(lambda: fn(device, n), names, memory_named=named)
    if kind == "ok":
        for a in r if isinstance(r, tuple) else (r,):
            assert isinstance(a, xp.Array)
            if device == "cpu" and a.size * a.dtype.itemsize > 1 << 33:  # a view, not memory
                h = np.asarray(a)
                assert 0 in h.strides or h.size == 0, f"{case}: {a.shape} allocated?"


def _key(d: str) -> Any:
    return xp.random.key(0, device=d)


#: Every way the Dask device makes an array from scratch, and every random sampler, at
#: 2**47 elements (1 PiB of float64): (call(n), names of its errors).
GRAPHS: dict[str, Callable[[int], Any]] = {
    "zeros": lambda n: xp.zeros((n,), device="dask"),
    "zeros-2d": lambda n: xp.zeros((2**10, n // 2**10), device="dask"),
    "ones": lambda n: xp.ones((n,), device="dask"),
    "full": lambda n: xp.full((2, n // 2), 1.5, device="dask"),
    "empty": lambda n: xp.empty((n,), device="dask"),
    "arange": lambda n: xp.arange(n, device="dask"),
    "linspace": lambda n: xp.linspace(0.0, 1.0, n, device="dask"),
    "eye": lambda n: xp.eye(2**24, 2**23, device="dask"),
    "bits": lambda n: xp.random.bits(_key("dask"), (n,)),
    "bits-uint64": lambda n: xp.random.bits(_key("dask"), (n,), dtype=xp.uint64),
    "uniform": lambda n: xp.random.uniform(_key("dask"), (n,)),
    "uniform-bounds": lambda n: xp.random.uniform(_key("dask"), (n,), minval=-2.0, maxval=3.0),
    "normal": lambda n: xp.random.normal(_key("dask"), (n,)),
    "normal-float32": lambda n: xp.random.normal(_key("dask"), (2**7, n // 2**7), dtype=xp.float32),
    "integers": lambda n: xp.random.integers(_key("dask"), -5, 5, (n,)),
    "choice": lambda n: xp.random.choice(_key("dask"), 10, (n,)),
    "choice-p": lambda n: xp.random.choice(_key("dask"), 3, (n,), p=xp.asarray([0.2, 0.3, 0.5], device="dask")),
}


def _materialised(a: Any) -> int:
    """The tasks of ``a``'s graph written out one by one (its layers other than Dask's
    high-level ones, which describe their tasks in constant space)."""
    from dask.highlevelgraph import MaterializedLayer

    return sum(len(layer) for layer in a.arr.dask.layers.values() if isinstance(layer, MaterializedLayer))


class _Calls:
    """Counts the Python function calls made in its block (the work, whatever the load)."""

    def __enter__(self) -> "_Calls":
        import sys

        self.n = 0

        def count(frame: Any, event: str, arg: Any) -> None:
            if event == "call":
                self.n += 1

        sys.setprofile(count)
        return self

    def __exit__(self, *exc: Any) -> None:
        import sys

        sys.setprofile(None)


@pytest.mark.parametrize("case", sorted(GRAPHS))
def test_dask_graph_bombs(case):
    """A lazy array of 2**47 elements (1 PiB of float64) on the Dask device, and an
    element-wise operation and two reductions of it, cost a graph of at most
    ``MAX_CHUNKS`` chunks whose creation layers are Dask's high-level ones (Blockwise:
    no task written out), built by a bounded number of Python calls in a few MB.

    The bounds (0.5 s and 100 MB for each step) are measured by work, not time: the
    Python function calls made (a count that does not change with the machine's load)
    and the memory traced. Measured when this was written: at most 31 000 calls to make
    an array and 164 000 for the three operations (eye's 2-D reductions; 54 000 for the
    1-D arrays), at most 6 MB traced; asserted below 100 000, 250 000 and 25 MiB.
    ``zeros`` and its three operations, 62 000 calls, took 0.19-0.21 s on a 2-core
    machine under a load of 18 (about 3 µs a call, Dask's work included)."""
    import tracemalloc

    from nx_core.backend.dask import MAX_CHUNKS

    make = GRAPHS[case]
    small = make(1024) * 2  # the first calls' imports and caches are not the graph's
    xp.sum(small), xp.max(small)
    n = 2**47
    tracemalloc.start()
    try:
        with no_hang(60):  # a guard against the old task-by-task graphs, not a bound
            with _Calls() as made:
                a = make(n)
            with _Calls() as used:
                b = a * 2
                total, top = xp.sum(b), xp.max(b)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert a.size == n and a.arr.npartitions <= MAX_CHUNKS
    # (arange and linspace: a small array of each chunk's first index, a number per
    # chunk; choice-p: p's and its sums' own chunks)
    index = MAX_CHUNKS + 1 if case in ("arange", "linspace") else 4
    assert _materialised(a) <= index, f"{case}: {_materialised(a)} tasks written out one by one"
    assert _materialised(total) + _materialised(top) <= 4 * MAX_CHUNKS
    assert made.n < 100_000 and used.n < 250_000, (made.n, used.n)
    assert peak < 25 * 2**20, f"{case}: {peak / 2**20:.1f} MiB traced"


# ============================================================ hostile objects
class IndexRaises:
    def __index__(self) -> int:
        raise Boom("__index__")


class IndexLies:
    def __index__(self) -> Any:
        return 2.5


class IndexHuge:
    def __index__(self) -> int:
        return 2**70


class IndexNeg:
    def __index__(self) -> int:
        return -3


class LenLies(list):
    def __len__(self) -> int:
        return 7


class LenRaises(list):
    def __len__(self) -> int:
        raise Boom("__len__")


class LenHuge(list):
    def __len__(self) -> int:
        return 2**62


class SeqRaises(Sequence):
    def __len__(self) -> int:
        return 3

    def __getitem__(self, i: Any) -> Any:
        if i >= 1:
            raise Boom("__getitem__")
        return 1.0


class FloatRaises:
    def __float__(self) -> float:
        raise Boom("__float__")


class FloatLies:
    def __float__(self) -> Any:
        return "1.5"


class ArrayRaises:
    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        raise Boom("__array__")


class ArrayJunk:
    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        return [1, 2]


class DLPackRaises:
    def __dlpack__(self, **kwargs: Any) -> Any:
        raise Boom("__dlpack__")

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0)


class DLPackJunk(DLPackRaises):
    def __dlpack__(self, **kwargs: Any) -> Any:
        return object()


class DLPackConsumed(DLPackRaises):
    def __init__(self) -> None:
        self.cap = np.arange(3.0).__dlpack__()
        try:
            np.from_dlpack(_Producer(self.cap))
        except Exception:  # noqa: BLE001 - consumed either way
            pass

    def __dlpack__(self, **kwargs: Any) -> Any:
        return self.cap


class DLPackDeviceLies(DLPackRaises):
    def __dlpack__(self, **kwargs: Any) -> Any:
        return np.arange(3.0).__dlpack__()

    def __dlpack_device__(self) -> Any:
        return ("gpu", -1)


HOSTILE_INTS = [IndexRaises, IndexLies, IndexHuge, IndexNeg]
HOSTILE_SEQS = [lambda: LenLies([1.0, 2.0]), lambda: LenRaises([1.0, 2.0]), lambda: LenHuge([1.0, 2.0]), SeqRaises,
                lambda: [1.0, FloatRaises()], lambda: [[1, 2], LenLies([3, 4])], lambda: [1, IndexRaises()]]
HOSTILE_FOREIGN = [ArrayRaises, ArrayJunk, DLPackRaises, DLPackJunk, DLPackConsumed, DLPackDeviceLies, FloatRaises, FloatLies]

# use: (call(device, hostile) -> nx result, the NumPy equivalent or None, names)
INT_USES: dict[str, tuple[Callable, Callable | None, tuple[str, ...]]] = {
    "zeros-shape": (lambda d, h: xp.zeros((h,), device=d), lambda h: np.zeros((h,)), ("zeros",)),
    "ones-shape-int": (lambda d, h: xp.ones(h, device=d), lambda h: np.ones(h), ("ones",)),
    "reshape": (lambda d, h: xp.reshape(xp.ones(6, device=d), (h, -1)), lambda h: np.reshape(np.ones(6), (h, -1)), ("reshape",)),
    "broadcast_to": (lambda d, h: xp.broadcast_to(xp.ones(1, device=d), (2, h)), lambda h: np.broadcast_to(np.ones(1), (2, h)), ("broadcast_to",)),
    "sum-axis": (lambda d, h: xp.sum(xp.ones((2, 3), device=d), axis=h), lambda h: np.sum(np.ones((2, 3)), axis=h), ("sum",)),
    "expand_dims": (lambda d, h: xp.expand_dims(xp.ones(3, device=d), axis=h), lambda h: np.expand_dims(np.ones(3), h), ("expand_dims",)),
    "roll": (lambda d, h: xp.roll(xp.arange(5, device=d), h), lambda h: np.roll(np.arange(5), h), ("roll",)),
    "getitem-int": (lambda d, h: xp.arange(5, device=d)[h], lambda h: np.arange(5)[h], ("__getitem__",)),
    "getitem-slice": (lambda d, h: xp.arange(5, device=d)[1:h], lambda h: np.arange(5)[1:h], ("__getitem__",)),
    "getitem-step": (lambda d, h: xp.arange(5, device=d)[::h], lambda h: np.arange(5)[::h], ("__getitem__",)),
    "setitem-int": (lambda d, h: xp.arange(5, device=d).__setitem__(h, 9), lambda h: np.arange(5).__setitem__(h, 9), ("__setitem__",)),
    "arange": (lambda d, h: xp.arange(h, device=d), None, ("arange",)),
    "eye": (lambda d, h: xp.eye(h, device=d), None, ("eye",)),
    "linspace-num": (lambda d, h: xp.linspace(0.0, 1.0, h, device=d), None, ("linspace",)),
    "tile": (lambda d, h: xp.tile(xp.ones(2, device=d), (h,)), None, ("tile",)),
    "repeat": (lambda d, h: xp.repeat(xp.ones(2, device=d), h), None, ("repeat",)),
    "take-axis": (lambda d, h: xp.take(xp.ones((2, 2), device=d), xp.asarray([0], device=d), axis=h), None, ("take",)),
    "unfold-kernel": (lambda d, h: xp.unfold(xp.ones((1, 4), device=d), (h,)), None, ("unfold",)),
    "fft-n": (lambda d, h: xp.fft.fft(xp.ones(4, device=d), n=h), None, ("fft",)),
    "full-fill": (lambda d, h: xp.full((2,), h, device=d), None, ("full",)),
}
# use: (call(device, sequence) -> nx result, names)
SEQ_USES: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "asarray": (lambda d, s: xp.asarray(s, device=d), ("asarray",)),
    "asarray-float32": (lambda d, s: xp.asarray(s, dtype=xp.float32, device=d), ("asarray",)),
    "asarray-nested": (lambda d, s: xp.asarray([s, s], device=d), ("asarray",)),
    "zeros-shape": (lambda d, s: xp.zeros(s, device=d), ("zeros",)),
    "reshape-shape": (lambda d, s: xp.reshape(xp.ones(2, device=d), s), ("reshape",)),
    "sum-axis": (lambda d, s: xp.sum(xp.ones((2, 2), device=d), axis=s), ("sum",)),
}
FOREIGN_USES: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "asarray": (lambda d, o: xp.asarray(o, device=d), ("asarray",)),
    "asarray-copy": (lambda d, o: xp.asarray(o, copy=True, device=d), ("asarray",)),
    "from_dlpack": (lambda d, o: xp.from_dlpack(o, device=d), ("from_dlpack",)),
    "full-fill": (lambda d, o: xp.full((2,), o, device=d), ("full",)),
    # (the operator x + o gives NotImplemented for a type it does not know, and then
    # Python's own TypeError; the named function says what failed)
    "add-operand": (lambda d, o: xp.add(xp.ones(2, device=d), o), ("add",)),
    "setitem-value": (lambda d, o: xp.ones(2, device=d).__setitem__(0, o), ("__setitem__",)),
}


def _numpy_agrees(r: Any, ref: Callable[[], Any] | None) -> None:
    """nx returned ``r``: NumPy, given the same hostile object, returns the same."""
    if ref is None:
        return
    try:
        with np.errstate(all="ignore"), memory_cap():
            want = ref()
    except Exception:  # noqa: BLE001 - NumPy refused: nx's result needs a reason
        raise AssertionError(f"nx returned {r!r} where NumPy raises") from None
    if want is None or r is None:
        assert want is None and r is None
        return
    got = host(r)
    assert got.shape == np.shape(want) and np.array_equal(got, want), f"{got!r} != {want!r}"


@pytest.mark.parametrize("device", DEVICES)
@FUZZ
@given(use=st.sampled_from(sorted(INT_USES)), hostile=st.sampled_from(HOSTILE_INTS))
def test_hostile_index_objects(device, use, hostile):
    call, ref, names = INT_USES[use]
    kind, r = outcome(lambda: call(device, hostile()), names, memory_named=True)
    if kind == "ok":
        _numpy_agrees(r, None if ref is None else (lambda: ref(hostile())))


@pytest.mark.parametrize("device", DEVICES)
@FUZZ
@given(use=st.sampled_from(sorted(SEQ_USES)), make=st.sampled_from(HOSTILE_SEQS))
def test_hostile_sequences(device, use, make):
    call, names = SEQ_USES[use]
    kind, r = outcome(lambda: call(device, make()), names, memory_named=True)
    if kind == "ok":  # a lying __len__ is not believed: the items are what iteration gives
        seq = make()
        if isinstance(seq, LenLies) and use.startswith("asarray"):
            assert host(r).ravel().tolist()[: len(list(seq))] == [float(v) for v in seq]


@pytest.mark.parametrize("device", DEVICES)
@FUZZ
@given(use=st.sampled_from(sorted(FOREIGN_USES)), make=st.sampled_from(HOSTILE_FOREIGN))
def test_hostile_foreign_objects(device, use, make):
    call, names = FOREIGN_USES[use]
    allow = (BufferError,) if use in ("from_dlpack", "asarray", "asarray-copy") else ()
    try:
        kind, r = outcome(lambda: call(device, make()), names, memory_named=True)
    except AssertionError as e:
        if allow and isinstance(e.__cause__, allow):
            return
        raise
    if kind == "ok" and make is DLPackDeviceLies:
        assert host(r).tolist() == [0.0, 1.0, 2.0]  # NumPy reads the capsule's own device


# ========================================================== indices at the bounds
INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]


def _boundary_values(dtype: str, n: int) -> list[int]:
    info = np.iinfo(dtype)
    vals = {0, 1, n - 1, n, n + 1, -1, -n, -n - 1, info.min, info.max, 2**31, 2**32, 2**63, 2**64 - 1, 2**64 - 5}
    return sorted(v for v in vals if info.min <= v <= info.max)


@pytest.mark.parametrize("device", DEVICES)
@FUZZ
@given(data=st.data(), dtype=st.sampled_from(INT_DTYPES), n=st.sampled_from([1, 3, 10]),
       op=st.sampled_from(["getitem", "getitem-axis1", "setitem", "take", "take_along_axis", "python-int"]))
def test_indices_at_and_past_the_bounds(device, data, dtype, n, op):
    """An index in ``[-n, n)`` selects as NumPy does; any other raises IndexError naming
    the function and writes nothing; an unsigned index never wraps to a negative one."""
    pool = _boundary_values(dtype, n)
    vals = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4))
    if op == "python-int":
        vals = [data.draw(st.sampled_from([0, n - 1, n, -n, -n - 1, 2**63, 2**64 - 1, -(2**63) - 1, 2**100]))]
    ok = all(-n <= v < n for v in vals)
    base = np.arange(n * 2).reshape(n, 2) * 10
    y = xp.asarray(base.copy(), device=device)
    idx = xp.asarray(np.array(vals if op != "python-int" else [0], dtype=dtype), device=device)
    i64 = np.array([v % n if v < 0 and v >= -n else v for v in vals], dtype=np.int64) if ok else None
    calls: dict[str, tuple[Callable, Callable, str]] = {
        "getitem": (lambda: y[idx], lambda: base[i64], "__getitem__"),
        "getitem-axis1": (lambda: xp.permute_dims(y, (1, 0))[:, idx], lambda: base.T[:, i64], "__getitem__"),
        "setitem": (lambda: y.__setitem__(idx, -7), None, "__setitem__"),
        "take": (lambda: xp.take(y, idx, axis=0), lambda: np.take(base, i64, axis=0), "take"),
        "take_along_axis": (lambda: xp.take_along_axis(y, xp.reshape(idx, (-1, 1)), axis=0),
                            lambda: np.take_along_axis(base, i64.reshape(-1, 1), axis=0), "take_along_axis"),
        "python-int": (lambda: y[vals[0]], lambda: base[vals[0]], "__getitem__"),
    }
    call, ref, name = calls[op]
    kind, r = outcome(call, (name,))
    if not ok:
        assert kind == "raised" and isinstance(r, IndexError), f"{op} {vals} ({dtype}) on {n}: {kind} {r!r}"
        assert np.array_equal(host(y), base), "an out-of-range write changed the array"
        return
    assert kind == "ok", f"{op} {vals} ({dtype}) on {n}: {r!r}"
    if op == "setitem":
        want = base.copy()
        want[i64] = -7
        assert np.array_equal(host(y), want)
    else:
        assert np.array_equal(host(r), ref())


# ================================================= writes through every kind of view
def _kinds(device: str) -> dict[str, Callable[[Any, np.ndarray], tuple[Any, Any, str]]]:
    """view kind: (nx base, NumPy base) -> (nx view, NumPy model view or None, policy);
    policy "land": the write lands in the buffer and every view sees it; "raise": it
    raises ValueError, and nothing changes."""
    def p(fn_nx, fn_np, policy="land"):
        return lambda b, m: (fn_nx(b), fn_np(m) if fn_np else None, policy)

    def strided_np(m: np.ndarray, fn: Callable) -> np.ndarray:  # a writable model of a view nx keeps writable
        v = fn(m)
        return np.lib.stride_tricks.as_strided(m, v.shape, v.strides, writeable=True) if v.base is m or v.base is m.base else v

    kinds = {
        "slice": p(lambda b: b[1:, ::2], lambda m: m[1:, ::2]),
        "negative-step": p(lambda b: b[::-1, ::-3], lambda m: m[::-1, ::-3]),
        "int-and-slice": p(lambda b: b[2, 1:4], lambda m: m[2, 1:4]),
        "transpose": p(lambda b: b.T, lambda m: m.T),
        "mT-of-slice": p(lambda b: b[:, 1:].mT, lambda m: m[:, 1:].T),
        "permute_dims": p(lambda b: xp.permute_dims(b, (1, 0)), lambda m: m.transpose(1, 0)),
        "reshape-view": p(lambda b: xp.reshape(b, (2, 2, 6)), lambda m: m.reshape(2, 2, 6)),
        "flip": p(lambda b: xp.flip(b, axis=0), lambda m: m[::-1]),
        "expand_dims": p(lambda b: xp.expand_dims(b, axis=1), lambda m: m[:, None]),
        "squeeze": p(lambda b: xp.squeeze(b[:1], axis=0), lambda m: m[0]),
        "unstack": p(lambda b: xp.unstack(b, axis=1)[2], lambda m: m[:, 2]),
        "diagonal": p(lambda b: xp.linalg.diagonal(b), lambda m: strided_np(m, np.diagonal)),
        "zero-d": p(lambda b: b[1, 1], lambda m: m[1, 1:2].reshape(())),
        "broadcast_to": p(lambda b: xp.broadcast_to(b[:1], (3, 6)), None, "raise"),
        "row-of-broadcast": p(lambda b: xp.broadcast_to(b[:1], (3, 6))[1], None, "raise"),
        "transpose-of-broadcast": p(lambda b: xp.broadcast_to(b[:, :1], (4, 6)).T, None, "raise"),
        "broadcast_arrays": p(lambda b: xp.broadcast_arrays(b[:1], b)[0], None, "raise"),
        "meshgrid": p(lambda b: xp.meshgrid(b[0], b[:, 0])[0], None, "raise"),
    }
    if device == "cpu":
        def padded(b: Any) -> Any:
            B = b.backend
            return B.pad_view(B.basic_view(b, (slice(1, 3), slice(1, 5))), ((1, 1), (2, 0)))

        kinds["padded"] = p(padded, None, "raise")
        kinds["slice-of-padded"] = p(lambda b: padded(b)[1:, :], None, "raise")
        kinds["row-of-padded-data"] = p(lambda b: padded(b)[1, 2:], lambda m: m[1, 1:5])
    return kinds


_KEYS = st.sampled_from(["all", "first", "int-array", "mask", "iadd", "imul-scalar"])


@pytest.mark.parametrize("device", DEVICES)
@FEW
@given(kind=st.sampled_from(sorted(_kinds("cpu"))), how=_KEYS, seed=st.integers(0, 2**16))
def test_writes_through_every_kind_of_view(device, kind, how, seed):
    kinds = _kinds(device)
    if kind not in kinds:
        return
    model = np.arange(24.0).reshape(4, 6)
    base = xp.asarray(model.copy(), device=device)
    view, mview, policy = kinds[kind](base, model)
    before = host(view).copy()
    value = float(seed % 97) + 0.5
    shape = view.shape

    def write(v: Any, mod: Any) -> Any:
        if how == "all":
            v[...] = value
        elif how == "first":
            v[(0,) * len(shape) if shape else ...] = value
        elif how == "int-array":
            if not shape:
                v[...] = value
            else:
                v[mod.asarray([0, -1])] = value
        elif how == "mask":
            v[v > 7.0] = value
        elif how == "iadd":
            v += value
        else:
            v *= 2.0
        return v

    if policy == "raise" and device == "cpu":
        kind_, r = outcome(lambda: write(view, xp), ("__setitem__", "add", "multiply"))
        if shape and 0 not in shape:
            assert kind_ == "raised" and isinstance(r, ValueError), f"{kind}: a write through it landed"
        assert np.array_equal(host(base), model), f"{kind}: the refused write changed the base"
        return
    kind_, r = outcome(lambda: write(view, xp), ("__setitem__", "add", "multiply"))
    if kind_ == "raised":
        assert isinstance(r, ValueError) and device == "dask", f"{kind}: refused on the CPU: {r!r}"
        return
    got = host(view)
    if device == "dask":  # the view holds its own values: written, and nothing else changes
        want = before.copy()
        write(want, np)
        assert np.array_equal(got, want), f"{kind}: the write did not land in the array written"
        assert np.array_equal(host(base), model), f"{kind}: a Dask write reached another array"
        return
    assert mview is not None
    write(mview, np)  # NumPy's result: the model view written the same way
    assert np.array_equal(got, np.asarray(mview)), f"{kind}: {got!r} != {np.asarray(mview)!r}"
    assert np.array_equal(host(base), model), f"{kind}: the base does not see the write as NumPy's does"


@FEW
@given(how=_KEYS)
def test_writes_through_shared_host_memory(how):
    """Memory shared with NumPy: a write lands in NumPy's array too; read-only memory
    (``asarray(a, copy=False)`` of a read-only array) refuses it, naming the function."""
    a = np.arange(6.0)
    x = xp.asarray(a, copy=False)
    ro = np.arange(6.0)
    ro.flags.writeable = False
    y = xp.asarray(ro, copy=False)
    for arr, src, writable in [(x, a, True), (y, ro, False), (xp.from_dlpack(a), a, True)]:
        keep = src.copy()

        def write() -> None:
            if how in ("all", "first"):
                arr[0 if how == "first" else ...] = 100.0
            elif how == "int-array":
                arr[xp.asarray([1, 2])] = 100.0
            elif how == "mask":
                arr[arr > 3.0] = 100.0
            elif how == "iadd":
                t = arr
                t += 1.0
            else:
                t = arr
                t *= 2.0

        kind, r = outcome(write, ("__setitem__", "add", "multiply"))
        if writable:
            assert kind == "ok" and np.array_equal(src, np.asarray(arr)) and not np.array_equal(src, keep)
            src[...] = keep
        else:
            assert kind == "raised" and isinstance(r, ValueError)
            assert np.array_equal(src, keep)


def test_operator_index_of_hostile_objects_is_pythons():
    """The hostile classes behave as meant (the tests above rely on it)."""
    with pytest.raises(Boom):
        operator.index(IndexRaises())
    with pytest.raises(TypeError):
        operator.index(IndexLies())
    assert len(list(LenLies([1, 2]))) == 2
