"""Symbolic dimensions (spec §2.12, seed 003)."""

from __future__ import annotations

import math
import pickle
import re

import pytest

from nx_core import shape as S
from nx_core._symbolic import Sym, SymExpr, bounds, free_symbols, is_symbolic, subs
from nx_core.errors import NxInvalidArgument
from nx_core.view import View, create


def raises(msg):
    return pytest.raises(NxInvalidArgument, match="^" + re.escape(msg) + "$")


N = Sym("N", 1, 16)
M = Sym("M", 1, 8)


# ----- Sym and expressions ------------------------------------------------------
def test_sym_basics():
    assert str(N) == "N" and N.name == "N" and (N.min, N.max) == (1, 16)
    assert N == Sym("N", 1, 16) and hash(N) == hash(Sym("N", 1, 16))
    assert N != Sym("N", 0, 16) and N != 3
    assert is_symbolic(N) and not is_symbolic(3)
    with pytest.raises(AttributeError):
        N.name = "K"
    with pytest.raises(TypeError):
        int(N)
    assert pickle.loads(pickle.dumps(N)) == N
    assert pickle.loads(pickle.dumps(N.bind(3))).value == 3


def test_sym_bind():
    b = N.bind(4)
    assert isinstance(b, Sym) and b.is_bound and b.value == 4 and not N.is_bound
    assert b.subs() == 4 and N.subs() is N
    assert N.subs({"N": 5}) == 5 and N.subs({N: 6}) == 6
    with raises("bind: value 17 out of bounds [1, 16] for symbolic dimension N"):
        N.bind(17)
    with raises("bind: value 0 out of bounds [1, 16] for symbolic dimension N"):
        N.bind(0)
    with raises("bind: value 100 out of bounds [1, 16] for symbolic dimension N"):
        N.subs({"N": 100})
    assert Sym("K").bind(10**9).value == 10**9  # unbounded above by default
    with raises("bind: value -1 out of bounds [0, inf] for symbolic dimension K"):
        Sym("K").bind(-1)


def test_expressions_canonical():
    assert 3 * N == N * 3
    assert N * M == M * N
    assert N + 1 == 1 + N
    assert N * 1 is N and N + 0 is N and 0 * N == 0
    e = (N + 2) * M
    assert free_symbols([e, 3]) == frozenset({"N", "M"})
    assert e.subs({"N": 3, "M": 2}) == 10
    part = e.subs({"N": 3})
    assert is_symbolic(part) and part == 5 * M
    assert (N - 2).subs({"N": 5}) == 3 and (10 - N).subs({"N": 4}) == 6
    assert pickle.loads(pickle.dumps(e)) == e
    assert bounds(N * M) == (1, 128) and bounds(N + 2) == (3, 18) and bounds(4) == (4, 4)
    assert bounds(-N) == (-16, -1)
    assert subs(7, {"N": 1}) == 7
    with raises("bind: unbound symbolic dimension(s) M, N"):
        e.evaluate()
    assert str(e) in {"(N+2)*M", "M*(N+2)"}


# ----- views with symbolic shapes ----------------------------------------------
def test_create_placeholder_strides_and_flag():
    v = create([N, 3])
    assert v.shape == (N, 3) and v.strides == (1, 1) and v.offset == 0 and v.mask is None
    assert v.c_flag and v.is_c_contiguous() and v.is_symbolic()
    assert not create([N, 3], offset=2).c_flag
    assert not create([N, 3], strides=[3, 1]).c_flag
    assert create([N, 3], strides=[3, 1]).strides == (3, 1)
    masked = create([N, 3], mask=[(0, N), (1, 3)])
    assert not masked.c_flag and masked.mask == ((0, N), (1, 3))
    full = create([N, 3], mask=[(0, N), (0, 3)])
    assert full.mask is None and full.c_flag
    assert not create([2, 3]).is_symbolic()
    assert S.to_string(v.shape) == "[N,3]"


def test_numel_symbolic():
    assert create([N, 3]).numel == 3 * N
    assert create([N, M]).numel == N * M
    assert create([]).numel == 1
    assert S.numel([N, 2]) == 2 * N


def test_materializable_and_strides_opt():
    v = create([N, 3])
    assert not v.is_materializable()
    assert v.strides_opt() == (1, 1) and v.can_get_strides()
    assert v.simplify() is v
    b = v.bind({"N": 4})
    assert b.is_materializable() and type(b) is View


def test_bind_concrete():
    v = create([N, 3])
    b = v.bind({"N": 4})
    assert b == create([4, 3]) and b.c_flag and not b.is_symbolic()
    assert create([N, 3]).bind({N: 2}) == create([2, 3])
    # bound symbol values are used when the mapping lacks them
    assert create([N.bind(5), 2]).bind() == create([5, 2])
    # offsets survive
    assert create([N, 3], offset=7).bind({"N": 2}) == create([2, 3], offset=7)
    # concrete views: bind is the identity
    c = create([2, 3])
    assert c.bind({"N": 4}) is c


def test_bind_partial_and_errors():
    v = create([N, M])
    p = v.bind({"N": 2})
    assert p.is_symbolic() and p.shape == (2, M)
    assert p.bind({"M": 3}) == create([2, 3])
    with raises("bind: value 99 out of bounds [1, 8] for symbolic dimension M"):
        v.bind({"M": 99})


