"""Printing each page (Chromium, A4) gives a booklet: the rule clauses, the examples as text
and the readings, without the controls (buttons, lists, the sandbox, the game)."""

from __future__ import annotations

import json
import re
import unicodedata
from io import BytesIO
from pathlib import Path

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from tutor import fr, rules
from tutor.games import GAMES
from tutor.ui.later import PRINTED

from .pages import PAGE_GAMES, READY_TIMEOUT_MS, open_page

ROOT = Path(__file__).resolve().parents[2]
#: labels of controls that have no place on paper
CONTROLS = ("Nouvelle partie", "Pas à pas sur la table", "Lien à partager", "Tout afficher")


def printed(browser: Browser, url: str) -> tuple[int, str]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(READY_TIMEOUT_MS)
    assert open_page(page, url) == []
    pdf = page.pdf(format="A4")
    page.close()
    reader = PdfReader(BytesIO(pdf))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_a_printed_game_page_is_the_rule_booklet(browser: Browser, app_url: str,
                                                 game: str) -> None:
    info = GAMES[game]
    pages, text = printed(browser, f"{app_url}/voila/render/{info.notebook}")
    assert 4 <= pages <= 80, pages  # the whole page, not the first screen, not blank sheets
    assert info.title in text
    clauses = rules.load(info.id).clauses  # printed with their ids under their titles
    printed_ids = [cid for cid in clauses if cid in text]
    assert len(printed_ids) >= len(clauses) // 2, printed_ids
    # the prose names a control in guillemets (« Pas à pas sur la table » le rejoue…): only a
    # label outside them is a control printed
    bare = re.sub(r"«[^»]*»", "", text)
    for label in CONTROLS:
        assert label not in bare, f"« {label} » printed"
    # the page's own prose is printed with the clauses: each section heading as often as the
    # Markdown cells write it (the heading, the page's « Sommaire », the prose)
    def flat(words: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", words).replace("’", "'").split())
    cells = json.loads((ROOT / "notebooks" / info.notebook).read_text())["cells"]
    headings = [line[3:] for cell in cells if cell["cell_type"] == "markdown"
                for line in "".join(cell["source"]).splitlines() if line.startswith("## ")]
    prose = flat(" ".join(re.sub(r"\]\([^)]*\)", "]", "".join(cell["source"]))
                          for cell in cells if cell["cell_type"] == "markdown"))
    whole = flat(text)  # NFKC: the PDF's ligatures (ﬁ) as letters
    for heading in headings:
        assert whole.count(flat(heading)) >= prose.count(flat(heading)) > 0, heading
    # an interactive section (the sandbox, the game, the exercises, the explorers…) prints one
    # line saying so under its heading, not an empty heading
    played = sum("later(" in "".join(cell["source"]) or "later_sandbox(" in "".join(cell["source"])
                 for cell in cells if cell["cell_type"] == "code")
    assert whole.count(flat(fr.typography(PRINTED))) == played >= 4, played
