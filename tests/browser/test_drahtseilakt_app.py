"""The Drahtseilakt tutor in Voilà, driven in headless Chromium by clicking only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .pages import assert_no_voila_error, full_screenshot, open_page, wait_ready

NOTEBOOK = "drahtseilakt.ipynb"


@pytest.fixture(scope="module")
def dz(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    expect(page.locator(".tv-game")).to_be_visible(timeout=60_000)
    assert errors == []
    yield page
    page.close()


def test_accueil_links_to_the_drahtseilakt_page(browser: Browser, app_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, app_url + "/")
    card = page.locator("a.tv-game-card[data-game='drahtseilakt']")
    expect(card).to_contain_text("Drahtseilakt")
    expect(card).to_contain_text("3 à 5 joueurs")
    card.click()
    page.wait_for_url(re.compile(r"/voila/render/drahtseilakt\.ipynb$"))
    wait_ready(page)
    expect(page.locator(".tv-hero h1")).to_have_text("Drahtseilakt")
    assert errors == []
    page.close()


def test_page_has_no_error_and_every_part(dz: Page, shots: Path) -> None:
    assert_no_voila_error(dz)
    for part in (".dz-chain-explorer", ".dz-pair-view", ".tv-sandbox", ".tv-game",
                 ".tv-exercises", ".tv-example"):
        expect(dz.locator(part).first).to_be_visible()
    expect(dz.locator("text=Deux 0 d’affilée").first).to_be_visible()
    full_screenshot(dz, shots / "drahtseilakt.png")


def test_chain_explorer_chains_two_zeros(dz: Page, shots: Path) -> None:
    explorer = dz.locator(".dz-chain-explorer")
    result = explorer.locator(".dz-chain-result")
    expect(result).to_contain_text("Pli 1")
    expect(result).to_contain_text("pas de bleus (0 bleu)")
    explorer.get_by_role("button", name="Vider la pioche").click()
    expect(result).to_contain_text("La pioche est vide")
    for card in ("0 rouge", "0 bleu", "6"):
        explorer.get_by_role("button", name=card, exact=True).click()
    expect(result).to_contain_text("les deux 0 s’annulent")
    expect(result).to_contain_text("6 bleus à la plus forte carte")
    expect(result.locator(".dz-void")).to_have_count(2)
    explorer.get_by_role("button", name="↶ Retirer la dernière").click()
    expect(result).to_contain_text("Il manque une carte")
    explorer.screenshot(path=str(shots / "drahtseilakt-explorateur.png"))


def test_pair_view_updates_with_the_sliders(dz: Page, shots: Path) -> None:
    view = dz.locator(".dz-pair-view")
    expect(view.locator(".dz-verdict")).to_contain_text("Il reste 2 bâtonnets rouges")
    view.screenshot(path=str(shots / "drahtseilakt-paires.png"))


def test_sandbox_plays_the_chosen_card(dz: Page) -> None:
    box = dz.locator(".tv-sandbox")
    box.get_by_role("button", name="Jouer", exact=True).click()
    expect(box.locator(".tv-log")).to_contain_text("face visible")


def test_whole_round_against_the_computer_by_clicking(dz: Page, shots: Path) -> None:
    game = dz.locator(".tv-game")
    game.get_by_role("button", name="Nouvelle partie").click()
    hand = game.locator(".dz-hand-buttons button")
    for k in range(9):
        expect(hand).to_have_count(9 - k)
        hand.first.click()
    expect(hand).to_have_count(9)  # the second manche is dealt
    log = game.locator(".tv-log")
    expect(log).to_contain_text("Fin de la manche 1")
    expect(log).to_contain_text("drahtseilakt/fin-de-manche")
    expect(game.locator(".tv-game-table")).to_contain_text("Manche 2 sur 3")
    expect(game.locator(".dz-last")).to_contain_text("Dernier pli")
    game.screenshot(path=str(shots / "drahtseilakt-manche.png"))
    game.get_by_role("button", name="↶ Annuler").click()
    expect(hand).to_have_count(1)


def test_exercise_gives_immediate_feedback(dz: Page) -> None:
    ex = dz.locator(".tv-exercises")
    ex.get_by_role("button", name="Personne").click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score : [01] / 1"))
