"""Drahtseilakt refuses look-alike values everywhere with a French reason, never a traceback.

Floats equal to integers, booleans, texts, ``None``, lists, huge integers and NaN are fed into
every field of the action and every argument of the public helpers: only ``IllegalAction`` (with
an existing clause) or ``ValueError`` with a French message may come out, and the state is
unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import rules
from tutor.engine import IllegalAction
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.core import (
    SCORE_CARDS,
    Stake,
    clean_cancellation,
    final_totals,
    number_cards,
    resolve_trick,
    reveal,
    settle,
    winners_of,
)
from tutor.games.drahtseilakt.engine import seat_index, situation
from tutor.games.drahtseilakt.text import holding_text, manche_word, sticks_text

CLAUSES = set(rules.load("drahtseilakt").clauses)
NAMES = ("Alex", "Bea", "Carla")

LOOK_ALIKES = st.one_of(
    st.sampled_from([12.0, 1.0, True, False, None, "12", "", "Alex", [12], (12,), {12: 1},
                     10**40, -(10**40), math.nan, math.inf, -1, 0, 51, object()]),
    st.floats(allow_nan=True),
    st.integers(),
    st.text(max_size=8),
    st.lists(st.integers(0, 60), max_size=3),
)

FRENCH = ("carte", "joueur", "nombre", "bâtonnet", "score", "table", "liste", "graine",
          "variante", "Variante", "entier", "pli", "manche", "total", "enjeu", "Clé", "Valeur",
          "pioche", "main", "Aucun", "Action", "Une ", "Nom", "Les ", "Ce jeu", "Il faut",
          "Enregistrement", "Chaque", "Donnez", "option", "Premier", "Un nombre", "Une manche")


def refused_in_french(call: Callable[[], object]) -> None:
    """``call`` either succeeds or raises IllegalAction / ValueError with a French message."""
    try:
        call()
    except IllegalAction as exc:
        assert exc.clause in CLAUSES and exc.reason
        assert any(word in exc.reason for word in FRENCH), exc.reason
    except ValueError as exc:
        assert any(word in str(exc) for word in FRENCH), str(exc)


@settings(max_examples=150, deadline=None)
@given(seat=LOOK_ALIKES, card=LOOK_ALIKES)
def test_look_alike_actions_are_refused_and_change_nothing(seat: Any, card: Any) -> None:
    state = d.GAME.new_game(NAMES, seed=3)
    copy = d.GAME.replay(NAMES, state.record, [])
    turn = d.GAME.current_seats(state)[0]
    hand = state.hands[state.players.index(turn)]
    for action in (d.Play(seat, card), d.Play(turn, card), d.Play(seat, 10)):
        if type(action.seat) is str and action.seat == turn and type(action.card) is int \
                and action.card in hand:
            continue  # a genuinely legal card
        with pytest.raises(IllegalAction) as err:
            d.GAME.apply(state, action)
        assert err.value.clause in CLAUSES
    assert state == copy


@pytest.mark.parametrize("card", [12.0, True, False, 1.0, "12", None, math.nan])
def test_a_card_equal_to_one_in_hand_but_of_another_type_is_never_stored(card: Any) -> None:
    state = d.GAME.new_game(NAMES, seed=3)
    turn = d.GAME.current_seats(state)[0]
    hand = state.hands[state.players.index(turn)]
    like = type(card)(hand[0]) if type(card) in (float, bool) else card
    with pytest.raises(IllegalAction) as err:
        d.GAME.apply(state, d.Play(turn, like))
    assert err.value.clause == "drahtseilakt/cartes"


@settings(max_examples=150, deadline=None)
@given(a=LOOK_ALIKES, b=LOOK_ALIKES)
def test_pure_helpers_refuse_look_alikes_in_french(a: Any, b: Any) -> None:
    refused_in_french(lambda: settle(a, b))
    refused_in_french(lambda: settle(a, 3))
    refused_in_french(lambda: settle(3, b))
    refused_in_french(lambda: reveal(a))
    refused_in_french(lambda: reveal([a, 3]))
    refused_in_french(lambda: reveal((3,), explain=a))
    refused_in_french(lambda: resolve_trick(a, Stake(3, True, True)))
    refused_in_french(lambda: resolve_trick({"A": a, "B": 2, "C": 3}, Stake(3, True, True)))
    refused_in_french(lambda: resolve_trick({"A": 1, "B": 2, "C": 3}, a))
    refused_in_french(lambda: resolve_trick({"A": 1, "B": 2, "C": 3}, Stake(a, True, b)))
    refused_in_french(lambda: clean_cancellation(a, b))
    refused_in_french(lambda: clean_cancellation([4, a], []))
    refused_in_french(lambda: clean_cancellation([4, 5], [a]))
    refused_in_french(lambda: final_totals(a))
    refused_in_french(lambda: final_totals({"A": a}))
    refused_in_french(lambda: final_totals({"A": [a, 2]}))
    refused_in_french(lambda: winners_of(a))
    refused_in_french(lambda: winners_of({"A": a, "B": 2}))
    refused_in_french(lambda: number_cards(d.Variant(), a))
    refused_in_french(lambda: d.GAME.new_game(NAMES, seed=a))
    refused_in_french(lambda: d.GAME.new_game(NAMES, seed=1, variant=a))
    refused_in_french(lambda: d.GAME.new_game(NAMES, record=a))
    refused_in_french(lambda: d.GAME.new_game([a, "B", "C"], seed=1))
    refused_in_french(lambda: d.Variant(deck=a))
    refused_in_french(lambda: sticks_text(a, "blue"))
    refused_in_french(lambda: sticks_text(2, a))
    refused_in_french(lambda: holding_text(a, b))
    refused_in_french(lambda: manche_word(a))


@settings(max_examples=100, deadline=None)
@given(seat=LOOK_ALIKES)
def test_queries_refuse_look_alike_seats_in_french(seat: Any) -> None:
    state = d.GAME.new_game(NAMES, seed=2)
    refused_in_french(lambda: d.GAME.legal_actions(state, seat))
    refused_in_french(lambda: d.GAME.view(state, seat))
    refused_in_french(lambda: seat_index(state, seat))


@settings(max_examples=80, deadline=None)
@given(a=LOOK_ALIKES)
def test_hand_made_situations_refuse_look_alikes_in_french(a: Any) -> None:
    hands = {"Alex": list(range(1, 10)), "Bea": list(range(11, 20)),
             "Carla": list(range(21, 30))}
    deck = list(SCORE_CARDS)
    refused_in_french(lambda: situation(NAMES, hands=a, score_deck=deck))
    refused_in_french(lambda: situation(NAMES, hands={**hands, "Bea": a}, score_deck=deck))
    refused_in_french(lambda: situation(NAMES, hands={**hands, "Bea": [a] * 9},
                                          score_deck=deck))
    refused_in_french(lambda: situation(NAMES, hands=hands, score_deck=a))
    refused_in_french(lambda: situation(NAMES, hands=hands, score_deck=deck, leader=a))
    refused_in_french(lambda: situation(NAMES, hands=hands, score_deck=deck, red=a))
    refused_in_french(lambda: situation(NAMES, hands=hands, score_deck=deck,
                                          blue={"Alex": a}))
    refused_in_french(lambda: situation(NAMES, hands=hands, score_deck=deck, seed=a))


@pytest.mark.parametrize("variant", [{1: "x"}, {"deck": 1.0}, {"paquet": "x"}, [1], 2.5,
                                     "inconnu", {"deck": True}])
def test_bad_variants_give_a_french_value_error(variant: object) -> None:
    with pytest.raises(ValueError) as err:
        d.GAME.new_game(NAMES, seed=1, variant=variant)
    assert any(w in str(err.value) for w in ("Clé", "Valeur", "Variante", "clé")), err.value


def test_the_exact_findings_of_the_review() -> None:
    state = d.GAME.new_game(NAMES, seed=3)
    turn = d.GAME.current_seats(state)[0]
    card = state.hands[state.players.index(turn)][0]
    for bad in (float(card), True):
        with pytest.raises(IllegalAction):
            d.GAME.apply(state, d.Play(turn, bad))  # type: ignore[arg-type]  # deliberately
    # each given what its types refuse, on purpose
    for call in (lambda: final_totals([1, 2]),  # type: ignore[arg-type]
                 lambda: settle("1", 2),  # type: ignore[arg-type]
                 lambda: resolve_trick([1, 2, 3], Stake(1, True, True)),  # type: ignore[arg-type]
                 lambda: reveal(None),  # type: ignore[arg-type]
                 lambda: clean_cancellation(None, None),  # type: ignore[arg-type]
                 lambda: winners_of({})):
        with pytest.raises(IllegalAction):
            call()
