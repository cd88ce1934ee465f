"""Keyboard, screen reader and phone keep their place, in Chromium, on the shared app: a whole
game played with the keyboard alone on every game page, at 1280 px and at 390 (the skip link to
the game, the focus never on the page after a move, a few Tab presses from one action to the
next, what the live region says after each move); at 1280 the same game is the accessibility
check of the page (axe-core finds no violation on arrival nor after the game, every part
built; the « Étape » slider with the arrows; no meaning told by colour alone); and the
« Sommaire »'s jumps landing on their section on a page whose sections above are still to be
built."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tutor.games import GAMES

from .a11y import GROUP, assert_accessible, colour_marks, colour_only, tab_to
from .pages import PAGE_GAMES, READY_TIMEOUT_MS, open_page, reach_all, wait_settled

#: the longest whole game, in moves (a bound, not a target)
LIMIT = 300
#: Tab presses from one action to the next: never more than this (the issue's bound)
MOST_TABS = 10
#: and at most this many in median
MEDIAN_TABS = 3
WIDTHS = (1280, 390)
#: the focused element, as a test reads it
FOCUSED = """() => { const e = document.activeElement;
  if (!e || e === document.body) return 'body';
  return e.tagName.toLowerCase() + '.' + [...e.classList].join('.') + ' «'
    + (e.textContent || '').trim().slice(0, 40) + '»'; }"""


def opened(browser: Browser, app_url: str, notebook: str, width: int) -> Page:
    """A fresh page, ready, its sections built on arrival left unbuilt (as a learner who has
    not scrolled yet finds it)."""
    page = browser.new_page(viewport={"width": width, "height": 800})
    page.set_default_timeout(READY_TIMEOUT_MS)
    assert open_page(page, f"{app_url}/voila/render/{notebook}", whole=False) == []
    return page


def settled(page: Page) -> None:
    """The kernel has handled every click and the page has put the focus where it goes
    (body[data-tutor-placing] while it waits to)."""
    wait_settled(page)
    expect(page.locator("body[data-tutor-placing]")).to_have_count(0, timeout=READY_TIMEOUT_MS)


def focused(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => !!document.activeElement.closest(s)", selector))


def tabs_to(page: Page, selector: str, most: int) -> int:
    """Press Tab until the focus is in ``selector``; the presses needed (fails past ``most``)."""
    for presses in range(most + 1):
        if focused(page, selector):
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} not reached in {most} Tab presses from "
                         f"{page.evaluate(FOCUSED)}")


def said_after(page: Page, game: str) -> None:
    """The live region says what the move did as the journal's last line does, and the clause
    that decided it."""
    board = page.locator(".tv-game")
    said = board.locator(".tv-live[aria-live='polite']")
    line = board.locator(".tv-journal li").first
    told = line.evaluate("li => li.firstChild.textContent.replace(/[ \\t\\n\\r]+/g, ' ').trim()")
    title = line.locator(".tv-step-clause").get_attribute("title")
    text = said.evaluate("e => e.textContent.replace(/[ \\t\\n\\r]+/g, ' ')")
    assert told and told in text, (game, told, text)
    assert f"Règle\u202f: «\u202f{title}\u202f»" in text, (game, title, text)


#: the pages whose whole game is played with the keyboard, and at which width: every page at
#: both widths (issue 58: the focus path differs on a phone, where the table stacks)
GAMES_AT = [(game, width) for game in sorted(PAGE_GAMES) for width in WIDTHS]


def test_every_game_page_is_played_with_the_keyboard_at_every_width() -> None:
    assert {game for game, _ in GAMES_AT} == set(PAGE_GAMES)
    assert all((game, width) in GAMES_AT for game in PAGE_GAMES for width in WIDTHS), GAMES_AT


@pytest.mark.parametrize(("game", "width"), GAMES_AT)
def test_a_whole_game_with_the_keyboard_alone(browser: Browser, app_url: str, shots: Path,
                                              game: str, width: int) -> None:
    page = opened(browser, app_url, GAMES[game].notebook, width)
    board = page.locator(".tv-game")
    if width == 1280:  # accessibility, once a page: French, one main landmark, axe on arrival
        assert page.evaluate("document.documentElement.lang") == "fr"
        expect(page.get_by_role("main")).to_have_count(1)
        assert_accessible(page, "page prête")
    # from the top of the page: the « Sommaire » in one Tab, the game in two
    page.keyboard.press("Tab")
    expect(page.locator("#tutor-toc > button")).to_be_focused()
    page.keyboard.press("Tab")
    link = page.locator("#tutor-skip a", has_text="Aller à la partie")
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()  # shown when the keyboard reaches it
    if width == 390:
        page.screenshot(path=str(shots / f"skip-link-{game}-390.png"))
    page.keyboard.press("Enter")
    settled(page)
    assert focused(page, ".tv-game .tv-actions"), page.evaluate(FOCUSED)
    if game in ("vautours", "drahtseilakt"):  # a card button says what it plays
        expect(board.locator(".tv-cardbtn").first).to_have_attribute(
            "aria-label", re.compile("^Jouer la carte [0-9]+$"))
    if game == "vampir":  # one round instead of three: the same screens, a third of the moves
        board.locator("select").first.select_option(label="Une seule manche")
        board.get_by_role("button", name="Nouvelle partie").focus()
        page.keyboard.press("Enter")
        expect(board.locator(".tv-table-view")).to_contain_text("Manche 1 sur 1")
        settled(page)
    tabs: list[int] = []
    while not board.locator(".tv-final").count():
        assert len(tabs) < LIMIT, f"the game is not over after {LIMIT} moves"
        tabs.append(tabs_to(page, ".tv-game .tv-action", MOST_TABS))
        page.keyboard.press("Enter")
        settled(page)
        where = page.evaluate(FOCUSED)
        assert where != "body" and focused(page, ".tv-game"), (len(tabs), where)
        expect(page.locator(".tv-game :focus")).to_be_in_viewport()
        said_after(page, game)
    assert tabs and statistics.median(tabs) <= MEDIAN_TABS, tabs
    # the game over, the focus is on its final scores, which a screen reader reads out
    expect(board.locator(".tv-final")).to_be_focused()
    expect(board.locator(".tv-final")).to_contain_text("Fin de la partie")
    expect(board.locator(".tv-error-area")).to_have_text("")
    if width == 1280:
        after_a_whole_game_it_is_accessible(page, game)
    page.close()


def after_a_whole_game_it_is_accessible(page: Page, game: str) -> None:
    """A page after a whole game played with the keyboard, every part of it built: its links to
    a place in the page stay in the page (no new tab), the « Étape » slider goes back through
    the game with the arrows, axe finds no violation, and without colour (greyscale, colour
    blindness) every meaning keeps a mark of its own."""
    board = page.locator(".tv-game")
    reach_all(page)
    expect(page.locator('a[href^="#"]').first).to_be_attached()
    expect(page.locator('a[href^="#"][target]')).to_have_count(0)
    handle = board.locator(".noUi-handle").first
    tab_to(page, ".tv-game .noUi-handle")
    expect(handle).to_have_attribute("aria-label", "Étape\u202f: les coups joués, de la mise en "
                                     "place (0) au dernier")
    before = handle.get_attribute("aria-valuenow")
    page.keyboard.press("ArrowLeft")
    expect(handle).not_to_have_attribute("aria-valuenow", str(before))
    wait_settled(page)
    assert_accessible(page, "après une partie entière")
    marks = colour_marks(page)
    if game in GROUP:
        assert sum(len(texts) for texts in marks[GROUP[game]].values()) > 0, marks
    assert colour_only(marks) == []


#: the pages whose « Sommaire » jumps are checked, and at which width
JUMPS = [("vautours", 390), ("vaiko", 1280)]


@pytest.mark.parametrize(("game", "width"), JUMPS)
def test_a_sommaire_jump_lands_on_its_section_while_the_page_is_built(
        browser: Browser, app_url: str, shots: Path, game: str, width: int) -> None:
    """Each section chosen in the « Sommaire », from the last to the first, on a page whose
    sections above are not built yet (they grow as the jump passes them): the list closes, the
    heading is in the top third of the screen, above the phone's « Sommaire » bar."""
    page = opened(browser, app_url, GAMES[game].notebook, width)
    toc = page.locator("#tutor-toc")
    toc.locator("button").click()
    names = [n.strip() for n in toc.locator("li a").all_inner_texts()]
    assert len(names) >= 5, names
    if width == 390:
        page.screenshot(path=str(shots / f"sommaire-{game}-390.png"))
    toc.locator("button").click()
    height = page.viewport_size["height"] if page.viewport_size else 800
    for name in reversed(names):
        toc.locator("button").click()
        toc.locator("li a", has_text=name).first.click()
        expect(toc).not_to_have_class("tv-open")
        settled(page)
        # kept in place while the sections above are built (body[data-tutor-holding])
        expect(page.locator("body[data-tutor-holding]")).to_have_count(
            0, timeout=READY_TIMEOUT_MS)
        top, bottom, bar, end = page.evaluate(
            """(name) => { const h = [...document.querySelectorAll('.jp-MarkdownOutput h2[id]')]
                .find(h => h.textContent.replace(/¶\\s*$/, '').trim() === name);
              const r = h.getBoundingClientRect();
              let s = h.parentElement;  // the box that scrolls (Voilà's, else the page)
              while (s && s !== document.body && !(s.scrollHeight > s.clientHeight &&
                     /auto|scroll/.test(getComputedStyle(s).overflowY))) s = s.parentElement;
              s = s && s !== document.body ? s : document.scrollingElement;
              return [r.top, r.bottom,
                      document.getElementById('tutor-toc').getBoundingClientRect().top,
                      s.scrollTop + s.clientHeight >= s.scrollHeight - 2]; }""",
            name)
        # in the top third, or as high as the page goes (the last sections: the page ends)
        assert 0 <= top and (bottom <= height / 3 or (end and bottom <= height)), (
            name, top, bottom)
        if width == 390:
            assert bottom <= bar, (name, bottom, bar)  # the bar covers nothing of it
    page.close()


