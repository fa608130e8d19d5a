"""Known-answer tests for nx_core.view (spec §2 and §6.1)."""

from __future__ import annotations

import copy
import pickle
import re

import pytest

from nx_core.errors import NxInvalidArgument
from nx_core.view import View, contiguous, create


def raises(msg, *, prefix=False):
    pat = "^" + re.escape(msg) + ("" if prefix else "$")
    return pytest.raises(NxInvalidArgument, match=pat)


def V(shape, strides=None, offset=0, mask=None):
    return create(shape, offset=offset, strides=strides, mask=mask)


def check(v, shape, strides, offset, mask=None):
    assert v.shape == tuple(shape)
    assert v.strides == tuple(strides)
    assert v.offset == offset
    assert v.mask == (None if mask is None else tuple(tuple(p) for p in mask))
    assert type(v.shape) is tuple and type(v.strides) is tuple


PADDED = V([2, 3]).pad([(1, 2), (0, 1)])  # V([5,4],[3,1],-3,[(1,3),(0,3)])


# ----- 2.2 create ------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, exp, c_flag",
    [
        (dict(shape=[2, 3, 4]), ([2, 3, 4], [12, 4, 1], 0, None), True),
        (dict(shape=[2, 3], offset=5), ([2, 3], [3, 1], 5, None), True),
        (dict(shape=[2, 3], strides=[1, 2]), ([2, 3], [1, 2], 0, None), False),
        (
            dict(shape=[2, 0, 3], offset=7, mask=[(0, 1), (0, 0), (0, 3)]),
            ([2, 0, 3], [0, 0, 1], 0, None),
            True,
        ),
        (dict(shape=[2, 3], mask=[(0, 2), (0, 3)]), ([2, 3], [3, 1], 0, None), True),
        (
            dict(shape=[2, 3], mask=[(0, 2), (1, 3)]),
            ([2, 3], [3, 1], 0, [(0, 2), (1, 3)]),
            False,
        ),
        (dict(shape=[]), ([], [], 0, None), True),
        (dict(shape=[1, 1], strides=[0, 0]), ([1, 1], [0, 0], 0, None), False),
        (dict(shape=[1, 3], strides=[7, 1]), ([1, 3], [7, 1], 0, None), False),
        (dict(shape=[-2, 0]), ([0, 0], [0, 0], 0, None), True),
        (dict(shape=[2, 3], mask=[(2, 1), (0, 9)]), ([2, 3], [3, 1], 0, [(2, 1), (0, 9)]), False),
    ],
)
def test_create(kwargs, exp, c_flag):
    shape = kwargs.pop("shape")
    v = create(shape, **kwargs)
    check(v, *exp)
    assert v.c_flag is c_flag


def test_create_length_errors():
    with raises("create: strides length 1 != shape length 2"):
        create([2, 3], strides=[1])
    with raises("create: mask length 1 != shape length 2"):
        create([2, 3], mask=[(0, 1)])


def test_create_accepts_tuples_lists_and_index_ints():
    np = pytest.importorskip("numpy")
    a = create((np.int64(2), 3), strides=[np.int64(3), 1], offset=np.int64(1))
    assert a == create([2, 3], offset=1)
    assert all(type(d) is int for d in a.shape + a.strides) and type(a.offset) is int


def test_is_c_contiguous_requires_offset_zero():
    assert V([2, 3]).is_c_contiguous()
    v = V([2, 3], offset=5)
    assert v.c_flag and not v.is_c_contiguous()
    assert not V([2, 3], mask=[(0, 1), (0, 3)]).is_c_contiguous()
    assert V([]).is_c_contiguous()


