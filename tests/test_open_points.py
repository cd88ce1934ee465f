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
