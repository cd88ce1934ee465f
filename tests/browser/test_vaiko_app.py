"""The Vaiko tutor in Voilà, driven in headless Chromium by clicking only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from .pages import assert_no_voila_error, full_screenshot, open_page, wait_settled

NOTEBOOK = "vaiko.ipynb"
# what the learner clicks when several choices are offered, most wanted first
PREFERENCE = ("Passer", "Regarder ma carte 1", "Piocher", "Jeter la carte piochée",
              "Dire « Vaiko »", "Regarder", "Échanger", "Échanger avec ma carte 1")


@pytest.fixture(scope="module")
def vk(browser: Browser, app_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors = open_page(page, f"{app_url}/voila/render/{NOTEBOOK}")
    expect(page.locator(".tv-game")).to_be_visible(timeout=60_000)
    assert errors == []
    yield page
    page.close()


def test_page_has_no_error_and_every_part(vk: Page, shots: Path) -> None:
    assert_no_voila_error(vk)
    for part in (".tv-memory", ".tv-match-explorer", ".tv-example", ".tv-call", ".tv-game",
                 ".tv-exercises", ".tv-vk-hypothesis"):
        expect(vk.locator(part).first).to_be_visible()
    expect(vk.locator(".tv-vk-hypothesis")).to_contain_text("Hypothèse du tuteur")
    expect(vk.locator("text=La défausse immédiate").first).to_be_visible()
    full_screenshot(vk, shots / "vaiko.png")


def test_memory_exercise_hides_then_checks(vk: Page) -> None:
    box = vk.locator(".tv-memory")
    box.get_by_role("button", name="J’ai retenu : cacher les cartes").click()
    expect(box).to_contain_text("Où est le 2")
    box.get_by_role("button", name="Carte 1").click()
    feedback = re.compile("Bonne réponse|le 2 est en carte")
    expect(box.locator(".tv-feedback")).to_contain_text(feedback)
    expect(box.locator(".tv-score")).to_have_text(re.compile(r"Score : [01] / 1"))


def test_immediate_discard_right_then_wrong(vk: Page, shots: Path) -> None:
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


def test_call_calculator_shows_both_readings(vk: Page) -> None:
    box = vk.locator(".tv-call")
    expect(box.locator(".tv-call-result")).to_contain_text("4 − 10 = −6")
    field = box.locator("input").nth(1)  # Carla's points: now tied with Alex
    field.fill("4")
    field.press("Enter")
    expect(box.locator(".tv-call-result")).to_contain_text("4 + 10 = 14")


def click_best(actions: Locator) -> str:
    """Click the preferred action, then wait until the page has replaced that button: every
    accepted action re-renders the action buttons, so stale ones are never read or clicked."""
    buttons = actions.locator("button")
    labels = [t.strip() for t in buttons.all_inner_texts()]
    index = next((labels.index(w) for w in PREFERENCE if w in labels), 0)
    handle = buttons.nth(index).element_handle()
    handle.click()
    handle.wait_for_element_state("hidden", timeout=15_000)
    return labels[index]


def test_whole_round_against_the_computer_by_clicking(vk: Page, shots: Path) -> None:
    game = vk.locator(".tv-game")
    actions = game.locator(".tv-vk-actions")
    table = game.locator(".tv-game-table")
    old = actions.locator("button").first.element_handle()
    game.get_by_role("button", name="Nouvelle partie").click()
    old.wait_for_element_state("hidden", timeout=15_000)
    clicked: list[str] = []
    for _ in range(150):
        vk.wait_for_function(
            "() => document.querySelector('.tv-vk-round') ||"
            " document.querySelectorAll('.tv-vk-actions button').length > 0", timeout=15_000)
        if game.locator(".tv-vk-round").count():
            break
        wait_settled(vk)  # the kernel has sent the whole set of new buttons
        clicked.append(click_best(actions))
    summary = game.locator(".tv-vk-round")
    expect(summary).to_contain_text("Fin de la manche 1")
    assert "Regarder ma carte 1" in clicked and "Piocher" in clicked
    expect(game.locator(".tv-log")).to_contain_text("vaiko/decompte")
    expect(game.locator(".tv-log")).to_contain_text("vaiko/total")
    game.screenshot(path=str(shots / "vaiko-manche-finie.png"))
    hidden = table.locator(".tv-vk-player .tv-back")
    assert hidden.count() > 0  # the learner does not know every card
    game.get_by_text("Vue du professeur (tout voir)").click()
    expect(table).to_contain_text("toutes les faces sont visibles")
    expect(hidden).to_have_count(0)
    game.get_by_role("button", name="↶ Annuler").click()
    expect(summary).to_have_count(0)


def test_exercise_gives_immediate_feedback(vk: Page) -> None:
    ex = vk.locator(".tv-exercises")
    ex.locator(".tv-choice").first.click()
    expect(ex.locator(".tv-feedback")).to_contain_text(re.compile("Bonne réponse|Pas tout à fait"))
    expect(ex.locator(".tv-score")).to_have_text(re.compile(r"Score : [01] / 1"))
