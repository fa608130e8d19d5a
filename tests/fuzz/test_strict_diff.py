"""nx's strict namespace refuses exactly what array-api-strict refuses, call for call.

The driver is ``nx_strict_diff`` (beside this file): every public function of
array-api-strict 2.6 and every operator of its Array, called with a valid baseline and
with one argument replaced by a consumer's accident, on both libraries; the outcome
classes (accepted, TypeError, ValueError, IndexError, RuntimeError, another error) must
match, but for the documented extra strictness (``EXTRA_STRICT``, docs/strict-mode.md).
One test per function or operator. ``make test`` runs the brief table (the like-shaped
accidents and a sample of the others); ``make fuzz`` (NX_FUZZ_EXAMPLES above the
default) runs every accident in every slot.

``OPEN`` and ``OPEN_LONG`` list the functions whose differences are not fixed yet
(strict xfails: a fix makes its test pass and the entry must go); both are empty.
"""

from __future__ import annotations

import pytest

import nx_strict_diff as diff
from nx_fuzz import DEFAULT_EXAMPLES, EXAMPLES

if not diff.S.__version__.startswith("2.6."):  # the tables below are array-api-strict 2.6's
    pytest.skip(f"array-api-strict {diff.S.__version__} is not 2.6", allow_module_level=True)

LONG = EXAMPLES > DEFAULT_EXAMPLES
CASES = diff.cases(long=LONG)
NAMES = sorted({c.name for c in CASES})

# The functions and operators with differences still open (the brief table's, and the
# long one's): none; a difference found later is fixed or documented (EXTRA_STRICT).
OPEN: set[str] = set()
OPEN_LONG: set[str] = set()


def _marked(name: str) -> object:
    if name in (OPEN_LONG if LONG else OPEN):
        return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason="a difference from array-api-strict not fixed yet"))
    return name


@pytest.mark.parametrize("name", [_marked(n) for n in NAMES])
def test_refuses_what_array_api_strict_refuses(name):
    lines = diff.differences([c for c in CASES if c.name == name])
    assert not lines, f"{len(lines)} differences:\n" + "\n".join(lines[:40])


def test_every_public_function_is_called():
    called = {c.name for c in CASES}
    assert set(diff.public_functions()) <= called
    assert len(diff.public_functions()) > 150


@pytest.mark.parametrize("name", sorted({c.name for c in CASES if c.what == "baseline"}))
def test_baseline_is_accepted_by_both(name):
    base = next(c for c in CASES if c.name == name and c.what == "baseline")
    assert diff.compare(base) == ("accepted", "accepted")


# The differences a first probe found, by hand (each accepted by nx and refused by
# array-api-strict, but searchsorted, the other way round).
ISSUE_CASES = [
    ("reshape", lambda xp: xp.reshape(xp.ones((4,)), [2, 2]), TypeError),
    ("zeros", lambda xp: xp.zeros((True,)), TypeError),
    ("roll", lambda xp: xp.roll(xp.ones((4,)), [1]), ValueError),
    ("squeeze", lambda xp: xp.squeeze(xp.ones((1, 4)), axis=[0]), TypeError),
    ("tile", lambda xp: xp.tile(xp.ones((4,)), [2]), TypeError),
    ("vector_norm", lambda xp: xp.linalg.vector_norm(xp.ones((2, 2)), axis=[0, 1]), TypeError),
    ("equal", lambda xp: xp.ones((2,)) == "a", TypeError),
]


@pytest.mark.parametrize("name, call, exc", ISSUE_CASES, ids=[c[0] for c in ISSUE_CASES])
def test_issue_cases_refused_in_both(name, call, exc):
    for xp in (diff.S, diff.N):
        with pytest.raises(exc):
            call(xp)
    with pytest.raises(exc, match=f"^{name}: "):
        call(diff.N)


def test_searchsorted_of_integers_in_floats():
    import numpy as np

    for xp in (diff.S, diff.N):
        r = xp.searchsorted(xp.asarray([1.0, 2.5, 4.0]), xp.asarray([0, 2, 3, 5]))
        assert np.asarray(r).tolist() == [0, 1, 2, 3]


@pytest.mark.parametrize("n", [8, 256, 257, 300])  # a kept table of bounds (up to 256), and the large-axis check
def test_strict_slice_bounds_on_the_fast_path(n):
    """The strict namespace's fast path for ``x[a:b, ...]`` and ``x[a:b]`` takes the
    bounds the general path takes (0-d arrays, NumPy integers) and refuses the same."""
    import numpy as np

    x = diff.N.arange(float(n))
    a, b = diff.N.asarray(1), diff.N.asarray(5)
    for key in ((slice(a, b), ...), slice(a, b), (slice(np.int64(1), np.int64(5)), ...), (slice(-n, n), ...), slice(None, None, -1)):
        assert np.asarray(x[key]).tolist() == np.arange(float(n))[key].tolist()
    for key in ((slice(0, n + 1), ...), slice(-n - 1, 2), (slice(np.int64(n + 1), None), ...)):
        with pytest.raises(IndexError, match="^__getitem__: slice .* is outside"):
            x[key]
    # Bounds in range by value that slice.indices refuses (the fast path leaves their type
    # and the step to the backend's basic_view, which refuses them before any effect).
    for key in ((slice(1.0, 5), ...), slice(1, 5.0), (slice(1, 5, 0), ...), slice(None, None, 0), (slice(1, 5, "a"), ...)):
        for _ in range(2):  # (the first call may be the one that keeps the axis's bounds)
            with pytest.raises(IndexError, match="^__getitem__: a slice (start|stop|step) (must be an integer|cannot be zero)"):
                x[key]


@pytest.mark.parametrize("shape", [(5,), (3, 4), ()])
def test_strict_int_keys_on_the_fast_path(shape):
    """``x[i]`` of a 1-D array and ``x[..., i]``, which the strict namespace takes on a
    fast path, give NumPy's view in range and refuse as array-api-strict does out of range,
    on a 0-d array, and (``x[i]``) where the key leaves axes out."""
    import numpy as np

    a = np.arange(float(np.prod(shape))).reshape(shape)
    x = diff.N.asarray(a)
    s = diff.S.asarray(a)
    n = shape[-1] if shape else 0
    keys = [(Ellipsis, i) for i in (0, n - 1, -n, -1, n, -n - 1, 7)] + [i for i in (0, n - 1, -n, -1, n, -n - 1)]
    for key in keys:
        try:
            want = s[key]
        except IndexError:
            with pytest.raises(IndexError, match="^__getitem__"):
                x[key]
            continue
        got = x[key]
        np.testing.assert_array_equal(np.asarray(got), a[key])
        assert got.shape == want.shape
