"""Vaiko against look-alike input (issue 14): every action field and every public helper
argument takes floats equal to ints, bools, strings, None, lists, huge ints and NaN, and answers
only with :class:`IllegalAction` or ``ValueError`` carrying a French message; the state is
unchanged and nothing bad is stored."""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import rules
from tutor.engine import IllegalAction
from tutor.engine.core import Record
from tutor.games import vaiko as v
from tutor.games.vaiko.scoring import is_game_over, score_round, winners
from tutor.games.vaiko.setup import hand_points, situation
from tutor.games.vaiko.state import ACTION_TYPES

CLAUSES = set(rules.load("vaiko").clauses)
LOOK_ALIKES: tuple[Any, ...] = (1.0, 0.0, True, False, None, "1", "", [1], (0,), 2**70, -2**70,
                                math.nan, math.inf, -1, {"a": 1}, b"Alex", object())
ANY = st.one_of(st.sampled_from(LOOK_ALIKES), st.floats(), st.integers(), st.text(max_size=3),
                st.none(), st.booleans(), st.lists(st.integers(), max_size=2))
KEYS = st.one_of(st.text(max_size=3), st.integers(), st.none(), st.booleans(), st.floats())
PYTHON_WORDS = ("NoneType", "unsupported", "not subscriptable", "has no attribute",
                "takes", "argument")


def french(exc: BaseException) -> None:
    text = str(exc)
    assert text.strip(), exc
    assert not any(w in text for w in PYTHON_WORDS), text
    if isinstance(exc, IllegalAction):
        assert exc.clause in CLAUSES and exc.reason


def refused(call: Callable[[], object]) -> None:
    """``call`` either works or raises IllegalAction/ValueError with a French message."""
    try:
        call()
    except ValueError as exc:  # IllegalAction is a ValueError
        french(exc)


def positions() -> list[v.State]:
    """One position per phase, each with the acting seat's legal actions."""
    hands = {"Alex": ["7", "3", "9", "2"], "Carla": ["Vision", "1", "6", "8"]}
    out = [v.GAME.new_game(["Alex", "Carla"], seed=1)]
    s = situation(["Alex", "Carla"], hands=hands, pile=["Vision", "Échange", "6"],
                    discard=["5"], known={"Carla": [("Carla", 0)]})
    for action in (v.Draw("Alex"), v.LookHand("Alex"), v.Swap("Alex", 0), v.Pass("Carla"),
                   v.Pass("Alex"), v.EndTurn("Alex"), v.Draw("Carla"), v.Discard("Carla")):
        out.append(s)
        s, _ = v.GAME.apply(s, action)
    out.append(s)  # Carla's Exchange
    return out


POSITIONS = positions()


@pytest.mark.parametrize("k", range(len(POSITIONS)))
def test_every_field_of_every_legal_action_refuses_look_alikes(k: int) -> None:
    state = POSITIONS[k]
    (seat,) = v.GAME.current_seats(state)
    snapshot = copy.deepcopy(state)
    legal = v.GAME.legal_actions(state, seat)
    assert legal
    for action in legal[:6]:
        for f in fields(action):
            for bad in LOOK_ALIKES:
                forged = replace(action, **{f.name: bad})
                assert not v.GAME.is_legal(state, forged)
                with pytest.raises(IllegalAction) as err:
                    v.GAME.apply(state, forged)
                french(err.value)
    assert state == snapshot


def test_a_float_slot_equal_to_an_int_is_refused_not_stored() -> None:
    s = POSITIONS[1]
    for bad in (1.0, True, False):
        with pytest.raises(IllegalAction) as err:
            v.GAME.apply(s, v.Swap("Alex", bad))  # type: ignore[arg-type]
        assert "illisible" in err.value.reason


@settings(max_examples=150, deadline=None)
@given(k=st.integers(0, len(POSITIONS) - 1), kind=st.sampled_from(ACTION_TYPES),
       values=st.lists(ANY, min_size=5, max_size=5))
def test_forged_actions_of_any_kind(k: int, kind: type, values: list[Any]) -> None:
    state = POSITIONS[k]
    action = kind(*values[:len(fields(kind))])
    snapshot = copy.deepcopy(state)
    try:
        after, _ = v.GAME.apply(state, action)
    except IllegalAction as exc:
        french(exc)
    else:
        assert action.well_typed() and action in v.GAME.legal_actions(state, action.seat)
        assert v.GAME.inventory(after) == v.GAME.inventory(state)
    assert state == snapshot


