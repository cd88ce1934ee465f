"""Vampir refuses look-alike values everywhere: floats equal to ints, bools, strings, None, lists,
huge ints, NaN... in every field of every action and every argument of every public helper give
only an ``IllegalAction`` or a ``ValueError`` with a French message, and change nothing."""

from __future__ import annotations

import copy
import dataclasses
import random
import typing
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.contract import played_events
from tutor import rules
from tutor.engine import IllegalAction, Refused
from tutor.engine.core import Event, Record
from tutor.games import vampir as v
from tutor.games.vampir import cards as vampir_cards
from tutor.games.vampir import engine as vampir_engine
from tutor.games.vampir import examples as vampir_examples
from tutor.games.vampir import hunts as vampir_hunts
from tutor.games.vampir import state as vampir_state
from tutor.games.vampir.bots import PLAYER_KINDS, StrategistPlayer
from tutor.games.vampir.cards import KINDS, LOCATIONS, Vampire
from tutor.games.vampir.events import VampirEvent

CLAUSES = set(rules.load("vampir").clauses)
NAMES = ("Anke", "Bernd", "Chris")
R1, G1 = Vampire("castle", 1), Vampire("graveyard", 1)

LOOKALIKES = st.one_of(
    st.sampled_from([1.0, 2.0, True, False, None, float("nan"), 10**30, -1, 0, 1, 2, "", "1",
                     "castle", "castle:1", "joker", "JOKER", "Anke", "anke", b"castle", (), [],
                     {}, ("castle", 1), ["castle",
                                         1], {"castle": 1}, object(), R1, vampir_cards.JOKER,
                     (R1, R1, R1), [R1, R1, vampir_cards.JOKER], (R1, "x", R1), {1: "x"}]),
    st.integers(), st.floats(), st.text(max_size=6),
    st.lists(st.sampled_from([R1, G1, vampir_cards.JOKER, 1, "castle", None]), max_size=4),
)
settings.register_profile("vampir-hardening", max_examples=60, deadline=None)


def french(exc: BaseException) -> bool:
    text = str(exc)
    return bool(text.strip()) and "Traceback" not in text and not text.startswith(("'", '"'))


def refused_or_fine(call: Callable[[], Any]) -> None:
    """``call`` returns, or raises a ``ValueError`` (IllegalAction, ExampleError) in French."""
    try:
        call()
    except ValueError as exc:
        assert french(exc), repr(exc)
        if isinstance(exc, IllegalAction):
            assert exc.clause in CLAUSES, exc.clause


def positions() -> list[v.State]:
    """One position in each phase: to draw or take, after a draw, after a take."""
    start = vampir_state.situation(NAMES, hands={"Anke": [R1, R1, G1, vampir_cards.JOKER],
                                                 "Bernd": [G1],
                                      "Chris": [R1]}, deck=[G1, vampir_cards.JOKER, R1, G1])
    drawn, _ = v.GAME.apply(start, v.Draw("Anke"))
    taken, _ = v.GAME.apply(start, v.Take("Anke", "castle"))
    return [start, drawn, taken, v.GAME.new_game(NAMES, seed=3)]


POSITIONS = positions()


def each_event_with(bad: object, seat: bool = False) -> list[Event]:
    """One event of each class of :data:`VampirEvent`, ``bad`` in every field of its own (or,
    with ``seat``, in its seat)."""
    out = []
    for cls in typing.get_args(VampirEvent):
        own = [f.name for f in dataclasses.fields(cls) if f.name not in ("seat", "clause")]
        if seat:
            out.append(cls(seat=bad, clause="vampir/chasse", **{
                f: getattr(EXAMPLE[cls], f) for f in own}))
        else:
            out.append(cls(seat="Anke", clause="vampir/chasse", **dict.fromkeys(own, bad)))
    return out


def _first_events() -> dict[type, Event]:
    """A real event of each class, from a played game and the worked examples."""
    seen: dict[type, Event] = {}
    for events in played_events(v.GAME, NAMES, random.Random(1)):
        for e in events:
            seen.setdefault(type(e), e)
    return seen


EXAMPLE = _first_events()
FIELDS: dict[type, tuple[str, ...]] = {v.Draw: ("seat",), v.Take: ("seat", "location"),
                                      v.Lay: ("seat", "card", "location"),
                                      v.Hunt: ("seat", "cards")}
VALID: dict[str, Any] = {"seat": "Anke", "location": "castle", "card": R1, "cards": (R1, R1, R1)}


