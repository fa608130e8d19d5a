"""``View.reshape`` finds every view NumPy finds (``reshape(copy=False)``), and only those.

NumPy's ``_attempt_nocopy_reshape`` is the reference: for any strided layout -- negative,
zero and mixed strides, offsets, size-1 axes -- and any new shape of the same size, a
reshape NumPy makes without copying is a view here too (laying out the same buffer
positions in the same order), and a reshape NumPy has to copy returns None (the caller
copies). Masked views, which NumPy cannot express, always return None.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core_testing import reshape_target

from nx_core.errors import NxInvalidArgument
from nx_core.view import View, create


def _positions(v: View) -> np.ndarray:
    """The buffer position of every element of ``v``, in C order of its index."""
    pos = np.full((), v.offset, dtype=np.int64)
    for n, s in zip(v.shape, v.strides):
        pos = pos[..., None] + np.arange(n, dtype=np.int64) * s
    return pos


def _numpy_layout(v: View) -> np.ndarray:
    """A NumPy array with ``v``'s layout over ``arange``: element ``idx`` holds its
    buffer position (the View must be unmasked and inside a buffer starting at 0)."""
    pos = _positions(v)
    n = int(pos.max()) + 1 if pos.size else 1
    buf = np.arange(n, dtype=np.int64)
    item = buf.itemsize
    arr = np.lib.stride_tricks.as_strided(
        buf[v.offset:] if v.numel else buf, shape=v.shape, strides=[s * item for s in v.strides], writeable=False
    )
    assert np.array_equal(arr, pos) or not pos.size
    return arr


def _numpy_view(arr: np.ndarray, new: tuple) -> np.ndarray | None:
    try:
        return np.reshape(arr, new, copy=False)
    except ValueError:
        return None


def _agree(v: View, new: tuple) -> None:
    """View.reshape and NumPy agree on ``v`` reshaped to ``new``: both view it (the same
    positions in the same order) or both need a copy."""
    arr = _numpy_layout(v)
    want = _numpy_view(arr, new)
    got = v.reshape(new)
    if want is None:
        assert got is None, f"{v} -> {new}: View made {got}, NumPy needs a copy"
        return
    assert got is not None, f"{v} -> {new}: NumPy views it (strides {want.strides}), View.reshape returned None"
    assert got.shape == new
    assert got.mask is None
    if got.numel:
        assert np.array_equal(_positions(got), want), f"{v} -> {new}: {got} addresses other positions"
    c = list(itertools.product(*(range(d) for d in new)))[:50]
    for idx in c:
        assert got.linear_index(idx) == want[idx]


# --------------------------------------------------------- the issue's cases
# Found by the View oracle (random chains against NumPy on np.arange): reshapes NumPy
# makes as views that the spec's greedy matcher reported as needing a copy.
ISSUE_CASES = [
    # flip both axes: a reversed contiguous block, strides (-4, -1)
    (create([3, 4]).flip([True, True]), (4, 3)),
    # strides (-6, -2, 1)
    (create([2, 3, 2]).flip([True, True, False]), (3, 2, 2)),
    # strides (3, 1, 12): a run of [4, 3] split as [3, 4] (after a no-op expand)
    (create([4, 4, 3]).expand([4, 4, 3]).permute([1, 2, 0]), (3, 1, 4, 4)),
    # a singleton added, strides (8, 4, -1)
    (create([3, 2, 4]).flip([False, False, True]), (1, 2, 3, 4)),
]


@pytest.mark.parametrize("v, new", ISSUE_CASES)
def test_issue_cases_are_views(v, new):
    assert v.reshape(new) is not None
    _agree(v, new)


def test_issue_case_strides():
    v = create([3, 4]).flip([True, True])
    assert v.strides == (-4, -1) and v.offset == 11
    r = v.reshape((4, 3))
    assert (r.shape, r.strides, r.offset) == ((4, 3), (-3, -1), 11)
    r = create([4, 4, 3]).permute([1, 2, 0]).reshape((3, 1, 4, 4))
    assert (r.strides, r.offset) == ((4, 0, 1, 12), 0)


@pytest.mark.parametrize(
    "v, new",
    [
        (create([2, 3]).permute([1, 0]), (6,)),  # a transpose flattened
        (create([2, 3]).flip([False, True]), (3, 2)),  # spec 2.6: a flipped row split across rows
        (create([3, 1]).expand([3, 4]), (12,)),  # [1, 0]: the broadcast axis cannot merge
        (create([4, 8]).shrink([(0, 4), (0, 4)]), (16,)),  # a column block flattened
    ],
)
def test_copies_stay_copies(v, new):
    """Where NumPy must copy, View.reshape returns None."""
    assert v.reshape(new) is None
    _agree(v, new)


def test_invalid_reshapes_still_raise():
    with pytest.raises(NxInvalidArgument, match=r"^reshape: cannot reshape \[2,3\] to \[5\]"):
        create([2, 3]).flip([True, True]).reshape((5,))


def test_masked_views_return_none():
    m = create([2, 3]).pad([(1, 0), (0, 1)])
    assert m.reshape((12,)) is None
    assert m.reshape((4, 3)) is None
    assert m.reshape((3, 4)) is m  # the same shape: the view itself (spec 2.6)


# ------------------------------------------------------ property: against NumPy
@st.composite
def strided_views(draw):
    """An unmasked View of any strides (negative, zero, overlapping) over a buffer that
    starts at 0: the offset puts its lowest position there."""
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=0, max_size=4)))
    mode = draw(st.sampled_from(["any", "chain"]))
    if mode == "chain":  # what View operations make: C strides, then flips, permutes, slices
        v = create([d * 2 if d else 0 for d in shape])
        if v.numel:
            v = v.shrink([(0, d) for d in shape]) if shape else v
        v = v.flip([draw(st.booleans()) for _ in shape])
        perm = draw(st.permutations(range(len(shape))))
        v = v.permute(list(perm))
        return v
    strides = tuple(draw(st.integers(-13, 13)) for _ in shape)
    lo = sum((d - 1) * s for d, s in zip(shape, strides) if s < 0 and d > 0)
    return create(list(shape), strides=list(strides), offset=-lo if 0 not in shape else 0)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=strided_views(), data=st.data())
def test_reshape_agrees_with_numpy(v, data):
    n = v.numel
    new = reshape_target(n, data.draw)
    assert math.prod(new) == n
    _agree(v, new)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(v=strided_views(), data=st.data())
def test_reshape_chains_agree_with_numpy(v, data):
    """Two reshapes in a row: the second starts from the first's strides (size-1 axes
    at stride 0, which NumPy never makes)."""
    if v.numel == 0:
        return
    first = reshape_target(v.numel, data.draw)
    r = v.reshape(first)
    if r is None:
        return
    _agree(r, reshape_target(v.numel, data.draw))
