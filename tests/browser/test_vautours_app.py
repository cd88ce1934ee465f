"""The Stupides Vautours tutor in Voilà, driven in headless Chromium by clicking only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import assert_no_voila_error, full_screenshot, open_page, wait_ready

NOTEBOOK = "stupides-vautours.ipynb"


@pytest.fixture(scope="module")
def sv(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    expect(page.locator(".tv-game")).to_be_visible(timeout=60_000)
    assert errors == []
    yield page
    page.close()


def test_accueil_links_to_the_game_page(browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, app_url + "/")
    assert page.url.endswith("/voila/render/index.ipynb")
    expect(page.locator(".tv-hero h1")).to_have_text("Tuteur de règles de jeux de cartes")
    card = page.locator("a.tv-game-card[data-game='vautours']")
    expect(card).to_contain_text("Stupides Vautours")
    assert_no_voila_error(page)
    full_screenshot(page, shots / "accueil.png")
    card.click()
    page.wait_for_url(re.compile(r"/voila/render/stupides-vautours\.ipynb$"))
    wait_ready(page)
    expect(page.locator(".tv-hero h1")).to_have_text("Stupides Vautours")
    assert errors == []
    page.close()


def test_game_page_has_no_error_and_every_part(sv: Page, shots: Path) -> None:
    assert_no_voila_error(sv)
    for part in (".tv-tie-explorer", ".tv-sandbox", ".tv-game", ".tv-exercises",
                 ".tv-example"):
        expect(sv.locator(part).first).to_be_visible()
    expect(sv.locator("text=Les égalités s’annulent").first).to_be_visible()
    full_screenshot(sv, shots / "stupides-vautours.png")


def test_tie_explorer_shows_the_winner(sv: Page, shots: Path) -> None:
    explorer = sv.locator(".tv-tie-explorer")
    verdict = explorer.locator(".tv-verdict")
    expect(verdict).to_have_text("Carla remporte la pile (+7)")
    selects = explorer.locator("select")
    selects.nth(3).select_option("12")  # Léo now ties with Carla
    expect(verdict).to_have_text("Personne ne remporte la pile")
    selects.nth(3).select_option("9")
    expect(verdict).to_have_text("Carla remporte la pile (+7)")
    explorer.get_by_role("button", name="−2").click()  # the pile +7 −2 = +5 still Suricate
    explorer.get_by_role("button", name="+7").click()  # only −2 left: a Vautour pile
    expect(verdict).to_have_text("Léo remporte la pile (−2)")
    expect(explorer.locator(".tv-explainer")).to_contain_text("vautours/vautour")
    explorer.screenshot(path=str(shots / "explorateur.png"))


def test_illegal_action_shows_the_french_reason(sv: Page, shots: Path) -> None:
    game = sv.locator(".tv-game")
    game.get_by_role("button", name="Nouvelle partie").click()
    hand = game.locator(".tv-hand-buttons button")
    hand.nth(4).click()  # plays the 5
    expect(hand.nth(4)).to_have_class(re.compile("tv-played"))
    hand.nth(4).click()  # the 5 again: refused
    error = game.locator(".tv-error-area")
    expect(error).to_contain_text("Camille n’a plus la carte 5 en main")
    expect(error).to_contain_text("Jouer une carte de sa main (vautours/main)")
    game.screenshot(path=str(shots / "coup-interdit.png"))
    game.get_by_role("button", name="↶ Annuler").click()
    expect(hand.nth(4)).not_to_have_class(re.compile("tv-played"))


def test_whole_game_against_the_computer_by_clicking(sv: Page, shots: Path) -> None:
    game = sv.locator(".tv-game")
    game.get_by_role("button", name="Nouvelle partie").click()
    hand = game.locator(".tv-hand-buttons button")
    for k in range(15):
        hand.nth(k).click()
        expect(hand.nth(k)).to_have_class(re.compile("tv-played"))
    final = game.locator(".tv-final")
    expect(final).to_contain_text("Scores finaux")
    for name in ("Camille", "Alex", "Carla"):
        expect(final).to_contain_text(name)
    expect(final.locator(".tv-tag")).not_to_have_count(0)
    expect(game.locator(".tv-log")).to_contain_text("vautours/decompte")
    game.screenshot(path=str(shots / "partie-finie.png"))


def test_exercise_gives_immediate_feedback(sv: Page) -> None:
    ex = sv.locator(".tv-exercises")
    ex.get_by_role("button", name="Personne").click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score\s*: [01] / 1"))