def test_immutable_hashable_eq_repr():
    v = V([2, 3])
    with pytest.raises(AttributeError):
        v.offset = 3
    with pytest.raises(TypeError):
        View([2, 3])
    assert v == V((2, 3)) and hash(v) == hash(V((2, 3)))
    assert v != V([2, 3], offset=1)
    assert v != V([3, 2])
    assert {v, V([2, 3])} == {v}
    assert repr(v) == "View(shape=(2, 3), strides=(3, 1), offset=0, mask=None)"
    assert repr(PADDED) == "View(shape=(5, 4), strides=(3, 1), offset=-3, mask=((1, 3), (0, 3)))"
    assert pickle.loads(pickle.dumps(PADDED)) == PADDED
    assert copy.deepcopy(v) == v


def test_contiguous_cache_and_make():
    a = contiguous((2, 3))
    assert a is contiguous((2, 3))
    assert a == V([2, 3]) and a.c_flag
    assert V([2, 3]) is a  # create of an offset-0 C view reuses the cache
    check(contiguous((0, 3)), [0, 3], [0, 1], 0)
    m = View._make((2, 3), (3, 1), 4, None, True)
    assert m == V([2, 3], offset=4) and m.numel == 6 and m.ndim == 2


# ----- 2.3 accessors ---------------------------------------------------------
def test_accessors():
    v = V([2, 3, 4], offset=1)
    assert v.ndim == 3 and v.numel == 24
    assert V([]).numel == 1 and V([]).ndim == 0
    assert V([3, 0]).numel == 0
    assert [v.dim(i) for i in range(3)] == [2, 3, 4]
    assert [v.stride(i) for i in range(3)] == [12, 4, 1]


@pytest.mark.parametrize("axis", [-1, 3, 7])
def test_dim_stride_errors(axis):
    v = V([2, 3, 4])
    with raises(f"dim: axis {axis} out of bounds for 3D tensor"):
        v.dim(axis)
    with raises(f"stride: axis {axis} out of bounds for 3D tensor"):
        v.stride(axis)


def test_strides_opt_and_simplify():
    v = V([2, 3])
    assert v.strides_opt() == (3, 1) and v.can_get_strides() and v.is_materializable()
    assert v.simplify() is v
    m = V([2, 3], mask=[(0, 2), (1, 3)])
    assert m.strides_opt() is None and not m.can_get_strides() and not m.is_materializable()
    assert m.simplify() is m
    assert PADDED.strides_opt() is None
    assert V([2, 3], strides=[1, 2]).strides_opt() == (1, 2)
    # a full-coverage mask can only come from the raw constructor; simplify drops it
    raw = View._make((2, 3), (3, 1), 0, ((0, 2), (0, 3)), False)
    s = raw.simplify()
    check(s, [2, 3], [3, 1], 0)
    assert s.c_flag
    assert raw.strides_opt() == (3, 1)


# ----- 2.4 / 2.5 linear_index / is_valid ------------------------------------
def test_linear_index():
    v = V([2, 3], strides=[3, 1], offset=5)
    assert v.linear_index([1, 2]) == 10
    assert v.linear_index((0, 0)) == 5
    assert V([]).linear_index([]) == 0
    with raises("linear_index: rank mismatch: indices[1] vs ndim 2"):
        v.linear_index([1])


@pytest.mark.parametrize(
    "idx, ok", [([1, 0], True), ([3, 0], False), ([2, 2], False), ([1], False), ([0, 0], False), ([2, 1], True)]
)
def test_is_valid_mask(idx, ok):
    v = V([4, 3], mask=[(1, 3), (0, 2)])
    assert v.is_valid(idx) is ok


def test_is_valid_no_mask_anything():
    v = V([2, 3])
    assert v.is_valid([99, -5]) and v.is_valid([]) and v.is_valid([1, 2, 3])


# ----- 2.6 reshape ----------------------------------------------------------
TRANS = V([3, 2], [1, 3], 0)
PERM = V([4, 2, 3], [1, 12, 4], 0)
EXP11 = V([3, 4], [0, 0], 0)
EXP31 = V([3, 4], [1, 0], 0)
COLS = V([4, 4], [8, 1], 0)
FLIP1 = V([2, 3], [3, -1], 2)


