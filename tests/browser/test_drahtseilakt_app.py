"""The Drahtseilakt tutor in Voilà, driven in headless Chromium by clicking only."""

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
    unfold,
    wait_ready,
)

NOTEBOOK = "drahtseilakt.ipynb"
PARTS = (".dz-chain-explorer", ".dz-pair-view", ".tv-sandbox", ".tv-game", ".tv-exercises",
         ".tv-example")


def open_ready(browser: Browser, app_url: str, width: int) -> Page:
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.set_default_navigation_timeout(240_000)  # Voilà runs every cell before "load"
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    for part in PARTS:
        expect(page.locator(part).first).to_be_visible(timeout=240_000)
    expect(page.locator(".tv-game .tv-action").first).to_be_visible()
    assert errors == []
    return page


@pytest.fixture(scope="module")
def dz(browser: Browser, app_url: str) -> Iterator[Page]:
    page = open_ready(browser, app_url, 1280)
    yield page
    page.close()


def test_accueil_links_to_the_drahtseilakt_page(browser: Browser, app_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_navigation_timeout(240_000)
    errors = open_page(page, app_url + "/")
    card = page.locator("a.tv-game-card[data-game='drahtseilakt']")
    expect(card).to_contain_text("Drahtseilakt")
    expect(card).to_contain_text("3 à 5 joueurs")
    card.click()
    page.wait_for_url(re.compile(r"/voila/render/drahtseilakt\.ipynb$"))
    wait_ready(page, whole=False)  # arrived: the page as the link opens it
    expect(page.locator(".tv-hero h1")).to_have_text("Drahtseilakt", timeout=240_000)
    assert errors == []
    page.close()


def test_page_has_no_error_and_every_part(dz: Page, shots: Path) -> None:
    assert_no_voila_error(dz)
    assert_drawn(dz)  # its readiness signal kept its promise, every part built
    expect(dz.locator("text=Deux 0 d’affilée").first).to_be_visible()
    assert layout_faults(dz) == []
    full_screenshot(dz, shots / "drahtseilakt-1280.png")


def test_table_of_contents_jumps_to_its_sections(dz: Page) -> None:
    for name in ("Ce que la règle ne dit pas", "Quand la réserve s’épuise", "Exercices"):
        href = dz.locator(f"a:text-is('{name}')").first.get_attribute("href")
        assert href and dz.locator(f"[id='{href[1:]}']").count() == 1, href
    anchor = dz.locator("a[href='#regle-drahtseilakt-zero']").first
    assert anchor.count() == 1 and dz.locator("#regle-drahtseilakt-zero").count() >= 1


def test_every_slider_is_named(dz: Page) -> None:
    """The keyboard reaches a slider's handle: it says the slider's name (« Rendre les
    paires »' sliders have no tooltip: ipywidgets writes the title "null")."""
    names = dz.evaluate("""() => Array.from(document.querySelectorAll('.noUi-handle'))
        .map(h => h.getAttribute('aria-label'))""")
    assert len(names) >= 2 and all(n and n != "null" for n in names), names
    typed = dz.evaluate("""() => Array.from(document.querySelectorAll('.widget-readout'))
        .map(r => r.getAttribute('aria-label'))""")
    assert len(typed) >= 2 and all(t and t.startswith("Valeur de «") for t in typed), typed


def test_phone_width_clips_nothing(browser: Browser, app_url: str, shots: Path) -> None:
    page = open_ready(browser, app_url, 390)
    assert layout_faults(page) == []
    game = page.locator(".tv-game")
    game.locator(".tv-action").first.click()
    expect(game.locator(".dz-last")).to_be_visible()
    assert layout_faults(page) == []
    full_screenshot(page, shots / "drahtseilakt-390.png")
    page.close()


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


def test_pair_view_updates_with_the_sliders(dz: Page) -> None:
    view = dz.locator(".dz-pair-view")
    expect(view.locator(".dz-verdict")).to_contain_text("Il reste 2 bâtonnets rouges")


def test_worked_example_steps_on_its_table(dz: Page) -> None:
    example = dz.locator(".tv-example").filter(has_text="28, 36 et 7").first
    if example.count() == 0:
        example = dz.locator(".tv-example").nth(3)
    unfold(example)
    example.get_by_role("button", name="Tout afficher").click()
    expect(example).to_contain_text("plus forte")


def test_sandbox_plays_the_chosen_card(dz: Page) -> None:
    box = dz.locator(".tv-sandbox")
    box.locator(".tv-action").first.click()
    expect(box.locator(".tv-log")).to_contain_text("face visible")


def test_whole_game_against_the_computer_by_clicking(dz: Page, shots: Path) -> None:
    game = dz.locator(".tv-game")
    game.get_by_role("button", name="Nouvelle partie").click()
    final = game.locator(".tv-final")
    assert play_to_the_end(dz, game, 40) > 0
    expect(final).to_contain_text("Fin de la partie")
    expect(game.locator(".tv-log")).to_contain_text("drahtseilakt/vainqueur")
    game.screenshot(path=str(shots / "drahtseilakt-fin.png"))
    game.get_by_role("button", name="↶ Annuler").click()
    expect(final).to_have_count(0)


def test_exercise_gives_immediate_feedback(dz: Page) -> None:
    ex = dz.locator(".tv-exercises")
    ex.locator(".tv-choice").first.click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score\u202f: [01] / 1"))
