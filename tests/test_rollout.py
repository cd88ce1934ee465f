"""A game's own playout (:meth:`Game.rollout`) is the contract's (:func:`hints.playout`),
action for action: for every computer player it plays, on positions along seeded games (every
player count, every reading), on states sampled from a seat's view as a hint draws them, and on
positions set up by hand, both give the same scores, winners, number of actions and span."""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any

import pytest

from tutor.engine import hints as hints_module
from tutor.engine.api import AnyEngine
from tutor.games import GAMES

from .test_hints import positions, set_up_positions

PLAYED = {
    "vampir": {"hasard", "chasseur", "stratege"},
}
"""The computer players each game's own playout plays (the others go through the contract).
Stupides Vautours, Drahtseilakt and Vaiko have none: their playouts run the engine's own rules
(``tests/test_playouts_vautours.py``, ``tests/test_drahtseilakt_hint_class.py``,
``tests/test_golden.py``)."""


def variants(engine: AnyEngine) -> list[Any]:
    """Every preset, and the default reading with each of its fields set to each other value
    it may take (a ``Literal``'s)."""
    out = [engine.Variant.preset(name) for name in engine.PRESETS]
    standard = engine.Variant.preset("standard")
    types = typing.get_type_hints(type(standard))
    for name in dataclasses.asdict(standard):
        if typing.get_origin(types[name]) is typing.Literal:
            out += [dataclasses.replace(standard, **{name: value})
                    for value in typing.get_args(types[name])
                    if value != getattr(standard, name)]
    return out


def spread(along: list[Any], count: int) -> list[Any]:
    """``count`` positions spread evenly along a game, its first and its last included (the
    first deal, mid-manche and manche ends, and the end of the game, where a playout has the
    least to play)."""
    if len(along) <= count:
        return along
    step = (len(along) - 1) / (count - 1)
    return [along[round(i * step)] for i in range(count)]


def same(engine: AnyEngine, start: Any, state: Any, kind: str, seeds: list[int]) -> None:
    """The game's own playout and the contract's agree (scores, winners, actions, span); it
    may leave to the contract only a playout with nothing to play (the action tried ended the
    stretch a hint looks at)."""
    own = engine.rollout(start, state, kind, seeds)
    if own is None:
        assert engine.span_outcome(start, state) is not None
        return
    make = engine.PLAYER_KINDS[kind][1]
    bots = {p: make(seed=s) for p, s in zip(state.players, seeds, strict=True)}
    scores, winners, steps, whole = hints_module.playout(engine, start, state, bots)
    assert (dict(own[0]), own[1], own[2], own[3]) == (dict(scores), winners, steps, whole)


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_game_plays_on_its_own_exactly_the_computer_players_it_says(game: str) -> None:
    engine = GAMES[game].engine()
    state = engine.new_game(["Alex", "Bea", "Carla"], seed=1)
    for kind in engine.PLAYER_KINDS:
        own = engine.rollout(state, state, kind, [1, 2, 3])
        assert (own is not None) == (kind in PLAYED.get(game, set())), kind


@pytest.mark.parametrize(("game", "kind"), [(g, k) for g, kinds in PLAYED.items()
                                            for k in sorted(kinds)])
def test_a_games_own_playout_is_the_contracts(game: str, kind: str) -> None:
    engine = GAMES[game].engine()
    rng = random.Random(7)
    checked = cases = 0
    for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        for variant in variants(engine):
            cases += 1
            # seven positions spread along one seeded game, its first and last included
            for state, seat in spread(positions(engine, n, 10 * n, variant), 7):
                view = engine.view(state, seat)
                sample = engine.sample_state(view, random.Random(rng.random()))
                legal = engine.legal_actions(sample, seat)
                action = legal[rng.randrange(len(legal))]
                after, _ = engine.step(sample, action, False)
                seeds = [rng.randrange(1 << 30) for _ in range(n)]
                same(engine, sample, after, kind, seeds)
                same(engine, state, state, kind, seeds)  # the real state too
                checked += 1
    assert checked >= 5 * cases  # every player count with every reading, along its game


@pytest.mark.parametrize(("game", "kind"), [(g, k) for g, kinds in PLAYED.items()
                                            for k in sorted(kinds)])
def test_a_rounds_playouts_played_together_are_each_the_playout_played_alone(
        game: str, kind: str) -> None:
    """A race's round hands the game one state per action tried, all from one sampled state and
    with the same seeds (``rollouts``): each result is the one ``rollout`` gives alone, at every
    player count and reading, whichever seat is advised (the last to choose included: its card
    ends the manche), and for states where different seats acted."""
    engine = GAMES[game].engine()
    rng = random.Random(11)
    checked = split = 0
    for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
        for variant in variants(engine):
            for state, seat in spread(positions(engine, n, 3 + n, variant), 5):
                sample = engine.sample_state(engine.view(state, seat), random.Random(rng.random()))
                states = [engine.step(sample, action, False)[0]
                          for action in engine.legal_actions(sample, seat)]
                seeds = [rng.randrange(1 << 30) for _ in range(n)]
                together = list(engine.rollouts(sample, states, kind, seeds))
                alone = [engine.rollout(sample, s, kind, seeds) for s in states]
                assert together == alone
                checked += len(states)
                # one action of any seat to play (several seats differ among the states)
                mixed = [engine.step(sample, action, False)[0]
                         for p in engine.current_seats(sample)
                         for action in engine.legal_actions(sample, p)[::3]]
                assert list(engine.rollouts(sample, mixed, kind, seeds)) == \
                    [engine.rollout(sample, s, kind, seeds) for s in mixed]
                split += len({r[1] for r in alone if r is not None}) > 1
    assert checked > 200 and split > 10


@pytest.mark.parametrize("game", sorted(PLAYED))
def test_a_games_own_playout_is_the_contracts_from_a_position_set_up_by_hand(
        game: str) -> None:
    for engine, state, _ in set_up_positions():
        if engine.type.id != game:
            continue
        seat = engine.current_seats(state)[0]
        for k in range(20):
            sample = engine.sample_state(engine.view(state, seat), random.Random(k))
            for kind in sorted(PLAYED[game]):
                same(engine, sample, sample, kind, [k + j for j in range(len(state.players))])
