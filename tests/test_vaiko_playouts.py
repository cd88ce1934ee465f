"""Vaiko's playouts (:mod:`tutor.games.vaiko.playouts`) play the engine's own rule functions.

They read the seat that acts from the state, list its legal actions and play each action with
the functions :meth:`~tutor.games.vaiko.legality.Legality.legal_actions` and
:meth:`~tutor.games.vaiko.turns.Turns.step` call, the players handed what the contract's playout
hands them (« Avec de la mémoire »: its view with rows made when read, ``glance``). Here: they
give what :func:`tutor.engine.hints.playout` gives through the contract, action for action, on
states sampled along seeded games of every player count and reading; and the totals of those
playouts are the golden ones, measured through the contract with every player handed its whole
view (so each player draws the same random numbers, in the same order, and chooses the same,
whatever it is handed).
"""

from __future__ import annotations

from typing import Any

import pytest

from tutor.games import GAMES

from .playouts import kinds_played, own_against_contract

NAMES = ("Alice", "Bruno", "Chloé", "Dario", "Émile", "Fanny")
KINDS = ("hasard", "memoire")

GOLDEN_PLAYOUTS = {
    "hasard": (187, 5061, 40490, 188, 63),
    "memoire": (187, 12166, 18634, 191, 10),
}
"""By kind: playouts played, actions, points, winners and playouts that ended the game, summed
over :func:`tests.playouts.cases` (measured through the contract, each player handed its whole
view, on the rules of ``vaiko/x2`` that stop an endless turn: one of these playouts never ended
before)."""


def engine() -> Any:
    return GAMES["vaiko"].engine()


def test_the_playouts_play_the_two_computer_players_and_leave_the_expert_to_the_contract(
        ) -> None:
    assert kinds_played(engine()) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_a_playout_is_the_contracts_and_the_golden_totals_hold(kind: str) -> None:
    assert own_against_contract(engine(), kind, NAMES) == GOLDEN_PLAYOUTS[kind]