@pytest.mark.parametrize(
    "v, new, exp",
    [
        (V([2, 3, 4]), [6, 4], ([6, 4], [4, 1], 0)),
        (V([2, 6], [6, 1], 6), [3, 4], ([3, 4], [4, 1], 6)),
        (TRANS, [3, 1, 2], ([3, 1, 2], [1, 0, 3], 0)),
        (TRANS, [1, 3, 2, 1], ([1, 3, 2, 1], [0, 1, 3, 0], 0)),
        (PERM, [4, 6], ([4, 6], [1, 4], 0)),
        (PERM, [2, 2, 6], ([2, 2, 6], [2, 1, 4], 0)),
        (EXP11, [12], ([12], [0], 0)),
        (EXP31, [3, 2, 2], ([3, 2, 2], [1, 0, 0], 0)),
        (COLS, [4, 2, 2], ([4, 2, 2], [8, 2, 1], 0)),
        (FLIP1, [2, 3, 1], ([2, 3, 1], [3, -1, 0], 2)),
        (V([0, 3], [0, 1], 0), [3, 0], ([3, 0], [0, 0], 0)),
        (V([1, 1], [5, 7], 2), [], ([], [], 2)),
        (V([1, 1], [5, 7], 2), [1], ([1], [0], 2)),
        # numel mismatch tolerated when a side is empty (quirk)
        (V([0, 3]), [4], ([4], [1], 0)),
        (V([2, 3]), [0], ([0], [0], 0)),
        (V([]), [1, 1], ([1, 1], [1, 1], 0)),
        (V([1]), [], ([], [], 0)),
        (V([2, 3], offset=3), [3, 2], ([3, 2], [2, 1], 3)),
        # The spec's table says "error (expected [6,2,1])" here, from its greedy matcher;
        # NumPy views it (a run of [2,3] split as [3,2]), and so does View.reshape.
        (PERM, [4, 3, 2], ([4, 3, 2], [1, 8, 4], 0)),
    ],
)
def test_reshape(v, new, exp):
    r = v.reshape(new)
    check(r, *exp)
    assert v.reshape(tuple(new)) == r


def test_reshape_same_shape_returns_self():
    assert PADDED.reshape([5, 4]) is PADDED
    assert TRANS.reshape((3, 2)) is TRANS


@pytest.mark.parametrize(
    "v, new, msg",
    [
        (V([2, 3, 4]), [5, 5], "reshape: cannot reshape [2,3,4] to [5,5]"),
        (V([2, 3]), [5], "reshape: cannot reshape [2,3] to [5]"),
    ],
)
def test_reshape_errors(v, new, msg):
    """An invalid reshape (element counts differ) raises."""
    with raises(msg):
        v.reshape(new)


@pytest.mark.parametrize(
    "v, new",
    [
        (TRANS, [6]),
        (V([2, 2]).permute([1, 0]), [4]),
        (EXP31, [12]),
        (COLS, [16]),
        (COLS, [2, 8]),
        (FLIP1, [3, 2]),
        (V([3, 2], [2, 1], -2, [(1, 3), (0, 2)]), [6]),  # masked: read through a copy
        (PADDED, [20]),
    ],
)
def test_reshape_needing_a_copy_returns_none(v, new):
    """A valid reshape that no strided view over the same buffer can express (the
    strides do not allow it, or the view is masked) returns None: the caller copies."""
    assert v.reshape(new) is None


