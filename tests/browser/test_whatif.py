"""« Et si… ? » and « Pourquoi je n’ai pas gagné ? » on the Stupides Vautours page, by clicking."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from .pages import (
    PLAY,
    READY_TIMEOUT_MS,
    assert_no_voila_error,
    open_part,
    play_first,
    play_to_the_end,
    wait_settled,
)

NOTEBOOK = "stupides-vautours.ipynb"


def test_what_if_then_why_not(browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    errors = open_part(page, f"{app_url}/voila/render/{NOTEBOOK}", PLAY)
    game = page.locator(".tv-game")
    expect(game.locator(".tv-action").first).to_be_visible()
    assert play_first(page, game) and play_first(page, game)
    wait_settled(page)
    panel = game.locator(".tv-whatif-panel")
    step_choice = panel.locator(".tv-whatif-step select")
    choice = panel.locator("select").nth(1)
    # mid-game, in the learner's view, another future would show the cards to come
    expect(choice).to_be_disabled()
    expect(panel).to_contain_text("Vue du professeur")
    play_to_the_end(page, game, limit=20)
    for _ in range(2):  # back to the 13th round, where 3 cards were left in the hand
        game.get_by_role("button", name="↶ Annuler").click()
        wait_settled(page)
    expect(choice).to_be_enabled()
    expect(step_choice).to_have_value(re.compile("^13\u202f: "))  # the step the cursor shows
    assert step_choice.locator("option").count() == 14  # every round with a choice
    assert choice.locator("option").count() == 2  # the 2 other cards of the 13th round
    choice.select_option(index=1)
    wait_settled(page)
    panel.locator(".tv-whatif").click()
    wait_settled(page)
    out = panel.locator(".tv-whatif-out")
    expect(out).to_be_visible()
    expect(out).to_contain_text("Étape 13\u202f: et si")
    expect(out).to_contain_text("parties comparées")
    expect(out).to_contain_text("Une suite, avec les vraies cartes")
    expect(out).to_contain_text("Ce qui a été joué")
    expect(out).to_contain_text("Et si…")
    expect(out.get_by_text("Fin de la partie")).to_have_count(2)
    assert_no_voila_error(page)
    out.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "whatif-1280.png"))
    page.set_viewport_size({"width": 390, "height": 800})
    out.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "whatif-390.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    # any earlier decision, without moving the game: the third round
    step_choice.select_option(index=2)
    wait_settled(page)
    assert choice.locator("option").count() == 12
    panel.locator(".tv-whatif").click()
    wait_settled(page)
    expect(out).to_contain_text("Étape 3\u202f: et si")
    why = panel.locator(".tv-why")
    expect(why).to_be_visible()
    # the button asks « Pourquoi je n'ai pas gagné ? » of a lost game, and the review's title too
    # (a won one says « Revoir mes décisions »)
    title = why.inner_text().strip()
    assert title in ("Pourquoi je n’ai pas gagné\u202f?", "Revoir mes décisions")
    why.click()
    wait_settled(page)
    answer = panel.locator(".tv-why-out")
    expect(answer).to_contain_text(title)
    expect(answer).to_contain_text("décisions jugées")
    expect(answer).to_contain_text("Fin de la partie")
    assert_no_voila_error(page)
    answer.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "whatif-why-1280.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    answer.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "whatif-why-390.png"))
    # its last lines: every decision with a choice judged, and the work done
    summary = answer.locator("p").last
    expect(summary).to_contain_text(
        "14 décisions jugées (toutes celles où vos coups possibles se distinguaient)")
    summary.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "whatif-why-end-390.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    game.screenshot(path=str(shots / "whatif-game-1280.png"))
    assert errors == []
    page.close()
