"""Helpers to drive the tutor's pages in the browser."""

from __future__ import annotations

import json
import re
import struct
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tutor.games import GAMES

#: the games that have a page in the app (a test game registered by the tests has none)
PAGE_GAMES = [game for game, info in GAMES.items() if info.listed]

VOILA_ERROR = "There was an error when executing cell"


READY = "body[data-tutor-ready]"
# Generous: a page waits for its kernel and a busy 2-core CI machine may take long; the page
# says itself when it is ready, so a healthy run never waits this long.
READY_TIMEOUT_MS = 180_000
#: how long a part reached stays unbuilt before it is brought on screen again (not a failure:
#: that comes after READY_TIMEOUT_MS in all)
RESCROLL_MS = 10_000


def wait_ready(page: Page, whole: bool = True) -> None:
    """Wait for the page's own readiness signal (every cell there, every widget built so far
    rendered), then, unless ``whole`` is false, reach every part of the page built on arrival
    (:func:`reach_all`), as a learner scrolling down the page would."""
    expect(page.locator(READY)).to_have_count(1, timeout=READY_TIMEOUT_MS)
    if whole:
        reach_all(page)


def jupyter_message(data: str | bytes) -> dict[str, Any]:
    """A Jupyter message from a kernel websocket: JSON, or the v1 binary framing (a count,
    the parts' offsets, then channel, header, parent header, metadata and content)."""
    if isinstance(data, str):
        msg: dict[str, Any] = json.loads(data)
        return msg
    count = struct.unpack_from("<Q", data, 0)[0]
    offsets = struct.unpack_from(f"<{count}Q", data, 8)
    parts = [data[offsets[k]:offsets[k + 1]] for k in range(min(5, count - 1))]
    return {"channel": parts[0].decode(), "header": json.loads(parts[1]),
            "parent_header": json.loads(parts[2]), "content": json.loads(parts[4])}


def wire_state(page: Page) -> Any:
    """What the page knows of its messages with its kernel (``window.tutorWire()``, in the
    page's template): its connection, its kernel's last status, the clicks not answered (each
    with whether the kernel started it) and the last messages both ways."""
    return page.evaluate("() => window.tutorWire ? window.tutorWire() : null")


def wait_settled(page: Page) -> None:
    """Wait until the kernel has handled every click sent so far and every section asked for
    is drawn (the page flags pending clicks with ``body[data-tutor-pending]``, sections being
    built with ``body[data-tutor-building]``). A click never answered fails with what the page
    knows of it (:func:`wire_state`)."""
    try:
        expect(page.locator("body[data-tutor-pending]")).to_have_count(
            0, timeout=READY_TIMEOUT_MS)
    except AssertionError as exc:
        try:
            state = json.dumps(wire_state(page), ensure_ascii=False, indent=1)
        except Exception as unreadable:  # a page closed or crashed: say that instead
            state = f"not readable: {unreadable}"
        raise AssertionError(f"{exc}\nthe page's messages with its kernel: {state}") from exc
    expect(page.locator("body[data-tutor-building]")).to_have_count(
        0, timeout=READY_TIMEOUT_MS)


#: a part of the page built when the learner reaches it (tutor/ui/later.py), not built yet
UNBUILT = "[data-tutor-later][data-tutor-build='reach']:not([data-tutor-built])"


def reach(page: Page, section: Locator) -> None:
    """Reach a part of the page the way a learner does: open it if it is folded (a phone),
    scroll to it, and wait until it is built and drawn."""
    summary = section.locator("details.tv-fold:not([open]) > summary")
    deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
    while True:
        if summary.count():
            summary.first.click()
        # the learner keeps it on screen: the cells around it are laid out only as they come
        # near the screen (content-visibility), and a cell growing above moves it down again
        section.scroll_into_view_if_needed()
        try:
            expect(section).to_have_attribute("data-tutor-built", "", timeout=RESCROLL_MS)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
    wait_settled(page)


#: the parts of a game page built when the learner reaches them that tests open alone
PLAY, SANDBOX, PROGRESS = "play_vs_computer", "sandbox", "progress_map"
#: Stupides Vautours' explorers of ties and of the final tie-break
TIES, TIEBREAK = "tie_explorer", "tiebreak_compare"


def part(page: Page, key: str) -> Locator:
    """The part of the page built when reached whose builder is ``key`` (tutor/ui/later.py)."""
    return page.locator(f"[data-tutor-later='{key}']")


def reach_all(page: Page) -> None:
    """Scroll down the whole page as a learner reading it would, so that every part built on
    arrival (explorers, sandbox, game, exercises, progress) is built and drawn."""
    while page.locator(UNBUILT).count():
        key = page.locator(UNBUILT).first.get_attribute("data-tutor-later")
        reach(page, part(page, str(key)))


