"""Known-answer tests for nx_core.shape (spec §1 and §6.1)."""

from __future__ import annotations

import io
import re

import pytest

from nx_core import shape as S
from nx_core.errors import NxInvalidArgument


def raises(msg):
    return pytest.raises(NxInvalidArgument, match="^" + re.escape(msg) + "$")


# ----- 1.1 numel -------------------------------------------------------------
@pytest.mark.parametrize(
    "shape, n", [([2, 3, 4], 24), ([], 1), ([3, 0, 2], 0), ((5,), 5), ((1, 1), 1)]
)
def test_numel(shape, n):
    assert S.numel(shape) == n


# ----- 1.2 c_contiguous_strides -------------------------------------------
@pytest.mark.parametrize(
    "shape, strides",
    [
        ([2, 3, 4], (12, 4, 1)),
        ([4, 1, 3], (3, 3, 1)),
        ([1, 1], (1, 1)),
        ([2, 0, 3], (0, 0, 1)),
        ([0, 4, 5], (0, 5, 1)),
        ([3, 0], (0, 0)),
        ([2, 3, 0, 4], (0, 0, 0, 1)),
        ([0], (0,)),
        ([], ()),
    ],
)
def test_c_contiguous_strides(shape, strides):
    assert S.c_contiguous_strides(shape) == strides
    assert S.c_contiguous_strides(tuple(shape)) == strides
    assert type(S.c_contiguous_strides(shape)) is tuple


# ----- 1.3 ravel_index -------------------------------------------------------
@pytest.mark.parametrize(
    "idx, strides, k", [([1, 2], [3, 1], 5), ([1, 2], [1, -3], -5), ([], [], 0)]
)
def test_ravel_index(idx, strides, k):
    assert S.ravel_index(idx, strides) == k


def test_ravel_index_mismatch():
    with raises("ravel_index: indices[2] vs strides[3], dimensions must match"):
        S.ravel_index([1, 2], [3, 1, 1])


# ----- 1.4 unravel_index -----------------------------------------------------
@pytest.mark.parametrize(
    "k, shape, idx",
    [
        (5, [2, 3], (1, 2)),
        (23, [2, 3, 4], (1, 2, 3)),
        (7, [4, 2], (3, 1)),
        (0, [], ()),
        (0, [2, 0], (0, 0)),
        (0, [2, 3], (0, 0)),
    ],
)
def test_unravel_index(k, shape, idx):
    assert S.unravel_index(k, shape) == idx
    dst = [9] * len(shape)
    assert S.unravel_index_into(k, shape, dst) is None
    assert tuple(dst) == idx


@pytest.mark.parametrize(
    "k, shape, msg",
    [
        (6, [2, 3], "k=6 out of bounds for shape (size 6)"),
        (1, [0, 3], "k=1 out of bounds for zero-size shape"),
        (-1, [2, 3], "k=-1 out of bounds for shape (size 6)"),
        (-1, [0, 3], "k=-1 out of bounds for zero-size shape"),
        (1, [], "k=1 out of bounds for scalar"),
    ],
)
def test_unravel_index_errors(k, shape, msg):
    with raises("unravel_index: " + msg):
        S.unravel_index(k, shape)
    with raises("unravel_index_into: " + msg):
        S.unravel_index_into(k, shape, [0] * len(shape))


def test_unravel_index_into_scalar_leaves_dst():
    dst = [7, 7]
    S.unravel_index_into(0, [], dst)
    assert dst == [7, 7]


# ----- 1.5 resolve_neg_one ---------------------------------------------------
@pytest.mark.parametrize(
    "cur, spec, out",
    [
        ([2, 3, 4], [-1], (24,)),
        ([2, 3, 4], [2, -1], (2, 12)),
        ([2, 3, 4], [-1, 6], (4, 6)),
        ([0, 5], [-1, 5], (0, 5)),
        ([0, 5], [0, -1], (0, 0)),
        ([0, 3], [-1], (0,)),
        ([2, 3], [7, 7], (7, 7)),  # no -1: returned unchanged, no validation
        ([], [-1], (1,)),
    ],
)
def test_resolve_neg_one(cur, spec, out):
    assert S.resolve_neg_one(cur, spec) == out


