"""The engine contract, tested once for every registered game (OpenSpiel-style random simulation).

For every game, preset and player count, random games are played to the end while checking, at
every step: the seats that must act have legal actions, sorted and distinct; applying an action
never changes the state it was applied to; the pieces of the game are conserved; every event cites
a clause of the game's rule file; every event has a French description; every view can be built.
Then: the same seed gives the same game even after the global ``random`` was disturbed; replaying
the recorded chance (``state.record``) with the actions rebuilds the same state; computer players
finish games with legal actions, are deterministic by seed and are handed views only.
Per-game files keep only what is specific to their game.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

from tutor import rules
from tutor.engine import Event, IllegalAction
from tutor.engine.api import AnyEngine, Game, bot_action
from tutor.engine.core import Record
from tutor.games import GAMES

from .conftest import maker

NAMES = ("Alex", "Bea", "Carla", "Dario", "Léo", "Emma")


def engine_of(game: str) -> AnyEngine:
    return GAMES[game].engine()


def player_counts(engine: AnyEngine) -> range:
    return range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)


def random_game(engine: AnyEngine, n: int, seed: int | random.Random, rng_seed: int,
                variant: Any = None, check: bool = False
                ) -> tuple[Any, list[Any], list[Event]]:
    """Play a whole game with uniformly random legal actions; return the final state, the
    actions and every event (set-up included). With ``check``, test the step invariants."""
    rng = random.Random(rng_seed)
    state = engine.new_game(NAMES[:n], seed=seed, variant=variant)
    actions: list[Any] = []
    events = list(engine.opening_events(state))
    pieces = dict(engine.inventory(state)) if check else {}
    while not engine.is_over(state):
        seats = engine.current_seats(state)
        assert seats, "a game in progress always has a seat to act"
        for seat in seats:
            legal = engine.legal_actions(state, seat)
            if check:
                assert legal, f"{seat} must act but has no legal action"
                assert list(legal) == sorted(legal), "legal actions are sorted"
                assert len(set(legal)) == len(legal), "legal actions are distinct"
                engine.view(state, seat)
            action = rng.choice(legal)
            before, snapshot = state, copy.deepcopy(state) if check else None
            state, evs = engine.apply(state, action)
            if check:
                assert before == snapshot, "apply never changes the state it is given"
                assert dict(engine.inventory(state)) == pieces, "pieces are conserved"
            actions.append(action)
            events.extend(evs)
    if check:
        engine.view(state, None)
    return state, actions, events


def cases() -> Iterator[tuple[str, str, int]]:
    for game, info in GAMES.items():
        engine = info.engine()
        for preset in engine.PRESETS:
            for n in player_counts(engine):
                yield game, preset, n


@pytest.mark.parametrize(("game", "preset", "n"), list(cases()))
def test_random_games_keep_every_invariant(game: str, preset: str, n: int) -> None:
    engine = engine_of(game)
    clauses = set(rules.load(game).clauses)
    for seed in range(3):
        state, actions, events = random_game(engine, n, seed, seed + 100, preset, check=True)
        assert {e.clause for e in events} <= clauses, "every cited clause exists"
        for event in events:
            text = engine.describe(event)
            assert isinstance(text, str) and text.strip(), event
        result = engine.outcome(state)
        assert result.winners and set(result.winners) <= set(state.players)
        assert result.clause in clauses
        rebuilt = engine.replay(NAMES[:n], state.record, actions, preset)
        assert rebuilt == state, "replaying the record and the actions rebuilds the state"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_rule_method_of_the_game_is_the_one_called(game: str) -> None:
    """A game's rules are methods of the classes it is built from (its mixins): none is
    shadowed by a default of the engine's :class:`Game` placed before it in the class's order
    (Stupides Vautours' « Pourquoi » once said nothing: its ``where_lost`` came after
    ``Game.where_lost``)."""
    cls = type(engine_of(game))
    engine_bases = [b for b in cls.__mro__ if b.__module__.startswith(("tutor.engine", "typing"))
                    or b is object]
    for base in cls.__mro__:
        if base is cls or base in engine_bases:
            continue
        for name, value in vars(base).items():
            if callable(value) and not name.startswith("__"):
                called = next(b for b in cls.__mro__ if name in vars(b))
                assert called not in engine_bases, \
                    f"{base.__name__}.{name} is shadowed by {called.__name__}.{name}"


@pytest.mark.parametrize("game", list(GAMES))
def test_an_illegal_action_raises_and_changes_nothing(game: str) -> None:
    engine = engine_of(game)
    n = engine.MIN_PLAYERS
    state = engine.new_game(NAMES[:n], seed=5)
    copy = engine.replay(NAMES[:n], state.record, [])
    seat = engine.current_seats(state)[0]
    clauses = set(rules.load(game).clauses)
    for bad in (None, 1, 1.0, True, "x", (seat,), [seat], object()):
        with pytest.raises(IllegalAction) as err:
            engine.apply(state, bad)
        assert err.value.clause in clauses and err.value.reason
    assert state == copy


@pytest.mark.parametrize("game", list(GAMES))
def test_same_seed_same_game_even_after_disturbing_global_random(game: str) -> None:
    engine = engine_of(game)
    n = engine.MIN_PLAYERS + 1
    first = random_game(engine, n, 11, 0)
    random.seed(12345)
    random.random()
    second = random_game(engine, n, 11, 0)
    assert first[2] == second[2] and first[0] == second[0]
    if engine.type.chance:  # chance decides part of the game: another seed, another game
        assert random_game(engine, n, 12, 0)[2] != first[2]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_random_generator_is_accepted_as_seed(game: str) -> None:
    engine = engine_of(game)
    n = engine.MIN_PLAYERS + 1
    a = engine.new_game(NAMES[:n], seed=random.Random(4))
    b = engine.new_game(NAMES[:n], seed=random.Random(4))
    assert a == b
    if engine.type.chance:
        assert a != engine.new_game(NAMES[:n], seed=random.Random(5))


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_starts_from_exactly_one_of_seed_or_record(game: str) -> None:
    engine = engine_of(game)
    names = NAMES[:engine.MIN_PLAYERS]
    state = engine.new_game(names, seed=3)
    assert isinstance(state.record, Record)
    assert engine.new_game(names, record=state.record) == state
    with pytest.raises(ValueError):
        engine.new_game(names)
    with pytest.raises(ValueError):
        engine.new_game(names, seed=3, record=state.record)


@pytest.mark.parametrize("game", list(GAMES))
def test_no_variant_means_the_standard_preset_with_every_reading_at_its_default(
        game: str) -> None:
    engine = engine_of(game)
    assert next(iter(engine.PRESETS)) == "standard"
    assert engine.PRESETS["standard"] == engine.Variant()
    assert engine.Variant.coerce(None) == engine.Variant()
    assert engine.new_game(NAMES[:engine.MIN_PLAYERS], seed=1).variant == engine.Variant()
    assert set(engine.PRESET_LABELS) == set(engine.PRESETS)


@pytest.mark.parametrize("game", list(GAMES))
def test_registry_player_counts_match_the_engine(game: str) -> None:
    engine = engine_of(game)
    assert GAMES[game].players == (engine.MIN_PLAYERS, engine.MAX_PLAYERS)


def bot_game(engine: AnyEngine, n: int, kind: str, seed: int) -> tuple[Any, list[Any]]:
    """A whole game between computer players of ``kind``, each handed its seat's view only."""
    make = maker(engine, kind)
    state = engine.new_game(NAMES[:n], seed=seed)
    bots = {name: make(seed=seed * 10 + i) for i, name in enumerate(NAMES[:n])}
    actions: list[Any] = []
    while not engine.is_over(state):
        for seat in engine.current_seats(state):
            action = bot_action(engine, state, seat, bots[seat])
            assert action in engine.legal_actions(state, seat)
            state, _ = engine.apply(state, action)
            actions.append(action)
    return state, actions


