"""« Conseil » in Voilà, in headless Chromium: on the Stupides Vautours game against the
computer, pressing the button shows one row per legal action of the learner."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from .kernel import is_kernel
from .pages import (
    PLAY,
    READY_TIMEOUT_MS,
    assert_no_voila_error,
    open_part,
    play_first,
    wait_settled,
)

NOTEBOOK = "stupides-vautours.ipynb"


def test_conseil_shows_one_row_per_legal_action(browser: Browser, app_url: str,
                                               shots: Path) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    errors = open_part(page, f"{app_url}/voila/render/{NOTEBOOK}", PLAY)
    game = page.locator(".tv-game")
    actions = game.locator(".tv-action:visible")
    expect(actions.first).to_be_visible()
    rows = game.locator(".tv-hints tbody tr")
    for expected in (15, 14):
        wait_settled(page)
        expect(actions).to_have_count(expected)
        game.locator(".tv-hint-button").click()
        wait_settled(page)
        expect(rows).to_have_count(expected)
        expect(game.locator(".tv-hints")).to_contain_text("Chance de gagner")
        expect(game.locator(".tv-hints")).to_contain_text("intervalle de confiance à 95")
        labels = {rows.nth(k).locator(".tv-hint-move").inner_text().strip()
                  for k in range(expected)}
        cards = {actions.nth(k).inner_text().strip() for k in range(expected)}
        assert labels == {f"Carte {c}" for c in cards}
        if expected == 15:
            game.locator(".tv-hints").scroll_into_view_if_needed()
            game.locator(".tv-hints").screenshot(path=str(shots / "hints-vautours-1280.png"))
            page.set_viewport_size({"width": 390, "height": 800})
            game.locator(".tv-hints").scroll_into_view_if_needed()
            page.screenshot(path=str(shots / "hints-vautours-390.png"))
            page.set_viewport_size({"width": 1280, "height": 800})
            assert play_first(page, game)  # a new position clears the hint
            wait_settled(page)
            expect(rows).to_have_count(0)
    assert_no_voila_error(page)
    assert errors == []
    assert kernel_children() == [], "a hint's worker (tutor.engine.worker) is collected"
    page.close()


def kernel_children() -> list[int]:
    """The processes whose parent is a kernel (the forked worker of a hint, if one is left)."""
    kernels, parents = set(), {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            status = (entry / "status").read_text()
        except OSError:
            continue
        if is_kernel(cmdline):
            kernels.add(int(entry.name))
        ppid = next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:"))
        parents[int(entry.name)] = int(ppid)
    return sorted(pid for pid, ppid in parents.items() if ppid in kernels)
