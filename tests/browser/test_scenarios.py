"""Exact scenarios shared by link, in Chromium: for each game a scenario is built by text, the
page is opened with ``?scenario=<text>`` and its sandbox shows the same table (the same HTML as
the sandbox built from that text in this process) and the same scenario text; a bad link shows a
French reason and leaves the page working."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.test_scenarios import text_of as text_for
from tutor.games import GAMES

from .pages import (
    PAGE_GAMES,
    READY_TIMEOUT_MS,
    SANDBOX,
    assert_no_voila_error,
    open_page,
    open_part,
    wait_settled,
)


def expected_table(game: str, text: str) -> tuple[str, str]:
    """The sandbox's table (HTML) and scenario text once ``text`` is loaded, built here."""
    board = importlib.import_module(GAMES[game].page_module).sandbox()
    board.scenario.load(text)
    return board.table.value, board.scenario.text.value


def text_of(page: Page, html: str) -> str:
    """What the browser reads in ``html`` (parsed the way the page parses a widget's HTML)."""
    return str(page.evaluate(
        "h => { const d = document.createElement('div'); d.innerHTML = h; "
        "return d.textContent.replace(/\\s+/g, ' ').trim(); }", html))


def opened(browser: Browser, app_url: str, game: str, query: str, width: int = 1280) -> Page:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.set_default_timeout(READY_TIMEOUT_MS)
    # a shared link builds the sandbox itself (the page is not scrolled to it); without one,
    # the learner reaches it
    url = f"{app_url}/voila/render/{GAMES[game].notebook}{query}"
    errors = open_page(page, url, whole=False) if query else open_part(page, url, SANDBOX)
    assert errors == []
    return page


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_a_scenario_shared_by_link_opens_on_the_same_table(
        browser: Browser, app_url: str, shots: Path, game: str) -> None:
    text = text_for(game)
    table_html, scenario_text = expected_table(game, text)
    page = opened(browser, app_url, game, "?scenario=" + quote(text, safe=""))
    sandbox = page.locator(".tv-sandbox")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    assert_no_voila_error(page)
    expect(sandbox.locator(".tv-scenario-text textarea")).to_have_value(
        scenario_text, timeout=READY_TIMEOUT_MS)
    shown = sandbox.locator(".tv-table-view")
    got = shown.evaluate("e => e.textContent.replace(/\\s+/g, ' ').trim()")
    assert got == text_of(page, table_html)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    # the link the panel gives opens the same position
    sandbox.locator(".tv-scenario-share").click()
    wait_settled(page)
    url_field = sandbox.locator(".tv-scenario-url input")
    expect(url_field).to_have_value(re.compile(r"\?scenario="), timeout=READY_TIMEOUT_MS)
    url = url_field.input_value()
    assert url.startswith(f"{app_url}/voila/render/{GAMES[game].notebook}?scenario=")
    sandbox.locator(".tv-scenario").screenshot(path=str(shots / f"scenario-{game}-1280.png"))
    page.close()
    again = opened(browser, app_url, game, url[url.index("?"):], width=390)
    sandbox = again.locator(".tv-sandbox")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
    # the page lands on the table of the position, its « Scénario chargé » note beside it
    # (body[data-tutor-holding]: kept there while the page above it is still drawn)
    wait_settled(again)
    expect(again.locator("body[data-tutor-holding]")).to_have_count(0)
    expect(sandbox.locator("#tutor-position")).to_be_in_viewport()
    expect(sandbox.locator(".tv-table-view")).to_be_in_viewport()
    again.screenshot(path=str(shots / f"shared-link-{game}-390.png"))  # as the learner lands
    # and the notice at the top of the page says so, with the way back to that table
    notice = again.locator(".tv-tutor-notice")
    expect(notice).to_contain_text("Scénario chargé depuis le lien\u202f:")
    notice.scroll_into_view_if_needed()
    notice.get_by_role("link", name="Aller au bac à sable").click()
    expect(sandbox.locator(".tv-table-view")).to_be_in_viewport()
    wait_settled(again)
    expect(sandbox.locator(".tv-scenario-text textarea")).to_have_value(
        scenario_text, timeout=READY_TIMEOUT_MS)
    sandbox.locator(".tv-scenario").screenshot(path=str(shots / f"scenario-{game}-390.png"))
    again.close()


def test_a_bad_scenario_link_says_why_in_french_and_the_page_keeps_working(
        browser: Browser, app_url: str, shots: Path) -> None:
    bad = 'joueurs = ["Anke", "Bernd"]\npioche = [5, 5]\n'
    page = opened(browser, app_url, "vautours", "?scenario=" + quote(bad, safe=""))
    sandbox = page.locator(".tv-sandbox")
    error = sandbox.locator(".tv-error-area .tv-error")
    expect(error).to_contain_text("de trop", timeout=READY_TIMEOUT_MS)
    # said at the top of the page too, where the learner arrives, with the way to the sandbox
    notice = page.locator(".tv-tutor-notice")
    expect(notice).to_contain_text("Le scénario du lien n’a pas été chargé")
    expect(notice).to_contain_text("de trop")
    assert (notice.bounding_box() or {"y": 1e9})["y"] < 900
    expect(notice.get_by_role("link", name="Aller au bac à sable")).to_have_attribute(
        "href", "#tutor-scenario")
    assert_no_voila_error(page)
    expect(sandbox.locator(".tv-scenario-status")).not_to_contain_text("Scénario chargé")
    # the learner fixes the text and loads it
    sandbox.locator(".tv-scenario-text textarea").fill(bad.replace("[5, 5]", "[5, -5]"))
    sandbox.locator(".tv-scenario-load").click()
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé.", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    expect(error).to_have_count(0)
    sandbox.screenshot(path=str(shots / "scenario-error-fixed-1280.png"))
    page.close()


@pytest.mark.parametrize("game", PAGE_GAMES)
def test_a_scenario_in_french_with_accented_names_opens_by_link(
        browser: Browser, app_url: str, game: str) -> None:
    text = GAMES[game].engine().SCENARIO.example  # readings, locations, names: the page's words
    assert "Chloé" in text
    table_html, scenario_text = expected_table(game, text)
    page = opened(browser, app_url, game, "?scenario=" + quote(text, safe=""))
    sandbox = page.locator(".tv-sandbox")
    expect(sandbox.locator(".tv-scenario-status")).to_contain_text(
        "Scénario chargé depuis le lien", timeout=READY_TIMEOUT_MS)
    wait_settled(page)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    got = sandbox.locator(".tv-table-view").evaluate(
        "e => e.textContent.replace(/\\s+/g, ' ').trim()")
    assert got == text_of(page, table_html) and "Chloé" in got
    expect(sandbox.locator(".tv-scenario-text textarea")).to_have_value(
        scenario_text, timeout=READY_TIMEOUT_MS)
    expect(sandbox.locator(".tv-scenario-format")).to_contain_text("Le format du scénario")
    page.close()