# ----- 2.7 expand -----------------------------------------------------------
@pytest.mark.parametrize(
    "v, new, exp",
    [
        (V([1, 3], [3, 1], 0), [4, 3], ([4, 3], [0, 1], 0)),
        (V([3, 1], [1, 1], 2), [3, 5], ([3, 5], [1, 0], 2)),
        (V([]), [2, 3], ([2, 3], [0, 0], 0)),
        (V([], offset=4), [2], ([2], [0], 4)),
        (V([1, 3], [3, 1], 4), [0, 3], ([0, 3], [0, 1], 0)),
        (V([1, 4], [3, 1], -1, [(0, 1), (1, 4)]), [2, 4], ([2, 4], [0, 1], -1, [(0, 2), (1, 4)])),
        (V([0, 3]), [5, 7], ([5, 7], [7, 1], 0)),  # quirk: new shape unchecked
        (V([2, 3]), [2, 3], ([2, 3], [3, 1], 0)),
    ],
)
def test_expand(v, new, exp):
    r = v.expand(new)
    check(r, *exp)


def test_expand_scalar_flag_recomputed():
    e = V([]).expand([1])
    assert e.strides == (0,) and not e.c_flag  # REC: the scalar's flag is not copied
    # consequently a later reshape does not pretend to be C-contiguous
    check(V([]).expand([2, 3]).reshape([6]), [6], [0], 0)


@pytest.mark.parametrize(
    "v, new, msg",
    [
        (V([2, 3]), [4, 3], "expand: dimension 0 (size 2) cannot expand to size 4, only singletons expand"),
        (V([3]), [2, 3], "expand: rank mismatch: [2,3] vs [3]"),
        (
            V([1, 3], mask=[(1, 1), (0, 2)]),
            [2, 3],
            "expand: masked singleton bounds [1,1] incompatible with expansion",
        ),
        # dimension errors are reported before mask errors
        (
            V([1, 2], mask=[(1, 1), (0, 1)]),
            [2, 3],
            "expand: dimension 1 (size 2) cannot expand to size 3, only singletons expand",
        ),
    ],
)
def test_expand_errors(v, new, msg):
    with raises(msg):
        v.expand(new)


# ----- 2.8 permute ----------------------------------------------------------
def test_permute():
    c = V([2, 3, 4])
    check(c.permute([2, 0, 1]), [4, 2, 3], [1, 12, 4], 0)
    t = V([2, 3]).permute([1, 0])
    assert not t.c_flag
    tt = t.permute([1, 0])
    assert tt == V([2, 3]) and tt.c_flag and tt.is_c_contiguous()
    m = V([2, 3], mask=[(0, 1), (1, 3)]).permute([1, 0])
    check(m, [3, 2], [1, 3], 0, [(1, 3), (0, 1)])
    assert V([]).permute([]) == V([])
    assert c.permute((0, 1, 2)) == c


@pytest.mark.parametrize(
    "axes, msg",
    [
        ([0, 1], "permute: axes length 2 != ndim 3"),
        ([0, 3, 1], "permute: axis 3 out of bounds for 3D tensor"),
        ([0, -1, 1], "permute: axis -1 out of bounds for 3D tensor"),
        ([0, 0, 1], "permute: duplicate axis 0"),
        ([1, 1, 5], "permute: duplicate axis 1"),
    ],
)
def test_permute_errors(axes, msg):
    with raises(msg):
        V([2, 3, 4]).permute(axes)


# ----- 2.9 shrink -----------------------------------------------------------
@pytest.mark.parametrize(
    "v, bounds, exp",
    [
        (V([4, 6]), [(1, 3), (2, 5)], ([2, 3], [6, 1], 8)),
        (V([5], [-1], 4), [(1, 3)], ([2], [-1], 3)),
        (V([4, 3], [1, 4], 0), [(1, 3), (0, 2)], ([2, 2], [1, 4], 1)),
        (PADDED, [(0, 3), (1, 4)], ([3, 3], [3, 1], -2, [(1, 3), (0, 2)])),
        (PADDED, [(1, 3), (0, 3)], ([2, 3], [3, 1], 0, None)),
        (PADDED, [(3, 5), (0, 4)], ([2, 4], [3, 1], 6, [(0, 0), (0, 3)])),
    ],
)
def test_shrink(v, bounds, exp):
    r = v.shrink(bounds)
    check(r, *exp)