@pytest.mark.parametrize(("kind", "field"), [(k, f) for k, fs in FIELDS.items() for f in fs])
@settings(max_examples=60, deadline=None)
@given(bad=LOOKALIKES, which=st.integers(0, len(POSITIONS) - 1))
def test_every_action_field_refuses_look_alikes(kind: type, field: str, bad: object,
                                                which: int) -> None:
    state = POSITIONS[which]
    snapshot = copy.deepcopy(state)
    action = kind(**{f: (bad if f == field else VALID[f]) for f in FIELDS[kind]})
    legal = v.GAME.legal_actions(state, "Anke")
    try:
        new, _ = v.GAME.apply(state, action)
    except IllegalAction as exc:
        assert french(exc) and exc.clause in CLAUSES
    else:
        assert any(a == action or (isinstance(action, v.Hunt) and a == v.Hunt(
            "Anke", vampir_cards.sort_cards(action.cards))) for a in legal)
        assert type(action.seat) is str and new.players == state.players
    assert state == snapshot


@given(location=LOOKALIKES, heads=LOOKALIKES)
@settings(max_examples=150, deadline=None)
def test_a_vampire_card_is_exactly_a_location_and_the_int_1_or_2(location: object,
                                                                  heads: object) -> None:
    try:
        card = Vampire(location, heads)  # type: ignore[arg-type]
    except ValueError as exc:
        assert french(exc)
    else:
        assert type(heads) is int and heads in (1, 2) and location in LOCATIONS
        assert card is Vampire(str(location), heads) and card in KINDS


def test_vampire_castle_one_point_zero_is_refused() -> None:
    for heads in (1.0, True, 2.0, "1", None):
        with pytest.raises(ValueError, match="1 ou 2 têtes"):
            Vampire("castle", heads)  # type: ignore[arg-type]
    assert Vampire("castle", 1) is R1 and copy.deepcopy(R1) is R1


