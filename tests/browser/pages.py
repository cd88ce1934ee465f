"""Helpers to drive the tutor's pages in the browser."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

VOILA_ERROR = "There was an error when executing cell"


def open_page(page: Page, url: str) -> list[str]:
    """Open ``url``, wait until every cell has run, and return the page's JavaScript errors."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    expect(page.locator(".tv-root").first).to_be_visible(timeout=90_000)
    page.wait_for_function("() => !document.querySelector('.voila-spinner, #loading')"
                           " || document.querySelector('.tv-root')", timeout=90_000)
    return errors


def assert_no_voila_error(page: Page) -> None:
    body = page.locator("body").inner_text()
    assert VOILA_ERROR not in body
    assert "Traceback" not in body
    expect(page.locator("[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)


def full_screenshot(page: Page, path: Path) -> None:
    """A screenshot of the whole page (Voilà scrolls inside a container, so grow the viewport)."""
    size = page.viewport_size or {"width": 1280, "height": 800}
    height = page.evaluate(
        "Math.max(...Array.from(document.querySelectorAll('*')).map(e => e.scrollHeight))")
    page.set_viewport_size({"width": size["width"], "height": min(int(height) + 40, 20000)})
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
