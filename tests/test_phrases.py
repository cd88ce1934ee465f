"""The phrasebooks that tell each game's events in French (``tutor/engine/phrases.py``)."""

from __future__ import annotations

import string

import pytest

from tutor.engine import Event, Refused, Won, event
from tutor.engine.core import Outcome
from tutor.engine.phrases import WRITERS, Phrasebook
from tutor.games import GAMES


@event
class Drew(Event):
    cards: object
    left: object


@event
class Turn(Event):
    next: object
    stake: object
    names: object


@event
class Told(Event):
    n: int


@event
class DrewTwo(Drew):
    """Not in the book: told as its base, :class:`Drew`."""


@event
class Unknown(Event):
    pass


BOOK = Phrasebook("Essai", {
    Drew: "{who} pioche {cards:count carte} ({left:count œil yeux}).",
    Turn: "c’est au tour {who:of}, puis {next:to} ; {stake:signed} pour {names:names}.",
    Told: lambda e, context: f"{context['who']} : {e.n * 2} ({e.clause}, {context['viewer']}).",
}, writers={"upper": str.upper})
C = "essai/article"


def test_templates_fill_fields_through_the_french_writers() -> None:
    assert BOOK.describe(Drew(seat="Anke", cards=2, left=1, clause=C)) == (
        "Anke pioche 2 cartes (1 œil).")
    assert BOOK.describe(Turn(seat="Anke", next="Émile", stake=-3, names=["Bea", "Carla"],
                              clause=C)) == (
        "C\u2019est au tour d\u2019Anke, puis à Émile\u202f; \u22123 pour Bea et Carla.")


def test_a_class_the_book_does_not_name_is_told_as_its_nearest_base() -> None:
    assert BOOK.describe(DrewTwo(seat="Anke", cards=2, left=3, clause=C)) == (
        "Anke pioche 2 cartes (3 yeux).")


def test_functions_get_the_event_the_seat_and_the_context() -> None:
    assert BOOK.describe(Told(seat="Anke", n=4, clause=C), viewer="Bea") == (
        "Anke\u202f: 8 (essai/article, Bea).")


def test_the_common_events_are_told_alike_in_every_book() -> None:
    assert BOOK.describe(Refused(seat="Anke", reason="la carte n’est pas en main.",
                                 clause=C)) == "Coup refusé. La carte n’est pas en main."
    won = Outcome({"Anke": 1}, ("Anke",), "Anke gagne.", C)
    assert BOOK.describe(Won(outcome=won, clause=C)) == "Anke gagne."


@pytest.mark.parametrize("bad", [
    "draw", None, Outcome({}, (), "", C),  # not events
    Unknown(seat="Anke", clause=C),  # a class the book does not tell
    Drew(seat="Anke", cards=2.0, left=1, clause=C),  # not whole numbers
    Drew(seat="Anke", cards=True, left=1, clause=C),
    Turn(seat="Anke", next=3, stake=1, names=["Bea"], clause=C),  # a name that is not a text
    Drew(seat=None, cards="2", left=1, clause=C),
    Told(seat="Anke", n=4, clause=C),  # the context the function reads is missing
])
def test_anything_but_a_well_formed_event_is_refused_in_french(bad: object) -> None:
    with pytest.raises(ValueError, match="Essai"):
        BOOK.describe(bad)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("bad", [
    None, "setup", Unknown(seat="Anke", clause="x"),
    Refused(seat="Anke", reason=3, clause="x"),  # type: ignore[arg-type]
    Won(outcome=None, clause="x"),  # type: ignore[arg-type]
])
def test_every_game_refuses_malformed_events_in_french(game: str, bad: object) -> None:
    with pytest.raises(ValueError, match=GAMES[game].title):
        GAMES[game].engine().describe(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_template_names_writers_that_exist(game: str) -> None:
    book: Phrasebook = GAMES[game].engine().PHRASES
    known = {**WRITERS, **book.writers}
    for cls, sentence in book.sentences.items():
        if isinstance(sentence, str):
            specs = [spec for _, name, spec, _ in string.Formatter().parse(sentence) if name]
            unknown = [s for s in specs if s and s.split(" ")[0] not in known]
            assert not unknown, f"{game}/{cls.__name__}: {unknown}"