@pytest.mark.parametrize(
    "cur, spec, msg",
    [
        ([2, 3], [5, -1], "reshape: cannot reshape 6 elements into shape with 5 elements"),
        ([2, 3], [0, -1], "reshape: cannot infer -1 from shape with 0-size dimensions"),
        ([2, 3], [-1, -1], "reshape: multiple -1 dimensions, can only infer one"),
    ],
)
def test_resolve_neg_one_errors(cur, spec, msg):
    with raises(msg):
        S.resolve_neg_one(cur, spec)


# ----- 1.6 broadcast ---------------------------------------------------------
@pytest.mark.parametrize(
    "a, b, out",
    [
        ([3, 4], [1, 4], (3, 4)),
        ([2, 3, 4], [4], (2, 3, 4)),
        ([3, 4], [3, 1], (3, 4)),
        ([], [2, 3], (2, 3)),
        ([0, 1], [1, 5], (0, 5)),
        ([5, 1, 4], [3, 1], (5, 3, 4)),
        ([1], [0], (0,)),
    ],
)
def test_broadcast(a, b, out):
    assert S.broadcast(a, b) == out
    assert S.broadcast(b, a) == out


@pytest.mark.parametrize(
    "a, b, msg",
    [
        ([3], [4], "broadcast: cannot broadcast [3] with [4] (dim 0: 3\u22604)"),
        ([2], [3], "broadcast: cannot broadcast [2] with [3] (dim 0: 2\u22603)"),
        ([2, 3], [4], "broadcast: cannot broadcast [2,3] with [4] (dim 1: 3\u22604)"),
        ([4], [2, 3], "broadcast: cannot broadcast [4] with [2,3] (dim 1: 4\u22603)"),
    ],
)
def test_broadcast_errors(a, b, msg):
    with raises(msg):
        S.broadcast(a, b)


# ----- 1.7 broadcast_index ---------------------------------------------------
@pytest.mark.parametrize(
    "tidx, sshape, out",
    [([1, 2, 3], [3, 1], (2, 0)), ([2, 3], [1, 3], (0, 3)), ([1, 2], [2, 1, 3], (0, 0, 2))],
)
def test_broadcast_index(tidx, sshape, out):
    assert S.broadcast_index(tidx, sshape) == out


def test_broadcast_index_into_leaves_leading():
    dst = [9, 9, 9]
    S.broadcast_index_into([1, 2], [2, 1, 3], dst)
    assert dst == [9, 0, 2]


# ----- 1.8 to_string / pp ----------------------------------------------------
@pytest.mark.parametrize("shape, s", [([2, 3, 4], "[2,3,4]"), ([], "[]"), ([0], "[0]"), ((5,), "[5]")])
def test_to_string_pp(shape, s):
    assert S.to_string(shape) == s
    buf = io.StringIO()
    S.pp(shape, buf)
    assert buf.getvalue() == s


# ----- 1.9 extras -----------------------------------------------------------
def test_equal():
    assert S.equal([2, 3], (2, 3))
    assert not S.equal([2, 3], [3, 2])
    assert S.equal([], ())


@pytest.mark.parametrize(
    "shape, axes, keep, out",
    [
        ([2, 3, 4], [1], False, (2, 4)),
        ([2, 3, 4], [1], True, (2, 1, 4)),
        ([2, 3, 4], [0, 2], False, (3,)),
        ([2, 3, 4], [2, 0], True, (1, 3, 1)),
        ([2, 3, 4], [], False, (2, 3, 4)),
        ([2, 3, 4], [0, 1, 2], False, ()),
        ([2, 3, 4], [-1], False, (2, 3)),
    ],
)
def test_reduce_output_shape(shape, axes, keep, out):
    assert S.reduce_output_shape(shape, axes, keep) == out


def test_reduce_output_shape_error():
    with raises("reduce_output_shape: axis 3 out of bounds for 3D tensor"):
        S.reduce_output_shape([2, 3, 4], [3])