@settings(max_examples=200, deadline=None)
@given(points=st.one_of(ANY, st.dictionaries(st.sampled_from(["A", "B", 1, None]), ANY,
                                              max_size=3)),
       caller=ANY, variant=st.one_of(st.none(), st.sampled_from(["standard", "x", 1]),
                                     st.dictionaries(KEYS, ANY, max_size=1)))
def test_score_round_refuses_look_alikes(points: Any, caller: Any, variant: Any) -> None:
    refused(lambda: score_round(points, caller, variant))


def test_score_round_refuses_impossible_points_with_the_deck() -> None:
    for bad in ({"A": -1, "B": 3}, {"A": 10**6, "B": 3}, {"A": 1.0, "B": 3}, {"A": True},
                {"A": math.nan}):
        with pytest.raises(IllegalAction) as err:
            score_round(bad, "A")  # type: ignore[arg-type]
        french(err.value)
    assert score_round({"A": 0, "B": 3}, "A").points == {"A": -10, "B": 3}


@settings(max_examples=100, deadline=None)
@given(totals=st.one_of(ANY, st.dictionaries(st.sampled_from(["A", "B", 2]), ANY, max_size=3)))
def test_end_helpers_refuse_look_alikes(totals: Any) -> None:
    refused(lambda: is_game_over(totals))
    refused(lambda: winners(totals))


@settings(max_examples=100, deadline=None)
@given(seed=ANY, variant=st.one_of(ANY, st.dictionaries(KEYS, ANY, max_size=2)), deck=ANY,
       players=st.one_of(ANY, st.lists(ANY, max_size=3)))
def test_new_game_refuses_look_alikes(seed: Any, variant: Any, deck: Any, players: Any) -> None:
    refused(lambda: v.GAME.new_game(players, seed=seed, variant=variant, deck=deck))
    refused(lambda: v.GAME.new_game(["A", "B"], seed=seed))
    refused(lambda: v.GAME.new_game(["A", "B"], seed=1, variant=variant))
    refused(lambda: v.GAME.new_game(["A", "B"], seed=1, deck=deck))


def test_a_variant_with_a_key_that_is_not_a_name_gives_a_french_error() -> None:
    with pytest.raises(ValueError, match="Clé inconnue pour la variante de Vaiko"):
        v.GAME.new_game(["A", "B"], seed=1, variant={1: "x"})


@settings(max_examples=100, deadline=None)
@given(seat=ANY, record=ANY)
def test_queries_and_replay_refuse_look_alikes(seat: Any, record: Any) -> None:
    state = POSITIONS[2]
    refused(lambda: v.GAME.legal_actions(state, seat))
    refused(lambda: v.GAME.view(state, seat) if seat is not None else None)
    refused(lambda: hand_points(state, seat))
    refused(lambda: v.GAME.replay(["A", "B"], record, []))
    refused(lambda: v.GAME.replay(["A", "B"], Record(((1.0,),)), []))
    refused(lambda: v.GAME.read_data_file(seat) if isinstance(seat, str) else None)


@settings(max_examples=100, deadline=None)
@given(hands=st.one_of(ANY, st.dictionaries(st.sampled_from(["A", "B"]), ANY, max_size=2)),
       pile=ANY, discard=ANY, known=ANY, turn=ANY, totals=ANY)
def test_situation_refuses_look_alikes(hands: Any, pile: Any, discard: Any, known: Any,
                                       turn: Any, totals: Any) -> None:
    refused(lambda: situation(["A", "B"], hands=hands, discard=["5"]))
    good = {"A": ["1"], "B": ["2"]}
    refused(lambda: situation(["A", "B"], hands=good, pile=pile, discard=["5"]))
    refused(lambda: situation(["A", "B"], hands=good, discard=discard))
    refused(lambda: situation(["A", "B"], hands=good, discard=["5"], known=known))
    refused(lambda: situation(["A", "B"], hands=good, discard=["5"], turn=turn))
    refused(lambda: situation(["A", "B"], hands=good, discard=["5"], totals=totals))


def test_a_misspelt_player_in_an_example_is_an_example_error() -> None:
    from tutor.engine.examples import ExampleError

    data = dict(rules.load("vaiko").examples["vaiko/ex-echange"].data)
    for key, value in (("tour", "Alx"), ("annonce", "Carl"),
                       ("connues", {"Alex": ["Carl:1"]}),
                       ("attendu", {"connues": {"Alx": []}}),
                       ("attendu", {"vainqueurs": ["Zoé"]})):
        with pytest.raises(ExampleError, match="joueur inconnu"):
            v.GAME.run_example({**data, key: value})
