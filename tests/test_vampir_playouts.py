"""Vampir's playouts (:mod:`tutor.games.vampir.playouts`) play the game's own rules and players.

They call the rule functions on counts that the engine calls (:mod:`tutor.games.vampir.counts`)
and the hunters' choices on counts that the page's players make (:func:`.bots.choose_take`,
:func:`.bots.choose_next`). Here: they give what :func:`tutor.engine.hints.playout` gives through
the contract (the engine's ``step`` and ``legal_actions``, the players handed their views),
action for action, on states sampled along seeded games of every player count and reading; and
the totals of those playouts and of whole games played by the page's players are the golden
ones, measured on the engine and players before the rules were written once on counts (so each
player still draws the same random numbers, in the same order).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tutor.engine import hints
from tutor.games import GAMES

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Émile")
KINDS = ("hasard", "chasseur", "stratege")

GOLDEN_PLAYOUTS = {
    "hasard": (86, 5404, 8842, 97, 42),
    "chasseur": (86, 4023, 9093, 94, 42),
    "stratege": (86, 4960, 10024, 94, 42),
}
"""By kind: playouts played, actions, points, winners and playouts that ended the match, summed
over :func:`cases` (measured on main 81384db, with the former copy of the rules and through the
contract alike)."""

GOLDEN_GAMES = {"chasseur": (4519, 3205), "stratege": (5327, 4182)}
"""By kind: actions and final points summed over :func:`games` (measured on main 81384db)."""


def engine() -> Any:
    return GAMES["vampir"].engine()


def cases(game: Any) -> Iterator[tuple[Any, Any, list[int]]]:
    """(start, state after the action tried, seeds): states sampled from the seat to act's view
    at about four positions along a seeded random game, for 3 to 5 players and every preset,
    each followed by one of its legal actions."""
    for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        for preset in game.PRESETS:
            rng = random.Random(100 * n + len(preset))
            state = game.new_game(list(NAMES[:n]), seed=n, variant=preset)
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


def test_the_playouts_play_the_three_computer_players_and_leave_the_expert_to_the_contract(
        ) -> None:
    game = engine()
    state = game.new_game(["Alex", "Bea", "Carla"], seed=1)
    for kind in game.PLAYER_KINDS:
        assert (game.rollout(state, state, kind, [1, 2, 3]) is not None) == (kind in KINDS), kind


@pytest.mark.parametrize("kind", KINDS)
def test_a_playout_is_the_contracts_and_the_golden_totals_hold(kind: str) -> None:
    game = engine()
    make = game.PLAYER_KINDS[kind][1]
    played = steps = points = winners = whole = 0
    for start, state, seeds in cases(game):
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
    assert (played, steps, points, winners, whole) == GOLDEN_PLAYOUTS[kind]


@pytest.mark.parametrize("kind", sorted(GOLDEN_GAMES))
def test_whole_games_of_the_pages_hunters_give_the_golden_totals(kind: str) -> None:
    game = engine()
    make = game.PLAYER_KINDS[kind][1]
    steps = points = 0
    for n in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1):
        for preset in game.PRESETS:
            state = game.new_game(list(NAMES[:n]), seed=n, variant=preset)
            bots = {p: make(seed=j) for j, p in enumerate(state.players)}
            while not game.is_over(state):
                seat = game.current_seats(state)[0]
                action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
                state, _ = game.apply(state, action)
                steps += 1
            points += sum(game.outcome(state).scores.values())
    assert (steps, points) == GOLDEN_GAMES[kind]
