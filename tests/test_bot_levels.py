"""Each computer level does what its French description says, over seeded games: the words a
learner reads in the level's list (``PLAYER_KINDS``) are checked against the level's play.

The descriptions checked: « Au hasard » (every game), Drahtseilakt's « Prudent (garde le moins
de bâtonnets possible…) », Stupides Vautours' « Prudent (enchérit selon la valeur de la pile) »
and Vampir's « Chasseur (vise les grosses chasses) »."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from tutor.engine.api import AnyEngine, bot_action
from tutor.engine.core import Event
from tutor.games import GAMES
from tutor.games.vampir.events import HuntShown

from .conftest import maker

PLAYERS = ("Alex", "Béa", "Chloé")


FOUR = ("drahtseilakt", "vaiko", "vampir", "vautours")


def _engine(game_id: str) -> AnyEngine:
    return GAMES[game_id].engine()


def play(engine: AnyEngine, seed: int, kinds: Sequence[str]
         ) -> tuple[Any, list[tuple[str, Any, Any]], list[Event]]:
    """A seeded game of computer players (``kinds``, seat by seat): the last state, each
    decision as (seat, state before, action) and the events."""
    state = engine.new_game(PLAYERS, seed=seed)
    bots = {p: maker(engine, k)(seed=seed * 10 + i)
            for i, (p, k) in enumerate(zip(state.players, kinds, strict=True))}
    decisions: list[tuple[str, Any, Any]] = []
    events: list[Event] = []
    while not engine.is_over(state):
        seat = engine.current_seats(state)[0]
        action = bot_action(engine, state, seat, bots[seat])
        decisions.append((seat, state, action))
        state, told = engine.apply(state, action)
        events.extend(told)
    return state, decisions, events


@pytest.mark.parametrize("game_id", FOUR)
def test_au_hasard_picks_any_legal_action_alike(game_id: str) -> None:
    """« Au hasard »: at one position, 600 seeded players spread their choices over every legal
    action, none chosen more than twice as often as the even share (nor under half of it)."""
    engine = _engine(game_id)
    assert engine.PLAYER_KINDS["hasard"][0] == "Au hasard"
    state = engine.new_game(PLAYERS, seed=5)
    seat = engine.current_seats(state)[0]
    legal = engine.legal_actions(state, seat)
    assert len(legal) > 1
    make = engine.PLAYER_KINDS["hasard"][1]
    counts = Counter(legal.index(bot_action(engine, state, seat, make(seed=s)))
                     for s in range(600))
    even = 600 / len(legal)
    assert set(counts) == set(range(len(legal)))
    assert all(even / 2 <= c <= 2 * even for c in counts.values()), counts


def test_drahtseilakt_prudent_keeps_fewer_sticks_than_random_players() -> None:
    """« Prudent (garde le moins de bâtonnets possible, maintenant et pour la suite) »: over 30
    seeded games against two « Au hasard », its manche scores (the sticks kept at each manche's
    end) average well under theirs, and more of its manches end with no stick. (Its earlier
    description, « évite d’être le plus fort ou le plus faible », was not what it does: it may
    open with the highest card when keeping that card would cost more later.)"""
    engine = _engine("drahtseilakt")
    label = engine.PLAYER_KINDS["prudent"][0]
    assert "le moins de bâtonnets" in label and "évite d’être le plus fort" not in label
    mine: list[int] = []
    theirs: list[int] = []
    for seed in range(30):
        state, _, _ = play(engine, seed, ("prudent", "hasard", "hasard"))
        mine += state.history[0]
        theirs += [*state.history[1], *state.history[2]]
    assert statistics.mean(mine) < 0.75 * statistics.mean(theirs), (mine, theirs)
    assert mine.count(0) / len(mine) > theirs.count(0) / len(theirs)


def test_vautours_prudent_bids_by_the_pile_s_value() -> None:
    """« Prudent (enchérit selon la valeur de la pile) »: on big piles (worth 7 or more, or
    −4 or less) it lays higher cards than on small ones (worth −2 to +2), by a clear gap."""
    engine = _engine("vautours")
    big: list[int] = []
    small: list[int] = []
    for seed in range(20):
        _, decisions, _ = play(engine, seed, ("prudent", "hasard", "hasard"))
        for seat, before, action in decisions:
            if seat != PLAYERS[0]:
                continue
            worth = sum(before.pile)
            if worth >= 7 or worth <= -4:
                big.append(action.card)
            elif -2 <= worth <= 2:
                small.append(action.card)
    assert big and small
    assert statistics.mean(big) > statistics.mean(small) + 3, (big, small)


def test_vampir_chasseur_aims_at_big_hunts() -> None:
    """« Chasseur (vise les grosses chasses) »: over 12 seeded games, its hunts hold more heads
    on average than those of the two « Au hasard » players at the same table, and it shows
    more big hunts (5 heads or more) than each of them (by a fifth at least)."""
    engine = _engine("vampir")
    mine: list[int] = []
    theirs: list[int] = []
    for seed in range(12):
        _, _, events = play(engine, seed, ("chasseur", "hasard", "hasard"))
        for e in events:
            if isinstance(e, HuntShown):
                (mine if e.seat == PLAYERS[0] else theirs).append(e.heads)
    assert mine and theirs
    assert statistics.mean(mine) > statistics.mean(theirs) + 0.3, (mine, theirs)
    big = sum(h >= 5 for h in mine)
    assert big > 1.2 * sum(h >= 5 for h in theirs) / 2, (mine, theirs)