def test_shrink_full_returns_self():
    v = V([4, 6], offset=2)
    assert v.shrink([(0, 4), (0, 6)]) is v
    z = V([0, 3])
    assert z.shrink([(0, 0), (0, 3)]) is z


def test_shrink_mask_removed_sets_flag():
    r = PADDED.shrink([(1, 3), (0, 3)])
    assert r.mask is None and r.c_flag and r.is_c_contiguous()


@pytest.mark.parametrize(
    "v, bounds, msg",
    [
        (V([4, 6]), [(2, 2), (0, 6)], "shrink: bounds must be within shape and start < end"),
        (V([4, 6]), [(0, 5), (0, 6)], "shrink: bounds must be within shape and start < end"),
        (V([4, 6]), [(-1, 2), (0, 6)], "shrink: bounds must be within shape and start < end"),
        (V([4, 6]), [(3, 1), (0, 6)], "shrink: bounds must be within shape and start < end"),
        (V([0, 3]), [(0, 0), (0, 2)], "shrink: bounds must be within shape and start < end"),
        (V([4, 6]), [(0, 4)], "shrink: bounds length 1 != ndim 2"),
    ],
)
def test_shrink_errors(v, bounds, msg):
    with raises(msg):
        v.shrink(bounds)


# ----- 2.10 pad -------------------------------------------------------------
@pytest.mark.parametrize(
    "v, padding, exp",
    [
        (V([2, 3]), [(1, 2), (0, 1)], ([5, 4], [3, 1], -3, [(1, 3), (0, 3)])),
        (V([2, 3], [6, 1], 8), [(1, 1), (2, 0)], ([4, 5], [6, 1], 0, [(1, 3), (2, 5)])),
        (PADDED, [(1, 0), (0, 0)], ([6, 4], [3, 1], -6, [(2, 4), (0, 3)])),
        (V([0, 3]), [(1, 1), (0, 0)], ([2, 3], [0, 1], 0, [(1, 1), (0, 3)])),
        (V([0, 3]), [(0, 0), (1, 1)], ([0, 5], [0, 1], 0, None)),
        (V([3]), [(0, 2)], ([5], [1], 0, [(0, 3)])),
    ],
)
def test_pad(v, padding, exp):
    r = v.pad(padding)
    check(r, *exp)
    assert not r.c_flag or r.mask is None


def test_pad_zero_returns_self():
    v = V([2, 3])
    assert v.pad([(0, 0), (0, 0)]) is v


@pytest.mark.parametrize(
    "padding, msg",
    [
        ([(1, 1)], "pad: padding length 1 != ndim 2"),
        ([(1, -1), (0, 0)], "pad: negative padding values, use shrink or slice instead"),
        ([(0, 0), (-2, 0)], "pad: negative padding values, use shrink or slice instead"),
    ],
)
def test_pad_errors(padding, msg):
    with raises(msg):
        V([2, 3]).pad(padding)


# ----- 2.11 flip ------------------------------------------------------------
@pytest.mark.parametrize(
    "v, flags, exp",
    [
        (V([2, 3]), [True, True], ([2, 3], [-3, -1], 5)),
        (V([3, 4], [4, 1], 2), [True, False], ([3, 4], [-4, 1], 10)),
        (V([3, 2], [1, 3], 0), [False, True], ([3, 2], [1, -3], 3)),
        (PADDED, [True, False], ([5, 4], [-3, 1], 9, [(2, 4), (0, 3)])),
        (PADDED, [True, True], ([5, 4], [-3, -1], 12, [(2, 4), (1, 4)])),
        (V([0, 3]), [True, True], ([0, 3], [0, -1], 0)),
        (V([0, 3]), [True, False], ([0, 3], [0, 1], 0)),
        (V([2, 3]), [False, False], ([2, 3], [3, 1], 0)),
    ],
)
def test_flip(v, flags, exp):
    r = v.flip(flags)
    check(r, *exp)


