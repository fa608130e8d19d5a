"""The NumPy backend's tensors hold their ndarray; buffer and View are worked out on demand.

Tensors are made as the registered tensor class (``nx_core.tensor.set_tensor_class``):
Tensor itself, or the namespace's Array once nx_array_api is imported, one object per
array.

Whatever NumPy view operation made a tensor, the View reported for it must lay out
exactly the tensor's elements in the reported buffer (read back through the bounds-
checked ``strided``), sharing its memory; views of one array share one buffer object.
"""

from __future__ import annotations

import numpy as np
import pytest

from nx_core.backend.numpy import NumpyBackend
from nx_core.tensor import Tensor, tensor_class
from nx_core.backend.kernels.strided import strided
from nx_core.view import View

B = NumpyBackend()


def same_memory_layout(t: Tensor) -> None:
    """``t``'s View over its buffer reads ``t.arr`` itself (same values, same addresses)."""
    got = strided(t.buffer, t.view)
    assert got.shape == t.arr.shape
    np.testing.assert_array_equal(got, t.arr)
    if t.arr.size:
        assert got.__array_interface__["data"][0] == t.arr.__array_interface__["data"][0]
        assert got.strides == t.arr.strides or t.arr.size == 1


def base(shape=(4, 6), dtype=np.float64) -> Tensor:
    return B.from_host(np.arange(np.prod(shape), dtype=dtype).reshape(shape))


@pytest.mark.parametrize(
    "move",
    [
        lambda t: B.basic_view(t, (slice(1, 3), Ellipsis)),
        lambda t: B.basic_view(t, (slice(None, None, -2), 3)),
        lambda t: B.basic_view(t, (None, -1, slice(5, 0, -2))),
        lambda t: B.basic_view(t, (2, 4)),  # 0-d
        lambda t: B.basic_view(t, (slice(3, 3),)),  # empty
        lambda t: B.permute(t, (1, 0)),
        lambda t: B.flip(t, (True, False)),
        lambda t: B.shrink(t, ((1, 4), (2, 5))),
        lambda t: B.reshape(t, (3, 8)),
        lambda t: B.broadcast_to(B.basic_view(t, (1,)), (5, 6)),
        lambda t: B.broadcast_to(B.basic_view(t, (slice(None), slice(1, 2))), (4, 7)),
        lambda t: B.permute(B.basic_view(t, (slice(None, None, -1), slice(1, None, 2))), (1, 0)),
    ],
)
def test_reported_view_lays_out_the_native_array(move):
    t = base()
    r = move(t)
    assert type(r) is tensor_class() and r.arr is not None and r.shape == r.arr.shape
    same_memory_layout(r)
    assert r.buffer is t.buffer  # every view of one array reports that array's buffer
    assert r.view.shape == r.shape


def test_fresh_results_own_their_buffer_and_are_c_views():
    r = B.add(base(), base())
    assert r.buffer is r.arr and r.view == View.create((4, 6))


def test_fortran_ordered_results_report_permuted_strides():
    t = B.permute(base(), (1, 0))
    r = B.add(t, t)  # NumPy keeps the inputs' (Fortran) order
    same_memory_layout(r)
    assert r.view.strides == (1, 6)


def test_foreign_memory_of_another_dtype_gets_a_span_buffer():
    raw = np.arange(16, dtype=np.int64)
    t = B.from_host(raw.view(np.int32)[2:10], copy=False)  # root is int64 memory
    assert t.buffer.dtype == np.int32
    same_memory_layout(t)
    raw[1] = -1  # writes to the host memory are seen through the tensor
    assert B.to_host(t)[0] == -1


def test_masked_tensors_keep_an_explicit_view():
    t = B.pad_view(base((2, 3)), ((1, 0), (0, 1)))
    assert t.masked and t.arr is None and t.view.mask is not None
    np.testing.assert_array_equal(B.to_host(t), np.pad(np.arange(6.0).reshape(2, 3), ((1, 0), (0, 1))))
    v = B.basic_view(t, (slice(0, 2),))  # a slice of a masked tensor: masked, over t's buffer
    assert v.masked and v.buffer is t.buffer
    np.testing.assert_array_equal(B.to_host(v), [[0, 0, 0, 0], [0, 1, 2, 0]])
    w = B.basic_view(t, (slice(1, 3), slice(0, 3)))  # the data alone: a plain view of it
    assert not w.masked and np.shares_memory(B.to_host(w), t.buffer)


def test_reshape_reports_when_only_a_copy_can_do_it():
    t = B.permute(base(), (1, 0))
    assert B.reshape(t, (24,)) is None
    r = B.reshape(B.basic_view(base(), (slice(None), slice(None))), (24,))
    assert r is not None and r.buffer is not None
    same_memory_layout(r)