def test_bind_zero_size():
    z = Sym("Z", 0, 4)
    b = create([z, 3], offset=5).bind({"Z": 0})
    assert b == create([0, 3]) and b.offset == 0


def test_expand_symbolic():
    v = create([1, N])
    e = v.expand([M, N])
    assert e.shape == (M, N) and e.strides == (0, 1) and not e.c_flag and e.is_symbolic()
    assert e.bind({"M": 3, "N": 4}) == create([1, 4]).expand([3, 4])
    # true strides are tracked through expand: [N,1,M] -> [N,K,M]
    K = Sym("K", 1, 9)
    e2 = create([N, 1, M]).expand([N, K, M])
    assert e2.bind({"N": 2, "K": 3, "M": 4}) == create([2, 1, 4]).expand([2, 3, 4])
    # concrete view expanded to a symbolic shape
    c = create([1, 3], offset=2).expand([N, 3])
    assert c.is_symbolic() and c.strides == (0, 1) and c.offset == 2
    assert c.bind({"N": 5}) == create([1, 3], offset=2).expand([5, 3])
    # scalar to symbolic
    s = create([]).expand([N, 2])
    assert s.strides == (0, 0) and s.bind({"N": 3}) == create([]).expand([3, 2])
    # a symbolic side keeps strides/offset/mask
    k = create([N, 3], offset=0).expand([M, 3])
    assert k.strides == (1, 1) and k.shape == (M, 3)
    with raises("expand: rank mismatch: [N,3,1] vs [N,3]"):
        create([N, 3]).expand([N, 3, 1])
    with raises("expand: dimension 1 (size 3) cannot expand to size 4, only singletons expand"):
        create([N, 3]).expand([N, 4])


def test_expand_symbolic_masked():
    v = create([1, N], mask=[(0, 1), (1, N)])
    e = v.expand([3, N])
    assert e.mask == ((0, 3), (1, N))
    b = e.bind({"N": 4})
    assert b == create([1, 4], mask=[(0, 1), (1, 4)]).expand([3, 4])


def test_reshape_symbolic():
    v = create([N, 3])
    r = v.reshape([3 * N])
    assert r.shape == (3 * N,) and r.c_flag and r.strides == (1,)
    assert r.bind({"N": 2}) == create([6])
    r2 = v.reshape([N, 1, 3])
    assert r2.bind({"N": 2}) == create([2, 1, 3])
    # concrete C view to a symbolic shape
    c = create([6]).reshape([N])
    assert c.is_symbolic() and c.bind({"N": 6}) == create([6])
    # symbolic C view back to concrete
    assert v.reshape([12]) == create([12])
    assert v.reshape((N, 3)) is v


@pytest.mark.parametrize(
    "v, new",
    [
        (create([N, 3]).permute([1, 0]), [3 * N]),
        (create([N, 3], offset=2), [3 * N]),
        (create([N, 3], mask=[(0, N), (1, 3)]), [3 * N]),
        (create([2, 3]).permute([1, 0]), [N]),
        (create([N, 3], strides=[3, 1]), [3 * N]),
        (create([1, N]).expand([M, N]), [M * N]),
    ],
)
def test_reshape_symbolic_noncontiguous(v, new):
    with raises(
        "reshape: cannot reshape symbolic non-contiguous view, bind all symbolic dimensions first"
    ):
        v.reshape(new)


def test_permute_symbolic():
    v = create([N, M, 2])
    p = v.permute([2, 0, 1])
    assert p.shape == (2, N, M) and p.strides == (1, 1, 1) and not p.c_flag
    assert p.bind({"N": 3, "M": 4}) == create([3, 4, 2]).permute([2, 0, 1])
    assert v.permute([0, 1, 2]).c_flag
    with raises("permute: duplicate axis 0"):
        v.permute([0, 0, 1])


@pytest.mark.parametrize(
    "op, arg",
    [("shrink", [(0, 1), (0, 3)]), ("pad", [(1, 0), (0, 0)]), ("flip", [True, False])],
)
def test_concrete_only_ops(op, arg):
    v = create([N, 3])
    with raises(f"{op}: cannot {op} symbolic shape, bind all symbolic dimensions first"):
        getattr(v, op)(arg)
    # after binding they work
    getattr(v.bind({"N": 2}), op)(arg)


def test_linear_index_and_is_valid_symbolic():
    v = create([N, 3], offset=2)
    assert v.linear_index([1, 1]) == 4  # placeholder strides
    assert v.is_valid([5, 5])


def test_symbolic_view_equality_and_pickle():
    a, b = create([N, 3]), create([N, 3])
    assert a == b and hash(a) == hash(b)
    assert a != create([M, 3])
    assert a != create([N, 3], strides=[1, 1])  # explicit strides: other true strides/flag
    assert pickle.loads(pickle.dumps(a)) == a
    assert isinstance(a, View) and isinstance(N, SymExpr)
    assert repr(a).startswith("View(shape=(Sym('N', 1, 16), 3), strides=(1, 1)")


def test_concrete_views_stay_plain():
    # concrete operations never produce symbolic views
    v = create([2, 3]).pad([(1, 0), (0, 1)]).flip([True, False]).permute([1, 0])
    assert type(v) is View and not v.is_symbolic()
    assert math.prod(v.shape) == v.numel
