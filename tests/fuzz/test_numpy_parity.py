"""The drop-in against NumPy 2 on random calls, where the standard leaves the answer open.

Each case draws a call (``nx_parity``: a function, the dtypes and shapes of its arrays,
Python scalars of every kind, special values) and runs it on nx and on NumPy. They must
agree (both refuse, or the same dtype, shape and values), or the difference must be one
that nx keeps on purpose: an entry of ``nx_parity.KNOWN``, each listed with its reason in
docs/consumers.md ("Where nx and NumPy differ"). A new difference fails here with the
call that shows it: fix it, or document it there and in ``KNOWN``.

``make test`` runs a few thousand cases (derandomized, the same ones each run);
``make fuzz`` (``NX_FUZZ_EXAMPLES=5000``) twenty times as many, random.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nx_fuzz import DEFAULT_EXAMPLES, EXAMPLES, FUZZ
from nx_parity import KINDS, KNOWN, difference, explain, outcome

#: Cases per kind of call in ``make test``: about 3000 in all.
CASES = {"binary": 650, "scalar": 650, "inplace": 300, "unary": 300, "reduction": 350, "creation": 400, "other": 400}
#: ``make fuzz`` runs EXAMPLES / 250 times as many (20 at its 5000).
SCALE = 1 if EXAMPLES <= DEFAULT_EXAMPLES else max(1, EXAMPLES // 250)


def _check(kind: str, data: Any) -> None:
    call = KINDS[kind](lambda seq: data.draw(st.sampled_from(list(seq))))
    mine, theirs = outcome(call.nx), outcome(call.np)
    if mine[0] == "err":
        # whatever else differs, nx refuses with the contract's exceptions only
        assert isinstance(mine[1], (TypeError, ValueError, IndexError, OverflowError)), (
            f"{call.what}: nx raised {type(mine[1]).__name__}: {mine[1]}"
        )
    d = difference(call, mine, theirs)
    if d is not None:
        assert explain(call, mine, theirs) is not None, f"{call.what}: {d} (neither fixed nor in nx_parity.KNOWN)"


@pytest.mark.parametrize("kind", list(KINDS))
def test_dropin_agrees_with_numpy_or_the_difference_is_documented(kind: str) -> None:
    @settings(FUZZ, max_examples=CASES[kind] * SCALE, deadline=None)
    @given(data=st.data())
    def run(data: Any) -> None:
        _check(kind, data)

    run()


def test_every_documented_difference_is_in_the_docs() -> None:
    """Each entry of KNOWN is listed, by its key, in docs/consumers.md."""
    import pathlib

    doc = (pathlib.Path(__file__).parents[2] / "docs" / "consumers.md").read_text()
    missing = [k.key for k in KNOWN if f"`{k.key}`" not in doc]
    assert not missing, f"differences kept in nx_parity.KNOWN but not in docs/consumers.md: {missing}"
