"""The zero-server site (`make static`, `build/static/`) served by a plain static file server on
loopback and driven in Chromium: the Accueil, every game page by its link, a manche of Stupides
Vautours by clicking, « Une question ? » and its link to the clause, axe-core finding nothing
on any page, and not one request leaving the machine.

Run by `make test-static` (which builds the site first); skipped by `make test`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Route, expect

from .a11y import axe_violations, describe
from .conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, free_port, stop, wait_for_port
from .pages import PLAY, assert_no_voila_error, full_screenshot, part, reach

pytestmark = pytest.mark.skipif(os.environ.get("TUTOR_TEST_REACH") != "1",
                                reason="run by `make test-static`, after `make static`")

SITE = ROOT / "build" / "static"
ACCUEIL = "voici/render/index.html"
#: a Pyodide kernel starts in the page itself: generous, for a busy 2-core machine
KERNEL_TIMEOUT = 300_000
#: every host name but loopback fails to resolve, in the page, its workers and service worker
BLOCK_NETWORK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A plain static file server (Python's http.server) on a free loopback port."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    wait_for_port(port, proc)
    return proc, f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    if not (SITE / ACCUEIL).exists():
        pytest.fail(f"{SITE} has no {ACCUEIL}: run `make static` first (make test-static does)")
    proc, url = serve(SITE)
    try:
        yield url
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def offline_browser(browser_type: BrowserType) -> Iterator[Browser]:
    browser = browser_type.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, BLOCK_NETWORK])
    yield browser
    browser.close()


class Guard:
    """Aborts and records every request to anything but the site's own server."""

    def __init__(self, context: BrowserContext, base: str) -> None:
        self.base = base
        self.external: list[str] = []
        self.errors: list[str] = []
        context.route("**/*", self.route)
        context.on("request", self.watch)

    def route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith(self.base) or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            self.external.append(url)
            route.abort()

    def watch(self, request: object) -> None:
        url = str(getattr(request, "url", ""))
        if not url.startswith((self.base, "data:", "blob:")) and url not in self.external:
            self.external.append(url)

    def page(self, page: Page) -> Page:
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        return page


@pytest.fixture(scope="module")
def context(offline_browser: Browser, site_url: str) -> Iterator[tuple[BrowserContext, Guard]]:
    ctx = offline_browser.new_context(viewport={"width": 1280, "height": 800})
    guard = Guard(ctx, site_url)
    yield ctx, guard
    ctx.close()
    assert guard.external == [], f"requests left the machine: {guard.external}"


def wait_for_page(page: Page, title: str) -> None:
    """The page's kernel has run every cell: the page shows its opening (the hero title,
    drawn by a widget) once that has run, and says it is ready (``data-tutor-ready``, set by
    the build's Voici front end, as the served pages do) once every cell ran."""
    hero = page.locator(".tv-hero h1")
    expect(hero).to_be_visible(timeout=KERNEL_TIMEOUT)
    expect(hero).to_have_text(title)
    expect(page.locator("body")).to_have_attribute("data-tutor-ready", "",
                                                   timeout=KERNEL_TIMEOUT)


def test_root_opens_the_accueil_and_its_links_open_every_game(
        context: tuple[BrowserContext, Guard], site_url: str, shots: Path) -> None:
    ctx, guard = context
    page = guard.page(ctx.new_page())
    page.goto(site_url)
    page.wait_for_url(re.compile(re.escape(ACCUEIL) + "$"))
    wait_for_page(page, "Tuteur de règles de jeux de cartes")
    assert page.evaluate("document.documentElement.lang") == "fr"  # not Voici's "en"
    cards = page.locator("a.tv-game-card")
    expect(cards).to_have_count(4)
    links = {str(cards.nth(i).get_attribute("data-game")): str(cards.nth(i).get_attribute("href"))
             for i in range(cards.count())}
    titles = {game: cards.nth(i).locator("h2").inner_text()
              for i, game in enumerate(links)}
    assert_no_voila_error(page)
    violations = axe_violations(page)
    assert violations == [], describe(violations)
    full_screenshot(page, shots / "static-accueil.png")
    accueil = page.url
    first, *others = links
    # one link followed by a click, the others by their address (same relative href)
    page.locator(f"a.tv-game-card[data-game='{first}']").click()
    for game in [first, *others]:
        if game != first:
            page.goto(urljoin(accueil, links[game]))
        stem = links[game].removesuffix(".ipynb")
        page.wait_for_url(re.compile(re.escape(f"voici/render/{stem}.html") + "$"))
        wait_for_page(page, titles[game])
        expect(page.locator(".widget-button").first).to_be_visible()
        assert_no_voila_error(page)
        # the same keyboard, screen-reader and print provisions as the served pages
        expect(page.get_by_role("main")).to_have_count(1)
        violations = axe_violations(page)
        assert violations == [], f"{game}: {describe(violations)}"
        full_screenshot(page, shots / f"static-{stem}.png")
    assert guard.errors == []
    page.close()


