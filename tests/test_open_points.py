"""Each page's "Ce que la règle ne dit pas": every open point of the rule file, found and shown."""

from __future__ import annotations

import pytest

from tests.pagetext import text
from tutor import fr, rules
from tutor.games import GAMES
from tutor.ui.page import GamePage

SAMPLE = """+++
game = "vautours"
title = "Essai"
+++
## Déroulement
### Une règle {#vautours/une}
Premier paragraphe.

**Ambiguïté :** le livret hésite. Suite de la phrase.

**Précision (absente du livret) :** le tuteur tranche.
### Une autre {#vautours/autre}
Rien d'ouvert ici, même avec le mot Précision au milieu.
"""


def test_open_points_are_the_marked_paragraphs_in_file_order() -> None:
    points = rules.open_points(rules.parse(SAMPLE))
    assert [(p.clause.id, p.kind, p.summary) for p in points] == [
        ("vautours/une", "Ambiguïté", "le livret hésite."),
        ("vautours/une", "Précision", "le tuteur tranche."),
    ]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_page_lists_every_open_point_with_its_clause(game: str) -> None:
    points = rules.open_points(rules.load(game))
    assert points, "every booklet leaves something open"
    section = GamePage(game, "").open_points()
    shown = text(section.body)
    for point in points:
        assert text(point.clause.title) in shown and point.clause.id in section.text
    assert fr.count(len(points), "point ouvert", "points ouverts") in shown


def test_a_point_s_first_line_carries_its_answer() -> None:
    points = rules.open_points(rules.parse(SAMPLE.replace(
        "le livret hésite. Suite de la phrase.",
        "le livret hésite. Suite de la phrase. Le tuteur retient la première lecture.")))
    assert points[0].first_line == "le livret hésite. Le tuteur retient la première lecture."
    assert points[1].answer == points[1].first_line == "le tuteur tranche."
    unanswered = rules.open_points(rules.parse(SAMPLE))[0]
    assert unanswered.answer == "" and unanswered.first_line == "le livret hésite."


def test_booklet_differences_are_open_points() -> None:
    book = rules.parse(SAMPLE + "\n**Différence entre les livrets.** Deux noms. Le tuteur retient "
                       "le premier.\n")
    assert [p.kind for p in rules.open_points(book)][-1] == "Différence entre les livrets"


@pytest.mark.parametrize("game", list(GAMES))
def test_every_reading_is_listed_with_its_answer_in_its_first_line(game: str) -> None:
    """Every paragraph carrying a reading (a labelled one) appears in « Ce que la règle ne dit
    pas », and its entry's first line states the reading retained, not only the question."""
    points = rules.open_points(rules.load(game))
    section = GamePage(game, "").open_points()
    lines = section.text.splitlines()[1:]
    assert len(lines) == len(points)
    missing = [f"{p.clause.id}: {p.summary}" for p in points if not p.answer]
    assert not missing, "readings stated without the answer retained:\n" + "\n".join(missing)
    for point, line in zip(points, lines, strict=True):
        assert point.clause.id in line and " ".join(point.answer.split()[1:]) in line
