"""What a game's own playouts are checked against (``tests/test_vampir_playouts.py``,
``tests/test_vaiko_playouts.py``): the contract's :func:`tutor.engine.hints.playout`, action for
action, from states sampled along seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from tutor.engine import hints

Totals = tuple[int, int, int, int, int]
"""Playouts played, actions, points, winners and playouts that ended the game (or match)."""


def cases(game: Any, names: Sequence[str]) -> Iterator[tuple[Any, Any, list[int]]]:
    """(start, state after the action tried, seeds): states sampled from the seat to act's view
    at about four positions along a seeded random game, for every player count and preset,
    each followed by one of its legal actions."""
    for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        for preset in game.PRESETS:
            rng = random.Random(100 * n + len(preset))
            state = game.new_game(list(names[:n]), seed=n, variant=preset)
            along = []
            while not game.is_over(state):
                seat = game.current_seats(state)[0]
                along.append((state, seat))
                state, _ = game.apply(state, rng.choice(game.legal_actions(state, seat)))
            for k in range(0, len(along), max(1, len(along) // 4)):
                position, seat = along[k]
                sample = game.sample_state(game.view(position, seat), random.Random(k))
                legal = game.legal_actions(sample, seat)
                after = game.step(sample, legal[k % len(legal)], False)[0]
                yield sample, after, [k * 7 + j for j in range(n)]


def kinds_played(game: Any) -> set[str]:
    """The kinds of computer player whose playouts the game plays itself (its ``rollout`` gives
    one; for the others, ``None``: the contract plays them)."""
    state = game.new_game(["Alex", "Bea", "Carla"], seed=1)
    return {kind for kind in game.PLAYER_KINDS
            if game.rollout(state, state, kind, [1, 2, 3]) is not None}


def own_against_contract(game: Any, kind: str, names: Sequence[str]) -> Totals:
    """Every case's playout by the game's own :meth:`rollout` equals the contract's, by
    computer players of ``kind`` seeded alike; the totals of those playouts."""
    make = game.PLAYER_KINDS[kind][1]
    played = steps = points = winners = whole = 0
    for start, state, seeds in cases(game, names):
        own = game.rollout(start, state, kind, seeds)
        bots = {p: make(seed=s) for p, s in zip(state.players, seeds, strict=True)}
        scores, won, actions, span = hints.playout(game, start, state, bots)
        assert own is not None
        assert (dict(own[0]), own[1], own[2], own[3]) == (dict(scores), won, actions, span)
        played += 1
        steps += actions
        points += sum(scores.values())
        winners += len(won)
        whole += span
    return played, steps, points, winners, whole
