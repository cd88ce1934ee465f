"""The « Conseil » playouts of Vaiko run the game's own rules (issue 61): no second
copy of the rules in a ``rollout`` module; ``Game.rollout`` is :func:`tutor.engine.hints.playout`
through the engine (its ``step`` without events), with the computer players the game offers
(its ``bots``), made and seeded as a race makes them. The rules themselves are guarded by the
golden counts (``tests/test_golden.py``); since the playout now shares their code, a few
positions per computer player are enough to check that the race gets what the contract gives."""

from __future__ import annotations

import importlib.util
import random

import pytest

from tutor.engine import hints as hints_module
from tutor.games import GAMES

from .test_hints import positions, set_up_positions

ENGINE_PLAYOUTS = ("vaiko",)
"""The games whose playouts run through their engine (Vampir's, 3 times slower through it,
stay its own until its engine is faster: docs/conseil.md)."""


@pytest.mark.parametrize("game", ENGINE_PLAYOUTS)
def test_no_second_copy_of_the_rules_is_left_for_the_playouts(game: str) -> None:
    assert importlib.util.find_spec(f"tutor.games.{game}.rollout") is None


@pytest.mark.parametrize("game", ENGINE_PLAYOUTS)
def test_the_games_playouts_are_the_contracts_with_its_own_computer_players(game: str) -> None:
    """On positions along a seeded game (its first, its middle and its last decision, at the
    smallest and largest player counts) and on states sampled from the view of the seat to
    act, after each of a few legal actions: ``Game.rollout`` gives what
    :func:`hints.playout` gives with the game's bots seeded seat by seat; the « Expert » is
    left to the race (``None``)."""
    engine = GAMES[game].engine()
    kinds = [k for k in engine.PLAYER_KINDS if k != "expert"]
    assert kinds and "expert" in engine.PLAYER_KINDS
    rng = random.Random(3)
    checked = 0
    played = 0
    for n in (engine.MIN_PLAYERS, engine.MAX_PLAYERS):
        along = positions(engine, n, 20 + n)
        for state, seat in (along[0], along[len(along) // 2], along[-1]):
            sample = engine.sample_state(engine.view(state, seat), random.Random(rng.random()))
            legal = engine.legal_actions(sample, seat)
            for action in legal[:: max(1, len(legal) // 3)]:
                after, _ = engine.step(sample, action, False)
                seeds = [rng.randrange(1 << 30) for _ in range(n)]
                assert engine.rollout(sample, after, "expert", seeds) is None
                for kind in kinds:
                    own = engine.rollout(sample, after, kind, seeds)
                    make = engine.PLAYER_KINDS[kind][1]
                    bots = {p: make(seed=s) for p, s in zip(after.players, seeds, strict=True)}
                    assert own == hints_module.playout(engine, sample, after, bots)
                    checked += 1
                    played += own is not None and own[2] > 0
    assert checked >= 6 * len(kinds) and played >= checked // 2


@pytest.mark.parametrize("game", ENGINE_PLAYOUTS)
def test_a_race_gives_the_same_hint_whether_the_game_or_the_race_plays_the_playouts(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """From a position set up by hand, the same seed and budget give the same hint whether the
    game's ``rollout`` plays the playouts or the race plays them through the contract."""
    engine, state = next((e, s) for e, s, _ in set_up_positions() if e.type.id == game)
    view = engine.view(state, engine.current_seats(state)[0])
    kind = [k for k in engine.PLAYER_KINDS if k != "expert"][-1]

    def table() -> list[tuple[object, int, int, float]]:
        race = hints_module.Race(engine, view, kind=kind, seed=2, game_id=game)
        result = race.run(budget=4000)
        return [(r.action, r.wins, r.playouts, r.mean_score) for r in result.rows]

    own = table()
    assert sum(r[2] for r in own) > 0
    monkeypatch.setattr(engine, "rollout", lambda *args: None)
    assert table() == own
