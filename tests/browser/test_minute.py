"""« La règle en une minute » in Voilà: on a phone (390 × 844) each game page's summary fits one
screen, its lines lead to their clauses, and it prints whole on one page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tutor import minute
from tutor.games import GAMES
from tutor.ui import html as h

from .pages import PAGE_GAMES, assert_no_voila_error, open_page

PHONE: ViewportSize = {"width": 390, "height": 844}
# what an A4 sheet (210 × 297 mm) holds inside margins of 15 mm, at 96 px an inch
A4: ViewportSize = {"width": 680, "height": 1009}

# the targets of the summary's links that are not on the page (by id)
MISSING = """box => Array.from(box.querySelectorAll('a.tv-minute-line'))
    .map(a => a.getAttribute('href').slice(1)).filter(id => !document.getElementById(id))"""
# the box's parts wider than the phone's screen
OVERFLOW = """box => Array.from(box.querySelectorAll('*'))
    .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).length"""


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_the_summary_fits_a_phone_screen_and_leads_to_its_clauses(
        browser: Browser, app_url: str, shots: Path, game: str) -> None:
    page = browser.new_page(viewport=PHONE)
    # the summary and the clauses it leads to are drawn on arrival: no part below is needed
    errors = open_page(page, f"{app_url}/voila/render/{GAMES[game].notebook}", whole=False)
    assert_no_voila_error(page)
    summary = minute.load(game)
    box = page.locator(".tv-minute")
    expect(box).to_have_count(1)
    # under the banner, before the first clause
    assert page.evaluate("""() => {
        const hero = document.querySelector('.tv-hero'), box = document.querySelector('.tv-minute');
        const first = document.querySelector('.tv-clause');
        return Boolean(hero.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)
            && Boolean(box.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    links = box.locator("a.tv-minute-line")
    expect(links).to_have_count(len(summary.lines))
    for theme in minute.THEMES:
        expect(box.locator(".tv-minute-label", has_text=theme)).to_have_count(1)
    box.scroll_into_view_if_needed()
    size = box.bounding_box()
    assert size is not None
    assert size["height"] <= PHONE["height"], f"{game}: {size['height']} px"
    assert size["width"] <= PHONE["width"] and box.evaluate(OVERFLOW) == 0
    box.screenshot(path=str(shots / f"minute-{game}-390.png"))
    assert box.evaluate(MISSING) == []
    # a line leads to its clause's panel (the last line: the farthest clause down the page)
    last = summary.lines[-1]
    links.last.click()
    expect(page.locator(f"#{h.anchor(last.clause)}")).to_be_in_viewport()

    page.set_viewport_size({"width": 1280, "height": 900})
    box.scroll_into_view_if_needed()
    box.screenshot(path=str(shots / f"minute-{game}-1280.png"))

    # printed: kept whole, and shorter than one A4 sheet
    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    assert box.evaluate("b => getComputedStyle(b).breakInside") == "avoid"
    printed = box.bounding_box()
    assert printed is not None and printed["height"] <= A4["height"], printed
    assert printed["width"] <= A4["width"] and box.evaluate(OVERFLOW) == 0
    page.emulate_media(media="screen")
    assert errors == []
    page.close()
