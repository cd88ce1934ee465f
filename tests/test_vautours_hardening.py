"""Stupides Vautours refuses look-alike values everywhere with a French reason.

Floats equal to cards, bools, strings, ``None``, lists, huge integers, NaN...: fed into every
field of a :class:`~tutor.games.vautours.Play` and every argument of every public helper, they
give only :class:`~tutor.engine.IllegalAction` (French reason, existing clause) or a French
:class:`ValueError`, never ``TypeError``/``KeyError``/...; the state is unchanged.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tutor import rules
from tutor.engine import IllegalAction
from tutor.engine.core import Record
from tutor.engine.examples import ExampleError
from tutor.games import vautours as v
from tutor.games.vautours import engine as vautours_engine
from tutor.games.vautours import score as vautours_score
from tutor.games.vautours.events import PileWon, Revealed, Staked
from tutor.games.vautours.state import POINT_CARDS

CLAUSES = set(rules.load("vautours").clauses)
NAMES = ("Alex", "Carla", "Dario")

LOOK_ALIKES = st.one_of(
    st.sampled_from([3.0, 1.0, -0.0, True, False, "3", "Alex ", "", None, [3], (3,), {"3": 3},
                     10**30, -10**30, math.nan, math.inf, b"3", object(), frozenset({3})]),
    st.floats(allow_nan=True), st.text(max_size=5), st.booleans(),
    st.lists(st.integers(-3, 18), max_size=3), st.integers(min_value=16), st.integers(max_value=0),
)


def french(exc: BaseException) -> None:
    """A learner-facing refusal: French text, and for IllegalAction an existing clause."""
    text = str(exc)
    assert text.strip() and "Traceback" not in text
    assert any(ch in text for ch in "éèàçôù’«") or " " in text
    if isinstance(exc, IllegalAction):
        assert exc.clause in CLAUSES, exc.clause


def refuses_or_accepts(call: Callable[[], object]) -> None:
    try:
        call()
    except (IllegalAction, ValueError) as exc:
        french(exc)


def hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def game() -> v.State:
    state = v.GAME.new_game(NAMES, seed=3)
    return v.GAME.apply(state, v.Play("Alex", 7))[0]  # Alex has chosen, the others not yet


@settings(max_examples=150, deadline=None)
@given(bad=LOOK_ALIKES, field=st.sampled_from(["seat", "card"]))
def test_every_field_of_a_play_refuses_look_alikes(bad: Any, field: str) -> None:
    state = game()
    snapshot = copy.deepcopy(state)
    action = v.Play("Carla", 5)._replace(**{field: bad})
    # a look-alike that is in fact a legal play (the text "Carla", or "Dario" who has not
    # chosen yet) is no look-alike: Hypothesis also draws the test's own strings
    assume(not (type(action.seat) is str and type(action.card) is int and action.seat in NAMES
                and action in v.GAME.legal_actions(state, action.seat)))
    with pytest.raises(IllegalAction) as err:
        v.GAME.apply(state, action)
    french(err.value)
    assert state == snapshot


@pytest.mark.parametrize("bad", [v.Play("Carla", True), v.Play("Carla", 5.0),  # type: ignore[arg-type]
                                 v.Play("Alex", 8), ("Carla", 5), ["Carla", 5], None])
def test_nothing_bad_is_stored(bad: Any) -> None:
    state = game()
    with pytest.raises(IllegalAction):
        v.GAME.apply(state, bad)
    after, _ = v.GAME.apply(state, v.Play("Carla", 5))
    assert all(type(c) is int for c in after.chosen if c is not None)


# Positions (states) are typed values inside the engine: a position that is not one is refused
# where it enters, by the game's apply (tests/test_games_common.py), not by every query.
HELPERS: dict[str, Callable[[Any], object]] = {
    "new_game.players": lambda x: v.GAME.new_game(x, seed=1),
    "new_game.players[0]": lambda x: v.GAME.new_game([x, "Carla"], seed=1),
    "new_game.seed": lambda x: v.GAME.new_game(NAMES, seed=x),
    "new_game.variant": lambda x: v.GAME.new_game(NAMES, seed=1, variant=x),
    "new_game.variant.ties": lambda x: v.GAME.new_game(NAMES, seed=1, variant={"ties": x}),
    "new_game.variant.key": lambda x: v.GAME.new_game(NAMES, seed=1, variant={x: "repeated"})
    if hashable(x) else None,
    "new_game.record": lambda x: v.GAME.new_game(NAMES, record=x),
    "new_game.record.shuffles": lambda x: v.GAME.new_game(NAMES, record=Record(x)),
    "new_game.record.card": lambda x: v.GAME.new_game(NAMES, record=Record(((x,
                                                                             *POINT_CARDS[1:]),))),
    "replay.actions": lambda x: v.GAME.replay(NAMES, v.GAME.new_game(NAMES, seed=1).record, x),
    "replay.action": lambda x: v.GAME.replay(NAMES, v.GAME.new_game(NAMES, seed=1).record, [x]),
    "situation.pile": lambda x: vautours_engine.situation(NAMES[:2], pile=x, hands={"Alex": [1],
                                                                                    "Carla": [2]}),
    "situation.pile[0]": lambda x: vautours_engine.situation(NAMES[:2], pile=[x],
                                               hands={"Alex": [1], "Carla": [2]}),
    "situation.deck": lambda x: vautours_engine.situation(NAMES[:2], pile=[3], deck=x,
                                            hands={"Alex": [1], "Carla": [2]}),
    "situation.hands": lambda x: vautours_engine.situation(NAMES[:2], pile=[3], hands=x),
    "situation.hand": lambda x: vautours_engine.situation(NAMES[:2], pile=[3],
                                                          hands={"Alex": x, "Carla": [2]}),
    "situation.hand[0]": lambda x: vautours_engine.situation(NAMES[:2], pile=[3],
                                               hands={"Alex": [x], "Carla": [2]}),
    "situation.taken": lambda x: vautours_engine.situation(NAMES[:2], pile=[3], taken=x,
                                             hands={"Alex": [1], "Carla": [2]}),
    "situation.taken.cards": lambda x: vautours_engine.situation(NAMES[:2], pile=[3],
                                                                 taken={"Alex": x},
                                                   hands={"Alex": [1], "Carla": [2]}),
    "legal_actions.seat": lambda x: v.GAME.legal_actions(game(), x),
    "apply.state": lambda x: v.GAME.apply(x, v.Play("Alex", 3)),
    "view.seat": lambda x: v.GAME.view(game(), x) if x is not None else None,
    "seat_index.seat": lambda x: vautours_engine.seat_index(game(), x),
    "resolve_round.plays": lambda x: vautours_engine.resolve_round(x, [3]),
    "resolve_round.card": lambda x: vautours_engine.resolve_round({"Alex": x, "Carla": 2}, [3]),
    "resolve_round.name": lambda x: vautours_engine.resolve_round({x: 1, "Carla": 2}, [3])
    if hashable(x) else None,
    "resolve_round.pile": lambda x: vautours_engine.resolve_round({"Alex": 1, "Carla": 2}, x),
    "resolve_round.pile[0]": lambda x: vautours_engine.resolve_round({"Alex": 1, "Carla": 2}, [x]),
    "resolve_round.variant": lambda x: vautours_engine.resolve_round({"Alex": 1, "Carla": 2}, [3],
                                                                     x),
    "final_result.scores": lambda x: vautours_score.final_result(x),
    "final_result.score": lambda x: vautours_score.final_result({"Alex": x, "Carla": 2}),
    "final_result.name": lambda x: (vautours_score.final_result({x: 1, "Carla": 2})
                                    if hashable(x) else None),
    "final_result.taken": lambda x: vautours_score.final_result({"Alex": 2, "Carla": 2}, x,
                                                   "livret-souris-alternative"),
    "final_result.taken.cards": lambda x: vautours_score.final_result(
        {"Alex": 2, "Carla": 2}, {"Alex": x, "Carla": [2]}, "livret-souris-alternative"),
    "final_result.variant": lambda x: vautours_score.final_result({"Alex": 1, "Carla": 2}, None, x),
    "describe": lambda x: v.GAME.describe(x),
    "describe.fields": lambda x: v.GAME.describe(PileWon(seat="Alex", card=x, pile=x, total=x,
                                                    mode=x, clause="x")),
    "describe.stake": lambda x: v.GAME.describe(Staked(pile=x, total=x, mode=x, clause="x")),
    "describe.reveal": lambda x: v.GAME.describe(Revealed(card=x, pile=x, manche=x, clause="x")),
    "Variant.ties": lambda x: v.Variant(ties=x),
}


@pytest.mark.parametrize("helper", sorted(HELPERS))
@settings(max_examples=30, deadline=None)
@given(bad=LOOK_ALIKES)
def test_every_public_helper_refuses_look_alikes_in_french(helper: str, bad: Any) -> None:
    refuses_or_accepts(lambda: HELPERS[helper](bad))


def test_an_unreadable_variant_mapping_gives_the_french_value_error() -> None:
    with pytest.raises(ValueError, match=r"Variante illisible|Clé"):
        v.GAME.new_game(NAMES, seed=1, variant={1: "x"})
    with pytest.raises(ValueError, match="graine"):
        v.GAME.new_game(NAMES, seed=[1])  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(st.sampled_from(["type", "pile", "cartes", "gagnant", "gains",
                                             "revelees", "manches", "coup", "article",
                                             "variante", "resultat", "derniere"]),
                            LOOK_ALIKES, max_size=6))
def test_run_example_refuses_anything_malformed_with_an_example_error(data: Any) -> None:
    try:
        v.GAME.run_example(data)
    except ExampleError as exc:
        assert str(exc).strip()