def open_page(page: Page, url: str, whole: bool = True) -> list[str]:
    """Open ``url``, wait until the page says it is ready and, unless ``whole`` is false, reach
    every part of it (:func:`reach_all`); return its JavaScript errors."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url, timeout=READY_TIMEOUT_MS)
    wait_ready(page, whole)
    expect(page.locator(".tv-root").first).to_be_visible()
    return errors


def open_part(page: Page, url: str, *keys: str) -> list[str]:
    """Open the game page ``url`` and reach its parts ``keys`` only (:data:`PLAY`,
    :data:`SANDBOX`, :data:`PROGRESS`…), in that order, the other parts left unbuilt, as for a
    learner who jumps there: for a test that reads or clicks nothing else of the page; return
    its JavaScript errors."""
    errors = open_page(page, url, whole=False)
    for key in keys:
        reach(page, part(page, key))
    return errors


def assert_drawn(page: Page) -> None:
    """What the page's readiness signal promises: no cell output left to render, the tutor's
    widgets drawn."""
    assert page.locator('script[type="application/vnd.voila.cell-output+json"]').count() == 0
    assert page.locator(".tv-root").count() > 0


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


def exactly(label: str) -> re.Pattern[str]:
    """A text matcher for exactly ``label`` (spaces around allowed)."""
    return re.compile(rf"^\s*{re.escape(label)}\s*$")


def play_nth(game: Locator, n: int, timeout: int = READY_TIMEOUT_MS) -> str:
    """Click the ``n``-th learner action of a game against the computer (Stupides Vautours: the
    ``n``-th card of the hand) and wait until the kernel has played it (the card leaves the
    hand); return its label."""
    button = game.locator(".tv-action").nth(n)
    label = button.inner_text().strip()
    button.click()
    expect(game.locator(".tv-action", has_text=exactly(label))).to_have_count(
        0, timeout=timeout)
    return label


def play_first(page: Page, game: Locator) -> bool:
    """Once the kernel has handled every earlier click (``body[data-tutor-pending]`` is gone),
    click the learner's first offered action in ``game``; False when the game is over instead.

    Waiting for the page's own signal, not for some change on the table, matters: the table
    changes as soon as the learner's card is shown, while the computer's answer and the new
    hand are still on their way, and a click then lands on a button about to be replaced."""
    final = game.locator(".tv-final")
    actions = game.locator(".tv-action:visible")
    wait_settled(page)
    expect(actions.first.or_(final).first).to_be_visible(timeout=READY_TIMEOUT_MS)
    if final.count():
        return False
    actions.first.click()
    return True


def play_to_the_end(page: Page, game: Locator, limit: int) -> int:
    """Play a whole game against the computer with :func:`play_first` until the final panel
    shows (at most ``limit`` clicks); return the number of clicks."""
    for clicks in range(limit + 1):
        if not play_first(page, game):
            return clicks
    raise AssertionError(f"the game is not over after {limit} clicks")


def unfold(example: Locator) -> Locator:
    """Open a worked example onto its table (« Pas à pas sur la table ») and return it once
    its stepper is drawn (on a phone, first opened under its title, as a learner does)."""
    folded = example.locator("details.tv-fold:not([open]) > summary")
    if folded.count():
        folded.first.click()
    button = example.get_by_role("button", name="Pas à pas sur la table")
    if button.count():
        button.first.click()
    expect(example.get_by_role("button", name="Tout afficher").first).to_be_visible(
        timeout=READY_TIMEOUT_MS)
    return example


#: cards and buttons whose text must show whole (a game adds its own card class)
TEXTS = ".tv-card, .tv-action, .tv-choice, .tv-card .tv-kind"

#: boxes made to scroll sideways or to hold text off screen: what is in them may be wider
SCROLLERS = ".tv-log, .tv-hint-scroll, .tv-sr-only"

# What a page shows wrongly at its width (a phone's, mostly), as "what: where" lines: the
# page wider than the screen, a box reaching past its right edge or scrolling sideways (its
# content wider than itself: a few pixels of margin make a whole panel slide under the
# finger), a card's or a button's text cut off.
_LAYOUT_FAULTS = """([texts, scrollers]) => {
  const width = window.innerWidth, out = [];
  const name = e => (e.className && e.className.baseVal === undefined ? e.className : e.tagName)
    + ' «' + (e.textContent || '').trim().slice(0, 30) + '»';
  if (document.documentElement.scrollWidth > width)
    out.push('page ' + document.documentElement.scrollWidth + ' px wide');
  for (const e of document.querySelectorAll('.tv-root, .tv-root *, [class*="widget-"]')) {
    if (!e.getClientRects().length || e.closest(scrollers)) continue;
    const right = e.getBoundingClientRect().right;
    if (right > width + 1) out.push('past the edge (' + Math.round(right) + ' px): ' + name(e));
    const scroll = getComputedStyle(e).overflowX;
    if ((scroll === 'auto' || scroll === 'scroll') && e.scrollWidth > e.clientWidth + 1)
      out.push('scrolls sideways (' + e.scrollWidth + ' in ' + e.clientWidth + ' px): '
               + name(e));
  }
  for (const e of document.querySelectorAll(texts)) {
    if (e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
      out.push('cut off: ' + name(e));
  }
  return out.slice(0, 20);
}"""


def layout_faults(page: Page, texts: str = "") -> list[str]:
    """What the page shows wrongly at its width (:data:`_LAYOUT_FAULTS`); ``texts``: a
    game's own cards, added to :data:`TEXTS`. Empty when all is well."""
    found: list[str] = page.evaluate(
        _LAYOUT_FAULTS, [", ".join(filter(None, (TEXTS, texts))), SCROLLERS])
    return found