def test_the_sandbox_keeps_the_focus_through_its_controls(browser: Browser,
                                                          app_url: str) -> None:
    """« Aller au bac à sable », then a move, « Annuler », « Rétablir », « Nouvelle partie »,
    « Mettre en place » and its « Jouer à partir d’ici », « Charger »: each pressed with Enter
    leaves the focus in the sandbox, never on the page."""
    page = opened(browser, app_url, GAMES["vautours"].notebook, 1280)
    for _ in range(3):
        page.keyboard.press("Tab")
    expect(page.locator("#tutor-skip a", has_text="Aller au bac à sable")).to_be_focused()
    page.keyboard.press("Enter")
    settled(page)
    assert focused(page, ".tv-sandbox .tv-actions"), page.evaluate(FOCUSED)
    sandbox = page.locator(".tv-sandbox")
    said = sandbox.locator(".tv-live[aria-live='polite']")

    def press(control: str) -> None:
        if control:
            sandbox.locator(control).first.focus()
        page.keyboard.press("Enter")
        settled(page)
        where = page.evaluate(FOCUSED)
        assert where != "body" and focused(page, ".tv-sandbox"), (control, where)

    press("")  # the first card
    expect(said).to_contain_text("Règle\u202f: «")
    for control in (".tv-action", "button:has-text('↶ Annuler')", "button:has-text('↷ Rétablir')",
                    "button:has-text('Nouvelle partie')", ".tv-edit-open", ".tv-edit-play",
                    ".tv-scenario-load"):
        press(control)
    expect(sandbox.locator(".tv-error-area .tv-error")).to_have_count(0)
    page.close()
