"""The Vaiko tutor in Voilà, driven in headless Chromium by clicking only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import (
    assert_drawn,
    assert_no_voila_error,
    full_screenshot,
    layout_faults,
    open_page,
    play_to_the_end,
    wait_settled,
)

NOTEBOOK = "vaiko.ipynb"
PARTS = (".tv-memory", ".tv-match-explorer", ".tv-example", ".tv-call", ".tv-game",
         ".tv-sandbox", ".tv-exercises", ".tv-vk-hypothesis")


def ready(page: Page) -> None:
    for part in PARTS:
        expect(page.locator(part).first).to_be_visible(timeout=180_000)


@pytest.fixture(scope="module")
def vk(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_navigation_timeout(180_000)
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    ready(page)
    assert errors == []
    yield page
    page.close()


def test_page_has_no_error_and_every_part(vk: Page, shots: Path) -> None:
    assert_no_voila_error(vk)
    assert_drawn(vk)  # its readiness signal kept its promise, every part built
    expect(vk.locator(".tv-vk-hypothesis")).to_contain_text("Hypothèse du tuteur")
    expect(vk.locator("text=Ce que la règle ne dit pas").first).to_be_visible()
    full_screenshot(vk, shots / "vaiko.png")


def test_table_of_contents_links_reach_their_sections(vk: Page) -> None:
    links = vk.locator("a[href^='#']").filter(has_not=vk.locator(".tv-step-clause"))
    hrefs = [h for h in links.evaluate_all("l => l.map(a => a.getAttribute('href'))")
             if not h.startswith("#regle-")]
    assert len(hrefs) >= 10
    for href in hrefs:
        target = href[1:]
        assert vk.evaluate("t => !!(document.getElementById(t) ||"
                           " document.getElementById(decodeURIComponent(t)))", target), href


def test_immediate_discard_right_then_wrong_in_carlas_view(vk: Page, shots: Path) -> None:
    box = vk.locator(".tv-match-explorer")
    box.get_by_role("button", name="Tenter ma carte 2").click()
    expect(box.locator(".tv-explainer")).to_contain_text("un 6 lui aussi. Bien vu")
    box.get_by_role("button", name="Recommencer").click()
    box.get_by_role("button", name="Tenter ma carte 3").click()
    explainer = box.locator(".tv-explainer")
    expect(explainer).to_contain_text("c’est un 9, pas un 6")
    expect(explainer).to_contain_text("vaiko/erreur")
    expect(box.locator(".tv-match-table")).to_contain_text("carte 5")  # the penalty card
    box.screenshot(path=str(shots / "vaiko-defausse-immediate.png"))


def test_call_calculator_refuses_negative_points(vk: Page) -> None:
    box = vk.locator(".tv-call")
    expect(box.locator(".tv-call-result")).to_contain_text("4 − 10 = −6")
    field = box.locator("input").nth(1)  # Carla's points
    field.fill("4")
    field.press("Enter")
    expect(box.locator(".tv-call-result")).to_contain_text("4 + 10 = 14")
    field.fill("-3")
    field.press("Enter")
    expect(box.locator(".tv-error-area")).to_contain_text("impossible")
    field.fill("9")
    field.press("Enter")
    expect(box.locator(".tv-call-result")).to_contain_text("4 − 10 = −6")


def test_whole_game_against_the_computer_by_clicking(vk: Page, shots: Path) -> None:
    game = vk.locator(".tv-game")
    play_to_the_end(vk, game, 400)
    expect(game.locator(".tv-final")).to_contain_text("Fin de la partie")
    expect(game.locator(".tv-log")).to_contain_text("vaiko/decompte")
    game.screenshot(path=str(shots / "vaiko-partie-finie.png"))
    game.get_by_text("Vue du professeur (tout voir)").click()
    expect(game.locator(".tv-table-view")).to_contain_text("toutes les faces sont visibles")
    game.get_by_role("button", name="↶ Annuler").click()
    expect(game.locator(".tv-final")).to_have_count(0)
    game.get_by_role("button", name="↷ Rétablir").click()
    expect(game.locator(".tv-final")).to_have_count(1)


def test_sandbox_plays_every_seat(vk: Page) -> None:
    box = vk.locator(".tv-sandbox")
    for _ in range(6):
        wait_settled(vk)
        box.locator(".tv-action:visible").first.click()
    wait_settled(vk)
    expect(box.locator(".tv-log")).to_contain_text("regarde")


def test_exercise_gives_immediate_feedback(vk: Page) -> None:
    ex = vk.locator(".tv-exercises")
    ex.locator(".tv-choice").first.click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score\u202f: [01] / 1"))


def test_phone_width_nothing_overflows_or_is_clipped(browser: Browser, app_url: str,
                                                      shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_navigation_timeout(180_000)
    open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    ready(page)
    page.locator(".tv-sandbox .widget-toggle-button", has_text="6").click()
    page.locator(".tv-sandbox").get_by_role("button", name="Nouvelle partie").click()
    expect(page.locator(".tv-sandbox .tv-vk-player")).to_have_count(6)
    assert layout_faults(page) == []
    full_screenshot(page, shots / "vaiko-390.png")
    page.close()