def test_flip_twice_restores():
    v = V([3, 4], [4, 1], 2)
    back = v.flip([True, False]).flip([True, False])
    assert back == v and back.c_flag
    c = V([2, 3])
    assert c.flip([True, True]).flip([True, True]).is_c_contiguous()


def test_flip_errors():
    with raises("flip: boolean array length 1 != ndim 2"):
        V([2, 3]).flip([True])


# ----- §6.1 frontend-level cases expressible on views -----------------------
def test_slice_offset_and_transpose_item():
    # slice [R(1,-1); R(1,-1)] of 3x3 -> offset 4
    assert V([3, 3]).shrink([(1, 2), (1, 2)]).offset == 4
    # [2,3,4,5] transposed: item [0,0,0,1] = 60
    t = V([2, 3, 4, 5]).permute([3, 2, 1, 0])
    assert t.linear_index([0, 0, 0, 1]) == 60
    # transpose axes [1;2;0] of arange 24 [2,3,4]: item [0,0,1] = 12
    p = V([2, 3, 4]).permute([1, 2, 0])
    assert p.shape == (3, 4, 2) and p.linear_index([0, 0, 1]) == 12
    # shrink [(1,3),(1,3)] of arange 16 [4,4] -> [[5,6],[9,10]]
    s = V([4, 4]).shrink([(1, 3), (1, 3)])
    assert [s.linear_index([i, j]) for i in range(2) for j in range(2)] == [5, 6, 9, 10]
    # broadcast [3,1] -> [3,4] of [1,2,3]: [0,0]=1, [0,3]=1, [2,2]=3
    b = V([3, 1]).expand([3, 4])
    assert [b.linear_index(i) + 1 for i in ([0, 0], [0, 3], [2, 2])] == [1, 1, 3]
    # flip all of [[1,2],[3,4]]: position [0,0] of the flip is position [1,1] of the source
    f = V([2, 2]).flip([True, True])
    assert f.linear_index([0, 0]) == V([2, 2]).linear_index([1, 1])
    # moveaxis 0->2 of arange 24 [2,3,4] -> [3,4,2] = 0,12,1,13,...
    mv = V([2, 3, 4]).permute([1, 2, 0])
    flat = [mv.linear_index([i, j, k]) for i in range(3) for j in range(4) for k in range(2)]
    assert flat[:6] == [0, 12, 1, 13, 2, 14] and flat[-2:] == [11, 23]
    # swapaxes 0<->2 -> [4,3,2]
    sw = V([2, 3, 4]).permute([2, 1, 0])
    flat = [sw.linear_index([i, j, k]) for i in range(4) for j in range(3) for k in range(2)]
    assert flat == [0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23]
    # reshape scalar <-> [1]
    assert V([]).reshape([1]) == V([1]) and V([1]).reshape([]) == V([])
    # [0,5] -> [0] and [5,0]
    check(V([0, 5]).reshape([0]), [0], [0], 0)
    check(V([0, 5]).reshape([5, 0]), [5, 0], [0, 0], 0)


# ----- geometry of the namespace: basic_index, broadcast_to, diagonal ---------
def test_basic_index_ints_slices_and_new_axes():
    v = V([3, 4])
    r = v.basic_index([1, None, (3, -1, -2)])  # x[1, None, ::-2]
    assert (r.shape, r.strides, r.offset) == ((1, 2), (2, -2), 7)
    assert v.basic_index([(0, 3, 1), (0, 4, 1)]) == v


