"""Checks that every game's tests share (the engine contract seen from outside)."""

from __future__ import annotations

import copy
from collections.abc import Container
from typing import Any

from tutor.engine import IllegalAction
from tutor.engine.api import AnyEngine


def apply_or_refuse(game: AnyEngine, state: Any, action: Any, legal: bool,
                    clauses: Container[str]) -> Any:
    """``game.apply(state, action)``, checked against what the test knows: it is accepted
    exactly when ``legal``; a refusal is an :class:`IllegalAction` with a reason and a clause
    of ``clauses``, and ``state`` is left as it was. Returns the new state, or ``state`` itself
    after a refusal."""
    snapshot = copy.deepcopy(state)
    try:
        after, _ = game.apply(state, action)
    except IllegalAction as e:
        assert not legal, f"{action!r} is legal but was refused: {e.reason}"
        assert e.clause in clauses and e.reason
        assert state == snapshot, "a refused action changed the state"
        return state
    assert legal, f"{action!r} is illegal but was accepted"
    return after
