"""What every registered game must do alike: determinism by seed, whatever the global random."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from tutor.engine import Event
from tutor.games import GAMES

NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")


def random_game(engine: ModuleType, n: int, seed: int | random.Random,
                rng_seed: int) -> tuple[Any, list[Any], list[Event]]:
    """Play a whole game with uniformly random legal actions; return the final state, the
    actions and every event (set-up included)."""
    rng = random.Random(rng_seed)
    state = engine.new_game(NAMES[:n], seed=seed)
    actions: list[Any] = []
    events = list(engine.opening_events(state))
    while not engine.is_over(state):
        for seat in engine.current_seats(state):
            action = rng.choice(engine.legal_actions(state, seat))
            state, evs = engine.apply(state, action)
            actions.append(action)
            events.extend(evs)
    return state, actions, events


@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_same_log_even_after_disturbing_global_random(game: str) -> None:
    engine = GAMES[game].module()
    n = engine.MIN_PLAYERS + 1
    first = random_game(engine, n, 11, 0)
    random.seed(12345)
    random.random()
    second = random_game(engine, n, 11, 0)
    assert first[2] == second[2] and first[0] == second[0]
    assert random_game(engine, n, 12, 0)[2] != first[2]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_random_generator_is_accepted_as_seed(game: str) -> None:
    engine = GAMES[game].module()
    n = engine.MIN_PLAYERS + 1
    a = engine.new_game(NAMES[:n], seed=random.Random(4))
    b = engine.new_game(NAMES[:n], seed=random.Random(4))
    assert a == b and a != engine.new_game(NAMES[:n], seed=random.Random(5))


@pytest.mark.parametrize("game", list(GAMES))
def test_no_variant_means_the_standard_preset_with_every_reading_at_its_default(
        game: str) -> None:
    engine = GAMES[game].module()
    assert engine.PRESETS["standard"] == engine.Variant()
    assert engine.Variant.coerce(None) == engine.Variant()
    assert engine.new_game(NAMES[:engine.MIN_PLAYERS], seed=1).variant == engine.Variant()