def test_basic_index_takes_python_keys():
    v = V([3, 4])
    assert v.basic_index([1, None, slice(None, None, -2)]) == v.basic_index([1, None, (3, -1, -2)])
    assert v.basic_index([-1]) == v.basic_index([2, (0, 4, 1)])  # negative int; trailing axes full
    assert v.basic_index([Ellipsis, -1]) == v.basic_index([(0, 3, 1), 3])
    assert v.basic_index([None, Ellipsis]) == v.basic_index([None, (0, 3, 1), (0, 4, 1)])
    with raises("basic_index: an index can only have a single ellipsis", prefix=True):
        v.basic_index([Ellipsis, Ellipsis])
    with raises("basic_index: each key item must be", prefix=True):
        v.basic_index([slice(0, 3, 0)])


def test_basic_index_huge_step_keeps_strides_bounded():
    r = V([5]).basic_index([(0, 5, 2**62)])  # one element: the stride is kept
    assert r.shape == (1,) and r.strides == (1,)


@pytest.mark.parametrize(
    "key, msg",
    [
        ([3, 0], "basic_index: index 3 out of range for axis 0 of size 3"),
        ([0, 0, 0], "basic_index: too many indices for a 2D view"),
        ([(0, 9, 1), 0], "basic_index: range(0, 9, 1) out of range for axis 0 of size 3"),
        ([(0, 3, 0), 0], "basic_index: each key item must be"),
    ],
)
def test_basic_index_errors(key, msg):
    with raises(msg, prefix=True):
        V([3, 4]).basic_index(key)


def test_basic_index_of_masked_views():
    """A masked view indexes into a masked view of the same buffer: slices keep the valid
    part of their range, ints inside the valid interval drop their axis."""
    p = V([2, 3]).pad([(1, 2), (0, 1)])  # V([5,4],[3,1],-3,[(1,3),(0,3)])
    r = p.basic_index([(0, 5, 1), (1, 4, 1)])
    assert (r.shape, r.strides, r.offset, r.mask) == ((5, 3), (3, 1), -2, ((1, 3), (0, 2)))
    r = p.basic_index([(4, -1, -2), (0, 4, 1)])  # rows 4, 2, 0: only row 2 is data
    assert (r.shape, r.strides, r.offset, r.mask) == ((3, 4), (-6, 1), 9, ((1, 2), (0, 3)))
    r = p.basic_index([2])  # a data row: its mask is the columns'
    assert (r.shape, r.offset, r.mask) == ((4,), 3, ((0, 3),))
    r = p.basic_index([(1, 3, 1), (0, 3, 1)])  # inside the data: no mask left, a plain view
    assert (r.shape, r.strides, r.offset, r.mask) == ((2, 3), (3, 1), 0, None)
    r = p.basic_index([0])  # a padding row: every position invalid
    assert r.shape == (4,) and not any(r.is_valid([j]) for j in range(4))
    assert p.basic_index([1, 2]).mask is None  # one data element: a 0-d view of it
    with raises("basic_index: a padded position of a masked view has no 0-d view", prefix=True):
        p.basic_index([0, 0])


def test_broadcast_to():
    r = V([3, 1]).broadcast_to((2, 3, 4))
    assert (r.shape, r.strides) == ((2, 3, 4), (0, 1, 0))
    assert V([0, 1]).broadcast_to((0, 5)).shape == (0, 5)
    with raises("broadcast_to: cannot broadcast [3,2] to [3,4]", prefix=True):
        V([3, 2]).broadcast_to((3, 4))
    with raises("broadcast_to: cannot broadcast [2,3] to [3]", prefix=True):
        V([2, 3]).broadcast_to((3,))


def test_diagonal():
    v = V([3, 4])
    assert (v.diagonal(1).shape, v.diagonal(1).strides, v.diagonal(1).offset) == ((3,), (5,), 1)
    assert (v.diagonal(-2).shape, v.diagonal(-2).offset) == ((1,), 8)
    assert v.diagonal(9).shape == (0,) and v.diagonal(-9).shape == (0,)
    assert V([2, 3, 3]).diagonal().shape == (2, 3)
    with raises("diagonal: needs at least 2 dimensions, got 1"):
        V([3]).diagonal()