def _factorisations(n: int) -> list[tuple[int, ...]]:
    out = [(n,)]
    for d in range(2, n):
        if n % d == 0:
            out += [(d, n // d)] + [(d,) + f for f in _factorisations(n // d) if len(f) < 3]
    return out


@pytest.mark.parametrize(
    "make",
    [
        lambda t: t,
        lambda t: B.permute(t, (1, 0)),
        lambda t: B.basic_view(t, (slice(None), slice(None, None, 2))),
        lambda t: B.basic_view(t, (slice(1, 3),)),
        lambda t: B.basic_view(t, (slice(None), slice(0, 3))),
        lambda t: B.basic_view(B.permute(t, (1, 0)), (slice(None, None, -1),)),
        lambda t: B.reshape(B.permute(t, (1, 0)), (6, 2, 2)),
    ],
)
def test_reshape_is_a_view_exactly_when_numpy_can_make_one(make):
    """None where NumPy's reshape(copy=False) refuses; else a view of the same memory."""
    t = make(base())
    for shape in _factorisations(t.numel):
        r = B.reshape(t, shape)
        try:
            want = t.arr.reshape(shape, copy=False)
        except ValueError:
            assert r is None, shape
            continue
        assert r is not None and r.shape == shape, shape
        np.testing.assert_array_equal(r.arr, want)
        assert np.shares_memory(r.arr, t.arr)
        same_memory_layout(r)


def test_backends_make_the_registered_class_and_the_namespace_registers_array():
    import nx_array_api as xp

    assert tensor_class() is xp.Array
    t = B.add(base(), 1.0)
    assert type(t) is xp.Array and t.arr is not None  # one object: the tensor is the array
    np.testing.assert_array_equal(np.asarray(t), np.arange(24.0).reshape(4, 6) + 1)


def test_only_stateless_subclasses_can_be_registered():
    from nx_core.tensor import set_tensor_class

    class Stateful(Tensor):
        __slots__ = ("extra",)

    with pytest.raises(TypeError, match="set_tensor_class"):
        set_tensor_class(Stateful)
    with pytest.raises(TypeError, match="set_tensor_class"):
        set_tensor_class(dict)

    class Initialised(Tensor):
        __slots__ = ()

        def __init__(self) -> None:  # would run on every tensor a backend makes
            pass

    with pytest.raises(TypeError, match="set_tensor_class: Initialised must keep object's __new__ and __init__"):
        set_tensor_class(Initialised)
    assert tensor_class() is not Initialised


def test_the_array_constructor_is_private_but_backends_make_arrays_past_it():
    import nx_array_api as xp
    from nx_core.tensor import MADE

    for args in ((), (np.ones(3),), ([1.0],)):
        with pytest.raises(TypeError, match=r"Array: the constructor is private; use nx_array_api.asarray\(\)"):
            xp.Array(*args)
    t = MADE.make()  # type's own call: the metaclass's refusal is not on the backends' path
    assert type(t) is xp.Array and not hasattr(t, "arr")
    assert isinstance(xp.zeros(2), Tensor) and isinstance(xp.zeros(2), xp.Array)
    assert not isinstance(1.0, xp.Array)


def test_the_short_alias_count_agrees_with_the_chains():
    """``aliased`` counts NumPy's short chains (an array that owns its memory, a view of
    one) without building them: over tensors that own, view, view views, cache their
    layout or not, and hold other memory, with any of them exempt, it gives what the
    count over the chains gives."""
    import itertools

    from nx_core.backend.numpy import backend as nb

    def general(t, exempt):
        chain = nb._owners(t)
        expected = nb._expected(t, chain, exempt, None)
        return any(r > x for r, x in zip(nb._refs(chain), expected))

    root = base((4, 6))
    row = B.basic_view(root, (1,))
    cols = B.permute(root, (1, 0))
    part = B.basic_view(cols, (slice(1, 3),))  # a view of a view: its base is root's array
    other = base((2, 2))
    tensors = [root, row, cols, part, other]
    compared, outcomes = 0, set()
    for cached in (False, True):
        if cached:
            for t in tensors[::2]:
                assert t.view is not None and t.buffer is not None
        for t in tensors:
            rest = [u for u in tensors if u is not t]
            for k in range(len(rest) + 1):
                for exempt in itertools.combinations(rest, k):
                    short = nb._shared_short(t, exempt, None)
                    assert short is not None
                    assert short == general(t, exempt), (t.arr.shape, [e.arr.shape for e in exempt], cached)
                    compared += 1
                    outcomes.add(short)
    assert compared == 2 * 5 * 16 and outcomes == {True, False}


def test_an_array_held_once_is_counted_at_once_and_one_held_twice_is_shared():
    """The short count's first step: a tensor whose array only its slot holds (and whose
    array's base only the array holds) shares nothing; a second holder of either, a
    Python name here, makes it shared, exempt tensors or not."""
    owner = base((3, 4))
    view = B.basic_view(base((3, 4)), (1,))  # its base: an array no tensor holds
    for t in (owner, view):
        assert B.aliased(t) is False and B.aliased(t, (owner, view)) is False
        held = t.arr
        assert B.aliased(t) is True and B.aliased(t, (owner, view)) is True
        del held
        assert B.aliased(t) is False
    held = view.arr.base
    assert B.aliased(view) is True and B.aliased(view, (owner,)) is True