@pytest.mark.parametrize(("game", "kind"), [(g, k) for g, info in GAMES.items()
                                            for k in info.engine().PLAYER_KINDS
                                            if k != "expert"])  # whole Expert games: below
def test_computer_players_finish_games_with_legal_actions_deterministically(
        game: str, kind: str) -> None:
    engine = engine_of(game)
    for n in (engine.MIN_PLAYERS, engine.MAX_PLAYERS):
        first = bot_game(engine, n, kind, seed=n)
        assert bot_game(engine, n, kind, seed=n) == first


def test_every_registered_game_is_a_game_of_its_id() -> None:
    """The registry holds instances of the typed base: each entry's engine is a
    :class:`~tutor.engine.api.Game` whose type names the entry, with sane player counts."""
    for game_id, info in GAMES.items():
        engine = info.engine()
        assert isinstance(engine, Game) and engine.type.id == game_id
        assert 1 <= engine.MIN_PLAYERS <= engine.MAX_PLAYERS
        assert engine.type.information in ("perfect", "hidden")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_position_that_is_not_one_is_refused_where_it_enters(game: str) -> None:
    """Positions are trusted inside the engine; the one way in from outside, ``apply``, refuses
    a look-alike in French (a queries' caller holds a position the engine made)."""
    engine = engine_of(game)
    state = engine.new_game(NAMES[:engine.MIN_PLAYERS], seed=2)
    action = engine.legal_actions(state, engine.current_seats(state)[0])[0]
    for bad in (None, 3, "état", state._asdict() if hasattr(state, "_asdict") else {}, (state,)):
        with pytest.raises(ValueError, match=engine.type.name):
            engine.apply(bad, action)


@pytest.mark.parametrize("game", [g for g, info in GAMES.items()
                                  if "expert" in info.engine().PLAYER_KINDS])
def test_the_expert_chooses_from_its_view_a_legal_action_deterministically(game: str) -> None:
    """The « Expert » at decisions along a seeded game: a legal action, the same for the same
    seed, from its seat's view only (two states that differ in what the seat cannot see give
    the same choice). Whole games at its real budget are ``make bench``'s."""
    engine = engine_of(game)
    make = maker(engine, "expert")
    state = engine.new_game(NAMES[:engine.MIN_PLAYERS], seed=3)
    rng = random.Random(3)
    for turn in range(12):
        if engine.is_over(state):
            break
        seat = engine.current_seats(state)[0]
        legal = engine.legal_actions(state, seat)
        view = engine.view(state, seat)
        choice = make(seed=turn).choose(view, legal)
        assert choice in legal and make(seed=turn).choose(view, legal) == choice
        if engine.type.information == "hidden":
            other = engine.sample_state(view, random.Random(turn))
            assert make(seed=turn).choose(engine.view(other, seat), legal) == choice
        state, _ = engine.apply(state, rng.choice(legal))