# Positions (states) are typed values inside the engine: a position that is not one is refused
# where it enters, by the game's apply (tests/test_games_common.py), not by every query.
HELPERS: dict[str, Callable[[Any], Any]] = {
    "heads_of(x)": lambda x: vampir_hunts.heads_of(x),
    "heads_of(card, x)": lambda x: vampir_hunts.heads_of(R1, x),
    "is_valid_hunt(x)": lambda x: vampir_hunts.is_valid_hunt(x),
    "is_valid_hunt(hunt, x)": lambda x: vampir_hunts.is_valid_hunt((R1, R1, R1), x),
    "score(x)": lambda x: vampir_hunts.score(x),
    "score({A: x})": lambda x: vampir_hunts.score({"A": x}),
    "score({A: [x]})": lambda x: vampir_hunts.score({"A": [x]}),
    "score(hunts, x)": lambda x: vampir_hunts.score({"A": [(R1, R1, R1)]}, x),
    "score_heads(x)": lambda x: vampir_hunts.score_heads(x),
    "score_heads({A: {castle: x}})": lambda x: vampir_hunts.score_heads({"A": {"castle": x}}),
    "parse_card(x)": lambda x: vampir_cards.parse_card(x),
    "card_text(x)": lambda x: vampir_cards.card_text(x),
    "card_text(card, x)": lambda x: vampir_cards.card_text(R1, x),
    "cards_text(x)": lambda x: vampir_cards.cards_text(x),
    "card_code(x)": lambda x: vampir_cards.card_code(x),
    "sort_cards(x)": lambda x: vampir_cards.sort_cards(x),
    "location_label(x)": lambda x: vampir_cards.location_label(x),
    "the_location(x)": lambda x: vampir_cards.the_location(x),
    "of_location(x)": lambda x: vampir_cards.of_location(x),
    "colour_word(x)": lambda x: vampir_cards.colour_word(x),
    "heads_text(x)": lambda x: vampir_cards.heads_text(x),
    "possible_hunts(x)": lambda x: vampir_hunts.possible_hunts(x),
    "possible_hunts(hand, x)": lambda x: vampir_hunts.possible_hunts((R1, R1, vampir_cards.JOKER),
                                                                     x),
    "Variant.coerce(x)": lambda x: v.Variant.coerce(x),
    "Variant(draw=x)": lambda x: v.Variant(draw=x),
    "Variant(joker_heads=x)": lambda x: v.Variant(joker_heads=x),
    "Variant(manches=x)": lambda x: v.Variant(manches=x),
    "new_game(x)": lambda x: v.GAME.new_game(x, seed=1),
    "new_game(seed=x)": lambda x: v.GAME.new_game(NAMES, seed=x),
    "new_game(variant=x)": lambda x: v.GAME.new_game(NAMES, seed=1, variant=x),
    "new_game(record=x)": lambda x: v.GAME.new_game(NAMES, record=x),
    "new_game(first=x)": lambda x: v.GAME.new_game(NAMES, seed=1, first=x),
    "new_game(record=Record(x))": lambda x: v.GAME.new_game(NAMES, record=Record(x)),
    "new_game(record=Record(s, x))": lambda x: v.GAME.new_game(
        NAMES, record=Record(POSITIONS[3].record.shuffles, x)),
    "replay(actions=x)": lambda x: v.GAME.replay(NAMES, POSITIONS[3].record, x),
    "replay(actions=[x])": lambda x: v.GAME.replay(NAMES, POSITIONS[3].record, [x]),
    "situation(hands=x)": lambda x: vampir_state.situation(NAMES, hands=x, deck=[R1]),
    "situation(hands={A: x})": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": x, "Bernd": [], "Chris": []}, deck=[R1]),
    "situation(deck=x)": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=x),
    "situation(under=x)": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1], under=x),
    "situation(under={castle: x})": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1], under={"castle": x}),
    "situation(displays=x)": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1], displays=x),
    "situation(displays={A: x})": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1], displays={"Anke": x}),
    "situation(displays={A: {castle: x}})": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1],
        displays={"Anke": {"castle": x}}),
    "situation(turn=x)": lambda x: vampir_state.situation(
        NAMES, hands={"Anke": [], "Bernd": [], "Chris": []}, deck=[R1], turn=x),
    "legal_actions(state, x)": lambda x: v.GAME.legal_actions(POSITIONS[0], x),
    "view(state, x)": lambda x: v.GAME.view(POSITIONS[1], x),
    "view(...).player(x)": lambda x: v.GAME.view(POSITIONS[1], None).player(x),
    "view(...).cards_under(x)": lambda x: v.GAME.view(POSITIONS[1], None).cards_under(x),
    "apply(x, action)": lambda x: v.GAME.apply(x, v.Draw("Anke")),
    "seat_index(state, x)": lambda x: vampir_engine.seat_index(POSITIONS[0], x),
    "describe(x)": lambda x: v.GAME.describe(x),
    "describe(Refused(reason=x))": lambda x: v.GAME.describe(
        Refused(seat="Anke", reason=x, clause="vampir/chasse")),
    "run_example(x)": lambda x: v.GAME.run_example(x),
    "run_example({type: chasse, cartes: x})": lambda x: v.GAME.run_example(
        {"type": "chasse", "cartes": x, "valide": True}),
    "hunts_of_example(x)": lambda x: vampir_examples.hunts_of_example(x),
    "bot(seed=x)": lambda x: StrategistPlayer(seed=x),
    "read_data_file(x)": lambda x: v.GAME.read_data_file(x),
}


@pytest.mark.parametrize("helper", list(HELPERS))
@settings(max_examples=40, deadline=None)
@given(bad=LOOKALIKES)
def test_every_public_helper_refuses_look_alikes_in_french(helper: str, bad: object) -> None:
    refused_or_fine(lambda: HELPERS[helper](bad))


def test_a_real_event_of_each_class_is_at_hand() -> None:
    assert set(EXAMPLE) == set(typing.get_args(VampirEvent))


@settings(max_examples=40, deadline=None)
@given(bad=LOOKALIKES)
def test_every_event_with_look_alikes_in_its_fields_is_told_or_refused_in_french(
        bad: object) -> None:
    for event in (*each_event_with(bad), *each_event_with(bad, seat=True)):
        refused_or_fine(lambda: v.GAME.describe(event))  # noqa: B023 (called at once)


def test_a_variant_with_a_key_that_is_not_a_name_is_refused_in_french() -> None:
    for bad in ({1: "x"}, {None: 1}, {("draw",): "hand"}):
        with pytest.raises(ValueError, match="Variante de Vampir illisible"):
            v.GAME.new_game(NAMES, seed=1, variant=bad)
        with pytest.raises(ValueError, match="Variante de Vampir illisible"):
            vampir_hunts.is_valid_hunt((R1, R1, R1), bad)  # type: ignore[arg-type]


def test_bots_never_see_more_than_a_view_and_choose_a_legal_action() -> None:
    rng = random.Random(0)
    for state in POSITIONS:
        seat = v.GAME.current_seats(state)[0]
        legal = v.GAME.legal_actions(state, seat)
        for _label, make in PLAYER_KINDS.values():
            assert make(seed=rng.randrange(99)).choose(v.GAME.view(state, seat), legal) in legal
