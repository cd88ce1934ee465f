"""The phrasebooks that tell each game's events in French (``tutor/engine/phrases.py``)."""

from __future__ import annotations

import string

import pytest

from tutor.engine import Event, Tagged
from tutor.engine.phrases import WRITERS, Phrasebook
from tutor.games import GAMES

BOOK = Phrasebook("Essai", {
    "draw": "{who} pioche {cards:count carte} ({left:count œil yeux}).",
    "turn": "c’est au tour {who:of}, puis {next:to} ; {stake:signed} pour {names:names}.",
    "told": lambda d, who: f"{who} : {d['n'] * 2} ({d['clause']}, {d.get('viewer')}).",
}, writers={"upper": str.upper})


def event(kind: str, seat: str | None = "Anke", **data: object) -> Event:
    return Tagged(kind, seat, data, "essai/article")


def test_templates_fill_fields_through_the_french_writers() -> None:
    assert BOOK.describe(event("draw", cards=2, left=1)) == "Anke pioche 2 cartes (1 œil)."
    assert BOOK.describe(event("turn", next="Émile", stake=-3, names=["Bea", "Carla"])) == (
        "C\u2019est au tour d\u2019Anke, puis à Émile\u202f; \u22123 pour Bea et Carla.")


def test_functions_get_the_data_the_seat_the_clause_and_the_context() -> None:
    assert BOOK.describe(event("told", n=4), viewer="Bea") == "Anke\u202f: 8 (essai/article, Bea)."


def test_the_common_kinds_are_told_alike_in_every_book() -> None:
    assert BOOK.describe(event("refused", reason="la carte n’est pas en main.")) == (
        "Coup refusé. La carte n’est pas en main.")
    assert BOOK.describe(event("winner", None, reason="Anke gagne.")) == "Anke gagne."


@pytest.mark.parametrize("bad", [
    "draw", None, Tagged("draw", "Anke", [], "x"),  # not an event, data not a mapping
    event("mystère"), Tagged(3, "Anke", {}, "x"),  # unknown kinds
    event("draw", cards=2),  # a field missing
    event("draw", cards=2.0, left=1), event("draw", cards=True, left=1),  # not whole numbers
    event("turn", next=3, stake=1, names=["Bea"]),  # a name that is not a text
    event("draw", seat=None, cards="2", left=1),
])
def test_anything_but_a_well_formed_event_is_refused_in_french(bad: object) -> None:
    with pytest.raises(ValueError, match="Essai"):
        BOOK.describe(bad)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("bad", [
    None, "setup", Tagged("setup", None, {}, "x"), Tagged("mystère", "Anke", {}, "x"),
    Tagged("refused", "Anke", {"reason": 3}, "x"), Tagged("winner", None, {"reason": None}, "x"),
])
def test_every_game_refuses_malformed_events_in_french(game: str, bad: object) -> None:
    with pytest.raises(ValueError, match=GAMES[game].title):
        GAMES[game].engine().describe(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_template_names_writers_that_exist(game: str) -> None:
    book: Phrasebook = GAMES[game].engine().PHRASES
    known = {**WRITERS, **book.writers}
    for kind, sentence in book.sentences.items():
        if isinstance(sentence, str):
            specs = [spec for _, name, spec, _ in string.Formatter().parse(sentence) if name]
            unknown = [s for s in specs if s and s.split(" ")[0] not in known]
            assert not unknown, f"{game}/{kind}: {unknown}"
