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

from typing import Any

import pytest

from tutor.games import GAMES

from .playouts import kinds_played, own_against_contract

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Émile")
KINDS = ("hasard", "chasseur", "stratege")

GOLDEN_PLAYOUTS = {
    "hasard": (86, 5404, 8842, 97, 42),
    "chasseur": (86, 4023, 9093, 94, 42),
    "stratege": (86, 4960, 10024, 94, 42),
}
"""By kind: playouts played, actions, points, winners and playouts that ended the match, summed
over :func:`tests.playouts.cases` (measured on main 81384db, with the former copy of the rules
and through the contract alike)."""

GOLDEN_GAMES = {"chasseur": (4519, 3205), "stratege": (5327, 4182)}
"""By kind: actions and final points summed over :func:`games` (measured on main 81384db)."""


def engine() -> Any:
    return GAMES["vampir"].engine()


def test_the_playouts_play_the_three_computer_players_and_leave_the_expert_to_the_contract(
        ) -> None:
    assert kinds_played(engine()) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_a_playout_is_the_contracts_and_the_golden_totals_hold(kind: str) -> None:
    assert own_against_contract(engine(), kind, NAMES) == GOLDEN_PLAYOUTS[kind]


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
