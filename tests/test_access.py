"""What a game page gives keyboard and screen-reader users before any browser draws it: the
sections « Aller à la partie » and « Aller au bac à sable » lead to (the links themselves are
made by the page's script: tests/browser/test_keyboard.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.games import GAMES
from tutor.ui.bridge import BrowserLink
from tutor.ui.later import reached
from tutor.ui.page import GamePage

from .conftest import notebook_path

ROOT = Path(__file__).resolve().parents[1]
PAGE_GAMES = list(GAMES)


def test_a_section_with_a_skip_link_says_its_label_and_rank() -> None:
    link = BrowserLink(key="test")
    game = reached(link, "game", lambda: None, "Partie", skip="Aller à la partie")
    plain = reached(link, "other", lambda: None, "Autre")
    assert 'data-tutor-skip="Aller à la partie" data-tutor-skip-rank="0"' in game._repr_html_()
    assert "data-tutor-skip" not in plain._repr_html_()


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_each_game_page_leads_to_its_game_then_its_sandbox(game: str) -> None:
    cells = json.loads(notebook_path(game).read_text())["cells"]
    calls = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert any("play_vs_computer" in c and 'skip="Aller à la partie"' in c for c in calls)
    page = GamePage(GAMES[game].engine(), "")
    sandbox = page.later_sandbox(lambda: None)._repr_html_()
    assert 'data-tutor-skip="Aller au bac à sable" data-tutor-skip-rank="1"' in sandbox
