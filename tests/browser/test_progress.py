"""What the learner has met survives a reload: on the Stupides Vautours page, a step played in
the sandbox and an exercise answered change the map of the rule's clauses; after a reload (a new
kernel) the map shows the same progress, read back from the browser's localStorage. A stored text
the page cannot read is ignored with a French notice."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect

from .pages import (
    PROGRESS,
    READY_TIMEOUT_MS,
    SANDBOX,
    assert_no_voila_error,
    open_part,
    part,
    reach,
    wait_ready,
    wait_settled,
)

NOTEBOOK = "stupides-vautours.ipynb"
KEY = "tutor:vautours"
SHOWN = "vautours/devoilement"  # resolved when every seat of the sandbox has laid a card


def map_state(page: Page) -> list[tuple[str, str, str]]:
    """Each clause of the map: its id, its status and its marks as read."""
    rows: list[tuple[str, str, str]] = page.evaluate("""() => Array.from(
        document.querySelectorAll('.tv-progress-map .tv-progress-item')).map(li => [
        li.dataset.clause, li.dataset.status,
        Array.from(li.querySelectorAll('.tv-tag[data-kind]')).map(t => t.textContent.trim())
            .join(' | ')])""")
    return [tuple(r) for r in rows]  # type: ignore[misc]


def shoot(page: Page, part: Locator, path: Path) -> None:
    """A screenshot of ``part`` whole (Voilà scrolls inside a container: grow the viewport)."""
    size = page.viewport_size or {"width": 1280, "height": 800}
    height = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('*')).map(e => e.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 20000)})
    part.screenshot(path=str(path))
    page.set_viewport_size(size)


def item(page: Page, clause: str) -> Locator:
    return page.locator(f".tv-progress-map .tv-progress-item[data-clause='{clause}']")


def test_progress_survives_a_reload(browser: Browser, app_url: str, shots: Path) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(READY_TIMEOUT_MS)
    url = f"{app_url}/voila/render/{NOTEBOOK}"
    # the parts it uses: the sandbox, then the map (the rest of the page left unbuilt)
    assert open_part(page, url, SANDBOX, PROGRESS) == []
    view = page.locator(".tv-progress-view")
    expect(item(page, SHOWN)).to_have_attribute("data-status", "none")
    assert {status for _, status, _ in map_state(page)} == {"none"}

    # a step in the sandbox: each of its two seats lays a card, the manche resolves
    sandbox = page.locator(".tv-sandbox")
    for _ in range(2):
        wait_settled(page)
        sandbox.locator(".tv-action:visible").first.click()
    expect(item(page, SHOWN)).to_have_attribute("data-status", "met")
    expect(item(page, SHOWN).locator(".tv-tag[data-kind='play']")).to_be_visible()

    # an exercise on what is not met yet, answered
    wait_settled(page)
    view.get_by_role("button", name="Exercices sur ce que vous n’avez pas encore vu").click()
    choice = view.locator(".tv-exercises .tv-choice").first
    expect(choice).to_be_visible()
    expect(view).to_contain_text("Pas encore d’exercice pour")
    wait_settled(page)
    choice.click()
    answered = page.locator(".tv-progress-map .tv-progress-item .tv-tag[data-kind='right'], "
                            ".tv-progress-map .tv-progress-item .tv-tag[data-kind='wrong']")
    expect(answered).to_have_count(1)
    wait_settled(page)
    before = map_state(page)
    assert sum(status != "none" for _, status, _ in before) >= 3
    # what the kernel asked the browser to keep is there before the page goes
    page.wait_for_function(
        f"() => (localStorage.getItem('{KEY}') || '').includes('{SHOWN}')"
        " && /\\[0,0,[01],[01]\\]/.test(localStorage.getItem('" + KEY + "'))",
        timeout=READY_TIMEOUT_MS)
    shoot(page, view, shots / "progress-1280.png")

    # a reload: a new kernel, which learns the progress from the browser
    page.reload(timeout=READY_TIMEOUT_MS)
    wait_ready(page, whole=False)
    reach(page, part(page, PROGRESS))
    expect(item(page, SHOWN)).to_have_attribute("data-status", "met")
    expect(answered).to_have_count(1)
    assert map_state(page) == before
    assert_no_voila_error(page)

    page.set_viewport_size({"width": 390, "height": 800})
    wait_settled(page)
    view.get_by_role("button", name="Exercices sur ce que vous n’avez pas encore vu").click()
    # the question shown before is still there: wait for the kernel to have drawn the new one
    # (else the width is measured, and the storage replaced below, while it is drawing)
    wait_settled(page)
    expect(view.locator(".tv-exercises .tv-choice").first).to_be_visible()
    wide = page.evaluate("""() => Array.from(document.querySelectorAll('.tv-progress-view *'))
        .filter(e => e.getBoundingClientRect().right > 392).length""")
    assert wide == 0, f"{wide} parts of the map overflow a 390 px screen"
    shoot(page, view, shots / "progress-390.png")

    # a stored text the page cannot read is ignored, with a notice, never a traceback
    page.evaluate(f"() => localStorage.setItem('{KEY}', '{{\"format\": 1, \"clauses\": [')")
    page.reload(timeout=READY_TIMEOUT_MS)
    wait_ready(page, whole=False)
    reach(page, part(page, PROGRESS))
    expect(page.locator(".tv-progress-map")).to_contain_text("étaient illisibles")
    assert {status for _, status, _ in map_state(page)} == {"none"}
    assert_no_voila_error(page)
    context.close()
