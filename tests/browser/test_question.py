"""« Une question sur la règle ? » at 390 px: a question typed on the Vaiko page lists the Vampir
clause that answers it, and its link opens the Vampir page on that clause."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from .pages import READY_TIMEOUT_MS, open_page, wait_ready


def test_question_jumps_to_the_clause(browser: Browser, app_url: str, shots: Path) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        assert open_page(page, f"{app_url}/voila/render/vaiko.ipynb") == []
        box = page.get_by_label("Une question sur la règle ?")
        box.press_sequentially("vampir le joker vaut combien de tetes")
        first = page.locator("ol.tv-question-results li").first
        expect(first).to_contain_text("Les jokers Somewhere", timeout=READY_TIMEOUT_MS)
        page.screenshot(path=str(shots / "question-390.png"))
        first.get_by_role("link", name="Voir dans la page").click()
        page.wait_for_url("**/vampir.ipynb#regle-vampir-jokers", timeout=READY_TIMEOUT_MS)
        wait_ready(page, whole=False)  # where the link leads, not scrolled further
        expect(page.locator("#regle-vampir-jokers")).to_be_in_viewport()
    finally:
        page.close()
