"""Every registered backend structurally implements ``Backend``; the protocol is complete."""

from __future__ import annotations

import inspect

import pytest

from nx_core.backend import available_backends, backend_of_kind
from nx_core.backend.numpy import NumpyBackend
from nx_core.backend.protocol import CONCERNS, Backend

_PROTOCOL_INTERNALS = set(dir(type("_Empty", (), {})))


def _members(cls) -> list[str]:
    return sorted(
        n for n in dir(cls)
        if not n.startswith("_") and callable(getattr(cls, n, None)) and n not in _PROTOCOL_INTERNALS
    )


def _params(fn) -> list[tuple[str, object, bool]]:
    sig = inspect.signature(fn)
    return [(p.name, p.kind, p.default is not inspect.Parameter.empty) for p in sig.parameters.values()]


PRIMITIVES = _members(Backend)


def test_backend_inherits_every_concern_once():
    """The protocol is split by concern; each primitive belongs to exactly one."""
    seen: set[str] = set()
    for concern in CONCERNS:
        own = set(_members(concern))
        assert own, concern.__name__
        assert not own & seen, f"{concern.__name__} repeats {own & seen}"
        seen |= own
    assert set(PRIMITIVES) == seen
    assert len(PRIMITIVES) > 100


def test_every_primitive_documents_its_contract():
    for n in PRIMITIVES:
        doc = " ".join((inspect.getdoc(getattr(Backend, n)) or "").split())
        assert "Frontend guarantees:" in doc and "Backend must:" in doc, n


@pytest.mark.parametrize("name", available_backends())
def test_registered_backend_is_a_backend(name):
    b = backend_of_kind(name)
    assert isinstance(b, Backend)
    assert isinstance(b.name, str) and b.name


@pytest.mark.parametrize("name", available_backends())
@pytest.mark.parametrize("prim", PRIMITIVES)
def test_signature_matches(name, prim):
    impl = getattr(type(backend_of_kind(name)), prim, None)
    assert impl is not None and callable(impl), f"{name} backend lacks {prim}"
    want, got = _params(getattr(Backend, prim)), _params(impl)
    assert [p[:2] for p in got] == [p[:2] for p in want], f"{prim}: {inspect.signature(impl)}"
    # Optional in the protocol means optional in the implementation.
    for (pn, _, opt_want), (_, _, opt_got) in zip(want, got):
        assert opt_got or not opt_want, f"{prim}: parameter {pn} must have a default"


def test_numpy_backend_has_nothing_outside_the_protocol():
    """Every public method of the reference backend is a documented primitive."""
    extra = set(_members(NumpyBackend)) - set(PRIMITIVES)
    assert not extra, f"NumpyBackend primitives missing from the protocol: {sorted(extra)}"
