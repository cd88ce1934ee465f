"""The Vampir tutor in Voilà, driven in headless Chromium by clicking only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import assert_no_voila_error, full_screenshot, open_page, wait_ready

NOTEBOOK = "vampir.ipynb"


@pytest.fixture(scope="module")
def vp(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    expect(page.locator(".vp-game")).to_be_visible(timeout=60_000)
    assert errors == []
    yield page
    page.close()


def test_accueil_links_to_the_vampir_page(browser: Browser, app_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_page(page, app_url + "/")
    card = page.locator("a.tv-game-card[data-game='vampir']")
    expect(card).to_contain_text("Vampir")
    card.click()
    page.wait_for_url(re.compile(r"/voila/render/vampir\.ipynb$"))
    wait_ready(page)
    expect(page.locator(".tv-hero h1")).to_have_text("Vampir")
    page.close()


def test_page_has_no_error_and_every_part(vp: Page, shots: Path) -> None:
    assert_no_voila_error(vp)
    for part in (".vp-hunt-builder", ".vp-scoring-explorer", ".vp-sandbox", ".vp-game",
                 ".vp-exercises", ".tv-example"):
        expect(vp.locator(part).first).to_be_visible()
    expect(vp.locator("text=Les chasses").first).to_be_visible()
    full_screenshot(vp, shots / "vampir.png")


def test_hunt_builder_says_why(vp: Page, shots: Path) -> None:
    builder = vp.locator(".vp-hunt-builder")
    verdict = builder.locator(".vp-verdict")
    expect(verdict).to_contain_text("Chasse valide")
    builder.get_by_role("button", name="Tout retirer").click()
    joker = builder.get_by_role("button", name="★ Joker")
    for _ in range(3):
        joker.click()
    expect(verdict).to_contain_text("uniquement de jokers")
    builder.get_by_role("button", name="Retirer la dernière").click()
    builder.get_by_role("button", name="☠ Cimetière ●●").click()
    expect(verdict).to_contain_text("Chasse valide : 3 cartes vertes (Cimetière), dont 2 jokers")
    builder.screenshot(path=str(shots / "vampir-chasse.png"))


def test_scoring_explorer_updates_the_table(vp: Page, shots: Path) -> None:
    explorer = vp.locator(".vp-scoring-explorer")
    result = explorer.locator(".vp-scoring-result")
    expect(result).to_contain_text("En tête : Anke (28 points)")
    doro = explorer.locator(".vp-row-Doro select")
    doro.nth(0).select_option(label="12")  # Doro's red hunt: 12 heads
    expect(result).to_contain_text("En tête : Doro")
    explorer.screenshot(path=str(shots / "vampir-decompte.png"))


def test_whole_manche_against_the_computer_by_clicking(vp: Page, shots: Path) -> None:
    game = vp.locator(".vp-game")
    game.locator("select").first.select_option(label="Une seule manche")
    game.get_by_role("button", name="Nouvelle partie").click()
    expect(game.locator(".vp-game-table")).to_contain_text("Manche 1 sur 1")
    final = game.locator(".vp-final")
    draw = game.get_by_role("button", name="Piocher 2 cartes")
    lay = game.locator(".vp-lay-button")
    for turn in range(80):
        # strict alternation: each button only appears once the kernel has rendered the new state
        expect(draw.or_(final).first).to_be_visible()
        if final.count():
            break
        draw.click()
        expect(lay.or_(final).first).to_be_visible()  # the last card ends the manche at once
        if final.count():
            break
        lay.click()
        if turn == 3:
            game.screenshot(path=str(shots / "vampir-partie.png"))
    expect(final).to_contain_text("Scores finaux")
    for name in ("Camille", "Anke", "Bernd"):
        expect(final).to_contain_text(name)
    expect(game.locator(".vp-score")).to_contain_text("Points")
    expect(game.locator(".tv-log")).to_contain_text("vampir/points")
    expect(game.locator(".tv-error-area")).to_have_text("")
    game.screenshot(path=str(shots / "vampir-partie-finie.png"))


def test_exercise_gives_immediate_feedback(vp: Page) -> None:
    ex = vp.locator(".vp-exercises")
    ex.locator(".tv-choice").first.click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score : [01] / 1"))
