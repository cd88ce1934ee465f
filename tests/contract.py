"""Checks that every game's tests share (the engine contract seen from outside)."""

from __future__ import annotations

import copy
import random
from collections.abc import Container, Iterator, Sequence
from typing import Any

from tutor import rules
from tutor.engine import Event, IllegalAction
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


def played_events(game: AnyEngine, players: Sequence[str], rng: random.Random
                  ) -> Iterator[list[Event]]:
    """For each preset of ``game`` in turn, the events of a game of ``players`` played to its end
    (its set-up, then at each step an action drawn by ``rng`` among the legal ones of the first
    seat to act; the seed drawn by ``rng`` too) followed by those of every worked example of the
    game's rule file: what a test that wants every kind of event the game emits reads."""
    for preset in game.PRESETS:
        state = game.new_game(players, seed=rng.randrange(99), variant=preset)
        events: list[Event] = list(game.opening_events(state))
        while not game.is_over(state):
            seat = game.current_seats(state)[0]
            state, told = game.apply(state, rng.choice(game.legal_actions(state, seat)))
            events.extend(told)
        for example in rules.load(game.type.id).examples.values():
            events.extend(game.run_example(example.data).events)
        yield events