def test_a_manche_of_stupides_vautours_by_clicking(
        context: tuple[BrowserContext, Guard], site_url: str, shots: Path) -> None:
    ctx, guard = context
    page = guard.page(ctx.new_page())
    page.goto(urljoin(site_url, "voici/render/stupides-vautours.html"))
    wait_for_page(page, "Stupides Vautours")
    reach(page, part(page, PLAY))  # built once reached
    game = page.locator(".tv-game")
    game.get_by_role("button", name="Nouvelle partie").click()
    actions = game.locator("button.tv-action")
    expect(actions).to_have_count(15)  # the learner's whole hand
    log = game.locator(".tv-log")
    before = log.inner_text()
    ten = game.locator("button.tv-action", has_text=re.compile(r"^\s*10\s*$"))
    ten.click()  # the learner plays a 10; the computer players answer
    expect(log).not_to_have_text(before)
    expect(log).to_contain_text("vautours/")  # each step cites its clause
    expect(ten).to_have_count(0)  # the 10 has left the hand
    expect(actions).to_have_count(14)
    assert_no_voila_error(page)
    violations = axe_violations(page)  # with a game under way, as on the served pages
    assert violations == [], describe(violations)
    game.screenshot(path=str(shots / "static-manche.png"))
    assert guard.errors == []
    page.close()


def test_a_question_on_the_accueil_opens_the_clause_on_its_page(
        context: tuple[BrowserContext, Guard], site_url: str, shots: Path) -> None:
    """« Une question ? » in the browser's own Python (the stemmer bundled), at 390 px: the
    Accueil lists the answer, and « Voir dans la page » opens the game's page on the clause
    (the address's #id kept through the ``.ipynb`` redirect, reached once drawn)."""
    ctx, guard = context
    page = guard.page(ctx.new_page())
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(urljoin(site_url, ACCUEIL))
    wait_for_page(page, "Tuteur de règles de jeux de cartes")
    page.get_by_label("Une question sur la règle ?").press_sequentially(
        "batonnets rouges a qui")
    first = page.locator("ol.tv-question-results li").first
    expect(first).to_contain_text("Les bâtonnets rouges", timeout=KERNEL_TIMEOUT)
    expect(page.locator(".tv-question-status[role='status']")).to_contain_text("résultat")
    expect(first.locator("mark").first).to_be_visible()
    page.screenshot(path=str(shots / "static-question-390.png"))
    first.get_by_role("link", name="Voir dans la page").click()
    page.wait_for_url(re.compile(r"voici/render/drahtseilakt\.html#regle-drahtseilakt-rouges$"),
                      timeout=KERNEL_TIMEOUT)
    wait_for_page(page, "Drahtseilakt")
    expect(page.locator("#regle-drahtseilakt-rouges")).to_be_in_viewport(timeout=KERNEL_TIMEOUT)
    # on a phone, the same provisions as the served pages (the shared include): worked examples
    # folded under their clause, « Sommaire » a bar at the bottom of the screen
    expect(page.locator("details.tv-fold[data-tutor-folded]").first).to_be_attached()
    nav = page.get_by_role("navigation", name="Sommaire")
    expect(nav).to_be_visible()
    bar = nav.bounding_box()
    assert bar is not None and bar["y"] + bar["height"] >= 844 - 1 and bar["width"] >= 389
    nav.get_by_role("button", name="Sommaire").click()
    nav.get_by_role("link", name="Fin de manche et fin de partie").click()
    expect(page.locator("h2", has_text="Fin de manche et fin de partie")).to_be_in_viewport()
    page.screenshot(path=str(shots / "static-sommaire-390.png"))
    assert guard.errors == []
    page.close()
