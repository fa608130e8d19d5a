"""Property test: random chains of View operations against a parallel NumPy array.

The buffer is ``np.arange(n)``, so the value of a logical element is the buffer
position it maps to. The NumPy model is padded with a sentinel (-1), so padded
positions are known: they must be invalid in the View, and every valid position
must map (``linear_index``) to the model's value. Every reshape NumPy can do without
copying must also succeed on an unmasked View, and no other.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from core_testing import reshape_target

from nx_core import shape as S
from nx_core.errors import NxInvalidArgument
from nx_core.view import View, create

MAX_ELEMS = 160
SENTINEL = -1


class ViewOracle(RuleBasedStateMachine):
    @initialize(shape=st.lists(st.integers(0, 4), min_size=0, max_size=4).filter(
        lambda s: S.numel(s) <= MAX_ELEMS))
    def start(self, shape):
        n = S.numel(shape)
        self.buf = np.arange(max(n, 1))
        self.v = create(shape)
        self.a = np.arange(n).reshape(shape)

    # ----- rules -----------------------------------------------------------
    @rule(data=st.data())
    def pad(self, data):
        padding = [tuple(data.draw(st.tuples(st.integers(0, 2), st.integers(0, 2))))
                   for _ in self.v.shape]
        new = [d + b + e for d, (b, e) in zip(self.v.shape, padding)]
        if S.numel(new) > MAX_ELEMS:
            return
        self.v = self.v.pad(padding)
        if not padding:
            return
        self.a = np.pad(self.a, padding, mode="constant", constant_values=SENTINEL)

    @rule(data=st.data())
    def shrink(self, data):
        if 0 in self.v.shape:
            return
        bounds = []
        for d in self.v.shape:
            b = data.draw(st.integers(0, d - 1))
            e = data.draw(st.integers(b + 1, d))
            bounds.append((b, e))
        self.v = self.v.shrink(bounds)
        self.a = self.a[tuple(slice(b, e) for b, e in bounds)]

    @rule(data=st.data())
    def expand(self, data):
        new = tuple(data.draw(st.integers(1, 3)) if d == 1 else d for d in self.v.shape)
        if S.numel(new) > MAX_ELEMS:
            return
        m = self.v.mask
        bad = m is not None and any(
            d == 1 and nd != 1 and tuple(m[i]) != (0, 1)
            for i, (d, nd) in enumerate(zip(self.v.shape, new))
        )
        if bad:
            with pytest.raises(NxInvalidArgument, match="^expand: masked singleton bounds"):
                self.v.expand(new)
            return
        self.v = self.v.expand(new)
        self.a = np.broadcast_to(self.a, new)

    @rule(data=st.data())
    def permute(self, data):
        axes = data.draw(st.permutations(range(self.v.ndim)))
        self.v = self.v.permute(axes)
        self.a = self.a.transpose(axes)

    @rule(data=st.data())
    def flip(self, data):
        flags = data.draw(st.lists(st.booleans(), min_size=self.v.ndim, max_size=self.v.ndim))
        self.v = self.v.flip(flags)
        axes = tuple(i for i, f in enumerate(flags) if f)
        self.a = np.flip(self.a, axes) if axes else self.a

    @rule(data=st.data())
    def basic_index(self, data):
        """NumPy's basic indexing: ints drop axes, slices (any step) take ranges, None adds axes."""
        v = self.v
        key, np_key = [], []
        for d in v.shape:
            if v.ndim < 5 and data.draw(st.booleans()):
                key.append(None)
                np_key.append(None)
            if d and data.draw(st.booleans()):
                i = data.draw(st.integers(0, d - 1))
                key.append(i)
                np_key.append(i)
            else:
                sl = slice(
                    data.draw(st.none() | st.integers(-d - 2, d + 2)),
                    data.draw(st.none() | st.integers(-d - 2, d + 2)),
                    data.draw(st.sampled_from([None, 1, 2, 3, -1, -2, 2**40])),
                )
                key.append(sl.indices(d))
                np_key.append(sl)
        a = self.a[tuple(np_key)]
        if v.mask is not None and np.ndim(a) == 0 and a == SENTINEL:
            # a padded position alone: no 0-d View can say it is padding
            with pytest.raises(NxInvalidArgument, match="^basic_index: a padded position"):
                v.basic_index(key)
            return
        r = v.basic_index(key)
        self.a = a
        self.v = r

    @rule(data=st.data())
    def broadcast_to(self, data):
        """NumPy's broadcast_to: leading axes added, unit axes expanded."""
        lead = data.draw(st.lists(st.integers(0, 2), max_size=2))
        new = tuple(lead) + tuple(data.draw(st.integers(0, 3)) if d == 1 else d for d in self.v.shape)
        if S.numel(new) > MAX_ELEMS or len(new) > 5:
            return
        r = self.v.broadcast_to(new)
        self.a = np.broadcast_to(self.a, new)
        self.v = r

    @rule(data=st.data())
    def diagonal(self, data):
        """np.diagonal over the last two axes, any offset (also outside the matrix)."""
        v = self.v
        if v.ndim < 2:
            with pytest.raises(NxInvalidArgument, match="^diagonal: needs at least 2 dimensions"):
                v.diagonal(0)
            return
        k = data.draw(st.integers(-5, 5))
        r = v.diagonal(k)
        a = np.diagonal(self.a, k, -2, -1)
        self.a = a if a.size else np.arange(0).reshape(a.shape)
        self.v = r

    @rule(data=st.data())
    def reshape(self, data):
        n = self.v.numel
        new = reshape_target(n, data.draw)
        v = self.v
        if v.mask is not None and new != v.shape and n != 0:
            assert v.reshape(new) is None  # a masked view is read through a copy
            return
        numpy_view_ok = self._numpy_nocopy(new)
        r = v.reshape(new)
        if r is None:  # "needs a copy": NumPy must need one too
            assert not numpy_view_ok, f"NumPy reshapes {v} to {new} without copy"
            return
        if v.mask is None:
            assert numpy_view_ok, f"View reshaped {v} to {new} but NumPy needs a copy"
        self.v = r
        self.a = self.a.reshape(new)

    def _numpy_nocopy(self, new) -> bool:
        """Can NumPy reshape the same strided layout to ``new`` without copying?"""
        v = self.v
        if v.numel == 0 or v.mask is not None:
            return v.numel == 0
        item = self.buf.itemsize
        base = self.buf[v.offset:]
        arr = np.lib.stride_tricks.as_strided(
            base, shape=v.shape, strides=[s * item for s in v.strides], writeable=False
        )
        assert np.array_equal(arr, self.a)  # the layout really is the model
        try:
            np.reshape(arr, new, copy=False)
        except ValueError:
            return False
        return True

    # ----- invariants -------------------------------------------------------
    @invariant()
    def agrees_with_numpy(self):
        v, a = self.v, self.a
        assert v.shape == a.shape
        assert v.numel == a.size
        assert len(v.strides) == v.ndim
        if v.mask is not None:
            assert len(v.mask) == v.ndim
            assert v.strides_opt() is None
        else:
            assert v.strides_opt() == v.strides
        if v.c_flag:
            assert v.mask is None and v.strides == S.c_contiguous_strides(v.shape)
        for idx in itertools.product(*(range(d) for d in v.shape)):
            val = int(a[idx])
            if val == SENTINEL:
                assert not v.is_valid(idx), (v, idx)
            else:
                assert v.is_valid(idx), (v, idx)
                assert v.linear_index(idx) == val, (v, idx)
        if v.is_c_contiguous() and v.numel:
            assert [v.linear_index(i) for i in itertools.product(*(range(d) for d in v.shape))] \
                == list(range(v.numel))

    @invariant()
    def equality_is_structural(self):
        v = self.v
        w = create(v.shape, offset=v.offset, strides=v.strides, mask=v.mask)
        assert w == v and hash(w) == hash(v) and w.c_flag == v.c_flag


ViewOracle.TestCase.settings = settings(
    max_examples=300,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestViewOracle = ViewOracle.TestCase


@pytest.mark.parametrize(
    "view, new",
    [
        (create([2, 3]).permute([1, 0]), (3, 1, 2)),
        (create([2, 3, 4]).permute([2, 0, 1]), (2, 2, 6)),
        (create([3, 1]).expand([3, 4]), (3, 2, 2)),
        (create([4, 8]).shrink([(0, 4), (0, 4)]), (4, 2, 2)),
    ],
)
def test_numpy_nocopy_examples(view: View, new):
    """Spot checks of the no-copy claim outside the state machine."""
    buf = np.arange(64)
    arr = np.lib.stride_tricks.as_strided(
        buf[view.offset:], shape=view.shape, strides=[s * buf.itemsize for s in view.strides]
    )
    np.reshape(arr, new, copy=False)
    r = view.reshape(new)
    expect = arr.reshape(new)
    for idx in itertools.product(*(range(d) for d in new)):
        assert r.linear_index(idx) == expect[idx]
