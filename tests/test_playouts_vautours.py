"""Stupides Vautours plays a race's round of playouts together
(:mod:`tutor.games.vautours.playouts`): the engine's own ``step`` and the game's own computer
players, the seats that choose alike made once for all. Each playout must be the one
:func:`tutor.engine.hints.playout` plays alone through the contract (the rules themselves are
guarded by ``tests/test_golden.py``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tutor.engine import hints
from tutor.games import GAMES

from .test_hints import positions

ENGINE = GAMES["vautours"].engine()


def alone(start: Any, states: list[Any], kind: str, seeds: list[int]) -> list[Any]:
    """Each state's playout through the contract, its own computer players seeded as given."""
    make = ENGINE.PLAYER_KINDS[kind][1]
    return [hints.playout(ENGINE, start, s, {p: make(seed=q) for p, q in
                                            zip(s.players, seeds, strict=True)})
            for s in states]


@pytest.mark.parametrize("kind", ["hasard", "prudent", "stratege"])
def test_a_rounds_playouts_played_together_are_each_the_contracts_playout(kind: str) -> None:
    """From states sampled along seeded games (2, 3 and 5 players, every reading), one state
    per legal card of the seat to act, and one per card of any seat (several seats advised):
    each result is the contract's, and some rounds part (a pile taken in some playouts and
    carried over in others)."""
    rng = random.Random(3)
    checked = parted = 0
    for n, preset in ((2, "standard"), (3, "livret-suricate"), (3, "livret-souris"),
                      (5, "livret-souris-alternative")):
        for state, seat in positions(ENGINE, n, 5 + n, preset)[::9]:
            sample = ENGINE.sample_state(ENGINE.view(state, seat), random.Random(rng.random()))
            seeds = [rng.randrange(1 << 30) for _ in range(n)]
            states = [ENGINE.step(sample, a, False)[0]
                      for a in ENGINE.legal_actions(sample, seat)]
            together = list(ENGINE.rollouts(sample, states, kind, seeds))
            assert together == alone(sample, states, kind, seeds)
            checked += len(states)
            parted += len({r[1] for r in together if r is not None}) > 1
            mixed = [ENGINE.step(sample, a, False)[0] for p in ENGINE.current_seats(sample)
                     for a in ENGINE.legal_actions(sample, p)[::4]]
            assert list(ENGINE.rollouts(sample, mixed, kind, seeds)) == \
                alone(sample, mixed, kind, seeds)
    assert checked > 100 and parted > 3


@pytest.mark.parametrize("kind", ["hasard", "prudent"])
def test_states_of_different_manches_played_together_are_each_the_contracts_playout(
        kind: str) -> None:
    """States of one game at different manches (every seat's hand a different size): nobody's
    choice is shared, each is played as alone."""
    along = positions(ENGINE, 3, 4)
    states = [along[3][0], along[len(along) // 2][0]]
    assert len(states[0].hands[0]) > len(states[1].hands[0])
    seeds = [5, 6, 7]
    assert list(ENGINE.rollouts(states[0], states, kind, seeds)) == \
        alone(states[0], states, kind, seeds)


def test_a_race_gives_the_same_hint_whether_its_playouts_are_played_together_or_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same seed and budget give the same hint, the round's playouts played together by the
    game or one by one through the contract."""
    state = ENGINE.new_game(["Alex", "Bea", "Carla"], seed=4)
    view = ENGINE.view(state, "Alex")

    def table() -> list[tuple[Any, int, int, float]]:
        race = hints.Race(ENGINE, view, kind="prudent", seed=2, game_id="vautours")
        result = race.run(budget=20000)
        return [(r.action, r.wins, r.playouts, r.mean_score) for r in result.rows]

    together = table()
    monkeypatch.setattr(ENGINE, "rollouts", lambda start, states, *args: [None] * len(states))
    assert table() == together
