"""The Vampir tutor in Voilà, driven in headless Chromium by clicking only."""

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
    play_first,
    play_to_the_end,
    unfold,
    wait_ready,
    wait_settled,
)

NOTEBOOK = "vampir.ipynb"


def ready(page: Page) -> None:
    """Wait until every widget of the page is drawn: the game's actions are the last ones."""
    expect(page.locator(".tv-game .tv-action").first).to_be_visible(timeout=90_000)
    expect(page.locator(".tv-exercises .tv-choice").first).to_be_visible(timeout=30_000)


@pytest.fixture(scope="module")
def vp(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_navigation_timeout(180_000)  # a loaded machine serves the page slowly
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    ready(page)
    assert errors == []
    yield page
    page.close()


def test_accueil_links_to_the_vampir_page(browser: Browser, app_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_page(page, app_url + "/")
    card = page.locator("a.tv-game-card[data-game='vampir']")
    expect(card).to_contain_text("Vampir")
    card.click()
    page.wait_for_url(re.compile(r"/voila/render/vampir\.ipynb$"), timeout=120_000)
    wait_ready(page, whole=False)  # arrived: the page as the link opens it
    expect(page.locator(".tv-hero h1")).to_have_text("Vampir", timeout=90_000)
    page.close()


def test_page_has_every_part_and_its_links_jump(vp: Page, shots: Path) -> None:
    assert_no_voila_error(vp)
    assert_drawn(vp)  # its readiness signal kept its promise, every part built
    for part in (".vp-hunt-builder", ".vp-scoring-explorer", ".tv-sandbox", ".tv-game",
                 ".tv-exercises", ".tv-example"):
        expect(vp.locator(part).first).to_be_visible()
    # Voilà keeps the heading ids percent-encoded, JupyterLab decoded: browsers try both
    missing = vp.evaluate("""() => Array.from(document.querySelectorAll('a[href^="#"]'))
        .map(a => a.href.split('#')[1])
        .filter(id => id && !document.getElementById(id)
                && !document.getElementById(decodeURIComponent(id)))""")
    assert missing == []
    vp.locator("a[href='#Le-d%C3%A9compte']").first.click()
    expect(vp.locator("h2", has_text="Le décompte")).to_be_in_viewport()
    full_screenshot(vp, shots / "vampir-1280.png")


def test_final_booklet_example_steps(vp: Page) -> None:
    example = unfold(vp.locator(".tv-example", has_text="L’exemple final du livret").first)
    expect(example).to_contain_text("Étape 1 sur")
    scene = example.locator(".widget-html").first
    expect(scene).to_contain_text("à décompter")
    first = scene.inner_text()
    example.get_by_role("button", name="Suivant ▶").click()
    expect(example).to_contain_text("Étape 2 sur")
    assert scene.inner_text() != first
    example.get_by_role("button", name="Tout afficher").click()
    expect(scene).not_to_contain_text("à décompter")
    expect(scene).to_contain_text("Points")


def test_hunt_builder_says_why_and_holds_only_the_games_cards(vp: Page, shots: Path) -> None:
    builder = vp.locator(".vp-hunt-builder")
    verdict = builder.locator(".vp-verdict")
    expect(verdict).to_contain_text("Chasse valide")
    expect(verdict.locator(".tv-panel a")).to_contain_text("Les chasses")
    builder.get_by_role("button", name="Tout retirer").click()
    joker = builder.get_by_role("button", name="★ Joker")
    for _ in range(3):
        joker.click()
    expect(verdict).to_contain_text("uniquement de jokers")
    builder.get_by_role("button", name="Retirer la dernière").click()
    builder.get_by_role("button", name="☠ Cimetière ●●").click()
    expect(verdict).to_contain_text("Chasse valide : 3 cartes vertes (Cimetière), dont 2 jokers")
    for _ in range(10):
        joker.click()
    expect(builder).to_contain_text("Cartes choisies (11)", timeout=30_000)
    expect(builder.locator(".tv-error-area")).to_contain_text("que 10 jokers", timeout=30_000)
    builder.screenshot(path=str(shots / "vampir-chasse.png"))


def test_scoring_explorer_updates_the_table(vp: Page, shots: Path) -> None:
    explorer = vp.locator(".vp-scoring-explorer")
    result = explorer.locator(".vp-scoring-result")
    expect(result).to_contain_text("En tête : Anke (28 points)")
    explorer.locator(".vp-row-Doro select").nth(0).select_option(label="12")
    expect(result).to_contain_text("En tête : Doro")
    explorer.screenshot(path=str(shots / "vampir-decompte.png"))


def test_whole_game_against_the_computer_by_clicking_actions(vp: Page, shots: Path) -> None:
    game = vp.locator(".tv-game")
    game.locator("select").first.select_option(label="Une seule manche")
    game.get_by_role("button", name="Nouvelle partie").click()
    expect(game.locator(".tv-table-view")).to_contain_text("Manche 1 sur 1")
    final = game.locator(".tv-final")
    for _ in range(4):
        assert play_first(vp, game)
    wait_settled(vp)
    game.screenshot(path=str(shots / "vampir-partie.png"))
    play_to_the_end(vp, game, 200)
    expect(final).to_contain_text("Fin de la partie")
    for name in ("Camille", "Anke", "Bernd"):
        expect(final).to_contain_text(name)
    expect(game.locator(".vp-grid")).to_contain_text("Points")
    expect(game.locator(".tv-error-area")).to_have_text("")
    game.screenshot(path=str(shots / "vampir-partie-finie.png"))


def test_exercise_gives_immediate_feedback(vp: Page) -> None:
    ex = vp.locator(".tv-exercises")
    ex.locator(".tv-choice").first.click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score\u202f: [01] / 1"))


def test_a_390_px_phone_shows_everything_unclipped(browser: Browser, app_url: str,
                                                    shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.set_default_navigation_timeout(180_000)
    open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    ready(page)
    assert layout_faults(page, ".vp-card") == []
    for part in (".tv-hero", ".vp-hunt-builder", ".vp-scoring-explorer", ".vp-scoring-result",
                 ".tv-sandbox", ".tv-game .tv-actions", ".tv-exercises"):
        page.evaluate("sel => document.querySelector(sel).scrollIntoView()", part)
        page.screenshot(path=str(shots / f"vampir-390{part.replace(' ', '')}.png"))
    example = unfold(page.locator(".tv-example", has_text="L’exemple final du livret").first)
    example.get_by_role("button", name="Tout afficher").click()
    expect(example.locator(".vp-grid")).to_contain_text("Points")
    example.locator(".vp-grid").evaluate("e => e.scrollIntoView()")
    page.screenshot(path=str(shots / "vampir-390-exemple.png"))
    assert layout_faults(page, ".vp-card") == []
    page.close()
